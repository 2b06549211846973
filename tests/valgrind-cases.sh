#!/bin/sh
# SPDX-License-Identifier: MIT
# make check-valgrind: every golden case once more with each tool under
# valgrind's memcheck, which must find no error and no definite or
# indirect leak.  The cases still compare their output (valgrind writes to
# its own log files), so a tool that behaves differently fails as well.
# Skips (77) without valgrind or in a sanitizer build, which valgrind
# cannot run.  The cases are shared among VALGRIND_JOBS workers (the
# number of processors by default), each with its own log folder.
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
mkdir "$tmp/bin"
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
    --log-file="\$VALGRIND_LOGS/$tool.%p.log" $tool "\$@"
WRAP
	chmod +x "$tmp/bin/$tool"
done
[ $# -gt 0 ] && shift
jobs=${VALGRIND_JOBS:-$(nproc 2> /dev/null || echo 1)}

# Worker w of $jobs: the cases w, w + jobs, ...; what fails in $tmp/w.out,
# the number of cases run in $tmp/w.count.
worker() {	# w case...
	w=$1 count=0 i=0
	shift
	VALGRIND_LOGS=$tmp/logs.$w
	export VALGRIND_LOGS
	mkdir "$VALGRIND_LOGS" || return 1
	: > "$tmp/$w.out"
	for c in "$@"; do
		i=$((i + 1))
		[ $(((i - 1) % jobs)) = "$w" ] || continue
		count=$((count + 1))
		rm -f "$VALGRIND_LOGS/"*
		if ! CASE_PATH=$tmp/bin srcdir=$srcdir \
		    sh "$srcdir/tests/run-case.sh" "$srcdir/$c" \
		    > "$tmp/$w.case" 2>&1; then
			echo "FAIL: $c"
			head -n 20 "$tmp/$w.case"
		fi >> "$tmp/$w.out"
		for log in "$VALGRIND_LOGS/"*; do
			[ -s "$log" ] || continue
			echo "FAIL: $c: valgrind:"
			head -n 40 "$log"
		done >> "$tmp/$w.out"
	done
	echo "$count" > "$tmp/$w.count"
}

w=0
while [ "$w" -lt "$jobs" ]; do
	worker "$w" "$@" &
	w=$((w + 1))
done
wait
fail=0
count=0
w=0
while [ "$w" -lt "$jobs" ]; do
	if [ ! -s "$tmp/$w.count" ]; then
		echo "FAIL: valgrind-cases: worker $w did not finish"
		fail=1
	else
		count=$((count + $(cat "$tmp/$w.count")))
	fi
	if [ -s "$tmp/$w.out" ]; then
		cat "$tmp/$w.out"
		fail=1
	fi
	w=$((w + 1))
done
[ $fail = 0 ] && found=no || found=some
echo "valgrind-cases: $count cases, $found errors"
exit $fail
