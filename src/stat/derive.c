/* SPDX-License-Identifier: MIT */
/*
 * Figures derived from a summary's integer state when it is written:
 * moments and quantiles of exact histograms, the Wilson score interval of
 * the first player's share, and Bradley-Terry ratings fitted by Hunter's
 * MM algorithm.  Each works on the state in a fixed (sorted) order, so the
 * same state always gives the same bits, however it was put together.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stat/stat.h"

void
stat_hist_moments(const struct stat_hist *h, struct stat_moments *m)
{
	size_t	 i;
	uint64_t a;

	memset(m, 0, sizeof *m);
	for (i = 0; i < h->n; i++) {
		a = (uint64_t)(h->value[i] < 0 ? -h->value[i] : h->value[i]);
		m->n += h->count[i];
		m->sum += h->value[i] * (int64_t)h->count[i];
		m->sumsq += a * a * h->count[i];
	}
}

bool
stat_moments_mean_sd(const struct stat_moments *m, double *mean, double *sd)
{
	double n = (double)m->n, var;

	if (m->n == 0)
		return false;
	*mean = (double)m->sum / n;
	*sd = 0;
	if (m->n >= 2) {
		/* sumsq - sum^2/n, both exact integers turned double once. */
		var = ((double)m->sumsq - (double)m->sum * (double)m->sum / n) /
		    (n - 1);
		*sd = var > 0 ? sqrt(var) : 0;
	}
	return true;
}

long long
stat_hist_quantile(const struct stat_hist *h, unsigned permille)
{
	uint64_t n = 0, rank, cum = 0;
	size_t	 i;

	for (i = 0; i < h->n; i++)
		n += h->count[i];
	/* ceil(n * q), at least 1: the nearest-rank definition. */
	rank = (n / 1000) * permille + ((n % 1000) * permille + 999) / 1000;
	if (rank == 0)
		rank = 1;
	for (i = 0; i < h->n; i++) {
		cum += h->count[i];
		if (cum >= rank)
			return h->value[i];
	}
	return h->n > 0 ? h->value[h->n - 1] : 0;
}

bool
stat_wilson(uint64_t k, uint64_t n, double z, double *lo, double *hi)
{
	double p, nn = (double)n, z2 = z * z, centre, half, d;

	if (n == 0)
		return false;
	p = (double)k / nn;
	d = 1 + z2 / nn;
	centre = (p + z2 / (2 * nn)) / d;
	half = z / d * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
	*lo = centre - half < 0 ? 0 : centre - half;
	*hi = centre + half > 1 ? 1 : centre + half;
	return true;
}

/* ---- Ratings ------------------------------------------------------- */

struct ranked {
	const char *name;
	size_t	    number; /* in the group's player table */
};

static int
compare_ranked(const void *pa, const void *pb)
{
	return strcmp(((const struct ranked *)pa)->name,
	    ((const struct ranked *)pb)->name);
}

struct sorted_pair {
	size_t a, b;	  /* ranks, a < b */
	double wa, wb, n; /* half-points and games */
};

static int
compare_pairs(const void *pa, const void *pb)
{
	const struct sorted_pair *a = pa, *b = pb;

	if (a->a != b->a)
		return a->a < b->a ? -1 : 1;
	if (a->b != b->b)
		return a->b < b->b ? -1 : 1;
	return 0;
}

#define ELO (400 / M_LN10) /* Elo points per unit of log-strength */

/*
 * The pair table in rank order (sp, sorted by compare_pairs after), each
 * player's totals in r and wins (draws as halves) in win.
 */
static void
rank_pairs(const struct stat_group *g, const size_t *rank,
    struct stat_rating *r, struct sorted_pair *sp, double *win)
{
	size_t i;

	for (i = 0; i < g->npairs; i++) {
		const struct stat_pair *p0 = &g->pair[i];
		size_t			a = rank[p0->a], b = rank[p0->b];
		uint64_t		wa = p0->wins_a, wb = p0->wins_b;

		if (a > b) {
			size_t t = a;
			a = b;
			b = t;
			uint64_t u = wa;
			wa = wb;
			wb = u;
		}
		sp[i] = (struct sorted_pair){ a, b,
			(double)wa + (double)p0->draws / 2,
			(double)wb + (double)p0->draws / 2,
			(double)(wa + wb + p0->draws) };
		r[a].games += wa + wb + p0->draws;
		r[b].games += wa + wb + p0->draws;
		r[a].wins += wa;
		r[b].wins += wb;
		r[a].losses += wb;
		r[b].losses += wa;
		r[a].draws += p0->draws;
		r[b].draws += p0->draws;
	}
	qsort(sp, g->npairs, sizeof *sp, compare_pairs);
	for (i = 0; i < g->npairs; i++) {
		win[sp[i].a] += sp[i].wa;
		win[sp[i].b] += sp[i].wb;
	}
}

