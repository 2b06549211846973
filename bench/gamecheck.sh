#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck throughput over the Othello archive repeated to about one
# million games, as CSV, transcripts and the notation, with --quiet and
# with full YAML reports, and selecting (--select, ranges, --plies): CPU
# seconds (user+sys; wall-clock time on a shared machine reads low),
# median of three, and games per CPU second.
# With ARBITER_REFERENCE (the directory of another build, e.g. of the code
# before a change) each line shows that build's figure beside ours, run in
# the same minutes.  Then peak RSS as the input grows: 10k, 1M and (piped
# from a generator, never stored) 10M records (make bench).
#
# Issue 34 target 2 (gamecheck -q on CSV at 2,000,000 games/s on one
# core), branch csvfast, from a ./configure'd build (-g -O2) of each, main
# c650c40 built out of tree; big.csv is the Othello set repeated 4x
# (102,628 games), huge.csv 40x (1,026,280):
#   awk -v k=4 'NR == 1 { print; next } { row[n++] = $0 } END {
#       for (i = 0; i < k; i++) for (r = 0; r < n; r++) print row[r] }' \
#       othello_dataset.csv > big.csv
#   valgrind --tool=callgrind ./gamecheck -q big.csv
#   main 1,270,580,011 instructions (12,380 a game), csvfast 934,450,778
#   (9,105): the transcript's turns 311M to 110M (two-byte squares taken
#   sixteen bytes at a time, checked as one vector), reversi_play_cells
#   438M to 367M (8x8: the discs in all four lanes from move to move, the
#   turned-over counts in registers, one test a move), replay_record's
#   own 191M to 129M (8x8 squares read eight at a time where they lie in
#   a row in the line, none read twice around an implied pass).
#   farm-bench -n 7 --vs 'MAIN/gamecheck -q big.csv' -- ./gamecheck -q big.csv
#   0.755x CPU (0.129 s against 0.172 s), load 6.3-6.7 (uptime);
#   the same on huge.csv 0.748x (1.090 s against 1.526 s), load 6.7-8.3:
#   940,000 games per CPU second against 673,000.  The output of -q, the
#   full reports, --table=tsv and --write=pgn byte-identical, exit status
#   and stderr too (big.csv; it with a byte of every 50th row changed; its
#   moves column as transcripts).  Perft and playouts: the same instruction
#   counts (bench_playout reversi, stones; gameplay perft reversi);
#   paired CPU, load 4-9: gameplay perft reversi 11 1.008x (7 runs),
#   bench_playout -n 20000 stones 0.999x (7), bench_playout -n 200000
#   reversi 1.023x, 1.037x, 1.040x (11 each; main against a copy of
#   itself 1.002x): no code of the playout changed, its instructions the
#   same, so code placement, to be watched (the issue's bound is 5%).
#
# Branch decode against main d764e8c: the line readers (CSV, transcripts,
# WTHOR) hand the replay each turn's square as one byte (record_squares:
# file and rank, decoded as the reader checks it, sixteen bytes at a
# time), so the replay no longer re-checks and re-decodes each square's
# text (eight_square_runs went); the 16-byte vector type in util/simd.h;
# a run's eight tokens stored unrolled.  Instructions, valgrind
# --tool=callgrind gamecheck -q, the set once (25,657 games; the others
# written by main's --write, WTHOR by bench_to_wthor), main -> decode:
#   CSV 227.2M -> 210.0M (-7.6%), transcripts 207.4M -> 190.2M (-8.3%),
#   notation 614.0M -> 612.9M, WTHOR 294.2M -> 291.7M, GGF 560.1M ->
#   559.3M, SGF 604.3M -> 603.5M.
# The CSV's split now (main's in brackets): reversi_play_cells 91.8M,
# 43.7% (40.4%); reading 60.7M (61.6M), the turns' tokens and squares
# 26.2M of it (27.4M); the replay's own around the rules 49M (65M): the
# squares' cells 6M (about 21M decoding and checking the text), set_up
# 11.6M, implied passes 8.4M.  Left for 2M games/s: reversi_play_cells
# is latency-bound (each move needs the last board), so several games
# replayed interleaved (src/rules and the batch's loop, not here; a
# game's squares, 60 bytes, are now all the fast path needs of it, cheap
# to keep for a few records); and all but reversi_play_cells, ~4,600
# instructions of the 8,184 a game (the tokens ~1,000, then set_up, the
# tags, the CSV's fields, the record's reset), to be halved.
# farm-bench -n 7 --vs 'MAIN/gamecheck -q F' -- ./gamecheck -q F, median
# A/B CPU, both -O2 (./configure), 12:07-12:08 UTC, load 8.4-8.9 on 2
# cores: huge.csv 0.920 (0.965 s against 1.019 s: 1,063,000 games per
# CPU second against 1,007,000), big.csv 0.903 (0.105 s against 0.115 s:
# 977,000 against 892,000), transcripts of big.csv 0.947, its notation
# 0.962, its WTHOR 0.956.  Output byte-identical: full reports, -q and -j
# 2 (stdout, stderr, exit) on the set in all six formats and on huge.csv;
# bench/same-output.sh against main's gamecheck; every gamecheck golden
# case; --write=wthor the same.
#
# The replay's kernel against main 60a1517: an x86-64-v4 clone of the hot
# entries (AVX-512's three-way logic: fewer steps a move) and or_all's
# second swap within each half (vpshufd, one cycle, for vpermq's three).
# The kernel is most of the time: replaying each game's squares twice
# (the copy's result thrown away) took huge.csv from 0.77 s to 1.20 s.
# Paired, alternating, /usr/bin/time user+sys, 9 runs each, 16:30 UTC,
# load 0.9-1.3 on 2 cores: huge.csv median 0.70 s against 0.77 s (0.91x:
# 1,466,000 games per CPU second against 1,333,000); bench_playout -n
# 200000 reversi 0.30 s against 0.33 s (5 runs).  Instructions the same
# (valgrind has no AVX-512: it runs the v3 clone).  Output identical:
# full reports and stderr of big.csv, bench/same-output.sh.
#
# Two games at a time against main 1e2db3b: gamecheck holds a record
# (record_reader_hold: the reader reads the next into other storage) and
# replays the two with their first runs of squares side by side
# (replay_records_pair, reversi's play_cells_pair): each move waits for
# the last board, and the other game's moves fill the wait.  A test first,
# in the kernel alone: each game's squares replayed a second time beside
# the first, in one loop, took huge.csv from 0.69 s to 0.79 s, where a
# second replay after the first took it to 1.06 s.  Paired, alternating,
# 11 runs each, 16:50 UTC, load 3.3-4.1 on 2 cores (the other core
# busy): huge.csv median 0.68 s against 0.74 s (0.92x: 1,509,000 games
# per CPU second); transcripts, WTHOR, GGF and the notation of big.csv
# no slower (5 runs each, 10 ms steps).  Instructions (valgrind: the v3
# clone, two games' registers spilling where v4 has 32) up: CSV 206.8M
# -> 230.1M, transcripts 187.0M -> 210.0M, WTHOR 254.0M -> 276.8M; the
# formats whose readers decode no squares do not pair.  Output identical:
# all six formats with -j 1 and -j 2 (full reports, stderr, exit status),
# bench/same-output.sh, the golden cases.
# Four games at a time (a lane each, or lockstep to the first stop) was
# tried: 0.67 s against the pair's 0.66 s, registers spilling; not kept.
#
# End of the session, main b92f90e against 60a1517 (its start), idle
# cores (load 0.2-0.7), alternating, 7 runs each: huge.csv 0.68 s against
# 0.80 s (0.85x): 1,509,000 games per CPU second, not yet the 2,000,000
# of target 2.  perf record -e cpu-clock (this machine has no cycle
# counter): the pair's kernel 35%, the single kernel after passes 7%,
# the transcript's tokens 8-9%, then the record's set-up, tags and
# score, none over 3%.
set -eu
ref=${ARBITER_REFERENCE:-}
. "${srcdir:-.}/bench/lib.sh"
bench_start gamecheck.sh

