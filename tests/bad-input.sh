#!/bin/sh
# SPDX-License-Identifier: MIT
# Hostile input never crashes or hangs gamecheck: each case must end within
# its time bound with a diagnostic and the documented exit status.
set -u
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# expect NAME STATUS CODE FILE: gamecheck FILE exits STATUS within 120 s
# and its stderr names CODE (or the summary alone when CODE is "-");
# with $opts before FILE.
opts=
expect() {
	# shellcheck disable=SC2086
	timeout 120 ./gamecheck --quiet $opts "$4" > /dev/null 2> "$tmp/err"
	got=$?
	if [ "$got" != "$2" ]; then
		echo "FAIL: $1: exit status $got, want $2"; head -c 2000 "$tmp/err"
		fail=1
	elif [ "$3" != - ] && ! grep -q "\[$3\]" "$tmp/err"; then
		echo "FAIL: $1: no [$3] diagnostic"; head -c 2000 "$tmp/err"
		fail=1
	elif ! tail -n 1 "$tmp/err" | grep -q '^gamecheck: [0-9]* records\{0,1\}:'; then
		echo "FAIL: $1: no summary line"; fail=1
	else
		echo "ok: $1"
	fi
}

# 100 MB in one line: a tag value, a token, and spaced tokens.  Past
# the default --max-record-size (64 MiB) a line is too-large; with room
# for it, read as any other.
{ printf '[Game "reversi"]\n[Event "'; head -c 100000000 /dev/zero |
    tr '\0' 'a'; printf '"]\nf5 d6 *\n'; } > "$tmp/tag"
expect "100 MB tag value" 1 too-large "$tmp/tag"
opts="--max-record-size 128M"
expect "100 MB tag value, --max-record-size 128M" 0 - "$tmp/tag"
opts=
{ printf '[Game "reversi"]\n'; head -c 100000000 /dev/zero | tr '\0' 'q'; } \
    > "$tmp/token"
expect "100 MB token" 1 too-large "$tmp/token"
opts="--max-record-size 128M"
expect "100 MB token, --max-record-size 128M" 1 bad-move-syntax "$tmp/token"
opts=
{ printf '[Game "reversi"]\n'; yes 'f5 d6' | head -n 1000000 | tr '\n' ' '; } \
    > "$tmp/spaced"
expect "2 million turns on one line" 1 occupied "$tmp/spaced"
head -c 10000000 /dev/zero | tr '\0' ' ' > "$tmp/blank"
expect "10 MB of blanks" 1 empty-input "$tmp/blank"

# Binary data with NUL bytes everywhere.
head -c 1000000 /dev/urandom > "$tmp/random"
timeout 60 ./gamecheck --quiet "$tmp/random" > /dev/null 2> "$tmp/err"
got=$?
if [ "$got" != 1 ]; then
	echo "FAIL: random bytes: exit status $got, want 1"; fail=1
else
	echo "ok: random bytes"
fi

# Unterminated tag and comment at the very end of the input.
printf '[Game "reversi"]\nf5 {' > "$tmp/comment"
expect "comment open at the end" 1 unterminated-comment "$tmp/comment"
printf '[Game "rev' > "$tmp/tagend"
expect "tag open at the end" 1 unterminated-tag "$tmp/tagend"

# Many records: memory must not grow with their number.
awk 'BEGIN { for (i = 0; i < 100000; i++) print "[Game \"reversi\"]\nf5 d6 c3 *" }' \
    > "$tmp/many"
expect "100000 records" 0 - "$tmp/many"
exit $fail
