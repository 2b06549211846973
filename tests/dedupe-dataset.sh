#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck --dedupe on the real Othello archive, checked against a brute
# force written here in awk: for position:N, each game is played to its
# Nth move on a board of its own and its position's least image under the
# square's 8 symmetries (with the colour to move) is its key; for exact,
# the least of the move string's images under the 4 symmetries that keep
# the start position (the identity, the half turn and the two diagonal
# reflections).  The duplicates gamecheck writes (--duplicates, as CSV)
# must be the games the brute force finds seen before, first one kept;
# and a run over the same games split into a gzip file and a plain one
# must find the same.  Where the data set is absent, the same checks run
# on 3,000 random games (tests/gen-records) with 300 of them again,
# mirrored in the a1-h8 diagonal, and 100 again as they are, so that the
# test never skips.
set -u
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
data=${ARBITER_DATASET:-${srcdir:-.}/../shared/data/othello_dataset.csv}
if [ ! -r "$data" ]; then
	echo "no data set at $data: random games instead"
	./tests/gen-records reversi -n 3000 -s 7 |
	    ./gamecheck --write csv - > "$tmp/gen.csv" 2> /dev/null
	{
		cat "$tmp/gen.csv"
		sed -n '2,301p' "$tmp/gen.csv" | awk -F, '{
			s = ""
			for (i = 1; i <= length($3); i += 2)
				s = s substr("abcdefgh", substr($3, i + 1, 1), 1) \
				    index("abcdefgh", substr($3, i, 1))
			print "m" $1 "," $2 "," s
		}'
		sed -n '302,401p' "$tmp/gen.csv"
	} > "$tmp/data.csv"
	data=$tmp/data.csv
fi

# The brute force: prints the moves of each duplicate, in input order.
brute() {
	awk -F, -v mode="$1" -v upto="$2" '
	function sym(k, x, y) {
		if (k == 0) return y * 8 + x
		if (k == 1) return x * 8 + 7 - y
		if (k == 2) return (7 - y) * 8 + 7 - x
		if (k == 3) return (7 - x) * 8 + y
		if (k == 4) return y * 8 + 7 - x
		if (k == 5) return (7 - y) * 8 + x
		if (k == 6) return x * 8 + y
		return (7 - x) * 8 + 7 - y
	}
	function flips(c, p, doit,   d, x, y, n, t, m, total) {
		if (b[c] != 0) return 0
		total = 0
		for (d = 0; d < 8; d++) {
			x = c % 8; y = int(c / 8); n = 0
			for (;;) {
				x += dx[d]; y += dy[d]
				if (x < 0 || x > 7 || y < 0 || y > 7) { n = 0; break }
				t = b[y * 8 + x]
				if (t == 3 - p) { n++; continue }
				if (t != p) n = 0
				break
			}
			total += n
			if (doit)
				for (m = 1; m <= n; m++)
					b[(int(c / 8) + m * dy[d]) * 8 + c % 8 + m * dx[d]] = p
		}
		if (doit && total > 0) b[c] = p
		return total
	}
	# The position after turn upto, a pass the CSV leaves implied a
	# turn of its own (gamecheck(1), DUPLICATES: after the first N
	# turns); "" for a game of fewer turns or a move that is no move.
	function poskey(moves,   i, c, p, k, s, best, turns) {
		for (i = 0; i < 64; i++) b[i] = 0
		b[27] = b[36] = 2; b[28] = b[35] = 1; p = 1
		for (i = turns = 0; turns < upto; i++) {
			if (length(moves) < 2 * i + 2) return ""
			c = index("abcdefgh", substr(moves, 2 * i + 1, 1)) - 1 + \
			    8 * (substr(moves, 2 * i + 2, 1) - 1)
			if (!flips(c, p, 0)) {
				p = 3 - p
				if (++turns == upto) break
			}
			if (!flips(c, p, 1)) return ""
			p = 3 - p
			turns++
		}
		best = ""
		for (k = 0; k < 8; k++) {
			for (i = 0; i < 64; i++) img[sym(k, i % 8, int(i / 8))] = b[i]
			s = ""
			for (i = 0; i < 64; i++) s = s img[i]
			if (best == "" || s < best) best = s
		}
		return best p
	}
	# The images of a move string under the 4 that keep the start.
	function images(moves,   k, i, s, c, n) {
		n = 0
		for (k = 0; k < 8; k++) {
			if (k != 0 && k != 2 && k != 6 && k != 7) continue
			s = ""
			for (i = 0; i < length(moves); i += 2) {
				c = sym(k, index("abcdefgh", substr(moves, i + 1, 1)) - 1,
				    substr(moves, i + 2, 1) - 1)
				s = s substr("abcdefgh", c % 8 + 1, 1) (int(c / 8) + 1)
			}
			image[n++] = s
		}
	}
	function gamekey(moves,   k, best) {
		images(moves)
		best = image[0]
		for (k = 1; k < 4; k++) if (image[k] < best) best = image[k]
		return best
	}
	# prefix: a game seen before when it begins one seen, up to symmetry.
	function prefix(moves,   k, i) {
		if (moves in pre) { print moves; return }
		images(moves)
		for (k = 0; k < 4; k++)
			for (i = 0; i <= length(image[k]); i += 2)
				pre[substr(image[k], 1, i)] = 1
	}
	BEGIN {
		split("1 1 0 -1 -1 -1 0 1", dx, " "); split("0 1 1 1 0 -1 -1 -1", dy, " ")
		for (i = 0; i < 8; i++) { dx[i] = dx[i + 1]; dy[i] = dy[i + 1] }
	}
	NR > 1 && mode == "prefix" { prefix($3); next }
	NR > 1 {
		key = mode == "exact" ? gamekey($3) : poskey($3)
		if (key == "") next
		if (key in seen) print $3
		seen[key] = 1
	}' "$3"
}

