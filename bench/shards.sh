#!/bin/sh
# SPDX-License-Identifier: MIT
# --shard by bytes against --shard by records (make bench; formats/
# record.md, "Shards"): GAMES (10,000,000) games, the Othello data set's
# rows repeated as one CSV; the CPU seconds (user + system) of N (8)
# tasks of gamestat --partial --shard K/N run one after another, against
# one gamestat --partial over the whole file: the ratio of the two, pair
# by pair, median of RUNS (3) pairs (farm-bench --vs); first by bytes
# (each task seeks to its range), then by records (--shard-by records:
# each task reads the whole file and skips the others' records); then the
# tasks by bytes against one gamestat without --partial, which checksums
# no input (the one --partial run checksums all of it for its cover, a
# range task its first 64 KiB).  The N partials of each are checked to
# merge to the one run's summary.
# Figures, not pass/fail: build without --enable-debug for figures worth
# quoting.
set -eu
srcdir=${srcdir:-.}
. "$srcdir/bench/lib.sh"
bench_start shards
command -v farm-bench > /dev/null || { echo "bench/shards: no farm-bench; skipped"; exit 0; }
games=${GAMES:-10000000}
runs=${RUNS:-3}
n=${TASKS:-8}

rows=$(($(wc -l < "$data") - 1))
bench_archive $(((games + rows - 1) / rows)) > "$tmp/big.csv"
echo "bench/shards: $(($(wc -l < "$tmp/big.csv") - 1)) games," \
    "$(wc -c < "$tmp/big.csv") bytes, $n tasks"
gs=$(pwd)/gamestat

# The N tasks one after another, as one command (farm-bench times them
# as one process and its children).
cat > "$tmp/tasks.sh" << EOF
k=1
while [ \$k -le $n ]; do
	"$gs" --partial "\$@" --shard \$k/$n "$tmp/big.csv" > "$tmp/part.\$k"
	k=\$((k + 1))
done
EOF

"$gs" --partial "$tmp/big.csv" > "$tmp/one.yaml"
"$gs" --merge "$tmp/one.yaml" > "$tmp/want"
for by in bytes records; do
	sh "$tmp/tasks.sh" --shard-by "$by"
	"$gs" --merge "$tmp"/part.* > "$tmp/got"
	cmp -s "$tmp/want" "$tmp/got" ||
	    echo "bench/shards: $by: the $n partials merge to another summary"
	echo "== $n tasks --shard-by $by (A) against one process (B)"
	farm-bench -n "$runs" --warmup 0 --timeout 3600 \
	    --vs "$gs --partial -o $tmp/one.yaml $tmp/big.csv" -- \
	    sh "$tmp/tasks.sh" --shard-by "$by"
done
echo "== $n tasks --shard-by bytes (A) against one process, no --partial (B)"
farm-bench -n "$runs" --warmup 0 --timeout 3600 \
    --vs "$gs -o $tmp/one.yaml $tmp/big.csv" -- \
    sh "$tmp/tasks.sh" --shard-by bytes
