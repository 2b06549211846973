/* SPDX-License-Identifier: MIT */
/*
 * Whether a state can be merged into another (stat_merge_check): the
 * same walk as stat_merge's, that changes nothing, so that a partial
 * refused (its colours differ, its counts would pass STAT_COUNT_MAX) is
 * refused before anything of it is added, and the merge can add it in
 * place: a merge of N partials then takes time in their total size, where
 * merging each into a copy of the state so far took N times that.
 */
#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "stat/figures.h"
#include "stat/stat.h"

static bool
fits(uint64_t a, uint64_t b)
{
	return a <= STAT_COUNT_MAX && b <= STAT_COUNT_MAX - a;
}

static bool
sum_fits(int64_t a, int64_t b)
{
	return !((b > 0 && a > INT64_MAX - b) || (b < 0 && a < -INT64_MAX - b));
}

static bool
moments_fit(const struct stat_moments *a, const struct stat_moments *b)
{
	return fits(a->n, b->n) && sum_fits(a->sum, b->sum) &&
	    fits(a->sumsq, b->sumsq);
}

static bool
same(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

/* The count of v in h, 0 if none. */
static uint64_t
hist_count(const struct stat_hist *h, long long v)
{
	size_t i = stat_hist_index(h, v);

	return i < h->n && h->value[i] == v ? h->count[i] : 0;
}

bool
stat_hist_merge_fits(const struct stat_hist *dst, const struct stat_hist *src)
{
	size_t i;

	for (i = 0; i < src->n; i++)
		if (!fits(hist_count(dst, src->value[i]), src->count[i]))
			return false;
	return true;
}

/* The series of g called name, or NULL (sorted by name). */
static const struct stat_series *
series_find(const struct stat_group *g, const char *name)
{
	size_t at;

	if (!array_find_name(g->series, g->nseries, sizeof *g->series,
		offsetof(struct stat_series, name), name, &at))
		return NULL;
	return &g->series[at];
}

static bool
counts_fit(const struct stat_group *g, const struct stat_group *src)
{
	int k;

	if (!fits(g->records, src->records) ||
	    !fits(g->finished, src->finished) ||
	    !fits(g->unfinished, src->unfinished) ||
	    !fits(g->illegal, src->illegal) ||
	    !fits(g->malformed, src->malformed) ||
	    !fits(g->adjudicated, src->adjudicated) ||
	    !fits(g->agreed, src->agreed) ||
	    !fits(g->adjudged, src->adjudged) || !fits(g->draws, src->draws))
		return false;
	for (k = 0; k < STAT_CAUSES; k++)
		if (!fits(g->forfeits[k], src->forfeits[k]))
			return false;
	for (k = 0; k < 2; k++)
		if (!fits(g->colour_wins[k], src->colour_wins[k]) ||
		    !fits(g->seat_wins[k], src->seat_wins[k]))
			return false;
	return stat_hist_merge_fits(&g->margin, &src->margin) &&
	    stat_hist_merge_fits(&g->turns, &src->turns) &&
	    stat_hist_merge_fits(&g->actions, &src->actions);
}

/* The players' counts and pairs that g already holds. */
static bool
players_fit(const struct stat_group *g, const struct stat_group *src)
{
	const struct stat_pair *p, *q;
	long			a, b;
	size_t			i;
	int			k;

	for (i = 0; i < src->nplayers; i++) {
		if ((a = stat_player_find(g, src->player[i])) == -1)
			continue;
		for (k = 0; k < STAT_CAUSES; k++)
			if (!fits(g->forfeited[a][k], src->forfeited[i][k]))
				return false;
		for (k = 0; k < 2; k++)
			if (!fits(g->decided[a][k], src->decided[i][k]))
				return false;
		for (k = 0; k < STAT_ANALYSIS; k++)
			if (!fits(g->analysis[a][k], src->analysis[i][k]))
				return false;
	}
	for (i = 0; i < src->npairs; i++) {
		p = &src->pair[i];
		if ((a = stat_player_find(g, src->player[p->a])) == -1 ||
		    (b = stat_player_find(g, src->player[p->b])) == -1 ||
		    (q = stat_pair_find(g, (uint32_t)a, (uint32_t)b)) == NULL)
			continue;
		/* q->a is the lower number of the two in g. */
		if (!fits(q->a == (uint32_t)a ? q->wins_a : q->wins_b,
			p->wins_a) ||
		    !fits(q->a == (uint32_t)a ? q->wins_b : q->wins_a,
			p->wins_b) ||
		    !fits(q->draws, p->draws))
			return false;
	}
	return true;
}

/* 0, or -1 with errno, as stat_merge_check for one group. */
static int
group_check(const struct stat_summary *dst, const struct stat_group *src)
{
	const struct stat_group	 *g;
	const struct stat_series *se;
	size_t			  i;
	int			  k;

	g = stat_group_find(dst, src->value, src->game, src->board);
	/* A new group is a copy: src's counts are in range. */
	if (g == NULL)
		return 0;
	if (!same(g->colour[0], src->colour[0]) ||
	    !same(g->colour[1], src->colour[1])) {
		errno = EINVAL;
		return -1;
	}
	if (!counts_fit(g, src))
		goto out_overflow;
	for (i = 0; i < src->nseries; i++) {
		if ((se = series_find(g, src->series[i].name)) == NULL)
			continue;
		for (k = 0; k < 2; k++)
			if (!moments_fit(&se->by_colour[k],
				&src->series[i].by_colour[k]))
				goto out_overflow;
	}
	if (!players_fit(g, src))
		goto out_overflow;
	if (src->figures != NULL && g->figures != NULL)
		return stat_figures_merge_check(g->figures, src->figures);
	return 0;

out_overflow:
	errno = EOVERFLOW;
	return -1;
}

int
stat_merge_check(const struct stat_summary *dst, const struct stat_summary *src)
{
	size_t i;

	for (i = 0; i < src->ngroups; i++)
		if (group_check(dst, src->group[i]) == -1)
			return -1;
	if (!fits(dst->records, src->records)) {
		errno = EOVERFLOW;
		return -1;
	}
	return 0;
}
