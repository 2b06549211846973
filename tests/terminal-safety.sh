#!/bin/sh
# SPDX-License-Identifier: MIT
# No byte of a record or an engine reaches the terminal raw
# (formats/record.md, "Text shown"): hostile tag values and move text
# through gamecheck (diagnostics and reports), gameplay show, status,
# legal and move, and a match against a program that answers with an
# escape sequence; no C0 control but tab and newline, no DEL and no C1
# control comes out, and no diagnostic is longer than 400 bytes (YAML
# keeps a long value whole, escaped by libyaml).
set -u
. "${srcdir:-.}/tests/lib.sh"

# clean LABEL FILE [MAX]: FILE holds no raw control byte, and no line
# longer than MAX bytes if MAX is given.
clean() {
	n=$(LC_ALL=C tr -dc '\000-\010\013-\037\177' < "$2" | wc -c)
	c1=$(LC_ALL=C grep -c "$(printf '\302[\200-\237]')" "$2")
	long=$(awk -v max="${3:-0}" 'max > 0 && length($0) > max' "$2" | wc -l)
	[ "$n" -eq 0 ] && [ "$c1" -eq 0 ] && [ "$long" -eq 0 ] ||
	    ng "$1: $n control bytes, $c1 C1 lines, $long long lines"
}

i=0
for bad in '\033[2J' '\033]0;title\007' 'a\rb' 'a\bb' '\377\376' \
    '\302\23331m' long; do
	if [ "$bad" = long ]; then
		bad=$(awk 'BEGIN { for (i = 0; i < 10000; i++) printf "\\033" }')
	fi
	for tag in Game Size Board Seed Variant Result Termination Winner \
	    Black White Event; do
		i=$((i + 1))
		printf "[Game \"reversi\"]\n[$tag \"$bad\"]\nf5 *\n" > "$tmp/r$i.pgn"
	done
	for moves in "f5 $bad *" "f5 d6$bad *" "f5 $bad" "35:$bad" "c1-$bad"; do
		i=$((i + 1))
		printf "[Game \"reversi\"]\n$moves\n" > "$tmp/r$i.pgn"
	done
done
cat "$tmp"/r*.pgn > "$tmp/all.pgn"
gamecheck "$tmp/all.pgn" > "$tmp/out" 2> "$tmp/err"
clean "gamecheck reports" "$tmp/out"
clean "gamecheck diagnostics" "$tmp/err" 400
gamestat "$tmp/all.pgn" > "$tmp/out" 2> "$tmp/err"
clean "gamestat" "$tmp/out"
clean "gamestat diagnostics" "$tmp/err" 400
: > "$tmp/out"
: > "$tmp/err"
for f in "$tmp"/r*.pgn; do
	for cmd in show status legal; do
		gameplay $cmd "$f" >> "$tmp/out" 2>> "$tmp/err"
	done
	cp "$f" "$tmp/m.pgn"
	gameplay move -i "$tmp/m.pgn" d6 >> "$tmp/out" 2>> "$tmp/err"
done
clean "gameplay" "$tmp/out"
clean "gameplay diagnostics" "$tmp/err" 400
cat "$tmp/out" "$tmp/err" | grep -q '\\x1b' ||
    ng "gameplay: no escape shown"

# A program whose answer is an escape sequence: the referee's line.
printf '%s\n' 'while read -r l; do case $l in go) printf "\033[2J\\n" ;;' \
    'quit) exit 0 ;; esac; done' > "$tmp/esc.sh"
gameplay match -b "sh $tmp/esc.sh" -w 'gameplay engine random' reversi \
    > "$tmp/match.pgn" 2> "$tmp/err"
clean "match" "$tmp/err" 400
grep -q 'illegal move \\x1b\[2J by black' "$tmp/err" ||
    ng "match: $(cat "$tmp/err")"
# A file name with an escape sequence and a newline in it, in every kind
# of message: a diagnostic (gamecheck, gameplay), a file that cannot be
# read or written, a chart directory, an engine that cannot be started.
name=$tmp/$(printf 'x\033[31my\nz')
printf '[Game "reversi"]\nz9 *\n' > "$name.pgn"
: > "$tmp/err"
gamecheck "$name.pgn" > /dev/null 2>> "$tmp/err"
gamecheck "$name.missing" > /dev/null 2>> "$tmp/err"
gamestat "$name.pgn" > /dev/null 2>> "$tmp/err"
gamecheck -o "$name/no/such/out.pgn" "$name.pgn" > /dev/null 2>> "$tmp/err"
gamestat --plot "$name.pgn" "$name.pgn" > /dev/null 2>> "$tmp/err"
gameplay show "$name.pgn" > /dev/null 2>> "$tmp/err"
# (The shell that runs it says nothing: its own message is not ours.)
gameplay match -b "exec 2> /dev/null; $name.engine" -w 'gameplay engine random' reversi \
    > /dev/null 2>> "$tmp/err"
clean "file names in messages" "$tmp/err"
n=$(grep -c 'x\\x1b\[31my\\x0az' "$tmp/err")
[ "$n" -ge 6 ] || ng "file names: $n of 6 messages show the name escaped: \
$(cat -v "$tmp/err")"
exit $fail
