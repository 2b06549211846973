#!/bin/sh
# SPDX-License-Identifier: MIT
# gamestat over analysed records (issue 32, item 4): each colour's turns
# analysed, loss, inaccuracies, mistakes, blunders and decisive mistakes
# are per-colour figures (series) that count alike from the records and
# from gamecheck's reports, merge exactly from two shards, and sum to what
# the records' [%loss] comments say.
set -u
. "${srcdir:-.}/tests/lib.sh"

gameplay selfplay -n 12 -S 11 reversi > "$tmp/g.pgn" 2> /dev/null
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
exit $fail
