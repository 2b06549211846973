#!/bin/sh
# SPDX-License-Identifier: MIT
# Checks the catalogue of diagnostic codes, src/diag/codes.def (style.md:
# "codes are never reused; the man page lists each with an example; a
# golden test triggers each"):
#
#  1. reads the codes from the catalogue, and fails on a name given twice;
#  2. fails if a code has no entry (".It Li CODE") in man/gamecheck.1, or
#     for the codes only they give, gameplay(1) or gamestat(1);
#  3. fails if a code is triggered by no golden case (tests/cases/*.case:
#     "[CODE]" in the expected stderr or "code: CODE" in the expected
#     stdout), unless it is in UNTRIGGERABLE below;
#  4. fails if a code's name is written as a string literal anywhere in
#     the sources outside src/diag: a code is set and tested as its enum
#     constant, and printed through diag_name().  (Only names with a
#     hyphen are looked for: one-word names such as "dice" or "unfinished"
#     are also plain words of the reports.)
set -u

srcdir=${srcdir:-.}
def="$srcdir/src/diag/codes.def"
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

# Codes no golden case can trigger: keep each with its reason, and remove
# it once a case can (the test fails when a listed code is triggered).
UNTRIGGERABLE='
no-memory
dice-already-rolled
pass-mid-turn
internal-no-placement
bad-player
dice
'
# pass-mid-turn:   the notation writes a pass only as a whole turn token.
# internal-no-placement: rules.md says no Oust position reaches it.
# no-memory:       memory must run out while a record is read or set up.
# dice-already-rolled: the notation has one roll, first in its turn, so a
#                  record cannot roll twice; the rules core still checks.
# bad-player, dice: src/player's; gameplay prints their messages as usage
#                  errors, without the code.
# Codes no tool shows, so no man page lists: the last two above.
UNSHOWN='
bad-player
dice
'

[ -f "$def" ] || { echo "no catalogue $def"; exit 99; }

# 1. The catalogue: D(ID, "name", SEVERITY) lines.
sed -n 's/^D([A-Z0-9_]*,[[:space:]]*"\([^"]*\)".*/\1/p' "$def" > "$tmp/all"
if [ ! -s "$tmp/all" ]; then
	echo "FAIL: no codes in $def"
	exit 1
fi
status=0
for c in $(sort "$tmp/all" | uniq -d); do
	echo "FAIL: $c is given twice in src/diag/codes.def"
	status=1
done
sort -u "$tmp/all" > "$tmp/codes"

# 2. Documented: an entry ".It Li CODE" (mdoc) or ".B CODE" (man) in
# gamecheck(1), or for the codes only they give, gameplay(1) or gamestat(1).
sed 's/\\-/-/g; s/\\&//g' "$srcdir/man/gamecheck.1" \
    "$srcdir/man/gameplay.1" "$srcdir/man/gamestat.1" > "$tmp/page"
printf '%s\n' $UNSHOWN | sort -u > "$tmp/unshown"
for c in $(comm -23 "$tmp/codes" "$tmp/unshown"); do
	if ! grep -q -x -F ".It Li $c" "$tmp/page" &&
	    ! grep -q -x -F ".B $c" "$tmp/page"; then
		echo "FAIL: $c is listed in none of gamecheck.1, gameplay.1," \
		    "gamestat.1"
		status=1
	fi
done

# 3. Triggered: the expected stdout and stderr of the golden cases.
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
	echo "FAIL: $c is on UNTRIGGERABLE but is not in the catalogue"
	status=1
done

# 4. No code literal outside the catalogue.
find "$srcdir/src" -name '*.[ch]' ! -path '*/src/diag/*' > "$tmp/sources"
grep -- - "$tmp/codes" | sed 's/.*/"&"/' > "$tmp/literals"
if [ -s "$tmp/sources" ] && [ -s "$tmp/literals" ] &&
    xargs grep -n -F -f "$tmp/literals" < "$tmp/sources" > "$tmp/stray"; then
	sed 's/^/FAIL: a code written as a literal (use its DIAG_ enum): /' \
	    "$tmp/stray"
	status=1
fi

echo "$(wc -l < "$tmp/codes") codes:" $(cat "$tmp/codes")
exit $status
