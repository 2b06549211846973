#!/bin/sh
# SPDX-License-Identifier: MIT
# A match-protocol program that passes every line to the program its
# other arguments name, each `go' after a sleep of $1 seconds: games long
# enough for a test to kill something in the middle of one.
s=$1
shift
while IFS= read -r line; do
	case $line in
	go) sleep "$s" ;;
	esac
	printf '%s\n' "$line"
done | "$@"
