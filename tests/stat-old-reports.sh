#!/bin/sh
# SPDX-License-Identifier: MIT
# A forfeit's report says finished, its result's winner the forfeit's
# (issue 27, item 11); an older gamecheck said unfinished, winner none.
# gamestat counts both forms alike, as it counts the records: by cause,
# per player and in total; and a partial summary of the older reports
# merges with one of newer reports as one run over both counts them.
# tests/forfeits-old-reports.yaml is what gamecheck wrote of
# tests/forfeits.pgn before the change.
set -u
. "${srcdir:-.}/tests/lib.sh"

old="$srcdir/tests/forfeits-old-reports.yaml"
pgn="$srcdir/tests/forfeits.pgn"
[ "$(grep -c '^status: unfinished$' "$old")" = 6 ] &&
    [ "$(grep -c '^forfeit:$' "$old")" = 5 ] ||
    ng "the older reports are not the older form"
gamecheck "$pgn" > "$tmp/new.yaml" 2> /dev/null
[ "$(grep -c '^status: finished$' "$tmp/new.yaml")" = 5 ] ||
    ng "the forfeits are not finished: $(grep status "$tmp/new.yaml")"

gamestat "$pgn" | sed 1,3d > "$tmp/records" || ng "gamestat of the records"
for form in old new; do
	f=$old
	[ $form = new ] && f=$tmp/new.yaml
	gamestat "$f" | sed 1,3d > "$tmp/$form" || ng "gamestat of the $form reports"
	cmp -s "$tmp/records" "$tmp/$form" &&
	    ok "the $form reports count as the records" ||
	    ng "the $form reports: $(diff "$tmp/records" "$tmp/$form")"
done
grep -q '^  forfeits: {illegal: 1, crash: 2, timeout: 1, resign: 0}$' \
    "$tmp/old" || ng "the group's forfeits: $(grep forfeits "$tmp/old")"

# A partial of the older reports merges with one of the newer ones.
gamestat --partial "$old" > "$tmp/p-old.yaml" &&
    gamestat --partial "$tmp/new.yaml" > "$tmp/p-new.yaml" ||
    ng "gamestat --partial exits $?"
gamestat --merge "$tmp/p-old.yaml" "$tmp/p-new.yaml" | sed 1,3d \
    > "$tmp/merged" || ng "gamestat --merge exits $?"
gamestat "$old" "$tmp/new.yaml" | sed 1,3d > "$tmp/both" ||
    ng "gamestat of both"
cmp -s "$tmp/merged" "$tmp/both" && ok "old and new partials merge" ||
    ng "the merge differs: $(diff "$tmp/both" "$tmp/merged")"
grep -q '^  forfeits: {illegal: 2, crash: 4, timeout: 2, resign: 0}$' \
    "$tmp/merged" || ng "merged forfeits: $(grep forfeits "$tmp/merged")"
exit $fail
