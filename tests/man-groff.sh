#!/bin/sh
# SPDX-License-Identifier: MIT
# groff renders every manual page without a warning (-ww: all of them).
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
done
exit $fail
