"""All or nothing: the writes of an integration or a revert staged, committed by a journal, then
put in place; a lock so that one run at a time works on a tree.

A run first writes every new file into SDK_DIR/.cvvision-staging/ (each written to a temporary
name, flushed to disk, renamed), the tree untouched. It then writes journal.json there: that
rename is the commit point. Only then are the staged files renamed into the tree (and, for a
revert, the files it added removed and the backup folder deleted); the journal is removed last.
Killed before the commit point, the tree is as it was: any later run removes the staging folder
(a roll back). Killed after it, any later run (an integration, --revert) first finishes the
journal's renames (a roll forward), each of which is done at most once. docs/into-the-game.md
(All or nothing) describes it for modders.

The test hook: with CVVISION_SDK_FAIL_AFTER_WRITE=N in the environment, the process ends at once
(os._exit, as a kill would) right after its N-th write; with CVVISION_SDK_FAIL_ERROR=ENOSPC too,
that write fails with "No space left on device" instead, with CVVISION_SDK_FAIL_ERROR=SIGINT
(SIGTERM, SIGHUP) the process sends itself that signal there, and with CVVISION_SDK_FAIL_ERROR=ABORT
it raises Aborted, a kill within the process (tests/sdk_tools/test_sdk_transaction.py).
"""

import errno
import json
import os
import shutil
import signal
import stat
from contextlib import contextmanager
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

from .errors import Refusal
from .names import JOURNAL, LOCK_FILE, STAGING_DIR, TOOL
from .text import Printer

FAIL_AFTER_WRITE_ENV = "CVVISION_SDK_FAIL_AFTER_WRITE"
FAIL_ERROR_ENV = "CVVISION_SDK_FAIL_ERROR"
KILLED_EXIT = 86  # the exit status of a process the test hook ended
EXIT_INTERRUPTED = 130  # Ctrl-C, as a shell reports it

_writes_done = [0]


class Aborted(BaseException):
    """CVVISION_SDK_FAIL_ERROR=ABORT: the hook's kill inside one process, for the tests. Nothing
    catches it (the code between a write and the command line has no handler for it), so the
    tree is left as a kill would leave it."""


# --------------------------------------------------------------------------------------------
# The fault-injection hook: every write of this module ends with wrote().

def writes_done() -> int:
    return _writes_done[0]


def wrote(what: str) -> None:
    """Count one write; the test hook may end the process (or fail the write) here."""
    _writes_done[0] += 1
    limit = os.environ.get(FAIL_AFTER_WRITE_ENV, "")
    if limit.isdigit() and _writes_done[0] == int(limit):
        failure = os.environ.get(FAIL_ERROR_ENV)
        if failure == "ENOSPC":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), what)
        if failure == "ABORT":
            raise Aborted(what)
        if failure in ("SIGINT", "SIGTERM", "SIGHUP"):
            os.kill(os.getpid(), getattr(signal, failure))  # as Ctrl-C, a kill, a closed terminal
        else:
            os._exit(KILLED_EXIT)
    _stop_if_interrupted()


def _transaction_done() -> None:
    """The test hook's last point (CVVISION_SDK_FAIL_AFTER_WRITE=end): a signal once a
    transaction is finished, while the run still holds the tree."""
    failure = os.environ.get(FAIL_ERROR_ENV)
    if os.environ.get(FAIL_AFTER_WRITE_ENV) == "end" and failure in ("SIGINT", "SIGTERM", "SIGHUP"):
        os.kill(os.getpid(), getattr(signal, failure))


# --------------------------------------------------------------------------------------------
# Ctrl-C, a closed terminal, a kill: before the commit point the run rolls back and stops; after
# it, it finishes first (a few renames), then stops.

class Interrupted(Exception):
    """A signal arrived: before a commit point (finished is None), or while the transaction of
    the folder finished finished its renames (it is complete)."""

    def __init__(self, name: str, finished: Optional[str] = None, kind: str = "") -> None:
        super().__init__(name)
        self.finished = finished
        self.kind = kind


_pending_signal: List[int] = []
_committed = [False]
_finished: List[Tuple[str, str]] = []  # (tree, kind) of each transaction this run finished


