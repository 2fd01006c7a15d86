#!/bin/sh
# cvvision rules: exit status and messages a modder sees. Usage: cli_rules.sh CVVISION_BINARY
set -u
CVVISION="$1"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FAILED=0

# expect STATUS PATTERN ARGS...: the command exits with STATUS and its output matches PATTERN.
expect() {
	want_status=$1; pattern=$2; shift 2
	"$CVVISION" "$@" >"$TMP/out" 2>&1
	status=$?
	if [ "$status" -ne "$want_status" ] || ! grep -q -- "$pattern" "$TMP/out"; then
		echo "FAILED: cvvision $* -> exit $status (want $want_status), output:"; cat "$TMP/out"
		echo "  (wanted a line matching: $pattern)"
		FAILED=1
	fi
}

expect 0 'CVVISION_OUTER_RING  *1$' rules
expect 0 '"CVVISION_MAX_SIGHT_RANGE": 32' rules --json
"$CVVISION" rules --json | python3 -m json.tool >/dev/null || { echo "FAILED: rules --json is not JSON"; FAILED=1; }
expect 0 'usage: cvvision' rules --help
expect 2 "unexpected argument '--frob'" rules --frob
expect 1 'not a Civ4 Assets folder (no XML/ inside): /nonexistent' rules --assets /nonexistent

# A mod folder with a knob changed, and one with a typo.
mkdir -p "$TMP/Mod/XML"
cat >"$TMP/Mod/XML/CvVision_GlobalDefines.xml" <<'XML'
<?xml version="1.0"?>
<Civ4Defines xmlns="x-schema:CIV4GlobalDefinesSchema.xml">
	<Define>
		<DefineName>CVVISION_OUTER_RING</DefineName>
		<iDefineIntVal>0</iDefineIntVal>
	</Define>
</Civ4Defines>
XML
VANILLA="$(dirname "$0")/fixtures/rules/vanilla/Assets"
expect 0 'CVVISION_OUTER_RING  *0   (BTS: changed)' rules --assets "$TMP/Mod" --assets "$VANILLA"
expect 0 'warrior on grassland, range 1 at (7,3): sees 9 plots' demo --assets "$TMP/Mod" --assets "$VANILLA"
sed -i 's/CVVISION_OUTER_RING/CVVISION_OUTER_RINGS/' "$TMP/Mod/XML/CvVision_GlobalDefines.xml"
expect 1 "CvVision_GlobalDefines.xml:3: define CVVISION_OUTER_RINGS = 0: not a CvVision knob" \
	rules --assets "$TMP/Mod" --assets "$VANILLA"
printf '<?xml version="1.0"?>\n<Civ4Defines>\n<Define>\n</Civ4Defines>\n' >"$TMP/Mod/XML/CvVision_GlobalDefines.xml"
expect 1 'CvVision_GlobalDefines.xml:[0-9]*: malformed XML' demo --assets "$TMP/Mod" --assets "$VANILLA"

exit $FAILED
