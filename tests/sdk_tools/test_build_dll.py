"""tools/sdk/build_dll.py: the checks, the commands, and the runner (with a fake Wine toolchain).

No real toolkit is needed: the layouts are fake trees of empty files in tmp_path, and the "Wine"
is a small Python script that plays cl.exe and link.exe.
"""

import importlib.util
import os
import shlex
import stat
import subprocess
import sys
import textwrap

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, "tools", "sdk", "build_dll.py")

sys.dont_write_bytecode = True  # no __pycache__ in tools/
spec = importlib.util.spec_from_file_location("build_dll", SCRIPT)
build_dll = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_dll)

on_windows = os.name == "nt"
linux_only = pytest.mark.skipif(on_windows, reason="Wine is only used on Linux")

RELEASE = ["/MD", "/O2", "/Oy", "/Oi", "/G7", "/DNDEBUG", "/DFINAL_RELEASE"]
COMMON = ["/nologo", "/GR", "/Gy", "/W3", "/EHsc", "/Gd", "/Gm-", "/DWIN32", "/D_WINDOWS",
          "/D_USRDLL", "/DCVGAMECOREDLL_EXPORTS"]
LIBS = ["boost_python-vc71-mt-1_32.lib", "python24.lib", "winmm.lib", "user32.lib"]

PCH = '#include "CvGameCoreDLL.h"\n'


def write(path, text=""):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    return path


FAKE_WINE = textwrap.dedent('''\
    #!{python}
    # Plays cl.exe and link.exe: logs each call, writes the outputs, fails on request.
    import os, sys
    exe, args = sys.argv[1], sys.argv[2:]
    with open(os.environ["FAKE_WINE_LOG"], "a") as log:
        for var in ("INCLUDE", "LIB"):
            if var in os.environ:
                log.write("env " + var + "\\n")
        log.write(os.path.basename(exe) + " " + " ".join(args) + "\\n")
    def unix(p):
        return p[2:].replace("\\\\", "/") if p[:2].upper() == "Z:" else p
    tool = os.path.basename(exe).lower()
    if tool == "cl.exe":
        src = unix(args[-1])
        name = os.path.basename(src)
        print(name)
        if not os.path.isfile(src):
            print("c1xx : fatal error C1083: Cannot open source file: " + args[-1]); sys.exit(2)
        if os.environ.get("FAKE_FAIL") == name:
            print(args[-1] + "(3) : error C2065: 'oops' : undeclared identifier"); sys.exit(2)
        if os.environ.get("FAKE_WARN") == name:
            print(args[-1] + "(7) : warning C4244: conversion, possible loss of data")
        for a in args:
            if a.startswith("/Yu") and not os.path.isfile("CvGameCoreDLL.pch"):
                print("fatal error C1083: Cannot open precompiled header file"); sys.exit(2)
        for a in args:
            if a.startswith("/Fo"):
                open(a[3:], "w").write("obj")
            if a.startswith("/Yc"):
                open("CvGameCoreDLL.pch", "w").write("pch")
        sys.exit(0)
    if tool == "link.exe":
        for a in args:
            if a.lower().endswith(".obj") and not os.path.isfile(a):
                print("LINK : fatal error LNK1181: cannot open input file '%s'" % a); sys.exit(1)
        if os.environ.get("FAKE_LINK_FAIL"):
            print("CvPlot.obj : error LNK2019: unresolved external symbol"); sys.exit(1120)
        out = [a[5:] for a in args if a.startswith("/OUT:")][0]
        open(out, "wb").write(b"MZ fake dll")
        sys.exit(0)
    sys.exit(3)
''')


