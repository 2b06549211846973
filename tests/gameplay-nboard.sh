#!/bin/sh
# SPDX-License-Identifier: MIT
# NBoard (formats/protocol.md, "NBoard"): our NBoard engine driven by our
# NBoard client, with and without a clock; the engine's name in the
# record; a match of GTP against NBoard; the scripted quirks of real
# engines (status lines, a stale answer before the last pong, a pong that
# never comes); Reversi 8x8 only; and the engine's own session, every
# command of the protocol document answered as it asks.
set -u
. "${srcdir:-.}/tests/lib.sh"

nb="gameplay engine --protocol nboard"
for tc in "" "--tc 60+0.5"; do
	gameplay match -b "$nb mcts:20" --black-protocol nboard \
	    -w "$nb random" --white-protocol nboard -n 4 --alternate $tc \
	    --summary "$tmp/sum" reversi > "$tmp/g.pgn" 2> "$tmp/err" ||
	    ng "nboard $tc: match exits $?: $(cat "$tmp/err")"
	finished "$tmp/g.pgn" 4 ||
	    ng "nboard $tc: $got"
	grep -q '^\[Black "arbiter mcts:20"\]' "$tmp/g.pgn" &&
	    grep -q 'name: "arbiter random"' "$tmp/sum" ||
	    ng "nboard $tc: the NBoard names are not in the record and summary"
	if [ -n "$tc" ]; then
		grep -q '^\[TimeControl "60+0.5"\]$' "$tmp/g.pgn" ||
		    ng "nboard $tc: no clock in the record"
	fi
done
ok "our NBoard engine against itself, with and without a clock"

gameplay match -b "gameplay engine --protocol gtp mcts:20" \
    --black-protocol gtp -w "$nb random" --white-protocol nboard -n 2 \
    --alternate --summary /dev/null reversi > "$tmp/m.pgn" 2> "$tmp/err" ||
    ng "GTP against NBoard: exit $?: $(cat "$tmp/err")"
finished "$tmp/m.pgn" 2 &&
    grep -q '^\[White "arbiter random"\]' "$tmp/m.pgn" ||
    ng "GTP against NBoard: $got"
ok "a match of GTP against NBoard"

# quirk NAME [ARG]: two games of the scripted quirk NAME as Black against
# our random NBoard engine, which must cost no game.
quirk() {
	gameplay match -b "sh $engines/nboard-quirk.sh $*" \
	    --black-protocol nboard -w "$nb random" --white-protocol nboard \
	    -n 2 --alternate --summary /dev/null reversi > "$tmp/q.pgn" \
	    2> "$tmp/err" || ng "$1: exit $?: $(cat "$tmp/err")"
	finished "$tmp/q.pgn" 2 ||
	    ng "$1: $got: $(grep Termination "$tmp/q.pgn")"
}

# Quirks that must not cost a game: status lines, a stale answer.
for q in chatty stale; do
	quirk $q
done
ok "status lines and a stale answer before the pong cost no game"

# A scripted Edax (every answer as Edax 4.5 writes it): the move is the
# first word of `=== f5 0.00 0.0', the status and nodestats lines around
# it are read past, its `set myname Edax12' (the answer to `set depth')
# names it; and our client sends what the protocol asks of a GUI:
# `nboard' first, `set depth' and `set game' before any `go'.
: > "$tmp/log"
quirk edax "$tmp/log"
[ ! -s "$tmp/log" ] || ng "edax: $(sort -u "$tmp/log")"
grep -q '^\[Black "Edax12"\]$' "$tmp/q.pgn" &&
    grep -q '^\[White "Edax12"\]$' "$tmp/q.pgn" ||
    ng "edax: its name: $(grep '^\[Black\|^\[White' "$tmp/q.pgn")"
ok "a scripted Edax: its answers, its name; our client's commands in order"

# No pong: the deadline applies, a time-out.
gameplay match -b "sh $engines/nboard-quirk.sh no-pong" \
    --black-protocol nboard -w "$nb random" --white-protocol nboard \
    --timeout 1 --summary /dev/null reversi > "$tmp/t.pgn" 2> "$tmp/err" ||
    ng "no pong: exit $?"
grep -q '^\[Termination "black timed out"\]' "$tmp/t.pgn" ||
    ng "no pong: $(cat "$tmp/t.pgn" "$tmp/err")"
ok "an engine that never answers pong times out"

