#!/bin/sh
# SPDX-License-Identifier: MIT
# Keyed records (formats/keys.md; gameplay(1), "Security"), attack by
# attack: gameplay new --keys writes a key a file, 0600, never over a file
# or through a link, and only hashes into the record; on a keyed record
# every change needs --as and that holder's key from a file or a
# descriptor; a missing, wrong or other player's key, a player acting for
# the other colour or out of turn, a replayed move, a key on the command
# line, an edited hash, a key file of the wrong mode or owner or a link:
# each is refused (exit 2) and the record is left byte for byte.  rekey
# replaces keys.  Every output of every command is kept, and at the end
# no key may be found in any of them.
set -u
. "${srcdir:-.}/tests/lib.sh"
gp=$builddir/gameplay
gc=$builddir/gamecheck
# Every output is kept there (exits keeps the commands'), and looked
# through at the end.
out=$tmp/kept
mkdir "$out"
cd "$tmp" || exit 99

# refused WHAT ARGS...: exit 2, one line said, the record unchanged.
refused() {
	what=$1
	shift
	cp g.pgn before.pgn
	exits 2 "$what" "$gp" "$@"
	cmp -s g.pgn before.pgn || ng "$what: the record changed"
	[ "$(wc -l < err)" = 1 ] || ng "$what: not one line: $(cat err)"
	[ -s out ] && ng "$what: wrote to stdout"
}

# --- gameplay new --keys
exits 0 "new --keys" "$gp" new -b Ada -w Bob --keys k reversi -o g.pgn
for h in black white referee; do
	[ "$(stat -c %a "k/$h.key")" = 600 ] || ng "k/$h.key: not mode 0600"
	grep -Eq '^[0-9a-f]{32}$' "k/$h.key" || ng "k/$h.key: no key"
done
grep -q '^\[BlackKeyHash "\$argon2id\$v=19\$m=65536,t=2,p=1\$' g.pgn ||
    ng "no BlackKeyHash"
"$gc" g.pgn > "$out/report" 2>&1 || ng "gamecheck: $(cat "$out/report")"
grep -q '^keyed: true$' "$out/report" || ng "the report says no keyed"
# Never over a file, never through a link; nothing else is left.
mkdir k2 && : > k2/white.key
exits 2 "new over a key file" "$gp" new --keys k2 reversi -o g2.pgn
said "k2/white.key: File exists" "new over a key file"
[ -e g2.pgn ] && ng "new over a key file wrote the record"
[ -e k2/black.key ] && ng "new over a key file left black.key"
mkdir k3 && ln -s ../victim k3/black.key
exits 2 "new through a link" "$gp" new --keys k3 reversi -o g3.pgn
[ -e victim ] && ng "new wrote through a link"
[ -e g3.pgn ] && ng "new through a link wrote the record"

# --- who may change it
refused "a move without --as" move -i g.pgn f5
said "g.pgn is keyed: a change needs --as COLOUR" "a move without --as"
refused "--as without a key" move -i --as black g.pgn f5
refused "two keys" move -i --as black --key-file k/black.key --key-fd 0 \
    g.pgn f5
refused "the other player's key" move -i --as black --key-file k/white.key \
    g.pgn f5
said "the key is not black's" "the other player's key"
refused "the referee's key" move -i --as black --key-file k/referee.key \
    g.pgn f5
said "the key is not black's" "the referee's key"
refused "out of turn, own key" move -i --as white --key-file k/white.key \
    g.pgn f5
said "white may not: it is black's turn" "out of turn"
refused "the referee moves" move -i --as referee \
    --key-file k/referee.key g.pgn f5
refused "--as a stranger" move -i --as red --key-file k/black.key g.pgn f5
exits 0 "black's move" "$gp" move -i --as black --key-file k/black.key g.pgn f5
grep -q '^1\. f5 \*$' g.pgn || ng "black's move is not in the record"
# Replayed: black's f5 sent again with black's key is out of turn...
refused "a replayed move" move -i --as black --key-file k/black.key \
    g.pgn f5
said "black may not: it is white's turn" "a replayed move"
# From a descriptor: a pipe, as a mail gateway would hand it over.
cat k/white.key | "$gp" move -i --as white --key-fd 0 g.pgn d6 \
    > "$out/pipe.out" 2> "$out/pipe.err" || ng "--key-fd: $(cat "$out/pipe.err")"
