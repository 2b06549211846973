#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck --dedupe (make bench).  Throughput: the Othello archive
# repeated to about one million games (CSV, so nearly every record is a
# duplicate of one of 25,657 games), --quiet alone and with each --dedupe
# mode: CPU seconds (user+sys), median of three, and games per CPU
# second.  Memory: peak RSS of --quiet with and without --dedupe exact on
# one million distinct random games (tests/gen-records, piped, never
# stored): the difference is the set of games seen; 10 million games are
# extrapolated from it (the set grows by doubling, so the figure is that
# of the table of 2^24 entries the run would end with), not measured.
set -eu
. "${srcdir:-.}/bench/lib.sh"
bench_start dedupe.sh

bench_archive 40 > "$tmp/a.csv"
games=$(($(wc -l < "$tmp/a.csv") - 1))

# Median CPU seconds of three runs of gamecheck with these arguments.
cpu() {
	for i in 1 2 3; do
		/usr/bin/time -f '%U %S' -o "$tmp/t" ./gamecheck "$@" \
		    > /dev/null 2>&1 || true
		awk '{ printf "%.3f\n", $1 + $2 }' "$tmp/t"
	done | sort -n | sed -n 2p
}

for mode in none exact prefix position position:20; do
	if [ "$mode" = none ]; then
		t=$(cpu --quiet "$tmp/a.csv")
	else
		t=$(cpu --quiet --dedupe "$mode" "$tmp/a.csv")
	fi
	awk -v m="$mode" -v g="$games" -v t="$t" 'BEGIN {
		printf "--quiet --dedupe %-12s %8d games %6.2f s cpu %9.0f games/s\n",
		    m, g, t, g / t }'
done

# Peak RSS in kB of gamecheck on n distinct random games.
rss() {	# n, gamecheck options...
	n=$1
	shift
	./tests/gen-records reversi -n "$n" -s 1 |
	    /usr/bin/time -f '%M' -o "$tmp/m" ./gamecheck --quiet "$@" - \
	    > /dev/null 2>&1 || true
	cat "$tmp/m"
}
n=1000000
base=$(rss "$n")
with=$(rss "$n" --dedupe exact)
awk -v n="$n" -v b="$base" -v w="$with" 'BEGIN {
	per = (w - b) * 1024 / n
	printf "peak RSS, %d distinct games: %d kB, --dedupe exact %d kB: " \
	    "%.1f bytes a game (the tables of 2^20 and 2^21 entries: %d MiB)\n",
	    n, b, w, per, (2^20 + 2^21) * 16 / 2^20
	# 10M games end in a table of 2^24 entries of 16 bytes, after a
	# doubling from 2^23 whose two tables live together for a moment.
	printf "10000000 distinct games (extrapolated, not measured): " \
	    "%d kB + %d MiB of table, %d MiB at the last doubling\n",
	    b, 2^24 * 16 / 2^20, (2^24 + 2^23) * 16 / 2^20
}'
