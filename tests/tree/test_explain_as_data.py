"""Explain as data (issue 27): nothing reads `cvvision explain`'s report back.

The explanation is a structure (SightExplanation, tools/lib/analysis/Explain.h) that the text report
and Python's World.explain both render. This check fails if a parser of the report's text comes back
in the sources: the removed helpers that took the verdict from the report's last line, or Python code
that splits the report it was given.
"""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FOLDERS = ["CvGameCoreDLL", "tools", "tests"]
SUFFIXES = (".h", ".cpp", ".py", ".sh")
THIS_FILE = os.path.relpath(os.path.abspath(__file__), ROOT)
PARSERS = [
    re.compile(r"\bexplainVerdictLine\b"),
    re.compile(r"\bexplainSaysVisible\b"),
    re.compile(r"""\[["']report["']\]\s*\.\s*(split|splitlines|rsplit|rpartition|partition)\b"""),
]


def sources():
    for folder in FOLDERS:
        for base, dirs, files in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
            for name in sorted(files):
                if name.endswith(SUFFIXES):
                    yield os.path.relpath(os.path.join(base, name), ROOT)


def test_no_parser_of_the_explain_report():
    found = []
    for rel in sources():
        if rel == THIS_FILE:
            continue
        with open(os.path.join(ROOT, rel), encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                if any(p.search(line) for p in PARSERS):
                    found.append(f"{rel}:{number}: {line.strip()}")
    assert not found, "explain's report is parsed; use the SightExplanation instead:\n" + "\n".join(found)
