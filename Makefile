# Everyday targets. Only `make setup`, `make demo` and `make test` install packages (tools/setup.sh):
# `make demo` and `make test` work on a fresh Debian machine, they set up first. Every other target
# installs nothing; when something is missing it says so and to run `make setup`.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
PREFIX ?= /usr/local

.PHONY: all setup setup-build configure build cvvision-program format test test-sanitize sanitize-build timings fuzz-readers fuzz-sdk fuzz-coverage demo bench fuzz clean dll-check sdk-check dll mod install install-python trees
.PHONY: fuzz-host play-ab

all: build

# Everything the build, the demo and every test need (a browser and clang included).
setup:
	@tools/setup.sh

# What the build and the demo need: no browser, no clang.
setup-build:
	@tools/setup.sh --build

# Ninja builds when it is there (tools/setup.sh installs it): it compiles a target's files while the
# libraries it links are still being built, where make waits for each library first, so the two
# cores stay busy (the sanitizer build 142 s with Ninja, 170 s with make; docs/tests.md). A build
# folder keeps the generator it was first configured with.
GENERATOR ?= $(if $(shell command -v ninja 2>/dev/null),Ninja,Unix Makefiles)
generator_for = $(if $(wildcard $(1)/CMakeCache.txt),,-G "$(GENERATOR)")

# CMake's messages name what is missing; the optional parts (benchmarks, libtcod) say when they are
# not built.
configure:
	@for tool in cmake c++ pkg-config; do \
	  command -v $$tool >/dev/null 2>&1 || { echo "make: $$tool not found: run \`make setup\` (tools/setup.sh)" >&2; exit 1; }; \
	done
	@cmake -S . -B $(BUILD) $(call generator_for,$(BUILD)) -DCMAKE_BUILD_TYPE=Release >/dev/null || \
	  { echo "make: configuring $(BUILD)/ failed (see above); for a missing package run \`make setup\`" >&2; exit 1; }

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# The cvvision program alone: the SDK tools (make dll, make sdk-check) read a tree's build settings
# through it (`cvvision build-settings`, tools/sdk/cvsdk/build_settings.py), given as $(CVVISION).
CVVISION_PROGRAM = $(abspath $(BUILD))/cvvision
cvvision-program: configure
	@cmake --build $(BUILD) -j $(JOBS) --target cvvision

# The host side's C++ rewritten in the style of .clang-format (clang-format 14; CTest's tree.format
# checks it).
format:
	@tools/format.sh

# Everything: the suite, then the sanitizer build's suite and a short run of each reader's fuzz target.
# The packages only the tests need (tools/setup.sh --late: clang, Chromium...) install while the build
# compiles, when that needs no password: on a fresh machine their download and unpacking (about 40 s
# of the set-up's 64 s) no longer come before the build. Their output follows the build's.
test:
	@tools/setup.sh --early
	@log=$$(mktemp); late=""; \
	if tools/setup.sh --late --unattended; then tools/setup.sh --late >$$log 2>&1 & late=$$!; \
	else tools/setup.sh --late || exit 1; fi; \
	$(MAKE) --no-print-directory build; built=$$?; \
	if [ -n "$$late" ]; then wait $$late; installed=$$?; cat $$log; rm -f $$log; [ $$installed -eq 0 ] || exit 1; fi; \
	exit $$built
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)
	@$(MAKE) --no-print-directory test-sanitize

# A second build with Debian's clang, AddressSanitizer, UndefinedBehaviorSanitizer (any report is
# fatal) and libFuzzer's coverage: the GoogleTest suites, the CLI scripts and the readers' fuzz
# targets. Not run here, as nothing of this build runs in them (the plain build runs them all):
# python.* (Python and the tools; Debian's python3 cannot load an ASan module without LD_PRELOAD),
# tree.* (pytest over the sources), cxx98.* (compilers only), browser.* (the page in Chromium),
# sdk.* (the differential builds its own programs), cli.install (needs every target built).
# -fno-sanitize=enum: the SDK's C++03 enums hold any index, as in the game (InvisibleTypes is
# `enum { NO_INVISIBLE = -1 }` and holds 0..N read from XML), and the bad-input tests hand
# out-of-range CvFovMode values on purpose to see them refused.
SANITIZE_BUILD ?= build-sanitize
SANITIZE_FLAGS = -O1 -gline-tables-only -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all \
  -fno-sanitize=enum
