#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay solve end to end: FFO positions set up with gameplay new
# --setup give their published values and best moves; --all lists every
# legal move with the best's value; a finished game's value is its final
# margin for the colour named; a budget that runs out says unknown with
# exit 1 and no score; a forfeit and bad options are usage errors (2); an
# illegal record is 1, as for legal.  The other games and boards go to
# the generic solver: the small boards' values of formats/solve.md, a
# best turn that gameplay move takes and that keeps the value, Herd's roll
# and an endless line unknown (exit 1).
set -u
. "${srcdir:-.}/tests/lib.sh"

# number, board, side, score, best moves (tests/solve/ffo.txt's lines)
grep -E '^(1|2|3|7) ' "$srcdir/tests/solve/ffo.txt" > "$tmp/ffo"
while read -r n board side score best; do
	gameplay new --setup="$board $side" -o "$tmp/ffo$n.pgn" reversi ||
	    ng "FFO #$n: new exits $?"
	gameplay solve "$tmp/ffo$n.pgn" > "$tmp/out" 2>&1 ||
	    ng "FFO #$n: solve exits $?: $(cat "$tmp/out")"
	got=$(sed -n 's/^score: //p' "$tmp/out")
	[ "$got" = "$(printf '%d' "$score")" ] ||
	    ng "FFO #$n: score $got, not $score"
	move=$(sed -n 's/^best: \[\([a-h][1-8]\).*/\1/p' "$tmp/out")
	case ",$best," in
	*",$move,"*) ok "FFO #$n: $score by $move" ;;
	*) ng "FFO #$n: best $move, not one of $best" ;;
	esac
	grep -q '^value: exact$' "$tmp/out" || ng "FFO #$n: not exact"
	"$builddir/tests/yaml-check" < "$tmp/out" > /dev/null 2>&1 ||
	    ng "FFO #$n: the document is no YAML"
done < "$tmp/ffo"

# --all: every legal move, the best's value the position's.
gameplay solve --all "$tmp/ffo1.pgn" > "$tmp/all" || ng "--all exits $?"
legal=$(gameplay legal "$tmp/ffo1.pgn" | sed -n 's/^count: //p')
moves=$(grep -o '{move: [a-h][1-8], score: -\{0,1\}[0-9]*}' "$tmp/all" |
    wc -l)
[ "$moves" -eq "$legal" ] && ok "--all: $moves moves, as legal counts" ||
    ng "--all: $moves moves, legal says $legal: $(cat "$tmp/all")"
grep -q '{move: g8, score: 18}' "$tmp/all" && ok "--all: g8 is worth 18" ||
    ng "--all: $(grep moves "$tmp/all")"

# 34 legal moves (more than the solver's lists once held): --all lists
# each, with a value or ~, whatever the budget leaves.
gameplay new -o "$tmp/m34.pgn" reversi --setup=\
'--XO-----O----O--OO--OOX-XXOXXX--OOXO-O---XO-XO--OOOOXO--------- X' ||
    ng "34 moves: new exits $?"
gameplay solve --all --nodes 20000 "$tmp/m34.pgn" > "$tmp/m34" 2>&1
got=$?
moves=$(grep -o '{move: [a-h][1-8], score: [-~0-9]*}' "$tmp/m34" | wc -l)
[ "$got" -le 1 ] && [ "$moves" -eq 34 ] &&
    ok "34 legal moves: each listed (exit $got)" ||
    ng "34 legal moves: exit $got, $moves listed: $(head -c 600 "$tmp/m34")"

# A finished game: 39-25, for Black 14; 32-32, 0.
gameplay solve -r 2 "$srcdir/examples/reversi-games.pgn" > "$tmp/end" ||
    ng "a finished game: exit $?"
[ "$(sed -n 's/^for: //p;s/^score: //p;s/^best: //p' "$tmp/end" |
    tr '\n' ' ')" = "black 14 [] " ] && ok "a finished game: its margin" ||
    ng "a finished game: $(cat "$tmp/end")"

# A budget that runs out: unknown, no score, exit 1.
gameplay solve --nodes 100 "$tmp/ffo1.pgn" > "$tmp/out" 2> "$tmp/err"
got=$?
if [ "$got" -eq 1 ] && grep -q '^value: unknown$' "$tmp/out" &&
    ! grep -q '^score:' "$tmp/out" && grep -q '^best: \[\]$' "$tmp/out"; then
	ok "--nodes 100: unknown, exit 1"
else
	ng "--nodes 100: exit $got: $(cat "$tmp/out" "$tmp/err")"
fi

# The generic solver: the start of the smallest boards (formats/solve.md,
# "Solved small boards"), for the colour to move, with the best turn.
small() {	# game, size, variant, value
	printf '[Game "%s"]\n[Size "%s"]\n%s\n\n*\n' "$1" "$2" \
	    "${3:+[Variant \"$3\"]}" > "$tmp/small.pgn"
	gameplay solve "$tmp/small.pgn" > "$tmp/out" 2>&1 ||
	    ng "$1 $2 $3: exit $?: $(cat "$tmp/out")"
	got=$(sed -n 's/^score: //p' "$tmp/out")
	[ "$got" = "$4" ] && ok "$1 $2 $3: $got" ||
	    ng "$1 $2 $3: $got, not $4: $(cat "$tmp/out")"
}
small reversi 4x4 "" -10
small oust 2 "" 1
small oust 2 no-pie 1
small rive 2 "" 1
small rive 2 no-pie 1

