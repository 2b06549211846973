#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay perft, CPU seconds (user+sys) and peak RSS, median of three:
# Reversi 12 without and with --hash, Rive 5 (make bench).
set -u
run() {
	for i in 1 2 3; do
		/usr/bin/time -f '%U %S %M' ./gameplay perft "$@" 2>&1 \
		    >/dev/null | awk '{ printf "%.2f %d\n", $1 + $2, $3 }'
	done | sort -n | sed -n 2p | awk -v a="$*" \
	    '{ printf "perft %-24s %6.2f s cpu %8d kB peak\n", a, $1, $2 }'
}
run reversi 12
run --hash 64 reversi 12
run --hash 16 reversi 12
run rive 5
