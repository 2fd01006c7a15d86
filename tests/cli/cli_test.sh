#!/bin/sh
# cvvision's commands: outputs, golden files, exit status and messages a modder sees.
# Usage: cli_test.sh CVVISION_BINARY
set -u
CVVISION="$1"
HERE=$(dirname "$0")
ROOT="$HERE/../.."
SAMPLE="$ROOT/PublicMaps/CvVision_Sample.CivBeyondSwordWBSave"
GOLDEN="$HERE/fixtures"
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
expect 0 '"CVVISION_MAX_SIGHT_RANGE": -1' rules --json
"$CVVISION" rules --json | python3 -m json.tool >/dev/null || { echo "FAILED: rules --json is not JSON"; FAILED=1; }
"$CVVISION" rules --format json >"$TMP/rules-format" && "$CVVISION" rules --json >"$TMP/rules-json" && cmp -s "$TMP/rules-format" "$TMP/rules-json" \
	|| { echo "FAILED: rules --format json differs from rules --json"; FAILED=1; }
"$CVVISION" rules >"$TMP/rules-text" && "$CVVISION" rules --format text | cmp -s - "$TMP/rules-text" \
	|| { echo "FAILED: rules --format text differs from rules"; FAILED=1; }
expect 2 "--format is text or json, not 'tsv'" rules --format tsv
expect 2 '--json takes no value' rules --json=yes
expect 0 'usage: cvvision rules \[OPTIONS\]' rules --help
expect 2 "unexpected argument '--frob'" rules --frob
expect 1 '/nonexistent: no such folder (give a Civ4 Assets folder' rules --assets /nonexistent

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
VANILLA="$ROOT/tools/data/vanilla/Assets"
expect 0 'CVVISION_OUTER_RING  *0   (BTS: changed)' rules --assets "$TMP/Mod" --assets "$VANILLA"
expect 0 'team 0 sees 41 plots' show "$SAMPLE" --no-color --assets "$TMP/Mod" --assets "$VANILLA"
sed -i 's/CVVISION_OUTER_RING/CVVISION_OUTER_RINGS/' "$TMP/Mod/XML/CvVision_GlobalDefines.xml"
expect 1 "CvVision_GlobalDefines.xml:3: define CVVISION_OUTER_RINGS = 0: not a CvVision knob" \
	rules --assets "$TMP/Mod" --assets "$VANILLA"
printf '<?xml version="1.0"?>\n<Civ4Defines>\n<Define>\n</Civ4Defines>\n' >"$TMP/Mod/XML/CvVision_GlobalDefines.xml"
expect 1 'CvVision_GlobalDefines.xml:[0-9]*: malformed XML' demo --assets "$TMP/Mod" --assets "$VANILLA"

# same ARGS...: the output equals the golden file $GOLDEN/NAME (NAME first).
same() {
	name=$1; shift
	if ! "$CVVISION" "$@" >"$TMP/out" 2>"$TMP/err" || ! cmp -s "$TMP/out" "$GOLDEN/$name"; then
		echo "FAILED: cvvision $* differs from $name:"; diff "$GOLDEN/$name" "$TMP/out" | head -20; cat "$TMP/err"
		FAILED=1
	fi
}

# The sample map: golden outputs (plain characters when not a terminal).
same sample_show_team0.txt show "$SAMPLE"
same sample_show_team1.txt show "$SAMPLE" --team 1 --no-color
same sample_explain_8_7_to_11_7.txt explain "$SAMPLE" --from 8,7 --to 11,7
same sample_counts.tsv counts "$SAMPLE"
expect 0 '"team": 1, "x": 12, "y": 0, "count": 1' counts "$SAMPLE" --format json
"$CVVISION" counts "$SAMPLE" --format json | python3 -m json.tool >/dev/null || { echo "FAILED: counts json"; FAILED=1; }
expect 0 '^1	12	0	1$' counts "$SAMPLE" --team 1
expect 0 'verdict: visible' explain "$SAMPLE" --from 8,7 --to 10,7
expect 0 'wrote .*s.png' render "$SAMPLE" --png "$TMP/s.png" --html "$TMP/s.html"
[ -s "$TMP/s.png" ] && [ -s "$TMP/s.html" ] || { echo "FAILED: render wrote nothing"; FAILED=1; }
expect 0 'wrote .*demo/sample.html' demo --out "$TMP/demo"
[ -s "$TMP/demo/sample.png" ] && [ -s "$TMP/demo/sample.html" ] || { echo "FAILED: demo wrote nothing"; FAILED=1; }
# The engine against the reference is measured by `make bench` (bench_vision), not by cvvision.
expect 2 "unknown command 'bench'" bench

