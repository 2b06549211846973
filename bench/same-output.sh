#!/bin/sh
# SPDX-License-Identifier: MIT
# Whether ./gamecheck says byte for byte what a reference build says (a
# build of the code before a speed change: one binary cannot be its own
# reference), on a mixed input: every game from tests/gen-records, and the
# Othello set as CSV, transcripts and notation, with moves swapped, cut,
# mangled and passes written or left out, so that illegal, malformed and
# unfinished records, passes and every fast path's edge come through.
# Compares the full YAML, the --quiet summary and the exit status; and
# gamestat's summary and table (the gamestat beside the reference
# gamecheck), alone and with -j 2.
#   bench/same-output.sh REFERENCE-GAMECHECK [GAMES]
set -u
ref=${1:?usage: bench/same-output.sh reference-gamecheck [games]}
n=${2:-20000}
data=${ARBITER_DATASET:-${srcdir:-.}/../shared/data/othello_dataset.csv}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One record in about twenty changed: a move swapped for a neighbour's, a
# move dropped, a byte garbled or a pass written (srand: the same each run).
mangle() {
	awk -v seed="$1" 'BEGIN { srand(seed) }
	NR == 1 && /winner/ { print; next }
	{
		r = rand()
		if (r < 0.01)
			sub(/[a-h][1-8]/, "zz")
		else if (r < 0.02)
			sub(/[a-h][1-8][a-h][1-8]/, "")
		else if (r < 0.03)
			sub(/[a-h][1-8]$/, "")
		else if (r < 0.04)
			sub(/[a-h][1-8]/, "i9")
		else if (r < 0.05)
			sub(/[a-h][1-8]/, "pa")
		else if (r < 0.06)
			sub(/d3/, "d3d3")
		print
	}'
}

status=0
tool=gamecheck
same() {	# label, gamecheck (or $tool) options and inputs...
	label=$1
	shift
	"$(dirname "$ref")/$tool" "$@" > "$tmp/ref.out" 2> "$tmp/ref.err"
	echo "exit $?" >> "$tmp/ref.err"
	"./$tool" "$@" > "$tmp/new.out" 2> "$tmp/new.err"
	echo "exit $?" >> "$tmp/new.err"
	if cmp -s "$tmp/ref.out" "$tmp/new.out" &&
	    cmp -s "$tmp/ref.err" "$tmp/new.err"; then
		printf '%-32s same: %s\n' "$label" \
		    "$(cat "$tmp/new.err" "$tmp/new.out" | grep -m 1 'records:' |
		    sed 's/^gamecheck: //')"
	else
		printf '%-32s DIFFERENT\n' "$label"
		diff "$tmp/ref.out" "$tmp/new.out" | head -5
		diff "$tmp/ref.err" "$tmp/new.err" | head -5
		status=1
	fi
}

for g in reversi oust rive herd stones; do
	./tests/gen-records "$g" -n 300 -s 7 > "$tmp/$g.txt"
done
./tests/gen-records reversi -b 6x6 -n 300 -s 8 > "$tmp/r6.txt"
./tests/gen-records reversi -b 10x10 -n 100 -s 9 > "$tmp/r10.txt"
./tests/gen-records reversi -n 300 -s 10 -c 20 > "$tmp/cut.txt"
cat "$tmp"/*.txt | awk 'BEGIN { srand(11) }
	/^[a-z0-9]/ && rand() < 0.05 { sub(/[a-h][1-8]/, "b9") }
	/^[a-z0-9]/ && rand() < 0.03 { sub(/ [a-h][1-8] /, " pass ") }
	/^[a-z0-9]/ && rand() < 0.02 { sub(/ [a-h][1-8] /, " ?? ") }
	{ print }' > "$tmp/mixed.pgn"
same "notation, five games" "$tmp/mixed.pgn"
same "notation, five games, --quiet" --quiet "$tmp/mixed.pgn"
if [ -r "$data" ]; then
	head -n "$((n + 1))" "$data" | mangle 12 > "$tmp/m.csv"
	"$ref" --write=transcript "$tmp/m.csv" > "$tmp/m.txt" 2> /dev/null
	"$ref" --write=pgn "$tmp/m.csv" > "$tmp/m.pgn" 2> /dev/null
	mangle 13 < "$tmp/m.txt" > "$tmp/mm.txt"
	same "CSV" "$tmp/m.csv"
	same "CSV, --quiet" --quiet "$tmp/m.csv"
	same "transcripts" "$tmp/mm.txt"
	same "transcripts, --quiet" --quiet "$tmp/mm.txt"
	same "notation (Othello set)" "$tmp/m.pgn"
	same "notation (Othello set), --quiet" --quiet "$tmp/m.pgn"
	tool=gamestat
	for f in m.csv m.pgn mixed.pgn; do
		same "gamestat $f" "$tmp/$f"
		same "gamestat -j 2 $f" -j 2 "$tmp/$f"
		same "gamestat --table=csv $f" --table=csv "$tmp/$f"
	done
	same "gamestat transcripts" -f transcript "$tmp/mm.txt"
	tool=gamecheck
else
	echo "bench/same-output.sh: no data set at $data; CSV skipped"
fi
exit $status
