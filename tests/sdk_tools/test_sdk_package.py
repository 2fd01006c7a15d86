"""The SDK tools' package tools/sdk/cvsdk (docs/contributing.md, its table): every module imports
alone from any folder, the modules import each other without a cycle, the entry points are thin,
and the one error type carries the exit statuses. Python 3.8+, pytest."""

import ast
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOLS = os.path.join(ROOT, "tools", "sdk")
PACKAGE = os.path.join(TOOLS, "cvsdk")
ENTRY_POINTS = {"sdk_integrate.py": "cli_integrate", "sdk_check.py": "cli_check",
                "sdk_fingerprints.py": "cli_fingerprints"}

sys.path.insert(0, TOOLS)
import cvsdk.errors  # noqa: E402


def modules():
    return sorted(n[:-3] for n in os.listdir(PACKAGE) if n.endswith(".py") and n != "__init__.py")


def imports_of(module):
    """The package's modules `module` imports (relative or as cvsdk.X)."""
    with open(os.path.join(PACKAGE, module + ".py"), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            name = node.module or ""
            if node.level == 1 or name == "cvsdk" or name.startswith("cvsdk."):
                name = name[len("cvsdk."):] if name.startswith("cvsdk.") else name
                found.update([name] if name and name != "cvsdk" else [a.name for a in node.names])
    return found


def test_every_module_imports_alone_from_any_folder(tmp_path):
    for module in modules():
        code = "import sys; sys.path.insert(0, %r); import cvsdk.%s" % (TOOLS, module)
        result = subprocess.run([sys.executable, "-c", code], cwd=str(tmp_path),
                                capture_output=True, text=True)
        assert result.returncode == 0, (module, result.stderr)


def test_no_import_cycle():
    graph = {m: imports_of(m) for m in modules()}
    done, cycles = set(), []

    def visit(module, path):
        if module in path:
            cycles.append(" -> ".join(path[path.index(module):] + [module]))
            return
        if module in done:
            return
        for other in sorted(graph.get(module, ())):
            visit(other, path + [module])
        done.add(module)

    for module in graph:
        visit(module, [])
    assert cycles == []


def test_entry_points_are_thin():
    for script, cli in ENTRY_POINTS.items():
        with open(os.path.join(TOOLS, script), encoding="utf-8") as f:
            tree = ast.parse(f.read())
        code = [n for n in tree.body
                if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
        assert len(code) <= 5, script
        assert any(isinstance(n, ast.ImportFrom) and n.module == "cvsdk." + cli
                   for n in ast.walk(tree)), script  # at the top, or under the entry's guard


def test_entry_points_run_from_another_folder(tmp_path):
    for script in ENTRY_POINTS:
        result = subprocess.run([sys.executable, os.path.join(TOOLS, script), "--help"],
                                cwd=str(tmp_path), capture_output=True, text=True)
        assert result.returncode == 0, (script, result.stderr)
        assert result.stdout.startswith("usage: "), script


def test_one_error_type_with_its_exit_status():
    errors = cvsdk.errors
    assert issubclass(errors.UsageError, errors.ToolError)
    assert issubclass(errors.Refusal, errors.ToolError)
    assert errors.UsageError("bad").exit_code == errors.EXIT_USAGE == 2
    assert errors.Refusal("no").exit_code == errors.EXIT_REFUSED == 1
    assert errors.ToolError("other", 3).exit_code == 3
    assert str(errors.Refusal("CvPlot.cpp: no")) == "CvPlot.cpp: no"