CVVISION_PROGRESS_AFTER=0 "$CVVISION" counts "$SAMPLE" 2>"$TMP/progress" >/dev/null
grep -q '^cvvision: reading 0/' "$TMP/progress" && grep -q '^cvvision: placing 0/240' "$TMP/progress" \
	|| { echo "FAILED: no progress lines:"; cat "$TMP/progress"; FAILED=1; }

# Saved games from ../shared/data (skipped when absent): the stored counts are the game's own.
SAVES="$ROOT/../shared/data/civ4/saves"
if [ -d "$SAVES" ]; then
	expect 0 'audit: 912 of 912 team-plots match, 0 counts differ' audit "$SAVES/churchill-random-roll.CivBeyondSwordSave"
	expect 0 'audit: 399 of 399 team-plots match, 0 counts differ' audit "$SAVES/survivor-6-wildcard.CivBeyondSwordSave"
	expect 0 'audit: 3200 of 3200 team-plots match, 0 counts differ' audit "$SAVES/Gandhi-culture-win-t331.CivBeyondSwordSave"
	expect 0 'audit: 3537 of 3537 team-plots match, 0 counts differ' audit "$SAVES/sillyman.CivBeyondSwordSave"
	expect 0 'audit: 109 of 109 team-plots match, 0 counts differ' audit "$SAVES/Play_By_Email.CivBeyondSwordSave"
	expect 0 '^Lock Modified Assets: 3.1.9.0 (128100) ' audit "$SAVES/Play_By_Email.CivBeyondSwordSave"
	expect 0 '"lock_modified_assets": "3.1.9.0 (128100)"' audit "$SAVES/Play_By_Email.CivBeyondSwordSave" --format json
	expect 0 'audit: 120 of 120 team-plots match, 0 counts differ' audit "$SAVES/Brennus-BC-4000-2.CivBeyondSwordSave"
	# Every save of ../shared matches exactly (exit 0).
	for kSave in "$SAVES"/*.CivBeyondSwordSave; do
		expect 0 ', 0 counts differ$' audit "$kSave"
	done
	# The finished game (kept apart in unexplained/): its ICBMs and stealth destroyers as in BTS.
	if [ -f "$SAVES/unexplained/finished-game.CivBeyondSwordSave" ]; then
		expect 0 'audit: 4088 of 4088 team-plots match, 0 counts differ' audit "$SAVES/unexplained/finished-game.CivBeyondSwordSave"
	fi
	expect 0 '"matching": 912' audit "$SAVES/churchill-random-roll.CivBeyondSwordSave" --format json
	expect 0 'team 0 sees' show "$SAVES/churchill-random-roll.CivBeyondSwordSave" --no-color
	# Rules that differ from the game's (unit range 2): exit 3, with the plot, the numbers and the sources.
	mkdir -p "$TMP/Range2/XML"
	printf '<?xml version="1.0"?>\n<Civ4Defines>\n<Define><DefineName>UNIT_VISIBILITY_RANGE</DefineName><iDefineIntVal>2</iDefineIntVal></Define>\n</Civ4Defines>\n' \
		>"$TMP/Range2/XML/GlobalDefinesAlt.xml"
	"$CVVISION" audit "$SAVES/churchill-random-roll.CivBeyondSwordSave" --assets "$TMP/Range2" --assets "$VANILLA" >"$TMP/audit" 2>&1
	status=$?
	if [ "$status" -ne 3 ] || ! grep -q '^team 0 (.*) count: stored 0, CvVision 1 (the game.s count is lower by 1)$' "$TMP/audit" || ! grep -q '^    seen by unit ' "$TMP/audit" \
		|| ! grep -q '^audit: .* counts differ$' "$TMP/audit"; then
		echo "FAILED: audit with other rules -> exit $status:"; head -5 "$TMP/audit"; FAILED=1
	fi
	# The listing names each unit's promotions next to its range.
	expect 3 '^    seen by unit [0-9]* UNIT_[A-Z_]* at ([0-9]*,[0-9]*) range 2, promotions PROMOTION_COMBAT1' \
		audit "$SAVES/sillyman.CivBeyondSwordSave" --assets "$TMP/Range2" --assets "$VANILLA"
else
	echo "skipped the saved-game checks: ../shared/data is absent"
fi
expect 2 'audit needs a saved game' audit "$SAMPLE"
# play: the tree's own code plays a save on behind the host (tests/host/test_play.py plays one);
# here, what it refuses before the host is run.
expect 2 'play needs a saved game' play "$SAMPLE" --turns 1 --out "$TMP/end.CivBeyondSwordSave"
expect 2 'play needs --sdk TREE and --game DIR' play "$TMP/x.CivBeyondSwordSave" --turns 1 --out "$TMP/end.CivBeyondSwordSave"
expect 2 'play needs --turns N' play "$TMP/x.CivBeyondSwordSave" --sdk "$TMP" --game "$TMP" --out "$TMP/end.CivBeyondSwordSave"
expect 2 "turns" play "$TMP/x.CivBeyondSwordSave" --turns 0 --out "$TMP/end.CivBeyondSwordSave"

# Help: the global help lists every command; each command's help (COMMAND --help, -h, or help
# COMMAND) gives its usage line, every option it takes and its exit status, and exits 0; an option
# a command does not take is refused. The lists below are the table of main.cpp, written again.
COMMON='--assets --no-vanilla --sdk --game'
OPTIONS_demo="$COMMON --out --color --no-color"
OPTIONS_rules="$COMMON --format --json"
OPTIONS_counts="$COMMON --team --format --lenient"
OPTIONS_show="$COMMON --team --lenient --color --no-color"
OPTIONS_render="$COMMON --team --lenient --png --html"
OPTIONS_explain="$COMMON --from --to --range --team --lenient"
OPTIONS_audit="$COMMON --format"
OPTIONS_path="$COMMON --from --to --team --unit --seed --open-borders --png --format --lenient"
OPTIONS_play="$COMMON --turns --out --every --integrated --define"
OPTIONS_build_settings="$COMMON --debug --file --format"
ALL_OPTIONS="$COMMON --out --color --no-color --format --json --team --lenient --png --html --from --to --range --unit --seed --open-borders --debug --file --turns --every --integrated --define"
"$CVVISION" --help >"$TMP/help" 2>&1 || { echo "FAILED: cvvision --help exits $?"; FAILED=1; }
COMMANDS=$(sed -n '/^commands:$/,/^$/p' "$TMP/help" | awk '/^  [a-z]/ { print $1 }')
[ "$(echo $COMMANDS)" = "demo rules counts show render explain audit path play build-settings" ] \
	|| { echo "FAILED: the commands of cvvision --help: $(echo $COMMANDS)"; FAILED=1; }
"$CVVISION" help | cmp -s - "$TMP/help" || { echo "FAILED: cvvision help differs from cvvision --help"; FAILED=1; }
"$CVVISION" -h | cmp -s - "$TMP/help" || { echo "FAILED: cvvision -h differs from cvvision --help"; FAILED=1; }
for option in $COMMON -h; do
	grep -q -- "^  $option\( \|,\|\$\)" "$TMP/help" || { echo "FAILED: cvvision --help does not explain $option"; FAILED=1; }
done
for command in $COMMANDS; do
	eval "options=\$OPTIONS_$(echo "$command" | tr - _)"
	"$CVVISION" "$command" --help >"$TMP/help-$command" 2>&1
	status=$?
	if [ "$status" -ne 0 ] || ! grep -q "^usage: cvvision $command " "$TMP/help-$command" || ! grep -q '^exit status: 0 success' "$TMP/help-$command"; then
		echo "FAILED: cvvision $command --help -> exit $status:"; cat "$TMP/help-$command"; FAILED=1
	fi
	for args in "help $command" "$command -h"; do
		"$CVVISION" $args | cmp -s - "$TMP/help-$command" || { echo "FAILED: cvvision $args differs from cvvision $command --help"; FAILED=1; }
	done
	for option in $options -h; do
		grep -q -- "^  $option\( \|,\|\$\)" "$TMP/help-$command" || { echo "FAILED: cvvision $command --help does not explain $option"; FAILED=1; }
	done
	for option in $ALL_OPTIONS; do
		case " $options " in
		*" $option "*) ;;
		*) expect 2 "^cvvision $command: unexpected argument '$option' (see cvvision $command --help)$" "$command" "$option" ;;
		esac
	done
done
expect 0 '^exit status: .*, 3 the stored' help audit

# build-settings: the tree's own build settings (tools/lib/formats/BuildSettings.h), release or debug,
# text or JSON; a tree without a build file has none; no tree is bad input, no --sdk bad usage.
mkdir -p "$TMP/tree/Project" "$TMP/bare"
printf 'PSDK=C:\\SDK\nRelease_CFLAGS=/DMINE /DSLOTS=3\nDebug_CFLAGS=/D_DEBUG\nRelease_LDFLAGS=/DEF:my.def\n' \
	>"$TMP/tree/Project/Makefile"
expect 0 '^defines: MINE SLOTS=3$' build-settings --sdk "$TMP/tree"
expect 0 "^from: $TMP/tree/Project/Makefile (makefile, Release)$" build-settings --sdk "$TMP/tree"
expect 0 '^defines: _DEBUG$' build-settings --sdk "$TMP/tree" --debug
expect 0 "^\\.def file: $TMP/tree/Project/my.def$" build-settings --sdk "$TMP/tree"
expect 0 '^PSDK: C:\\SDK$' build-settings --sdk "$TMP/tree"
expect 0 '^  "psdk": "C:\\\\SDK",$' build-settings --sdk "$TMP/tree" --format json
expect 0 '^defines: MINE SLOTS=3$' build-settings --file "$TMP/tree/Project/Makefile"
"$CVVISION" build-settings --sdk "$TMP/tree" --format json | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["defines"] == [{"name": "MINE", "value": None}, {"name": "SLOTS", "value": "3"}], d
assert d["def_file"].endswith("/Project/my.def") and d["kind"] == "makefile", d
' || { echo "FAILED: build-settings --format json"; FAILED=1; }
expect 0 '^no build file' build-settings --sdk "$TMP/bare"
expect 1 '^cvvision build-settings: .*/absent: not a folder$' build-settings --sdk "$TMP/absent"
expect 2 '^cvvision build-settings: build-settings needs --sdk DIR' build-settings
expect 2 "^cvvision help: unknown command 'frob'$" help frob
expect 2 "^cvvision help: unexpected argument 'show'" help counts show
expect 2 "^cvvision: unknown command 'frob'$" frob
expect 2 '^usage: cvvision COMMAND'
expect 2 "^cvvision counts: unexpected argument '--frob' (see cvvision counts --help)$" counts "$SAMPLE" --frob
expect 2 "unexpected argument 'extra'" counts "$SAMPLE" extra
expect 2 "unexpected argument '-x'" counts "$SAMPLE" -x
expect 2 '^cvvision counts: --team needs a value' counts "$SAMPLE" --team
expect 2 'audit needs a SAVE' audit
# --option=value as --option value.
"$CVVISION" counts "$SAMPLE" --team=1 --format=json >"$TMP/equals" && "$CVVISION" counts "$SAMPLE" --team 1 --format json | cmp -s - "$TMP/equals" \
	|| { echo "FAILED: counts --team=1 --format=json differs from --team 1 --format json"; FAILED=1; }

