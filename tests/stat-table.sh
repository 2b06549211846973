#!/bin/sh
# SPDX-License-Identifier: MIT
# gamestat --table (issue 30, item 7): one row a record, the same table
# as gamecheck --table's, byte for byte, whether gamestat reads the
# records or gamecheck's reports of them, in CSV and TSV, every column
# but position (which no report holds), over records of every status,
# game and import: errors, forfeits, an agreed draw, an adjudication,
# CSV ids with a comma and a quote, WTHOR game numbers, tags and a file
# name that are not UTF-8 (each bad byte U+FFFD, as the report says it).  The source's id
# survives every --write format that has one.  And the unhappy paths:
# the position from reports, the options a table is not for, an
# unwritable -o, an empty selection (exit 1, no file).
set -u
. "${srcdir:-.}/tests/lib.sh"
ex=$srcdir/examples

cols=file,record,line,id,game,status,turns,score,winner,margin
cols=$cols,termination,code,error-line,error-column,tag:Black,tag:Date
cat > "$tmp/decided.pgn" <<'PGN'
[Game "reversi"]
[Result "1/2-1/2"]
[Termination "agreed draw"]

1. f5 {[%offer draw black]} 1... d6 {[%offer draw white] [%accept draw black]} 1/2-1/2

[Game "reversi"]
[Black "Ada, \"the\" first"]
[Result "1-0"]
[Termination "adjudicated"]
[Winner "black"]
[AdjudicationReason "the event ended"]

1. f5 d6 2. c3 1-0
PGN
printf 'game_id,winner,moves\n"x,""y""",1,f5d6c4d3e6f4e3f6c5b4e7f3c6d7b5a5c3b3g5h5g4h4e2g6b6d8c7c8a4a6a7f1a3c2d2b2e1b7g3h3f2d1a1a2b1a8c1g1f7g8e8f8b8g7h8h7h6h2g2h1\n' > "$tmp/id.csv"
gamecheck --write wthor "$ex/reversi-games.pgn" > "$tmp/g.wtb" 2>/dev/null
bytes=$tmp/bytes$(printf '\377').pgn
printf '[Game "reversi"]\n[GameId "a\300,b"]\n[Black "x\377y"]\n\n1. f5 *\n' \
    > "$bytes"
set -- "$ex/reversi-games.pgn" "$ex/errors.pgn" "$ex/archive.csv" \
    "$ex/transcripts.txt" "$ex/oust.pgn" "$ex/rive.pgn" "$ex/herd.pgn" \
    "$ex/stones.pgn" "$ex/reversi-passes.pgn" "$srcdir/tests/forfeits.pgn" \
    "$srcdir/tests/select.pgn" "$tmp/decided.pgn" "$tmp/id.csv" "$tmp/g.wtb" \
    "$bytes"

for fmt in csv tsv; do
	gamecheck --table "$fmt" --columns "$cols" "$@" > "$tmp/check" \
	    2>/dev/null
	gamestat --table "$fmt" --columns "$cols" "$@" > "$tmp/records" \
	    2>/dev/null
	gamecheck "$@" 2>/dev/null |
	    gamestat --table "$fmt" --columns "$cols" > "$tmp/reports"
	rows=$(wc -l < "$tmp/check")
	if [ "$rows" -lt 40 ]; then
		ng "$fmt: gamecheck wrote $rows lines"
	elif ! cmp -s "$tmp/check" "$tmp/records"; then
		ng "$fmt: gamestat's table of the records is not gamecheck's"
		diff "$tmp/check" "$tmp/records" | head
	elif ! cmp -s "$tmp/check" "$tmp/reports"; then
		ng "$fmt: gamestat's table of the reports is not gamecheck's"
		diff "$tmp/check" "$tmp/reports" | head
	else
		ok "$fmt: $rows lines, alike from records and from reports"
	fi
done

# The decisions' winners, as the reports say them; no margin off the board.
gamecheck --table csv --columns record,winner,margin "$tmp/decided.pgn" \
    2>/dev/null | tr -d '\r' > "$tmp/dec"
