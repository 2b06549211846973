/* SPDX-License-Identifier: MIT */
/*
 * Writing summaries (formats/summary.md, arbiter-summary/1) through
 * libyaml's emitter: either the partial state, all integers, that merges
 * exactly, or the figures derived from it.  Every list is written in a
 * fixed order (groups, histogram bins, series, players and pairs sorted),
 * and every float is computed here from the integers, so one state always
 * gives the same bytes however it was put together.  This file writes the
 * document and what both kinds of group hold; the figures are
 * write-figures.c's, the partial state write-partial.c's.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "report/report.h"
#include "report/write-summary.h"
#include "report/yaml-out.h"
#include "util/util.h"

void
summary_hist(struct yout *o, const char *k, const struct stat_hist *h)
{
	size_t i;

	yout_plain(o, k);
	yout_open(o, YOUT_FLOW_MAP);
	for (i = 0; i < h->n; i++) {
		yout_int(o, h->value[i]);
		yout_uint(o, h->count[i]);
	}
	yout_close(o);
}

void
summary_group_head(
    struct yout *o, const struct stat_summary *s, const struct stat_group *g)
{
	if (s->by != NULL) {
		yout_plain(o, "value");
		yout_quoted(o, g->value);
	}
	yout_plain(o, "game");
	yout_plain(o, g->game);
	yout_plain(o, "board");
	yout_plain(o, g->board);
	yout_plain(o, "colours");
	yout_open(o, YOUT_FLOW_SEQ);
	yout_plain(o, g->colour[0]);
	yout_plain(o, g->colour[1]);
	yout_close(o);
	yout_kv_uint(o, "records", g->records);
	yout_kv_uint(o, "finished", g->finished);
	yout_kv_uint(o, "unfinished", g->unfinished);
	yout_kv_uint(o, "illegal", g->illegal);
	yout_kv_uint(o, "malformed", g->malformed);
}

void
summary_series(struct yout *o, const struct stat_group *g, enum yout_node kind,
    summary_moments_fn *moments)
{
	size_t i;
	int    k;

	yout_plain(o, "series");
	yout_open(o, YOUT_BLOCK_MAP);
	for (i = 0; i < g->nseries; i++) {
		yout_plain(o, g->series[i].name);
		yout_open(o, kind);
		for (k = 0; k < 2; k++)
			moments(o, g, k, &g->series[i].by_colour[k]);
		yout_close(o);
	}
	yout_close(o);
}

void
summary_off_board(struct yout *o, const struct stat_group *g, bool partial)
{
	if (stat_has_forfeits(g))
		summary_causes(o, "forfeits", g->forfeits, partial);
	if (g->adjudicated > 0)
		yout_kv_uint(o, "adjudicated", g->adjudicated);
	if (g->agreed > 0)
		yout_kv_uint(o, "agreed", g->agreed);
	if (g->adjudged > 0)
		yout_kv_uint(o, "adjudged", g->adjudged);
}

/*
 * Games lost by forfeit, by cause: [i, c, t, r] or {illegal: i, ...},
 * then the later causes if any counts (STAT_CAUSES_ALWAYS).
 */
void
summary_causes(
    struct yout *o, const char *k, const uint64_t v[STAT_CAUSES], bool partial)
{
	int i;

	yout_plain(o, k);
	yout_open(o, partial ? YOUT_FLOW_SEQ : YOUT_FLOW_MAP);
	for (i = 0; i < STAT_CAUSES; i++) {
		if (i >= STAT_CAUSES_ALWAYS && !summary_later_causes(v))
			break;
		if (!partial)
			yout_plain(o, replay_cause_name((enum replay_cause)i));
		yout_uint(o, v[i]);
	}
	yout_close(o);
}

bool
summary_later_causes(const uint64_t v[STAT_CAUSES])
{
	int i;

	for (i = STAT_CAUSES_ALWAYS; i < STAT_CAUSES; i++)
		if (v[i] > 0)
			return true;
	return false;
}

void
summary_start(struct yout *o, const char *schema, bool partial)
{
	yout_start(o, schema);
	if (partial)
		yout_kv_plain(o, "partial", "true");
}

bool
summary_any_cause(const uint64_t v[STAT_CAUSES])
{
	int i;

	for (i = 0; i < STAT_CAUSES; i++)
		if (v[i] > 0)
			return true;
	return false;
}

int
report_summary_write(FILE *f, const struct stat_summary *s, bool partial)
{
	struct buf	    mem;
	struct yout	   *o;
	struct stat_group **v;
	size_t		    i;
	int		    rc = -1;

	buf_init(&mem);
	if ((v = stat_groups_sorted(s)) == NULL)
		return -1;
	if ((o = yout_new_emitter(NULL, &mem)) == NULL) {
		free(v);
		errno = ENOMEM;
		return -1;
	}
	summary_start(o, REPORT_SUMMARY_SCHEMA, partial);
	if (partial || s->by != NULL)
		yout_kv_quoted(o, "by", s->by);
	design_asked(o, s);
	if (partial && partial_covers(o, s) == -1) {
		errno = ENOMEM;
		goto out_free;
	}
	yout_kv_uint(o, "records", s->records);
	yout_kv_open(o, "groups", YOUT_BLOCK_SEQ);
	for (i = 0; i < s->ngroups; i++)
		if ((partial ? partial_group(o, s, v[i]) :
			       figures_group(o, s, v[i])) == -1) {
			errno = ENOMEM;
			goto out_free;
		}
	yout_close(o);
	/* Last but the trailer, so that no line before them moves. */
	if (partial && s->read != NULL)
		yout_kv_quoted(o, "read", s->read);
	if (partial && s->errors)
		yout_kv_plain(o, "errors", "true");
	if (partial)
		partial_trailer(o, s);
	yout_close(o);
	yout_document_end(o);
	rc = yout_free(o);
	o = NULL;
	if (rc == -1) {
		if (errno == 0)
			errno = EINVAL;
		goto out_free;
	}
	rc = -1;
	if (partial && partial_seal(&mem) == -1) {
		errno = EINVAL;
		goto out_free;
	}
	if (mem.len > 0 && fwrite(mem.s, 1, mem.len, f) != mem.len)
		goto out_free;
	rc = 0;
out_free:
	yout_free(o);
	buf_fini(&mem);
	free(v);
	return rc;
}
