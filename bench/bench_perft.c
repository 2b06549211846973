/* SPDX-License-Identifier: MIT */
/*
 * Perft benchmark: leaves, seconds and leaves per second for a game from
 * its start position (make bench).  usage: bench_perft GAME DEPTH... [-b B]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rules/rules.h"

int
main(int argc, char **argv)
{
	const struct rules_game *g;
	struct rules_position	*pos;
	struct diag		 d;
	struct timespec		 t0, t1;
	const char		*spec = NULL;
	uint64_t		 n;
	double			 s;
	int			 i;

	if (argc < 3 || (g = rules_game_find(argv[1])) == NULL) {
		fprintf(
		    stderr, "usage: bench_perft GAME DEPTH... [-b BOARD]\n");
		return 2;
	}
	for (i = 2; i < argc - 1; i++)
		if (strcmp(argv[i], "-b") == 0)
			spec = argv[i + 1];
	if ((pos = rules_position_new(g, spec, NULL, &d)) == NULL) {
		fprintf(stderr, "bench_perft: %s\n", d.msg);
		return 2;
	}
	printf("%-8s %-6s %5s %14s %9s %14s\n", "game", "board", "depth",
	    "leaves", "seconds", "leaves/s");
	for (i = 2; i < argc; i++) {
		if (strcmp(argv[i], "-b") == 0) {
			i++;
			continue;
		}
		clock_gettime(CLOCK_MONOTONIC, &t0);
		n = rules_perft(pos, atoi(argv[i]));
		clock_gettime(CLOCK_MONOTONIC, &t1);
		if (n == RULES_PERFT_NO_MEMORY) {
			fprintf(stderr, "bench_perft: out of memory\n");
			rules_position_free(pos);
			return 2;
		}
		s = (double)(t1.tv_sec - t0.tv_sec) +
		    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
		printf("%-8s %-6s %5d %14llu %9.3f %14.0f\n", g->name,
		    pos->board.name, atoi(argv[i]), (unsigned long long)n, s,
		    s > 0 ? (double)n / s : 0.0);
		fflush(stdout);
	}
	rules_position_free(pos);
	return 0;
}
