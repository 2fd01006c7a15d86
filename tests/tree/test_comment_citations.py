"""Comments cite only documents that are in the repository (issue 19).

Every comment of the C++, Python and shell sources under CvGameCoreDLL/, tools/ and tests/
(the fixtures of tests/cli and tests/sdk_tools, and tests/fuzz/corpus, excepted) is checked:

* a cited page `docs/NAME.md` must exist, and each section number cited with it
  ("docs/vision-rules.md, section 3", "sections 1 and 7", "sections 2-6", "section 3.1") must be a
  numbered heading of that page;
* nothing may point at the specification files the project was written from, which are not in
  the repository: no "spec" (as in "spec 3" or "the spec's"), no civ4-vision.md, civ4-files.md or
  civ2-huts.md, no shared/spec, no ../seeds, no /work/ path.

Only comments are read: `//` and `/* */` in C++, `#` in Python and shell. Program strings may say
"spec 2" (cvvision explain prints it; docs/vision-rules.md says what it means).

Run from the repository's root: /usr/bin/python3 -m pytest -q tests/tree/test_comment_citations.py
Standard library only.
"""

import io
import os
import re
import tokenize

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCANNED = ("CvGameCoreDLL", "tools", "tests")
EXCLUDED = (os.path.join("tests", "cli", "fixtures"), os.path.join("tests", "sdk_tools", "fixtures"),
            os.path.join("tests", "fuzz", "corpus"))
CXX_SUFFIXES = (".h", ".hpp", ".c", ".cc", ".cpp", ".cxx", ".inl")

FORBIDDEN = [
    (re.compile(r"\bspec(?:s|'s)?\b", re.I), "mentions the spec (cite a docs/ page and section)"),
    (re.compile(r"civ4-vision\.md|civ4-files\.md|civ2-huts\.md", re.I),
     "cites a specification file that is not in the repository"),
    (re.compile(r"shared/spec", re.I), "cites ../shared/spec, which is not in the repository"),
    (re.compile(r"\.\./seeds|shared/seeds", re.I), "cites the seeds, which are not in the repository"),
    (re.compile(r"/work/"), "names a /work/ path of one machine"),
]

DOC_CITATION = re.compile(r"docs/([A-Za-z0-9_.-]+?\.md)")
NUMBER = r"\d+(?:\.\d+)*"
SECTIONS_AFTER = re.compile(
    r"\s*,?\s*(?:\(\s*)?sections?\s+(" + NUMBER + r"(?:\s*(?:,|-|and|to|or)\s*" + NUMBER + r")*)",
    re.I)
HEADING = re.compile(r"^#{1,6}\s+(" + NUMBER + r")\.?\s")


# --- comment extraction ---------------------------------------------------------------------

class Comment:
    """One comment: consecutive line comments are joined into one, so a citation may wrap."""

    def __init__(self):
        self.parts = []  # (line number, text)

    def add(self, line, text):
        self.parts.append((line, text))

    def text(self):
        return " ".join(t for _, t in self.parts)

    def line_at(self, offset):
        pos = 0
        for line, t in self.parts:
            pos += len(t) + 1
            if offset < pos:
                return line
        return self.parts[-1][0]


def cxx_comments(source):
    """The comments of C++ source: // and /* */, outside string, character and raw literals."""
    comments = []
    i, n, line = 0, len(source), 1
    last_line_comment_line = None
    while i < n:
        c = source[i]
        if c == "\n":
            line += 1
            i += 1
        elif source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            text = source[i + 2:end]
            if last_line_comment_line == line - 1 and comments:
                comments[-1].add(line, text)
            else:
                comment = Comment()
                comment.add(line, text)
                comments.append(comment)
            last_line_comment_line = line
            i = end
        elif source.startswith("/*", i):
            end = source.find("*/", i + 2)
            end = n if end < 0 else end
            comment = Comment()
            for k, text in enumerate(source[i + 2:end].split("\n")):
                comment.add(line + k, text)
            comments.append(comment)
            line += source.count("\n", i, end)
            i = end + 2
        elif c == "R" and source.startswith('R"', i) and (i == 0 or not (source[i - 1].isalnum()
                                                                         or source[i - 1] == "_")):
            m = re.match(r'R"([^()\\ \n]{0,16})\(', source[i:])
            if not m:
                i += 1
                continue
            close = ")" + m.group(1) + '"'
            end = source.find(close, i + m.end())
            end = n if end < 0 else end + len(close)
            line += source.count("\n", i, end)
            i = end
        elif c == '"':
            i += 1
            while i < n and source[i] not in '"\n':
                i += 2 if source[i] == "\\" else 1
            i += 1
        elif c == "'":
            if i > 0 and source[i - 1].isalnum():  # a digit separator (1'000) or a u8'x' prefix
                if not re.match(r"(?:u8|u|U|L)$", source[max(0, i - 2):i]):
                    i += 1
                    continue
            i += 1
            while i < n and source[i] not in "'\n":
                i += 2 if source[i] == "\\" else 1
            i += 1
        else:
            i += 1
    return comments


