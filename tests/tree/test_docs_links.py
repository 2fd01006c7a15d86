"""Every relative link of README.md, CHANGELOG.md and docs/*.md names a file or folder of the
repository, and a link to a heading (page.md#heading, or #heading on the same page) names a heading
that page has, as GitHub makes its anchors. Links in code blocks and code spans are not links;
links with a scheme (https:, mailto:) are not checked."""
import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Pages written on another branch at the same time as this test; accepted while absent, checked
# like every other page once they exist. Empty this set when they are in the repository.
PENDING = set()

INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^()\s>]+(?:\([^()\s]*\))?)>?"
                         r"(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEFINITION = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
CODE_SPAN = re.compile(r"(`+)(?:.|\n)*?\1")
FENCE = re.compile(r"^ {0,3}(```|~~~)")
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def markdown_files():
    files = [name for name in ("README.md", "CHANGELOG.md") if os.path.isfile(os.path.join(ROOT, name))]
    docs = os.path.join(ROOT, "docs")
    if os.path.isdir(docs):
        files += sorted("docs/" + name for name in os.listdir(docs) if name.endswith(".md"))
    return files


def prose_lines(text):
    """The lines of TEXT outside fenced and indented code blocks, with their numbers."""
    in_fence = False
    previous_blank = True
    in_indented = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            in_fence = not in_fence
            previous_blank = False
            continue
        if in_fence:
            continue
        blank = not line.strip()
        if line.startswith("    ") or line.startswith("\t"):
            if previous_blank or in_indented:
                in_indented = True
                continue
        elif not blank:
            in_indented = False
        previous_blank = blank
        yield number, line


def slug(heading):
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link: its text
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text, flags=re.UNICODE)
    return text.replace(" ", "-")


def anchors(path):
    with open(path, "r", encoding="utf-8") as f:
        text = f.read()
    seen = {}
    result = set()
    for _, line in prose_lines(text):
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else "%s-%d" % (base, count))
    return result


def links(path):
    with open(path, "r", encoding="utf-8") as f:
        text = f.read()
    for number, line in prose_lines(text):
        line = CODE_SPAN.sub("", line)
        for match in INLINE_LINK.finditer(line):
            yield number, match.group(1)
        definition = REFERENCE_DEFINITION.match(line)
        if definition:
            yield number, definition.group(1)


def problems_of(page):
    problems = []
    page_path = os.path.join(ROOT, page)
    for number, target in links(page_path):
        where = "%s:%d: %s" % (page, number, target)
        if SCHEME.match(target) or target.startswith("//"):
            continue
        file_part, _, anchor = target.partition("#")
        if file_part.startswith("/"):
            problems.append(where + ": an absolute path (links must be relative)")
            continue
        resolved = os.path.normpath(os.path.join(os.path.dirname(page_path), file_part)) \
            if file_part else page_path
        relative = os.path.relpath(resolved, ROOT).replace(os.sep, "/")
        if relative.startswith(".."):
            problems.append(where + ": outside the repository")
            continue
        if not os.path.exists(resolved):
            if relative not in PENDING:
                problems.append(where + ": no such file in the repository")
            continue
        if anchor and resolved.endswith(".md") and os.path.isfile(resolved):
            if anchor not in anchors(resolved):
                problems.append(where + ": %s has no heading with the anchor #%s" % (relative, anchor))
    return problems


def test_there_are_pages_to_check():
    pages = markdown_files()
    assert "README.md" in pages and "CHANGELOG.md" in pages
    assert "docs/README.md" in pages


@pytest.mark.parametrize("page", markdown_files())
def test_every_relative_link_resolves(page):
    problems = problems_of(page)
    assert not problems, "\n".join(problems)


def test_every_docs_page_is_in_the_index():
    index = os.path.join(ROOT, "docs", "README.md")
    targets = {os.path.normpath(os.path.join(ROOT, "docs", target.partition("#")[0]))
               for _, target in links(index) if not SCHEME.match(target)}
    missing = [page for page in markdown_files() if page.startswith("docs/") and
               page != "docs/README.md" and os.path.join(ROOT, page) not in targets]
    assert not missing, "pages not linked from docs/README.md: %s" % ", ".join(missing)


def test_slugs_are_githubs():
    assert slug("C++03 for the DLL") == "c03-for-the-dll"
    assert slug("Sight models (`CVVISION_SIGHT_MODEL`)") == "sight-models-cvvision_sight_model"
    assert slug("Forks: BTS, K-Mod and AdvCiv") == "forks-bts-k-mod-and-advciv"
    assert slug("[0.9.0] - 2026-11-23") == "090---2026-11-23"


def test_the_checker_finds_a_broken_link(tmp_path, monkeypatch):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text(
        "# A\n\n## Real heading\n\n[ok](#real-heading) [ok](../README.md) `[code](nowhere.md)`\n\n"
        "    [indented code](nowhere.md)\n\n[bad](nowhere.md) [bad anchor](#no-such)\n"
        "[web](https://example.org/x.md)\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("# R\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", str(tmp_path))
    problems = problems_of("docs/a.md")
    assert len(problems) == 2, problems
    assert problems[0].startswith("docs/a.md:9: nowhere.md: no such file")
    assert "has no heading with the anchor #no-such" in problems[1]
