#!/bin/sh
# SPDX-License-Identifier: MIT
# A GTP controller as GRhino's and GoGui's are: plays the GTP engines of
# commands $1 (black) and $2 (white) against each other with genmove and
# play until two passes in a row, whatever the rules say, then asks both
# `final_score'.  Prints each engine's final_score on a line of its own;
# exits 1, saying what, at the first `?' response or a move cap of 200.
# Usage: gtp-pair.sh BLACK WHITE
dir=$(mktemp -d) || exit 99
trap 'exec 3>&- 5>&-; wait; rm -rf "$dir"' EXIT
mkfifo "$dir/bi" "$dir/bo" "$dir/wi" "$dir/wo" || exit 99
sh -c "$1" < "$dir/bi" > "$dir/bo" &
sh -c "$2" < "$dir/wi" > "$dir/wo" &
exec 3> "$dir/bi" 4< "$dir/bo" 5> "$dir/wi" 6< "$dir/wo"

# ask FD-OUT FD-IN COMMAND: the response's text in $answer; exits 1 at `?',
# but for `play C pass', which engines that know no pass refuse (GRhino).
ask() {
	printf '%s\n' "$3" >&"$1"
	IFS= read -r first <&"$2" || { echo "no answer to '$3'"; exit 1; }
	while IFS= read -r rest <&"$2" && [ -n "$rest" ]; do :; done
	case $first in
	'='*) answer=${first#=}; answer=${answer# } ;;
	*)	case $3 in
		play\ ?\ pass) answer= ;;
		*) echo "'$3': $first"; exit 1 ;;
		esac ;;
	esac
}

for e in '3 4' '5 6'; do
	set -- $e
	ask $1 $2 'boardsize 8'
	ask $1 $2 clear_board
done
passes=0 moves=0 colour=b
while [ $passes -lt 2 ]; do
	if [ $colour = b ]; then
		ask 3 4 'genmove b'
		mv=$(printf '%s' "$answer" | tr 'A-Z' 'a-z')
		ask 5 6 "play b $mv"
		colour=w
	else
		ask 5 6 'genmove w'
		mv=$(printf '%s' "$answer" | tr 'A-Z' 'a-z')
		ask 3 4 "play w $mv"
		colour=b
	fi
	case $mv in
	pass) passes=$((passes + 1)) ;;
	*) passes=0 ;;
	esac
	moves=$((moves + 1))
	[ $moves -lt 200 ] || { echo "no end after 200 moves"; exit 1; }
done
ask 3 4 final_score
echo "black: $answer"
ask 5 6 final_score
echo "white: $answer"
printf 'quit\n' >&3
printf 'quit\n' >&5
