#!/bin/sh
# SPDX-License-Identifier: MIT
# Every file a tool writes is written whole or not at all, never over one
# of its inputs, and never through a link or a directory it was not meant
# to write: an output that is an input is refused; a write that fails (a
# file size limit, and a small tmpfs where one can be mounted, stand in for
# a full disk) or a signal leaves the old
# file and no temporary one; move -i keeps symbolic links, refuses hard
# links, FIFOs, devices and files the user may not write; new --force waits
# for move -i's lock; names as long as NAME_MAX work; --plot replaces a
# link in its directory instead of following it, and refuses another
# user's directory; gameplay match -o is such a file, its --resume file
# locked, and show --html says a full disk.
set -u
. "${srcdir:-.}/tests/lib.sh"
trap 'umount "$tmp/disk" 2> /dev/null; rm -rf "$tmp"' EXIT
gc=./gamecheck
gp=./gameplay
gs=./gamestat
games=$srcdir/examples/reversi-games.pgn

# True if directory $1 holds a temporary file of ours.
temps() { ls -A "$1" | grep -q '^\..*\.game\(check\|play\|stat\)-'; }
# A fresh directory $tmp/$1 holding old, a file the tests must not lose.
fresh() {
	d=$tmp/$1
	mkdir "$d" || exit 99
	echo "old contents" > "$d/old"
}
# True if $1 still holds the old contents.
kept() { [ "$(cat "$1" 2> /dev/null)" = "old contents" ]; }
# unchanged WHAT ORIG FILE: the command just run (its status in $rc, its
# errors in $d/err) was refused, exit 2, FILE still ORIG's bytes; else
# ng with what it said, FILE put back for the tests that follow.
unchanged() {
	if [ $rc = 2 ] && cmp -s "$2" "$3"; then
		ok "$1 refused"
	else
		ng "$1: exit $rc: $(cat "$d/err")"
		cp "$2" "$3"
	fi
}

# ---- An output that is an input (refused before reading: exit 2).
fresh same
cp "$games" "$d/x.pgn"
ln -s x.pgn "$d/link"
# plot_refused WHAT DIR TEXT CMD...: CMD, with charts for DIR, is
# refused (exit 2) saying TEXT, and DIR is left empty.
plot_refused() {
	what=$1 dir=$2 text=$3
	shift 3
	"$@" > /dev/null 2> "$d/err" < /dev/null
	rc=$?
	if [ $rc = 2 ] && [ -z "$(ls -A "$dir")" ] &&
	    grep -q "$text" "$d/err"; then
		ok "$what: refused"
	else
		ng "$what: exit $rc"
	fi
}

# check_refused WHAT CMD...: CMD, writing x.pgn, one of its inputs, is
# refused (exit 2) saying so, and x.pgn is left as it was (else put back
# for the tests that follow).
check_refused() {
	what=$1
	shift
	exits 2 "$what" "$@"
	said 'is also an input' "$what"
	if cmp -s "$games" "$d/x.pgn"; then
		ok "$what: x.pgn kept"
	else
		ng "$what: x.pgn changed"
		cp "$games" "$d/x.pgn"
	fi
}
check_refused "gamecheck -o X X" $gc -o "$d/x.pgn" "$d/x.pgn"
check_refused "gamecheck -o X Y X" $gc -o "$d/x.pgn" "$games" "$d/x.pgn"
check_refused "gamecheck -o LINK X" $gc -o "$d/link" "$d/x.pgn"
check_refused "gamestat -o X X" $gs -o "$d/x.pgn" "$d/x.pgn"
check_refused "gameplay show X --svg X" $gp show "$d/x.pgn" --svg "$d/x.pgn"
for c in "$gc" "$gs"; do
	$c -o "$d/x.pgn" - < "$d/x.pgn" > /dev/null 2> "$d/err"
	rc=$?
	unchanged "$c -o X - < X" "$games" "$d/x.pgn"
	$c "$d/x.pgn" >> "$d/x.pgn" 2> "$d/err"
	rc=$?
	unchanged "$c X >> X" "$games" "$d/x.pgn"
