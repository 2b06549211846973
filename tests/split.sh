#!/bin/sh
# SPDX-License-Identifier: MIT
# gamecheck --split-by and --split (gamecheck(1), SPLITTING): each record
# in the file of its key, named so that no value escapes the directory or
# hides there (a slash, .., a leading dot or dash, NUL, controls, an
# empty or absent value, a name too long); reports on standard output as
# without a split; and every unhappy path: a file or a link in the way,
# --split-max reached, a directory that may not be written, a write that
# fails (the file size limit, a full disk), a run killed.  None of them
# makes a file or leaves a temporary file behind.
set -u
. "${srcdir:-.}/tests/lib.sh"
trap 'umount "$tmp/disk" 2> /dev/null; rm -rf "$tmp"' EXIT
ex=$srcdir/examples

# A record of reversi whose Black tag is $1 (printf's escapes).
game() {
	printf '[Game "reversi"]\n[Black "%b"]\n\n1. f5 d6 2. c3 d3 *\n\n' "$1"
}
long=$(printf 'x%.0s' $(seq 1 300))
{
	game '../../etc'
	game 'a/b'
	game '..'
	game '.hidden'
	game '-rf x_y%z~'
	game 'tab\there\001'
	game 'nul\000byte'
	game ''
	game "$long"
	game 'Café'
	game 'a/b'
	printf '[Game "reversi"]\n\n1. f5 *\n\n'
} > "$tmp/hostile.pgn"

# The names the mapping gives, sorted as ls sorts them in C.
cat > "$tmp/want" << 'EOF'
%2Drf%20x%5Fy%25z%7E.pgn
%2E..pgn
%2E.%2F..%2Fetc.pgn
%2Ehidden.pgn
%empty.pgn
%none.pgn
Caf\303\251.pgn
a%2Fb.pgn
nul%00byte.pgn
tab%09here%01.pgn
EOF
printf "$(sed 's/%/%%/g' "$tmp/want")\\n" | LC_ALL=C sort > "$tmp/want.sorted"

# ---- Hostile values stay names in the directory.
mkdir "$tmp/up" "$tmp/up/out"
(cd "$tmp/up/out" && gamecheck -q --split-by Black "$tmp/hostile.pgn") \
    2> "$tmp/err"
rc=$?
ls -A "$tmp/up" > "$tmp/up.ls"
(cd "$tmp/up/out" && LC_ALL=C ls -A) > "$tmp/got.all"
grep -v '^x' "$tmp/got.all" > "$tmp/got"
cut=$(grep '^x' "$tmp/got.all")
if [ $rc = 0 ] && [ "$(cat "$tmp/up.ls")" = out ] &&
    cmp -s "$tmp/want.sorted" "$tmp/got"; then
	ok "hostile values are names in the directory"
else
	ng "hostile values: exit $rc"; cat "$tmp/err"
	diff "$tmp/want.sorted" "$tmp/got"; cat "$tmp/up.ls"
fi
# A name of 300 bytes is cut at 160 and the hash of the whole added.
if echo "$cut" | grep -qx 'x\{160\}~[0-9a-f]\{16\}\.pgn'; then
	ok "a long value's name is cut, with a hash"
else
	ng "a long value's name: $cut"
fi
# Each file holds its records: a/b twice, the others once.
got=$(gamecheck -q "$tmp/up/out/a%2Fb.pgn" 2>&1)
if [ "$got" = "gamecheck: 2 records: 0 finished, 2 unfinished, 0 illegal, 0 malformed" ]; then
	ok "a value's records go to one file"
else
	ng "a value's records: $got"
fi
n=0
for f in "$tmp/up/out"/*; do
	c=$(gamecheck -q "$f" 2>&1 | sed 's/^gamecheck: \([0-9]*\) record.*/\1/')
	n=$((n + c))
done
[ $n = 12 ] && ok "the files hold every record once" ||
    ng "the files hold $n records, not 12"

# ---- Reports go to standard output as they do without a split.
mkdir "$tmp/rep"
gamecheck "$ex/reversi-games.pgn" > "$tmp/rep.want" 2>&1
gamecheck --split 2 --split-dir "$tmp/rep" "$ex/reversi-games.pgn" \
    > "$tmp/rep.got" 2>&1
