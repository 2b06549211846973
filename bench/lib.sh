# SPDX-License-Identifier: MIT
# What the benchmarks over the Othello archive share (sourced, after
# set -eu): bench_start finds the data set and /usr/bin/time or skips the
# benchmark (exit 0: a missing tool is no failure of the code), and makes
# $tmp, removed on exit; bench_archive writes the archive repeated.

# bench_start NAME: sets data and tmp, or exits 0 saying why NAME skipped.
bench_start() {
	data=${ARBITER_DATASET:-${srcdir:-.}/../shared/data/othello_dataset.csv}
	if [ ! -r "$data" ]; then
		echo "bench/$1: no data set at $data; skipped"
		exit 0
	fi
	if ! [ -x /usr/bin/time ]; then
		echo "bench/$1: no /usr/bin/time; skipped"
		exit 0
	fi
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
}

# bench_archive K: the header, then the rows (not the header) K times; awk
# ends every line.
bench_archive() {
	head -n 1 "$data"
	i=0
	while [ "$i" -lt "$1" ]; do
		awk 'NR > 1' "$data"
		i=$((i + 1))
	done
}
