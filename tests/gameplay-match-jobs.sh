#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay match -j N (gameplay(1)): the records, lines and summary of a
# seed are the same bytes whatever N, with openings and in tournaments
# too; --order completion writes the same
# records; the `seed' line of the match protocol lets a resumed match of
# built-in players play the games of an uninterrupted one; an engine
# killed mid-game loses that game only; a referee process killed
# mid-game stops the match, which --resume ends as if never stopped; a
# SIGTERM to the referee leaves no process of the match behind; --sprt
# with -j stops where -j 1 does; -j 0 and -j x are usage errors.
set -u
. "${srcdir:-.}/tests/lib.sh"

b='gameplay engine random'
w='gameplay engine -S 7 mcts:20'
match() {
	gameplay match -b "$b" -w "$w" --alternate -S 11 "$@" reversi
}
# The pids of the processes descended from pid $1.
descendants() {
	ps -eo pid=,ppid= | awk -v top="$1" '
		{ parent[$1] = $2 }
		END {
			do {
				more = 0
				for (p in parent)
					if (!(p in mine) &&
					    (parent[p] == top || parent[p] in mine)) {
						mine[p] = 1
						more = 1
					}
			} while (more)
			for (p in mine)
				print p
		}'
}
# Waits up to 10 s for the process $1 to have $2 descendants or more.
wait_for() {
	k=0
	while [ "$(descendants "$1" | wc -l)" -lt "$2" ] && [ $k -lt 100 ]; do
		sleep 0.1
		k=$((k + 1))
	done
}
# The records of $1, one a line, sorted.
records() {
	awk '/^\[Event / && r != "" { print r; r = "" } { r = r $0 "|" }
	    END { if (r != "") print r }' "$1" | sort
}
# The records of $1 but those of the games $2 (an ERE of Round values).
without() {
	awk -v out="^\\[Round \"($2)\"\\]$" '
	    /^\[Event / { if (keep) printf "%s", r; r = ""; keep = 1 }
	    $0 ~ out { keep = 0 }
	    { r = r $0 "\n" }
	    END { if (keep) printf "%s", r }' "$1"
}

# The seed travels: games 4 to 6 resumed by fresh engines are the games
# an uninterrupted run plays.
match -n 6 -o "$tmp/whole.pgn" --summary "$tmp/whole.yaml" 2> /dev/null ||
    ng "the uninterrupted match fails"
match -n 3 -o "$tmp/resumed.pgn" 2> /dev/null &&
    match -n 6 -o "$tmp/resumed.pgn" --resume \
	--summary "$tmp/resumed.yaml" 2> /dev/null ||
    ng "the resumed match fails"
if cmp -s "$tmp/whole.pgn" "$tmp/resumed.pgn" &&
    cmp -s "$tmp/whole.yaml" "$tmp/resumed.yaml"; then
	ok "a resumed match of built-in engines plays the uninterrupted games"
else
	ng "a resumed match plays other games than an uninterrupted one"
fi

# The same bytes whatever -j: records, lines and summary.
for j in 1 2 3; do
	match -n 9 -j "$j" -o "$tmp/j$j.pgn" --summary "$tmp/j$j.yaml" \
	    2> "$tmp/j$j.err" || ng "-j $j exits $?"
done
for j in 2 3; do
	cmp -s "$tmp/j1.pgn" "$tmp/j$j.pgn" || ng "-j $j: other records"
	cmp -s "$tmp/j1.yaml" "$tmp/j$j.yaml" || ng "-j $j: another summary"
	cmp -s "$tmp/j1.err" "$tmp/j$j.err" || ng "-j $j: other lines"
done
[ "$(grep -c '^\[Round' "$tmp/j1.pgn")" = 9 ] || ng "-j 1: not 9 records"
ok "-j 1, 2 and 3 write the same bytes"

# Openings (shuffled, repeated) and a tournament: game i is the same
# whoever plays it.
printf 'f5d6c3\nf5f6e6f4\nc4e3f6\n' > "$tmp/three.txt"
for j in 1 3; do
	match -n 8 -j "$j" --openings "$tmp/three.txt" --openings-order random \
	    --repeat > "$tmp/o$j.pgn" 2> "$tmp/o$j.err" ||
	    ng "--openings -j $j exits $?"
	gameplay match --engine "$b" --engine "$w" --engine 'gameplay engine greedy' \
	    -n 2 -j "$j" -S 5 reversi > "$tmp/t$j.pgn" 2> "$tmp/t$j.err" ||
	    ng "a tournament -j $j exits $?"
done
grep -q '^\[Opening ' "$tmp/o1.pgn" || ng "--openings: no Opening tag"
cmp -s "$tmp/o1.pgn" "$tmp/o3.pgn" && cmp -s "$tmp/o1.err" "$tmp/o3.err" ||
    ng "--openings -j 3: other records or lines"
[ "$(grep -c '^\[Round' "$tmp/t1.pgn")" = 6 ] || ng "a tournament: not 6 games"
cmp -s "$tmp/t1.pgn" "$tmp/t3.pgn" && cmp -s "$tmp/t1.err" "$tmp/t3.err" ||
    ng "a tournament -j 3: other records, lines or summary"
ok "openings and tournaments: the same bytes with -j 3"

# --order completion: the same records, in any order, the same summary
# (no --sprt: the counts do not depend on the order); resumed with its
# holes, it plays the games missing.
match -n 9 -j 3 --order completion -o "$tmp/c.pgn" --summary "$tmp/c.yaml" \
    2> /dev/null || ng "--order completion exits $?"
[ "$(records "$tmp/c.pgn")" = "$(records "$tmp/j1.pgn")" ] ||
    ng "--order completion: other records"
cmp -s "$tmp/c.yaml" "$tmp/j1.yaml" || ng "--order completion: another summary"
# Games 2, 5 and 9 taken out.
without "$tmp/j1.pgn" '2|5|9' > "$tmp/holes.pgn"
match -n 9 -j 2 --order completion -o "$tmp/holes.pgn" --resume \
    --summary "$tmp/holes.yaml" 2> "$tmp/err" || ng "resume with holes exits $?"
[ "$(grep -c '^gameplay: game' "$tmp/err")" = 3 ] ||
    ng "resume with holes: not 3 games played: $(cat "$tmp/err")"
[ "$(records "$tmp/holes.pgn")" = "$(records "$tmp/j1.pgn")" ] ||
    ng "resume with holes: other records"
cmp -s "$tmp/holes.yaml" "$tmp/j1.yaml" || ng "resume with holes: another summary"
# In game order the file must hold games 1, 2, ... in turn; a game out
# of turn is said to be one, with what resumes it.
without "$tmp/j1.pgn" 2 > "$tmp/hole.pgn"
cp "$tmp/hole.pgn" "$tmp/hole0.pgn"
match -n 9 -j 2 -o "$tmp/hole.pgn" --resume 2> "$tmp/err"
[ $? = 2 ] && grep -q 'record 2 is game 3 of this match, out of turn (a file of --order completion is resumed with --order completion)' "$tmp/err" &&
    cmp -s "$tmp/hole.pgn" "$tmp/hole0.pgn" ||
    ng "a hole resumed in game order: $(cat "$tmp/err")"
# A game twice is no game of a match.
{ cat "$tmp/j1.pgn"; without "$tmp/j1.pgn" '[2-9]'; } > "$tmp/twice.pgn"
match -n 12 -j 2 --order completion -o "$tmp/twice.pgn" --resume \
    2> "$tmp/err"
[ $? = 2 ] && grep -q 'game 1 is there twice' "$tmp/err" ||
    ng "a game twice resumed: $(cat "$tmp/err")"
ok "--order completion writes the same records, and resumes any of them"

# --sprt with -j: the same stop, the same records, the same verdict; the
# games running past the deciding one are discarded.
for j in 1 3; do
	gameplay match -b 'gameplay engine greedy' -w 'gameplay engine random' \
	    --alternate -n 200 -j "$j" --sprt 'elo0=0 elo1=200 alpha=0.1 beta=0.1' \
	    -o "$tmp/s$j.pgn" --summary "$tmp/s$j.yaml" reversi 2> /dev/null ||
	    ng "--sprt -j $j exits $?"
done
n=$(grep -c '^\[Round' "$tmp/s1.pgn")
[ "$n" -lt 200 ] && grep -q 'verdict: H1' "$tmp/s1.yaml" ||
    ng "--sprt did not decide: $n games"
cmp -s "$tmp/s1.pgn" "$tmp/s3.pgn" && cmp -s "$tmp/s1.yaml" "$tmp/s3.yaml" ||
    ng "--sprt -j 3 stops elsewhere than -j 1"
ok "--sprt -j 3 stops after game $n, as -j 1"

# An engine killed in the middle of a game: that game is a crash, the
# others are played.
slow="$engines/sleepy.sh 0.02 gameplay engine random"
gameplay match -b "$slow" -w "$slow" -n 4 -j 2 -o "$tmp/k.pgn" reversi \
    2> "$tmp/k.err" &
pid=$!
wait_for "$pid" 6
# Both engines of both games have answered: they started.
sleep 0.5
victim=$(ps -eo pid=,ppid=,args= | awk -v p="$(descendants "$pid" | tr '\n' ' ')" '
	BEGIN { n = split(p, a, " "); for (i = 1; i <= n; i++) mine[a[i]] = 1 }
	($1 in mine) && /gameplay engine random/ && !/sleepy/ { print $1; exit }')
[ -n "$victim" ] && kill -9 "$victim"
wait "$pid" || ng "a match with an engine killed exits $?"
[ "$(grep -c '^\[Round' "$tmp/k.pgn")" = 4 ] &&
    grep -q 'crashed' "$tmp/k.err" ||
    ng "an engine killed: $(cat "$tmp/k.err")"
ok "an engine killed loses its game"

# A referee process killed in the middle of a game stops the match
# (exit 2, no hang); --resume ends it as if it had never stopped.
gameplay match -b "$slow" -w "$b" -n 4 -S 3 -o "$tmp/full.pgn" reversi \
    2> /dev/null || ng "the match to compare with exits $?"
gameplay match -b "$slow" -w "$b" -n 4 -S 3 -j 2 -o "$tmp/r.pgn" reversi \
    2> "$tmp/r.err" &
pid=$!
wait_for "$pid" 6
worker=$(ps -eo pid=,ppid= | awk -v p="$pid" '$2 == p { print $1; exit }')
[ -n "$worker" ] && kill -9 "$worker"
wait "$pid"
st=$?
[ $st = 2 ] && grep -q 'ended in the middle of it' "$tmp/r.err" ||
    ng "a referee process killed: exit $st: $(cat "$tmp/r.err")"
gameplay match -b "$slow" -w "$b" -n 4 -S 3 -j 2 -o "$tmp/r.pgn" --resume \
    reversi 2> /dev/null || ng "resumed after a kill: exit $?"
cmp -s "$tmp/full.pgn" "$tmp/r.pgn" ||
    ng "resumed after a kill: other records"
ok "a referee process killed stops the match; --resume ends it"

# SIGTERM to the referee: its processes and their engines all go, long
# before their games (12 s at least) could end by themselves.
slower="$engines/sleepy.sh 0.2 gameplay engine random"
gameplay match -b "$slower" -w "$slower" -n 8 -j 3 -o "$tmp/t.pgn" reversi \
    2> /dev/null &
pid=$!
wait_for "$pid" 9
left=$(descendants "$pid" | tr '\n' ' ')
[ -n "$left" ] || ng "SIGTERM: no processes found"
kill -TERM "$pid"
wait "$pid"
st=$?
k=0
while [ $k -lt 30 ]; do
	alive=
	for p in $left; do
		kill -0 "$p" 2> /dev/null && alive="$alive $p"
	done
	[ -z "$alive" ] && break
	sleep 0.1
	k=$((k + 1))
done
[ $st = 143 ] || ng "SIGTERM: exit $st"
[ -z "$alive" ] || ng "SIGTERM left $alive: $(ps -o pid,args -p "$(echo $alive | tr ' ' ,)")"
ok "SIGTERM leaves no process behind"

# The programs get no descriptor of the referee's but their pipes: not
# -o's file (they could write into the records), with -j or without.
cat > "$tmp/fds.sh" << EOF
for fd in 3 4 5 6 7 8 9; do
	if { true >&\$fd; } 2> /dev/null; then echo "fd \$fd" >> "$tmp/fds.log"; fi
done
exec gameplay engine random
EOF
rm -f "$tmp/fds.log"
for j in 1 2; do
	gameplay match -b "sh $tmp/fds.sh" -w "$b" -n 2 -j $j -o "$tmp/fds.pgn" \
	    reversi 2> "$tmp/err" || ng "fds -j $j: exit $?: $(cat "$tmp/err")"
	gameplay match -b "sh $tmp/fds.sh" -w "$b" -n 3 -j $j -o "$tmp/fds.pgn" \
	    --resume reversi 2> "$tmp/err" ||
	    ng "fds -j $j --resume: exit $?: $(cat "$tmp/err")"
done
[ ! -e "$tmp/fds.log" ] && ok "the programs inherit no descriptor" ||
    ng "the programs inherit $(sort "$tmp/fds.log" | uniq -c | tr '\n' ' ')"

# -j takes 1 to 256 games.
for j in 0 x 257 ''; do
	gameplay match -b "$b" -w "$b" -j "$j" reversi > /dev/null 2> "$tmp/err"
	[ $? = 2 ] && grep -q -- "-j takes a number of jobs, 1 to 256, not '$j'" \
	    "$tmp/err" || ng "-j '$j': $(cat "$tmp/err")"
done
gameplay match -b "$b" -w "$b" --order random reversi > /dev/null 2> "$tmp/err"
[ $? = 2 ] && grep -q -- "--order takes game or completion, not 'random'" \
    "$tmp/err" || ng "--order random: $(cat "$tmp/err")"
ok "-j and --order refuse what they do not take"

exit $fail
