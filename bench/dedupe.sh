#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck --select, --plies and --dedupe (make bench; issue 30's
# figures).  Throughput: the Othello archive repeated to about one million
# games (CSV, so nearly every record is a duplicate of one of 25,657
# games), --quiet alone, with a selection, cut to 20 turns, and with each
# --dedupe mode: CPU seconds (user+sys), median of three, and games per
# CPU second; the three the issue asks 500,000 games/s of (select, plies,
# exact) say whether they reach it.  Memory: peak RSS of --quiet with and
# without --dedupe exact on RSS_GAMES (10 million) distinct random games
# (tests/gen-records, piped, never stored), measured: the difference is
# the set of games seen (man/gamecheck.1, DUPLICATES).
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

# A line of figures: what was run, its CPU seconds, whether the issue's
# 500,000 games/s stands (goal: yes or no; empty for none).
line() {	# label seconds goal
	awk -v m="$1" -v g="$games" -v t="$2" -v goal="$3" 'BEGIN {
		r = g / t
		say = ""
		if (goal != "" && r >= 500000)
			say = "  (>= 500,000)"
		else if (goal != "")
			say = "  (BELOW 500,000)"
		printf "%-42s %8d games %6.2f s cpu %9.0f games/s%s\n",
		    m, g, t, r, say }'
}
sel='status = finished and turns >= 58'
line "--quiet" "$(cpu --quiet "$tmp/a.csv")" ""
line "--quiet --select '$sel'" \
    "$(cpu --quiet --select "$sel" "$tmp/a.csv")" goal
line "--quiet --plies 20" "$(cpu --quiet --plies 20 "$tmp/a.csv")" goal
for mode in exact prefix position position:20; do
	g=
	[ "$mode" = exact ] && g=goal
	line "--quiet --dedupe $mode" \
	    "$(cpu --quiet --dedupe "$mode" "$tmp/a.csv")" "$g"
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
n=${RSS_GAMES:-10000000}
base=$(rss "$n")
with=$(rss "$n" --dedupe exact)
awk -v n="$n" -v b="$base" -v w="$with" 'BEGIN {
	printf "peak RSS, %d random games: --quiet %d kB (%.0f MiB), " \
	    "--dedupe exact %d kB (%.0f MiB): %.1f bytes a game\n",
	    n, b, b / 1024, w, w / 1024, (w - b) * 1024 / n
}'
