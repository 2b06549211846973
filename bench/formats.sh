#!/bin/sh
# SPDX-License-Identifier: MIT
# Issue 34, target 1: gamecheck --quiet on the same games in each input
# format, as a paired ratio of CPU time (user + system) to the CSV's:
# farm-bench runs the format and the CSV in turn, RUNS times (7), and
# prints the median ratio A/B of the pairs.  The Othello data set repeated
# COPIES times (4: 102,628 games), written in each format by
# gamecheck --write (WTHOR by bench/bench_to_wthor).  With
# ARBITER_REFERENCE (another build's directory) each format is also
# paired against that build on the same file: new/old.  Target: every
# ratio to the CSV within 1.25 (make bench; skips without farm-bench).
#
# Before/after, branch formats against main 329edbe, each tree's
# gamecheck -O2, in the same minutes on a machine at load 7-9 on 2 cores
# (ratios there move by 0.1-0.4 from run to run; read the pairs, not the
# digits), by
#   ARBITER_DATASET=.../othello_dataset.csv sh bench/formats.sh
# in each tree, and ARBITER_REFERENCE=<main's tree> in the branch's:
#   x CSV, before -> after      transcript 0.91 -> 0.90 (0.88)
#                               notation   2.48 -> 1.83 (2.30)
#                               WTHOR      1.38 -> 1.07 (1.32)
#                               GGF        2.30 -> 2.03 (2.07)
#                               SGF        2.35 -> 2.06 (2.08)
#   x main on the same file     transcript 1.12, notation 1.04, WTHOR 0.92,
#                               GGF 1.00, SGF 1.00
# (in brackets: the run beside the reference).  farm-bench pairs at 9-21
# runs gave WTHOR 0.85x main (an inline wthor_square writing into the
# line: no store-forwarding stall), SGF 0.95x (two-byte tokens copied
# with no memcpy call), GGF 0.93x (XT's tag check); the notation's split
# into functions of one job cost it about 4% of code layout, won back by
# the inline record_turn_is_pass and two-byte tokens.  Peak RSS flat:
# 3.6-3.8 MB on every format (/usr/bin/time), before and after.
set -eu
. "${srcdir:-.}/bench/lib.sh"
bench_start formats.sh
command -v farm-bench > /dev/null ||
    { echo "bench/formats.sh: no farm-bench; skipped"; exit 0; }
runs=${RUNS:-7}
ref=${ARBITER_REFERENCE:-}
bench_archive "${COPIES:-4}" > "$tmp/g.csv"
games=$(($(wc -l < "$tmp/g.csv") - 1))
for f in transcript pgn ggf sgf; do
	./gamecheck --write=$f "$tmp/g.csv" > "$tmp/g.$f" 2> /dev/null || true
done
./bench/bench_to_wthor -n "$games" "$data" > "$tmp/g.wtb"

# The median A/B cpu ratio of farm-bench A --vs B.
ratio() {	# A, B (each one command line, split as a shell splits words)
	# shellcheck disable=SC2086
	farm-bench -n "$runs" --timeout 600 --vs "$2" -- $1 2>&1 |
	    awk '/^A\/B cpu/ { print $4 }'
}
for f in transcript pgn wtb ggf sgf; do
	opt=
	[ "$f" != transcript ] || opt='-f transcript'
	line=$(printf '%-10s %d games: %s x CSV' "$f" "$games" \
	    "$(ratio "./gamecheck --quiet $opt $tmp/g.$f" \
	    "./gamecheck --quiet $tmp/g.csv")")
	if [ -n "$ref" ]; then
		line="$line, $(ratio "./gamecheck --quiet $opt $tmp/g.$f" \
		    "$ref/gamecheck --quiet $opt $tmp/g.$f") x reference"
	fi
	echo "$line"
done
