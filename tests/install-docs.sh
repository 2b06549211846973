#!/bin/sh
# SPDX-License-Identifier: MIT
# make install puts the README and the specifications of formats/ (which
# --help and the manual pages cite) in the documentation directory, the
# manual pages say where, and make uninstall takes them away again.
set -u
srcdir=${srcdir:-.}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
${MAKE:-make} install DESTDIR="$tmp" prefix=/usr/local > "$tmp.log" 2>&1 ||
    { cat "$tmp.log"; rm -f "$tmp.log"; echo "FAIL: make install"; exit 1; }
rm -f "$tmp.log"
doc=$tmp/usr/local/share/doc/arbiter
for f in "$srcdir"/README.md "$srcdir"/formats/*.md; do
	if cmp -s "$f" "$doc/${f##*/}"; then
		echo "ok: ${f##*/} installed"
	else
		echo "FAIL: ${f##*/} not in $doc"
		fail=1
	fi
done
for page in gamecheck.1 gameplay.1 gamestat.1; do
	grep -q 'share/doc/arbiter' "$srcdir/man/$page" &&
	    echo "ok: $page says where" ||
	    { echo "FAIL: $page does not say where the formats are"; fail=1; }
done
${MAKE:-make} uninstall DESTDIR="$tmp" prefix=/usr/local > /dev/null 2>&1 ||
    { echo "FAIL: make uninstall"; fail=1; }
left=$(find "$tmp" -type f)
[ -z "$left" ] && echo "ok: make uninstall leaves no file" ||
    { echo "FAIL: left after uninstall: $left"; fail=1; }
exit $fail
