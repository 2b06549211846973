#!/bin/sh
# SPDX-License-Identifier: MIT
# gamestat and gamecheck read an input in the same format, both from its
# first 64 KiB (formats/record.md, "Input"), and gamestat tells records
# from reports by them too.  Each input here shows its format only past
# byte 512 (what gamestat once looked at): GGF after 600 blank lines,
# transcripts whose first line byte 512 cuts inside a square, reports
# after 600 blank lines.  Read from a file, from standard input, by -j 2
# and by shards, gamestat counts what gamecheck counts.  And gamestat
# --partial reads as gamestat: a compressed input cut short, a WTHOR
# file shorter than its count.
set -u
srcdir=${srcdir:-.}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

blank() {	# N: N empty lines
	i=0
	while [ "$i" -lt "$1" ]; do
		echo
		i=$((i + 1))
	done
}

{
	blank 600
	echo '(;GM[Othello]RE[+28.000]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[d6]B[c4]W[d3]B[e6]W[f4]B[e3]W[f6]B[c5]W[b4]B[e7]W[f3]B[c6]W[d7]B[b5]W[a5]B[c3]W[b3]B[g5]W[h5]B[g4]W[h4]B[e2]W[g6]B[b6]W[d8]B[c7]W[c8]B[a4]W[a6]B[a7]W[f1]B[a3]W[c2]B[d2]W[b2]B[e1]W[b7]B[g3]W[h3]B[f2]W[d1]B[a1]W[a2]B[b1]W[a8]B[c1]W[g1]B[f7]W[g8]B[e8]W[f8]B[b8]W[g7]B[h8]W[h7]B[h6]W[PA]B[h2]W[g2]B[h1];)'
	echo '(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[f5]W[d6];)'
} > "$tmp/late.ggf"
{
	blank 449
	# Byte 512 falls after the first line's "f5d6...d" (63 bytes).
	echo f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5g4h4e2g6b6d8c7c8a4a6a7f1a3c2d2b2e1b7g3h3f2d1a1a2b1a8c1g1f7g8e8f8b8g7h8h7h6h2g2h1
	echo f5d6c3d3c4
	echo f5f6
} > "$tmp/late.txt"

# The records, finished and malformed of gamestat's summary on stdin.
counts() {
	sed -n 's/^records: //p; s/^  finished: //p; s/^  malformed: //p' |
	    tr '\n' ' '
}

check() {	# file, expected "records finished malformed "
	f=$tmp/$1
	want=$2
	./gamecheck -q "$f" 2> "$tmp/err" > /dev/null
	if ! grep -q "^gamecheck: $(echo "$want" | cut -d' ' -f1) records: $(echo "$want" | cut -d' ' -f2) finished, .* $(echo "$want" | cut -d' ' -f3) malformed$" "$tmp/err"; then
		echo "FAIL: gamecheck on $1:"; cat "$tmp/err"; fail=1
	fi
	for how in file stdin j2; do
		case $how in
		file) ./gamestat "$f" ;;
		stdin) ./gamestat - < "$f" ;;
		j2) ./gamestat -j 2 "$f" ;;
		esac > "$tmp/s.yaml" 2> "$tmp/err"
		got=$(counts < "$tmp/s.yaml")
		if [ "$got" = "$want" ]; then
			echo "ok: gamestat ($how) on $1 counts $want"
		else
			echo "FAIL: gamestat ($how) on $1 counts '$got', not '$want'"
			cat "$tmp/err"; fail=1
		fi
	done
	: > "$tmp/m.yaml"
	./gamestat --partial --shard 1/2 "$f" > "$tmp/p1.yaml" &&
	    ./gamestat --partial --shard 2/2 "$f" > "$tmp/p2.yaml" &&
	    ./gamestat --merge "$tmp/p1.yaml" "$tmp/p2.yaml" > "$tmp/m.yaml"
	got=$(counts < "$tmp/m.yaml")
	if [ "$got" = "$want" ]; then
		echo "ok: gamestat's shards of $1 merge to $want"
	else
		echo "FAIL: gamestat's shards of $1 merge to '$got', not '$want'"
		fail=1
	fi
}

check late.ggf "2 1 0 "
check late.txt "3 1 0 "