/*
 * MM (Hunter 2004): gamma_i <- W_i / sum_j n_ij / (gamma_i + gamma_j),
 * the prior's draws against an anchor of strength 1 included.  Each step
 * raises the likelihood; stop when no strength moves by more than one
 * part in 10^10 or after 100000 steps.  The strengths go in gam[n]; den[n]
 * is scratch.
 */
static void
fit_strengths(const struct sorted_pair *sp, size_t npairs, const double *win,
    size_t n, double prior, double *gam, double *den)
{
	size_t i, it;
	double change, x;

	for (i = 0; i < n; i++)
		gam[i] = 1;
	for (it = 0; it < 100000; it++) {
		for (i = 0; i < n; i++)
			den[i] = prior / (gam[i] + 1);
		for (i = 0; i < npairs; i++) {
			x = sp[i].n / (gam[sp[i].a] + gam[sp[i].b]);
			den[sp[i].a] += x;
			den[sp[i].b] += x;
		}
		change = 0;
		for (i = 0; i < n; i++) {
			x = den[i] > 0 ? (win[i] + prior / 2) / den[i] : 1;
			if (x < 1e-300)
				x = 1e-300;
			if (fabs(log(x / gam[i])) > change)
				change = fabs(log(x / gam[i]));
			gam[i] = x;
		}
		if (change < 1e-10)
			break;
	}
	if (prior == 0 && n > 0) {
		/* No anchor: centre on the geometric mean. */
		x = 0;
		for (i = 0; i < n; i++)
			x += log(gam[i]);
		x /= (double)n;
		for (i = 0; i < n; i++)
			gam[i] = exp(log(gam[i]) - x);
	}
}

/*
 * The ratings and their error bars: the observed Fisher information of
 * each player's log-strength, sum_j n_ij p_ij (1 - p_ij), others held
 * fixed (the diagonal of the information matrix), as a 95% half-width in
 * Elo.  info[n] is scratch.
 */
static void
rate(const struct sorted_pair *sp, size_t npairs, size_t n, double prior,
    const double *gam, double *info, struct stat_rating *r)
{
	size_t i;
	double p;

	for (i = 0; i < n; i++) {
		p = gam[i] / (gam[i] + 1);
		info[i] = prior * p * (1 - p);
	}
	for (i = 0; i < npairs; i++) {
		p = gam[sp[i].a] / (gam[sp[i].a] + gam[sp[i].b]);
		info[sp[i].a] += sp[i].n * p * (1 - p);
		info[sp[i].b] += sp[i].n * p * (1 - p);
	}
	for (i = 0; i < n; i++) {
		r[i].rating = ELO * log(gam[i]);
		r[i].error = info[i] > 0 ? 1.959964 * ELO / sqrt(info[i]) :
					   HUGE_VAL;
	}
}

int
stat_ratings(const struct stat_group *g, double prior, struct stat_rating **out)
{
	struct stat_rating *r = NULL;
	struct ranked	   *rk = NULL;
	struct sorted_pair *sp = NULL;
	size_t		   *rank = NULL, n = g->nplayers, i;
	double		   *gam = NULL, *win = NULL, *den = NULL, *info = NULL;
	int		    rc = -1;

	*out = NULL;
	r = calloc(n + 1, sizeof *r);
	rk = calloc(n + 1, sizeof *rk);
	rank = calloc(n + 1, sizeof *rank);
	sp = calloc(g->npairs + 1, sizeof *sp);
	gam = calloc(n + 1, sizeof *gam);
	win = calloc(n + 1, sizeof *win);
	den = calloc(n + 1, sizeof *den);
	info = calloc(n + 1, sizeof *info);
	if (r == NULL || rk == NULL || rank == NULL || sp == NULL ||
	    gam == NULL || win == NULL || den == NULL || info == NULL)
		goto out_free;
	for (i = 0; i < n; i++)
		rk[i] = (struct ranked){ g->player[i], i };
	qsort(rk, n, sizeof *rk, compare_ranked);
	for (i = 0; i < n; i++) {
		rank[rk[i].number] = i;
		r[i].name = rk[i].name;
		r[i].forfeited = g->forfeited[rk[i].number];
		r[i].decided = g->decided[rk[i].number];
		r[i].analysis = g->analysis[rk[i].number];
	}
	rank_pairs(g, rank, r, sp, win);
	fit_strengths(sp, g->npairs, win, n, prior, gam, den);
	rate(sp, g->npairs, n, prior, gam, info, r);
	*out = r;
	r = NULL;
	rc = 0;
out_free:
	free(r);
	free(rk);
	free(rank);
	free(sp);
	free(gam);
	free(win);
	free(den);
	free(info);
	return rc;
}
