#!/bin/sh
# SPDX-License-Identifier: MIT
# gamestat --figures: partial summaries of any split of an archive (shards
# merged in any order and grouping, -j) give byte for byte the summary of
# one run over the whole, over games of all five games (self-played and
# the examples); a partial made with other --figures, or none, is refused
# in a merge (partial-mismatch); --figures replays records, so it is
# refused with --merge and with reports.
set -u
. "${srcdir:-.}/tests/lib.sh"

cp "$srcdir"/examples/oust.pgn "$tmp/ex-oust.pgn"
cp "$srcdir"/examples/stones.pgn "$srcdir"/examples/rive.pgn "$tmp/"
cp "$srcdir"/examples/herd.pgn "$tmp/ex-herd.pgn"
cd "$tmp" || exit 99
for g in oust rive herd; do
	gameplay selfplay -n 12 -S 7 -s 3 "$g" > "$g.pgn" 2> /dev/null ||
		ng "selfplay $g"
done
gameplay selfplay -n 6 -S 3 -s 3 herd > herd3.pgn 2> /dev/null
gameplay selfplay -n 6 -S 5 reversi > reversi.pgn 2> /dev/null
set -- oust.pgn rive.pgn herd.pgn herd3.pgn reversi.pgn ex-oust.pgn \
    ex-herd.pgn stones.pgn

gamestat --figures all --by Event "$@" > whole.yaml || ng "whole run"
grep -q '^    swap:' whole.yaml && grep -q '^    luck:' whole.yaml &&
    grep -q '^    tension:' whole.yaml || ng "figures missing: $(head -c 300 whole.yaml)"
for k in 1 2 3 4; do
	gamestat --figures all --by Event -p --shard $k/4 "$@" > p$k.yaml ||
		ng "shard $k"
done
gamestat -m p4.yaml p2.yaml p1.yaml p3.yaml > merged.yaml || ng "merge"
cmp -s whole.yaml merged.yaml && ok "4 shards merged" ||
	ng "4 shards merged differ"
gamestat -m -p p1.yaml p4.yaml > a.yaml && gamestat -m -p p3.yaml p2.yaml > b.yaml &&
	gamestat -m b.yaml a.yaml > merged2.yaml || ng "merge of merges"
cmp -s whole.yaml merged2.yaml && ok "merge of merges" ||
	ng "merge of merges differs"
gamestat --figures all --by Event -j 3 "$@" > jobs.yaml || ng "-j 3"
cmp -s whole.yaml jobs.yaml && ok "-j 3" || ng "-j 3 differs"

# Figures asked for or not, the rest of the summary is the same.
gamestat --by Event "$@" > plain.yaml
grep -v '^figures:' whole.yaml | awk '/^  design:/ { skip = 1; next }
	/^- / { skip = 0 } !skip' > stripped.yaml
cmp -s plain.yaml stripped.yaml && ok "the rest unchanged" ||
	ng "--figures changes the rest of the summary"

gamestat --by Event -p --shard 1/4 "$@" > none.yaml
gamestat --figures swap --by Event -p --shard 2/4 "$@" > swap.yaml
for other in none.yaml swap.yaml; do
	gamestat -m p1.yaml "$other" p3.yaml p4.yaml > /dev/null 2> err
	[ $? -eq 1 ] && grep -q 'other --figures than the first one \[partial-mismatch\]' err &&
		ok "$other refused" || ng "$other merged: $(cat err)"
done
gamestat --figures all -m p1.yaml > /dev/null 2> err
[ $? -eq 2 ] && grep -q -- '--figures replays records: no --merge' err &&
	ok "--merge refused" || ng "--figures --merge: $(cat err)"
gamecheck oust.pgn > reports.yaml 2> /dev/null
gamestat --figures tension -f report reports.yaml > /dev/null 2> err
[ $? -eq 2 ] && ok "reports refused" || ng "--figures on reports: $(cat err)"
gamestat --figures tension,dice oust.pgn > /dev/null 2> err
[ $? -eq 2 ] && grep -q "not 'tension,dice'" err && ok "unknown figure" ||
	ng "--figures tension,dice: $(cat err)"

# --plot: the three design charts, well-formed, on the index page; a run
# without --figures writes none and leaves none of an earlier run.
gamestat --figures all -P charts "$@" > /dev/null || ng "--plot"
for c in swap-map tension luck; do
	xmllint --noout "charts/$c.svg" 2> err && ok "$c.svg" ||
		ng "$c.svg: $(cat err)"
	grep -q "src=\"$c.svg\"" charts/index.html || ng "index without $c"
done
grep -q 'points=' charts/swap-map.svg && grep -q 'won by the first' charts/swap-map.svg ||
	ng "swap-map.svg has no board"
# Two games opened at corners a3 and c5 colour the six corners of side 3
# alike, as one move (c1), and no other cell.
printf '[Game "oust"]\n[Board "3"]\n\n1. %s 1-0\n\n' 'a3 b3 2. a4*' \
    'c5 d4 2. c4*' > corners.pgn
gamestat --figures swap -P corner corners.pgn > /dev/null || ng "corners"
n=$(grep -c '(as c1): 2 games, swapped 0' corner/swap-map.svg)
m=$(grep -c '(as ' corner/swap-map.svg)
[ "$n" = 6 ] && [ "$m" = 12 ] && ok "corners coloured alike" ||
	ng "corners: $n cells of c1 swapped, $m cells coloured"
gamestat --by Event -P charts "$@" > /dev/null || ng "--plot again"
for c in swap-map tension luck; do
	[ ! -e "charts/$c.svg" ] && ok "no $c.svg without --figures" ||
		ng "$c.svg left without --figures"
done
grep -q 'swap-map' charts/index.html && ng "index shows the swap map"
exit $fail
