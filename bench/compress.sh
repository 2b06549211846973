#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck --quiet over the Othello data set copied N times (COPIES,
# default 10), plain and compressed with each of gzip, bzip2, xz and zstd
# that is installed (default levels): CPU seconds (user + system, the
# median of RUNS, default 3), games per CPU second, the file size and
# peak RSS (make bench).  DATA names the set (default
# $srcdir/../shared/data/othello_dataset.csv); without it, nothing runs.
set -eu
data=${DATA:-${srcdir:-.}/../shared/data/othello_dataset.csv}
[ -r "$data" ] || { echo "bench/compress.sh: no $data: skipped"; exit 0; }
copies=${COPIES:-10}
runs=${RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

i=0
while [ "$i" -lt "$copies" ]; do
	# One header: the copies after the first are rows alone.
	if [ "$i" -eq 0 ]; then cat "$data"; else tail -n +2 "$data"; fi
	i=$((i + 1))
done > "$tmp/plain"
games=$(($(wc -l < "$tmp/plain") - 1))
for z in gzip bzip2 xz zstd; do
	command -v "$z" > /dev/null 2>&1 && "$z" -c "$tmp/plain" > "$tmp/$z"
done

# CPU seconds and peak RSS (KiB) of each run, from GNU time; the median
# run by CPU time is shown.
for f in plain gzip bzip2 xz zstd; do
	[ -f "$tmp/$f" ] || continue
	k=0
	: > "$tmp/times"
	while [ "$k" -lt "$runs" ]; do
		/usr/bin/time -f '%U %S %M' -o "$tmp/t" \
		    ./gamecheck --quiet "$tmp/$f" 2> /dev/null || true
		# GNU time says first when the command exits non-zero.
		tail -n 1 "$tmp/t" | awk '{ print $1 + $2, $3 }' >> "$tmp/times"
		k=$((k + 1))
	done
	sort -n "$tmp/times" | awk -v f="$f" -v n="$games" \
	    -v sz="$(wc -c < "$tmp/$f")" -v runs="$runs" '
		{ cpu[NR] = $1; rss[NR] = $2 }
		END {
			m = int((runs + 1) / 2); t = cpu[m]
			printf "%-6s %9.1f MB %7d games %6.2f s CPU %9.0f games/s %7d KiB RSS\n",
			    f, sz / 1e6, n, t, n / t, rss[m]
		}'
done
