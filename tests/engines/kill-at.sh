#!/bin/sh
# SPDX-License-Identifier: MIT
# A match-protocol program that passes every line to the program its
# other arguments name and, at the Nth `go' ($1), kills with SIGKILL the
# process whose id the file $2 holds (waiting for the file to be there):
# a referee killed at a known request, whatever the machine's speed.
n=$1
pidfile=$2
shift 2
k=0
while IFS= read -r line; do
	case $line in
	go)
		k=$((k + 1))
		if [ "$k" = "$n" ]; then
			while [ ! -s "$pidfile" ]; do sleep 0.05; done
			kill -9 "$(cat "$pidfile")"
			exit 1
		fi ;;
	esac
	printf '%s\n' "$line"
done | "$@"
