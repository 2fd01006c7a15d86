"""The game's Python as the host answers it (docs/python-answers.md).

- The table of call sites equals the scan of BTS 3.19's tree (tools/host/cvhost/python_calls.py):
  every call site listed once, with its Python function; one behind a USE_* define is "not
  reached"; the "handled" ones are exactly those CvHostPythonAnswers.cpp answers; the totals line
  counts the table.
- The host's arithmetic (tools/host/runtime/CvHostPythonFormulas.h, through python_formulas_dump.cpp)
  gives what BTS's own functions give: getExperienceNeeded, doCityCaptureGold and doPillageGold from
  CvGameUtils.py and getScoreComponent from CvUtil.py, each read from the .py file and run here on
  the same values, with Python 2's integer division (an ast rewrite of `/`).
"""

import ast
import collections
import os
import re
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
SHARED = os.path.join(os.path.dirname(REPO), "shared", "data")
BTS = os.path.join(SHARED, "sdk", "bts-3.19", "CvGameCoreDLL")
PYTHON = os.path.join(SHARED, "civ4", "game", "Beyond the Sword", "Assets", "Python")
RUNTIME = os.path.join(REPO, "tools", "host", "runtime")
DOC = os.path.join(REPO, "docs", "python-answers.md")

sys.path[:0] = [os.path.join(REPO, "tools", "host")]

from cvhost.python_calls import scan_file, scan_tree  # noqa: E402

needs_bts = pytest.mark.skipif(not os.path.isdir(BTS), reason="BTS 3.19's tree is not in ../shared")
needs_python = pytest.mark.skipif(not os.path.isdir(PYTHON), reason="BTS's Python is not in ../shared")

ANSWERS = ("handled", "default", "not reached", "left")


def table():
    rows = collections.OrderedDict()
    with open(DOC, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\| (\w+\.(?:cpp|h|inl):\d+) \| `[^`]*` \| `.*?` `(.*?)` \| (.*?) \| .*? \| ([a-z ]+) \| .*\|$", line)
            if m:
                assert m.group(1) not in rows, "listed twice: " + m.group(1)
                rows[m.group(1)] = (m.group(2).replace("\\|", "|"), m.group(3).strip(" `"), m.group(4))
    return rows


@needs_bts
def test_the_table_lists_every_call_site_of_bts_and_no_other():
    rows = table()
    sites = {s.key(): s for s in scan_tree(BTS)}
    assert sorted(set(sites) - set(rows)) == [], "call sites the table misses"
    assert sorted(set(rows) - set(sites)) == [], "rows that are no call site"
    for key, s in sites.items():
        name, guard, answer = rows[key]
        assert name == s.name, key
        assert guard == (s.use_define or ""), key
        assert answer in ANSWERS, key
        if s.use_define:
            assert answer == "not reached", key


def test_the_handled_rows_are_the_answers_written_in_cpp():
    with open(os.path.join(RUNTIME, "CvHostPythonAnswers.cpp"), encoding="utf-8") as f:
        answered = set(re.findall(r'strcmp\(function, "(\w+)"\) == 0\)\s*return', f.read()))
    handled = {name for name, _, answer in table().values() if answer == "handled"}
    assert handled == answered


def test_the_totals_line_counts_the_table():
    rows = table()
    counts = collections.Counter(answer for _, _, answer in rows.values())
    with open(DOC, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"(\d+) call sites: \*\*(\d+) handled, (\d+) default, (\d+) not reached, (\d+) left\*\*", text)
    assert m, "the totals line"
    assert [int(x) for x in m.groups()] == [len(rows), counts["handled"], counts["default"], counts["not reached"],
                                            counts["left"]]


def test_the_scan_finds_calls_guards_and_events():
    text = """
bool CvX::f(int i) const
{
	/* callFunction(PYGameModule, "commented", NULL); */
	if (GC.getUSE_FOO_CALLBACK())
	{
		long lResult = 0;
		gDLL->getPythonIFace()->callFunction(PYGameModule, "guarded",
			argsList.makeFunctionArgs(), &lResult);
	}
	if (GC.getUSE_BAR_CALLBACK()) { }
	gDLL->getPythonIFace()->callFunction(PYGameModule, "open", NULL);
	gDLL->getPythonIFace()->callFunction(PYRandomEventModule, kEvent.getPythonCallback(), args, &lResult);
	return false;
}
"""
    sites = scan_file("CvX.cpp", text)
    assert [(s.line, s.function, s.module, s.name, s.result, s.use_define) for s in sites] == [
        (8, "CvX::f", "PYGameModule", "guarded", True, "USE_FOO_CALLBACK"),
        (12, "CvX::f", "PYGameModule", "open", False, None),
        (13, "CvX::f", "PYRandomEventModule", "kEvent.getPythonCallback()", True, None)]
    events = """
void CvDllPythonEvents::reportUnitLost(CvUnit* pUnit)
{
	if (preEvent())
	{
		if (GC.getUSE_ON_UNIT_LOST_CALLBACK())
		{
			CyArgsList eventData;
			eventData.add("unitLost");
			postEvent(eventData);
		}
	}
}
"""
    (site,) = scan_file("CvDllPythonEvents.cpp", events)
    assert (site.line, site.name, site.use_define) == (9, "onEvent:unitLost", "USE_ON_UNIT_LOST_CALLBACK")