if printf 'record,winner,margin\n1,draw,\n2,black,\n' | cmp -s - "$tmp/dec"
then
	ok "an agreed draw's and an adjudication's winner"
else
	ng "decisions: $(cat "$tmp/dec")"
fi

# The source's id through every --write format that has one, and back.
for w in pgn ggf sgf csv; do
	gamecheck --write "$w" "$tmp/id.csv" "$ex/archive.csv" \
	    > "$tmp/w.$w" 2>/dev/null
	got=$(gamestat --table tsv --columns id "$tmp/w.$w" 2>/dev/null |
	    tr '\n' ' ')
	want='id x,"y" 1056798 1050515 977775 803938 511454 '
	if [ "$got" = "$want" ]; then
		ok "--write $w keeps the ids"
	else
		ng "--write $w: ids '$got'"
	fi
done
got=$(gamecheck "$tmp/g.wtb" 2>/dev/null | gamestat --table tsv \
    --columns record,id | tr '\t\n' ': ')
if [ "$got" = "record:id 1:1 2:2 3:3 " ]; then
	ok "WTHOR game numbers as ids, from reports"
else
	ng "WTHOR ids from reports: '$got'"
fi

# Unhappy paths.
gamecheck "$ex/archive.csv" 2>/dev/null > "$tmp/r.yaml"
gamestat --table csv --columns id,position "$tmp/r.yaml" > "$tmp/out" \
    2> "$tmp/err"
rc=$?
if [ $rc = 2 ] && grep -q 'position replays records' "$tmp/err"; then
	ok "the position from reports is refused (exit 2)"
else
	ng "position from reports: exit $rc, $(cat "$tmp/err")"
fi
for o in --partial --merge '--by Event' '--plot x' --tree '-j 2' \
    --overlap '--figures all'; do
	gamestat --table csv $o "$ex/archive.csv" > /dev/null 2> "$tmp/err"
	rc=$?
	if [ $rc = 2 ] && grep -q 'not with' "$tmp/err"; then
		ok "--table $o refused"
	else
		ng "--table $o: exit $rc, $(cat "$tmp/err")"
	fi
done
gamestat --columns id "$ex/archive.csv" > /dev/null 2> "$tmp/err"
[ $? = 2 ] && grep -q 'columns is for --table' "$tmp/err" &&
    ok "--columns alone refused" || ng "--columns alone: $(cat "$tmp/err")"
gamestat --table csv --columns id,nope "$ex/archive.csv" > /dev/null \
    2> "$tmp/err"
[ $? = 2 ] && grep -q "unknown column 'nope'" "$tmp/err" &&
    ok "an unknown column refused" || ng "unknown column: $(cat "$tmp/err")"
gamestat --table xml "$ex/archive.csv" > /dev/null 2> "$tmp/err"
[ $? = 2 ] && grep -q "unknown format 'xml'" "$tmp/err" &&
    ok "an unknown format refused" || ng "format xml: $(cat "$tmp/err")"
gamestat --table csv --select 'Black = Nobody' -o "$tmp/none.csv" \
    "$ex/reversi-games.pgn" 2> "$tmp/err"
rc=$?
if [ $rc = 1 ] && [ ! -e "$tmp/none.csv" ]; then
	ok "an empty selection: exit 1, no table written"
else
	ng "empty selection: exit $rc, $(cat "$tmp/err")"
fi
gamestat --table csv -o "$tmp/t.csv" "$ex/archive.csv" "$tmp/missing" \
    2>/dev/null
rc=$?
if [ $rc = 2 ] && [ ! -e "$tmp/t.csv" ]; then
	ok "an unreadable input: exit 2, no table written"
else
	ng "unreadable input: exit $rc"
fi
gamestat --table csv -o "$tmp/t.csv" --dedupe exact "$ex/archive.csv" \
    "$ex/transcripts.txt" 2>/dev/null
if [ $? = 0 ] && [ "$(wc -l < "$tmp/t.csv")" = 6 ]; then
	ok "--dedupe: a row a game kept, into -o"
else
	ng "--dedupe -o: $(wc -l < "$tmp/t.csv") lines"
fi
exit $fail
