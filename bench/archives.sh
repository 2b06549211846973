#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck --quiet over a generated archive of 100,000 games of each game
# (tests/gen-records: seeded random playouts), in games per second
# (make bench).  GAMES overrides the count.
set -eu
games=${GAMES:-100000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for spec in "reversi 8x8" "herd 5" "stones 8x8" "oust 7" "rive 3-3-5" \
    "rive 5"; do
	set -- $spec
	./gamecheck --help | grep -q "^Games:.* $1\( \|$\)" || continue
	./tests/gen-records "$1" -b "$2" -n "$games" -s 1 > "$tmp/archive"
	start=$(date +%s.%N)
	./gamecheck --quiet "$tmp/archive" 2> "$tmp/err" || true
	end=$(date +%s.%N)
	awk -v g="$1 $2" -v n="$games" -v s="$start" -v e="$end" \
	    -v sz="$(wc -c < "$tmp/archive")" -v sum="$(tail -n 1 "$tmp/err")" \
	    'BEGIN { t = e - s; printf "%-12s %7d games %8.1f MB %7.2f s %9.0f games/s  (%s)\n", g, n, sz / 1e6, t, n / t, sum }'
done
