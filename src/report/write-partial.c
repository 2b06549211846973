/* SPDX-License-Identifier: MIT */
/*
 * A partial summary's state (formats/summary.md): each group's integers
 * (counts, histograms, series' moments, the pairs of players, who lost by
 * forfeit), what the partial covers, and the trailer with its checksum,
 * which read-partial.c checks when the partial is merged.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/write-summary.h"
#include "report/yaml-out.h"
#include "util/util.h"

struct named_pair {
	const char *a, *b; /* strcmp(a, b) < 0 */
	uint64_t    wa, wb, draws;
};

static int
compare_named_pairs(const void *pa, const void *pb)
{
	const struct named_pair *x = pa, *y = pb;
	int			 c;

	if ((c = strcmp(x->a, y->a)) != 0)
		return c;
	return strcmp(x->b, y->b);
}

static int
compare_players(const void *pa, const void *pb)
{
	return strcmp(**(char **const *)pa, **(char **const *)pb);
}

/* The players who lost by forfeit, by name: ["name", i, c, t, r]. */
static int
forfeited(struct yout *o, const struct stat_group *g)
{
	char ***sorted;
	size_t	i, k;
	int	c;

	if ((sorted = calloc(g->nplayers + 1, sizeof *sorted)) == NULL)
		return -1;
	for (i = 0; i < g->nplayers; i++)
		sorted[i] = &g->player[i];
	qsort(sorted, g->nplayers, sizeof *sorted, compare_players);
	yout_plain(o, "forfeited");
	yout_open(o, YOUT_BLOCK_SEQ);
	for (i = 0; i < g->nplayers; i++) {
		k = (size_t)(sorted[i] - g->player);
		if (!summary_any_cause(g->forfeited[k]))
			continue;
		yout_open(o, YOUT_FLOW_SEQ);
		yout_quoted(o, g->player[k]);
		for (c = 0; c < STAT_CAUSES; c++)
			if (c < STAT_CAUSES_ALWAYS ||
			    summary_later_causes(g->forfeited[k]))
				yout_uint(o, g->forfeited[k][c]);
		yout_close(o);
	}
	yout_close(o);
	free(sorted);
	return 0;
}

/*
 * The players' analysed turns, by name: ["name", turns, loss-milli,
 * inaccuracies, mistakes, blunders, decisive]; only where a player has
 * some (formats/summary.md).
 */
static int
analysis(struct yout *o, const struct stat_group *g)
{
	char ***sorted;
	size_t	i, k, n = 0;
	int	j;

	for (i = 0; i < g->nplayers; i++)
		n += g->analysis[i][0] > 0;
	if (n == 0)
		return 0;
	if ((sorted = calloc(g->nplayers + 1, sizeof *sorted)) == NULL)
		return -1;
	for (i = 0; i < g->nplayers; i++)
		sorted[i] = &g->player[i];
	qsort(sorted, g->nplayers, sizeof *sorted, compare_players);
	yout_plain(o, "analysis");
	yout_open(o, YOUT_BLOCK_SEQ);
	for (i = 0; i < g->nplayers; i++) {
		k = (size_t)(sorted[i] - g->player);
		if (g->analysis[k][0] == 0)
			continue;
		yout_open(o, YOUT_FLOW_SEQ);
		yout_quoted(o, g->player[k]);
		for (j = 0; j < STAT_ANALYSIS; j++)
			yout_uint(o, g->analysis[k][j]);
		yout_close(o);
	}
	yout_close(o);
	free(sorted);
	return 0;
}

/*
 * The players of games ended off the board, by name: ["name", agreed,
 * adjudged]; only with such games.
 */
static int
decided(struct yout *o, const struct stat_group *g)
{
	char ***sorted;
	size_t	i, k;

	if ((sorted = calloc(g->nplayers + 1, sizeof *sorted)) == NULL)
		return -1;
	for (i = 0; i < g->nplayers; i++)
		sorted[i] = &g->player[i];
	qsort(sorted, g->nplayers, sizeof *sorted, compare_players);
	yout_plain(o, "decided");
	yout_open(o, YOUT_BLOCK_SEQ);
	for (i = 0; i < g->nplayers; i++) {
		k = (size_t)(sorted[i] - g->player);
		if (g->decided[k][0] == 0 && g->decided[k][1] == 0)
			continue;
		yout_open(o, YOUT_FLOW_SEQ);
		yout_quoted(o, g->player[k]);
		yout_uint(o, g->decided[k][0]);
		yout_uint(o, g->decided[k][1]);
		yout_close(o);
	}
	yout_close(o);
	free(sorted);
	return 0;
}

int
partial_group(
    struct yout *o, const struct stat_summary *s, const struct stat_group *g)
{
	struct named_pair      *np;
	const struct stat_pair *p;
	size_t			i;
	int			k;

