"""Accepting by behaviour: a tree is judged by what it sees, not by the text of its bodies.

The differential (differential.py) compiles the tree's own CvPlot vision functions and CvVision as
the integration configures it, and compares them on random cases. settle_rules() runs it on an
integrated copy; when CvVision with BTS's sight rule differs from the tree, it tries the fork rules
this tool can translate (sight_rules.py) in the copy's CvVisionSightRules.cpp and keeps the first
one with no difference. A tree whose own rules file is there already (written by its modder) is
judged with that file as it is.
"""

import os
import shutil
import tempfile
from typing import Any, Dict, List, Optional, Sequence

from .changes import Plan
from .differential import DifferentialResult, part_functions, run_differential
from .files import find_file, read_text, to_bytes
from .manifest import apply_plan
from .errors import Refusal, ToolError
from .names import DEFAULT_SOURCES, RULES_FILE, TOOL, TOOL_ENTRIES
from .plan import build_plan
from .sight_rules import VARIANTS, RuleVariant, rule_point_for, variant_text
from .text import Printer


class Verdict(object):
    def __init__(self, result: Optional[DifferentialResult]) -> None:
        self.result = result  # the last differential run (None: it could not run)
        self.variant: Optional[RuleVariant] = None  # the fork rule translated, if any
        self.rules: Optional[bytes] = None  # the rules file the variant needs
        self.error: Optional[str] = None  # why the differential could not run
        self.first: Optional[DifferentialResult] = None  # BTS's rule's run, when a variant won

    @property
    def accepted(self) -> bool:
        return self.result is not None and self.result.differences == 0

    def report(self) -> List[str]:
        """The differential's lines, with the fork rule it kept, if any."""
        if self.result is None:
            return ["differential: could not run: %s" % self.error]
        lines = []
        if self.variant is not None and self.first is not None:
            lines.append("%s (with BTS's sight rule)" % self.first.summary())
            lines.append("fork rule translated: %s" % self.variant.description)
        return lines + self.result.report()


def differing_functions(result: DifferentialResult) -> List[str]:
    """The functions the shown differences are in, in the order of the parts shown (the
    differential's PARTS name them)."""
    names: List[str] = []
    for shown in result.shown:
        for part in shown.parts:
            names += [name for name in part_functions(part) if name not in names]
    return names


def settle_rules(tree_dir: str, integrated_dir: str, name: str, err: Printer,
                 cases: Optional[int] = None, defines: Sequence[str] = ()) -> Verdict:
    """Run the differential between the untouched tree and its integrated copy; on differences,
    try each translatable fork rule in the copy. The copy is left with the rules file judged
    last (the winning one when accepted)."""
    options: Dict[str, Any] = {"defines": defines}
    if cases is not None:
        options["cases"] = cases
    try:
        verdict = Verdict(run_differential(tree_dir, integrated_dir, name, **options))
    except (ToolError, OSError) as error:
        verdict = Verdict(None)
        verdict.error = str(error)
        return verdict
    rules_path = os.path.join(integrated_dir, find_file(integrated_dir, RULES_FILE) or RULES_FILE)
    if verdict.accepted or find_file(tree_dir, RULES_FILE) is not None \
            or not os.path.isfile(rules_path):
        return verdict  # the modder's own rules file is judged as it is
    default = read_text(rules_path)
    for variant in VARIANTS:
        text = variant_text(default, variant)
        if text is None:
            continue
        err("%s: CvVision with BTS's sight rule differs from %s; trying the fork rule: %s"
            % (TOOL, name, variant.description))
        with open(rules_path, "wb") as f:
            f.write(to_bytes(text))
        try:
            result = run_differential(tree_dir, integrated_dir, name, **options)
        except (ToolError, OSError):
            continue
        if result.differences == 0:
            first = verdict.result
            verdict = Verdict(result)
            verdict.variant, verdict.rules, verdict.first = variant, to_bytes(text), first
            return verdict
    with open(rules_path, "wb") as f:
        f.write(to_bytes(default))
    return verdict


def where_to_write(verdict: Verdict) -> str:
    """The rule point where the fork's own rule is written, for the functions that differ."""
    functions = differing_functions(verdict.result) if verdict.result is not None else []
    return ("where to write this fork's rule: %s; then run %s again: the differential confirms it"
            % (rule_point_for(functions), TOOL))


def refusal_lines(plan: Plan, verdict: Verdict) -> List[str]:
    """What a refused tree is told: the lines that differ, the differential's first differing
    cases, and where the fork's rule is written."""
    lines = list(plan.pending)
    if verdict.result is None:
        lines.append("these bodies differ from every body this tool knows, and their behaviour "
                     "could not be compared with CvVision's (the differential needs the host "
                     "C++ compiler g++: `make setup`): %s" % verdict.error)
        return lines
    lines.append("CvVision does not see what this tree's own code sees:")
    lines.extend("  " + line for line in verdict.result.report())
    lines.append(where_to_write(verdict))
    return lines


def integrate_copy(sdk_dir: str, target: str, sources_dir: str = DEFAULT_SOURCES) -> str:
    """A writable copy of the tree at target, integrated as sdk-integrate would without --force
    (bodies no fingerprint knows are replaced, for the differential to judge). Returns target."""
    shutil.copytree(sdk_dir, target, symlinks=True, ignore=shutil.ignore_patterns(*TOOL_ENTRIES))
    for folder, _, files in os.walk(target):
        os.chmod(folder, 0o755)
        for f in files:
            os.chmod(os.path.join(folder, f), 0o644)
    plan = build_plan(target, sources_dir)
    if plan.errors:
        raise Refusal("; ".join(plan.errors))
    apply_plan(plan)
    return target


def judge_plan(plan: Plan, sources_dir: str, err: Printer) -> Verdict:
    """For a plan with pending bodies: integrate a temporary copy of its tree the same way, and
    settle its sight rules there. The tree itself is not changed."""
    sdk_dir = plan.sdk_dir
    work = tempfile.mkdtemp(prefix="cvvision-behaviour-")
    try:
        copy = integrate_copy(sdk_dir, os.path.join(work, "tree"), sources_dir)
        err("%s: %d body(ies) of this tree's own in CvPlot.cpp: comparing what they see with "
            "CvVision (the differential, about a minute)" % (TOOL, len(plan.pending)))
        return settle_rules(sdk_dir, copy, os.path.basename(os.path.normpath(sdk_dir)), err)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def accept_or_refuse(plan: Plan, sources_dir: str, err: Printer) -> Verdict:
    """Decide the plan's pending bodies: accepted (the plan notes it, and writes the fork rule
    translated, if any) or refused (the plan's errors say why)."""
    verdict = judge_plan(plan, sources_dir, err)
    if not verdict.accepted:
        plan.errors.extend(refusal_lines(plan, verdict))
        return verdict
    plan.notes.append("the CvPlot bodies of this tree's own see what CvVision sees%s: %s"
                      % ("" if verdict.variant is None else " with this fork's sight rule",
                         verdict.result.summary()))
    if verdict.variant is not None and verdict.rules is not None:
        target = find_file(plan.sdk_dir, RULES_FILE) or RULES_FILE
        plan.write(target, verdict.rules)
        plan.actions.append("%s: this fork's sight rule: %s" % (target, verdict.variant.description))
    return verdict
