#!/bin/sh
# SPDX-License-Identifier: MIT
# --plot writes the three charts, each well-formed XML (checked with
# xmllint or Python where either is installed), text from records escaped.
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
for f in margin length first-player; do
	svg=$tmp/charts/$f.svg
	if [ ! -s "$svg" ]; then
		echo "FAIL: no $f.svg"; fail=1; continue
	fi
	if command -v xmllint > /dev/null 2>&1; then
		xmllint --noout "$svg" || { echo "FAIL: $f.svg"; fail=1; continue; }
	elif command -v python3 > /dev/null 2>&1; then
		python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' \
		    "$svg" || { echo "FAIL: $f.svg"; fail=1; continue; }
	fi
	grep -q '&lt;Club&gt; &amp; &quot;friends&quot;&apos;' "$svg" ||
	    { echo "FAIL: $f.svg: the event is not escaped"; fail=1; continue; }
	echo "ok: $f.svg"
done
exit $fail
