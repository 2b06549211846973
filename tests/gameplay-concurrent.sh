#!/bin/sh
# SPDX-License-Identifier: MIT
# Two referees applying moves to one record at once, many times over: each
# asks for the legal moves and applies the first with `move -i'.  They race
# for every turn; the lock must let exactly one of them have it, so the
# moves applied equal the turns in the record (none lost, none doubled),
# and gamecheck finds the record valid after every game.
set -u
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
gp=./gameplay
rounds=${ARBITER_ROUNDS:-3}

# One referee: plays the first legal move until the game is over; prints
# how many of its moves were applied.
referee() {
	won=0
	while :; do
		legal=$($gp legal "$1") || break
		move=$(echo "$legal" | sed -n 's/^legal: \[\([^],]*\).*/\1/p')
		[ -n "$move" ] || break
		if $gp move -i "$1" "$move" 2> /dev/null; then
			won=$((won + 1))
		fi
	done
	echo "$won"
}

for round in $(seq 1 "$rounds"); do
	rec=$tmp/race.pgn
	rm -f "$rec"
	size=8x8
	[ $((round % 2)) = 0 ] && size=6x6
	$gp new --date 2024.05.01 --size $size reversi -o "$rec" || exit 99
	referee "$rec" > "$tmp/a" &
	pa=$!
	referee "$rec" > "$tmp/b" &
	pb=$!
	wait $pa
	wait $pb
	applied=$(($(cat "$tmp/a") + $(cat "$tmp/b")))
	turns=$(./gamecheck "$rec" 2> /dev/null | sed -n 's/^turns: //p')
	if ./gamecheck --quiet --require-finished "$rec" 2> "$tmp/err" &&
	    [ "$applied" = "$turns" ]; then
		echo "ok: round $round ($size): $turns turns, $(cat "$tmp/a")" \
		    "+ $(cat "$tmp/b") moves applied"
	else
		echo "FAIL: round $round: $applied moves applied, $turns turns"
		cat "$tmp/err" "$rec"
		fail=1
	fi
	if ls -A "$tmp" | grep -q gameplay-; then
		echo "FAIL: round $round: temporary files left"; fail=1
	fi
done
exit $fail
