#!/bin/sh
# SPDX-License-Identifier: MIT
# Adversarial input: gamecheck reads files other people wrote, so whatever
# the bytes it must end within a time bound with the documented exit
# status (0 or 1 for records; 2 for I/O; never a crash), print its summary
# line, and write reports that are valid YAML.  Run by make check, also in
# the sanitizer build: a sanitizer report gets exit status 86, never 1.
#   truncation at every byte offset of a real record;
#   every single-byte mutation of a small record (a few bytes per offset);
#   a million records, a record of a million turns or actions, a million
#   comments, a comment of a million braces;
#   invalid UTF-8 in every place a record can hold it;
#   CR-only and CR LF line ends (the same reports as LF);
#   a file that shrinks while gamecheck reads it.
set -u
srcdir=${srcdir:-.}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}exitcode=86"
UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}exitcode=86"
export ASAN_OPTIONS UBSAN_OPTIONS
LC_ALL=C
export LC_ALL

# run SECONDS ARGS...: gamecheck ARGS, reports checked by yaml-check; sets
# $got (gamecheck's status) and $yaml (yaml-check's).
run() {
	limit=$1
	shift
	timeout "$limit" ./gamecheck "$@" 2> "$tmp/err" > "$tmp/out"
	got=$?
	./tests/yaml-check < "$tmp/out" 2> "$tmp/yaml-err"
	yaml=$?
}

# ok NAME STATUSES CODE: the last run exited with one of STATUSES, named
# [CODE] on stderr (unless CODE is -), ended with the summary line, wrote
# valid YAML and no sanitizer report.  Quiet on success unless VERBOSE.
ok() {
	why=
	case " $2 " in *" $got "*) ;; *) why="exit status $got, want $2" ;; esac
	if [ -z "$why" ] && [ "$3" != - ] && ! grep -q "\[$3\]" "$tmp/err"
	then
		why="no [$3] diagnostic"
	fi
	if [ -z "$why" ] && grep -q -e 'Sanitizer' -e 'runtime error' \
	    "$tmp/err"; then
		why="sanitizer report"
	fi
	if [ -z "$why" ] && ! tail -n 1 "$tmp/err" |
	    grep -q '^gamecheck: [0-9]* records\{0,1\}:'; then
		why="no summary line"
	fi
	if [ -z "$why" ] && [ "$yaml" != 0 ]; then
		why="invalid YAML: $(cat "$tmp/yaml-err")"
	fi
	if [ -n "$why" ]; then
		echo "FAIL: $1: $why"
		head -c 2000 "$tmp/err"
		fail=1
		return 1
	fi
	[ -n "${VERBOSE:-}" ] && echo "ok: $1"
	return 0
}

# ---- Truncation at every byte offset of a real record ----------------
real=$srcdir/examples/stones.pgn
size=$(wc -c < "$real")
bad=0
i=0
while [ "$i" -le "$size" ]; do
	head -c "$i" "$real" > "$tmp/prefix"
	run 10 "$tmp/prefix"
	# Nothing but blanks and comments is an empty input (exit 1).
	ok "stones.pgn cut at byte $i" "0 1" - || bad=$((bad + 1))
	[ "$bad" -ge 5 ] && break
	i=$((i + 1))
done
echo "truncation: $i prefixes of $real, $bad failures"

# ---- Every single-byte mutation of a small record ---------------------
# A whole game of Herd (a finished one, so each part of it is replayed).
{ printf '[Game "herd"]\n[Board "2"]\n[Seed "7000021"]\n'
  printf '1. 35:b1,b2,a3 {c} 1... 54:xb2xb1xa3,c1,a3,c2,b3,b2\n'
  printf '2. 25:xb2xc2,c2,b1,b2,a2,c1 5-2\n'; } > "$tmp/small"
size=$(wc -c < "$tmp/small")
bad=0
runs=0
i=0
while [ "$i" -lt "$size" ]; do
	# NUL, a high byte, a line end, a brace, a comma.
	for byte in 000 377 015 173 054; do
		{ head -c "$i" "$tmp/small"; printf "\\$byte"
		  tail -c +"$((i + 2))" "$tmp/small"; } > "$tmp/mutant"
		run 10 "$tmp/mutant"
		ok "byte $i replaced by \\$byte" "0 1" - || bad=$((bad + 1))
		runs=$((runs + 1))
	done
	[ "$bad" -ge 5 ] && break
	i=$((i + 1))