# libFuzzer's coverage, only on the code the fuzz targets reach: the libraries and the targets
# (CVVISION_FUZZ_FLAGS). The test files, the SDK mock and the programs' own files go without.
SANITIZE_FUZZ_FLAGS = -fsanitize=fuzzer-no-link
SANITIZE_TARGETS = cvvision_engine_tests cvvision_support_tests cvvision_formats_tests cvvision_render_tests \
  cvvision_scenario_tests cvvision_analysis_tests cvvision_sdk_tests cvvision_host_tests \
  cvvision_sdk_fork_rules_tests civ2huts_tests cvvision civ2huts \
  bench_turn fuzz_wb fuzz_save fuzz_savedata fuzz_rules fuzz_civ2
# fuzz_host_save: a save through the host runtime's own reading code (tests/fuzz/fuzz_host_save.cpp).
SANITIZE_TARGETS += fuzz_host_save
# Seconds each fuzz target runs in `make test` (after replaying tests/fuzz/corpus/READER/).
FUZZ_TEST_SECONDS ?= 10
export ASAN_OPTIONS ?= detect_leaks=1
export UBSAN_OPTIONS ?= print_stacktrace=1:halt_on_error=1

sanitize-build:
	@command -v clang++ >/dev/null 2>&1 || { echo "make: clang++ not found (clang, libclang-rt-14-dev): run \`make setup\`" >&2; exit 1; }
	@cmake -S . -B $(SANITIZE_BUILD) $(call generator_for,$(SANITIZE_BUILD)) -DCMAKE_BUILD_TYPE=Sanitize -DCMAKE_CXX_COMPILER=clang++ \
	  -DCMAKE_CXX_FLAGS="$(SANITIZE_FLAGS)" -DCVVISION_FUZZ=ON -DCVVISION_FUZZ_FLAGS="$(SANITIZE_FUZZ_FLAGS)" -DCVVISION_FUZZ_TEST_SECONDS=$(FUZZ_TEST_SECONDS) \
	  -DCVVISION_TEST_OPTIMIZE_LIGHT=-O0 -DCVVISION_GTEST_SHARDS=4 >/dev/null
	@cmake --build $(SANITIZE_BUILD) -j $(JOBS) --target $(SANITIZE_TARGETS)

# The long randomized suites with a tenth of their cases here, the differential too (20,000 of the plain
# build's 200,000; the plain build runs them all):
# under the sanitizers they look for memory errors, not for rare inputs.
test-sanitize: sanitize-build
	cd $(SANITIZE_BUILD) && CVVISION_DIFF_CASES=20000 CVVISION_FUZZ_OPS=2500 CVVISION_SANITIZED=1 \
	  ctest --output-on-failure -j $(JOBS) -E '^(python|tree|cxx98|browser|sdk)\.|^cli\.install$$'

# Every shared tree's whole core on the host (tools/host, docs/host.md): BTS 3.19, K-Mod, PB Mod,
# AdvCiv, Realism Invictus and RoM-AND compiled and linked, their XML loaded by their own loaders,
# PB Mod's save read by its own tree and written back, the vision rules of K-Mod's, AdvCiv's and PB
# Mod's own loaded infos (the suite does BTS's alone).
trees: build
	cd $(BUILD) && CVVISION_HOST_FORKS=1 ctest --output-on-failure -R '^python\.(host_trees|read_save|host_rules)$$'

# Where the last `make test`'s time went, in both builds: each target's and each file's compile
# (Ninja's .ninja_log) and each test's seconds (CTest's log), as the tables of docs/tests.md
# (tests/tree/suite_timings.py).
timings:
	$(PYTHON) tests/tree/suite_timings.py $(BUILD) $(SANITIZE_BUILD)

