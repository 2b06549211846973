#!/bin/sh
# SPDX-License-Identifier: MIT
# gamestat(1): `gamecheck archive | gamestat' and `gamestat archive' write
# the same summary.  Every example, the forfeits of tests/forfeits.pgn and
# the imports of tests/cases/data, each of every status, read both ways,
# with and without --by in any case (a tag is one tag in any case, in a
# record as in a report); every report gamecheck writes, there and in
# the golden cases, is read without an error.
set -u
srcdir=${srcdir:-.}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# A record whose Event tag is written in capitals.
printf '[EVENT "Shouted"]\n[Game "reversi"]\n[Black "A"]\n[White "B"]\n1. f5 d6 *\n' \
    > "$tmp/shouted.pgn"

# same LABEL GAMECHECK-OPTIONS GAMESTAT-OPTIONS FILE
same() {
	./gamestat $3 "$4" > "$tmp/direct" 2> "$tmp/direct.err"
	a=$?
	./gamecheck $2 "$4" 2> /dev/null > "$tmp/reports"
	./gamestat $3 < "$tmp/reports" > "$tmp/piped" 2> "$tmp/piped.err"
	b=$?
	if [ $a != 0 ] || [ $b != 0 ]; then
		echo "FAIL: $1: exit $a reading the records, $b the reports"
		cat "$tmp/direct.err" "$tmp/piped.err" | head -n 5
		fail=1
	elif ! cmp -s "$tmp/direct" "$tmp/piped"; then
		echo "FAIL: $1: the reports summarize otherwise"
		diff "$tmp/direct" "$tmp/piped" | head -n 20
		fail=1
	else
		echo "ok: $1"
	fi
}

for f in "$srcdir"/examples/*.pgn "$srcdir"/examples/*.csv \
    "$srcdir"/examples/*.txt "$srcdir"/tests/forfeits.pgn \
    "$srcdir"/tests/cases/data/games.sgf "$srcdir"/tests/cases/data/games.ggf \
    "$srcdir"/tests/cases/data/wthor/games.wtb \
    "$srcdir"/tests/cases/data/wthor/quirks.wtb "$tmp/shouted.pgn"; do
	for by in "" "--by=Event" "--by=event" "--by=EVENT"; do
		same "${f#$srcdir/} $by" "" "$by" "$f"
	done
	# An unfinished game as an error: the same statuses, an error more.
	same "${f#$srcdir/} --require-finished" "--require-finished" "" "$f"
done
# Every report stream a golden case has gamecheck write is read whole.
for f in "$srcdir"/tests/cases/*.case; do
	grep -q '^args: gamecheck' "$f" || continue
	awk '/^@@ stdout/ { p = 1; next } /^@@ / { p = 0 } p' "$f" \
	    > "$tmp/case.yaml"
	grep -q '^schema: arbiter-report/' "$tmp/case.yaml" || continue
	if ./gamestat < "$tmp/case.yaml" > /dev/null 2> "$tmp/case.err"; then
		echo "ok: the reports of ${f#$srcdir/}"
	else
		echo "FAIL: the reports of ${f#$srcdir/}: $(head -n 1 "$tmp/case.err")"
		fail=1
	fi
done
if ./gamestat --by event "$tmp/shouted.pgn" | grep -q '^- value: "Shouted"$'
then
	echo "ok: [EVENT] found by --by event"
else
	echo "FAIL: [EVENT] not found by --by event"; fail=1
fi
exit $fail
