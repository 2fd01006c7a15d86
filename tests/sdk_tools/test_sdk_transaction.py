"""sdk-integrate is all or nothing (tools/sdk/cvsdk/journal.py): killed after any of its writes,
in an integration, a revert or the finishing of an interrupted run, the mod's files are as they
were (before the commit point) or a later run finishes the integration (after it), and --revert
then gives back every byte and mode. Also the lock (a second run is refused), a full disk (the
tree untouched, a clear error) and Ctrl-C.

The kills: on a copy of each real tree of ../shared/data/sdk (skipped when absent), the plan is
built once (with --force, so that no tree waits for the differential: the transaction writes the
same files whichever way its bodies were accepted), then each write point N is tried in a forked
child that ends with os._exit right after its N-th write (the tool's own test hook,
CVVISION_SDK_FAIL_AFTER_WRITE). After each kill the tree is checked, finished or undone as the
next run would, and reverted: it then serves the next write point. Every write point of every
tree is tried. The trees live on /dev/shm when it exists (a flush to disk costs nothing there;
the kills stop the process, they do not cut the power).
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import sdk_trees
from sdk_trees import TREES, writable_copy as copy_tree

REPO = Path(__file__).resolve().parents[2]
TOOLS = REPO / "tools" / "sdk"
FIXTURE = REPO / "tests" / "sdk_tools" / "fixtures" / "vanilla" / "input"
FIXTURE_SOURCES = REPO / "tests" / "sdk_tools" / "fixtures" / "sources"
# Every FORK_EVERY-th kill of the real trees is a real one (a forked child ended by os._exit).
FORK_EVERY = 7

sys.path.insert(0, str(TOOLS))
from cvsdk import journal  # noqa: E402
from cvsdk.cli_integrate import main as integrate_main  # noqa: E402
from cvsdk.manifest import apply_plan, revert  # noqa: E402
from cvsdk.names import (  # noqa: E402
    DEFAULT_SOURCES, JOURNAL, LOCK_FILE, STAGING_DIR, TOOL_ENTRIES)
from cvsdk.plan import build_plan  # noqa: E402


# --------------------------------------------------------------------------------------------
# Trees and their snapshots.

@pytest.fixture
def work_dir():
    base = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    folder = tempfile.mkdtemp(prefix="cvvision-transaction-", dir=base)
    yield Path(folder)
    shutil.rmtree(folder, ignore_errors=True)


def snapshot(tree, mod_only=False):
    """Every file's bytes (hashed) and mode and every folder under tree; mod_only: without the
    tool's own entries (backup, staging folder, lock)."""
    return sdk_trees.snapshot(tree, skip_top=TOOL_ENTRIES if mod_only else ())


def mod_files(full):
    return {k: v for k, v in full.items() if k.split("/")[0] not in TOOL_ENTRIES}


def committed(tree):
    return (tree / STAGING_DIR / JOURNAL).is_file()


def quiet(line):
    pass


# --------------------------------------------------------------------------------------------
# A run killed after its N-th write: in a forked child that the hook ends with os._exit (a real
# kill), or within this process, the hook raising Aborted, which nothing in the tool catches (the
# same state left behind, without a fork's cost).

def killed_after(n, action, fork=False):
    """Run action(), the hook killing it right after its n-th write. True if it was killed
    there, False if action finished before (fewer writes)."""
    if not fork:
        os.environ[journal.FAIL_AFTER_WRITE_ENV] = str(n)
        os.environ[journal.FAIL_ERROR_ENV] = "ABORT"
        journal._writes_done[0] = 0
        try:
            action()
            return False
        except journal.Aborted:
            return True
        finally:
            del os.environ[journal.FAIL_AFTER_WRITE_ENV], os.environ[journal.FAIL_ERROR_ENV]
    pid = os.fork()
    if pid == 0:
        try:
            os.environ[journal.FAIL_AFTER_WRITE_ENV] = str(n)
            os.environ.pop(journal.FAIL_ERROR_ENV, None)
            journal._writes_done[0] = 0
            action()
            code = 0
        except BaseException:
            code = 3
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") \
        else status >> 8
    assert code in (journal.KILLED_EXIT, 0), "the run failed (exit %d) at write %d" % (code, n)
    return code == journal.KILLED_EXIT


