#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay match (gameplay(1), formats/protocol.md): built-in players run as
# programs; a program that answers an illegal move, one that crashes and
# one that sleeps past the timeout, each adjudicated as documented; and a
# match killed after k games leaves k complete records.
set -u
srcdir=${srcdir:-.}
builddir=$(pwd)
PATH="$builddir:$PATH"
export PATH
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
ng() { echo "FAIL: $*"; fail=1; }
ok() { echo "ok: $*"; }
engines=$srcdir/tests/engines

# Two built-in players, colours alternating: complete, legal records.
gameplay match -b 'gameplay engine random' -w 'gameplay engine greedy' \
    -n 4 --alternate --summary "$tmp/sum.yaml" reversi > "$tmp/m.pgn" \
    2> "$tmp/err" || ng "match exits $?"
got=$(gamecheck --quiet "$tmp/m.pgn" 2>&1 | tail -n 1)
[ "$got" = "gamecheck: 4 records: 4 finished, 0 unfinished, 0 illegal, 0 malformed" ] ||
    ng "match records: $got"
[ "$(grep -c '^gameplay: game [1-4]/4: ' "$tmp/err")" = 4 ] ||
    ng "a line per game: $(cat "$tmp/err")"
grep -q '^\[Black "gameplay engine greedy"\]' "$tmp/m.pgn" ||
    ng "--alternate: greedy never played Black"
grep -q '^games: 4$' "$tmp/sum.yaml" && grep -q '^schema: arbiter-match/1$' \
    "$tmp/sum.yaml" || ng "summary: $(cat "$tmp/sum.yaml")"
ok "built-in players as programs"

# adjudicate ENGINE-SCRIPT SIDE TERMINATION [match options]
adjudicate() {
	script=$1 side=$2 want=$3
	shift 3
	if [ "$side" = white ]; then
		b='gameplay engine random' w="sh $engines/$script" win=black
	else
		b="sh $engines/$script" w='gameplay engine random' win=white
	fi
	gameplay match -b "$b" -w "$w" -n 2 "$@" reversi > "$tmp/a.pgn" \
	    2> "$tmp/err" || ng "$script: match exits $?"
	[ "$(grep -c "^\[Termination \"$want\"\]" "$tmp/a.pgn")" = 2 ] ||
	    ng "$script: $(grep Termination "$tmp/a.pgn")"
	[ "$(grep -c "^\[Winner \"$win\"\]" "$tmp/a.pgn")" = 2 ] ||
	    ng "$script: winner: $(grep Winner "$tmp/a.pgn")"
	grep -q "^gameplay: game 2/2: $win wins: $want (" "$tmp/err" ||
	    ng "$script: $(cat "$tmp/err")"
	# A record cut short by the referee is decided by forfeit, not an
	# error, and not unfinished.
	gamecheck --quiet "$tmp/a.pgn" > /dev/null 2> "$tmp/check" ||
	    ng "$script: gamecheck exits $?"
	line='2 records: 0 finished, 0 unfinished, 0 illegal, 0 malformed'
	grep -q ": $line, 2 forfeited\$" "$tmp/check" ||
	    ng "$script: $(cat "$tmp/check")"
	ok "$want"
}
adjudicate illegal.sh white "illegal move c9 by white"
adjudicate crash.sh black "black crashed"
start=$(date +%s)
adjudicate slow.sh white "white timed out" --timeout 0.5
[ $(( $(date +%s) - start )) -lt 20 ] || ng "the timeout took too long"

# Interrupted after k games: k complete records and nothing else.
# The file exists before the referee starts, so the count never races it.
: > "$tmp/i.pgn"
gameplay match -b 'gameplay engine random' -w 'gameplay engine random' \
    -n 100000 reversi >> "$tmp/i.pgn" 2> /dev/null &
pid=$!
i=0
while [ "$(grep -c '^\[Event' "$tmp/i.pgn")" -lt 3 ] && [ $i -lt 200 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -TERM $pid
wait $pid 2> /dev/null
k=$(grep -c '^\[Event' "$tmp/i.pgn")
got=$(gamecheck --quiet "$tmp/i.pgn" 2>&1 | tail -n 1)
[ "$k" -ge 3 ] &&
    [ "$got" = "gamecheck: $k records: $k finished, 0 unfinished, 0 illegal, 0 malformed" ] ||
    ng "interrupted after $k games: $got"
ok "interrupted after $k games"
exit $fail
