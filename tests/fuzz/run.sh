#!/bin/sh
# Runs one reader's fuzz target (tests/fuzz/fuzz_READER.cpp, built by `make fuzz-readers`):
#  1. replays every input of the checked-in regression corpus tests/fuzz/corpus/READER/ (inputs
#     that once crashed, hung or ran out of memory): each must now pass;
#  2. fuzzes for SECONDS from seeds made at run time from ../shared/data and the project's own
#     files (nothing copied into the repository), plus the regression corpus and what earlier runs
#     in WORK/corpus found.
# A finding is written to WORK/ (crash-*, timeout-*, oom-*, leak-*) and the run fails: add the file
# to tests/fuzz/corpus/READER/ with the fix.
# Usage: run.sh FUZZER READER SECONDS WORK [SOURCE_DIR] [SHARED_DIR]
set -eu
FUZZER=$1 READER=$2 SECONDS_=$3 WORK=$4
SRC=${5:-$(cd "$(dirname "$0")/../.." && pwd)}
SHARED=${6:-$SRC/../shared}
REGRESSION="$SRC/tests/fuzz/corpus/$READER"
# Per input: 20 s is a hang; 2 GB is too much memory (libFuzzer's own limits, reported as findings).
# FUZZ_TIMEOUT: CTest's short runs in make test allow 60 s, so that a machine busy with the rest of
# the suite does not take a real save read under the sanitizers for a hang.
LIMITS="-timeout=${FUZZ_TIMEOUT:-20} -rss_limit_mb=2048"
# The regression corpus's replay allows 60 s an input (FUZZ_REPLAY_TIMEOUT): its inputs are known,
# and a machine busy with other work must not report one as a hang; an input that hangs again still
# fails.
mkdir -p "$WORK/corpus"
rm -rf "$WORK/seeds"; mkdir -p "$WORK/seeds"

seed() { [ -f "$1" ] && cp "$1" "$WORK/seeds/$2" || true; }
case "$READER" in
wb)
	for f in "$SRC"/PublicMaps/* "$SHARED"/data/civ4/maps/*; do seed "$f" "$(basename "$f")"; done ;;
save)
	for f in "$SHARED"/data/civ4/saves/*; do seed "$f" "$(basename "$f")"; done ;;
savedata)
	# fuzz_savedata.cpp's input: the header's length (u32), the header, the inflated game data.
	for f in "$SHARED"/data/civ4/saves/*.CivBeyondSwordSave; do
		[ -f "$f" ] || continue
		python3 - "$f" "$WORK/seeds/$(basename "$f")" <<'PY' || true
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
at = 4
def skip_string():
    global at
    at += 4 + struct.unpack_from("<i", data, at)[0]
for _ in range(2):
    skip_string()  # the mod name, the mod MD5
at += 4            # the checksum word
for _ in range(5):
    skip_string()  # the Lock Modified Assets text and its four MD5s
at += 4 + struct.unpack_from("<i", data, at)[0] + 4  # the set-up block and the word after it
header, stream = data[:at], b""
while True:
    length = struct.unpack_from("<I", data, at)[0]
    at += 4
    if length == 0:
        break
    stream += data[at:at + length]
    at += length
inflater = zlib.decompressobj()
inflated = inflater.decompress(stream) + inflater.flush(zlib.Z_SYNC_FLUSH)
open(sys.argv[2], "wb").write(struct.pack("<I", len(header)) + header + inflated)
PY
	done ;;
civ2)
	for f in "$SHARED"/data/civ2/*; do seed "$f" "$(basename "$f")"; done ;;
host_save)
	# fuzz_host_save.cpp's input is a save file: the shared saves as they are, and what the stream
	# reads once the outer layer refuses the input (the input itself): each save's init core and the
	# first 64 KB of its inflated game data.
	for f in "$SHARED"/data/civ4/saves/*.CivBeyondSwordSave "$SHARED"/data/civ4/saves/*/*.CivBeyondSwordSave; do
		[ -f "$f" ] || continue
		seed "$f" "$(basename "$f")"
		python3 - "$f" "$WORK/seeds/$(basename "$f")" <<'PY' || true
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
at = 4
def skip_string():
    global at
    at += 4 + struct.unpack_from("<i", data, at)[0]
for _ in range(2):
    skip_string()  # the mod name, the mod MD5
at += 4            # the checksum word
for _ in range(5):
    skip_string()  # the Lock Modified Assets text and its four MD5s
