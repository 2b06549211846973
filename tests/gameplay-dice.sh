#!/bin/sh
# SPDX-License-Identifier: MIT
# Secret dice (formats/rng.md, "Secret dice"): the commitments of the
# test vectors in formats/rng.md computed again with sha256sum, apart
# from the C code, and a revealed record built from each checked by
# gamecheck.  Then a Herd game played to its end with a secret seed
# (gameplay new --secret-seed, roll --secret-seed, move, reveal), every
# output kept and searched for the seed and its salt before the reveal;
# and the attacks of issue 28: a seed file of the wrong mode, of another
# owner (when run as root) or reached through a link; dice asked before
# their turn or typed by a player; another game's seed file; an edited
# commitment or roll.
set -u
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
srcdir=${srcdir:-.}
fail=0
gc=./gamecheck

bad() {
	echo "FAIL: $*"
	fail=1
}

command -v sha256sum > /dev/null || { echo "SKIP: no sha256sum"; exit 77; }

# The vectors: the rows of the table under "Test vectors" of the secret
# dice, whose cells are in backquotes but the seed.
sed -n '/^## Secret dice/,/^## Reference/p' "$srcdir/formats/rng.md" |
    sed -n 's/^| `\([0-9a-f]\{32\}\)` | \([0-9]*\) | `\([0-9a-f]\{64\}\)` |$/\1 \2 \3/p' \
    > "$tmp/vectors"
[ "$(wc -l < "$tmp/vectors")" -ge 4 ] || { echo "FAIL: no vectors"; exit 1; }
while read -r salt seed commit; do
	got=$(printf '%s' "$salt:$seed" | sha256sum | cut -d' ' -f1)
	[ "$got" = "$commit" ] || bad "sha256sum of $salt:$seed is $got"
	# A revealed record of one roll-free game start: the commitment holds.
	printf '[Game "herd"]\n[SeedCommit "%s"]\n[SeedSalt "%s"]\n[Seed "%s"]\n\n*\n' \
	    "$commit" "$salt" "$seed" > "$tmp/vector.pgn"
	$gc -q "$tmp/vector.pgn" 2> "$tmp/err" ||
	    bad "gamecheck refuses the reveal of $seed: $(cat "$tmp/err")"
done < "$tmp/vectors"
[ "$fail" = 0 ] && echo "ok: the vectors of formats/rng.md"

gp=./gameplay
cd "$tmp" || exit 99
gp=$OLDPWD/gameplay
gc=$OLDPWD/gamecheck
log=$tmp/outputs

# run CMD...: CMD with its outputs kept in the log; its exit status.
run() {
	"$@" >> "$log" 2>&1
}

# refused WANT_EXIT WANT_TEXT CMD...: CMD fails with WANT_EXIT, says
# WANT_TEXT, and leaves the record r.pgn as it was.
refused() {
	want=$1 text=$2
	shift 2
	cp r.pgn before.pgn
	"$@" > out 2> err
	got=$?
	cat out err >> "$log"
	[ "$got" = "$want" ] || bad "$*: exit $got, not $want: $(cat err)"
	grep -q -F -e "$text" err || bad "$*: says $(cat err)"
	cmp -s r.pgn before.pgn || bad "$*: the record was changed"
}

# finish_turn: r.pgn's turn in progress played to its end, each time its
# first legal action.  Returns 1 if a move is refused.
finish_turn() {
	while $gp legal r.pgn > legal 2>> "$log" &&
	    grep -q '^in-turn: true' legal; do
		cat legal >> "$log"
		mv=$(sed -n 's/^legal: \[\([^],]*\).*/\1/p' legal)
		run $gp move -i r.pgn "$mv" || { bad "move $mv"; return 1; }
	done
}

run $gp new herd -s 3 --secret-seed s -o r.pgn || bad "new --secret-seed"
[ "$(stat -c %a s)" = 600 ] || bad "the seed file's mode is $(stat -c %a s)"
salt=$(cut -d: -f1 s)
seed=$(cut -d: -f2 s)
commit=$(tr -d '\n' < s | sha256sum | cut -d' ' -f1)
grep -q -x -F "[SeedCommit \"$commit\"]" r.pgn ||
    bad "the record's SeedCommit is not the sha256sum of the seed file"
grep -q '^\[Seed ' r.pgn && bad "new --secret-seed wrote a Seed"

# The attacks on new: no seed file over a file or through a link.
echo keep > old
refused 2 "File exists" $gp new herd --secret-seed old -o r2.pgn
[ "$(cat old)" = keep ] && [ ! -e r2.pgn ] || bad "new over a file"
ln -s "$tmp/elsewhere" link
refused 2 "File exists" $gp new herd --secret-seed link -o r2.pgn
[ ! -e elsewhere ] && [ ! -e r2.pgn ] || bad "new through a link"
refused 2 "for dice games" $gp new reversi --secret-seed s2 -o r2.pgn
refused 2 "give one" $gp new herd --seed 5 --secret-seed s2 -o r2.pgn
[ ! -e s2 ] || bad "a seed file was left by a refused new"

