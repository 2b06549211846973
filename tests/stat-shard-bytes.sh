#!/bin/sh
# SPDX-License-Identifier: MIT
# gamestat --shard K/N over a regular file reads bytes K of N of it
# (formats/record.md, "Shards"): each record is counted by the one task
# whose range holds the line it starts on.  Grouped by a tag that names
# each record (--by Round), the N partials merge to one run's summary
# byte for byte, for many N (more tasks than records among them, so that
# ranges start inside tag blocks, movetext, CR LF pairs, a CSV field with
# a quote never closed and a last line without its end).  A missing or a
# doubled shard is refused by the merge; a record whose start no line
# tells (a comment before its tags, or one on the line where the record
# before it ends) at a range's end is refused (shard-boundary, exit 2,
# no partial), and --shard-by records reads it;
# compressed files and standard input are sharded by records; the last
# range names a record cut in its tags on its own line.
set -u
. "${srcdir:-.}/tests/lib.sh"
cp "$srcdir/examples/archive.csv" "$srcdir/examples/transcripts.txt" "$tmp/"
for f in wthor/games.wtb wthor/short.wtb wthor/solved.wtb wthor/board10.wtb \
    wthor/WTHOR.JOU wthor/WTHOR.TRN games.ggf ggs-count.ggf games.sgf; do
	cp "$srcdir/tests/cases/data/$f" "$tmp/"
done
cd "$tmp" || exit 99

# Records of every game, each with its own Round, blank lines between.
for g in reversi oust rive herd stones; do
	gameplay selfplay -n 9 -S 4 "$g" 2> /dev/null
done | awk '/^\[Round / { printf "[Round \"%d\"]\n", ++n; next } 1' \
    > lf.pgn
grep -c '^\[Round' lf.pgn | grep -qx 45 || ng "selfplay: $(head -c 200 lf.pgn)"
# CR LF; a ; comment and a % line between records; no blank line before
# some tags; no line end at the end.
awk '{ printf "%s\r\n", $0 }' lf.pgn > crlf.pgn
awk '/^\[Event / && ++n % 3 == 0 { print "; a note" }
	/^\[Event / && n % 4 == 1 { print "%escape" }
	/^$/ && prev ~ /^\[/ { prev = $0; next } { print; prev = $0 }' lf.pgn |
    head -c -1 > odd.pgn
# A CSV: CR LF, blank lines, a quote never closed, no final line end.
{
	printf 'id,winner,moves\r\n'
	awk -F, 'NR > 1 && NR < 60 { printf "%s,%s,%s%s\n", $1, $2,
	    NR == 7 ? "\"" : "", $3 } NR == 20 { print "  " }' \
	    archive.csv
} | head -c -1 > games.csv
sed -n '2,60p' archive.csv > noheader.csv
grep -v '^#' transcripts.txt > moves.txt

# N partials of a file, part.1 to part.N, each with its status in st.K.
shards() {
	f=$1 n=$2
	shift 2
	rm -f part.* st.*
	k=1
	while [ "$k" -le "$n" ]; do
		gamestat --partial --shard "$k/$n" "$@" "$f" > "part.$k" \
		    2> "err.$k"
		echo $? > "st.$k"
		k=$((k + 1))
	done
}

for f in lf.pgn crlf.pgn odd.pgn games.csv noheader.csv moves.txt; do
	case $f in
	*.pgn) by="--by Round" ;;
	*.csv) by="--by GameId" ;;
	*) by= ;;
	esac
	# shellcheck disable=SC2086
	gamestat $by "$f" > whole 2> /dev/null
	[ $? -le 1 ] && [ -s whole ] || ng "$f: one run"
	size=$(wc -c < "$f")
	for n in 1 2 3 5 8 13 29 $((size / 150)); do
		# shellcheck disable=SC2086
		shards "$f" "$n" $by
		bad=$(cat st.* | grep -cv '^[01]$')
		[ "$bad" -eq 0 ] || ng "$f: $n shards: $bad failed: $(cat err.*)"
		# shellcheck disable=SC2046
		gamestat --merge $(seq -f part.%g "$n") > merged 2> err
		if cmp -s whole merged; then
			ok "$f: $n byte-range shards merge to one run"
		else
			ng "$f: $n byte-range shards: $(cat err)"
			diff whole merged | head -n 6
		fi
	done
done

