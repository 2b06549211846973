#!/bin/sh
# SPDX-License-Identifier: MIT
# A real NBoard engine: Edax -nboard (formats/protocol.md, "NBoard") plays
# our NBoard engine over NBoard for 2 games, colours alternating; the
# records are legal and finished (no forfeit) and name Edax by its `set
# myname'.  Then one session of every command the protocol document lists
# (a game in progress with RE[?], set depth, set contempt, ping, hint, go,
# move, learn) is sent to Edax and to its scripted stand-in
# (tests/engines/nboard-quirk.sh edax), and their answers must agree line
# for line, moves and numbers aside.
#
# Edax is not packaged: EDAX names its binary (as for bench/solve-edax.sh),
# else an `edax' on PATH; it runs from the folder above the binary's, which
# holds data/eval.dat (a file of zero weights will do).  Skipped (77) where
# there is none.  The wrapper lowers the client's `set depth 12' to 4: with
# zero weights Edax searches blind, and depth 12 takes it past the 10 s
# time-out in some endgames; the protocol is the same.  -level 1: without
# a book file Edax makes one at start, searching the start position at its
# level (21 by default, half a minute blind), and `learn' searches each
# position of the game at that level.
set -u
. "${srcdir:-.}/tests/lib.sh"

edax=${EDAX:-$(command -v edax 2> /dev/null)}
if [ -z "$edax" ] || [ ! -x "$edax" ]; then
	echo "SKIP: no Edax (set EDAX to an Edax binary; its ../data holds eval.dat)"
	exit 77
fi
case $edax in
/*) ;;
*) edax=$PWD/$edax ;;
esac
home=$(dirname "$(dirname "$edax")")
if [ ! -r "$home/data/eval.dat" ]; then
	echo "SKIP: Edax has no $home/data/eval.dat"
	exit 77
fi
# Edax reads data/eval.dat and writes data/book.dat (on `learn') in the
# folder it runs from: a scratch one, its evaluation linked in.
mkdir -p "$tmp/home/data" &&
    ln -s "$home/data/eval.dat" "$tmp/home/data/eval.dat" || exit 99
cat > "$tmp/edax.sh" <<EOF
#!/bin/sh
sed -u 's/^set depth [0-9]*\$/set depth 4/' |
    (cd '$tmp/home' && exec '$edax' -nboard -n-tasks 1 -book-usage off \\
    -ponder off -verbose 0 -level 1)
EOF

nb="gameplay engine --protocol nboard"
gameplay match -b "sh $tmp/edax.sh" --black-protocol nboard \
    -w "$nb mcts:50" --white-protocol nboard -n 2 --alternate \
    --summary "$tmp/sum" reversi > "$tmp/e.pgn" 2> "$tmp/err" ||
    ng "match exits $?: $(cat "$tmp/err")"
finished "$tmp/e.pgn" 2 ||
    ng "records: $got: $(grep Termination "$tmp/e.pgn")"
grep -q '^\[Black "Edax4"\]$' "$tmp/e.pgn" &&
    grep -q '^\[White "Edax4"\]$' "$tmp/e.pgn" &&
    grep -q 'name: "Edax4"' "$tmp/sum" ||
    ng "Edax's name: $(grep '^\[Black\|^\[White' "$tmp/e.pgn")"
ok "Edax against our NBoard engine: legal games, no forfeit, its name"

# session PROGRAM: the session below sent to PROGRAM, waiting for each
# pong before the next command (Edax drops what is queued when its input
# ends), its answers in $tmp/ans.
session() {
	rm -f "$tmp/in" "$tmp/ans"
	mkfifo "$tmp/in" || return 1
	sh -c "$1" < "$tmp/in" > "$tmp/ans" 2> /dev/null &
	pid=$!
	exec 3> "$tmp/in"
	n=0
	while IFS= read -r cmd; do
		printf '%s\n' "$cmd" >&3
		case $cmd in
		ping\ *) ;;
		*) continue ;;
		esac
		n=$((n + 1))
		i=0
		while ! grep -q "^pong $n\$" "$tmp/ans" && [ $i -lt 600 ]; do
			sleep 0.1
			i=$((i + 1))
		done
	done <<'EOF'
nboard 2
set depth 4
set game (;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)
set contempt 0
ping 1
hint 2
ping 2
go
ping 3
move d6
ping 4
learn
ping 5
EOF
	printf 'quit\n' >&3
	exec 3>&-
	wait $pid
}

# The shape of an answer: moves, evaluations and counts by name; Edax's
# PV is squares run together, padded; it may write several search lines
# and nodestats lines or none.
shape() {
	sed '/^nodestats /d
	    s/^=== [a-hA-H][1-8] -\{0,1\}[0-9.]* [0-9.]*$/=== MOVE EVAL TIME/
	    s/^search [a-hA-H][1-8][a-hA-H1-8]* *-\{0,1\}[0-9]* 0 [0-9]*$/search PV/
	    s/^search PV$/search PV EVAL 0 DEPTH/' \
	    "$tmp/ans" | uniq
}
session "sh $tmp/edax.sh"
shape > "$tmp/edax-shape"
session "sh $engines/nboard-quirk.sh edax"
shape > "$tmp/peer-shape"
cat > "$tmp/want" <<'EOF'
set myname Edax4
pong 1
status Edax is thinking
search PV EVAL 0 DEPTH
status Edax is waiting
pong 2
status Edax is thinking
=== MOVE EVAL TIME
status Edax is waiting
pong 3
pong 4
status Edax is learning
status Edax is waiting
pong 5
EOF
diff "$tmp/want" "$tmp/edax-shape" > "$tmp/diff" ||
    ng "Edax's session: $(cat "$tmp/diff" "$tmp/ans")"
diff "$tmp/edax-shape" "$tmp/peer-shape" > "$tmp/diff" ||
    ng "the scripted Edax differs from Edax: $(cat "$tmp/diff")"
ok "the scripted Edax answers every command as Edax does"
exit $fail
