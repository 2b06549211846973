#!/bin/sh
# SPDX-License-Identifier: MIT
# GTP (formats/protocol.md, "GTP"): our GTP engine driven by our GTP
# client, every game, with and without a clock; the record's names, its
# TimeControl tag and clock comments; a loss on time; the scripted quirks
# of real engines (wrong ids, no pass, a refused board, a stale answer,
# a hang); and the engine's own commands.
set -u
. "${srcdir:-.}/tests/lib.sh"

gtp="gameplay engine --protocol gtp"
for g in reversi oust rive herd stones; do
	for tc in "" "--tc 60+0.5"; do
		gameplay match -b "$gtp mcts:20" --black-protocol gtp \
		    -w "$gtp random" --white-protocol gtp -n 2 --alternate \
		    $tc --summary "$tmp/sum" "$g" > "$tmp/g.pgn" 2> "$tmp/err" ||
		    ng "$g $tc: match exits $?: $(cat "$tmp/err")"
		finished "$tmp/g.pgn" 2 ||
		    ng "$g $tc: $got"
		grep -q '^\[Black "arbiter mcts:20 ' "$tmp/g.pgn" &&
		    grep -q 'name: "arbiter random ' "$tmp/sum" ||
		    ng "$g $tc: the GTP names are not in the record and summary"
		if [ -n "$tc" ]; then
			grep -q '^\[TimeControl "60+0.5"\]$' "$tmp/g.pgn" &&
			    grep -q '{\[%clk 0:01:0[0-9]\.[0-9]\]}' "$tmp/g.pgn" ||
			    ng "$g $tc: no clock in the record"
		elif grep -q 'TimeControl\|%clk' "$tmp/g.pgn"; then
			ng "$g: a clock without --tc"
		fi
	done
done
ok "our GTP engine against itself, every game, with and without a clock"

# The match protocol's programs keep the clock too, one per side.
gameplay match -b 'gameplay engine random' -w "$gtp random" \
    --white-protocol gtp --tc 30 --summary /dev/null reversi > "$tmp/m.pgn" \
    2> "$tmp/err" || ng "mixed protocols: exit $?"
grep -q '^\[White "arbiter random ' "$tmp/m.pgn" &&
    grep -q '^\[Black "gameplay engine random"\]' "$tmp/m.pgn" ||
    ng "mixed protocols: $(head -6 "$tmp/m.pgn")"
ok "one side on each protocol"

# A clock per side: one tag per colour, as cutechess writes them, and each
# colour's comments from its own clock.
gameplay match -b 'gameplay engine random' -w "$gtp random" \
    --white-protocol gtp --tc 30 --white-tc 20+1 -n 2 --alternate \
    --summary /dev/null reversi > "$tmp/m.pgn" 2> "$tmp/err" ||
    ng "--white-tc: exit $?"
[ "$(grep -c '^\[BlackTimeControl "30"\]$' "$tmp/m.pgn")" = 1 ] &&
    [ "$(grep -c '^\[WhiteTimeControl "20+1"\]$' "$tmp/m.pgn")" = 1 ] &&
    [ "$(grep -c '^\[BlackTimeControl "20+1"\]$' "$tmp/m.pgn")" = 1 ] &&
    ! grep -q '^\[TimeControl' "$tmp/m.pgn" ||
    ng "--white-tc tags: $(grep TimeControl "$tmp/m.pgn")"
thirty='{\[%clk 0:00:\(29\|30\)\.[0-9]\]}'
twenty='{\[%clk 0:00:2[01]\.[0-9]\]}'
grep -q "^1\. [a-h][1-8] $thirty [a-h][1-8] $twenty" "$tmp/m.pgn" &&
    grep -q "^1\. [a-h][1-8] $twenty [a-h][1-8] $thirty" "$tmp/m.pgn" ||
    ng "--white-tc clocks: $(grep '^1\.' "$tmp/m.pgn")"
ok "a clock per side"

# Out of time: the clock is a deadline, adjudicated as a time-out.
gameplay match -b "sh $engines/gtp-quirk.sh hang" --black-protocol gtp \
    -w "$gtp random" --white-protocol gtp --timeout 0 --tc 1 \
    --summary /dev/null reversi > "$tmp/t.pgn" 2> "$tmp/err" ||
    ng "loss on time: exit $?"
grep -q '^\[Termination "black timed out"\]' "$tmp/t.pgn" ||
    ng "loss on time: $(cat "$tmp/t.pgn")"
