#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay analyze (issue 32, item 3): games valued turn by turn by the
# exact solver (its losses are gamecheck --solve's mistakes), by greedy
# (the same with -j 2), by a program over our protocol (its evaluation)
# and over GTP (GRhino: best moves alone, skipped where absent); the
# comments read back by gamecheck.  An analyser that crashes, hangs or
# answers no action stops the run (exit 2) naming the game and turn, the
# games before it kept, and --resume ends the same as one whole run.
set -u
. "${srcdir:-.}/tests/lib.sh"

gameplay selfplay -n 3 -S 5 reversi > "$tmp/g.pgn" 2> /dev/null

# The solver: each loss is the move's loss under perfect play.
gameplay analyze --solver --empties 10 "$tmp/g.pgn" > "$tmp/s.pgn" ||
    ng "solver exits $?"
gamecheck "$tmp/s.pgn" 2> /dev/null | grep '^move-notes:' |
    grep -o 'turn: [0-9]*, eval: "[-0-9.]*", depth: "[0-9]*", best: "[a-h][1-8]", loss: "[0-9.]*"' |
    sed 's/turn: \([0-9]*\),.*loss: "\([0-9]*\)\.00"/\1 \2/' | awk '$2 > 0' > "$tmp/s.loss"
gamecheck --solve 10 "$tmp/g.pgn" 2> /dev/null | grep '^  mistakes:' |
    grep -o 'turn: [0-9]*, colour: [a-z]*, move: [a-h][1-8], lost: [0-9]*' |
    sed 's/turn: \([0-9]*\),.*lost: \([0-9]*\)/\1 \2/' > "$tmp/s.want"
[ -s "$tmp/s.want" ] && cmp -s "$tmp/s.loss" "$tmp/s.want" &&
    ok "solver: $(wc -l < "$tmp/s.want") losses, those of gamecheck --solve" ||
    ng "solver losses: $(cat "$tmp/s.loss") / $(cat "$tmp/s.want")"
n=$(grep -o '{[^}]*}' "$tmp/s.pgn" | wc -l)
[ "$n" -eq 30 ] && ok "solver: the 10 turns within reach of each game" ||
    ng "solver: $n comments"

# The generic solver (4x4) against a naive minimax: greedy searched 6
# actions deep reaches the end from 3 empties (3 placements and at most
# 3 passes), where its values are the final margins.
cat > "$tmp/best.awk" << 'EOF'
/^record: / { r = $2 }
/^- \{turn: / && /best-eval: / {
	t = $0; sub(/.*turn: /, "", t); sub(/,.*/, "", t)
	b = $0; sub(/.*best-eval: /, "", b); sub(/,.*/, "", b)
	d = $0; sub(/.*depth: /, "", d); sub(/}.*/, "", d)
	if (max == "" || d + 0 <= max + 0) print r "-" t, b
}
EOF
gameplay selfplay -s 4x4 -n 4 -S 2 reversi > "$tmp/s4.pgn" 2> /dev/null
gameplay analyze --yaml --solver --empties 12 "$tmp/s4.pgn" |
    awk -v max=3 -f "$tmp/best.awk" | sort > "$tmp/s4.solver"
gameplay analyze --yaml --player greedy --depth 6 "$tmp/s4.pgn" |
    awk -f "$tmp/best.awk" | sort > "$tmp/s4.minimax"
n=$(join "$tmp/s4.solver" "$tmp/s4.minimax" | awk '$2 == $3' | wc -l)
[ "$n" -gt 10 ] && [ "$n" = "$(wc -l < "$tmp/s4.solver")" ] &&
    ok "4x4: the solver's $n values near the end are a minimax's" ||
    ng "4x4: $(join "$tmp/s4.solver" "$tmp/s4.minimax" | awk '$2 != $3')"

# greedy, alone and by two workers: the same records, read back whole.
gameplay analyze --player greedy --depth 2 "$tmp/g.pgn" > "$tmp/p.pgn" &&
    gameplay analyze --player greedy --depth 2 -j 2 "$tmp/g.pgn" |
    cmp -s - "$tmp/p.pgn" && ok "greedy: -j 2 writes the same" ||
    ng "greedy -j 2"
