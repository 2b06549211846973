#!/bin/sh
# SPDX-License-Identifier: MIT
# An engine's settings in -b, -w, --engine and --engines (gameplay(1),
# "Engines"): name=, proto= and option= before cmd=, so that a tournament
# mixes protocols and runs two settings of one engine under names of
# their own, which the records, the summary and gamestat all use; two
# programs of a match that give one name go by their commands; --log
# writes every line sent and read, per game and engine, safely; and
# what is wrong in a spec or with the log is refused before any game.
set -u
. "${srcdir:-.}/tests/lib.sh"

# A tournament of three protocols, each engine named: the records, the
# summary and gamestat know them by these names alone.
G='name=gtp-random,proto=gtp,cmd=gameplay engine --protocol gtp random'
N='name=nb-greedy,proto=nboard,option=set depth 3,cmd=gameplay engine --protocol nboard greedy'
printf '# three protocols\n%s\n%s\n' "$N" \
    'name=arb,option=hello there,cmd=gameplay engine mcts:20' > "$tmp/engines"
echo 'existing line' > "$tmp/log"
gameplay match --engine "$G" --engines "$tmp/engines" -n 2 --alternate \
    --log "$tmp/log" --summary "$tmp/sum" reversi > "$tmp/t.pgn" \
    2> "$tmp/err" || ng "tournament exits $?: $(cat "$tmp/err")"
finished "$tmp/t.pgn" 6 || ng "tournament records: $got"
names=$(sed -n 's/^\[\(Black\|White\) "\(.*\)"\]$/\2/p' "$tmp/t.pgn" |
    sort -u | tr '\n' ' ')
[ "$names" = "arb gtp-random nb-greedy " ] || ng "record names: $names"
players() { sed -n 's/^ *- name: "\(.*\)"$/\1/p' "$1" | sort | tr '\n' ' '; }
[ "$(players "$tmp/sum")" = "$names" ] ||
    ng "summary players: $(players "$tmp/sum")"
gamestat "$tmp/t.pgn" > "$tmp/stat" 2>&1 || ng "gamestat exits $?"
[ "$(players "$tmp/stat")" = "$names" ] ||
    ng "gamestat players: $(players "$tmp/stat")"
ok "a tournament of three protocols under their names"

# The log: appended to, 0600 when made, five fields a line; each engine
# in each of its games, both ways; the options sent after the handshake.
[ "$(head -n 1 "$tmp/log")" = 'existing line' ] || ng "the log was truncated"
sed 1d "$tmp/log" > "$tmp/l"
awk -F'\t' 'NF != 5 || $1 !~ /^20[0-9][0-9]-[01][0-9]-[0-3][0-9]T[0-9:]*\.[0-9][0-9][0-9]Z$/ ||
    $4 !~ /^[<>]$/' "$tmp/l" | head -n 3 | grep . &&
    ng "log lines not TIME GAME ENGINE DIR LINE"
seen=$(awk -F'\t' '{ print $2 " " $3 " " $4 }' "$tmp/l" | sort -u | wc -l)
[ "$seen" = 24 ] || ng "log: $seen (game, engine, direction), not 24"
grep -q "	gtp-random	>	genmove [bw]$" "$tmp/l" &&
    grep -q "	gtp-random	<	= [a-h][1-8]$" "$tmp/l" &&
    grep -q "	nb-greedy	>	set depth 3$" "$tmp/l" &&
    grep -q "	nb-greedy	<	=== [a-h][1-8]" "$tmp/l" &&
    grep -q "	arb	>	hello there$" "$tmp/l" &&
    grep -q "	arb	>	go$" "$tmp/l" ||
    ng "log lines missing: $(head -n 20 "$tmp/l")"
# The option goes after the handshake: set depth 3 after NBoard's 12.
awk -F'\t' '$3 == "nb-greedy" && $4 == ">" { print $5 }' "$tmp/l" |
    grep '^set depth' | head -n 2 | tr '\n' '|' | grep -qx 'set depth 12|set depth 3|' ||
    ng "option not after the handshake"
ok "the log holds every line, per game and engine"
gameplay match -b 'gameplay engine random' -w 'gameplay engine random' \
    --log "$tmp/new.log" reversi > /dev/null 2>&1 || ng "new log: exit $?"
[ "$(stat -c %a "$tmp/new.log")" = 600 ] ||
    ng "new log mode $(stat -c %a "$tmp/new.log")"

# Two settings of one GTP engine, one GTP name: each goes by its command
# (two players for gamestat, not one); name= names them as asked.
A='gameplay engine --protocol gtp random' B='gameplay engine --protocol gtp -S 7 random'
gameplay match -b "$A" --black-protocol gtp -w "$B" --white-protocol gtp \
    -n 2 --alternate reversi > "$tmp/two.pgn" 2> "$tmp/err" ||
    ng "two settings: exit $?: $(cat "$tmp/err")"
