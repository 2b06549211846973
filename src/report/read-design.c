/* SPDX-License-Identifier: MIT */
/*
 * A partial summary's designers' figures (gamestat --figures;
 * formats/summary.md, "Design figures"): the top-level list of the figures
 * asked for, which every partial of a merge must share, and a group's
 * `design' counts, each checked as it is read and added to the group.
 */
#include <errno.h>
#include <string.h>

#include <yaml.h>

#include "report/read-partial.h"
#include "report/reader.h"
#include "report/report.h"
#include "report/yaml-in.h"
#include "stat/figures.h"

static yaml_mark_t
mark_of(const yaml_node_t *n, const yaml_node_t * or)
{
	return n != NULL ? n->start_mark : or->start_mark;
}

int
partial_read_asked(struct yin *y, const yaml_node_t *root,
    const struct stat_summary *s, unsigned *set, struct diag *d)
{
	const yaml_node_t *n = yin_get(y, root, "figures");
	const char	  *p;
	unsigned	   bit;
	size_t		   i;

	*set = 0;
	if (n != NULL && !yin_is(n, YAML_SEQUENCE_NODE))
		return yin_fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "figures: want a list of names");
	for (i = 0; n != NULL && i < yin_count(n); i++) {
		p = yin_text(yin_item(y, n, i));
		if (p == NULL || !stat_figures_parse(p, &bit) ||
		    strcmp(p, "all") == 0)
			return yin_fail(d, DIAG_BAD_VALUE,
			    yin_item(y, n, i)->start_mark,
			    "figures: want swap, tension or luck");
		*set |= bit;
	}
	if (s != NULL && s->figures != *set)
		return yin_fail(d, DIAG_PARTIAL_MISMATCH, mark_of(n, root),
		    "this partial summary has other --figures than the first "
		    "one");
	return 0;
}

static int
read_moves(struct yin *y, const yaml_node_t *dn, struct stat_figures *f,
    struct diag *d)
{
	const yaml_node_t     *n = yin_get(y, dn, "swap-map"), *v;
	struct stat_swap_move *m;
	uint64_t	       c[4];
	const char	      *cell;
	size_t		       i, j;

	if (!yin_is(n, YAML_MAPPING_NODE))
		return yin_fail(d, DIAG_BAD_VALUE, mark_of(n, dn),
		    "design: swap-map: want a map of cells");
	for (i = 0; i < yin_count(n); i++) {
		v = yin_value(y, n, i);
		if ((cell = yin_text(yin_key(y, n, i))) == NULL ||
		    *cell == '\0' || !yin_is_list(v, 4))
			return yin_fail(d, DIAG_BAD_VALUE, mark_of(v, n),
			    "swap-map: want a cell and [games, swapped, "
			    "kept wins, swapped wins]");
		for (j = 0; j < 4; j++)
			if (partial_counter(
				yin_item(y, v, j), "swap-map", &c[j], d) == -1)
				return -1;
		if ((m = stat_swap_move_get(f, cell)) == NULL)
			return report_reader_oom(d);
		if (!stat_count_add(&m->games, c[0]) ||
		    !stat_count_add(&m->swapped, c[1]) ||
		    !stat_count_add(&m->kept_wins, c[2]) ||
		    !stat_count_add(&m->swapped_wins, c[3]))
			return partial_overflow(d, v->start_mark, "swap-map");
	}
	return 0;
}

static int
read_dice(struct yin *y, const yaml_node_t *dn, struct stat_figures *f,
    struct diag *d)
{
	const yaml_node_t *n = yin_get(y, dn, "dice"), *v;
	uint64_t	   c, sq;
	long long	   sum;
	int		   k;

	if (!yin_is_list(n, 2))
		return yin_fail(d, DIAG_BAD_VALUE, mark_of(n, dn),
		    "design: dice: want two [games, sum, sum of squares]");
	for (k = 0; k < 2; k++) {
		v = yin_item(y, n, (size_t)k);
		if (!yin_is_list(v, 3))
			return yin_fail(d, DIAG_BAD_VALUE, v->start_mark,
			    "dice: want [games, sum, sum of squares]");
		if (partial_counter(yin_item(y, v, 0), "dice", &c, d) == -1 ||
		    yin_number(yin_item(y, v, 1), "dice", true, &sum, d) ==
			-1 ||
		    partial_counter(yin_item(y, v, 2), "dice", &sq, d) == -1)
			return -1;
		if (!stat_count_add(&f->dice[k].n, c) ||
		    !stat_sum_add(&f->dice[k].sum, sum) ||
		    !stat_count_add(&f->dice[k].sumsq, sq))
			return partial_overflow(d, v->start_mark, "dice");
	}
	return 0;
}

int
partial_read_design(
    struct yin *y, const yaml_node_t *gn, struct stat_group *g, struct diag *d)
{
	static const char *const hists[] = { "lead-changes", "decided",
		"decided-permille", "final-lead", "branching-turns",
		"branching-legal", "coverage", "advantage", "advantage-wins" };
	const yaml_node_t	*dn = yin_get(y, gn, "design"), *n;
	struct stat_figures	*f;
	struct stat_hist	*h[9];
	const char		*key;
	char			 why[160];
	uint64_t		 cells;
	size_t			 i;

	if (dn == NULL)
		return 0;
	if (!yin_is(dn, YAML_MAPPING_NODE))
		return yin_fail(d, DIAG_BAD_VALUE, dn->start_mark,
		    "design: want a mapping");
	if ((f = stat_figures_of(g)) == NULL)
		return report_reader_oom(d);
	h[0] = &f->lead_changes;
	h[1] = &f->decided;
	h[2] = &f->decided_share;
	h[3] = &f->final_lead;
	h[4] = &f->branching_turns;
	h[5] = &f->branching_legal;
	h[6] = &f->coverage;
	h[7] = &f->advantage;
	h[8] = &f->advantage_wins;
	if (read_moves(y, dn, f, d) == -1 || read_dice(y, dn, f, d) == -1)
		return -1;
	for (i = 0; i < sizeof hists / sizeof hists[0]; i++)
		if (partial_add_hist(y, dn, hists[i], h[i], d) == -1)
			return -1;
	if ((n = yin_get(y, dn, "cells")) == NULL)
		return yin_fail(d, DIAG_BAD_VALUE, dn->start_mark,
		    "design: cells: want the board's number of cells");
	if (partial_counter(n, "cells", &cells, d) == -1)
		return -1;
	if (cells != 0 && f->cells != 0 && cells != f->cells)
		return yin_fail(d, DIAG_PARTIAL_MISMATCH, n->start_mark,
		    "design: cells: %llu, where the same group's had %llu",
		    (unsigned long long)cells, (unsigned long long)f->cells);
	if (cells != 0)
		f->cells = cells;
	if ((key = stat_figures_inconsistent(f, why, sizeof why)) != NULL)
		return yin_fail(d, DIAG_PARTIAL_MISMATCH, dn->start_mark,
		    "design: %s: %s", key, why);
	return 0;
}
