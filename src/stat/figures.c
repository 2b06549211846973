/* SPDX-License-Identifier: MIT */
/*
 * The designers' figures of a group as exact integers (figures.h): counting
 * a game, merging two states and checking one for consistency.  The
 * figures derived from them are written by src/report.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stat/figures.h"

static const char *const names[] = { "swap", "tension", "luck" };

const char *
stat_figure_name(unsigned bit)
{
	size_t i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (bit == 1u << i)
			return names[i];
	return NULL;
}

bool
stat_figures_parse(const char *list, unsigned *set)
{
	const char *p = list, *e;
	size_t	    i, len;

	*set = 0;
	if (strcmp(list, "all") == 0) {
		*set = STAT_FIG_ALL;
		return true;
	}
	for (;;) {
		e = strchr(p, ',');
		len = e != NULL ? (size_t)(e - p) : strlen(p);
		for (i = 0; i < sizeof names / sizeof names[0]; i++)
			if (strlen(names[i]) == len &&
			    strncmp(names[i], p, len) == 0)
				break;
		if (i == sizeof names / sizeof names[0])
			return false;
		*set |= 1u << i;
		if (e == NULL)
			return true;
		p = e + 1;
	}
}

static void
hist_free(struct stat_hist *h)
{
	free(h->value);
	free(h->count);
}

/* The histograms of a state, in one order for merging and freeing. */
static const size_t hist_off[] = {
	offsetof(struct stat_figures, lead_changes),
	offsetof(struct stat_figures, decided),
	offsetof(struct stat_figures, decided_share),
	offsetof(struct stat_figures, final_lead),
	offsetof(struct stat_figures, branching_turns),
	offsetof(struct stat_figures, branching_legal),
	offsetof(struct stat_figures, coverage),
	offsetof(struct stat_figures, advantage),
	offsetof(struct stat_figures, advantage_wins),
};
#define NHISTS (sizeof hist_off / sizeof hist_off[0])

static struct stat_hist *
hist_at(struct stat_figures *f, size_t i)
{
	return (struct stat_hist *)((char *)f + hist_off[i]);
}

static const struct stat_hist *
hist_of(const struct stat_figures *f, size_t i)
{
	return (const struct stat_hist *)((const char *)f + hist_off[i]);
}

struct stat_figures *
stat_figures_of(struct stat_group *g)
{
	if (g->figures == NULL)
		g->figures = calloc(1, sizeof *g->figures);
	return g->figures;
}

void
stat_figures_free(struct stat_figures *f)
{
	size_t i;

	if (f == NULL)
		return;
	array_free_named(f->move, f->nmoves, sizeof *f->move,
	    offsetof(struct stat_swap_move, cell));
	for (i = 0; i < NHISTS; i++)
		hist_free(hist_at(f, i));
	free(f);
}

struct stat_swap_move *
stat_swap_move_get(struct stat_figures *f, const char *cell)
{
	return array_get_name(&f->move, &f->nmoves, &f->movecap,
	    sizeof *f->move, offsetof(struct stat_swap_move, cell), cell);
}

/* The board's cells: the group's, or set by its first game. */
static int
same_cells(struct stat_figures *f, uint64_t cells)
{
	if (cells == 0 || f->cells == cells)
		return 0;
	if (f->cells != 0) {
		errno = EINVAL;
		return -1;
	}
	f->cells = cells;
	return 0;
}

static int
add_one(struct stat_hist *h, long long v)
{
	return stat_hist_add(h, v, 1);
}

static int
moments_add(struct stat_moments *m, long long v)
{
	uint64_t sq = (uint64_t)(v < 0 ? -v : v);

	if (sq > UINT32_MAX || !stat_count_add(&m->n, 1) ||
	    !stat_sum_add(&m->sum, v) || !stat_count_add(&m->sumsq, sq * sq)) {
		errno = EOVERFLOW;
		return -1;
	}
	return 0;
}

static int
add_swap(struct stat_figures *f, const struct stat_figures_game *x)
{
	struct stat_swap_move *m;
	uint64_t	      *w;

	if ((m = stat_swap_move_get(f, x->first)) == NULL)
		return -1;
	w = x->swapped ? &m->swapped_wins : &m->kept_wins;
	if (!stat_count_add(&m->games, 1) ||
	    !stat_count_add(&m->swapped, x->swapped) ||
	    !stat_count_add(w, x->winner == 0)) {
		errno = EOVERFLOW;
		return -1;
	}
	return 0;
}

static int
add_tension(struct stat_figures *f, const struct stat_figures_game *x)
{
	size_t i;

	if (same_cells(f, (uint64_t)x->cells) == -1 ||
	    add_one(&f->lead_changes, x->lead_changes) == -1 ||
	    add_one(&f->final_lead, x->final_lead) == -1 ||
	    add_one(&f->coverage, x->covered) == -1)
		return -1;
	if (x->decided >= 0 &&
	    (add_one(&f->decided, x->decided) == -1 ||
		add_one(&f->decided_share,
		    x->turns > 0 ? x->decided * 1000 / x->turns : 0) == -1))
		return -1;
	for (i = 0; i < x->nlegal; i++)
		if (add_one(&f->branching_turns, (long long)i + 1) == -1 ||
		    (x->legal[i] > 0 &&
			stat_hist_add(&f->branching_legal, (long long)i + 1,
			    x->legal[i]) == -1))
			return -1;
	return 0;
}

static int
add_luck(struct stat_figures *f, const struct stat_figures_game *x)
{
	long long d = x->dice[0] - x->dice[1];

	if (moments_add(&f->dice[0], x->dice[0]) == -1 ||
	    moments_add(&f->dice[1], x->dice[1]) == -1 ||
	    add_one(&f->advantage, d) == -1 ||
	    (x->winner == 0 && add_one(&f->advantage_wins, d) == -1))
		return -1;
	return 0;
}

