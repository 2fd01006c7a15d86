"""The sight rules of the forks this tool can translate: each a replacement of one or more rule
points of CvVisionSightRules.cpp (the file a fork's own sight rules live in, see
docs/into-the-game.md, "Rule points: a fork's own sight"). behaviour.py tries them, in order, on a
fork whose CvPlot::changeAdjacentSight does not see what BTS's rule sees, and keeps the first one
the differential finds exact. A rule written in our own words from what the forks do, never their
text.
"""

import re
from typing import Dict, List, Optional

from .scanner import find_definitions, mask_code
from .text import detect_eol, detect_indent_unit

RULES_CLASS = "CvVisionSightRules"


class RuleVariant(object):
    def __init__(self, name: str, description: str, bodies: Dict[str, List[str]]) -> None:
        self.name = name
        self.description = description
        self.bodies = bodies  # rule point -> the statements of its new body, one per line


VARIANTS = [
    RuleVariant(
        "aerial-extra-range",
        "an aerial unit sees its promotions' extra visibility range further "
        "(CvVisionSightRules::range adds pUnit->getExtraVisibilityRange())",
        {"range": [
            "if (bAerial && pUnit != NULL)",
            "{",
            "\treturn iRange + pUnit->getExtraVisibilityRange();",
            "}",
            "return iRange;",
        ]}),
]

# Where a fork whose sight differs writes its own rule, by the function of CvPlot that differs.
RULE_POINTS = {
    "changeAdjacentSight": "CvVisionSightRules.cpp: isAerial, range, facing, seeInvisiblePasses, "
                           "passRange (or passes for passes of your own)",
    "updateSeeFromSight": "CvVisionSightRules.cpp: maxGroundRangeChange (how much further a rule "
                          "makes ground sight reach)",
}
NO_RULE_POINT = ("no rule point: CvVision's line of sight and levels are BTS's, tuned by the "
                 "knobs of Assets/XML/CvVision_GlobalDefines.xml (docs/knobs.md)")


def rule_point_for(functions: List[str]) -> str:
    """Where the differing functions' rule is written (the first one that has a rule point)."""
    for function in functions:
        if function in RULE_POINTS:
            return RULE_POINTS[function]
    return NO_RULE_POINT


def _parameter_names(text: str, code: str, definition) -> List[str]:
    inner = code[definition.open_paren + 1:definition.close_paren]
    return re.findall(r"(\w+)\s*(?:,|$)", inner.replace("/*", " ").replace("*/", " "))


def variant_text(default_text: str, variant: RuleVariant) -> Optional[str]:
    """The rules file with the variant's bodies in place of the default's; None if a rule point
    is missing from the file (its parameters are named in the body: they must not be commented
    out, which the default does for the ones it does not use)."""
    eol, unit = detect_eol(default_text), detect_indent_unit(default_text)
    edits = []
    for point, statements in variant.bodies.items():
        code = mask_code(default_text)
        found = find_definitions(code, r"%s\s*::\s*%s\b" % (RULES_CLASS, point))
        if len(found) != 1:
            return None
        definition = found[0]
        body = eol + eol.join(unit + s.replace("\t", unit) for s in statements) + eol
        params = default_text[definition.open_paren + 1:definition.close_paren]
        named = re.sub(r"/\*\s*(\w+)\s*\*/", r"\1", params)
        edits.append((definition.open_paren + 1, definition.close_paren, named))
        edits.append((definition.open_brace + 1, definition.close_brace, body))
    for start, end, new in sorted(edits, reverse=True):
        default_text = default_text[:start] + new + default_text[end:]
    return default_text
