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

/* The most counts a row of a players' list holds. */
#define ROW_COUNTS (STAT_CAUSES > STAT_ANALYSIS ? STAT_CAUSES : STAT_ANALYSIS)

/*
 * The counts of player k in its row of a players' list, into v (room for
 * ROW_COUNTS): how many, or 0 where the list leaves the player out.
 */
typedef size_t
row_counts_fn(const struct stat_group *g, size_t k, uint64_t v[ROW_COUNTS]);

/*
 * key: a list of ["name", counts...], a row a player of g that counts
 * gives any, by name.  0, or -1 when memory runs out.
 */
static int
player_rows(struct yout *o, const struct stat_group *g, const char *key,
    row_counts_fn *counts)
{
	char  ***sorted;
	uint64_t v[ROW_COUNTS];
	size_t	 i, j, k, n;

	if ((sorted = calloc(g->nplayers + 1, sizeof *sorted)) == NULL)
		return -1;
	for (i = 0; i < g->nplayers; i++)
		sorted[i] = &g->player[i];
	qsort(sorted, g->nplayers, sizeof *sorted, compare_players);
	yout_plain(o, key);
	yout_open(o, YOUT_BLOCK_SEQ);
	for (i = 0; i < g->nplayers; i++) {
		k = (size_t)(sorted[i] - g->player);
		if ((n = counts(g, k, v)) == 0)
			continue;
		yout_open(o, YOUT_FLOW_SEQ);
		yout_quoted(o, g->player[k]);
		for (j = 0; j < n; j++)
			yout_uint(o, v[j]);
		yout_close(o);
	}
	yout_close(o);
	free(sorted);
	return 0;
}

/*
 * A player's games lost by forfeit: [i, c, t, r], and the later causes
 * where it lost any by them; none when it lost none.
 */
static size_t
forfeited_counts(const struct stat_group *g, size_t k, uint64_t v[ROW_COUNTS])
{
	size_t n = summary_later_causes(g->forfeited[k]) ? STAT_CAUSES :
							   STAT_CAUSES_ALWAYS;

	if (!summary_any_cause(g->forfeited[k]))
		return 0;
	memcpy(v, g->forfeited[k], n * sizeof *v);
	return n;
}

/*
 * A player's analysed turns: turns, loss-milli, inaccuracies, mistakes,
 * blunders, decisive; none without a turn analysed.
 */
static size_t
analysis_counts(const struct stat_group *g, size_t k, uint64_t v[ROW_COUNTS])
{
	if (g->analysis[k][0] == 0)
		return 0;
	memcpy(v, g->analysis[k], STAT_ANALYSIS * sizeof *v);
	return STAT_ANALYSIS;
}

/* A player's games ended off the board: agreed, adjudged; or none. */
static size_t
decided_counts(const struct stat_group *g, size_t k, uint64_t v[ROW_COUNTS])
{
	if (g->decided[k][0] == 0 && g->decided[k][1] == 0)
		return 0;
	v[0] = g->decided[k][0];
	v[1] = g->decided[k][1];
	return 2;
}

/*
 * The players' analysed turns, by name: ["name", turns, loss-milli,
 * inaccuracies, mistakes, blunders, decisive]; only where a player has
 * some (formats/summary.md).
 */
static int
analysis(struct yout *o, const struct stat_group *g)
{
	size_t i;

	for (i = 0; i < g->nplayers; i++)
		if (g->analysis[i][0] > 0)
			return player_rows(o, g, "analysis", analysis_counts);
	return 0;
}

/* [n, sum, sumsq], a series' state for a colour, whatever the colour. */
static void
partial_moments(struct yout *o, const struct stat_group *g, int colour,
    const struct stat_moments *m)
{
	(void)g;
	(void)colour;
	yout_open(o, YOUT_FLOW_SEQ);
	yout_uint(o, m->n);
	yout_int(o, m->sum);
	yout_uint(o, m->sumsq);
	yout_close(o);
}

int
partial_group(
    struct yout *o, const struct stat_summary *s, const struct stat_group *g)
{
	struct named_pair      *np;
	const struct stat_pair *p;
	size_t			i;

	yout_open(o, YOUT_BLOCK_MAP);
	summary_group_head(o, s, g);
	summary_off_board(o, g, true);
	yout_kv_uint(o, "draws", g->draws);
	yout_kv_uints(o, "wins", g->colour_wins, 2);
	yout_kv_uints(o, "seats", g->seat_wins, 2);
	summary_hist(o, "margin", &g->margin);
	summary_hist(o, "turns", &g->turns);
	summary_hist(o, "actions", &g->actions);
	summary_series(o, g, YOUT_FLOW_SEQ, partial_moments);
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
	/* The players who lost by forfeit, by name: ["name", i, c, t, r]. */
	if (stat_has_forfeits(g) &&
	    player_rows(o, g, "forfeited", forfeited_counts) == -1)
		return -1;
	/* Players of games ended off the board: ["name", agreed, adjudged]. */
	if ((g->agreed > 0 || g->adjudged > 0) &&
	    player_rows(o, g, "decided", decided_counts) == -1)
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
	yout_kv_open(o, "end", YOUT_FLOW_MAP);
	yout_kv_uint(o, "records", s->records);
	yout_kv_quoted(o, "checksum", "00000000");
	yout_close(o);
}
