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