# Median CPU seconds of three runs of gamecheck (first argument) on the
# rest; the output goes nowhere, as a benchmark's should.  time's last
# line is the figure: a run that exits 1 (a selection of none) has its
# "Command exited with non-zero status" line first, read as 0 s.
cpu() {
	prog=$1
	shift
	for i in 1 2 3; do
		/usr/bin/time -f '%U %S' -o "$tmp/t" "$prog" "$@" \
		    > /dev/null 2>&1 || true
		awk 'END { printf "%.3f\n", $1 + $2 }' "$tmp/t"
	done | sort -n | sed -n 2p
}

run() {	# label, games, gamecheck options and input...
	label=$1 games=$2
	shift 2
	ours=$(cpu ./gamecheck "$@")
	line=$(awk -v l="$label" -v g="$games" -v t="$ours" 'BEGIN {
		printf "%-32s %8d games %6.2f s cpu %9.0f games/s",
		    l, g, t, g / t }')
	if [ -n "$ref" ]; then
		theirs=$(cpu "$ref/gamecheck" "$@")
		line=$(awk -v l="$line" -v t="$ours" -v r="$theirs" 'BEGIN {
			printf "%s  reference %6.2f s: %.2fx", l, r, r / t }')
	fi
	echo "$line"
}

# Peak RSS in kB of gamecheck reading standard input.
rss() {	# gamecheck options...
	/usr/bin/time -f '%M' -o "$tmp/m" ./gamecheck "$@" - \
	    > /dev/null 2>&1 || true
	cat "$tmp/m"
}

