#!/bin/sh
# SPDX-License-Identifier: MIT
# A match-protocol program that passes every line to the program its
# other arguments name, and crashes at the Nth `go' ($1), before that
# program sees it: a crash at any request, inside a turn too.
n=$1
shift
k=0
while IFS= read -r line; do
	case $line in
	go)
		k=$((k + 1))
		[ "$k" = "$n" ] && exit 1 ;;
	esac
	printf '%s\n' "$line"
done | "$@"