# Oust, rules.md: after c3 d3 (side 3) a capture wins at once.  The best
# turn, played by gameplay move, ends the game won.
printf '[Game "oust"]\n[Size "3"]\n\n1. c3 d3 *\n' > "$tmp/oust.pgn"
gameplay solve --all "$tmp/oust.pgn" > "$tmp/out" || ng "oust: exit $?"
best=$(sed -n 's/^best: \["\(.*\)"\]$/\1/p' "$tmp/out")
case " b3 b4 c2 c4 d2 " in
*" $best "*) ok "oust: $best captures" ;;
*) ng "oust: best $best: $(cat "$tmp/out")" ;;
esac
[ "$(grep -o 'score: 1}' "$tmp/out" | wc -l)" -eq 5 ] &&
    ok "oust --all: the five captures win" ||
    ng "oust --all: $(grep moves "$tmp/out")"
gameplay move "$tmp/oust.pgn" "$best" > "$tmp/won.pgn" ||
    ng "oust: move $best exits $?"
gamecheck -q "$tmp/won.pgn" 2> "$tmp/err" &&
    grep -q '1 finished' "$tmp/err" && ok "oust: the best turn wins" ||
    ng "oust: after $best: $(cat "$tmp/err")"

# Rive (rules.md): turn 8 must capture; the best turn is whole (it ends
# with a placement), so gameplay move takes it, and the value, for the
# other colour, turns sign.
printf '[Game "rive"]\n[Size "2"]\n\n1. b2 *\n' > "$tmp/rive.pgn"
gameplay solve "$tmp/rive.pgn" > "$tmp/out" || ng "rive: exit $?"
v=$(sed -n 's/^score: //p' "$tmp/out")
best=$(sed -n 's/^best: \["\(.*\)"\]$/\1/p' "$tmp/out")
gameplay move "$tmp/rive.pgn" "$best" > "$tmp/rive2.pgn" ||
    ng "rive: move $best exits $?"
gameplay solve "$tmp/rive2.pgn" > "$tmp/out" || ng "rive: exit $?"
[ "$(sed -n 's/^score: //p' "$tmp/out")" = "$((-v))" ] &&
    ok "rive: $best keeps the value $v" ||
    ng "rive: after $best: $(cat "$tmp/out"), not $((-v))"

# Unknown, exit 1, no score: Herd before its roll; a budget.
unknown() {	# why, then the arguments
	why=$1
	shift
	gameplay solve "$@" > "$tmp/out" 2> "$tmp/err"
	got=$?
	if [ "$got" -eq 1 ] && grep -q "^why: $why\$" "$tmp/out" &&
	    ! grep -q '^score:' "$tmp/out"; then
		ok "solve $*: unknown ($why)"
	else
		ng "solve $*: exit $got: $(cat "$tmp/out" "$tmp/err")"
	fi
}
gameplay new -o "$tmp/herd.pgn" --seed 7 herd || ng "herd: new exits $?"
unknown dice "$tmp/herd.pgn"
printf '[Game "rive"]\n\n*\n' > "$tmp/rive5.pgn"
unknown nodes --nodes 5000 "$tmp/rive5.pgn"

# Refused: bad options (2); an illegal record (1).
refused() {	# status, text the message must hold, then the arguments
	want=$1 text=$2
	shift 2
	gameplay solve "$@" > "$tmp/out" 2> "$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ] && grep -q -- "$text" "$tmp/err" &&
	    [ ! -s "$tmp/out" ]; then
		ok "solve $*: exit $got"
	else
		ng "solve $*: exit $got: $(cat "$tmp/out" "$tmp/err")"
	fi
}
refused 2 "not '0'" --seconds 0 "$tmp/ffo1.pgn"
refused 2 "not '1e3'" --seconds 1e3 "$tmp/ffo1.pgn"
refused 2 "--hash" --hash 0 "$tmp/ffo1.pgn"
refused 2 "--nodes" --nodes x "$tmp/ffo1.pgn"
refused 2 "give a budget of 1 or more" --nodes 0 "$tmp/ffo1.pgn"
refused 2 "decided by forfeit" -r 1 "$srcdir/tests/forfeits.pgn"
printf '[Game "reversi"]\nf5 d6 a1 *\n' > "$tmp/illegal.pgn"
refused 1 "no-flips" "$tmp/illegal.pgn"
# A Reversi record that leaves its passes out has them implied, read as
# gamecheck reads it (formats/record.md, "Passes left out"): its value is
# the same record's with the pass written (it stopped at must-pass).
moves='f5 f6 e6 f4 g4 d6 d3 h3 d7 c4 g3 c2 h4 f3 h2 d8 e3 f2 c5 b6 g2 b1 d2
b4 c3 e7 c1 e2 c7 e1 a4 b3 a1 d1 g1 a5 b5 c6 a6 a7 e8 b8 b2 f7 a8 a2 f8'
printf '[Game "reversi"]\n[Result "*"]\n\n%s *\n' "$moves" > "$tmp/left.pgn"
printf '[Game "reversi"]\n[Result "*"]\n\n%s *\n' \
    "$(echo "$moves" | sed 's/ b1 / pass b1 /')" > "$tmp/written.pgn"
for f in left written; do
	gameplay solve "$tmp/$f.pgn" > "$tmp/$f.out" 2>&1 ||
	    ng "passes $f out: solve exits $?: $(cat "$tmp/$f.out")"
	sed '/^source:\|^seconds:\|^nodes:/d' "$tmp/$f.out" > "$tmp/$f.value"
done
if cmp -s "$tmp/left.value" "$tmp/written.value" &&
    grep -q '^value: exact$' "$tmp/left.value"; then
	ok "passes left out: the value of the record with them written"
else
	ng "passes left out: $(diff "$tmp/left.value" "$tmp/written.value")"
fi
exit $fail
