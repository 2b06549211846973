#!/bin/sh
# SPDX-License-Identifier: MIT
# A match-protocol program that crashes in the middle of a game: it
# answers its first `go' with f5, legal for Black at the start of Reversi
# (so it has started, formats/protocol.md), and exits at the next one.
# The referee must adjudicate a crash.
n=0
while IFS= read -r line; do
	case $line in
	go)
		[ $n = 1 ] && exit 1
		n=1
		echo f5 ;;
	quit) exit 0 ;;
	esac
done
