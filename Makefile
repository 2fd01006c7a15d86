# Everyday targets. `make demo` and `make test` work on a fresh Debian machine: both set up first.
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: all setup configure build test demo bench fuzz clean dll-check sdk-check dll mod install-python

all: build

setup:
	@tools/setup.sh

configure: setup
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

demo: build
	$(BUILD)/cvvision demo

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
	$(PYTHON) tools/sdk_check.py $(if $(BOOST),--boost "$(BOOST)") $(if $(PY24),--python "$(PY24)") \
	  $(if $(FORCE),--force) "$(SDK)"

# The long fuzz of leak-proof sight: 1,000,000 operations (make test runs 100,000).
FUZZ_OPS ?= 250000
fuzz: build
	CVVISION_FUZZ_OPS=$(FUZZ_OPS) $(BUILD)/cvvision_tests --gtest_filter='Shards/FuzzShard.*'

# Every benchmark of the project; their summary lines come last.
BENCHES = bench_vision bench_resight bench_fov bench_path bench_turn bench_adapter
bench: build
	@mkdir -p $(BUILD)/bench
	@for b in $(BENCHES); do \
	  CVVISION_BENCH_SUMMARY=$(BUILD)/bench/$$b.txt $(BUILD)/$$b || exit 1; \
	done
	@echo; echo "== summary"; for b in $(BENCHES); do cat $(BUILD)/bench/$$b.txt; done

# The game's DLL (Visual C++ Toolkit 2003; under Wine on Linux) and the mod folder.
# Python 3.8+, standard library only. See the README, "Into the game".
PYTHON ?= python3
DLL_OUT ?= $(BUILD)/dll
dll:
	$(PYTHON) tools/build_dll.py --sdk "$(SDK)" --toolkit "$(TOOLKIT)" --psdk "$(PSDK)" \
	  --out "$(DLL_OUT)" $(if $(WINE),--wine "$(WINE)") $(if $(DRYRUN),--dry-run) $(DLLFLAGS)

# MOD=PATH/TO/Mods/TheirMod: a copy of that mod with CvVision's files (dist/Mods/TheirMod);
# REPLACE=1 to rebuild an existing copy.
MOD_DLL = $(or $(DLL),$(wildcard $(DLL_OUT)/CvGameCoreDLL.dll))
mod:
	$(PYTHON) tools/make_mod.py $(if $(MOD_DLL),--dll "$(MOD_DLL)") $(if $(MOD),--mod "$(MOD)") \
	  $(if $(REPLACE),--replace) $(MODFLAGS)

# The Python module (build/python/cvvision.so) into the user's site-packages of Debian's
# /usr/bin/python3, the interpreter Debian's Boost.Python is built for.
install-python: build
	@dir=$$(/usr/bin/python3 -c "import site; print(site.getusersitepackages())") && \
	  mkdir -p "$$dir" && cp $(BUILD)/python/cvvision.so "$$dir/" && \
	  echo "installed $$dir/cvvision.so: /usr/bin/python3 -c 'import cvvision'"

clean:
	rm -rf $(BUILD)
