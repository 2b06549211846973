/* SPDX-License-Identifier: MIT */
/*
 * A group's designers' figures (gamestat --figures; formats/summary.md,
 * "Design figures"): the swap map, tension and luck derived from the
 * group's exact counts, and those counts as a partial summary holds them.
 * Every float is computed here from integers, so one state always writes
 * the same bytes.
 */
#include <stdbool.h>
#include <stdint.h>

#include "report/report.h"
#include "report/write-summary.h"
#include "report/yaml-out.h"
#include "stat/figures.h"

#define Z95 1.959964

/* k successes of n: k, then the share and its Wilson interval if n > 0. */
static void
share(struct yout *o, const char *k, const char *sk, uint64_t wins, uint64_t n)
{
	double lo, hi;

	yout_kv_uint(o, k, wins);
	if (stat_wilson(wins, n, Z95, &lo, &hi)) {
		yout_kv_real(o, sk, (double)wins / (double)n, 4, true);
		yout_kv_pair(o, "interval", lo, hi, 4, true);
	}
}

static void
swap(struct yout *o, const struct stat_figures *f)
{
	const struct stat_swap_move *m;
	uint64_t		     games = 0, swapped = 0, wins = 0;
	size_t			     i;

	for (i = 0; i < f->nmoves; i++) {
		games += f->move[i].games;
		swapped += f->move[i].swapped;
		wins += f->move[i].kept_wins + f->move[i].swapped_wins;
	}
	yout_plain(o, "swap");
	yout_open(o, YOUT_BLOCK_MAP);
	yout_kv_uint(o, "games", games);
	share(o, "swapped", "rate", swapped, games);
	yout_plain(o, "first-move");
	yout_open(o, YOUT_BLOCK_MAP);
	share(o, "wins", "share", wins, games);
	yout_close(o);
	yout_plain(o, "map");
	yout_open(o, YOUT_BLOCK_SEQ);
	for (i = 0; i < f->nmoves; i++) {
		m = &f->move[i];
		yout_open(o, YOUT_BLOCK_MAP);
		yout_kv_plain(o, "move", m->cell);
		yout_kv_uint(o, "games", m->games);
		yout_plain(o, "swapped");
		yout_open(o, YOUT_FLOW_MAP);
		share(o, "games", "rate", m->swapped, m->games);
		yout_close(o);
		yout_plain(o, "holder");
		yout_open(o, YOUT_FLOW_MAP);
		share(o, "wins", "share", m->kept_wins + m->swapped_wins,
		    m->games);
		yout_close(o);
		yout_kv_uint(o, "kept-wins", m->kept_wins);
		yout_kv_uint(o, "swapped-wins", m->swapped_wins);
		yout_close(o);
	}
	yout_close(o);
	yout_close(o);
}

static void
branching(struct yout *o, const struct stat_figures *f)
{
	uint64_t starts = stat_hist_total(&f->branching_turns);
	uint64_t legal = stat_hist_total(&f->branching_legal);
	size_t	 i;

	yout_plain(o, "branching");
	yout_open(o, YOUT_BLOCK_MAP);
	yout_kv_uint(o, "turns", starts);
	yout_kv_real(o, "mean", starts > 0 ? (double)legal / (double)starts : 0,
	    3, starts > 0);
	yout_plain(o, "by-turn");
	yout_open(o, YOUT_FLOW_MAP);
	for (i = 0; i < f->branching_turns.n; i++) {
		yout_int(o, f->branching_turns.value[i]);
		yout_real(o,
		    (double)stat_hist_count(
			&f->branching_legal, f->branching_turns.value[i]) /
			(double)f->branching_turns.count[i],
		    3, true);
	}
	yout_close(o);
	yout_close(o);
}

static void
tension(struct yout *o, const struct stat_figures *f)
{
	struct stat_moments m;
	uint64_t	    games = stat_hist_total(&f->lead_changes);

	yout_plain(o, "tension");
	yout_open(o, YOUT_BLOCK_MAP);
	yout_kv_uint(o, "games", games);
	summary_distribution(o, "lead-changes", &f->lead_changes);
	summary_distribution(o, "decided", &f->decided);
	summary_distribution(o, "decided-permille", &f->decided_share);
	summary_distribution(o, "final-lead", &f->final_lead);
	yout_plain(o, "one-point");
	yout_open(o, YOUT_BLOCK_MAP);
	share(o, "games", "share", stat_hist_count(&f->final_lead, 1), games);
	yout_close(o);
	branching(o, f);
	yout_plain(o, "coverage");
	yout_open(o, YOUT_BLOCK_MAP);
	yout_kv_uint(o, "cells", f->cells);
	stat_hist_moments(&f->coverage, &m);
	yout_kv_real(o, "share",
	    m.n > 0 && f->cells > 0 ?
		(double)m.sum / (double)m.n / (double)f->cells :
		0,
	    4, m.n > 0 && f->cells > 0);
	summary_distribution(o, "covered", &f->coverage);
	yout_close(o);
	yout_close(o);
}

