#!/bin/sh
# SPDX-License-Identifier: MIT
# Conditional moves (gameplay(1), "queue"; formats/record.md, "Conditional
# moves"), attack by attack: a line is checked turn by turn from the
# record's position when queued (an illegal one is refused and nothing
# kept); move -i by the opponent plays the reply queued to it in the same
# update, dated with the move, and drops the lines the game left, and a
# reply no longer legal when played is dropped, not played; a player
# lists and cancels only their own lines (on a keyed record, with their
# key); a queue file that is a link, another user's or readable by others
# is refused and nothing is written; two referees racing to apply one
# queued reply apply it once; and no queued turn shows in status, show,
# the replay page, gamecheck's report or the opponent's messages.
set -u
. "${srcdir:-.}/tests/lib.sh"
gp=$builddir/gameplay
gc=$builddir/gamecheck
rounds=${ARBITER_ROUNDS:-5}
cd "$tmp" || exit 99

# refused WANT WHAT ARGS...: gameplay ARGS exits WANT, the record and
# queue unchanged.
refused() {
	want=$1 what=$2
	shift 2
	cp g.pgn before.pgn
	[ -e g.pgn.black.queue ] && cp g.pgn.black.queue before.queue
	exits "$want" "$what" "$gp" "$@"
	cmp -s g.pgn before.pgn || ng "$what: the record changed"
	if [ -e before.queue ]; then
		cmp -s g.pgn.black.queue before.queue ||
		    ng "$what: the queue changed"
	fi
	rm -f before.queue
}

# --- registered only once every turn is legal
"$gp" new --date 2024.05.01 reversi -o g.pgn || exit 99
exits 0 "f5" "$gp" move -i g.pgn f5
refused 1 "an illegal line" queue --as black g.pgn 'f4 e3 f6 a1'
said "<line>:1:10: error: turn 4 of the line: " "an illegal line"
[ -e g.pgn.black.queue ] && ng "an illegal line left a queue file"
refused 1 "a line that is no turns" queue --as black g.pgn 'f4 {x}'
refused 2 "an odd line" queue --as black g.pgn 'f4 e3 f6'
refused 2 "on one's own turn" queue --as white g.pgn 'e6 f4'
said "it is white's turn" "on one's own turn"
refused 2 "without --as" queue g.pgn 'f4 e3'
refused 2 "--as the referee" queue --as referee g.pgn 'f4 e3'
exits 2 "from standard input" "$gp" queue --as black - 'f4 e3'
exits 0 "a line" "$gp" queue --as black g.pgn 'f4 e3 f6 d3'
[ "$(cat out)" = "1: f4 e3 f6 d3" ] || ng "queue says $(cat out)"
[ "$(stat -c %a g.pgn.black.queue)" = 600 ] || ng "the queue is not 0600"
exits 0 "a second line" "$gp" queue --as black g.pgn 'd6 c3'
exits 0 "a third line" "$gp" queue --as black g.pgn 'f6 e6'
exits 0 "the list" "$gp" queue --list --as black g.pgn
printf '1: f4 e3 f6 d3\n2: d6 c3\n3: f6 e6\n' > want
cmp -s out want || ng "the list: $(cat out)"
refused 2 "cancel a line not there" queue --cancel 4 --as black g.pgn
exits 0 "cancel 3" "$gp" queue --cancel 3 --as black g.pgn
exits 0 "white's list" "$gp" queue --list --as white g.pgn
[ -s out ] && ng "white's list shows black's lines: $(cat out)"

# --- nothing of the queue shows to anyone else
for c in "$gp status g.pgn" "$gp show g.pgn" "$gp show --html p.html g.pgn" \
    "$gp legal g.pgn" "$gc g.pgn"; do
	# shellcheck disable=SC2086
	$c > "with.out" 2>&1
	[ -e p.html ] && mv p.html with.html
	mv g.pgn.black.queue aside
	# shellcheck disable=SC2086
	$c > "without.out" 2>&1
	mv aside g.pgn.black.queue
	cmp -s with.out without.out || ng "$c shows the queue"
	if [ -e p.html ]; then
		cmp -s p.html with.html || ng "$c: the page shows the queue"
		rm -f p.html with.html
	fi
