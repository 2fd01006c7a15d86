#!/bin/sh
# CLI test for civ2huts. Usage: civ2huts_cli.sh path/to/civ2huts [shared dir]
if [ -z "$1" ]; then echo "usage: $0 path/to/civ2huts [shared dir]" >&2; exit 2; fi
BIN=$1
SHARED=${2:-$(dirname "$0")/../../../shared}
TMP=$(mktemp -d) || exit 1
trap 'rm -rf "$TMP"' EXIT
SAV="$SHARED/data/civ2/stubear_20240110.sav"
MP="$SHARED/data/civ2/GEOPOL_TINY.MP"
fail=0
check() { if [ "$1" != "$2" ]; then echo "FAIL: $3 (got $1, want $2)"; fail=1; else echo "ok: $3"; fi; }
"$BIN" --help >/dev/null; check $? 0 "--help exits 0"
"$BIN" >/dev/null 2>&1; check $? 2 "no command exits 2"
"$BIN" frobnicate >/dev/null 2>&1; check $? 2 "unknown command exits 2"
"$BIN" seed --hut 1,0 >/dev/null 2>&1; check $? 2 "odd x+y exits 2"
"$BIN" seed --hut abc >/dev/null 2>&1; check $? 2 "malformed --hut exits 2"
"$BIN" list /nonexistent/file.sav >/dev/null 2>&1; check $? 1 "missing file exits 1"
# Issue 18: an endless stream stops at the stated limit, with little memory; a directory is named.
out=$("$BIN" list /dev/zero 2>&1); check $? 1 "/dev/zero exits 1"
case "$out" in *"larger than a Civ2 map or save can be (at most 16 MB)"*) check 0 0 "/dev/zero names the limit";; *) check 1 0 "/dev/zero names the limit: $out";; esac
python3 "$(dirname "$0")/../bench/peak_memory.py" 64 30 "$BIN" list /dev/zero >/dev/null; check $? 0 "/dev/zero peak memory at most 64 MB"
out=$("$BIN" list "$TMP" 2>&1); check $? 1 "a directory exits 1"
case "$out" in *"$TMP: is a directory"*) check 0 0 "a directory is named";; *) check 1 0 "a directory is named: $out";; esac
"$BIN" seed --hut 0,0 --hut 3,9 >"$TMP/inconsistent.txt" 2>&1; check $? 1 "inconsistent huts exit 1"
grep -q inconsistent "$TMP/inconsistent.txt"; check $? 0 "inconsistent reported"
printf 'garbage' >"$TMP/truncated.MP"
"$BIN" list "$TMP/truncated.MP" >/dev/null 2>&1; check $? 1 "truncated .MP exits 1"
# The shared argument parser (tools/lib/support/Args): help after a command, its messages, --opt=value.
"$BIN" list --help | grep -q "^usage: civ2huts list"; check $? 0 "list --help prints the help"
"$BIN" seed -h >/dev/null; check $? 0 "seed -h exits 0"
out=$("$BIN" seed --hut 22,0 --bogus 2>&1); check $? 2 "an unknown option exits 2"
case "$out" in *"civ2huts seed: unexpected argument '--bogus' (see civ2huts seed --help)"*) check 0 0 "the unknown option is named";; *) check 1 0 "the unknown option is named: $out";; esac
# The command table (as cvvision's): the global help and each command's own, against fixtures/.
FIXTURES=$(dirname "$0")/fixtures
"$BIN" --help >"$TMP/help.txt"; check $? 0 "--help exits 0"
cmp -s "$TMP/help.txt" "$FIXTURES/help.txt"; check $? 0 "--help is fixtures/help.txt"
for c in list seed show; do
    "$BIN" $c --help >"$TMP/help_$c.txt"; check $? 0 "$c --help exits 0"
    cmp -s "$TMP/help_$c.txt" "$FIXTURES/help_$c.txt"; check $? 0 "$c --help is fixtures/help_$c.txt"
    "$BIN" help $c | cmp -s - "$FIXTURES/help_$c.txt"; check $? 0 "help $c is $c --help"
