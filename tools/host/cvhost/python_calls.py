"""Where a tree's game core calls into Python, found in its source.

The core asks Python through the executable's interface, `gDLL->getPythonIFace()`:

    gDLL->getPythonIFace()->callFunction(PYGameModule, "getExperienceNeeded", argsList.makeFunctionArgs(), &lResult);

and reports events through `CvDllPythonEvents` (behind `CvEventReporter`), whose every `report*`
function names its event with the first string it adds and posts it to one `callFunction` of
`CvEventInterface.onEvent`:

    void CvDllPythonEvents::reportUnitCreated(CvUnit* pUnit)
    {
        if (preEvent())
        {
            if (GC.getUSE_ON_UNIT_CREATED_CALLBACK())
            {
                CyArgsList eventData;
                eventData.add("unitCreated");

A call site behind a `USE_*` callback define (`GC.getUSE_...()` in a condition that encloses it)
runs only when PythonCallbackDefines.xml turns it on.

    python3 -m cvhost.python_calls TREE     # one line per call site (run from tools/host)

docs/python-answers.md lists BTS 3.19's call sites with their answers, and
tests/host/test_python_answers.py checks that list against this scan.
"""

import os
import re
import sys
from typing import List, NamedTuple, Optional


class CallSite(NamedTuple):
    file: str  # the file's name in the tree
    line: int  # 1-based, of the call (of the event's name for an event)
    function: str  # the core's function that makes the call ("CvUnit::experienceNeeded")
    module: str  # as the call names it: a macro (PYGameModule), a string or an expression
    name: str  # the Python function: a string's text, else the expression ("onEvent:unitCreated" for an event)
    result: bool  # whether the call asks for a result (a fourth argument)
    use_define: Optional[str]  # the USE_* define that guards it ("USE_CAN_TRAIN_CALLBACK"), or None

    def key(self) -> str:
        return "%s:%d" % (self.file, self.line)


def blank_comments(text: str) -> str:
    """The text with its comments' characters, and its string and character literals' contents
    after the quote... kept: comments become spaces, so that offsets and lines stay."""
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and i + 1 < n and text[i + 1] == "/":
            while i < n and text[i] != "\n":
                out[i] = " "
                i += 1
        elif c == "/" and i + 1 < n and text[i + 1] == "*":
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            for j in range(i, end):
                if text[j] != "\n":
                    out[j] = " "
            i = end
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
        else:
            i += 1
    return "".join(out)


def _matching(text: str, open_at: int) -> int:
    """The offset of the bracket that closes the one at `open_at` (strings skipped)."""
    pairs = {"(": ")", "{": "}", "[": "]"}
    stack, i = [], open_at
    while i < len(text):
        c = text[i]
        if c in "\"'":
            j = i + 1
            while j < len(text) and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c in pairs:
            stack.append(pairs[c])
        elif c in ")}]":
            if stack:
                stack.pop()
            if not stack:
                return i
        i += 1
    return len(text)


def _split_arguments(text: str) -> List[str]:
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        c = text[i]
        if c in "\"'":
            j = i + 1
            while j < len(text) and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return [" ".join(p.split()) for p in parts if p.strip()]


def _unquoted(argument: str) -> str:
    m = re.fullmatch(r'L?"((?:[^"\\]|\\.)*)"', argument)
    return m.group(1) if m else argument


_DEFINITION = re.compile(r"(?:^|\n)[^\n;{}#]*?\b((?:\w+::)+~?\w+)\s*\([^;{}]*\)\s*(?:const\s*)?(?::[^;{]*)?\{")


