#!/bin/sh
# SPDX-License-Identifier: MIT
# Merging a partial summary takes memory of about the summary it adds
# to, not of a YAML tree of the partial (issue 33, item 8): a partial of
# 200,000 pairs of 50,000 players (about 9 MB) merges with --partial at a
# peak resident set of at most 10 times its size (38 times when it was
# read whole as a tree), and says its records.  So does a partial tree
# (gamestat --tree): one of 20,000 positions (about 4.9 MB, made by
# tests/partials/tree.awk) merges at most at 8 times its size (23 times
# when it was read whole), and is written back byte for byte.
set -u
. "${srcdir:-.}/tests/lib.sh"
[ -x /usr/bin/time ] || { echo "SKIP: no /usr/bin/time"; exit 77; }
awk -v n=200000 -v p=50000 -f "$srcdir/tests/partials/pairs.awk" |
    sh "$srcdir/tests/partial-crc.sh" > "$tmp/big.yaml"
size=$(wc -c < "$tmp/big.yaml")
/usr/bin/time -f %M -o "$tmp/kb" gamestat --merge --partial -o "$tmp/out" \
    "$tmp/big.yaml" || ng "the merge failed"
kb=$(tail -n 1 "$tmp/kb")

# bound WHAT TIMES: the peak $kb against $size times TIMES.
bound() {
	# AddressSanitizer's shadow memory and quarantine are no measure of
	# ours.
	if grep -q __asan_init "$(command -v gamestat)" 2> /dev/null; then
		echo "skip: the peak of a sanitized build ($kb KB) says nothing"
	elif [ "$kb" -le $((size * $2 / 1024)) ]; then
		ok "$1: peak $kb KB for a partial of $size bytes"
	else
		ng "$1: peak $kb KB, more than $2 times the partial's $size bytes"
	fi
}
bound summary 10
grep -qx 'records: 200000' "$tmp/out" || ng "records: $(grep '^records' "$tmp/out")"

awk -v n=20000 -f "$srcdir/tests/partials/tree.awk" > "$tmp/tree.yaml"
size=$(wc -c < "$tmp/tree.yaml")
rm -f "$tmp/out"
/usr/bin/time -f %M -o "$tmp/kb" gamestat --merge --tree --partial \
    -o "$tmp/out" "$tmp/tree.yaml" || ng "the tree's merge failed"
kb=$(tail -n 1 "$tmp/kb")
bound tree 8
cmp -s "$tmp/tree.yaml" "$tmp/out" || ng "the tree merged alone is not itself"
exit $fail
