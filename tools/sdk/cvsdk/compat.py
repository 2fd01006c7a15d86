"""CvVisionSdkCompat.h, written with the tree's own names read from its headers (BTS's *INLINE
accessors or a fork's renamed ones, CvInfos.h or its split headers, a changeVisibilityCount
given the unit).
"""

import os
import re
from typing import Collection, Dict, List, Optional, Sequence

from .changes import Plan
from .files import find_file, read_text
from .scanner import mask_code, match_close, split_top_level


# --------------------------------------------------------------------------------------------
# The compatibility header: the names of the game's accessors as the tree's own headers declare
# them (BTS's *INLINE names or a fork's renamed ones), CvInfos.h or the headers it was split into,
# and whether CvPlot::changeVisibilityCount takes the unit (AdvCiv's advc.071). Detected name by
# name, not by fork, so that a fork in between works too.

COMPAT_HEADER = "CvVisionSdkCompat.h"
# (header that declares it in BTS, BTS's name, the names forks use instead)
COMPAT_RENAMES = [
    ("CvGlobals.h", "getMapINLINE", ["getMap"]),
    ("CvMap.h", "getGridWidthINLINE", ["getGridWidth"]),
    ("CvMap.h", "getGridHeightINLINE", ["getGridHeight"]),
    ("CvMap.h", "isWrapXINLINE", ["isWrapX"]),
    ("CvMap.h", "isWrapYINLINE", ["isWrapY"]),
    ("CvMap.h", "numPlotsINLINE", ["numPlots"]),
    ("CvMap.h", "plotByIndexINLINE", ["plotByIndex"]),
    ("CvMap.h", "plotINLINE", ["plot"]),
    ("CvPlot.h", "getX_INLINE", ["getX"]),
    ("CvPlot.h", "getY_INLINE", ["getY"]),
    ("CvUnit.h", "getOwnerINLINE", ["getOwner"]),
]
COMPAT_INFO_CLASSES = ["CvTerrainInfo", "CvFeatureInfo", "CvRouteInfo", "CvImprovementInfo",
                       "CvTechInfo", "CvPromotionInfo", "CvInvisibleInfo", "CvUnitInfo"]
COMPAT_INFOS_LINE = '#include "CvInfos.h" // CvVision compat: the infos\' headers'
COMPAT_UNIT_PARAM = "bool bUpdatePlotGroups, const CvUnit* /*pUnit*/)"
COMPAT_UNIT_CALL = "kPlot.changeVisibilityCount(eTeam, iChange, eInvisible, bUpdatePlotGroups);"


def _masked_header(sdk_dir: str, name: str, cache: Dict[str, Optional[str]]) -> Optional[str]:
    if name not in cache:
        found = find_file(sdk_dir, name)
        cache[name] = None if found is None else mask_code(read_text(os.path.join(sdk_dir, found)))
    return cache[name]


def _tree_headers(sdk_dir: str, ours: Collection[str]) -> List[str]:
    """The tree's own headers (not the ones CvVision copies in)."""
    return sorted(n for n in os.listdir(sdk_dir) if n.lower().endswith(".h")
                  and n.lower() not in ours and os.path.isfile(os.path.join(sdk_dir, n)))


_NOT_A_TYPE = {"return", "else", "case", "throw", "new", "delete", "sizeof", "do", "goto"}


def _declares(code: str, name: str) -> bool:
    """True if masked code declares (or defines) a function called name: the name follows a
    return type (a word or a * & >), not a call's . -> :: ( , = or an operator."""
    if code is None:
        return False
    for m in re.finditer(r"\b%s\s*\(" % re.escape(name), code):
        before = code[:m.start()].rstrip()
        if not before:
            continue
        if before.endswith("->") or before[-1] not in "*&>_" and not before[-1].isalnum():
            continue
        word = re.search(r"(\w+)$", before)
        if word is not None and word.group(1) in _NOT_A_TYPE:
            continue
        return True
    return False


