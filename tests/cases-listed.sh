#!/bin/sh
# SPDX-License-Identifier: MIT
# Checks that tests/cases.am lists every golden case under tests/cases/
# and nothing else: a case missing from it is never run by make check (nor
# shipped by make dist), and a listed case that does not exist breaks the
# build late.  Fails naming each; `make list-cases' rewrites the list.
set -u

srcdir=${srcdir:-.}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

# The cases on disk and the cases listed, as tests/cases/NAME.case lines.
(cd "$srcdir" && for f in tests/cases/*.case; do
	[ -e "$f" ] && echo "$f"
done) | LC_ALL=C sort >"$tmp/disk"
sed -n 's|^[ \t]*\(tests/cases/[^ \t\\]*\).*|\1|p' "$srcdir/tests/cases.am" |
    LC_ALL=C sort >"$tmp/listed"

fail=0
LC_ALL=C comm -23 "$tmp/disk" "$tmp/listed" >"$tmp/unlisted"
LC_ALL=C comm -13 "$tmp/disk" "$tmp/listed" >"$tmp/absent"
while IFS= read -r f; do
	echo "FAIL: $f is not listed in tests/cases.am (make list-cases)"
	fail=1
done <"$tmp/unlisted"
while IFS= read -r f; do
	echo "FAIL: tests/cases.am lists $f, which does not exist" \
	    "(make list-cases)"
	fail=1
done <"$tmp/absent"
if [ "$(uniq -d "$tmp/listed")" != "" ]; then
	uniq -d "$tmp/listed" | sed 's/^/FAIL: tests\/cases.am lists twice: /'
	fail=1
fi
[ $fail -eq 0 ] && echo "ok: tests/cases.am lists the $(wc -l <"$tmp/disk" |
    tr -d ' ') cases of tests/cases/"
exit $fail