# Reversi 8x8 only: another game or board is a usage error, no record.
for a in oust "-s 6x6 reversi"; do
	gameplay match -b x -w "$nb random" --white-protocol nboard $a \
	    > "$tmp/o.pgn" 2> "$tmp/err"
	rc=$?
	[ $rc = 2 ] && [ ! -s "$tmp/o.pgn" ] &&
	    grep -q "^gameplay: match: --white-protocol nboard plays reversi 8x8 only, not" \
	    "$tmp/err" || ng "nboard $a: exit $rc: $(cat "$tmp/err")"
done
gameplay match -b x -w y --black-protocol nbd reversi 2> "$tmp/err"
rc=$?
[ $rc = 2 ] && grep -q "black-protocol takes arbiter, gtp or nboard, not 'nbd'" \
    "$tmp/err" || ng "--black-protocol nbd: exit $rc: $(cat "$tmp/err")"
ok "NBoard plays Reversi on 8x8 only"

# The engine's session: its name, pongs, a move from a GGF game and moves
# told; a bad game or an illegal move is said on stderr and changes
# nothing.
printf '%s\n' 'nboard 2' 'set depth 6' 'ping 1' 'set game (;GM[Othello]BO[8 x];)' \
    'set game (;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[d6//1.5];)' \
    'ping 2' 'move a1' 'move C3/0.5' 'go' 'hint 3' 'ping 3' 'quit' |
    $nb greedy > "$tmp/out" 2> "$tmp/err" || ng "engine exits $?"
cat > "$tmp/want" <<'WANT'
set myname arbiter greedy
pong 1
pong 2
=== g5
search g5 2 0 1
pong 3
WANT
diff "$tmp/want" "$tmp/out" > "$tmp/diff" || ng "engine: $(cat "$tmp/diff")"
grep -q '^gameplay: engine: move a1: a1 flips no disc' "$tmp/err" ||
    ng "engine: illegal move: $(cat "$tmp/err")"
grep -q '^gameplay: engine: set game: ' "$tmp/err" ||
    ng "engine: a bad game: $(cat "$tmp/err")"
ok "gameplay engine --protocol nboard"

# The protocol document to the letter (formats/protocol.md, "As the
# engine"): NBoard's own session (a game in progress is RE[?], set game
# comes before set depth); `go' answers in every position: the start
# before any set game and after a refused one, and PA once the game is
# over; `hint N' gives the top move's `search' line (none once the game is
# over), `learn' answers `learned', and NBoard 1.1's bare move is a move.
full=$(printf '%064d' 0 | tr 0 '*')
printf '%s\n' 'nboard 2' \
    'set game (;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)' \
    'set depth 6' 'set contempt 0' 'ping 1' 'go' 'hint 2' 'learn' 'ping 2' \
    'quit' | $nb greedy > "$tmp/out" 2> "$tmp/err" ||
    ng "NBoard's session: exit $?"
sed 's/^=== [a-h][1-8]$/=== MOVE/
    s/^search [a-h][1-8] -\{0,1\}[0-9]\{1,2\} 0 1$/search MOVE EVAL 0 1/' \
    "$tmp/out" > "$tmp/got"
printf '%s\n' 'set myname arbiter greedy' 'pong 1' '=== MOVE' \
    'search MOVE EVAL 0 1' 'learned' 'pong 2' > "$tmp/want"
diff "$tmp/want" "$tmp/got" > "$tmp/diff" && [ ! -s "$tmp/err" ] ||
    ng "NBoard's session: $(cat "$tmp/diff" "$tmp/err")"
printf '%s\n' 'nboard 1' 'go' 'set game (;GM[Othello]BO[8 x];)' 'go' \
    'F5' 'move d6' 'ping 1' 'go' \
    "set game (;GM[Othello]RE[?]BO[8 $full O];)" 'ping 2' 'go' 'hint 1' \
    'ping 3' | $nb random > "$tmp/out" 2> "$tmp/err" || ng "go: exit $?"
sed 's/^=== \(d3\|c4\|f5\|e6\)$/=== START/; s/^=== c[3-7]$/=== AFTER/' \
    "$tmp/out" > "$tmp/got"
printf '%s\n' 'set myname arbiter random' '=== START' '=== START' 'pong 1' \
    '=== AFTER' 'pong 2' '=== PA' 'pong 3' > "$tmp/want"
diff "$tmp/want" "$tmp/got" > "$tmp/diff" ||
    ng "go in every position: $(cat "$tmp/diff" "$tmp/err")"
ok "NBoard's own session; go in every position; hint, learn, bare moves"
exit $fail