done

# --- played in the opponent's update, dated with it; the rest dropped
exits 0 "white's f4" "$gp" move -i --at 2024-05-01T10:00:00Z g.pgn f4
grep -q '^1\. f5 f4 {\[%at 2024-05-01T10:00:00Z\]} 2\. e3 {\[%at 2024-05-01T10:00:00Z\]} \*$' g.pgn ||
    ng "the reply is not in the record, dated: $(tail -n 1 g.pgn)"
said "black's queued reply e3 was played" "the reply played"
said "1 queued line of black's no longer matches the game: dropped" \
    "the line dropped"
grep -q 'd6\|c3\|f6\|d3' err && ng "the opponent is told queued turns: $(cat err)"
"$gc" --quiet g.pgn 2> /dev/null || ng "the record with the reply does not check"
exits 0 "the list after" "$gp" queue --list --as black g.pgn
[ "$(cat out)" = "1: f6 d3" ] || ng "the list after: $(cat out)"

# --- checked again when played: a reply the referee's file holds that is
# no longer legal (edited by hand) is dropped, the move written alone
cp g.pgn g0.pgn
cp g.pgn.black.queue q0
sed 's/ f6 d3$/ f6 a1/' q0 > g.pgn.black.queue
exits 0 "a reply no longer legal" "$gp" move -i g.pgn f6
grep -q 'a1' g.pgn && ng "an illegal queued reply was played"
grep -q 'f6 \*$' g.pgn || ng "the move was not written alone"
said "1 queued line of black's no longer matches" "an illegal reply"
[ -e g.pgn.black.queue ] && ng "the illegal line was kept"
"$gc" --quiet g.pgn 2> /dev/null || ng "the record does not check"
# A queue file that is no queue: queue-file, nothing written.
cp g0.pgn g.pgn
sed 's/ f6 d3$/ f6 d3 e6/' q0 > g.pgn.black.queue
chmod 600 g.pgn.black.queue
refused 2 "a queue file that is no queue" move -i g.pgn f6
said "g.pgn.black.queue:1:1: error: .*\[queue-file\]" "queue-file"

# --- a queue file that is a link, another user's, or others may read
cp q0 g.pgn.black.queue
chmod 644 g.pgn.black.queue
refused 2 "a queue file others may read, move" move -i g.pgn f6
said "mode 0644" "mode 0644"
refused 2 "a queue file others may read, list" queue --list --as black g.pgn
rm g.pgn.black.queue
cp q0 elsewhere
chmod 600 elsewhere
ln -s elsewhere g.pgn.black.queue
refused 2 "a queue file that is a link, move" move -i g.pgn f6
said "a queue file may not be a symbolic link" "a link"
refused 2 "a queue file that is a link, queue" queue --as black g.pgn 'f6 d3'
cmp -s elsewhere q0 || ng "written through a link"
rm g.pgn.black.queue
if [ "$(id -u)" = 0 ]; then
	cp q0 g.pgn.black.queue
	chmod 600 g.pgn.black.queue
	chown 65534 g.pgn.black.queue
	refused 2 "another user's queue file" move -i g.pgn f6
	said "the queue file is not yours" "another user's"
	rm -f g.pgn.black.queue
else
	echo "skip: another user's queue file (needs root to chown)"
fi

# --- keyed: only with the queuing colour's key
rm -f g.pgn; "$gp" new --date 2024.05.01 --keys k reversi -o g.pgn || exit 99
rm -f g.pgn.black.queue
exits 0 "keyed f5" "$gp" move -i --as black --key-file k/black.key g.pgn f5
refused 2 "keyed, no key" queue --as black g.pgn 'f4 e3'
refused 2 "keyed, white's key for black" queue --as black \
    --key-file k/white.key g.pgn 'f4 e3'
said "the key is not black's" "white's key for black"
exits 0 "keyed, black's line" "$gp" queue --as black --key-file k/black.key g.pgn \
    'f4 e3'
refused 2 "white lists black's" queue --list --as black \
    --key-file k/white.key g.pgn
[ -s out ] && ng "white listed black's queue: $(cat out)"
refused 2 "white cancels black's" queue --cancel all --as black \
    --key-file k/white.key g.pgn
