"""The shape of the tree: which folder may include which (docs/contributing.md, "Layout").

    CvGameCoreDLL/      the DLL side; the game's SDK headers and itself, nothing of the host
    tools/lib/LAYER/    the host library; a layer includes the layers listed before it:
                        support, model, formats | render, scenario, analysis
    tools/cvvision/     the command line: the library
    tools/python/       the Python module: the library
    tools/civ2huts/     Civilization II: tools/lib/support alone (it shares nothing with vision)
    tools/host/         the host: its runtime is compiled against a tree's own headers (sdk) and
                        nothing of the project's but the DLL side's adapter it hosts (`cvcore
                        rules`: CvGameCoreDLL/CvVisionSdkRules.h), as the game does
    tests/              anything

Nothing under tools/ or CvGameCoreDLL/ includes from tests/, and no two paths differ only in case
(they would collide on a Windows or macOS checkout).

The build itself stops a library layer from including or calling an upper one (tools/lib's
CMakeLists.txt, shown by CTest tree.layer_build); this check names the offending line quickly and
covers what the build does not see: the DLL side, the programs, the bindings and tests/, "../" in
includes, and case. Its table of layers must be the build's (test_layer_table_is_the_builds).
"""
import os
import re
import subprocess
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCE_SUFFIXES = (".h", ".cpp")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
LIB_LAYERS = ["support", "model", "formats", "render", "scenario", "analysis"]
# What each library layer may include besides itself and the DLL side.
LAYER_USES = {
    "support": set(),
    "model": {"support"},
    "formats": {"support", "model"},
    "render": {"support", "model"},
    "scenario": {"support", "model", "formats", "render"},
    "analysis": {"support", "model", "formats", "render", "scenario"},
}
LIBRARY = {"lib/" + layer for layer in LIB_LAYERS}
# Headers the differential (tools/sdk/cvsdk/differential.py) writes for the tree it checks, which
# the SDK stand-in includes only then (CV_STANDIN_GENERATED).
GENERATED_AT_CHECK = {"CvStandinGlobalsDefines.h", "CvStandinPlotVision.h"}
# What each component may include besides itself.
USES = {
    "dll": {"sdk"},
    "cvvision": LIBRARY | {"dll"},
    "python": LIBRARY | {"dll"},
    "civ2huts": {"lib/support"},
    "sdk": {"dll"},  # the SDK stand-in (tools/sdk/standin) hosts the adapter, as the game does
    "host": {"sdk", "dll"},  # the host's runtime, compiled against the tree it runs; `rules` hosts the adapter
}
for _layer, _uses in LAYER_USES.items():
    USES["lib/" + _layer] = {"lib/" + u for u in _uses} | ({"dll"} if _layer != "support" else set())


def component(path):
    """The component a repository-relative path belongs to, or None (outside the checked tree)."""
    parts = path.split("/")
    if parts[0] == "CvGameCoreDLL":
        return "dll"
    if parts[0] == "tests":
        return "tests"
    if parts[0] == "tools" and len(parts) > 2:
        if parts[1] == "lib" and len(parts) > 3:
            return "lib/" + parts[2]
        return parts[1]
    return None


def resolve(including, name, files):
    """The repository file a quoted include names: beside the includer, then on the include paths
    the build gives (tools/lib, CvGameCoreDLL, then the test folders). SDK headers, which the
    repository has only as the tests' mock, are "sdk" when the DLL side includes them."""
    here = os.path.dirname(including)
    for base in (here, "tools/lib", "CvGameCoreDLL"):
        candidate = os.path.normpath(os.path.join(base, name)).replace(os.sep, "/")
        if candidate in files:
            return candidate
    for base in ("tests", "tools/sdk/standin", "tests/fuzz"):
        candidate = os.path.normpath(os.path.join(base, name)).replace(os.sep, "/")
        if candidate in files:
            return "sdk" if component(including) in ("dll", "host") and base == "tools/sdk/standin" else candidate
    return "sdk" if component(including) in ("dll", "host") else None


def violations(files, read):
    """Every include that breaks the rules, as 'file: includes "name" (from -> to)'."""
    found = []
    for path in sorted(files):
        source = component(path)
        if source is None or source == "tests" or not path.endswith(SOURCE_SUFFIXES):
            continue
        for name in INCLUDE.findall(read(path)):
            if ".." in name.split("/"):
                found.append('%s: includes "%s" (no ../ in includes)' % (path, name))
                continue
            target_path = resolve(path, name, files)
            if target_path is None and name in GENERATED_AT_CHECK:
                continue
            if target_path is None:
                found.append('%s: includes "%s", which is not in the repository' % (path, name))
                continue
            target = target_path if target_path == "sdk" else component(target_path)
            if target != source and target not in USES.get(source, set()):
                found.append('%s: includes "%s" (%s -> %s)' % (path, name, source, target))
    return found


