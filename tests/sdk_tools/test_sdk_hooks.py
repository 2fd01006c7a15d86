"""sdk-integrate's hooks telling CvVisionSdk of a new map, a load and its end (issue 16, part 8),
and the guarded read of xml\\CvVision_GlobalDefines.xml on a whole tree. Python 3.8+, pytest."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools", "sdk"))
import cvsdk.hooks  # noqa: E402

PLOT = ("#include \"CvGameCoreDLL.h\"\n#include \"CvPlot.h\"\n\n"
        "void CvPlot::reset(int iX, int iY, bool bConstructorCall)\n{\n\tm_iX = iX;\n}\n\n"
        "void CvPlot::read(FDataStreamBase* pStream)\n{\n\treset();\n\tpStream->Read(&m_iX);\n}\n")
GAME = ("#include \"CvGameCoreDLL.h\"\n\nvoid CvGame::update()\n{\n\tdoTurn();\n}\n"
        "void CvGame::update(int iUnrelated)\n{\n}\n")


def test_plot_hooks_reset_first_read_last():
    warnings = []
    new_text, actions = cvsdk.hooks.patch_plot_hooks(PLOT, "CvPlot.cpp", warnings)
    assert not warnings
    assert "{\n\tCvVisionSdk::onPlotReset(*this); // CvVision\n\tm_iX = iX;" in new_text
    # after read's own reset(): a load is told after the reset of the plot
    assert "pStream->Read(&m_iX);\n\tCvVisionSdk::onPlotRead(*this); // CvVision\n}" in new_text
    assert new_text.count('#include "CvVisionSdk.h" // CvVision') == 1
    again, _ = cvsdk.hooks.patch_plot_hooks(new_text, "CvPlot.cpp", warnings)
    assert again == new_text and not warnings


def test_plot_hooks_use_the_constructor_without_reset():
    text = "CvPlot::CvPlot(int iUnused)\n{\n}\nCvPlot::CvPlot()\r\n{\r\n    m_iX = 0;\r\n}\r\n"
    new_text, actions = cvsdk.hooks.patch_plot_hooks(text, "CvPlot.cpp", [])
    assert "CvPlot::CvPlot()\r\n{\r\n    CvVisionSdk::onPlotReset(*this); // CvVision\r\n" in new_text
    assert "CvPlot::CvPlot(int iUnused)\n{\n}\n" in new_text


def test_missing_plot_hooks_are_warned():
    warnings = []
    text = "int CvPlot::seeThroughLevel() const\n{\n\treturn 1;\n}\n"
    new_text, _ = cvsdk.hooks.patch_plot_hooks(text, "CvPlot.cpp", warnings)
    assert new_text == text
    assert len(warnings) == 2
    assert all("CyVision().onGameLoaded()" in w for w in warnings)
    assert "CvPlot::reset" in warnings[0] and "CvPlot::read" in warnings[1]


def test_read_with_a_return_is_warned():
    warnings = []
    text = "void CvPlot::read(FDataStreamBase* p)\n{\n\tif (!p)\n\t\treturn;\n}\n"
    cvsdk.hooks.patch_plot_hooks(text, "CvPlot.cpp", warnings)
    assert any("return statement" in w for w in warnings)


def test_game_update_hook_first():
    warnings = []
    new_text, actions = cvsdk.hooks.patch_game_update(GAME, "CvGame.cpp", warnings)
    assert not warnings
    assert "void CvGame::update()\n{\n\tCvVisionSdk::onGameUpdate(); // CvVision\n\tdoTurn();" \
        in new_text
    assert new_text.count("onGameUpdate") == 1
    assert '#include "CvGameCoreDLL.h"\n#include "CvVisionSdk.h" // CvVision\n' in new_text
    again, _ = cvsdk.hooks.patch_game_update(new_text, "CvGame.cpp", warnings)
    assert again == new_text and not warnings


def test_missing_game_update_is_warned():
    warnings = []
    assert cvsdk.hooks.patch_game_update("void f()\n{\n}\n", "CvGame.cpp", warnings)[0] == \
        "void f()\n{\n}\n"
    assert "CvGame::update() not found" in warnings[0]


ADVCIV_SEE_FROM = """void CvTeam::changeExtraWaterSeeFromCount(int iChange)
{
	if (iChange == 0)
		return;

	GC.getMap().updateSight(false);

	m_iExtraWaterSeeFromCount = (m_iExtraWaterSeeFromCount + iChange);
	GC.getMap().updateSight(true);
}
"""


def test_optics_guard_goes_first_even_before_an_early_return():
    """The guard is an object: first in the body, it lives through both whole-map re-sights and
    ends at any return (AdvCiv's function returns early when the change is 0)."""
    warnings = []
    text = '#include "CvGameCoreDLL.h"\n' + ADVCIV_SEE_FROM
    new_text, actions = cvsdk.hooks.patch_team_hooks(text, "CvTeam.cpp", warnings)
    assert not warnings
    assert ("void CvTeam::changeExtraWaterSeeFromCount(int iChange)\n{\n"
            "\tCvVisionSdkSeeFromChange kCvVisionSeeFromChange(getID()); // CvVision\n"
            "\tif (iChange == 0)") in new_text
    assert '#include "CvGameCoreDLL.h"\n#include "CvVisionSdk.h" // CvVision\n' in new_text
    assert any("changeExtraWaterSeeFromCount" in a for a in actions)
    again, _ = cvsdk.hooks.patch_team_hooks(new_text, "CvTeam.cpp", warnings)
    assert again == new_text and not warnings
    listed = cvsdk.hooks.describe_hooks(cvsdk.hooks.placed_hooks({"CvTeam.cpp": new_text}.get))
    assert "CvTeam::changeExtraWaterSeeFromCount (Optics)" in listed[0]


def test_a_tree_without_the_optics_function_is_warned_not_refused(tmp_path):
    warnings = []
    assert cvsdk.hooks.patch_team_hooks("void f()\n{\n}\n", "CvTeam.cpp", warnings)[0] == \
        "void f()\n{\n}\n"
    assert "CvTeam::changeExtraWaterSeeFromCount not found" in warnings[0]
    assert "re-sights the whole map as the tree does" in warnings[0]
    tree = mock_tree(tmp_path)
    (tree / "CvTeam.cpp").write_bytes(b"// no Optics here\n")
    tool = os.path.join(ROOT, "tools", "sdk", "sdk_integrate.py")
    done = subprocess.run([sys.executable, tool, "--force", str(tree)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "warning: CvTeam.cpp: CvTeam::changeExtraWaterSeeFromCount not found" in done.stderr


def mock_tree(tmp_path):
    """A whole tree made of the mock: its unintegrated sources and its headers."""
    tree = tmp_path / "sdk"
    mock = os.path.join(ROOT, "tools", "sdk", "standin")
    unintegrated = os.path.join(ROOT, "tests", "sdk", "sdk_unintegrated")
    tree.mkdir()
    for name in os.listdir(unintegrated):
        with open(os.path.join(unintegrated, name), "rb") as f:
            (tree / name).write_bytes(f.read())
    for name in os.listdir(mock):  # the mock's headers: a whole tree, not a partial one
        if name.endswith(".h"):
            with open(os.path.join(mock, name), "rb") as f:
                (tree / name).write_bytes(f.read())
    return tree


def test_a_hook_that_cannot_be_placed_refuses_the_tree_unless_force(tmp_path):
    tree = mock_tree(tmp_path)
    game = tree / "CvGame.cpp"
    game.write_bytes(game.read_bytes().replace(b"CvGame::update", b"CvGame::updateLater"))
    before = {p.name: p.read_bytes() for p in tree.iterdir()}
    tool = os.path.join(ROOT, "tools", "sdk", "sdk_integrate.py")
    refused = subprocess.run([sys.executable, tool, "--force", "--check", str(tree)],
                             capture_output=True, text=True)
    assert refused.returncode == 0 and "warning: CvGame.cpp: CvGame::update() not found" \
        in refused.stderr
    refused = subprocess.run([sys.executable, tool, str(tree)], capture_output=True, text=True)
    assert refused.returncode == 1
    assert "CvGame::update() not found" in refused.stderr
    assert "--force integrates without this hook" in refused.stderr
    assert {p.name: p.read_bytes() for p in tree.iterdir()} == before


def test_whole_tree_hooks_and_revert(tmp_path):
    """On a mock tree: the hooks go in, a second run changes nothing, --revert restores."""
    tree = mock_tree(tmp_path)
    before = {p.name: p.read_bytes() for p in tree.iterdir()}
    tool = os.path.join(ROOT, "tools", "sdk", "sdk_integrate.py")
    # --force: the mock's CvPlot bodies are our own stand-ins, neither BTS's nor AdvCiv's
    first = subprocess.run([sys.executable, tool, "--force", str(tree)], capture_output=True,
                           text=True)
    assert first.returncode == 0, first.stderr
    assert "warning" not in first.stderr
    assert b"CvVisionSdk::onPlotRead(*this); // CvVision" in (tree / "CvPlot.cpp").read_bytes()
    assert b"CvVisionSdk::onGameUpdate(); // CvVision" in (tree / "CvGame.cpp").read_bytes()
    assert b"CvVisionSdkSeeFromChange kCvVisionSeeFromChange(getID()); // CvVision" \
        in (tree / "CvTeam.cpp").read_bytes()
    xml = (tree / "CvXMLLoadUtilitySet.cpp").read_bytes()
    assert b'gDLL->enumerateFiles(aszCvVisionDefines, "xml\\\\CvVision_GlobalDefines.xml");' in xml
    second = subprocess.run([sys.executable, tool, "--force", str(tree)], capture_output=True,
                            text=True)
    assert second.returncode == 0 and "nothing to do" in second.stdout
    reverted = subprocess.run([sys.executable, tool, "--revert", str(tree)], capture_output=True,
                              text=True)
    assert reverted.returncode == 0, reverted.stderr
    assert {p.name: p.read_bytes() for p in tree.iterdir()} == before


def test_placed_hooks_are_listed_with_their_functions():
    texts = {
        "CvPlot.cpp": "void CvPlot::reset(int iX)\n{\n\tCvVisionSdk::onPlotReset(*this);\n}\n"
                      "void CvPlot::read(FDataStreamBase* p)\n{\n\t// CvVisionSdk::onPlotRead(*this);\n}\n",
        "CvGame.cpp": "void CvGame::update()\n{\n\tCvVisionSdk::onGameUpdate();\n}\n",
    }
    lines = cvsdk.hooks.describe_hooks(cvsdk.hooks.placed_hooks(texts.get))
    assert lines[0] == "hooks placed: CvPlot::reset (a new map); CvGame::update (the end of a load)"
    assert lines[1] == ("hooks NOT placed: a loaded game in CvPlot.cpp; Optics in CvTeam.cpp; "
                        "in-game Python in CvDLLPython.cpp; the knobs file in CvXMLLoadUtilitySet.cpp")
