#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay selfplay (gameplay(1)): the same seed writes the same bytes; the
# records of every game replay legal in gamecheck, finished or, stopped by
# the turn cap, unfinished and marked aborted; and the players are as
# strong as they should be: greedy beats random at Reversi and mcts beats
# greedy, on fixed seeds.
set -u
. "${srcdir:-.}/tests/lib.sh"

# play GAME N SEED [options]: twice, byte-identical, all legal.
play() {
	game=$1 n=$2 seed=$3
	shift 3
	gameplay selfplay "$game" -n "$n" --seed "$seed" "$@" > "$tmp/a" ||
	    ng "$game $*: exits $?"
	gameplay selfplay "$game" -n "$n" --seed "$seed" "$@" > "$tmp/b"
	cmp -s "$tmp/a" "$tmp/b" || ng "$game $*: two runs differ"
	got=$(gamecheck --quiet "$tmp/a" 2>&1 | tail -n 1)
	case $got in
	"gamecheck: $n records: "*" 0 illegal, 0 malformed") ;;
	*) ng "$game $*: $got" ;;
	esac
	echo "ok: $game $* ($got)"
}
for g in $(gameplay --help | sed -n 's/^Games: //p'); do
	play "$g" 20 7
	play "$g" 2 9 --black greedy --white mcts:20 --max-turns 20
done
play herd 10 3 --size 3 --black greedy --white random

# The turn cap: aborted, unfinished for gamecheck, exit 0.
gameplay selfplay stones -n 3 --seed 1 --max-turns 6 > "$tmp/c"
[ "$(grep -c '^\[Termination "aborted"\]' "$tmp/c")" = 3 ] ||
    ng "--max-turns: $(cat "$tmp/c")"
got=$(gamecheck --quiet "$tmp/c" 2>&1 | tail -n 1)
[ "$got" = "gamecheck: 3 records: 0 finished, 3 unfinished, 0 illegal, 0 malformed" ] ||
    ng "aborted games: $got"

# wins FIRST SECOND GAMES SEED [options]: FIRST's wins over both colours.
wins() {
	a=$1 b=$2 n=$3 seed=$4
	shift 4
	gameplay selfplay reversi -n "$n" --seed "$seed" -b "$a" -w "$b" \
	    --summary "$tmp/s1" "$@" > /dev/null
	gameplay selfplay reversi -n "$n" --seed "$seed" -b "$b" -w "$a" \
	    --summary "$tmp/s2" "$@" > /dev/null
	w1=$(sed -n 's/^  wins: //p' "$tmp/s1" | head -n 1)
	w2=$(sed -n 's/^  wins: //p' "$tmp/s2" | tail -n 1)
	echo $((w1 + w2))
}
w=$(wins greedy random 100 11)
[ "$w" -gt 100 ] || ng "greedy won $w of 200 Reversi games against random"
echo "ok: greedy beats random in $w of 200"
w=$(wins mcts:100 greedy 10 13)
[ "$w" -gt 10 ] || ng "mcts:100 won $w of 20 Reversi games against greedy"
echo "ok: mcts:100 beats greedy in $w of 20"
exit $fail
