/* SPDX-License-Identifier: MIT */
/*
 * A summary's figures of a group (formats/summary.md): counts by colour
 * and seat, the first player's share with its Wilson interval, the
 * distributions of margin, turns and actions, the series' means and the
 * players' ratings, every float computed from the partial state's
 * integers (src/stat does the sums).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "report/report.h"
#include "report/write-summary.h"
#include "report/yaml-out.h"

/*
 * A player's analysed turns (formats/report.md, "Analyses"): how many,
 * the mean loss a turn in the analyser's units, and the counts.
 */
static void
write_analysis(struct yout *o, const uint64_t *a)
{
	static const char *const keys[] = { "inaccuracies", "mistakes",
		"blunders", "decisive" };
	int			 k;

	yout_plain(o, "analysis");
	yout_open(o, YOUT_FLOW_MAP);
	yout_kv_uint(o, "turns", a[0]);
	yout_kv_real(o, "mean-loss", (double)a[1] / 1000 / (double)a[0], 3,
	    true);
	for (k = 0; k < 4; k++)
		yout_kv_uint(o, keys[k], a[2 + k]);
	yout_close(o);
}

void
summary_distribution(struct yout *o, const char *k, const struct stat_hist *h)
{
	static const struct {
		const char *name;
		unsigned    permille;
	} q[] = { { "min", 0 }, { "p10", 100 }, { "p25", 250 },
		{ "median", 500 }, { "p75", 750 }, { "p90", 900 },
		{ "max", 1000 } };
	struct stat_moments m;
	double		    mean, sd;
	size_t		    i;

	stat_hist_moments(h, &m);
	yout_plain(o, k);
	yout_open(o, YOUT_BLOCK_MAP);
	yout_kv_uint(o, "games", m.n);
	if (stat_moments_mean_sd(&m, &mean, &sd)) {
		yout_kv_real(o, "mean", mean, 3, true);
		yout_kv_real(o, "sd", sd, 3, true);
		for (i = 0; i < sizeof q / sizeof q[0]; i++) {
			yout_plain(o, q[i].name);
			yout_int(o, stat_hist_quantile(h, q[i].permille));
		}
	}
	summary_hist(o, "histogram", h);
	yout_close(o);
}

static void
colour_counts(struct yout *o, const struct stat_group *g, const char *k,
    const uint64_t v[2])
{
	int i;

	yout_plain(o, k);
	yout_open(o, YOUT_FLOW_MAP);
	for (i = 0; i < 2 && g->colour[0] != NULL && g->colour[1] != NULL;
	     i++) {
		yout_plain(o, g->colour[i]);
		yout_uint(o, v[i]);
	}
	yout_close(o);
}

/* colour: {games: n, mean: m, sd: s}, a series' figures for a colour. */
static void
figures_moments(struct yout *o, const struct stat_group *g, int colour,
    const struct stat_moments *m)
{
	double mean, sd;

	yout_plain(o, g->colour[colour]);
	yout_open(o, YOUT_FLOW_MAP);
	yout_kv_uint(o, "games", m->n);
	if (stat_moments_mean_sd(m, &mean, &sd)) {
		yout_kv_real(o, "mean", mean, 3, true);
		yout_kv_real(o, "sd", sd, 3, true);
	}
	yout_close(o);
}

int
figures_group(
    struct yout *o, const struct stat_summary *s, const struct stat_group *g)
{
	struct stat_rating *r;
	uint64_t	    decisive = g->seat_wins[0] + g->seat_wins[1];
	double		    lo, hi;
	size_t		    i;

	yout_open(o, YOUT_BLOCK_MAP);
	summary_group_head(o, s, g);
	summary_off_board(o, g, false);
	colour_counts(o, g, "wins", g->colour_wins);
	yout_kv_uint(o, "draws", g->draws);
	yout_plain(o, "seats");
	yout_open(o, YOUT_FLOW_MAP);
	yout_kv_uint(o, "first", g->seat_wins[0]);
	yout_kv_uint(o, "second", g->seat_wins[1]);
	yout_close(o);
	yout_plain(o, "first-player");
	yout_open(o, YOUT_BLOCK_MAP);
	yout_kv_uint(o, "decisive", decisive);
	yout_kv_uint(o, "wins", g->seat_wins[0]);
	if (stat_wilson(g->seat_wins[0], decisive, 1.959964, &lo, &hi)) {
		yout_kv_real(o, "share",
		    (double)g->seat_wins[0] / (double)decisive, 4, true);
		yout_kv_pair(o, "interval", lo, hi, 4, true);
	}
	yout_close(o);
	summary_distribution(o, "margin", &g->margin);
	summary_distribution(o, "turns", &g->turns);
	summary_distribution(o, "actions", &g->actions);
	summary_series(o, g, YOUT_BLOCK_MAP, figures_moments);
	if (stat_ratings(g, 1, &r) == -1)
		return -1;
	yout_plain(o, "players");
	yout_open(o, YOUT_BLOCK_SEQ);
	for (i = 0; i < g->nplayers; i++) {
		yout_open(o, YOUT_BLOCK_MAP);
		yout_plain(o, "name");
		yout_quoted(o, r[i].name);
		yout_kv_uint(o, "games", r[i].games);
		yout_kv_uint(o, "wins", r[i].wins);
		yout_kv_uint(o, "draws", r[i].draws);
		yout_kv_uint(o, "losses", r[i].losses);
		if (summary_any_cause(r[i].forfeited))
			summary_causes(o, "forfeits", r[i].forfeited, false);
		if (r[i].decided[0] > 0)
			yout_kv_uint(o, "agreed", r[i].decided[0]);
		if (r[i].decided[1] > 0)
			yout_kv_uint(o, "adjudged", r[i].decided[1]);
		if (r[i].analysis[0] > 0)
			write_analysis(o, r[i].analysis);
		yout_kv_real(o, "score",
		    (double)r[i].wins + (double)r[i].draws / 2, 1, true);
		yout_kv_real(o, "rating", r[i].rating, 1, true);
		yout_kv_real(o, "error", r[i].error, 1, true);
		yout_close(o);
	}
	yout_close(o);
	free(r);
	if (g->figures != NULL)
		design_figures(o, g);
	yout_close(o);
	return 0;
}
