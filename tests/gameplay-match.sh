#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay match (gameplay(1), formats/protocol.md): built-in players run as
# programs; a program that answers an illegal move, one that crashes and
# one that sleeps past the timeout, each adjudicated as documented; one
# that cannot start, a match error; every write and read bounded by the
# clock or the program's exit; answers bounded; and a match killed after k
# games leaves k complete records.
set -u
. "${srcdir:-.}/tests/lib.sh"

# Two built-in players, colours alternating: complete, legal records.
gameplay match -b 'gameplay engine random' -w 'gameplay engine greedy' \
    -n 4 --alternate --summary "$tmp/sum.yaml" reversi > "$tmp/m.pgn" \
    2> "$tmp/err" || ng "match exits $?"
finished "$tmp/m.pgn" 4 ||
    ng "match records: $got"
[ "$(grep -c '^gameplay: game [1-4]/4: ' "$tmp/err")" = 4 ] ||
    ng "a line per game: $(cat "$tmp/err")"
grep -q '^\[Black "gameplay engine greedy"\]' "$tmp/m.pgn" ||
    ng "--alternate: greedy never played Black"
grep -q '^games: 4$' "$tmp/sum.yaml" && grep -q '^schema: arbiter-match/1$' \
    "$tmp/sum.yaml" || ng "summary: $(cat "$tmp/sum.yaml")"
ok "built-in players as programs"

# --timeout takes decimal seconds: no hex, no exponent.
for t in 0x1 1e3 1.5s; do
	gameplay match -b 'gameplay engine random' -w 'gameplay engine random' \
	    --timeout "$t" reversi > /dev/null 2> "$tmp/err"
	rc=$?
	[ $rc = 2 ] && grep -q "timeout takes seconds, not '$t'" "$tmp/err" ||
	    ng "--timeout $t: exit $rc: $(cat "$tmp/err")"
done
ok "--timeout takes decimal seconds"

# adjudicate ENGINE-SCRIPT SIDE TERMINATION [match options]
adjudicate() {
	script=$1 side=$2 want=$3
	shift 3
	if [ "$side" = white ]; then
		b='gameplay engine random' w="sh $engines/$script" win=black
	else
		b="sh $engines/$script" w='gameplay engine random' win=white
	fi
	gameplay match -b "$b" -w "$w" -n 2 "$@" reversi > "$tmp/a.pgn" \
	    2> "$tmp/err" || ng "$script: match exits $?"
	[ "$(grep -c "^\[Termination \"$want\"\]" "$tmp/a.pgn")" = 2 ] ||
	    ng "$script: $(grep Termination "$tmp/a.pgn")"
	[ "$(grep -c "^\[Winner \"$win\"\]" "$tmp/a.pgn")" = 2 ] ||
	    ng "$script: winner: $(grep Winner "$tmp/a.pgn")"
	grep -q "^gameplay: game 2/2: $win wins: $want (" "$tmp/err" ||
	    ng "$script: $(cat "$tmp/err")"
	# A record cut short by the referee is decided by forfeit, not an
	# error: finished, not unfinished.
	gamecheck --quiet "$tmp/a.pgn" > /dev/null 2> "$tmp/check" ||
	    ng "$script: gamecheck exits $?"
	line='2 records: 2 finished (2 forfeited), 0 unfinished, 0 illegal'
	grep -q ": $line, 0 malformed\$" "$tmp/check" ||
	    ng "$script: $(cat "$tmp/check")"
	ok "$want"
}
adjudicate illegal.sh white "illegal move c9 by white"
adjudicate crash.sh black "black crashed"
start=$(date +%s)
adjudicate slow.sh white "white timed out" --timeout 0.5
[ $(( $(date +%s) - start )) -lt 20 ] || ng "the timeout took too long"

# alive FILE: those of the process ids in FILE that still run (not
# zombies), each killed so that a failing test leaves nothing behind.
alive() {
	left= i=0
	while [ $i -lt 20 ]; do
		left=
		for p in $(cat "$1"); do
			case $(ps -o stat= -p "$p" 2> /dev/null) in
			''|Z*) ;;
			*) left="$left $p" ;;
			esac
		done
		[ -z "$left" ] && break
		sleep 0.1
		i=$((i + 1))
	done
	[ -n "$left" ] && kill $left
	echo $left
}

