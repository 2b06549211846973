#!/bin/sh
# SPDX-License-Identifier: MIT
# What the programs of a match say of their moves (formats/protocol.md,
# "Evaluations"): the match protocol's `f5 eval 1.5 depth 3 nodes 400'
# and NBoard's `=== f5 0.00 0.0' go in the record as [%eval], [%nodes]
# and [%emt] comments, which gamecheck reads back into the report and
# --write=ggf keeps; what is no evaluation (not a number, huge, missing)
# is dropped with a warning and the game and its record are as without
# it; a program that says nothing changes nothing.  --adjudicate
# resign:MOVES:SCORE and draw:MOVES:SCORE:FROM end a game when both
# programs agree, and not when one of them does not.
set -u
. "${srcdir:-.}/tests/lib.sh"

e="$srcdir/tests/engines/eval.sh"
match() {
	b=$1 w=$2
	shift 2
	gameplay match -b "$e '$b'" -w "$e '$w'" "$@" reversi
}

match 'eval 1.5 depth 3 nodes 400' 'eval -2' --tc 60 > "$tmp/a.pgn" \
    2> "$tmp/a.err" || ng "match exits $?: $(cat "$tmp/a.err")"
turns=$(gamecheck "$tmp/a.pgn" 2> /dev/null | sed -n 's/^turns: //p')
n=$(grep -o '{[^}]*}' "$tmp/a.pgn" | grep -c '^{\[%eval 1\.50,3\] \[%nodes 400\] \[%emt 0:00:[0-9][0-9]\.[0-9][0-9][0-9]\] \[%clk 0:0[01]:[0-9.]*\]}$')
m=$(grep -o '{[^}]*}' "$tmp/a.pgn" | grep -c '^{\[%eval -2\.00\] \[%emt [0-9:.]*\] \[%clk [0-9:.]*\]}$')
[ $((n + m)) -eq "$turns" ] && [ "$n" -gt 0 ] && [ "$m" -gt 0 ] &&
    ok "each of the $turns turns has its evaluation, before its clock" ||
    ng "$n + $m comments for $turns turns: $(head -12 "$tmp/a.pgn")"
gamecheck "$tmp/a.pgn" > "$tmp/a.yaml" 2> "$tmp/check.err"
k=$(grep '^move-notes:' "$tmp/a.yaml" | grep -o '{turn: [0-9]*, eval: "1.50", depth: "3", nodes: "400", time: "[0-9.]*"}' | wc -l)
[ $? -eq 0 ] && [ "$k" -eq "$n" ] && grep -q '1 finished' "$tmp/check.err" &&
    ok "gamecheck reads them back: $k of black's in move-notes" ||
    ng "gamecheck: $k: $(cat "$tmp/check.err")"
gamecheck --write=ggf "$tmp/a.pgn" 2> /dev/null |
    grep -q 'B\[f5/1\.50/[0-9.]*\]W\[[a-h][1-8]/-2\.00/[0-9.]*\]' &&
    ok "--write=ggf keeps them as move/eval/time" || ng "ggf"
gamecheck --write=pgn "$tmp/a.pgn" 2> /dev/null | gamecheck - 2> /dev/null |
    grep '^move-notes:' > "$tmp/again"
grep '^move-notes:' "$tmp/a.yaml" | cmp -s - "$tmp/again" &&
    ok "--write=pgn keeps them: the same move-notes read back" ||
    ng "--write=pgn: $(head -c 300 "$tmp/again")"

# NBoard: Edax's `=== f5 0.00 0.0'.
gameplay match -b "$srcdir/tests/engines/nboard-quirk.sh edax" \
    --black-protocol nboard -w 'gameplay engine greedy' reversi \
    > "$tmp/n.pgn" 2> "$tmp/n.err"
n=$(grep -o '{\[%eval 0\.00\] \[%emt [0-9:.]*\]}' "$tmp/n.pgn" | wc -l)
[ "$n" -gt 20 ] && [ "$(grep -c '{' "$tmp/n.pgn")" -eq "$n" ] &&
    ok "NBoard: $n evaluations of the NBoard side, none of the other" ||
    ng "NBoard: $n: $(cat "$tmp/n.err")"

