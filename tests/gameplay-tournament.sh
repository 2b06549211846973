#!/bin/sh
# SPDX-License-Identifier: MIT
# gameplay match tournaments (gameplay(1), formats/summary.md): three
# built-in engines in a round robin and a gauntlet, -n games a pairing;
# the summary's cross table is the records' results, its ratings are
# gamestat's over the records, a resumed tournament sums up the same,
# and the options that do not fit a tournament are refused.
set -u
. "${srcdir:-.}/tests/lib.sh"

A='gameplay engine random' B='gameplay engine greedy' C='gameplay engine mcts:20'

# The cross table from the records of $1, engines in the order $2 $3 $4:
# "first|second|wins|draws|losses" a pairing, the first's results.
table() {
	awk -v e1="$2" -v e2="$3" -v e3="$4" '
		BEGIN { n = split(e1 "\n" e2 "\n" e3, e, "\n")
			for (i = 1; i <= n; i++) at[e[i]] = i }
		/^\[Black / { sub(/^\[Black "/, ""); sub(/"\]$/, ""); b = $0 }
		/^\[White / { sub(/^\[White "/, ""); sub(/"\]$/, ""); w = $0 }
		/^\[Result / { sub(/^\[Result "/, ""); sub(/"\]$/, "")
			split($0, p, "-")
			if (at[b] < at[w]) { f = b; s = w; ff = p[1]; ss = p[2] }
			else { f = w; s = b; ff = p[2]; ss = p[1] }
			k = f "|" s
			if (!(k in seen)) { seen[k] = 1; order[++m] = k }
			if (ff + 0 > ss + 0) win[k]++
			else if (ff + 0 < ss + 0) loss[k]++
			else draw[k]++ }
		END { for (i = 1; i <= m; i++)
			print order[i] "|" win[order[i]] + 0 "|" \
			    draw[order[i]] + 0 "|" loss[order[i]] + 0 }' "$1"
}
# The same from the summary $1.
summary_table() {
	awk '
		/^  - first: / { sub(/^  - first: "/, ""); sub(/"$/, ""); f = $0 }
		/^    second: / { sub(/^    second: "/, ""); sub(/"$/, ""); s = $0 }
		/^    wins: / { w = $2 } /^    draws: / { d = $2 }
		/^    losses: / { print f "|" s "|" w "|" d "|" $2 }' "$1"
}
# name|score|rating|error of each player of summary $1 (gameplay's or
# gamestat's), sorted by name.
ratings() {
	awk '
		/^ *- name: / { sub(/^ *- name: "/, ""); sub(/"$/, ""); n = $0 }
		/^ *score: / && n != "" { s = $2 }
		/^ *rating: / && n != "" { r = $2 }
		/^ *error: / && n != "" { print n "|" s "|" r "|" $2; n = "" }' \
	    "$1" | sort
}

# A round robin: (A, B), (A, C), (B, C), two games each, colours
# alternating within a pairing.
gameplay match --engine "$A" --engine "$B" --engine "$C" -n 2 --alternate \
    --summary "$tmp/rr.yaml" reversi > "$tmp/rr.pgn" 2> "$tmp/err" ||
    ng "round robin: exit $?: $(cat "$tmp/err")"
finished "$tmp/rr.pgn" 6 ||
    ng "round robin records: $got"
blacks=$(sed -n 's/^\[Black "\(.*\)"\]$/\1/p' "$tmp/rr.pgn" | tr '\n' '|')
[ "$blacks" = "$A|$B|$A|$C|$B|$C|" ] || ng "round robin Blacks: $blacks"
grep -q '^  kind: round-robin$' "$tmp/rr.yaml" &&
grep -q '^  games-per-pairing: 2$' "$tmp/rr.yaml" &&
grep -q '^games: 6$' "$tmp/rr.yaml" ||
    ng "round robin summary: $(cat "$tmp/rr.yaml")"
want=$(table "$tmp/rr.pgn" "$A" "$B" "$C")
[ "$(echo "$want" | cut -d'|' -f1,2 | tr '\n' ';')" = "$A|$B;$A|$C;$B|$C;" ] ||
    ng "round robin pairings: $want"
[ "$(summary_table "$tmp/rr.yaml")" = "$want" ] ||
    ng "cross table $(summary_table "$tmp/rr.yaml"), records $want"
# Ratings: gamestat over the records fits the same.
gamestat "$tmp/rr.pgn" > "$tmp/stat.yaml" 2>&1 || ng "gamestat: exit $?"
[ "$(ratings "$tmp/rr.yaml")" = "$(ratings "$tmp/stat.yaml")" ] ||
    ng "ratings: summary $(ratings "$tmp/rr.yaml"), gamestat $(ratings "$tmp/stat.yaml")"
[ "$(ratings "$tmp/rr.yaml" | wc -l)" = 3 ] ||
    ng "three players rated: $(ratings "$tmp/rr.yaml")"

# A gauntlet from --engines: the first against each other.
printf '# the engines\n%s\n\n%s\n%s\n' "$A" "$B" "$C" > "$tmp/engines"
gameplay match --engines "$tmp/engines" --tournament gauntlet -n 3 \
    --summary "$tmp/g.yaml" reversi > "$tmp/g.pgn" 2> "$tmp/err" ||
    ng "gauntlet: exit $?: $(cat "$tmp/err")"
want=$(table "$tmp/g.pgn" "$A" "$B" "$C")
[ "$(echo "$want" | cut -d'|' -f1,2 | tr '\n' ';')" = "$A|$B;$A|$C;" ] ||
    ng "gauntlet pairings: $want"
[ "$(summary_table "$tmp/g.yaml")" = "$want" ] ||
    ng "gauntlet cross table $(summary_table "$tmp/g.yaml"), records $want"
[ "$(grep -c '^\[Round' "$tmp/g.pgn")" = 6 ] || ng "gauntlet: not 6 games"
gamestat "$tmp/g.pgn" > "$tmp/gstat.yaml" 2>&1 || ng "gamestat: exit $?"
[ "$(ratings "$tmp/g.yaml")" = "$(ratings "$tmp/gstat.yaml")" ] ||
    ng "gauntlet ratings: $(ratings "$tmp/g.yaml") vs $(ratings "$tmp/gstat.yaml")"
# The same file with CR LF, its last line ended by a CR alone: the same
# engines (a CR is no part of a command).
printf '# the engines\r\n%s\r\n\r\n%s\r\n%s\r' "$A" "$B" "$C" > "$tmp/engines-crlf"
gameplay match --engines "$tmp/engines-crlf" --tournament gauntlet -n 3 \
    --summary "$tmp/gcr.yaml" reversi > "$tmp/gcr.pgn" 2> "$tmp/err" ||
    ng "gauntlet from CR LF: exit $?: $(cat "$tmp/err")"
cmp -s "$tmp/gcr.pgn" "$tmp/g.pgn" && cmp -s "$tmp/gcr.yaml" "$tmp/g.yaml" ||
    ng "--engines with CR LF: other records or summary"

# Resume: a tournament cut short plays on to its games, and one done
# plays nothing and sums up the same.
t() {
	gameplay match --engine "$A" --engine "$B" --engine "$C" -n 2 -o "$tmp/res.pgn" \
	    --resume --summary "$tmp/res.yaml" "$@" reversi 2> "$tmp/err"
}
t || ng "resume 1: exit $?: $(cat "$tmp/err")"
cp "$tmp/res.yaml" "$tmp/res1.yaml"
t || ng "resume 2: exit $?: $(cat "$tmp/err")"
grep -q '^gameplay: game' "$tmp/err" && ng "a tournament done played again"
cmp -s "$tmp/res.yaml" "$tmp/res1.yaml" ||
    ng "resumed summary differs: $(diff "$tmp/res1.yaml" "$tmp/res.yaml")"
awk '/^\[Round "4"\]/ { exit } { print }' "$tmp/res.pgn" > "$tmp/cut.pgn"
mv "$tmp/cut.pgn" "$tmp/res.pgn"
t || ng "resume 3: exit $?: $(cat "$tmp/err")"
[ "$(grep -c '^gameplay: game' "$tmp/err")" = 3 ] ||
    ng "resume played not 3 games: $(cat "$tmp/err")"
[ "$(summary_table "$tmp/res.yaml")" = "$(table "$tmp/res.pgn" "$A" "$B" "$C")" ] ||
    ng "resumed cross table: $(summary_table "$tmp/res.yaml")"
t --tournament gauntlet && ng "resumed as a gauntlet"
gameplay match --engine "$A" --engine "$B" --engine "$C" -n 3 -o "$tmp/res.pgn" --resume \
    reversi 2> /dev/null && ng "resumed with another -n"

# What a tournament does not take.
refused() {	# message, then the options
	msg=$1
	shift
	gameplay match "$@" reversi > /dev/null 2> "$tmp/err"
	[ $? = 2 ] && grep -q -- "$msg" "$tmp/err" ||
	    ng "$*: $(cat "$tmp/err")"
}
refused 'a tournament needs two engines' --engine x
refused 'a tournament needs two engines' --tournament gauntlet
refused 'not with --engine' -b x -w y --engine z --engine t
refused 'named twice' --engine x --engine x
refused 'not in a tournament' --engine x --engine y --sprt 'elo0=0 elo1=5'
refused 'on one clock' --engine x --engine y --white-tc 1+1
refused 'on one clock' --engine x --engine y --black-protocol gtp
refused "takes round-robin or gauntlet, not 'swiss'" --engine x --engine y --tournament swiss
refused 'no-such-file' --engines "$tmp/no-such-file"

[ "$fail" = 0 ] && ok "tournaments"
exit $fail