# A program that cannot start is a match error, not lost games: a message
# naming it, exit 2, no record and no summary (formats/protocol.md).
# nostart WHAT MESSAGE [options]: MESSAGE is the line after "gameplay: ".
nostart() {
	what=$1 want=$2
	shift 2
	rm -f "$tmp/ns.yaml"
	timeout 20 ${via:-} gameplay match --summary "$tmp/ns.yaml" -n 4 "$@" \
	    reversi \
	    > "$tmp/ns.pgn" 2> "$tmp/err"
	rc=$?
	[ $rc = 2 ] || ng "$what: exits $rc"
	grep -qxF "gameplay: $want" "$tmp/err" || ng "$what: $(cat "$tmp/err")"
	[ -s "$tmp/ns.pgn" ] && ng "$what: records: $(cat "$tmp/ns.pgn")"
	[ -e "$tmp/ns.yaml" ] && ng "$what: a summary: $(cat "$tmp/ns.yaml")"
	ok "a program that cannot start: $what"
}

# orphan WHAT: a match (through ${via:-}) against orphan.sh, which exits in
# the middle of a game while a child of its holds its output, under
# --timeout 0: Black crashed, and no process of its left running.
orphan() {
	: > "$tmp/pids"
	timeout 20 ${via:-} gameplay match \
	    -b "sh $engines/orphan.sh $tmp/pids" \
	    -w 'gameplay engine random' --timeout 0 reversi > "$tmp/o.pgn" \
	    2> "$tmp/err" || ng "$1: exits $?: $(cat "$tmp/err")"
	grep -q '^\[Termination "black crashed"\]' "$tmp/o.pgn" ||
	    ng "$1: $(cat "$tmp/o.pgn")"
	left=$(alive "$tmp/pids")
	[ -z "$left" ] || ng "left running: $left"
}

nostart "command not found" "match: 'no-such-engine-xyz' exited before its first answer (exit status 127: command not found?)" \
    -b 'gameplay engine random' -w no-such-engine-xyz
nostart "exit 3" "match: 'exit 3' exited before its first answer (exit status 3)" \
    -b 'exit 3' -w 'gameplay engine random'
# It exits, a child holding its output: found out without a timeout.
: > "$tmp/pids"
cmd="sleep 1000 & echo \$! >> $tmp/pids; exit 0"
nostart "a child holds its output" "match: '$cmd' exited before its first answer (exit status 0)" \
    --timeout 0 -b "$cmd" -w 'gameplay engine random'
left=$(alive "$tmp/pids")
[ -z "$left" ] || ng "left running: $left"
# Never asked, because the other program lost every game at its first
# move: still found out, and no game is scored for it.
nostart "never asked" "match: 'no-such-engine-xyz' exited before its first answer (exit status 127: command not found?)" \
    --timeout 1 -b 'echo zz; cat > /dev/null' -w no-such-engine-xyz
# It closes its input and output and lives on, never asked: found out
# within its grace, no record.
nostart "pipes closed" "match: 'read g; exec 0<&- >&-; sleep 30' closed its input or output before its first answer" \
    -b "sh $engines/illegal.sh" -w 'read g; exec 0<&- >&-; sleep 30'
# Timed out (running, stopped by the referee: it had started), then gone
# at once when started again: the game it lost stands, the match stops.
printf 'if [ -e %s/flaky ]; then exit 1; fi\n: > %s/flaky\nsleep 100\n' \
    "$tmp" "$tmp" > "$tmp/flaky.sh"