if cmp -s "$tmp/rep.want" "$tmp/rep.got" &&
    [ "$(ls "$tmp/rep")" = "000001.pgn
000002.pgn" ]; then
	ok "--split 2: two files, and the reports"
else
	ng "--split 2 with reports"; diff "$tmp/rep.want" "$tmp/rep.got"
	ls "$tmp/rep"
fi

# ---- --write: the format and its extension; the opening's names.
mkdir "$tmp/op"
gamecheck -q --split-by opening:3 --write wthor --split-dir "$tmp/op" \
    "$ex/reversi-games.pgn" "$ex/transcripts.txt" 2> "$tmp/err"
rc=$?
got=$(ls "$tmp/op" | tr '\n' ' ')
if [ $rc = 0 ] && [ "$got" = "d3_c5_f6.wtb e6_f6_f5.wtb f5_d6_c3.wtb f5_d6_c4.wtb f5_d6_c5.wtb " ] &&
    finished "$tmp/op/f5_d6_c3.wtb" 2; then
	ok "--split-by opening:3 --write wthor"
else
	ng "--split-by opening:3 --write wthor: exit $rc, $got, $got"
	cat "$tmp/err"
fi

# ---- Unhappy paths: nothing is made, nothing is left.
# refused WHAT DIR TEXT: the last run (exit $rc, messages in $tmp/err)
# failed with status 2, said TEXT, and left DIR empty.
refused() {
	if [ "$rc" = 2 ] && [ -z "$(ls -A "$2")" ] &&
	    grep -q "$3" "$tmp/err"; then
		ok "$1"
	else
		ng "$1: exit $rc"; cat "$tmp/err"; ls -A "$2"
	fi
}
mkdir "$tmp/in"
echo mine > "$tmp/in/Brian.pgn"
gamecheck -q --split-by Black --split-dir "$tmp/in" "$ex/reversi-games.pgn" \
    2> "$tmp/err"
rc=$?
if [ $rc = 2 ] && [ "$(cat "$tmp/in/Brian.pgn")" = mine ] &&
    [ "$(ls -A "$tmp/in")" = Brian.pgn ] &&
    grep -q 'Brian.pgn exists: refusing to replace it' "$tmp/err"; then
	ok "an existing file is not replaced, and no file is made"
else
	ng "an existing file: exit $rc"; cat "$tmp/err"; ls -A "$tmp/in"
fi

rm "$tmp/in/Brian.pgn"
ln -s "$tmp/target" "$tmp/in/Brian.pgn"
gamecheck -q --split-by Black --split-dir "$tmp/in" "$ex/reversi-games.pgn" \
    2> "$tmp/err"
rc=$?
if [ $rc = 2 ] && [ ! -e "$tmp/target" ] &&
    [ "$(ls -A "$tmp/in")" = Brian.pgn ] &&
    grep -q 'Brian.pgn is a symbolic link: refusing to write through it' \
    "$tmp/err"; then
	ok "a dangling link is not written through"
else
	ng "a dangling link: exit $rc"; cat "$tmp/err"; ls -A "$tmp/in"
fi
echo theirs > "$tmp/target"
gamecheck -q --split-by Black --split-dir "$tmp/in" "$ex/reversi-games.pgn" \
    2> /dev/null
rc=$?
if [ $rc = 2 ] && [ "$(cat "$tmp/target")" = theirs ]; then
	ok "a link to a file is not written through"
else
	ng "a link to a file: exit $rc, $(cat "$tmp/target")"
fi
rm "$tmp/in/Brian.pgn"

gamecheck -q --split-by Black --split-max 3 --split-dir "$tmp/in" \
    "$tmp/hostile.pgn" 2> "$tmp/err"
rc=$?
refused "--split-max reached: no file is made" "$tmp/in" \
    'would be file 4, past --split-max 3: no file is made'

# The files of --split-max open at once: more than the hard limit of
# descriptors is a usage error; within it, the soft limit is raised.
(ulimit -n 64; gamecheck -q --split 2 --split-max 1000 \
    --split-dir "$tmp/in" "$ex/reversi-games.pgn") 2> "$tmp/err"
rc=$?
refused "--split-max beyond the limit of open files" "$tmp/in" \
    'need 2032 descriptors, and the limit is 64'
(ulimit -S -n 64; gamecheck -q --split 1 --split-max 100 \
    --split-dir "$tmp/in" "$tmp/hostile.pgn") 2> "$tmp/err"
rc=$?
if [ $rc = 0 ] && [ "$(ls "$tmp/in" | wc -l)" = 12 ]; then
	ok "--split-max within the hard limit raises the soft one"
else
	ng "--split-max within the hard limit: exit $rc"; cat "$tmp/err"
fi
rm -f "$tmp/in"/*

# A write that fails (EFBIG past the file size limit, as ENOSPC would):
# at once, and midway.
./tests/gen-records reversi -n 2000 -s 1 > "$tmp/big.pgn" || exit 99
for lim in 0 64; do
	# stderr through a pipe, which the limit does not cut short.
	( (trap '' XFSZ; ulimit -f $lim; gamecheck -q --split 500 \
	    --split-dir "$tmp/in" "$tmp/big.pgn") 2>&1 > /dev/null
	echo $? > "$tmp/rc") | cat > "$tmp/err"
	rc=$(cat "$tmp/rc")
	refused "a write failing (ulimit -f $lim) makes no file" "$tmp/in" \
	    'File too large'
done

# Killed while writing: gamecheck reads a FIFO we hold open.  (SIGINT
# cannot be tested so: a shell starts a background job with it ignored.)
# A signal ignored where the tests run (nohup: SIGHUP) stays ignored, as
# it should: gamecheck is started with it at its default where env can;
# and a gamecheck the signal leaves alive is a failure, not a hang.
for sig in TERM HUP; do
	rm -f "$tmp/fifo"
	mkfifo "$tmp/fifo" || exit 99
	dfl=
	env --default-signal=$sig true 2> /dev/null &&
	    dfl="env --default-signal=$sig"
	$dfl gamecheck -q --split 10 --split-dir "$tmp/in" "$tmp/fifo" \
	    2> /dev/null &
	pid=$!
	exec 3> "$tmp/fifo"
	head -c 200000 "$tmp/big.pgn" >&3
	# Temporary files to clean up (waited for, on a loaded machine).
	i=0
	while ! ls -A "$tmp/in" | grep -q '^\.' && [ $i -lt 100 ]; do
		sleep 0.2
		i=$((i + 1))
	done
	[ $i -lt 100 ] || ng "SIG$sig: no temporary file after 20 s"
	kill -s $sig $pid
	i=0
	while kill -0 $pid 2> /dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ $i -lt 100 ] || kill -s KILL $pid
	wait $pid
	rc=$?
	exec 3>&-
	if [ $i -ge 100 ]; then
		ng "SIG$sig left gamecheck alive for 10 s"
	elif [ $rc -gt 128 ] && [ -z "$(ls -A "$tmp/in")" ]; then
		ok "killed by SIG$sig: no file, no temporary file"
	else
		ng "killed by SIG$sig: exit $rc"; ls -A "$tmp/in"
	fi
	rm -f "$tmp/in"/* "$tmp/in"/.[!.]*
done

# A directory that may not be written: as root, a read-only file system
# (root may write any directory), where one can be mounted.
mkdir "$tmp/disk"
if [ "$(id -u)" != 0 ]; then
	chmod 555 "$tmp/disk"
	ro=yes
elif mount -t tmpfs -o size=64k tmpfs "$tmp/disk" 2> /dev/null; then
	mount -o remount,ro "$tmp/disk" 2> /dev/null && ro=yes || ro=no
else
	ro=no
fi
if [ $ro = yes ]; then
	gamecheck -q --split 2 --split-dir "$tmp/disk" \
	    "$ex/reversi-games.pgn" 2> "$tmp/err"
	rc=$?
	refused "a directory that may not be written is refused" \
	    "$tmp/disk" "split-dir: .*disk: cannot make files in it"
else
	echo "skip: no read-only directory for root (needs mount)"
fi
[ "$(id -u)" != 0 ] && chmod 755 "$tmp/disk"
umount "$tmp/disk" 2> /dev/null

# A disk that is full for real (ENOSPC): a small tmpfs, as root.
if [ "$(id -u)" = 0 ] &&
    mount -t tmpfs -o size=64k tmpfs "$tmp/disk" 2> /dev/null; then
	gamecheck -q --split 100 --split-max 1000 --split-dir "$tmp/disk" \
	    "$tmp/big.pgn" 2> "$tmp/err"
	rc=$?
	refused "a full disk makes no file" "$tmp/disk" 'No space left'
	umount "$tmp/disk"
else
	echo "skip: no tmpfs to fill (needs root and mount)"
fi
exit $fail
