#!/bin/sh
# SPDX-License-Identifier: MIT
# Start-up is no thinking time (formats/protocol.md, "Getting ready"): a
# program that takes 1.5 s to start plays its games at --tc 1 and
# --timeout 1 on every protocol, its clock running from its `ready' (the
# match protocol) or the end of its handshake (GTP, NBoard); one not ready
# within --startup-timeout times out, and the referee says why.
set -u
. "${srcdir:-.}/tests/lib.sh"

slow="sh $engines/slow-start.sh 1.5"
for p in arbiter gtp nboard; do
	gameplay match -b "$slow gameplay engine --protocol $p random" \
	    --black-protocol $p -w "gameplay engine --protocol $p random" \
	    --white-protocol $p -n 2 --alternate --tc 1 --timeout 1 \
	    --summary /dev/null reversi > "$tmp/s.pgn" 2> "$tmp/err" ||
	    ng "$p: exit $?: $(cat "$tmp/err")"
	finished "$tmp/s.pgn" 2 &&
	    ! grep -q Termination "$tmp/s.pgn" ||
	    ng "$p: $got: $(grep Termination "$tmp/s.pgn")"
done
ok "a program slow to start plays at --tc 1, on every protocol"

# A start-up longer than --startup-timeout: a time-out, said as one.
for p in arbiter gtp nboard; do
	gameplay match -b "$slow gameplay engine --protocol $p random" \
	    --black-protocol $p -w "gameplay engine --protocol $p random" \
	    --white-protocol $p --startup-timeout 0.5 --summary /dev/null \
	    reversi > "$tmp/s.pgn" 2> "$tmp/err" ||
	    ng "$p --startup-timeout: exit $?: $(cat "$tmp/err")"
	grep -q '^\[Termination "black timed out"\]$' "$tmp/s.pgn" &&
	    grep -q "^gameplay: match: 'sh .*slow-start.sh 1.5 .*' was not ready within the start-up time-out (--startup-timeout 0.5)$" \
	    "$tmp/err" || ng "$p --startup-timeout: $(cat "$tmp/s.pgn" "$tmp/err")"
done
ok "a program not ready within --startup-timeout times out, said so"

# The engine says it is ready at once.
printf 'ready\nquit\n' | gameplay engine random > "$tmp/out" ||
    ng "engine: exit $?"
[ "$(cat "$tmp/out")" = ready ] || ng "engine: $(cat "$tmp/out")"
ok "gameplay engine answers ready"

for t in abc -1 1e3 0x1; do
	gameplay match -b x -w y --startup-timeout "$t" reversi 2> "$tmp/err"
	rc=$?
	[ $rc = 2 ] &&
	    grep -q "^gameplay: --startup-timeout takes seconds, not '$t'" \
	    "$tmp/err" || ng "--startup-timeout $t: exit $rc: $(cat "$tmp/err")"
done
ok "--startup-timeout checks its argument"
exit $fail