# It neither reads nor writes: not ready within its start-up time-out.
timeout 20 gameplay match --summary "$tmp/ns.yaml" -n 4 --timeout 0.3 \
    --startup-timeout 1 \
    -b "sh $tmp/flaky.sh" -w 'gameplay engine random' reversi \
    > "$tmp/ns.pgn" 2> "$tmp/err"
rc=$?
[ $rc = 2 ] && grep -qxF "gameplay: match: 'sh $tmp/flaky.sh' exited before its first answer (exit status 1)" "$tmp/err" ||
    ng "timed out, then gone: exits $rc: $(cat "$tmp/err")"
[ "$(grep -c '^\[Termination "black timed out"\]' "$tmp/ns.pgn")" = 1 ] &&
    [ "$(grep -c '^\[Event' "$tmp/ns.pgn")" = 1 ] ||
    ng "timed out, then gone: $(cat "$tmp/ns.pgn")"
ok "timed out, then gone: the game lost stands, the match stops"
# A program that is slow but there is not a start failure: it was killed
# for its time, not gone by itself, and leaves on quit.
timeout 20 gameplay match -b 'gameplay engine random' \
    -w "sh $engines/slow.sh" --timeout 0.3 -n 2 reversi > "$tmp/s.pgn" \
    2> "$tmp/err" || ng "slow: exits $?: $(cat "$tmp/err")"
[ "$(grep -c '^\[Termination "white timed out"\]' "$tmp/s.pgn")" = 2 ] ||
    ng "slow: $(cat "$tmp/s.pgn")"
ok "a slow program is no start failure"

# gameplay started with SIGCHLD ignored (some job runners do that, and
# exec keeps it): the programs' exits are still seen.
if command -v perl > /dev/null 2>&1; then
	printf '#!/bin/sh\nexec perl -e %s "$@"\n' \
	    "'\$SIG{CHLD} = \"IGNORE\"; exec @ARGV'" > "$tmp/ignchld"
	chmod +x "$tmp/ignchld"
	via=$tmp/ignchld
	orphan "SIGCHLD ignored"
	nostart "SIGCHLD ignored, exit 3" "match: 'exit 3' exited before its first answer (exit status 3)" \
	    -b 'exit 3' -w 'gameplay engine random'
	via=
	ok "SIGCHLD ignored"
fi

# A program that exits in the middle of a game, a child holding its output,
# under --timeout 0: crashed, at once, and the child killed.
orphan orphan
ok "crashed while a child holds its output"

# A program that writes a stray line after every answer: the stray line
# is no answer to the next request, and the game is played out.
timeout 60 gameplay match -b "sh $engines/chatty.sh" \
    -w 'gameplay engine random' --timeout 5 reversi > "$tmp/c.pgn" \
    2> "$tmp/err" || ng "chatty: exits $?: $(cat "$tmp/err")"
grep -q '^\[Termination' "$tmp/c.pgn" &&
    ng "chatty: $(grep '^\[Termination' "$tmp/c.pgn")"
got=$(gamecheck --quiet "$tmp/c.pgn" 2>&1 | tail -n 1)
[ "$got" = "gamecheck: 1 record: 1 finished, 0 unfinished, 0 illegal, 0 malformed" ] ||
    ng "chatty: $got"
ok "a line beyond an answer is no answer"

# deaf WHAT WANT CMD [options]: CMD never reads its input and resigns every
# game; the referee's lines fill the pipe (64 KiB: some 2500 games), and the
# write that cannot go on ends that game with WANT; every other game is
# resigned, and the match goes on.
deaf() {
	what=$1 want=$2 cmd=$3
	shift 3
	# A guard against a hang, not a speed limit: a sanitizer build on a
	# loaded machine restarts 3000 programs in minutes.
	timeout 600 gameplay match -b "$cmd" -w 'gameplay engine random' \
	    -n 3000 "$@" reversi > "$tmp/d.pgn" 2> "$tmp/err" ||
	    ng "$what: exits $?: $(tail -n 3 "$tmp/err")"
	n=$(grep -c "^\[Termination \"$want\"\]" "$tmp/d.pgn")
	r=$(grep -c '^\[Termination "black resigned"\]' "$tmp/d.pgn")
	[ "$n" -ge 1 ] && [ $((n + r)) = 3000 ] ||
	    ng "$what: $n games $want, $r resigned"
	ok "$what: $want"
}
deaf "a program that never reads" "black timed out" 'exec yes resign' \
    --timeout 1
