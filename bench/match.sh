#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay match -j (make bench): GAMES (200) Reversi games between
# built-in engines with -j 1 and -j 2, games per second by the wall clock
# and the CPU time of the referee and its programs (user + sys of the
# children), the median of 3 runs; the speedup of -j 2; the records of
# both compared (they must be the same bytes); then GAMES games at
# --tc 1+0.01 with -j 2 and their time losses (the referee's aim: none).
# PAIRS overrides the players: black,white engine arguments apart by
# spaces ("random,greedy greedy,mcts:200 mcts:100,mcts:100", the default:
# random against greedy takes about a millisecond a game, where process
# start-up is all there is to measure; the mcts pairs play games long
# enough for -j to show).
set -eu
games=${GAMES:-200}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
gp=$(pwd)/gameplay

# One run: prints "wall cpu" in seconds; the records go to $tmp/$1.pgn.
run() {	# name, -j, black, white, more match arguments...
	name=$1 j=$2 b=$3 w=$4
	shift 4
	(
		start=$(date +%s.%N)
		"$gp" match -b "$gp engine $b" -w "$gp engine $w" --alternate \
		    -n "$games" -j "$j" -o "$tmp/$name.pgn" \
		    --summary /dev/null "$@" reversi 2> /dev/null
		end=$(date +%s.%N)
		# The second line of times: the children's user and sys
		# (a builtin of this shell: in a pipe it would be a child's).
		times > "$tmp/times"
		sed -n 2p "$tmp/times" | tr 'ms' '  ' |
		    awk -v s="$start" -v e="$end" \
		    '{ printf "%.3f %.3f\n", e - s, $1 * 60 + $2 + $3 * 60 + $4 }'
	)
}

# The median of three runs: "wall cpu".
median() {	# name, -j, black, white
	for k in 1 2 3; do
		run "$@"
	done | sort -n | sed -n 2p
}

for pair in ${PAIRS:-random,greedy greedy,mcts:200 mcts:100,mcts:100}; do
	set -- $(echo "$pair" | tr , ' ')
	m1=$(median "j1" 1 "$1" "$2")
	m2=$(median "j2" 2 "$1" "$2")
	same=same
	cmp -s "$tmp/j1.pgn" "$tmp/j2.pgn" || same=DIFFERENT
	echo "$m1 $m2" | awk -v g="$games" -v p="$1-$2" -v same="$same" '{
		printf "match %-16s -j 1: %7.1f games/s wall, %7.1f games/cpu-s\n", p, g / $1, g / $2
		printf "match %-16s -j 2: %7.1f games/s wall, %7.1f games/cpu-s, %.2fx, records %s\n", p, g / $3, g / $4, $1 / $3, same
	}'
done

run tc 2 random greedy --tc 1+0.01 > /dev/null
losses=$(grep -c '^\[Termination ".* timed out"\]' "$tmp/tc.pgn" || true)
echo "match random-greedy --tc 1+0.01 -j 2: $games games, $losses time losses"