def counted(action):
    before = journal.writes_done()
    action()
    return journal.writes_done() - before


def locked_run(tree, action):
    """As the command line runs: the tree locked, an interrupted run finished or undone first."""
    def run():
        with journal.locked(str(tree)):
            journal.recover(str(tree), quiet)
            action()
    return run


def finish_as_next_run(tree):
    with journal.locked(str(tree)):
        journal.recover(str(tree), quiet)


def revert_as_cli(tree):
    assert integrate_main(["--revert", str(tree)]) == 0


def check_kill(tree, before, after, what):
    """The invariant at a kill: the mod's files are all as before or all as after (no journal:
    before the commit point, or after its last rename), or the journal is committed and each file
    is as before or as after (the next run finishes it)."""
    now = mod_files(snapshot(tree))
    if not committed(tree):
        assert now in (mod_files(before), mod_files(after)), \
            "%s: without a journal, the files are neither all as before nor all as after" % what
        return now == mod_files(after) != mod_files(before)
    for name in set(now) | set(mod_files(after)) | set(mod_files(before)):
        assert now.get(name) in (before.get(name), after.get(name)), \
            "%s: %s is neither as before nor as after" % (what, name)
    return True


def every_write_point(tree, plan, fork_every=0):
    """Kill the integration, then the revert, after each of their writes; check, recover, revert
    each time; every fork_every-th kill in a forked child (0: none). Returns (apply writes,
    revert writes)."""
    original = snapshot(tree)
    apply_writes = counted(locked_run(tree, lambda: apply_plan(plan)))
    integrated = snapshot(tree)
    assert not (tree / STAGING_DIR).exists() and not (tree / LOCK_FILE).exists()
    revert_writes = counted(locked_run(tree, lambda: revert(str(tree), quiet)))
    assert snapshot(tree) == original

    for n in range(1, apply_writes + 1):
        assert killed_after(n, locked_run(tree, lambda: apply_plan(plan)),
                            fork=bool(fork_every) and n % fork_every == 0)
        done = check_kill(tree, original, integrated, "integration killed after write %d" % n)
        if n % 2:  # the next integration finishes or undoes it first
            finish_as_next_run(tree)
            assert snapshot(tree) == (integrated if done else original), \
                "integration killed after write %d, then finished" % n
            if not done:
                continue
        revert_as_cli(tree)
        assert snapshot(tree) == original, "integration killed after write %d, reverted" % n

    counted(locked_run(tree, lambda: apply_plan(plan)))
    for n in range(1, revert_writes + 1):
        assert killed_after(n, locked_run(tree, lambda: revert(str(tree), quiet)),
                            fork=bool(fork_every) and n % fork_every == 0)
        done = check_kill(tree, integrated, original, "revert killed after write %d" % n)
        finish_as_next_run(tree)
        assert snapshot(tree) == (original if done else integrated), \
            "revert killed after write %d, then finished" % n
        if not done:
            continue
        assert snapshot(tree) == original
        counted(locked_run(tree, lambda: apply_plan(plan)))
    revert_as_cli(tree)
    assert snapshot(tree) == original
    return apply_writes, revert_writes


@pytest.mark.parametrize("name", sorted(TREES))
def test_every_write_point_of_a_real_tree(name, work_dir):
    source = sdk_trees.need_dir(sdk_trees.tree_dir(name))
    tree = copy_tree(source, work_dir / "CvGameCoreDLL")
    plan = build_plan(str(tree), DEFAULT_SOURCES, force=True)
    assert not plan.errors, plan.errors
    apply_writes, revert_writes = every_write_point(tree, plan, FORK_EVERY)
    assert apply_writes > len(plan.writes) and revert_writes > 2