def python_comments(source):
    comments = []
    last = None
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return shell_comments(source)
    for tok in tokens:
        if tok.type != tokenize.COMMENT:
            continue
        line = tok.start[0]
        if last == line - 1 and comments:
            comments[-1].add(line, tok.string[1:])
        else:
            comment = Comment()
            comment.add(line, tok.string[1:])
            comments.append(comment)
        last = line
    return comments


HEREDOC = re.compile(r"<<-?\s*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\1")


def shell_comments(source):
    """# comments of a shell script: outside quotes, at a word's start, heredoc bodies skipped."""
    comments = []
    last = None
    heredoc_end = None
    for line_no, raw in enumerate(source.split("\n"), 1):
        if heredoc_end is not None:
            if raw.strip() == heredoc_end:
                heredoc_end = None
            continue
        quote = None
        i = 0
        found = None
        while i < len(raw):
            c = raw[i]
            if quote == "'":
                if c == "'":
                    quote = None
            elif quote == '"':
                if c == "\\":
                    i += 1
                elif c == '"':
                    quote = None
            elif c == "\\":
                i += 1
            elif c in "'\"":
                quote = c
            elif c == "#" and (i == 0 or raw[i - 1] in " \t;(|&"):
                found = raw[i + 1:]
                break
            i += 1
        code = raw if found is None else raw[:len(raw) - len(found) - 1]
        m = HEREDOC.search(code)
        if m:
            heredoc_end = m.group(2)
        if found is None:
            continue
        if last == line_no - 1 and comments:
            comments[-1].add(line_no, found)
        else:
            comment = Comment()
            comment.add(line_no, found)
            comments.append(comment)
        last = line_no
    return comments


def kind_of(path):
    if path.endswith(CXX_SUFFIXES):
        return "cxx"
    if path.endswith(".py"):
        return "python"
    if path.endswith(".sh"):
        return "shell"
    if "." not in os.path.basename(path):
        try:
            with open(path, "rb") as f:
                first = f.readline(200)
        except OSError:
            return None
        if first.startswith(b"#!"):
            return "python" if b"python" in first else "shell"
    return None


def comments_of(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        source = f.read()
    kind = kind_of(path)
    if kind == "cxx":
        return cxx_comments(source)
    if kind == "python":
        return python_comments(source)
    if kind == "shell":
        return shell_comments(source)
    return []


# --- the checks -----------------------------------------------------------------------------

_sections_cache = {}


def sections_of(page):
    """The section numbers a docs page has, from its numbered headings; None when it is absent."""
    if page not in _sections_cache:
        path = os.path.join(ROOT, "docs", page)
        if not os.path.isfile(path):
            _sections_cache[page] = None
        else:
            found = set()
            with open(path, encoding="utf-8") as f:
                for line in f:
                    m = HEADING.match(line)
                    if m:
                        found.add(m.group(1))
            _sections_cache[page] = found
    return _sections_cache[page]


def cited_sections(text):
    """'1 and 7' -> ['1', '7']; '2-6' -> ['2', ..., '6']; '3.1' -> ['3.1']."""
    numbers = []
    pieces = re.split(r"\s*(,|-|\band\b|\bto\b|\bor\b)\s*", text)
    previous = None
    range_next = False
    for piece in pieces:
        if piece in ("-", "to"):
            range_next = True
            continue
        if not re.fullmatch(NUMBER, piece or ""):
            continue
        if range_next and previous and "." not in previous and "." not in piece:
            numbers.extend(str(k) for k in range(int(previous) + 1, int(piece) + 1))
        else:
            numbers.append(piece)
        previous = piece
        range_next = False
    return numbers


def problems_in(comment, where):
    """The problems of one comment, each as 'FILE:LINE: what'."""
    text = comment.text()
    found = []
    for pattern, what in FORBIDDEN:
        for m in pattern.finditer(text):
            found.append("%s:%d: %s: %r" % (where, comment.line_at(m.start()), what,
                                             text[max(0, m.start() - 30):m.end() + 30].strip()))
    for m in DOC_CITATION.finditer(text):
        page = m.group(1)
        line = comment.line_at(m.start())
        sections = sections_of(page)
        if sections is None:
            found.append("%s:%d: cites docs/%s, which does not exist" % (where, line, page))
            continue
        after = SECTIONS_AFTER.match(text, m.end())
        if not after:
            continue
        for number in cited_sections(after.group(1)):
            if number not in sections:
                found.append("%s:%d: cites section %s of docs/%s, which has no such section (it has %s)"
                             % (where, line, number, page, ", ".join(sorted(sections)) or "none"))
    return found


def scanned_files():
    for top in SCANNED:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, top)):
            rel = os.path.relpath(dirpath, ROOT)
            dirnames[:] = sorted(d for d in dirnames
                                 if os.path.join(rel, d) not in EXCLUDED and not d.startswith(".")
                                 and d != "__pycache__")
            for name in sorted(filenames):
                path = os.path.join(dirpath, name)
                if kind_of(path):
                    yield path