# Under --timeout 0, the program has exited, a child holding its input
# (through fd 3: an asynchronous command's own input is /dev/null).
: > "$tmp/pids"
deaf "a program gone, its input held" "black crashed" \
    "exec 3<&0; sleep 1000 <&3 > /dev/null 2>&1 & echo \$! >> $tmp/pids; yes resign | head -n 4000" \
    --timeout 0
left=$(alive "$tmp/pids")
[ -z "$left" ] || ng "left running: $left"

# Answers: a NUL makes one illegal, where it once played what came before
# it; one longer than 4 KiB is illegal, read no further (memory stays
# flat), and its program is started again for the next game.
timeout 20 gameplay match -b "sh $engines/answer.sh 'f5\\000junk\\n'" \
    -w 'gameplay engine random' reversi > "$tmp/a.pgn" 2> "$tmp/err" ||
    ng "NUL: exits $?"
grep -q '^\[Termination "illegal move f5.*junk by black"\]' "$tmp/a.pgn" ||
    ng "NUL: $(cat "$tmp/a.pgn")"
ok "an answer with a NUL is illegal"
# AddressSanitizer reserves terabytes of address space: no ulimit -v then.
limit=500000
ldd "$builddir/gameplay" 2> /dev/null | grep -q libasan && limit=unlimited
(ulimit -v $limit; timeout 20 gameplay match -b 'yes f5 | tr -d "\n"' \
    -w 'gameplay engine random' -n 2 --timeout 5 reversi) > "$tmp/a.pgn" \
    2> "$tmp/err" || ng "endless answer: exits $?: $(cat "$tmp/err")"
[ "$(grep -c '^\[Termination "illegal move f5f5f5.* by black"\]' \
    "$tmp/a.pgn")" = 2 ] || ng "endless answer: $(cat "$tmp/a.pgn")"
ok "an answer without an end is illegal"

# interrupted BLACK WANT LABEL: a match of BLACK against a built-in player
# killed with SIGTERM after 3 games or more leaves k complete records and
# nothing else: gamecheck says WANT of them (k stands for their number).
# The file exists before the referee starts, so the count never races it.
interrupted() {
	: > "$tmp/i.pgn"
	gameplay match -b "$1" -w 'gameplay engine random' -n 100000 \
	    reversi >> "$tmp/i.pgn" 2> /dev/null &
	pid=$!
	i=0
	while [ "$(grep -c '^\[Event' "$tmp/i.pgn")" -lt 3 ] &&
	    [ $i -lt 200 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -TERM $pid
	wait $pid 2> /dev/null
	k=$(grep -c '^\[Event' "$tmp/i.pgn")
	want=$(echo "$2" | sed "s/k/$k/g")
	got=$(gamecheck --quiet "$tmp/i.pgn" 2>&1 | tail -n 1)
	[ "$k" -ge 3 ] && [ "$got" = "gamecheck: $want" ] ||
	    ng "interrupted after $k games${3:-}: $got"
	ok "interrupted after $k games${3:-}"
}
interrupted 'gameplay engine random' \
    'k records: k finished, 0 unfinished, 0 illegal, 0 malformed'
# One program never asked (the other loses every game at its first
# answer): its games are written as they end all the same.
interrupted "sh $engines/illegal.sh" \
    'k records: k finished (k forfeited), 0 unfinished, 0 illegal, 0 malformed' \
    ", one program never asked"
exit $fail
