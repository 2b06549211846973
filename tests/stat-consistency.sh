#!/bin/sh
# SPDX-License-Identifier: MIT
# A partial summary whose figures cannot be true together is refused as
# partial-mismatch naming the figure at fault, before its checksum is
# looked at (formats/summary.md, "Consistency"): each identity a group's
# figures satisfy is broken by one edit, the checksum made right again
# (tests/partial-crc.sh) so that only the consistency check can tell.
set -u
srcdir=${srcdir:-.}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

./gamestat --partial "$srcdir/examples/reversi-games.pgn" \
    "$srcdir/tests/forfeits.pgn" > "$tmp/p.yaml" ||
    { echo "FAIL: the partial"; exit 1; }

# The helper's checksum is gamestat's: the partial as written merges.
sh "$srcdir/tests/partial-crc.sh" < "$tmp/p.yaml" > "$tmp/same.yaml"
if cmp -s "$tmp/p.yaml" "$tmp/same.yaml" &&
    ./gamestat --merge "$tmp/same.yaml" > /dev/null; then
	echo "ok: the partial, its checksum recomputed, merges"
else
	echo "FAIL: the partial, its checksum recomputed"; fail=1
fi

# edit FIELD 'sed script' (on the reversi group, unless it names its lines)
edit() {
	field=$1
	script=$2
	sed "$script" "$tmp/p.yaml" > "$tmp/edited.yaml"
	if cmp -s "$tmp/p.yaml" "$tmp/edited.yaml"; then
		echo "FAIL: $script changes nothing"; fail=1; return
	fi
	sh "$srcdir/tests/partial-crc.sh" < "$tmp/edited.yaml" > "$tmp/e.yaml"
	./gamestat --merge "$tmp/e.yaml" > /dev/null 2> "$tmp/err"
	rc=$?
	if [ "$rc" = 1 ] &&
	    grep -q "e.yaml:[0-9]*:[0-9]*: error: $field: .*\[partial-mismatch\]$" "$tmp/err"; then
		echo "ok: $field: $script"
	else
		echo "FAIL: $field: $script: exit $rc"; cat "$tmp/err"; fail=1
	fi
}

r='/^- game: reversi/,$'
o='/^- game: oust/,/^- game: reversi/'
# records = finished + unfinished + illegal + malformed + the forfeits
edit records "$r s/^  finished: 3\$/  finished: 4/"
edit records "$r s/^  unfinished: 1\$/  unfinished: 0/"
edit records "$r s/^  illegal: 0\$/  illegal: 1/"
edit records "$r s/^  malformed: 0\$/  malformed: 1/"
edit records "$r s/^  forfeits: \[1, 2, 1, 0\]\$/  forfeits: [1, 2, 1, 1]/"
edit records "$r s/^  records: 8\$/  records: 7/; s/^records: 9\$/records: 8/; s/records: 9,/records: 8,/"
# wins + draws = finished + the forfeits (the decided games)
edit wins "$r s/^  wins: \[3, 3\]\$/  wins: [9, 3]/"
edit wins "$r s/^  draws: 1\$/  draws: 0/"
edit wins "$o s/^  wins: \[1, 0\]\$/  wins: [0, 0]/"
# seats: the same decisive games, by seat
edit seats "$r s/^  seats: \[3, 3\]\$/  seats: [4, 3]/"
edit seats "$o s/^  seats: \[0, 1\]\$/  seats: [0, 0]/"
# turns and actions: one value a finished game; margin: at most one
edit turns "$r s/^  turns: {60: 3}\$/  turns: {60: 4}/"
edit turns "$r s/^  turns: {60: 3}\$/  turns: {60: 2}/"
edit turns "$r s/^  turns: {60: 3}\$/  turns: {-1: 3}/"
edit actions "$r s/^  actions: {60: 3}\$/  actions: {60: 2}/"
edit actions "$r s/^  actions: {60: 3}\$/  actions: {60: 1, -60: 2}/"
edit margin "$r s/^  margin: {-20: 1, 0: 1, 14: 1}\$/  margin: {-20: 1, 0: 1, 14: 2}/"
edit margin "$o s/^  margin: {}\$/  margin: {1: 1}/"
# series: a count a colour, the same for both, of finished games at most;
# a sum no larger than the sum of squares, none of no games
edit series "$r s/^    discs: \[\[3, 93, 3029\], \[3, 99, 3413\]\]\$/    discs: [[4, 93, 3029], [4, 99, 3413]]/"
edit series "$r s/^    discs: \[\[3, 93, 3029\], \[3, 99, 3413\]\]\$/    discs: [[3, 93, 3029], [2, 99, 3413]]/"
edit series "$r s/^    discs: \[\[3, 93, 3029\], \[3, 99, 3413\]\]\$/    discs: [[3, 93, 50], [3, 99, 3413]]/"
edit series "$r s/^    discs: \[\[3, 93, 3029\], \[3, 99, 3413\]\]\$/    discs: [[0, 93, 3029], [0, 99, 3413]]/"
# pairs: the players' decisive games and draws, no more than the group's
edit pairs "$r s/^  - \[\"Ada\", \"Brian\", 3, 2, 1\]\$/  - [\"Ada\", \"Brian\", 4, 2, 1]/"
edit pairs "$r s/^  - \[\"Ada\", \"Brian\", 3, 2, 1\]\$/  - [\"Ada\", \"Brian\", 3, 2, 2]/"
edit pairs "$o s/^  - \[\"Ada\", \"Brian\", 0, 1, 0\]\$/  - [\"Ada\", \"Brian\", 1, 1, 0]/"

# Consistency first: an edit that breaks an identity is told so, even
# with the checksum left as it was.
sed "$r s/^  finished: 3\$/  finished: 4/" "$tmp/p.yaml" |
    ./gamestat --merge > /dev/null 2> "$tmp/err"
if grep -q "error: records: .*\[partial-mismatch\]$" "$tmp/err"; then
	echo "ok: consistency is checked before the checksum"
else
	echo "FAIL: consistency before the checksum"; cat "$tmp/err"; fail=1
fi
exit $fail
