#!/bin/sh
# SPDX-License-Identifier: MIT
# Seeded random playouts of every game on several boards, written as
# records, replay legal through gamecheck and end as the rules say: every
# game finished (Herd's generator has a turn cap on large boards, so those
# may stop unfinished, never illegal).
set -u
fail=0
run() {	# games, game, generator options..., expected summary
	n=$1 game=$2 want=$3
	shift 3
	got=$(./tests/gen-records "$game" -n "$n" "$@" | ./gamecheck --quiet 2>&1 |
	    tail -n 1)
	if [ "$got" != "gamecheck: $n records: $want" ]; then
		echo "FAIL: $game $*: $got"
		fail=1
	else
		echo "ok: $n $game $*"
	fi
}
all() { echo "$1 finished, 0 unfinished, 0 illegal, 0 malformed"; }

run 2000 reversi "$(all 2000)" -s 1
run 300 reversi "$(all 300)" -s 2 -b 6x6
run 100 reversi "$(all 100)" -s 3 -b 10x10
for side in 3 4 5 6; do
	run 1000 herd "$(all 1000)" -s "$side" -b "$side"
done
run 2000 stones "$(all 2000)" -s 4
for game in oust rive; do
	if ./gamecheck --help | grep -q "Games:.* $game"; then
		run 1000 "$game" "$(all 1000)" -s 5
	fi
done
exit $fail
