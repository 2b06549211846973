/* SPDX-License-Identifier: MIT */
/*
 * The greedy player: plays each legal action on a copy of the position,
 * evaluates what results with player_evaluate, and takes the best (ties
 * broken by the player's generator).  The evaluation looks one action ahead
 * and uses the game interface alone (score(), its stats, legal()), so it
 * knows no game by name:
 *
 *   - a game over is worth WIN (or -WIN, or 0 for a draw) plus the points
 *     difference, so a win is taken and a loss avoided whenever one action
 *     decides it;
 *   - otherwise POINTS per point of difference in score() (discs in
 *     Reversi, stones in Herd, unpinned stones on the far rank in Stones!),
 *     plus, for each stat named in `stat_weights' below that the game
 *     reports, its weight times the difference (the stones a colour has on
 *     the board count for it; its pinned stones, which cannot move, count
 *     against it);
 *   - and, when the action ends the turn and the opponent must choose
 *     next, MOBILITY per legal action the opponent has (fewer is better:
 *     in Reversi this is what makes the player beat a random one; a pass
 *     forced on the opponent counts as no action).
 */
#include <stdlib.h>
#include <string.h>

#include "player/kinds.h"

#define WIN	 1e6
#define POINTS	 1.0
#define MOBILITY 5.0

/* Stats that say something about who is ahead, with their weight. */
static const struct {
	const char *name;
	double	    weight;
} stat_weights[] = {
	{ "pinned", -1.0 }, /* Stones!: a pinned stone cannot move */
};

double
player_evaluate(const struct rules_position *pos, int me)
{
	struct rules_action	 acts[2];
	struct rules_score	 s;
	const struct rules_stat *st;
	size_t			 i, n;
	int			 opp = 1 - me;
	double			 v;

	rules_score(pos, &s);
	v = POINTS * (s.points[me] - s.points[opp]);
	if (s.over)
		return v + (s.winner == me ? WIN : s.winner == opp ? -WIN : 0);
	for (i = 0; i < sizeof stat_weights / sizeof stat_weights[0]; i++)
		if ((st = rules_stat_find(&s, stat_weights[i].name)) != NULL)
			v += stat_weights[i].weight *
			    (st->value[me] - st->value[opp]);
	if (rules_phase(pos) == RULES_TURN_START && rules_to_move(pos) == opp) {
		n = rules_legal(pos, acts, 2);
		/* Dice say nothing about choice; a pass is no choice. */
		if (n > 0 && acts[0].kind != RULES_DICE &&
		    acts[0].kind != RULES_PASS)
			v -= MOBILITY * (double)n;
	}
	return v;
}

static long
greedy_choose(struct player *p, const struct rules_position *pos,
    const struct rules_action *legal, size_t n)
{
	struct rules_position *next;
	size_t		       i, ties = 0;
	long		       best = 0;
	double		       v, bestv = 0;
	int		       me = rules_to_move(pos);

	if ((next = rules_position_dup(pos)) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		rules_position_copy(next, pos);
		if (rules_play(next, &legal[i], NULL) == -1)
			continue;
		v = player_evaluate(next, me);
		/* Reservoir sampling among equals: a fair tie-break. */
		if (ties == 0 || v > bestv) {
			bestv = v;
			best = (long)i;
			ties = 1;
		} else if (v == bestv && rules_rng_below(&p->rng, ++ties) == 0)
			best = (long)i;
	}
	rules_position_free(next);
	return best;
}

const struct player_kind player_greedy = {
	.name = "greedy",
	.choose = greedy_choose,
};
