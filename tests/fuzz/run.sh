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
# save_layout's default is 120 s: the derived layout is read by an interpreter of the tree's read()
# functions, about twelve times slower under the sanitizers than in the release build, and an input
# that inflates to megabytes of near-save data takes a minute or more there (7 s in release, count
# search included: docs/tests.md#sanitizers-and-fuzzing) without hanging.
case "$READER" in save_layout) DEFAULT_TIMEOUT=120 ;; *) DEFAULT_TIMEOUT=20 ;; esac
LIMITS="-timeout=${FUZZ_TIMEOUT:-$DEFAULT_TIMEOUT} -rss_limit_mb=2048"
# The regression corpus's replay allows 60 s an input (FUZZ_REPLAY_TIMEOUT): its inputs are known, one
# of them (save_layout's) reads for 14 s under the sanitizers, and a machine busy with other work
# must not report it as a hang; an input that hangs again still fails.
mkdir -p "$WORK/corpus"
rm -rf "$WORK/seeds"; mkdir -p "$WORK/seeds"

seed() { [ -f "$1" ] && cp "$1" "$WORK/seeds/$2" || true; }
case "$READER" in
wb)
	for f in "$SRC"/PublicMaps/* "$SHARED"/data/civ4/maps/*; do seed "$f" "$(basename "$f")"; done ;;
save)
	for f in "$SHARED"/data/civ4/saves/*; do seed "$f" "$(basename "$f")"; done ;;
save_layout)
	# the saves read with the layout derived from PB Mod v10's tree (fuzz_save_layout.cpp); without
	# that tree there is nothing to read them with: the test is skipped (77), not failed
	export CVVISION_FUZZ_SDK="${CVVISION_FUZZ_SDK:-$SHARED/data/sdk/pbmod-v10/CvGameCoreDLL}"
	if [ ! -d "$CVVISION_FUZZ_SDK" ]; then
		echo "run.sh: save_layout: no tree at $CVVISION_FUZZ_SDK to derive the layout from: skipped" >&2
		exit 77
	fi
	for f in "$SHARED"/data/civ4/saves/*.CivBeyondSwordSave "$SHARED"/data/civ4/saves/mods/*; do seed "$f" "$(basename "$f")"; done ;;
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
layout_tree)
	# fuzz_layout_tree.cpp's input is one source file of a tree: the real trees' smaller classes
	# (declaration and definitions together), and save roots written here that use what the
	# deriver follows (flags, a switch, containers, a template, sub-objects).
	for tree in "$SHARED"/data/sdk/*/CvGameCoreDLL; do
		for class in CvArea CvDeal CvRandom CvStructs CvSelectionGroup; do
			[ -f "$tree/$class.cpp" ] || continue
			cat "$tree/$class.h" "$tree/$class.cpp" >"$WORK/seeds/$(basename "$(dirname "$tree")")-$class.cpp" 2>/dev/null || true
		done
	done
	cat >"$WORK/seeds/roots.cpp" <<'CPP'
enum Kind { KIND_A, KIND_B = 4, NUM_KINDS };
template <class T> class CvList { public: void Read(FDataStreamBase* pStream) { int n; pStream->Read(&n); for (int i = 0; i < n; i++) { T t; t.read(pStream); } } };
struct CvItem { void read(FDataStreamBase* pStream) { pStream->Read(&m_iA); pStream->Read(2, m_aiB); } int m_iA; short m_aiB[2]; };
class CvInitCore { public: void read(FDataStreamBase* pStream); CvWString m_szName; int m_aiSlots[MAX_PLAYERS]; };
void CvInitCore::read(FDataStreamBase* pStream) { uint uiFlag; pStream->Read(&uiFlag); pStream->ReadString(m_szName); if (uiFlag > 1) pStream->Read(MAX_PLAYERS, m_aiSlots); }
class CvGameAI { public: void read(FDataStreamBase* pStream); int m_iKind; int m_iOne; std::vector<int> m_aiV; CvList<CvItem> m_items; };
void CvGameAI::read(FDataStreamBase* pStream)
{
	pStream->Read(&m_iKind);
	switch (m_iKind) { case KIND_A: pStream->Read(&m_iOne); break; case KIND_B: default: m_items.Read(pStream); }
	m_aiV.resize(std::min(m_iKind, 4));
	if (!m_aiV.empty()) pStream->Read(m_aiV.size(), &m_aiV[0]);
}
class CvMap { public: void read(FDataStreamBase* pStream); int numPlotsINLINE() const { return m_iW * m_iH; } int m_iW; int m_iH; };
void CvMap::read(FDataStreamBase* pStream) { pStream->Read(&m_iW); pStream->Read(&m_iH); }
class CvTeamAI { public: void read(FDataStreamBase* pStream); std::vector<int> m_aiMemory; };
void CvTeamAI::read(FDataStreamBase* pStream) { m_aiMemory.resize(GC.getMapINLINE().numPlotsINLINE(), 0); pStream->Read(m_aiMemory.size(), &m_aiMemory[0]); }
class CvPlayerAI { public: void read(FDataStreamBase* pStream); int m_aiCounts[NUM_KINDS]; CvItem m_kItem; };
void CvPlayerAI::read(FDataStreamBase* pStream) { uint uiFlag = 0; pStream->Read(&uiFlag); if (uiFlag >= 3) pStream->Read(NUM_KINDS, m_aiCounts); m_kItem.read(pStream); }
CPP
	# roots read through a tagged save wrapper of the tree (docs/file-formats.md 3.3.1), of the
	# shape of RoM-AND's under another name
	cat >"$WORK/seeds/tagged-roots.cpp" <<'CPP'
