#!/bin/sh
# Line coverage of one reader by its fuzz inputs (`make fuzz-coverage`): FUZZER, built with
# -fprofile-instr-generate -fcoverage-mapping, replays the seeds run.sh makes, the regression corpus
# tests/fuzz/corpus/READER/ and CORPUS (what fuzzing found, when it exists) once each; llvm-cov then
# reports the lines of the reader's own source files that ran. Prints one line per file:
#   coverage READER: FILE lines COVERED/TOTAL (P%) regions P%
# and keeps the full report in WORK/report.txt (llvm-cov show's annotated sources: WORK/show.txt).
# Usage: coverage.sh FUZZER READER WORK [CORPUS] [SOURCE_DIR] [SHARED_DIR]
set -eu
FUZZER=$1 READER=$2 WORK=$3 CORPUS=${4:-}
SRC=${5:-$(cd "$(dirname "$0")/../.." && pwd)}
SHARED=${6:-$SRC/../shared}
case "$READER" in
wb) FILES="tools/lib/formats/WbReader.cpp tools/lib/scenario/WorldFromMap.cpp" ;;
save|savedata) FILES="tools/lib/formats/SaveReader.cpp tools/lib/formats/SaveReaderBts.cpp tools/lib/formats/SaveRecords.cpp tools/lib/scenario/WorldFromSave.cpp tools/lib/analysis/SaveAudit.cpp" ;;
rules) FILES="tools/lib/formats/RulesLoader.cpp" ;;
civ2) FILES="tools/civ2huts/Civ2Huts.cpp" ;;
host_save) FILES="tools/host/runtime/CvHostSaveFile.cpp tools/host/runtime/CvHostBytes.cpp tools/host/runtime/CvHostStream.h" ;;
*) echo "coverage.sh: unknown reader '$READER' (wb, save, savedata, host_save, rules, civ2)" >&2; exit 2 ;;
esac
rm -rf "$WORK"; mkdir -p "$WORK"
FUZZ_SEEDS_ONLY=1 sh "$SRC/tests/fuzz/run.sh" "$FUZZER" "$READER" 0 "$WORK" "$SRC" "$SHARED" >/dev/null
set -- "$WORK/seeds"
what="seeds"
[ -d "$SRC/tests/fuzz/corpus/$READER" ] && set -- "$@" "$SRC/tests/fuzz/corpus/$READER" && what="$what, regression corpus"
[ -n "$CORPUS" ] && [ -d "$CORPUS" ] && set -- "$@" "$CORPUS" && what="$what, $CORPUS"
inputs=0
for d in "$@"; do inputs=$((inputs + $(ls -A "$d" | wc -l))); done
# -runs=0: each input of the folders once, nothing mutated. Findings are fuzz-readers' business.
LLVM_PROFILE_FILE="$WORK/raw-%p.profraw" "$FUZZER" -runs=0 -timeout=60 -rss_limit_mb=4096 "$@" \
	>"$WORK/replay.log" 2>&1 || { tail -20 "$WORK/replay.log"; echo "coverage $READER: the replay failed (log $WORK/replay.log)" >&2; exit 1; }
llvm-profdata merge -sparse "$WORK"/raw-*.profraw -o "$WORK/merged.profdata"
paths=""
for f in $FILES; do paths="$paths $SRC/$f"; done
# shellcheck disable=SC2086
llvm-cov report "$FUZZER" -instr-profile="$WORK/merged.profdata" $paths >"$WORK/report.txt"
# shellcheck disable=SC2086
llvm-cov show "$FUZZER" -instr-profile="$WORK/merged.profdata" $paths >"$WORK/show.txt"
# A build through ccache with CCACHE_BASEDIR records the sources' paths relative to its folders
# (../../../tools/...), which the absolute paths above do not name: llvm-cov then reports every file
# and shows none. The report is filtered below by the files' paths within the tree; show.txt then
# holds every file's annotated source.
# shellcheck disable=SC2086
[ -s "$WORK/show.txt" ] || llvm-cov show "$FUZZER" -instr-profile="$WORK/merged.profdata" >"$WORK/show.txt"
echo "coverage $READER: $inputs inputs replayed ($what)"
# llvm-cov report's columns: Filename, Regions, Missed Regions, Cover, Functions, Missed Functions,
# Executed, Lines, Missed Lines, Cover, Branches, Missed Branches, Cover.
# llvm-cov names the files below the folder they share (CvHostSaveFile.cpp, when all are in one):
# a name is the wanted path it ends.
awk -v r="$READER" -v src="$SRC/" -v files="$FILES" 'BEGIN { n = split(files, a, " ") }
$1 ~ /\.(cpp|h)$/ {
	name = $1; sub(src, "", name); gsub(/^(\.\.\/)+/, "", name)
	for (i = 1; i <= n; ++i)
		if (a[i] == name || substr(a[i], length(a[i]) - length(name)) == "/" name) {
			printf "coverage %s: %s lines %d/%d (%s) regions %s\n", r, a[i], $8 - $9, $8, $10, $4
			break
		}
}' "$WORK/report.txt"
