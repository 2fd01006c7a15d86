#!/usr/bin/env python3
"""The differential (tools/sdk/cvsdk/differential.py) on one real tree of ../shared/data/sdk, for
CTest (sdk.differential.NAME, sdk.differential.fault.*).

    differential_check.py [--rule NAME] [--cases N] [--define NAME=VALUE] TREE_DIR
    differential_check.py --inject-fault adapter|engine|rule [--cases N] TREE_DIR

The tree is integrated into a temporary copy as sdk-integrate does without --force, and its sight
rules settled as sdk-integrate settles them (cvsdk.behaviour.settle_rules): CvVision must then see
what the tree's own code sees on every case. --rule NAME: the fork rule the tool must translate
for this tree (Realism Invictus's air units' extra range); BTS's rule must differ from the tree
there, and the report shows the differing cases.
--define NAME=VALUE: a GlobalDefine set in every case, e.g. a knob (CVVISION_LEDGER=1).
--inject-fault adapter: CvVision's adapter in the copy is made wrong by one (a pass of range 3
sees as 4); engine: the engine's outer-ring rule is made wrong by one (a target as high as the
viewer shows); rule: the translated fork rule is made wrong (twice the extra range). The
differential must find each and name changeAdjacentSight.

Exit status 0 as expected, 1 not, 77 (CTest's skip) when the tree is absent.
"""

import argparse
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "tools", "sdk"))
from cvsdk import behaviour, differential  # noqa: E402
from cvsdk.names import RULES_FILE  # noqa: E402

SKIP = 77
FAULTS = {  # file, text, what it becomes
    "adapter": ("CvVisionSdk.cpp", "int iRange = kPass.iRange;",
                "int iRange = kPass.iRange + (kPass.iRange == 3 ? 1 : 0); // injected by a test"),
    "engine": ("CvVisionEngine.h", "(iTargetSeeFrom > iViewerLevel)",
               "(iTargetSeeFrom >= iViewerLevel) /* injected by a test */"),
    "rule": (RULES_FILE, "return iRange + pUnit->getExtraVisibilityRange();",
             "return iRange + 2 * pUnit->getExtraVisibilityRange(); // injected by a test"),
}


def inject_fault(integrated: str, fault: str) -> None:
    name, old, new = FAULTS[fault]
    path = os.path.join(integrated, name)
    with open(path, encoding="latin-1") as f:
        text = f.read()
    if old not in text:
        raise SystemExit("%s: no `%s` to change; update the fault of %s" % (path, old, __file__))
    with open(path, "w", encoding="latin-1") as f:
        f.write(text.replace(old, new))  # every place: the rules file also shows it in a comment


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("tree_dir")
    parser.add_argument("--rule", help="the fork rule the tool must translate")
    parser.add_argument("--inject-fault", choices=sorted(FAULTS))
    parser.add_argument("--cases", type=int, default=600)
    parser.add_argument("--define", action="append", default=[], help="a knob, e.g. CVVISION_LEDGER=1")
    a = parser.parse_args()
    if not os.path.isdir(a.tree_dir):
        print("skipped: %s is absent (the real SDK trees live in ../shared/data/sdk)" % a.tree_dir)
        return SKIP
    tree = differential.find_tree(a.tree_dir)
    name = differential.tree_name(a.tree_dir)
    with tempfile.TemporaryDirectory(prefix="cvvision-differential-test-") as work:
        integrated = behaviour.integrate_copy(tree, os.path.join(work, "integrated"))
        verdict = behaviour.settle_rules(tree, integrated, name, print, a.cases, a.define)
        for line in verdict.report():
            print(line)
        if a.inject_fault:
            inject_fault(integrated, a.inject_fault)
            result = differential.run_differential(tree, integrated, name, a.cases, defines=a.define)
            for line in result.report():
                print(line)
            if result.differences == 0 or not any("A" in result.parts_of[c] for c in result.differing):
                print("FAILED: the injected fault (%s) was not reported in changeAdjacentSight"
                      % a.inject_fault)
                return 1
            print("the injected fault (%s) is reported" % a.inject_fault)
            return 0
    if not verdict.accepted:
        print("FAILED: CvVision does not see what %s's own code sees" % name)
        return 1
    translated = verdict.variant.name if verdict.variant is not None else None
    if translated != a.rule:
        print("FAILED: the fork rule translated is %s, expected %s" % (translated, a.rule))
        return 1
    if a.rule and (verdict.first is None or verdict.first.differences == 0):
        print("FAILED: BTS's sight rule should differ from %s's own code" % name)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
