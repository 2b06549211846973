#!/bin/sh
# SPDX-License-Identifier: MIT
# A match-protocol program for Reversi that crashes in the middle of a
# game: it answers its first `go' with a legal move (f5 at the start, as
# Black; otherwise the first that gameplay legal lists), so it has
# started (formats/protocol.md), and exits at the next one.  The referee
# must adjudicate a crash, whichever colour the program plays.
n=0 moves=
while IFS= read -r line; do
	case $line in
	moves*)
		moves=${line#moves} moves=${moves# } ;;
	go)
		[ $n = 1 ] && exit 1
		n=1
		if [ -z "$moves" ]; then
			echo f5
			continue
		fi
		printf '[Game "reversi"]\n\n%s\n' "$moves" | gameplay legal - |
		    sed -n 's/^legal: \[\([^],]*\).*/\1/p' ;;
	quit) exit 0 ;;
	esac
done
