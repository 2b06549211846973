#!/bin/sh
# SPDX-License-Identifier: MIT
# Re-makes the hand-built WTHOR fixtures in tests/cases/data/wthor/
# (formats/wthor.md): run from the top of the tree, then read the diff.
# Each game is tournament, black, white, real score, theoretical score
# and its moves as a transcript; "pad=N" and "0" words add raw bytes.
set -eu
dir=tests/cases/data/wthor
mkdir -p "$dir"

byte() { printf "\\$(printf %03o "$1")"; }
u16() { byte $(($1 % 256)); byte $(($1 / 256)); }
u32() { u16 $(($1 % 65536)); u16 $(($1 / 65536)); }

# header GAMES YEAR [BOARD [DEPTH]]
header() {
	byte 20; byte 26; byte 12; byte 1
	u32 "$1"; u16 0; u16 "$2"; byte "${3:-8}"; byte 0; byte "${4:-22}"
	byte 0
}

# game TOURNAMENT BLACK WHITE SCORE THEORETICAL WORD...: a word is a
# transcript (f5d6...), a byte (a number) or pad=FILL (the rest of the
# 60 move bytes filled with FILL; by default 0).
game() {
	u16 "$1"; u16 "$2"; u16 "$3"; byte "$4"; byte "$5"
	shift 5
	n=0 fill=0
	for w in "$@"; do
		case $w in
		pad=*) fill=${w#pad=} ;;
		[0-9]*) byte "$w"; n=$((n + 1)) ;;
		*)
			while [ -n "$w" ]; do
				c=${w%"${w#?}"}; w=${w#?}
				r=${w%"${w#?}"}; w=${w#?}
				col=$(printf %s "abcdefgh" | sed "s/$c.*//" |
				    wc -c)
				byte $((10 * r + col + 1))
				n=$((n + 1))
			done ;;
		esac
	done
	while [ $n -lt 60 ]; do byte "$fill"; n=$((n + 1)); done
}

# Two games from examples/reversi-passes.pgn (passes inferred), a game
# that ends with an empty square (59 moves) and one cut short.
{
	header 4 2019
	game 1 1 2 18 20 d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8b4b7a7a5g3f1g4g5h6a4g6e1b2c1c2h3h4g2g7h2h1a1g1b1a2a3h7h8g8h5
	game 1 3 4 46 46 f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5g4h4e2g6b6d8c7c8a4a6a7f1a3c2d2b2e1b7g3h3f2d1a1a2b1a8c1g1f7g8e8f8b8g7h8h7h6h2g2h1
	game 2 2 1 56 56 f5f6c4c3e6f4d3c6c5d6b3c2b5a3b4a6b6a5a4e3c7c8d7e7b2a1a2b7f7f8a8a7d1b1g6h6b8g5h5d8f2f3e8f1g8g7h8h7h4g4h3g3g2h2h1g1e1e2d2
	game 0 5 3 33 32 f5d6c3d3c4f4f6f3e6e7
} > "$dir/games.wtb"

# The quirks, one a game: padding 92, an explicit pass byte, a wrong
# stored score, a byte that is no square.
{
	header 4 2019
	game 1 1 2 18 20 d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8b4b7a7a5g3f1g4g5h6a4g6e1b2c1c2h3h4g2g7h2h1 pad=92
	game 1 1 2 18 20 d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8b4b7a7a5g3f1g4g5h6a4g6e1b2c1c2h3h4g2g7h2h1a1g1b1a2a3 0 h7h8g8
	game 1 3 4 40 40 f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5g4h4e2g6b6d8c7c8a4a6a7f1a3c2d2b2e1b7g3h3f2d1a1a2b1a8c1g1f7g8e8f8b8g7h8h7h6h2g2h1
	game 1 3 4 46 46 f5d6c4 99 e6
} > "$dir/quirks.wtb"

# PlayOK's games decided off the board: all 64 discs to the winner on a
# board the moves leave unfinished, the loser to move (white, then
# black); a loser who was not to move (a resignation all the same); a
# game won 64-0 on the board.
{
	header 4 2021
	game 2 1 2 64 64 f5d6c3d3c4
	game 2 3 4 0 0 f5d6c3d3
	game 2 1 3 0 0 f5d6c3
	game 2 5 2 64 64 f5d6c5f4e3f6g5e6e7
} > "$dir/playok.wtb"

# A header whose count disagrees with the games, forced; a 10x10 board.
{ header 3 2019; game 0 1 2 33 32 f5d6c3; } > "$dir/short.wtb"
{ header 0 2019 10; } > "$dir/board10.wtb"

# Theoretical scores at 10 empties (the header's depth) for gamecheck
# --solve (tests/gamecheck-solve.sh checks each with a naive minimax):
# the games of games.wtb, the first twice, with a wrong score the second
# time (wthor-theoretical-mismatch), and the one cut short (not checked).
{
	header 5 2019 8 10
	game 1 1 2 18 22 d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8b4b7a7a5g3f1g4g5h6a4g6e1b2c1c2h3h4g2g7h2h1a1g1b1a2a3h7h8g8h5
	game 1 3 4 46 46 f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5g4h4e2g6b6d8c7c8a4a6a7f1a3c2d2b2e1b7g3h3f2d1a1a2b1a8c1g1f7g8e8f8b8g7h8h7h6h2g2h1
	game 2 2 1 56 56 f5f6c4c3e6f4d3c6c5d6b3c2b5a3b4a6b6a5a4e3c7c8d7e7b2a1a2b7f7f8a8a7d1b1g6h6b8g5h5d8f2f3e8f1g8g7h8h7h4g4h3g3g2h2h1g1e1e2d2
	game 1 1 2 18 24 d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8b4b7a7a5g3f1g4g5h6a4g6e1b2c1c2h3h4g2g7h2h1a1g1b1a2a3h7h8g8h5
	game 0 5 3 33 32 f5d6c3d3c4f4f6f3e6e7
} > "$dir/solved.wtb"

# The names (Latin-1), beside the games and as options.
names() {
	size=$1; shift
	byte 20; byte 26; byte 12; byte 1; u32 0; u16 $#; u16 0
	byte 0; byte 0; byte 0; byte 0
	for n in "$@"; do
		printf '%s' "$n" | iconv -f UTF-8 -t LATIN1
		i=$(printf '%s' "$n" | iconv -f UTF-8 -t LATIN1 | wc -c)
		while [ "$i" -lt "$size" ]; do byte 0; i=$((i + 1)); done
	done
}
names 20 "?" "Player A" "Player B" "Player C" "Player D" "Hervé" > \
    "$dir/WTHOR.JOU"
names 26 "Unknown" "Online archive" "Open de Paris" > "$dir/WTHOR.TRN"
