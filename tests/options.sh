#!/bin/sh
# SPDX-License-Identifier: MIT
# One meaning per short option across the tools (README, "Options"): every
# "  -x, --long" line of every --help (the three tools and each gameplay
# command) maps its letter to its long name, and no letter may map to two
# long names.  And every long option gamecheck's and gamestat's --help
# list has an entry (.It) of its own in the tool's manual page, not a
# paragraph pasted into another's.
set -u
srcdir=${srcdir:-.}
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
fail=$?

for tool in gamecheck gamestat; do
	missing=
	longs=$("$tool" --help |
	    sed -n 's/^ *\(-[A-Za-z], \)\{0,1\}--\([a-z-]*\).*/\2/p' |
	    sort -u)
	[ -n "$longs" ] || { echo "FAIL: no long option in $tool --help"; fail=1; }
	for o in $longs; do
		grep -Eq "^\.It .*Fl (Fl |-)$o( |\$)" "$srcdir/man/$tool.1" ||
		    missing="$missing --$o"
	done
	if [ -n "$missing" ]; then
		echo "FAIL: $tool(1) has no entry for$missing"
		fail=1
	else
		echo "ok: $tool(1) has an entry for each long option of --help"
	fi
done
exit $fail
