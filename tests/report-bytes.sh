#!/bin/sh
# SPDX-License-Identifier: MIT
# The direct report writer writes what libyaml's emitter wrote, byte for
# byte (formats/report.md, section 1): gamecheck over a large mixed input,
# once as it runs and once with ARBITER_TEST_YAML_EMITTER=libyaml, which
# puts the emitter back behind the same calls.  The input: generated games
# of every game and board (finished and cut short), the same games with
# moves made illegal or unreadable, tags made hard (control bytes, quotes,
# backslashes, invalid UTF-8, non-ASCII, emoji, names YAML would misread,
# names too long for a simple key, values that look like numbers), and the
# imports among the fixtures (CSV, transcripts, GGF, SGF, WTHOR).  Then
# gameplay's status and legal documents, which the direct writer writes too.
set -u
. "${srcdir:-.}/tests/lib.sh"

gen=$builddir/tests/gen-records
: > "$tmp/gen.pgn"
seed=1
for spec in reversi:8x8 reversi:6x6 reversi:10x10 oust:5 oust:7 rive:3-3-5 \
    rive:4 herd:5 herd:4 stones:8x8; do
	game=${spec%%:*} board=${spec#*:}
	"$gen" "$game" -b "$board" -n 40 -s "$seed" >> "$tmp/gen.pgn" ||
	    ng "gen-records $game -b $board"
	"$gen" "$game" -b "$board" -n 20 -s "$seed" -c 6 >> "$tmp/gen.pgn" ||
	    ng "gen-records $game -b $board -c 6"
	seed=$((seed + 1))
done

# Every third game broken one way or another, every game's tags made hard.
awk -v long="$(printf 'L%.0s' $(seq 1 140))" '
BEGIN { srand(20); n = 0 }
/^\[Game / {
	n++
	print
	k = n % 9
	if (k == 1) print "[Event \"tab\there \\\"quoted\\\" back\\\\slash\001\033\177 end \"]"
	if (k == 2) print "[Site \"caf\303\251 \346\227\245 \360\237\230\200 \302\205\342\200\250 \357\273\277 \377\376 bad\"]"
	if (k == 3) print "[" long " \"a name too long for a simple key\"]"
	if (k == 4) print "[yes \"true\"]\n[Null \"~\"]\n[_x \"12\"]\n[2nd \"-3.5\"]"
	if (k == 5) print "[Black \"  lead: trail # \"]\n[White \"- [a], {b}\"]"
	if (k == 6) print "[Result \"1-0\"]"
	if (k == 7) print "[Date \"\"]\n[Round \"...\"]"
	if (k == 8) print "[Event \"" substr(long long long, 1, 300) " x \"]"
	next
}
/^\[/ { print; next }
{
	if (n % 3 == 1 && NF > 2) { $(NF - 1) = "a1" }
	else if (n % 3 == 2 && NF > 2 && n % 2 == 0) { $2 = "zz9" }
	print
}' "$tmp/gen.pgn" > "$tmp/mixed.pgn"
# A record cut in its tags, and a stray byte.
printf '[Game "reversi"]\n[Event "unterminated\n\001\002 *\n' >> "$tmp/mixed.pgn"

inputs="$tmp/gen.pgn $tmp/mixed.pgn"
for f in "$srcdir"/examples/* "$srcdir"/tests/forfeits.pgn \
    "$srcdir"/tests/cases/data/*.pgn "$srcdir"/tests/cases/data/*.ggf \
    "$srcdir"/tests/cases/data/*.sgf "$srcdir"/tests/cases/data/wthor/*.wtb; do
	inputs="$inputs $f"
done
data=${ARBITER_DATASET:-$srcdir/../shared/data/othello_dataset.csv}
if [ -r "$data" ]; then
	head -n 3001 "$data" > "$tmp/data.csv"
	inputs="$inputs $tmp/data.csv"
fi

# same NAME COMMAND...: the command writes the same bytes with either writer.
same() {
	name=$1
	shift
	"$@" > "$tmp/direct.out" 2> "$tmp/direct.err"
	a=$?
	ARBITER_TEST_YAML_EMITTER=libyaml "$@" > "$tmp/libyaml.out" \
	    2> "$tmp/libyaml.err"
	b=$?
	if [ "$a" != "$b" ] || ! cmp -s "$tmp/direct.out" "$tmp/libyaml.out" ||
	    ! cmp -s "$tmp/direct.err" "$tmp/libyaml.err"; then
		ng "$name: the direct writer differs from libyaml's emitter"
		diff "$tmp/libyaml.out" "$tmp/direct.out" | head -n 10
	elif [ ! -s "$tmp/direct.out" ]; then
		ng "$name: no output"
	else
		ok "$name: $(grep -c '^---$' "$tmp/direct.out") documents alike"
	fi
}

# shellcheck disable=SC2086 # the inputs are words
same "gamecheck" gamecheck $inputs
same "gamecheck -j 2" gamecheck -j 2 $inputs
# Prove the comparison can fail: the reports must hold what it is about.
for want in '? LLLL' '"yes": "true"' '\x01\e\x7F' '\U0001F600' \
    "legal: ['" '\N\L' 'move-notes: [{' 'warning:'; do
	grep -qF -- "$want" "$tmp/direct.out" || ng "no $want in the reports"
done

for spec in reversi oust rive herd stones; do
	gameplay new "$spec" > "$tmp/new.pgn" 2> /dev/null ||
	    { ng "gameplay new $spec"; continue; }
	same "gameplay status $spec" gameplay status "$tmp/new.pgn"
	same "gameplay legal $spec" gameplay legal "$tmp/new.pgn"
done
exit $fail
