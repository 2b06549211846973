#!/bin/sh
# SPDX-License-Identifier: MIT
# Progress of selfplay and match (design.md section 1): games done, rate
# and ETA on stderr when it is a terminal (a pseudo-terminal from
# script(1)), and nothing more when it is not.  What the terminal shows
# once every carriage return and line clearing has been applied is exactly
# what stderr holds without a terminal: the progress line is cleared
# before match's line per game and the summary, never mixed into them;
# and the records are the same bytes.
set -u
. "${srcdir:-.}/tests/lib.sh"
command -v script > /dev/null 2>&1 || { echo "skip: no script(1)"; exit 77; }

# check WHAT GAMES COMMAND: COMMAND writes records to stdout.
check() {
	what=$1 games=$2 cmd=$3 was=$fail
	fail=0
	(cd "$srcdir" && sh -c "$cmd" > "$tmp/plain.out" 2> "$tmp/plain.err")
	(cd "$srcdir" && NO_COLOR=1 script -qec "$cmd > '$tmp/tty.out'" \
	    /dev/null < /dev/null > "$tmp/tty.raw" 2>&1)
	cmp -s "$tmp/plain.out" "$tmp/tty.out" ||
	    ng "$what: other records on a terminal"
	grep -q "$(printf '\r')gameplay: [0-9]*/$games games" "$tmp/tty.raw" ||
	    ng "$what: no progress on a terminal: $(cat -v "$tmp/tty.raw")"
	grep -q "gameplay: [0-9]*/$games games" "$tmp/plain.err" &&
	    ng "$what: progress without a terminal: $(cat "$tmp/plain.err")"
	shown "$tmp/tty.raw" > "$tmp/tty.err"
	cmp -s "$tmp/plain.err" "$tmp/tty.err" ||
	    ng "$what: the terminal shows more or less than stderr:
$(diff "$tmp/plain.err" "$tmp/tty.err")"
	[ "$fail" = 0 ] && ok "$what"
	[ "$was" = 0 ] || fail=1
}

check "selfplay" 30 "gameplay selfplay reversi -s 6x6 -n 30 --summary -"
check "selfplay, a summary to a file" 5 \
    "gameplay selfplay oust -s 3 -n 5 --summary '$tmp/sum.yaml'"
check "match" 4 "gameplay match -b 'gameplay engine greedy' \
    -w 'gameplay engine random' -s 4x4 -n 4 reversi"

# The first program's wins, draws and losses, its Elo once it means
# something, the rate and the ETA, once a game is done (match draws the
# line again at once after each game's line); the seed decides the games:
# greedy loses the first, wins one of four.
if grep -q 'gameplay: [1-3]/4 games, +[01] =0 -[1-3]\(, Elo -[0-9]*\)* ([0-9.]*/s, ETA [0-9:]*s*)' "$tmp/tty.raw" &&
    grep -q 'gameplay: 4/4 games, +1 =0 -3, Elo -191 (' "$tmp/tty.raw"
then
	ok "results, Elo, rate and ETA"
else
	ng "no results, Elo, rate and ETA: $(cat -v "$tmp/tty.raw")"
fi
exit $fail