done
$gp new --date 2024.05.01 -o "$d/r.pgn" reversi || exit 99
cp "$d/r.pgn" "$d/r.orig"
$gp move "$d/r.pgn" d3 >> "$d/r.pgn" 2> "$d/err"
rc=$?
unchanged "gameplay move R d3 >> R" "$d/r.orig" "$d/r.pgn"
mkdir "$d/charts"
cp "$games" "$d/charts/margin.svg"
$gs --plot "$d/charts" "$d/charts/margin.svg" > /dev/null 2> "$d/err"
rc=$?
if [ $rc = 2 ] && cmp -s "$games" "$d/charts/margin.svg" &&
    [ ! -e "$d/charts/length.svg" ]; then
	ok "gamestat --plot D D/margin.svg refused"
else
	ng "gamestat --plot D D/margin.svg: exit $rc"
fi

# Two outputs that are one file, FILE (refused before reading: exit 2).
fresh twice
$gp new --date 2024.05.01 -o "$d/r.pgn" reversi || exit 99
mkdir "$d/charts"
# Called with its standard output redirected: it reports on fd 4.
exec 4>&1
two_refused() {
	what=$1
	file=$2
	shift 2
	"$@" 2> "$d/err" < /dev/null
	rc=$?
	if [ $rc = 2 ] && kept "$file" && ! temps "$d" &&
	    ! temps "$d/charts" &&
	    grep -q 'two outputs cannot be one file' "$d/err"; then
		ok "$what refused" >&4
	else
		{ ng "$what: exit $rc"; cat "$d/err"; ls -A "$d"; } >&4
	fi
	echo "old contents" > "$file"
}
two_refused "selfplay --summary X >> X" "$d/old" \
    $gp selfplay -n 3 reversi --summary "$d/old" >> "$d/old"
two_refused "match --summary X > X" "$d/old" $gp match \
    --black "$gp engine random" --white "$gp engine random" reversi \
    --summary "$d/old" 1<> "$d/old"
two_refused "show --svg X > X" "$d/old" $gp show "$d/r.pgn" --svg "$d/old" \
    1<> "$d/old"
m=$d/charts/margin.svg
echo "old contents" > "$m"
two_refused "gamestat -o D/margin.svg --plot D" "$m" $gs -o "$m" \
    --plot "$d/charts" "$games"
two_refused "gamestat --plot D > D/margin.svg" "$m" $gs --plot "$d/charts" \
    "$games" 1<> "$m"
rm "$m"
plot_refused "gamestat -o D/length.svg --plot D, no such file yet" \
    "$d/charts" 'two outputs cannot be one file' \
    $gs -o "$d/charts/length.svg" --plot "$d/charts" "$games"
exec 4>&-

# A run that fails writes no file at all: neither -o nor an earlier chart.
fresh failed
mkdir -p "$d/charts/length.svg"
echo "old contents" > "$d/charts/margin.svg"
$gs -o "$d/old" --plot "$d/charts" "$games" > /dev/null 2> "$d/err"
rc=$?
if [ $rc = 2 ] && kept "$d/old" && kept "$d/charts/margin.svg" &&
    ! temps "$d" && ! temps "$d/charts"; then
	ok "gamestat: a chart that cannot be written leaves every old file"
else
	ng "gamestat with D/length.svg a directory: exit $rc"; cat "$d/err"
fi
if [ "$(id -u)" = 0 ]; then
	mkdir "$d/theirs"
	chown nobody "$d/theirs"
	$gs -o "$d/old" --plot "$d/theirs" "$games" > /dev/null 2> "$d/err"
	rc=$?
	if [ $rc = 2 ] && kept "$d/old" &&
	    grep -q 'owned by another user' "$d/err"; then
		ok "gamestat -o X --plot THEIRS leaves X"
	else
		ng "gamestat -o X --plot THEIRS: exit $rc"; cat "$d/err"
	fi
fi

