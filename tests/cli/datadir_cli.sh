#!/bin/sh
# The data the programs find at run time (tools/lib/support/DataDir.h), nothing of the build
# machine compiled in. Usage:
#   datadir_cli.sh path/to/cvvision [cmake build-dir [python3]]
# With cmake and the build folder, `cmake --install` into a temporary prefix is checked too (with
# python3, the installed module as well).
if [ -z "$1" ]; then echo "usage: $0 path/to/cvvision [cmake build-dir [python3]]" >&2; exit 2; fi
BIN=$1
CMAKE=$2
BUILD=$3
PY=$4
DATA=$(dirname "$BIN")/share/cvvision
TMP=$(mktemp -d) || exit 1
trap 'rm -rf "$TMP"' EXIT
unset CVVISION_DATA_DIR
fail=0
check() { if [ "$1" != "$2" ]; then echo "FAIL: $3 (got $1, want $2)"; fail=1; else echo "ok: $3"; fi; }
has() { case "$1" in *"$2"*) check 0 0 "$3";; *) check 1 0 "$3: $1";; esac; }

# The build's own folder: links to the project's folders.
[ -d "$DATA/vanilla/Assets/XML" ] && [ -d "$DATA/Assets/XML" ] && [ -d "$DATA/PublicMaps" ]
check $? 0 "the build has share/cvvision (Assets, PublicMaps, vanilla/Assets)"

# A copy of the program with no data near it: a clear error, exit 1, naming what was looked for.
mkdir -p "$TMP/alone/bin" && cp "$BIN" "$TMP/alone/bin/cvvision"
out=$("$TMP/alone/bin/cvvision" rules 2>&1); check $? 1 "alone: rules exits 1"
has "$out" "CVVISION_DATA_DIR is not set" "alone: the message names CVVISION_DATA_DIR"
has "$out" "$TMP/alone/bin/share/cvvision" "alone: the message names the folders looked for"
out=$("$TMP/alone/bin/cvvision" demo --out "$TMP/alone/demo" 2>&1); check $? 1 "alone: demo exits 1"
has "$out" "no data folder" "alone: demo says there is no data folder"
out=$(CVVISION_DATA_DIR="$TMP/nowhere" "$TMP/alone/bin/cvvision" rules 2>&1); check $? 1 "a missing CVVISION_DATA_DIR exits 1"
has "$out" "CVVISION_DATA_DIR=$TMP/nowhere is not a folder" "a missing CVVISION_DATA_DIR is named"

# The same copy with CVVISION_DATA_DIR: a copy of the data (links followed) anywhere.
cp -RL "$DATA" "$TMP/data"
CVVISION_DATA_DIR="$TMP/data" "$TMP/alone/bin/cvvision" rules >"$TMP/rules.txt" 2>&1; check $? 0 "CVVISION_DATA_DIR: rules exits 0"
grep -q "$TMP/data/vanilla/Assets" "$TMP/rules.txt"; check $? 0 "CVVISION_DATA_DIR: rules reads its vanilla XML"
CVVISION_DATA_DIR="$TMP/data" "$TMP/alone/bin/cvvision" demo --out "$TMP/demo" >/dev/null 2>&1; check $? 0 "CVVISION_DATA_DIR: demo exits 0"
[ -s "$TMP/demo/sample.png" ] && [ -s "$TMP/demo/sample.html" ]; check $? 0 "CVVISION_DATA_DIR: demo wrote the picture and the page"

# An installed layout, by hand: PREFIX/bin/cvvision finds PREFIX/share/cvvision.
mkdir -p "$TMP/prefix/bin" "$TMP/prefix/share" && cp "$BIN" "$TMP/prefix/bin/" && cp -RL "$DATA" "$TMP/prefix/share/cvvision"
"$TMP/prefix/bin/cvvision" rules >"$TMP/rules.txt" 2>&1; check $? 0 "PREFIX/bin: rules exits 0"
grep -q "$TMP/prefix/share/cvvision/Assets" "$TMP/rules.txt"; check $? 0 "PREFIX/bin: the default Assets are PREFIX/share/cvvision/Assets"

# A link to the program finds the data of the program it points to.
mkdir -p "$TMP/link" && ln -s "$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")" "$TMP/link/cvvision"
"$TMP/link/cvvision" rules >/dev/null 2>&1; check $? 0 "a link to the build's program: rules exits 0"

# cmake --install into a temporary prefix.
if [ -n "$CMAKE" ] && [ -n "$BUILD" ]; then
    "$CMAKE" --install "$BUILD" --prefix "$TMP/inst" >/dev/null; check $? 0 "cmake --install exits 0"
    [ -x "$TMP/inst/bin/cvvision" ] && [ -x "$TMP/inst/bin/civ2huts" ]; check $? 0 "installed: bin/cvvision and bin/civ2huts"
    [ -f "$TMP/inst/share/cvvision/vanilla/Assets/XML/GlobalDefines.xml" ] && [ -f "$TMP/inst/share/cvvision/Assets/XML/CvVision_GlobalDefines.xml" ] \
        && [ -f "$TMP/inst/share/cvvision/PublicMaps/CvVision_Sample.CivBeyondSwordWBSave" ]
    check $? 0 "installed: share/cvvision holds the data"
    (cd "$TMP" && "$TMP/inst/bin/cvvision" demo --out "$TMP/inst-demo" >/dev/null 2>&1); check $? 0 "installed: demo exits 0"
    module=$(find "$TMP/inst/lib" -name 'cvvision*.so' 2>/dev/null | head -n 1)
    if [ -n "$PY" ] && [ -n "$module" ]; then
        (cd "$TMP" && "$PY" -c "import sys; sys.path.insert(0, sys.argv[1]); import cvvision; r = cvvision.Rules.default(); print(r.unit_visibility_range)" \
            "$(dirname "$module")" >"$TMP/py.txt" 2>&1); check $? 0 "installed: the module's Rules.default() loads"
        mv "$TMP/inst/share/cvvision" "$TMP/inst/share/moved"
        (cd "$TMP" && "$PY" -c "import sys; sys.path.insert(0, sys.argv[1]); import cvvision; cvvision.Rules.default()" \
            "$(dirname "$module")" >"$TMP/py.txt" 2>&1); check $? 1 "installed module without its data: an exception"
        grep -q "CVVISION_DATA_DIR is not set" "$TMP/py.txt"; check $? 0 "installed module without its data: the message names CVVISION_DATA_DIR"
    else
        echo "SKIP: no installed Python module (or no python3 given)"
    fi
fi
exit $fail
