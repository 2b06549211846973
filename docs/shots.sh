#!/bin/sh
# SPDX-License-Identifier: MIT
# Remakes the screenshots in docs/ from the examples with headless
# Chromium, through tests/browser.py.  Run from the top of a built tree:
# sh docs/shots.sh
set -eu
tmp=$(mktemp -d)
trap 'test -s "$tmp/prof/pid" && kill "$(cat "$tmp/prof/pid")" \
    2> /dev/null; rm -rf "$tmp"' EXIT
mkdir "$tmp/prof"
# An SVG's own size, for a screenshot of it alone.
size() {
	sed -n 's/^<svg [^>]*width="\([0-9]*\)" height="\([0-9]*\)".*/\1 \2/p' \
	    "$1"
}
./gameplay show --at 20 --svg "$tmp/stones.svg" examples/stones.pgn \
    > /dev/null
./gameplay show --at 3 --svg "$tmp/herd.svg" examples/herd.pgn > /dev/null
./gameplay show --at 24 --html "$tmp/replay.html" -r 1 \
    examples/reversi-games.pgn
./gameplay selfplay -n 40 -S 1 reversi > "$tmp/selfplay.pgn" 2> /dev/null
./gamestat --by Event --plot "$tmp/charts" examples/reversi-games.pgn \
    "$tmp/selfplay.pgn" > /dev/null
./gamestat --tree --depth 6 --html "$tmp/tree.html" examples/archive.csv \
    > /dev/null
./gameplay selfplay -n 400 -S 1 -s 5 oust > "$tmp/oust.pgn" 2> /dev/null
./gamestat --figures swap --plot "$tmp/design" "$tmp/oust.pgn" > /dev/null
cat > "$tmp/script" <<SCRIPT
open file://$tmp/replay.html
shot docs/replay.png 900 800
open file://$tmp/stones.svg
shot docs/stones.png $(size "$tmp/stones.svg")
open file://$tmp/herd.svg
shot docs/herd.png $(size "$tmp/herd.svg")
open file://$tmp/charts/margin.svg
shot docs/margin.png 640 460
open file://$tmp/tree.html
click .node:not([hidden]) tr[data-to]
click .node:not([hidden]) tr[data-to]
shot docs/tree.png 900 760
open file://$tmp/design/swap-map.svg
shot docs/swap-map.png $(size "$tmp/design/swap-map.svg")
SCRIPT
python3 tests/browser.py "${CHROMIUM:-chromium}" "$tmp/prof" "$tmp/script"