# --- tests ----------------------------------------------------------------------------------

def test_the_docs_pages_exist_with_numbered_sections():
    assert {"1", "2", "3", "4", "5", "6", "7", "8", "9"} <= sections_of("vision-rules.md")
    assert {"1", "2", "3", "3.1", "3.2"} <= sections_of("file-formats.md")
    assert sections_of("civ2-rules.md")


def test_no_comment_cites_a_file_that_is_not_in_the_repository():
    files = list(scanned_files())
    assert len(files) > 50, "too few sources found under %s: %d" % (ROOT, len(files))
    problems = []
    for path in files:
        where = os.path.relpath(path, ROOT)
        for comment in comments_of(path):
            problems.extend(problems_in(comment, where))
    assert not problems, "comments citing what is not in the repository:\n" + "\n".join(problems)


# The checker's own behaviour, on made-up sources.

def _problems(kind, source):
    extract = {"cxx": cxx_comments, "python": python_comments, "shell": shell_comments}[kind]
    out = []
    for comment in extract(source):
        out.extend(problems_in(comment, "x"))
    return out


def test_strings_are_not_comments():
    assert _problems("cxx", 'out << "canSeePlot does not check the range (spec 4)";\n') == []
    assert _problems("cxx", 'const char* s = "// spec 3";\nchar c = \'"\'; // fine\n') == []
    assert _problems("cxx", 'auto s = R"x(/* spec 2 */)x"; int i = 1\'000; // fine\n') == []
    assert _problems("python", 'x = "# spec 3"  # fine\n') == []
    assert _problems("shell", 'echo "# spec 3" \'# spec 4\' $# ${#a}  # fine\n') == []
    assert _problems("shell", "cat <<'XML'\n# spec 5\nXML\n# fine\n") == []


def test_comments_that_point_outside_are_refused():
    assert _problems("cxx", "int a; // Spec 2: add\n")
    assert _problems("cxx", "/* see civ4-vision.md section 3 */\n")
    assert _problems("cxx", "// the spec's worked examples\n")
    assert _problems("python", "# see /work/shared/spec/civ2-huts.md\n")
    assert _problems("shell", "x=1 # from ../shared/spec\n")


@pytest.mark.parametrize("source, bad", [
    ("// (docs/vision-rules.md, section 3)\n", False),
    ("// (docs/vision-rules.md, sections 1 and 7)\n", False),
    ("// docs/vision-rules.md, sections 2-6, written down\n", False),
    ("// (docs/file-formats.md, section 3.2)\n", False),
    ("// (docs/vision-rules.md,\n// section 8: the memory)\n", False),
    ("// (docs/vision-rules.md, section 42)\n", True),
    ("// (docs/file-formats.md, section 3.7)\n", True),
    ("// (docs/vision-rules.md, sections 8-12)\n", True),
    ("// (docs/no-such-page.md, section 1)\n", True),
])
def test_docs_citations_are_checked(source, bad):
    assert bool(_problems("cxx", source)) == bad