# ---- A write that fails: with SIGXFSZ ignored, writing past the file
# size limit fails (EFBIG) as a full disk would (ENOSPC).
limited() {
	(trap '' XFSZ; ulimit -f "$1"; shift; "$@") > /dev/null 2>&1 \
	    < /dev/null
}
fresh full
./tests/gen-records reversi -n 2000 -s 1 > "$tmp/big.pgn" || exit 99
$gp new --date 2024.05.01 -o "$tmp/one.pgn" reversi || exit 99
for args in "$gc -o $d/old $tmp/big.pgn" "$gs -o $d/old $tmp/big.pgn" \
    "$gp show $tmp/one.pgn --svg $d/old" \
    "$gp new --force -o $d/old reversi" \
    "$gp selfplay reversi --summary $d/old"; do
	# $args splits on purpose: no path here holds a space.
	# shellcheck disable=SC2086
	limited 0 $args
	rc=$?
	if [ $rc = 2 ] && kept "$d/old" && ! temps "$d"; then
		ok "a failed write kept the old file: $args"
	else
		ng "a failed write: exit $rc, $(wc -c < "$d/old") bytes" \
		    "left: $args"; ls -A "$d"
		echo "old contents" > "$d/old"
	fi
done
limited 0 $gp new -o "$d/new.pgn" reversi
rc=$?
if [ $rc = 2 ] && [ ! -e "$d/new.pgn" ] && ! temps "$d"; then
	ok "a failed gameplay new -o left no file"
else
	ng "a failed gameplay new -o: exit $rc"; ls -A "$d"
fi
# A failure after part of the file was written (not only at the start).
limited 64 $gc -o "$d/old" "$tmp/big.pgn"
rc=$?
if [ $rc = 2 ] && kept "$d/old" && ! temps "$d"; then
	ok "a write failing midway kept the old file"
else
	ng "a write failing midway: exit $rc, $(wc -c < "$d/old") bytes"
fi

# With SIGXFSZ as it comes (no trap), the limit does not kill the tool
# with its temporary file left: the write fails and the file is removed.
(ulimit -f 16; $gc -o "$d/old" "$tmp/big.pgn") > /dev/null 2>&1 < /dev/null
rc=$?
if [ $rc = 2 ] && kept "$d/old" && ! temps "$d"; then
	ok "the file size limit with SIGXFSZ not ignored kept the old file"
else
	ng "the file size limit, SIGXFSZ not ignored: exit $rc"; ls -A "$d"
fi

# A disk that is full for real (ENOSPC): a small tmpfs, where we may
# mount one (as root, outside most containers).
mkdir "$tmp/disk"
if [ "$(id -u)" = 0 ] &&
    mount -t tmpfs -o size=64k tmpfs "$tmp/disk" 2> /dev/null; then
	echo "old contents" > "$tmp/disk/old"
	$gc -o "$tmp/disk/old" "$tmp/big.pgn" > /dev/null 2> "$tmp/err"
	rc=$?
	if [ $rc = 2 ] && kept "$tmp/disk/old" && ! temps "$tmp/disk" &&
	    grep -q 'No space left' "$tmp/err"; then
		ok "a full disk kept the old file"
	else
		ng "a full disk: exit $rc, $(wc -c < "$tmp/disk/old") bytes"
		cat "$tmp/err"; ls -A "$tmp/disk"
	fi
	umount "$tmp/disk"
else
	echo "skip: no tmpfs to fill (needs root and mount)"
fi

# ---- Killed while writing: gamecheck reads a FIFO we hold open, so it
# is caught with part of its reports written.  (SIGINT cannot be tested
# so: a shell starts a background job with it ignored.)
for sig in TERM KILL; do
	fresh "sig$sig"
	mkfifo "$d/in" || exit 99
	$gc -o "$d/old" "$d/in" > /dev/null 2>&1 &
	pid=$!
	exec 3> "$d/in"
	cat "$tmp/big.pgn" >&3
	i=0
	while [ $i -lt 100 ] && ! [ -n "$(find "$d" -name '.old.*' -size +0)" ]
	do
		sleep 0.05
		i=$((i + 1))
	done
	kill -"$sig" $pid
	# Should the signal not kill it, the end of its input ends it.
	exec 3>&-
	wait $pid
	if ! kept "$d/old"; then
		ng "SIG$sig while writing: the old file was lost"
	elif [ "$sig" != KILL ] && temps "$d"; then
		ng "SIG$sig while writing: a temporary file was left"
	else
		ok "SIG$sig while writing kept the old file"
	fi