# Each reader's fuzz target for FUZZ_SECONDS (default 600): its regression corpus replayed, then
# fuzzed from seeds made of ../shared/data and the project's files; what it found stays in
# build-sanitize/fuzz/READER/ (see tests/fuzz/run.sh). Each prints its speed (inputs/s), and the
# speeds come again at the end. READERS=wb to run one. savedata: saves with their game data
# inflated (the target compresses it), where fuzzing reaches the parser.
FUZZ_SECONDS ?= 600
READERS ?= wb save savedata rules civ2
# host_save: the host runtime's outer layer of a save and its stream (tools/host/runtime).
READERS += host_save
fuzz-readers: sanitize-build
	@for r in $(READERS); do \
	  sh tests/fuzz/run.sh $(SANITIZE_BUILD)/fuzz_$$r $$r $(FUZZ_SECONDS) $(SANITIZE_BUILD)/fuzz/$$r; \
	  rc=$$?; [ $$rc -eq 0 ] || [ $$rc -eq 77 ] || exit 1; \
	done; \
	echo "== fuzz speeds ($(FUZZ_SECONDS) s each, under the sanitizers)"; \
	for r in $(READERS); do cat $(SANITIZE_BUILD)/fuzz/$$r/speed.txt 2>/dev/null || echo "$$r: skipped (its data is absent)"; done

# Line coverage of each reader by its fuzz corpus (clang's source-based coverage, llvm-cov from
# Debian's llvm): the fuzz targets built with -fprofile-instr-generate -fcoverage-mapping in
# build-coverage/, each replaying its seeds, its regression corpus and what fuzz-readers found in
# build-sanitize/fuzz/READER/corpus; prints each reader's source files' line coverage
# (tests/fuzz/coverage.sh). Run `make fuzz-readers` first for the corpus fuzzing found.
COVERAGE_BUILD ?= build-coverage
COVERAGE_FLAGS = -O1 -g -fprofile-instr-generate -fcoverage-mapping
fuzz-coverage:
	@for tool in clang++ llvm-profdata llvm-cov; do \
	  command -v $$tool >/dev/null 2>&1 || { echo "make: $$tool not found (clang, llvm): run \`make setup\`" >&2; exit 1; }; \
	done
	@cmake -S . -B $(COVERAGE_BUILD) $(call generator_for,$(COVERAGE_BUILD)) -DCMAKE_BUILD_TYPE=Coverage -DCMAKE_CXX_COMPILER=clang++ \
	  -DCMAKE_CXX_FLAGS="$(COVERAGE_FLAGS)" -DCVVISION_FUZZ=ON -DCVVISION_WITH_BENCHMARKS=OFF >/dev/null
	@cmake --build $(COVERAGE_BUILD) -j $(JOBS) --target $(addprefix fuzz_,$(READERS))
	@for r in $(READERS); do \
	  sh tests/fuzz/coverage.sh $(COVERAGE_BUILD)/fuzz_$$r $$r $(COVERAGE_BUILD)/coverage/$$r $(SANITIZE_BUILD)/fuzz/$$r/corpus || exit 1; \
	done

# Hostile saves through the host under the sanitizers for FUZZ_SECONDS (default 600): mutations of
# every shared BTS save read by BTS 3.19's own code behind the host's runtime compiled with
# -fsanitize=address,undefined (`cvcore --sanitize`, tools/host/cvhost/sanitize.py), as
# tests/host/test_host_sanitize.py reads them (make test: 300 mutations). Prints the inputs, their
# speed and their outcomes (also into build/fuzz/host/speed.txt); a failing input and its report stay
# in build/fuzz/host/. The core is built into build/host-cache if it is not there (about 2 minutes).
HOST_PYTHON ?= /usr/bin/python3
fuzz-host: cvvision-program
	CVVISION="$(CVVISION_PROGRAM)" CVVISION_HOST_CACHE=$(abspath $(BUILD))/host-cache \
	  CVVISION_HOST_FUZZ_SECONDS=$(FUZZ_SECONDS) CVVISION_HOST_FUZZ_WORK=$(abspath $(BUILD))/fuzz/host \
	  $(HOST_PYTHON) -m pytest -q -s -p no:cacheprovider tests/host/test_host_sanitize.py -k campaign

