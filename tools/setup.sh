#!/usr/bin/env bash
# Installs, from Debian's packages, whatever the machine lacks for:
#   tools/setup.sh           (make setup, make test)  building, the demo and every test
#   tools/setup.sh --build   (make demo)              building and the demo: no browser, no clang
# Quick when everything is there: it only asks dpkg. Plain `make` never runs it.
set -euo pipefail

# `make` / `make build` and `make demo`: the library, the programs, the Python module and the
# GoogleTest suites (CMake configures them with the rest; Ninja builds them, make when it is absent).
build_packages=(
  cmake make ninja-build g++ pkg-config python3
  googletest libgtest-dev libgmock-dev
  libtinyxml2-dev zlib1g-dev libpng-dev
  libboost-python-dev python3-dev
)
# `make test` and the rest: the pytest suites, the C++03 checks through the 32-bit Windows cross
# compiler, the benchmarks (Google Benchmark; bench_fov against libtcod), the page in a real
# browser (browser.render opens it in headless Chromium; skipped without it), and
# make test-sanitize / make fuzz-readers (clang: ASan, UBSan, libFuzzer), make fuzz-coverage (llvm-cov),
# the code style's check (clang-format: tree.format, make format), and the host (tools/host: a tree's
# whole core compiled by clang as a 32-bit program, from Debian's amd64 multilib packages, with
# clang-query for its AST rewrites and the header-only rapidxml for its XML parser).
test_packages=(
  python3-pytest clang-format
  g++-mingw-w64-i686
  libbenchmark-dev libtcod-dev
  chromium
  clang libclang-rt-14-dev llvm
  clang-tools g++-multilib lib32z1-dev librapidxml-dev
)

case "${1:-}" in
  "") packages=("${build_packages[@]}" "${test_packages[@]}") ;;
  --build) packages=("${build_packages[@]}") ;;
  -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
  *) echo "usage: tools/setup.sh [--build]" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "setup: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
