#!/bin/sh
# SPDX-License-Identifier: MIT
# gamestat counts a withdrawal (gameplay adjudicate --withdrawn, issue 27)
# as a forfeit of its own cause, withdraw, in the group's forfeits and
# in the loser's, from the records and from gamecheck's reports alike;
# and the partial summaries of two shards merge to the summary of the
# whole, the withdrawals included.  A summary of games without one says
# nothing of withdrawals (it reads as before they were counted).
set -u
. "${srcdir:-.}/tests/lib.sh"

game() { # black white moves... (an unfinished Reversi game)
	printf '[Game "reversi"]\n[Black "%s"]\n[White "%s"]\n[Result "*"]\n\n%s *\n\n' \
	    "$1" "$2" "$3"
}
{
	game Ada Brian '1. f5 d6 2. c3' |
	    gameplay adjudicate --withdrawn white --reason 'left' - &&
	game Brian Ada '1. f5 d6' |
	    gameplay adjudicate --withdrawn black - &&
	game Ada Chen '1. f5 d6 2. c3' | gameplay resign - black &&
	game Chen Brian '1. f5'
} > "$tmp/all.pgn" || ng "gameplay adjudicate: exit $?"
gamecheck -q "$tmp/all.pgn" 2> "$tmp/check.err"
grep -q ': 4 records: 3 finished (3 forfeited), 1 unfinished, 0 illegal, 0 malformed$' \
    "$tmp/check.err" || ng "gamecheck: $(cat "$tmp/check.err")"

counts_alike "$tmp/all.pgn"
grep -q '^  forfeits: {illegal: 0, crash: 0, timeout: 0, resign: 1, withdraw: 2}$' \
    "$tmp/whole.yaml" || ng "the group's forfeits: $(grep forfeits "$tmp/whole.yaml")"
# Brian withdrew twice (as White, then as Black), Ada resigned once.
awk '/name: "Ada"/ { p = 1 } /name: "Brian"/ { p = 2 } /name: "Chen"/ { p = 3 }
    /forfeits:/ && p { print p ": " $0 }' "$tmp/whole.yaml" > "$tmp/by-player"
cat > "$tmp/want-by-player" <<'END'
1:     forfeits: {illegal: 0, crash: 0, timeout: 0, resign: 1}
2:     forfeits: {illegal: 0, crash: 0, timeout: 0, resign: 0, withdraw: 2}
END
cmp -s "$tmp/by-player" "$tmp/want-by-player" ||
    ng "the players' forfeits: $(cat "$tmp/by-player")"

# Each shard holds one withdrawal: the list's fifth count.
[ "$(cat "$tmp/p1.yaml" "$tmp/p2.yaml" |
    grep -c '^  forfeits: \[0, 0, 0, [01], 1\]$')" = 2 ] ||
    ng "the partials' withdrawals: $(grep forfeits "$tmp/p1.yaml" "$tmp/p2.yaml")"

# Without a withdrawal, no withdraw key, as before.
sed -n '/^\[Game/,$p' "$tmp/all.pgn" | awk 'BEGIN { RS = ""; ORS = "\n\n" }
    !/withdrew/' > "$tmp/none.pgn"
gamestat "$tmp/none.pgn" | grep -q withdraw && ng "withdraw written with none"
gamestat --partial "$tmp/none.pgn" > "$tmp/none-p.yaml"
grep -q '^  forfeits: \[0, 0, 0, 1\]$' "$tmp/none-p.yaml" ||
    ng "a partial without withdrawals: $(grep forfeits "$tmp/none-p.yaml")"
exit $fail
