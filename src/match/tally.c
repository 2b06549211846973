/* SPDX-License-Identifier: MIT */
/*
 * A match's tally (match.h): which games are in, the first program's
 * wins, draws and losses, pairs of games with colours reversed, the Elo
 * and the SPRT's log-likelihood ratio brought up to date with each game
 * (a tournament's cross table instead), and the progress line.
 */
#include <string.h>

#include "match/runner.h"
#include "util/util.h"

/* Whether game i is counted: played, or read back by --resume. */
bool
match_is_counted(const struct match *m, unsigned long i)
{
	return i < m->counted_len && m->counted[i] != 0;
}

/*
 * Counts game i for the statistics: end->winner's holder at the end of pg
 * won it; an aborted game is a draw.  With --alternate, games 2j and
 * 2j + 1 are a pair with colours reversed, counted once both are in,
 * whichever comes first (--order completion, --resume).  Then the
 * figures, the SPRT's included, are brought up to date.  Returns 0, or
 * -1 (errno) when memory runs out.
 */
int
match_count_game(struct match *m, unsigned long i, const struct match_game *pg,
    const int start[RULES_COLOURS], const struct match_ending *end)
{
	struct report_match_stats *t = &m->stats;
	struct stat_elo		   e;
	struct match_slot	   slot;
	int			   half; /* the first program's half points */

	if (array_grow(&m->counted, &m->counted_cap, i + 1, 1) == -1)
		return -1;
	while (m->counted_len <= i)
		m->counted[m->counted_len++] = 0;
	m->ncounted++;
	/* A tournament's figures are its cross table's. */
	if (m->sch.kind != MATCH_TOURNAMENT_NONE) {
		m->counted[i] = 1;
		match_schedule_game(&m->sch, i, &slot);
		if (match_tourney_count(&m->tour, &slot, pg, start, end->winner,
			end->aborted) == -1)
			m->no_memory = true;
		return 0;
	}
	half = end->winner == -1			 ? 1 :
	    match_game_side(pg, start, end->winner) == 0 ? 2 :
							   0;
	t->ldw[half]++;
	m->counted[i] = (signed char)(1 + half);
	if (m->alternate && match_is_counted(m, i ^ 1))
		t->pairs[m->counted[i & ~1UL] - 1 + m->counted[i | 1] - 1]++;
	stat_elo_of(t->ldw, STAT_TRINOMIAL, &e);
	t->elo_defined = e.defined;
	t->elo = e.elo;
	t->lo = e.lo;
	t->hi = e.hi;
	t->los = e.los;
	if (!t->sprt)
		return 0;
	t->llr = t->paired ?
	    stat_sprt_llr(&m->sprt, t->pairs, STAT_PENTANOMIAL) :
	    stat_sprt_llr(&m->sprt, t->ldw, STAT_TRINOMIAL);
	switch (stat_sprt_verdict(&m->sprt, t->llr)) {
	case STAT_H0: t->verdict = "H0"; break;
	case STAT_H1: t->verdict = "H1"; break;
	default: t->verdict = "inconclusive"; break;
	}
	return 0;
}

/* Whether --sprt's test has crossed a bound. */
bool
match_decided(const struct match *m)
{
	return m->stats.sprt && strcmp(m->stats.verdict, "inconclusive") != 0;
}

/* The progress line: games done, W/D/L and Elo of the first program. */
void
match_progress(const struct match *m)
{
	unsigned long			 done = m->ncounted;
	const struct report_match_stats *t = &m->stats;
	char				 unit[128];

	if (m->sch.kind != MATCH_TOURNAMENT_NONE)
		snprintf(unit, sizeof unit, "games");
	else if (done > 0 && t->elo_defined)
		snprintf(unit, sizeof unit, "games, +%lu =%lu -%lu, Elo %+.0f",
		    t->ldw[2], t->ldw[1], t->ldw[0], t->elo);
	else if (done > 0)
		snprintf(unit, sizeof unit, "games, +%lu =%lu -%lu", t->ldw[2],
		    t->ldw[1], t->ldw[0]);
	else
		snprintf(unit, sizeof unit, "games");
	cli_progress_of(done, m->last - m->first, unit);
}

/* The sides holding each colour at the start of game i: the schedule's. */
void
match_sides(const struct match *m, unsigned long i, int start[RULES_COLOURS])
{
	struct match_slot slot;
	int		  c;

	match_schedule_game(&m->sch, i, &slot);
	for (c = 0; c < RULES_COLOURS; c++)
		start[c] = slot.start[c];
}