def unit_taking_visibility_count(code: str) -> Optional[bool]:
    """True if CvPlot.h's changeVisibilityCount has a parameter after bUpdatePlotGroups that is
    a CvUnit pointer (AdvCiv's advc.071); None if the declaration is not found."""
    for m in re.finditer(r"\bchangeVisibilityCount\s*\(", code or ""):
        close = match_close(code, m.end() - 1)
        if close < 0:
            continue
        params = split_top_level(code[m.end():close], ",")
        return len(params) >= 5 and re.search(r"\bCvUnit\b", params[4]) is not None
    return None


def compat_flavour(sdk_dir: str, data: bytes, plan: Plan, sources: Sequence[str]) -> bytes:
    """The compatibility header's bytes written for the tree in sdk_dir (sources: the names of
    the files CvVision copies in, which are not the tree's)."""
    text = data.decode("latin-1")
    ours = set(n.lower() for n in sources)
    cache, chosen = {}, []
    for header, bts_name, alternatives in COMPAT_RENAMES:
        code = _masked_header(sdk_dir, header, cache)
        names = [bts_name] + alternatives
        found = [n for n in names if _declares(code, n)]
        if not found:  # moved to another header in this fork?
            for other in _tree_headers(sdk_dir, ours):
                found = [n for n in names if _declares(_masked_header(sdk_dir, other, cache), n)]
                if found:
                    break
        if not found:
            if find_file(sdk_dir, header) is not None:
                plan.warnings.append("%s: neither %s nor %s is declared in the tree; %s keeps "
                                     "%s (sdk-check tells whether it compiles)"
                                     % (header, bts_name, " nor ".join(alternatives),
                                        COMPAT_HEADER, bts_name))
            continue
        if found[0] != bts_name:
            text = re.sub(r"\b%s\b" % re.escape(bts_name), found[0], text)
            chosen.append("%s for %s" % (found[0], bts_name))
    if find_file(sdk_dir, "CvInfos.h") is None:
        files = []
        for other in _tree_headers(sdk_dir, ours):
            if not other.lower().startswith("cvinfo"):
                continue
            code = _masked_header(sdk_dir, other, cache)
            for cls in COMPAT_INFO_CLASSES:
                if re.search(r"\bclass\s+(?:\w+\s+)?%s\b[^;{]*\{" % cls, code) and other not in files:
                    files.append(other)
        if files and COMPAT_INFOS_LINE in text:
            text = text.replace(COMPAT_INFOS_LINE, "\n".join(
                '#include "%s" // CvVision compat: the infos\' headers' % f for f in files))
            chosen.append("%s for CvInfos.h" % ", ".join(files))
        elif not files and find_file(sdk_dir, "CvGlobals.h") is not None:
            plan.warnings.append("%s: no CvInfos.h and no CvInfo*.h declaring %s; %s keeps "
                                 "CvInfos.h" % (sdk_dir, ", ".join(COMPAT_INFO_CLASSES),
                                                COMPAT_HEADER))
    takes_unit = unit_taking_visibility_count(_masked_header(sdk_dir, "CvPlot.h", cache))
    if takes_unit:
        if COMPAT_UNIT_PARAM not in text or COMPAT_UNIT_CALL not in text:
            plan.errors.append("%s: its changeVisibilityCount wrapper is not as sdk-integrate "
                               "expects; cannot make it pass the unit" % COMPAT_HEADER)
        else:
            text = text.replace(COMPAT_UNIT_PARAM, COMPAT_UNIT_PARAM.replace("/*pUnit*/", "pUnit"))
            text = text.replace(COMPAT_UNIT_CALL, COMPAT_UNIT_CALL.replace(
                "bUpdatePlotGroups);", "bUpdatePlotGroups, pUnit);"))
            chosen.append("changeVisibilityCount with the unit")
    if chosen:
        plan.notes.append("%s written for this tree: %s" % (COMPAT_HEADER, "; ".join(chosen)))
    return text.encode("latin-1")
