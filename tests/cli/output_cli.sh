#!/bin/sh
# Outputs never half-happen (tools/OutputFile.h): links followed, FIFOs and devices written
# straight, every destination checked before anything is printed or written, and an error
# writing standard output is an error.
# Usage: output_cli.sh CVVISION CIV2HUTS [SHARED_DIR]
set -u
CVVISION="$1"
CIV2HUTS="$2"
HERE=$(dirname "$0")
ROOT="$HERE/../.."
SHARED=${3:-$ROOT/../shared}
SAMPLE="$ROOT/PublicMaps/CvVision_Sample.CivBeyondSwordWBSave"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FAILED=0
fail() { echo "FAILED: $*"; FAILED=1; }

# run STATUS PATTERN TOOL ARGS...: exit STATUS, stderr matching PATTERN, stdout kept in $TMP/out.
run() {
	want_status=$1; pattern=$2; tool=$3; shift 3
	"$tool" "$@" >"$TMP/out" 2>"$TMP/err"
	status=$?
	if [ "$status" -ne "$want_status" ] || { [ -n "$pattern" ] && ! grep -q -- "$pattern" "$TMP/err"; }; then
		fail "$(basename "$tool") $* -> exit $status (want $want_status), stderr:"; cat "$TMP/err"
		echo "  (wanted a line matching: $pattern)"
	fi
}
is_png() { head -c 8 "$1" | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a'; }
# only DIR NAMES...: DIR holds exactly NAMES (no temporary file left behind).
only() { dir=$1; shift; got=$(ls -A "$dir" | sort | tr '\n' ' '); want=$([ $# -gt 0 ] && printf '%s\n' "$@" | sort | tr '\n' ' ');
	[ "$got" = "$want" ] || fail "$dir holds '$got', want '$want'"; }

# --- a symbolic link is written through: its target changes, the link stays -------------------------
mkdir "$TMP/link" "$TMP/link/real"
echo old >"$TMP/link/real/map.png"
ln -s real/map.png "$TMP/link/map.png"
ln -s real/new.html "$TMP/link/page.html"   # dangling: its target is made
run 0 '' "$CVVISION" render "$SAMPLE" --png "$TMP/link/map.png" --html "$TMP/link/page.html"
[ -L "$TMP/link/map.png" ] && [ -L "$TMP/link/page.html" ] || fail "render replaced a symbolic link"
is_png "$TMP/link/real/map.png" || fail "render did not write the link's target"
grep -q '<html' "$TMP/link/real/new.html" || fail "render did not make the dangling link's target"
only "$TMP/link" map.png page.html real
only "$TMP/link/real" map.png new.html
ln -s loop1 "$TMP/link/loop2"; ln -s loop2 "$TMP/link/loop1"
run 1 'cannot write the PNG .*loop1: too many levels of symbolic links' "$CVVISION" render "$SAMPLE" --png "$TMP/link/loop1"

# --- a regular file keeps its permissions --------------------------------------------------------
echo old >"$TMP/mode.png"; chmod 640 "$TMP/mode.png"
run 0 '' "$CVVISION" render "$SAMPLE" --png "$TMP/mode.png"
[ "$(stat -c %a "$TMP/mode.png")" = 640 ] || fail "render changed the file's mode to $(stat -c %a "$TMP/mode.png")"

# --- a FIFO is written into, not replaced ---------------------------------------------------------
mkfifo "$TMP/fifo"
timeout 60 cat "$TMP/fifo" >"$TMP/from-fifo" &
reader=$!
run 0 '' "$CVVISION" render "$SAMPLE" --html "$TMP/fifo"
grep -q "^wrote $TMP/fifo" "$TMP/out" || fail "render --html FIFO did not say so"
wait $reader
[ -p "$TMP/fifo" ] || fail "render replaced the FIFO"
grep -q '<html' "$TMP/from-fifo" || fail "the FIFO's reader got no page"

# --- devices: written straight (/dev/null stays a device, /dev/full is an error) -------------------
run 0 '' "$CVVISION" render "$SAMPLE" --png /dev/null
[ -c /dev/null ] || fail "/dev/null is no longer a device"
if [ -c /dev/full ]; then
	run 1 'cannot write the PNG /dev/full: No space left on device' "$CVVISION" render "$SAMPLE" --png /dev/full
fi

# --- every destination checked first: nothing written, nothing printed ------------------------------
mkdir "$TMP/first"
run 1 'cannot write the page .*/missing/x.html: no folder' "$CVVISION" render "$SAMPLE" --png "$TMP/first/ok.png" --html "$TMP/missing/x.html"
only "$TMP/first"
[ -s "$TMP/out" ] && fail "render printed before failing: $(cat "$TMP/out")"
echo old >"$TMP/first/ok.png"
run 1 'cannot write the page .*: it is a folder' "$CVVISION" render "$SAMPLE" --png "$TMP/first/ok.png" --html "$TMP/first"
[ "$(cat "$TMP/first/ok.png")" = old ] || fail "render changed ok.png though the page could not be written"
# A device failing while written: the regular file is left as it was, no temporary file behind.
if [ -c /dev/full ]; then
	run 1 'cannot write the page /dev/full: No space left on device' "$CVVISION" render "$SAMPLE" --png "$TMP/first/ok.png" --html /dev/full
	[ "$(cat "$TMP/first/ok.png")" = old ] || fail "render replaced ok.png though /dev/full failed"
	only "$TMP/first" ok.png
fi
run 2 'are the same file' "$CVVISION" render "$SAMPLE" --png "$TMP/first/same" --html "$TMP/first/./same"
run 1 'cannot write the PNG /nonexistent/dir/p.png: no folder /nonexistent/dir' "$CVVISION" path "$SAMPLE" --from 8,7 --to 1,1 --png /nonexistent/dir/p.png
[ -s "$TMP/out" ] && fail "path printed before failing"
echo file >"$TMP/afile"
run 1 "--out $TMP/afile: not a folder" "$CVVISION" demo --out "$TMP/afile"
[ -s "$TMP/out" ] && fail "demo printed before failing: $(head -3 "$TMP/out")"
[ "$(cat "$TMP/afile")" = file ] || fail "demo changed the file given as --out"
run 1 "--out $TMP/afile/sub: cannot make the folder" "$CVVISION" demo --out "$TMP/afile/sub"
[ -s "$TMP/out" ] && fail "demo printed before failing"

# --- standard output: an error writing it is an error (every command) ------------------------------
if [ -c /dev/full ]; then
	full() {
		"$@" >/dev/full 2>"$TMP/err"
		status=$?
		if [ "$status" -ne 1 ] || ! grep -q 'error writing standard output' "$TMP/err"; then
			fail "$* >/dev/full -> exit $status (want 1), stderr:"; cat "$TMP/err"
		fi
	}
	full "$CVVISION" --help
	full "$CVVISION" rules
	full "$CVVISION" counts "$SAMPLE"
	full "$CVVISION" counts "$SAMPLE" --format json
	full "$CVVISION" show "$SAMPLE"
	full "$CVVISION" explain "$SAMPLE" --from 8,7 --to 11,7
	full "$CVVISION" path "$SAMPLE" --from 8,7 --to 17,9
	full "$CVVISION" render "$SAMPLE" --png "$TMP/full.png"
	full "$CVVISION" demo --out "$TMP/fulldemo"
	full "$CIV2HUTS" --help
	full "$CIV2HUTS" seed --hut 22,0 --width 40 --height 50
	SAVE="$SHARED/data/civ4/saves/Play_By_Email.CivBeyondSwordSave"
	[ -f "$SAVE" ] && full "$CVVISION" audit "$SAVE"
fi

# --- civ2huts show --png (Civilization II files from ../shared, skipped when absent) ----------------
SAV="$SHARED/data/civ2/stubear_20240110.sav"
if [ -f "$SAV" ]; then
	run 1 'cannot write the PNG /nonexistent/dir/x.png: no folder' "$CIV2HUTS" show "$SAV" --png /nonexistent/dir/x.png
	[ -s "$TMP/out" ] && fail "civ2huts show printed the map before failing"
	mkdir "$TMP/c2" "$TMP/c2/real"
	ln -s real/x.png "$TMP/c2/x.png"
	run 0 '' "$CIV2HUTS" show "$SAV" --png "$TMP/c2/x.png"
	[ -L "$TMP/c2/x.png" ] && is_png "$TMP/c2/real/x.png" || fail "civ2huts show --png did not write through the link"
	only "$TMP/c2" real x.png
	if [ -c /dev/full ]; then
		full "$CIV2HUTS" list "$SAV"
		full "$CIV2HUTS" show "$SAV"
	fi
else
	echo "SKIP: $SAV absent (civ2huts show --png checks skipped)"
fi

[ "$FAILED" -eq 0 ] && echo "output checks passed"
exit "$FAILED"