# Bad usage (2) and bad input (1).
expect 2 'counts needs a MAP' counts
expect 2 'explain needs --to X,Y' explain "$SAMPLE" --from 1,1
expect 2 "--from needs X,Y, not '3'" explain "$SAMPLE" --from 3 --to 1,1
expect 2 'render needs --png FILE or --html FILE' render "$SAMPLE"
expect 2 "--format is tsv or json, not 'xml'" counts "$SAMPLE" --format xml
expect 2 "unexpected argument '--png'" counts "$SAMPLE" --png x
expect 1 'cannot open the file' counts "$TMP/nothing.CivBeyondSwordWBSave"
expect 1 '--to 40,1 is outside the 20x12 map' explain "$SAMPLE" --from 1,1 --to 40,1
expect 1 '--team 9: the map has teams 0..2 (the last is the barbarians)' show "$SAMPLE" --team 9
head -n 300 "$SAMPLE" >"$TMP/cut.CivBeyondSwordWBSave"
expect 1 'cut.CivBeyondSwordWBSave:[0-9]*: the file ends inside the Begin' counts "$TMP/cut.CivBeyondSwordWBSave"
sed 's/UNIT_SCOUT/UNIT_DRAGON/' "$SAMPLE" >"$TMP/dragon.CivBeyondSwordWBSave"
expect 1 "dragon.CivBeyondSwordWBSave:[0-9]*: unknown unit 'UNIT_DRAGON'" counts "$TMP/dragon.CivBeyondSwordWBSave"
expect 0 "warning: .*unknown unit 'UNIT_DRAGON'.*skipped" counts "$TMP/dragon.CivBeyondSwordWBSave" --lenient
# A plot outside the declared size: refused, or skipped with a warning under --lenient.
{ cat "$SAMPLE"; printf 'BeginPlot\n\tx=25,y=3\n\tTerrainType=TERRAIN_GRASS\n\tPlotType=2\nEndPlot\n'; } >"$TMP/outside.CivBeyondSwordWBSave"
expect 1 'outside.CivBeyondSwordWBSave:[0-9]*: plot (25,3) is outside the 20x12 map$' counts "$TMP/outside.CivBeyondSwordWBSave"
expect 0 'warning: .*plot (25,3) is outside the 20x12 map; skipped' counts "$TMP/outside.CivBeyondSwordWBSave" --lenient
"$CVVISION" counts "$TMP/outside.CivBeyondSwordWBSave" --lenient 2>/dev/null | cmp -s - "$HERE/fixtures/sample_counts.tsv" \
	|| { echo "FAILED: the skipped plot changed the counts"; FAILED=1; }

