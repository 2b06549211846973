#!/bin/sh
# SPDX-License-Identifier: MIT
# The pictures in a real browser: headless Chromium (Debian's chromium,
# driven over DevTools by tests/browser.py) loads each game's replay page
# (gameplay show --html), steps through it with the arrow keys, Home, End,
# the buttons and the move list, and after each step the position shown
# must be gameplay show -t N's; a multi-record file's chooser and an
# illegal record's diagnostic too, a timed game's clocks; each game's
# board SVG, gamestat's chart index and swap map, and its opening tree's
# page (--tree --html) load as well.  No console error may occur, and no
# screenshot may be blank (a PNG well larger than a blank page's).
# Skips (77) without chromium or python3.
set -u
chromium=${CHROMIUM:-chromium}
if ! command -v "$chromium" > /dev/null 2>&1 ||
    ! command -v python3 > /dev/null 2>&1; then
	echo "SKIP: no chromium or python3 (apt-get install chromium)"
	exit 77
fi
srcdir=${srcdir:-.}
tmp=$(mktemp -d) || exit 99
# The browser is killed by its PID, whatever happens to the driver.
trap 'test -s "$tmp/prof/pid" && kill "$(cat "$tmp/prof/pid")" \
    2> /dev/null; rm -rf "$tmp"' EXIT
mkdir "$tmp/prof"
gp=./gameplay
fail=0

# The stones of gameplay show -t N's picture, as the page says them.
position() {
	$gp show -t "$2" --svg - ${3:+-r "$3"} "$1" |
	    sed -n 's/.*class="stone \([a-z]*\)" data-cell="\([a-z0-9]*\)"\(.*\)/\2:\1\3/p' |
	    sed 's/ data-pinned="1"\/>/+/; s/\/>//' | LC_ALL=C sort |
	    tr '\n' ' ' | sed 's/ $//'
}

# Steps of the browser (script) and what each eval must print (expect).
script=$tmp/script
expect=$tmp/expect
say='document.body.dataset.record + " " + document.body.dataset.turn + " " + document.body.dataset.position'
step() {	# step COMMAND RECORD-FILE RECORD-INDEX TURN
	echo "$1" >> "$script"
	echo "eval $say" >> "$script"
	echo "$3 $4 $(position "$2" "$4" "$5")" >> "$expect"
}
: > "$script"
: > "$expect"
echo "shot $tmp/blank.png" >> "$script"

for g in reversi oust rive herd stones; do
	case $g in reversi) size="-s 6x6";; stones) size=;; *) size="-s 3";; esac
	rec=$tmp/$g.pgn
	$gp selfplay -S 3 $size --max-turns 8 "$g" > "$rec" 2> /dev/null ||
	    { echo "FAIL: $g: selfplay"; fail=1; continue; }
	if ! $gp show --html "$tmp/$g.html" "$rec"; then
		echo "FAIL: $g: show --html"; fail=1; continue
	fi
	n=$(sed -n 's/.*<li data-turn="\([0-9]*\)".*/\1/p' "$tmp/$g.html" |
	    tail -n 1)
	[ -n "$n" ] && [ "$n" -ge 4 ] ||
	    { echo "FAIL: $g: $n turns on the page"; fail=1; continue; }
	# The page opens where the game stands, and writes the turn shown
	# into the address.
	step "open file://$tmp/$g.html" "$rec" 1 "$n" ""
	echo 'eval location.hash' >> "$script"
	echo "#1-$n" >> "$expect"
	step "key Home" "$rec" 1 0 ""
	i=1
	while [ "$i" -le "$n" ]; do
		step "key ArrowRight" "$rec" 1 "$i" ""
		i=$((i + 1))
	done
	step "key ArrowRight" "$rec" 1 "$n" ""	# stays at the end
	step "key Home" "$rec" 1 0 ""
	step "key End" "$rec" 1 "$n" ""
	step "key ArrowLeft" "$rec" 1 $((n - 1)) ""
	step 'click button[data-go="first"]' "$rec" 1 0 ""
	step 'click button[data-go="next"]' "$rec" 1 1 ""
	step 'click button[data-go="last"]' "$rec" 1 "$n" ""
	step 'click button[data-go="previous"]' "$rec" 1 $((n - 1)) ""
	step 'click .moves li[data-turn="2"]' "$rec" 1 2 ""
	echo 'eval location.hash' >> "$script"
	echo "#1-2" >> "$expect"
	# An address naming a ply: followed on the open page.
	step "hash 3" "$rec" 1 3 ""
	echo "shot $tmp/$g.png" >> "$script"
	# The board picture on its own.
	$gp show --svg "$tmp/$g.svg" "$rec" > /dev/null ||
	    { echo "FAIL: $g: show --svg"; fail=1; }
	echo "open file://$tmp/$g.svg" >> "$script"
	echo 'eval "svg " + document.querySelectorAll("[data-cell]").length' \
	    >> "$script"
	echo "svg $(grep -c 'data-cell=' "$tmp/$g.svg")" >> "$expect"
	echo "shot $tmp/$g-svg.png" >> "$script"
