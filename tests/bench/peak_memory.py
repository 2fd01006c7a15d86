#!/usr/bin/env python3
"""Runs a command with a timeout and prints its peak RSS in MB (getrusage of the child);
exits 1 when it exceeds LIMIT_MB or the timeout. Usage: peak_memory.py [--stderr FILE] LIMIT_MB SECONDS CMD...
(--stderr: the command's standard error is written to FILE)."""
import resource
import subprocess
import sys

args = sys.argv[1:]
stderr_path = None
if args[:1] == ["--stderr"]:
    stderr_path, args = args[1], args[2:]
limit_mb, seconds, command = float(args[0]), float(args[1]), args[2:]
try:
    with open(stderr_path or "/dev/null", "wb") as stderr:
        status = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=stderr, timeout=seconds).returncode
except subprocess.TimeoutExpired:
    print(f"timeout after {seconds}s: {' '.join(command)}")
    sys.exit(1)
peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
print(f"peak_mb={peak_mb:.1f} status={status} command={' '.join(command)}")
sys.exit(0 if peak_mb <= limit_mb else 1)
