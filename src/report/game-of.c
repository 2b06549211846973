/* SPDX-License-Identifier: MIT */
/*
 * A replayed record counted as its report would be counted: the struct
 * stat_game gamestat adds for a record, with what read-report.c reads
 * from the record's report, strings cleaned to UTF-8 as a report's are,
 * so that an archive and its reports count exactly alike.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "report/report.h"
#include "util/util.h"

/* The per-colour figures of an analysis, as write-report.c writes them. */
static void
add_losses(const struct record *rec, const struct replay *rp,
    struct stat_game *g)
{
	static const char *const names[] = { "analysed", "loss-milli",
		"inaccuracies", "mistakes", "blunders", "decisive" };
	struct report_losses	 l;
	long long		 v[6][2];
	size_t			 i;
	int			 c;

	report_losses(rec, rp, &l);
	if (!l.any)
		return;
	for (c = 0; c < 2; c++) {
		v[0][c] = (long long)l.turns[c];
		v[1][c] = l.loss[c];
		v[2][c] = (long long)l.inaccuracies[c];
		v[3][c] = (long long)l.mistakes[c];
		v[4][c] = (long long)l.blunders[c];
		v[5][c] = l.decisive && l.decisive_colour == c;
	}
	for (i = 0; i < 6 && g->nseries < STAT_MAX_SERIES; i++) {
		g->series[g->nseries].name = names[i];
		g->series[g->nseries].value[0] = v[i][0];
		g->series[g->nseries].value[1] = v[i][1];
		g->nseries++;
	}
}

int
report_game_of(const struct record *rec, const struct replay *rp,
    const char *by, struct stat_game *g, char **buf, size_t *cap)
{
	const struct record_tag	 *src[3] = { NULL, NULL, NULL }, *t;
	const struct rules_score *s = &rp->score;
	size_t			  need = 0, off[3], i;
	int			  j;

	memset(g, 0, sizeof *g);
	g->status = (enum stat_status)rp->status;
	if (rp->game != NULL) {
		g->game = rp->game->name;
		g->colour[0] = rp->game->colour[0];
		g->colour[1] = rp->game->colour[1];
	}
	/* As write-report.c writes it: no board for a malformed record. */
	if (rp->pos != NULL && rp->game != NULL &&
	    rp->status != REPLAY_MALFORMED)
		g->board = rp->pos->board.name;
	if (by != NULL)
		src[2] = record_tag_find(rec, by);
	if (rp->forfeit &&
	    (rp->status == REPLAY_FINISHED || rp->status == REPLAY_UNFINISHED)) {
		/* Counted by its cause, apart from the finished (summary.md). */
		g->status = STAT_FORFEIT;
		g->cause = (int)rp->forfeit_cause;
		g->winner = rp->forfeit_winner;
		g->swapped = rules_swapped(rp->pos);
		report_players(rec, rp, src);
	} else if (rp->status == REPLAY_FINISHED &&
	    (rp->agreed || rp->adjudged)) {
		/* Ended off the board: the decision, no final score. */
		g->turns = (long long)rp->turns;
		g->actions = (long long)rp->actions;
		g->winner = rp->agreed ? -1 : rp->adjudged_winner;
		g->swapped = rules_swapped(rp->pos);
		g->agreed = rp->agreed;
		g->adjudged = rp->adjudged;
		report_players(rec, rp, src);
	} else if (rp->status == REPLAY_FINISHED) {
		g->turns = (long long)rp->turns;
		g->actions = (long long)rp->actions;
		g->winner = s->winner;
		g->swapped = rules_swapped(rp->pos);
		g->has_score = true;
		g->points[0] = s->points[0];
		g->points[1] = s->points[1];
		for (j = 0; j < s->nstats && j < STAT_MAX_SERIES; j++) {
			g->series[j].name = s->stats[j].name;
			g->series[j].value[0] = s->stats[j].value[0];
			g->series[j].value[1] = s->stats[j].value[1];
		}
		g->nseries = (size_t)j;
		add_losses(rec, rp, g);
		t = record_tag_find(rec, "Termination");
		g->adjudicated = t != NULL &&
		    strncmp(t->value, STAT_SOLVED_TERMINATION,
			strlen(STAT_SOLVED_TERMINATION)) == 0;
		report_players(rec, rp, src);
	}
	/* Cleaned strings, each as big as report_utf8_clean may need. */
	for (i = 0; i < 3; i++)
		if (src[i] != NULL)
			need += 3 * src[i]->value_len + 5;
	if (array_grow(buf, cap, need, 1) == -1)
		return -1;
	for (i = 0, need = 0; i < 3; i++) {
		if (src[i] == NULL)
			continue;
		off[i] = need;
		report_utf8_clean(src[i]->value, src[i]->value_len, *buf + need,
		    3 * src[i]->value_len + 5);
		need += 3 * src[i]->value_len + 5;
	}
	for (i = 0; i < 2; i++)
		g->player[i] = src[i] != NULL ? *buf + off[i] : NULL;
	g->value = src[2] != NULL ? *buf + off[2] : NULL;
	return 0;
}

const char *
report_opening_group(const char *name, uint64_t number, char *buf, size_t cap)
{
	if (name != NULL)
		report_utf8_clean(name, strlen(name), buf, cap);
	else
		snprintf(buf, cap, "#%" PRIu64, number);
	return buf;
}
