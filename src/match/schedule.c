/* SPDX-License-Identifier: MIT */
/*
 * The schedule of a match (schedule.h): for game i, the colour each
 * program holds, its opening and its seed, from the match's settings
 * alone.  Playing the game, and reading the openings, are others' work.
 */
#include <stdlib.h>

#include "match/schedule.h"

/*
 * The shuffle's generator is apart from every game's dice (seed + i) and
 * players (match_player_seed): the same seed orders the openings the same
 * way whatever is played.
 */
#define ORDER_SALT 0x6f70656e696e6773ULL /* "openings" */

int
match_schedule_init(
    struct match_schedule *s, size_t nopenings, enum match_order order)
{
	struct rules_rng rng;
	size_t		 i, j, t;

	if (s->repeat)
		s->alternate = true;
	if (s->kind == MATCH_TOURNAMENT_NONE)
		s->nengines = 2;
	s->npairings = s->kind == MATCH_TOURNAMENT_ROUND_ROBIN ?
	    s->nengines * (s->nengines - 1) / 2 :
	    s->nengines - 1;
	s->nopenings = nopenings;
	s->order = NULL;
	if (nopenings == 0)
		return 0;
	if ((s->order = calloc(nopenings, sizeof *s->order)) == NULL)
		return -1;
	for (i = 0; i < nopenings; i++)
		s->order[i] = i;
	if (order != MATCH_ORDER_RANDOM)
		return 0;
	/* Fisher-Yates, from the last place down. */
	rules_rng_seed(&rng, (uint64_t)s->seed ^ ORDER_SALT);
	for (i = nopenings - 1; i > 0; i--) {
		j = (size_t)rules_rng_below(&rng, (uint64_t)i + 1);
		t = s->order[i];
		s->order[i] = s->order[j];
		s->order[j] = t;
	}
	return 0;
}

void
match_schedule_fini(struct match_schedule *s)
{
	free(s->order);
	s->order = NULL;
	s->nopenings = 0;
}

unsigned long
match_schedule_games(const struct match_schedule *s)
{
	return s->per_pairing * s->npairings;
}

/* The engines of pairing p (from 0), a before b. */
static void
pairing(const struct match_schedule *s, size_t p, size_t engine[2])
{
	size_t a = 0;

	if (s->kind != MATCH_TOURNAMENT_ROUND_ROBIN) {
		engine[0] = 0;
		engine[1] = p + 1;
		return;
	}
	/* Engine a meets nengines - 1 - a engines after it. */
	while (p >= s->nengines - 1 - a) {
		p -= s->nengines - 1 - a;
		a++;
	}
	engine[0] = a;
	engine[1] = a + 1 + p;
}

void
match_schedule_game(
    const struct match_schedule *s, unsigned long i, struct match_slot *slot)
{
	int k;

	slot->seed = (uint64_t)s->seed + i;
	slot->pairing = 0;
	if (s->kind != MATCH_TOURNAMENT_NONE) {
		slot->pairing = i / s->per_pairing;
		i %= s->per_pairing;
	}
	pairing(s, slot->pairing, slot->engine);
	/* With --alternate, the second program is Black in game 2. */
	k = s->alternate && i % 2 == 1;

	slot->start[s->black] = k;
	slot->start[1 - s->black] = 1 - k;
	slot->opening = -1;
	/*
	 * With --repeat, games 2j and 2j + 1 share an opening, colours
	 * reversed, so the pair cancels its bias; past the last opening
	 * the order starts again.
	 */
	if (s->nopenings > 0)
		slot->opening =
		    (long)s->order[(s->repeat ? i / 2 : i) % s->nopenings];
}
