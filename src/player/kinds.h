/* SPDX-License-Identifier: MIT */
/*
 * Inside the player module: the table every kind of player fills in (one
 * file each, as gameplay's commands are), the player object they share, and
 * the helpers common to them.  Not for use outside src/player/.
 */
#ifndef ARBITER_PLAYER_KINDS_H
#define ARBITER_PLAYER_KINDS_H

#include <stdbool.h>
#include <stddef.h>

#include "player/player.h"

struct player_kind {
	const char *name;   /* "random": the spec before any ':' */
	bool	    budget; /* takes ":N" */
	/*
	 * Chooses among the n > 0 legal actions of pos (none of them dice)
	 * and returns the index, or -1 when memory runs out.
	 */
	long (*choose)(struct player *, const struct rules_position *,
	    const struct rules_action *legal, size_t n);
	void (*free)(struct player *); /* its own state */
};

struct player {
	const struct player_kind *kind;
	char			  spec[32];
	unsigned long		  budget;
	struct rules_rng	  rng;
	void			 *state; /* the kind's own, or NULL */
};

extern const struct player_kind player_random;
extern const struct player_kind player_greedy;
extern const struct player_kind player_mcts;

/*
 * The legal actions of pos into *acts (grown with realloc; *cap its size).
 * Returns how many, or -1 when memory runs out.
 */
long player_legal(
    const struct rules_position *pos, struct rules_action **acts, size_t *cap);

#endif
