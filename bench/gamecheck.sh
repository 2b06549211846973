#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck throughput over the Othello archive repeated to at least one
# million games, with full YAML reports and with --quiet, and its peak
# resident memory as the input grows (make bench).
set -eu
data=${ARBITER_DATASET:-${srcdir:-.}/../shared/data/othello_dataset.csv}
if [ ! -r "$data" ]; then
	echo "bench/gamecheck.sh: no data set at $data; skipped"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Repeat the rows (not the header) k times; awk ends every line.
archive() {
	head -n 1 "$data"
	i=0
	while [ "$i" -lt "$1" ]; do
		awk 'NR > 1' "$data"
		i=$((i + 1))
	done
}

run() {	# label, file, gamecheck options...
	label=$1 file=$2
	shift 2
	games=$(($(wc -l < "$file") - 1))
	start=$(date +%s.%N)
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '%M' -o "$tmp/rss" ./gamecheck "$@" "$file" \
		    > /dev/null 2>> "$tmp/log" || true
		rss="$(cat "$tmp/rss") KB"
	else
		./gamecheck "$@" "$file" > /dev/null 2>> "$tmp/log" || true
		rss="?"
	fi
	end=$(date +%s.%N)
	awk -v l="$label" -v g="$games" -v s="$start" -v e="$end" -v r="$rss" \
	    'BEGIN { t = e - s; printf "%-28s %9d games %7.2f s %9.0f games/s  peak RSS %s\n", l, g, t, g / t, r }'
}

for k in 10 20 40; do
	archive "$k" > "$tmp/a$k.csv"
done
run "--quiet, 10x archive" "$tmp/a10.csv" --quiet
run "--quiet, 20x archive" "$tmp/a20.csv" --quiet
run "--quiet, 40x archive" "$tmp/a40.csv" --quiet
run "full YAML, 40x archive" "$tmp/a40.csv"
