#!/bin/sh
# SPDX-License-Identifier: MIT
# One meaning per short option across the tools (README, "Options"): every
# "  -x, --long" line of every --help (the three tools and each gameplay
# command) maps its letter to its long name, and no letter may map to two
# long names.
set -u
PATH="$(pwd):$PATH"
tmp=$(mktemp) || exit 99
trap 'rm -f "$tmp"' EXIT

helps() {
	gamecheck --help
	gamestat --help
	gameplay --help
	for cmd in $(gameplay --help | awk '/^  [a-z]+ / { print $1 }'); do
		gameplay "$cmd" --help | sed "s/^/$cmd: /"
	done
}
helps > "$tmp" || { echo "FAIL: a --help failed"; exit 1; }
grep -q '^new: ' "$tmp" || { echo "FAIL: no command's --help read"; exit 1; }
sed -n 's/^\([a-z]*: \)\{0,1\}  -\([A-Za-z]\), --\([a-z-]*\).*/\2 \3/p' \
    "$tmp" | sort -u | awk '
	{ n[$1]++; names[$1] = names[$1] " --" $2 }
	END {
		fail = 0
		for (l in n)
			if (n[l] > 1) {
				print "FAIL: -" l " means" names[l]
				fail = 1
			}
		if (!fail)
			print "ok: " length(n) " letters, one long name each"
		exit fail
	}'