done
"$BIN" help | cmp -s - "$FIXTURES/help.txt"; check $? 0 "help is --help"
"$BIN" 2>&1 >/dev/null | cmp -s - "$FIXTURES/help.txt"; check $? 0 "no command: the help on standard error"
out=$("$BIN" help frobnicate 2>&1); check $? 2 "help of an unknown command exits 2"
case "$out" in "civ2huts help: unknown command 'frobnicate'"*) check 0 0 "help names the unknown command";; *) check 1 0 "help names the unknown command: $out";; esac
out=$("$BIN" list /nonexistent/file.sav 2>&1)
case "$out" in "civ2huts list: /nonexistent/file.sav: "*) check 0 0 "bad input names the command and the file";; *) check 1 0 "bad input names the command and the file: $out";; esac
out=$("$BIN" list x --format xml 2>&1); check $? 2 "list --format xml exits 2"
case "$out" in *"--format is text or json, not 'xml'"*) check 0 0 "the bad format is named";; *) check 1 0 "the bad format is named: $out";; esac
out=$("$BIN" list a b 2>&1); check $? 2 "list with two files exits 2"
case "$out" in *"unexpected argument 'b'"*) check 0 0 "the second file is named";; *) check 1 0 "the second file is named: $out";; esac
out=$("$BIN" seed --hut 1,x 2>&1); check $? 2 "a hut X,Y that is not a number exits 2"
case "$out" in *"--hut 1,x needs a whole number, not 'x'"*) check 0 0 "the bad number is named";; *) check 1 0 "the bad number is named: $out";; esac
"$BIN" seed --hut=22,0 --width=40 --height=50 | grep -q "^  site 22,0$"; check $? 0 "--opt=value as --opt value"
if [ ! -f "$SAV" ] || [ ! -f "$MP" ]; then
    echo "SKIP: shared civ2 files absent under $SHARED/data/civ2 (shared-file checks skipped)"
    exit $fail
fi
out=$("$BIN" list "$SAV"); check $? 0 "list .sav exits 0"
echo "$out" | grep -q "seed: 10647"; check $? 0 "list .sav shows seed 10647"
echo "$out" | grep -q "^  hut .* present (owner none)"; check $? 0 "list .sav has present huts"
echo "$out" | grep -q "^  hut .* taken (owner civ"; check $? 0 "list .sav has taken huts"
"$BIN" list "$SAV" --format json | grep -q '"state":"taken"'; check $? 0 "json list"
# A file name with a quote and a backslash is escaped in the JSON (support/Json).
ODD="$TMP/\"odd\\.sav"
cp "$SAV" "$ODD"
"$BIN" list "$ODD" --format json | python3 -c 'import json, sys; d = json.load(sys.stdin); assert d["file"] == sys.argv[1] and d["huts"], d["file"]' "$ODD"
check $? 0 "json list of an odd file name is JSON"
rm -f "$ODD"
out=$("$BIN" list "$MP"); check $? 0 "list seed-0 .MP exits 0"
echo "$out" | grep -q "game picks a random seed"; check $? 0 ".MP seed 0 explained"
# seed round trip: any listed hut recovers seed mod 32 = 10647 mod 32 = 23 and the same site list
for h in $("$BIN" list "$SAV" | awk '/^  hut /{print $2}' | sed -n '1p;5p;$p'); do
    r=$("$BIN" seed --hut "$h" --map "$SAV"); check $? 0 "seed --hut $h exits 0"
    echo "$r" | grep -q "consistent seeds mod 32 (all that matters for huts): 23$"; check $? 0 "hut $h -> seed mod 32 = 23"
    a=$(echo "$r" | grep '^  hut [0-9]' | sort); b=$("$BIN" list "$SAV" | grep '^  hut ' | sort)
    [ "$a" = "$b" ]; check $? 0 "hut $h -> same site list"
done
"$BIN" seed --hut 22,0 --width 40 --height 50 | grep -q "^  site 22,0$"; check $? 0 "seed with --width/--height lists sites"
"$BIN" seed --hut 11,0 --editor-coords --width 40 --height 50 | grep -q "implies seed mod 32 = 23"; check $? 0 "--editor-coords"
"$BIN" show "$SAV" >/dev/null; check $? 0 "show exits 0"
PNG=$TMP/map.png
"$BIN" show "$SAV" --png "$PNG" | grep -q "^wrote $PNG$"; check $? 0 "show --png writes the picture"
[ "$(head -c 8 "$PNG" | od -An -tx1 | tr -d ' ')" = "89504e470d0a1a0a" ]; check $? 0 "the picture is a PNG"
rm -f "$PNG"
"$BIN" show "$SAV" --png /nonexistent/dir/x.png >/dev/null 2>&1; check $? 1 "unwritable --png exits 1"
[ ! -e /nonexistent/dir/x.png.part ]; check $? 0 "nothing half-written"
"$BIN" show "$SAV" --png >/dev/null 2>&1; check $? 2 "--png without a FILE exits 2"
exit $fail
