# SPDX-License-Identifier: MIT
# A partial tree (formats/summary.md, "The tree") of n positions of one
# game, each reached by one move from its parent (position i's parent is
# (i - 2) / 8 + 1, eight moves a position), for tests/stat-merge-memory.sh
# and bench/merge.sh: awk -v n=N -f tree.awk.
function node(i, t) {
	printf "  - id: %d\n    turn: %d\n", i, t
	printf "    key: \"%016x%016x\"\n", i, i * 7
	printf "    count: [3, 1, 1, 1, 3, -2]\n"
	printf "    examples: [[\"g%d\", 0], [\"g%d\", 1]]\n", i, i
}
BEGIN {
	print "---"
	print "schema: arbiter-tree/1"
	print "partial: true"
	print "depth: 12"
	print "records: 3"
	print "trees:"
	print "- game: reversi"
	print "  board: 8x8"
	print "  colours: [black, white]"
	printf "  positions: %d\n", n
	print "  nodes:"
	turn[1] = 0
	for (i = 1; i <= n; i++) {
		if (i > 1)
			turn[i] = turn[int((i - 2) / 8) + 1] + 1
		node(i, turn[i])
		first = 1
		for (c = 8 * (i - 1) + 2; c <= 8 * i + 1 && c <= n; c++) {
			if (first)
				print "    moves:"
			first = 0
			printf "    - move: m%d\n      to: %d\n", c - 8 * (i - 1), c
			printf "      count: [3, 1, 1, 1, 3, -2]\n"
			printf "      examples: [[\"g%d\", 0]]\n", c
		}
	}
	print "covers:"
	print "- shard: ~"
	print "  inputs:"
	print "  - [\"games.csv\", 100, \"0a1b2c3d\"]"
	print "end: {records: 3}"
}
