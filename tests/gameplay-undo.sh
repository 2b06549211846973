#!/bin/sh
# SPDX-License-Identifier: MIT
# Two referees race the same takeback with accept -i: move's lock lets
# one remove the turns; the other reads the record taken back, where no
# offer stands, and is refused (accept-without-offer).  The record then
# holds one takeback, checks, and play goes on from it.
set -u
. "${srcdir:-.}/tests/lib.sh"
rec=$tmp/game.pgn

for round in $(seq 1 "${ARBITER_ROUNDS:-3}"); do
	printf '[Game "reversi"]\n[Result "*"]\n\n1. f5 d6 2. c3 %s *\n' \
	    '{[%offer undo black 2]}' > "$rec"
	if ! race gameplay accept -i "$rec" undo white; then
		ng "race $round: exits $ra and $rb, not 0 and 1"
	elif ! grep -q "white accepts a takeback that black did not offer" \
	    "$tmp/a.err" "$tmp/b.err"; then
		ng "race $round: the loser says $(cat "$tmp/a.err" "$tmp/b.err")"
	elif [ "$(grep -c 'accept undo' "$rec")" != 1 ] ||
	    ! grep -q '^1\. f5 {\[%offer undo black 2\]} {\[%accept undo white\]} \*$' "$rec" ||
	    ! gamecheck -q "$rec" 2> /dev/null; then
		ng "race $round: the record is $(cat "$rec")"
	elif ! gameplay move -i "$rec" f4 || ! gamecheck -q "$rec"; then
		ng "race $round: no move after the takeback: $(cat "$rec")"
	else
		ok "race $round"
	fi
done
exit $fail