# --timeout still bounds each answer under GTP.
gameplay match -b "sh $engines/gtp-quirk.sh hang" --black-protocol gtp \
    -w "$gtp random" --timeout 1 --summary /dev/null reversi > "$tmp/t.pgn" \
    2> "$tmp/err"
grep -q '^\[Termination "black timed out"\]' "$tmp/t.pgn" ||
    ng "--timeout under GTP: $(cat "$tmp/t.pgn")"
ok "a clock run out and a hang are time-outs"

# Quirks that must not cost a game: wrong ids, no pass, a stale answer.
for q in wrong-ids no-pass stale; do
	: > "$tmp/log"
	gameplay match -b "sh $engines/gtp-quirk.sh $q $tmp/log" \
	    --black-protocol gtp -w 'gameplay engine random' -n 4 \
	    --alternate -s 6x6 --summary /dev/null reversi > "$tmp/q.pgn" \
	    2> "$tmp/err" || ng "$q: exit $?: $(cat "$tmp/err")"
	finished "$tmp/q.pgn" 4 ||
	    ng "$q: $got"
	case $q in
	no-pass)
		# Refused once, then left out.
		[ "$(grep -c '^refused: play . pass$' "$tmp/log")" = 1 ] ||
		    ng "no-pass: $(cat "$tmp/log")" ;;
	stale)
		[ ! -s "$tmp/log" ] || ng "stale: $(cat "$tmp/log")" ;;
	esac
done
ok "wrong ids, a refused pass and a stale answer cost no game"

# The clock's commands go only to an engine that lists them.
: > "$tmp/log"
gameplay match -b "sh $engines/gtp-quirk.sh no-time $tmp/log" \
    --black-protocol gtp -w 'gameplay engine random' -n 2 --alternate \
    -s 6x6 --tc 60+1 --summary /dev/null reversi > "$tmp/q.pgn" \
    2> "$tmp/err" || ng "no-time: exit $?: $(cat "$tmp/err")"
finished "$tmp/q.pgn" 2 ||
    ng "no-time: $got"
[ ! -s "$tmp/log" ] || ng "no-time: $(cat "$tmp/log")"
ok "time_settings and time_left only to an engine that lists them"

# A controller that plays until two passes, as GRhino's does: genmove
# after the end is a pass, and both engines give the same final_score.
timeout 120 sh "$engines/gtp-pair.sh" "$gtp random" "$gtp mcts:20" \
    > "$tmp/pair" 2>&1 || ng "two passes: $(cat "$tmp/pair")"
b=$(sed -n 's/^black: //p' "$tmp/pair")
w=$(sed -n 's/^white: //p' "$tmp/pair")
expr "$b" : '[BW]+[1-9][0-9]*$' > /dev/null || [ "$b" = 0 ] ||
    ng "final_score: $(cat "$tmp/pair")"
[ "$b" = "$w" ] || ng "final_score differs: $(cat "$tmp/pair")"
ok "genmove after the end is a pass; final_score"

# A controller's questions at the end of a game (Reversi on 4x4, black
# wins 14-2): no score before the end, GTP's score after it, and genmove
# and play of a pass once it is over.
printf '%s\n' 'boardsize 4' 'clear_board' 'final_score' 'play b a2' \
    'play w c1' 'play b d3' 'play w a4' 'play b b1' 'play w a3' 'play b a1' \
    'play w c4' 'play b b4' 'play w pass' 'play b d1' 'play w pass' \
    'play b d2' 'play w pass' 'play b d4' 'gogui-rules_final_result' \
    'final_score' 'genmove w' 'genmove b' 'play w pass' 'final_score' \
    'known_command final_score' 'quit' | $gtp random > "$tmp/out" \
    2> "$tmp/err" || ng "engine at the end exits $?"
{
	printf '= \n\n= \n\n? cannot score\n\n'
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15; do printf '= \n\n'; done
	printf '= B+12\n\n= B+12\n\n= pass\n\n= pass\n\n= \n\n= B+12\n\n'
	printf '= true\n\n= \n\n'
} > "$tmp/want"
diff "$tmp/want" "$tmp/out" > "$tmp/diff" || ng "at the end: $(cat "$tmp/diff")"
ok "gameplay engine --protocol gtp at the end of a game"

