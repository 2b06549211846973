#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay as a correspondence referee: whole games replayed move by move
# through `move -i' end where gamecheck says the originals end; an illegal
# move leaves the file byte for byte; a record that cannot be read exits 2;
# the file mode is kept; a referee killed before its rename leaves the old
# record and nothing that troubles the next run.
set -u
. "${srcdir:-.}/tests/lib.sh"
trap 'chmod -R u+rwx "$tmp"; rm -rf "$tmp"' EXIT
gp=./gameplay
gc=./gamecheck

# The turn tokens of record N of a file, one a line: comments, move
# numbers and the result token dropped.
tokens() {
	awk -v want="$2" '
		/^\[/ { if (!intags) { n++; intags = 1 }; next }
		{ intags = 0 }
		n == want { print }
	' "$1" | sed 's/{[^}]*}//g; s/;.*//' | tr ' \t' '\n\n' |
	    grep -v -e '^$' -e '^[0-9]*\.\(\.\.\)\{0,1\}$' -e '^[0-9/]*-[0-9/]*$' \
	    -e '^\*$'
}

# The outcome lines of gamecheck's report: status, turns, the result.
outcome() {
	$gc "$1" 2>/dev/null | grep -e '^status:' -e '^turns:' -e '^passes:' \
	    -e '^  winner:' -e '^  score:' -e '^  wof:' -e '^  agrees:'
}

# Replays record N of FILE into a new record through move -i.
replay_game() {
	file=$1 n=$2 rec=$3
	$gp new --date 2024.05.01 reversi -o "$rec" || return 1
	chmod 640 "$rec"
	for m in $(tokens "$file" "$n"); do
		$gp move -i "$rec" "$m" || { echo "move $m failed"; return 1; }
	done
}

for spec in reversi-games.pgn:1 reversi-games.pgn:2 reversi-games.pgn:3 \
    reversi-passes.pgn:1 reversi-passes.pgn:2; do
	file=$srcdir/examples/${spec%:*}
	n=${spec#*:}
	rec=$tmp/game.pgn
	rm -f "$rec"
	if ! replay_game "$file" "$n" "$rec"; then
		ng "$spec: replayed through move -i"
		continue
	fi
	# The original's outcome, from a file holding that record alone.
	awk -v want="$n" '/^\[/ { if (!t) { k++; t = 1 } } !/^\[/ { t = 0 }
	    k == want' "$file" > "$tmp/orig.pgn"
	if [ "$(outcome "$rec")" = "$(outcome "$tmp/orig.pgn")" ] &&
	    outcome "$rec" | grep -q '^status: finished$' &&
	    $gc --quiet "$rec" 2>/dev/null; then
		ok "$spec: same result as the original"
	else
		ng "$spec: results differ"
		outcome "$rec"; outcome "$tmp/orig.pgn"
	fi
	mode=$(stat -c %a "$rec")
	[ "$mode" = 640 ] && ok "$spec: mode kept" || ng "$spec: mode $mode"
done

# An illegal move: exit 1, the file untouched.
rec=$tmp/short.pgn
$gp new --date 2024.05.01 --black Ada reversi -o "$rec"
$gp move -i "$rec" f5 d6 c3
cp "$rec" "$tmp/before"
exits 1 "illegal move" $gp move -i "$rec" e4
said '\[occupied\]' "illegal move"
cmp -s "$rec" "$tmp/before" && ok "illegal move: file byte-identical" ||
    ng "illegal move: the file changed"
$gp move -i "$rec" d3 d3 2> /dev/null
st=$?
[ $st = 1 ] && cmp -s "$rec" "$tmp/before" &&
    ok "a legal then an illegal move: nothing applied" ||
    ng "a legal then an illegal move: exit $st"

# Records that cannot be read: exit 2.
$gp move -i "$tmp/no-such.pgn" f5 2> /dev/null
st=$?
[ $st = 2 ] && ok "missing record: exit 2" || ng "missing record: exit $st"
mkdir "$tmp/dir.pgn"
$gp move -i "$tmp/dir.pgn" f5 2> /dev/null
st=$?
[ $st = 2 ] && ok "a directory: exit 2" || ng "a directory: exit $st"
$gp show "$tmp/dir.pgn" > /dev/null 2>&1
st=$?
[ $st = 2 ] && ok "show a directory: exit 2" || ng "show a directory: $st"
if [ "$(id -u)" != 0 ]; then
	cp "$rec" "$tmp/locked.pgn"
	chmod 000 "$tmp/locked.pgn"
	$gp move -i "$tmp/locked.pgn" d3 2> /dev/null
	st=$?
	[ $st = 2 ] && ok "unreadable record: exit 2" ||
	    ng "unreadable record: exit $st"
fi

# Killed between writing and renaming: the old record stays, valid; the
# temporary file is hidden and the next run removes it.
ARBITER_TEST_DIE_BEFORE_RENAME=1 $gp move -i "$rec" d3 2> /dev/null
st=$?
if [ $st != 0 ] && cmp -s "$rec" "$tmp/before" &&
    $gc --quiet "$rec" 2> /dev/null; then
	ok "killed before rename: old record intact and valid"
else
	ng "killed before rename: exit $st"
fi
ls -A "$tmp" | grep -q '^\.short\.pgn\.gameplay-' &&
    ok "the dead run left its hidden temporary file" ||
    ng "no temporary file left: the hook did not fire where it should"
[ "$(ls "$tmp" | grep -c short)" = 1 ] &&
    ok "no visible temporary file" || ng "visible temporary files"
$gp move -i "$rec" d3 && $gc --quiet "$rec" 2> /dev/null &&
    ok "the next move applies" || ng "the next move failed"
if ls -A "$tmp" | grep -q 'gameplay-'; then
	ng "stale temporary file not removed"; ls -A "$tmp"
else
	ok "stale temporary file removed"
fi
exit $fail