# WTHOR by arithmetic (a header short of its games, games past its count,
# a bad header); GGF by lines opening with '(' or GGS's count; SGF, and
# binary input, by records: all merge to one run, whatever N.
for f in games.wtb short.wtb solved.wtb board10.wtb games.ggf \
    ggs-count.ggf games.sgf; do
	gamestat "$f" > whole 2> /dev/null
	for n in 1 2 3 7 19; do
		shards "$f" "$n"
		# shellcheck disable=SC2046
		gamestat --merge $(seq -f part.%g "$n") > merged 2> err
		cmp -s whole merged && ok "$f: $n shards merge to one run" ||
		    ng "$f: $n shards: $(cat err)"
	done
done
grep -q '^records: 1$' part.4 && grep -q '^records: 0$' part.5 ||
    ng "games.sgf: not its records by number"
shards games.ggf 2
grep -q '^records: 1$' part.1 && grep -q '^records: 3$' part.2 ||
    ng "games.ggf: not its records by bytes"

# Each task read its own bytes: the covers agree, the shards differ.
shards games.csv 4 --by GameId
[ "$(grep -h '\["games.csv"' part.* | sort -u | wc -l)" -eq 1 ] &&
    ok "the covers of the ranges name one input" ||
    ng "covers: $(grep -h '\["games.csv"' part.*)"
for k in 1 2 3 4; do
	grep -q '^records: [1-9]' "part.$k" || ng "range $k of 4 counted nothing"
done
# A missing range: refused, nothing written; a range twice: refused (the
# merge of the others is written, exit 1, as for any partial twice).
gamestat --merge part.1 part.2 part.4 > out 2> err
[ $? -eq 1 ] && [ ! -s out ] && grep -q 'shard 3/4 of games.csv missing' err &&
    ok "a missing range is refused" || ng "missing range: $(cat err)"
cp part.2 again
gamestat --merge part.1 part.2 part.3 part.4 again > out 2> err
[ $? -eq 1 ] && grep -q '\[partial-duplicate\]' err &&
    ok "a range twice is refused" || ng "range twice: $(cat err)"
# A range and a whole run of the same file count it twice: refused.
gamestat --partial --by GameId games.csv > all.part
gamestat --merge all.part part.1 > out 2> err
[ $? -eq 1 ] && grep -q '\[partial-duplicate\]' err &&
    ok "a range with the whole file is refused" ||
    ng "range and whole: $(cat err)"

