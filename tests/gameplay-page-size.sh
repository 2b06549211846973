#!/bin/sh
# SPDX-License-Identifier: MIT
# The replay page of many games stays small (issue 26, item 17): each
# turn's picture is references to the page's table of distinct lines,
# not an SVG of its own (a 200-game page had been 90 MB), and the
# pictures the table gives back are gameplay show --svg's, line for
# line (checked with python3 where there is one; tests/browser.sh sees
# them drawn in a browser).
set -u
. "${srcdir:-.}/tests/lib.sh"

gameplay selfplay -n 20 -S 5 reversi > "$tmp/g.pgn" 2> /dev/null ||
    ng "selfplay exits $?"
gameplay show --html "$tmp/g.html" "$tmp/g.pgn" || ng "show --html exits $?"
turns=$(grep -c '<div class="turn' "$tmp/g.html")
bytes=$(wc -c < "$tmp/g.html")
[ "$turns" -gt 1000 ] || ng "$turns turns on the page"
# Every board drawn had been 7,400 bytes a turn.
[ "$bytes" -lt $((turns * 600)) ] &&
    ok "$bytes bytes for $turns turns" ||
    ng "$bytes bytes for $turns turns: more than 600 a turn"
grep -q '<svg' "$tmp/g.html" && ng "a board drawn whole in the page"

command -v python3 > /dev/null 2>&1 || { [ "$fail" = 0 ]; exit $fail; }
# Records 1, 7 and 20 at turns 0, 1, 30 and their last: the table's
# lines give show --svg's picture.
for rt in 1:0 1:1 7:30 20:1000; do
	r=${rt%:*} t=${rt#*:}
	python3 - "$tmp/g.html" "$r" "$t" > "$tmp/page.svg" <<'EOF2' ||
import json, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
lines = json.loads(re.search(r'<script type="application/json" id="lines">\n(.*?)</script>', page, re.S).group(1))
sec = page.split('<section class="record" data-record="%s"' % sys.argv[2])[1].split("</section>")[0]
refs = re.findall(r'<div class="turn[^"]*" data-turn="(\d+)" data-svg="([^"]*)"', sec)
t = min(int(sys.argv[3]), len(refs) - 1)
out = []
for r in refs[t][1].split(" "):
    a = r.split("-")
    out += lines[int(a[0], 36):int(a[-1], 36) + 1]
print("\n".join(out))
EOF2
	ng "decoding record $r turn $t"
	[ "$t" = 1000 ] && t=$(gameplay show -r "$r" "$tmp/g.pgn" |
	    sed -n 's/^last turn: \([0-9]*\).*/\1/p')
	gameplay show -r "$r" -t "$t" --svg - "$tmp/g.pgn" |
	    grep -v '^<?xml' > "$tmp/show.svg"
	cmp -s "$tmp/page.svg" "$tmp/show.svg" ||
	    ng "record $r turn $t: $(diff "$tmp/show.svg" "$tmp/page.svg" | head -5)"
done
[ "$fail" = 0 ] && ok "the page's pictures are show --svg's"
exit $fail