def _on_signal(number: int, frame: Any) -> None:
    _pending_signal.append(number)
    if not _committed[0]:
        _stop_if_interrupted()


def _interruption() -> Interrupted:
    """The pending signal, with the last transaction this run finished (if any): a signal that
    comes after it does not undo it."""
    name = signal.Signals(_pending_signal[0]).name
    if _finished:
        return Interrupted(name, _finished[-1][0], _finished[-1][1])
    return Interrupted(name)


def _stop_if_interrupted() -> None:
    if _pending_signal and not _committed[0]:
        raise _interruption()


@contextmanager
def signals_deferred() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP raise Interrupted before the commit point, and wait for the end
    of the renames after it (then Interrupted says the run was finished)."""
    names = ["SIGINT", "SIGTERM", "SIGHUP"]
    numbers = [getattr(signal, n) for n in names if hasattr(signal, n)]
    previous: Dict[int, Any] = {}
    del _pending_signal[:]
    del _finished[:]
    _committed[0] = False
    try:
        for number in numbers:
            previous[number] = signal.signal(number, _on_signal)
    except ValueError:  # not the main thread: signals keep their handlers
        pass
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


# --------------------------------------------------------------------------------------------
# Durable writes.

def _fsync_folder(folder: str) -> None:
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_durably(path: str, data: bytes, mode: Optional[int] = None) -> None:
    """path holds data (and mode) on disk, or keeps what it held: written to a temporary name,
    flushed, renamed."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    temporary = path + ".tmp"
    with open(temporary, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    if mode is not None:
        os.chmod(temporary, mode)
    os.replace(temporary, path)
    wrote(path)


def _mode_text(mode: Optional[int]) -> Optional[str]:
    return None if mode is None else "%04o" % mode


# --------------------------------------------------------------------------------------------
# The lock: an open file locked by the OS (fcntl.flock, or msvcrt.locking on Windows), so that it
# is released when its process ends however it ends.

class TreeLock(object):
    def __init__(self, sdk_dir: str) -> None:
        self.path = os.path.join(sdk_dir, LOCK_FILE)
        self.fd: Optional[int] = None

    def acquire(self, required: bool = True) -> None:
        """Refuse if another run holds the tree. required=False (a read-only mode): a tree where
        the lock file cannot be created is read without it."""
        while self.fd is None:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as error:
                if required:
                    raise Refusal("cannot create %s (%s); nothing was changed"
                                  % (self.path, error.strerror))
                return
            if not _try_lock(fd):
                holder = _read_holder(fd)
                os.close(fd)
                raise Refusal("another %s%s is working on %s (it holds %s): wait for it to end, "
                              "then run again; nothing was changed"
                              % (TOOL, holder, os.path.dirname(self.path), self.path))
            if _same_file(fd, self.path):
                self.fd = fd
            else:  # the last holder removed the file between our open and our lock: again
                os.close(fd)
        try:
            os.ftruncate(self.fd, 0)
            os.write(self.fd, ("%d\n" % os.getpid()).encode("ascii"))
        except OSError:
            pass  # a full disk: the lock holds without the process id

    def release(self) -> None:
        if self.fd is None:
            return
        if os.name == "posix":
            try:
                os.remove(self.path)  # removed while still locked: the next run locks a new file
            except OSError:
                pass
            os.close(self.fd)
        else:
            os.close(self.fd)
            try:
                os.remove(self.path)
            except OSError:
                pass  # another run opened it meanwhile: it stays, unlocked
        self.fd = None


def _try_lock(fd: int) -> bool:
    try:
        if os.name == "posix":
            import fcntl
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            import msvcrt
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        return True
    except OSError:
        return False


def _read_holder(fd: int) -> str:
    try:
        text = os.read(fd, 32).decode("ascii", "replace").strip()
    except OSError:
        return ""
    return " (process %s)" % text if text.isdigit() else ""


def _same_file(fd: int, path: str) -> bool:
    if os.name != "posix":
        return True
    try:
        mine, now = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (now.st_dev, now.st_ino)


@contextmanager
def locked(sdk_dir: str, required: bool = True) -> Iterator[None]:
    lock = TreeLock(sdk_dir)
    lock.acquire(required)
    try:
        yield
    finally:
        lock.release()


# --------------------------------------------------------------------------------------------
# A transaction: staged, committed, put in place.

class Transaction(object):
    """The changes of one run: files to put in the tree (staged bytes and mode), files to remove,
    and, for a revert, the backup folder to delete. Names are relative to sdk_dir, with '/'."""

    def __init__(self, sdk_dir: str, kind: str) -> None:
        self.sdk_dir = sdk_dir
        self.kind = kind  # "integration" or "revert"
        self.staging = os.path.join(sdk_dir, STAGING_DIR)
        self.places: List[Dict[str, Any]] = []  # {"name", "target"} in order
        self.removes: List[str] = []
        self.delete_folder: Optional[str] = None

    def stage(self, target: str, data: bytes, mode: Optional[int] = None) -> None:
        """target (relative to sdk_dir) will hold data with mode (None: the default of a new
        file)."""
        name = "files/%d" % len(self.places)
        write_durably(os.path.join(self.staging, name), data, mode)
        self.places.append({"name": name, "target": target, "mode": _mode_text(mode)})

    def start(self) -> None:
        if os.path.exists(self.staging):
            raise Refusal("%s exists: an interrupted run was not finished" % self.staging)
        os.mkdir(self.staging)
        wrote(self.staging)

    def commit(self) -> None:
        """Write the journal: from here on, every later run finishes this one."""
        journal = {"tool": TOOL, "format": 1, "kind": self.kind, "places": self.places,
                   "removes": self.removes, "delete_folder": self.delete_folder}
        data = (json.dumps(journal, indent=2, sort_keys=True) + "\n").encode("utf-8")
        if self.places:
            _fsync_folder(os.path.join(self.staging, "files"))
        write_durably(os.path.join(self.staging, JOURNAL), data)
        _fsync_folder(self.staging)
        _committed[0] = True


def roll_back(sdk_dir: str) -> None:
    """Remove an uncommitted staging folder (the tree was never changed by it)."""
    staging = os.path.join(sdk_dir, STAGING_DIR)
    if os.path.isdir(staging):
        shutil.rmtree(staging)
        wrote(staging)


def roll_forward(sdk_dir: str, journal: Dict[str, Any]) -> None:
    """Finish a committed journal. Each step is done at most once: a staged file that is gone
    was put in place, a file to remove that is gone was removed."""
    staging = os.path.join(sdk_dir, STAGING_DIR)
    touched = set()
    for place in journal["places"]:
        source = os.path.join(staging, place["name"])
        target = os.path.join(sdk_dir, place["target"])
        if os.path.exists(source):
            os.makedirs(os.path.dirname(target), exist_ok=True)
            os.replace(source, target)
            wrote(target)
        touched.add(os.path.dirname(target))
    for name in journal["removes"]:
        path = os.path.join(sdk_dir, name)
        if os.path.lexists(path):
            os.remove(path)
            wrote(path)
        touched.add(os.path.dirname(path))
    for folder in sorted(touched):
        if os.path.isdir(folder):
            _fsync_folder(folder)
    folder = journal.get("delete_folder")
    if folder and os.path.isdir(os.path.join(sdk_dir, folder)):
        # moved into the staging folder (one rename), deleted with it
        os.replace(os.path.join(sdk_dir, folder), os.path.join(staging, "deleted"))
        wrote(folder)
    os.remove(os.path.join(staging, JOURNAL))
    wrote(JOURNAL)
    shutil.rmtree(staging)
    wrote(staging)


def read_journal(sdk_dir: str) -> Optional[Dict[str, Any]]:
    """The committed journal of an interrupted run, or None (no staging folder, or one that was
    never committed). An unreadable journal is refused: its staging folder is kept."""
    path = os.path.join(sdk_dir, STAGING_DIR, JOURNAL)
    if not os.path.isfile(path):
        return None
    try:
        with open(path, "r", encoding="utf-8") as f:
            journal = json.load(f)
        if not isinstance(journal.get("places"), list) or not isinstance(
                journal.get("removes"), list):
            raise ValueError("no 'places' and 'removes' lists")
        for place in journal["places"]:
            if not isinstance(place.get("name"), str) or not isinstance(place.get("target"), str):
                raise ValueError("a place without 'name' and 'target'")
    except (ValueError, OSError, AttributeError) as error:
        raise Refusal("%s: unreadable journal of an interrupted run (%s); nothing was changed: "
                      "move %s away and check the tree against its backup in hand"
                      % (path, error, os.path.join(sdk_dir, STAGING_DIR)))
    return journal


def pending(sdk_dir: str) -> Optional[str]:
    """What an interrupted run left, for the modes that do not write (--check): None if
    nothing."""
    staging = os.path.join(sdk_dir, STAGING_DIR)
    if not os.path.isdir(staging):
        return None
    journal = read_journal(sdk_dir)
    if journal is None:
        return None  # never committed: the tree is as it was
    return ("an interrupted %s of %s is committed but not finished (%s): run `%s %s` to finish "
            "it, or `%s --revert %s`" % (journal.get("kind", "run"), sdk_dir, staging, TOOL,
                                         sdk_dir, TOOL, sdk_dir))


def recover(sdk_dir: str, out: Printer) -> Optional[str]:
    """Finish (committed) or undo (not committed) what an interrupted run left, under the lock.
    Returns what was done, or None."""
    staging = os.path.join(sdk_dir, STAGING_DIR)
    if not os.path.isdir(staging):
        return None
    journal = read_journal(sdk_dir)
    if journal is None:
        roll_back(sdk_dir)
        out("%s: an interrupted run had not changed the tree: its staging folder %s is removed"
            % (TOOL, staging))
        return "rolled back"
    _committed[0] = True  # a signal now waits for the end of the roll forward
    roll_forward(sdk_dir, journal)
    kind = journal.get("kind", "run")
    _finished.append((sdk_dir, "interrupted %s" % kind))
    _committed[0] = False
    _stop_if_interrupted()
    out("%s: the interrupted %s of %s was committed: it is finished now"
        % (TOOL, kind, sdk_dir))
    return "finished " + str(kind)


def run_transaction(transaction: Transaction, stage: Callable[[Transaction], None]) -> None:
    """Stage (stage(transaction)), commit, put in place. An error or an interruption before the
    commit point rolls back: the tree is as it was. One after it leaves the journal for the next
    run to finish."""
    _committed[0] = False
    try:
        transaction.start()
        stage(transaction)
        transaction.commit()
    except Interrupted:
        _undo_staging(transaction.sdk_dir)
        raise
    except OSError as error:
        _undo_staging(transaction.sdk_dir)
        raise _before_commit_error(transaction, error)
    try:
        roll_forward(transaction.sdk_dir, {"places": transaction.places,
                                           "removes": transaction.removes,
                                           "delete_folder": transaction.delete_folder})
        _finished.append((transaction.sdk_dir, transaction.kind))
        _committed[0] = False
        _stop_if_interrupted()  # one that arrived during the renames: they are finished, now stop
        _transaction_done()
    except OSError as error:
        raise Refusal("the %s of %s was interrupted while putting its files in place (%s%s); its "
                      "journal in %s finishes it: fix the cause, then run `%s %s` again (or `%s "
                      "--revert %s`)" % (transaction.kind, transaction.sdk_dir, error.strerror,
                                         _named(error), transaction.staging, TOOL,
                                         transaction.sdk_dir, TOOL, transaction.sdk_dir))


def _undo_staging(sdk_dir: str) -> None:
    try:
        shutil.rmtree(os.path.join(sdk_dir, STAGING_DIR))
    except OSError:
        pass  # the next run removes it (no journal: nothing was committed)


def _named(error: OSError) -> str:
    return ": " + error.filename if isinstance(getattr(error, "filename", None), str) else ""


def _before_commit_error(transaction: Transaction, error: OSError) -> Refusal:
    full = error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
    return Refusal("could not write %s (%s)%s; nothing was changed: %s is as it was"
                   % (getattr(error, "filename", None) or transaction.staging, error.strerror,
                      ": free some space on that disk and run again" if full else "",
                      transaction.sdk_dir))


def file_mode(path: str) -> Optional[int]:
    return stat.S_IMODE(os.stat(path).st_mode) if os.path.exists(path) else None

