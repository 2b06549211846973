/* SPDX-License-Identifier: MIT */
/*
 * A tournament of gameplay match (schedule.h): its tally, each engine's
 * games, the cross table and the ratings, which are gamestat's own fit
 * (src/stat) over the same games so that the summary and gamestat over
 * the records agree.  Its engines are read by entrants.c.  Who meets whom
 * is the schedule's; writing the summary is src/report's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "match/schedule.h"
#include "stat/elo.h"
#include "util/util.h"

int
match_tourney_init(struct match_tourney *t, const struct match_schedule *s,
    const char *const *names, const struct rules_game *g, const char *board)
{
	struct match_slot slot;
	size_t		  i;

	memset(t, 0, sizeof *t);
	t->entrant = calloc(s->nengines, sizeof *t->entrant);
	t->pairing = calloc(s->npairings, sizeof *t->pairing);
	t->player = calloc(s->nengines, sizeof *t->player);
	if (t->entrant == NULL || t->pairing == NULL || t->player == NULL ||
	    (t->sum = stat_summary_new(NULL)) == NULL ||
	    (t->group = stat_group_get(
		 t->sum, NULL, g->name, board, g->colour)) == NULL)
		return -1;
	for (i = 0; i < s->nengines; i++) {
		t->entrant[i].side.name = names[i];
		if ((t->player[i] = stat_player(t->group, names[i])) == -1)
			return -1;
	}
	/* The pairings in the schedule's order: its first games tell. */
	for (i = 0; i < s->npairings; i++) {
		match_schedule_game(
		    s, (unsigned long)i * s->per_pairing, &slot);
		t->pairing[i].first = names[slot.engine[0]];
		t->pairing[i].second = names[slot.engine[1]];
	}
	t->rt.kind = s->kind == MATCH_TOURNAMENT_GAUNTLET ? "gauntlet" :
							    "round-robin";
	t->rt.per_pairing = s->per_pairing;
	t->rt.entrant = t->entrant;
	t->rt.nentrants = s->nengines;
	t->rt.pairing = t->pairing;
	t->rt.npairings = s->npairings;
	return 0;
}

int
match_tourney_count(struct match_tourney *t, const struct match_slot *slot,
    const struct match_game *pg, const int start[RULES_COLOURS], int winner,
    bool aborted)
{
	struct report_pairing *p = &t->pairing[slot->pairing];
	struct stat_elo	       e;
	size_t		       a = slot->engine[0], b = slot->engine[1];
	int		       c, k, half; /* the first engine's */

	for (c = 0; c < RULES_COLOURS; c++) {
		k = match_game_side(pg, start, c);
		t->entrant[slot->engine[k]]
		    .side.as[c][aborted	 ? REPORT_UNFINISHED :
			    winner == -1 ? REPORT_DRAW :
			    winner == c	 ? REPORT_WIN :
					   REPORT_LOSS]++;
	}
	half = winner == -1			    ? 1 :
	    match_game_side(pg, start, winner) == 0 ? 2 :
						      0;
	p->ldw[half]++;
	stat_elo_of(p->ldw, STAT_TRINOMIAL, &e);
	p->elo_defined = e.defined;
	p->elo = e.elo;
	p->lo = e.lo;
	p->hi = e.hi;
	/* gamestat rates decided games only: an aborted one is unfinished. */
	if (aborted)
		return 0;
	return stat_pair_add(t->group, (uint32_t)t->player[a],
	    (uint32_t)t->player[b], half == 2, half == 0, half == 1);
}

int
match_tourney_finish(struct match_tourney *t)
{
	struct report_entrant *e;
	struct stat_rating    *r;
	size_t		       i, j;

	if (stat_ratings(t->group, 1.0, &r) == -1)
		return -1;
	for (i = 0; i < t->rt.nentrants; i++) {
		e = &t->entrant[i];
		e->score = 0;
		for (j = 0; j < RULES_COLOURS; j++)
			e->score += e->side.as[j][REPORT_WIN] +
			    e->side.as[j][REPORT_DRAW] / 2.0;
		/* The fit's entries are sorted by name: find each one's. */
		for (j = 0; j < t->group->nplayers; j++)
			if (strcmp(r[j].name, e->side.name) == 0) {
				e->rated = true;
				e->rating = r[j].rating;
				e->error = r[j].error;
			}
	}
	free(r);
	return 0;
}

void
match_tourney_fini(struct match_tourney *t)
{
	free(t->entrant);
	free(t->pairing);
	free(t->player);
	stat_summary_free(t->sum);
	memset(t, 0, sizeof *t);
}
