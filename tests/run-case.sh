#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs one golden case (tests/cases/*.case) and compares what the command
# prints and returns with what the case expects.  A case file:
#
#   # what the case shows (comment lines come first)
#   args: gamecheck --quiet -
#   exit: 1
#   @@ stdin
#   ...lines fed to standard input...
#   @@ stdout
#   ...expected standard output...
#   @@ stderr
#   ...expected standard error...
#
# Commands run in the source directory, with the built tools first on PATH
# (after CASE_PATH, if set: tests/valgrind-cases.sh puts wrappers there).
# With REGEN=1 the case's exit, stdout and stderr are rewritten from what
# the command did (make regen-cases); read the diff before committing.
set -u

case_file=$1
srcdir=${srcdir:-.}
builddir=$(pwd)
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

section() {
	awk -v want="$1" '
		/^@@ / { cur = $2; next }
		cur == want { print }
	' "$case_file"
}

args=$(sed -n 's/^args: //p' "$case_file" | head -n 1)
want_exit=$(sed -n 's/^exit: //p' "$case_file" | head -n 1)
[ -n "$args" ] || { echo "$case_file: no args: line" >&2; exit 99; }
section stdin > "$tmp/stdin"
section stdout > "$tmp/want.out"
section stderr > "$tmp/want.err"

(cd "$srcdir" && PATH="${CASE_PATH:+$CASE_PATH:}$builddir:$PATH" NO_COLOR=1 LC_ALL=C CASE_TMP="$tmp" \
	sh -c "$args" < "$tmp/stdin" > "$tmp/got.out" 2> "$tmp/got.err")
got_exit=$?

if [ "${REGEN:-0}" = 1 ]; then
	{
		sed -n '/^@@ /q; /^exit: /d; p' "$case_file"
		echo "exit: $got_exit"
		echo "@@ stdin"
		cat "$tmp/stdin"
		echo "@@ stdout"
		cat "$tmp/got.out"
		echo "@@ stderr"
		cat "$tmp/got.err"
	} > "$tmp/new"
	# Keep the exit line just after args.
	cat "$tmp/new" > "$case_file"
	exit 0
fi

status=0
if [ "$got_exit" != "$want_exit" ]; then
	echo "exit status: want $want_exit, got $got_exit"
	status=1
fi
if ! diff -u "$tmp/want.out" "$tmp/got.out" > "$tmp/diff"; then
	echo "stdout differs:"; cat "$tmp/diff"
	status=1
fi
if ! diff -u "$tmp/want.err" "$tmp/got.err" > "$tmp/diff"; then
	echo "stderr differs:"; cat "$tmp/diff"
	status=1
fi
exit $status