done

# ---- Modes: a new file as open(2) makes it; a replaced one keeps its own.
fresh mode
(umask 027; $gc -o "$d/new.yaml" "$games" > /dev/null 2>&1)
chmod 604 "$d/old"
$gc -o "$d/old" "$games" > /dev/null 2>&1
m1=$(stat -c %a "$d/new.yaml")
m2=$(stat -c %a "$d/old")
if [ "$m1" = 640 ] && [ "$m2" = 604 ]; then
	ok "modes: new 640 under umask 027, replaced kept 604"
else
	ng "modes: new $m1, replaced $m2"
fi
# A link named by -o is kept, and its target replaced; /dev/null works.
ln -s old "$d/link"
$gc -o "$d/link" "$games" > /dev/null 2>&1
if [ -L "$d/link" ] && grep -q '^status:' "$d/old"; then
	ok "-o LINK replaced the target and kept the link"
else
	ng "-o LINK"
fi
if $gc -o /dev/null "$games" 2> /dev/null && [ -c /dev/null ]; then
	ok "-o /dev/null"
else
	ng "-o /dev/null"
fi

# ---- move -i.
fresh move
$gp new --date 2024.05.01 -o "$d/r.pgn" reversi || exit 99
cp "$d/r.pgn" "$d/r.orig"
ln -s r.pgn "$d/link"
if $gp move -i "$d/link" d3 2> "$d/err" && [ -L "$d/link" ] &&
    grep -q '^1\. d3' "$d/r.pgn"; then
	ok "move -i LINK updated the target and kept the link"
else
	ng "move -i LINK"; cat "$d/err"; ls -l "$d"
fi
cp "$d/r.orig" "$d/r.pgn"
ln "$d/r.pgn" "$d/hard"
$gp move -i "$d/r.pgn" d3 2> "$d/err"
rc=$?
if [ $rc = 2 ] && cmp -s "$d/r.orig" "$d/hard" &&
    cmp -s "$d/r.orig" "$d/r.pgn" && grep -q 'hard links' "$d/err"; then
	ok "move -i on a file with hard links refused"
else
	ng "move -i on a file with hard links: exit $rc"; cat "$d/err"
fi
rm -f "$d/hard"
mkfifo "$d/fifo"
timeout 10 $gp move -i "$d/fifo" d3 2> "$d/err"
rc=$?
if [ $rc = 2 ] && grep -q 'not a regular file' "$d/err"; then
	ok "move -i FIFO refused"
else
	ng "move -i FIFO: exit $rc"; cat "$d/err"
fi
$gp move -i /dev/null d3 2> "$d/err"
rc=$?
if [ $rc = 2 ] && grep -q 'not a regular file' "$d/err"; then
	ok "move -i /dev/null refused"
else
	ng "move -i /dev/null: exit $rc"; cat "$d/err"
fi
long=$(printf '%0251d' 0 | tr 0 n).pgn
longer=$(printf '%0253d' 0 | tr 0 n).y
if $gp new --date 2024.05.01 -o "$d/$long" reversi &&
    $gp move -i "$d/$long" d3 && grep -q '^1\. d3' "$d/$long" &&
    $gc -o "$d/$longer" "$d/$long" > /dev/null 2>&1 &&
    $gp new --force --date 2024.05.01 -o "$d/$long" reversi &&
    ! temps "$d"; then
	ok "a name of 255 bytes"
else
	ng "a name of 255 bytes"; ls -A "$d"
fi

