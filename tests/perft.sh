#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay perft (formats/perft.md): the counts of small depths for every
# dice-free game, the same with and without --hash, --divide summing to
# the total, and the usage errors.
set -u
PATH="$(pwd):$PATH"
fail=0

# The figures but the timing lines.
counts() {
	gameplay perft "$@" | grep -v -e '^seconds ' -e '^nodes/s '
}

# game depth nodes passes ended (formats/perft.md's tables)
while read -r g d n p e; do
	want=$(printf 'nodes %s\npasses %s\nended %s\nfull-depth %s' \
	    "$n" "$p" "$e" $((n - e)))
	for h in "" "--hash 1"; do
		got=$(counts $h "$g" "$d" | sed -n '/^nodes /,$p')
		if [ "$got" != "$want" ]; then
			echo "FAIL: perft $h $g $d:"; echo "$got"
			fail=1
		fi
	done
	total=$(gameplay perft --divide --hash 1 "$g" "$d" |
	    awk '/^game /{exit} { s += $2 } END { print s + 0 }')
	[ "$total" = "$n" ] || {
		echo "FAIL: perft --divide $g $d sums to $total, not $n"
		fail=1
	}
done <<'END'
reversi 1 4 0 0
reversi 5 1396 0 0
reversi 9 3005288 24 0
reversi 10 24571284 0 228
stones 3 141666 0 0
oust 2 16129 0 0
rive 3 12982 0 0
rive 4 180930 0 0
END

# A 6x6 Reversi board: bitboards, but no symmetry in its keys.
a=$(counts reversi -s 6 6) b=$(counts --hash 1 -s 6 reversi 6)
[ "$a" = "$b" ] || { echo "FAIL: reversi 6x6 with --hash differs"; fail=1; }
# Oust on side 3: passes and early ends, through the generic table.
a=$(counts -s 3 oust 4) b=$(counts --hash 1 -s 3 oust 4)
[ "$a" = "$b" ] || { echo "FAIL: oust side 3 with --hash differs"; fail=1; }

for bad in "herd 2" "chess 2" "reversi x" "--hash 0 reversi 2" \
    "reversi" "-s 99 reversi 2"; do
	# shellcheck disable=SC2086
	gameplay perft $bad > /dev/null 2>&1
	[ $? -eq 2 ] || { echo "FAIL: perft $bad: not exit 2"; fail=1; }
done
[ $fail -eq 0 ] && echo "ok: perft"
exit $fail
