#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay match -o FILE --resume (gameplay(1)): a match killed with
# SIGKILL at random moments and resumed until it is done has exactly its
# games, each once and in order, all legal, and a summary that agrees with
# its records; a record cut short by a kill is played again, never
# counted; a file of another match is not resumed.
set -u
. "${srcdir:-.}/tests/lib.sh"

games=100
match() {
	gameplay match -b 'gameplay engine greedy' -w 'gameplay engine random' \
	    --alternate "$@" reversi
}

# Kill, resume, kill... until a run ends by itself.
kills=0 runs=0 done=no
while [ "$runs" -lt 300 ]; do
	runs=$((runs + 1))
	# Not through match(): $! must be gameplay's own pid.
	gameplay match -b 'gameplay engine greedy' \
	    -w 'gameplay engine random' --alternate -n "$games" \
	    -o "$tmp/r.pgn" --resume --summary "$tmp/r.yaml" reversi \
	    2> "$tmp/run.err" &
	pid=$!
	# Within 30 ms at first, then longer, so that a slow machine (a
	# sanitizer build, a loaded CI host) still gets a run through.
	sleep "$(awk -v s="$runs$$" -v r="$runs" \
	    'BEGIN { srand(s); printf "%.3f", rand() * 0.03 * (1 + r / 10) }')"
	if kill -9 "$pid" 2> /dev/null; then
		kills=$((kills + 1))
		wait "$pid" 2> /dev/null
	else
		wait "$pid" && { done=yes; break; }
		ng "a resumed run exits $?: $(grep -av "^gameplay: game" "$tmp/run.err" | cat -v | head -5)"
		break
	fi
done
echo "# $kills kills, $runs runs"
[ "$done" = yes ] || ng "not done after $runs runs"
finished "$tmp/r.pgn" $games ||
    ng "records after $kills kills: $got"
rounds=$(sed -n 's/^\[Round "\([0-9]*\)"\]$/\1/p' "$tmp/r.pgn" | tr '\n' ' ')
[ "$rounds" = "$(seq 1 "$games" | tr '\n' ' ')" ] ||
    ng "rounds, each once in order: $rounds"
[ "$(sed -n 's/^\[MatchId "\(.*\)"\]$/\1/p' "$tmp/r.pgn" | sort -u | wc -l)" = 1 ] ||
    ng "one MatchId"
grep -q "^games: $games\$" "$tmp/r.yaml" || ng "summary: $(cat "$tmp/r.yaml")"
# The first program's wins, by the records' results, are the summary's.
wins=$(awk '
	/^\[Black / { b = $0 } /^\[White / { w = $0 }
	/^\[Result / { gsub(/[]"]/, "", $2); split($2, p, "-")
		if (p[1] + 0 > p[2] + 0 && b ~ /greedy/) n++
		if (p[2] + 0 > p[1] + 0 && w ~ /greedy/) n++ }
	END { print n + 0 }' "$tmp/r.pgn")
[ "$(sed -n '/greedy/,/wins:/s/^  wins: //p' "$tmp/r.yaml")" = "$wins" ] ||
    ng "the summary's wins are not the records' $wins: $(cat "$tmp/r.yaml")"
# Resuming a match that is done plays nothing and sums up the same.
cp "$tmp/r.pgn" "$tmp/done.pgn"
match -n "$games" -o "$tmp/r.pgn" --resume --summary "$tmp/again.yaml" \
    2> "$tmp/err" || ng "resuming a finished match exits $?"
cmp -s "$tmp/r.pgn" "$tmp/done.pgn" || ng "a finished match changed"
cmp -s "$tmp/r.yaml" "$tmp/again.yaml" || ng "another summary:
$(diff "$tmp/r.yaml" "$tmp/again.yaml")"
grep -q '^gameplay: game' "$tmp/err" && ng "a game played again"
ok "killed $kills times, resumed to $games games"

# A record cut short is played again: the file keeps the whole ones.
match -n 3 -o "$tmp/c.pgn" 2> /dev/null || ng "match exits $?"
cp "$tmp/c.pgn" "$tmp/c3.pgn"
head -c "$(($(wc -c < "$tmp/c.pgn") - 9))" "$tmp/c3.pgn" > "$tmp/c.pgn"
match -n 3 -o "$tmp/c.pgn" --resume 2> "$tmp/err" || ng "resume exits $?"
[ "$(grep -c '^gameplay: game' "$tmp/err")" = 1 ] &&
    grep -q '^gameplay: game 3/3' "$tmp/err" ||
    ng "game 3 not played again: $(cat "$tmp/err")"
[ "$(grep -c '^\[Round' "$tmp/c.pgn")" = 3 ] || ng "not 3 records"
gamecheck --quiet "$tmp/c.pgn" > /dev/null 2>&1 || ng "records not legal"
ok "a record cut short is played again"

# Another match's file (another seed) is not resumed, nor touched.
cp "$tmp/c.pgn" "$tmp/c-was.pgn"
match -n 3 -S 2 -o "$tmp/c.pgn" --resume 2> "$tmp/err"
[ $? = 2 ] && grep -q 'record 1 is not game 1 of this match' "$tmp/err" ||
    ng "another match resumed: $(cat "$tmp/err")"
cmp -s "$tmp/c.pgn" "$tmp/c-was.pgn" || ng "another match's file changed"
gameplay match -b x -w y --resume reversi 2> "$tmp/err"
[ $? = 2 ] && grep -q -- '--resume needs -o FILE' "$tmp/err" ||
    ng "--resume without -o: $(cat "$tmp/err")"
ok "another match's file is not resumed"
exit $fail
