#!/bin/sh
# SPDX-License-Identifier: MIT
# The pie rule in selfplay and match (design.md §6, formats/record.md
# §Turns): after a swap the seats exchange colours, so the player asked at
# every turn is the one holding that colour then, and the summary, the
# records (through gamestat) and gamecheck credit the same player with
# every game.
set -u
. "${srcdir:-.}/tests/lib.sh"

# players FILE: "name wins draws losses" for each player listed in a
# summary, arbiter-match/1 or arbiter-summary/1, sorted.
players() {
	awk '
	function out() { if (name != "") print name, w, d, l }
	/^ *- name: / { out(); name = $0; sub(/^ *- name: /, "", name)
		w = d = l = "?"; next }
	name != "" && /^ *wins: [0-9]+$/ { w = $2 }
	name != "" && /^ *draws: [0-9]+$/ { d = $2 }
	name != "" && /^ *losses: [0-9]+$/ { l = $2 }
	END { out() }' "$1" | sort
}

# agree WHAT RECORDS SUMMARY: the records replay legal and finished, and
# gamestat over them credits each player as the summary does, by colour
# as well as by player.
agree() {
	what=$1 records=$2 summary=$3
	n=$(grep -c '^\[Event' "$records")
	finished "$records" $n ||
	    ng "$what: $got"
	grep -q '^\[Black' "$records" && [ "$n" -gt 0 ] ||
	    ng "$what: no records"
	gamestat "$records" > "$tmp/stat.yaml" || ng "$what: gamestat exits $?"
	players "$summary" > "$tmp/want"
	players "$tmp/stat.yaml" > "$tmp/got"
	[ "$(wc -l < "$tmp/want")" = 2 ] && cmp -s "$tmp/want" "$tmp/got" ||
	    ng "$what: the summary says
$(cat "$tmp/want")
gamestat says
$(cat "$tmp/got")"
	# Wins by colour, whoever held it: the summary's per colour figures.
	for c in black white; do
		want=$(sed -n "s/^  $c: {games: [0-9]*, wins: \([0-9]*\),.*/\1/p" \
		    "$summary" | awk '{ s += $1 } END { print s + 0 }')
		got=$(sed -n "s/^  wins: {.*$c: \([0-9]*\).*/\1/p" \
		    "$tmp/stat.yaml")
		[ "$want" = "$got" ] ||
		    ng "$what: $c won $got games, the summary says $want"
	done
}

# Selfplay: two distinct players, many games, so that both swap.
gameplay selfplay oust -n 1000 --seed 7 --black greedy --white random \
    --summary "$tmp/o.yaml" > "$tmp/o.pgn" || ng "oust selfplay exits $?"
grep -q ' swap ' "$tmp/o.pgn" || ng "oust: no game swapped"
agree "oust selfplay" "$tmp/o.pgn" "$tmp/o.yaml"
ok "1000 oust games"
gameplay selfplay rive -n 300 --seed 7 --black random --white greedy \
    --summary "$tmp/r.yaml" > "$tmp/r.pgn" || ng "rive selfplay exits $?"
grep -q ' swap ' "$tmp/r.pgn" || ng "rive: no game swapped"
agree "rive selfplay" "$tmp/r.pgn" "$tmp/r.yaml"
ok "300 rive games"

# Match: A and B log every request they answer; B always swaps.  After the
# swap the turn goes back to A, the player who made move 1 (now White),
# and from then on the two alternate.
for game in oust rive; do
	: > "$tmp/log"
	timeout 60 gameplay match --size 3 -b "sh $engines/swap.sh $tmp/log A" \
	    -w "sh $engines/swap.sh $tmp/log B" -n 2 --alternate \
	    --summary "$tmp/m.yaml" "$game" > "$tmp/m.pgn" 2> "$tmp/err" ||
	    ng "$game match exits $?: $(cat "$tmp/err")"
	[ "$(grep -c ' swap ' "$tmp/m.pgn")" = 2 ] ||
	    ng "$game match: $(cat "$tmp/m.pgn")"
	# The first request after the swap of each game, and who got it.
	got=$(awk 'NF == 3 && $3 == "swap"' "$tmp/log" | cut -d ' ' -f 1 |
	    tr '\n' ' ')
	[ "$got" = "A B " ] ||
	    ng "$game match: asked after the swap: $got"
	agree "$game match" "$tmp/m.pgn" "$tmp/m.yaml"
	ok "$game match with a program that swaps"
done
exit $fail
