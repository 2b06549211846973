#!/bin/sh
# SPDX-License-Identifier: MIT
# groff renders every manual page without a warning (-ww: all of them),
# its quotes balanced, and in ASCII (man in the C locale) no glyph lost.
# Skips (77) without groff.
set -u
srcdir=${srcdir:-.}
command -v groff > /dev/null 2>&1 || { echo "SKIP: no groff"; exit 77; }
fail=0
for page in "$srcdir"/man/*.[1-9]; do
	out=$(groff -mandoc -ww -z -Tutf8 "$page" 2>&1)
	if [ -n "$out" ]; then
		echo "FAIL: ${page##*/}:"
		printf '%s\n' "$out"
		fail=1
	else
		echo "ok: ${page##*/}"
	fi
	# A quote opened inside another (.Ql a , Ql b encloses the rest of
	# the line), and a glyph that ASCII has no stand-in for (man in the
	# C locale prints it as nothing: '').
	bad=$(groff -mandoc -Tutf8 "$page" 2> /dev/null |
	    grep -n "‘[^’]*‘")
	bad=$bad$(groff -mandoc -Tascii "$page" 2> /dev/null | grep -n "''")
	if [ -n "$bad" ]; then
		echo "FAIL: ${page##*/}: quotes rendered wrong:"
		printf '%s\n' "$bad"
		fail=1
	else
		echo "ok: ${page##*/} quotes in UTF-8 and ASCII"
	fi
done
exit $fail
