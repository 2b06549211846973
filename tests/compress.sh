#!/bin/sh
# SPDX-License-Identifier: MIT
# Compressed input (formats/record.md, "Files, lines and records"): for
# each of gzip, bzip2, xz and zstd whose program is installed (the
# fixtures are made here), every tool reads a compressed input as the
# plain one: gamecheck's reports, gamestat's summary, --shard, -j, a
# file or standard input; gamestat --merge reads compressed partials, and
# a partial's covers count the compressed bytes.  Concatenated members
# are read whole; an input cut short or corrupt is bad-compressed (exit
# 2), never a short input; binary input compressed is still binary-input,
# and WTHOR compressed still WTHOR;
# a bomb-like ratio streams in flat memory.  Skips if none is installed.
set -u
. "${srcdir:-.}/tests/lib.sh"

cat "$srcdir"/examples/*.pgn "$srcdir"/tests/forfeits.pgn > "$tmp/all.pgn"
cp "$srcdir/examples/archive.csv" "$tmp/archive.csv"
cp "$srcdir/examples/transcripts.txt" "$tmp/transcripts.txt"
cp "$srcdir/tests/cases/data/binary.bin" "$tmp/binary.bin"
cp "$srcdir/tests/cases/data/wthor/games.wtb" "$tmp/games.wtb"
cd "$tmp" || exit 99

# What a command prints and returns, as one text.
run() {
	"$@" > out 2> err
	echo "exit $?"
	cat out err
}

# Flips one byte in the middle of file $1.
flip() {
	n=$(wc -c < "$1")
	{
		head -c $((n / 2)) "$1"
		head -c $((n / 2 + 1)) "$1" | tail -c 1 | tr '\000-\377' \
		    '\377\000-\376'
		tail -c $((n - n / 2 - 1)) "$1"
	} > "$1.flip"
}

formats=
for z in gzip bzip2 xz zstd; do
	command -v "$z" > /dev/null 2>&1 && formats="$formats $z"
done
[ -n "$formats" ] || { echo "SKIP: no gzip, bzip2, xz or zstd"; exit 77; }

for z in $formats; do
	for f in all.pgn archive.csv transcripts.txt games.wtb; do
		mkdir -p "$z" plain
		cp "$f" "plain/$f"
		"$z" -c "$f" > "$z/$f"
		# The same name in both, so that the reports' sources agree.
		for cmd in "gamecheck" "gamecheck --shard 2/3" \
		    "gamecheck -j 3" "gamestat" "gamestat -j 2" \
		    "gamestat --shard-by records --shard 1/2"; do
			want=$(cd plain && run $cmd "$f")
			got=$(cd "$z" && run $cmd "$f")
			[ "$got" = "$want" ] &&
			    ok "$z: $cmd $f as plain" ||
			    ng "$z: $cmd $f differs from plain"
		done
		want=$(run gamecheck - < "$f")
		got=$(run gamecheck - < "$z/$f")
		[ "$got" = "$want" ] && ok "$z: standard input $f" ||
		    ng "$z: standard input $f differs"
		want=$(run gamestat -j 2 - < "$f")
		got=$(run gamestat -j 2 - < "$z/$f")
		[ "$got" = "$want" ] && ok "$z: gamestat -j 2 - $f" ||
		    ng "$z: gamestat -j 2 - $f differs"
	done

	# Concatenated members (streams, frames): one input, read whole.
	cat all.pgn all.pgn > twice.pgn
	cat "$z/all.pgn" "$z/all.pgn" > "twice.$z"
	want=$(run gamecheck - < twice.pgn)
	got=$(run gamecheck - < "twice.$z")
	[ "$got" = "$want" ] && ok "$z: concatenated members" ||
	    ng "$z: concatenated members differ from the text twice"

	# Cut short, anywhere: bad-compressed and exit 2, whatever was read.
	n=$(wc -c < "$z/all.pgn")
	# From just past the longest magic number (xz: 6 bytes) on.
	for cut in 6 $((n / 2)) $((n - 1)); do
		head -c "$cut" "$z/all.pgn" > "cut.$z"
		for tool in gamecheck gamestat; do
			"$tool" --quiet "cut.$z" > /dev/null 2> err
			s=$?
			[ "$tool" = gamestat ] && { "$tool" "cut.$z" \
			    > /dev/null 2> err; s=$?; }
			[ "$s" -eq 2 ] && grep -q '\[bad-compressed\]$' err &&
			    ok "$z: $tool, cut at $cut of $n bytes" ||
			    ng "$z: $tool, cut at $cut of $n: exit $s: $(cat err)"
		done
	done
	flip "$z/all.pgn"
	gamecheck --quiet "$z/all.pgn.flip" > /dev/null 2> err
	s=$?
	[ "$s" -eq 2 ] && grep -q '\[bad-compressed\]$' err &&
	    ok "$z: a corrupt byte" ||
	    ng "$z: a corrupt byte: exit $s: $(tail -n 2 err)"

	# Binary input compressed is binary input.
	"$z" -c binary.bin > "binary.$z"
	gamecheck --quiet "binary.$z" > /dev/null 2> err
	s=$?
	[ "$s" -eq 1 ] && grep -q '\[binary-input\]$' err &&
	    ok "$z: binary input" || ng "$z: binary input: $(cat err)"

	# Partials: compressed ones merge as plain ones; covers count the
	# compressed bytes, as wc -c does.
	gamestat --partial --shard 1/2 "$z/all.pgn" > p1
	gamestat --partial --shard 2/2 "$z/all.pgn" > p2
	"$z" -c p1 > "p1.$z"
	want=$(run gamestat --merge p1 p2)
	got=$(run gamestat --merge "p1.$z" p2)
	[ "$got" = "$want" ] && ok "$z: --merge of a compressed partial" ||
	    ng "$z: --merge of a compressed partial differs"
	grep -q "\[\"$z/all.pgn\", $n, " p1 &&
	    ok "$z: covers count $n compressed bytes" ||
	    ng "$z: covers: $(grep "$z/all.pgn" p1)"
	want=$(gamestat all.pgn)
	got=$(gamestat --merge p1 p2)
	[ "$got" = "$want" ] && ok "$z: shards of the compressed file merge" ||
	    ng "$z: shards of the compressed file do not merge to the whole"
done

# A bomb-like ratio: 64 MiB of blank lines from a tiny gzip stream, read
# in a memory limit well below that, since it is streamed.  A sanitizer
# build maps terabytes of shadow memory, so there the limit is left off
# (the test still reads the bomb whole).
limit=65536
grep -q __asan_init "$builddir/gamecheck" 2> /dev/null && limit=unlimited
if command -v gzip > /dev/null 2>&1; then
	head -c 67108864 /dev/zero | tr '\000' '\n' | gzip -1 > bomb.gz
	got=$( (ulimit -v "$limit"; gamecheck --quiet bomb.gz) 2>&1)
	s=$?
	[ "$s" -eq 1 ] && echo "$got" | grep -q '\[empty-input\]$' &&
	    ok "a 64 MiB bomb in $(wc -c < bomb.gz) bytes, in 64 MiB of memory" ||
	    ng "the bomb: exit $s: $got"
fi

# A bomb of one line (issue 26, item 10): 100 MiB of one byte, with no
# line end, in each compressor's stream.  The line is cut at
# --max-record-size (default 64 MiB), too-large, and read in a memory
# limit of 384 MiB (which a line held whole and tokenised, at 22-42
# times its size, would pass many times over); a record of many lines
# past the limit is cut the same way.
limit=393216
grep -q __asan_init "$builddir/gamecheck" 2> /dev/null && limit=unlimited
for z in gzip bzip2 xz zstd; do
	command -v "$z" > /dev/null 2>&1 || continue
	head -c 104857600 /dev/zero | tr '\000' 'a' | "$z" -1 -c > "line.$z"
	got=$( (ulimit -v "$limit"; gamecheck --quiet "line.$z") 2>&1)
	s=$?
	[ "$s" -eq 1 ] &&
	    echo "$got" | grep -q ':1:67108865: error: a line longer than 64 MiB.*\[too-large\]$' &&
	    ok "$z: a one-line bomb in $(wc -c < "line.$z") bytes is too-large" ||
	    ng "$z: the one-line bomb: exit $s: $got"
	{ printf '[Game "reversi"]\n\n'
	  yes 'f5 d6 c3 d3 c4 f4 f6 f3 e6 e7' | head -n 400000; } |
	    "$z" -1 -c > "record.$z"
	got=$( (ulimit -v "$limit"; gamecheck --quiet --max-record-size 1M \
	    "record.$z") 2>&1)
	s=$?
	[ "$s" -eq 1 ] &&
	    echo "$got" | grep -q 'a record larger in memory than 1 MiB.*\[too-large\]$' &&
	    ok "$z: a record of many lines past --max-record-size is too-large" ||
	    ng "$z: the long record: exit $s: $got"
	rm -f "line.$z" "record.$z"
done

# gameplay reads a record file whole: past 256 MiB of decompressed text
# it stops and says so (exit 2), in flat memory, where a 36 KB stream had
# taken it to 2.2 GB.
if command -v gzip > /dev/null 2>&1; then
	head -c 300000000 /dev/zero | tr '\000' 'a' | gzip -1 > whole.gz
	got=$( (ulimit -v "$(
	    [ "$limit" = unlimited ] && echo unlimited || echo 1048576)";
	    gameplay show whole.gz) 2>&1)
	s=$?
	[ "$s" -eq 2 ] && echo "$got" | grep -q 'whole.gz: larger than 256 MiB' &&
	    ok "gameplay: a bomb past 256 MiB is refused in flat memory" ||
	    ng "gameplay: the bomb: exit $s: $got"
	rm -f whole.gz
fi
exit $fail
