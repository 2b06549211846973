#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck --quiet over the Othello data set repeated to 1,000,623 games
# (39 copies of its 25,657), as CSV, as GGF and as SGF (written by
# gamecheck --write): CPU seconds, games per second and peak RSS of each
# run (make bench).  COPIES overrides the 39; skips where the data set is
# absent (ARBITER_DATASET names another copy).  Needs GNU time.
set -eu
srcdir=${srcdir:-.}
data=${ARBITER_DATASET:-$srcdir/../shared/data/othello_dataset.csv}
copies=${COPIES:-39}
[ -r "$data" ] || { echo "imports: no data set at $data: skipped"; exit 0; }
[ -x /usr/bin/time ] || { echo "imports: no GNU time: skipped"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

head -n 1 "$data" > "$tmp/games.csv"
i=0
while [ "$i" -lt "$copies" ]; do
	awk 'NR > 1' "$data"
	i=$((i + 1))
done >> "$tmp/games.csv"
./gamecheck --write=ggf "$tmp/games.csv" > "$tmp/games.ggf" 2> /dev/null ||
    true
./gamecheck --write=sgf "$tmp/games.csv" > "$tmp/games.sgf" 2> /dev/null ||
    true
for f in csv ggf sgf; do
	/usr/bin/time -f '%U %S %M' -o "$tmp/time" \
	    ./gamecheck --quiet "$tmp/games.$f" 2> "$tmp/err" || true
	read -r user sys rss < "$tmp/time"
	awk -v f="$f" -v u="$user" -v s="$sys" -v rss="$rss" \
	    -v sz="$(wc -c < "$tmp/games.$f")" -v sum="$(tail -n 1 "$tmp/err")" \
	    'BEGIN { split(sum, w, " "); n = w[2]; t = u + s;
	    printf "%-4s %8d games %7.1f MB %7.2f s CPU %9.0f games/s %7d KB peak RSS\n",
	    f, n, sz / 1e6, t, n / t, rss }'
done
