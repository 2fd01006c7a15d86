"""tools/sdk/make_mod.py: the mod folder's layout and contents, the DLL, and rebuilding from scratch."""

import filecmp
import importlib.util
import os
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, "tools", "sdk", "make_mod.py")
ASSETS = os.path.join(REPO, "Assets")
README = os.path.join(REPO, "tools", "sdk", "mod_readme.txt")

sys.dont_write_bytecode = True  # no __pycache__ in tools/
spec = importlib.util.spec_from_file_location("make_mod", SCRIPT)
make_mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(make_mod)


def run(*args):
    return subprocess.run([sys.executable, SCRIPT, *args], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True)


def files_under(root):
    return make_mod.listing(root)


@pytest.fixture
def dll(tmp_path):
    path = tmp_path / "build" / "CvGameCoreDLL.dll"
    path.parent.mkdir()
    path.write_bytes(b"MZ\x90\x00" + bytes(range(256)) * 4)
    return str(path)


def test_layout_without_dll(tmp_path):
    dist = tmp_path / "dist"
    done = run("--out", str(dist))
    assert done.returncode == 0, done.stderr
    mod = dist / "Mods" / "CvVision"
    repo_assets = files_under(ASSETS)
    assert "XML/CvVision_GlobalDefines.xml" in repo_assets
    assert sorted(files_under(str(mod))) == sorted(["CvVision.txt"] +
                                                   ["Assets/" + f for f in repo_assets])
    for rel in repo_assets:  # byte for byte
        assert filecmp.cmp(os.path.join(ASSETS, rel), str(mod / "Assets" / rel), shallow=False)
    assert not (mod / "Assets" / "CvGameCoreDLL.dll").exists()
    assert "the mod folder has no DLL yet" in done.stdout
    assert "make dll" in done.stdout
    assert str(mod) in done.stdout and "CvVision.txt" in done.stdout
    assert "Assets/XML/CvVision_GlobalDefines.xml" in done.stdout
    assert os.listdir(str(dist / "Mods")) == ["CvVision"], "no temporary folder may be left"


def test_readme_is_the_players_readme_with_windows_line_ends(tmp_path):
    assert run("--out", str(tmp_path)).returncode == 0
    written = (tmp_path / "Mods" / "CvVision" / "CvVision.txt").read_bytes()
    with open(README, "rb") as f:
        source = f.read()
    assert written == source.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    assert written.count(b"\r\n") == written.count(b"\n")


def test_readme_says_what_players_need():
    with open(README, encoding="utf-8") as f:
        text = f.read()
    text.encode("ascii")  # plain text, readable in any editor
    assert max(len(line) for line in text.splitlines()) <= 78
    for needed in ("Beyond the Sword", "Mods", "Advanced > Load a Mod", r"mod=\Mods\CvVision",
                   r"Assets\XML\CvVision_GlobalDefines.xml", "README", "CvGameCoreDLL.dll",
                   "does nothing by itself"):
        assert needed in text, needed


def test_dll_is_copied_when_given(tmp_path, dll):
    done = run("--dll", dll, "--out", str(tmp_path / "dist"))
    assert done.returncode == 0, done.stderr
    copied = tmp_path / "dist" / "Mods" / "CvVision" / "Assets" / "CvGameCoreDLL.dll"
    assert filecmp.cmp(dll, str(copied), shallow=False)
    assert "DLL included (from %s)" % dll in done.stdout
    assert "no DLL yet" not in done.stdout


def test_dll_under_another_name_is_installed_as_cvgamecoredll(tmp_path, dll):
    other = tmp_path / "build" / "MyBuild.dll"
    os.rename(dll, str(other))
    assert run("--dll", str(other), "--out", str(tmp_path / "dist")).returncode == 0
    assert (tmp_path / "dist" / "Mods" / "CvVision" / "Assets" / "CvGameCoreDLL.dll").is_file()


def test_missing_dll_is_an_error_naming_the_path(tmp_path):
    dist = tmp_path / "dist"
    assert run("--out", str(dist)).returncode == 0  # an earlier, good build
    before = files_under(str(dist / "Mods" / "CvVision"))
    missing = str(tmp_path / "nowhere" / "CvGameCoreDLL.dll")
    done = run("--dll", missing, "--out", str(dist))
    assert done.returncode == 1
    assert missing in done.stderr and "no such file" in done.stderr
    assert files_under(str(dist / "Mods" / "CvVision")) == before, "the old folder stays whole"


def test_a_file_that_is_not_a_dll_is_refused(tmp_path):
    fake = tmp_path / "CvGameCoreDLL.dll"
    fake.write_text("not a dll")
    done = run("--dll", str(fake), "--out", str(tmp_path / "dist"))
    assert done.returncode == 1
    assert str(fake) in done.stderr and "not a Windows DLL" in done.stderr
    assert not (tmp_path / "dist").exists()


def test_rebuilding_removes_stale_files(tmp_path, dll):
    dist = tmp_path / "dist"
    assert run("--dll", dll, "--out", str(dist)).returncode == 0
    mod = dist / "Mods" / "CvVision"
    (mod / "stale.txt").write_text("old")
    (mod / "Assets" / "XML" / "Old_GlobalDefines.xml").write_text("<old/>")
    (dist / "Mods" / "OtherMod").mkdir()  # other mods are left alone
    done = run("--out", str(dist))  # this time without a DLL
    assert done.returncode == 0, done.stderr
    assert not (mod / "stale.txt").exists()
    assert not (mod / "Assets" / "XML" / "Old_GlobalDefines.xml").exists()
    assert not (mod / "Assets" / "CvGameCoreDLL.dll").exists()
    assert sorted(os.listdir(str(dist / "Mods"))) == ["CvVision", "OtherMod"]
    assert "no DLL yet" in done.stdout


def test_failure_while_assembling_leaves_the_old_folder(tmp_path, monkeypatch):
    dist = str(tmp_path / "dist")
    make_mod.make_mod(dist, None)
    mod = os.path.join(dist, "Mods", "CvVision")
    before = files_under(mod)

    def broken(target, assets, readme, dll):
        os.makedirs(os.path.join(target, "Assets"))
        raise OSError("disk full")

    monkeypatch.setattr(make_mod, "assemble", broken)
    with pytest.raises(OSError):
        make_mod.make_mod(dist, None)
    assert files_under(mod) == before
    assert os.listdir(os.path.join(dist, "Mods")) == ["CvVision"], "the temporary folder is removed"


def test_copies_whatever_assets_hold(tmp_path):
    assets = tmp_path / "Assets"
    (assets / "XML" / "Text").mkdir(parents=True)
    (assets / "XML" / "Text" / "CvVision_Text.xml").write_text("<t/>")
    (assets / "Python").mkdir()
    (assets / "Python" / "CvVisionTools.py").write_text("pass\n")
    mod = make_mod.make_mod(str(tmp_path / "dist"), None, assets=str(assets))
    assert files_under(mod) == ["CvVision.txt", "Assets/Python/CvVisionTools.py",
                                "Assets/XML/Text/CvVision_Text.xml"]


def test_default_out_is_the_repos_dist():
    assert make_mod.make_parser().parse_args([]).out == os.path.join(REPO, "dist")


def test_help_and_bad_usage():
    done = run("--help")
    assert done.returncode == 0 and "--dll" in done.stdout and "--out" in done.stdout
    done = run("--frobnicate")
    assert done.returncode == 2 and "usage:" in done.stderr
