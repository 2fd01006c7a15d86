#!/usr/bin/env python3
"""Benchmark (not a timed test): creating units costs the same with 100 or 100,000 in the world.
Prints `python create_unit units=N seconds=S`. Usage: PYTHONPATH=build bench_create_unit.py [N]"""
import sys
import time

import cvvision

units = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
world = cvvision.World(cvvision.Rules.vanilla(), 320, 320, teams=4)
start = time.perf_counter()
for i in range(units):
    world.create_unit("UNIT_WARRIOR", i % 4, (i * 7) % 320, (i * 13) % 320)
seconds = time.perf_counter() - start
print(f"python create_unit units={units} seconds={seconds:.3f}")