# ... and on black's next turn, stale with the --turn it was sent for.
cp g.pgn before.pgn
exits 1 "a replay of turn 1 on black's turn" "$gp" move -i --turn 1 --as black \
    --key-file k/black.key g.pgn f5
said "stale-turn" "a replay with --turn"
cmp -s g.pgn before.pgn || ng "a stale replay changed the record"
exits 0 "black's second move" "$gp" move -i --as black --key-file k/black.key \
    g.pgn c3
exits 0 "white's second move" "$gp" move -i --as white --key-file k/white.key \
    g.pgn d3

# --- off the board: each player for their own colour
refused "resign for the other" resign -i --as white --key-file k/white.key \
    g.pgn black
said "a player acts for their own colour" "resign for the other"
refused "offer for the other" offer -i --as black --key-file k/black.key \
    g.pgn draw white
exits 0 "black offers" "$gp" offer -i --as black --key-file k/black.key g.pgn \
    draw black
refused "accept for the other" accept -i --as black \
    --key-file k/black.key g.pgn white
refused "accept with black's key" accept -i --as white \
    --key-file k/black.key g.pgn white
refused "claim by the player to move" claim -i --as black \
    --key-file k/black.key g.pgn
said "only white, who waits for black, or the referee may" "claim"
refused "leave for the other" leave -i --as white --key-file k/white.key \
    g.pgn black 2026-01-01T00:00:00Z 2026-01-02T00:00:00Z
exits 0 "white declines" "$gp" decline -i --as white --key-file k/white.key \
    g.pgn white
# A takeback: the colour is the last operand of accept (after undo).
exits 0 "black offers a takeback" "$gp" offer -i --as black \
    --key-file k/black.key g.pgn undo black
refused "accept a takeback for the other" accept -i --as black \
    --key-file k/black.key g.pgn undo white
refused "accept a takeback with black's key" accept -i --as white \
    --key-file k/black.key g.pgn undo white
exits 0 "white accepts the takeback" "$gp" accept -i --as white \
    --key-file k/white.key g.pgn undo white
refused "undo by the player not to move" undo -i --as white \
    --key-file k/white.key g.pgn
said "it is black's turn" "undo by the player not to move"

# --- key files: mode, owner, link
cp k/black.key loose.key && chmod 644 loose.key
refused "a key file others may read" move -i --as black \
    --key-file loose.key g.pgn c4
said "make it 0600" "a key file of mode 0644"
ln -s k/black.key link.key
refused "a key file that is a link" move -i --as black --key-file link.key \
    g.pgn c4
said "may not be a symbolic link" "a linked key file"
if [ "$(id -u)" = 0 ]; then
	cp k/black.key theirs.key && chmod 600 theirs.key
	chown 65534 theirs.key
	refused "another user's key file" move -i --as black \
	    --key-file theirs.key g.pgn c4
	said "not yours" "another user's key file"
else
	echo "skip: another user's key file (needs root to chown)"
fi

# --- a key on the command line
refused "--key" move -i --key k/black.key g.pgn c4
said "unrecognized option '--key'" "--key"
key=$(cat k/black.key)
refused "--key=KEY" move -i --as black --key="$key" g.pgn c4
said "argument 5 is a key: a key is never given on the command line" "--key=KEY"
refused "a key as a move" move -i --as black g.pgn "$key"
refused "a key before the command" "--key-file=$key" move g.pgn c4

# --- an edited hash
cp g.pgn keyed.pgn
sed 's/^\(\[BlackKeyHash "[^"]*\)A"/\1B"/;t;s/^\(\[BlackKeyHash "[^"]*\)."/\1A"/' \
    g.pgn > edited.pgn
cmp -s g.pgn edited.pgn && ng "the hash was not edited"
cp edited.pgn g.pgn
refused "an edited hash" move -i --as black --key-file k/black.key g.pgn c4
said "the key is not black's" "an edited hash"
sed 's/^\[BlackKeyHash "\$argon2id\$v=19\$m=65536,t=2/[BlackKeyHash "$argon2id$v=19$m=65536,t=1/' \
    edited.pgn > g.pgn
exits 1 "a hash of other limits" "$gp" move -i --as black --key-file k/black.key \
    g.pgn c4