bench_archive 40 > "$tmp/a.csv"
games=$(($(wc -l < "$tmp/a.csv") - 1))
./gamecheck --write=transcript "$tmp/a.csv" > "$tmp/a.txt" 2> /dev/null ||
    true
./gamecheck --write=pgn "$tmp/a.csv" > "$tmp/a.pgn" 2> /dev/null || true
tgames=$(wc -l < "$tmp/a.txt")
run "--quiet, CSV" "$games" --quiet "$tmp/a.csv"
run "--quiet, transcripts" "$tgames" --quiet -f transcript "$tmp/a.txt"
run "--quiet, notation" "$tgames" --quiet "$tmp/a.pgn"
run "full YAML, CSV" "$games" "$tmp/a.csv"
run "full YAML, notation" "$tgames" "$tmp/a.pgn"

# Selection, ranges and truncation (issue 30), CSV: an expression without
# status, winner, cause or position leaves records out before their
# replay, so that selecting is reading; the others replay every record
# (position a square at a time, shown to its pattern).
corner='XX?????? ???????? ???????? ???????? ???????? ???????? ???????? ????????'
run "--select 'has Black' (none)" "$games" -q --select 'has Black' "$tmp/a.csv"
run "--select opening f5 d6 c3" "$games" -q \
    --select 'opening = "f5 d6 c3"' "$tmp/a.csv"
run "--select 'turns < 58'" "$games" -q --select 'turns < 58' "$tmp/a.csv"
run "--select 'status = finished'" "$games" -q \
    --select 'status = finished' "$tmp/a.csv"
run "--select position (a corner)" "$games" -q \
    --select "position = \"$corner\"" "$tmp/a.csv"
run "--every 10" "$games" -q --every 10 "$tmp/a.csv"
run "--plies 20" "$games" -q --plies 20 "$tmp/a.csv"
run "--drop-plies 20" "$games" -q --drop-plies 20 "$tmp/a.csv"

# The same rows, 10k, 1M and 10M of them, through a pipe (full YAML
# stops at 1M: at its speed 10M would take minutes).
rows() {
	head -n 1 "$data"
	yes "$tmp/a.csv" | head -n $(($1 / games + 1)) |
	    xargs awk 'FNR > 1' 2> /dev/null |
	    head -n "$1"
}
for n in 10000 1000000 10000000; do
	q=$(rows "$n" | rss --quiet)
	y=-
	[ "$n" -gt 1000000 ] || y=$(rows "$n" | rss)
	printf 'peak RSS, %8d CSV records: --quiet %6s kB, full YAML %6s kB\n' \
	    "$n" "$q" "$y"
done