# Reports after 600 blank lines: gamestat counts their records, as it
# does with -f report.
{
	blank 600
	./gamecheck "$srcdir/examples/reversi-games.pgn" 2> /dev/null
} > "$tmp/late.yaml"
for how in file stdin j2; do
	case $how in
	file) ./gamestat "$tmp/late.yaml" ;;
	stdin) ./gamestat - < "$tmp/late.yaml" ;;
	j2) ./gamestat -j 2 "$tmp/late.yaml" ;;
	esac > "$tmp/s.yaml" 2> /dev/null
	./gamestat -f report "$tmp/late.yaml" > "$tmp/want.yaml" 2> /dev/null
	if cmp -s "$tmp/s.yaml" "$tmp/want.yaml" &&
	    grep -q '^records: 3$' "$tmp/s.yaml"; then
		echo "ok: reports after 600 blank lines ($how) are read as reports"
	else
		echo "FAIL: reports after 600 blank lines ($how) are not read as reports"
		fail=1
	fi
done

# A compressed input cut short inside its first 64 KiB: the bytes read
# before the error are sniffed and counted alike (bad-compressed, exit
# 2, by both tools), not left unsniffed by gamestat.
if command -v gzip > /dev/null 2>&1; then
	g=f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5g4h4e2g6b6d8c7c8a4a6a7f1
	g=${g}a3c2d2b2e1b7g3h3f2d1a1a2b1a8c1g1f7g8e8f8b8g7h8h7h6h2g2h1
	i=1
	while [ $i -le 60 ]; do
		echo "$g" | cut -c1-$((2 * i))
		i=$((i + 1))
	done | gzip -c | head -c 150 > "$tmp/cut.gz"
	./gamecheck -q "$tmp/cut.gz" 2> "$tmp/err" > /dev/null
	rc=$?
	want=$(sed -n 's/^gamecheck: \([0-9]*\) records: .*/\1/p' "$tmp/err")
	for how in file stdin; do
		case $how in
		file) ./gamestat "$tmp/cut.gz" ;;
		stdin) ./gamestat - < "$tmp/cut.gz" ;;
		esac > "$tmp/s.yaml" 2> /dev/null
		src=$?
		got=$(sed -n 's/^records: //p' "$tmp/s.yaml")
		if [ "$rc" = 2 ] && [ "$src" = 2 ] && [ -n "$want" ] &&
		    [ "$want" -gt 0 ] && [ "$got" = "$want" ]; then
			echo "ok: a gzip cut short ($how): gamestat counts $got records, as gamecheck"
		else
			echo "FAIL: a gzip cut short ($how): gamestat $got (exit $src), gamecheck $want (exit $rc)"
			fail=1
		fi
	done
else
	echo "skip: no gzip"
fi

# A WTHOR file shorter than its header's game count is read as a
# regular file (its size known) with --partial too, whose stream of its
# own counts the bytes: the merge of the partial is the one run's.  The
# same from standard input redirected from the file (its size known: it
# is read from its start), and after a byte of it is read first (read as
# a pipe then, its size not known).
w=$srcdir/tests/cases/data/wthor/short.wtb
# one_and_merged LABEL FEED INPUT: gamestat INPUT in one run and as a
# partial merged, its standard input fed by FEED (which runs the rest of
# its arguments): the same summary and exit status.
one_and_merged() {
	label=$1 feed=$2 input=$3
	$feed ./gamestat "$input" > "$tmp/one.yaml" 2> /dev/null
	rc=$?
	$feed ./gamestat --partial "$input" > "$tmp/p.yaml" 2> /dev/null
	./gamestat --merge "$tmp/p.yaml" > "$tmp/m.yaml" 2> /dev/null
	if [ $? = "$rc" ] && cmp -s "$tmp/one.yaml" "$tmp/m.yaml"; then
		echo "ok: short.wtb$label: --partial, merged, is the one run (exit $rc)"
	else
		echo "FAIL: short.wtb$label: --partial, merged, is not the one run"
		fail=1
	fi
}
as_is() { "$@"; }
from_file() { "$@" < "$w"; }
after_byte() { { dd bs=1 count=1 of=/dev/null 2> /dev/null; "$@"; } < "$w"; }
one_and_merged "" as_is "$w"
one_and_merged " on standard input" from_file -
one_and_merged " on standard input, a byte read before" after_byte -
# The file itself is read as the file (exit 1: its games are short).
from_file ./gamestat --partial - > "$tmp/p.yaml" 2> /dev/null
./gamestat --merge "$tmp/p.yaml" > /dev/null 2>&1
if [ $? = 1 ]; then
	echo "ok: short.wtb on standard input: --partial, merged, exits 1"
else
	echo "FAIL: short.wtb on standard input: --partial, merged, is read as a pipe"
	fail=1
fi
exit $fail