# Names as on Windows: xml/ in lower case and mixed-case files load the same rules.
mkdir -p "$TMP/Lower"
cp -r "$VANILLA/XML" "$TMP/Lower/xml"
mv "$TMP/Lower/xml/Terrain" "$TMP/Lower/xml/terrain"
mv "$TMP/Lower/xml/terrain/CIV4FeatureInfos.xml" "$TMP/Lower/xml/terrain/Civ4FeatureInfos.xml"
mv "$TMP/Lower/xml/Units/CIV4UnitInfos.xml" "$TMP/Lower/xml/Units/civ4unitinfos.xml"
"$CVVISION" rules --json --no-vanilla --assets "$VANILLA" | grep -v '"folders"\|"files_read"' >"$TMP/rules-original"
"$CVVISION" rules --json --no-vanilla --assets "$TMP/Lower" | grep -v '"folders"\|"files_read"' >"$TMP/rules-lower"
[ -s "$TMP/rules-original" ] && cmp -s "$TMP/rules-original" "$TMP/rules-lower" \
	|| { echo "FAILED: rules of a lower-case copy differ:"; diff "$TMP/rules-original" "$TMP/rules-lower" | head; FAILED=1; }
expect 0 'Lower/xml/terrain/Civ4FeatureInfos.xml' rules --assets "$TMP/Lower"

