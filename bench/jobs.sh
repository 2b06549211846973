#!/bin/sh
# SPDX-License-Identifier: MIT
# -j, --jobs (make bench): gamecheck --quiet and gamestat over about one
# million games (the Othello data set's rows repeated as one CSV, or the
# examples' archive where the data set is absent), -j 1 against -j 2:
# the median of RUNS runs (3) of wall-clock and CPU (user + system)
# seconds, and the speed-up; then the split-and-merge of a cluster on one
# machine: 8 tasks of gamestat --partial --shard K/8 run 2 at a time,
# then --merge, against one run.  The outputs are checked equal.  Figures,
# not pass/fail: on a shared machine they move with its load.
set -eu
srcdir=${srcdir:-.}
data=${ARBITER_DATASET:-$srcdir/../shared/data/othello_dataset.csv}
src=$data
[ -r "$src" ] || src=$srcdir/examples/archive.csv
runs=${RUNS:-3}
games=${GAMES:-1000000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

rows=$(($(wc -l < "$src") - 1))
copies=$(((games + rows - 1) / rows))
awk -v k="$copies" 'NR == 1 { print; next } { row[n++] = $0 }
    END { for (i = 0; i < k; i++) for (r = 0; r < n; r++) print row[r] }' \
    "$src" > "$tmp/big.csv"
n=$((rows * copies))

# Runs the command $runs times; prints the median wall and CPU seconds.
median() {
	i=0
	: > "$tmp/times"
	while [ $i -lt "$runs" ]; do
		/usr/bin/time -f '%e %U %S' -o "$tmp/t" "$@" > "$tmp/out" \
		    2> /dev/null || true
		awk '{ print $1, $2 + $3 }' "$tmp/t" >> "$tmp/times"
		i=$((i + 1))
	done
	sort -n "$tmp/times" | awk -v m=$(((runs + 1) / 2)) \
	    'NR == m { w = $1 } { c[NR] = $2 } END { print w, c[m] }'
}

line() {	# label, wall, cpu, base wall
	awk -v l="$1" -v w="$2" -v c="$3" -v b="$4" -v n="$n" 'BEGIN {
	    printf "%-34s %8d games %7.2f s wall %7.2f s CPU  %5.2fx\n",
	    l, n, w, c, b / w }'
}

for tool in "gamecheck --quiet" "gamestat"; do
	set -- $(median ./$tool -j 1 "$tmp/big.csv")
	base=$1
	cp "$tmp/out" "$tmp/want"
	line "$tool -j 1" "$1" "$2" "$base"
	set -- $(median ./$tool -j 2 "$tmp/big.csv")
	cmp -s "$tmp/out" "$tmp/want" || echo "$tool -j 2: OUTPUT DIFFERS"
	line "$tool -j 2" "$1" "$2" "$base"
done

# A cluster on one machine: 8 shards, 2 at a time, then the merge.
set -- $(median ./gamestat "$tmp/big.csv")
base=$1
cp "$tmp/out" "$tmp/want"
line "gamestat, one run" "$1" "$2" "$base"
cat > "$tmp/split.sh" <<EOS
seq 1 8 | xargs -P 2 -I K sh -c './gamestat --partial --shard K/8 -o "$tmp/p.K" "$tmp/big.csv"'
./gamestat --merge --expect 8 $tmp/p.[1-8]
EOS
set -- $(median sh "$tmp/split.sh")
cmp -s "$tmp/out" "$tmp/want" || echo "split and merge: OUTPUT DIFFERS"
line "8 shards, 2 at a time, --merge" "$1" "$2" "$base"
set -- $(median ./gamestat -j 2 "$tmp/big.csv")
line "gamestat -j 2" "$1" "$2" "$base"