# sdk-integrate's C++ scanner fuzzed for FUZZ_SECONDS (default 600; tests/fuzz/fuzz_sdk.py): its
# regression corpus replayed, then mutations of the real trees' sources; prints inputs/s. A finding
# is minimized into build/fuzz/sdk/ and fails the run.
fuzz-sdk:
	$(PYTHON) tests/fuzz/fuzz_sdk.py --seconds $(FUZZ_SECONDS) --work $(BUILD)/fuzz/sdk

demo: setup-build
	@$(MAKE) --no-print-directory build
	$(BUILD)/cvvision demo

# The A/B (tests/host/test_play_ab.py, docs/tests.md): every shared BTS save played on by BTS's own
# core as it is and with CvVision integrated, the saves at every turn's end compared, at the default
# knobs and with CVVISION_LEDGER=1; a knob and a mutant engine must differ. AB_TURNS turns (20).
AB_TURNS ?= 20
play-ab: setup
	CVVISION_AB_TURNS=$(AB_TURNS) CVVISION_HOST_CACHE=$(abspath $(BUILD))/host-cache \
	  /usr/bin/python3 -m pytest -q -p no:cacheprovider tests/host/test_play_ab.py

# The DLL-side sources, the SDK adapter and CyVision through i686-w64-mingw32-g++ -std=c++98
# (and g++ -std=c++98) against the SDK mock: what the 2003 compiler will be given.
dll-check: build
	cd $(BUILD) && ctest --output-on-failure -R '^cxx98\.'

# CvVision in a real CvGameCoreDLL tree (the game's or a mod's), checked on Linux: a temporary copy
# is integrated and what changed is compiled with i686-w64-mingw32-g++ -fsyntax-only against the
# tree's headers; only the diagnostics the integration adds are reported. SDK is not changed.
# BOOST / PY24: Boost 1.32 and Python 2.4 include folders (default: the tree's own, as in BTS).
sdk-check:
	@test -n "$(SDK)" || { echo "usage: make sdk-check SDK=DIR [BOOST=DIR] [PY24=DIR] [FORCE=1]" >&2; exit 2; }
	@$(MAKE) --no-print-directory cvvision-program
	CVVISION="$(CVVISION_PROGRAM)" $(PYTHON) tools/sdk/sdk_check.py $(if $(BOOST),--boost "$(BOOST)") $(if $(PY24),--python "$(PY24)") \
	  $(if $(FORCE),--force) "$(SDK)"

# The long fuzz of leak-proof sight: 1,000,000 operations (make test runs 100,000).
FUZZ_OPS ?= 250000
fuzz: build
	CVVISION_FUZZ_OPS=$(FUZZ_OPS) $(BUILD)/cvvision_formats_tests --gtest_filter='Shards/FuzzShard.*'

