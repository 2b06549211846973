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
#   eval     answers `=== f5/1.25/0.1', an evaluation after the move
#   bad-eval answers `=== f5/1e999/0.1', an evaluation that is no number
#   edax     answers every message as Edax 4.5 -nboard does (checked
#            against it by tests/gameplay-edax-nboard.sh): nothing to
#            `nboard' (an error on stderr unless `nboard 1'), `set myname
#            EdaxN' to `set depth N', nothing to `set game', `set
#            contempt' and `move'; `go' answered between status lines,
#            `=== f5 0.00 0.0' (move, evaluation, time); `hint N' its
#            `search' lines between status lines; `learn' two status
#            lines and no `learned'; and logs to LOG what the protocol
#            forbids a GUI: a first command other than `nboard', a `go' or
#            `hint' before `set depth' and `set game'
# Usage: nboard-quirk.sh QUIRK [LOG]
quirk=$1 log=${2:-/dev/null}
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
mkfifo "$dir/in" || exit 1
case $quirk in
edax)
	gameplay engine --protocol nboard random < "$dir/in" | sed -u '
	    /^set myname /d
	    s/^=== \(.*\)$/status Edax is thinking\
nodestats 35805 0.00\
=== \1 0.00 0.0\
status Edax is waiting/
	    s/^search \(.*\)$/status Edax is thinking\
search \1\
status Edax is waiting/
	    s/^learned$/status Edax is learning\
status Edax is waiting/' & ;;
eval|bad-eval)
	[ "$quirk" = eval ] && e=1.25 || e=1e999
	gameplay engine --protocol nboard random < "$dir/in" |
	    sed -u "s|^=== \(.*\)\$|=== \1/$e/0.1|" & ;;
*)
	gameplay engine --protocol nboard random < "$dir/in" & ;;
esac
exec 3> "$dir/in"
depth= game= first=

while IFS= read -r line; do
	case $quirk:$line in
	chatty:ping*|chatty:go)
		printf 'status thinking\nnodestats 1200 0.01\n'
		printf 'search f5 +0.50 0 3\nstatus\n' ;;
	stale:move*)
		printf '=== a1\n' ;;
	no-pong:ping*)
		continue ;;
	edax:*)
		[ -n "$first" ] || case $line in
		nboard\ *) ;;
		*) echo "first command '$line', not nboard" >> "$log" ;;
		esac
		first=${first:-$line}
		case $line in
		nboard\ 1) ;;
		nboard\ *)
			echo 'Error: Edax expected "nboard 1" protocol' >&2 ;;
		set\ depth\ *)
			depth=${line#set depth }
			echo "set myname Edax$depth" ;;
		set\ game\ *)
			game=1 ;;
		go|hint*)
			[ -n "$depth" ] && [ -n "$game" ] ||
			    echo "$line before set depth and set game" >> "$log" ;;
		esac ;;
	esac
	printf '%s\n' "$line" >&3
done
