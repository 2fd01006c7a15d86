"""The knobs reach every fork: for each real tree of ../shared/data/sdk, a temporary copy is
integrated, and its own CvXMLLoadUtility::SetGlobalDefines (taken from the copy now, never stored
here) is compiled natively behind the stand-in tools/sdk/cvsdk/defines_check.py generates, and run
with the files of a mod: the knobs file xml\\CvVision_GlobalDefines.xml is read once, after
GlobalDefines.xml (and GlobalDefinesAlt.xml), when the mod has it, and not asked for when it does
not, modular loading off and on; every other file is read as the untouched tree reads it. Skipped,
with the reason, when ../shared/data/sdk or g++ is absent. Also the generator on made-up functions:
members it generates, and a name it cannot stand in for (a clear failure naming it)."""

import subprocess
import sys
from pathlib import Path

import pytest

import sdk_trees

REPO = Path(__file__).resolve().parents[2]
TOOLS = REPO / "tools" / "sdk"
TREES = list(sdk_trees.TREES.values())
KNOBS = "xml\\CvVision_GlobalDefines.xml"

sys.path.insert(0, str(TOOLS))
import cvsdk.defines_check as check  # noqa: E402
import cvsdk.errors  # noqa: E402


def need_gxx():
    sdk_trees.need_program("g++", "the loading check compiles SetGlobalDefines natively")


def need_tree(name):
    tree = sdk_trees.need_dir(sdk_trees.SDK_ROOT / name / "CvGameCoreDLL")
    need_gxx()
    return tree


