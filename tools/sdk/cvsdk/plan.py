"""The plan: every change to a tree computed first (files copied, bodies, hooks, defines, builds,
compat header), written only if nothing was refused.
"""

import os
from collections import OrderedDict
from typing import Any, Callable, List, Sequence, Tuple

from .bodies import check_plot_header, patch_plot_functions
from .changes import Plan
from .compat import COMPAT_HEADER, compat_flavour
from .dead_caches import plan_unused_cache
from .defines import FALLBACK as DEFINES_FALLBACK, patch_global_defines
from .errors import Refusal
from .files import find_file, list_sources, read_only, read_text, to_bytes, with_line_endings
from .hooks import (
    HOOKS_FALLBACK, SEE_FROM_CHANGE_FALLBACK, patch_game_update, patch_plot_hooks,
    patch_python_registration, patch_team_hooks)
from .includes import with_pch_include
from .names import PCH_HEADER, REQUIRED_FILES, RULES_FILE, TOOL
from .projects import find_build_files, patch_makefile, patch_vcproj, patch_vcxproj
from .text import detect_eol


def check_partial_tree(sdk_dir: str) -> None:
    """Refuse a fork that ships only its changed files (laid over BTS's folder by its users)."""
    missing = [n for n in REQUIRED_FILES if find_file(sdk_dir, n) is None]
    if missing:
        raise Refusal("%s is not a whole CvGameCoreDLL folder: %s not found. A mod that ships "
                      "only the files it changed must be laid over Beyond the Sword's "
                      "CvGameCoreDLL/ first: copy the game's CvGameCoreDLL folder, copy the "
                      "mod's files over it, and run %s on that folder"
                      % (sdk_dir, ", ".join(missing), TOOL))


def plan_text_patch(plan: Plan, name: str, patcher: Callable[..., Tuple[str, List[str]]],
                    *extra: Any) -> None:
    if name in plan.writes:  # a second patcher of the same file works on the first one's text
        text = plan.writes[name].decode("latin-1")
    else:
        text = read_text(os.path.join(plan.sdk_dir, name))
    new_text, actions = patcher(text, name, *extra)
    if new_text != text:
        plan.write(name, to_bytes(new_text))
        plan.actions.extend(actions)


def plan_build_files(plan: Plan, copied: Sequence[str]) -> None:
    """Add the copied files to every project file and Makefile of the tree."""
    sdk_dir = plan.sdk_dir
    build_files = find_build_files(sdk_dir)
    for kind, name in build_files:
        if kind == "vcproj":
            plan_text_patch(plan, name, patch_vcproj, copied, plan.warnings)
        elif kind in ("vcxproj", "filters"):
            depth = name.count("/")
            plan_text_patch(plan, name, patch_vcxproj, copied, "..\\" * depth, plan.warnings)
        else:
            plan_text_patch(plan, name, patch_makefile, copied, plan.notes)
    if not build_files:
        cpp = [n for n in copied if n.lower().endswith(".cpp")]
        plan.notes.append("no project file (*.vcproj, *.vcxproj) or Makefile in %s or one "
                          "folder below: add these files to the mod's own build: %s"
                          % (sdk_dir, ", ".join(cpp)))


def plan_hooks(plan: Plan, plot: str, force: bool) -> None:
    """The ledger's hooks (CvPlot::reset or the constructor, CvPlot::read, CvGame::update). One
    that cannot be placed refuses the tree, unless force, which integrates without it (a
    warning). And Optics's (CvTeam::changeExtraWaterSeeFromCount): a warning when it cannot be
    placed."""
    problems: List[str] = []
    try:
        plan_text_patch(plan, plot, patch_plot_hooks, problems)
    except Refusal as refusal:
        problems.append("%s; %s" % (refusal, HOOKS_FALLBACK))
    game = find_file(plan.sdk_dir, "CvGame.cpp")
    if game is None:
        problems.append("CvGame.cpp not found: CvVision cannot finish a load by itself; "
                        + HOOKS_FALLBACK)
    else:
        try:
            plan_text_patch(plan, game, patch_game_update, problems)
        except Refusal as refusal:
            problems.append("%s; %s" % (refusal, HOOKS_FALLBACK))
    if force:
        plan.warnings.extend(problems)
    else:
        plan.errors.extend("%s (--force integrates without this hook)" % p for p in problems)
    # Optics: without its hook the tree's whole-map re-sight stays, which is right, only slower: a
    # warning, never a refusal.
    team = find_file(plan.sdk_dir, "CvTeam.cpp")
    if team is None:
        plan.warnings.append("CvTeam.cpp not found: " + SEE_FROM_CHANGE_FALLBACK)
    else:
        try:
            plan_text_patch(plan, team, patch_team_hooks, plan.warnings)
        except Refusal as refusal:
            plan.warnings.append("%s; %s" % (refusal, SEE_FROM_CHANGE_FALLBACK))


