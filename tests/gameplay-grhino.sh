#!/bin/sh
# SPDX-License-Identifier: MIT
# A real GTP engine: GRhino's gtp-rhino (Debian's grhino, installed by
# .ci/run) plays `gameplay engine mcts:200' over GTP for 4 games, colours
# alternating; the records pass gamecheck and the summary names GRhino by
# its GTP name.  Then both under a controller that plays until two passes
# (tests/engines/gtp-pair.sh), as GRhino's own does.  Skipped (77)
# where grhino is not installed.  GRhino says nothing of its moves: its
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
exit $fail
