"""Writing a plan and undoing it: the original bytes of every modified file are kept in
SDK_DIR/.cvvision-backup/ with a manifest (hashes, added files, permission bits); revert puts
them back. Both are all or nothing: their writes go through a journal (journal.py).
"""

import json
import os
from typing import Any, Dict, Optional

from .changes import Plan
from .errors import Refusal
from .files import read_only, sha256
from .journal import Transaction, file_mode, run_transaction
from .names import BACKUP_DIR, MANIFEST, TOOL
from .text import Printer


def load_manifest(sdk_dir: str) -> Optional[Dict[str, Any]]:
    path = os.path.join(sdk_dir, BACKUP_DIR, MANIFEST)
    if not os.path.exists(path):
        return None
    try:
        with open(path, "r", encoding="utf-8") as f:
            manifest = json.load(f)
        if not isinstance(manifest.get("modified"), list) or not isinstance(
                manifest.get("added"), list):
            raise ValueError("no 'modified' and 'added' lists")
    except (ValueError, OSError) as error:
        raise Refusal("%s: unreadable backup manifest (%s)" % (path, error))
    manifest.setdefault("integrated", {})
    manifest.setdefault("modes", {})
    return manifest


def manifest_bytes(manifest: Dict[str, Any]) -> bytes:
    return (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode("utf-8")


def apply_plan(plan: Plan) -> str:
    """Back up what is not backed up yet, then write, all or nothing (journal.py). Returns the
    backup folder."""
    backup = os.path.join(plan.sdk_dir, BACKUP_DIR)
    manifest = load_manifest(plan.sdk_dir) or {
        "tool": TOOL, "format": 1, "modified": [], "added": [], "integrated": {}, "modes": {}}

    def stage(transaction: Transaction) -> None:
        for name, original in plan.originals.items():
            if name in manifest["modified"] or name in manifest["added"]:
                continue  # the first run's backup stays as it is
            if original is None:
                manifest["added"].append(name)
            else:
                transaction.stage(BACKUP_DIR + "/" + name, original)
                manifest["modified"].append(name)
                manifest["modes"][name] = "%04o" % plan.modes[name]
        for name, data in plan.writes.items():
            manifest["integrated"][name] = sha256(data)
        transaction.stage(BACKUP_DIR + "/" + MANIFEST, manifest_bytes(manifest))
        for name, data in plan.writes.items():
            transaction.stage(name, data, file_mode(os.path.join(plan.sdk_dir, name)))

    run_transaction(Transaction(plan.sdk_dir, "integration"), stage)
    return backup


def revert(sdk_dir: str, out: Printer) -> None:
    manifest = load_manifest(sdk_dir)
    backup = os.path.join(sdk_dir, BACKUP_DIR)
    if manifest is None:
        raise Refusal("no CvVision backup in %s (%s/%s is missing): nothing to revert"
                      % (sdk_dir, BACKUP_DIR, MANIFEST))
    missing = [n for n in manifest["modified"] if not os.path.isfile(os.path.join(backup, n))]
    if missing:
        raise Refusal("%s: the backup of %s is missing; nothing was changed"
                      % (backup, ", ".join(missing)))
    locked = [n for n in manifest["modified"] if read_only(os.path.join(sdk_dir, n))]
    if locked:
        raise Refusal("%s read-only: make %s writable (chmod u+w) and run again; nothing was "
                      "changed" % (", ".join(locked), "it" if len(locked) == 1 else "them"))
    modes = manifest.get("modes", {})
    integrated = manifest.get("integrated", {})

    def edited(path: str, name: str) -> bool:
        if name not in integrated or not os.path.isfile(path):
            return False
        with open(path, "rb") as f:
            return sha256(f.read()) != integrated[name]

    lines = []

    def stage(transaction: Transaction) -> None:
        for name in manifest["modified"]:
            path = os.path.join(sdk_dir, name)
            mode = modes.get(name)
            with open(os.path.join(backup, name), "rb") as f:
                transaction.stage(name, f.read(), int(mode, 8) if isinstance(mode, str)
                                  else file_mode(path))
            lines.append("  %s: original restored%s" % (
                name, " (edits made since the integration are discarded)"
                if edited(path, name) else ""))
        for name in manifest["added"]:
            path = os.path.join(sdk_dir, name)
            if os.path.isfile(path):
                transaction.removes.append(name)
                lines.append("  %s: removed (it was added by %s)%s"
                             % (name, TOOL, " (it had been edited since)"
                                if edited(path, name) else ""))
        transaction.delete_folder = BACKUP_DIR

    run_transaction(Transaction(sdk_dir, "revert"), stage)
    for line in lines:
        out(line)
    out("reverted %s: %d file(s) restored, %d removed, %s/ deleted"
        % (sdk_dir, len(manifest["modified"]), len(manifest["added"]), BACKUP_DIR))
