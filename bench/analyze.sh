#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay analyze: positions analysed per second of CPU time (user+sys,
# the median of RUNS runs) over the first GAMES games of the Othello data
# set, by greedy at depths 1 and 3, by mcts:100 (a best move only) and by
# the exact solver within 14 and 18 empties (the positions further from
# the end are not its: positions counts those it valued).  A position is
# a turn's comment in the output.  Then the peak memory (KiB) of greedy
# at depth 1 over MEM and 4 x MEM generated games of 3 turns (the inputs
# are streamed: the two peaks alike).  make bench runs it.
set -eu
. "${srcdir:-.}/bench/lib.sh"
bench_start analyze
games=${GAMES:-50}
runs=${RUNS:-3}
{ head -n 1 "$data"; awk 'NR > 1' "$data" | head -n "$games"; } > "$tmp/g.csv"

run() {	# label, analyze arguments...
	label=$1
	shift
	i=0
	: > "$tmp/cpu"
	while [ "$i" -lt "$runs" ]; do
		/usr/bin/time -f '%U %S' -o "$tmp/t" ./gameplay analyze "$@" \
		    "$tmp/g.csv" > "$tmp/out" 2> /dev/null || true
		awk '{ print $1 + $2 }' "$tmp/t" >> "$tmp/cpu"
		i=$((i + 1))
	done
	n=$(grep -o '{[^}]*}' "$tmp/out" | wc -l)
	sort -n "$tmp/cpu" | awk -v l="$label" -v n="$n" -v g="$games" '
	    { t[NR] = $1 }
	    END { m = t[int((NR + 1) / 2)]; if (m <= 0) m = 0.001
		printf "analyze %-20s %3d games %6d positions %7.2f s cpu %10.1f positions/s\n",
		    l, g, n, m, n / m }'
}

run "greedy depth 1" --player greedy
run "greedy depth 3" --player greedy --depth 3
run "mcts:100" --player mcts:100
run "solver 14 empties" --solver --empties 14
run "solver 18 empties" --solver --empties 18

mem=${MEM:-25000}
for n in "$mem" $((4 * mem)); do
	./tests/gen-records reversi -n "$n" -s 7 -c 3 > "$tmp/m.pgn"
	/usr/bin/time -f %M -o "$tmp/t" ./gameplay analyze --player greedy \
	    "$tmp/m.pgn" > /dev/null 2>&1 || true
	printf 'analyze peak memory %7d games %8d KiB\n' "$n" "$(tail -n 1 "$tmp/t")"
done