	yout_open(o, YOUT_BLOCK_MAP);
	summary_group_head(o, s, g);
	summary_off_board(o, g, true);
	yout_kv_uint(o, "draws", g->draws);
	yout_kv_uints(o, "wins", g->colour_wins, 2);
	yout_kv_uints(o, "seats", g->seat_wins, 2);
	summary_hist(o, "margin", &g->margin);
	summary_hist(o, "turns", &g->turns);
	summary_hist(o, "actions", &g->actions);
	yout_plain(o, "series");
	yout_open(o, YOUT_BLOCK_MAP);
	for (i = 0; i < g->nseries; i++) {
		yout_plain(o, g->series[i].name);
		yout_open(o, YOUT_FLOW_SEQ);
		for (k = 0; k < 2; k++) {
			yout_open(o, YOUT_FLOW_SEQ);
			yout_uint(o, g->series[i].by_colour[k].n);
			yout_int(o, g->series[i].by_colour[k].sum);
			yout_uint(o, g->series[i].by_colour[k].sumsq);
			yout_close(o);
		}
		yout_close(o);
	}
	yout_close(o);
	if ((np = calloc(g->npairs + 1, sizeof *np)) == NULL)
		return -1;
	for (i = 0; i < g->npairs; i++) {
		p = &g->pair[i];
		if (strcmp(g->player[p->a], g->player[p->b]) < 0)
			np[i] = (struct named_pair){ g->player[p->a],
				g->player[p->b], p->wins_a, p->wins_b,
				p->draws };
		else
			np[i] = (struct named_pair){ g->player[p->b],
				g->player[p->a], p->wins_b, p->wins_a,
				p->draws };
	}
	qsort(np, g->npairs, sizeof *np, compare_named_pairs);
	yout_plain(o, "pairs");
	yout_open(o, YOUT_BLOCK_SEQ);
	for (i = 0; i < g->npairs; i++) {
		yout_open(o, YOUT_FLOW_SEQ);
		yout_quoted(o, np[i].a);
		yout_quoted(o, np[i].b);
		yout_uint(o, np[i].wa);
		yout_uint(o, np[i].wb);
		yout_uint(o, np[i].draws);
		yout_close(o);
	}
	yout_close(o);
	free(np);
	if (stat_has_forfeits(g) && forfeited(o, g) == -1)
		return -1;
	if ((g->agreed > 0 || g->adjudged > 0) && decided(o, g) == -1)
		return -1;
	if (analysis(o, g) == -1)
		return -1;
	if (g->figures != NULL)
		design_partial(o, g);
	yout_close(o);
	return 0;
}

/*
 * The partial's checksum (formats/summary.md, "The trailer"): CRC-32 of
 * the lines after the document's first (---) up to the end: line, filled
 * into the placeholder written there.  -1 if the text is not as written.
 */
int
partial_seal(struct buf *m)
{
	char  *first, *end = NULL, *q;
	char   hex[9];
	size_t i;

	if ((first = memchr(m->s, '\n', m->len)) == NULL)
		return -1;
	first++;
	for (i = m->len; i-- > 0;)
		if ((i == 0 || m->s[i - 1] == '\n') && m->len - i > 5 &&
		    memcmp(m->s + i, "end: ", 5) == 0) {
			end = m->s + i;
			break;
		}
	if (end == NULL || end < first)
		return -1;
	for (q = end; (size_t)(q - m->s) + 11 + 8 <= m->len &&
	     memcmp(q, "checksum: \"", 11) != 0;
	     q++)
		continue;
	if ((size_t)(q - m->s) + 11 + 8 > m->len)
		return -1;
	snprintf(hex, sizeof hex, "%08" PRIx32,
	    report_crc32(0, first, (size_t)(end - first)));
	memcpy(q + 11, hex, 8);
	return 0;
}

/* What the partial counted (formats/summary.md, "Covers"). */
int
partial_covers(struct yout *o, const struct stat_summary *s)
{
	const struct stat_cover **v, *c;
	char			  buf[48];
	size_t			  i, j;

	if ((v = stat_covers_sorted(s)) == NULL)
		return -1;
	yout_plain(o, "covers");
	yout_open(o, YOUT_BLOCK_SEQ);
	for (i = 0; i < s->ncovers; i++) {
		c = v[i];
		yout_open(o, YOUT_BLOCK_MAP);
		yout_plain(o, "shard");
		snprintf(buf, sizeof buf, "%lu/%lu", c->k, c->n);
		yout_plain(o, c->n > 0 ? buf : NULL);
		yout_plain(o, "inputs");
		yout_open(o, YOUT_BLOCK_SEQ);
		for (j = 0; j < c->ninputs; j++) {
			yout_open(o, YOUT_FLOW_SEQ);
			yout_quoted(o, c->input[j].name);
			yout_uint(o, c->input[j].bytes);
			snprintf(
			    buf, sizeof buf, "%08" PRIx32, c->input[j].crc);
			yout_quoted(o, buf);
			yout_close(o);
		}
		yout_close(o);
		yout_close(o);
	}
	yout_close(o);
	free(v);
	return 0;
}

/* Last, so that a partial cut anywhere loses it (partial_seal fills it). */
void
partial_trailer(struct yout *o, const struct stat_summary *s)
{
	yout_key(o, "end");
	yout_open(o, YOUT_FLOW_MAP);
	yout_kv_uint(o, "records", s->records);
	yout_key(o, "checksum");
	yout_quoted(o, "00000000");
	yout_close(o);
}
