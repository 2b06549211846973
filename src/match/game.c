/* SPDX-License-Identifier: MIT */
/*
 * A game as gameplay plays it itself (game.h): its position, the dice
 * rolled from its seed as a referee rolls them, its turn tokens and every
 * action in order, and which side holds which colour after a swap.
 * Writing its record is write.c's; the series it belongs to series.c's.
 */
#include <stdlib.h>
#include <string.h>

#include "match/game.h"
#include "util/util.h"

bool
match_uses_dice(const struct rules_position *pos)
{
	return pos->game->has_dice;
}

int
match_game_init(struct match_game *pg, const struct rules_game *g,
    const char *spec, uint64_t seed, struct diag *d)
{
	memset(pg, 0, sizeof *pg);
	if ((pg->pos = rules_position_new(g, spec, NULL, d)) == NULL)
		return -1;
	pg->dice = match_uses_dice(pg->pos);
	pg->seed = seed;
	rules_rng_seed(&pg->rng, seed);
	return 0;
}

void
match_game_fini(struct match_game *pg)
{
	array_free_strings(pg->turns, pg->nturns);
	free(pg->cur);
	free(pg->log);
	rules_position_free(pg->pos);
	memset(pg, 0, sizeof *pg);
}

int
match_game_roll(struct match_game *pg)
{
	struct rules_action a[1];
	struct diag	    d;
	int		    first, second;

	if (rules_phase(pg->pos) == RULES_GAME_OVER ||
	    rules_legal(pg->pos, a, 1) == 0 || a[0].kind != RULES_DICE)
		return 0;
	/* One roll per turn, turn 1 first, as the replay checks them. */
	rules_dice_roll(&pg->rng, &first, &second);
	a[0].from = (int16_t)first;
	a[0].to = (int16_t)second;
	return match_game_play(pg, &a[0], &d) == 0 ? 1 : -1;
}

int
match_game_play(
    struct match_game *pg, const struct rules_action *a, struct diag *d)
{
	char buf[MATCH_TOKEN_MAX];
	int  c = rules_to_move(pg->pos);

	if (array_grow(&pg->cur, &pg->cur_cap, pg->ncur + 1, sizeof *pg->cur) ==
		-1 ||
	    array_grow(&pg->log, &pg->log_cap, pg->nlog + 1, sizeof *pg->log) ==
		-1 ||
	    array_grow(&pg->turns, &pg->turns_cap, pg->nturns + 1,
		sizeof *pg->turns) == -1)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	if (rules_play(pg->pos, a, d) == -1)
		return -1;
	pg->cur[pg->ncur++] = *a;
	pg->log[pg->nlog++] = (struct match_move){ *a, c };
	if (rules_phase(pg->pos) == RULES_TURN_MIDDLE)
		return 0;
	if (record_turn_format(
		&pg->pos->board, pg->cur, pg->ncur, buf, sizeof buf) == -1 ||
	    (pg->turns[pg->nturns] = strdup(buf)) == NULL)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	pg->nturns++;
	pg->ncur = 0;
	return 0;
}

char *
match_game_moves(const struct match_game *pg)
{
	char  *s, *p, buf[MATCH_TOKEN_MAX];
	size_t len = 1, i;

	buf[0] = '\0';
	if (pg->ncur > 0 &&
	    record_turn_format(
		&pg->pos->board, pg->cur, pg->ncur, buf, sizeof buf) == -1)
		return NULL;
	for (i = 0; i < pg->nturns; i++)
		len += strlen(pg->turns[i]) + 1;
	len += strlen(buf) + 1;
	if ((s = p = malloc(len)) == NULL)
		return NULL;
	*p = '\0';
	for (i = 0; i < pg->nturns; i++)
		p += sprintf(p, "%s%s", i > 0 ? " " : "", pg->turns[i]);
	if (buf[0] != '\0')
		sprintf(p, "%s%s", pg->nturns > 0 ? " " : "", buf);
	return s;
}

int
match_colour(const struct rules_game *g, const char *name, int fallback)
{
	int c;

	for (c = 0; c < RULES_COLOURS; c++)
		if (strcmp(g->colour[c], name) == 0)
			return c;
	return fallback;
}

uint64_t
match_player_seed(uint64_t s, int c)
{
	return s ^ (0x9e3779b97f4a7c15ULL * (uint64_t)(c + 1));
}

int
match_game_side(
    const struct match_game *pg, const int start[RULES_COLOURS], int c)
{
	/* The position is the one record of a swap: ask it every time. */
	return rules_swapped(pg->pos) ? start[1 - c] : start[c];
}