# --- BTS's own functions, run here -----------------------------------------------------------------

def _py2_division(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return a // b
    return a / b


class _Python2Division(ast.NodeTransformer):
    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Div):
            return ast.copy_location(ast.Call(ast.Name("_py2_division", ast.Load()), [node.left, node.right], []), node)
        return node

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.Div) and isinstance(node.target, ast.Name):
            value = ast.Call(ast.Name("_py2_division", ast.Load()), [ast.Name(node.target.id, ast.Load()), node.value], [])
            return ast.copy_location(ast.Assign([ast.Name(node.target.id, ast.Store())], value), node)
        return node


def bts_function(file_name, name, namespace):
    """The function `name` of BTS's file (a method of CvGameUtils or a module function), with Python 2's
    integer division, defined in `namespace`."""
    with open(os.path.join(PYTHON, file_name), encoding="latin-1") as f:
        text = f.read().replace("\t", "    ")
    # The function's own lines only: the files hold Python 2 statements elsewhere (print "...").
    m = re.search(r"^( *)def %s\(.*?(?=^\1?\S|\Z)" % re.escape(name), text, re.M | re.S)
    assert m, "%s has no %s" % (file_name, name)
    import textwrap
    tree = ast.parse(textwrap.dedent(m.group(0)))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == name:
            module = ast.fix_missing_locations(_Python2Division().visit(ast.Module([node], [])))
            namespace["_py2_division"] = _py2_division
            exec(compile(module, file_name, "exec"), namespace)
            return namespace[name]
    raise AssertionError("%s has no %s" % (file_name, name))


class Obj(object):
    def __init__(self, **getters):
        for k, v in getters.items():
            setattr(self, k, (lambda v: lambda *a: v)(v))


class Rng(object):
    """CyGame().getSorenRandNum, drawing given values and recording the calls."""

    def __init__(self, draws):
        self.draws, self.calls = list(draws), []

    def getSorenRandNum(self, n, log):
        self.calls.append((n, log))
        return self.draws.pop(0)


@pytest.fixture(scope="module")
def dump(tmp_path_factory):
    compiler = shutil.which("c++") or shutil.which("g++") or shutil.which("clang++")
    if not compiler:
        pytest.skip("no C++ compiler")
    path = str(tmp_path_factory.mktemp("formulas") / "python_formulas_dump")
    subprocess.run([compiler, "-std=c++17", "-O1", "-I" + RUNTIME, os.path.join(HERE, "python_formulas_dump.cpp"), "-o", path],
                   check=True)
    return lambda command, *args: int(subprocess.run([path, command] + [str(int(a)) for a in args], check=True, stdout=subprocess.PIPE,
                                            universal_newlines=True).stdout)


@needs_python
def test_experience_needed_is_cvgameutils_for_levels_and_modifiers(dump):
    for modifier in (0, -25, -50, 25, 50, 100, -100, 33, -33):
        ns = {"gc": Obj(getPlayer=Obj(getLevelExperienceModifier=modifier))}
        f = bts_function("CvGameUtils.py", "getExperienceNeeded", ns)
        for level in range(0, 21):
            assert dump("experience", level, modifier) == f(None, (level, 0)), (level, modifier)
    # By hand (CvGameUtils.getExperienceNeeded: iLevel * iLevel + 1): levels 1..10 without a modifier.
    assert [dump("experience", level, 0) for level in range(1, 11)] == [2, 5, 10, 17, 26, 37, 50, 65, 82, 101]
    # Charismatic's -25: floor division of -151 / 100 is -2 (10 - 2 = 8), where C++'s would give 9.
    assert dump("experience", 3, -25) == 8


SCORE_DEFINES = {"SCORE_FREE_PERCENT": 0, "SCORE_VICTORY_PERCENT": 20, "SCORE_HANDICAP_PERCENT_OFFSET": -10,
                 "SCORE_HANDICAP_PERCENT_PER": 5}


