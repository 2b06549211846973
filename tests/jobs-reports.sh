#!/bin/sh
# SPDX-License-Identifier: MIT
# gamestat -j N over YAML streams of reports, shared out among the workers
# by their documents (src/cli/doc-split.c): what -j 1 prints, byte for
# byte, for N = 2 and 3, where a split is easy to get wrong (a document
# line across the scan's 64 KiB buffer, a stream without "---", a last
# document cut short, a wrong document, a directive, CR LF, a comment
# before the first document, standard input, read again where a split
# was unsure).  That no worker parses
# what another counts is a speed, measured in bench/jobs.sh (-j 2 against
# -j 1 on a report stream), not here.
set -u
. "${srcdir:-.}/tests/lib.sh"

cp "$srcdir/examples/archive.csv" "$tmp/"
cd "$tmp" || exit 99
gamecheck archive.csv > one.yaml 2> /dev/null

# Runs gamestat with -j 1, 2 and 3 and compares what each printed (its
# checksums) and returned.
same() {
	what=$1
	shift
	for j in 1 2 3; do
		gamestat "$@" -j $j < stdin.in > out 2> err
		got="exit $?, output $(cksum < out), errors $(cksum < err)"
		[ $j -eq 1 ] && want=$got && continue
		[ "$got" = "$want" ] && continue
		ng "$what: -j $j gives $got, -j 1 $want"
		return
	done
	ok "$what: -j 2, -j 3 print what -j 1 prints ($want)"
}

# n copies of one.yaml.
copies() {
	i=0
	while [ "$i" -lt "$1" ]; do
		cat one.yaml
		i=$((i + 1))
	done
}

: > stdin.in
copies 60 > many.yaml
same "a stream of 300 reports" many.yaml
same "--partial" --partial many.yaml one.yaml

# A comment line pads the stream so that a "---" line, or the line
# break before it, falls on each byte about the buffer's edge (65536).
copies 200 > big.yaml
at=$(grep -b -- '^---$' big.yaml | awk -F: '$1 > 65536 { print $1; exit }')
pad=$((65536 - at + 8))
k=0
while [ $k -lt 12 ]; do
	{
		awk -v n=$((pad - k)) 'BEGIN { s = "#"; while (length(s) < n - 1)
		    s = s "x"; print s }'
		cat big.yaml
	} > edge.yaml
	same "a document's first line at the buffer's edge, $k" edge.yaml
	k=$((k + 1))
done

# One report without its "---"; two (a YAML error after the first).
sed 1d one.yaml | awk '/^---$/ { exit } { print }' > bare.yaml
same "a stream without ---, one report" bare.yaml many.yaml
sed 1d one.yaml > bare2.yaml
same "a stream without its first ---" bare2.yaml many.yaml
awk '!/^---$/' one.yaml > nodash.yaml
same "a stream without any ---" nodash.yaml

# The last document cut short, at several bytes.
size=$(wc -c < many.yaml)
for cut in 7 40 200; do
	head -c $((size - cut)) many.yaml > short.yaml
	same "the last document cut $cut bytes short" short.yaml one.yaml
done

# A wrong document among them: invalid YAML, no report, a duplicate key.
for bad in 'x: [1, 2' 'just a scalar' 'schema: arbiter-report/1
schema: arbiter-report/1'; do
	{
		copies 30
		echo ---
		echo "$bad"
		copies 30
	} > bad.yaml
	same "a wrong document in the middle" bad.yaml one.yaml
done

# A directive before a document; CR LF; a comment and blank lines first;
# a byte-order mark; the stream on standard input.
{
	copies 10
	printf '...\n%%YAML 1.1\n'
	copies 10
} > directive.yaml
same "a %YAML directive in the middle" directive.yaml
sed 's/$/\r/' many.yaml > crlf.yaml
same "CR LF line breaks" crlf.yaml
{
	printf '# reports\n\n   \n'
	cat many.yaml
} > comment.yaml
same "a comment and blank lines before the first document" comment.yaml
{
	printf '\357\273\277'
	cat many.yaml
} > bom.yaml
same "a byte-order mark" bom.yaml
cp many.yaml stdin.in
same "standard input" - one.yaml
same "standard input between files" comment.yaml - one.yaml
same "--partial, standard input" --partial - one.yaml
# A split unsure: the run done again in one process reads standard
# input's copy again, from its start.
cp directive.yaml stdin.in
same "a %YAML directive on standard input" one.yaml -
same "--partial, a %YAML directive on standard input" --partial -
: > stdin.in

exit $fail