# refused FILE K/N LINE WHAT: task K of N says shard-boundary at line
# LINE of FILE (exit 2, no partial); --shard-by records reads it, N tasks
# merging to one run.
refused() {
	f=$1 kn=$2 line=$3 what=$4
	gamestat --partial --shard "$kn" "$f" > out 2> err
	[ $? -eq 2 ] && [ ! -s out ] &&
	    grep -q "^gamestat: $f:$line:1: error: .*\[shard-boundary\]\$" err &&
	    ok "$what is refused at the range's end" || ng "$what: $(cat err)"
	gamestat "$f" > whole
	n=${kn#*/}
	shards "$f" "$n" --shard-by records
	# shellcheck disable=SC2046
	gamestat --merge $(seq -f part.%g "$n") > merged &&
	    cmp -s whole merged && ok "$f: --shard-by records reads it" ||
	    ng "$f, --shard-by records: $(cat err.*)"
}

# A comment before a record's tags: no line tells where it starts.
printf '[Game "reversi"]\n\nf5 d6 *\n\n{a comment}\n[Game "reversi"]\n\nf5 *\n' \
    > comment.pgn
refused comment.pgn 1/2 6 "a record no line tells"
# A record that ends on a line opening with '[' (a comment's) where the
# next record starts: a range starting at that line would read the rest
# of the first as records of its own (here a valid one: the merge gave 4
# records, every task exit 0).
printf '[Game "reversi"]\n\n1. f5 d6 {x\n%s\n\n1. f5 *\n' \
    '[Game "reversi"] 1. d3 *} 2. c3 * [Game "reversi"]' > shared.pgn
refused shared.pgn 1/3 4 "a record starting where the one before ends"
# The same in GGF: a tree ends on a line opening with '(' (a variation's)
# where the next tree starts.
b='BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]'
printf '(;GM[Othello]%sB[f5]\n(;W[d6]));)(;GM[Othello]%sB[d3];)\n' "$b" "$b" \
    > shared.ggf
refused shared.ggf 1/3 2 "GGF: a tree starting where the one before ends"

# A line longer than --max-record-size: one run reads no record after
# the one that holds it, which the next range cannot tell: refused.
long=$(awk 'BEGIN { for (i = 0; i < 520; i++) printf "f5" }')
printf 'f5\n%s\nd3\nc4\n' "$long" > cut.txt
gamestat --partial --max-record-size=1K -f transcript --shard 1/2 cut.txt \
    > out 2> err
[ $? -eq 2 ] && [ ! -s out ] &&
    grep -q '^gamestat: cut.txt:2:1025: error: .*\[shard-boundary\]$' err &&
    ok "a range holding a cut line is refused" ||
    ng "a cut line: $(cat err)"

# Compressed, and standard input: by records, merged exactly.
gzip -c lf.pgn > lf.pgn.gz
gamestat --by Round lf.pgn.gz > whole 2> /dev/null
shards lf.pgn.gz 3 --by Round
gamestat --merge part.1 part.2 part.3 > merged && cmp -s whole merged &&
    ok "a compressed file shards by records" || ng "compressed shards"
grep -q '^records: 15$' part.1 || ng "compressed: not every third record"
rm -f part.*
for k in 1 2 3; do
	gamestat --partial --by Round --shard "$k/3" - < lf.pgn > "part.$k"
done
gamestat --by Round lf.pgn > whole
gamestat --merge part.1 part.2 part.3 | sed 's/"-"/"lf.pgn"/' > merged
cmp -s whole merged && grep -q '^records: 15$' part.2 &&
    ok "standard input shards by records" || ng "standard input shards"

# A record cut in its tags at the end: the last range names its line.
{ cat lf.pgn; printf '[Game "reversi"]\n[Round "99"]\n'; } > cut.pgn
gamestat cut.pgn 2>&1 > /dev/null | grep 'split-record' > want
shards cut.pgn 4
grep -h 'split-record' err.* > got
[ -s want ] && cmp -s want got && ok "the last range names the cut line" ||
    ng "cut record: want $(cat want), got $(cat got)"

# A CSV header that names no moves column: the first range says so of
# its first record, on the line the whole run names (after the header).
# Also where the header is longer than the first range: that range reads
# the first row past its end, to say so.
{ echo 'id,winner,score'; sed 1d archive.csv; } > bad-header.csv
printf 'id,winner,score,black,white,event,date,round,notes\n%s\n' \
    'f5d6c3d3c4,1,0,a,b,c,d,e,f' > long-header.csv
for f in bad-header.csv long-header.csv; do
	gamestat -f csv "$f" 2>&1 > /dev/null | grep 'bad-csv-header' > want
	rm -f err.*
	shards "$f" 3 -f csv
	grep -h 'bad-csv-header' err.* > got
	[ -s want ] && cmp -s want got &&
	    ok "$f: the first range names the header's row" ||
	    ng "$f: want $(cat want), got $(cat got)"
done

# What an input's first record says of the input is the first range's
# to say, once, as one run says it: a record cut in its tags after
# comments longer than the first range (the first range reads it past
# its end); both records' tags bad (the second range starts at the
# second); a first record of movetext, fine, before a record of bad
# tags (nothing to say).
{
	awk 'BEGIN { for (i = 0; i < 200; i++) print ";c" }'
	printf '[Event x]\n\n1. f5 d6 *\n'
} > late-tag.pgn
printf '[Event x]\n\n1. f5 d6 *\n\n[Event x]\n\n1. f5 d6 *\n' > bad-tags.pgn
printf '1. f5 d6 *\n\n[Event x]\n\n1. f5 d6 *\n' > movetext-first.pgn
for f in late-tag.pgn bad-tags.pgn movetext-first.pgn; do
	gamestat "$f" 2>&1 > /dev/null | grep 'split-record' > want
	rm -f err.*
	shards "$f" 3
	grep -h 'split-record' err.* > got
	cmp -s want got && ok "$f: split-record said as one run says it" ||
	    ng "$f: want '$(cat want)', got '$(cat got)'"
done
[ -s want ] && ng "movetext-first.pgn: one run says $(cat want)"

# Bad --shard-by.
gamestat --shard-by lines --shard 1/2 lf.pgn > /dev/null 2> err
[ $? -eq 2 ] && grep -q -- '--shard-by takes bytes or records' err &&
    ok "a bad --shard-by is a usage error" || ng "--shard-by: $(cat err)"
exit $fail
