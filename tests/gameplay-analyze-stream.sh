#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay analyze streams its inputs (design.md §1: memory per record
# bounded while streaming an archive of any size): games read in batches,
# analysed, written in order and freed.  Its peak memory over 4N games is
# that over N; -j 2 writes what -j 1 writes across batch boundaries (a
# batch of 3 games by ARBITER_TEST_ANALYZE_BATCH), standard input too;
# --resume after a kill -9 ends as one whole run, and refuses a file
# that is not of the inputs, leaving it as it was.
set -u
. "${srcdir:-.}/tests/lib.sh"

# Peak memory: N and 4N short games (3 turns each), greedy at depth 1.
gen=./tests/gen-records
"$gen" reversi -n 5000 -s 7 -c 3 > "$tmp/n.pgn"
"$gen" reversi -n 20000 -s 7 -c 3 > "$tmp/4n.pgn"
for f in n 4n; do
	/usr/bin/time -f %M -o "$tmp/$f.kb" gameplay analyze --player greedy \
	    - < "$tmp/$f.pgn" > "$tmp/$f.out" || ng "$f games: exit $?"
done
a=$(tail -n 1 "$tmp/n.kb")
b=$(tail -n 1 "$tmp/4n.kb")
[ "$(grep -c '^\[Game' "$tmp/4n.out")" = 20000 ] ||
    ng "20000 games analysed: $(grep -c '^\[Game' "$tmp/4n.out") records"
# AddressSanitizer's shadow memory and quarantine are no measure of ours
# (their peak over 5000 games has come within 1 MiB of that over 20000
# and gone past it).
if grep -q __asan_init "$(command -v gameplay)" 2> /dev/null; then
	echo "skip: the peaks of a sanitized build (${a}, ${b} KiB) say nothing"
elif [ "$b" -le $((a + 1024)) ]; then
	ok "peak memory over 20000 games ${b} KiB, over 5000 ${a} KiB"
else
	ng "peak memory grows: 5000 games ${a} KiB, 20000 ${b} KiB"
fi

# Batches of 3 over 20 games of 1 to 12 turns, one illegal record among
# them (said, left out, exit 1): -j 1, -j 2 and stdin write the same as
# one batch, the records and the YAML documents (numbered in the inputs).
"$gen" reversi -n 10 -s 3 -c 12 > "$tmp/g.pgn"
printf '[Game "reversi"]\n\na1 *\n\n' >> "$tmp/g.pgn"
"$gen" reversi -n 10 -s 4 -c 5 >> "$tmp/g.pgn"
for y in "" --yaml; do
	gameplay analyze $y --player greedy --depth 2 "$tmp/g.pgn" \
	    > "$tmp/one" 2> "$tmp/one.err"
	[ $? = 1 ] && grep -q 'a1' "$tmp/one.err" || ng "an illegal record: $(cat "$tmp/one.err")"
	for j in 1 2; do
		ARBITER_TEST_ANALYZE_BATCH=3 gameplay analyze $y --player greedy \
		    --depth 2 -j $j "$tmp/g.pgn" > "$tmp/b$j" 2> "$tmp/b$j.err"
		[ $? = 1 ] && cmp -s "$tmp/one" "$tmp/b$j" &&
		    cmp -s "$tmp/one.err" "$tmp/b$j.err" ||
		    ng "batches of 3, -j $j $y: other output"
	done
	ARBITER_TEST_ANALYZE_BATCH=3 gameplay analyze $y --player greedy \
	    --depth 2 -j 2 - < "$tmp/g.pgn" 2> /dev/null | cmp -s - "$tmp/one" ||
	    ng "batches of 3 from stdin $y: other output"
done
[ "$(grep -c '^record: ' "$tmp/one")" = 20 ] &&
    grep -q '^record: 20$' "$tmp/one" ||
    ng "batches: $(grep '^record: ' "$tmp/one" | tail -n 2)"
[ $fail = 0 ] && ok "batches: -j 1, -j 2 and stdin the same"

# --resume after a kill -9 at the 170th position (game 6 of 12 of about
# 32 turns, batch 2): the records before it kept, and the run resumed
# (-j 2, batches of 3) ends as one whole run.
gameplay selfplay -s 6x6 -n 12 -S 5 reversi > "$tmp/k.pgn" 2> /dev/null
gameplay analyze --engine "gameplay engine greedy" "$tmp/k.pgn" > "$tmp/whole.pgn" ||
    ng "the whole run exits $?"
ARBITER_TEST_ANALYZE_BATCH=3 gameplay analyze --engine \
    "$engines/kill-at.sh 170 $tmp/pid gameplay engine greedy" \
    -o "$tmp/r.pgn" --resume "$tmp/k.pgn" 2> /dev/null &
echo $! > "$tmp/pid"
wait $! 2> /dev/null
st=$?
n=$(grep -c '^\[Game' "$tmp/r.pgn")
[ $st = 137 ] && [ "$n" -ge 3 ] && [ "$n" -lt 12 ] || ng "killed: exit $st, $n records"
ARBITER_TEST_ANALYZE_BATCH=3 gameplay analyze --engine "gameplay engine greedy" \
    -j 2 -o "$tmp/r.pgn" --resume "$tmp/k.pgn" 2> "$tmp/r.err" &&
    cmp -s "$tmp/r.pgn" "$tmp/whole.pgn" &&
    ok "--resume after a kill -9 with $n records ends as one whole run" ||
    ng "resumed: $(cat "$tmp/r.err")"

# --resume refuses a file not of the inputs: a record that differs after
# matching ones, and more records than the inputs hold; the file stays.
# records FILE AWK-TEST: the records of FILE whose number k passes the test.
records() {
	awk "/^\\[Event / { k++ } $2" "$1"
}
# refused OUT RESUMED SAYS WHAT: analyze -o OUT --resume RESUMED exits 2
# saying SAYS, OUT as it was.
refused() {
	cp "$1" "$tmp/keep"
	gameplay analyze --engine "gameplay engine greedy" -o "$1" \
	    --resume "$2" 2> "$tmp/refused.err"
	st=$?
	[ $st = 2 ] && grep -q "$3" "$tmp/refused.err" &&
	    cmp -s "$1" "$tmp/keep" &&
	    ok "--resume refuses a file $4" ||
	    ng "a file $4: exit $st: $(cat "$tmp/refused.err")"
}
records "$tmp/whole.pgn" 'k <= 4' > "$tmp/four.pgn"
records "$tmp/four.pgn" 'k != 3' > "$tmp/other.pgn"
refused "$tmp/other.pgn" "$tmp/k.pgn" \
    'record 3 is not game 3 of the inputs' \
    "whose 3rd record is another game"
records "$tmp/k.pgn" 'k <= 2' > "$tmp/two.pgn"
refused "$tmp/four.pgn" "$tmp/two.pgn" \
    'record 3 is not one of the 2 games of the inputs' \
    "of more games than the inputs"

# A second input missing, or a folder: said before anything is analysed
# (exit 2), -o not written.
for bad in "$tmp/none.pgn" "$tmp"; do
	gameplay analyze --player greedy -o "$tmp/x.pgn" "$tmp/k.pgn" "$bad" \
	    2> "$tmp/x.err"
	st=$?
	[ $st = 2 ] && [ ! -e "$tmp/x.pgn" ] && [ "$(wc -l < "$tmp/x.err")" = 1 ] &&
	    grep -q "^gameplay: $bad: " "$tmp/x.err" ||
	    ng "a bad second input $bad: exit $st: $(cat "$tmp/x.err")"
done
ok "a missing or folder input said before anything is analysed"
exit $fail
