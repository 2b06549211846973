# SPDX-License-Identifier: MIT
# Sourced by tests/stat-merge-cut.sh and tests/stat-tree-merge-cut.sh:
# a partial ($src) cut short and edited, each merged with gamestat's
# options $merge into $tmp/out; one line a case on standard output: its
# name, the exit status, a checksum of the output (- for none) and the
# diagnostics.

# run NAME: merges $tmp/p, one line of NAME, status and stderr.
run() {
	rm -f "$tmp/out"
	# shellcheck disable=SC2086
	(cd "$tmp" && gamestat $merge -o out p 2> err)
	rc=$?
	sum=-
	[ -e "$tmp/out" ] && sum=$(cksum < "$tmp/out" | cut -d' ' -f1)
	printf '%s %s %s %s\n' "$1" "$rc" "$sum" "$(tr '\n' '|' < "$tmp/err")"
}

# cuts STEP: $src cut at every STEP-th byte.
cuts() {
	size=$(wc -c < "$src")
	i=0
	while [ $i -lt "$size" ]; do
		head -c $i "$src" > "$tmp/p"
		run "cut-$i"
		i=$((i + $1))
	done
}

# edits: each line of $src from the second edited seven ways (a number
# made a letter or past the largest count, the line dropped or given
# twice, a list one longer, a list made a mapping with a key twice, its
# first string made "Ada"), the checksum made right again; then $src
# whole.
edits() {
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
}
