#!/bin/sh
# SPDX-License-Identifier: MIT
# gamestat counts what gameplay match adjudicated as the match did: for a
# program that answers illegal moves, one that crashes and one that times
# out, each player's games, wins and losses in gamestat's summary (from the
# records and from gamecheck's reports) equal those of match's --summary,
# and the loser's forfeits are all of that program's cause.
set -u
. "${srcdir:-.}/tests/lib.sh"

# The players of a summary, one line each: name games wins losses.
players() {
	awk '
		/^- name: / || /^  - name: / { sub(/^ *- name: /, ""); name = $0 }
		/^ *games: / && name != "" && !(name in games) {
			games[name] = $2 }
		/^ *wins: / && name != "" && !(name in wins) { wins[name] = $2 }
		/^ *losses: / && name != "" && !(name in losses) {
			losses[name] = $2 }
		END { for (n in games) print n, games[n], wins[n], losses[n] }
	' "$1" | sort
}

# forfeits ENGINE-SCRIPT CAUSE [match options]
forfeits() {
	script=$1 cause=$2
	shift 2
	timeout 60 gameplay match -b "sh $engines/$script" \
	    -w 'gameplay engine random' -n 3 --alternate \
	    --summary "$tmp/match.yaml" "$@" reversi > "$tmp/m.pgn" \
	    2> /dev/null || ng "$script: match exits $?"
	gamestat "$tmp/m.pgn" > "$tmp/stat.yaml" || ng "$script: gamestat"
	gamecheck "$tmp/m.pgn" 2> /dev/null | gamestat > "$tmp/rep.yaml" ||
	    ng "$script: gamecheck | gamestat"
	cmp -s "$tmp/stat.yaml" "$tmp/rep.yaml" ||
	    ng "$script: records and reports differ"
	players "$tmp/match.yaml" > "$tmp/want"
	players "$tmp/stat.yaml" > "$tmp/got"
	[ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got" ||
	    ng "$script: match says $(cat "$tmp/want"), gamestat $(cat "$tmp/got")"
	n=$(sed -n 's/^adjudicated: //p' "$tmp/match.yaml")
	all="{illegal: 0, crash: 0, timeout: 0, resign: 0}"
	want=$(echo "$all" | sed "s/$cause: 0/$cause: $n/")
	[ "$n" = 3 ] && grep -q "^  forfeits: $want\$" "$tmp/stat.yaml" &&
	    grep -q "^    forfeits: $want\$" "$tmp/stat.yaml" &&
	    grep -q '^  unfinished: 0$' "$tmp/stat.yaml" ||
	    ng "$script: $n adjudicated, gamestat: $(grep forfeits "$tmp/stat.yaml")"
	ok "$script: $n forfeits by $cause; $(tr "\n" ";" < "$tmp/got")"
}
forfeits illegal.sh illegal
forfeits crash.sh crash
forfeits slow.sh timeout --timeout 0.5
exit $fail
