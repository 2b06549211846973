#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay solve end to end: FFO positions set up with gameplay new
# --setup give their published values and best moves; --all lists every
# legal move with the best's value; a finished game's value is its final
# margin for the colour named; a budget that runs out says unknown with
# exit 1 and no score; a game the solver does not serve, a forfeit and bad
# options are usage errors (2); an illegal record is 1, as for legal.
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

# Refused: a game not served, bad options (2); an illegal record (1).
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
refused 2 "serves reversi on 8x8, not herd" "$srcdir/examples/herd.pgn"
refused 2 "not '0'" --seconds 0 "$tmp/ffo1.pgn"
refused 2 "not '1e3'" --seconds 1e3 "$tmp/ffo1.pgn"
refused 2 "--hash" --hash 0 "$tmp/ffo1.pgn"
refused 2 "--nodes" --nodes x "$tmp/ffo1.pgn"
refused 2 "give a budget of 1 or more" --nodes 0 "$tmp/ffo1.pgn"
refused 2 "decided by forfeit" -r 1 "$srcdir/tests/forfeits.pgn"
printf '[Game "reversi"]\nf5 d6 a1 *\n' > "$tmp/illegal.pgn"
refused 1 "no-flips" "$tmp/illegal.pgn"
exit $fail
