/* SPDX-License-Identifier: MIT */
/*
 * Players: reading a spec, the table of kinds, and what every kind shares
 * (player.h).  The kinds themselves are in random.c, greedy.c and mcts.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "player/kinds.h"
#include "util/util.h"

static const struct player_kind *const kinds[] = {
	&player_random,
	&player_greedy,
	&player_mcts,
};

#define NKINDS (sizeof kinds / sizeof kinds[0])

struct player *
player_new(const char *spec, struct diag *d)
{
	const struct player_kind *k = NULL;
	struct player		 *p;
	unsigned long		  budget = 0;
	const char		 *colon;
	size_t			  len, i;
	char			 *end;

	colon = strchr(spec, ':');
	len = colon != NULL ? (size_t)(colon - spec) : strlen(spec);
	for (i = 0; i < NKINDS; i++)
		if (strlen(kinds[i]->name) == len &&
		    strncmp(kinds[i]->name, spec, len) == 0)
			k = kinds[i];
	if (k == NULL) {
		diag_set(d, DIAG_BAD_PLAYER,
		    "no player '%s' (random, greedy, "
		    "mcts or mcts:N)",
		    spec);
		return NULL;
	}
	if (colon != NULL) {
		errno = 0;
		budget = strtoul(colon + 1, &end, 10);
		if (!k->budget || colon[1] < '0' || colon[1] > '9' ||
		    *end != '\0' || errno != 0 || budget < 1 ||
		    budget > PLAYER_MCTS_MAX) {
			if (k->budget)
				diag_set(d, DIAG_BAD_PLAYER,
				    "%s takes a budget "
				    "of 1 to %d playouts, not '%s'",
				    k->name, PLAYER_MCTS_MAX, spec);
			else
				diag_set(d, DIAG_BAD_PLAYER,
				    "%s takes no "
				    "budget: '%s'",
				    k->name, spec);
			return NULL;
		}
	} else if (k->budget)
		budget = PLAYER_MCTS_BUDGET;
	if ((p = calloc(1, sizeof *p)) == NULL) {
		diag_set(d, DIAG_NO_MEMORY, "out of memory");
		return NULL;
	}
	p->kind = k;
	p->budget = budget;
	if (k->budget)
		snprintf(p->spec, sizeof p->spec, "%s:%lu", k->name, budget);
	else
		snprintf(p->spec, sizeof p->spec, "%s", k->name);
	rules_rng_seed(&p->rng, 0);
	return p;
}

void
player_free(struct player *p)
{
	if (p == NULL)
		return;
	if (p->kind->free != NULL)
		p->kind->free(p);
	free(p);
}

const char *
player_spec(const struct player *p)
{
	return p->spec;
}

void
player_seed(struct player *p, uint64_t seed)
{
	rules_rng_seed(&p->rng, seed);
}

long
player_legal(
    const struct rules_position *pos, struct rules_action **acts, size_t *cap)
{
	size_t n;

	n = rules_legal(pos, *acts, *cap);
	if (n > *cap) {
		if (array_grow(acts, cap, n, sizeof **acts) == -1)
			return -1;
		n = rules_legal(pos, *acts, *cap);
	}
	return (long)n;
}

int
player_choose(struct player *p, const struct rules_position *pos,
    struct rules_action *out, struct diag *d)
{
	struct rules_action *acts = NULL;
	size_t		     cap = 0;
	long		     n, i;
	int		     rc = -1;

	if (rules_phase(pos) == RULES_GAME_OVER)
		return diag_set(d, DIAG_GAME_OVER, "the game is over");
	if ((n = player_legal(pos, &acts, &cap)) == -1)
		goto out_nomem;
	if (n == 0) {
		diag_set(d, DIAG_GAME_OVER, "no legal action");
		goto out_free;
	}
	if (acts[0].kind == RULES_DICE) {
		diag_set(d, DIAG_DICE,
		    "the next action is a roll of the dice, "
		    "which is the referee's");
		goto out_free;
	}
	/* A forced action needs no thought (a pass, the last placement). */
	i = n == 1 ? 0 : p->kind->choose(p, pos, acts, (size_t)n);
	if (i < 0)
		goto out_nomem;
	*out = acts[i];
	rc = 0;
	goto out_free;
out_nomem:
	diag_set(d, DIAG_NO_MEMORY, "out of memory");
out_free:
	free(acts);
	return rc;
}