def test_a_killed_finish_is_finished_by_the_next_run(work_dir):
    """The roll forward itself killed after each of its writes (on the fixture tree)."""
    tree = copy_tree(FIXTURE, work_dir / "tree")
    original = snapshot(tree)
    plan = build_plan(str(tree), str(FIXTURE_SOURCES), force=True)
    apply_writes = counted(lambda: apply_plan(plan))
    integrated = snapshot(tree)
    revert(str(tree), quiet)
    staging_writes = len(plan.writes) + 2 + len([n for n in plan.originals
                                                  if plan.originals[n] is not None])
    commit = staging_writes + 1  # the journal's rename
    assert commit < apply_writes
    killed_after(commit, lambda: apply_plan(plan))
    assert committed(tree), "the write counted as the commit is the journal's"
    saved = work_dir / "saved"
    shutil.copytree(str(tree), str(saved), symlinks=True)
    finish_writes = counted(lambda: finish_as_next_run(tree))
    assert snapshot(tree) == integrated
    for m in range(1, finish_writes + 1):
        shutil.rmtree(str(tree))
        shutil.copytree(str(saved), str(tree), symlinks=True)
        assert killed_after(m, lambda: finish_as_next_run(tree))
        check_kill(tree, original, integrated, "finish killed after write %d" % m)
        finish_as_next_run(tree)
        assert snapshot(tree) == integrated, "finish killed after write %d, then finished" % m


# --------------------------------------------------------------------------------------------
# The command line: the hook, the lock, a full disk, Ctrl-C.

def tool(*args, env=None):
    environment = dict(os.environ)
    environment.update(env or {})
    return subprocess.run([sys.executable, str(TOOLS / "sdk_integrate.py"), "--force",
                           "--sources", str(FIXTURE_SOURCES)] + [str(a) for a in args],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, env=environment, timeout=120)