said "bad-key-hash" "a hash of other limits"
grep -v KeyHash before.pgn > g.pgn
refused "the hash tags stripped" move -i --as black \
    --key-file k/black.key g.pgn c4
said "g.pgn has no keys" "the hash tags stripped"
cp keyed.pgn g.pgn

# --- rekey
refused "rekey by a player" rekey -i --keys k4 --as black \
    --key-file k/black.key g.pgn
refused "rekey over a key file" rekey -i --keys k --as referee \
    --key-file k/referee.key g.pgn
exits 0 "rekey white" "$gp" rekey -i --keys k4 --colour white --as referee \
    --key-file k/referee.key g.pgn
[ -e k4/black.key ] && ng "rekey white made black a key"
[ "$(stat -c %a k4/white.key)" = 600 ] || ng "k4/white.key: not 0600"
grep -q "^$(grep '^\[BlackKeyHash' keyed.pgn | sed 's/[][$.*]/\\&/g')\$" \
    g.pgn || ng "rekey white changed black's hash"
legal() {
	"$gp" legal g.pgn | sed -n 's/^legal: \[\([^],]*\).*/\1/p'
}
exits 0 "black's key, kept" "$gp" move -i --as black --key-file k/black.key \
    g.pgn "$(legal)"
refused "white's old key" move -i --as white --key-file k/white.key \
    g.pgn "$(legal)"
exits 0 "white's new key" "$gp" move -i --as white --key-file k4/white.key g.pgn \
    "$(legal)"
"$gc" -q g.pgn 2> "$out/check" || ng "the game: $(cat "$out/check")"

# --- claim: the waiting player's or the referee's, in a timed game
exits 0 "new timed, keyed" "$gp" new --at 2026-01-01T00:00:00Z --control 3d/move \
    --keys kc -o c.pgn reversi
exits 0 "black's timed move" "$gp" move -i --at 2026-01-02T00:00:00Z --as black \
    --key-file kc/black.key c.pgn f5
cp c.pgn c0.pgn
exits 2 "white claims on white's own time" "$gp" claim -i \
    --at 2026-01-09T00:00:00Z --as white --key-file kc/white.key c.pgn
said "only black, who waits for white, or the referee may" "white claims"
exits 2 "the referee claims with black's key" "$gp" claim -i \
    --at 2026-01-09T00:00:00Z --as referee --key-file kc/black.key c.pgn
said "the key is not the referee's" "the referee with black's key"
cmp -s c.pgn c0.pgn || ng "a refused claim changed the record"
exits 0 "the referee claims" "$gp" claim -i --at 2026-01-09T00:00:00Z \
    --as referee --key-file kc/referee.key c.pgn
grep -q '^\[Termination "white timed out"\]$' c.pgn ||
    ng "the referee's claim is not in the record"
cp c0.pgn c.pgn
exits 0 "black claims" "$gp" claim -i --at 2026-01-09T00:00:00Z --as black \
    --key-file kc/black.key c.pgn

# --- a keyed move is its holder's turns only, never the other's after it
exits 0 "new keyed, for several moves" "$gp" new --keys km -o m.pgn reversi
cp m.pgn g0.pgn
exits 2 "black plays white's turns too" "$gp" move -i --as black \
    --key-file km/black.key m.pgn d3 c5 f6
said "c5 is white's turn" "black plays white's turns"
cmp -s m.pgn g0.pgn || ng "a move with the other's turns changed the record"
exits 0 "black plays black's turn" "$gp" move -i --as black \
    --key-file km/black.key m.pgn d3
exits 0 "new keyed Herd" "$gp" new --keys kd -S 7 -o d.pgn herd
cp d.pgn g0.pgn
exits 2 "black plays white's dice and actions" "$gp" move -i --as black \
    --key-file kd/black.key d.pgn 13: e1 15: xe1 e1
cmp -s d.pgn g0.pgn || ng "a Herd move of the other's turn changed the record"

# --- adjudication: the director is the referee
exits 0 "new keyed for adjudication" "$gp" new --keys ka -o a.pgn reversi
cp a.pgn g0.pgn
exits 2 "black adjudicates" "$gp" adjudicate -i --as black \
    --key-file ka/black.key --result 64-0 --reason mine a.pgn
