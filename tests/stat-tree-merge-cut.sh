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
# tree.  REGEN=1 writes tree.expected (and tree-odd.expected, below)
# from the gamestat built.
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
# The same tree with its nodes before its game, board and colours and its
# depth after its trees (tree-odd.yaml, which gamestat never writes:
# such a list is kept as it is read and added once its tree's head is
# read), edited the same seven ways: each merge, refusal and diagnostic
# is tree-odd.expected's, written by the gamestat that read such a
# document whole (main 3f6d9e3).
odd="$srcdir/tests/partials/tree-odd.yaml"
ordered=$src
src=$odd
edits > "$tmp/odd.got"
src=$ordered
if [ "${REGEN:-}" = 1 ]; then
	cp "$tmp/got" "$want"
	cp "$tmp/odd.got" "$srcdir/tests/partials/tree-odd.expected"
	exit 0
fi
diff "$srcdir/tests/partials/tree-odd.expected" "$tmp/odd.got" \
    > "$tmp/diff" ||
    ng "an odd order's diagnostics differ: $(head -20 "$tmp/diff")"
gamestat --merge --tree --partial "$odd" > "$tmp/odd.out" ||
    ng "a tree with its nodes before its head was refused"
cmp -s "$tmp/odd.out" "$src" || ng "a tree with its nodes before its head differs"
# Two trees (the second on another board), then the same tree twice: in
# order, with the second's nodes before its head, and both so: one
# merge, or one position listed twice, told alike but for where.
for order in in second both; do
	awk -v order=$order '
	    /^trees:/ { print; t = 1; next }
	    /^covers:/ { for (k = 0; k < 2; k++) emit(k); t = 0 }
	    t { tree[n++] = $0; next }
	    { print }
	    function emit(k,  i, b) {
		b = k == 0 ? "8x8" : "6x6"
		if (order == "in" || (order == "second" && k == 0)) {
			for (i = 0; i < n; i++) {
				s = tree[i]; sub(/board: 8x8/, "board: " b, s)
				print s
			}
			return
		}
		print "- nodes:"
		for (i = 5; i < n; i++) print tree[i]
		for (i = 0; i < 4; i++) {
			s = tree[i]; sub(/^- /, "  ", s)
			sub(/board: 8x8/, "board: " b, s)
			print s
		}
	    }' "$src" > "$tmp/two-$order.yaml"
	# The second tree's first position given again, its count also
	# refused: the position is told, as it comes first.
	sed 's/board: 6x6/board: 8x8/' "$tmp/two-$order.yaml" |
	    awk '/^    count: / && ++c == 9 { sub(/\[/, "[x") } { print }' \
	    > "$tmp/twin-$order.yaml"
	gamestat --merge --tree --partial "$tmp/two-$order.yaml" \
	    > "$tmp/two-$order.out" || ng "two trees, $order: refused"
	cmp -s "$tmp/two-in.out" "$tmp/two-$order.out" ||
	    ng "two trees, $order: differ"
	gamestat --merge --tree --partial "$tmp/twin-$order.yaml" \
	    > /dev/null 2> "$tmp/twin-$order.err" &&
	    ng "one tree twice, $order: merged"
	sed 's/^gamestat: [^ ]*:[0-9]*:[0-9]*: /gamestat: /' "$tmp/twin-$order.err" \
	    > "$tmp/twin-$order.msg"
	cmp -s "$tmp/twin-in.msg" "$tmp/twin-$order.msg" ||
	    ng "one tree twice, $order: $(cat "$tmp/twin-$order.err")"
done
grep -q 'a position listed twice \[partial-duplicate\]' "$tmp/twin-in.err" ||
    ng "one tree twice: $(cat "$tmp/twin-in.err")"
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
