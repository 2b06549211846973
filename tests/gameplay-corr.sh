#!/bin/sh
# SPDX-License-Identifier: MIT
# Correspondence games played to a claim on time, one per control form of
# formats/clock.md, over simulated weeks with fixed --at times: after every
# move the deadline `gameplay status' gives is checked against the value
# worked out by hand below; a claim a second before it is refused (exit
# 1), a claim at it is written, and gamecheck accepts the result.  Then
# two referees race the same claim with -i: exactly one wins, the other
# finds the game decided.
set -u
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
gp=./gameplay
rec=$tmp/game.pgn

bad() {
	echo "FAIL: $*"
	fail=1
	game_fail=1
}

# deadline WANT: the deadline status gives now (at the last moment).
deadline() {
	got=$($gp status --at "$at" "$rec" | sed -n 's/^  deadline: "\(.*\)"$/\1/p')
	[ "$got" = "$1" ] || bad "$name: after $at: deadline $got, not $1"
}

# play AT DEADLINE: the first legal move at AT, then the deadline.
play() {
	at=$1
	move=$($gp legal "$rec" | sed -n 's/^legal: \[\([^],]*\).*/\1/p')
	$gp move -i --at "$at" "$rec" "$move" || bad "$name: move at $at"
	deadline "$2"
}

# game NAME CONTROL DEADLINE: a fresh game begun 2026-01-01, its first
# deadline checked.
game() {
	name=$1
	game_fail=0
	at=2026-01-01T00:00:00Z
	rm -f "$rec"
	$gp new --at "$at" --control "$2" reversi -o "$rec" || exit 99
	deadline "$3"
}

# claim EARLY DUE LOSER: refused at EARLY, written at DUE.
claim() {
	if $gp claim -i --at "$1" "$rec" 2> "$tmp/err"; then
		bad "$name: a claim at $1 was taken"
	elif ! grep -q "deadline is $2" "$tmp/err"; then
		bad "$name: the refusal at $1 says: $(cat "$tmp/err")"
	fi
	$gp claim -i --at "$2" "$rec" || bad "$name: the claim at $2"
	grep -q "^\[Termination \"$3 timed out\"\]$" "$rec" ||
	    bad "$name: no loss on time of $3"
	./gamecheck -q "$rec" 2> "$tmp/err" || bad "$name: $(cat "$tmp/err")"
	grep -q ": 1 record: 1 finished (1 forfeited), " "$tmp/err" ||
	    bad "$name: not forfeited: $(cat "$tmp/err")"
	[ "$game_fail" = 1 ] || echo "ok: $name"
}

# lichess, OGS: 3 days a move, afresh each turn.
game per-move 3d/move 2026-01-04T00:00:00Z
play 2026-01-02T12:00:00Z 2026-01-05T12:00:00Z
play 2026-01-05T11:59:59Z 2026-01-08T11:59:59Z
# Late (no one claimed): the turn stands, the next starts afresh.
play 2026-01-10T00:00:00Z 2026-01-13T00:00:00Z
claim 2026-01-12T23:59:59Z 2026-01-13T00:00:00Z white

# ICCF: 30 days + 3 a move in whole days, the days past 20 charged
# double.  With L days left a player may use d whole days while
# min(d, 20) + 2 * max(d - 20, 0) <= L: 30 left gives 25 (26 would be
# charged 32), 31 gives 25 too (26: 32 > 31), 23 gives 21 (22: 24 > 23).
game iccf 30d+3d,whole,double=20d 2026-01-27T00:00:00Z
# Black: 2 d 6 h used, charged 2: 30 - 2 + 3 = 31.  White has 30.
play 2026-01-03T06:00:00Z 2026-01-29T06:00:00Z
# White: 10 d, charged 10: 23.  Black has 31: 25 whole days.
play 2026-01-13T06:00:00Z 2026-02-08T06:00:00Z
# Black: 23 h 59 min, a day begun is free: 34.  White has 23: 21 days.
play 2026-01-14T05:59:00Z 2026-02-05T05:59:00Z
claim 2026-02-05T05:58:59Z 2026-02-05T05:59:00Z white

# Little Golem: a bank of 240 h, + 36 h a move, at most 240 h.
game little-golem 240h+36h,cap=240h 2026-01-11T00:00:00Z
# Black: 1 d used, 10 - 1 + 1.5 = 10.5, cut to 10.  White has 10 d.
play 2026-01-02T00:00:00Z 2026-01-12T00:00:00Z
# White: 6 d, 4 + 1.5 = 5.5.  Black has 10 d.
play 2026-01-08T00:00:00Z 2026-01-18T00:00:00Z
# Black: 1.5 d, back to 10.  White has 5.5 d.
play 2026-01-09T12:00:00Z 2026-01-15T00:00:00Z
claim 2026-01-14T23:59:59Z 2026-01-15T00:00:00Z white

