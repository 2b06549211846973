#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay match --openings FILE (gameplay(1)): the games start from the
# file's records, in order, shuffled from the seed (--openings-order
# random) or each twice with colours reversed (--repeat); their records
# have the opening's Setup and turns first, an Opening tag, and replay
# legal with gamecheck; a bad opening file stops the match before any
# game, as gamecheck would say it.
set -u
. "${srcdir:-.}/tests/lib.sh"

match() {
	gameplay match -b 'gameplay engine greedy' -w 'gameplay engine random' \
	    "$@" reversi 2> "$tmp/err"
}
# The values of tag $1 in file $2, one a line.
tags() {
	sed -n "s/^\[$1 \"\(.*\)\"\]\$/\1/p" "$2" | tr '\n' ' '
}
# The first $1 move tokens of each record of $2, one record a line.
firsts() {
	awk -v n="$1" '
		/^\[/ { if (got) print line; got = 0; line = ""; k = 0; next }
		/^$/ { next }
		{ for (i = 1; i <= NF && k < n; i++)
			if ($i !~ /^[0-9]+\.$/) { line = line " " $i; k++ }
		  got = 1 }
		END { if (got) print line }' "$2"
}
legal() {
	got=$(gamecheck --quiet "$1" 2>&1 | tail -n 1)
	case $got in
	*" 0 illegal, 0 malformed") ;;
	*) ng "$2: gamecheck: $got" ;;
	esac
}

printf 'f5d6c3\nf5f6e6f4\nc4e3f6\n' > "$tmp/three.txt"

# Sequential: opening i mod 3, its moves first.
match -n 6 --openings "$tmp/three.txt" > "$tmp/seq.pgn" ||
    ng "sequential: exit $?: $(cat "$tmp/err")"
# The file's name alone, whichever directory it was named from.
t=three.txt
[ "$(tags Opening "$tmp/seq.pgn")" = "$t#1 $t#2 $t#3 $t#1 $t#2 $t#3 " ] ||
    ng "sequential openings: $(tags Opening "$tmp/seq.pgn")"
# Named ./three.txt from its own directory: the same records.
(cd "$tmp" && gameplay match -b 'gameplay engine greedy' \
    -w 'gameplay engine random' -n 6 --openings ./three.txt reversi \
    > seq2.pgn 2> /dev/null) || ng "./three.txt: exit $?"
cmp -s "$tmp/seq.pgn" "$tmp/seq2.pgn" ||
    ng "./three.txt: other records: $(tags Opening "$tmp/seq2.pgn")"
[ "$(firsts 3 "$tmp/seq.pgn" | sed -n 1p)" = " f5 d6 c3" ] &&
[ "$(firsts 4 "$tmp/seq.pgn" | sed -n 2p)" = " f5 f6 e6 f4" ] &&
[ "$(firsts 3 "$tmp/seq.pgn" | sed -n 6p)" = " c4 e3 f6" ] ||
    ng "records do not start with their openings: $(firsts 4 "$tmp/seq.pgn")"
legal "$tmp/seq.pgn" sequential
grep -q '^games: 6$' "$tmp/err" || ng "sequential summary: $(cat "$tmp/err")"

# Without --openings nothing changes: no Opening tag, another MatchId.
match -n 1 > "$tmp/none.pgn" || ng "no openings: exit $?"
grep -q '^\[Opening ' "$tmp/none.pgn" && ng "an Opening tag without --openings"
[ "$(tags MatchId "$tmp/none.pgn")" != "$(tags MatchId "$tmp/seq.pgn" |
    cut -d' ' -f1) " ] || ng "--openings does not change the MatchId"

# --repeat: each opening twice, the colours reversed, a pentanomial SPRT.
match -n 6 --openings "$tmp/three.txt" --repeat --sprt 'elo0=0 elo1=400' \
    > "$tmp/rep.pgn" || ng "repeat: exit $?: $(cat "$tmp/err")"
[ "$(tags Opening "$tmp/rep.pgn")" = "$t#1 $t#1 $t#2 $t#2 $t#3 $t#3 " ] ||
    ng "repeated openings: $(tags Opening "$tmp/rep.pgn")"
[ "$(tags Black "$tmp/rep.pgn")" = "$(printf 'gameplay engine %s ' \
    greedy random greedy random greedy random)" ] ||
    ng "repeat: colours not reversed: $(tags Black "$tmp/rep.pgn")"
grep -q 'model: pentanomial' "$tmp/err" ||
    ng "repeat: games not paired: $(cat "$tmp/err")"
legal "$tmp/rep.pgn" repeat

