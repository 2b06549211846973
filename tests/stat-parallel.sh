#!/bin/sh
# SPDX-License-Identifier: MIT
# GNU parallel splits a large archive into blocks, one gamestat --partial
# per block on every core, in whatever order they finish; --merge of the
# partials equals one run over the archive, byte for byte.  Transcripts,
# CSV (its header given to every block) and gamecheck's reports; blocks of
# the same lines told apart by --name; and the README's recipe failing
# where a block is killed.  Skips (77) where parallel is not installed.
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

# Blocks of the same lines, copy after copy, are one input unnamed (the
# second refused) and two named by their numbers (--name).
head -n 2000 "$tmp/games.txt" > "$tmp/copy.txt"
for i in 1 2 3 4 5 6 7 8; do cat "$tmp/copy.txt"; done > "$tmp/copies.txt"
./gamestat "$tmp/copies.txt" > "$tmp/whole"
parallel --pipe -N 2000 ./gamestat --partial --name 'copies:{#}' \
    < "$tmp/copies.txt" | ./gamestat --merge > "$tmp/merged"
check "blocks of the same lines, named" "$tmp/whole" "$tmp/merged"
if parallel --pipe -N 2000 ./gamestat --partial < "$tmp/copies.txt" |
    ./gamestat --merge > /dev/null 2>&1; then
	echo "FAIL: unnamed blocks of the same lines merged"
	fail=1
fi

# The README's recipe: with pipefail and --halt now,fail=1 a block
# killed fails the pipeline, where the merge of the others exits 0.
if command -v bash > /dev/null 2>&1; then
	if bash -o pipefail -c "parallel --pipe --halt now,fail=1 \
	    --block 300k 'if [ {#} = 2 ]; then kill -9 \$\$; fi;
	    ./gamestat --partial --name games.txt:{#}' \
	    < '$tmp/games.txt' | ./gamestat --merge > '$tmp/merged'" \
	    2> /dev/null; then
		echo "FAIL: a killed block did not fail the recipe"
		fail=1
	else
		echo "ok: a killed block fails the recipe"
	fi
fi
exit $fail
