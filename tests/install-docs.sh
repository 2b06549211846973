#!/bin/sh
# SPDX-License-Identifier: MIT
# make install puts the README and the specifications of formats/ (which
# --help and the manual pages cite) in the documentation directory, the
# installed manual pages say where under the prefix given, and make
# uninstall takes them away again.
set -u
srcdir=${srcdir:-.}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
# Another prefix than the default, whose path the installed manual pages
# must name (not /usr/local's).
prefix=/opt/arbiter-test
${MAKE:-make} install DESTDIR="$tmp" prefix=$prefix > "$tmp.log" 2>&1 ||
    { cat "$tmp.log"; rm -f "$tmp.log"; echo "FAIL: make install"; exit 1; }
rm -f "$tmp.log"
doc=$tmp$prefix/share/doc/arbiter
for f in "$srcdir"/README.md "$srcdir"/formats/*.md; do
	if cmp -s "$f" "$doc/${f##*/}"; then
		echo "ok: ${f##*/} installed"
	else
		echo "FAIL: ${f##*/} not in $doc"
		fail=1
	fi
done
for page in gamecheck.1 gameplay.1 gamestat.1; do
	installed=$tmp$prefix/share/man/man1/$page
	if grep -q "^\.It Pa $prefix/share/doc/arbiter/\$" "$installed" &&
	    ! grep -q /usr/local "$installed"; then
		echo "ok: $page says where, under the prefix"
	else
		echo "FAIL: $page does not name $prefix/share/doc/arbiter/:"
		grep -n 'share/doc' "$installed"
		fail=1
	fi
done
${MAKE:-make} uninstall DESTDIR="$tmp" prefix=$prefix > /dev/null 2>&1 ||
    { echo "FAIL: make uninstall"; fail=1; }
left=$(find "$tmp" -type f)
[ -z "$left" ] && echo "ok: make uninstall leaves no file" ||
    { echo "FAIL: left after uninstall: $left"; fail=1; }
exit $fail
