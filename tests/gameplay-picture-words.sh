#!/bin/sh
# SPDX-License-Identifier: MIT
# What a picture says beside its board (issue 26, item 17): each colour's
# figure with the game's word for it (Reversi's discs, Oust's stones on
# the board all game long rather than its result's 0 and 1, Stones!'s
# stones on the far rank); and the legend tells a Herd player's removals
# from the captures that follow a placement.
set -u
srcdir=${srcdir:-.}
gp=./gameplay
ex=$srcdir/examples
fail=0

# header GAME-FILE TURN: the players' lines of the picture at TURN.
header() {
	$gp show --svg - -r 1 -t "$2" "$1" |
	    sed -n 's/.*class="player">\(.*\)<\/text>/\1/p' | tr '\n' '|'
}
# legend FILE TURN: the legend's words.
legend() {
	$gp show --svg - -r 1 -t "$2" "$1" |
	    sed -n 's/.*class="legend">\([^<]*\)<\/text>/\1/p' | tr '\n' '|'
}
expect() {	# expect WHAT GOT WANTED
	[ "$2" = "$3" ] || { echo "FAIL: $1: '$2', not '$3'"; fail=1; }
}

expect "reversi at the start" "$(header "$ex/reversi-games.pgn" 0)" \
    "Ada (black): 2 discs|Brian (white): 2 discs|"
expect "reversi after a move" "$(header "$ex/reversi-games.pgn" 1)" \
    "Ada (black): 4 discs|Brian (white): 1 disc|"
# Oust in play: the stones on the board, not the points (0 until the end).
expect "oust in play" "$(header "$ex/oust.pgn" 30)" \
    "greedy (black): 24 stones|greedy (white): 5 stones|"
expect "stones" "$(header "$ex/stones.pgn" 44)" \
    "Chen (white): 4 on the far rank|Ada (black): 4 on the far rank|"
# Herd's turn 21 removes two stones and places; 22 removes and captures;
# 26 captures only.
expect "herd removals" "$(legend "$ex/herd.pgn" 21)" "last turn|removed|"
expect "herd removals and captures" "$(legend "$ex/herd.pgn" 22)" \
    "last turn|removed|captured|"
expect "herd captures" "$(legend "$ex/herd.pgn" 26)" "last turn|captured|"
# Oust's captures are captures.
n=$($gp show --svg - -r 1 -t 75 "$ex/oust.pgn" | grep -c 'class="legend">captured<')
expect "oust captures" "$n" 1
exit $fail
