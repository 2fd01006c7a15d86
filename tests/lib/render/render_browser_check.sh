#!/bin/sh
# The HTML page of `cvvision render` in a real browser: headless Chromium opens it (file://),
# takes a screenshot (it must not be blank) and dumps the DOM after the page's script has run (its
# self-check must say every plot and unit was drawn).
# Usage: render_browser_check.sh RENDER_PAGE_MAIN
# Exit 0 pass, 1 fail, 77 skip (no Chromium; CTest's SKIP_RETURN_CODE). $CHROMIUM picks the browser.
set -u
PAGE_MAIN="$1"

BROWSER="${CHROMIUM:-}"
if [ -z "$BROWSER" ]; then
	for candidate in chromium chromium-browser google-chrome; do
		if command -v "$candidate" >/dev/null 2>&1; then BROWSER="$candidate"; break; fi
	done
fi
if [ -z "$BROWSER" ] || ! command -v "$BROWSER" >/dev/null 2>&1; then
	echo "SKIP: no Chromium to open the page with (Debian: apt-get install chromium; or set CHROMIUM)"
	exit 77
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FAILED=0
fail() { echo "FAILED: $*"; FAILED=1; }

# The page, and what it must report: "plots=N units=M"; and the page with a probe that hovers,
# clicks and switches team (render_page_probe.js).
expected=$("$PAGE_MAIN" "$TMP/page.html") || { echo "FAILED: $PAGE_MAIN could not write the page"; exit 1; }
"$PAGE_MAIN" --probe "$(dirname "$0")/render_page_probe.js" "$TMP/probed.html" >/dev/null || { echo "FAILED: $PAGE_MAIN could not write the probed page"; exit 1; }
want_plots=${expected#plots=}; want_plots=${want_plots%% *}
want_units=${expected##*units=}

# browser PAGE ARGS...: headless Chromium on PAGE, with a throw-away profile; gives up after 90 s.
browser() {
	page=$1; shift
	timeout 90 "$BROWSER" --headless --no-sandbox --disable-gpu --no-first-run --disable-extensions \
		--hide-scrollbars --user-data-dir="$TMP/profile" "$@" "file://$TMP/$page"
}

browser page.html --window-size=1100,800 --screenshot="$TMP/shot.png" >"$TMP/shot.log" 2>&1
if [ ! -s "$TMP/shot.png" ]; then
	fail "no screenshot; the browser said:"; cat "$TMP/shot.log"
else
	bytes=$(wc -c <"$TMP/shot.png")
	colours=$("$PAGE_MAIN" --colours "$TMP/shot.png") || colours=0
	[ "$bytes" -gt 2048 ] || fail "the screenshot is only $bytes bytes"
	[ "$colours" -gt 8 ] || fail "the screenshot has only $colours colours: blank?"
	echo "screenshot: $bytes bytes, $colours colours"
fi

browser page.html --dump-dom >"$TMP/dom.html" 2>"$TMP/dom.log"
body=$(grep -o '<body[^>]*>' "$TMP/dom.html" | head -n 1)
echo "after the script: $body"
# attribute NAME: its value on <body>.
attribute() { printf '%s\n' "$body" | sed -n "s/.* $1=\"\([^\"]*\)\".*/\1/p"; }
if [ -z "$body" ]; then
	fail "no <body> in the dumped DOM; the browser said:"; cat "$TMP/dom.log"
else
	[ "$(attribute data-self-check)" = "ok" ] || fail "data-self-check is '$(attribute data-self-check)', not 'ok'"
	[ "$(attribute data-plots-drawn)" = "$want_plots" ] || fail "plots drawn: '$(attribute data-plots-drawn)', want $want_plots"
	[ "$(attribute data-units-drawn)" = "$want_units" ] || fail "units drawn: '$(attribute data-units-drawn)', want $want_units"
	grep -q '<option value="0" selected="">0</option>' "$TMP/dom.html" || fail "the team selector has no team 0 chosen"
	[ "$(grep -o '<button data-unit=' "$TMP/dom.html" | wc -l)" -eq "$want_units" ] || fail "the unit list does not hold every unit"
fi

browser probed.html --dump-dom >"$TMP/probed-dom.html" 2>"$TMP/probed-dom.log"
probe=$(grep -o '<body[^>]*>' "$TMP/probed-dom.html" | head -n 1 | sed -n 's/.* data-probe="\([^"]*\)".*/\1/p')
echo "hover, click and team switch: ${probe:-no answer}"
[ "$probe" = "ok" ] || { fail "the probe says '${probe}'; the browser said:"; cat "$TMP/probed-dom.log"; }

[ "$FAILED" -eq 0 ] && echo "render browser check: passed"
exit "$FAILED"
