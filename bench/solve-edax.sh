#!/bin/sh
# SPDX-License-Identifier: MIT
# FFO positions FIRST..LAST (default 40..49) solved one by one by
# bench/bench_solve and, side by side in the same run, by Edax when EDAX
# names its binary (built from source; run from its directory, which must
# hold data/eval.dat: a file of zero weights keeps its endgame exact).
# Prints per position the empties, both scores and both CPU seconds
# (user + system of the whole process, table set-up included).
set -eu
ffo=${srcdir:-.}/tests/solve/ffo.txt
first=${1:-40}
last=${2:-49}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cpu() { # command...: its CPU seconds on stdout, its output in $tmp/out
	/usr/bin/time -f '%U %S' -o "$tmp/time" "$@" >"$tmp/out" 2>&1
	awk '{ printf "%.2f", $1 + $2 }' "$tmp/time"
}
printf '%-4s %7s %6s %9s %6s %9s\n' pos empties score cpu-s edax edax-s
n=$first
while [ "$n" -le "$last" ]; do
	line=$(awk -v n="$n" '$1 == n' "$ffo")
	t=$(cpu ./bench/bench_solve "$ffo" "$n" "$n")
	e=$(awk '$1 ~ /^#/ { print $2 }' "$tmp/out")
	s=$(awk '$1 ~ /^#/ { print $3 }' "$tmp/out")
	es=- et=-
	if [ -n "${EDAX:-}" ]; then
		echo "$line" | awk '{ print $2 " " $3 ";" }' >"$tmp/p.obf"
		et=$(cd "$(dirname "$EDAX")/.." &&
		    cpu "$EDAX" -solve "$tmp/p.obf" -n-tasks 1 -level 60 \
		    -book-usage off)
		es=$(awk '$1 ~ /^[0-9]+\|/ { print $3 }' "$tmp/out")
	fi
	printf '%-4s %7s %6s %9s %6s %9s\n' "#$n" "$e" "$s" "$t" "$es" "$et"
	n=$((n + 1))
done
