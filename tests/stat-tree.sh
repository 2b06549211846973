#!/bin/sh
# SPDX-License-Identifier: MIT
# gamestat --tree: the tree of an archive split into shards, each shard's
# partial tree merged in any order and grouping (merges of merges too),
# is byte for byte the tree of one run over the whole; and an archive
# played in another frame (every game turned a half turn, or its files
# and ranks exchanged: symmetries that keep the start) has the same tree.
# The archive is the examples' Othello games and, when it is there, the
# first 3000 games of the real Othello data set.
set -u
. "${srcdir:-.}/tests/lib.sh"
data=${ARBITER_DATASET:-$srcdir/../shared/data/othello_dataset.csv}

csv="$srcdir/examples/archive.csv"
[ -r "$data" ] && csv=$data
head -n 3001 "$csv" > "$tmp/games.csv"

# The games of the CSV under a symmetry of the board: turn (a half turn)
# or swap (files for ranks).
image() {
	awk -F, -v how="$1" 'BEGIN { OFS = "," }
	NR == 1 { print; next }
	{
		s = $3; out = ""
		for (i = 1; i <= length(s); i += 2) {
			f = index("abcdefgh", substr(s, i, 1))
			r = substr(s, i + 1, 1) + 0
			if (how == "turn") { f = 9 - f; r = 9 - r }
			else { t = f; f = r; r = t }
			out = out substr("abcdefgh", f, 1) r
		}
		$3 = out
		print
	}' "$tmp/games.csv"
}

check() {	# label, then a command whose output must be the whole's
	label=$1
	shift
	"$@" > "$tmp/got" 2> "$tmp/err" || {
		echo "FAIL: $label: exit $?" >&2
		cat "$tmp/err" >&2
		fail=1
		return
	}
	if ! cmp -s "$tmp/whole" "$tmp/got"; then
		echo "FAIL: $label differs from the whole's tree" >&2
		diff "$tmp/whole" "$tmp/got" | head -20 >&2
		fail=1
	fi
}

for depth in 1 4 12; do
	./gamestat --tree --depth $depth "$tmp/games.csv" > "$tmp/whole" ||
	    { echo "FAIL: the whole's tree" >&2; exit 1; }
	for k in 1 2 3; do
		./gamestat --tree -p --depth $depth --shard $k/3 \
		    "$tmp/games.csv" > "$tmp/p$k" || fail=1
	done
	check "depth $depth: three shards merged" \
	    ./gamestat --tree --merge "$tmp/p3" "$tmp/p1" "$tmp/p2"
	./gamestat --tree --merge -p "$tmp/p2" "$tmp/p3" > "$tmp/p23" || fail=1
	check "depth $depth: a merge of merges" \
	    ./gamestat --tree --merge "$tmp/p23" "$tmp/p1"
	check "depth $depth: the whole's partial, merged" \
	    sh -c "./gamestat --tree -p --depth $depth '$tmp/games.csv' |
	        ./gamestat --tree --merge"
	for how in turn swap; do
		image $how > "$tmp/image.csv"
		check "depth $depth: the games under $how" \
		    ./gamestat --tree --depth $depth "$tmp/image.csv"
	done
done
# The query of a position, and of its image: one node (the lines given
# apart).
./gamestat --tree --from 'f5 d6' "$tmp/games.csv" | sed '/^from:/d' \
    > "$tmp/whole" || fail=1
grep -q '^  - id: 1$' "$tmp/whole" || { echo "FAIL: no node f5 d6" >&2; fail=1; }
check "--from a line and its image" \
    sh -c "./gamestat --tree --from 'c4 e3' '$tmp/games.csv' |
        sed '/^from:/d'"
exit $fail
