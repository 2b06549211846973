#!/bin/sh
# SPDX-License-Identifier: MIT
# -j, --jobs N (gamecheck, gamestat): the same standard output, standard
# error and exit status as -j 1, byte for byte, for N = 2, 3 and 5 (more
# workers than some inputs have records), over the
# golden cases' inputs (every example, the hostile data, malformed and
# illegal records, empty and missing inputs, reports), standard input,
# --shard and -j together, and the Othello data set when it is present;
# both ways of sharing out the records (runs of them where the inputs are
# plain files, every N-th where one is compressed).  A worker killed is
# an error (exit 3) that writes nothing, whichever it is (the first may
# be waiting for the next): with -o the old file stays.  Workers whose
# parent is killed die with it.  A pipe as an input is refused (each
# worker reads each input).
set -u
. "${srcdir:-.}/tests/lib.sh"
data=${ARBITER_DATASET:-$srcdir/../shared/data/othello_dataset.csv}

for f in "$srcdir"/examples/*.pgn "$srcdir"/examples/*.csv \
    "$srcdir"/examples/*.txt "$srcdir"/tests/cases/data/*.pgn \
    "$srcdir"/tests/forfeits.pgn; do
	cp "$f" "$tmp/"
done
cp "$srcdir"/tests/cases/data/*.ggf "$srcdir"/tests/cases/data/*.sgf \
    "$srcdir"/tests/cases/data/wthor/* "$tmp/" || exit 99
: > "$tmp/empty.pgn"
[ -r "$data" ] && cp "$data" "$tmp/data.csv"
cd "$tmp" || exit 99
gamecheck reversi-games.pgn forfeits.pgn > reports.yaml 2> /dev/null
sed -n '12,$p' reversi-games.pgn > piece.pgn
all=$(ls *.pgn archive.csv *.txt | tr '\n' ' ')

# Runs "tool args" with -j 1, 2 and 3 (standard input from stdin.in) and
# compares what each printed and returned.
same() {
	what=$1
	shift
	for j in 1 2 3 5; do
		"$@" -j $j < stdin.in > out.$j 2> err.$j
		echo $? > rc.$j
	done
	for j in 2 3 5; do
		if ! cmp -s out.1 out.$j || ! cmp -s err.1 err.$j ||
		    ! cmp -s rc.1 rc.$j; then
			ng "$what: -j $j differs from -j 1"
			diff err.1 err.$j | head -5
			return
		fi
	done
	ok "$what: -j 2, 3, 5 print what -j 1 prints (exit $(cat rc.1))"
}

cat archive.csv > stdin.in
for tool in gamecheck gamestat; do
	# shellcheck disable=SC2086
	same "$tool, every input" $tool $all
	# shellcheck disable=SC2086
	same "$tool, every input and a missing one" $tool $all no-such.pgn
	same "$tool, standard input among files" $tool transcripts.txt - \
	    empty.pgn
	same "$tool, --shard 2/3" $tool --shard 2/3 archive.csv \
	    reversi-games.pgn transcripts.txt
	same "$tool, a PGN split at a line" $tool piece.pgn
	same "$tool, empty inputs among others" $tool empty.pgn \
	    reversi-games.pgn empty.pgn archive.csv empty.pgn
	if gzip -c archive.csv > archive.csv.gz 2> /dev/null; then
		same "$tool, a compressed input among others" $tool \
		    reversi-games.pgn archive.csv.gz transcripts.txt
	fi
	[ -r data.csv ] && same "$tool, the data set" $tool data.csv
done
same "gamecheck -q" gamecheck -q errors.pgn bad-utf8.pgn

# GGF and SGF, whose trees a worker passes over by their brackets alone:
# bytes before a tree, values holding ( ) [ and an escaped ], an escape
# at a line's end, a tree across lines with a variation, a property
# without a value, an escaped ] before ) and (, an escaped \ before ];
# then a value and a tree the input never closes.
b='BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]'
{
	printf '%s\n' "(;GM[Othello]${b}B[f5];)"
	printf '%s\n' "junk [ ) before (;GM[Othello]${b}PB[a(b]B[f5]C[x ( \\] y]W[d6];)"
	printf '%s\n' "2 (;GM[Othello]${b}C[line end \\" ")]B[f5]" "W[d6](;B[c3])(;B[c5]));)"
	printf '%s\n' "(;GM[Othello]${b}C[a \\] ) ( b \\\\]B[f5]W[d6];)"
	printf '%s\n' "(;GM[Othello]${b}PW B[f5];)" "(;GM[Othello]${b}B[f5]W[d6]"
	printf '%s\n' "(;GM[Othello]${b}B[f5]C[open"
} > awkward.ggf
[ "$(gamecheck awkward.ggf 2> /dev/null | grep -c "^format: ggf$")" = 6 ] ||
    ng "awkward.ggf is not read as 6 GGF records (the last tree holds the last line)"
{
	printf '%s\n' "(;GM[2]FF[4]SZ[8]C[a ) ( \\] [ b];B[f5];W[d6](;B[c3])(;B[c5]))"
	printf '%s\n' "(;GM[2]FF[4]SZ[8]C[\\\\];B[f5]C[\\]) (];W[d6])"
	printf '%s\n' "(;GM[2]FF[4]SZ[8]C[\\" "];B[f5]" ";W[d6])" "(;GM[2]FF[4]SZ[8];B[f5]"
} > awkward.sgf
# The same on lines with no '\\', where a worker looks at the parens
# alone: several trees on a line, brackets and parens before a tree,
# values holding ( ) and [ (first, last, alone), a stray ] outside a
# value, a value open across a line end with a ) after it, variations,
# a '\\' after a tree's end on its line, a tree's end on a line after it.
s='(;GM[2]FF[4]SZ[8]'
{
	printf '%s\n' "${s};B[f5])${s};B[d3]) x ${s}C[)];B[c4];W[c3])"
	printf '%s\n' "] [ ) junk ${s}C[(];B[f5]C[a [ ) b];W[d6])"
	printf '%s\n' "${s}C[[)];B[f5](;W[d6];B[c3])(;W[f6]))${s}];B[e6])"
	printf '%s\n' "${s}C[open" ") ( [ ]B[f5];W[d6])${s};B[f5]C[\\]])"
	printf '%s\n' "${s};B[f5]" "(;W[d6])" ")${s}(;B[f5]) C[x])"
} > plain.sgf
[ "$(gamecheck plain.sgf 2> /dev/null | grep -c "^format: sgf$")" = 10 ] ||
    ng "plain.sgf is not read as 10 SGF records"
sed 's/GM\[2\]FF\[4\]SZ\[8\]/GM[Othello]/g' plain.sgf > plain.ggf
for tool in gamecheck gamestat; do
	same "$tool, GGF and SGF trees" $tool games.ggf games.sgf \
	    ggs-count.ggf ggs-komi.ggf bad-property.ggf wrong-colour.sgf \
	    awkward.ggf
	same "$tool, an SGF tree never closed" $tool awkward.sgf
	same "$tool, trees on lines with no escape" $tool plain.sgf \
	    plain.ggf
	same "$tool, trees on lines with no escape, --shard 2/3" $tool \
	    --shard 2/3 plain.sgf plain.ggf
done

# Each text format of the data set's first 2,000 games (or of the
# examples' games), its delimiters mangled at random (seeded: the same
# each run): about one line in three has a byte made one of { } [ ] ( ) ;
# " \ a line end or a blank line, so that a worker's pass over a record
# and a reading of it meet every delimiter where the other does not
# expect it.
if [ -r data.csv ]; then
	head -n 2001 data.csv > some.csv
else
	cat archive.csv > some.csv
fi
for f in pgn ggf sgf transcript; do
	gamecheck --write=$f some.csv > w.$f 2> /dev/null
	awk -v seed=17 'BEGIN { srand(seed); n = split("{ } [ ] ( ) ; \" \\", d, " ") }
	{
		if (length($0) > 0 && rand() < 0.33) {
			i = 1 + int(rand() * length($0))
			r = rand()
			c = r < 0.1 ? "\n" : r < 0.15 ? "\n\n" : d[1 + int(rand() * n)]
			$0 = substr($0, 1, i - 1) c substr($0, i + 1)
		}
		print
	}' w.$f > mangled.$f
done
for tool in gamecheck gamestat; do
	same "$tool, every text format's delimiters mangled" $tool \
	    mangled.pgn mangled.ggf mangled.sgf
	same "$tool, transcripts mangled" $tool -f transcript \
	    mangled.transcript
done

# The notation, whose records a worker passes over item by item, building
# nothing: comments holding lines that open with '[' and results, a %
# line, tags and movetext on one line, records of no tag one after
# another on a line, a move number glued to a result, a stray '}', a
# record ended by a tag after its movetext, malformed tags, comments
# alone between records; then inputs ending in tags, in an open comment
# and in a comment alone.
cat > awkward.pgn <<'EOF'
[Event "a"]
[Game "reversi"]

1. f5 {a comment
[Event "inside"] 1-0 [%clk 0:01:00]
} d6 2. c3 [%clk 0:00:59] d3 *

[Event "b"] [Game "reversi"] f5 d6 c3 33-31
f5 d6 c3 * f5 f6 e6 0-1
%[Event "escaped"] 1-0
[Event "c"]
f5 ; 1-0 in a ; comment
d6 1. 2.* } f5 *
[Event "d"]
f5 d6
[Event "e"]
[Event x]
[Event "a \"q\" b"]
[Event "unclosed]

{just a comment} {and [Event "another"]
one} f5 d6 1/2-1/2
{between}
[Event "f"]
f5 {[%clk 1:00]} d6 c3 *
EOF
sed -n '1,/^%/p' awkward.pgn > ends-in-tags.pgn
printf '%s\n' '[Event "g"]' '[Game "reversi"]' >> ends-in-tags.pgn
{ cat awkward.pgn; printf '%s\n' '[Event "h"]' 'f5 {open' '[x'; } > open.pgn
{ cat awkward.pgn; printf '%s\n' '{a comment alone at the end}'; } > tail.pgn
for tool in gamecheck gamestat; do
	same "$tool, awkward notation" $tool awkward.pgn reversi-games.pgn \
	    awkward.pgn
	same "$tool, awkward notation, --game" $tool --game reversi \
	    awkward.pgn open.pgn
	for f in ends-in-tags.pgn open.pgn tail.pgn; do
		same "$tool, $f" $tool $f
	done
	same "$tool, the notation by --shard 2/3" $tool --shard 2/3 \
	    awkward.pgn open.pgn
done

# A record larger than the text limit, which a worker passes over: 10 MB
# of comment over lines (holding commands, results, '[' lines and
# braces' look-alikes) and on one line, records after each; with the
# default limit (the pass builds nothing) and with --max-record-size
# under the record (then the record is cut short where its text stops
# fitting, and a line over the limit stops the input).
awk 'BEGIN {
	print "[Event \"big\"]"; print "[Game \"reversi\"]"; print ""
	print "1. f5 {"
	for (i = 0; i < 80000; i++)
		printf "[%%at 0:0%d] [%%eval 0.5,3] 1-0 %d. e6 * [Event \"x\"]\n", i % 10, i
	print "} d6 2. c3 *"; print "[Event \"after\"]"; print "f5 d6 *"
	printf "[Event \"line\"]\nf5 {"
	for (i = 0; i < 1000000; i++)
		printf "0-1 [x "
	print "} d6 *"; print "f5 f6 e6 1-0"
}' > big.pgn
for tool in gamecheck gamestat; do
	same "$tool, a record of 10 MB passed over" $tool big.pgn awkward.pgn
	same "$tool, a record of 10 MB over --max-record-size" $tool \
	    --max-record-size 1M big.pgn awkward.pgn
done

# WTHOR, whose games a worker passes over by arithmetic (68 bytes each,
# undecoded): the fixtures, a last game cut short, a game the header
# does not count, a header counting a game the input lacks, a header
# alone (read as WTHOR by -f: their sizes are not a WTHOR file's), and
# 40 games (the header's count patched) for many turns.
w=games.wtb
head -c 250 $w > cut.wtb
{ cat $w; tail -c 68 $w; } > extra.wtb
head -c 220 $w > fewer.wtb
head -c 16 $w > header.wtb
{
	head -c 4 $w
	printf '\050\000\000\000'
	tail -c +9 $w | head -c 8
	i=0
	while [ $i -lt 10 ]; do
		tail -c +17 $w
		i=$((i + 1))
	done
} > forty.wtb
for tool in gamecheck gamestat; do
	same "$tool, WTHOR files" $tool games.wtb playok.wtb quirks.wtb \
	    solved.wtb short.wtb board10.wtb forty.wtb
	same "$tool, a WTHOR game cut short" $tool -f wthor cut.wtb forty.wtb
	same "$tool, WTHOR games past and short of the count" $tool \
	    -f wthor extra.wtb fewer.wtb header.wtb forty.wtb
	same "$tool, WTHOR by --shard 2/3" $tool -f wthor --shard 2/3 \
	    forty.wtb cut.wtb
done
[ "$(gamecheck forty.wtb 2> /dev/null | grep -c '^format: wthor$')" = 40 ] ||
    ng "forty.wtb is not read as 40 WTHOR games"

# gamecheck -q alone, whose output needs no record's number in the run:
# each worker reads the records that start in its byte range of the
# inputs (WTHOR's by arithmetic), passing over none before them, and
# counts the lines before its range where it says something.  Over the
# inputs above; records with errors in every part, their lines ended by
# LF, CR LF, CR and all three mixed; a CSV's header before every part; a
# { comment before a record's tags where two ranges meet, which no line
# tells (the run is then done again in one process); records of no tag;
# an input of comments alone (empty, said by the run in one process);
# empty and missing inputs among others, and inputs a range cannot split
# (SGF) among them.
# (w.pgn and some.csv repeated, for a few hundred records at least.)
reps=1
[ -r data.csv ] || reps=100
i=0
while [ $i -lt $reps ]; do
	cat w.pgn
	i=$((i + 1))
done | awk '/^[1-9]/ && ++n % 7 == 0 { sub(/ [a-h][1-8] /, " a1 ") }
    { print }' > errs.pgn
awk '{ printf "%s\r\n", $0 }' errs.pgn > errs-crlf.pgn
awk '{ printf "%s\r", $0 }' errs.pgn > errs-cr.pgn
awk 'BEGIN { srand(29) }
    { r = rand(); printf "%s%s", $0, r < 0.3 ? "\r\n" : r < 0.6 ? "\r" : "\n" }' \
    errs.pgn > errs-mixed.pgn
awk -v reps=$reps 'NR == 1 { print; next } { row[n++] = $0 }
    END { for (i = 0; i < reps; i++) for (r = 0; r < n; r++)
	print (i * n + r) % 13 == 5 ? row[r] "f5" : row[r] }' some.csv > errs.csv
awk '{ printf "%s\r\n", $0 }' errs.csv > errs-crlf.csv
{
	printf '[Game "reversi"]\n\n1. f5 d6 *\n\n{'
	awk 'BEGIN { for (i = 0; i < 2000; i++) printf "words " }'
	printf '}\n[Game "reversi"]\n\n1. f5 a1 *\n'
} > comment-first.pgn
grep -v '^\[' errs.pgn > tagless.pgn
awk 'BEGIN { for (i = 0; i < 3000; i++) print "; a comment " i }' \
    > comments.pgn
: > empty2.pgn
# A byte order mark is the input's first line's alone: one that starts a
# line where a range starts is a byte of that line, as it is to -j 1.
printf 'f5d6c3   \n\357\273\277f5d6c3\n' > bom.txt
printf 'moves,winner\nf5d6c3,1\n\357\273\277f5d6c3,1\n' > bom.csv
# WTHOR: a header counting 2 games, the first cut short at 40 bytes: a
# range starting in it reads nothing (no second game to tell missing).
{
	head -c 4 games.wtb
	printf '\002\000\000\000'
	tail -c +9 games.wtb | head -c 8
	tail -c +17 games.wtb | head -c 40
} > short-last.wtb
# A CSV whose header names no moves column: said of its first record.
{
	echo 'id,winner,score'
	sed 1d errs.csv
} > bad-header.csv
# What an input's first record says of the input (gamestat: a CSV header
# naming no moves column, a record cut in its tags) where the part that
# starts the input holds no record of its own (a header longer than it,
# comments before the record), or where every record says it.
printf 'id,winner,score,black,white,event,date,round,notes\n%s\n' \
    'f5d6c3d3c4,1,0,a,b,c,d,e,f' > long-header.csv
{
	awk 'BEGIN { for (i = 0; i < 200; i++) print ";c" }'
	printf '[Event x]\n\n1. f5 d6 *\n'
} > late-tag.pgn
awk 'BEGIN { for (i = 0; i < 40; i++) printf "[Event x]\n\n1. f5 d6 *\n\n" }' \
    > bad-tags.pgn
printf '1. f5 d6 *\n\n[Event x]\n\n1. f5 d6 *\n' > movetext-first.pgn
# A record that ends on a line opening with '[' (a comment's), where the
# next record starts: a range starting there would read the rest of the
# first as records (the run is done again in one process).
awk 'BEGIN { for (i = 0; i < 40; i++) printf "%s\n%s\n\n1. f5 d6 {x\n%s\n%s\n\n1. f5 *\n\n",
    "[Game \"reversi\"]", "[Event \"a" i "\"]",
    "[Game \"reversi\"] 1. d3 *} 2. c3 * [Game \"reversi\"]",
    "[Event \"b" i "\"]" }' > shared-line.pgn
# A line longer than --max-record-size: one run reads no record after
# the one that holds it, which the ranges after it cannot tell (the run
# is done again in one process).
long=$(awk 'BEGIN { for (i = 0; i < 520; i++) printf "f5" }')
printf 'f5\n%s\nd3\nc4\n' "$long" > cut.txt
printf 'id,winner,moves\n1,1,f5\n2,1,%s\n3,1,d3\n4,1,c4\n' "$long" > cut.csv
# GGF by byte ranges (a line opening with '(' or a digit, GGS's count
# before a tree): errors in every part, CR LF, GGS's counts before two
# trees a line, trees across lines whose later lines open with '(' (a
# variation) or a digit (a value's), and a tree that ends on a line
# opening with '(' where the next starts.
gamecheck --write=ggf --keep-illegal errs.pgn > errs.ggf 2> /dev/null
awk '{ printf "%s\r\n", $0 }' errs.ggf > errs-crlf.ggf
awk 'NR % 2 { printf "2 %s", $0; next } 1' errs.ggf > counts.ggf
awk -v b="$b" 'BEGIN { for (i = 0; i < 40; i++) {
	printf "(;GM[Othello]%sB[f5]\n(;W[d6];B[c3])\n(;W[f6]));)\n", b
	printf "(;GM[Othello]%sC[at\n12 noon]B[f5];)\n", b
	printf "(;GM[Othello]%sB[f5]\n(;W[d6]));)(;GM[Othello]%sB[d3];)\n", b, b
} }' > lines.ggf
# gamestat reads by byte ranges too (its summary needs no record's
# number) unless an option needs one, or an input read whole by one
# worker (batch_stat_jobs_how): the same cases, with some of its options.
for tool in "gamecheck -q" gamestat "gamestat --figures all --by Event"; do
	# shellcheck disable=SC2086
	{
		same "$tool, every input" $tool $all
		same "$tool, errors in every part" $tool errs.pgn errs.csv
		same "$tool, CR LF" $tool errs-crlf.pgn errs-crlf.csv
		same "$tool, CR" $tool errs-cr.pgn
		same "$tool, mixed line ends" $tool errs-mixed.pgn
		same "$tool, mangled" $tool mangled.pgn
		same "$tool, transcripts mangled" $tool -f transcript \
		    mangled.transcript
		same "$tool, a GGF among them" $tool errs.pgn mangled.ggf
		same "$tool, GGF with errors in every part" $tool errs.ggf \
		    errs-crlf.ggf
		same "$tool, GGS's counts" $tool counts.ggf ggs-count.ggf
		same "$tool, GGF trees across lines" $tool lines.ggf \
		    awkward.ggf plain.ggf
		same "$tool, SGF among them (by shares)" $tool errs.ggf \
		    plain.sgf
		same "$tool, a line cut by --max-record-size" $tool \
		    --max-record-size=1K -f transcript cut.txt
		same "$tool, a CSV row cut by --max-record-size" $tool \
		    --max-record-size=1K cut.csv
		same "$tool, awkward notation" $tool awkward.pgn \
		    ends-in-tags.pgn open.pgn tail.pgn
		same "$tool, a record of 10 MB" $tool big.pgn awkward.pgn
		same "$tool, a comment before tags where ranges meet" \
		    $tool comment-first.pgn
		same "$tool, records of no tag" $tool tagless.pgn
		same "$tool, comments alone" $tool comments.pgn
		same "$tool, comments alone after records" $tool errs.csv \
		    comments.pgn
		same "$tool, empty and missing inputs" $tool empty.pgn \
		    errs.pgn no-such.pgn empty2.pgn errs.csv empty.pgn
		same "$tool, WTHOR" $tool games.wtb playok.wtb quirks.wtb \
		    solved.wtb short.wtb board10.wtb forty.wtb
		same "$tool, WTHOR cut, past and short of its count" $tool \
		    -f wthor cut.wtb extra.wtb fewer.wtb header.wtb forty.wtb
		same "$tool, a byte order mark where a range starts" $tool \
		    -f transcript bom.txt
		same "$tool, a CSV row after a byte order mark" $tool bom.csv
		same "$tool, WTHOR's last game cut short" $tool -f wthor \
		    short-last.wtb
		same "$tool, a CSV header without moves" $tool -f csv \
		    errs.csv bad-header.csv errs-crlf.csv
		same "$tool, a header longer than the first part" $tool \
		    -f csv long-header.csv
		same "$tool, comments longer than the first part" $tool \
		    late-tag.pgn
		same "$tool, every record's tags bad" $tool bad-tags.pgn
		same "$tool, movetext first, then bad tags" $tool \
		    movetext-first.pgn
		same "$tool, a record's end and the next's start on a line" \
		    $tool shared-line.pgn
		same "$tool, reports among records (by shares)" $tool \
		    errs.pgn reports.yaml errs.csv
		[ -r data.csv ] && same "$tool, the data set" $tool data.csv
	}
done
# GGF trees across lines at more boundaries: -j 4 and 6 to 12.
gamecheck -q lines.ggf > out.1 2> err.1
echo $? > rc.1
bad=
for j in 4 6 7 8 9 10 11 12; do
	gamecheck -q -j $j lines.ggf > out.$j 2> err.$j
	echo $? > rc.$j
	if ! cmp -s out.1 out.$j || ! cmp -s err.1 err.$j ||
	    ! cmp -s rc.1 rc.$j; then
		bad="$bad $j"
		diff err.1 err.$j | head -5
	fi
done
[ -z "$bad" ] &&
    ok "gamecheck -q, GGF trees across lines: -j 4, 6 to 12 print what -j 1 prints" ||
    ng "gamecheck -q, GGF trees across lines: -j$bad differ from -j 1"

# The same cut lines through a pipe, read by shares (each worker passes
# over the others' records): a worker passing over the cut line stops
# there too, as one process does.
for tool in "gamecheck -q" gamestat; do
	for f in "-f transcript cut.txt" cut.csv; do
		# shellcheck disable=SC2086
		for j in 1 2 3; do
			cat ${f#-f transcript } |
			    $tool --max-record-size=1K ${f%cut.*} -j $j - \
				> out.$j 2> err.$j
			echo $? > rc.$j
		done
		if cmp -s out.1 out.2 && cmp -s out.1 out.3 &&
		    cmp -s err.1 err.2 && cmp -s err.1 err.3 &&
		    cmp -s rc.1 rc.2 && cmp -s rc.1 rc.3; then
			ok "$tool, $f cut by --max-record-size, piped: -j 2, 3 print what -j 1 prints"
		else
			ng "$tool, $f cut by --max-record-size, piped: -j 2 or 3 differs from -j 1"
		fi
	done
done

same "gamecheck -q --require-finished" gamecheck -q --require-finished \
    errs-crlf.pgn errs.csv
same "gamecheck -q --progress (read by shares)" gamecheck -q --progress \
    errs.pgn errs.csv

# Many frames, of both outputs: the reports pass the workers' buffers
# and the parent's window (64 KiB and more) while diagnostics come
# between them, one row in seven illegal.
sed 1q archive.csv > mixed.csv
i=0
while [ $i -lt 400 ]; do
	sed 1d archive.csv
	echo "$i,1,f5f5"
	i=$((i + 1))
done >> mixed.csv
same "gamecheck, reports and diagnostics across buffers" gamecheck \
    mixed.csv
same "gamecheck -q, diagnostics across buffers" gamecheck -q mixed.csv
same "gamestat --partial" gamestat --partial $all
same "gamestat --by Event, reports" gamestat --by Event reports.yaml
[ -r data.csv ] && same "gamestat --partial, the data set" \
    gamestat --partial data.csv

# (/dev/stdin a pipe: a POSIX shell has no <(...).)
cat archive.csv | gamestat -j 2 /dev/stdin > /dev/null 2> err
[ $? -eq 2 ] && grep -q 'not a regular file' err &&
    ok "a pipe as an input with -j is refused" ||
    ng "a pipe as an input with -j is not refused"

# Waits up to 30 s for process $1 to end: false if it still runs.
ends() {
	k=0
	while kill -0 "$1" 2> /dev/null && [ $k -lt 300 ]; do
		k=$((k + 1))
		sleep 0.1
	done
	! kill -0 "$1" 2> /dev/null
}

# A named pipe nobody writes, with -q (whose inputs' formats are looked
# at first): refused, not waited on (the run is watched for 30 s); and
# one a writer waits to open is not opened (the writer still waits).
if mkfifo fifo 2> /dev/null; then
	gamecheck -q -j 2 archive.csv fifo > /dev/null 2> err &
	pid=$!
	if ! ends $pid; then
		kill -9 $pid
		wait $pid
		ng "gamecheck -q -j 2 waits on a named pipe"
	else
		wait $pid
		rc=$?
		[ $rc -eq 2 ] && grep -q 'not a regular file' err &&
		    ok "gamecheck -q -j 2: a named pipe is refused" ||
		    ng "gamecheck -q -j 2, a named pipe: exit $rc: $(cat err)"
	fi
	sh -c 'echo x > fifo' 2> /dev/null &
	writer=$!
	gamecheck -q -j 2 archive.csv fifo > /dev/null 2>&1
	sleep 0.5
	if kill -0 $writer 2> /dev/null; then
		ok "gamecheck -q -j 2: a named pipe is not opened"
		kill $writer
	else
		ng "gamecheck -q -j 2 opened a named pipe a writer waited on"
	fi
	wait $writer 2> /dev/null
fi

# A worker killed.  Each worker stops itself before its first record
# (a hook for the tests), so the one killed is surely at work: a worker
# that had finished would make the test prove nothing.
for i in 1 2 3 4 5 6 7 8; do sed 1d archive.csv; done > rows.csv
gamecheck -j 1 --csv-columns id,winner,moves rows.csv > want.yaml 2> /dev/null

# Starts "tool -j 2 -o out.yaml" on rows.csv (or on the arguments after
# tool) with the workers stopped; sets pid and kids (the workers, once
# both are stopped).
start_stopped() {
	tool=$1
	shift
	[ $# -gt 0 ] || set -- --csv-columns id,winner,moves rows.csv
	echo old > out.yaml
	ARBITER_TEST_STOP_WORKER=1 "$tool" -j 2 -o out.yaml "$@" 2> err &
	pid=$!
	k=0
	while [ $k -lt 200 ]; do
		kids=$(pgrep -P $pid)
		n=0
		for c in $kids; do
			case $(ps -o stat= -p "$c") in
			T*) n=$((n + 1)) ;;
			esac
		done
		[ $n -eq 2 ] && return 0
		k=$((k + 1))
		sleep 0.05
	done
	kill -9 $pid $kids 2> /dev/null
	wait $pid
	return 1
}

for tool in gamecheck gamestat; do
	if ! start_stopped $tool; then
		ng "$tool: the two workers never stopped"
		continue
	fi
	set -- $kids
	kill -9 "$1"
	kill -CONT "$2"
	wait $pid
	rc=$?
	if [ $rc -eq 3 ] && grep -q 'worker [12] of 2 killed by signal 9' err &&
	    [ "$(cat out.yaml)" = old ]; then
		ok "$tool: a worker killed is exit 3, the old output kept"
	else
		ng "$tool: a worker killed gave exit $rc: $(cat err)"
	fi
done

# The last worker killed while the first goes on: the first, which
# waits to know where the last one's share starts, must not wait for
# ever (the run is watched for 30 s).
for tool in gamecheck gamestat; do
	if ! start_stopped $tool; then
		ng "$tool: the two workers never stopped"
		continue
	fi
	set -- $(echo $kids | tr ' ' '\n' | sort -n)
	kill -9 "$2"
	kill -CONT "$1"
	if ! ends $pid; then
		kill -9 $pid "$1" 2> /dev/null
		wait $pid
		ng "$tool: the last worker killed, the run hangs"
		continue
	fi
	wait $pid
	rc=$?
	if [ $rc -eq 3 ] && grep -q 'worker [12] of 2 killed by signal 9' err &&
	    [ "$(cat out.yaml)" = old ]; then
		ok "$tool: the last worker killed is exit 3, the old output kept"
	else
		ng "$tool: the last worker killed gave exit $rc: $(cat err)"
	fi
done

# The parent killed: its workers die with it, even stopped ones (which
# would otherwise wait for ever).
if start_stopped gamecheck; then
	kill -9 $pid
	wait $pid 2> /dev/null
	k=0
	left=$kids
	while [ -n "$left" ] && [ $k -lt 100 ]; do
		left=
		for c in $kids; do
			case $(ps -o stat= -p "$c" 2> /dev/null) in
			'' | Z*) ;;
			*) left="$left $c" ;;
			esac
		done
		k=$((k + 1))
		sleep 0.1
	done
	if [ -z "$left" ]; then
		ok "the parent killed, its workers die"
	else
		kill -9 $left 2> /dev/null
		ng "the parent killed, workers$left live on"
	fi
else
	ng "gamecheck: the two workers never stopped"
fi

# Many workers over a few MB, each share starting where the run's timing
# says: shares out of order would take records twice or not at all.
# -j 16 and 32, three times each, both tools.
awk 'NR == 1 { print; next } { row[n++] = $0 }
    END { for (i = 0; i < 4000; i++) for (r = 0; r < n; r++) print row[r] }' \
    archive.csv > many.csv
for tool in gamecheck gamestat; do
	$tool many.csv > out.1 2> err.1
	bad=
	for j in 16 32 16 32 16 32; do
		$tool -j $j many.csv > out.j 2> err.j
		cmp -s out.1 out.j && cmp -s err.1 err.j || bad="$bad $j"
	done
	if [ -z "$bad" ]; then
		ok "$tool: -j 16, -j 32 over many.csv print what -j 1 prints"
	else
		ng "$tool: over many.csv, -j$bad differ from -j 1"
	fi
done

# The last worker let go a second before the first, over inputs large
# enough for the first to time its bytes: the last passes over the
# records before its share to the least it can start at, and waits
# there for the first worker's timing (were it to pass on, its share
# would start late wherever passing over is far cheaper than the first
# worker's doing, as over reports, and leave the first the rest of the
# work); so it is still there two seconds on (having done its share it
# would have exited: its state then Z, or none), and once the first
# goes on, the output is -j 1's.  (Its state is not asked to be S: a
# worker waiting wakes every few microseconds to look, and on a busy
# machine may be seen runnable.)
gamecheck many.csv > many.yaml 2> /dev/null
gamecheck --write=ggf many.csv > many.ggf 2> /dev/null

# Runs "$@" -j 2 (start_stopped) with both workers stopped, lets the
# last go and looks for it to be gone (Z, or no process) for up to
# $1 tenths of a second, then lets the first go: gone (yes or no), st
# (the last state seen), rc; what -j 1 prints in want.out.
last_alone() {
	tenths=$1
	shift
	"$@" > want.out 2> /dev/null
	start_stopped "$@" || return 1
	set -- $(echo $kids | tr ' ' '\n' | sort -n)
	kill -CONT "$2"
	k=0
	gone=no
	while :; do
		st=$(ps -o stat= -p "$2" 2> /dev/null)
		case $st in
		'' | Z*)
			gone=yes
			break
			;;
		esac
		[ $k -ge "$tenths" ] && break
		sleep 0.1
		k=$((k + 1))
	done
	kill -CONT "$1"
	wait $pid
	rc=$?
}

# By shares, the last worker waits for the first's timing (above): still
# there two seconds on.  By byte ranges (gamecheck -q, gamestat over
# records) no worker waits for another's: with the first stopped, the
# last reads its range from its first record and exits.  Once the first
# goes on, the output is -j 1's either way.
for run in "no gamecheck many.csv" "no gamestat many.yaml" \
    "yes gamecheck -q many.csv" "yes gamestat many.csv" \
    "yes gamecheck -q many.ggf" "yes gamestat many.ggf"; do
	# shellcheck disable=SC2086
	set -- $run
	want=$1
	shift
	if [ "$want" = no ]; then
		what="the last worker waits for the first's timing"
		tenths=20
	else
		what="by byte ranges the last worker waits for nobody"
		tenths=100
	fi
	if ! last_alone $tenths "$@"; then
		ng "$*: the two workers never stopped"
	elif [ $gone = "$want" ] && [ $rc -eq 0 ] && cmp -s out.yaml want.out
	then
		ok "$* -j 2: $what"
	else
		ng "$* -j 2: the last worker '${st:-gone}' after $k tenths of" \
		    "a second (gone: $want, as $what), exit $rc: $(cat err)"
	fi
done

# The first worker let go a second before the last: it waits to know
# where the last one's share starts, and the output is still -j 1's.
if start_stopped gamecheck; then
	set -- $(echo $kids | tr ' ' '\n' | sort -n)
	kill -CONT "$1"
	sleep 1
	kill -CONT "$2"
	wait $pid
	rc=$?
	if [ $rc -eq 0 ] && cmp -s out.yaml want.yaml; then
		ok "the first worker waiting for the last writes what -j 1 writes"
	else
		ng "the first worker waiting for the last: exit $rc: $(cat err)"
	fi
else
	ng "gamecheck: the two workers never stopped"
fi

# The hook itself changes nothing: workers stopped and let go write
# what -j 1 writes.
if start_stopped gamecheck; then
	kill -CONT $kids
	wait $pid
	rc=$?
	if [ $rc -eq 0 ] && cmp -s out.yaml want.yaml; then
		ok "workers stopped and continued write what -j 1 writes"
	else
		ng "workers stopped and continued: exit $rc: $(cat err)"
	fi
else
	ng "gamecheck: the two workers never stopped"
fi
exit $fail