# Board Game Arena, turn-based: 3 days, + 1 a turn, at most 3.
game bga 3d+1d,cap=3d 2026-01-04T00:00:00Z
# Black: 12 h, 2.5 + 1 cut to 3.  White has 3.
play 2026-01-01T12:00:00Z 2026-01-04T12:00:00Z
# White: 2 d, 1 + 1 = 2.  Black has 3.
play 2026-01-03T12:00:00Z 2026-01-06T12:00:00Z
# Black: 1 d, 2 + 1 = 3.  White has 2.
play 2026-01-04T12:00:00Z 2026-01-06T12:00:00Z
claim 2026-01-06T11:59:59Z 2026-01-06T12:00:00Z white

# Postal: 2 moves in 10 days, again and again, unused time carried.
game moves-in-days 2/10d 2026-01-11T00:00:00Z
# Black: 3 d, 7 (one move of two).  White has 10.
play 2026-01-04T00:00:00Z 2026-01-14T00:00:00Z
# White: 1 d, 9.  Black has 7.
play 2026-01-05T00:00:00Z 2026-01-12T00:00:00Z
# Black: 6 d, 1, and its second move: + 10 = 11.  White has 9.
play 2026-01-11T00:00:00Z 2026-01-20T00:00:00Z
# White: 8 d, 1 + 10 = 11.  Black has 11.
play 2026-01-19T00:00:00Z 2026-01-30T00:00:00Z
# Black: 10 d, 1 (its third move: nothing added).  White has 11.
play 2026-01-29T00:00:00Z 2026-02-09T00:00:00Z
claim 2026-02-08T23:59:59Z 2026-02-09T00:00:00Z white

# Sudden death: the whole game in 30 days.
game sudden-death 30d 2026-01-31T00:00:00Z
# Black: 10 d, 20 left.  White has 30.
play 2026-01-11T00:00:00Z 2026-02-10T00:00:00Z
# White: 10 d, 20.  Black has 20.
play 2026-01-21T00:00:00Z 2026-02-10T00:00:00Z
# Black: 19 d 23 h, 1 h left.  White has 20 d (February has 28).
play 2026-02-09T23:00:00Z 2026-03-01T23:00:00Z
# White: 1 d, 19.  Black has 1 h.
play 2026-02-10T23:00:00Z 2026-02-11T00:00:00Z
claim 2026-02-10T23:59:59Z 2026-02-11T00:00:00Z black

# Leave stops a clock: 3 days a move, 10 days of leave a year.  White
# waits from 2 January with 3 days; leave from the 3rd to the 8th (asked
# on the 2nd at noon) moves the deadline from the 5th to the 10th, and
# a claim during it fails.
game leave 3d/move,leave=10d 2026-01-04T00:00:00Z
play 2026-01-02T00:00:00Z 2026-01-05T00:00:00Z
at=2026-01-02T12:00:00Z
$gp leave -i --at "$at" "$rec" white 2026-01-03T00:00:00Z \
    2026-01-08T00:00:00Z || bad "leave: the leave"
deadline 2026-01-10T00:00:00Z
# Another that overlaps it, or past the 10 days, is refused.
$gp leave -i --at "$at" "$rec" white 2026-01-07T00:00:00Z \
    2026-01-09T00:00:00Z 2> /dev/null && bad "leave: an overlap taken"
$gp leave -i --at "$at" "$rec" white 2026-02-01T00:00:00Z \
    2026-02-07T00:00:00Z 2> /dev/null && bad "leave: 11 days taken"
claim 2026-01-09T23:59:59Z 2026-01-10T00:00:00Z white

# Two referees race the same claim, in place: the lock lets one write
# the loss on time; the other reads the decided game and refuses.
rounds=${ARBITER_ROUNDS:-3}
for round in $(seq 1 "$rounds"); do
	name=race
	game race 3d/move 2026-01-04T00:00:00Z
	$gp claim -i --at 2026-01-05T00:00:00Z "$rec" > /dev/null \
	    2> "$tmp/a.err" &
	pa=$!
	$gp claim -i --at 2026-01-05T00:00:00Z "$rec" > /dev/null \
	    2> "$tmp/b.err" &
	pb=$!
	wait $pa
	ra=$?
	wait $pb
	rb=$?
	if [ $((ra + rb)) != 1 ] || [ $((ra * rb)) != 0 ]; then
		bad "race $round: exits $ra and $rb, not 0 and 1"
	elif ! grep -q "decided by forfeit, white wins (black timed out)" \
	    "$tmp/a.err" "$tmp/b.err"; then
		bad "race $round: the loser says $(cat "$tmp/a.err" "$tmp/b.err")"
	elif [ "$(grep -c '^\[Termination ' "$rec")" != 1 ] ||
	    ! ./gamecheck -q "$rec" 2> /dev/null; then
		bad "race $round: the record is $(cat "$rec")"
	else
		echo "ok: race $round"
	fi
done
exit $fail