done
echo "mutation: $runs mutants of a $size-byte record, $bad failures"

# ---- Huge inputs ------------------------------------------------------
awk 'BEGIN { for (i = 0; i < 1000000; i++) print "[Game \"reversi\"]\nf5 *" }' \
    > "$tmp/huge"
run 120 --quiet "$tmp/huge"
ok "a million records" 0 - && echo "ok: a million records"

# A million passes: the first is illegal (Black can move), the rest unread.
{ printf '[Game "reversi"]\n'; yes pass | head -n 1000000; } > "$tmp/huge"
run 60 --quiet "$tmp/huge"
ok "a million passes" 1 pass-with-moves && echo "ok: a million passes"

# A finished transcript, then a million squares after the end.
{ head -n 1 "$srcdir/examples/transcripts.txt" | tr -d '\n'
  yes a1 | head -n 1000000 | tr -d '\n'; echo; } > "$tmp/huge"
run 60 --quiet -f transcript "$tmp/huge"
ok "a million squares after the end" 1 game-over &&
    echo "ok: a million squares after the end"

# One Herd turn of a million actions: legal at first, then occupied.
{ printf '[Game "herd"]\n[Board "12"]\n65:a12,b12,'
  yes c12 | head -n 1000000 | tr '\n' ,; echo c12; } > "$tmp/huge"
run 60 --quiet "$tmp/huge"
ok "a turn of a million actions" 1 - && echo "ok: a turn of a million actions"

# Stones! moves after the game is over: a game that ends at once (White
# cannot move) is too rare to build here, so a million moves follow an
# illegal one and are never played.
{ printf '[Game "stones"]\n'; yes 'a1-a2' | head -n 1000000; } > "$tmp/huge"
run 60 --quiet "$tmp/huge"
ok "a million Stones! moves" 1 - && echo "ok: a million Stones! moves"

# A million tags in one record, the last a duplicate (tags-many.case has
# fewer, for valgrind).
awk 'BEGIN { print "[Game \"reversi\"]"; for (i = 0; i < 1000000; i++)
    printf "[T%d \"x\"]\n", i; print "[T1 \"y\"]\nf5 *" }' > "$tmp/huge"
run 60 --quiet "$tmp/huge"
ok "a million tags" 1 duplicate-tag && echo "ok: a million tags"

# A million empty comments, on one line and a line each.
{ printf '[Game "reversi"]\nf5 '; yes '{}' | head -n 1000000 | tr -d '\n'
  printf ' d6 *\n'; } > "$tmp/huge"
run 60 --quiet "$tmp/huge"
ok "a million comments on a line" 0 - && echo "ok: a million comments on a line"
{ printf '[Game "reversi"]\nf5\n'; yes '{} ; x' | head -n 1000000
  printf 'd6 *\n'; } > "$tmp/huge"
run 60 --quiet "$tmp/huge"
ok "a million comment lines" 0 - && echo "ok: a million comment lines"
# A comment of a million opening braces, never closed.
{ printf '[Game "reversi"]\nf5 {'; yes '{' | head -n 1000000 | tr -d '\n'; } \
    > "$tmp/huge"
run 60 --quiet "$tmp/huge"
ok "a million open braces" 1 unterminated-comment &&
    echo "ok: a million open braces"
# A million move numbers: all right before turn 1 (formats/record.md),
# wrong before turn 2.
{ printf '[Game "reversi"]\n'; yes '1.' | head -n 1000000; echo 'f5 *'; } \
    > "$tmp/huge"
run 60 --quiet "$tmp/huge"
ok "a million move numbers" 0 - && echo "ok: a million move numbers"
{ printf '[Game "reversi"]\nf5 '; yes '2.' | head -n 1000000; echo 'd6 *'; } \
    > "$tmp/huge"
run 60 --quiet "$tmp/huge"
ok "a million wrong move numbers" 1 bad-move-number &&
    echo "ok: a million wrong move numbers"
rm -f "$tmp/huge"

