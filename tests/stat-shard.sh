#!/bin/sh
# SPDX-License-Identifier: MIT
# --shard K/N (formats/record.md, "Shards"): N tasks cover every record
# exactly once (gamestat by byte ranges of regular files, by records
# otherwise; tests/stat-shard-bytes.sh tests the ranges' cuts).  For PGN, CSV (the
# examples' archive, and the Othello data set when it is present),
# transcripts and a list of files of every format, for N = 1, 2, 3, 7 and
# an N larger than the number of records: the N partials of gamestat
# --partial --shard merge to one run's summary byte for byte, and
# gamecheck --shard's reports, taken together, are one run's reports,
# each once.  Records are numbered across the inputs (i mod N == K - 1);
# standard input shards too; a bad K/N is a usage error.  --files-from
# (a file, or - for standard input) appends its paths to the operands.
set -u
. "${srcdir:-.}/tests/lib.sh"
data=${ARBITER_DATASET:-$srcdir/../shared/data/othello_dataset.csv}

cat "$srcdir"/examples/*.pgn "$srcdir"/tests/forfeits.pgn > "$tmp/all.pgn"
cp "$srcdir/examples/archive.csv" "$tmp/archive.csv"
cp "$srcdir/examples/transcripts.txt" "$tmp/transcripts.txt"
: > "$tmp/empty.pgn"
inputs="all.pgn archive.csv transcripts.txt list"
if [ -r "$data" ]; then
	cp "$data" "$tmp/data.csv"
	inputs="$inputs data.csv"
fi
cd "$tmp" || exit 99

# The operands of each input: "list" is several files of every format,
# an empty one among them.
files() {
	case $1 in
	list)	echo "transcripts.txt empty.pgn all.pgn archive.csv" ;;
	*)	echo "$1" ;;
	esac
}

# One report a line, sorted: the reports as a set of lines.
flat() {
	awk '/^---$/ && NR > 1 { print s; s = "" } { s = s $0 "\\n" }
	    END { if (NR > 0) print s }' | LC_ALL=C sort
}

for in in $inputs; do
	f=$(files "$in")
	# shellcheck disable=SC2086
	gamestat $f > whole 2> /dev/null; [ $? -le 1 ] || ng "$in: gamestat"
	# shellcheck disable=SC2086
	gamecheck $f 2> /dev/null | flat > reports
	[ -s reports ] || ng "$in: gamecheck wrote no report"
	# More tasks than records, some shards empty (the small inputs).
	records=$(wc -l < reports)
	big=
	[ "$records" -lt 100 ] && big=$((records + 3))
	for n in 1 2 3 7 $big; do
		rm -f part.* check.*
		k=1
		while [ $k -le $n ]; do
			# shellcheck disable=SC2086
			gamestat --partial --shard $k/$n $f > part.$k 2> /dev/null
			[ $? -le 1 ] || ng "$in: gamestat --shard $k/$n"
			# shellcheck disable=SC2086
			gamecheck --shard=$k/$n $f > check.$k 2> /dev/null
			[ $? -le 1 ] || ng "$in: gamecheck --shard $k/$n"
			k=$((k + 1))
		done
		# shellcheck disable=SC2046
		gamestat --merge $(seq -f part.%g "$n") > merged ||
		    ng "$in: the merge of $n shards"
		if cmp -s whole merged; then
			ok "$in: $n shards of gamestat merge to one run"
		else
			ng "$in: $n shards of gamestat merge to something else"
			diff whole merged | head -n 10
		fi
		# shellcheck disable=SC2046
		cat $(seq -f check.%g "$n") | flat > together
		if cmp -s reports together; then
			ok "$in: $n shards of gamecheck report each record once"
		else
			ng "$in: $n shards of gamecheck: not one run's reports"
			diff reports together | head -n 10
		fi
	done
done

# The assignment: records numbered 0, 1, ... across the inputs, the
# header of a CSV read by every task and no record; the reports keep
# each record's place.  transcripts.txt has 5 records, archive.csv 5.
where() {	# the source:record of each report
	awk '/^source:/ { s = $2 } /^record:/ { printf "%s:%s ", s, $2 }'
}
got=$(gamecheck --shard 1/3 transcripts.txt archive.csv 2> /dev/null | where)
[ "$got" = '"transcripts.txt":1 "transcripts.txt":4 "archive.csv":2 "archive.csv":5 ' ] ||
    ng "--shard 1/3 took $got"
got=$(gamecheck --shard 3/3 transcripts.txt archive.csv 2> /dev/null | where)
[ "$got" = '"transcripts.txt":3 "archive.csv":1 "archive.csv":4 ' ] ||
    ng "--shard 3/3 took $got"
grep -q '^line: 3$' <<EOF || ng "a shard's report lost the record's line"
$(gamecheck --shard 3/3 transcripts.txt 2> /dev/null)
EOF
ok "task K of N takes the records i with i mod N = K - 1"

# An empty shard is no record: no report (not even empty-input), and a
# partial that merges as nothing.  An input without records is reported
# (empty-input) by task 1 only.
[ -z "$(gamecheck --shard 9/9 transcripts.txt 2> /dev/null)" ] ||
    ng "an empty shard of gamecheck wrote a report"
gamecheck --shard 1/2 empty.pgn 2> /dev/null | grep -q 'code: empty-input' ||
    ng "task 1 did not report the empty input"
[ -z "$(gamecheck --shard 2/2 empty.pgn 2> /dev/null)" ] ||
    ng "task 2 reported the empty input too"
for k in $(seq 9); do
	gamestat --partial --shard $k/9 transcripts.txt > t.$k ||
	    ng "gamestat of shard $k/9 (6/9 to 9/9 are empty)"
done
grep -q '^records: 0$' t.9 || ng "an empty shard's partial holds records"
gamestat --merge $(seq -f t.%g 9) > merged1 && gamestat transcripts.txt > merged2 &&
    cmp -s merged1 merged2 || ng "an empty shard's partial merged as something"
ok "an empty shard is no record"

# in_three WHAT OPERAND: the 3 partials of gamestat --shard K/3 OPERAND
# (standard input: all.pgn) merge to one run's summary of all.pgn.
in_three() {
	for k in 1 2 3; do
		gamestat --partial --shard $k/3 "$2" < all.pgn > part.$k ||
		    ng "gamestat --shard $k/3 of $1"
	done
	gamestat all.pgn > whole 2> /dev/null
	gamestat --merge part.1 part.2 part.3 > merged &&
	    cmp -s whole merged || ng "3 shards of $1 merge to something else"
}

# gamecheck's reports, read by gamestat, shard as the records do.
gamecheck all.pgn 2> /dev/null > reports.yaml
in_three reports reports.yaml
ok "reports shard"

# Standard input: each task reads its own copy.
in_three "standard input" -
ok "standard input shards"

# A bad K/N is a usage error, for both tools.
for bad in 0/3 4/3 1/0 0/0 3 /3 1/ a/b 1/3x -1/3 +1/3 " 1/3" 1//3 \
    18446744073709551617/18446744073709551618 1/18446744073709551616 ""; do
	gamestat --shard "$bad" all.pgn > /dev/null 2>&1
	[ $? -eq 2 ] || ng "gamestat --shard '$bad' was not refused"
	gamecheck --shard "$bad" all.pgn > /dev/null 2>&1
	[ $? -eq 2 ] || ng "gamecheck --shard '$bad' was not refused"
done
gamestat --shard 1/2 --shard 2/2 all.pgn > /dev/null 2>&1
[ $? -eq 2 ] || ng "two --shard options were not refused"
gamestat --merge --shard 1/2 part.1 > /dev/null 2>&1
[ $? -eq 2 ] || ng "--merge --shard was not refused"
gamestat --shard 1/1 all.pgn > one 2> /dev/null
cmp -s whole one || ng "--shard 1/1 is not the whole"
ok "bad K/N refused (exit 2)"

# --files-from: one path a line, blank lines ignored, after the operands.
printf 'all.pgn\n\narchive.csv\n\n' > list.txt
gamecheck transcripts.txt all.pgn archive.csv > want 2> /dev/null
gamecheck transcripts.txt --files-from list.txt > got 2> /dev/null
cmp -s want got || ng "gamecheck --files-from FILE"
gamecheck --files-from - transcripts.txt < list.txt > got 2> /dev/null
cmp -s want got || ng "gamecheck --files-from -"
gamestat transcripts.txt all.pgn archive.csv > want 2> /dev/null
gamestat --files-from=list.txt transcripts.txt > got 2> /dev/null
cmp -s want got || ng "gamestat --files-from FILE"
printf 'all.pgn\r\narchive.csv\r\n' | gamestat --files-from - \
    transcripts.txt > got 2> /dev/null
cmp -s want got || ng "gamestat --files-from - with CR LF lines"
for k in 1 2; do
	gamestat --partial --shard $k/2 --files-from list.txt \
	    transcripts.txt > part.$k 2> /dev/null
done
gamestat --merge part.1 part.2 > merged && cmp -s want merged ||
    ng "--files-from with --shard"
: > none.txt
gamestat --files-from none.txt < all.pgn > got 2> /dev/null &&
    gamestat empty.pgn > want 2> /dev/null && cmp -s want got ||
    ng "an empty list read standard input"
for t in gamestat gamecheck; do
	$t --files-from no-such-list > /dev/null 2>&1
	[ $? -eq 2 ] || ng "$t: a missing list is not exit 2"
	$t --files-from - - < list.txt > /dev/null 2>&1
	[ $? -eq 2 ] || ng "$t: --files-from - with - was not refused"
	printf 'no-such-file\n' | $t --files-from - > /dev/null 2>&1
	[ $? -eq 2 ] || ng "$t: a missing listed file is not exit 2"
done
ok "--files-from"

# An input that ends in tags (split-record): one run exits 1, and so do
# the merges of its shards, by bytes and by records, with its summary;
# a shard that met it says errors: true (by bytes the last alone; by
# records every one, each reading the input to its end), the others
# nothing.
printf '[Game "reversi"]\n\n1. f5 d6 *\n\n[Game "reversi"]\n\n1. f5 *\n\n[Game "reversi"]\n[Event "x"]\n' > tags.pgn
gamestat tags.pgn > want 2> /dev/null
[ $? -eq 1 ] || ng "an input ending in tags: not exit 1"
for by in bytes records; do
	for n in 2 3; do
		rm -f part.*
		k=1
		while [ $k -le $n ]; do
			gamestat --partial --shard $k/$n --shard-by $by \
			    tags.pgn > part.$k 2> /dev/null
			k=$((k + 1))
		done
		if [ $by = bytes ]; then
			want_errors=part.$n
		else
			want_errors=$(ls part.*)
		fi
		[ "$(grep -l '^errors: true$' part.*)" = "$want_errors" ] ||
		    ng "by $by, $n shards: errors: true not in $want_errors"
		gamestat --merge part.* > merged 2> err
		if [ $? -eq 1 ] && cmp -s want merged &&
		    grep -q "part.$n:.*\[partial-errors\]\$" err; then
			ok "by $by, $n shards of an input ending in tags: the merge exits 1 as one run does"
		else
			ng "by $by, $n shards of an input ending in tags: the merge is not one run's"
		fi
		gamestat --merge --partial part.* > mp 2> /dev/null
		[ $? -eq 1 ] && grep -q '^errors: true$' mp &&
		    { gamestat --merge mp > merged 2> /dev/null; [ $? -eq 1 ]; } &&
		    cmp -s want merged ||
		    ng "by $by, $n shards: a merged partial loses its errors"
	done
done
# --select with --shard: a shard that selects nothing writes its partial
# of none, and the merge is the one run's; when no shard selects any,
# the merge says so and exits 1, writing nothing, as one run does.
e=rounds.pgn
printf '[Game "reversi"]\n[Round "%s"]\n\n1. f5 d6 *\n\n' 1 2 > "$e"
gamestat --select 'Round = 1' "$e" > want 2> /dev/null
for k in 1 2; do
	gamestat --partial --shard $k/2 --select 'Round = 1' "$e" \
	    > spart.$k 2> /dev/null || ng "--select: shard $k/2 failed"
done
gamestat --merge spart.1 spart.2 > merged 2> /dev/null && cmp -s want merged &&
    ok "--select: the shards' merge, one selecting none, is the one run's" ||
    ng "--select: the shards' merge, one selecting none, is not the one run's"
for k in 1 2; do
	gamestat --partial --shard $k/2 --select 'Round = 99' "$e" \
	    > spart.$k 2> /dev/null || ng "--select: shard $k/2 of none failed"
done
gamestat --merge spart.1 spart.2 > merged 2> err
[ $? -eq 1 ] && [ ! -s merged ] && grep -q 'no record selected' err &&
    ok "--select: a merge of shards that selected none exits 1, as one run" ||
    ng "--select: a merge of shards that selected none is not refused"

# The same of partial trees (--tree: by records, each shard says it).
gamestat --tree tags.pgn > want 2> /dev/null
[ $? -eq 1 ] || ng "--tree of an input ending in tags: not exit 1"
for k in 1 2; do
	gamestat --tree --partial --shard $k/2 tags.pgn > tpart.$k 2> /dev/null
done
gamestat --tree --merge tpart.1 tpart.2 > merged 2> err
if [ $? -eq 1 ] && cmp -s want merged &&
    grep -q "tpart.2:.*\[partial-errors\]\$" err; then
	ok "--tree: the merge of the shards of an input ending in tags exits 1 as one run does"
else
	ng "--tree: the merge of the shards of an input ending in tags is not one run's"
fi
exit $fail
