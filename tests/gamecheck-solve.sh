#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck --solve end to end: each game's perfect-play value at 10
# empties and its mistakes (the moves that lost value) are those of a
# naive minimax written for this test (tests/naive-line.c, on a board of
# its own), for the WTHOR fixture tests/cases/data/wthor/solved.wtb and
# the example games; the fixture's stored theoretical scores are the
# naive ones but for its fourth game, which is wthor-theoretical-mismatch.
# With the Othello data set present, its first games too.  -j 2 and -j 3
# write what -j 1 writes; a run killed with -o keeps the old file, and
# the next run leaves the full output and no other file.
set -u
. "${srcdir:-.}/tests/lib.sh"
naive="$builddir/tests/naive-line"
data=${ARBITER_DATASET:-$srcdir/../shared/data/othello_dataset.csv}
wtb="$srcdir/tests/cases/data/wthor/solved.wtb"

# The report's perfect-play blocks as naive-line writes its findings.
blocks() {
	awk '
	/^---/ { inb = 0 }
	/^perfect-play:/ { inb = 1; next }
	inb && /^  solved: not-reached/ { print "not-reached" }
	inb && /^  score: / { gsub(/"/, ""); print "score " $2 }
	inb && /^  mistakes: / {
		s = $0
		while (match(s, /\{turn: [0-9]+, colour: [a-z]+, move: [a-h][1-8], lost: [0-9]+/)) {
			m = substr(s, RSTART, RLENGTH)
			gsub(/[{},:]/, "", m)
			split(m, f, " ")
			print "mistake " f[2] " " f[4] " " f[6] " " f[8]
			s = substr(s, RSTART + RLENGTH)
		}
	}
	inb && /^[^ ]/ { inb = 0 }'
}

# compare NAME FILE [gamecheck options]: naive and solver agree.
compare() {
	name=$1 file=$2
	shift 2
	gamecheck --write transcript "$@" "$file" > "$tmp/lines" 2> /dev/null
	"$naive" 10 < "$tmp/lines" > "$tmp/naive" || ng "$name: naive-line failed"
	gamecheck --solve 10 "$@" "$file" 2> /dev/null | blocks > "$tmp/solved"
	if [ -s "$tmp/naive" ] && cmp -s "$tmp/naive" "$tmp/solved"; then
		ok "$name: $(grep -c score "$tmp/naive") values and" \
		    "$(grep -c mistake "$tmp/naive") mistakes as minimax's"
	else
		ng "$name: $(diff "$tmp/naive" "$tmp/solved" | head -20)"
	fi
}

compare "solved.wtb" "$wtb"
for f in "$srcdir"/examples/reversi-*.pgn; do
	compare "${f##*/}" "$f"
done

# The stored theoretical scores: the naive values, but the fourth's.
gamecheck --solve 10 "$wtb" > "$tmp/wtb.yaml" 2> "$tmp/wtb.err"
rc=$?
sed -n 's/^  theoretical: "\(.*\)"/\1/p' "$tmp/wtb.yaml" | head -4 |
    tr '\n' ' ' > "$tmp/stored"
gamecheck --write transcript "$wtb" 2> /dev/null | head -4 |
    "$naive" 10 | sed -n 's/^score //p' | tr '\n' ' ' > "$tmp/values"
if [ "$(cut -d' ' -f1-3 "$tmp/stored")" = \
    "$(cut -d' ' -f1-3 "$tmp/values")" ] &&
    [ "$(cut -d' ' -f4 "$tmp/stored")" != \
    "$(cut -d' ' -f4 "$tmp/values")" ]; then
	ok "solved.wtb: stored $(cat "$tmp/stored")against $(cat "$tmp/values")"
else
	ng "solved.wtb: stored $(cat "$tmp/stored"), naive $(cat "$tmp/values")"
fi
if [ $rc -eq 1 ] && [ "$(grep -c 'wthor-theoretical-mismatch' \
    "$tmp/wtb.err")" -eq 1 ] && grep -q \
    'solved.wtb:4:8: error: the theoretical score is 24-40' "$tmp/wtb.err"
then
	ok "the fourth game's theoretical score is the one refused"
else
	ng "mismatch: exit $rc: $(cat "$tmp/wtb.err")"
fi

# A WTHOR file arbiter writes (depth 0, the real score as theoretical)
# is checked at the end of each game: no mismatch.
gamecheck --write wthor "$srcdir"/examples/reversi-*.pgn > "$tmp/own.wtb" \
    2> /dev/null
gamecheck -q --solve 10 "$tmp/own.wtb" > /dev/null 2> "$tmp/own.err"
rc=$?
[ $rc -eq 0 ] && ! grep -q 'theoretical' "$tmp/own.err" &&
    ok "arbiter's own WTHOR: every theoretical score holds" ||
    ng "own WTHOR: exit $rc: $(cat "$tmp/own.err")"

# The data set's first 40 games, when it is there.
if [ -r "$data" ]; then
	head -n 41 "$data" > "$tmp/data.csv"
	compare "othello_dataset.csv, 40 games" "$tmp/data.csv"
else
	echo "skip: no data set at $data"
fi

# -j: the same bytes and status as -j 1.
cat "$wtb" > "$tmp/all.wtb"
set -- "$tmp/all.wtb" "$srcdir"/examples/reversi-*.pgn \
    "$srcdir"/examples/oust.pgn "$srcdir"/examples/transcripts.txt
gamecheck --solve 12 "$@" > "$tmp/j1.out" 2> "$tmp/j1.err"
rc1=$?
for j in 2 3; do
	gamecheck -j $j --solve 12 "$@" > "$tmp/j.out" 2> "$tmp/j.err"
	rc=$?
	if [ $rc -eq $rc1 ] && cmp -s "$tmp/j1.out" "$tmp/j.out" &&
	    cmp -s "$tmp/j1.err" "$tmp/j.err"; then
		ok "-j $j: what -j 1 writes (exit $rc)"
	else
		ng "-j $j: exit $rc, not $rc1: $(diff "$tmp/j1.out" "$tmp/j.out" |
		    head; diff "$tmp/j1.err" "$tmp/j.err" | head)"
	fi
done

# Killed: each worker stops itself before its first record (a test
# hook), so the run is surely at work when the signal comes.
mkdir "$tmp/k"
cp "$wtb" "$tmp/k/in.wtb"
cd "$tmp/k" || exit 99
gamecheck --solve 12 in.wtb > want.yaml 2> /dev/null
for sig in TERM KILL; do
	echo old > out.yaml
	ARBITER_TEST_STOP_WORKER=1 gamecheck -j 2 --solve 12 -o out.yaml \
	    in.wtb 2> /dev/null &
	pid=$!
	k=0
	while [ $k -lt 200 ] && [ "$(pgrep -P $pid | wc -l)" -lt 2 ]; do
		k=$((k + 1))
		sleep 0.05
	done
	kids=$(pgrep -P $pid)
	sleep 0.2
	kill -$sig $pid
	wait $pid
	kill -9 $kids 2> /dev/null
	[ "$(cat out.yaml)" = old ] && ok "SIG$sig: the old output kept" ||
	    ng "SIG$sig: out.yaml is now $(head -c 200 out.yaml)"
done
gamecheck -j 2 --solve 12 -o out.yaml in.wtb 2> /dev/null
ls -A > files
if cmp -s out.yaml want.yaml &&
    [ "$(tr '\n' ' ' < files)" = "files in.wtb out.yaml want.yaml " ]; then
	ok "the next run: the whole output, no file left behind"
else
	ng "the next run: $(tr '\n' ' ' < files)"
fi
exit $fail
