#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay selfplay with random players: games per second for each game,
# records written and thrown away (make bench); and the stronger players
# for scale.  GAMES overrides the count of random games.
set -eu
games=${GAMES:-20000}

run() {	# label, games, selfplay arguments...
	label=$1 n=$2
	shift 2
	start=$(date +%s.%N)
	./gameplay selfplay "$@" -n "$n" --seed 1 > /dev/null
	end=$(date +%s.%N)
	awk -v g="$label" -v n="$n" -v s="$start" -v e="$end" \
	    'BEGIN { t = e - s; printf "selfplay %-22s %6d games %7.2f s %9.1f games/s\n", g, n, t, n / t }'
}

for spec in "reversi 8x8" "herd 5" "stones 8x8" "oust 7" "rive 3-3-5"; do
	set -- $spec
	./gameplay --help | grep -q "^Games:.* $1\( \|$\)" || continue
	run "$1 $2 random" "$games" "$1" --size "$2"
done
run "reversi greedy" 2000 reversi -b greedy -w greedy
run "reversi mcts:100" 20 reversi -b mcts:100 -w mcts:100
run "herd 5 mcts:100" 4 herd -b mcts:100 -w mcts:100
