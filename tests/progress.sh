#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck's progress line (gamecheck(1), ENVIRONMENT): on a terminal
# (a pseudo-terminal from script(1)), the part of the inputs' bytes read,
# the records, their rate and an ETA; the records and rate alone where
# the size is not known (a pipe); none with -q or --no-progress, none
# when stderr is no terminal, unless --progress forces it.  What the
# terminal shows once the line is cleared is what stderr holds without
# one, and the reports are the same bytes.
set -u
. "${srcdir:-.}/tests/lib.sh"
command -v script > /dev/null 2>&1 || { echo "skip: no script(1)"; exit 77; }

cr=$(printf '\r')
pct="${cr}gamecheck: [0-9]*%, [0-9]* records ([0-9]*/s, ETA [0-9:]*s*)"
rate="${cr}gamecheck: [0-9]* records ([0-9]*/s)"

# Records enough for the line to be drawn (it is, at most 4 times a
# second, from the second 1024 records on): as many more as this build
# and this machine's load need, which --progress shows without a
# terminal, 3 times for a margin; and twice as many again (up to twice)
# where a later run is faster still (bigger).
n=10000
bigger() {
	[ $n -le 320000 ] || return 1
	n=$((n * 2))
	./tests/gen-records reversi -n $n -s 5 > "$tmp/big.pgn" || exit 99
}
while bigger; do
	gamecheck -q --progress "$tmp/big.pgn" 2> "$tmp/err"
	[ "$(tr '\r' '\n' < "$tmp/err" | grep -c '^gamecheck: [0-9]*%')" -ge 3 ] &&
	    break
done
grep -q "$pct" "$tmp/err" || { ng "no progress in $n records"; exit 1; }

# tty ARGS: gamecheck ARGS on a terminal, its reports in $tmp/tty.out,
# the terminal's bytes in $tmp/tty.raw.
tty() {
	NO_COLOR=1 script -qec "gamecheck $* > '$tmp/tty.out'" /dev/null \
	    < /dev/null > "$tmp/tty.raw" 2>&1
}

# retried PATTERN FILE CMD...: CMD until FILE holds PATTERN, three
# times at most, the records bigger before each try again: a faster run
# than the one that sized them can end before the line is drawn.
retried() {
	pattern=$1 file=$2
	shift 2
	for try in 1 2 3; do
		"$@"
		grep -q "$pattern" "$file" && return
		[ $try = 3 ] || bigger || return
	done
}

# plain_and_tty: gamecheck without a terminal, then on one.
plain_and_tty() {
	gamecheck "$tmp/big.pgn" > "$tmp/plain.out" 2> "$tmp/plain.err"
	tty "'$tmp/big.pgn'"
}
retried "$pct" "$tmp/tty.raw" plain_and_tty
if grep -q "$pct" "$tmp/tty.raw"; then
	ok "on a terminal: the part read, records, rate and ETA"
else
	ng "on a terminal: $(tr '\r' '\n' < "$tmp/tty.raw" | head -3)"
fi
grep -q "$rate\|$pct" "$tmp/plain.err" &&
    ng "progress without a terminal: $(head -3 "$tmp/plain.err")"
shown "$tmp/tty.raw" > "$tmp/tty.err"
if cmp -s "$tmp/plain.out" "$tmp/tty.out" &&
    cmp -s "$tmp/plain.err" "$tmp/tty.err"; then
	ok "the terminal shows what stderr holds, the reports the same"
else
	ng "the terminal shows more or less than stderr:"
	diff "$tmp/plain.err" "$tmp/tty.err" | head -5
fi

# A pipe: no size, so no part and no ETA.
piped_tty() {
	NO_COLOR=1 script -qec "cat '$tmp/big.pgn' | gamecheck > /dev/null" \
	    /dev/null < /dev/null > "$tmp/tty.raw" 2>&1
}
retried "$rate" "$tmp/tty.raw" piped_tty
if grep -q "$rate" "$tmp/tty.raw" && ! grep -q "$pct" "$tmp/tty.raw"; then
	ok "from a pipe: records and rate, no ETA"
else
	ng "from a pipe: $(tr '\r' '\n' < "$tmp/tty.raw" | head -3)"
fi

for args in "-q" "--no-progress" "-q --no-progress"; do
	tty "$args '$tmp/big.pgn'"
	if grep -q "$rate\|$pct" "$tmp/tty.raw"; then
		ng "$args on a terminal: $(tr '\r' '\n' < "$tmp/tty.raw" |
		    head -3)"
	else
		ok "$args on a terminal: no progress"
	fi
done

# --progress forces it where stderr is a file, and with -q.
# gamecheck_to_err ARGS: gamecheck ARGS of the records, stderr to $tmp/err.
gamecheck_to_err() {
	gamecheck "$@" "$tmp/big.pgn" > /dev/null 2> "$tmp/err"
}
for args in "--progress" "-q --progress"; do
	retried "$pct" "$tmp/err" gamecheck_to_err $args
	if grep -q "$pct" "$tmp/err"; then
		ok "$args without a terminal: progress"
	else
		ng "$args without a terminal: $(head -3 "$tmp/err")"
	fi
done

# Counting the bytes for the line changes no answer: a WTHOR file whose
# header counts more games than its size holds is told by its size
# (formats/wthor.md, "Telling WTHOR") with the line drawn or not, from
# the file or from standard input redirected from it.
w=$srcdir/tests/cases/data/wthor/short.wtb
for from in file stdin; do
	if [ $from = file ]; then
		gamecheck "$w" > "$tmp/plain.out" 2> "$tmp/plain.err"
		rc=$?
		gamecheck --progress "$w" > "$tmp/prog.out" 2> "$tmp/prog.err"
		rcp=$?
	else
		gamecheck - < "$w" > "$tmp/plain.out" 2> "$tmp/plain.err"
		rc=$?
		gamecheck --progress - < "$w" > "$tmp/prog.out" \
		    2> "$tmp/prog.err"
		rcp=$?
	fi
	shown "$tmp/prog.err" > "$tmp/prog.shown"
	if [ $rc = $rcp ] && cmp -s "$tmp/plain.out" "$tmp/prog.out" &&
	    cmp -s "$tmp/plain.err" "$tmp/prog.shown"; then
		ok "short.wtb ($from): --progress reads it as without (exit $rc)"
	else
		ng "short.wtb ($from): --progress reads it otherwise" \
		    "(exit $rcp, not $rc): $(head -2 "$tmp/prog.shown")"
	fi
done
exit $fail
