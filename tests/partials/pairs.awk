# SPDX-License-Identifier: MIT
# awk -v n=PAIRS -v p=PLAYERS -f pairs.awk: a partial summary of n games,
# each between its own pair of p players (n <= p * (p - 1)), each won by
# the first named, its checksum left to tests/partial-crc.sh: what a game
# server's archive is mostly made of (tests/stat-merge-memory.sh,
# bench/merge.sh).
BEGIN {
	print "---"; print "schema: arbiter-summary/1"; print "partial: true"
	print "by: ~"; print "covers:"; print "- shard: ~"; print "  inputs:"
	print "  - [\"big.pgn\", 1, \"00000000\"]"
	print "records: " n; print "groups:"; print "- game: reversi"
	print "  board: 8x8"; print "  colours: [black, white]"
	print "  records: " n; print "  finished: " n; print "  unfinished: 0"
	print "  illegal: 0"; print "  malformed: 0"; print "  draws: 0"
	print "  wins: [" n ", 0]"; print "  seats: [" n ", 0]"
	print "  margin: {2: " n "}"; print "  turns: {60: " n "}"
	print "  actions: {60: " n "}"; print "  pairs:"
	for (i = 0; i < n; i++) {
		a = i % p; b = (a + int(i / p) + 1) % p
		printf "  - [\"player %d\", \"player %d\", 1, 0, 0]\n", a, b
	}
	print "read: \"x\""; print "end: {records: " n ", checksum: \"0\"}"
}