# Every benchmark of the project that was built; their summary lines come last. Without Google
# Benchmark there are none (an error); without libtcod bench_fov is skipped (said so).
BENCHES = bench_vision bench_resight bench_fov bench_path bench_turn bench_adapter
# The original lines: BTS's own vision functions, compiled behind the SDK stand-in, against CvVision.
ORIGINAL_SDK ?= ../shared/data/sdk/bts-3.19/CvGameCoreDLL
bench: build
	@test -x $(BUILD)/bench_vision || { echo "make bench: the benchmarks are not built: Google Benchmark (libbenchmark-dev) is missing or CVVISION_WITH_BENCHMARKS=OFF; run \`make setup\`" >&2; exit 1; }
	@mkdir -p $(BUILD)/bench
	@for b in $(BENCHES); do \
	  rm -f $(BUILD)/bench/$$b.txt; \
	  if [ ! -x $(BUILD)/$$b ]; then echo "make bench: $$b is not built (bench_fov needs libtcod-dev: run \`make setup\`); skipped" >&2; continue; fi; \
	  CVVISION_BENCH_SUMMARY=$(BUILD)/bench/$$b.txt $(BUILD)/$$b || exit 1; \
	done
	@rm -f $(BUILD)/bench/original.txt; \
	if [ -d "$(ORIGINAL_SDK)" ]; then \
	  echo "== original: $(ORIGINAL_SDK)'s own changeAdjacentSight against CvVision's (tools/sdk/sdk_differential.py --bench)"; \
	  $(PYTHON) tools/sdk/sdk_differential.py --bench "$(ORIGINAL_SDK)" > $(BUILD)/bench/original.txt || exit 1; \
	  cat $(BUILD)/bench/original.txt; \
	else echo "make bench: $(ORIGINAL_SDK) is absent: the original lines are skipped" >&2; fi
	@echo; echo "== summary"; for b in $(BENCHES); do if [ -f $(BUILD)/bench/$$b.txt ]; then cat $(BUILD)/bench/$$b.txt; else echo "$$b: not built"; fi; done; \
	if [ -f $(BUILD)/bench/original.txt ]; then cat $(BUILD)/bench/original.txt; fi

# The game's DLL (Visual C++ Toolkit 2003; under Wine on Linux) and the mod folder.
# Python 3.8+, standard library only. See docs/into-the-game.md.
PYTHON ?= python3
DLL_OUT ?= $(BUILD)/dll
dll: cvvision-program
	CVVISION="$(CVVISION_PROGRAM)" $(PYTHON) tools/sdk/build_dll.py --sdk "$(SDK)" --toolkit "$(TOOLKIT)" --psdk "$(PSDK)" \
	  --out "$(DLL_OUT)" $(if $(WINE),--wine "$(WINE)") $(if $(DRYRUN),--dry-run) $(DLLFLAGS)

# MOD=PATH/TO/Mods/TheirMod: a copy of that mod with CvVision's files (dist/Mods/TheirMod);
# REPLACE=1 to rebuild an existing copy.
MOD_DLL = $(or $(DLL),$(wildcard $(DLL_OUT)/CvGameCoreDLL.dll))
mod:
	$(PYTHON) tools/sdk/make_mod.py $(if $(MOD_DLL),--dll "$(MOD_DLL)") $(if $(MOD),--mod "$(MOD)") \
	  $(if $(REPLACE),--replace) $(MODFLAGS)

# The programs, the Python module and their data (PREFIX/bin, PREFIX/lib/pythonX.Y/...,
# PREFIX/share/cvvision), through cmake --install. PREFIX=/usr/local by default.
install: build
	cmake --install $(BUILD) --prefix "$(PREFIX)"

# The Python module (build/python/cvvision.so) into the user's site-packages of Debian's
# /usr/bin/python3, the interpreter Debian's Boost.Python is built for, and its data into
# ~/.local/share/cvvision (where the module looks: three levels above site-packages).
install-python: build
	@test -f $(BUILD)/python/cvvision.so || { echo "make install-python: no module built: Boost.Python is missing; run \`make setup\`" >&2; exit 1; }
	@dir=$$(/usr/bin/python3 -c "import site; print(site.getusersitepackages())") && \
	  data=$$(/usr/bin/python3 -c "import site, os; print(os.path.join(site.getuserbase(), 'share', 'cvvision'))") && \
	  mkdir -p "$$dir" && cp $(BUILD)/python/cvvision.so "$$dir/" && \
	  rm -rf "$$data" && mkdir -p "$$data" && cp -RL $(BUILD)/share/cvvision/. "$$data/" && \
	  echo "installed $$dir/cvvision.so and $$data: /usr/bin/python3 -c 'import cvvision'"

clean:
	rm -rf $(BUILD) $(SANITIZE_BUILD)
