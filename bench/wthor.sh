#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck --quiet over GAMES (default 1,000,000) games of the Othello
# data set repeated, as a WTHOR file (bench/bench_to_wthor) and as the same
# games in CSV: games per second of CPU time (user + system) and peak RSS,
# from /usr/bin/time -v (make bench).  Target: WTHOR no slower than CSV.
#
# A game's moves named, turned into turns and squares in one pass over its
# 60 bytes, the turns' room made once (read-wthor.c wthor_moves), main
# edcc1b9 against the change: callgrind `gamecheck -q` on the data set x4
# as WTHOR (102,628 games) 1,163.2M -> 1,024.9M instructions (-11.9%; the
# CSV of the same games 835.8M: WTHOR/CSV 1.39 -> 1.23); paired
# whole-process runs, nothing else running (load 1.0-1.2), CPU medians:
# WTHOR new/old 0.81 (15 runs, x4) and 0.84 (9 runs, x40, 1,026,280
# games); WTHOR/CSV 1.10 (x4) and 0.99 (x40); full reports identical.
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