# A crash loses the game, and the engine is started (and greeted) again.
gameplay match -b "sh $engines/gtp-quirk.sh crash" --black-protocol gtp \
    -w 'gameplay engine random' -n 2 --summary /dev/null reversi \
    > "$tmp/c.pgn" 2> "$tmp/err" || ng "crash: exit $?"
[ "$(grep -c '^\[Termination "black crashed"\]$' "$tmp/c.pgn")" = 2 ] &&
    [ "$(grep -c '^\[Black "arbiter random ' "$tmp/c.pgn")" = 2 ] ||
    ng "crash: $(cat "$tmp/c.pgn" "$tmp/err")"
ok "a GTP engine that crashes loses, and starts again"

# A NUL in an answer makes it illegal, as in the match protocol.
gameplay match -b "sh $engines/gtp-quirk.sh nul" --black-protocol gtp \
    -w 'gameplay engine random' --summary /dev/null reversi > "$tmp/n.pgn" \
    2> "$tmp/err" || ng "nul: exit $?"
grep -q '^\[Termination "illegal move d3.* by black"\]$' "$tmp/n.pgn" ||
    ng "nul: $(cat "$tmp/n.pgn")"
ok "a NUL in a GTP answer is an illegal move"

# A genmove response of two lines is no move, whichever line would be.
gameplay match -b "sh $engines/gtp-quirk.sh two-lines" --black-protocol gtp \
    -w 'gameplay engine random' --summary /dev/null reversi > "$tmp/t.pgn" \
    2> "$tmp/err" || ng "two lines: exit $?"
grep -q '^\[Termination "illegal move d3 / c4 by black"\]$' "$tmp/t.pgn" &&
    grep -qx '\*' "$tmp/t.pgn" || ng "two lines: $(cat "$tmp/t.pgn")"
ok "a GTP genmove answer of two lines is an illegal move"

# A refused board stops the match: exit 2, a clear error, no record.
gameplay match -b "sh $engines/gtp-quirk.sh no-board" --black-protocol gtp \
    -w 'gameplay engine random' reversi > "$tmp/b.pgn" 2> "$tmp/err"
rc=$?
[ $rc = 2 ] && [ ! -s "$tmp/b.pgn" ] &&
    grep -q "^gameplay: match: 'sh .*gtp-quirk.sh no-board' refused 'boardsize 8': ? unacceptable size$" "$tmp/err" ||
    ng "refused board: exit $rc: $(cat "$tmp/err")"
ok "a refused board size is an error of the match"

# Options: the protocols and the clock are checked.
gameplay match -b x -w y --black-protocol nbd reversi 2> "$tmp/err"
rc=$?
[ $rc = 2 ] && grep -q "black-protocol takes arbiter, gtp or nboard, not 'nbd'" \
    "$tmp/err" || ng "--black-protocol nbd: exit $rc: $(cat "$tmp/err")"
for t in 0 1e3 60+ +1 60+0x1 abc; do
	for o in tc black-tc white-tc; do
		gameplay match -b x -w y --$o "$t" reversi 2> "$tmp/err"
		rc=$?
		[ $rc = 2 ] && grep -q "^gameplay: --$o takes BASE+INC seconds, not '$t'" \
		    "$tmp/err" || ng "--$o $t: exit $rc: $(cat "$tmp/err")"
	done
done
ok "--black-protocol and --tc check their arguments"

# The engine's commands: ids back, an illegal play with its reason, the
# rules commands.
printf '%s\n' '1 protocol_version' 'known_command gogui-rules_legal_moves' \
    'boardsize 8' 'clear_board' 'play b a1' 'play b f5' \
    'gogui-rules_side_to_move' 'gogui-rules_legal_moves' 'genmove w' \
    'undo' 'gogui-rules_final_result' 'set_game herd' 'gogui-rules_game_id' \
    'gogui-rules_board_size' 'frobnicate' 'quit' |
    $gtp random > "$tmp/out" 2> "$tmp/err" || ng "engine exits $?"
cat > "$tmp/want" <<'WANT'
=1 2

= true

= 

= 

? illegal move: a1 flips no disc: no line of white discs ends in a black disc

= 

= white

= f4 d6 f6

= f4

= 

= unknown

= 

= herd

= 5

? unknown command

= 

WANT
diff "$tmp/want" "$tmp/out" > "$tmp/diff" || ng "engine: $(cat "$tmp/diff")"
ok "gameplay engine --protocol gtp"
exit $fail
