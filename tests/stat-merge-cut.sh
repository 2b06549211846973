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

merge="--merge --partial"
. "$srcdir/tests/partial-cut.sh"
{
	cuts 5
	edits
} > "$tmp/got"
if [ "${REGEN:-}" = 1 ]; then
	cp "$tmp/got" "$want"
	exit 0
fi
diff "$want" "$tmp/got" > "$tmp/diff" || ng "diagnostics differ: $(head -20 "$tmp/diff")"
[ "$(wc -l < "$tmp/got")" -gt 400 ] || ng "too few cases: $(wc -l < "$tmp/got")"
exit $fail
