#!/bin/sh
# SPDX-License-Identifier: MIT
# A pass a record leaves implied is a turn like one it writes: every
# answer that counts turns or looks at the position after each one is the
# same for the examples' Othello games as CSV, as a transcript and as the
# notation without its passes (all implied) as for them with their passes
# written (--write pgn).  Game 1 passes at turn 58 (White), game 2 at
# turns 57 and 61 (Black).  Asked of each: --plies, --drop-plies, --dedupe
# position:N, gamestat --overlap --dedupe position:N, --select position,
# the tension figures, gamestat --tree and its --from.
set -u
. "${srcdir:-.}/tests/lib.sh"

cp "$srcdir/examples/archive.csv" "$tmp/a.csv"
cd "$tmp" || exit 99
gamecheck --write pgn a.csv > a.pgn 2> /dev/null || ng "--write pgn"
[ "$(grep -c ' pass ' a.pgn)" = 2 ] || ng "a.pgn writes no pass: $(cat a.pgn)"
cp a.pgn b.pgn
gamecheck --write transcript a.csv > a.txt 2> /dev/null || ng "--write transcript"
# Without its passes, nor its move numbers, which they would put out.
sed -E '/^\[/!{s/(^| )[0-9]+\.( |$)/\1/g; s/(^| )pass( |$)/\1/g;}' a.pgn \
    > nopass.pgn
grep -q pass nopass.pgn && ng "nopass.pgn writes a pass"
implied="a.csv a.txt nopass.pgn"
turns="0 1 30 56 57 58 59 60 61 62 63"

# same WHAT FORM: $tmp/want and $tmp/got hold the same, else ng (and
# the part's passed ng'd).
same() {
	cmp -s want got && return
	ng "$1: $2 says $(tr '\n' ' ' < got), a.pgn $(tr '\n' ' ' < want)"
	passed=false
}
passed=true

# passed WHAT: ok if no comparison since the last failed.
passed() {
	$passed && ok "$1"
	passed=true
}

# --plies: the report of the game cut after turn n, and the record
# --write writes.
for n in $turns; do
	gamecheck --plies $n --table tsv --columns turns,status,position \
	    a.pgn > want 2> /dev/null
	for f in $implied; do
		gamecheck --plies $n --table tsv --columns turns,status,position \
		    $f > got 2> /dev/null
		same "--plies $n" $f
	done
	gamecheck --plies $n --write pgn a.pgn 2> /dev/null |
	    grep -v '^\[' > want
	gamecheck --plies $n --write pgn nopass.pgn 2> /dev/null |
	    grep -v '^\[' > got
	same "--plies $n --write pgn" nopass.pgn
done
passed "--plies"

# --drop-plies: the game from the position after turn n.
for n in $turns; do
	gamecheck --drop-plies $n --table tsv --columns turns,status,position \
	    a.pgn > want 2> /dev/null
	for f in $implied; do
		gamecheck --drop-plies $n --table tsv \
		    --columns turns,status,position $f > got 2> /dev/null
		same "--drop-plies $n" $f
	done
done
passed "--drop-plies"

# --dedupe position:N and --overlap by it: a game with its passes written
# and the same game with them implied reach the same position at turn N.
for n in $turns; do
	gamecheck -q --dedupe position:$n a.pgn b.pgn > /dev/null \
	    2> want.dedupe
	gamestat --overlap --dedupe position:$n a.pgn b.pgn |
	    sed -n 's/^a-in-b: //p' > want.overlap
	for f in $implied; do
		cp want.dedupe want
		gamecheck -q --dedupe position:$n a.pgn $f > /dev/null 2> got
		same "--dedupe position:$n" $f
		cp want.overlap want
		gamestat --overlap --dedupe position:$n $f a.pgn |
		    sed -n 's/^a-in-b: //p' > got
		same "--overlap --dedupe position:$n ($f in a.pgn)" $f
		gamestat --overlap --dedupe position:$n a.pgn $f |
		    sed -n 's/^a-in-b: //p' > got
		same "--overlap --dedupe position:$n (a.pgn in $f)" $f
	done
done
passed "--dedupe position:N, --overlap"

# --select position: the position after each turn of each game, the
# passes' included, selects the same records.
for n in 56 57 58 59 60 61 62; do
	gamecheck --plies $n --table tsv --columns position a.pgn 2> /dev/null |
	    sed 1d | sort -u > positions
	while read -r p; do
		gamecheck --select "position = \"$p\"" --table tsv \
		    --columns record,turns a.pgn > want 2> /dev/null
		for f in $implied; do
			gamecheck --select "position = \"$p\"" --table tsv \
			    --columns record,turns $f > got 2> /dev/null
			same "--select 'position = \"$p\"' (turn $n)" $f
		done
	done < positions
done
passed "--select position"

# The tension figures: a forced pass is a turn that starts with one
# action, and the lead and cover are counted after it too.  The tree: a
# pass is a move to the position after it, and --from's root the position
# after as many turns as its line holds, an implied pass included.  The
# examples of a tree name games by GameId, which a transcript has not.
gamestat --figures tension a.pgn > want 2> /dev/null
for f in $implied; do
	gamestat --figures tension $f > got 2> /dev/null
	same "--figures tension" $f
done
passed "--figures tension"
gamestat --tree --depth 64 a.pgn | grep -v 'examples:' > want 2> /dev/null
for f in $implied; do
	gamestat --tree --depth 64 $f 2> /dev/null | grep -v 'examples:' > got
	same "--tree --depth 64" $f
done
# Game 1's turns up to its 60th, written and implied (its pass is 58).
line=$(sed -n 2p a.csv | cut -d, -f3 | sed 's/\(..\)/\1 /g')
for n in 56 57 58 59 60; do
	w=$(echo "$line" | awk -v n=$n '{
		for (t = 1; t <= n; t++)
			printf "%s ", t < 58 ? $t : t == 58 ? "pass" : $(t - 1)
	}')
	i=$(echo "$line" | awk -v n=$n '{
		for (t = 1; t <= (n > 58 ? n - 1 : n); t++)
			printf "%s ", $t
	}')
	gamestat --tree --from "$w" --depth 3 a.pgn 2> /dev/null |
	    grep -v '^from:\|examples:' > want
	[ "$(sed -n 's/^records: //p' want)" = 1 ] ||
	    ng "--tree --from '$w' counts no game of a.pgn: $(cat want)"
	for f in a.pgn $implied; do
		for from in "$w" "$i"; do
			# A line cannot end with a pass it implies.
			[ $n = 58 ] && [ "$from" = "$i" ] && continue
			gamestat --tree --from "$from" --depth 3 $f 2> /dev/null |
			    grep -v '^from:\|examples:' > got
			same "--tree --from '$from'" $f
		done
	done
done
passed "--tree, --from"

exit $fail
