#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck --dedupe exact on boards other than 8x8, where a turn is not
# always a square of two bytes (a10 on 10x10, a pass written mid-game),
# and on 8x8 with set-up and plain records mixed: the hash's fast way for
# two-byte squares (dedupe.c, pack_squares) and its general way must make
# one game of a game and its images.  On each board, 150 random games
# (tests/gen-records) as they are ("orig"), then 40 of them reflected in
# the a1 diagonal and 30 turned by half a turn ("img"), 20 again as they
# are ("copy"), and 50 cut by their last turn ("cut"): the duplicates
# written (--duplicates) must be exactly the img and copy records, and
# no orig or cut one.  On 8x8 the images carry a Setup tag of the
# standard start, which is the same start, so that set-up and plain
# records alternate.  Then the three boards' records in one run.
set -u
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# The records of gen-records on stdin, tagged and transformed.  n: the
# board's width; kind: orig, img-t (reflected), img-h (half turn), copy
# or cut; setup: a Setup tag's value for the images, or empty.
shape() {	# n kind first last setup
	awk -v n="$1" -v kind="$2" -v first="$3" -v last="$4" -v setup="$5" '
	BEGIN { RS = ""; FS = "\n"; files = "abcdefghijklmnopqrstuvw" }
	function image(tok,   f, r) {
		if (tok !~ /^[a-w][0-9]+$/)
			return tok
		f = index(files, substr(tok, 1, 1)) - 1
		r = substr(tok, 2) + 0
		if (kind == "img-t")
			return substr(files, r, 1) (f + 1)
		return substr(files, n - f, 1) (n + 1 - r)
	}
	NR >= first && NR <= last {
		tags = ""
		moves = ""
		for (i = 1; i <= NF; i++)
			if ($i ~ /^\[/)
				tags = tags $i "\n"
			else
				moves = moves " " $i
		k = split(moves, m, " ")
		if (kind == "cut") {
			k--
			m[k] = "*"
		}
		out = ""
		for (i = 1; i <= k; i++)
			out = out (i > 1 ? " " : "") \
			    (kind ~ /^img/ ? image(m[i]) : m[i])
		printf "[Round \"%s-%d\"]\n%s", kind, NR, tags
		if (kind ~ /^img/ && setup != "")
			printf "[Setup \"%s\"]\n", setup
		printf "\n%s\n\n", out
	}'
}

# The duplicates of a run over files, by kind, against times boards.
dedupe() {	# what times files...
	what=$1
	times=$2
	shift 2
	rm -f "$tmp/d.pgn"
	./gamecheck -q --dedupe exact --duplicates "$tmp/d.pgn" "$@" \
	    2> "$tmp/err"
	grep -o '"[a-z-]*-[0-9]*"' "$tmp/d.pgn" | tr -d '"' |
	    sed 's/-[0-9]*$//' | sort | uniq -c |
	    awk '{ printf "%s %s\n", $2, $1 }' > "$tmp/got"
	printf 'copy %d\nimg-h %d\nimg-t %d\n' $((20 * times)) \
	    $((30 * times)) $((40 * times)) > "$tmp/want"
	if ! cmp -s "$tmp/got" "$tmp/want"; then
		echo "FAIL $what: the duplicates by kind:"
		diff "$tmp/want" "$tmp/got"
		cat "$tmp/err"
		fail=1
	fi
	if ! grep -q " 0 illegal, 0 malformed, $((90 * times)) duplicates\$" \
	    "$tmp/err"; then
		echo "FAIL $what: the summary line:"
		cat "$tmp/err"
		fail=1
	fi
}

check() {	# board width setup
	./tests/gen-records reversi -b "$1" -n 150 -s 11 > "$tmp/g.pgn"
	{
		shape "$2" orig 1 150 "" < "$tmp/g.pgn"
		shape "$2" img-t 1 40 "$3" < "$tmp/g.pgn"
		shape "$2" img-h 41 70 "$3" < "$tmp/g.pgn"
		shape "$2" copy 71 90 "" < "$tmp/g.pgn"
		shape "$2" cut 91 140 "" < "$tmp/g.pgn"
	} > "$tmp/$1.pgn"
	# The generator's games, and their images, are all there is to see.
	if ! grep -q ' pass ' "$tmp/$1.pgn"; then
		echo "FAIL $1: no pass written mid-game"
		fail=1
	fi
	dedupe "$1" 1 "$tmp/$1.pgn"
}

check 10x10 10 ""
check 6x6 6 ""
check 8x8 8 "---------------------------OX------XO--------------------------- X"
# One run over the three: a record's board is not the last one's
# (gamecheck hashes a plain record from the last plain start before its
# replay, and must not keep that hash when the replay finds another).
dedupe "three boards" 3 "$tmp/10x10.pgn" "$tmp/6x6.pgn" "$tmp/8x8.pgn"
exit $fail