# move -i removes the temporary files a crash left for the file it
# locked, and no other: not a file of the user's named like one, not one
# of another record whose long name is cut to the same prefix.
fresh stale
$gp new --date 2024.05.01 -o "$d/r.pgn" reversi || exit 99
echo "notes" > "$d/.r.pgn.gameplay-notes1"
long=$(printf '%0240d' 0 | tr 0 n)
$gp new --date 2024.05.01 -o "$d/${long}a.pgn" reversi || exit 99
$gp new --date 2024.05.01 -o "$d/${long}b.pgn" reversi || exit 99
ARBITER_TEST_DIE_BEFORE_RENAME=1 $gp move -i "$d/r.pgn" d3 2> /dev/null
ARBITER_TEST_DIE_BEFORE_RENAME=1 $gp move -i "$d/${long}a.pgn" d3 \
    2> /dev/null
n=$(ls -A "$d" | grep -c '^\.')
$gp move -i "$d/r.pgn" d3 && $gp move -i "$d/${long}b.pgn" d3
rc=$?
left=$(ls -A "$d" | grep '^\.')
if [ $rc = 0 ] && [ "$n" = 3 ] && [ "$(echo "$left" | wc -l)" = 2 ] &&
    [ -f "$d/.r.pgn.gameplay-notes1" ] &&
    echo "$left" | grep -q "^\.nnnn"; then
	ok "move -i removed its own stale temporary file and no other"
else
	ng "move -i's stale files: exit $rc, $n before, left:"; echo "$left"
fi

# A record the user may not write, in a directory the user may write.
# Root may write any file: as root, the test runs as nobody.
fresh perm
cp "$tmp/move/r.orig" "$d/r.pgn"
as=
if [ "$(id -u)" = 0 ]; then
	chmod 755 "$tmp"
	chown nobody "$d" 2> /dev/null
	if runuser -u nobody -- true 2> /dev/null; then
		as="runuser -u nobody --"
	elif setpriv --reuid=nobody --regid=nogroup --clear-groups true \
	    2> /dev/null; then
		as="setpriv --reuid=nobody --regid=nogroup --clear-groups"
	else
		as=skip
	fi
	cp $gp "$tmp/gameplay"
	gpu=$tmp/gameplay
else
	chmod 444 "$d/r.pgn"
	gpu=$gp
fi
if [ "$as" = skip ]; then
	echo "skip: no runuser or setpriv to drop root's privileges"
else
	$as "$gpu" move -i "$d/r.pgn" d3 2> "$d/err"
	rc=$?
	unchanged "move -i on a file the user may not write" \
	    "$tmp/move/r.orig" "$d/r.pgn"
fi

# Another user's file: it becomes ours, with its group and mode, or is
# not replaced where its group cannot be kept (one we are not in).
if [ "$as" != skip ] && [ "$(id -u)" = 0 ] &&
    setpriv --reuid=nobody --regid=nogroup --groups=staff true 2> /dev/null
then
	as="setpriv --reuid=nobody --regid=nogroup --groups=staff"
	fresh group
	chown nobody "$d"
	cp $gc "$tmp/gamecheck"
	echo "old contents" > "$d/shared"
	chgrp staff "$d/shared"
	chmod 664 "$d/shared"
	$as "$tmp/gamecheck" -o "$d/shared" "$games" > /dev/null 2> "$d/err"
	rc=$?
	if [ $rc = 0 ] && grep -q '^status:' "$d/shared" &&
	    [ "$(stat -c %U:%G:%a "$d/shared")" = nobody:staff:664 ]; then
		ok "-o over another user's file kept its group and mode"
	else
		ng "-o over another user's file: exit $rc,\
 $(stat -c %U:%G:%a "$d/shared")"; cat "$d/err"
	fi
	cp "$tmp/move/r.orig" "$d/r.pgn"
	chgrp adm "$d/old" "$d/r.pgn"
	chmod 666 "$d/old" "$d/r.pgn"
	for args in "$tmp/gamecheck -o $d/old $games" \
	    "$gpu move -i $d/r.pgn d3" "$gpu new --force -o $d/old reversi"
	do
		# shellcheck disable=SC2086
		$as $args > /dev/null 2> "$d/err"
		rc=$?
		if [ $rc = 2 ] && kept "$d/old" &&
		    cmp -s "$tmp/move/r.orig" "$d/r.pgn" && ! temps "$d" &&
		    grep -q 'cannot keep the group' "$d/err"; then
			ok "a group not ours refused: $args"
		else
			ng "a group not ours: exit $rc: $args"; cat "$d/err"
		fi
	done