def build_plan(sdk_dir: str, sources_dir: str, force: bool = False) -> Plan:
    plan = Plan(sdk_dir)
    sources = list_sources(sources_dir)

    plot = find_file(sdk_dir, "CvPlot.cpp")
    if plot is None:
        raise Refusal("CvPlot.cpp not found in %s (SDK_DIR must be the game's CvGameCoreDLL "
                      "folder or a mod's copy of it)" % sdk_dir)
    tree_eol = detect_eol(read_text(os.path.join(sdk_dir, plot)))
    check_partial_tree(sdk_dir)

    source_data = OrderedDict()
    for name in sources:
        with open(os.path.join(sources_dir, name), "rb") as f:
            source_data[name] = f.read()
        target = find_file(sdk_dir, name) or name
        existed = os.path.exists(os.path.join(sdk_dir, target))
        if existed and name.lower() == RULES_FILE.lower():
            plan.notes.append("%s: the mod's own sight rules, kept as they are" % target)
            continue
        data = source_data[name]
        if name.lower() == COMPAT_HEADER.lower():
            data = compat_flavour(sdk_dir, data, plan, sources)
        data = with_pch_include(name, data)
        if plan.write(target, with_line_endings(data, tree_eol)):
            plan.actions.append("%s: %s%s" % (
                target, "updated" if existed else "copied in",
                "" if data is source_data[name] or not name.lower().endswith(".cpp")
                else " (with #include \"%s\" first)" % PCH_HEADER))

    try:
        plan_text_patch(plan, plot, patch_plot_functions, plan.errors, force, None, plan.pending)
    except Refusal as refusal:
        plan.errors.append(str(refusal))
    plan_unused_cache(plan)

    plan_hooks(plan, plot, force)

    header = find_file(sdk_dir, "CvPlot.h")
    if header is None:
        plan.warnings.append("CvPlot.h not found next to CvPlot.cpp")
    else:
        check_plot_header(read_text(os.path.join(sdk_dir, header)), header, plan.warnings)

    python = find_file(sdk_dir, "CvDLLPython.cpp")
    if python is None:
        plan.errors.append("CvDLLPython.cpp not found in %s (CvVision registers its Python "
                           "interface in DLLPublishToPython)" % sdk_dir)
    else:
        try:
            plan_text_patch(plan, python, patch_python_registration, plan.errors)
        except Refusal as refusal:
            plan.errors.append(str(refusal))

    xml = find_file(sdk_dir, "CvXMLLoadUtilitySet.cpp")
    if xml is None:
        problem = ("CvXMLLoadUtilitySet.cpp not found in %s, so nothing reads the CvVision "
                   "knobs file (CvXMLLoadUtility::SetGlobalDefines is in it)" % sdk_dir)
        if force:
            plan.warnings.append("%s; --force: %s" % (problem, DEFINES_FALLBACK))
        else:
            plan.errors.append("%s; run with --force to go on without it (%s)"
                               % (problem, DEFINES_FALLBACK))
    else:
        plan_text_patch(plan, xml, patch_global_defines, plan.warnings,
                        None if force else plan.errors)

    copied = [find_file(sdk_dir, n) or n for n in sources]
    plan_build_files(plan, copied)
    for name in plan.writes:
        if read_only(os.path.join(sdk_dir, name)):
            plan.errors.append("%s is read-only: make it writable (chmod u+w, or untick "
                               "Read-only in its properties) and run again" % name)
    return plan