# Not revealed before the end but with --force (then the dice to come
# are public, as with a Seed).
refused 1 "not over" $gp reveal -i --secret-seed s r.pgn
$gp reveal --force --secret-seed s r.pgn > early.pgn || bad "reveal --force"
$gc -q early.pgn 2> err || bad "an early reveal: $(cat err)"
grep -q '^\[Seed ' early.pgn || bad "reveal --force revealed nothing"
rm early.pgn

# Before the first roll: no dice but the referee's.
refused 2 "secret" $gp roll r.pgn
refused 1 "[dice-secret]" $gp move -i r.pgn 11:c3
refused 1 "[dice-secret]" $gp move -i r.pgn c3
refused 1 "[dice-not-due]" $gp roll --secret-seed s --turn 2 r.pgn

# The seed file's attacks: wrong mode, a link, another owner, another
# game's seed.
chmod 644 s
refused 2 "mode 0644" $gp roll --secret-seed s r.pgn
chmod 600 s
ln -s s slink
refused 2 "symbolic link" $gp roll --secret-seed slink r.pgn
if [ "$(id -u)" = 0 ]; then
	cp -p s s-nobody
	chown 65534 s-nobody
	refused 2 "not yours" $gp roll --secret-seed s-nobody r.pgn
fi
run $gp new herd -s 3 --secret-seed other -o other.pgn || bad "new other"
refused 2 "not the seed" $gp roll --secret-seed other r.pgn

# The game, to its end: roll, then the first legal action until the
# turn is over; a second roll in a turn is refused.
turns=0
while [ "$turns" -lt 200 ]; do
	$gp status r.pgn > st 2>> "$log" || bad "status"
	cat st >> "$log"
	grep -q '^status: finished' st && break
	run $gp roll --secret-seed s r.pgn || { bad "roll"; break; }
	[ "$turns" = 2 ] &&
	    refused 1 "[dice-not-due]" $gp roll --secret-seed s r.pgn
	finish_turn || break
	turns=$((turns + 1))
done
grep -q '^status: finished' st || bad "the game did not end"
$gc r.pgn > report 2>&1
cat report >> "$log"
grep -q 'code: seed-unrevealed' report || bad "no seed-unrevealed warning"
refused 1 "the game is over" $gp roll --secret-seed s r.pgn
cp r.pgn before-reveal.pgn

# Nothing said before the reveal names the seed or its salt.
cat r.pgn >> "$log"
grep -q -F -e "$salt" "$log" && bad "the salt was shown before the reveal"
grep -q -F -e "$seed" "$log" && bad "the seed was shown before the reveal"
[ "$fail" = 0 ] && echo "ok: a game of $turns turns, its seed kept secret"

# The reveal: anyone can check every roll.
refused 2 "seed file" $gp reveal -i r.pgn
$gp reveal -i --secret-seed s r.pgn || bad "reveal"
grep -q -x -F "[Seed \"$seed\"]" r.pgn || bad "no Seed revealed"
grep -q -x -F "[SeedSalt \"$salt\"]" r.pgn || bad "no SeedSalt revealed"
$gc r.pgn > report 2> err || bad "the revealed game: $(cat err)"
grep -q 'warning' report && bad "the revealed game warns: $(cat report)"
refused 2 "no secret seed" $gp reveal -i --secret-seed s r.pgn

# An edited commitment, an edited roll: gamecheck sees them once
# revealed, and roll refuses them before.
# The commitment's first digit changed: 0 to 1, any other to 0.
edit_commit() {
	sed -e 's/^\[SeedCommit "0/[SeedCommit "X/' \
	    -e 's/^\[SeedCommit "[^X]/[SeedCommit "0/' \
	    -e 's/^\[SeedCommit "X/[SeedCommit "1/' "$1"
}
edit_commit r.pgn > edited.pgn
cmp -s r.pgn edited.pgn && bad "the SeedCommit was not edited"
$gc -q edited.pgn 2> err && bad "an edited SeedCommit passed"
grep -q -F '[seed-commitment-mismatch]' err || bad "edited: $(cat err)"
edit_commit before-reveal.pgn > r.pgn
cmp -s r.pgn before-reveal.pgn && bad "the SeedCommit was not edited"
refused 2 "not the seed" $gp reveal --secret-seed s r.pgn
rm r.pgn
$gp new herd -s 3 --secret-seed s3 -o r.pgn || bad "new s3"
$gp roll --secret-seed s3 r.pgn > out || bad "roll s3"
d=$(sed -n 's/^token: "\(..\):"$/\1/p' out)
e=$(( d % 10 % 6 + 1 ))$(( d / 10 ))
sed "s/^1\. $d:/1. $e:/" r.pgn > edited.pgn && mv edited.pgn r.pgn
finish_turn
refused 1 "was edited" $gp roll --secret-seed s3 r.pgn
[ "$fail" = 0 ] && echo "ok: the attacks are refused"

exit $fail
