/* SPDX-License-Identifier: MIT */
/*
 * A series of games as gameplay selfplay and match sum it up
 * (arbiter-match/1, gameplay(1)): the players' games by colour, the
 * match's statistics (Elo, LOS, the SPRT) or a tournament's players and
 * cross table (formats/summary.md, "Tournaments").  The players are a
 * block sequence, which only libyaml's emitter writes.
 */
#include <stdio.h>
#include <string.h>

#include "report/report.h"
#include "report/yaml-out.h"

/* A flow list of counts: [1, 2, 3]. */
static void
kv_counts(struct yout *w, const char *k, const unsigned long *v, int n)
{
	int i;

	yout_kv_open(w, k, YOUT_FLOW_SEQ);
	for (i = 0; i < n; i++)
		yout_int(w, (long long)v[i]);
	yout_close(w);
}

/* The statistics of a match: Elo, LOS, the SPRT (gameplay(1)). */
static void
write_match_stats(struct yout *w, const struct report_match_stats *t)
{
	yout_kv_open(w, "elo", YOUT_BLOCK_MAP);
	yout_kv_real(w, "difference", t->elo, 1, t->elo_defined);
	yout_kv_pair(w, "interval", t->lo, t->hi, 1, t->elo_defined);
	yout_kv_real(w, "los", t->los, 4, t->elo_defined);
	yout_close(w);
	if (!t->sprt)
		return;
	yout_kv_open(w, "sprt", YOUT_BLOCK_MAP);
	yout_kv_real(w, "elo0", t->elo0, 2, true);
	yout_kv_real(w, "elo1", t->elo1, 2, true);
	yout_kv_real(w, "alpha", t->alpha, 4, true);
	yout_kv_real(w, "beta", t->beta, 4, true);
	yout_kv_plain(w, "model", t->paired ? "pentanomial" : "trinomial");
	if (t->paired)
		kv_counts(w, "pairs", t->pairs, 5);
	else
		kv_counts(w, "games", t->ldw, 3);
	yout_kv_real(w, "llr", t->llr, 3, true);
	yout_kv_pair(w, "bounds", t->lower, t->upper, 3, true);
	yout_kv_plain(w, "verdict", t->verdict);
	yout_close(w);
}

static const char *const outcome_name[REPORT_OUTCOMES] = {
	"wins",
	"losses",
	"draws",
	"unfinished",
};

/* games, wins, losses, draws, unfinished of counts[REPORT_OUTCOMES]. */
static void
write_outcomes(struct yout *w, const unsigned long *counts)
{
	unsigned long n = 0;
	int	      k;

	for (k = 0; k < REPORT_OUTCOMES; k++)
		n += counts[k];
	yout_kv_int(w, "games", (long long)n);
	for (k = 0; k < REPORT_OUTCOMES; k++)
		yout_kv_int(w, outcome_name[k], (long long)counts[k]);
}

/* A player's figures, all and by colour, as a match's players have them. */
static void
write_side(
    struct yout *w, const struct rules_game *g, const struct report_side *sd)
{
	unsigned long all[REPORT_OUTCOMES];
	int	      c, k;

	yout_kv_text(w, "name", sd->name, strlen(sd->name));
	for (k = 0; k < REPORT_OUTCOMES; k++)
		all[k] = sd->as[0][k] + sd->as[1][k];
	write_outcomes(w, all);
	for (c = 0; c < RULES_COLOURS; c++) {
		yout_kv_open(w, g->colour[c], YOUT_FLOW_MAP);
		write_outcomes(w, sd->as[c]);
		yout_close(w);
	}
}

/* A tournament's players and its cross table (formats/summary.md). */
static void
write_tournament(struct yout *w, const struct rules_game *g,
    const struct report_tournament *t)
{
	const struct report_entrant *e;
	const struct report_pairing *p;
	size_t			     i;

	yout_kv_open(w, "players", YOUT_BLOCK_SEQ);
	for (i = 0; i < t->nentrants; i++) {
		e = &t->entrant[i];
		yout_open(w, YOUT_BLOCK_MAP);
		write_side(w, g, &e->side);
		yout_kv_real(w, "score", e->score, 1, true);
		yout_kv_real(w, "rating", e->rating, 1, e->rated);
		yout_kv_real(w, "error", e->error, 1, e->rated);
		yout_close(w);
	}
	yout_close(w);
	yout_kv_open(w, "tournament", YOUT_BLOCK_MAP);
	yout_kv_plain(w, "kind", t->kind);
	yout_kv_int(w, "games-per-pairing", (long long)t->per_pairing);
	yout_kv_open(w, "pairings", YOUT_BLOCK_SEQ);
	for (i = 0; i < t->npairings; i++) {
		p = &t->pairing[i];
		yout_open(w, YOUT_BLOCK_MAP);
		yout_kv_text(w, "first", p->first, strlen(p->first));
		yout_kv_text(w, "second", p->second, strlen(p->second));
		yout_kv_int(w, "wins", (long long)p->ldw[2]);
		yout_kv_int(w, "draws", (long long)p->ldw[1]);
		yout_kv_int(w, "losses", (long long)p->ldw[0]);
		yout_kv_real(w, "score", p->ldw[2] + p->ldw[1] / 2.0, 1, true);
		yout_kv_real(w, "elo", p->elo, 1, p->elo_defined);
		yout_kv_pair(w, "interval", p->lo, p->hi, 1, p->elo_defined);
		yout_close(w);
	}
	yout_close(w);
	yout_close(w);
}

int
report_write_match(FILE *out, const struct report_match *m)
{
	const struct report_side *sd;
	struct yout		 *w;
	int			  i;

	/* The players are a block sequence, which only libyaml writes. */
	if ((w = yout_new_emitter(out, NULL)) == NULL)
		return -1;
	yout_start(w, "arbiter-match/1");
	yout_kv_plain(w, "event", m->event);
	yout_kv_plain(w, "game", m->game->name);
	yout_kv_plain(w, "board", m->board);
	yout_kv_int(w, "games", (long long)m->games);
	yout_kv_int(w, "adjudicated", (long long)m->adjudicated);
	yout_kv_int(w, "aborted", (long long)m->aborted);
	if (m->tournament != NULL) {
		write_tournament(w, m->game, m->tournament);
		goto out_end;
	}
	yout_kv_open(w, "players", YOUT_BLOCK_SEQ);
	for (i = 0; i < 2; i++) {
		sd = &m->side[i];
		yout_open(w, YOUT_BLOCK_MAP);
		write_side(w, m->game, sd);
		yout_close(w);
	}
	yout_close(w);
	if (m->stats != NULL)
		write_match_stats(w, m->stats);
out_end:
	return yout_finish(w);
}