def repository_files():
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return {line for line in out.splitlines() if os.path.exists(os.path.join(ROOT, line))}


def read_file(path):
    with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as f:
        return f.read()


def test_includes_point_one_way():
    assert violations(repository_files(), read_file) == []


def test_layer_table_is_the_builds():
    with open(os.path.join(ROOT, "tools", "lib", "CMakeLists.txt"), encoding="utf-8") as f:
        code = f.read()
    table = {layer: set(uses.replace('"', "").split())
             for layer, uses in re.findall(r"^set\(CVVISION_LAYER_USES_(\w+) ([^)]*)\)", code, re.M)}
    assert table == LAYER_USES


def test_no_two_paths_differ_only_in_case():
    seen = {}
    clashes = []
    for path in sorted(repository_files()):
        key = path.lower()
        if key in seen:
            clashes.append("%s and %s" % (seen[key], path))
        seen[key] = path
    assert clashes == []


def test_each_host_folder_builds_itself():
    for folder in ["tools", "tools/lib", "tools/cvvision", "tools/civ2huts", "tools/python",
                   "tools/sdk", "tests"]:
        assert os.path.isfile(os.path.join(ROOT, folder, "CMakeLists.txt")), folder


def test_tests_are_folders_by_layer_and_kind():
    """tests/ holds only its CMakeLists.txt at its top; each folder of it (each layer's under lib/)
    builds itself (docs/tests.md, "The map of tests/")."""
    files = repository_files()
    assert {f for f in files if f.count("/") == 1 and f.startswith("tests/")} == {"tests/CMakeLists.txt"}
    folders = {"/".join(f.split("/")[:3 if f.startswith("tests/lib/") else 2])
               for f in files if f.startswith("tests/") and f.count("/") > 1}
    for folder in sorted(folders - {"tests/lib"}):
        assert folder + "/CMakeLists.txt" in files, folder


def test_host_builds_do_not_reach_into_tests():
    for folder, _dirs, names in os.walk(os.path.join(ROOT, "tools")):
        if "CMakeLists.txt" in names:
            with open(os.path.join(folder, "CMakeLists.txt"), encoding="utf-8") as f:
                code = re.sub(r"#.*", "", f.read())
            assert not re.search(r"\btests\b", code), os.path.relpath(folder, ROOT)


# --- the checker itself, on made-up trees -------------------------------------------------------

def check(tree):
    return violations(set(tree), lambda path: tree[path])


@pytest.mark.parametrize("path, text, expected", [
    ("tools/lib/model/A.h", '#include "formats/B.h"\n', "lib/model -> lib/formats"),
    ("tools/lib/formats/A.h", '#include "render/R.h"\n', "lib/formats -> lib/render"),
    ("tools/lib/support/A.h", '#include "CvVisionEngine.h"\n', "lib/support -> dll"),
    ("tools/cvvision/A.cpp", '#include "engine/RandomMaps.h"\n', "cvvision -> tests"),
    ("tools/civ2huts/A.cpp", '#include "model/M.h"\n', "civ2huts -> lib/model"),
    ("tools/python/A.cpp", '#include "Commands.h"\n', "not in the repository"),
    ("CvGameCoreDLL/A.h", '#include "model/M.h"\n', "dll -> lib/model"),
    ("tools/lib/analysis/A.h", '#include "../model/M.h"\n', "no ../"),
])
def test_a_wrong_include_is_named(path, text, expected):
    tree = {"tools/lib/formats/B.h": "", "tools/lib/render/R.h": "", "tools/lib/model/M.h": "",
            "CvGameCoreDLL/CvVisionEngine.h": "", "tests/engine/RandomMaps.h": "",
            "tools/cvvision/Commands.h": "", path: text}
    found = check(tree)
    assert len(found) == 1 and expected in found[0], found


def test_right_includes_pass():
    tree = {"tools/lib/model/M.h": '#include "support/S.h"\n#include "CvVisionEngine.h"\n',
            "tools/lib/support/S.h": "#include <vector>\n",
            "tools/lib/analysis/A.cpp": '#include "analysis/A.h"\n#include "render/R.h"\n',
            "tools/lib/analysis/A.h": '#include "model/M.h"\n',
            "tools/lib/render/R.h": "",
            "tools/civ2huts/main.cpp": '#include "Civ2Huts.h"\n#include "support/S.h"\n',
            "tools/civ2huts/Civ2Huts.h": "",
            "CvGameCoreDLL/CvVisionEngine.h": "",
            "CvGameCoreDLL/CvVisionSdk.cpp": '#include "CvGameCoreDLL.h"\n#include "CvVisionEngine.h"\n',
            "tests/lib/model/test_x.cpp": '#include "engine/RandomMaps.h"\n#include "model/M.h"\n'}
    assert check(tree) == []
