#!/bin/sh
# SPDX-License-Identifier: MIT
# A match-protocol program that passes every line to the program its
# other arguments name, each `go' after a sleep of $1 seconds: games long
# enough for a test to kill something in the middle of one.
#
# The program is exec'd in this process, reading the lines through a FIFO
# from a loop in the background, so that it alone holds the referee's end
# of its output: killed, it is seen gone at once (a crash), whatever it
# was doing.  (A pipeline "loop | program" left this shell holding that
# end while it waited, so a program killed while thinking was seen only
# when the referee's time-out ran out: a timed-out game, by chance.)
s=$1
shift
fifo=$(mktemp -u "${TMPDIR:-/tmp}/sleepy.XXXXXX") && mkfifo -m 600 "$fifo" ||
    exit 1
exec 3<&0
while IFS= read -r line; do
	case $line in
	go) sleep "$s" ;;
	esac
	printf '%s\n' "$line"
done <&3 3<&- > "$fifo" &
exec 3<&- < "$fifo"
rm -f "$fifo"
exec "$@"
