"""The host's named rewrites (tools/host/cvhost/rewrites.py, queries.py), each alone: a small
file written as Visual C++ 2003 took it, compiled by clang in the host's mode; the error clang
gives drives the rewrite, and the rewritten file compiles, with the text each rewrite promises.
Also the diagnostics' parser and the interface stand-ins' generator (stubs.py)."""

import os
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [os.path.join(REPO, "tools", "host"), os.path.join(REPO, "tools", "sdk")]

from cvhost import core, diagnostics, queries, rewrites, stubs  # noqa: E402

pytestmark = pytest.mark.skipif(shutil.which("clang++") is None, reason="clang++ is not installed (make setup)")

FLAGS = core.MODE_FLAGS + ["-I" + core.INCLUDE_DIR]


def compile_errors(folder, name):
    done = subprocess.run(["clang++"] + FLAGS + diagnostics.FLAGS + ["-fsyntax-only", name], cwd=folder,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return done.returncode, diagnostics.errors(done.stdout.decode("latin-1"))


def rewrite_until_clean(tmp_path, text, name="unit.cpp", rounds=6):
    """The file rewritten as core.py does, round after round; gives its text and the journal."""
    path = tmp_path / name
    path.write_bytes(text.encode("latin-1"))
    journal = core.Journal()
    for _ in range(rounds):
        code, errors = compile_errors(str(tmp_path), name)
        if code == 0:
            return path.read_bytes().decode("latin-1"), journal
        unhandled = core.apply_error_rewrites(str(tmp_path), errors, journal)
        assert len(unhandled) < len(errors), "no rewrite takes: %s" % [d.message for d in unhandled]
    raise AssertionError("still failing after %d rounds:\n%s" % (rounds, path.read_text()))


def names(journal):
    return [a.rewrite for a in journal.applied]


# --- diagnostics -------------------------------------------------------------------------------


def test_a_diagnostic_with_ranges_gives_its_operands():
    (d,) = diagnostics.parse("CyPlayer.cpp:80:19:{80:21-80:54}{80:57-80:61}: error: left operand to ? is void")
    assert (d.path, d.line, d.column, d.severity) == ("CyPlayer.cpp", 80, 19, "error")
    assert d.ranges == [((80, 21), (80, 54)), ((80, 57), (80, 61))]


def test_a_diagnostic_without_ranges_and_other_lines():
    found = diagnostics.parse("In file included from a.h:3:\nb.cpp:2:80: error: illegal character encoding"
                              " in string literal\nb.cpp:3:1: note: here\n1 error generated.")
    assert [(d.line, d.severity) for d in found] == [(2, "error"), (3, "note")]
    assert len(diagnostics.errors("b.cpp:3:1: note: here")) == 0


# --- for-scope, for-scope-reuse ----------------------------------------------------------------


def test_for_scope_a_later_loop_declares_its_own_variable(tmp_path):
    text, journal = rewrite_until_clean(tmp_path, "void f() {\n\tfor (int i = 0; i < 3; i++) {}\n"
                                                  "\tfor (i = 0; i < 2; i++) {}\n}\n")
    assert "\tfor (int i = 0; i < 2; i++) {}" in text
    assert names(journal) == ["for-scope"]


def test_for_scope_a_variable_read_after_its_loop_is_declared_before_it(tmp_path):
    text, journal = rewrite_until_clean(tmp_path, "int f(int n) {\n\tfor (int i = 0; i < n; i++)\n\t{\n"
                                                  "\t\tif (i * i > n) break;\n\t}\n\treturn i;\n}\n")
    assert "\tint i; for (i = 0; i < n; i++)" in text
    assert names(journal) == ["for-scope"]


def test_for_scope_keeps_a_loop_that_is_the_body_of_an_if(tmp_path):
    # Moving the declaration before `for` here would change the if's body: no rewrite takes it.
    path = tmp_path / "unit.cpp"
    path.write_text("int f(int n) {\n\tif (n)\n\tfor (int i = 0; i < n; i++) {}\n\treturn i;\n}\n")
    code, errors = compile_errors(str(tmp_path), "unit.cpp")
    assert code != 0
    assert core.apply_error_rewrites(str(tmp_path), errors, core.Journal()) == errors


def test_for_scope_reuse_a_second_declaration_of_the_block_uses_the_first(tmp_path):
    text, journal = rewrite_until_clean(tmp_path, "int f() {\n\tint s = 0;\n\tfor (int i = 0; i < 3; i++) s += i;\n"
                                                  "\ts += i;\n\tfor (int i = 0; i < 2; i++) s += i;\n"
                                                  "\treturn s + i;\n}\n")
    # Both reads move their loop's declaration (the nearest loop before each), and the second
    # declaration then goes: one variable, as the block had it under MSVC.
    assert "\tint i; for (i = 0; i < 3; i++) s += i;" in text
    assert "\tfor (i = 0; i < 2; i++) s += i;" in text
    assert names(journal) == ["for-scope", "for-scope", "for-scope-reuse"]


def test_for_scope_reuse_drops_a_declaration_moved_twice(tmp_path):
    # Two loops of one block, each read after: both moved in one round, the second then redefines.
    text, journal = rewrite_until_clean(tmp_path, "int f() {\n\tint s = 0;\n\tfor (int i = 0; i < 3; i++) s++;\n"
                                                  "\ts += i;\n\tfor (int i = 0; i < 4; i++) s++;\n\treturn s + i;\n}\n")
    assert text.count("int i;") == 1
    assert "for-scope-reuse" in names(journal)


# --- conditional-operands, void-conditional ----------------------------------------------------

WSTRING = ("#include <string>\nstruct CvWString : std::wstring {\n\tCvWString() {}\n"
           "\tCvWString(const wchar_t* s) : std::wstring(s) {}\n\tCvWString(const std::wstring& s) : std::wstring(s) {}\n"
           "\toperator const wchar_t*() const { return c_str(); }\n};\ntypedef CvWString W;\n")


def test_conditional_operands_a_pointer_against_a_string_class_becomes_the_class(tmp_path):
    text, journal = rewrite_until_clean(tmp_path, WSTRING + "W f(bool b, const W& w, const wchar_t* p) { return b ? w : p; }\n")
    assert "return b ? w : W(p); }" in text
    assert names(journal) == ["conditional-operands"]


def test_conditional_operands_a_derived_const_class_against_its_base_becomes_the_base(tmp_path):
    text, _ = rewrite_until_clean(tmp_path, WSTRING + "const W g();\nstd::wstring f(bool b) { return b ? g() : std::wstring(); }\n")
    assert "return b ? std::wstring(g()) : std::wstring(); }" in text


def test_void_conditional_the_null_operand_becomes_void(tmp_path):
    text, journal = rewrite_until_clean(tmp_path, "#include <stddef.h>\nstruct P { void go(); };\n"
                                                  "void f(P* p) { return p ? p->go() : NULL; }\n")
    assert "return p ? p->go() : (void)(NULL); }" in text
    assert names(journal) == ["void-conditional"]


def test_void_conditional_leaves_a_bool_function_alone(tmp_path):
    # The textual rewrite this replaces once changed such lines: no error, so no rewrite.
    text, journal = rewrite_until_clean(tmp_path, "#include <stddef.h>\nstruct P { bool go(); };\n"
                                                  "bool f(P* p) { return p ? p->go() : NULL; }\n")
    assert "return p ? p->go() : NULL; }" in text
    assert journal.applied == []


# --- wide-literal-bytes, string-through-varargs ------------------------------------------------


def test_wide_literal_bytes_a_code_page_1252_byte_becomes_its_unicode_escape(tmp_path):
    text, journal = rewrite_until_clean(tmp_path, 'const wchar_t* s = L"x\xd7y \x80";\nconst char* n = "\xd7";\n')
    assert 'L"x\\u00D7y \\u20AC"' in text
    assert 'n = "\xd7"' in text  # a narrow literal keeps its byte, as MSVC's did
    assert names(journal) == ["wide-literal-bytes"]


def test_string_through_varargs_passes_the_characters(tmp_path):
    text, journal = rewrite_until_clean(tmp_path, WSTRING + "void format(const wchar_t* f, ...);\n"
                                                  "void f(const W& w) { format(L\"%s%d\", w , 3); }\n")
    assert 'format(L"%s%d", (w).c_str() , 3); }' in text
    assert names(journal) == ["string-through-varargs"]


# --- source rewrites ---------------------------------------------------------------------------


def test_include_paths_take_the_trees_names_for_any_case_and_slash():
    files = {"cvinfos.h": "CvInfos.h", "cvreplaymessage.h": "CvReplayMessage.h", "cvmap.h": "CvMap.h"}
    text = '#include "CVInfos.h"\n# include ".\\cvreplaymessage.h"\n#include "CvMap.h"\n#include "Missing.h"\n#include <vector>\n'
    out = rewrites.apply_edits(text, rewrites.include_paths(text, files))
    assert out == '#include "CvInfos.h"\n# include "CvReplayMessage.h"\n#include "CvMap.h"\n#include "Missing.h"\n#include <vector>\n'


def test_variadic_arguments_by_address_become_a_va_list(tmp_path):
    text = ("#include <stdio.h>\n#include <stdarg.h>\nvoid logMsg(char* format, ... )\n{\n\tchar buf[64];\n"
            "\tvsnprintf(buf, 60, format, (char*)(&format+1));\n}\nvoid other(int a, ...) { (void)(&a+1); }\n")
    out = rewrites.apply_edits(text, rewrites.variadic_arguments_by_address(text, {}))
    assert "{ va_list cvHostArguments; va_start(cvHostArguments, format);" in out
    assert "vsnprintf(buf, 60, format, cvHostArguments);" in out
    assert "void other(int a, ...) { (void)(&a+1); }" in out  # no (char*) of it: not the construct
    (tmp_path / "unit.cpp").write_text(out)
    assert compile_errors(str(tmp_path), "unit.cpp") == (0, [])


# --- class-or-null-conditional (clang-query) ---------------------------------------------------

STRING_OR_NULL = ("#include <stddef.h>\nstruct S {\n\tS(const char* p);\n\tS(const S& s);\n\t~S();\n"
                  "\toperator const char*() const;\n};\n"
                  "struct U {\n\tS* tags;\n\tconst char* tag(int i) const { return tags ? tags[i] : NULL; }\n"
                  "\tS copy(int i) const { return tags ? tags[i] : NULL; }\n};\n")


@pytest.mark.skipif(shutil.which(queries.CLANG_QUERY) is None, reason="clang-query is not installed (clang-tools)")
def test_class_or_null_conditional_converts_the_object_not_a_temporary(tmp_path):
    (tmp_path / "unit.cpp").write_text(STRING_OR_NULL)
    journal = core.Journal()
    applied = queries.apply(str(tmp_path), ["unit.cpp"], lambda unit: FLAGS, 1, journal)
    text = (tmp_path / "unit.cpp").read_text()
    assert applied == 1
    assert "return tags ? (const char*)(tags[i]) : NULL; }" in text
    assert "S copy(int i) const { return tags ? tags[i] : NULL; }" in text  # an object wanted: left alone
    assert [(a.rewrite, a.line) for a in journal.applied] == [("class-or-null-conditional", 10)]
    assert compile_errors(str(tmp_path), "unit.cpp") == (0, [])


def test_a_match_whose_null_operand_is_no_null_is_left_alone():
    text = "\treturn t ? a[i] : b[i];\n"
    lines = rewrites.Lines(text)
    match = {"conditional": queries.Place("u.cpp", 1, 9), "true": queries.Place("u.cpp", 1, 13),
             "false": queries.Place("u.cpp", 1, 20), "null": queries.Place("u.cpp", 1, 20),
             "conversion": queries.Place("s.h", 1, 1)}
    files = {"u.cpp": lines, "s.h": rewrites.Lines("operator const char*() const;")}
    assert queries.edits_for(match, files, lambda p: "") == []


# --- stubs -------------------------------------------------------------------------------------


def test_stubs_take_every_pure_virtual_with_its_form():
    header = ("class Base {\npublic:\n\tvirtual void removeEntity(CvEntity*) {}\n};\n"
              "class CvDLLThingIFaceBase : public Base\n{\npublic:\n"
              "\tvirtual bool LoadXml(FXml* xml, const TCHAR* pszXmlFile) = 0; // load\n"
              "\t/* old */ virtual CvWString getText(CvWString szIDTag, ...) = 0;\n"
              "\tvirtual int getCurrentLanguage() const = 0;\n"
              "\tvirtual void sendToggle(PlayerTypes eWho, int iData,\n\t\tbool bSendToAll = false) = 0;\n"
              "\tvirtual void clearVector(std::vector<int, std::allocator<int> >& vec) = 0;\n};\n")
    found = {i.name: i for i in stubs.interfaces_in(header)}
    methods = found["CvDLLThingIFaceBase"].methods
    assert [(m.returns, m.name, m.parameters, m.const) for m in methods] == [
        ("bool", "LoadXml", ["FXml* xml", "const TCHAR* pszXmlFile"], False),
        ("CvWString", "getText", ["CvWString szIDTag", "..."], False),
        ("int", "getCurrentLanguage", [], True),
        ("void", "sendToggle", ["PlayerTypes eWho", "int iData", "bool bSendToAll"], False),
        ("void", "clearVector", ["std::vector<int, std::allocator<int> >& vec"], False),
    ]
    generated = stubs.generate(found, ["CvDLLThingIFaceBase.h"])
    assert "class CvHostStub_Base : public Base {" in generated  # no pure virtual: a stand-in all the same
    assert "\tint getCurrentLanguage() const {" in generated
    assert 'CVHOST_STUB_CALL("CvDLLThingIFaceBase::getCurrentLanguage() const");' in generated
    assert "return CvHostDefault<CvWString >::get();" in generated


def test_stubs_of_a_real_tree_compile_and_cover_the_executable(tmp_path):
    tree = os.path.join(os.path.dirname(REPO), "shared", "data", "sdk", "bts-3.19", "CvGameCoreDLL")
    if not os.path.isdir(tree):
        pytest.skip("../shared/data/sdk/bts-3.19 is absent")
    interfaces = stubs.find_interfaces(tree)
    assert sum(len(i.methods) for i in interfaces.values()) == 632
    assert len(interfaces["CvDLLUtilityIFaceBase"].methods) == 167
    assert len(interfaces["FDataStreamBase"].methods) == 68


# --- which files the queries run on ------------------------------------------------------------


def write_tree(folder, files):
    for name, text in files.items():
        (folder / name).write_text(text)
    return [n for n in files if n.endswith(".cpp")]


def test_the_conditional_is_looked_for_only_where_a_null_operand_stands(tmp_path):
    units = write_tree(tmp_path, {
        "pch.h": '#include "map.h"\n',
        "map.h": "struct M { int* p; int* plot(int i) { return i ? p + i : NULL; } };\n",
        "a.cpp": '#include "pch.h"\nint f(int x) { return x ? 1 : 0; }\n',
        "b.cpp": '#include "pch.h"\nint g() { return 2; } // x ? y : NULL\nconst char* s = "? 0 :";\n',
        "c.cpp": '#include "pch.h"\nint h() { return 3; }\n',
    })
    # a.cpp for its own; map.h's inline function is the same in every unit: a.cpp sees it already.
    # b.cpp's only null operands are in a comment and a string.
    assert queries.units_to_query(str(tmp_path), units) == ["a.cpp"]


def test_a_header_with_a_template_or_a_macro_is_looked_for_in_every_unit_that_may_use_it(tmp_path):
    units = write_tree(tmp_path, {
        "t.h": "template <class T> const char* pick(T* t, int i) { return t ? t[i] : NULL; }\n",
        "a.cpp": '#include "t.h"\n', "b.cpp": '#include "t.h"\n', "c.cpp": "int c;\n",
    })
    assert queries.units_to_query(str(tmp_path), units) == ["a.cpp", "b.cpp"]
    write_tree(tmp_path, {"t.h": "#define PICK(t, i) ((t) ? (t)[i] : NULL)\n"})
    assert queries.units_to_query(str(tmp_path), units) == ["a.cpp", "b.cpp", "c.cpp"]


def test_undefined_inline_is_looked_for_only_when_a_header_leaves_an_inline_body_out(tmp_path):
    write_tree(tmp_path, {"g.h": "struct G { inline static G& get(); };\ninline G& G::get() { static G g; return g; }\n"})
    assert not queries.inline_defined_elsewhere(queries._tree_texts(str(tmp_path)))
    write_tree(tmp_path, {"p.h": "struct P { inline void setMemory(int i); };\n",
                          "p.cpp": '#include "p.h"\nvoid P::setMemory(int i) {}\n'})
    assert queries.inline_defined_elsewhere(queries._tree_texts(str(tmp_path)))
