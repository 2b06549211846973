#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay's record commands on a file of several records: -r N picks
# one, and move -i -r N replaces that record alone, the others kept byte
# for byte; -g names the game of a record without a Game tag.
set -u
PATH="$(pwd):$PATH"
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

gameplay new --date 2024.05.01 -b Ada -w Brian --event 'Round 1' reversi \
    > "$tmp/r1" || exit 99
gameplay new --date 2024.05.01 -b Cleo -w Dan --event 'Round 2' reversi \
    > "$tmp/r2" || exit 99
printf '\n; the third game, no result token yet\n[Game "reversi"]\n\n1. f5\n' \
    > "$tmp/r3"
cat "$tmp/r1" "$tmp/r2" "$tmp/r3" > "$tmp/all.pgn"
cp "$tmp/all.pgn" "$tmp/orig.pgn"

gameplay show "$tmp/all.pgn" > /dev/null 2> "$tmp/err"
[ $? = 1 ] && grep -q 'pick one with --record N \[extra-record\]' "$tmp/err" &&
    ok "several records and none picked: refused, naming --record" ||
    bad "several records and none picked: $(cat "$tmp/err")"

gameplay move -i -r 2 "$tmp/all.pgn" f5 d6 ||
    bad "move -i -r 2 failed"
n1=$(wc -c < "$tmp/r1")
head -c "$n1" "$tmp/all.pgn" | cmp -s - "$tmp/r1" &&
    ok "move -i -r 2: record 1 kept byte for byte" ||
    bad "move -i -r 2 changed record 1"
n3=$(wc -c < "$tmp/r3")
tail -c "$n3" "$tmp/all.pgn" | cmp -s - "$tmp/r3" &&
    ok "move -i -r 2: record 3 kept byte for byte" ||
    bad "move -i -r 2 changed record 3"
gameplay status -r 2 "$tmp/all.pgn" | grep -q '^turn: 3$' &&
    ok "record 2 is at turn 3" || bad "record 2 did not get f5 d6"
gameplay status -r 1 "$tmp/all.pgn" | grep -q '^turn: 1$' &&
    ok "record 1 is still at turn 1" || bad "record 1 moved"

# Without -i the whole file goes to standard output, record 3 extended.
gameplay move -r 3 "$tmp/all.pgn" d6 > "$tmp/out.pgn" &&
    cmp -s "$tmp/out.pgn" "$tmp/all.pgn" && bad "move -r 3 changed nothing"
k=$(($(wc -c < "$tmp/all.pgn") - n3))
head -c "$k" "$tmp/out.pgn" > "$tmp/head.out"
head -c "$k" "$tmp/all.pgn" > "$tmp/head.all"
cmp -s "$tmp/head.out" "$tmp/head.all" &&
    ok "move -r 3: records 1 and 2 as they were" ||
    bad "move -r 3 changed records 1 or 2"
gamecheck -q "$tmp/out.pgn" 2> "$tmp/err"
grep -q '3 records: 0 finished, 3 unfinished, 0 illegal, 0 malformed' \
    "$tmp/err" && ok "gamecheck accepts the file move wrote" ||
    bad "gamecheck: $(cat "$tmp/err")"

gameplay legal -r 4 "$tmp/all.pgn" > /dev/null 2> "$tmp/err"
[ $? = 2 ] && grep -q -- '--record 4: the file has 3 records' "$tmp/err" &&
    ok "-r past the last record: a usage error" ||
    bad "-r 4: $(cat "$tmp/err")"

# -g: a record without a Game tag, as gamecheck -g reads it.
printf '1. f5 d6 *\n' > "$tmp/nogame.pgn"
gameplay show "$tmp/nogame.pgn" > /dev/null 2>&1
[ $? = 1 ] && ok "no Game tag and no -g: refused" || bad "no Game tag read"
for cmd in show legal status; do
	gameplay $cmd -g reversi "$tmp/nogame.pgn" > /dev/null &&
	    ok "$cmd -g reversi" || bad "$cmd -g reversi failed"
done
gameplay move --game=reversi -i "$tmp/nogame.pgn" c3 &&
    grep -q '^1\. f5 d6 2\. c3 \*$' "$tmp/nogame.pgn" &&
    ok "move -g reversi -i" || bad "move -g: $(cat "$tmp/nogame.pgn")"
exit $fail
