#!/bin/sh
# SPDX-License-Identifier: MIT
# A partial summary cut short or edited is refused as it was when
# partials were read whole as a YAML tree (issue 33, item 8: they are
# read as a stream of events now): tests/partials/rows.yaml, a partial
# with rows of pairs, forfeited, decided and analysis, cut at every
# fifth byte, and each of its lines edited seven ways (a number made a
# letter or past the largest count, the line dropped or given twice, a
# row one longer, a row made a mapping with a key twice, its first name
# made "Ada"), the checksum made right again; each gives the exit status
# and the diagnostics (file, line, column, code) that
# tests/partials/rows.expected holds, and writes what it wrote (a
# checksum of the output).  REGEN=1
# writes rows.expected from the gamestat built.
set -u
. "${srcdir:-.}/tests/lib.sh"
src="$srcdir/tests/partials/rows.yaml"
want="$srcdir/tests/partials/rows.expected"

# run NAME: merges $tmp/p, one line of NAME, status and stderr.
run() {
	rm -f "$tmp/out"
	(cd "$tmp" && gamestat --merge --partial -o out p 2> err)
	rc=$?
	sum=-
	[ -e "$tmp/out" ] && sum=$(cksum < "$tmp/out" | cut -d' ' -f1)
	printf '%s %s %s %s\n' "$1" "$rc" "$sum" "$(tr '\n' '|' < "$tmp/err")"
}

size=$(wc -c < "$src")
{
	i=0
	while [ $i -lt "$size" ]; do
		head -c $i "$src" > "$tmp/p"
		run "cut-$i"
		i=$((i + 5))
	done
	lines=$(wc -l < "$src")
	l=2
	while [ $l -le "$lines" ]; do
		for m in 1 2 3 4 5 6 7; do
			awk -v l=$l -v m=$m 'NR != l { print; next }
			    m == 1 { sub(/[0-9]/, "x") }
			    m == 2 { next }
			    m == 3 { sub(/\]$/, ", 1]") }
			    m == 4 { sub(/\[/, "{k: 1, k: 2, z: ["); sub(/\]$/, "]}") }
			    m == 5 { sub(/"[^"]*"/, "\"Ada\"") }
			    m == 6 { print }
			    m == 7 { sub(/[0-9]+/, "9223372036854775807") }
			    { print }' "$src" | sh "$srcdir/tests/partial-crc.sh" \
			    > "$tmp/p"
			cmp -s "$tmp/p" "$src" || run "line-$l-$m"
		done
		l=$((l + 1))
	done
	# Whole: merged.
	cp "$src" "$tmp/p"
	run whole
} > "$tmp/got"
if [ "${REGEN:-}" = 1 ]; then
	cp "$tmp/got" "$want"
	exit 0
fi
diff "$want" "$tmp/got" > "$tmp/diff" || ng "diagnostics differ: $(head -20 "$tmp/diff")"
[ "$(wc -l < "$tmp/got")" -gt 400 ] || ng "too few cases: $(wc -l < "$tmp/got")"
exit $fail
