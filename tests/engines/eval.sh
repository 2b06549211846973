#!/bin/sh
# SPDX-License-Identifier: MIT
# A match-protocol program that says WORDS after every action it answers
# (formats/protocol.md, "Evaluations"): `gameplay engine PLAYER' behind a
# filter, so a test scripts what a program says of its moves, good or bad.
# Usage: eval.sh 'eval -5 depth 3' [PLAYER]
words=$1 player=${2:-greedy}
gameplay engine "$player" | while IFS= read -r line; do
	case $line in
	ready) printf '%s\n' "$line" ;;
	*) [ -n "$words" ] || { printf '%s\n' "$line"; continue; } ;;
	esac
	case $line in
	ready) ;;
	*) printf '%s %s\n' "$line" "$words" ;;
	esac
done
