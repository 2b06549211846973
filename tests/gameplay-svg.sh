#!/bin/sh
# SPDX-License-Identifier: MIT
# Every SVG picture gameplay draws is well-formed XML (xmllint --noout),
# for every game and every board size it has, at the start and after a
# few moves (stones, the last turn marked); the text diagrams draw too;
# and so is each game's replay page (show --html), with a player's name
# of markup, which must come out escaped.
# Skips (77) without xmllint (Debian: libxml2-utils).
set -u
if ! command -v xmllint > /dev/null 2>&1; then
	echo "SKIP: no xmllint (apt-get install libxml2-utils)"
	exit 77
fi
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
gp=./gameplay
games=$($gp --help | sed -n 's/^Games: //p')
# Square sizes, hexhex sides and Rive's 3-3-5: each game takes its own.
sizes="4x4 6x6 8x8 10x10 12x12 14x14 16x16 2 3 4 5 6 7 8 9 10 11 12 3-3-5"

drawn=0
for g in $games; do
	for s in $sizes; do
		rec=$tmp/$g-$s.pgn
		$gp new --size "$s" --date 2024.05.01 --black '<b>&amp;' \
		    "$g" -o "$rec" \
		    2> /dev/null || continue
		for turn in 0 1 2 3 4 5; do
			$gp show --svg "$tmp/pic.svg" --ascii "$rec" > "$tmp/text" ||
			    { echo "FAIL: $g $s: show"; fail=1; break; }
			if ! xmllint --noout "$tmp/pic.svg"; then
				echo "FAIL: $g $s turn $turn: not well-formed"
				fail=1
			fi
			drawn=$((drawn + 1))
			# The first legal action; dice games are left at the start.
			move=$($gp legal "$rec" |
			    sed -n 's/^legal: \[\([^],]*\).*/\1/p')
			case $move in ''|*:) break;; esac
			$gp move -i "$rec" "$move" 2> /dev/null || break
		done
		if ! $gp show --html "$tmp/page.html" "$rec" ||
		    ! xmllint --noout "$tmp/page.html"; then
			echo "FAIL: $g $s: replay page not well-formed"
			fail=1
		fi
		echo "ok: $g $s"
	done
done
# Hex boards whatever games this build has: the diagram unit test's.
mkdir "$tmp/hex"
if DRAW_SVG_DIR=$tmp/hex ./tests/unit/test_draw > /dev/null; then
	for f in "$tmp"/hex/*.svg; do
		if xmllint --noout "$f"; then
			drawn=$((drawn + 1))
		else
			echo "FAIL: $(basename "$f"): not well-formed"; fail=1
		fi
	done
	echo "ok: hex boards from the unit test: $(ls "$tmp/hex" | wc -l)"
else
	echo "FAIL: tests/unit/test_draw"; fail=1
fi
[ "$drawn" -gt 0 ] || { echo "FAIL: nothing drawn"; fail=1; }
exit $fail