# NBoard's MOVE/EVAL/TIME, and an EVAL that is no number: dropped, the
# move played.
for q in eval bad-eval; do
	gameplay match -b "$srcdir/tests/engines/nboard-quirk.sh $q" \
	    --black-protocol nboard -w 'gameplay engine greedy' reversi \
	    > "$tmp/$q.pgn" 2> "$tmp/$q.err"
done
n=$(grep -o '{\[%eval 1\.25\] \[%emt [0-9:.]*\]}' "$tmp/eval.pgn" | wc -l)
[ "$n" -gt 20 ] && ! grep -q '[{}]' "$tmp/bad-eval.pgn" &&
    grep -q '^\[Result "[0-9]*-[0-9]*"\]' "$tmp/bad-eval.pgn" &&
    [ "$(grep -c 'dropped (said once a game): an evaluation is a decimal number, not "1e999"' "$tmp/bad-eval.err")" -eq 1 ] &&
    gamecheck "$tmp/bad-eval.pgn" > /dev/null 2>&1 &&
    ok "NBoard: f5/1.25/0.1 kept, f5/1e999/0.1 dropped with a warning" ||
    ng "NBoard quirks: $n: $(cat "$tmp/bad-eval.err")"

# Herd: each action is asked for, and the answer that ends a turn
# speaks for it: one comment a turn.
gameplay match -b "$e 'eval 2 depth 1' random" -w 'gameplay engine random' \
    herd > "$tmp/h.pgn" 2> "$tmp/h.err"
n=$(grep -o '{[^}]*}' "$tmp/h.pgn" | grep -c '^{\[%eval 2\.00,1\] \[%emt [0-9:.]*\]}$')
t=$(gamecheck "$tmp/h.pgn" 2> /dev/null | sed -n 's/^turns: //p')
[ "$n" -gt 0 ] && [ "$n" -eq "$(grep -o '{' "$tmp/h.pgn" | wc -l)" ] &&
    [ "$n" -le $(((t + 1) / 2)) ] &&
    ok "Herd: $n of black's turns noted once each, of $t" ||
    ng "Herd: $n of $t: $(head -20 "$tmp/h.pgn")"

# A program without evaluations: records as they always were.
gameplay match -b 'gameplay engine greedy' -w 'gameplay engine greedy' \
    reversi > "$tmp/p.pgn" 2> /dev/null
! grep -q '[{}]' "$tmp/p.pgn" && ok "no evaluation, no comment" ||
    ng "$(cat "$tmp/p.pgn")"

# Garbage is dropped with a warning: the game as without it, no crash.
for bad in 'eval abc' 'eval 1e9' 'eval nan' 'eval 100001' 'eval' \
    'eval 1 depth -1' 'eval 1 eval 2' 'depth 3' 'eval 1 nodes 1234567890123456789'; do
	match "$bad" 'eval -2' > "$tmp/g.pgn" 2> "$tmp/g.err"
	rc=$?
	# The movetext, comments left out, one token a line.
	for f in g p; do
		grep -v '^\[' "$tmp/$f.pgn" | tr '\n' ' ' |
		    sed 's/ *{[^}]*}//g' | tr -s ' ' '\n' > "$tmp/$f.moves"
	done
	if [ $rc -eq 0 ] && cmp -s "$tmp/g.moves" "$tmp/p.moves" &&
	    ! grep -q '%eval 1' "$tmp/g.pgn" &&
	    grep -q "^gameplay: match: turn 1: .*'s evaluation dropped (said once a game): " "$tmp/g.err" &&
	    [ "$(grep -c 'dropped' "$tmp/g.err")" -eq 1 ] &&
	    gamecheck "$tmp/g.pgn" > /dev/null 2>&1; then
		ok "'$bad' dropped with a warning, the game as without it"
	else
		ng "'$bad': exit $rc: $(head -3 "$tmp/g.err")"
	fi
