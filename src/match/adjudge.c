/* SPDX-License-Identifier: MIT */
/*
 * The programs' own evaluations in a match (runner.h): each turn's in
 * its record's comment, what could not be read said on stderr, and
 * gameplay match --adjudicate resign:MOVES:SCORE and
 * draw:MOVES:SCORE:FROM, which end a game on them as cutechess and
 * fastchess do (formats/protocol.md, "Adjudication by evaluation"):
 * a loss when both programs have agreed for MOVES turns each that one
 * of them is SCORE or more behind, a draw when both have been within
 * SCORE of 0 for MOVES turns each, once FROM turns are played.  Reading
 * the evaluations is eval.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/runner.h"
#include "util/util.h"

/* A count of 1 or more, and a score of 0 or more, from s; -1 if not. */
static int
rule_numbers(const char *s, unsigned long *moves, long *milli, const char **p)
{
	struct match_eval ev;
	const char	 *colon;
	char		  buf[32];

	if ((colon = strchr(s, ':')) == NULL ||
	    (size_t)(colon - s) >= sizeof buf)
		return -1;
	memcpy(buf, s, (size_t)(colon - s));
	buf[colon - s] = '\0';
	if (!cli_parse_count(buf, moves) || *moves == 0 || *moves > 1000)
		return -1;
	s = colon + 1;
	*p = s + strcspn(s, ":");
	if (match_eval_score(&ev, s, (size_t)(*p - s)) == -1 || ev.milli < 0)
		return -1;
	*milli = ev.milli;
	return 0;
}

int
match_adjudge_option(struct match *m, const char *arg)
{
	struct match_adjudge *a = &m->adj;
	unsigned long	      from = 0;
	const char	     *p;

	if (strncmp(arg, "resign:", 7) == 0 &&
	    rule_numbers(arg + 7, &a->resign_moves, &a->resign_milli, &p) ==
		0 &&
	    *p == '\0' && a->resign_milli > 0) {
		a->resign = true;
		return 0;
	}
	if (strncmp(arg, "draw:", 5) == 0 &&
	    rule_numbers(arg + 5, &a->draw_moves, &a->draw_milli, &p) == 0 &&
	    (*p == '\0' || (cli_parse_count(p + 1, &from) && from <= 100000))) {
		a->draw = true;
		a->draw_from = from;
		return 0;
	}
	cli_error("--adjudicate takes resign:MOVES:SCORE or "
		  "draw:MOVES:SCORE[:FROM] (MOVES 1 to 1000, SCORE a decimal "
		  "above 0 for resign, from 0 for draw), not '%s'",
	    arg);
	return -1;
}

void
match_adjudge_reset(struct match *m)
{
	memset(m->adj.lose, 0, sizeof m->adj.lose);
	memset(m->adj.win, 0, sizeof m->adj.win);
	memset(m->adj.near, 0, sizeof m->adj.near);
	m->side[0].eval_warned = m->side[1].eval_warned = false;
}

/* Notes ev (its answer took secs) as turn i's comment; 0, or -1. */
static int
note_eval(struct match *m, size_t i, const struct match_eval *ev, double secs)
{
	char buf[160];

	if (array_grow(&m->notes, &m->notes_cap, i + 1, sizeof *m->notes) == -1)
		return -1;
	while (m->nnotes <= i)
		m->notes[m->nnotes++] = NULL;
	match_eval_format(ev, secs, buf, sizeof buf);
	free(m->notes[i]);
	return (m->notes[i] = strdup(buf)) == NULL ? -1 : 0;
}

int
match_eval_turn(struct match *m, const struct match_game *pg, int c,
    struct match_side *sd, double secs, bool done)
{
	struct match_adjudge	*a = &m->adj;
	const struct match_eval *ev = &sd->ev;
	long			 v = ev->milli;

	/* Once a game: a program that says garbage says it every turn. */
	if (ev->bad[0] != '\0' && !sd->eval_warned) {
		cli_error("match: turn %zu: %s's evaluation dropped (said "
			  "once a game): %s",
		    pg->nturns + (done ? 0 : 1), match_side_name(sd), ev->bad);
		sd->eval_warned = true;
	}
	if (!done)
		return 0;
	/* A turn without an evaluation breaks every run of agreement. */
	a->lose[c] = ev->has && v <= -a->resign_milli ? a->lose[c] + 1 : 0;
	a->win[c] = ev->has && v >= a->resign_milli ? a->win[c] + 1 : 0;
	a->near[c] = ev->has && labs(v) <= a->draw_milli ? a->near[c] + 1 : 0;
	return ev->has ? note_eval(m, pg->nturns - 1, ev, secs) : 0;
}

int
match_adjudge(
    struct match *m, const struct match_game *pg, struct match_ending *end)
{
	const struct match_adjudge *a = &m->adj;
	const struct rules_game	   *g = pg->pos->game;
	int			    k;

	for (k = 0; a->resign && k < 2; k++)
		if (a->lose[k] >= a->resign_moves &&
		    a->win[1 - k] >= a->resign_moves) {
			snprintf(end->why, sizeof end->why, "%s%s",
			    g->colour[k], MATCH_LOST_ON_EVAL);
			end->winner = 1 - k;
			end->adjudicated = true;
			return 1;
		}
	if (a->draw && pg->nturns >= a->draw_from &&
	    a->near[0] >= a->draw_moves && a->near[1] >= a->draw_moves) {
		snprintf(end->why, sizeof end->why, "%s", MATCH_DRAWN_ON_EVAL);
		end->winner = -1;
		end->drawn = true;
		return 1;
	}
	return 0;
}
