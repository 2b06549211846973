#!/bin/sh
# SPDX-License-Identifier: MIT
# An NBoard engine with one quirk of real ones, for gameplay match's NBoard
# client (formats/protocol.md, "NBoard"): `gameplay engine --protocol
# nboard random' behind a filter.  QUIRK is
#   chatty   status, nodestats and search lines before every pong and
#            every answer, as Edax writes them
#   stale    a stale `=== a1' (an answer to no go) on every `move': it
#            comes before the next pong, and must not be taken for the
#            answer to the next go
#   no-pong  never answers `ping'
# Usage: nboard-quirk.sh QUIRK
quirk=$1
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/in" || exit 1
gameplay engine --protocol nboard random < "$dir/in" &
exec 3> "$dir/in"

while IFS= read -r line; do
	case $quirk:$line in
	chatty:ping*|chatty:go)
		printf 'status thinking\nnodestats 1200 0.01\n'
		printf 'search f5 +0.50 0 3\nstatus\n' ;;
	stale:move*)
		printf '=== a1\n' ;;
	no-pong:ping*)
		continue ;;
	esac
	printf '%s\n' "$line" >&3
done