finished "$tmp/p.pgn" 3 && ! gamecheck "$tmp/p.pgn" 2>&1 | grep -q warning &&
    [ "$(grep -c '^move-notes: .*best: .*loss:' "$tmp/p.pgn" 2> /dev/null)" = 0 ] &&
    [ "$(gamecheck "$tmp/p.pgn" 2> /dev/null | grep -c '^move-notes: .*loss: ')" = 3 ] &&
    ok "greedy: read back, no warning" || ng "greedy read back: $got"

# --yaml: the same losses, one document a game.
gameplay analyze --yaml --player greedy --depth 2 "$tmp/g.pgn" > "$tmp/p.yaml"
a=$(grep -o 'loss: [0-9.]*' "$tmp/p.yaml" | sed 's/loss: //' | paste -sd' ')
b=$(grep -o '\[%loss [0-9.]*\]' "$tmp/p.pgn" | sed 's/\[%loss //; s/\]//; s/\.00$//; s/\(\.[0-9]*[1-9]\)0*$/\1/' | paste -sd' ')
[ "$(grep -c '^schema: arbiter-analysis/1$' "$tmp/p.yaml")" = 3 ] && [ -n "$a" ] &&
    [ "$a" = "$b" ] && ok "--yaml: the records' losses" ||
    ng "--yaml: $a / $b"

# A kill in the middle of a write: the record cut short is analysed again.
head -c 700 "$tmp/p.pgn" > "$tmp/cut.pgn"
gameplay analyze --player greedy --depth 2 -o "$tmp/cut.pgn" --resume \
    "$tmp/g.pgn" && cmp -s "$tmp/cut.pgn" "$tmp/p.pgn" &&
    ok "--resume after a record cut short" || ng "resume after a cut"

# A program's evaluation, and the comments kept by --write=pgn.
gameplay analyze --engine "$engines/eval.sh 'eval 1.5 depth 3'" \
    "$tmp/g.pgn" > "$tmp/e.pgn" 2> "$tmp/e.err" || ng "engine: $(cat "$tmp/e.err")"
grep -q '{\[%eval -1\.50,3\] \[%best [a-h][1-8]\] \[%loss 3\.00\]}' "$tmp/e.pgn" &&
    ok "a program's evaluation: the next position's, from the mover's side" ||
    ng "engine: $(head -12 "$tmp/e.pgn")"
gamecheck "$tmp/e.pgn" 2> /dev/null | grep '^move-notes:' > "$tmp/e1"
gamecheck --write=pgn "$tmp/e.pgn" 2> /dev/null | gamecheck - 2> /dev/null |
    grep '^move-notes:' | cmp -s - "$tmp/e1" && ok "--write=pgn keeps them" ||
    ng "--write=pgn"

# The replay page (issue 32, item 5): the evaluations as a graph under
# the board, its mistakes (6 or more) and blunders marked, and each turn
# losing 2 or more marked in the move list (?!, ?, ??).
gameplay show --html "$tmp/s.html" -r 1 "$tmp/s.pgn" || ng "show --html exits $?"
gamecheck "$tmp/s.pgn" 2> /dev/null | awk '/^record: 1$/ { on = 1 } /^record: 2$/ { on = 0 } on' |
    grep '^move-notes:' | grep -o 'loss: "[0-9.]*"' | sed 's/loss: "//; s/"//' > "$tmp/losses"
m=$(awk '$1 >= 6' "$tmp/losses" | wc -l)
k=$(awk '$1 >= 2' "$tmp/losses" | wc -l)
pts=$(sed -n 's/.*<polyline [^>]*points="\([^"]*\)".*/\1/p' "$tmp/s.html" | wc -w)
[ "$(grep -c '<svg class="evals"' "$tmp/s.html")" = 1 ] && [ "$pts" = 10 ] &&
    [ "$(grep -c 'class="mistake"' "$tmp/s.html")" = "$m" ] &&
    [ "$(grep -c '<li data-turn="[0-9]*">.* ?[!?]*$\|<li data-turn="[0-9]*">.* ?[!?]*<' "$tmp/s.html")" = "$k" ] &&
    [ "$k" -gt 0 ] && ok "replay page: a graph of $pts values, $m mistakes marked, $k turns" ||
    ng "replay page: $pts points, $m/$k: $(grep -c 'class="mistake"' "$tmp/s.html")"
gameplay show --html "$tmp/plain.html" -r 1 "$tmp/g.pgn" &&
    ! grep -q 'class="evals"\|class="mistake"' "$tmp/plain.html" &&
    ok "a page without evaluations has no graph" || ng "plain page"