# gamecheck's duplicates, as written: the moves column of the CSV.
dups() {
	sed 1d "$1" | cut -d, -f3
}

# check MODE GAMES: the first GAMES games deduplicated by MODE.
check() {
	mode=$1 games=$2
	head -n "$((games + 1))" "$data" > "$tmp/set.csv"
	case $mode in
	exact | prefix) brute "$mode" 0 "$tmp/set.csv" > "$tmp/want" ;;
	*) brute position "${mode#position:}" "$tmp/set.csv" > "$tmp/want" ;;
	esac
	./gamecheck --dedupe "$mode" --write csv --duplicates "$tmp/dups.csv" \
	    -o "$tmp/kept.csv" "$tmp/set.csv" 2> "$tmp/err"
	dups "$tmp/dups.csv" > "$tmp/got"
	if ! cmp -s "$tmp/want" "$tmp/got"; then
		echo "FAIL: --dedupe $mode: the brute force's duplicates" \
		    "($(wc -l < "$tmp/want")) and gamecheck's" \
		    "($(wc -l < "$tmp/got")) differ"
		diff "$tmp/want" "$tmp/got" | head -5
		fail=1
	elif ! grep -q ", $(wc -l < "$tmp/want") duplicates\$" "$tmp/err"; then
		echo "FAIL: --dedupe $mode: the summary line does not count" \
		    "$(wc -l < "$tmp/want")"
		tail -1 "$tmp/err"
		fail=1
	else
		echo "ok: --dedupe $mode: $(wc -l < "$tmp/got") duplicates"
	fi
	# Without --duplicates (no turns kept for writing): the same count.
	./gamecheck -q --dedupe "$mode" "$tmp/set.csv" 2> "$tmp/err"
	if ! grep -q ", $(wc -l < "$tmp/want") duplicates\$" "$tmp/err"; then
		echo "FAIL: --dedupe $mode -q counts otherwise: $(tail -1 "$tmp/err")"
		fail=1
	fi
	# Kept and duplicates together are the input, none lost.
	if [ $(($(wc -l < "$tmp/kept.csv") + $(wc -l < "$tmp/got"))) != \
	    "$((games + 1))" ]; then
		echo "FAIL: --dedupe $mode: kept and duplicates are not all"
		fail=1
	fi

	# The same games, the first half gzipped: the same duplicates.
	head -n "$((games / 2 + 1))" "$tmp/set.csv" | gzip > "$tmp/a.csv.gz"
	{ head -n 1 "$tmp/set.csv"; sed "1,$((games / 2 + 1))d" "$tmp/set.csv"; } \
	    > "$tmp/b.csv"
	./gamecheck --dedupe "$mode" --write csv --duplicates "$tmp/dups2.csv" \
	    -o /dev/null "$tmp/a.csv.gz" "$tmp/b.csv" 2> /dev/null
	dups "$tmp/dups2.csv" > "$tmp/got2"
	if ! cmp -s "$tmp/want" "$tmp/got2"; then
		echo "FAIL: --dedupe $mode over gzip and plain inputs differs"
		fail=1
	fi
}

# Every game for the whole games (the archive's repeats are few), a few
# thousand for the positions (the brute force plays them).
all=$(($(wc -l < "$data") - 1))
check exact "$all"
check prefix "$all"
few=${DEDUPE_GAMES:-5000}
[ "$few" -le "$all" ] || few=$all
check position:20 "$few"
check position:8 "$few"
# The archive holds repeats of the same games under symmetry: the check
# above must have had some to find.
[ "$(brute exact 0 "$data" | wc -l)" -gt 0 ] ||
    { echo "FAIL: no repeats in the data set to check"; fail=1; }
exit $fail
