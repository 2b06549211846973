#!/bin/sh
# SPDX-License-Identifier: MIT
# Colour and progress escapes only where they are wanted: --color=always
# colours a diagnostic even into a file, --color=never never does, and on
# a terminal (script(1) makes one) TERM=dumb gets neither colour nor the
# progress line's escapes, as NO_COLOR gets no colour; gameplay takes
# --color before its command.
set -u
. "${srcdir:-.}/tests/lib.sh"

printf '[Game "reversi"]\nz9 *\n' > "$tmp/bad.pgn"
esc=$(printf '\033')
gamecheck --color=always "$tmp/bad.pgn" > /dev/null 2> "$tmp/err"
grep -q "$esc\[1;31merror:" "$tmp/err" ||
    ng "gamecheck --color=always: $(cat -v "$tmp/err")"
# (gamestat counts a malformed record and says nothing of it.)
for tool in gamecheck gamestat; do
	$tool --color=never "$tmp/bad.pgn" > /dev/null 2> "$tmp/err"
	if grep -q "$esc" "$tmp/err"; then
		ng "$tool --color=never: $(cat -v "$tmp/err")"
	fi
	$tool --color=sometimes "$tmp/bad.pgn" > /dev/null 2> "$tmp/err"
	rc=$?
	[ $rc = 2 ] && grep -q "is not auto, always or never" "$tmp/err" ||
	    ng "$tool --color=sometimes: exit $rc"
done
gameplay --color=always show "$tmp/bad.pgn" > /dev/null 2> "$tmp/err"
grep -q "$esc\[1;31merror:" "$tmp/err" ||
    ng "gameplay --color=always: $(cat -v "$tmp/err")"

# On a terminal: colour by default, none with TERM=dumb, none with
# --color=never; progress escapes (\r, ESC [ K) none with TERM=dumb.
if script -qc true /dev/null > /dev/null 2>&1 < /dev/null; then
	./tests/gen-records reversi -n 3000 -s 1 > "$tmp/many.pgn" || exit 99
	cat "$tmp/bad.pgn" >> "$tmp/many.pgn"
	on_tty() {	# TERM, then the command; its terminal's bytes in out
		t=$1
		shift
		TERM=$t script -qec "$* > /dev/null" /dev/null \
		    < /dev/null > "$tmp/out" 2>&1
	}
	on_tty xterm "gamecheck $tmp/bad.pgn"
	grep -q "$esc\[1;31m" "$tmp/out" ||
	    ng "no colour on a terminal: $(cat -v "$tmp/out")"
	on_tty dumb "gamecheck $tmp/many.pgn"
	if grep -q "$esc" "$tmp/out"; then
		ng "TERM=dumb: $(cat -v "$tmp/out" | head -c 300)"
	fi
	on_tty xterm "gamecheck --color=never $tmp/bad.pgn"
	if grep -q "$esc" "$tmp/out"; then
		ng "--color=never on a terminal: $(cat -v "$tmp/out")"
	fi
	on_tty xterm "NO_COLOR=1 gamecheck $tmp/bad.pgn"
	if grep -q "$esc" "$tmp/out"; then
		ng "NO_COLOR on a terminal: $(cat -v "$tmp/out")"
	fi
else
	echo "skip: no script(1) to make a terminal"
fi
exit $fail