# Random: a permutation from the seed, the same for the same seed.
printf 'f5\nd3\nc4\ne6\nf5f6\nf5d6\nf5f4\nd3c3\n' > "$tmp/eight.txt"
orders=
for s in 1 2 3; do
	match -n 8 -S "$s" --openings "$tmp/eight.txt" \
	    --openings-order random > "$tmp/r$s.pgn" ||
	    ng "random -S $s: exit $?: $(cat "$tmp/err")"
	o=$(tags Opening "$tmp/r$s.pgn" | sed "s|eight.txt#||g")
	[ "$(echo "$o" | tr ' ' '\n' | sed '/^$/d' | sort | tr '\n' ' ')" = \
	    "1 2 3 4 5 6 7 8 " ] || ng "random -S $s: not a permutation: $o"
	orders="$orders$o|"
	legal "$tmp/r$s.pgn" "random -S $s"
done
match -n 8 -S 2 --openings "$tmp/eight.txt" --openings-order random \
    > "$tmp/again.pgn" || ng "random again: exit $?"
cmp -s "$tmp/r2.pgn" "$tmp/again.pgn" || ng "random -S 2 not reproducible"
case $orders in
"1 2 3 4 5 6 7 8 |1 2 3 4 5 6 7 8 |1 2 3 4 5 6 7 8 |")
	ng "random is sequential for seeds 1, 2, 3" ;;
esac
o1=$(echo "$orders" | cut -d'|' -f1) o2=$(echo "$orders" | cut -d'|' -f2)
[ "$o1" != "$o2" ] || ng "seeds 1 and 2 give one order: $o1"

# A set-up position: the Setup tag, its turns, White to move first.
cat > "$tmp/setup.pgn" <<'E'
[Game "reversi"]
[Setup "---------------------------OX------XXX-------------------------- O"]

1. f4 e3
E
match -n 2 --openings "$tmp/setup.pgn" --repeat > "$tmp/set.pgn" ||
    ng "setup: exit $?: $(cat "$tmp/err")"
[ "$(grep -c '^\[Setup "---------------------------OX------XXX-------------------------- O"\]$' "$tmp/set.pgn")" = 2 ] ||
    ng "setup: no Setup tags: $(cat "$tmp/set.pgn")"
[ "$(firsts 2 "$tmp/set.pgn" | sort -u)" = " f4 e3" ] ||
    ng "setup: records do not start with f4 e3"
legal "$tmp/set.pgn" setup
# An import with a set-up position (GGF's BO) is an opening too.
printf '(;GM[Othello]BO[8 ---------------------------O*------***-------------------------- O]W[F4]B[E3];)\n' \
    > "$tmp/setup.ggf"
match -n 1 --openings "$tmp/setup.ggf" > "$tmp/ggf.pgn" ||
    ng "ggf: exit $?: $(cat "$tmp/err")"
grep -q '^\[Setup "---------------------------OX------XXX-------------------------- O"\]$' "$tmp/ggf.pgn" ||
    ng "ggf: no Setup tag: $(head -12 "$tmp/ggf.pgn")"
legal "$tmp/ggf.pgn" ggf
# A program on GTP cannot be told a set-up position.
gameplay match -b x -w y --white-protocol gtp --openings "$tmp/setup.pgn" \
    reversi 2> "$tmp/err"
[ $? = 2 ] && grep -q 'set-up position' "$tmp/err" ||
    ng "setup with gtp: $(cat "$tmp/err")"

# Bad openings: said as gamecheck says them, before any program runs.
bad() {	# status, message; the file on stdin
	want=$1 msg=$2
	cat > "$tmp/bad"
	gameplay match -b 'no-such-program' -w 'no-such-program' \
	    --openings "$tmp/bad" reversi > "$tmp/out" 2> "$tmp/err"
	st=$?
	[ "$st" = "$want" ] || ng "$msg: exit $st, not $want: $(cat "$tmp/err")"
	grep -q "$msg" "$tmp/err" || ng "not '$msg': $(cat "$tmp/err")"
	grep -q 'cannot run' "$tmp/err" && ng "$msg: a program was run"
	[ -s "$tmp/out" ] && ng "$msg: records written"
}
printf 'f5d6c3\nf5f6e6f5\n' | bad 1 "bad:2:7: error: turn 4 (f5): f5 is occupied \[occupied\]"
printf '[Game "reversi"]\n\n1. f5 d6? c3\n' |
    bad 1 'bad:3:7: error: turn 2 (d6?): "d6?" is not a turn.*\[bad-move-syntax\]'
