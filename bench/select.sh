#!/bin/sh
# SPDX-License-Identifier: MIT
# Selection and truncation throughput (gamecheck --select, the ranges,
# --plies; issue 30) over the Othello archive repeated to about one
# million games, as CSV: CPU seconds (user+sys), median of three, and
# games read per CPU second.  An expression without status, winner, cause
# or position leaves records out before their replay, so that selecting
# is reading; the others replay every record (position a turn at a time).
# With ARBITER_REFERENCE (the directory of another build) each line shows
# that build's figure beside ours, run in the same minutes (make bench).
set -eu
data=${ARBITER_DATASET:-${srcdir:-.}/../shared/data/othello_dataset.csv}
ref=${ARBITER_REFERENCE:-}
if [ ! -r "$data" ]; then
	echo "bench/select.sh: no data set at $data; skipped"
	exit 0
fi
if ! [ -x /usr/bin/time ]; then
	echo "bench/select.sh: no /usr/bin/time; skipped"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The header, then the rows 40 times (1,026,240 games).
{
	head -n 1 "$data"
	i=0
	while [ "$i" -lt 40 ]; do
		awk 'NR > 1' "$data"
		i=$((i + 1))
	done
} > "$tmp/a.csv"
games=$(($(wc -l < "$tmp/a.csv") - 1))

# Median CPU seconds of three runs of gamecheck (first argument) on the
# rest, the output nowhere.  time's last line is the figure: a run that
# exits 1 (the archive's malformed rows, a selection of none) has its
# "Command exited with non-zero status" line first.
cpu() {
	prog=$1
	shift
	for i in 1 2 3; do
		/usr/bin/time -f '%U %S' -o "$tmp/t" "$prog" "$@" \
		    > /dev/null 2>&1 || true
		awk 'END { printf "%.3f\n", $1 + $2 }' "$tmp/t"
	done | sort -n | sed -n 2p
}

run() {	# label, gamecheck options...
	label=$1
	shift
	ours=$(cpu ./gamecheck "$@" "$tmp/a.csv")
	line=$(awk -v l="$label" -v g="$games" -v t="$ours" 'BEGIN {
		printf "%-34s %8d games %6.2f s cpu %9.0f games/s",
		    l, g, t, g / t }')
	if [ -n "$ref" ]; then
		theirs=$(cpu "$ref/gamecheck" "$@" "$tmp/a.csv")
		line=$(awk -v l="$line" -v t="$ours" -v r="$theirs" 'BEGIN {
			printf "%s  reference %6.2f s: %.2fx", l, r, r / t }')
	fi
	echo "$line"
}

run "-q (every record replayed)" -q
run "-q --select 'has Black' (none)" -q --select 'has Black'
run "-q --select opening (f5 d6 c3)" -q --select 'opening = "f5 d6 c3"'
run "-q --select 'turns < 58'" -q --select 'turns < 58'
run "-q --select 'status = finished'" -q --select 'status = finished'
run "-q --select position (corner)" -q --select \
    'position = "XX?????? ???????? ???????? ???????? ???????? ???????? ???????? ????????"'
run "-q --every 10" -q --every 10
run "-q --plies 20" -q --plies 20
run "--plies 20 --write=transcript" --plies 20 --write=transcript
