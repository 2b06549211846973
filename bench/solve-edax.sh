#!/bin/sh
# SPDX-License-Identifier: MIT
# FFO positions FIRST..LAST (default 40..49) solved one by one by
# bench/bench_solve and, side by side in the same run, by Edax when EDAX
# names its binary (built from source; run from its directory, which must
# hold data/eval.dat: a file of zero weights keeps its endgame exact).
# Each position is solved RUNS times (default 3) by each program in
# turn, ours then Edax's, so that both see the same load; prints per
# position the empties, both scores, both node counts and the median CPU
# seconds of each (user + system of the whole process, table set-up
# included), then the totals of the medians.  SOLVER names another
# bench_solve binary to compare (default ./bench/bench_solve).
set -eu
ffo=${srcdir:-.}/tests/solve/ffo.txt
first=${1:-40}
last=${2:-49}
runs=${RUNS:-3}
solver=${SOLVER:-./bench/bench_solve}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cpu() { # command...: its CPU seconds on stdout, its output in $tmp/out
	/usr/bin/time -f '%U %S' -o "$tmp/time" "$@" >"$tmp/out" 2>&1
	awk '{ printf "%.2f", $1 + $2 }' "$tmp/time"
}
median() { # numbers...: their median
	printf '%s\n' "$@" | sort -g |
	    awk '{ v[NR] = $1 }
		END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		    printf "%.2f", m }'
}
printf '%-4s %7s %6s %12s %9s %6s %12s %9s\n' pos empties score nodes cpu-s \
    edax edax-nodes edax-s
tours=0 tedax=0
n=$first
while [ "$n" -le "$last" ]; do
	line=$(awk -v n="$n" '$1 == n' "$ffo")
	echo "$line" | awk '{ print $2 " " $3 ";" }' >"$tmp/p.obf"
	ts= ets= es=- en=- et=-
	r=0
	while [ "$r" -lt "$runs" ]; do
		ts="$ts $(cpu "$solver" "$ffo" "$n" "$n")"
		e=$(awk '$1 ~ /^#/ { print $2 }' "$tmp/out")
		s=$(awk '$1 ~ /^#/ { print $3 }' "$tmp/out")
		nodes=$(awk '$1 ~ /^#/ { print $5 }' "$tmp/out")
		if [ -n "${EDAX:-}" ]; then
			ets="$ets $(cd "$(dirname "$EDAX")/.." &&
			    cpu "$EDAX" -solve "$tmp/p.obf" -n-tasks 1 \
			    -level 60 -book-usage off)"
			es=$(awk '$1 ~ /^[0-9]+\|/ { print $3 }' "$tmp/out")
			en=$(awk '/ nodes in / { print $2 }' "$tmp/out")
		fi
		r=$((r + 1))
	done
	t=$(median $ts)
	tours=$(echo "$tours $t" | awk '{ printf "%.2f", $1 + $2 }')
	if [ -n "$ets" ]; then
		et=$(median $ets)
		tedax=$(echo "$tedax $et" | awk '{ printf "%.2f", $1 + $2 }')
	fi
	printf '%-4s %7s %6s %12s %9s %6s %12s %9s\n' "#$n" "$e" "$s" \
	    "$nodes" "$t" "$es" "$en" "$et"
	n=$((n + 1))
done
printf '%-4s %7s %6s %12s %9s %6s %12s %9s\n' all - - - "$tours" - - "$tedax"
