#!/bin/sh
# SPDX-License-Identifier: MIT
# Checks the diagnostic codes (style.md: "codes are never reused; the man
# page lists each with an example; a golden test triggers each"):
#
#  1. collects every code the sources can emit: the string literals of the
#     form word or word-word... given as the code argument of the functions
#     that set one (rules_fail, malformed, malformed_at, diag_set, illegal)
#     or assigned to a `code' member;
#  2. cross-checks them with a plain grep for "kebab-case" literals in the
#     same files, so that a code set some other way is not missed: every
#     such literal is a code or is listed in NOT_CODES below;
#  3. fails if a code has no entry (".It Li CODE") in man/gamecheck.1;
#  4. fails if a code is triggered by no golden case (tests/cases/*.case:
#     "[CODE]" in the expected stderr or "code: CODE" in the expected
#     stdout), unless it is in UNTRIGGERABLE below.
set -u

srcdir=${srcdir:-.}
page="$srcdir/man/gamecheck.1"
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

# Kebab-case literals that are not diagnostic codes.
NOT_CODES='
max-errors
files-from
require-finished
no-pie
to-move
captures-by-turn
far-rank
in-turn
so-far
in-place
first-player
max-turns
'
# ^ option names (gamecheck.c, gamestat.c, play/cmd-move.c, play/cmd-selfplay.c), a Variant value
# (rules.c), report and summary keys (emit.c, summary.c) and a per-colour
# figure (stones.c).

# Codes no golden case can trigger: keep each with its reason, and remove
# it once a case can (the test fails when a listed code is triggered).
UNTRIGGERABLE='
no-memory
bad-setup
dice-already-rolled
pass-mid-turn
internal-no-placement
'
# pass-mid-turn:   the notation writes a pass only as a whole turn token.
# internal-no-placement: rules.md says no Oust position reaches it.
# no-memory:       memory must run out while a record is read or set up.
# bad-setup:       comes only from rules_setup(), which sets up positions
#                  for tests and tools; no record reaches it.
# dice-already-rolled: the notation has one roll, first in its turn, so a
#                  record cannot roll twice; the rules core still checks.

files=
for f in "$srcdir"/src/*.c "$srcdir"/src/cli/*.c "$srcdir"/src/record/*.c \
    "$srcdir"/src/referee/*.c "$srcdir"/src/report/*.c "$srcdir"/src/rules/*.c \
    "$srcdir"/src/play/*.c "$srcdir"/src/draw/*.c; do
	[ -f "$f" ] && files="$files $f"
done
[ -n "$files" ] || { echo "no sources under $srcdir/src"; exit 99; }

# C string literals, one a line, escapes kept.
literals() {
	grep -o -E '"([^"\\]|\\.)*"'
}
codes_only() {
	sed -n 's/^"\([a-z][a-z]*\(-[a-z][a-z]*\)*\)"$/\1/p'
}

# 1. Codes where they are set.  Each file becomes one line, so that a call
# spread over lines is one match (up to its first `;').
for f in $files; do
	tr '\n' ' ' < "$f"
	echo
done > "$tmp/joined"
{
	# In a call, the code is the first literal, or the first run of
	# code-shaped literals (cond ? "unterminated-tag" : "bad-tag"); the
	# message that follows may hold single words ("black", "for").
	grep -o -E '(rules_fail|malformed_at|malformed|diag_set|illegal|[^_a-z]fail)[[:space:]]*\([^;]*' \
	    "$tmp/joined" | awk '{
		s = $0
		while (match(s, /"([^"\\]|\\.)*"/)) {
			lit = substr(s, RSTART + 1, RLENGTH - 2)
			s = substr(s, RSTART + RLENGTH)
			if (lit !~ /^[a-z]+(-[a-z]+)*$/)
				break
			print lit
		}
	}'
	# code = "x", or code = cond ? "x" : "y".
	grep -o -E '[.>]code[[:space:]]*=[^;]*' "$tmp/joined" |
	    literals | codes_only
} | sort -u > "$tmp/codes"

status=0
if [ ! -s "$tmp/codes" ]; then
	echo "no codes found in the sources"
	exit 1
fi

# 2. Every kebab-case literal is a code or a known non-code.
cat $files | literals | codes_only | grep -- - | sort -u > "$tmp/kebab"
printf '%s\n' $NOT_CODES | sort -u > "$tmp/not-codes"
sort -u "$tmp/codes" "$tmp/not-codes" > "$tmp/known"
for c in $(comm -23 "$tmp/kebab" "$tmp/known"); do
	echo "FAIL: \"$c\" is in the sources but set by no known call: a code" \
	    "(teach this script how it is set) or not (add it to NOT_CODES)?"
	status=1
done

# 3. Documented: an entry ".It Li CODE" (mdoc) or ".B CODE" (man) in
# gamecheck(1), or for the codes only they give, gameplay(1) or gamestat(1).
sed 's/\\-/-/g; s/\\&//g' "$page" "$srcdir/man/gameplay.1" \
    "$srcdir/man/gamestat.1" > "$tmp/page"
for c in $(cat "$tmp/codes"); do
	if ! grep -q -x -F ".It Li $c" "$tmp/page" &&
	    ! grep -q -x -F ".B $c" "$tmp/page"; then
		echo "FAIL: $c is listed in none of gamecheck.1, gameplay.1," \
		    "gamestat.1"
		status=1
	fi
done

# 4. Triggered: the expected stdout and stderr of the golden cases.
for f in "$srcdir"/tests/cases/*.case; do
	awk '/^@@ / { sec = $2; next } sec == "stdout" || sec == "stderr"' "$f"
done > "$tmp/expected"
printf '%s\n' $UNTRIGGERABLE | sort -u > "$tmp/untriggerable"
for c in $(cat "$tmp/codes"); do
	if grep -q -F "[$c]" "$tmp/expected" ||
	    grep -q -E "^ *code: $c\$" "$tmp/expected"; then
		if grep -q -x -F "$c" "$tmp/untriggerable"; then
			echo "FAIL: $c is triggered by a golden case: take it" \
			    "off UNTRIGGERABLE in tests/codes.sh"
			status=1
		fi
	elif ! grep -q -x -F "$c" "$tmp/untriggerable"; then
		echo "FAIL: $c is triggered by no golden case (tests/cases)"
		status=1
	fi
done
for c in $(comm -23 "$tmp/untriggerable" "$tmp/codes"); do
	echo "FAIL: $c is on UNTRIGGERABLE but is no longer in the sources"
	status=1
done

echo "$(wc -l < "$tmp/codes") codes:" $(cat "$tmp/codes")
exit $status