int
stat_figures_add(struct stat_figures *f, const struct stat_figures_game *x)
{
	if ((x->has & STAT_FIG_SWAP) && x->first != NULL &&
	    add_swap(f, x) == -1)
		return -1;
	if ((x->has & STAT_FIG_TENSION) && add_tension(f, x) == -1)
		return -1;
	if ((x->has & STAT_FIG_LUCK) && add_luck(f, x) == -1)
		return -1;
	return 0;
}

int
stat_figures_merge(struct stat_figures *dst, const struct stat_figures *src)
{
	const struct stat_hist *h;
	struct stat_swap_move  *m;
	size_t			i, j;
	int			k;

	if (same_cells(dst, src->cells) == -1)
		return -1;
	for (i = 0; i < src->nmoves; i++)
		if ((m = stat_swap_move_get(dst, src->move[i].cell)) == NULL ||
		    stat_counts_add(&m->games, &src->move[i].games, 4) == -1)
			return -1;
	for (i = 0; i < NHISTS; i++)
		for (h = hist_of(src, i), j = 0; j < h->n; j++)
			if (stat_hist_add(hist_at(dst, i), h->value[j],
				h->count[j]) == -1)
				return -1;
	for (k = 0; k < 2; k++)
		if (!stat_count_add(&dst->dice[k].n, src->dice[k].n) ||
		    !stat_sum_add(&dst->dice[k].sum, src->dice[k].sum) ||
		    !stat_count_add(&dst->dice[k].sumsq, src->dice[k].sumsq)) {
			errno = EOVERFLOW;
			return -1;
		}
	return 0;
}

int
stat_figures_merge_check(
    const struct stat_figures *dst, const struct stat_figures *src)
{
	const struct stat_swap_move *m;
	size_t			     i, at;
	int			     k;

	if (src->cells != 0 && dst->cells != 0 && src->cells != dst->cells) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < src->nmoves; i++) {
		m = &src->move[i];
		if (array_find_name(dst->move, dst->nmoves, sizeof *dst->move,
			offsetof(struct stat_swap_move, cell), m->cell, &at) &&
		    !stat_counts_fit(&dst->move[at].games, &m->games, 4))
			goto out_overflow;
	}
	for (i = 0; i < NHISTS; i++)
		if (!stat_hist_merge_fits(hist_of(dst, i), hist_of(src, i)))
			goto out_overflow;
	for (k = 0; k < 2; k++)
		if (!stat_counts_fit(&dst->dice[k].n, &src->dice[k].n, 1) ||
		    !stat_counts_fit(
			&dst->dice[k].sumsq, &src->dice[k].sumsq, 1) ||
		    (src->dice[k].sum > 0 &&
			dst->dice[k].sum > INT64_MAX - src->dice[k].sum) ||
		    (src->dice[k].sum < 0 &&
			dst->dice[k].sum < -INT64_MAX - src->dice[k].sum))
			goto out_overflow;
	return 0;

out_overflow:
	errno = EOVERFLOW;
	return -1;
}

uint64_t
stat_hist_count(const struct stat_hist *h, long long v)
{
	size_t i;

	for (i = 0; i < h->n; i++)
		if (h->value[i] == v)
			return h->count[i];
	return 0;
}

uint64_t
stat_hist_total(const struct stat_hist *h)
{
	uint64_t n = 0;
	size_t	 i;

	for (i = 0; i < h->n; i++)
		n += h->count[i];
	return n;
}

const char *
stat_figures_inconsistent(const struct stat_figures *f, char *why, size_t cap)
{
	const struct stat_swap_move *m;
	size_t			     i;

	for (i = 0; i < f->nmoves; i++) {
		m = &f->move[i];
		if (m->swapped > m->games || m->swapped_wins > m->swapped ||
		    m->kept_wins > m->games - m->swapped) {
			snprintf(why, cap, "%s: wins or swaps beyond the games",
			    m->cell);
			return "swap-map";
		}
	}
	for (i = 0; i < f->branching_legal.n; i++)
		if (stat_hist_count(
			&f->branching_turns, f->branching_legal.value[i]) >
			f->branching_legal.count[i] ||
		    stat_hist_count(&f->branching_turns,
			f->branching_legal.value[i]) == 0) {
			snprintf(why, cap,
			    "turn %lld: fewer legal actions than turn starts",
			    f->branching_legal.value[i]);
			return "branching";
		}
	if (stat_hist_total(&f->decided) > stat_hist_total(&f->lead_changes) ||
	    stat_hist_total(&f->decided_share) !=
		stat_hist_total(&f->decided) ||
	    stat_hist_total(&f->final_lead) !=
		stat_hist_total(&f->lead_changes) ||
	    stat_hist_total(&f->coverage) !=
		stat_hist_total(&f->lead_changes)) {
		snprintf(why, cap, "the histograms count other games");
		return "tension";
	}
	if (f->dice[0].n != f->dice[1].n ||
	    f->dice[0].n != stat_hist_total(&f->advantage)) {
		snprintf(why, cap, "the dice count other games");
		return "luck";
	}
	for (i = 0; i < f->advantage_wins.n; i++)
		if (f->advantage_wins.count[i] >
		    stat_hist_count(
			&f->advantage, f->advantage_wins.value[i])) {
			snprintf(why, cap, "advantage %lld: wins beyond games",
			    f->advantage_wins.value[i]);
			return "luck";
		}
	return NULL;
}
