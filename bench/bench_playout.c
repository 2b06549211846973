/* SPDX-License-Identifier: MIT */
/*
 * Random playouts per second through the generic rules interface
 * (rules_playout), for one game and board: the number to watch when the
 * representation of a game changes.  Not part of make check.
 *
 * usage: bench_playout game [board [games [seed]]]
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "rules.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	const struct rules_game *g;
	struct rules_position *pos;
	struct rules_diag d;
	struct rules_rng rng;
	unsigned long long actions = 0;
	long	 games = 20000, i;
	double	 t0, t;

	if (argc < 2 || argc > 5) {
		fprintf(stderr,
		    "usage: bench_playout game [board [games [seed]]]\n");
		return 2;
	}
	if ((g = rules_game_find(argv[1])) == NULL) {
		fprintf(stderr, "bench_playout: unknown game %s\n", argv[1]);
		return 2;
	}
	pos = rules_position_new(g, argc > 2 ? argv[2] : NULL, NULL, &d);
	if (pos == NULL) {
		fprintf(stderr, "bench_playout: %s\n", d.msg);
		return 2;
	}
	if (argc > 3)
		games = strtol(argv[3], NULL, 10);
	rules_rng_seed(&rng, argc > 4 ? strtoull(argv[4], NULL, 10) : 1);
	t0 = now();
	for (i = 0; i < games; i++) {
		rules_position_reset(pos);
		actions += rules_playout(pos, &rng, 0, NULL, NULL);
	}
	t = now() - t0;
	printf("%s %s: %ld games in %.3f s: %.0f games/s, %.1f actions/game, "
	    "%.0f actions/s\n", g->name, pos->board.name, games, t,
	    (double)games / t, (double)actions / (double)games,
	    (double)actions / t);
	rules_position_free(pos);
	return 0;
}
