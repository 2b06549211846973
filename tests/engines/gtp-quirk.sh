#!/bin/sh
# SPDX-License-Identifier: MIT
# A GTP engine with one quirk of real ones, for gameplay match's GTP
# client (formats/protocol.md, "GTP"): `gameplay engine --protocol gtp
# random' behind a filter.  QUIRK is
#   wrong-ids  every response carries the id 99, whatever was asked
#   no-pass    `play C pass' answers `? syntax error' (logged to LOG)
#   no-board   `boardsize' answers `? unacceptable size'
#   stale      genmove once the game is over answers a stale move, the
#              last one again (logged to LOG): it must not be asked
#   hang       genmove never answers
#   nul        genmove answers a legal move with a NUL after it
#   two-lines  genmove answers a legal move, then a second line (c4)
#   crash      exits at its third genmove of each run
#   no-time    lists neither time_settings nor time_left, and answers
#              them `? unknown command' (logged to LOG)
# Usage: gtp-quirk.sh QUIRK [LOG]
quirk=$1 log=${2:-/dev/null}
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/in" "$dir/out" || exit 1
gameplay engine --protocol gtp random < "$dir/in" > "$dir/out" &
exec 3> "$dir/in" 4< "$dir/out"
asked=0

# Passes the command on and its response back, the first line as sed $1
# rewrites it.
relay() {
	printf '%s\n' "$line" >&3
	IFS= read -r first <&4
	printf '%s\n' "$first" | sed "$1"
	while IFS= read -r rest <&4 && [ -n "$rest" ]; do
		printf '%s\n' "$rest"
	done
	echo
}

while IFS= read -r line; do
	case $quirk:$line in
	no-pass:play\ *\ pass)
		echo "refused: $line" >> "$log"
		printf '? syntax error\n\n' ;;
	no-board:boardsize*)
		printf '? unacceptable size\n\n' ;;
	hang:genmove*)
		sleep 60 ;;
	crash:genmove*)
		asked=$((asked + 1))
		[ $asked -lt 3 ] || exit 3
		relay s/^// ;;
	nul:genmove*)
		printf '= d3\000\n\n' ;;
	two-lines:genmove*)
		printf '= d3\nc4\n\n' ;;
	stale:genmove*)
		printf '%s\n' "$line" >&3
		IFS= read -r first <&4
		IFS= read -r rest <&4
		case $first in
		'? the game is over')
			echo "asked after the end: $line" >> "$log"
			first="= $last" ;;
		*)	last=${first#= } ;;
		esac
		printf '%s\n\n' "$first" ;;
	no-time:list_commands)
		printf '%s\n' "$line" >&3
		while IFS= read -r rest <&4 && [ -n "$rest" ]; do
			case $rest in
			time_*) ;;
			*) printf '%s\n' "$rest" ;;
			esac
		done
		echo ;;
	no-time:time_*)
		echo "asked: $line" >> "$log"
		printf '? unknown command\n\n' ;;
	wrong-ids:*)
		relay 's/^\([=?]\)[0-9]*/\199/' ;;
	*:quit)
		relay s/^//
		exit 0 ;;
	*)
		relay s/^// ;;
	esac
done