else
	echo "skip: no setpriv to be another user in a second group"
fi

# new --force waits for move -i's lock (flock(1) holds it here).
fresh lock
$gp new --date 2024.05.01 -o "$d/r.pgn" reversi || exit 99
if command -v flock > /dev/null 2>&1; then
	flock "$d/r.pgn" sleep 2 &
	holder=$!
	i=0
	while [ $i -lt 100 ] && flock -n "$d/r.pgn" true; do
		sleep 0.05
		i=$((i + 1))
	done
	$gp new --force --date 2024.05.01 -o "$d/r.pgn" herd
	if kill -0 $holder 2> /dev/null; then
		ng "new --force did not wait for the lock"
	else
		ok "new --force waited for the lock"
	fi
	wait $holder
else
	echo "skip: no flock(1)"
fi

# ---- --plot: a link in the directory is replaced, not followed.
fresh plot
mkdir "$d/charts"
ln -s ../old "$d/charts/margin.svg"
if $gs --plot "$d/charts" "$games" > /dev/null 2>&1 && kept "$d/old" &&
    [ -f "$d/charts/margin.svg" ] && [ ! -L "$d/charts/margin.svg" ]; then
	ok "--plot replaced a link instead of following it"
else
	ng "--plot followed a link"
fi
if [ "$(id -u)" = 0 ]; then
	mkdir "$d/theirs"
	chown nobody "$d/theirs"
	plot_refused "--plot into another user's directory" "$d/theirs" \
	    'owned by another user' $gs --plot "$d/theirs" "$games"
else
	echo "skip: another user's directory needs root to make"
fi

# ---- --plot DIR where DIR itself is a symbolic link: never followed
# (root wrote into another user's directory through one).
fresh plotlink
mkdir "$d/victim"
echo "old contents" > "$d/victim/margin.svg"
ln -s victim "$d/charts"
$gs --plot "$d/charts" "$games" > /dev/null 2> "$d/err"
rc=$?
if [ $rc = 2 ] && kept "$d/victim/margin.svg" &&
    [ "$(ls -A "$d/victim")" = margin.svg ] && [ -L "$d/charts" ] &&
    grep -q 'a symbolic link: refusing' "$d/err"; then
	ok "--plot LINK refused, the directory it names untouched"
else
	ng "--plot LINK followed the link: exit $rc"; cat "$d/err"
	ls -A "$d/victim"
fi

# ---- The set of charts is replaced whole: a run killed while it writes
# them leaves the old set (all of it), and the next run removes what the
# killed one left; a file of the user's in DIR and DIR's mode stay.
fresh plotset
$gs --plot "$d/charts" "$srcdir/examples/reversi-passes.pgn" > /dev/null \
    2>&1 || exit 99
echo "notes" > "$d/charts/notes.txt"
chmod 750 "$d/charts"
cp -R "$d/charts" "$d/before"
ARBITER_TEST_DIE_AFTER_CHART=1 $gs --plot "$d/charts" "$games" \
    > /dev/null 2>&1
rc=$?
same=true
for f in margin.svg length.svg first-player.svg index.html notes.txt; do
	cmp -s "$d/before/$f" "$d/charts/$f" || same=false
done
if [ $rc = 3 ] && $same; then
	ok "--plot killed before the new set is in place: the old set whole"
else
	ng "--plot killed mid-set: exit $rc, old set kept: $same"
fi
$gs --plot "$d/charts" "$games" > /dev/null 2> "$d/err"
rc=$?
if [ $rc = 0 ] && ! temps "$d" && ! temps "$d/charts" &&
    ! cmp -s "$d/before/margin.svg" "$d/charts/margin.svg" &&
    [ "$(cat "$d/charts/notes.txt")" = notes ] &&
    [ "$(stat -c %a "$d/charts")" = 750 ]; then
	ok "--plot after a killed run: the new set, nothing stale, notes kept"
