#!/bin/sh
# SPDX-License-Identifier: MIT
# Merging is exact: an archive split at random (fixed seeds) into parts,
# each part summarized with --partial, the partials merged in any order and
# grouping (also merges of merges), gives byte for byte the summary of one
# run over the whole archive; so do gamecheck's reports piped in.  The
# archive is the examples and tests/forfeits.pgn with players and events
# varied, plus the real Othello data set when it is present.
set -u
. "${srcdir:-.}/tests/lib.sh"
data=${ARBITER_DATASET:-$srcdir/../shared/data/othello_dataset.csv}

# 40 copies of the example games, names and events varied, each record
# one paragraph (its tags and movetext joined) for the split below.
cat "$srcdir"/examples/*.pgn "$srcdir"/tests/forfeits.pgn | awk -v RS= -v ORS='\n\n' '
	{ sub(/^;[^\n]*\n/, "") }
	/^\[/ { rec[n++] = $0; next }
	n > 0 { rec[n - 1] = rec[n - 1] "\n" $0 }
	END {
		split("Ada Brian Chen Dana Eve Femi", who, " ")
		for (i = 0; i < 40; i++)
			for (r = 0; r < n; r++) {
				s = rec[r]
				gsub(/\[Black "[^"]*"\]/, "[Black \"" who[1 + (i + r) % 6] "\"]", s)
				gsub(/\[White "[^"]*"\]/, "[White \"" who[1 + (i + 2 * r + 1) % 6] "\"]", s)
				gsub(/\[Event "[^"]*"\]/, "[Event \"Round " i % 4 "\"]", s)
				print s
			}
	}' > "$tmp/games.pgn"
csv="$srcdir/examples/archive.csv"
[ -r "$data" ] && csv=$data
cp "$csv" "$tmp/games.csv"

# split SEED K: writes $tmp/part.N.pgn and part.N.csv, each record to a
# random part (CSV parts keep the header).
split_archive() {
	rm -f "$tmp"/part.*
	awk -v RS= -v ORS='\n\n' -v seed="$1" -v k="$2" -v dir="$tmp" '
		BEGIN { srand(seed) }
		{ print > (dir "/part." int(rand() * k) ".pgn") }' "$tmp/games.pgn"
	awk -v seed="$1" -v k="$2" -v dir="$tmp" '
		BEGIN { srand(seed + 1) }
		NR == 1 { for (i = 0; i < k; i++) print > (dir "/part." i ".csv"); next }
		{ print > (dir "/part." int(rand() * k) ".csv") }' "$tmp/games.csv"
}

check() {	# label, file: compare with the whole run
	if cmp -s "$tmp/whole$by" "$2"; then
		echo "ok: $1"
	else
		echo "FAIL: $1"; diff "$tmp/whole$by" "$2" | head -n 20
		fail=1
	fi
}

# --no-players: partials without players merge as exactly.
for by in "" "--by=Event" "--no-players"; do
	./gamestat $by "$tmp/games.pgn" "$tmp/games.csv" > "$tmp/whole$by" ||
	    { echo "FAIL: whole run $by"; exit 1; }
	# Players' forfeits too, which only some parts hold.
	if [ "$by" = --no-players ]; then
		! grep -q '^  - name: ' "$tmp/whole$by" ||
		    { echo "FAIL: players counted $by"; exit 1; }
	else
		grep -q '^    forfeits: {illegal: ' "$tmp/whole$by" ||
		    { echo "FAIL: no forfeits counted $by"; exit 1; }
	fi
	./gamecheck "$tmp/games.pgn" "$tmp/games.csv" 2> /dev/null |
	    ./gamestat $by > "$tmp/reports"
	check "reports piped in $by" "$tmp/reports"
	for run in "1 2" "2 3" "3 7" "4 5"; do
		set -- $run
		split_archive "$1" "$2"
		rm -f "$tmp"/partial.*
		i=0
		for f in "$tmp"/part.*; do
			# Some parts as reports, some as records.
			if [ $((i % 2)) = 0 ]; then
				./gamestat $by -p "$f" > "$tmp/partial.$i"
			else
				./gamecheck "$f" 2> /dev/null |
				    ./gamestat $by -p > "$tmp/partial.$i"
			fi
			i=$((i + 1))
		done
		# Any order: reversed, and shuffled by the seed.
		ls "$tmp"/partial.* | sort -r > "$tmp/order"
		./gamestat --merge $(cat "$tmp/order") > "$tmp/merged"
		check "seed $1, $2 parts, reversed $by" "$tmp/merged"
		ls "$tmp"/partial.* | awk -v seed="$1" 'BEGIN { srand(seed) }
		    { print rand() "\t" $0 }' | sort | cut -f 2 > "$tmp/order"
		# Any grouping: merge the first half to a partial, then the rest.
		half=$(($(wc -l < "$tmp/order") / 2 + 1))
		./gamestat --merge --partial $(head -n "$half" "$tmp/order") \
		    > "$tmp/half"
		cat $(tail -n +"$((half + 1))" "$tmp/order") "$tmp/half" |
		    ./gamestat --merge > "$tmp/merged"
		check "seed $1, $2 parts, shuffled, merged in two steps $by" \
		    "$tmp/merged"
	done
done
# One input under two spellings of its name is one input: the second
# partial of it is a duplicate (formats/summary.md, "Covers").
cp "$srcdir/examples/archive.csv" "$tmp/a.csv"
(cd "$tmp" && "$OLDPWD/gamestat" --partial a.csv > p1.yaml &&
    "$OLDPWD/gamestat" --partial .//./a.csv > p2.yaml)
if ./gamestat --merge "$tmp/p1.yaml" "$tmp/p2.yaml" > /dev/null \
    2> "$tmp/err" || ! grep -q 'partial-duplicate' "$tmp/err"; then
	echo "FAIL: a.csv and .//./a.csv merged as two inputs"; fail=1
else
	echo "ok: a.csv and .//./a.csv are one input"
fi
exit $fail