done

# Two records in one file: a chooser; the second opens where it stands;
# an address naming the second record's turn 1 opens it there, chooser
# and all; -t opens every record at that turn.
cat "$tmp/reversi.pgn" "$tmp/oust.pgn" > "$tmp/two.pgn"
n2=$($gp show -r 2 "$tmp/two.pgn" | sed -n 's/^last turn: \([0-9]*\).*/\1/p')
if $gp show --html "$tmp/two.html" "$tmp/two.pgn" &&
    $gp show -t 1 --html "$tmp/two-t1.html" "$tmp/two.pgn"; then
	step "open file://$tmp/two-t1.html" "$tmp/two.pgn" 1 1 1
	echo 'eval (function () { var c = document.getElementById("chooser"); c.selectedIndex = 1; c.dispatchEvent(new Event("change")); return document.body.dataset.record + " " + document.body.dataset.turn + " " + document.body.dataset.position; })()' >> "$script"
	echo "2 1 $(position "$tmp/two.pgn" 1 2)" >> "$expect"
	step "open file://$tmp/two.html#2-1" "$tmp/two.pgn" 2 1 2
	echo 'eval String(document.getElementById("chooser").selectedIndex)' >> "$script"
	echo "1" >> "$expect"
	step "key ArrowLeft" "$tmp/two.pgn" 2 0 2
	step "key End" "$tmp/two.pgn" 2 "$n2" 2
	# The chooser tells the records apart: players, game, result.
	$gp show --html "$tmp/games.html" "$srcdir/examples/reversi-games.pgn"
	echo "open file://$tmp/games.html" >> "$script"
	echo 'eval Array.from(document.querySelectorAll("#chooser option")).map(function (o) { return o.textContent; }).join(" | ")' >> "$script"
	echo "1. Ada – Brian, Reversi 8x8, 32-32 | 2. Brian – Ada, Reversi 8x8, 39-25 | 3. Ada – Chen, Reversi 8x8, 22-42" >> "$expect"
else
	echo "FAIL: two records: show --html"; fail=1
fi

# An illegal record: the page is written, exit status 1, and the turn
# of the error shows its diagnostic on the position before it.
printf '[Game "reversi"]\n\n1. d3 c3 2. a1 *\n' > "$tmp/bad.pgn"
printf '[Game "reversi"]\n\n1. d3 c3 *\n' > "$tmp/good.pgn"
$gp show --html "$tmp/bad.html" "$tmp/bad.pgn" 2> "$tmp/bad.err"
st=$?
[ "$st" -eq 1 ] || { echo "FAIL: illegal: status $st"; fail=1; }
grep -q 'turn 3 (a1):.*\[no-flips\]' "$tmp/bad.err" ||
    { echo "FAIL: illegal: no diagnostic"; cat "$tmp/bad.err"; fail=1; }
if [ -s "$tmp/bad.html" ]; then
	# It opens at the turn of the error.
	echo "open file://$tmp/bad.html" >> "$script"
	echo "eval $say" >> "$script"
	echo "1 3 $(position "$tmp/good.pgn" 2)" >> "$expect"
	echo 'eval document.querySelector("div.turn:not([hidden]) .diag").textContent.split(":")[0]' >> "$script"
	echo "turn 3 (a1)" >> "$expect"
else
	echo "FAIL: illegal: no page"; fail=1
fi

# A timed game's page: the clocks and the deadline status gives at the
# moment the page was written (--clock-at), whenever it is opened.
cat > "$tmp/timed.pgn" <<'EOF2'
[Game "reversi"]
[Black "Ada"]
[White "Brian"]
[Start "2026-01-01T00:00:00Z"]
[TimeControl "3d/move"]
[Result "*"]

1. f5 {[%at 2026-01-02T10:00:00Z]} 1... d6 {[%at 2026-01-03T10:00:00Z]} *
EOF2
at=2026-01-04T12:00:00Z
deadline=$($gp status --at "$at" "$tmp/timed.pgn" |
    sed -n 's/^  deadline: "\(.*\)"$/\1/p')