# A mod folder with only the files it changes: the rest from the bundled vanilla XML (the game's
# own files), and rules says which folder each file came from.
mkdir -p "$TMP/Partial/XML"
cp "$TMP/Range2/XML/GlobalDefinesAlt.xml" "$TMP/Partial/XML/" 2>/dev/null ||
	printf '<?xml version="1.0"?>\n<Civ4Defines>\n<Define><DefineName>UNIT_VISIBILITY_RANGE</DefineName><iDefineIntVal>2</iDefineIntVal></Define>\n</Civ4Defines>\n' >"$TMP/Partial/XML/GlobalDefinesAlt.xml"
expect 0 '^  \[1\] .*Partial/XML/GlobalDefinesAlt.xml$' rules --assets "$TMP/Partial"
expect 0 '^  \[2\] .*(the bundled vanilla XML)$' rules --assets "$TMP/Partial"
expect 0 '^  \[2\] .*/XML/Terrain/CIV4ImprovementInfos.xml$' rules --assets "$TMP/Partial"
expect 1 'missing required file XML/GlobalDefines.xml' rules --assets "$TMP/Partial" --no-vanilla
RTR="$ROOT/../shared/data/civ4/xml/rtr/Assets"
TUTORIAL="$ROOT/../shared/data/civ4/maps/tutorial1.CivBeyondSwordWBSave"
if [ -d "$RTR" ] && [ -f "$TUTORIAL" ]; then
	# RtR ships no improvement or basic infos; tutorial1 has a mine
	expect 0 '^0	' counts "$TUTORIAL" --assets "$RTR"
	expect 1 "unknown improvement 'IMPROVEMENT_MINE'" counts "$TUTORIAL" --assets "$RTR" --no-vanilla
	expect 0 '^  \[2\] .*/XML/Terrain/CIV4ImprovementInfos.xml$' rules --assets "$RTR"
