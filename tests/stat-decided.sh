#!/bin/sh
# SPDX-License-Identifier: MIT
# Games ended off the board by their players or a director (issue 27): an
# agreed draw and an adjudication are finished games, counted by gamecheck
# as finished and by gamestat as decided (a draw; the decision's winner)
# and apart, as agreed and adjudged, from the records and from gamecheck's
# reports alike; two shards' partial summaries merge to the whole; and a
# partial that counts more of them than it has finished games, or more
# agreed draws than draws, is refused.
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

gamestat "$tmp/all.pgn" > "$tmp/whole.yaml" || ng "gamestat exits $?"
for want in '  finished: 3' '  unfinished: 1' '  agreed: 1' '  adjudged: 2' \
    '  wins: {black: 0, white: 1}' '  draws: 2'; do
	grep -qx -- "$want" "$tmp/whole.yaml" || ng "no line '$want'"
done
# Ada won as White against Chen and drew with Brian; Brian drew twice.
awk '/name: "Ada"/ { p = "Ada" } /name: "Brian"/ { p = "Brian" }
    /name: "Chen"/ { p = "Chen" }
    p && /^    (wins|losses|draws):/ { printf "%s %s %s\n", p, $1, $2 }' \
    "$tmp/whole.yaml" > "$tmp/players"
cat > "$tmp/want-players" <<'END'
Ada wins: 1
Ada draws: 1
Ada losses: 0
Brian wins: 0
Brian draws: 2
Brian losses: 0
Chen wins: 0
Chen draws: 1
Chen losses: 1
END
cmp -s "$tmp/players" "$tmp/want-players" ||
    ng "the players: $(cat "$tmp/players")"

gamecheck "$tmp/all.pgn" > "$tmp/reports.yaml" 2> /dev/null
gamestat "$tmp/reports.yaml" > "$tmp/from-reports.yaml" ||
    ng "gamestat of the reports exits $?"
sed 1,3d "$tmp/whole.yaml" > "$tmp/a"
sed 1,3d "$tmp/from-reports.yaml" > "$tmp/b"
cmp -s "$tmp/a" "$tmp/b" && ok "the reports count as the records" ||
    ng "the reports count otherwise: $(diff "$tmp/a" "$tmp/b")"

gamestat --partial --shard 1/2 "$tmp/all.pgn" > "$tmp/p1.yaml" &&
    gamestat --partial --shard 2/2 "$tmp/all.pgn" > "$tmp/p2.yaml" ||
    ng "gamestat --partial exits $?"
gamestat --merge "$tmp/p1.yaml" "$tmp/p2.yaml" > "$tmp/merged.yaml" ||
    ng "gamestat --merge exits $?"
cmp -s "$tmp/whole.yaml" "$tmp/merged.yaml" && ok "two shards merge to the whole" ||
    ng "the merge differs: $(diff "$tmp/whole.yaml" "$tmp/merged.yaml")"

gamestat --partial "$tmp/all.pgn" > "$tmp/p.yaml"
for e in 's/^  agreed: 1$/  agreed: 3/' 's/^  adjudged: 2$/  adjudged: 3/'; do
	sed "$e" "$tmp/p.yaml" > "$tmp/bad.yaml"
	cmp -s "$tmp/p.yaml" "$tmp/bad.yaml" && ng "no edit: $e"
	gamestat --merge "$tmp/bad.yaml" > /dev/null 2> "$tmp/err"
	[ $? = 1 ] && grep -q 'partial-mismatch' "$tmp/err" &&
	    ok "refused: $e" || ng "not refused: $e: $(cat "$tmp/err")"
done
exit $fail
