#!/bin/sh
# SPDX-License-Identifier: MIT
# A match-protocol program that answers its first `go' with f5 (Black's
# legal opening in Reversi), and at the next one exits, leaving a child
# that holds its standard output open, so the referee never sees the end
# of the output.  The child's process id is appended to the file named by
# the argument, so a test can check that the referee killed it.
n=0
while IFS= read -r line; do
	case $line in
	go)
		if [ $n = 1 ]; then
			sleep 1000 &
			echo $! >> "$1"
			exit 0
		fi
		n=1
		echo f5 ;;
	quit) exit 0 ;;
	esac
done