else
	echo "skipped the RtR checks: ../shared/data is absent"
fi

# The invisible types in BTS 3.19's place, their own file, with a third one: the mod's
# CIV4BasicInfos.xml holds no invisible types.
mkdir -p "$TMP/Tree" "$TMP/Moved/XML/BasicInfos"
: >"$TMP/Tree/CvPlot.cpp"
printf '<?xml version="1.0"?>\n<Civ4BasicInfos>\n<ConceptInfos/>\n</Civ4BasicInfos>\n' >"$TMP/Moved/XML/BasicInfos/CIV4BasicInfos.xml"
{
	printf '<?xml version="1.0"?>\n<Civ4InvisibleInfos>\n<InvisibleInfos>\n'
	for t in INVISIBLE_SUBMARINE INVISIBLE_STEALTH INVISIBLE_CAMOUFLAGE; do printf '<InvisibleInfo><Type>%s</Type></InvisibleInfo>\n' $t; done
	printf '</InvisibleInfos>\n</Civ4InvisibleInfos>\n'
} >"$TMP/Moved/XML/BasicInfos/CIV4InvisibleInfos.xml"
expect 0 'units 123, invisible types 3$' rules --assets "$TMP/Moved"
expect 0 '^  \[1\] .*Moved/XML/BasicInfos/CIV4InvisibleInfos.xml$' rules --assets "$TMP/Moved"
# assets made for earlier CvVision versions: the invisible types in CIV4BasicInfos.xml, read with a warning
mkdir -p "$TMP/OldLayout/XML/BasicInfos"
sed 's/Civ4InvisibleInfos>/Civ4BasicInfos>/' "$TMP/Moved/XML/BasicInfos/CIV4InvisibleInfos.xml" >"$TMP/OldLayout/XML/BasicInfos/CIV4BasicInfos.xml"
expect 0 'units 123, invisible types 3$' rules --assets "$TMP/OldLayout"
expect 0 'OldLayout/XML/BasicInfos/CIV4BasicInfos.xml: the invisible types are read from its <InvisibleInfos> .*XML/BasicInfos/CIV4InvisibleInfos.xml (BTS 3.19.s CvXMLLoadUtilitySet.cpp:564), which this folder lacks' \
	rules --assets "$TMP/OldLayout"
# --sdk: a mod's XML and saves are read by the tree's own code behind the host, which needs the
# game's folders (tests/host covers that route): --sdk alone is bad usage.
expect 2 'needs --game DIR, the game.s folder' rules --assets "$TMP/Moved" --sdk "$TMP/Tree"
expect 2 'needs --game DIR' counts "$SAMPLE" --sdk "$TMP/Tree"

