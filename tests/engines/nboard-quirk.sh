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
#   edax     answers as Edax does, `=== f5 0.00 0.0' (move, evaluation,
#            time), and logs to LOG a `go' before any `set depth'
# Usage: nboard-quirk.sh QUIRK [LOG]
quirk=$1 log=${2:-/dev/null}
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/in" || exit 1
case $quirk in
edax)
	gameplay engine --protocol nboard random < "$dir/in" |
	    sed -u 's/^=== \(.*\)$/=== \1 0.00 0.0/' & ;;
*)
	gameplay engine --protocol nboard random < "$dir/in" & ;;
esac
exec 3> "$dir/in"
depth=

while IFS= read -r line; do
	case $quirk:$line in
	chatty:ping*|chatty:go)
		printf 'status thinking\nnodestats 1200 0.01\n'
		printf 'search f5 +0.50 0 3\nstatus\n' ;;
	stale:move*)
		printf '=== a1\n' ;;
	no-pong:ping*)
		continue ;;
	edax:set\ depth\ *)
		depth=${line#set depth } ;;
	edax:go)
		[ -n "$depth" ] || echo "go before set depth" >> "$log" ;;
	esac
	printf '%s\n' "$line" >&3
done