size = struct.unpack_from("<I", data, at)[0]
open(sys.argv[2] + ".init-core", "wb").write(data[at + 4:at + 4 + size])
at += 4 + size + 4
stream = b""
while True:
    length = struct.unpack_from("<I", data, at)[0]
    at += 4
    if length == 0:
        break
    stream += data[at:at + length]
    at += length
open(sys.argv[2] + ".game-data", "wb").write(zlib.decompressobj().decompress(stream)[:65536])
PY
	done ;;
rules)
	# The first byte: the file's index in kFiles of fuzz_rules.cpp; the rest: the file.
	i=0
	for name in XML/GlobalDefines.xml XML/CvVision_GlobalDefines.xml XML/Terrain/CIV4TerrainInfos.xml \
		XML/Terrain/CIV4FeatureInfos.xml XML/Terrain/CIV4ImprovementInfos.xml XML/BasicInfos/CIV4BasicInfos.xml \
		XML/Units/CIV4UnitInfos.xml XML/Units/CIV4PromotionInfos.xml XML/Misc/CIV4RouteInfos.xml \
		XML/Technologies/CIV4TechInfos.xml XML/GlobalDefinesAlt.xml XML/BasicInfos/CIV4InvisibleInfos.xml; do
		n=0
		for assets in "$SRC/tools/data/vanilla/Assets" "$SRC/Assets" "$SHARED/data/civ4/xml/rtr/Assets"; do
			n=$((n + 1))
			if [ -f "$assets/$name" ]; then
				{ printf "\\$(printf %03o $i)"; cat "$assets/$name"; } >"$WORK/seeds/$i-$n-$(basename "$name")"
			fi
		done
		i=$((i + 1))
	done ;;
*)
	echo "run.sh: unknown reader '$READER' (wb, save, savedata, host_save, rules, civ2)" >&2; exit 2 ;;
esac

# FUZZ_SEEDS_ONLY=1: the seeds made, nothing run (tests/fuzz/coverage.sh replays them).
[ "${FUZZ_SEEDS_ONLY:-0}" = 1 ] && exit 0

# 1. The regression corpus, one input at a time; in the long runs also tests/fuzz/slow/READER/, the
# inputs found slow but not hanging (a minute or more each under the sanitizers: too long for make
# test's short runs).
replay() { # FOLDER LIMIT
	[ -d "$1" ] && [ -n "$(ls -A "$1")" ] || return 0
	echo "fuzz $READER: replaying $(ls -A "$1" | wc -l) inputs of ${1#"$SRC"/}"
	# shellcheck disable=SC2086
	"$FUZZER" -timeout="$2" -rss_limit_mb=2048 -artifact_prefix="$WORK/" "$1"/* >"$WORK/replay.log" 2>&1 || {
		tail -40 "$WORK/replay.log"; echo "fuzz $READER: a regression input fails again (above; log $WORK/replay.log)" >&2; exit 1; }
}
replay "$REGRESSION" "${FUZZ_REPLAY_TIMEOUT:-60}"
[ "$SECONDS_" -ge 60 ] && replay "$SRC/tests/fuzz/slow/$READER" 300

# 2. Fuzzing.
echo "fuzz $READER: $SECONDS_ s from $(ls -A "$WORK/seeds" | wc -l) seeds (log $WORK/fuzz.log)"
set -- "$WORK/corpus" "$WORK/seeds"
# The regression corpus, just replayed, seeds the long runs only: libFuzzer's time counts from its
# start, and a short run (make test's 10 s) would spend it reading those inputs again.
[ -d "$REGRESSION" ] && [ "$SECONDS_" -ge 60 ] && set -- "$@" "$REGRESSION"
# shellcheck disable=SC2086
if ! "$FUZZER" $LIMITS -max_total_time="$SECONDS_" -print_final_stats=1 -artifact_prefix="$WORK/" "$@" \
	>"$WORK/fuzz.log" 2>&1; then
	tail -60 "$WORK/fuzz.log"
	echo "fuzz $READER: FOUND A PROBLEM: the input is $(ls -t "$WORK"/crash-* "$WORK"/timeout-* "$WORK"/oom-* "$WORK"/leak-* 2>/dev/null | head -1)" >&2
	echo "  add it to tests/fuzz/corpus/$READER/ with the fix" >&2
	exit 1
fi
# The speed: inputs run and inputs a second (libFuzzer's final stats).
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$WORK/fuzz.log")
speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$WORK/fuzz.log")
echo "fuzz $READER: ${runs:-?} inputs in $SECONDS_ s, ${speed:-?} inputs/s" | tee "$WORK/speed.txt"
