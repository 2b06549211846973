#!/bin/sh
# SPDX-License-Identifier: MIT
# Random Reversi playouts (make bench; issue 34's target 3): GAMES games
# (200,000) of bench_playout reversi against the same games on Edax's move
# generator (bench/edax_playout.c, built here against the Edax source
# tree EDAX_SRC names: its all.c, main renamed, and the rules library for
# the generator), in turn RUNS times (7) under farm-bench where it is on
# PATH, else /usr/bin/time: the median CPU seconds (user + system) of
# each and their ratio.  Both must play the same games: the turns in all
# are compared first.  Skips (exit 0) without EDAX_SRC.
#
# Issue 34 target 3, from a ./configure'd build (-g -O2) of each, Edax's
# abulmo/edax-reversi HEAD fetched into /tmp/edax/src, AMD EPYC (Zen 4),
# 2 cores shared, load 8.7-9.2 (uptime), in the same minutes:
#   EDAX_SRC=/tmp/edax/src/src RUNS=7 srcdir=. sh bench/playout-edax.sh
#   main 329edbe:           ours 0.404 s, Edax 0.374 s: 1.080x
#   reversi.c of branch replay: ours 0.366 s, Edax 0.383 s: 0.939x
# and paired against main's bench_playout, 11 runs, load 9.2:
#   farm-bench -n 11 --vs 'MAIN/bench/bench_playout -n 200000 reversi' \
#       -- ./bench/bench_playout -n 200000 reversi
#   0.946x (0.385 s against 0.409 s).  What did it: the flips from a table
#   of the lines through each square already cut there, both halves in
#   vectors; the discs kept in all four lanes from one turn to the next;
#   the full 8x8 board's masks as constants.  The random pick (a loop over
#   the moves' bits, its exit mispredicted) and the generator's call are
#   the same in both loops and are about a third of either's time.
# The rest, paired against main (farm-bench, median A/B CPU, load 8-11):
# the other games' bench_playout -n 20000 (7 runs each) herd 3 0.992x,
# herd 5 0.965x, herd 6 0.998x, stones 8x8 1.027x, oust 7 0.993x,
# rive 3-3-5 1.013x, rive 5 1.023x (none uses reversi.c: noise);
# bench_perft reversi 11 (15 runs) 1.002x; gameplay perft --hash 64
# reversi 12 (9 runs) 1.007x; gamecheck -q on the Othello set x10
# (256,560 games, 9 runs) 1.010x, its full output byte-identical; every
# perft count identical (8x8 to 11, 6x6 to 12, 4x4 to 14, 10x10 to 6).
set -eu
if [ -z "${EDAX_SRC:-}" ] || [ ! -r "$EDAX_SRC/all.c" ]; then
	echo "bench/playout-edax.sh: EDAX_SRC names no Edax source tree" \
	    "(its src/ folder, with all.c); skipped"
	exit 0
fi
srcdir=${srcdir:-.}
games=${GAMES:-200000}
runs=${RUNS:-7}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc=${CC:-gcc}
flags="-O2 -DNDEBUG -march=x86-64-v3"
# shellcheck disable=SC2086
$cc -std=c17 -D_GNU_SOURCE=1 $flags -Dmain=edax_main -w \
    -c "$EDAX_SRC/all.c" -o "$tmp/edax.o"
# shellcheck disable=SC2086
$cc -std=c17 -D_GNU_SOURCE=1 $flags -I"$EDAX_SRC" -I"$srcdir/src" -I. \
    "$srcdir/bench/edax_playout.c" "$tmp/edax.o" src/rules/librules.a \
    -o "$tmp/edax_playout" -lm -lrt -lpthread

ours=$(./bench/bench_playout -n "$games" reversi | sed 's/.*, //')
theirs=$("$tmp/edax_playout" "$games" | sed 's/.*, //')
if [ "$ours" != "$theirs" ]; then
	echo "bench/playout-edax.sh: not the same games: $ours against" \
	    "$theirs" >&2
	exit 1
fi
echo "reversi 8x8, $games random games, the same on both: $ours"
if command -v farm-bench > /dev/null 2>&1; then
	farm-bench -n "$runs" --vs "$tmp/edax_playout $games" -- \
	    ./bench/bench_playout -n "$games" reversi 2>&1 | grep 'cpu s\|A/B cpu'
	exit 0
fi
cpu() {	# command...: CPU seconds
	/usr/bin/time -f '%U %S' -o "$tmp/t" "$@" > /dev/null
	awk '{ printf "%.3f\n", $1 + $2 }' "$tmp/t"
}
: > "$tmp/a"
: > "$tmp/b"
i=0
while [ "$i" -lt "$runs" ]; do
	cpu ./bench/bench_playout -n "$games" reversi >> "$tmp/a"
	cpu "$tmp/edax_playout" "$games" >> "$tmp/b"
	i=$((i + 1))
done
a=$(sort -n "$tmp/a" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
b=$(sort -n "$tmp/b" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
awk -v a="$a" -v b="$b" 'BEGIN {
	printf "CPU s, medians: ours %.3f, Edax generator %.3f: %.3fx\n",
	    a, b, a / b }'