[ "$(sed -n 's/^\[Black "\(.*\)"\]$/\1/p' "$tmp/two.pgn" | tr '\n' '|')" = "$A|$B|" ] ||
    ng "two settings' names: $(grep '^\[Black' "$tmp/two.pgn")"
gamestat "$tmp/two.pgn" > "$tmp/stat" 2>&1
[ "$(players "$tmp/stat")" = "$(printf '%s\n' "$A" "$B" | sort | tr '\n' ' ')" ] ||
    ng "gamestat players: $(players "$tmp/stat")"
gameplay match -b "name=one,proto=gtp,cmd=$A" -w "name=two,proto=gtp,cmd=$B" \
    reversi > "$tmp/named.pgn" 2> "$tmp/err" || ng "named: exit $?: $(cat "$tmp/err")"
grep -q '^\[Black "one"\]$' "$tmp/named.pgn" &&
    grep -q '^\[White "two"\]$' "$tmp/named.pgn" ||
    ng "name= in -b and -w: $(grep '^\[Black\|^\[White' "$tmp/named.pgn")"
# Our own engine's one name for one command (self-play) stays.
gameplay match -b "$A" --black-protocol gtp -w "$A" --white-protocol gtp \
    reversi > "$tmp/self.pgn" 2> /dev/null
[ "$(grep -c '^\[\(Black\|White\) "arbiter random [0-9.]*"\]$' "$tmp/self.pgn")" = 2 ] ||
    ng "self-play names: $(grep '^\[Black\|^\[White' "$tmp/self.pgn")"
ok "two settings of one engine are told apart"

# What is refused, exit 2, no record written.
refused() {	# message, then the options
	msg=$1
	shift
	gameplay match "$@" reversi > "$tmp/out" 2> "$tmp/err"
	[ $? = 2 ] && grep -q -- "$msg" "$tmp/err" && ! [ -s "$tmp/out" ] ||
	    ng "$*: $(cat "$tmp/err")"
}
R='gameplay engine random'
refused "proto= takes arbiter, gtp or nboard, not 'uci'" --engine "proto=uci,cmd=$R" --engine x
refused "'nmae' is no setting of an engine" --engine "nmae=a,cmd=$R" --engine x
refused 'no cmd= at the end' --engine 'name=a' --engine x
refused 'name= given twice' --engine 'name=a,name=b,cmd=x' --engine y
refused "option= takes a line of text, not ''" --engine 'option=,cmd=x' --engine y
refused 'option= takes a line of text' --engine "option=$(printf 'a\nquit'),cmd=x" --engine y
refused "the engine 'a' is named twice" --engine "name=a,cmd=$R" --engine "name=a,cmd=x"
refused "the engine 'x' is named twice" --engine 'x' --engine 'name=x,cmd=y'
refused "both named 'a'" -b 'name=a,cmd=x' -w 'name=a,cmd=y'
refused 'give one' -b 'proto=gtp,cmd=x' --black-protocol gtp -w y
printf 'x\n\nproto=xboard,cmd=y\n' > "$tmp/bad-engines"
refused "engines: $tmp/bad-engines:3: proto= takes" --engines "$tmp/bad-engines"
refused "the engine 'nb' (proto=nboard) plays reversi 8x8 only" \
    --engine 'name=nb,proto=nboard,cmd=x' --engine y -s 6x6
refused "refused 'frobnicate 3': ? unknown command" \
    -b 'proto=gtp,option=frobnicate 3,cmd=gameplay engine --protocol gtp random' -w "$R"
ok "bad specs refused"

# The log is not followed through a link, not an input or an output of
# the match, and a failed write stops the match with exit 2.
ln -s "$tmp/target" "$tmp/link"
refused 'a symbolic link, not followed' -b "$R" -w "$R" --log "$tmp/link"
[ -e "$tmp/target" ] && ng "the log's link was followed"
refused 'No such file or directory' -b "$R" -w "$R" --log "$tmp/no/log"
refused 'two outputs cannot be one file' -b "$R" -w "$R" --log "$tmp/o.pgn" -o "$tmp/o.pgn"
refused 'engines' --engines "$tmp/engines" --engine "$G" --log "$tmp/engines"
if [ -w /dev/full ]; then
	gameplay match -b "$R" -w "$R" -n 3 --log /dev/full reversi \
	    > /dev/null 2> "$tmp/err"
	[ $? = 2 ] && grep -q -- '--log: /dev/full: No space left on device' "$tmp/err" &&
	    [ "$(grep -c '^gameplay: game' "$tmp/err")" = 1 ] ||
	    ng "a full log: $(cat "$tmp/err")"
fi
ok "the log's unhappy paths"
exit $fail
