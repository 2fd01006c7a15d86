"""tools/sdk/cvsdk/build_settings.py, the SDK tools' way to the one reader of a tree's build settings
(`cvvision build-settings`, tools/lib/formats/BuildSettings.cpp), and the agreement it brings: the
program itself, build_dll.py, the compile check / differential (projects.tree_defines) and the host
(tools/host/cvhost/core.py, less the Windows-only defines it drops) define the same names on every
real tree of ../shared/data/sdk."""

import importlib.util
import json
import os
import subprocess
import sys

import pytest

import sdk_trees

REPO = str(sdk_trees.REPO)
sys.path.insert(0, os.path.join(REPO, "tools", "sdk"))
from cvsdk import build_settings  # noqa: E402
from cvsdk.errors import UsageError  # noqa: E402
from cvsdk.projects import BASE_DEFINES, tree_defines  # noqa: E402
sys.path.insert(0, os.path.join(REPO, "tools", "host"))
from cvhost import core  # noqa: E402

spec = importlib.util.spec_from_file_location("build_dll", os.path.join(REPO, "tools", "sdk", "build_dll.py"))
build_dll = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_dll)


def names(defines):
    return {d.split("=", 1)[0]: (d.split("=", 1)[1] if "=" in d else "1") for d in defines}


@pytest.mark.parametrize("key", sorted(sdk_trees.TREES))
def test_the_program_build_dll_the_sdk_tools_and_the_host_define_the_same(key):
    tree = str(sdk_trees.need_dir(sdk_trees.tree_dir(key)))
    done = subprocess.run([build_settings.find_cvvision(), "build-settings", "--sdk", tree, "--format", "json"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert done.returncode == 0, done.returncode
    program = {d["name"]: "1" if d["value"] is None else d["value"]
               for d in json.loads(done.stdout.decode("utf-8"))["defines"]}
    dll = build_dll.tree_flags(tree, False)
    assert dll.source, "the tree has a build file"
    assert names(dll.defines) == program
    assert names(tree_defines(tree)) == program
    host = names(core.tree_build(tree).defines)
    assert host == {k: v for k, v in program.items() if k not in core._NOT_HOST_DEFINES}
    # what build_dll.py --dry-run compiles with
    plan = subprocess.run([sys.executable, os.path.join(REPO, "tools", "sdk", "build_dll.py"), "--sdk", tree,
                           "--dry-run"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    compiles = [line for line in plan.stdout.decode().splitlines() if " /c " in line]
    assert compiles
    assert {w[2:].split("=")[0] for w in compiles[0].split() if w.startswith("/D")} == set(program)


def test_the_real_trees_release_builds(tmp_path):
    advciv = sdk_trees.need_dir(sdk_trees.tree_dir("advciv"))
    found = build_settings.read_tree(str(advciv))
    assert found.source.endswith(os.path.join("Project", "Makefile"))
    assert found.kind == "makefile" and found.configuration == "Release"
    assert "FINAL_RELEASE" not in found.defines  # AdvCiv took it out of its Makefile
    assert found.def_file == os.path.join(str(advciv), "Project", "CvGameCoreDLL.def")
    assert found.psdk is None  # its Makefile.settings leaves PSDK= empty
    realism = build_settings.read_tree(str(sdk_trees.need_dir(sdk_trees.tree_dir("realism"))))
    assert "_USRDLL" in realism.defines  # $(Release_DEFINES): 77 civilization slots
    assert "LOG_AI" not in realism.defines  # its .vcproj's, for the editor; not the build's
    assert build_settings.read_tree(str(sdk_trees.need_dir(sdk_trees.tree_dir("bts")))).psdk == \
        "c:\\Program Files\\Microsoft SDKs\\Windows\\v6.0A"


def test_a_tree_of_our_own(tmp_path):
    (tmp_path / "Makefile").write_text(
        "GLOBAL_CFLAGS=/DWIN32 /DSLOTS=40\n"
        "!IF \"$(TARGET)\" == \"Release\"\nCFLAGS=/DNDEBUG $(GLOBAL_CFLAGS)\n"
        "!ELSE\nCFLAGS=/D_DEBUG $(GLOBAL_CFLAGS)\n!ENDIF\n")
    release = build_settings.read_tree(str(tmp_path))
    assert release.defines == ["NDEBUG", "WIN32", "SLOTS=40"]
    assert build_settings.read_tree(str(tmp_path), debug=True).defines == ["_DEBUG", "WIN32", "SLOTS=40"]
    assert build_settings.read_file(str(tmp_path / "Makefile")).source == str(tmp_path / "Makefile")
    assert tree_defines(str(tmp_path)) == release.defines
    empty = tmp_path / "empty"
    empty.mkdir()
    assert build_settings.read_tree(str(empty)).source == ""
    assert tree_defines(str(empty)) == BASE_DEFINES


def test_without_cvvision_the_error_says_how_to_build_it(tmp_path, monkeypatch):
    monkeypatch.setenv(build_settings.ENV, str(tmp_path / "no-cvvision"))
    with pytest.raises(UsageError) as e:
        build_settings.read_tree(str(tmp_path))
    assert "CVVISION=" in str(e.value) and "make build" in str(e.value)
    # build_dll.py lists it among what is missing
    (tmp_path / "CvPlot.cpp").write_text("")
    done = subprocess.run([sys.executable, os.path.join(REPO, "tools", "sdk", "build_dll.py"), "--sdk", str(tmp_path),
                           "--dry-run"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          env=dict(os.environ, CVVISION=str(tmp_path / "no-cvvision")))
    assert done.returncode == 1
    assert "cannot read the fork's build settings" in done.stderr.decode()


def test_a_bad_project_file_is_an_error(tmp_path):
    (tmp_path / "X.vcxproj").write_text("<Project><ItemGroup>")
    with pytest.raises(UsageError) as e:
        build_settings.read_tree(str(tmp_path))
    assert "X.vcxproj" in str(e.value)
