#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck --write round trips (formats/record.md, "Writing"): for every
# example and the Othello data set, the canonical record P (--write=pgn)
# written in FORMAT and read back gives P byte for byte: GGF and SGF for
# every Reversi record (tags, set-up positions, results and forfeits
# carried), transcripts and CSV for the records that have no tags they
# drop (the data set's, a CSV import's) but the source's game id: a CSV's
# id column is the GameId tag, which a transcript drops and a CSV written
# from a record without one numbers from 1, so those two trips compare
# the records without it.  The data set part skips when it is absent
# (ARBITER_DATASET names another copy).
set -u
. "${srcdir:-.}/tests/lib.sh"

# The records without their GameId tags (in place).
no_id() {
	grep -v '^\[GameId ' "$1" > "$1.t" && mv "$1.t" "$1"
}
# A CSV's moves and winner columns, its ids left out (in place).
no_id_column() {
	cut -d, -f 2- "$1" > "$1.t" && mv "$1.t" "$1"
}

# trip NAME BASE VIA FROM FILE...: the FILEs written as BASE, and the
# FILEs written as VIA (or, where FROM is "base", their BASE text) then
# read back as BASE, are the same non-empty bytes.
trip() {
	name=$1 base=$2 via=$3 from=$4
	shift 4
	./gamecheck --write="$base" "$@" > "$tmp/a.$base" 2> /dev/null
	[ "$from" = base ] && set -- "$tmp/a.$base"
	# A WTHOR file is named as the format's own files are.
	x=$tmp/x.$via
	[ "$via" = wthor ] && x=$tmp/x.wtb
	./gamecheck --write="$via" "$@" > "$x" 2> "$tmp/err" ||
	    { echo "FAIL: $name: --write=$via failed"; cat "$tmp/err"; fail=1; }
	./gamecheck --write="$base" "$x" > "$tmp/b.$base" 2> /dev/null
	case $base-$via in
	pgn-transcript | pgn-csv) no_id "$tmp/a.$base" && no_id "$tmp/b.$base" ;;
	csv-wthor) no_id_column "$tmp/a.$base" && no_id_column "$tmp/b.$base" ;;
	esac
	if [ ! -s "$tmp/a.$base" ] || ! cmp -s "$tmp/a.$base" "$tmp/b.$base"; then
		echo "FAIL: $name: $base -> $via -> $base differs"
		diff "$tmp/a.$base" "$tmp/b.$base" | head -n 10
		fail=1
	fi
}

# round NAME FORMAT FILE...: P -> FORMAT -> pgn is P.
round() {
	name=$1 fmt=$2
	shift 2
	trip "$name" pgn "$fmt" base "$@"
}

# The Reversi examples, and records with a Setup and a forfeit.
for f in reversi-games.pgn reversi-passes.pgn; do
	for fmt in ggf sgf; do
		round "examples/$f" "$fmt" "$srcdir/examples/$f"
	done
done
round "the GGF fixture" ggf "$srcdir/tests/cases/data/games.ggf"
round "the SGF fixture" sgf "$srcdir/tests/cases/data/games.sgf"
for f in transcripts.txt archive.csv; do
	for fmt in transcript csv ggf sgf; do
		round "examples/$f" "$fmt" "$srcdir/examples/$f"
	done
done

# WTHOR keeps no tags: the games and scores read back as written, so the
# CSV (moves and winner; its ids are numbers from 1) of the WTHOR file is
# the records' CSV.
wthor() {	# NAME FILE...
	name=$1
	shift
	trip "$name" csv wthor files "$@"
}
for f in transcripts.txt archive.csv reversi-games.pgn; do
	wthor "examples/$f" "$srcdir/examples/$f"
done
# A forfeit other than a resignation is no WTHOR game: its disc count
# would name the cause wrong (a resignation is PlayOK's 64-0, below).
if ./gamecheck --write=wthor "$srcdir/tests/forfeits.pgn" > /dev/null \
    2> "$tmp/err" || ! grep -q 'unwritable' "$tmp/err"; then
	echo "FAIL: a forfeit written as WTHOR"; fail=1
fi

# A WTHOR file through a format with tags and back is itself: each game's
# 68 bytes (the numbers that name it, the stored and theoretical scores,
# the moves) and the header's year (formats/wthor.md, "Round trips"),
# PlayOK's resignations (64-0 on a board not full) included.
for f in games playok; do
	w=$srcdir/tests/cases/data/wthor/$f.wtb
	tail -c +17 "$w" > "$tmp/want.games"
	od -An -tu1 -j10 -N2 "$w" > "$tmp/want.year"
	for fmt in pgn ggf sgf; do
		./gamecheck --write="$fmt" "$w" > "$tmp/w.$fmt" 2> /dev/null
		./gamecheck --write=wthor "$tmp/w.$fmt" > "$tmp/w.wtb" \
		    2> "$tmp/err" || {
			echo "FAIL: $f.wtb -> $fmt -> wthor failed"
			cat "$tmp/err"; fail=1; continue
		}
		tail -c +17 "$tmp/w.wtb" > "$tmp/got.games"
		od -An -tu1 -j10 -N2 "$tmp/w.wtb" > "$tmp/got.year"
		if ! cmp -s "$tmp/want.games" "$tmp/got.games" ||
		    ! cmp -s "$tmp/want.year" "$tmp/got.year"; then
			echo "FAIL: $f.wtb -> $fmt -> wthor differs"
			cmp -l "$tmp/want.games" "$tmp/got.games" | head -n 5
			fail=1
		fi
	done
done

data=${ARBITER_DATASET:-$srcdir/../shared/data/othello_dataset.csv}
if [ -r "$data" ]; then
	for fmt in transcript csv ggf sgf; do
		round "data set" "$fmt" "$data"
	done
	wthor "data set" "$data"
	# Every game keeps its own id as CSV: the data set's id column back.
	./gamecheck --write=csv "$data" 2> /dev/null | sed 1d | cut -d, -f 1 \
	    > "$tmp/ids"
	if ! sed 1d "$data" | cut -d, -f 1 | cmp -s - "$tmp/ids"; then
		echo "FAIL: the data set as CSV lost its ids"
		fail=1
	fi
	# Every game of the data set survives as GGF: 25657, 2 unfinished.
	./gamecheck --write=ggf "$data" 2> /dev/null |
	    ./gamecheck -q --format ggf > /dev/null 2> "$tmp/err"
	summary="gamecheck: 25657 records: 25655 finished, 2 unfinished, 0 illegal, 0 malformed"
	if [ "$(tail -n 1 "$tmp/err")" != "$summary" ]; then
		echo "FAIL: the data set as GGF: $(tail -n 1 "$tmp/err")"
		fail=1
	fi
fi
exit $fail
