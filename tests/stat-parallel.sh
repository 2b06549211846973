#!/bin/sh
# SPDX-License-Identifier: MIT
# GNU parallel splits a large archive into blocks, one gamestat --partial
# per block on every core, in whatever order they finish; --merge of the
# partials equals one run over the archive, byte for byte.  Transcripts,
# CSV (its header given to every block) and gamecheck's reports.  Skips
# (77) where parallel is not installed.
set -u
srcdir=${srcdir:-.}
data=${ARBITER_DATASET:-$srcdir/../shared/data/othello_dataset.csv}
. "$srcdir/tests/optional.sh"
need_gnu_parallel
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# About 100,000 games: the data set 4 times, or the examples many times.
# The rows are drawn in a pseudo-random order (a fixed LCG), not copy
# after copy: blocks of the same bytes on standard input are the same
# input to --merge (partial-duplicate, formats/summary.md), and a block
# size that is a multiple of a short period would make them.
csv="$srcdir/examples/archive.csv"
copies=20000
if [ -r "$data" ]; then
	csv=$data
	copies=4
fi
awk -F, -v k="$copies" 'NR == 1 { print; next } { row[n++] = $0 }
    END { x = 12345; for (i = 0; i < k * n; i++) {
	x = (x * 69069 + 1) % 4294967296
	print row[int(x / 65536) % n] } }' \
    "$csv" > "$tmp/games.csv"
awk -F, 'NR > 1 { print $3 }' "$tmp/games.csv" > "$tmp/games.txt"

check() {	# label, whole, merged
	if cmp -s "$2" "$3"; then
		echo "ok: $1"
	else
		echo "FAIL: $1"; diff "$2" "$3" | head -n 20
		fail=1
	fi
}

./gamestat "$tmp/games.txt" > "$tmp/whole.txt"
parallel --pipe --block 300k ./gamestat --partial < "$tmp/games.txt" |
    ./gamestat --merge > "$tmp/merged"
check "transcripts in parallel" "$tmp/whole.txt" "$tmp/merged"

./gamestat "$tmp/games.csv" > "$tmp/whole.csv"
parallel --pipe --header '.*\n' --block 500k ./gamestat --partial \
    < "$tmp/games.csv" | ./gamestat --merge > "$tmp/merged"
check "CSV in parallel, the header to each block" "$tmp/whole.csv" \
    "$tmp/merged"

./gamecheck "$tmp/games.csv" 2> /dev/null > "$tmp/reports"
parallel --pipe --recstart '---' --block 2M ./gamestat --partial \
    < "$tmp/reports" | ./gamestat --merge > "$tmp/merged"
check "reports in parallel, split between documents" "$tmp/whole.csv" \
    "$tmp/merged"
[ "$(grep -c '^schema: arbiter-summary' "$tmp/merged")" = 1 ] || fail=1
exit $fail
