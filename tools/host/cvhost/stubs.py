"""The executable's interfaces as the tree declares them, each given a stand-in class that does
nothing and counts its calls.

The DLL reaches the executable only through abstract classes: `CvDLLUtilityIFaceBase` and the
interfaces it hands out (`CvDLL*IFaceBase.h`), and the stream `FDataStreamBase`. The executable is
fixed, so every tree declares the same methods, but in its own form (AdvCiv's headers differ in
spelling). So the stand-ins are generated from the tree's own headers at build time:

    class CvHostStub_CvDLLXmlIFaceBase : public CvDLLXmlIFaceBase {
    public:
        bool LocateNode(FXml* xml, const TCHAR* pszXmlNode) {
            CVHOST_STUB_CALL("CvDLLXmlIFaceBase::LocateNode(FXml* xml, const TCHAR* pszXmlNode)");
            return CvHostDefault<bool>::get();
        }
        ...

The host's real implementations (tools/host/runtime) derive from these and override what the load
and read paths need; every other call is a counted no-op with a default answer (0, false, NULL,
an empty string), and the counts say which were reached (CvHostStubs.h).
"""

import os
import re
from typing import Dict, List, NamedTuple, Optional, Sequence

from .errors import BuildStop
from .rewrites import strip_comments


class Method(NamedTuple):
    returns: str
    name: str
    parameters: List[str]  # each with its name, without its default value
    const: bool


class Interface(NamedTuple):
    name: str
    base: Optional[str]
    methods: List[Method]  # the pure virtual ones, declared here


def _split_top(text: str, separator: str = ",") -> List[str]:
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "<([":
            depth += 1
        elif c in ">)]":
            depth -= 1
        elif c == separator and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def _without_default(parameter: str) -> str:
    depth = 0
    for i, c in enumerate(parameter):
        if c in "<([":
            depth += 1
        elif c in ">)]":
            depth -= 1
        elif c == "=" and depth == 0:
            return parameter[:i].strip()
    return parameter.strip()


_CLASS = re.compile(r"\b(?:class|struct)\s+(\w+)\s*(?::\s*(?:public\s+)?(\w+)\s*)?\{")
_PURE = re.compile(r"\bvirtual\s+([^;{}()]*?)\s*\b(\w+)\s*\(([^;{}]*)\)\s*(const)?\s*=\s*0\s*;")


def _class_body(text: str, open_brace: int) -> str:
    depth, i = 0, open_brace
    while i < len(text):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[open_brace + 1:i]
        i += 1
    return text[open_brace + 1:]


def without_dead_code(text: str) -> str:
    """The text without its `#if 0` blocks (up to their `#else` or `#endif`, nested conditionals
    counted), as AdvCiv's CvDLLFAStarIFaceBase.h keeps a conjectured FAStarData class in one."""
    out, depth, dead = [], 0, 0  # depth: conditionals open inside the dead block
    for line in text.splitlines(keepends=True):
        directive = re.match(r"\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)", line)
        if dead:
            if directive and directive.group(1).startswith("if"):
                depth += 1
            elif directive and directive.group(1) == "endif":
                if depth:
                    depth -= 1
                else:
                    dead = 0
            elif directive and directive.group(1) in ("else", "elif") and not depth:
                dead = 0
                out.append("#if 1\n" if directive.group(1) == "else" else line)
            continue
        if directive and directive.group(1) == "if" and directive.group(2).split("//")[0].strip() == "0":
            dead = 1
            continue
        out.append(line)
    return "".join(out)


def interfaces_in(text: str) -> List[Interface]:
    """The classes of a header that declare pure virtual methods, or derive from one that does."""
    text = strip_comments(without_dead_code(text))
    result = []
    for m in _CLASS.finditer(text):
        body = _class_body(text, m.end() - 1)
        methods = []
        for p in _PURE.finditer(body):
            returns = " ".join(p.group(1).split())
            parameters = [" ".join(_without_default(x).split()) for x in _split_top(p.group(3))]
            if parameters == ["void"]:
                parameters = []
            methods.append(Method(returns, p.group(2), parameters, bool(p.group(4))))
        result.append(Interface(m.group(1), m.group(2), methods))
    return result


def interface_headers(src: str) -> List[str]:
    return sorted(f for f in os.listdir(src)
                  if re.match(r"^CvDLL\w*IFaceBase\.h$", f, re.I) or f.lower() == "fdatastreambase.h")


def find_interfaces(src: str) -> Dict[str, Interface]:
    found: Dict[str, Interface] = {}
    for header in interface_headers(src):
        with open(os.path.join(src, header), "rb") as f:
            for interface in interfaces_in(f.read().decode("latin-1")):
                found.setdefault(interface.name, interface)
    if "CvDLLUtilityIFaceBase" not in found or "FDataStreamBase" not in found:
        raise BuildStop("%s: CvDLLUtilityIFaceBase.h or FDataStreamBase.h not found: not a CvGameCoreDLL folder" % src)
    return found


def _all_methods(name: str, interfaces: Dict[str, Interface]) -> List[Method]:
    methods: List[Method] = []
    while name in interfaces:
        methods = interfaces[name].methods + methods
        name = interfaces[name].base or ""
    return methods


def generate(interfaces: Dict[str, Interface], headers: Sequence[str]) -> str:
    """CvHostStubs.generated.h: one stand-in class per interface (one without pure virtual methods,
    as CvDLLEntityIFaceBase, gets one too: the executable hands it out all the same)."""
    out = ["// Generated by tools/host/cvhost/stubs.py from this tree's interface headers: do not edit.",
           "#pragma once", '#include "CvGameCoreDLL.h"']
    out += ['#include "%s"' % h for h in headers]
    out.append('#include "CvHostStubs.h"')
    out.append("")
    for name in sorted(interfaces):
        methods = _all_methods(name, interfaces)
        out.append("class CvHostStub_%s : public %s {" % (name, name))
        out.append("public:")
        for m in methods:
            signature = "%s(%s)%s" % (m.name, ", ".join(m.parameters), " const" if m.const else "")
            label = "%s::%s" % (name, signature)
            out.append("\t%s %s {" % (m.returns, signature))
            out.append('\t\tCVHOST_STUB_CALL("%s");' % label.replace('"', '\\"'))
            out.append("\t\treturn CvHostDefault<%s >::get();" % m.returns)
            out.append("\t}")
        out.append("};")
        out.append("")
    return "\n".join(out) + "\n"


def write_stubs(src: str, path: str) -> int:
    """Writes the stand-ins of the tree in `src` to `path`; gives the number of methods."""
    interfaces = find_interfaces(src)
    text = generate(interfaces, interface_headers(src))
    with open(path, "w", encoding="latin-1") as f:
        f.write(text)
    return sum(len(i.methods) for i in interfaces.values())
