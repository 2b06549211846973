#!/bin/sh
# SPDX-License-Identifier: MIT
# A match-protocol program for Oust and Rive that always takes the pie
# rule: it answers `swap' when asked on turn 2 and otherwise the first
# legal action (gameplay legal on the game so far).  With a file argument
# it appends "NAME MOVES" to it at every `go', so a test can see which
# program was asked at which point of the game.
log=${1:-/dev/null} name=${2:-swap}
game= board= moves=
while IFS= read -r line; do
	case $line in
	"game "*)
		set -- $line
		game=$2 board=$3 ;;
	moves*)
		moves=${line#moves} moves=${moves# } ;;
	go)
		echo "$name $moves" >> "$log"
		set -- $moves
		if [ $# = 1 ]; then
			echo swap
			continue
		fi
		printf '[Game "%s"]\n[Board "%s"]\n\n%s\n' "$game" "$board" \
		    "$moves" | gameplay legal - |
		    sed -n 's/^legal: \[\([^],]*\).*/\1/p' ;;
	quit) exit 0 ;;
	esac
done
