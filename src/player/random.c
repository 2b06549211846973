/* SPDX-License-Identifier: MIT */
/*
 * The random player: a uniform pick among the legal actions, from the
 * player's own seeded generator (formats/rng.md), so a seed replays.
 */
#include "player/kinds.h"

static long
random_choose(struct player *p, const struct rules_position *pos,
    const struct rules_action *legal, size_t n)
{
	(void)pos;
	(void)legal;
	return (long)rules_rng_below(&p->rng, n);
}

const struct player_kind player_random = {
	.name = "random",
	.choose = random_choose,
};
