#!/bin/sh
# SPDX-License-Identifier: MIT
# --plot writes the three charts and their index page, each well-formed
# XML (checked with xmllint or Python where either is installed), text
# from records escaped; the charts have titles, axis labels and round
# ticks, Reversi's margins in bins of 2 when they spread wide, a long
# group name cut with an ellipsis, and no chart of a margin that is
# always the same but for its sign (Oust's).
set -u
srcdir=${srcdir:-.}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# An Event with XML's special characters, grouped by.
cat > "$tmp/event.sed" <<'SED'
s/\[Event "Club evening"\]/[Event "<Club> \& \\"friends\\"'"]/
SED
sed -f "$tmp/event.sed" "$srcdir/examples/reversi-games.pgn" > "$tmp/games.pgn"
./gamestat --by Event --plot "$tmp/charts" "$tmp/games.pgn" \
    "$srcdir/examples/reversi-passes.pgn" > /dev/null ||
    { echo "FAIL: exit status $?"; exit 1; }
for f in margin.svg length.svg first-player.svg index.html; do
	svg=$tmp/charts/$f
	if [ ! -s "$svg" ]; then
		echo "FAIL: no $f"; fail=1; continue
	fi
	if command -v xmllint > /dev/null 2>&1; then
		xmllint --noout "$svg" || { echo "FAIL: $f"; fail=1; continue; }
	elif command -v python3 > /dev/null 2>&1; then
		python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' \
		    "$svg" || { echo "FAIL: $f"; fail=1; continue; }
	fi
	grep -q '&lt;Club&gt; &amp; &quot;friends&quot;&apos;' "$svg" ||
	    { echo "FAIL: $f: the event is not escaped"; fail=1; continue; }
	echo "ok: $f"
done
for f in margin.svg length.svg; do
	grep -q 'text-anchor="middle">Score margin<\|text-anchor="middle">Game length<' \
	    "$tmp/charts/$f" || { echo "FAIL: $f: no title"; fail=1; }
	grep -q '>games</text>' "$tmp/charts/$f" ||
	    { echo "FAIL: $f: no axis label"; fail=1; }
done
for f in margin.svg length.svg first-player.svg; do
	grep -q "src=\"$f\"" "$tmp/charts/index.html" ||
	    { echo "FAIL: index.html does not show $f"; fail=1; }
done

# Wide Reversi margins (self-play), Oust's (always 1 but for the sign),
# and an event name too long for the room beside the bars.
./gameplay selfplay -n 40 -S 1 reversi > "$tmp/wide.pgn" 2> /dev/null
./gameplay selfplay -n 10 -S 1 -s 3 oust > "$tmp/oust.pgn" 2> /dev/null
# Two such names of one series, which differ only at their ends.
sed 's/^\[Event "selfplay"\]/[Event "A tournament with a name far too long to fit, round 1"]/' \
    "$tmp/wide.pgn" > "$tmp/long.pgn"
sed 's/^\[Event "selfplay"\]/[Event "A tournament with a name far too long to fit, round 2"]/' \
    "$tmp/wide.pgn" > "$tmp/long2.pgn"
grep -q 'far too long' "$tmp/long.pgn" || { echo "FAIL: no event set"; fail=1; }
./gamestat --by Event --plot "$tmp/c2" "$tmp/long.pgn" "$tmp/long2.pgn" \
    "$tmp/oust.pgn" \
    > /dev/null || { echo "FAIL: exit status $?"; fail=1; }
m=$tmp/c2/margin.svg
grep -q 'second), in bins of 2</text>' "$m" ||
    { echo "FAIL: Reversi's margins are not in bins of 2"; fail=1; }
grep -q '<title>-*[0-9]* to -*[0-9]*: [0-9]*</title>' "$m" ||
    { echo "FAIL: a bin's tooltip is not a range"; fail=1; }
grep -q "every game: margin $(printf '\302\261')1 (nothing to chart)" "$m" ||
    { echo "FAIL: Oust's margin is charted"; fail=1; }
# Round ticks: every tick label of the value axis a multiple of 5 or 2.
ticks=$(sed -n 's/.*text-anchor="middle">\(-*[0-9][0-9]*\)<\/text>/\1/p' "$m")
[ -n "$ticks" ] || { echo "FAIL: no ticks"; fail=1; }
for t in $ticks; do
	[ $((t % 2)) -eq 0 ] || [ $((t % 5)) -eq 0 ] ||
	    { echo "FAIL: tick $t is not round"; fail=1; }
done
# Cut in the middle, so that the two still read apart, each with its
# whole name as a tooltip.
for r in 1 2; do
	grep -q ">reversi 8x8 $(printf '\342\200\224') [^<]*$(printf '\342\200\246')[^<]*fit, round $r<title>reversi 8x8 $(printf '\342\200\224') A tournament with a name far too long to fit, round $r</title><" \
	    "$tmp/c2/first-player.svg" ||
	    { echo "FAIL: a long name ($r) is not cut to its ends"; fail=1; }
done
grep -q 'even (0.5)' "$tmp/c2/first-player.svg" ||
    { echo "FAIL: no legend"; fail=1; }
exit $fail
