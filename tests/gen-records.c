/* SPDX-License-Identifier: MIT */
/*
 * Test and benchmark generator: seeded random playouts written as records
 * in the notation, one per game, for gamecheck to replay.  Dice come from
 * the record's Seed through the project's PRNG, as a referee rolls them;
 * every other action is a uniform pick among the legal ones.
 *   gen-records GAME [-b BOARD] [-n GAMES] [-s SEED] [-c TURNS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>

#include "record/record.h"

static void
write_game(const struct rules_game *g, const char *spec, uint64_t seed, int cap,
    struct rules_rng *pick)
{
	struct rules_position *pos;
	struct rules_action    acts[512], turn[512];
	struct rules_score     s;
	struct rules_rng       dice;
	struct diag	       d;
	char		       buf[8192];
	size_t		       n, nturn = 0;
	int		       first, second, col = 0, len;

	if ((pos = rules_position_new(g, spec, NULL, &d)) == NULL) {
		fprintf(stderr, "gen-records: %s\n", d.msg);
		exit(2);
	}
	rules_rng_seed(&dice, seed);
	printf("[Game \"%s\"]\n[Board \"%s\"]\n", g->name, pos->board.name);
	/* A Seed only for games with dice: it says how they were rolled. */
	if (rules_legal(pos, acts, 512) > 0 && acts[0].kind == RULES_DICE)
		printf("[Seed \"%llu\"]\n", (unsigned long long)seed);
	while (rules_phase(pos) != RULES_GAME_OVER &&
	    (cap == 0 || rules_turn(pos) <= cap)) {
		n = rules_legal(pos, acts, 512);
		if (n == 0 || n > 512)
			break;
		if (acts[0].kind == RULES_DICE) {
			rules_dice_roll(&dice, &first, &second);
			acts[0].from = (int16_t)first;
			acts[0].to = (int16_t)second;
			n = 0;
		} else
			n = (size_t)rules_rng_below(pick, n);
		turn[nturn++] = acts[n];
		if (rules_play(pos, &acts[n], &d) == -1) {
			fprintf(stderr, "gen-records: %s\n", d.msg);
			exit(3);
		}
		if (rules_phase(pos) == RULES_TURN_MIDDLE)
			continue;
		record_turn_format(&pos->board, turn, nturn, buf, sizeof buf);
		len = (int)strlen(buf);
		if (col > 0 && col + len >= 79) {
			putchar('\n');
			col = 0;
		}
		col += printf("%s%s", col > 0 ? " " : "", buf);
		nturn = 0;
	}
	rules_score(pos, &s);
	if (s.over)
		printf("%s%d-%d\n\n", col > 0 ? " " : "", s.points[0],
		    s.points[1]);
	else
		printf("%s*\n\n", col > 0 ? " " : "");
	rules_position_free(pos);
}

int
main(int argc, char **argv)
{
	const struct rules_game *g;
	struct rules_rng	 pick;
	const char		*spec = NULL;
	unsigned long		 games = 1, seed = 1, i;
	int			 c, cap = 0;

	while ((c = getopt_long(argc, argv, "b:n:s:c:", NULL, NULL)) != -1) {
		switch (c) {
		case 'b': spec = optarg; break;
		case 'n': games = strtoul(optarg, NULL, 10); break;
		case 's': seed = strtoul(optarg, NULL, 10); break;
		case 'c': cap = atoi(optarg); break;
		default: goto usage;
		}
	}
	if (optind != argc - 1 || (g = rules_game_find(argv[optind])) == NULL)
		goto usage;
	rules_rng_seed(&pick, seed);
	for (i = 0; i < games; i++)
		write_game(g, spec, seed * 1000003 + i, cap, &pick);
	return fflush(stdout) == 0 ? 0 : 2;
usage:
	fprintf(stderr,
	    "usage: gen-records GAME [-b board] [-n games] "
	    "[-s seed] [-c turns]\n");
	return 2;
}