cmp -s a.pgn g0.pgn || ng "a refused adjudication changed the record"
exits 0 "the referee adjudicates" "$gp" adjudicate -i --as referee \
    --key-file ka/referee.key --result 1/2-1/2 --reason 'the event ended' \
    a.pgn
grep -q '^\[Termination "adjudicated"\]$' a.pgn ||
    ng "the referee's adjudication is not in the record"

# --- secret dice on a keyed record: the referee rolls and reveals
exits 0 "new keyed, secret dice" "$gp" new --keys kh --secret-seed kh.seed \
    -o h.pgn herd
exits 2 "roll without a key" "$gp" roll --secret-seed kh.seed h.pgn
exits 2 "black rolls" "$gp" roll --as black --key-file kh/black.key \
    --secret-seed kh.seed h.pgn
exits 0 "the referee rolls" "$gp" roll --as referee --key-file kh/referee.key \
    --secret-seed kh.seed h.pgn
exits 2 "reveal without a key" "$gp" reveal -i --force --secret-seed kh.seed h.pgn
exits 0 "the referee reveals" "$gp" reveal -i --force --as referee \
    --key-file kh/referee.key --secret-seed kh.seed h.pgn
grep -q '^\[Seed ' h.pgn || ng "the referee's reveal is not in the record"

# --- after a swap (the pie rule) each key is its player's, not its
# colour's: the player who started with black now plays white
# (design.md, "Seats and colours"; gameplay(1), "SECURITY")
exits 0 "new keyed Oust" "$gp" new -s 3 --keys ks --at 2026-01-01T00:00:00Z \
    --control 3d/move -o s.pgn oust
exits 0 "black's first stone" "$gp" move -i --at 2026-01-02T00:00:00Z \
    --as black --key-file ks/black.key s.pgn c3
exits 0 "white swaps" "$gp" move -i --at 2026-01-03T00:00:00Z --as white \
    --key-file ks/white.key s.pgn swap
cp s.pgn s0.pgn
exits 2 "after the swap, the white key moves white" "$gp" move -i \
    --at 2026-01-04T00:00:00Z --as white --key-file ks/white.key s.pgn c1
said "started with black" "after the swap, the white key moves white"
exits 2 "after the swap, the black key resigns black" "$gp" resign -i \
    --at 2026-01-04T00:00:00Z --as black --key-file ks/black.key s.pgn black
exits 2 "after the swap, the black key claims on its own time" "$gp" claim \
    -i --at 2026-01-09T00:00:00Z --as black --key-file ks/black.key s.pgn
cmp -s s.pgn s0.pgn || ng "a refused command after the swap changed the record"
exits 0 "after the swap, the white key claims" "$gp" claim \
    --at 2026-01-09T00:00:00Z --as white --key-file ks/white.key s.pgn
grep -q '^\[Termination "white timed out"\]$' out ||
    ng "the white key's claim: $(grep Termination out)"
exits 0 "after the swap, the black key resigns white" "$gp" resign \
    --at 2026-01-04T00:00:00Z --as black --key-file ks/black.key s.pgn white
grep -q '^\[Termination "white resigned"\]$' out ||
    ng "the black key's resignation: $(grep Termination out)"
# The waiting player (white's key) queues a reply to the next move, and
# it is played for them, as black, when the player to move has moved.
exits 0 "after the swap, the white key queues" "$gp" queue -i --as white \
    --key-file ks/white.key s.pgn "c1 d1"
exits 0 "after the swap, the black key moves white" "$gp" move -i \
    --at 2026-01-04T00:00:00Z --as black --key-file ks/black.key s.pgn c1
said "white's queued reply d1 was played" "the queued reply after the swap"
sed -n '/^1\./,$p' s.pgn | tr '\n' ' ' > movetext
grep -q ' 2\. c1 {[^}]*} 2\.\.\. d1 {' movetext ||
    ng "the queued reply after the swap: $(cat movetext)"

# --- no key in any output, nor in the record
for f in k/*.key k4/*.key kc/*.key kh/*.key ka/*.key km/*.key kd/*.key \
    ks/*.key; do
	if grep -rqF "$(cat "$f")" "$out" g.pgn c.pgn; then
		ng "the key of $f appears in an output"
	fi
done
[ "$fail" = 0 ] && echo "ok: keyed records, $runs commands"
exit $fail
