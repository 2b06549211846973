#!/bin/sh
# SPDX-License-Identifier: MIT
# The EXAMPLES of gameplay(1) run as written (style.md): every line that
# starts with "$ " is run in order, in a scratch directory, with the built
# tools first on PATH, and must succeed; the game they play must end
# finished and valid, and so must the self-play and match examples.
set -u
srcdir=${srcdir:-.}
builddir=$(pwd)
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
# Roff escapes undone: \(aq is a quote, \- a dash, \e a backslash.
sed -n 's/^\$ //p' "$srcdir/man/gameplay.1" | sed -e "s/\\\\(aq/'/g" \
    -e 's/\\-/-/g' -e 's/\\&//g' -e 's/\\e/\\/g' > "$tmp/commands"
[ -s "$tmp/commands" ] || { echo "FAIL: no examples"; exit 1; }
cd "$tmp" || exit 99
while IFS= read -r cmd; do
	if PATH="$builddir:$PATH" sh -c "$cmd" > out 2> err; then
		echo "ok: $cmd" | cut -c1-78
	else
		echo "FAIL: $cmd"; cat out err
		fail=1
	fi
done < "$tmp/commands"
if ! "$builddir/gamecheck" --require-finished corr.pgn > report 2> err; then
	echo "FAIL: the example game is not finished and valid"; cat err
	fail=1
fi
grep -q '^  agrees: true$' report || { echo "FAIL: result"; fail=1; }
grep -q '^<svg' corr.svg || { echo "FAIL: no picture"; fail=1; }
for f in self.pgn match.pgn; do
	"$builddir/gamecheck" --require-finished --quiet "$f" 2> err ||
	    { echo "FAIL: $f"; cat err; fail=1; }
done
grep -q '^schema: arbiter-match/1$' summary.yaml ||
    { echo "FAIL: no summary"; fail=1; }
exit $fail