# path: knowledge and truth side by side, JSON, the picture, and its errors.
expect 0 '^path for team 0 (UNIT_WARRIOR), seed 5$' path "$SAMPLE" --from 8,7 --to 17,9 --seed 5
expect 0 '^knowledge: reaches the goal, cost [0-9]* ([0-9]* moves), [0-9]* plots: 8,7 ' path "$SAMPLE" --from 8,7 --to 17,9
expect 0 '^truth    : reaches the goal, cost ' path "$SAMPLE" --from 8,7 --to 17,9
expect 0 '^|????' path "$SAMPLE" --from 8,7 --to 17,9
expect 0 '^truth    : goal unreachable, ends on the closest reachable plot' path "$SAMPLE" --from 8,7 --to 0,0
expect 0 '(UNIT_SCOUT)' path "$SAMPLE" --from 8,7 --to 17,9 --unit UNIT_SCOUT
"$CVVISION" path "$SAMPLE" --from 8,7 --to 17,9 --format json >"$TMP/path.json" &&
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["knowledge"]["status"]=="found" and d["knowledge"]["plots"][0]==[8,7] and d["truth"]["plots"][-1]==[17,9], d' "$TMP/path.json" ||
	{ echo "FAILED: path --format json"; cat "$TMP/path.json"; FAILED=1; }
# One seed, one path; the seed is all that chooses among equal-cost paths.
"$CVVISION" path "$SAMPLE" --from 8,7 --to 17,9 --seed 11 >"$TMP/a" && "$CVVISION" path "$SAMPLE" --from 8,7 --to 17,9 --seed 11 >"$TMP/b" &&
	cmp -s "$TMP/a" "$TMP/b" || { echo "FAILED: path with one seed differs between runs"; FAILED=1; }
expect 0 "wrote $TMP/path.png" path "$SAMPLE" --from 8,7 --to 17,9 --png "$TMP/path.png"
head -c 8 "$TMP/path.png" | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a' || { echo "FAILED: path --png wrote no PNG"; FAILED=1; }
expect 2 'path needs --to X,Y' path "$SAMPLE" --from 8,7
expect 2 "--seed needs a whole number 0..4294967295, not '-1'" path "$SAMPLE" --from 8,7 --to 1,1 --seed -1
expect 2 "--format is text or json, not 'tsv'" path "$SAMPLE" --from 8,7 --to 1,1 --format tsv
expect 1 '--to 20,1 is outside the 20x12 map' path "$SAMPLE" --from 8,7 --to 20,1
expect 1 '--unit UNIT_DRAGON: not a unit type of the loaded rules' path "$SAMPLE" --from 8,7 --to 1,1 --unit UNIT_DRAGON
expect 2 'UNIT_FIGHTER is not a land or sea unit' path "$SAMPLE" --from 8,7 --to 1,1 --unit UNIT_FIGHTER
expect 1 '--open-borders 7: the map has teams 0..2' path "$SAMPLE" --from 8,7 --to 1,1 --open-borders 1,7
expect 1 'cannot write the PNG /nonexistent/dir/p.png' path "$SAMPLE" --from 8,7 --to 1,1 --png /nonexistent/dir/p.png
if [ -f "$SAVES/churchill-random-roll.CivBeyondSwordSave" ]; then
	expect 0 '^knowledge: ' path "$SAVES/churchill-random-roll.CivBeyondSwordSave" --from 0,0 --to 5,5
fi

