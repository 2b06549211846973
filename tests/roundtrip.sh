#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck --write round trips (formats/record.md, "Writing"): for every
# example and the Othello data set, the canonical record P (--write=pgn)
# written in FORMAT and read back gives P byte for byte: GGF and SGF for
# every Reversi record (tags, set-up positions, results and forfeits
# carried), transcripts and CSV for the records that have no tags they
# drop (the data set's, a CSV import's).  The data set part skips when it
# is absent (ARBITER_DATASET names another copy).
set -u
srcdir=${srcdir:-.}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# round NAME FORMAT FILE...: P -> FORMAT -> pgn is P.
round() {
	name=$1 fmt=$2
	shift 2
	./gamecheck --write=pgn "$@" > "$tmp/p.pgn" 2> /dev/null
	./gamecheck --write="$fmt" "$tmp/p.pgn" > "$tmp/x.$fmt" 2> "$tmp/err" ||
	    { echo "FAIL: $name: --write=$fmt failed"; cat "$tmp/err"; fail=1; }
	./gamecheck --write=pgn "$tmp/x.$fmt" > "$tmp/q.pgn" 2> /dev/null
	if [ ! -s "$tmp/p.pgn" ] || ! cmp -s "$tmp/p.pgn" "$tmp/q.pgn"; then
		echo "FAIL: $name: pgn -> $fmt -> pgn differs"
		diff "$tmp/p.pgn" "$tmp/q.pgn" | head -n 10
		fail=1
	fi
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
# CSV (moves and winner) of the WTHOR file is the records' CSV.
wthor() {	# NAME FILE...
	name=$1
	shift
	./gamecheck --write=csv "$@" > "$tmp/a.csv" 2> /dev/null
	./gamecheck --write=wthor "$@" > "$tmp/x.wtb" 2> "$tmp/err" ||
	    { echo "FAIL: $name: --write=wthor failed"; cat "$tmp/err"; fail=1; }
	./gamecheck --write=csv "$tmp/x.wtb" > "$tmp/b.csv" 2> /dev/null
	if [ ! -s "$tmp/a.csv" ] || ! cmp -s "$tmp/a.csv" "$tmp/b.csv"; then
		echo "FAIL: $name: -> wthor -> csv differs"
		diff "$tmp/a.csv" "$tmp/b.csv" | head -n 10
		fail=1
	fi
}
for f in transcripts.txt archive.csv reversi-games.pgn; do
	wthor "examples/$f" "$srcdir/examples/$f"
done
# A forfeit is no WTHOR game: its disc count would name the wrong winner.
if ./gamecheck --write=wthor "$srcdir/tests/forfeits.pgn" > /dev/null \
    2> "$tmp/err" || ! grep -q 'unwritable' "$tmp/err"; then
	echo "FAIL: a forfeit written as WTHOR"; fail=1
fi

data=${ARBITER_DATASET:-$srcdir/../shared/data/othello_dataset.csv}
if [ -r "$data" ]; then
	for fmt in transcript csv ggf sgf; do
		round "data set" "$fmt" "$data"
	done
	wthor "data set" "$data"
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
