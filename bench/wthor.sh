#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck --quiet over GAMES (default 1,000,000) games of the Othello
# data set repeated, as a WTHOR file (bench/bench_to_wthor) and as the same
# games in CSV: games per second of CPU time (user + system) and peak RSS,
# from /usr/bin/time -v (make bench).  Target: WTHOR no slower than CSV.
set -eu
games=${GAMES:-1000000}
data=${ARBITER_DATASET:-${srcdir:-.}/../shared/data/othello_dataset.csv}
[ -f "$data" ] || { echo "wthor.sh: no data set $data" >&2; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

./bench/bench_to_wthor -n "$games" "$data" > "$tmp/games.wtb"
# The same games as CSV: the data set's rows, repeated as far.
awk -v n="$games" 'NR == 1 { h = $0; next } { r[++k] = $0 }
    END { print h; for (i = 0; i < n; i++) print r[i % k + 1] }' \
    "$data" > "$tmp/games.csv"
for f in games.wtb games.csv; do
	/usr/bin/time -v ./gamecheck --quiet "$tmp/$f" 2> "$tmp/err" || true
	awk -v f="$f" -v n="$games" -v sz="$(wc -c < "$tmp/$f")" '
	    /User time/ { u = $NF } /System time/ { s = $NF }
	    /Maximum resident/ { rss = $NF }
	    /records:/ { sum = $0 }
	    END { t = u + s; printf "%-10s %8d games %7.1f MB %6.2f s CPU %9.0f games/s %7.1f MB peak RSS\n", f, n, sz / 1e6, t, n / t, rss / 1024 }' \
	    "$tmp/err"
	grep 'records:' "$tmp/err" | sed 's/^/    /'
done
