#!/usr/bin/env bash
# Installs, from Debian's packages, whatever the machine lacks for:
#   tools/setup.sh           (make setup)  building, the demo and every test
#   tools/setup.sh --build   (make demo)   building and the demo: no browser, no clang
#   tools/setup.sh --early   (make test)   building, with what configuring the tests needs
#   tools/setup.sh --late    (make test)   the rest, which only running the tests needs: make test
#                                          installs it while the build compiles
#   tools/setup.sh --late --unattended    exit 0 if --late needs no password (nothing missing,
#                                          root, or sudo without one), else 1
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
# The first three lines are what configuring the tests looks for (the C++03 checks' cross compiler,
# the benchmarks); the rest only the tests and the sanitizer build run (--late).
configure_packages=(
  python3-pytest
  g++-mingw-w64-i686
  libbenchmark-dev libtcod-dev
)
late_packages=(
  clang-format
  chromium
  clang libclang-rt-14-dev llvm
  clang-tools g++-multilib lib32z1-dev librapidxml-dev
)

case "${1:-}" in
  "") packages=("${build_packages[@]}" "${configure_packages[@]}" "${late_packages[@]}") ;;
  --build) packages=("${build_packages[@]}") ;;
  --early) packages=("${build_packages[@]}" "${configure_packages[@]}") ;;
  --late) packages=("${late_packages[@]}") ;;
  -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
  *) echo "usage: tools/setup.sh [--build | --early | --late [--unattended]]" >&2; exit 2 ;;
esac
unattended_check=""
case "${2:-}" in
  "") ;;
  --unattended) unattended_check=1 ;;
  *) echo "usage: tools/setup.sh [--build | --early | --late [--unattended]]" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  [ -n "$unattended_check" ] || echo "setup: all ${#packages[@]} packages present"
  exit 0
fi
if [ -n "$unattended_check" ]; then
  [ "$(id -u)" -eq 0 ] || sudo -n true 2>/dev/null
  exit
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "setup: installing ${missing[*]}"
$sudo apt-get update -qq
# --force-unsafe-io: dpkg does not sync each file it unpacks (34 s to 31.6 s for the 385 packages
# of a fresh machine); an install cut short by a crash is run again.
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
  -o Dpkg::Options::=--force-unsafe-io "${missing[@]}"
