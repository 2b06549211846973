#!/bin/sh
# SPDX-License-Identifier: MIT
# The real Othello archive (design.md §5): all 25,657 games legal, exactly
# 2 unfinished, and the winner column agrees with the replay in every
# finished game.  Skips (77) where the data set is absent; ARBITER_DATASET
# names another copy.
set -u
. "${srcdir:-.}/tests/optional.sh"
need_dataset
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

./gamecheck "$data" > "$tmp/out" 2> "$tmp/err"
status=$?
fail=0
check() {
	if [ "$2" != "$3" ]; then
		echo "FAIL: $1: want $2, got $3"
		fail=1
	fi
}
check "exit status" 0 "$status"
check "summary" \
    "gamecheck: 25657 records: 25655 finished, 2 unfinished, 0 illegal, 0 malformed" \
    "$(tail -n 1 "$tmp/err")"
check "finished games whose winner agrees" 25655 \
    "$(grep -c '^  agrees: true$' "$tmp/out")"
check "unfinished games, winner unverifiable" 2 \
    "$(grep -c '^  agrees: ~$' "$tmp/out")"
check "disagreements" 0 "$(grep -c '^  agrees: false$' "$tmp/out")"
check "warnings" 2 "$(grep -c 'warning: .*\[result-unverified\]' "$tmp/err")"
exit $fail
