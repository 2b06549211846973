#!/bin/sh
# SPDX-License-Identifier: MIT
# Games ended off the board by their players or a director (issue 27): an
# agreed draw and an adjudication are finished games, counted by gamecheck
# as finished and by gamestat as decided (a draw; the decision's winner)
# and apart, as agreed and adjudged, from the records and from gamecheck's
# reports alike, in total and for each player; two shards' partial
# summaries merge to the whole; and a partial that counts more of them
# than it has finished games, a player more than the group, or a player
# of no game of the group, is refused.
set -u
. "${srcdir:-.}/tests/lib.sh"

game() { # black white moves
	printf '[Game "reversi"]\n[Black "%s"]\n[White "%s"]\n[Result "*"]\n\n%s *\n\n' \
	    "$1" "$2" "$3"
}
{
	game Ada Brian '1. f5' | gameplay offer - draw black |
	    gameplay accept - white &&
	game Chen Ada '1. f5 d6 2. c3' |
	    gameplay adjudicate --result 24-40 --reason 'the event ended' - &&
	game Brian Chen '1. f5 d6' |
	    gameplay adjudicate --result 1/2-1/2 --reason 'level' - &&
	game Chen Brian '1. f5'
} > "$tmp/all.pgn" || ng "gameplay: exit $?"
gamecheck -q "$tmp/all.pgn" 2> "$tmp/check.err"
grep -q ': 4 records: 3 finished, 1 unfinished, 0 illegal, 0 malformed$' \
    "$tmp/check.err" || ng "gamecheck: $(cat "$tmp/check.err")"

counts_alike "$tmp/all.pgn"
for want in '  finished: 3' '  unfinished: 1' '  agreed: 1' '  adjudged: 2' \
    '  wins: {black: 0, white: 1}' '  draws: 2'; do
	grep -qx -- "$want" "$tmp/whole.yaml" || ng "no line '$want'"
done
# Ada won as White against Chen and drew with Brian; Brian drew twice.
awk '/name: "Ada"/ { p = "Ada" } /name: "Brian"/ { p = "Brian" }
    /name: "Chen"/ { p = "Chen" }
    p && /^    (wins|losses|draws|agreed|adjudged):/ {
	printf "%s %s %s\n", p, $1, $2 }' \
    "$tmp/whole.yaml" > "$tmp/players"
cat > "$tmp/want-players" <<'END'
Ada wins: 1
Ada draws: 1
Ada losses: 0
Ada agreed: 1
Ada adjudged: 1
Brian wins: 0
Brian draws: 2
Brian losses: 0
Brian agreed: 1
Brian adjudged: 1
Chen wins: 0
Chen draws: 1
Chen losses: 1
Chen adjudged: 2
END
cmp -s "$tmp/players" "$tmp/want-players" ||
    ng "the players: $(cat "$tmp/players")"


gamestat --partial "$tmp/all.pgn" > "$tmp/p.yaml"
for e in 's/^  agreed: 1$/  agreed: 3/' 's/^  adjudged: 2$/  adjudged: 3/' \
    's/^  - \["Chen", 0, 2\]$/  - ["Chen", 0, 5]/' \
    's/^  - \["Chen", 0, 2\]$/  - ["Chen", 0, 2]\n  - ["Zed", 1, 0]/'; do
	sed "$e" "$tmp/p.yaml" > "$tmp/bad.yaml"
	cmp -s "$tmp/p.yaml" "$tmp/bad.yaml" && ng "no edit: $e"
	gamestat --merge "$tmp/bad.yaml" > /dev/null 2> "$tmp/err"
	[ $? = 1 ] && grep -q 'partial-mismatch' "$tmp/err" &&
	    ok "refused: $e" || ng "not refused: $e: $(cat "$tmp/err")"
done
exit $fail
