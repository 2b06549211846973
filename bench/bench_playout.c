/* SPDX-License-Identifier: MIT */
/*
 * Benchmark of the rules core: uniformly random playouts of any
 * registered game on any board it accepts, reported in games per second,
 * or a perft count in nodes per second.  Built on demand (`make
 * bench/bench_playout'), never by make check; it uses only the rules
 * library, so any game added to the registry can be measured.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules/rules.h"
#include "util/util.h"

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: bench_playout [-n games] [-s seed] [-c turns] [-p depth] "
	    "game [board]\n"
	    "  -n, --games=N    random games to play (default 10000)\n"
	    "  -s, --seed=N     seed of the generator (default 1)\n"
	    "  -c, --cap=N      turn cap per game, 0 for none (default 1000)\n"
	    "  -p, --perft=D    count perft(D) from the start instead\n"
	    "  -h, --help       show this help\n");
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "games", required_argument, NULL, 'n' },
		{ "seed", required_argument, NULL, 's' },
		{ "cap", required_argument, NULL, 'c' },
		{ "perft", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const struct rules_game *g;
	struct rules_position	*pos;
	struct diag		 d;
	struct rules_rng	 rng;
	unsigned long long	 seed = 1, actions = 0, turns = 0, nodes;
	long			 games = 10000, i, finished = 0;
	int			 cap = 1000, depth = 0, ch;
	double			 t0, secs;

	while (
	    (ch = getopt_long(argc, argv, "n:s:c:p:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'n': games = strtol(optarg, NULL, 10); break;
		case 's': seed = strtoull(optarg, NULL, 10); break;
		case 'c': cap = (int)strtol(optarg, NULL, 10); break;
		case 'p': depth = (int)strtol(optarg, NULL, 10); break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc < 1 || argc > 2 || games < 1) {
		usage(stderr);
		return 2;
	}
	if ((g = rules_game_find(argv[0])) == NULL) {
		fprintf(
		    stderr, "bench_playout: unknown game \"%s\"\n", argv[0]);
		return 2;
	}
	pos = rules_position_new(g, argc > 1 ? argv[1] : NULL, NULL, &d);
	if (pos == NULL) {
		fprintf(stderr, "bench_playout: %s [%s]\n", d.msg,
		    diag_name(d.code));
		return 2;
	}
	if (depth > 0) {
		t0 = clock_seconds(CLOCK_MONOTONIC);
		nodes = rules_perft(pos, depth);
		secs = clock_seconds(CLOCK_MONOTONIC) - t0;
		if (nodes == RULES_PERFT_NO_MEMORY) {
			fprintf(stderr, "bench_playout: out of memory\n");
			rules_position_free(pos);
			return 2;
		}
		printf("%s %s: perft(%d) = %llu in %.3f s: %.0f nodes/s\n",
		    g->name, pos->board.name, depth, nodes, secs,
		    (double)nodes / secs);
		rules_position_free(pos);
		return 0;
	}
	rules_rng_seed(&rng, seed);
	t0 = clock_seconds(CLOCK_MONOTONIC);
	for (i = 0; i < games; i++) {
		rules_position_reset(pos);
		actions += rules_playout(pos, &rng, cap, NULL, NULL);
		turns += (unsigned long long)(rules_turn(pos) - 1);
		finished += rules_phase(pos) == RULES_GAME_OVER;
	}
	secs = clock_seconds(CLOCK_MONOTONIC) - t0;
	printf("%s %s: %ld games in %.3f s: %.0f games/s, %.1f turns and "
	       "%.1f actions a game, %ld finished, %llu turns in all\n",
	    g->name, pos->board.name, games, secs, (double)games / secs,
	    (double)turns / (double)games, (double)actions / (double)games,
	    finished, turns);
	rules_position_free(pos);
	return 0;
}
