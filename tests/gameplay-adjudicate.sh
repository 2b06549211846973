#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay match --adjudicate solve:N: every game is ended at its first
# position with N empties or fewer (solved at once at 12), the solver
# playing it out, so its record is a finished game whose result is the
# exact perfect-play value there (gamecheck --solve finds that value and
# no mistake from there) with the Termination tag saying from which turn;
# the summary counts each as adjudicated, with -j 2 and --resume too, and
# so does gamestat, from records, reports and partial summaries.  Other
# games and boards go to the generic solver.  A bad argument is a usage
# error.
set -u
. "${srcdir:-.}/tests/lib.sh"

match() {
	gameplay match -b 'gameplay engine random' \
	    -w 'gameplay engine greedy' --alternate "$@" reversi
}

match -n 4 --adjudicate solve:12 > "$tmp/a.pgn" 2> "$tmp/a.err" ||
    ng "match exits $?: $(cat "$tmp/a.err")"
n=$(grep -c '^\[Termination "adjudicated: perfect play from turn [0-9]* (12 empties)"\]' "$tmp/a.pgn")
[ "$n" -eq 4 ] && ok "4 games adjudicated at 12 empties" ||
    ng "$n Termination tags: $(grep Termination "$tmp/a.pgn")"
grep -q '^adjudicated: 4$' "$tmp/a.err" && ok "the summary counts 4" ||
    ng "summary: $(grep adjudicated "$tmp/a.err")"
[ "$(grep -c ', adjudicated: perfect play from turn' "$tmp/a.err")" -eq 4 ] &&
    ok "each game's line says so" || ng "lines: $(grep 'game ' "$tmp/a.err")"