@needs_python
def test_score_component_is_cvutil(dump):
    cases = []
    for free in (0, 7):
        for final, victory in ((0, 0), (1, 0), (0, 1), (1, 1)):
            for exponential in (0, 1):
                for raw, initial, maximum, factor in ((0, 0, 0, 5000), (12, 4, 400, 5000), (57, 10, 1000, 2000),
                                                      (130, 92, 4211, 2000), (3, 0, 77, 1000), (9, 7, 5, 1000)):
                    for end, turn in ((0, 10), (500, 0), (500, 133), (330, 331)):
                        cases.append((raw, initial, maximum, factor, exponential, final, victory, end, turn, 3, free))
    for (raw, initial, maximum, factor, exponential, final, victory, end, turn, handicap, free) in cases:
        defines = dict(SCORE_DEFINES, SCORE_FREE_PERCENT=free)
        game = Obj(getEstimateEndTurn=end, getGameTurn=turn, getHandicapType=handicap)
        ns = {"gc": Obj(getGame=game, getDefineINT=None)}
        ns["gc"].getDefineINT = defines.get
        f = bts_function("CvUtil.py", "getScoreComponent", ns)
        expected = f(raw, initial, maximum, factor, bool(exponential), bool(final), bool(victory))
        got = dump("score", raw, initial, maximum, factor, exponential, final, victory, end, turn, handicap, free,
                   defines["SCORE_VICTORY_PERCENT"], defines["SCORE_HANDICAP_PERCENT_OFFSET"],
                   defines["SCORE_HANDICAP_PERCENT_PER"])
        assert got == expected, (raw, initial, maximum, factor, exponential, final, victory, end, turn, free)


CAPTURE_DEFINES = {"BASE_CAPTURE_GOLD": 20, "CAPTURE_GOLD_PER_POPULATION": 5, "CAPTURE_GOLD_RAND1": 20,
                   "CAPTURE_GOLD_RAND2": 20, "CAPTURE_GOLD_MAX_TURNS": 50}


@needs_python
def test_city_capture_gold_is_cvgameutils_with_its_draws_in_order(dump):
    for max_turns in (50, 0, 7):
        defines = dict(CAPTURE_DEFINES, CAPTURE_GOLD_MAX_TURNS=max_turns)
        for population, turn, acquired, draws in ((1, 100, 0, (3, 17)), (12, 100, 80, (0, 19)), (7, 10, 30, (5, 5)),
                                                  (30, 400, 399, (19, 1))):
            rng = Rng(draws)
            ns = {"gc": Obj(), "CyGame": lambda: Obj(getSorenRandNum=None, getGameTurn=turn),
                  "cyIntRange": lambda x, lo, hi: max(lo, min(hi, x))}
            ns["gc"].getDefineINT = defines.get
            game = Obj(getGameTurn=turn)
            game.getSorenRandNum = rng.getSorenRandNum
            ns["CyGame"] = lambda: game
            f = bts_function("CvGameUtils.py", "doCityCaptureGold", ns)
            expected = f(None, (Obj(getPopulation=population, getGameTurnAcquired=acquired),))
            assert rng.calls == [(defines["CAPTURE_GOLD_RAND1"], "Capture Gold 1"), (defines["CAPTURE_GOLD_RAND2"], "Capture Gold 2")]
            got = dump("capture", defines["BASE_CAPTURE_GOLD"], population, defines["CAPTURE_GOLD_PER_POPULATION"],
                       draws[0], draws[1], max_turns, turn - acquired)
            assert got == expected, (max_turns, population, turn, acquired, draws)
    # The host draws in the same order, with the same logs.
    with open(os.path.join(RUNTIME, "CvHostPythonAnswers.cpp"), encoding="utf-8") as f:
        logs = re.findall(r'getSorenRandNum\([^;]*"([^"]+)"\)', f.read())
    assert logs == ["Capture Gold 1", "Capture Gold 2", "Pillage Gold 1", "Pillage Gold 2"]


@needs_python
def test_pillage_gold_is_cvgameutils(dump):
    for change in (0, 50, 100, -30):
        for draws in ((0, 0), (13, 40), (7, 1)):
            rng = Rng(draws)
            game = Obj()
            game.getSorenRandNum = rng.getSorenRandNum
            ns = {"gc": Obj(getImprovementInfo=Obj(getPillageGold=45)), "CyGame": lambda: game}
            f = bts_function("CvGameUtils.py", "doPillageGold", ns)
            expected = f(None, (Obj(getImprovementType=3), Obj(getPillageChange=change)))
            assert [n for n, _ in rng.calls] == [45, 45]
            assert dump("pillage", draws[0], draws[1], change) == expected, (change, draws)
