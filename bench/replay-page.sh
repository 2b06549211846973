#!/bin/sh
# SPDX-License-Identifier: MIT
# The replay page of many games (gameplay show --html): its size, the CPU
# time gameplay takes to write it, and how long headless Chromium takes
# to load it and show its first board (tests/browser.py drives it; the
# figure is the page's own performance.now() once its load event has
# fired and a screenshot of it is taken, and the browser's CPU time
# user+sys from its start to its end, both the median of RUNS loads).  GAMES (default 200) random Reversi games;
# skipped without chromium, python3 or /usr/bin/time.  make bench.
set -eu
games=${GAMES:-200} runs=${RUNS:-5}
srcdir=${srcdir:-.}
chromium=${CHROMIUM:-chromium}
for p in "$chromium" python3; do
	command -v "$p" > /dev/null 2>&1 ||
	    { echo "bench/replay-page: no $p; skipped"; exit 0; }
done
[ -x /usr/bin/time ] || { echo "bench/replay-page: no /usr/bin/time; skipped"; exit 0; }
tmp=$(mktemp -d)
trap 'test -s "$tmp/prof/pid" && kill "$(cat "$tmp/prof/pid")" 2> /dev/null; rm -rf "$tmp"' EXIT

./gameplay selfplay -n "$games" -S 5 reversi > "$tmp/games.pgn" 2> /dev/null
/usr/bin/time -f '%U %S' -o "$tmp/wtime" \
    ./gameplay show --html "$tmp/page.html" "$tmp/games.pgn"
bytes=$(wc -c < "$tmp/page.html")
cat > "$tmp/script" <<EOF2
open file://$tmp/page.html
shot $tmp/shot.png
eval String(Math.round(performance.now()))
eval document.querySelector("div.turn:not([hidden]) svg") ? "board" : "no board"
EOF2
i=0
: > "$tmp/ms"
: > "$tmp/cpu"
while [ "$i" -lt "$runs" ]; do
	rm -rf "$tmp/prof"
	mkdir "$tmp/prof"
	/usr/bin/time -f '%U %S' -o "$tmp/btime" \
	    timeout 300 python3 "$srcdir/tests/browser.py" "$chromium" \
	    "$tmp/prof" "$tmp/script" > "$tmp/out"
	grep -q '^board$' "$tmp/out" || { echo "bench/replay-page: no board shown: $(cat "$tmp/out")"; exit 1; }
	sed -n 1p "$tmp/out" >> "$tmp/ms"
	awk '{ print $1 + $2 }' "$tmp/btime" >> "$tmp/cpu"
	i=$((i + 1))
done
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
awk -v g="$games" -v b="$bytes" -v w="$(awk '{ print $1 + $2 }' "$tmp/wtime")" \
    -v ms="$(median "$tmp/ms")" -v cpu="$(median "$tmp/cpu")" -v n="$runs" \
    'BEGIN { printf "replay page of %d games: %.1f MB, written in %.2f s CPU; shown in %d ms, browser CPU %.2f s (medians of %d)\n", g, b / 1e6, w, ms, cpu, n }'