refused 2 "the referee's key lists" queue --list --as referee \
    --key-file k/referee.key g.pgn
exits 0 "white's own list" "$gp" queue --list --as white --key-file k/white.key g.pgn
[ -s out ] && ng "white's own list shows black's: $(cat out)"
exits 0 "black's list" "$gp" queue --list --as black --key-file k/black.key g.pgn
[ "$(cat out)" = "1: f4 e3" ] || ng "black's list: $(cat out)"
exits 0 "white's f4, keyed" "$gp" move -i --as white --key-file k/white.key g.pgn f4
grep -q 'f5 f4 2\. e3 \*$' g.pgn || ng "keyed: no reply: $(tail -n 1 g.pgn)"
exits 0 "black cancels" "$gp" queue --cancel all --as black --key-file k/black.key \
    g.pgn
[ -e g.pgn.black.queue ] && ng "cancel all left a queue file"
# A line holds on the turns it was queued after: taken back, and another
# game of as many turns played, it is dropped, even where its turns would
# be legal (e6 f4 e3 is, as f5 f4 e3).
rm -f t.pgn t.pgn.black.queue
"$gp" new --date 2024.05.01 reversi -o t.pgn || exit 99
"$gp" move -i t.pgn f5 || exit 99
exits 0 "a line after f5" "$gp" queue --as black t.pgn 'f4 e3'
"$gp" offer -i t.pgn undo black > /dev/null || exit 99
"$gp" accept -i t.pgn undo white > /dev/null || exit 99
"$gp" move -i t.pgn e6 || exit 99
exits 0 "f4 after e6" "$gp" move -i t.pgn f4
grep -q 'e3' t.pgn && ng "a line queued after f5 was played after e6"
said "1 queued line of black's no longer matches" "another history"
# Oust: a turn of several actions matches once whole, played in parts,
# its capture marked or not.
"$gp" new --date 2024.05.01 --size 4 oust -o o.pgn || exit 99
"$gp" move -i o.pgn f1 c4 c6 || exit 99
exits 0 "an Oust line" "$gp" queue --as black o.pgn 'c5*,g4 e3'
exits 0 "white's capture" "$gp" move -i o.pgn c5
grep -q 'e3' o.pgn && ng "Oust: replied to half a turn"
exits 0 "white's placement after it" "$gp" move -i o.pgn g4
grep -q '^1\. f1 c4 2\. c6 c5,g4 3\. e3 \*$' o.pgn ||
    ng "Oust: no reply to the whole turn: $(tail -n 1 o.pgn)"
# A reply that ends the game is played with the result, and the line,
# played whole, is not said to be dropped.
"$gp" new --date 2024.05.01 --size 3 oust -o w.pgn || exit 99
"$gp" move -i w.pgn c3 || exit 99
exits 0 "a winning line" "$gp" queue --as black w.pgn 'd3 c4*'
exits 0 "white's d3" "$gp" move -i w.pgn d3
grep -q '^1\. c3 d3 2\. c4\* 1-0$' w.pgn ||
    ng "the winning reply: $(tail -n 1 w.pgn)"
grep -q 'dropped' err && ng "a line played whole was said dropped"
"$gc" --quiet --require-finished w.pgn 2> /dev/null ||
    ng "the game won by a reply does not check"
# Herd has dice: no reply can be queued.
"$gp" new --seed 7 herd -o h.pgn || exit 99
exits 2 "a game with dice" "$gp" queue --as white h.pgn 'a1 b1'
said "a game with dice" "a game with dice"

# --- a timed game (a Start tag dates every turn): a line is checked as
# in any game, and the reply is played dated with the opponent's move
"$gp" new --date 2024.05.01 --at 2024-05-01T00:00:00Z --control 3d/move \
    reversi -o timed.pgn || exit 99