def test_the_hook_kills_the_command_line_and_the_next_run_recovers(work_dir):
    tree = copy_tree(FIXTURE, work_dir / "tree")
    original = snapshot(tree)
    result = tool(tree, env={journal.FAIL_AFTER_WRITE_ENV: "2"})
    assert result.returncode == journal.KILLED_EXIT
    assert mod_files(snapshot(tree)) == mod_files(original)
    assert (tree / STAGING_DIR).is_dir() and (tree / LOCK_FILE).is_file()
    result = tool("--check", tree)
    assert result.returncode == 0, result.stderr  # not committed: the tree is as it was
    result = tool("--revert", tree)
    assert result.returncode == 0, result.stderr
    assert "an interrupted run had not changed the tree" in result.stderr
    assert "nothing more to revert" in result.stdout
    assert snapshot(tree) == original

    result = tool(tree, env={journal.FAIL_AFTER_WRITE_ENV: "-1"})  # no kill: count nothing
    assert result.returncode == 0
    integrated = snapshot(tree)
    assert tool("--revert", tree).returncode == 0
    result = tool(tree, env={journal.FAIL_AFTER_WRITE_ENV: "%d" % (len(integrated) // 2)})
    if committed(tree):
        result = tool("--check", tree)
        assert result.returncode == 1 and "is committed but not finished" in result.stderr
        result = tool(tree)
        assert result.returncode == 0, result.stderr
        assert "was committed: it is finished now" in result.stderr
        assert "nothing to do" in result.stdout
        assert snapshot(tree) == integrated
    assert tool("--revert", tree).returncode == 0
    assert snapshot(tree) == original


def test_a_second_run_on_a_locked_tree_is_refused(work_dir):
    tree = copy_tree(FIXTURE, work_dir / "tree")
    original = snapshot(tree)
    with journal.locked(str(tree)):
        for args in ([tree], ["--revert", tree], ["--check", tree]):
            result = tool(*args)
            assert result.returncode == 1
            assert "another sdk-integrate (process %d) is working on %s" % (os.getpid(), tree) \
                in result.stderr
            assert "wait for it to end" in result.stderr and "Traceback" not in result.stderr
    assert snapshot(tree) == original, "the lock file goes with its holder"
    (tree / LOCK_FILE).write_text("12345\n")  # a stale lock file: its holder died
    result = tool(tree)
    assert result.returncode == 0, result.stderr
    assert not (tree / LOCK_FILE).exists()


@pytest.mark.parametrize("point", [1, 3, 6])
def test_a_full_disk_leaves_the_tree_untouched(work_dir, point):
    tree = copy_tree(FIXTURE, work_dir / "tree")
    original = snapshot(tree)
    result = tool(tree, env={journal.FAIL_AFTER_WRITE_ENV: str(point),
                             journal.FAIL_ERROR_ENV: "ENOSPC"})
    assert result.returncode == 1, result.stdout + result.stderr
    assert "No space left on device" in result.stderr
    assert "free some space on that disk and run again; nothing was changed" in result.stderr
    assert "Traceback" not in result.stderr
    assert snapshot(tree) == original


def test_a_real_full_disk_leaves_a_real_tree_untouched(tmp_path):
    """A tmpfs just larger than BTS's tree (root only; skipped where mounting is refused)."""
    source = sdk_trees.need_dir(sdk_trees.tree_dir("bts"))
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs",
                                            str(disk)], stderr=subprocess.DEVNULL).returncode:
        pytest.skip("mounting a tmpfs needs root")
    try:
        tree = copy_tree(source, disk / "CvGameCoreDLL")
        original = snapshot(tree)
        used = os.statvfs(str(disk))
        used_kb = (used.f_blocks - used.f_bfree) * used.f_frsize // 1024
        subprocess.run(["mount", "-o", "remount,size=%dk" % (used_kb + 96), str(disk)], check=True)
        result = subprocess.run([sys.executable, str(TOOLS / "sdk_integrate.py"), str(tree)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                universal_newlines=True, timeout=120)
        assert result.returncode == 1, result.stdout + result.stderr
        assert "No space left on device" in result.stderr, result.stderr
        assert "nothing was changed" in result.stderr and "Traceback" not in result.stderr
        assert snapshot(tree) == original
    finally:
        subprocess.run(["umount", str(disk)])


@pytest.mark.parametrize("point,signal_name", [(2, "SIGINT"), (4, "SIGTERM"), (-1, "SIGHUP")])
def test_ctrl_c_before_the_commit_rolls_back_after_it_finishes(work_dir, point, signal_name):
    """The signal sent by the hook after a write before the commit point, or after the last
    write (-1)."""
    tree = copy_tree(FIXTURE, work_dir / "tree")
    original = snapshot(tree)
    assert tool(tree).returncode == 0
    integrated = snapshot(tree)
    assert tool("--revert", tree).returncode == 0
    at = point if point > 0 else count_writes(tree)
    result = tool(tree, env={journal.FAIL_AFTER_WRITE_ENV: str(at),
                             journal.FAIL_ERROR_ENV: signal_name})
    assert result.returncode == 130, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    if point > 0:
        assert "interrupted (%s) before changing anything" % signal_name in result.stderr
        assert snapshot(tree) == original
        return
    assert "interrupted (%s) after the point of no return: the integration was finished first" \
        % signal_name in result.stderr
    assert snapshot(tree) == integrated
    assert tool("--revert", tree).returncode == 0
    assert snapshot(tree) == original


@pytest.mark.parametrize("signal_name", ["SIGINT", "SIGTERM"])
def test_a_signal_after_the_run_finished_its_renames_says_so(work_dir, signal_name):
    """The hook's signal once the transaction is finished, before the run lets the tree go."""
    tree = copy_tree(FIXTURE, work_dir / "tree")
    original = snapshot(tree)
    env = {journal.FAIL_AFTER_WRITE_ENV: "end", journal.FAIL_ERROR_ENV: signal_name}
    result = tool(tree, env=env)
    assert result.returncode == 130, result.stdout + result.stderr
    assert "interrupted (%s) after the point of no return: the integration was finished first" \
        % signal_name in result.stderr, result.stderr
    assert "before changing anything" not in result.stderr and "Traceback" not in result.stderr
    assert tool("--check", tree).returncode == 0, "the integration is complete"
    result = tool("--revert", tree, env=env)
    assert result.returncode == 130, result.stdout + result.stderr
    assert "the revert was finished first" in result.stderr, result.stderr
    assert snapshot(tree) == original


def count_writes(tree):
    """The number of writes of the integration of tree (left as it was)."""
    plan = build_plan(str(tree), str(FIXTURE_SOURCES), force=True)
    writes = counted(lambda: apply_plan(plan))
    revert(str(tree), quiet)
    return writes


def test_the_journal_names_what_it_cannot_read(work_dir):
    tree = copy_tree(FIXTURE, work_dir / "tree")
    (tree / STAGING_DIR).mkdir()
    (tree / STAGING_DIR / JOURNAL).write_text("{not json")
    result = tool(tree)
    assert result.returncode == 1
    assert "unreadable journal of an interrupted run" in result.stderr
    assert str(tree / STAGING_DIR / JOURNAL) in result.stderr and "Traceback" not in result.stderr