def make_executable(path, text):
    write(path, text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


@pytest.fixture
def layout(tmp_path):
    """A complete fake layout: an integrated SDK (game layout, with Boost and Python inside), a
    toolkit, a Platform SDK spelled like the real one (Lib/WinMM.Lib), and a fake Wine."""
    root = tmp_path
    sdk = root / "game" / "CvGameCoreDLL"
    write(str(sdk / "CvGameCoreDLL.h"), "// pch\n")
    write(str(sdk / "_precompile.cpp"), PCH)
    write(str(sdk / "CvPlot.cpp"), PCH + '#include "CvPlot.h"\n#include "CvVisionSdk.h"\n')
    write(str(sdk / "CvUnit.cpp"), "// the unit\n" + PCH)
    write(str(sdk / "CvGame.cpp"), PCH)
    write(str(sdk / "CvTextScreens.cpp"), PCH)
    write(str(sdk / "CvVisionSdk.h"), "// adapter\n")
    write(str(sdk / "CvVisionEngine.cpp"), '#include "CvVisionEngine.h"\n')
    write(str(sdk / "CvVisionRules.cpp"), '#include "CvVisionRules.h"\n')
    write(str(sdk / "CvVisionTables.cpp"), '#include "CvVisionTables.h"\n')
    write(str(sdk / "notes.txt"), "not a source\n")
    write(str(sdk / "sub" / "Extra.cpp"), PCH)  # subfolders are not compiled
    write(str(sdk / "Boost-1.32.0" / "include" / "boost" / "python.hpp"))
    write(str(sdk / "Boost-1.32.0" / "libs" / "boost_python-vc71-mt-1_32.lib"))
    write(str(sdk / "Python24" / "include" / "Python.h"))
    write(str(sdk / "Python24" / "libs" / "python24.lib"))
    toolkit = root / "Microsoft Visual C++ Toolkit 2003"
    for name in ("bin/cl.exe", "bin/link.exe", "include/vector", "lib/msvcrt.lib",
                 "lib/msvcprt.lib"):
        write(str(toolkit / name))
    psdk = root / "psdk"
    for name in ("Include/Windows.h", "Lib/Kernel32.Lib", "Lib/User32.Lib", "Lib/WinMM.Lib"):
        write(str(psdk / name))
    wine = make_executable(str(root / "wine-bin" / "wine"), FAKE_WINE.format(python=sys.executable))

    class L:
        pass

    ly = L()
    ly.root, ly.sdk, ly.toolkit, ly.psdk, ly.wine = str(root), str(sdk), str(toolkit), str(psdk), wine
    ly.log = str(root / "wine.log")
    ly.args = ["--sdk", ly.sdk, "--toolkit", ly.toolkit, "--psdk", ly.psdk, "--wine", wine]
    return ly


def run(args, env=None):
    full_env = dict(os.environ)
    full_env.update(env or {})
    return subprocess.run([sys.executable, SCRIPT, *args], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True, env=full_env)


def dry_run(ly, *extra):
    done = run(ly.args + ["--dry-run", *extra])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    return done, lines[0], [shlex.split(line) for line in lines[1:]]


def compile_of(commands, name):
    found = [c for c in commands if c[1].endswith("cl.exe") and c[-1].endswith("\\" + name)]
    assert len(found) == 1, (name, commands)
    return found[0]


# ---------------------------------------------------------------------------------------------
# usage


def test_help_exits_0():
    done = run(["--help"])
    assert done.returncode == 0
    for word in ("--sdk", "--toolkit", "--psdk", "--dry-run", "--debug", "--wine", "--boost",
                 "--python", "--out"):
        assert word in done.stdout


@pytest.mark.parametrize("args", [["--frobnicate"], ["--jobs", "0"], ["--jobs", "many"],
                                  ["stray-argument"]])
def test_bad_usage_exits_2(args):
    done = run(args)
    assert done.returncode == 2
    assert "usage:" in done.stderr


# ---------------------------------------------------------------------------------------------
# checks


def test_nothing_given_names_the_three_folders():
    done = run(["--wine", sys.executable])  # any executable will do as Wine here
    assert done.returncode == 1
    assert "3 things to fix" in done.stderr
    for option in ("--sdk is not given", "--toolkit is not given", "--psdk is not given"):
        assert option in done.stderr
    assert "Visual C++ Toolkit 2003" in done.stderr and "Platform SDK" in done.stderr
    assert done.stdout == ""


def test_every_missing_piece_is_reported_at_once(tmp_path):
    sdk = tmp_path / "CvGameCoreDLL"
    write(str(sdk / "CvGameCoreDLL.h"))
    write(str(sdk / "CvPlot.cpp"), PCH + '#include "CvVisionSdk.h"\n')
    write(str(sdk / "CvVisionSdk.h"))
    for name in ("CvVisionEngine.cpp", "CvVisionRules.cpp", "CvVisionTables.cpp"):
        write(str(sdk / name))
    os.makedirs(str(sdk / "Boost-1.32.0" / "include"))  # no headers, no libs
    os.makedirs(str(tmp_path / "toolkit" / "bin"))
    os.makedirs(str(tmp_path / "psdk" / "Include"))
    done = run(["--sdk", str(sdk), "--toolkit", str(tmp_path / "toolkit"),
                "--psdk", str(tmp_path / "psdk"), "--wine", "/nonexistent/wine"])
    assert done.returncode == 1
    err = " ".join(done.stderr.split())  # undo the wrapping
    for missing in ("include/boost/python.hpp", "libs/boost_python-vc71-mt-1_32.lib",
                    "no folder " + str(sdk / "Python24"),
                    "bin/cl.exe", "bin/link.exe", "lib", "Include/windows.h", "Lib/kernel32.lib",
                    "Lib/user32.lib", "Lib/winmm.lib", "msvcrt.lib, msvcprt.lib"):
        assert missing in err, missing
    assert "--boost DIR" in err and "--python DIR" in err
    assert ".NET Framework SDK 1.1" in err
    if not on_windows:
        assert "Wine: /nonexistent/wine does not exist" in err
        assert "6 things to fix" in err
    assert not os.path.exists(str(tmp_path / "cvvision-build")), "nothing may run or be created"


def test_sdk_not_integrated_says_to_run_sdk_integrate(layout):
    os.remove(os.path.join(layout.sdk, "CvVisionSdk.h"))
    write(os.path.join(layout.sdk, "CvPlot.cpp"), PCH + '// #include "CvVisionSdk.h"\n')
    done = run(layout.args)
    assert done.returncode == 1
    err = " ".join(done.stderr.split())
    assert "is not integrated with CvVision yet" in err
    assert "no CvVisionSdk.h" in err
    assert 'CvPlot.cpp does not #include "CvVisionSdk.h"' in err
    assert "run `tools/sdk/sdk-integrate %s` first" % layout.sdk in err
    assert "1 thing to fix" in err


def test_sdk_missing_engine_sources_is_not_integrated(layout):
    os.remove(os.path.join(layout.sdk, "CvVisionEngine.cpp"))
    done = run(layout.args)
    assert done.returncode == 1
    assert "no CvVisionEngine.cpp" in done.stderr and "sdk-integrate" in done.stderr


def test_a_folder_that_is_not_an_sdk_is_named(tmp_path, layout):
    done = run(["--sdk", str(tmp_path / "wine-bin"), "--toolkit", layout.toolkit,
                "--psdk", layout.psdk, "--wine", layout.wine])
    assert done.returncode == 1
    assert "has no CvGameCoreDLL.h" in done.stderr
    assert "sdk-integrate" not in done.stderr  # one message for a wrong folder, not two


@linux_only
def test_wine_is_required_on_linux(layout):
    done = run(layout.args[:-2] + ["--wine", "/nonexistent/wine"])
    assert done.returncode == 1
    assert "1 thing to fix" in done.stderr
    assert "Wine: /nonexistent/wine does not exist" in done.stderr
    assert "apt install" in " ".join(done.stderr.split())


@linux_only
def test_wine_is_looked_up_on_path(layout):
    done = run(layout.args[:-2] + ["--dry-run"], env={"PATH": os.path.dirname(layout.wine)})
    assert done.returncode == 0, done.stderr
    assert shlex.split(done.stdout.splitlines()[1])[0] == layout.wine
    done = run(layout.args[:-2] + ["--dry-run"], env={"PATH": "/nonexistent"})
    assert done.returncode == 1 and "Wine: 'wine' is not on PATH" in done.stderr


def test_check_on_windows_does_not_ask_for_wine(layout):
    ly = build_dll.Layout(layout.sdk, layout.toolkit, layout.psdk)
    assert build_dll.check(ly, host_windows=True, wine="/nonexistent/wine") == []
    assert build_dll.check(ly, host_windows=False, wine=layout.wine) == []


def test_runtime_libraries_may_come_from_the_platform_sdk(layout):
    for name in ("msvcrt.lib", "msvcprt.lib"):
        os.rename(os.path.join(layout.toolkit, "lib", name), os.path.join(layout.psdk, "Lib", name))
    ly = build_dll.Layout(layout.sdk, layout.toolkit, layout.psdk)
    assert build_dll.check(ly, host_windows=True) == []


# ---------------------------------------------------------------------------------------------
# --dry-run


@linux_only
def test_dry_run_prints_the_release_commands(layout):
    done, cd, commands = dry_run(layout)
    out = os.path.join(layout.root, "game", "cvvision-build", "Release")
    assert shlex.split(cd) == ["cd", out]
    assert not os.path.exists(out) and not os.path.exists(layout.log), "a dry run runs nothing"
    assert "not compiled: CvTextScreens.cpp" in done.stderr

    compiles, link = commands[:-1], commands[-1]
    names = [c[-1].rsplit("\\", 1)[1] for c in compiles]
    assert names == ["_precompile.cpp", "CvGame.cpp", "CvPlot.cpp", "CvUnit.cpp",
                     "CvVisionEngine.cpp", "CvVisionRules.cpp", "CvVisionTables.cpp"]
    for c in compiles:
        assert c[0] == layout.wine and c[1] == os.path.join(layout.toolkit, "bin", "cl.exe")
        assert c[2:2 + len(COMMON)] == COMMON
        assert c[2 + len(COMMON):2 + len(COMMON) + len(RELEASE)] == RELEASE
        assert "/c" in c and c[-2] == "/c"
        assert c[-1] == "Z:" + os.path.join(layout.sdk, c[-1].rsplit("\\", 1)[1]).replace("/", "\\")
        assert not any(a in c for a in ("/Od", "/Zi", "/D_DEBUG", "/MDd"))
        includes = [a[2:] for a in c if a.startswith("/I")]
        assert includes == ["Z:" + p.replace("/", "\\") for p in (
            layout.sdk, layout.sdk + "/Boost-1.32.0/include", layout.sdk + "/Python24/include",
            layout.toolkit + "/include", layout.psdk + "/Include")]

    pre = compile_of(commands, "_precompile.cpp")
    assert "/YcCvGameCoreDLL.h" in pre and "/FpCvGameCoreDLL.pch" in pre
    assert "/Fo_precompile.obj" in pre
    for name in ("CvPlot.cpp", "CvUnit.cpp", "CvGame.cpp"):
        c = compile_of(commands, name)
        assert "/YuCvGameCoreDLL.h" in c and "/FpCvGameCoreDLL.pch" in c
        assert not any(a.startswith("/Yc") for a in c)
    for name in ("CvVisionEngine.cpp", "CvVisionRules.cpp", "CvVisionTables.cpp"):
        c = compile_of(commands, name)
        assert not any(a.startswith(("/Yu", "/Yc", "/Fp")) for a in c), c
        assert "/Fo" + name[:-4] + ".obj" in c

    assert link[0] == layout.wine and link[1] == os.path.join(layout.toolkit, "bin", "link.exe")
    for flag in ("/nologo", "/DLL", "/SUBSYSTEM:WINDOWS", "/LARGEADDRESSAWARE",
                 "/OUT:CvGameCoreDLL.dll"):
        assert flag in link
    assert "/DEBUG" not in link
    assert link[-4:] == LIBS
    assert [a for a in link if a.endswith(".obj")] == [n[:-4] + ".obj" for n in names]
    libpaths = [a[len("/LIBPATH:"):] for a in link if a.startswith("/LIBPATH:")]
    assert libpaths == ["Z:" + p.replace("/", "\\") for p in (
        layout.sdk + "/Boost-1.32.0/libs", layout.sdk + "/Python24/libs",
        layout.toolkit + "/lib", layout.psdk + "/Lib")]


@linux_only
def test_dry_run_debug(layout):
    done, cd, commands = dry_run(layout, "--debug", "--jobs", "4")
    assert shlex.split(cd)[1].endswith(os.path.join("cvvision-build", "Debug"))
    assert "one file at a time" in done.stderr
    for c in commands[:-1]:
        for flag in ("/MD", "/Od", "/Zi", "/D_DEBUG", "/Fdvc71.pdb"):
            assert flag in c
        for flag in ("/O2", "/DNDEBUG", "/DFINAL_RELEASE", "/MDd"):
            assert flag not in c
    link = commands[-1]
    assert "/DEBUG" in link and "/LARGEADDRESSAWARE" in link
    assert link[-5:] == LIBS + ["msvcprt.lib"]


@linux_only
def test_dry_run_overrides_out_boost_python_and_skip(layout, tmp_path):
    boost, python = tmp_path / "b132", tmp_path / "py24"
    write(str(boost / "include" / "boost" / "python.hpp"))
    write(str(boost / "libs" / "boost_python-vc71-mt-1_32.lib"))
    write(str(python / "include" / "Python.h"))
    write(str(python / "libs" / "python24.lib"))
    import shutil
    shutil.rmtree(os.path.join(layout.sdk, "Boost-1.32.0"))
    shutil.rmtree(os.path.join(layout.sdk, "Python24"))
    out = tmp_path / "objs"
    done, cd, commands = dry_run(layout, "--boost", str(boost), "--python", str(python),
                                 "--out", str(out), "--skip", "CvGame.cpp")
    assert shlex.split(cd) == ["cd", str(out)]
    c = compile_of(commands, "CvPlot.cpp")
    assert "/IZ:" + str(boost / "include").replace("/", "\\") in c
    assert "/IZ:" + str(python / "include").replace("/", "\\") in c
    assert "/LIBPATH:Z:" + str(boost / "libs").replace("/", "\\") in commands[-1]
    assert not any(c[-1].endswith("CvGame.cpp") for c in commands[:-1])
    assert "CvGame.obj" not in commands[-1]


@linux_only
def test_without_precompile_cpp_nothing_uses_a_pch(layout):
    os.remove(os.path.join(layout.sdk, "_precompile.cpp"))
    done, cd, commands = dry_run(layout)
    assert "without a precompiled header" in done.stderr
    assert not any(a.startswith(("/Yu", "/Yc")) for c in commands for a in c)


# ---------------------------------------------------------------------------------------------
# pure parts


def test_plan_for_windows_has_no_launcher(layout):
    ly = build_dll.Layout(layout.sdk, layout.toolkit, layout.psdk)
    sources, skipped = build_dll.scan_sources(layout.sdk)
    assert skipped == ["CvTextScreens.cpp"]
    steps = build_dll.plan_build(ly, sources, lambda p: "C:" + p.replace("/", "\\"))
    assert steps[0].argv[0] == ly.cl and steps[-1].argv[0] == ly.link
    assert steps[-1].kind == "link" and all(s.kind == "compile" for s in steps[:-1])
    assert [s.label for s in steps][:2] == ["_precompile.cpp", "CvGame.cpp"]
    line = build_dll.format_command(steps[-1].argv, host_windows=True)
    assert "/LARGEADDRESSAWARE" in line and '"' in line  # the toolkit's path has spaces
    assert build_dll.format_cd("C:\\x y", True) == 'cd /d "C:\\x y"'


def test_sources_are_classified(layout):
    sources, _ = build_dll.scan_sources(layout.sdk)
    modes = {s.name: s.pch for s in sources}
    assert modes["_precompile.cpp"] == "create"
    assert modes["CvUnit.cpp"] == "use"  # the include need not be the first line
    assert modes["CvVisionEngine.cpp"] == "" and modes["CvVisionTables.cpp"] == ""
    assert "Extra.cpp" not in modes and "CvTextScreens.cpp" not in modes


@linux_only
def test_find_ci_matches_any_case(tmp_path):
    write(str(tmp_path / "Lib" / "WinMM.Lib"))
    assert build_dll.find_ci(str(tmp_path), "lib", "winmm.lib") == str(tmp_path / "Lib" / "WinMM.Lib")
    assert build_dll.find_ci(str(tmp_path), "lib", "user32.lib") is None
    assert build_dll.find_ci(None, "x") is None


@linux_only
def test_winepath_is_taken_beside_the_wine(layout):
    assert build_dll.find_winepath(layout.wine) is None
    beside = make_executable(os.path.join(os.path.dirname(layout.wine), "winepath"), "#!/bin/sh\n")
    assert build_dll.find_winepath(layout.wine) == beside


@linux_only
def test_z_drive():
    assert build_dll.z_drive("/srv/me/CvGameCoreDLL") == "Z:\\srv\\me\\CvGameCoreDLL"


@linux_only
def test_winepath_converts_the_roots_once(tmp_path):
    log = tmp_path / "winepath.log"
    winepath = make_executable(str(tmp_path / "winepath"), textwrap.dedent('''\
        #!{python}
        import sys
        open({log!r}, "a").write(" ".join(sys.argv[1:]) + "\\n")
        assert sys.argv[1] == "-w"
        for i, _ in enumerate(sys.argv[2:]):
            print("C:\\\\root%d" % (i + 1))
        ''').format(python=sys.executable, log=str(log)))
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    convert = build_dll.wine_path_converter(winepath, [a, b])
    assert convert(a) == "C:\\root1"
    assert convert(os.path.join(b, "x", "y.cpp")) == "C:\\root2\\x\\y.cpp"
    assert convert("/elsewhere/f") == "Z:\\elsewhere\\f"
    assert convert(a + "bc") == build_dll.z_drive(a + "bc")  # not under root a
    assert len(log.read_text().splitlines()) == 1
    broken = build_dll.wine_path_converter(str(tmp_path / "missing"), [a])
    assert broken(a) == build_dll.z_drive(a)


# ---------------------------------------------------------------------------------------------
# a real run, with the fake Wine


@linux_only
def test_build_runs_pch_first_then_links(layout):
    done = run(layout.args, env={"FAKE_WINE_LOG": layout.log, "INCLUDE": "/bad", "LIB": "/bad"})
    assert done.returncode == 0, done.stdout + done.stderr
    out = os.path.join(layout.root, "game", "cvvision-build", "Release")
    dll = os.path.join(out, "CvGameCoreDLL.dll")
    assert open(dll, "rb").read(2) == b"MZ"
    progress = [l for l in done.stdout.splitlines() if l.startswith("[")]
    assert progress == ["[1/8] _precompile.cpp", "[2/8] CvGame.cpp", "[3/8] CvPlot.cpp",
                        "[4/8] CvUnit.cpp", "[5/8] CvVisionEngine.cpp", "[6/8] CvVisionRules.cpp",
                        "[7/8] CvVisionTables.cpp", "[8/8] link CvGameCoreDLL.dll"]
    assert "built " + dll in done.stdout
    assert "make_mod.py --dll" in done.stdout
    calls = open(layout.log).read().splitlines()
    assert not any(c.startswith("env ") for c in calls), "INCLUDE and LIB must not reach the tools"
    assert calls[0].startswith("cl.exe ") and "/YcCvGameCoreDLL.h" in calls[0]
    assert calls[-1].startswith("link.exe ")
    assert len(calls) == 8


@linux_only
def test_build_passes_warnings_through_and_runs_in_parallel(layout):
    done = run(layout.args + ["-j", "3"],
               env={"FAKE_WINE_LOG": layout.log, "FAKE_WARN": "CvUnit.cpp"})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "warning C4244" in done.stdout
    assert "\nCvUnit.cpp\n" not in done.stdout  # cl.exe's echo of the file name is dropped
    assert sum(1 for l in done.stdout.splitlines() if l.startswith("[")) == 8


@linux_only
def test_compile_error_stops_the_build_naming_the_file(layout):
    old_dll = os.path.join(layout.root, "game", "cvvision-build", "Release", "CvGameCoreDLL.dll")
    write(old_dll, "MZ from an earlier build")
    done = run(layout.args, env={"FAKE_WINE_LOG": layout.log, "FAKE_FAIL": "CvPlot.cpp"})
    assert done.returncode == 1
    assert "error C2065" in done.stdout
    assert "CvPlot.cpp failed to compile" in done.stderr
    calls = open(layout.log).read().splitlines()
    assert not any(c.startswith("link.exe") for c in calls)
    assert not any(c.endswith("CvUnit.cpp") for c in calls), "nothing runs after the failure"
    assert not os.path.exists(old_dll), "the previous DLL must not survive a failed build"


@linux_only
def test_link_error_fails(layout):
    done = run(layout.args, env={"FAKE_WINE_LOG": layout.log, "FAKE_LINK_FAIL": "1"})
    assert done.returncode == 1
    assert "LNK2019" in done.stdout
    assert "linking CvGameCoreDLL.dll failed" in done.stderr


# ---------------------------------------------------------------------------------------------
# what the modder's tree needs: the Platform SDK


@linux_only
def test_a_compiler_folder_given_as_psdk_takes_its_platform_sdk(layout):
    """The toolkit's companion Vc7 folder keeps the Platform SDK in Vc7/PlatformSDK: --psdk Vc7
    takes it, and says so."""
    vc7 = os.path.join(layout.root, "Vc7")
    os.makedirs(vc7)
    os.rename(layout.psdk, os.path.join(vc7, "PlatformSDK"))
    done, _, commands = dry_run(layout, "--psdk", vc7)
    inner = os.path.join(vc7, "PlatformSDK")
    assert "--psdk %s has no Include/windows.h; using its PlatformSDK folder, %s" % (vc7, inner) in done.stderr
    includes = [a[2:] for a in commands[0] if a.startswith("/I")]
    assert includes[-1] == "Z:" + (inner + "/Include").replace("/", "\\")
    assert "/LIBPATH:Z:" + (inner + "/Lib").replace("/", "\\") in commands[-1]


def test_a_psdk_without_windows_h_anywhere_is_still_missing(layout, tmp_path):
    empty = tmp_path / "Vc7"
    os.makedirs(str(empty / "PlatformSDK" / "Lib"))
    ly = build_dll.Layout(layout.sdk, layout.toolkit, str(empty))
    assert ly.psdk == str(empty) and ly.psdk_note is None
    assert any("missing Include/windows.h" in p for p in build_dll.check(ly, host_windows=True))


BTS_LIKE_MAKEFILE = "PSDK=$(PROGRAMFILES)\\Microsoft SDKs\\Windows\\v7.0A\nGLOBAL_CFLAGS=/DWIN32\n"


@linux_only
def test_a_forks_own_file_that_fails_names_the_sdk_its_makefile_asks_for(layout):
    write(os.path.join(layout.sdk, "Makefile"), BTS_LIKE_MAKEFILE)
    done = run(layout.args, env={"FAKE_WINE_LOG": layout.log, "FAKE_FAIL": "CvUnit.cpp"})
    assert done.returncode == 1
    assert "CvUnit.cpp failed to compile" in done.stderr
    hint = " ".join(done.stderr.split())
    assert "CvUnit.cpp is the tree's own file, not CvVision's" in hint
    assert "(%s) takes the Windows headers from PSDK=$(PROGRAMFILES)\\Microsoft SDKs\\Windows\\v7.0A" \
        % os.path.join(layout.sdk, "Makefile") in hint
    assert "this build takes them from --psdk %s" % layout.psdk in hint


@linux_only
def test_a_makefiles_relative_psdk_is_shown_where_it_is(layout):
    """RoM-AND's project/Makefile names its SDK relative to its folder."""
    write(os.path.join(layout.sdk, "project", "Makefile"), "PSDK=..\\deps\\Microsoft SDKs\\Windows\\Vc7\n")
    done = run(layout.args, env={"FAKE_WINE_LOG": layout.log, "FAKE_FAIL": "CvGame.cpp"})
    hint = " ".join(done.stderr.split())
    assert "PSDK=..\\deps\\Microsoft SDKs\\Windows\\Vc7 (%s)" % os.path.join(
        layout.sdk, "deps", "Microsoft SDKs", "Windows", "Vc7") in hint


@linux_only
def test_cvvisions_own_file_that_fails_gets_no_sdk_hint(layout):
    write(os.path.join(layout.sdk, "Makefile"), BTS_LIKE_MAKEFILE)
    done = run(layout.args, env={"FAKE_WINE_LOG": layout.log, "FAKE_FAIL": "CvVisionEngine.cpp"})
    assert "CvVisionEngine.cpp failed to compile" in done.stderr
    assert "the tree's own file" not in done.stderr
