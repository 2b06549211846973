#!/bin/sh
# SPDX-License-Identifier: MIT
# gamestat throughput over about one million generated records (the Othello
# data set's games repeated, as transcripts, or the examples where the data
# set is absent), from records and from gamecheck's YAML reports; its peak
# resident memory as the archive grows; and the speed-up of splitting the
# archive across every core with GNU parallel, then --merge; and the
# reading of reports against libyaml's bare parse (bench/bench_yaml)
# (make bench).
#
# Issue 34 item 5, the reading of reports against libyaml's bare parse:
# bench/bench_yaml's header has the figures and commands (branch yread:
# 1.165x -> 1.115x in callgrind instructions, 1.19x -> 1.14x in CPU time
# at load 8-9), the report stream made as below from the data set.
#
# Records replayed two at a time, as gamecheck's (replay_records_pair),
# main 8e6bf97 -> the change, gamestat on the Othello set repeated 16
# times (410,512 games) in each format, CPU (user + system), medians of 7
# runs of each in turn, load 0.7 on 2 cores: CSV 0.34 s -> 0.30 s
# (0.88x), WTHOR 0.41 -> 0.38 (0.93x), the notation 0.56 -> 0.53
# (0.95x), SGF 0.54 -> 0.51 (0.94x).  The summaries, tables and -j 2 the
# same byte for byte (bench/same-output.sh).
set -eu
srcdir=${srcdir:-.}
data=${ARBITER_DATASET:-$srcdir/../shared/data/othello_dataset.csv}
src=$data
[ -r "$src" ] || src=$srcdir/examples/archive.csv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Transcripts, one game a line, k copies of the source's games.
archive() {
	awk -F, -v k="$1" 'NR > 1 { row[n++] = $3 }
	    END { for (i = 0; i < k; i++) for (r = 0; r < n; r++) print row[r] }' \
	    "$src"
}
rows=$(($(wc -l < "$src") - 1))
million=$(((1000000 + rows - 1) / rows))

now() { date +%s.%N; }
rss() {	# prints peak RSS in KB of the command, its output discarded
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '%M' -o "$tmp/rss" "$@" > /dev/null 2> /dev/null || true
		cat "$tmp/rss"
	else
		"$@" > /dev/null 2>&1 || true
		echo "?"
	fi
}
report() {	# label, records, start, end, rss
	awk -v l="$1" -v g="$2" -v s="$3" -v e="$4" -v r="$5" 'BEGIN {
	    t = e - s; printf "%-40s %8d records %7.2f s %9.0f records/s  peak RSS %s KB\n", l, g, t, g / t, r }'
}

archive "$million" > "$tmp/big.txt"
n=$(wc -l < "$tmp/big.txt")

s=$(now); r=$(rss ./gamestat "$tmp/big.txt"); e=$(now)
report "gamestat, transcripts" "$n" "$s" "$e" "$r"

./gamecheck "$tmp/big.txt" > "$tmp/big.yaml" 2> /dev/null || true
s=$(now); r=$(rss ./gamestat "$tmp/big.yaml"); e=$(now)
report "gamestat, gamecheck YAML ($(($(wc -c < "$tmp/big.yaml") / 1048576)) MB)" "$n" "$s" "$e" "$r"
# Its reading against libyaml's bare event parse, CPU time (issue 20).
[ -x ./bench/bench_yaml ] && ./bench/bench_yaml "$tmp/big.yaml"
rm -f "$tmp/big.yaml"

for k in 1 4 16; do
	archive $((million * k / 16)) > "$tmp/a.txt"
	m=$(wc -l < "$tmp/a.txt")
	s=$(now); r=$(rss ./gamestat "$tmp/a.txt"); e=$(now)
	report "peak memory, $k/16 of the archive" "$m" "$s" "$e" "$r"
done
rm -f "$tmp/a.txt"

# Many players: ratings over 1000 named players, as reports from records.
awk -F, 'NR > 1 { s = $3; gsub(/[a-p][0-9]+/, "& ", s); row[n++] = s }
    END { for (i = 0; i < 200000; i++) {
	printf "[Game \"reversi\"]\n[Black \"p%d\"]\n[White \"p%d\"]\n%s\n\n",
	    i % 1000, (i * 7 + 1) % 1000, row[i % n] } }' "$src" > "$tmp/players.pgn"
s=$(now); r=$(rss ./gamestat "$tmp/players.pgn"); e=$(now)
report "1000 players, 200000 games, PGN" 200000 "$s" "$e" "$r"

if parallel --version 2> /dev/null | grep -q 'GNU parallel'; then
	cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
	s=$(now)
	./gamestat "$tmp/big.txt" > "$tmp/one"
	e=$(now)
	one=$(awk -v s="$s" -v e="$e" 'BEGIN { print e - s }')
	s=$(now)
	parallel --pipe --block 20M -j "$cores" ./gamestat --partial \
	    < "$tmp/big.txt" | ./gamestat --merge > "$tmp/many"
	e=$(now)
	cmp -s "$tmp/one" "$tmp/many" || echo "parallel: summaries differ!"
	awk -v one="$one" -v s="$s" -v e="$e" -v c="$cores" -v n="$n" 'BEGIN {
	    t = e - s; printf "parallel --pipe on %d cores: %.2f s (one process %.2f s), speed-up %.2fx, %.0f records/s\n", c, t, one, one / t, n / t }'
else
	echo "parallel: GNU parallel is not installed; speed-up not measured"
fi