done

# --adjudicate resign: black sure it is lost, white sure it is won.
match 'eval -5' 'eval 5' --adjudicate resign:3:4 > "$tmp/r.pgn" \
    2> "$tmp/r.err"
if grep -q '^\[Termination "black lost on evaluation"\]' "$tmp/r.pgn" &&
    grep -q '^\[Winner "white"\]' "$tmp/r.pgn" &&
    grep -q '^3\. .* \*$' "$tmp/r.pgn" && grep -q '^adjudicated: 1$' "$tmp/r.err" &&
    gamecheck "$tmp/r.pgn" 2> /dev/null | grep -q '^  cause: resign$'; then
	ok "resign:3:4: black lost on evaluation after 3 turns each"
else
	ng "resign: $(cat "$tmp/r.pgn" "$tmp/r.err")"
fi
for pair in 'eval -5/eval -5' 'eval -5/eval 3' 'eval -5/eval 5 depth' \
    'eval -5/'; do
	match "${pair%/*}" "${pair#*/}" --adjudicate resign:3:4 \
	    > "$tmp/r.pgn" 2> /dev/null
	! grep -q Termination "$tmp/r.pgn" &&
	    ok "resign: not when white says '${pair#*/}'" ||
	    ng "resign with '$pair': $(grep Termination "$tmp/r.pgn")"
done

# --adjudicate draw: both within 0.5 for 4 turns each, from turn 20.
match 'eval 0.2' 'eval -0.5' --adjudicate draw:4:0.5:20 -o "$tmp/d.pgn" \
    2> "$tmp/d.err"
if grep -q '^\[Termination "drawn on evaluation"\]' "$tmp/d.pgn" &&
    grep -q '^\[Result "1/2-1/2"\]' "$tmp/d.pgn" &&
    ! grep -q Winner "$tmp/d.pgn" &&
    [ "$(gamecheck "$tmp/d.pgn" 2> /dev/null | sed -n 's/^turns: //p')" = 20 ] &&
    grep -q '^adjudicated: 1$' "$tmp/d.err" &&
    grep -q 'game 1/1: draw: drawn on evaluation' "$tmp/d.err" &&
    gamecheck "$tmp/d.pgn" > /dev/null 2> "$tmp/dc.err" &&
    ! grep -q warning "$tmp/dc.err"; then
	ok "draw:4:0.5:20: drawn at turn 20, and gamecheck agrees"
else
	ng "draw: $(cat "$tmp/d.pgn" "$tmp/d.err" "$tmp/dc.err")"
fi
match 'eval 0.2' 'eval -0.5' --adjudicate draw:4:0.5:20 -o "$tmp/d.pgn" \
    -n 2 --resume 2> "$tmp/d.err"
grep -q '^adjudicated: 2$' "$tmp/d.err" && grep -q '^  draws: 2$' "$tmp/d.err" &&
    ok "--resume counts the drawn game read back" ||
    ng "resume: $(cat "$tmp/d.err")"
match 'eval 0.2' 'eval 0.6' --adjudicate draw:4:0.5 > "$tmp/d.pgn" 2> /dev/null
! grep -q Termination "$tmp/d.pgn" &&
    ok "draw: not when white's is beyond 0.5" || ng "draw: $(cat "$tmp/d.pgn")"

for bad in resign:0:4 resign:3 resign:3:-1 resign:3:0 resign:3:x draw:4 \
    draw:4:0.5:x \
    draw:4:0.5:1:2; do
	match 'eval 1' 'eval 1' --adjudicate "$bad" > /dev/null 2> "$tmp/u.err"
	rc=$?
	[ $rc -eq 2 ] && grep -q 'adjudicate takes' "$tmp/u.err" &&
	    ok "--adjudicate $bad: a usage error" ||
	    ng "--adjudicate $bad: exit $rc: $(cat "$tmp/u.err")"
done
exit $fail
