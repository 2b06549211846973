#!/bin/sh
# SPDX-License-Identifier: MIT
# gamestat --tree --depth 12 over the Othello data set repeated to about
# one million games (transcripts, as bench/gamestat.sh builds them; the
# examples where the data set is absent): CPU seconds (user+sys), median
# of three, peak RSS, and the tree's size (positions and moves, the
# positions at depth 12 too, as the partial tree lists them); then the
# same counted in 4 shards and merged (make bench).
set -eu
srcdir=${srcdir:-.}
data=${ARBITER_DATASET:-$srcdir/../shared/data/othello_dataset.csv}
src=$data
[ -r "$src" ] || src=$srcdir/examples/archive.csv
if ! [ -x /usr/bin/time ]; then
	echo "bench/tree.sh: no /usr/bin/time; skipped"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
depth=${TREE_DEPTH:-12}

rows=$(($(wc -l < "$src") - 1))
k=$(((1000000 + rows - 1) / rows))
awk -F, -v k="$k" 'NR > 1 { row[n++] = $3 }
    END { for (i = 0; i < k; i++) for (r = 0; r < n; r++) print row[r] }' \
    "$src" > "$tmp/big.txt"
n=$(wc -l < "$tmp/big.txt")

# CPU seconds and peak RSS (KB) of three runs: the median's.
measure() {
	for i in 1 2 3; do
		/usr/bin/time -f '%U %S %M' -o "$tmp/t" "$@" > "$tmp/out" \
		    2> /dev/null || true
		awk '{ printf "%.2f %d\n", $1 + $2, $3 }' "$tmp/t"
	done | sort -n | sed -n 2p
}

set -- $(measure ./gamestat --tree --depth "$depth" "$tmp/big.txt")
cpu=$1 rss=$2
./gamestat --tree --partial --depth "$depth" "$tmp/big.txt" > "$tmp/part"
nodes=$(grep -c '^  - id: ' "$tmp/part" || true)
moves=$(grep -c '^    - move: ' "$tmp/part" || true)
listed=$(./gamestat --tree --depth "$depth" "$tmp/big.txt" |
    grep -c '^  - id: ' || true)
set -- $(measure ./gamestat --depth 1 --tree --plies 0 "$tmp/big.txt")
base=$2
awk -v n="$n" -v c="$cpu" -v r="$rss" -v d="$depth" -v p="$nodes" \
    -v m="$moves" -v l="$listed" -v b="$base" 'BEGIN {
	printf "gamestat --tree --depth %d: %d games, %.2f s cpu, %.0f games/s, peak RSS %d KB\n",
	    d, n, c, n / c, r
	printf "  tree: %d positions (%d listed, to depth %d - 1), %d moves\n",
	    p, l, d, m
	printf "  %.0f bytes of RSS per position and move (over %d KB reading alone)\n",
	    (r - b) * 1024 / (p + m), b
}'

# The same in 4 shards, each a task of a cluster, merged: each shard's CPU
# and the merge's (medians of three), and the merge's peak RSS; the
# merge is checked to be the whole's tree.
shards=0
for s in 1 2 3 4; do
	set -- $(measure ./gamestat --tree --partial --depth "$depth" \
	    --shard $s/4 "$tmp/big.txt")
	shards=$(awk -v a="$shards" -v b="$1" 'BEGIN { printf "%.2f", a + b }')
	./gamestat --tree --partial --depth "$depth" --shard $s/4 \
	    "$tmp/big.txt" > "$tmp/s$s"
done
set -- $(measure ./gamestat --tree --merge "$tmp/s1" "$tmp/s2" "$tmp/s3" \
    "$tmp/s4")
./gamestat --tree --merge "$tmp/s1" "$tmp/s2" "$tmp/s3" "$tmp/s4" \
    > "$tmp/merged"
./gamestat --tree --depth "$depth" "$tmp/big.txt" | cmp -s - "$tmp/merged" &&
    same=yes || same=NO
echo "  4 shards: $shards s cpu in all; their merge $1 s cpu, peak RSS $2 KB; the whole's tree: $same"
