"""The SDK tools' package tools/sdk/cvsdk (docs/contributing.md, its table): every module imports
alone from any folder, the modules import each other without a cycle and only those above them in
the table, which lists every module; the entry points are thin and no module edits sys.path; the
one error type carries the exit statuses, and the names the tools share are defined once.
Python 3.8+, pytest."""

import ast
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOLS = os.path.join(ROOT, "tools", "sdk")
PACKAGE = os.path.join(TOOLS, "cvsdk")
ENTRY_POINTS = {"sdk_integrate.py": "cli_integrate", "sdk_check.py": "cli_check",
                "sdk_fingerprints.py": "cli_fingerprints", "sdk_differential.py": "cli_differential"}
CONTRIBUTING = os.path.join(ROOT, "docs", "contributing.md")
# Names more than one tool uses: each is defined in one module, the others import it.
SHARED_NAMES = ("CACHE_ENV", "PCH_HEADER", "EXIT_OK", "EXIT_REFUSED", "EXIT_USAGE")
# Not errors: the signals a run stops on (journal.py), which unwind it as Ctrl-C does.
NOT_ERRORS = ("cvsdk/journal.py: Aborted", "cvsdk/journal.py: Interrupted")

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


def python_files():
    for folder, _, names in os.walk(TOOLS):
        for name in sorted(names):
            if name.endswith(".py"):
                yield os.path.join(folder, name)


def parsed(path):
    with open(path, encoding="utf-8") as f:
        return ast.parse(f.read())


def test_one_error_type_and_one_definition_of_each_shared_name():
    """Every error class of tools/sdk derives from ToolError (the signals a run stops on aside), and
    a name the tools share is assigned in one module only."""
    exceptions, definitions = [], {name: [] for name in SHARED_NAMES}
    for path in python_files():
        where = os.path.relpath(path, TOOLS)
        for node in parsed(path).body:
            if isinstance(node, ast.ClassDef) and any(
                    isinstance(b, ast.Name) and b.id in ("Exception", "BaseException") for b in node.bases):
                exceptions.append("%s: %s" % (where, node.name))
            targets = node.targets if isinstance(node, ast.Assign) else []
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name) and name.id in definitions:
                        definitions[name.id].append(where)
    assert [e for e in exceptions if e not in NOT_ERRORS] == ["cvsdk/errors.py: ToolError"]
    assert {name: len(found) for name, found in definitions.items()} == {name: 1 for name in SHARED_NAMES}, \
        definitions


def test_no_module_edits_sys_path():
    """The package's modules are imported as cvsdk.X (the entry points are in tools/sdk)."""
    for module in modules():
        with open(os.path.join(PACKAGE, module + ".py"), encoding="utf-8") as f:
            assert "sys.path" not in f.read(), module


def documented_modules():
    """The modules docs/contributing.md's table of tools/sdk/cvsdk/ lists, in its order."""
    with open(CONTRIBUTING, encoding="utf-8") as f:
        text = f.read()
    table = text[text.index("**`tools/sdk/cvsdk/`**"):]
    table = table[table.index("| module |"):]
    table = table[:table.index("\n\n")]
    found = []
    for row in table.splitlines()[2:]:
        first = row.split("|")[1]
        found.append(re.findall(r"`(\w+)\.py`", first))
    return found


def test_the_contributing_table_lists_every_module_in_import_order():
    rows = documented_modules()
    listed = [m for row in rows for m in row]
    assert sorted(set(listed)) == sorted(listed), "a module listed twice"
    assert sorted(listed) == modules(), "docs/contributing.md's table of tools/sdk/cvsdk/ against the folder"
    rank = {m: i for i, row in enumerate(rows) for m in row}
    for module in modules():
        below = sorted(m for m in imports_of(module) if rank.get(m, -1) >= rank[module])
        assert below == [], "%s imports %s, listed at or below it in the table" % (module, ", ".join(below))