# NBoard (an Edax-like engine): its `=== f5 0.00' evaluations are the values.
gameplay analyze --engine "$engines/nboard-quirk.sh edax" --protocol nboard \
    -g reversi "$tmp/g.pgn" > "$tmp/n.pgn" 2> "$tmp/n.err" &&
    grep -q '{\[%eval 0\.00\] \[%best [a-h][1-8]\] \[%loss 0\.00\]}' "$tmp/n.pgn" &&
    finished "$tmp/n.pgn" 3 && ok "NBoard: its evaluations" ||
    ng "NBoard: $(cat "$tmp/n.err"; head -12 "$tmp/n.pgn")"

# Unhappy analysers: a crash, a hang, garbage.
gameplay analyze --engine "$engines/crash-at.sh 70 gameplay engine greedy" \
    -o "$tmp/c.pgn" "$tmp/g.pgn" 2> "$tmp/c.err"
r=$?
[ $r = 2 ] && grep -q "game 2, turn [0-9]*: .* crashed" "$tmp/c.err" &&
    [ "$(grep -c '^\[Event' "$tmp/c.pgn")" = 1 ] &&
    ok "a crash: exit 2, said, game 1 kept" || ng "crash: $r $(cat "$tmp/c.err")"
gameplay analyze --engine "gameplay engine greedy" -o "$tmp/c.pgn" --resume \
    "$tmp/g.pgn" 2> /dev/null && gameplay analyze --engine \
    "gameplay engine greedy" "$tmp/g.pgn" | cmp -s - "$tmp/c.pgn" &&
    ok "--resume ends as one whole run" || ng "resume"
gameplay selfplay -S 9 reversi > "$tmp/bad.pgn" 2> /dev/null
gameplay analyze --engine "gameplay engine greedy" -o "$tmp/bad.pgn" --resume \
    "$tmp/g.pgn" 2> "$tmp/b.err"
[ $? = 2 ] && grep -q 'not resumed' "$tmp/b.err" &&
    ok "--resume refuses a file of other games" || ng "resume other: $(cat "$tmp/b.err")"
gameplay analyze --timeout 1 --engine "$engines/sleepy.sh 5 gameplay engine greedy" \
    "$tmp/g.pgn" > /dev/null 2> "$tmp/t.err"
[ $? = 2 ] && grep -q 'game 1, turn 1: .* timed out (--timeout 1)' "$tmp/t.err" &&
    ok "a hang: timed out, said" || ng "hang: $(cat "$tmp/t.err")"
gameplay analyze --engine "$engines/illegal.sh" "$tmp/g.pgn" > /dev/null \
    2> "$tmp/i.err"
[ $? = 2 ] && grep -q 'answered "c9", no legal action' "$tmp/i.err" &&
    ok "garbage: said" || ng "garbage: $(cat "$tmp/i.err")"
gameplay analyze "$tmp/g.pgn" > /dev/null 2>&1
[ $? = 2 ] && ok "no analyser: usage" || ng "no analyser"

# A real engine over GTP: GRhino names its moves, no value.
# On PATH alone, as every test of an optional program looks for it
# (tests/optional.sh; .ci/run puts /usr/games on PATH).
if rhino=$(command -v gtp-rhino); then
	gameplay analyze --engine "$rhino" --protocol gtp "$tmp/g.pgn" \
	    > "$tmp/r.pgn" 2> "$tmp/r.err" || ng "GRhino: $(cat "$tmp/r.err")"
	turns=$(gamecheck "$tmp/g.pgn" 2> /dev/null | sed -n 's/^turns: //p' |
	    awk '{ n += $1 } END { print n + 0 }')
	# No value but a game over's, its score, after the last turn.
	n=$(grep -o '{\[%best [a-h][1-8]\]}' "$tmp/r.pgn" | wc -l)
	[ "$n" -gt 100 ] && [ "$(grep -o '{[^}]*}' "$tmp/r.pgn" | wc -l)" = $((n + 3)) ] &&
	    finished "$tmp/r.pgn" 3 &&
	    ok "GRhino over GTP: $n best moves of $turns turns, read back" ||
	    ng "GRhino: $n: $(head -12 "$tmp/r.pgn")"
else
	echo "skip: GRhino (gtp-rhino) not installed"
fi
exit $fail