enum Kind { KIND_UNITS, KIND_BUILDS, NUM_KINDS };
class Wrap { public: static Wrap& get(); void reset(bool b); bool isUsingTaggedFormat() { return m_bTagged; }
	int getNumClassEnumValues(Kind e); int getNewClassEnumValue(Kind e, int i, bool b = false);
	void AttachToStream(FDataStreamBase* pStream); void ReadStartObject(const char* n, int& h, int& s); void ReadEndObject();
	void Read(const char* n, int& h, int& s, int* p); void Read(const char* n, int& h, int& s, int c, int v[]);
	void ReadString(const char* n, int& h, int& s, std::wstring& v);
	void ReadClassEnum(const char* n, int& h, int& s, Kind e, int* p, bool b = false);
	void ReadClassArray(const char* n, int& h, int& s, Kind e, int c, int v[], bool b = false, bool r = false);
	void SkipElement(const char* n, int& h, int& s, int t); FDataStreamBase* m_pStream; bool m_bTagged; };
void Wrap::AttachToStream(FDataStreamBase* pStream) { m_pStream = pStream; }
#define WR(w, c, x) { static int _h; static int _s = -1; (w).Read(c "::" #x, _h, _s, x); }
#define WRA(w, c, n, x) { static int _h; static int _s = -1; (w).Read(c "::" #x, _h, _s, n, x); }
#define WRS(w) { static int _h; static int _s = -1; (w).ReadStartObject(__FUNCTION__, _h, _s); }
class CvInitCore { public: void read(FDataStreamBase* pStream); int m_iA; int m_aiSlots[MAX_PLAYERS]; std::wstring m_szName; int m_eUnit; };
void CvInitCore::read(FDataStreamBase* pStream)
{
	uint uiSaveFlag = 0; pStream->Read(&uiSaveFlag); Wrap& w = Wrap::get();
	if (uiSaveFlag & 2) w.reset(true); else w.reset(false);
	w.AttachToStream(pStream); WRS(w); WR(w, "CvInitCore", &m_iA); WRA(w, "CvInitCore", MAX_PLAYERS, m_aiSlots);
	{ static int _h; static int _s = -1; w.ReadString("CvInitCore::m_szName", _h, _s, m_szName); }
	{ static int _h; static int _s = -1; w.ReadClassEnum("CvInitCore::m_eUnit", _h, _s, KIND_UNITS, &m_eUnit); }
	w.ReadEndObject();
}
class CvGameAI { public: void read(FDataStreamBase* pStream); int m_iTurn; int m_aiCount[NUM_KINDS]; int m_aiPer[8]; };
void CvGameAI::read(FDataStreamBase* pStream)
{
	Wrap& w = Wrap::get(); w.AttachToStream(pStream); WRS(w); WR(w, "CvGameAI", &m_iTurn);
	{ static int _h; static int _s = -1; w.SkipElement("CvGameAI::m_iGone", _h, _s, -1); }
	{ static int _h; static int _s = -1; w.ReadClassArray("CvGameAI::m_aiCount", _h, _s, KIND_BUILDS, NUM_KINDS, m_aiCount); }
	for (int i = 0; i < w.getNumClassEnumValues(KIND_UNITS); i++) { int j = w.getNewClassEnumValue(KIND_UNITS, i, true); if (j >= 0 && j < 8) WR(w, "CvGameAI", &m_aiPer[j]); }
	w.ReadEndObject();
}
class CvMap { public: void read(FDataStreamBase* pStream); int m_iW; };
void CvMap::read(FDataStreamBase* pStream) { Wrap& w = Wrap::get(); w.AttachToStream(pStream); WRS(w); if (w.isUsingTaggedFormat()) WR(w, "CvMap", &m_iW); w.ReadEndObject(); }
class CvTeamAI { public: void read(FDataStreamBase* pStream); int m_iT; };
void CvTeamAI::read(FDataStreamBase* pStream) { pStream->Read(&m_iT); }
class CvPlayerAI { public: void read(FDataStreamBase* pStream); int m_iP; };
void CvPlayerAI::read(FDataStreamBase* pStream) { pStream->Read(&m_iP); }
CPP
	;;
cpp_front)
	# fuzz_cpp_front.cpp's input is one C++ source file: the real trees' headers and sources under
	# 64 KB (a larger one costs a second or more an input under the sanitizers, and libFuzzer's
	# longest input is its longest seed's), each text once (named by its checksum).
	for tree in "$SHARED"/data/sdk/*/CvGameCoreDLL; do
		for f in "$tree"/*.h "$tree"/*.cpp; do
			[ -f "$f" ] || continue
			[ "$(wc -c <"$f")" -lt 65536 ] || continue
			seed "$f" "$(cksum <"$f" | cut -d' ' -f1)-$(basename "$f")"
		done
	done ;;
tagged)
	# made-up tagged streams (RoM-AND's save format), written by the target itself with the tests'
	# writer (tests/lib/formats/TaggedSaveWriter.h)
	CVVISION_FUZZ_TAGGED_SEEDS="$WORK/seeds" "$FUZZER" >/dev/null 2>&1 || true ;;
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
	echo "run.sh: unknown reader '$READER' (wb, save, save_layout, savedata, rules, civ2, layout_tree, cpp_front, tagged)" >&2; exit 2 ;;
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
