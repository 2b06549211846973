#!/bin/sh
# SPDX-License-Identifier: MIT
# Secret dice (formats/rng.md, "Secret dice"): the commitments of the
# test vectors in formats/rng.md computed again with sha256sum, apart
# from the C code, and a revealed record built from each checked by
# gamecheck.
set -u
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
srcdir=${srcdir:-.}
fail=0
gc=./gamecheck

bad() {
	echo "FAIL: $*"
	fail=1
}

command -v sha256sum > /dev/null || { echo "SKIP: no sha256sum"; exit 77; }

# The vectors: the rows of the table under "Test vectors" of the secret
# dice, whose cells are in backquotes but the seed.
sed -n '/^## Secret dice/,/^## Reference/p' "$srcdir/formats/rng.md" |
    sed -n 's/^| `\([0-9a-f]\{32\}\)` | \([0-9]*\) | `\([0-9a-f]\{64\}\)` |$/\1 \2 \3/p' \
    > "$tmp/vectors"
[ "$(wc -l < "$tmp/vectors")" -ge 4 ] || { echo "FAIL: no vectors"; exit 1; }
while read -r salt seed commit; do
	got=$(printf '%s' "$salt:$seed" | sha256sum | cut -d' ' -f1)
	[ "$got" = "$commit" ] || bad "sha256sum of $salt:$seed is $got"
	# A revealed record of one roll-free game start: the commitment holds.
	printf '[Game "herd"]\n[SeedCommit "%s"]\n[SeedSalt "%s"]\n[Seed "%s"]\n\n*\n' \
	    "$commit" "$salt" "$seed" > "$tmp/r.pgn"
	$gc -q "$tmp/r.pgn" 2> "$tmp/err" ||
	    bad "gamecheck refuses the reveal of $seed: $(cat "$tmp/err")"
done < "$tmp/vectors"
[ "$fail" = 0 ] && echo "ok: the vectors of formats/rng.md"

exit $fail
