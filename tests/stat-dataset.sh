#!/bin/sh
# SPDX-License-Identifier: MIT
# gamestat over the real Othello archive: Black's and White's wins and the
# draws agree with the file's winner column, counted here by awk over the
# finished games (the unfinished ones are those gamecheck warns about).
# Skips (77) where the data set is absent; ARBITER_DATASET names another
# copy.
set -u
. "${srcdir:-.}/tests/optional.sh"
need_dataset
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT

./gamestat "$data" > "$tmp/summary" || { echo "FAIL: exit status $?"; exit 1; }
./gamecheck --quiet "$data" 2>&1 |
    sed -n 's/^gamecheck: [^:]*:\([0-9]*\):[0-9]*: warning: .*\[result-unverified\]$/\1/p' \
    > "$tmp/unfinished"
want=$(awk -F, 'NR == FNR { skip[$1] = 1; next }
    FNR > 1 && !(FNR in skip) {
	if ($2 == 1) b++; else if ($2 == -1) w++; else if ($2 == 0) d++
    }
    END { printf "wins: {black: %d, white: %d}\ndraws: %d\n", b, w, d }' \
    "$tmp/unfinished" "$data")
got=$(sed -n 's/^  \(wins: {.*}\)$/\1/p; s/^  \(draws: .*\)$/\1/p' "$tmp/summary")
fail=0
if [ "$(wc -l < "$tmp/unfinished")" != 2 ]; then
	echo "FAIL: want 2 unfinished games, gamecheck warns of $(wc -l < "$tmp/unfinished")"
	fail=1
fi
if [ "$want" != "$got" ]; then
	printf 'FAIL: winner column says\n%s\ngamestat says\n%s\n' "$want" "$got"
	fail=1
else
	echo "ok: $got"
fi
grep -q '^  unfinished: 2$' "$tmp/summary" || { echo "FAIL: unfinished"; fail=1; }
exit $fail