# Issue 18: bad input is a clear error, never a crash, and costs memory bounded by the input.
CORPUS="$ROOT/tests/fuzz/corpus/wb"
HUGE="$CORPUS/declares-4095x4096-in-a-few-hundred-bytes.CivBeyondSwordWBSave"
expect 1 'Team=3 is not a team of the file (the file has 2 teams, 0..1; the barbarians are 2)' counts "$CORPUS/player-team-beyond-the-files-teams.CivBeyondSwordWBSave"
expect 1 'TeamReveal 7 is not a team of the file' counts "$CORPUS/team-reveal-beyond-the-files-teams.CivBeyondSwordWBSave"
expect 1 "map 4095x4096 is larger than CvVision's maximum (1048576 plots, 4096 a side)" counts "$HUGE"
expect 1 "map 4095x4096 is larger than CvVision's maximum" render "$HUGE" --png "$TMP/huge.png" --html "$TMP/huge.html"
[ ! -e "$TMP/huge.png" ] && [ ! -e "$TMP/huge.html" ] || { echo "FAILED: a refused map wrote output"; FAILED=1; }
expect 1 '/dev/zero:1: the line is longer than 64 KB (not a WorldBuilder map)' counts /dev/zero
expect 1 "$TMP: is a directory, not a WorldBuilder map" counts "$TMP"
expect 2 '--range 1000000 is out of range 0..32' explain "$SAMPLE" --from 8,7 --to 10,7 --range 1000000
expect 2 '--range -1 is out of range 0..32' explain "$SAMPLE" --from 8,7 --to 10,7 --range -1
expect 2 '--range 33 is out of range 0..32' explain "$SAMPLE" --from 8,7 --to 10,7 --range 33
expect 0 'verdict: ' explain "$SAMPLE" --from 8,7 --to 10,7 --range 32
expect 2 "--team needs a whole number, not '1x'" counts "$SAMPLE" --team 1x
expect 1 '--team 2147483647' counts "$SAMPLE" --team 2147483647
expect 1 '--team -2147483648' counts "$SAMPLE" --team -2147483648
expect 2 '--team 2147483648 is out of range' counts "$SAMPLE" --team 2147483648
# Peak memory: at most 64 MB on refused or endless input (the reader stops at its limits), each
# in 30 s.
PEAK="$ROOT/tests/bench/peak_memory.py"
for args in "counts $HUGE" "render $HUGE --png $TMP/h.png" "render $HUGE --html $TMP/h.html" "counts /dev/zero" "counts $TMP"; do
	python3 "$PEAK" 64 30 "$CVVISION" $args || { echo "FAILED: peak memory of cvvision $args"; FAILED=1; }
done
# A file too small for the size it declares (a plot block per plot) is refused before allocating.
printf 'BeginTeam\nEndTeam\nBeginPlayer\n\tTeam=0\nEndPlayer\nBeginMap\n\tgrid width=1024\n\tgrid height=1024\nEndMap\n' >"$TMP/max.wb"
expect 1 'the map declares 1024x1024 = 1048576 plots, more than its [0-9]* bytes can hold' counts "$TMP/max.wb"
awk 'BEGIN { for (x = 0; x < 1024; ++x) for (y = 0; y < 1024; ++y) printf "BeginPlot\nx=%d,y=%d,PlotType=3,TerrainType=TERRAIN_OCEAN\nEndPlot\n", x, y }' >>"$TMP/max.wb"
# The largest map with every plot written (70 MB): at most 64 MB plus 12 times the file's size,
# and progress lines past a second (CVVISION_PROGRESS_AFTER=0 here), rendering included: one run
# of each command. (The bound is the release build's: under ASan, shadow memory doubles it; make
# test-sanitize sets CVVISION_SANITIZED, and these runs are left to the plain build: under the
# sanitizers the largest map is read by WbReader.TheMaximumMapSizeIsOneForEverything.)
LIMIT=$((64 + 12 * $(stat -c %s "$TMP/max.wb") / 1048576))
if [ -z "${CVVISION_SANITIZED:-}" ]; then
	python3 "$PEAK" $LIMIT 60 "$CVVISION" counts "$TMP/max.wb" || { echo "FAILED: peak memory of cvvision counts"; FAILED=1; }
	CVVISION_PROGRESS_AFTER=0 python3 "$PEAK" --stderr "$TMP/progress" $LIMIT 60 \
		"$CVVISION" render "$TMP/max.wb" --png "$TMP/max.png" --html "$TMP/max.html" \
		|| { echo "FAILED: peak memory of cvvision render"; FAILED=1; }
	grep -q '^cvvision: drawing the PNG, plots 1048576/1048576$' "$TMP/progress" \
		|| { echo "FAILED: no progress line while drawing the largest map"; FAILED=1; }
fi

exit $FAILED
