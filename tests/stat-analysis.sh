#!/bin/sh
# SPDX-License-Identifier: MIT
# gamestat over analysed records (issue 32, item 4): each colour's turns
# analysed, loss, inaccuracies, mistakes, blunders and decisive mistakes
# are per-colour figures (series) that count alike from the records and
# from gamecheck's reports, merge exactly from two shards, and sum to what
# the records' [%loss] comments say.
set -u
. "${srcdir:-.}/tests/lib.sh"

gameplay selfplay -n 12 -S 11 -b greedy -w random reversi > "$tmp/g.pgn" \
    2> /dev/null
gameplay analyze --solver --empties 12 "$tmp/g.pgn" > "$tmp/a.pgn" ||
    ng "analyze exits $?"
counts_alike "$tmp/a.pgn"

# The loss summed over both colours: the comments' sum, in thousandths.
want=$(grep -o '\[%loss [0-9.]*\]' "$tmp/a.pgn" |
    awk '{ sub(/\]/, "", $2); s += $2 * 1000 } END { printf "%d\n", s }')
got=$(sed -n '/^    loss-milli:/,/^    [a-z]/p' "$tmp/whole.yaml" |
    grep -o 'games: [0-9]*, mean: [0-9.]*' |
    awk '{ sub(/,/, "", $2); s += $2 * $4 } END { printf "%d\n", s + 0.5 }')
[ -n "$want" ] && [ "$want" -gt 0 ] && [ "$got" = "$want" ] &&
    ok "loss-milli: $got, the comments' sum" || ng "loss-milli: $got, not $want"
n=$(grep -c '^decisive-mistake: {turn: [0-9]*, colour: [a-z]*, move: "[a-h][1-8]", loss: "[0-9.]*"}$' "$tmp/reports.yaml")
d=$(sed -n '/^    decisive:/,/^    [a-z]/p' "$tmp/whole.yaml" |
    grep -o 'games: [0-9]*, mean: [0-9.]*' |
    awk '{ sub(/,/, "", $2); s += $2 * $4 } END { printf "%d\n", s + 0.5 }')
[ "$n" -gt 0 ] && [ "$d" = "$n" ] &&
    ok "decisive: $d games, each report's first decisive mistake" ||
    ng "decisive: $d, reports $n"
# By player: the turns and counts of both players are the colours'.
t=$(grep -o 'analysis: {turns: [0-9]*' "$tmp/whole.yaml" | awk '{ s += $3 } END { print s }')
a=$(sed -n '/^    analysed:/,/^    [a-z]/p' "$tmp/whole.yaml" |
    grep -o 'games: [0-9]*, mean: [0-9.]*' |
    awk '{ sub(/,/, "", $2); s += $2 * $4 } END { printf "%d\n", s + 0.5 }')
[ "$(grep -c '^    analysis: {turns: [0-9]*, mean-loss: [0-9.]*, inaccuracies: [0-9]*, mistakes: [0-9]*, blunders: [0-9]*, decisive: [0-9]*}$' "$tmp/whole.yaml")" = 2 ] &&
    [ -n "$t" ] && [ "$t" = "$a" ] &&
    ok "by player: $t turns analysed, the colours'" ||
    ng "by player: $t, colours $a: $(grep analysis: "$tmp/whole.yaml")"
# A partial whose player counts more blunders than turns is refused.
sed 's/^\(  - \["greedy", \)\([0-9]*\), /\11, /' "$tmp/p1.yaml" > "$tmp/bad.yaml"
grep -q '\["greedy", 1, ' "$tmp/bad.yaml" || ng "no analysis row to spoil"
gamestat --merge "$tmp/bad.yaml" "$tmp/p2.yaml" > /dev/null 2> "$tmp/bad.err"
[ $? != 0 ] && grep -q 'analysis: greedy: counts beyond its 1 turns' "$tmp/bad.err" &&
    ok "a partial's analysis beyond its turns is refused" ||
    ng "bad partial: $(cat "$tmp/bad.err")"
exit $fail
