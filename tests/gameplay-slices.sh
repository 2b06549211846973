#!/bin/sh
# SPDX-License-Identifier: MIT
# Slices of a match (gameplay(1), --slice and --pairing): each slice plays
# its own games of the whole match, the same games the whole match plays
# (colours, openings in a random order, seeds), so the slices' records
# put end to end are the whole match's byte for byte, and --resume over
# them plays nothing and sums up the whole match.  What a slice cannot be
# is refused.
set -u
. "${srcdir:-.}/tests/lib.sh"

A='gameplay engine random' B='gameplay engine greedy' C='gameplay engine mcts:10'
printf 'f5d6\nf5f6\nf5f4\nd3c3\n' > "$tmp/open.txt"
m() {	# a round robin of two games a pairing: the options after
	gameplay match --engine "$A" --engine "$B" --engine "$C" -n 2 \
	    --alternate --openings "$tmp/open.txt" --openings-order random \
	    -S 7 "$@" reversi
}

m --summary "$tmp/all.yaml" > "$tmp/all.pgn" 2> "$tmp/err" ||
    ng "whole match: exit $?: $(cat "$tmp/err")"
[ "$(grep -c '^\[Round ' "$tmp/all.pgn")" = 6 ] || ng "not 6 games"

# Games 1-2, 3-5 and 6, end to end: the whole match's records.
: > "$tmp/cat.pgn"
for s in 1-2 3-5 6; do
	m --slice "$s" --summary "$tmp/s$s.yaml" >> "$tmp/cat.pgn" \
	    2> "$tmp/err" || ng "--slice $s: exit $?: $(cat "$tmp/err")"
done
cmp -s "$tmp/cat.pgn" "$tmp/all.pgn" ||
    ng "slices differ from the whole: $(diff "$tmp/all.pgn" "$tmp/cat.pgn" | head)"
grep -q '^games: 3$' "$tmp/s3-5.yaml" ||
    ng "slice 3-5's summary: $(cat "$tmp/s3-5.yaml")"
# Each pairing alone, and with two games at once.
: > "$tmp/pair.pgn"
for k in 1 2 3; do
	m --pairing "$k" -j 2 >> "$tmp/pair.pgn" 2> "$tmp/err" ||
	    ng "--pairing $k: exit $?: $(cat "$tmp/err")"
done
cmp -s "$tmp/pair.pgn" "$tmp/all.pgn" || ng "pairings differ from the whole"
[ "$(grep -c '^gameplay: game' "$tmp/err")" = 2 ] ||
    ng "pairing 3 played not 2 games: $(cat "$tmp/err")"

# The records of the slices, resumed as the whole match: nothing played,
# the whole match's summary.
m --resume -o "$tmp/cat.pgn" --summary "$tmp/res.yaml" 2> "$tmp/err" ||
    ng "resume of the slices: exit $?: $(cat "$tmp/err")"
grep -q '^gameplay: game' "$tmp/err" && ng "resume played: $(cat "$tmp/err")"
cmp -s "$tmp/res.yaml" "$tmp/all.yaml" ||
    ng "summary of the slices: $(diff "$tmp/all.yaml" "$tmp/res.yaml")"
# A slice lost: resumed, the whole match plays just its games.
m --slice 1-3 > "$tmp/part.pgn" 2> /dev/null
m --resume -o "$tmp/part.pgn" --summary "$tmp/part.yaml" 2> "$tmp/err" ||
    ng "resume of a part: exit $?"
[ "$(grep -c '^gameplay: game' "$tmp/err")" = 3 ] ||
    ng "resume of a part played not 3: $(cat "$tmp/err")"
cmp -s "$tmp/part.pgn" "$tmp/all.pgn" || ng "part resumed differs"

# A slice resumed from its own file, cut after its first game; and a
# slice's file holding another slice's game is no file of this slice.
m --slice 3-5 > "$tmp/s.pgn" 2> /dev/null
awk '/^\[Round "4"\]/ { exit } { print }' "$tmp/s.pgn" > "$tmp/cut.pgn"
m --slice 3-5 --resume -o "$tmp/cut.pgn" 2> "$tmp/err" ||
    ng "slice resumed: exit $?: $(cat "$tmp/err")"
cmp -s "$tmp/cut.pgn" "$tmp/s.pgn" || ng "slice resumed differs"
cp "$tmp/all.pgn" "$tmp/other.pgn"
m --slice 3-5 --resume -o "$tmp/other.pgn" > /dev/null 2> "$tmp/err"
[ $? = 2 ] && grep -q "record 1 is game 1 of the match, not one of games 3 to 5 played here" "$tmp/err" ||
    ng "another slice's game resumed: $(cat "$tmp/err")"
cmp -s "$tmp/other.pgn" "$tmp/all.pgn" || ng "refused resume wrote"

refused() {	# message, then the options
	msg=$1
	shift
	gameplay match "$@" reversi > "$tmp/out" 2> "$tmp/err"
	[ $? = 2 ] && grep -q -- "$msg" "$tmp/err" && [ ! -s "$tmp/out" ] ||
	    ng "$*: $(cat "$tmp/err")"
}
E="--engine x --engine y --engine z -n 2"
refused "games 1 to 6" $E --slice 5-7
refused "games 1 to 6" $E --slice 0-2
refused "games 1 to 6" $E --slice 7
refused "first game after the last" $E --slice 4-3
refused "'1-' is no slice" $E --slice 1-
refused "'a-b' is no slice" $E --slice a-b
refused "'2-3x' is no slice" $E --slice 2-3x
refused "pairings 1 to 3" $E --pairing 4
refused "pairings 1 to 3" $E --pairing 0
refused "'x' is no pairing" $E --pairing x
refused "not both" $E --pairing 1 --slice 1-2
refused "a tournament's" -b x -w y --pairing 1
refused "--sprt" -b x -w y -n 4 --slice 1-2 --sprt 'elo0=0 elo1=5'
refused "games 1 to 3" -b x -w y -n 3 --slice 2-4

[ "$fail" = 0 ] && ok "slices"
exit $fail
