#!/bin/sh
# SPDX-License-Identifier: MIT
# A partial tree (gamestat --tree) cut short or edited is refused as it
# was when partial trees were read whole as a YAML tree (issue 33, item
# 8: they are read as a stream of events now, each position added as it
# is read): tests/partials/tree.yaml, the examples' archive to depth 3,
# cut at every byte, and each of its lines edited seven ways
# (tests/partial-cut.sh); each gives the exit status and the diagnostics
# (file, line, column, code) that tests/partials/tree.expected holds,
# written by the gamestat that read partial trees whole, but for the
# empty input (cut-0), which it merged as an empty tree with exit 0 and
# is refused now as partial-empty, as an empty partial summary is.
# Every cut short of the last newline is refused, with a diagnostic and
# no output: none is merged.  A tree whose depth: comes after its trees
# (read whole, as it cannot be read as it comes) merges as the same
# tree.  REGEN=1 writes tree.expected from the gamestat built.
set -u
. "${srcdir:-.}/tests/lib.sh"
src="$srcdir/tests/partials/tree.yaml"
want="$srcdir/tests/partials/tree.expected"

merge="--merge --tree --partial"
. "$srcdir/tests/partial-cut.sh"
{
	cuts 1
	edits
} > "$tmp/got"
if [ "${REGEN:-}" = 1 ]; then
	cp "$tmp/got" "$want"
	exit 0
fi
awk '/^depth: / { d = $0; next } /^covers:/ { print d } { print }' \
    "$src" > "$tmp/late.yaml"
gamestat --merge --tree --partial "$tmp/late.yaml" > "$tmp/late.out" ||
    ng "a tree with its depth late was refused"
cmp -s "$tmp/late.out" "$src" || ng "a tree with its depth late differs"
size=$(wc -c < "$src")
awk -v last=$((size - 1)) '$1 ~ /^cut-/ {
	i = substr($1, 5) + 0
	if (i < last && ($2 == 0 || $3 != "-" || NF < 4))
		print "merged or silent: " $0
    }' "$tmp/got" > "$tmp/merged"
[ -s "$tmp/merged" ] && ng "cuts not refused: $(head -5 "$tmp/merged")"
diff "$want" "$tmp/got" > "$tmp/diff" || ng "diagnostics differ: $(head -20 "$tmp/diff")"
[ "$(wc -l < "$tmp/got")" -gt 3000 ] || ng "too few cases: $(wc -l < "$tmp/got")"
exit $fail
