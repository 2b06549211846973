#!/bin/sh
# SPDX-License-Identifier: MIT
# make check-valgrind: every golden case once more with each tool under
# valgrind's memcheck, which must find no error and no definite or
# indirect leak.  The cases still compare their output (valgrind writes to
# its own log files), so a tool that behaves differently fails as well.
# Skips (77) without valgrind or in a sanitizer build, which valgrind
# cannot run.
#   valgrind-cases.sh TOOL... -- CASE...
set -u
srcdir=${srcdir:-.}
builddir=$(pwd)
if ! command -v valgrind > /dev/null 2>&1; then
	echo "valgrind-cases: no valgrind; skipped"
	exit 77
fi
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin" "$tmp/logs"
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	tool=$1
	shift
	if grep -q __asan_init "$builddir/$tool" 2> /dev/null; then
		echo "valgrind-cases: $tool is built with AddressSanitizer;" \
		    "skipped"
		exit 77
	fi
	# Found on PATH, so that argv[0] is the bare name, as without valgrind.
	cat > "$tmp/bin/$tool" <<WRAP
#!/bin/sh
PATH="$builddir:\$PATH" exec valgrind -q --error-exitcode=99 \\
    --leak-check=full --show-leak-kinds=definite,indirect \\
    --errors-for-leak-kinds=definite,indirect \\
    --log-file="$tmp/logs/$tool.%p.log" $tool "\$@"
WRAP
	chmod +x "$tmp/bin/$tool"
done
[ $# -gt 0 ] && shift
fail=0
count=0
for c in "$@"; do
	count=$((count + 1))
	rm -f "$tmp/logs/"*
	if ! CASE_PATH=$tmp/bin srcdir=$srcdir \
	    sh "$srcdir/tests/run-case.sh" "$srcdir/$c" > "$tmp/out" 2>&1; then
		echo "FAIL: $c"
		head -n 20 "$tmp/out"
		fail=1
	fi
	for log in "$tmp/logs/"*; do
		[ -s "$log" ] || continue
		echo "FAIL: $c: valgrind:"
		head -n 40 "$log"
		fail=1
	done
done
[ $fail = 0 ] && found=no || found=some
echo "valgrind-cases: $count cases, $found errors"
exit $fail