: | bad 1 "bad:1:1: error: no records in the input \[empty-input\]"
printf '[Game "reversi"]\n[Size "6x6"]\n\n1. c2\n' |
    bad 1 "bad:1:1: error: the opening is played on 6x6; the match on 8x8 \[bad-board\]"
printf '[Game "reversi"]\n[Setup "---"]\n\n' | bad 1 "\[bad-setup-tag\]"
gameplay match -b x -w y --openings "$tmp/nonexistent" reversi 2> "$tmp/err"
[ $? = 2 ] && grep -q 'nonexistent: No such file' "$tmp/err" ||
    ng "a missing file: $(cat "$tmp/err")"
printf '[Game "herd"]\n\n1. 35:e1\n' > "$tmp/herd.pgn"
gameplay match -b x -w y --openings "$tmp/herd.pgn" herd 2> "$tmp/err"
[ $? = 2 ] && grep -q 'herd throws dice' "$tmp/err" ||
    ng "moves in a herd opening: $(cat "$tmp/err")"
# A finished game is no opening: its games would be won with no move.
gameplay match -b 'gameplay engine greedy' -w 'gameplay engine random' \
    reversi > "$tmp/over.pgn" 2> /dev/null
gameplay match -b 'gameplay engine greedy' -w 'gameplay engine random' \
    --openings "$tmp/over.pgn" reversi > "$tmp/out" 2> "$tmp/err"
[ $? = 2 ] && grep -q 'record 1: the game is over' "$tmp/err" &&
    [ ! -s "$tmp/out" ] || ng "a finished opening: $(cat "$tmp/err")"
for o in --repeat '--openings-order random'; do
	gameplay match -b x -w y $o reversi 2> "$tmp/err"
	[ $? = 2 ] && grep -q 'needs --openings' "$tmp/err" ||
	    ng "$o without --openings: $(cat "$tmp/err")"
done
gameplay match -b x -w y --openings "$tmp/three.txt" \
    --openings-order shuffled reversi 2> "$tmp/err"
[ $? = 2 ] && grep -q "takes sequential or random, not 'shuffled'" \
    "$tmp/err" || ng "a bad order: $(cat "$tmp/err")"

# An opening that ends inside a turn is played to the start of that
# turn: Oust's f11 captures and would go on; the programs play turn 5.
printf '[Game "oust"]\n[Board "7"]\n\n1. c11 c8 2. f2 i6 3. h3 l6 4. e12 d13 5. f11\n' \
    > "$tmp/inturn.pgn"
gameplay match -b 'gameplay engine greedy' -w 'gameplay engine random' \
    --openings "$tmp/inturn.pgn" oust > "$tmp/inturn-out.pgn" 2> "$tmp/err" ||
    ng "an opening inside a turn: exit $?: $(cat "$tmp/err")"
printf '[Game "oust"]\n[Board "7"]\n\n1. c11 c8 2. f2 i6 3. h3 l6 4. e12 d13\n' \
    > "$tmp/whole.pgn"
gameplay match -b 'gameplay engine greedy' -w 'gameplay engine random' \
    --openings "$tmp/whole.pgn" oust 2> /dev/null |
    sed '/^\[Opening /d' > "$tmp/whole-out.pgn"
sed '/^\[Opening /d' "$tmp/inturn-out.pgn" | cmp -s - "$tmp/whole-out.pgn" ||
    ng "an opening inside a turn is not played to its start: $(firsts 9 \
    "$tmp/inturn-out.pgn")"
legal "$tmp/inturn-out.pgn" "inside a turn"

# Resume: the openings are the match's, and the order too.
match -n 3 --openings "$tmp/eight.txt" -o "$tmp/res.pgn" --resume ||
    ng "resume 1: exit $?: $(cat "$tmp/err")"
match -n 5 --openings "$tmp/eight.txt" -o "$tmp/res.pgn" --resume ||
    ng "resume 2: exit $?: $(cat "$tmp/err")"
[ "$(grep -c '^gameplay: game' "$tmp/err")" = 2 ] ||
    ng "resume played again: $(cat "$tmp/err")"
[ "$(tags Opening "$tmp/res.pgn" | sed "s|eight.txt#||g")" = \
    "1 2 3 4 5 " ] || ng "resumed openings: $(tags Opening "$tmp/res.pgn")"
match -n 6 --openings "$tmp/eight.txt" --openings-order random \
    -o "$tmp/res.pgn" --resume && ng "resumed with another order"
match -n 6 --openings "$tmp/three.txt" -o "$tmp/res.pgn" --resume &&
    ng "resumed with other openings"

[ "$fail" = 0 ] && ok "openings"
exit $fail
