#!/usr/bin/env python3
"""Runs a command with a timeout and prints its peak RSS in MB (getrusage of the child);
exits 1 when it exceeds LIMIT_MB or the timeout. Usage: peak_memory.py LIMIT_MB SECONDS CMD..."""
import resource
import subprocess
import sys

limit_mb, seconds, command = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3:]
try:
    status = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=seconds).returncode
except subprocess.TimeoutExpired:
    print(f"timeout after {seconds}s: {' '.join(command)}")
    sys.exit(1)
peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
print(f"peak_mb={peak_mb:.1f} status={status} command={' '.join(command)}")
sys.exit(0 if peak_mb <= limit_mb else 1)
