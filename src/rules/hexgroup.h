/* SPDX-License-Identifier: MIT */
/*
 * Groups of stones on a hex board, kept incrementally, for the games that
 * judge placements by group sizes (Oust, Rive): each stone's group
 * representative, a circular list of members and, at the representative,
 * the size; and the cell lists their diagnostics name groups by.  Which
 * stones make a group (one colour in Oust, either in Rive), when groups
 * split and what else a game keeps per group are the game's business.
 * Everything is inline: these run inside the games' hottest loops.
 */
#ifndef ARBITER_HEXGROUP_H
#define ARBITER_HEXGROUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rules/rules.h"

/*
 * Plain data, part of a game's state.  Only the entries of cells that
 * hold a stone mean anything.
 */
struct hexgroup {
	int16_t gid[RULES_MAX_CELLS];  /* the group's representative */
	int16_t next[RULES_MAX_CELLS]; /* circular member list */
	int16_t size[RULES_MAX_CELLS]; /* at the representative */
};

/* A new stone on e, a group of its own. */
static inline void
hexgroup_single(struct hexgroup *gr, int e)
{
	gr->gid[e] = (int16_t)e;
	gr->next[e] = (int16_t)e;
	gr->size[e] = 1;
}

/* Merges group h into group g (both representatives): h is relabelled. */
static inline void
hexgroup_merge(struct hexgroup *gr, int g, int h)
{
	int c, t;

	c = h;
	do {
		gr->gid[c] = (int16_t)g;
		c = gr->next[c];
	} while (c != h);
	t = gr->next[g];
	gr->next[g] = gr->next[h];
	gr->next[h] = (int16_t)t;
	gr->size[g] = (int16_t)(gr->size[g] + gr->size[h]);
}

/*
 * The groups next to cell e whose stones hold want in cell[] (want 0:
 * any stone): their representatives into roots[6], their stones added up
 * into *sum; returns how many.
 */
static inline int
hexgroup_around(const struct rules_board *b, const struct hexgroup *gr,
    const uint8_t *cell, int e, int want, int *roots, int *sum)
{
	int k, m, g, j, n = 0;

	*sum = 0;
	for (k = 0; k < b->degree[e]; k++) {
		m = b->nb[e][k];
		if (want == 0 ? cell[m] == 0 : cell[m] != want)
			continue;
		g = gr->gid[m];
		for (j = 0; j < n && roots[j] != g; j++)
			;
		if (j == n) {
			roots[n++] = g;
			*sum += gr->size[g];
		}
	}
	return n;
}

/*
 * Writes into out[len] up to max cells of the set in[] in column-then-row
 * order ("a3 a4 b2"), then " and N more" for the rest.
 */
static inline void
hexgroup_list_cells(
    const struct rules_board *b, const bool *in, int max, char *out, size_t len)
{
	char   name[RULES_CELL_NAME];
	size_t n = 0;
	int    c, r, cell, shown = 0, more = 0;

	out[0] = '\0';
	for (c = 0; c < b->width; c++)
		for (r = 0; r < b->height; r++) {
			cell = b->at[c][r];
			if (cell < 0 || !in[cell])
				continue;
			if (shown == max) {
				more++;
				continue;
			}
			/* A short buffer cuts the list; n never passes len. */
			if (n < len)
				n += (size_t)snprintf(out + n, len - n, "%s%s",
				    shown ? " " : "",
				    rules_cell_name(b, cell, name));
			shown++;
		}
	if (more > 0 && n < len)
		snprintf(out + n, len - n, " and %d more", more);
}

#endif