/* The player with the higher dice total won: wins, of the unequal. */
static void
higher(struct yout *o, const struct stat_figures *f)
{
	uint64_t  games = 0, wins = 0, w;
	size_t	  i;
	long long d;

	for (i = 0; i < f->advantage.n; i++) {
		d = f->advantage.value[i];
		w = stat_hist_count(&f->advantage_wins, d);
		if (d == 0)
			continue;
		games += f->advantage.count[i];
		/* Herd has no draws (rules.md §4): the second won the rest. */
		wins += d > 0 ? w : f->advantage.count[i] - w;
	}
	yout_plain(o, "higher-total");
	yout_open(o, YOUT_BLOCK_MAP);
	yout_kv_uint(o, "games", games);
	share(o, "wins", "share", wins, games);
	yout_close(o);
}

static void
luck(struct yout *o, const struct stat_group *g, const struct stat_figures *f)
{
	double mean, sd;
	size_t i;
	int    k;

	yout_plain(o, "luck");
	yout_open(o, YOUT_BLOCK_MAP);
	yout_kv_uint(o, "games", f->dice[0].n);
	yout_plain(o, "dice");
	yout_open(o, YOUT_BLOCK_MAP);
	for (k = 0; k < 2; k++) {
		yout_plain(o, g->colour[k]);
		yout_open(o, YOUT_FLOW_MAP);
		if (stat_moments_mean_sd(&f->dice[k], &mean, &sd)) {
			yout_kv_real(o, "mean", mean, 3, true);
			yout_kv_real(o, "sd", sd, 3, true);
		}
		yout_close(o);
	}
	yout_close(o);
	summary_distribution(o, "advantage", &f->advantage);
	higher(o, f);
	yout_plain(o, "by-advantage");
	yout_open(o, YOUT_BLOCK_SEQ);
	for (i = 0; i < f->advantage.n; i++) {
		yout_open(o, YOUT_FLOW_MAP);
		yout_kv_int(o, "advantage", f->advantage.value[i]);
		yout_kv_uint(o, "games", f->advantage.count[i]);
		share(o, "wins", "share",
		    stat_hist_count(&f->advantage_wins, f->advantage.value[i]),
		    f->advantage.count[i]);
		yout_close(o);
	}
	yout_close(o);
	yout_close(o);
}

void
design_figures(struct yout *o, const struct stat_group *g)
{
	const struct stat_figures *f = g->figures;

	yout_plain(o, "design");
	yout_open(o, YOUT_BLOCK_MAP);
	if (f->nmoves > 0)
		swap(o, f);
	if (f->lead_changes.n > 0)
		tension(o, g->figures);
	if (f->dice[0].n > 0)
		luck(o, g, f);
	yout_close(o);
}

void
design_partial(struct yout *o, const struct stat_group *g)
{
	const struct stat_figures *f = g->figures;
	size_t			   i;
	int			   k;

	yout_plain(o, "design");
	yout_open(o, YOUT_BLOCK_MAP);
	yout_plain(o, "swap-map");
	yout_open(o, YOUT_FLOW_MAP);
	for (i = 0; i < f->nmoves; i++) {
		yout_plain(o, f->move[i].cell);
		yout_open(o, YOUT_FLOW_SEQ);
		yout_uint(o, f->move[i].games);
		yout_uint(o, f->move[i].swapped);
		yout_uint(o, f->move[i].kept_wins);
		yout_uint(o, f->move[i].swapped_wins);
		yout_close(o);
	}
	yout_close(o);
	summary_hist(o, "lead-changes", &f->lead_changes);
	summary_hist(o, "decided", &f->decided);
	summary_hist(o, "decided-permille", &f->decided_share);
	summary_hist(o, "final-lead", &f->final_lead);
	summary_hist(o, "branching-turns", &f->branching_turns);
	summary_hist(o, "branching-legal", &f->branching_legal);
	summary_hist(o, "coverage", &f->coverage);
	yout_kv_uint(o, "cells", f->cells);
	yout_plain(o, "dice");
	yout_open(o, YOUT_FLOW_SEQ);
	for (k = 0; k < 2; k++) {
		yout_open(o, YOUT_FLOW_SEQ);
		yout_uint(o, f->dice[k].n);
		yout_int(o, f->dice[k].sum);
		yout_uint(o, f->dice[k].sumsq);
		yout_close(o);
	}
	yout_close(o);
	summary_hist(o, "advantage", &f->advantage);
	summary_hist(o, "advantage-wins", &f->advantage_wins);
	yout_close(o);
}

void
design_asked(struct yout *o, const struct stat_summary *s)
{
	unsigned bit;

	if (s->figures == 0)
		return;
	yout_plain(o, "figures");
	yout_open(o, YOUT_FLOW_SEQ);
	for (bit = 1; bit <= STAT_FIG_ALL; bit <<= 1)
		if (s->figures & bit)
			yout_plain(o, stat_figure_name(bit));
	yout_close(o);
}