else
	ng "--plot after a killed run: exit $rc"; cat "$d/err"; ls -A "$d"
	ls -Al "$d/charts"
fi
# ---- A writer killed by SIGKILL leaves its temporary file; the next
# writer of the same file removes it (nobody holds its lock), but not the
# temporary file of a writer still alive, nor a file of the user's named
# like one.  A killed -j leaves no copy of its standard input in $TMPDIR.
fresh killed
echo "notes" > "$d/.out.pgn.gamecheck-notes1"
ARBITER_TEST_DIE_BEFORE_RENAME=1 $gc -o "$d/out.pgn" "$games" \
    > /dev/null 2>&1
# (This one removes that one's at its start, and dies with its own.)
{ cat "$games"; sleep 30; } | $gc -o "$d/out.pgn" - > /dev/null 2>&1 &
pid=$!
sleep 1
kill -KILL $pid
wait $pid 2> /dev/null
n=$(ls -A "$d" | grep -c '^\.out\.pgn\.gamecheck-.*[0-9]-')
# A live writer (its input still open) holds its temporary file.
mkfifo "$d/fifo"
$gc -o "$d/out.pgn" "$d/fifo" > /dev/null 2>&1 &
live=$!
exec 5> "$d/fifo"
sleep 1
$gc -o "$d/out.pgn" "$games" > /dev/null 2> "$d/err"
rc=$?
left=$(ls -A "$d" | grep -c '^\.out\.pgn\.gamecheck-.*[0-9]-')
cat "$games" >&5
exec 5>&-
wait $live
rc2=$?
end=$(ls -A "$d" | grep -c '^\.')
if [ "$n" = 1 ] && [ $rc = 0 ] && [ "$left" = 1 ] && [ $rc2 = 0 ] &&
    [ "$end" = 1 ] && [ -f "$d/.out.pgn.gamecheck-notes1" ] &&
    [ -s "$d/out.pgn" ]; then
	ok "gamecheck -o removed the temporary files of killed writers only"
else
	ng "killed writers: $n stale, exit $rc, $left left, live exit $rc2"
	ls -A "$d"; cat "$d/err"
fi
mkdir "$d/t"
{ cat "$games"; sleep 30; } | TMPDIR=$d/t $gc -j 2 - > /dev/null 2>&1 &
pid=$!
sleep 1
kill -KILL $pid
wait $pid 2> /dev/null
if [ -z "$(ls -A "$d/t")" ]; then
	ok "gamecheck -j killed: no copy of standard input left"
else
	ng "gamecheck -j killed left $(ls -A "$d/t")"
fi
# --plot . (a directory that cannot be swapped by its name): each chart
# is put in place on its own, and nothing is left beside them.
fresh plotdot
mkdir "$d/here"
top=$(pwd)
abs=$(cd "$(dirname "$games")" && pwd)/$(basename "$games")
(cd "$d/here" && "$top/gamestat" --plot . "$abs" > /dev/null) 2> "$d/err"
rc=$?
if [ $rc = 0 ] && [ -s "$d/here/margin.svg" ] && ! temps "$d/here" &&
    ! temps "$d"; then
	ok "--plot . writes the charts"
else
	ng "--plot .: exit $rc"; cat "$d/err"; ls -A "$d/here"
fi
# ---- gameplay match -o (issue 26, item 13): replaced whole when the
# match ends, as gamecheck -o is; never an input nor --summary's file; a
# write error said and exit 2; --resume's file locked.
top=$(pwd)
match() {
	$gp match -b "$top/gameplay engine greedy" \
	    -w "$top/gameplay engine random" "$@" reversi
}
fresh match
limited 0 match -n 3 -o "$d/old"
rc=$?
if [ $rc = 2 ] && kept "$d/old" && ! temps "$d"; then
	ok "match -o: a failed write kept the old file"
else
	ng "match -o, a failed write: exit $rc"; ls -A "$d"
	echo "old contents" > "$d/old"