def integrated_copy(tree, target):
    """An integrated copy of tree (without BTS's Boost and Python folders). --force, so that the
    bodies other points of issue 24 still refuse do not stop the run; the knobs read itself must
    be placed without it (the --check run: no error about it)."""
    sdk_trees.writable_copy(tree, target, mixed_modes=False)
    tool = [sys.executable, str(TOOLS / "sdk_integrate.py")]
    checked = subprocess.run(tool + ["--check", str(target)], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, universal_newlines=True)
    about_defines = [line for line in checked.stdout.splitlines()
                     if "SetGlobalDefines" in line or "CvXMLLoadUtilitySet" in line]
    assert not [line for line in about_defines if line.startswith(("error", "warning"))], \
        checked.stdout
    done = subprocess.run(tool + ["--force", str(target)], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "CvXMLLoadUtilitySet.cpp" not in done.stderr, done.stderr
    assert "SetGlobalDefines: reads xml\\CvVision_GlobalDefines.xml after xml\\" in done.stdout
    return target


@pytest.mark.parametrize("name", TREES)
def test_the_trees_own_loading_path_reaches_the_knobs(tmp_path, name):
    tree = need_tree(name)
    copy = integrated_copy(tree, tmp_path / name)
    runs = check.check_loading(str(copy), str(tmp_path))
    assert check.knobs_problems(runs) == [], "\n".join(check.describe_runs(runs))
    for modular in (False, True):
        where = "%s, modular loading %s" % (name, "on" if modular else "off")
        without, read = runs[(modular, False)], runs[(modular, True)].read
        # the knobs read adds the knobs file and nothing else; every file the tree names is found
        assert KNOBS not in without.read, where
        assert [n for n in read if n != KNOBS] == without.read, where
        assert without.missing == runs[(modular, True)].missing == [], where
        assert read.index(KNOBS) > read.index("xml\\GlobalDefines.xml"), where
        assert read.index(KNOBS) > read.index("xml\\GlobalDefinesAlt.xml"), where
        if "xml\\PythonCallbackDefines.xml" in read:
            assert read.index(KNOBS) == read.index("xml\\PythonCallbackDefines.xml") + 1, where
        else:  # RoM-AND: no PythonCallbackDefines.xml; right after GlobalDefinesAlt.xml
            assert read.index(KNOBS) == read.index("xml\\GlobalDefinesAlt.xml") + 1, where
        if modular:
            assert check.MODULE_DEFINES in read, where


def test_the_untouched_romand_never_reads_the_knobs(tmp_path):
    """The layout that motivated the check: the tree's own code never asks for the knobs file."""
    runs = check.check_loading(str(need_tree("romand")), str(tmp_path))
    assert all(KNOBS not in run.read + run.missing for run in runs.values())
    assert "xml\\PythonCallbackDefines.xml" not in runs[(False, False)].read
    assert len(check.knobs_problems(runs)) == 2  # knobs present: read 0 times, modular off and on


# --- the generator on made-up functions --------------------------------------------------------

FUNCTION = r"""bool CvXMLLoadUtility::SetGlobalDefines()
{
	UpdateProgressCB("GlobalDefines");
	CvCacheObject* cache = gDLL->createGlobalDefinesCacheObject("GlobalDefines.dat");
	if (!ReadGlobalDefines("xml\\GlobalDefines.xml", cache))
	{
		return false;
	}
	CvMadeUpLoader* pLoader = new CvMadeUpLoader;
	std::vector<CvString> aszFiles;
	pLoader->listFiles(aszFiles, "defines");
	SAFE_DELETE(pLoader);
	{
		std::vector<CvString> aszKnobs;
		gDLL->enumerateFiles(aszKnobs, "xml\\CvVision_GlobalDefines.xml");
		if (!aszKnobs.empty())
		{
			ReadGlobalDefines("xml\\CvVision_GlobalDefines.xml", cache);
		}
	}
#ifdef MADE_UP_FLAG
	ReadGlobalDefines("xml\\Flagged_GlobalDefines.xml", cache);
#endif
	if (gDLL->isModularXMLLoading())
	{
		gDLL->enumerateFiles(aszFiles, "modules\\*_GlobalDefines.xml");
		for (std::vector<CvString>::iterator it = aszFiles.begin(); it != aszFiles.end(); ++it)
		{
			FAssertMsg(ReadGlobalDefines(*it, cache), "failed");
			%s
		}
	}
	gDLL->destroyCache(cache);
	GC.getDefinesVarSystem()->SetValue("MADE_UP", 1);
	if (GC.getDefineBOOL("DO_CACHING"))
	{
		GC.setDoCaching(true);
	}
	return true;
}
"""


def build(tmp_path, function, macros=None):
    return check.compile_stand_in(check.stand_in_source(function, macros), str(tmp_path))


def test_generated_members_and_types(tmp_path):
    need_gxx()
    function = FUNCTION % "ReadGlobalDefines(*it, cache);"
    members, own, types = check.used_names(function)
    assert {"listFiles", "getDefinesVarSystem", "SetValue", "createGlobalDefinesCacheObject"} <= members
    assert own == {"UpdateProgressCB"}
    assert types == {"CvMadeUpLoader"}
    exe = build(tmp_path, function)
    present = ["xml\\GlobalDefines.xml", "modules\\Mine\\Mine_GlobalDefines.xml"]
    run = check.run_loading(exe, False, present)
    assert run.read == ["xml\\GlobalDefines.xml"] and run.result is True
    run = check.run_loading(exe, True, present + [KNOBS])
    # FAssertMsg is compiled out, as in the game's release build: its read does not happen
    assert run.read == ["xml\\GlobalDefines.xml", KNOBS, "modules\\Mine\\Mine_GlobalDefines.xml"]
    run = check.run_loading(exe, False, [])
    assert run.missing == ["xml\\GlobalDefines.xml"] and run.result is False


def test_the_trees_macros_choose_the_branch(tmp_path):
    need_gxx()
    exe = build(tmp_path, FUNCTION % "", {"MADE_UP_FLAG": "1"})
    present = ["xml\\GlobalDefines.xml", "xml\\Flagged_GlobalDefines.xml"]
    assert check.run_loading(exe, False, present).read == present


def test_a_name_the_generator_cannot_stand_in_for_is_named(tmp_path):
    need_gxx()
    function = FUNCTION % "g_iMadeUpCount += MADE_UP_ENUM_VALUE;"
    with pytest.raises(cvsdk.errors.Refusal) as caught:
        build(tmp_path, function)
    message = str(caught.value)
    assert "CvXMLLoadUtility::SetGlobalDefines does not compile behind the stand-in" in message
    assert "g_iMadeUpCount" in message or "MADE_UP_ENUM_VALUE" in message
    assert "cannot stand in for" in message


def test_the_knobs_problems_are_said_in_words():
    good = check.LoadingRun("read xml\\GlobalDefines.xml\nread %s\nresult 1\n" % KNOBS)
    late = check.LoadingRun("read %s\nread xml\\GlobalDefines.xml\nresult 1\n" % KNOBS)
    none = check.LoadingRun("read xml\\GlobalDefines.xml\nresult 1\n")
    asked = check.LoadingRun("read xml\\GlobalDefines.xml\nmissing %s\nresult 0\n" % KNOBS)
    assert check.knobs_problems({(False, True): good, (False, False): none}) == []
    assert check.knobs_problems({(True, True): late}) == [
        "modular loading on, knobs file present: the knobs file is read before "
        "xml\\GlobalDefines.xml"]
    assert "read 0 times" in check.knobs_problems({(False, True): none})[0]
    assert check.knobs_problems({(False, False): asked}) == [
        "modular loading off, knobs file absent: the knobs file is asked for"]


def test_function_text_needs_exactly_one_definition():
    with pytest.raises(cvsdk.errors.Refusal) as caught:
        check.function_text("bool CvXMLLoadUtility::SetPostGlobalsGlobalDefines()\n{\n}\n",
                            "CvXMLLoadUtilitySet.cpp")
    assert str(caught.value) == ("CvXMLLoadUtilitySet.cpp: 0 definitions of "
                                 "CvXMLLoadUtility::SetGlobalDefines (the check runs exactly one)")
