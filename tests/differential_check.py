#!/usr/bin/env python3
"""The differential (tools/sdk/cvsdk/differential.py) on one real tree of ../shared/data/sdk, for
CTest (sdk.differential.NAME, sdk.differential.fault).

    differential_check.py --expect same|different [--cases N] [--define NAME=VALUE] TREE_DIR
    differential_check.py --inject-fault [adapter|engine] [--cases N] TREE_DIR

--expect same: the tree's own vision and CvVision integrated into a copy of it agree on every case.
--expect different: they do not (a fork with a sight rule of its own, e.g. Realism Invictus's air
units' extra range), and the report shows the differing cases.
--inject-fault adapter (the default): CvVision's adapter in the integrated copy is made wrong by
one (a sight range of 3 sees as 4): the differential must find it and name changeAdjacentSight.
--inject-fault engine: the engine's outer-ring rule is made wrong by one (a target as high as the
viewer shows): the differential must find it.

Exit status 0 as expected, 1 not, 77 (CTest's skip) when the tree is absent.
"""

import argparse
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tools", "sdk", "cvsdk"))
import differential  # noqa: E402

SKIP = 77
# (file in the integrated copy, text, the text with the fault)
FAULTS = {
    "adapter": ("CvVisionSdk.cpp", "kSource.iRange = iRange;",
                "kSource.iRange = iRange + (iRange == 3 ? 1 : 0); // injected by the differential's test"),
    "engine": ("CvVisionEngine.h", "(iTargetSeeFrom > iViewerLevel)",
               "(iTargetSeeFrom >= iViewerLevel) /* injected by the differential's test */"),
}


def inject_fault(integrated: str, kind: str) -> None:
    name, before, after = FAULTS[kind]
    path = os.path.join(integrated, name)
    with open(path, encoding="latin-1") as f:
        text = f.read()
    if before not in text:
        raise SystemExit("%s: no `%s` to change; update the fault of %s" % (path, before, __file__))
    with open(path, "w", encoding="latin-1") as f:
        f.write(text.replace(before, after, 1))


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("tree_dir")
    parser.add_argument("--expect", choices=("same", "different"), default="same")
    parser.add_argument("--inject-fault", nargs="?", const="adapter", choices=sorted(FAULTS))
    parser.add_argument("--cases", type=int, default=600)
    parser.add_argument("--define", action="append", default=[], help="a knob, e.g. CVVISION_LEDGER=1")
    a = parser.parse_args()
    if not os.path.isdir(a.tree_dir):
        print("skipped: %s is absent (the real SDK trees live in ../shared/data/sdk)" % a.tree_dir)
        return SKIP
    name = differential.tree_name(a.tree_dir)
    with tempfile.TemporaryDirectory(prefix="cvvision-differential-test-") as work:
        integrated = differential.make_integrated_copy(differential.find_tree(a.tree_dir),
                                                       os.path.join(work, "integrated"))
        if a.inject_fault:
            inject_fault(integrated, a.inject_fault)
        try:
            result = differential.run_differential(a.tree_dir, integrated, name, a.cases, 1,
                                                   os.path.join(work, "build"), defines=a.define)
        except differential.DifferentialError as error:
            print("differential: error: %s" % error)
            return 1
    for line in result.report():
        print(line)
    if a.inject_fault:
        named = any(s.parts and "A" in s.parts for s in result.shown)
        if result.differences == 0 or not named:
            print("FAILED: the injected %s fault was not reported in changeAdjacentSight" % a.inject_fault)
            return 1
        print("the injected %s fault is reported" % a.inject_fault)
        return 0
    if (result.differences == 0) != (a.expect == "same"):
        print("FAILED: expected %s" % ("no difference" if a.expect == "same" else "differences"))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