class _Source(object):
    def __init__(self, text: str):
        self.text = blank_comments(text)
        self.line_starts = [0] + [m.end() for m in re.finditer(r"\n", self.text)]
        # each function's definition: (body's opening brace, its closing brace, name)
        self.functions = []
        for m in _DEFINITION.finditer(self.text):
            opening = m.end() - 1
            self.functions.append((opening, _matching(self.text, opening), m.group(1)))

    def line(self, offset: int) -> int:
        lo, hi = 0, len(self.line_starts)
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.line_starts[mid] <= offset:
                lo = mid
            else:
                hi = mid
        return lo + 1

    def function_at(self, offset: int) -> str:
        for opening, closing, name in self.functions:
            if opening < offset < closing:
                return name
        return ""

    def guard_at(self, offset: int) -> Optional[str]:
        """The USE_* define of a condition whose statement holds `offset`: an enclosing block's
        header, or the unbraced statement the offset is in."""
        body = None
        for opening, closing, _ in self.functions:
            if opening < offset < closing:
                body = (opening, closing)
        if body is None:
            return None
        text = self.text
        # The enclosing blocks: each '{' before the offset in the function whose '}' is after it.
        headers = []
        i = offset
        depth = 0
        while i - 1 > body[0]:
            i -= 1
            c = text[i]
            if c == "}":
                depth += 1
            elif c == "{":
                if depth:
                    depth -= 1
                else:
                    start = max(text.rfind(";", body[0], i), text.rfind("{", body[0], i), text.rfind("}", body[0], i))
                    headers.append(text[start + 1:i])
        # The statement the offset is in, back to the last ';', '{' or '}'; and an unbraced
        # `if (...)` directly before it.
        start = max(text.rfind(";", body[0], offset), text.rfind("{", body[0], offset), text.rfind("}", body[0], offset))
        headers.append(text[start + 1:offset])
        for header in headers:
            m = re.search(r"\bget(USE_\w+)\s*\(", header)
            if m and re.search(r"\b(?:if|while)\s*\(", header):
                return m.group(1)
        return None


_CALL = re.compile(r"->\s*(callFunction|callPythonFunction)\s*\(")
_REPORT = re.compile(r"\bCvDllPythonEvents::(\w+)\s*\(")


def _is_python_export(name: str) -> bool:
    # The Python exports (Cy*Interface*.cpp, CvDLLPython.cpp) define Python's view of the core; the
    # interface's own header declares callFunction.
    return bool(re.match(r"^Cy\w*Interface\w*\.cpp$", name, re.I)) or name.lower() in (
        "cvdllpython.cpp", "cvdllpythonifacebase.h")


def scan_file(name: str, text: str) -> List[CallSite]:
    source = _Source(text)
    sites = []
    for m in _CALL.finditer(source.text):
        opening = m.end() - 1
        arguments = _split_arguments(source.text[opening + 1:_matching(source.text, opening)])
        if len(arguments) < 2:
            continue
        sites.append(CallSite(name, source.line(m.start()), source.function_at(m.start()), _unquoted(arguments[0]),
                              _unquoted(arguments[1]), len(arguments) >= 4, source.guard_at(m.start())))
    if name.lower() == "cvdllpythonevents.cpp":
        for opening, closing, function in source.functions:
            report = re.match(r"CvDllPythonEvents::(report\w+)$", function)
            if not report:
                continue
            body = source.text[opening:closing]
            event = re.search(r"\b(\w+)\.add\s*\(\s*(\"[^\"]*\"|[A-Za-z_]\w*)\s*\)", body)
            if not event or "postEvent" not in body:
                continue
            at = opening + event.start(2)
            sites.append(CallSite(name, source.line(at), function, "PYEventModule", "onEvent:" + _unquoted(event.group(2)),
                                  True, source.guard_at(at)))
    return sites


def scan_tree(src: str) -> List[CallSite]:
    """Every call site of the tree's top-level .cpp and .h files, by file and line."""
    sites: List[CallSite] = []
    for name in sorted(os.listdir(src), key=str.lower):
        if not re.search(r"\.(cpp|h|inl)$", name, re.I) or _is_python_export(name):
            continue
        with open(os.path.join(src, name), "rb") as f:
            sites += scan_file(name, f.read().decode("latin-1"))
    return sorted(sites, key=lambda s: (s.file.lower(), s.line))


def main(argv: List[str]) -> int:
    if len(argv) != 2:
        sys.stderr.write("usage: python3 -m cvhost.python_calls PATH/TO/CvGameCoreDLL\n")
        return 2
    for s in scan_tree(argv[1]):
        print("%s\t%s\t%s\t%s\t%s\t%s" % (s.key(), s.function, s.module, s.name, "result" if s.result else "-",
                                          s.use_define or "-"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