# ---- Invalid UTF-8 everywhere -----------------------------------------
# In tag names and values, comments, tokens, results, CSV fields and the
# file name itself: the report must still be valid YAML.
bytes='\200\277\300\301\355\240\200\364\220\200\200\370\210\200\200\200\376\377'
utf=$tmp/$(printf "name$bytes")
{
	printf "[Game \"reversi\"]\n[Event \"$bytes\"]\n"
	printf "[Black \"\\\\\\\"$bytes\"]\n"
	printf "{$bytes} f5 ; $bytes\nd6 $bytes *\n\n"
	printf "[Game \"reversi\"]\n[Ev$bytes \"x\"]\nf5 *\n\n"
	printf "[Game \"reversi$bytes\"]\nf5 *\n\n"
	printf "[Game \"herd\"]\n[Board \"$bytes\"]\n11:a1 *\n\n"
	printf "[Game \"reversi\"]\n[Variant \"$bytes\"]\nf5 *\n\n"
	printf "[Game \"reversi\"]\n[Seed \"1$bytes\"]\nf5 *\n\n"
	printf "[Game \"reversi\"]\n[Result \"$bytes\"]\nf5 *\n\n"
	printf "[Game \"reversi\"]\nf5 1-0$bytes\n\n"
	printf "[Game \"reversi\"]\n1$bytes. f5\n\n"
	printf "[Game \"stones\"]\na1-$bytes\n"
} > "$utf"
run 10 "$utf"
ok "invalid UTF-8 in records" 1 - && echo "ok: invalid UTF-8 in records"
printf "id,winner,moves$bytes\n1,1$bytes,f5d6\n2,0,\"f5$bytes\"\n" > "$utf"
run 10 "$utf"
ok "invalid UTF-8 in CSV" 1 - && echo "ok: invalid UTF-8 in CSV"
printf "f5d6$bytes\n" > "$utf"
run 10 -f transcript "$utf"
ok "invalid UTF-8 in a transcript" 1 bad-transcript &&
    echo "ok: invalid UTF-8 in a transcript"

# ---- Line ends: CR alone and CR LF read as LF -------------------------
for f in "$srcdir"/examples/*.pgn; do
	run 10 - < "$f"
	lf_status=$got
	cp "$tmp/out" "$tmp/lf.out"
	for end in '\r' '\r\n'; do
		tr '\n' '\001' < "$f" | sed "s/\\x01/$end/g" > "$tmp/ends"
		run 10 - < "$tmp/ends"
		name="$(basename "$f") with $(printf '%s' "$end" |
		    sed 's/\\r/CR/; s/\\n/LF/')"
		if ok "$name" "$lf_status" - && ! cmp -s "$tmp/lf.out" \
		    "$tmp/out"; then
			echo "FAIL: $name: reports differ from LF"
			diff "$tmp/lf.out" "$tmp/out" | head -n 10
			fail=1
		fi
	done
done
# A CR LF split by the reader's 64 KiB blocks: CR the last byte of the
# first block, LF the first of the next (then the same at other offsets).
for pad in 65534 65533 131069; do
	{ printf ';'; head -c "$pad" /dev/zero | tr '\0' a
	  printf '\n[Game "reversi"]\n1. f5 d6\n2. c3 *\n'; } > "$tmp/lf"
	sed 's/$/\r/' "$tmp/lf" > "$tmp/crlf"
	run 10 - < "$tmp/lf"
	cp "$tmp/out" "$tmp/lf.out"
	run 10 - < "$tmp/crlf"
	if ok "CR LF across a block at $pad" 0 - && ! cmp -s "$tmp/lf.out" \
	    "$tmp/out"; then
		echo "FAIL: CR LF across a block at $pad: reports differ"
		diff "$tmp/lf.out" "$tmp/out" | head -n 10
		fail=1
	fi
done
echo "line ends: CR and CR LF checked against LF"

# ---- A file that shrinks while it is read ----------------------------
awk 'BEGIN { for (i = 0; i < 400000; i++)
    printf "[Game \"reversi\"]\n1. f5 d6 2. c3 d3 3. c4 *\n" }' > "$tmp/shrink"
for cut in 1000000 12345 0; do
	cp "$tmp/shrink" "$tmp/shrinking"
	timeout 60 ./gamecheck --quiet "$tmp/shrinking" > /dev/null \
	    2> "$tmp/err" &
	pid=$!
	# Cut it, record-aligned or not, once gamecheck is under way.
	sleep 0.2
	truncate -s "$cut" "$tmp/shrinking"
	wait "$pid"
	got=$?
	yaml=0
	read=$(tail -n 1 "$tmp/err" | sed -n 's/^gamecheck: \([0-9]*\) .*/\1/p')
	ok "file cut to $cut bytes while read" "0 1 2" - &&
	    echo "ok: file cut to $cut bytes while read: exit $got," \
	    "${read:-?} of 400000 records read"
done
exit $fail
