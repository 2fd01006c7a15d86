#!/bin/sh
# cvvision with --sdk: saves read with the layout derived from a CvGameCoreDLL tree (docs/file-formats.md,
# "Saves of mods"). Usage: save_layout_cli.sh CVVISION_BINARY SHARED_DIR
# The trees and saves are read from SHARED_DIR at run time; without them the test skips: exit 77
# (CTest's SKIP_RETURN_CODE), else 0 pass, 1 fail.
set -u
CVVISION="$1"
SHARED="$2"
BTS="$SHARED/data/sdk/bts-3.19/CvGameCoreDLL"
PB="$SHARED/data/sdk/pbmod-v10/CvGameCoreDLL"
SAVES="$SHARED/data/civ4/saves"
if [ ! -d "$BTS" ] || [ ! -d "$PB" ] || [ ! -d "$SAVES" ]; then
	echo "SKIP: the shared trees and saves are not here ($SHARED/data)"; exit 77
fi
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
FAILED=0

# BTS's tree reads BTS saves exactly as the built-in layout: the same audit, difference by difference.
# survivor-6-wildcard's rules have one building type less than BTS's and its XML is not shared: the
# built-in reader finds that count in the save, the derived layout by reading the save with it
# (counts_found).
if [ "${CVVISION_SAVE_LAYOUT_ALL:-0}" = 1 ]; then
	LIST=$(ls "$SAVES"/*.CivBeyondSwordSave)
elif [ -n "${CVVISION_SANITIZED:-}" ]; then
	LIST="$SAVES/Play_By_Email.CivBeyondSwordSave" # the count search is the plain build's to test
else
	LIST="$SAVES/Play_By_Email.CivBeyondSwordSave $SAVES/survivor-6-wildcard.CivBeyondSwordSave"
fi
for save in $LIST; do
	"$CVVISION" audit "$save" --format json >"$TMP/builtin" 2>&1; a=$?
	"$CVVISION" audit "$save" --format json --sdk "$BTS" >"$TMP/derived" 2>&1; b=$?
	python3 - "$TMP/builtin" "$TMP/derived" "$save" <<'PY' || { echo "FAILED: $save reads otherwise with --sdk $BTS"; FAILED=1; }
import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
assert b.pop("mod") == "" and b.pop("sdk"), "the derived read names no tree"
found = b.pop("counts_found")
assert ("survivor-6-wildcard" in sys.argv[3]) == (found != []), found
assert all(c.startswith("getNumBuildingInfos() = 158 ") for c in found), found
sys.exit(0 if a == b else 1)
PY
	[ "$a" = "$b" ] || { echo "FAILED: $save exits $a built-in, $b derived"; FAILED=1; }
done

# PB Mod v10's save with its own tree and XML: the header's mod accepted, every team-plot matches.
"$CVVISION" audit "$SAVES/mods/pbmod-v10-Example_v10.CivBeyondSwordSave" --sdk "$PB" \
	--assets "$SHARED/data/civ4/mods/pbmod-v10/Assets" >"$TMP/pb" 2>&1 \
	&& grep -q 'mod: Mods.PBMod_v10' "$TMP/pb" && grep -q 'audit: \([0-9]*\) of \1 team-plots match, 0 counts differ' "$TMP/pb" \
	|| { echo "FAILED: PB Mod's save with its tree:"; cat "$TMP/pb"; FAILED=1; }
# Without --sdk it is refused at the header, as before.
"$CVVISION" audit "$SAVES/mods/pbmod-v10-Example_v10.CivBeyondSwordSave" >"$TMP/refused" 2>&1
[ $? = 1 ] && grep -q "the header names the mod" "$TMP/refused" || { echo "FAILED: PB Mod's save without --sdk:"; cat "$TMP/refused"; FAILED=1; }
# BTS's tree does not read PB Mod's save (53 slots): an error, not a crash.
"$CVVISION" audit "$SAVES/mods/pbmod-v10-Example_v10.CivBeyondSwordSave" --sdk "$BTS" >"$TMP/wrong" 2>&1
[ $? = 1 ] && grep -q "offset" "$TMP/wrong" || { echo "FAILED: PB Mod's save with BTS's tree:"; cat "$TMP/wrong"; FAILED=1; }

# save-layout: BTS's tree is followed class by class; a folder that is no tree is an error.
"$CVVISION" save-layout --sdk "$PB" >"$TMP/layout" 2>&1 && grep -q 'MAX_PLAYERS = 53' "$TMP/layout" \
	&& grep -q 'CvPlot (CvPlot::read, CvPlot.cpp:[0-9]*): follows' "$TMP/layout" \
	|| { echo "FAILED: save-layout --sdk $PB:"; head -20 "$TMP/layout"; FAILED=1; }
# The read over made-up data (every flag, count and length 0, 1, 2, then 8; counts 1 and flags 100) passes on the trees
# whose saves read (K-Mod's too, of which no save is shared), and names where Realism Invictus's
# stops: its Makefile's release build gives it 77 civilization slots (_USRDLL); its plot groups read as many
# values as one building's XML lists, which the deriver does not read.
grep -q '^  8: reads 5 objects' "$TMP/layout" && ! grep -q 'STOPS' "$TMP/layout" \
	|| { echo "FAILED: PB Mod's tree over made-up data:"; sed -n '/made-up/,$p' "$TMP/layout"; FAILED=1; }
# The other trees in the plain build only (CVVISION_SANITIZED: the interpreter is about twelve times
# slower under the sanitizers, where fuzz_layout_tree runs the deriver instead).
[ -n "${CVVISION_SANITIZED:-}" ] && TREES="" || TREES="bts-3.19 kmod-1.46"
[ -n "${CVVISION_SANITIZED:-}" ] && RI="" || RI="$SHARED/data/sdk/realism-invictus/CvGameCoreDLL"
[ -n "${CVVISION_SANITIZED:-}" ] && ADV="" || ADV="$SHARED/data/sdk/advciv/CvGameCoreDLL"
for tree in $TREES; do
	[ -d "$SHARED/data/sdk/$tree/CvGameCoreDLL" ] || continue
	"$CVVISION" save-layout --sdk "$SHARED/data/sdk/$tree/CvGameCoreDLL" >"$TMP/tree" 2>&1 \
		&& [ "$(grep -c '^  [0-9, flags]*: reads 5 objects' "$TMP/tree")" = 5 ] \
		|| { echo "FAILED: save-layout --sdk $tree:"; sed -n '/made-up/,$p' "$TMP/tree"; FAILED=1; }
done
if [ -n "$RI" ] && [ -d "$RI" ]; then
	"$CVVISION" save-layout --sdk "$RI" >"$TMP/ri" 2>&1; rc=$?
	[ $rc = 3 ] && grep -q 'MAX_PLAYERS = 78' "$TMP/ri" && grep -q '33 of 33 classes followed' "$TMP/ri" \
		&& grep -q '^  1: STOPS in CvPlayerAI: CvPlotGroup.cpp:[0-9]* (CvPlotGroup::read): .*getBuildingInfo' "$TMP/ri" \
		|| { echo "FAILED: save-layout --sdk $RI (exit $rc):"; grep -v '^    ' "$TMP/ri"; FAILED=1; }
fi
# AdvCiv's tree (when it is here): the classes a namespace, macro-built loops (FOR_EACH_ENUM), classes
# defined out of their outer class (UWAI::Team), typedef'd or nested members and EnumMap's member
# function template _Read<SIZE> (its specialisation chosen by a traits class's constant) once hid.
if [ -n "$ADV" ] && [ -d "$ADV" ]; then
	"$CVVISION" save-layout --sdk "$ADV" >"$TMP/adv" 2>&1
	for class in CvGameAI CvMap CvTeamAI CvPlayerAI CvGame CvPlot CvTeam CvPlayer UWAI::Team UWAI::Civ CvCity CvUnit \
		CvSelectionGroup; do
		grep -q "^$class ($class::read, [A-Za-z]*\.cpp:[0-9]*): follows" "$TMP/adv" \
			|| { echo "FAILED: save-layout --sdk $ADV does not follow $class:"; grep "^$class " -A3 "$TMP/adv"; FAILED=1; }
	done
	for class in EnumMap EnumMapDefault CivPlayerMap CivTeamMap; do
		grep -q "^$class (EnumMapBase::Read, EnumMap.h:[0-9]*): follows" "$TMP/adv" \
			|| { echo "FAILED: save-layout --sdk $ADV does not follow $class:"; grep "^$class " -A3 "$TMP/adv"; FAILED=1; }
	done
fi
# RoM-AND's tree (when it is here): its reads go through its tagged save wrapper, followed by name
# (docs/file-formats.md 3.3.1); made-up data reads every root object with value 0 and stops, naming
# the line, on the game options it reads under names built at run time.
[ -n "${CVVISION_SANITIZED:-}" ] && ROM="" || ROM="$SHARED/data/sdk/romand/CvGameCoreDLL"
if [ -n "$ROM" ] && [ -d "$ROM" ]; then
	"$CVVISION" save-layout --sdk "$ROM" >"$TMP/rom" 2>&1; rc=$?
	[ $rc = 3 ] && grep -q '32 of 32 classes followed' "$TMP/rom" && grep -q "tagged Read 'CvPlot::" "$TMP/rom" \
		&& grep -q '^  0: reads 5 objects' "$TMP/rom" && grep -q '^  1: STOPS in CvInitCore: CvInitCore.cpp:[0-9]*' "$TMP/rom" \
		|| { echo "FAILED: save-layout --sdk $ROM (exit $rc):"; grep -v '^    ' "$TMP/rom"; FAILED=1; }
fi
"$CVVISION" save-layout --sdk "$TMP" >"$TMP/none" 2>&1
[ $? = 1 ] && grep -q "not a CvGameCoreDLL source folder" "$TMP/none" || { echo "FAILED: save-layout on an empty folder:"; cat "$TMP/none"; FAILED=1; }
# The same as JSON, for a modder's scripts.
if [ -n "$RI" ] && [ -d "$RI" ]; then
	"$CVVISION" save-layout --sdk "$RI" --format json >"$TMP/ri.json" 2>/dev/null
	python3 - "$TMP/ri.json" <<'PY' || { echo "FAILED: save-layout --format json on Realism Invictus"; FAILED=1; }
import json, sys
d = json.load(open(sys.argv[1]))
assert d["constants"] == {"MAX_CIV_PLAYERS": 77, "MAX_PLAYERS": 78, "MAX_TEAMS": 78}, d["constants"]
assert d["classes_followed"] and not d["made_up_data_read"]
assert [r["value"] for r in d["made_up_data"]] == [0, 1, 2, 8, 1] and d["made_up_data"][4]["flags"] == 100
assert d["made_up_data"][0]["stops_at"] is None and d["made_up_data"][1]["stops_in"] == "CvPlayerAI"
assert all(c["stops_at"] is None and c["reads"] >= 0 for c in d["classes"])
PY
fi
# The mod's folder given instead of its sources: the message names the folder that holds them.
"$CVVISION" save-layout --sdk "$(dirname "$PB")" >"$TMP/parent" 2>&1
[ $? = 1 ] && grep -q "CvPlot.cpp is in $PB: give --sdk that folder" "$TMP/parent" \
	|| { echo "FAILED: save-layout on the mod's folder:"; cat "$TMP/parent"; FAILED=1; }
"$CVVISION" save-layout >"$TMP/usage" 2>&1
[ $? = 2 ] || { echo "FAILED: save-layout without --sdk is not a usage error"; cat "$TMP/usage"; FAILED=1; }
exit $FAILED
