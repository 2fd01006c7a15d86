#!/bin/sh
# The host side's C++ (tools/, tests/) in the project's one style, .clang-format:
#   tools/format.sh           rewrites the files that differ from it (make format)
#   tools/format.sh --check   names them and fails (CTest tree.format); exit 77 without clang-format 14
# Left as they are: the DLL side (CvGameCoreDLL/, not under tools/ or tests/; its .clang-format
# turns formatting off for editors), and the C++03 files written in Civ4's style under tools/ and
# tests/: the SDK stand-in, the host's stand-ins of Windows' and MSVC's headers (tools/host/include),
# the test copies of game files and the C++03 instantiation checks; and the
# test data (fixtures/, the fuzz corpora), whose bytes are the input.
# Needs clang-format 14 (Debian's clang-format package, `make setup`): another version formats
# some constructs otherwise.
set -eu
cd "$(dirname "$0")/.."
FORMAT=${CLANG_FORMAT:-clang-format}
version=$("$FORMAT" --version 2>/dev/null | sed -n 's/.*clang-format version \([0-9]*\)\..*/\1/p')
if [ "$version" != 14 ]; then
	echo "format.sh: needs clang-format 14 (Debian's clang-format), found ${version:-none}: run make setup" >&2
	exit 77
fi
files=$(find tools tests \( -path tools/sdk/standin -o -path tools/host/include -o -path tests/sdk/sdk_unintegrated -o -path tests/sdk/sdk_fork_rules \
	-o -name fixtures -o -name corpus -o -name slow \) -prune \
	-o -type f \( -name '*.cpp' -o -name '*.h' \) ! -name 'cxx03_*' -print | LC_ALL=C sort)
if [ "${1:-}" = --check ]; then
	# shellcheck disable=SC2086
	if ! "$FORMAT" --dry-run --Werror $files 2>"${TMPDIR:-/tmp}/format-check.$$"; then
		grep -o '^[^:]*\.\(cpp\|h\)' "${TMPDIR:-/tmp}/format-check.$$" | sort -u | sed 's/^/format.sh: not in the style of .clang-format: /' >&2
		rm -f "${TMPDIR:-/tmp}/format-check.$$"
		echo "format.sh: run tools/format.sh (make format) to rewrite them" >&2
		exit 1
	fi
	rm -f "${TMPDIR:-/tmp}/format-check.$$"
	echo "format.sh: $(echo "$files" | wc -l) files follow .clang-format"
	exit 0
fi
# shellcheck disable=SC2086
"$FORMAT" -i $files
