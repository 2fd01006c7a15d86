"""The seven CvPlot vision functions sdk-integrate replaces: the roles of their parameters
(matched by type) and the call to CvVisionSdk each body becomes.
"""

from typing import Dict, List, Optional, Sequence

from .scanner import Param

RoleNames = Dict[str, Optional[str]]  # role -> parameter name (None: unnamed)


class Role(object):
    def __init__(self, name: str, kind: str, optional: bool = False) -> None:
        self.name, self.kind, self.optional = name, kind, optional


def match_roles(params: Sequence[Param], roles: Sequence[Role]) -> Optional[RoleNames]:
    """A role -> parameter name mapping if the parameters fit the roles in order, else None."""
    def match(pi: int, ri: int) -> Optional[RoleNames]:
        if ri == len(roles):
            return {} if pi == len(params) else None
        role = roles[ri]
        if pi < len(params) and params[pi].kind == role.kind:
            rest = match(pi + 1, ri + 1)
            if rest is not None:
                rest[role.name] = params[pi].name
                return rest
        return match(pi, ri + 1) if role.optional else None
    return match(0, 0)


def describe_roles(roles: Sequence[Role]) -> str:
    return ", ".join("[%s]" % r.kind if r.optional else r.kind for r in roles)


class PlotFunction(object):
    def __init__(self, name: str, roles: List[Role], call: str) -> None:
        self.name, self.roles, self.call = name, roles, call


PLOT_FUNCTIONS = [
    PlotFunction("changeAdjacentSight",
                 [Role("team", "TeamTypes"), Role("range", "int"), Role("increment", "bool"),
                  Role("unit", "CvUnit*"), Role("updatePlotGroups", "bool")],
                 "CvVisionSdk::changeAdjacentSight(*this, {team}, {range}, {increment}, {unit}, "
                 "{updatePlotGroups});"),
    PlotFunction("canSeePlot",
                 [Role("plot", "CvPlot*"), Role("team", "TeamTypes"), Role("range", "int"),
                  Role("facing", "DirectionTypes")],
                 "return CvVisionSdk::canSeePlot(*this, {plot}, {team}, {range}, {facing});"),
    PlotFunction("canSeeDisplacementPlot",
                 [Role("team", "TeamTypes"), Role("dx", "int"), Role("dy", "int"),
                  Role("originalDX", "int"), Role("originalDY", "int"),
                  Role("firstPlot", "bool"), Role("outerRing", "bool")],
                 "return CvVisionSdk::canSeeDisplacementPlot(*this, {team}, {dx}, {dy}, "
                 "{originalDX}, {originalDY}, {firstPlot}, {outerRing});"),
    PlotFunction("shouldProcessDisplacementPlot",
                 [Role("dx", "int"), Role("dy", "int"), Role("range", "int", optional=True),
                  Role("facing", "DirectionTypes")],
                 "return CvVisionSdk::shouldProcessDisplacementPlot({dx}, {dy}, {facing});"),
    PlotFunction("seeFromLevel", [Role("team", "TeamTypes")],
                 "return CvVisionSdk::seeFromLevel(*this, {team});"),
    PlotFunction("seeThroughLevel", [],
                 "return CvVisionSdk::seeThroughLevel(*this);"),
    PlotFunction("updateSeeFromSight", [Role("increment", "bool"), Role("updatePlotGroups", "bool")],
                 "CvVisionSdk::updateSeeFromSight(*this, {increment}, {updatePlotGroups});"),
]