# The records: finished, legal, and from the turn named perfect play to
# the end with the exact value of that position as result.
gamecheck --solve 12 "$tmp/a.pgn" > "$tmp/a.yaml" 2> "$tmp/check.err"
rc=$?
got=$(awk '
	/^result:/ { r = 1 } r && /^  score:/ { s = $2; r = 0; next }
	/^perfect-play:/ { p = 1 } p && /^  score:/ { v = $2; p = 0 }
	/^  mistakes: \[\]/ { ok++ }
	/^---/ && s != "" { if (s == v) same++; s = ""; v = "" }
	END { if (s == v) same++; print same + 0, ok + 0 }' "$tmp/a.yaml")
if [ $rc -eq 0 ] && [ "$got" = "4 4" ] &&
    grep -q '4 records: 4 finished' "$tmp/check.err"; then
	ok "each result is the perfect-play value, no mistake after"
else
	ng "gamecheck: exit $rc, $got: $(cat "$tmp/check.err")"
fi

# Without the option no game is adjudicated.
match -n 2 > "$tmp/b.pgn" 2> "$tmp/b.err"
! grep -q Termination "$tmp/b.pgn" && grep -q '^adjudicated: 0$' "$tmp/b.err" &&
    ok "without --adjudicate: none" || ng "without: $(cat "$tmp/b.err")"

# -j 2, and --resume counting the games read back.
match -n 4 -j 2 --adjudicate solve:12 > /dev/null 2> "$tmp/j.err"
grep -q '^adjudicated: 4$' "$tmp/j.err" && ok "-j 2: 4 adjudicated" ||
    ng "-j 2: $(grep adjudicated "$tmp/j.err")"
match -n 2 --adjudicate solve:12 -o "$tmp/r.pgn" 2> /dev/null
match -n 4 --adjudicate solve:12 -o "$tmp/r.pgn" --resume 2> "$tmp/r.err"
[ "$(grep -c '^\[Termination' "$tmp/r.pgn")" -eq 4 ] &&
    grep -q '^adjudicated: 4$' "$tmp/r.err" &&
    ok "--resume: the 2 games read back counted" ||
    ng "--resume: $(cat "$tmp/r.err")"

# gamestat counts them as adjudicated, from the records, from their
# reports and through partial summaries merged; a game the solver did
# not end is not counted, and a partial claiming more adjudicated games
# than finished ones is refused.
cat "$tmp/a.pgn" "$tmp/b.pgn" > "$tmp/ab.pgn"
gamestat "$tmp/ab.pgn" > "$tmp/s1" 2>&1
gamecheck "$tmp/ab.pgn" 2> /dev/null | gamestat - > "$tmp/s2" 2>&1
gamestat -p "$tmp/a.pgn" > "$tmp/pa.yaml" &&
    gamestat -p "$tmp/b.pgn" > "$tmp/pb.yaml" &&
    gamestat -m "$tmp/pa.yaml" "$tmp/pb.yaml" > "$tmp/s3" 2>&1
for k in 1 2 3; do
	if grep -q '^  finished: 6$' "$tmp/s$k" &&
	    grep -q '^  adjudicated: 4$' "$tmp/s$k"; then
		ok "gamestat ($k): 4 of 6 finished games adjudicated"
	else
		ng "gamestat ($k): $(cat "$tmp/s$k")"
	fi
done
gamestat "$tmp/b.pgn" | grep -q adjudicated &&
    ng "games played out by their programs counted as adjudicated" ||
    ok "no adjudicated key without such games"
sed 's/^  adjudicated: 4$/  adjudicated: 9/' "$tmp/pa.yaml" > "$tmp/bad.yaml"
gamestat -m "$tmp/bad.yaml" > /dev/null 2> "$tmp/bad.err"
rc=$?
[ $rc -eq 1 ] && grep -q 'adjudicated: 9, more than the 4 finished games \[partial-mismatch\]' "$tmp/bad.err" &&
    ok "a partial with too many adjudicated games: refused" ||
    ng "too many adjudicated: exit $rc: $(cat "$tmp/bad.err")"

# Every other game and board by the generic solver: Rive on side 2 and
# Reversi on 4x4, each game adjudicated at 6 empties, finished, and its
# result the value gameplay solve gives the position at the turn the
# Termination names (the record cut there by gamecheck --plies).
for g in "rive -s 2" "reversi -s 4x4"; do
	# shellcheck disable=SC2086
	gameplay match -b 'gameplay engine random' -w 'gameplay engine greedy' \
	    --alternate -n 4 --adjudicate solve:6 $g > "$tmp/g.pgn" \
	    2> "$tmp/g.err" || ng "$g: exit $?: $(cat "$tmp/g.err")"
	grep -q '^adjudicated: 4$' "$tmp/g.err" &&
	    gamecheck -q "$tmp/g.pgn" 2>&1 | grep -q '4 records: 4 finished' ||
	    ng "$g: $(cat "$tmp/g.err")"
	i=1
	while [ $i -le 4 ]; do
		gamecheck --records $i --write=pgn "$tmp/g.pgn" \
		    > "$tmp/one.pgn" 2> /dev/null
		t=$(sed -n 's/.*perfect play from turn \([0-9]*\).*/\1/p' \
		    "$tmp/one.pgn")
		[ -n "$t" ] || { ng "$g game $i: no turn named"; break; }
		r=$(sed -n 's/^\[Result "\(.*\)"\]$/\1/p' "$tmp/one.pgn")
		gamecheck --plies $((t - 1)) --write=pgn "$tmp/one.pgn" \
		    > "$tmp/cut.pgn" 2> /dev/null
		gameplay solve "$tmp/cut.pgn" > "$tmp/v.yaml" 2>&1
		v=$(awk '/^for: / { f = $2 } /^score: / { s = $2 }
		    END { print (f == "black" || f == "first" ? s : -s) }' \
		    "$tmp/v.yaml")
		# The result's margin, the empties to the winner in Reversi.
		m=$(echo "$r" | awk -F- -v n="${g#*-s }" '{
			cells = n == "4x4" ? 16 : 0; d = $1 - $2
			if (cells) { e = cells - $1 - $2
				d += d > 0 ? e : d < 0 ? -e : 0 }
			print d }')
		[ -n "$v" ] && [ "$v" = "$m" ] ||
		    ng "$g game $i: solve from turn $t gives $v, result $r"
		i=$((i + 1))
	done
	ok "$g: 4 games adjudicated by the generic solver, each result exact"
done

# Refused: a bad argument.
for args in "--adjudicate solve:65 reversi" \
    "--adjudicate solve reversi" "--adjudicate tablebase:5 reversi"; do
	gameplay match -b x -w y $args > "$tmp/out" 2> "$tmp/err"
	rc=$?
	[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q adjudicate "$tmp/err" &&
	    ok "$args: exit 2" || ng "$args: exit $rc: $(cat "$tmp/err")"
done
exit $fail
