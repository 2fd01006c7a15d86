"""No C++ file of the shipped tree holds HTML, CSS or JavaScript (issue 27).

The page of `cvvision render --html` lives in its own files (tools/lib/render/page/), embedded at
build time (docs/command-line.md, "What `show` and `render` draw"). This check reads the string
literals (ordinary and raw, not comments) of every C++ file under CvGameCoreDLL/ and tools/ and
fails on markup (<!DOCTYPE, <html, <head, <body, <script, <style, <canvas, <div), script
(function(, document., addEventListener, getElementById) or a style rule (name { property: value; }).

Run from the repository's root: /usr/bin/python3 -m pytest -q tests/tree/test_no_web_code_in_cxx.py
Standard library only.
"""
import os
import re

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCANNED = ("CvGameCoreDLL", "tools")
CXX_SUFFIXES = (".h", ".hpp", ".c", ".cc", ".cpp", ".cxx", ".inl")

# The comments and literals of C++ source, leftmost first: a literal inside a comment is no
# literal, and "//" inside a literal no comment.
TOKEN = re.compile(r'''
    //[^\n]*
  | /\*.*?\*/
  | (?:u8|[uUL])?R"(?P<delimiter>[^()\\\s]{0,16})\((?P<raw>.*?)\)(?P=delimiter)"
  | (?:u8|[uUL])?"(?P<text>(?:\\.|[^"\\\n])*)"
  | (?:u8|[uUL])?'(?:\\.|[^'\\\n])*'
''', re.S | re.X)

WEB_CODE = re.compile(r"""
    <!doctype | <html | <head\b | <body | <script | <style | <canvas | <div\b
  | \bfunction\s*\( | \bdocument\. | addEventListener | getElementById
  | [\w#.-]+\s*\{\s*[a-z-]+\s*:[^;{}"]*;
""", re.I | re.X)


def string_literals(source):
    """(line, text) of each string literal of C++ source."""
    for match in TOKEN.finditer(source):
        text = match.group("raw") if match.group("raw") is not None else match.group("text")
        if text is not None:
            yield source.count("\n", 0, match.start()) + 1, text


def offences(path, source):
    """'path:line: ...' for each literal holding web code."""
    found = []
    for line, text in string_literals(source):
        web = WEB_CODE.search(text)
        if web:
            found.append("%s:%d: a string holds HTML, CSS or JavaScript (%r): put it in its own file "
                         "and embed it (tools/lib/EmbedFile.cmake)" % (path, line, web.group(0)))
    return found


def cxx_files():
    for folder in SCANNED:
        for base, dirs, names in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
            for name in sorted(names):
                if name.endswith(CXX_SUFFIXES):
                    yield os.path.relpath(os.path.join(base, name), ROOT)


def test_the_walk_sees_the_tree():
    files = set(cxx_files())
    assert os.path.join("tools", "lib", "render", "Render.cpp") in files
    assert os.path.join("CvGameCoreDLL", "CvVisionEngine.cpp") in files


def test_no_cxx_file_holds_web_code():
    found = []
    for path in cxx_files():
        with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as f:
            found += offences(path, f.read())
    assert not found, "\n".join(found)


# --- the check itself, on made-up sources -----------------------------------------------------

@pytest.mark.parametrize("source", [
    'const char* const PAGE = R"HTML(<!DOCTYPE html>\n<html lang="en">)HTML";',
    'const char* s = R"(\nbody { font: 14px/1.4 sans-serif; }\n)";',
    'std::string s = "<script>draw()</script>";',
    'auto s = u8R"JS(\n(function () {\n\t"use strict";\n})();\n)JS";',
    'const char* s = "canvas.addEventListener(\\"click\\", f);";',
    'const char* s = "#units button { display: block; }";',
])
def test_web_code_in_a_literal_is_found(source):
    assert len(offences("x.cpp", source)) == 1


@pytest.mark.parametrize("source", [
    "// '&', so that nothing in the text can close an HTML <script> element.\n",
    "/* <html> and function (x) in a comment */\n",
    'std::string s = "file://a"; // the comment after the literal: <style>\n',
    'const char c = \'"\'; const char* s = "{\\"a\\": 1}"; // <html>\n',
    'throw Error("the declared type of a local, found by its declaration in the function");\n',
    'printf("%s: {x: %d}\\n", name, x);\n',
])
def test_other_code_passes(source):
    assert offences("x.cpp", source) == []


def test_a_line_is_named():
    source = '// a page\nconst char* s =\n\t"<html>";\n'
    assert offences("x.cpp", source)[0].startswith("x.cpp:3: ")