fi
# full_said WHAT CMD...: CMD writing to /dev/full says so, exit 2.
full_said() {
	what=$1
	shift
	"$@" > /dev/null 2> "$d/err"
	rc=$?
	if [ $rc = 2 ] &&
	    grep -q '^gameplay: /dev/full: No space left' "$d/err"; then
		ok "$what /dev/full: said, exit 2"
	else
		ng "$what /dev/full: exit $rc"; cat "$d/err"
	fi
}
full_said "match -o" match -n 2 -o /dev/full
match -n 2 -o "$d/old" --summary "$d/old" > /dev/null 2> "$d/err"
rc=$?
if [ $rc = 2 ] && kept "$d/old" && grep -q 'two outputs' "$d/err"; then
	ok "match -o F --summary F refused"
else
	ng "match -o F --summary F: exit $rc"; cat "$d/err"
fi
printf '[Game "reversi"]\n\n1. f5 d6 *\n' > "$d/open.pgn"
printf '%s\n' "$top/gameplay engine greedy" "$top/gameplay engine random" \
    > "$d/engines"
cp "$d/open.pgn" "$d/open.was"
cp "$d/engines" "$d/engines.was"
for resume in "" --resume; do
	match -n 2 --openings "$d/open.pgn" -o "$d/open.pgn" $resume \
	    > /dev/null 2> "$d/err"
	rc=$?
	$gp match --engines "$d/engines" -o "$d/engines" $resume reversi \
	    > /dev/null 2>> "$d/err"
	rc2=$?
	if [ $rc = 2 ] && [ $rc2 = 2 ] && cmp -s "$d/open.pgn" "$d/open.was" &&
	    cmp -s "$d/engines" "$d/engines.was" &&
	    [ "$(grep -c 'is also an input' "$d/err")" = 2 ]; then
		ok "match -o over --openings or --engines refused ${resume:-}"
	else
		ng "match -o over an input ${resume:-}: exit $rc, $rc2"
		cat "$d/err"
	fi
done
# Killed in the middle of a game: the old file, whole (fopen had emptied
# it at the start); a SIGTERM leaves no temporary file.
sleepy=$srcdir/tests/engines/sleepy.sh
$gp match -b "$sleepy 5 $top/gameplay engine greedy" \
    -w "$top/gameplay engine random" -n 2 -o "$d/old" reversi \
    > /dev/null 2>&1 &
pid=$!
i=0
while [ $i -lt 100 ] && ! temps "$d"; do
	sleep 0.05
	i=$((i + 1))
done
kill -TERM $pid
wait $pid 2> /dev/null
if kept "$d/old" && ! temps "$d"; then
	ok "match -o killed: the old file kept, no temporary file"
else
	ng "match -o killed: $(head -c 40 "$d/old")"; ls -A "$d"
fi
# Two runs of --resume on one file at once: the second waits for the
# first's lock, then resumes the match where the first left it.
rm -f "$d/r.pgn"
$gp match -b "$sleepy 5 $top/gameplay engine greedy" \
    -w "$top/gameplay engine random" -n 2 -o "$d/r.pgn" --resume reversi \
    > /dev/null 2>&1 &
pid=$!
i=0
while [ $i -lt 100 ] && [ ! -e "$d/r.pgn" ]; do
	sleep 0.05
	i=$((i + 1))
done
match -n 2 -o "$d/r.pgn" --resume > /dev/null 2> "$d/err" &
pid2=$!
sleep 1
if kill -0 $pid2 2> /dev/null && ! grep -q '^gameplay: game' "$d/err"; then
	waited=yes
else
	waited=no
fi
kill -TERM $pid
wait $pid 2> /dev/null
wait $pid2
rc=$?
if [ $waited = yes ] && [ $rc = 0 ] &&
    grep -q 'another process is writing it: waiting' "$d/err" &&
    [ "$(grep -c '^\[Round' "$d/r.pgn")" = 2 ] &&
    $gc -q "$d/r.pgn" > /dev/null 2>&1; then
	ok "match --resume on a file another match writes waited for it"
else
	ng "match --resume twice at once: waited $waited, exit $rc"
	cat "$d/err"
fi
# gameplay show --html on a full disk says so.
full_said "show --html" $gp show --html /dev/full "$games"
exit $fail