if [ -n "$deadline" ] &&
    $gp show --html "$tmp/timed.html" --clock-at "$at" "$tmp/timed.pgn"; then
	echo "open file://$tmp/timed.html" >> "$script"
	echo 'eval Array.from(document.querySelectorAll("dd.clock, dd.deadline")).filter(function (d) { return d.offsetParent !== null; }).map(function (d) { return d.textContent; }).join(" | ")' >> "$script"
	echo "used 2d 12:00:00, left 1d 22:00:00 | used 1d 00:00:00, left 3d 00:00:00 | $deadline for Ada (black)" >> "$expect"
else
	echo "FAIL: timed: status or show --html"; fail=1
fi

# gamestat's charts: the index page shows every chart, the designers'
# too (--figures); the swap map draws its boards' cells.
if ./gamestat --figures all --plot "$tmp/charts" "$tmp/reversi.pgn" \
    "$tmp/oust.pgn" "$tmp/herd.pgn" "$srcdir/examples/oust.pgn" \
    > /dev/null 2>&1 && [ -f "$tmp/charts/index.html" ] &&
    grep -q '<polygon' "$tmp/charts/swap-map.svg"; then
	echo "open file://$tmp/charts/swap-map.svg" >> "$script"
	echo 'eval "cells " + document.querySelectorAll("polygon").length' >> "$script"
	echo "cells $(grep -c '<polygon' "$tmp/charts/swap-map.svg")" >> "$expect"
	echo "shot $tmp/swap-map.png" >> "$script"
	echo "open file://$tmp/charts/index.html" >> "$script"
	echo 'eval "charts " + Array.from(document.images).filter(function (i) { return i.complete && i.naturalWidth > 0; }).length' >> "$script"
	echo "charts $(grep -c '<img ' "$tmp/charts/index.html")" >> "$expect"
	echo "shot $tmp/charts.png" >> "$script"
else
	echo "FAIL: gamestat --plot: no index.html or swap map"; fail=1
fi
# gamestat --tree --html: the tree's page opens at the start; the first
# move clicked goes down to the position it leads to, drawn in the frame
# the move is written in (gameplay show's position after that move), and
# the path's first step goes back up.
tree=$srcdir/tests/cases/data/tree-4x4.pgn
if ./gamestat --tree --depth 2 --html "$tmp/tree.html" "$tree" > /dev/null; then
	tsay='"tree " + document.body.dataset.node + " " + document.body.dataset.position'
	first=$(sed -n 's/.*<tr data-to="n0-2" data-move="\([^"]*\)".*/\1/p' \
	    "$tmp/tree.html")
	printf '[Game "reversi"]\n[Size "4x4"]\n\n1. %s *\n' "$first" \
	    > "$tmp/first.pgn"
	echo "open file://$tmp/tree.html" >> "$script"
	echo "eval $tsay" >> "$script"
	echo "tree n0-1 $(position "$tree" 0 1)" >> "$expect"
	echo 'click .node:not([hidden]) tr[data-to]' >> "$script"
	echo "eval $tsay" >> "$script"
	echo "tree n0-2 $(position "$tmp/first.pgn" 1)" >> "$expect"
	echo "shot $tmp/tree.png" >> "$script"
	echo 'click #path a[data-step="0"]' >> "$script"
	echo "eval $tsay" >> "$script"
	echo "tree n0-1 $(position "$tree" 0 1)" >> "$expect"
else
	echo "FAIL: gamestat --tree --html"; fail=1
fi
echo 'eval "errors " + String(document.body.dataset.errors)' >> "$script"
echo "errors undefined" >> "$expect"

started=$(date +%s)
timeout 120 python3 "$srcdir/tests/browser.py" "$chromium" "$tmp/prof" \
    "$script" > "$tmp/out" || { echo "FAIL: the browser"; fail=1; }
echo "ok: browser ran for $(( $(date +%s) - started ))s"
if grep '^console: ' "$tmp/out"; then
	echo "FAIL: console errors"; fail=1
fi
grep -v '^console: ' "$tmp/out" > "$tmp/got"
if ! diff "$expect" "$tmp/got"; then
	echo "FAIL: the positions shown differ from gameplay show -t N's"
	fail=1
fi
echo "ok: $(wc -l < "$expect") steps checked"

# Not blank: each screenshot well larger than the blank page's.
blank=$(wc -c < "$tmp/blank.png" 2> /dev/null || echo 0)
for f in "$tmp"/*.png; do
	[ "$f" = "$tmp/blank.png" ] && continue
	size=$(wc -c < "$f")
	if [ "$blank" -eq 0 ] || [ "$size" -le $((blank * 3)) ]; then
		echo "FAIL: $(basename "$f"): $size bytes, blank $blank"
		fail=1
	fi
done
[ -n "${BROWSER_SHOTS:-}" ] && cp "$tmp"/*.png "$BROWSER_SHOTS"/
exit $fail
