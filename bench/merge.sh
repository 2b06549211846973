#!/bin/sh
# SPDX-License-Identifier: MIT
# gamestat --merge against the number of partial summaries (make bench):
# N small partials (PARTIALS, "10 100 1000 10000"), each of one input of
# one game (a row of the examples' CSV archive), as the file-list pattern
# of a cluster makes them; merged flat (one --merge of all N) and as a
# tree (groups of about sqrt(N) merged with --merge --partial, then
# those): the CPU (user + system) seconds and the peak memory of the
# median of RUNS runs (3), the flat merge checked equal to the tree's.
# The partials are made once in DIR (a new temporary directory if unset;
# kept when given, and reused when already made there).  GAMESTAT names
# the gamestat to time (./gamestat): another build's, to compare.
# The same for partial trees (gamestat --tree --partial: the opening tree
# of each game), merged with --merge --tree (issue 33, item 8: a partial
# tree is read from its events, each position added as it is read).
# Then one partial of PAIRS pairs of players alone, and one partial tree
# of POSITIONS positions (see its end).
# KINDS ("summary tree") picks the tables.
# Figures, not pass/fail: on a shared machine they move with its load.
set -eu
srcdir=${srcdir:-.}
gamestat=${GAMESTAT:-./gamestat}
case $gamestat in /*) ;; *) gamestat=$(pwd)/$gamestat ;; esac
runs=${RUNS:-3}
if [ -n "${DIR:-}" ]; then
	tmp=$DIR
	mkdir -p "$tmp"
else
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
fi

# make N [KIND]: $tmp/N/p.I (I from 1 to N), each the partial of
# $tmp/N/g.I.csv; KIND tree: $tmp/tree-N/p.I, partial trees.
make_partials() {
	dir=$tmp/$1 opts=--partial
	if [ "${2:-}" = tree ]; then
		dir=$tmp/tree-$1 opts="--tree --partial"
	fi
	[ -f "$dir/done" ] && return 0
	mkdir -p "$dir"
	awk -v n="$1" -v dir="$dir" 'NR == 1 { head = $0; next }
	    { row[m++] = $0 }
	    END { for (i = 1; i <= n; i++) {
		f = dir "/g." i ".csv"
		print head > f; print row[i % m] > f; close(f) } }' \
	    "$srcdir/examples/archive.csv"
	# shellcheck disable=SC2086
	(cd "$dir" && i=1 && while [ $i -le "$1" ]; do
		"$gamestat" $opts -o p.$i g.$i.csv || exit 1
		i=$((i + 1))
	done)
	ls "$dir"/p.* > "$dir/list"
	: > "$dir/done"
}

# median CPU seconds and peak KB of $runs runs of the command.
timed() {
	: > "$tmp/times"
	i=0
	while [ $i -lt "$runs" ]; do
		/usr/bin/time -f '%U %S %M' -o "$tmp/t" "$@" > "$tmp/out" \
		    2> /dev/null || { echo "FAILED: $*" >&2; exit 1; }
		awk '{ print $1 + $2, $3 }' "$tmp/t" >> "$tmp/times"
		i=$((i + 1))
	done
	sort -n "$tmp/times" | awk -v m=$(((runs + 1) / 2)) \
	    'NR == m { printf "%.2f %d\n", $1, $2 }'
}

# The tree: groups of about sqrt(N), each merged to a partial, then all;
# a fourth argument (--tree) merges partial trees.
cat > "$tmp/tree.sh" <<'EOS'
set -eu
g=$1; dir=$2; list=$3; kind=${4:-}
split -l "$(awk -v n="$(wc -l < "$list")" 'BEGIN { print int(sqrt(n) + 0.999) }')" "$list" "$dir/part."
for f in "$dir"/part.*; do
	"$g" --merge $kind --partial -o "$f.yaml" $(cat "$f")
done
"$g" --merge $kind "$dir"/part.*.yaml
rm -f "$dir"/part.*
EOS

# table KIND: the flat and tree merges of 10 to 10,000 partials of KIND
# (summary or tree).
table() {
	what=$1 kind= sub= label=summaries
	if [ "$what" = tree ]; then
		kind=--tree sub=tree- label=trees
	fi
	printf '%s\n%9s %12s %12s %12s %12s\n' "partial $label:" partials \
	    "flat CPU s" "flat peak" "tree CPU s" "tree peak"
	for n in ${PARTIALS:-10 100 1000 10000}; do
		make_partials "$n" "$what"
		# shellcheck disable=SC2046,SC2086
		set -- $(timed "$gamestat" --merge $kind -o "$tmp/flat" \
		    $(cat "$tmp/$sub$n/list"))
		flat_cpu=$1 flat_kb=$2
		mkdir -p "$tmp/work"
		set -- $(timed sh "$tmp/tree.sh" "$gamestat" "$tmp/work" \
		    "$tmp/$sub$n/list" $kind)
		cmp -s "$tmp/flat" "$tmp/out" || echo "$n: FLAT AND TREE DIFFER"
		printf '%9d %12s %10d K %12s %10d K\n' "$n" "$flat_cpu" \
		    "$flat_kb" "$1" "$2"
	done
}
[ "${KINDS:-summary tree}" = tree ] || table summary
case ${KINDS:-summary tree} in *tree*) table tree ;; esac

# One large partial, as a game server's archive makes them: PAIRS (200000)
# pairs of a quarter as many players, merged alone; its peak memory
# against its size.
pairs=${PAIRS:-200000}
if [ ! -f "$tmp/pairs.$pairs.yaml" ]; then
	awk -v n="$pairs" -v p=$((pairs / 4)) \
	    -f "$srcdir/tests/partials/pairs.awk" |
	    sh "$srcdir/tests/partial-crc.sh" > "$tmp/pairs.$pairs.yaml"
fi
size=$(wc -c < "$tmp/pairs.$pairs.yaml")
set -- $(timed "$gamestat" --merge -o "$tmp/flat" "$tmp/pairs.$pairs.yaml")
printf '%d pairs (%d bytes): %s CPU s, %d K peak (%.1f times its size)\n' \
    "$pairs" "$size" "$1" "$2" "$(echo "$2 $size" |
	awk '{ print $1 * 1024 / $2 }')"

# One large partial tree, POSITIONS (200000) positions of eight moves
# each (tests/partials/tree.awk), merged alone: its peak against its
# size.
positions=${POSITIONS:-200000}
if [ ! -f "$tmp/tree.$positions.yaml" ]; then
	awk -v n="$positions" -f "$srcdir/tests/partials/tree.awk" \
	    > "$tmp/tree.$positions.yaml"
fi
size=$(wc -c < "$tmp/tree.$positions.yaml")
set -- $(timed "$gamestat" --merge --tree -o "$tmp/flat" \
    "$tmp/tree.$positions.yaml")
printf '%d positions (%d bytes): %s CPU s, %d K peak (%.1f times its size)\n' \
    "$positions" "$size" "$1" "$2" "$(echo "$2 $size" |
	awk '{ print $1 * 1024 / $2 }')"
