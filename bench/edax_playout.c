/* SPDX-License-Identifier: MIT */
/*
 * bench/playout-edax.sh's yardstick: the random Reversi playouts of
 * `bench_playout reversi', move for move the same games (the same
 * generator, one draw a turn, the pick the move of that rank in square
 * order, a draw for a pass), on Edax's move generator and flips
 * (get_moves, flip) instead of the rules core.  The script compiles it
 * against an Edax source tree on demand; Edax's code is never part of
 * arbiter, and make never builds this file.
 *   edax_playout [GAMES [SEED]]
 */
#include <stdio.h>
#include <stdlib.h>

#include "board.h" /* Edax's */
#include "rules/rules.h"

int
main(int argc, char **argv)
{
	struct rules_rng   rng;
	long		   games = argc > 1 ? strtol(argv[1], NULL, 10) : 10000;
	unsigned long long seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
	unsigned long long turns = 0;
	uint64_t	   p, o, t, moves, f;
	long		   i;
	int		   k;

	rules_rng_seed(&rng, seed);
	for (i = 0; i < games; i++) {
		p = UINT64_C(0x0000000810000000); /* Black: d5 e4 */
		o = UINT64_C(0x0000001008000000); /* White: d4 e5 */
		for (;; turns++) {
			moves = get_moves(p, o);
			if (moves == 0) {
				if (get_moves(o, p) == 0)
					break;
				(void)rules_rng_below(&rng, 1); /* a pass */
				t = p;
			} else {
				k = (int)rules_rng_below(&rng,
				    (uint64_t)__builtin_popcountll(moves));
				for (; k > 0; k--)
					moves &= moves - 1;
				f = flip(__builtin_ctzll(moves), p, o);
				t = p | f | (moves & -moves);
				o &= ~f;
			}
			p = o;
			o = t;
		}
	}
	printf("reversi 8x8 on Edax's generator: %ld games, %.1f turns a "
	       "game, %llu turns in all\n",
	    games, (double)turns / (double)games, turns);
	return 0;
}
