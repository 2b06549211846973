#!/bin/sh
# SPDX-License-Identifier: MIT
# A real GTP engine: GRhino's gtp-rhino (Debian's grhino, installed by
# .ci/run) plays `gameplay engine mcts:200' over GTP for 4 games, colours
# alternating; the records pass gamecheck and the summary names GRhino by
# its GTP name.  Then both under a controller that plays until two passes
# (tests/engines/gtp-pair.sh), as GRhino's own does.  Skipped (77)
# where grhino is not installed.  Two settings of it play a tournament
# under names of their own.  GRhino says nothing of its moves: its
# records have no evaluation.
set -u
. "${srcdir:-.}/tests/lib.sh"

. "$srcdir/tests/optional.sh"
need_program gtp-rhino grhino
rhino=$(command -v gtp-rhino)
gameplay match -b "$rhino" --black-protocol gtp -w 'gameplay engine mcts:200' \
    -n 4 --alternate --tc 60+1 --summary "$tmp/sum" reversi \
    > "$tmp/r.pgn" 2> "$tmp/err" || ng "match exits $?: $(cat "$tmp/err")"
finished "$tmp/r.pgn" 4 ||
    ng "records: $got"
grep -q '^- name: "GTP GRhino [0-9.]*"$' "$tmp/sum" ||
    ng "summary: $(cat "$tmp/sum")"
[ "$(grep -c '^\[\(Black\|White\) "GTP GRhino' "$tmp/r.pgn")" = 4 ] ||
    ng "record tags: $(grep '^\[Black\|^\[White' "$tmp/r.pgn")"
ok "GRhino against mcts:200 over GTP"
# GTP has no word for an evaluation and GRhino lists no command giving
# one (formats/protocol.md, "Evaluations"): its turns have a clock and
# nothing else.
! grep -q '%eval\|%emt\|%nodes' "$tmp/r.pgn" &&
    [ "$(grep -o '{\[%clk [0-9:.]*\]}' "$tmp/r.pgn" | wc -l)" -gt 100 ] &&
    ok "GRhino says nothing of its moves: clock comments alone" ||
    ng "GRhino's comments: $(grep -o '{[^}]*}' "$tmp/r.pgn" | sort -u | head)"

# GRhino and our engine under a controller that plays until two passes:
# genmove after the end is a pass, and the two final scores agree.
for pair in "$rhino|gameplay engine --protocol gtp random" \
    "gameplay engine --protocol gtp random|$rhino"; do
	timeout 300 sh "$engines/gtp-pair.sh" "${pair%|*}" "${pair#*|}" \
	    > "$tmp/pair" 2>&1 || ng "two passes: $(cat "$tmp/pair")"
	b=$(sed -n 's/^black: //p' "$tmp/pair")
	w=$(sed -n 's/^white: //p' "$tmp/pair")
	[ -n "$b" ] && [ "$b" = "$w" ] ||
	    ng "final_score: $(cat "$tmp/pair")"
done
ok "GRhino and our engine play until two passes and agree on the score"

# GRhino under two names in one tournament (gameplay(1), "Engines"):
# two settings of it, each named, and our engine; GRhino gives both one
# GTP name, so the names are the spec's.  The log has both, by name.
gameplay match --engine "name=rhino-1,proto=gtp,cmd=$rhino -l 1" \
    --engine "name=rhino-2,proto=gtp,cmd=$rhino -l 2" \
    --engine 'gameplay engine greedy' -n 2 --alternate --log "$tmp/log" \
    --summary "$tmp/tsum" reversi > "$tmp/t.pgn" 2> "$tmp/err" ||
    ng "tournament exits $?: $(cat "$tmp/err")"
finished "$tmp/t.pgn" 6 || ng "tournament records: $got"
players() { sed -n 's/^ *- name: "\(.*\)"$/\1/p' "$1" | sort | tr '\n' '|'; }
gamestat "$tmp/t.pgn" > "$tmp/tstat" 2>&1 || ng "gamestat exits $?"
want='gameplay engine greedy|rhino-1|rhino-2|'
[ "$(players "$tmp/tsum")" = "$want" ] && [ "$(players "$tmp/tstat")" = "$want" ] ||
    ng "players: summary $(players "$tmp/tsum"), gamestat $(players "$tmp/tstat")"
[ "$(cut -f3 "$tmp/log" | sort -u | tr '\n' '|')" = "$want" ] &&
    grep -q '	rhino-2	<	= GTP GRhino$' "$tmp/log" ||
    ng "log: $(cut -f3 "$tmp/log" | sort -u)"
ok "GRhino under two names in one tournament"
exit $fail
