/* SPDX-License-Identifier: MIT */
/*
 * The MatchId tag of a match (runner.h): a hash of everything that
 * decides what its games are, so that --resume can tell a file of this
 * match from a file of another.
 */
#include <stdint.h>
#include <stdio.h>

#include "match/runner.h"

/* Adds the bytes of s and its NUL to the FNV-1a hash *h. */
static void
hash_text(uint64_t *h, const char *s)
{
	do {
		*h ^= (unsigned char)*s;
		*h *= 0x100000001b3ULL;
	} while (*s++ != '\0');
}

/*
 * Adds the openings to the hash *h: what each one is (not the file's
 * name), their order and --repeat.
 */
static void
hash_openings(uint64_t *h, const struct match *m)
{
	const struct match_opening *op;
	char			    buf[64];
	size_t			    i, j;

	snprintf(buf, sizeof buf, "openings %zu %d %d", m->openings.n,
	    (int)m->order, m->sch.repeat);
	hash_text(h, buf);
	for (i = 0; i < m->openings.n; i++) {
		op = &m->openings.list[i];
		hash_text(h, op->setup != NULL ? op->setup : "");
		for (j = 0; j < op->nturns; j++)
			hash_text(h, op->turns[j]);
		hash_text(h, "");
	}
}

/*
 * The MatchId tag of the match: a hash of everything that decides what
 * its games are (the game, the board, the seed, the turn cap, the
 * colours' order, each program with its protocol and clock, the time for
 * an answer), not of how many games are played or when the SPRT stops
 * them, so that a match resumed may be made longer.
 */
void
match_make_id(struct match *m)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	char	 buf[64];
	int	 k;

	hash_text(&h, m->g->name);
	hash_text(&h, m->ps.board);
	snprintf(buf, sizeof buf, "%lu %lu %d %.17g", m->ps.seed,
	    m->ps.max_turns, m->alternate, m->timeout);
	hash_text(&h, buf);
	for (k = 0; k < 2; k++) {
		/* The spec as given: name=, proto= and option= too. */
		hash_text(&h,
		    m->two[k].spec != NULL ? m->two[k].spec : m->side[k].e.cmd);
		hash_text(&h, m->side[k].proto->name);
		hash_text(&h, m->tc[k].on ? m->tc[k].text : "");
	}
	/* A tournament's -n says which games each pairing has. */
	if (m->sch.kind != MATCH_TOURNAMENT_NONE) {
		snprintf(buf, sizeof buf, "tournament %d %lu %zu",
		    (int)m->sch.kind, m->sch.per_pairing, m->nengines);
		hash_text(&h, buf);
		for (k = 0; k < (int)m->nengines; k++)
			hash_text(&h, m->engines[k]);
	}
	/* Only with --openings, so that a match without keeps its id. */
	if (m->openings_path != NULL)
		hash_openings(&h, m);
	snprintf(m->id, sizeof m->id, "%016llx", (unsigned long long)h);
}