exits 0 "timed: f5" "$gp" move -i --at 2024-05-01T01:00:00Z timed.pgn f5
exits 1 "timed: an illegal line" "$gp" queue --as black timed.pgn 'f4 e3 f6 a1'
said "turn 4 of the line" "timed: an illegal line"
[ -e timed.pgn.black.queue ] && ng "timed: an illegal line was kept"
exits 0 "timed: a line" "$gp" queue --as black timed.pgn 'f4 e3'
exits 0 "timed: white's f4" "$gp" move -i --at 2024-05-01T02:00:00Z timed.pgn f4
sed -n '/^1\./,$p' timed.pgn | tr '\n' ' ' > movetext
grep -q '^1\. f5 {\[%at 2024-05-01T01:00:00Z\]} 1\.\.\. f4 {\[%at 2024-05-01T02:00:00Z\]} 2\. e3 {\[%at 2024-05-01T02:00:00Z\]} \* $' movetext ||
    ng "timed: the reply is not in the record, dated: $(cat movetext)"
"$gc" --quiet timed.pgn 2> /dev/null || ng "timed: the record with the reply does not check"

# --- a queue is its game's: a new game where an old one's queue is left
# (the old record moved away) is refused, nothing written; --force
# replaces the game and removes its queue, whose lines are never played
"$gp" new --date 2024.05.01 -b Ann -w Bob reversi -o old.pgn || exit 99
exits 0 "old game: f5" "$gp" move -i old.pgn f5
exits 0 "old game: black queues" "$gp" queue --as black old.pgn 'd6 c3'
exits 0 "old game: white resigns" "$gp" resign -i old.pgn white
mv old.pgn gone.pgn
exits 2 "a new game beside an old queue" "$gp" new --date 2024.06.01 -b Cid \
    -w Dee reversi -o old.pgn
said "old.pgn.black.queue" "a new game beside an old queue"
[ -e old.pgn ] && ng "a new game beside an old queue was written"
[ -e old.pgn.black.queue ] || ng "a refused new game removed the old queue"
exits 0 "a new game beside an old queue, --force" "$gp" new --force \
    --date 2024.06.01 -b Cid -w Dee reversi -o old.pgn
[ -e old.pgn.black.queue ] && ng "--force left the old game's queue"
exits 0 "the new game: f5 d6" "$gp" move -i old.pgn f5 d6
grep -q "queued" err && ng "the old game's queue was played: $(cat err)"
# new --force over a game with a line queued at its start (anchor 0,
# whose fingerprint of no turn any game has)
"$gp" new --force --date 2024.07.01 reversi -o old.pgn || exit 99
exits 0 "white queues at the start" "$gp" queue --as white old.pgn 'c4 c3'
exits 0 "new --force over a game and its queue" "$gp" new --force \
    --date 2024.07.02 reversi -o old.pgn
[ -e old.pgn.white.queue ] && ng "new --force left the queue of the game it replaced"
exits 0 "the newer game: c4" "$gp" move -i old.pgn c4
grep -q "queued" err && ng "the replaced game's queue was played: $(cat err)"
grep -q 'c3' old.pgn && ng "the replaced game's reply is in the record"

# --- two referees apply the opponent's move at once: one reply, once
for round in $(seq 1 "$rounds"); do
	rm -f r.pgn r.pgn.black.queue
	"$gp" new --date 2024.05.01 reversi -o r.pgn || exit 99
	"$gp" move -i r.pgn f5 || exit 99
	"$gp" queue --as black r.pgn 'f4 e3 f6 d3' > /dev/null || exit 99
	"$gp" move -i r.pgn f4 2> a.err &
	pa=$!
	"$gp" move -i r.pgn f4 2> b.err &
	pb=$!
	wait $pa
	ra=$?
	wait $pb
	rb=$?
	[ $((ra == 0)) -ne $((rb == 0)) ] ||
	    ng "round $round: exits $ra and $rb, not one success"
	grep -q '^1\. f5 f4 2\. e3 \*$' r.pgn ||
	    ng "round $round: the record is $(tail -n 1 r.pgn)"
	"$gc" --quiet r.pgn 2> /dev/null || ng "round $round: the record does not check"
	[ "$(cut -d ' ' -f 1,3- r.pgn.black.queue)" = "1 f4 e3 f6 d3" ] ||
	    ng "round $round: the queue is $(cat r.pgn.black.queue)"
	ls -A | grep -q 'gameplay-\|queue\.' && ng "round $round: temporary files left"
done
exit $fail
