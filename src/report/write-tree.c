/* SPDX-License-Identifier: MIT */
/*
 * Writing gamestat --tree's tree (formats/summary.md, "The tree", schema
 * arbiter-tree/1) through libyaml's emitter: the figures, or with partial
 * the exact state that merges (read-tree.c) with its covers, as a partial
 * summary's (write-partial.c).  Nodes go in the tree's own
 * order (stat_tree_order), which depends on what it holds alone, and every
 * mean is computed here from integers: one tree, one text.
 */
#include <errno.h>
#include <stdlib.h>

#include "report/report.h"
#include "report/write-summary.h"
#include "report/yaml-out.h"
#include "stat/tree.h"

/* The listing of one group: its order and each node's id (0: none). */
struct listing {
	uint32_t *order;
	size_t	  n;
	uint32_t *id;
};

static void
write_hex(struct yout *o, const uint8_t *p, size_t n)
{
	static const char digits[] = "0123456789abcdef";
	char		  buf[2 * 512 + 1];
	size_t		  i;

	for (i = 0; i < n && i < 512; i++) {
		buf[2 * i] = digits[p[i] >> 4];
		buf[2 * i + 1] = digits[p[i] & 15];
	}
	buf[2 * i] = '\0';
	yout_quoted(o, buf);
}

/* An example as people read it: the game id, or the input and record. */
static void
write_example(struct yout *o, const struct stat_tree *t,
    const struct stat_tree_count *c, uint32_t i, bool partial)
{
	char buf[1024];

	if (partial) {
		yout_open(o, YOUT_FLOW_SEQ);
		yout_quoted(o, stat_tree_string(t, c->exid[i]));
		yout_uint(o, c->exnum[i]);
		yout_close(o);
	} else if (c->exnum[i] == 0)
		yout_quoted(o, stat_tree_string(t, c->exid[i]));
	else {
		snprintf(buf, sizeof buf, "%s:%llu",
		    stat_tree_string(t, c->exid[i]),
		    (unsigned long long)c->exnum[i]);
		yout_quoted(o, buf);
	}
}

static void
write_count(struct yout *o, const struct stat_tree *t,
    const struct stat_tree_group *g, const struct stat_tree_count *c,
    bool partial)
{
	uint32_t i;

	if (partial) {
		yout_kv_open(o, "count", YOUT_FLOW_SEQ);
		yout_uint(o, c->games);
		yout_uint(o, c->wins[0]);
		yout_uint(o, c->wins[1]);
		yout_uint(o, c->draws);
		yout_uint(o, c->scored);
		yout_int(o, (long long)c->margin);
		yout_close(o);
	} else {
		yout_kv_uint(o, "games", c->games);
		yout_kv_open(o, "wins", YOUT_FLOW_MAP);
		for (i = 0; i < 2; i++) {
			yout_plain(o, stat_tree_string(t, g->colour[i]));
			yout_uint(o, c->wins[i]);
		}
		yout_close(o);
		yout_kv_uint(o, "draws", c->draws);
		yout_kv_real(o, "margin",
		    c->scored > 0 ? (double)c->margin / (double)c->scored : 0,
		    3, c->scored > 0);
	}
	yout_kv_open(o, "examples", YOUT_FLOW_SEQ);
	for (i = 0; i < c->nex; i++)
		write_example(o, t, c, i, partial);
	yout_close(o);
}

/* A node's moves, each with the id of the node it leads to if listed. */
static int
write_moves(struct yout *o, const struct stat_tree *t,
    const struct stat_tree_group *g, const struct listing *l, uint32_t v,
    bool partial)
{
	uint32_t *m;
	size_t	  n, i;

	m = stat_tree_moves(t, v, &n);
	if (m == NULL && n > 0)
		return -1;
	if (n == 0)
		return 0;
	yout_kv_open(o, "moves", YOUT_BLOCK_SEQ);
	for (i = 0; i < n; i++) {
		yout_open(o, YOUT_BLOCK_MAP);
		yout_key(o, "move");
		yout_plain(o, stat_tree_string(t, t->edge[m[i]].move));
		if (l->id[t->edge[m[i]].to] != 0)
			yout_kv_uint(o, "to", l->id[t->edge[m[i]].to]);
		write_count(o, t, g, &t->edge[m[i]].c, partial);
		yout_close(o);
	}
	yout_close(o);
	free(m);
	return 0;
}

/*
 * The listing of group: its nodes in order, numbered from 1, those at
 * the tree's depth only in a partial (they have no moves).  0, or -1
 * (memory).
 */
static int
list_group(
    const struct stat_tree *t, uint32_t group, bool partial, struct listing *l)
{
	size_t i, k = 0;

	if ((l->order = stat_tree_order(t, group, &l->n)) == NULL ||
	    (l->id = calloc(t->nnodes + 1, sizeof *l->id)) == NULL)
		return -1;
	for (i = 0; i < l->n; i++)
		if (partial || t->node[l->order[i]].depth < t->depth) {
			l->order[k++] = l->order[i];
			l->id[l->order[i]] = (uint32_t)k;
		}
	l->n = k;
	return 0;
}

static int
write_group(
    struct yout *o, const struct stat_tree *t, uint32_t group, bool partial)
{
	const struct stat_tree_group *g = &t->group[group];
	struct listing		      l = { 0 };
	uint32_t		      v;
	size_t			      i;
	int			      rc = -1;

	if (list_group(t, group, partial, &l) == -1)
		goto out_free;
	yout_open(o, YOUT_BLOCK_MAP);
	yout_kv_plain(o, "game", stat_tree_string(t, g->game));
	yout_kv_plain(o, "board", stat_tree_string(t, g->board));
	yout_kv_open(o, "colours", YOUT_FLOW_SEQ);
	yout_plain(o, stat_tree_string(t, g->colour[0]));
	yout_plain(o, stat_tree_string(t, g->colour[1]));
	yout_close(o);
	yout_kv_uint(o, "positions", l.n);
	yout_kv_open(o, "nodes", YOUT_BLOCK_SEQ);
	for (i = 0; i < l.n; i++) {
		v = l.order[i];
		yout_open(o, YOUT_BLOCK_MAP);
		yout_kv_uint(o, "id", l.id[v]);
		yout_kv_uint(o, "turn", t->node[v].depth);
		yout_key(o, "key");
		write_hex(o, stat_tree_key(t, v), t->node[v].keylen);
		write_count(o, t, g, &t->node[v].c, partial);
		if (write_moves(o, t, g, &l, v, partial) == -1)
			goto out_free;
		yout_close(o);
	}
	yout_close(o);
	yout_close(o);
	rc = 0;
out_free:
	free(l.order);
	free(l.id);
	return rc;
}

int
report_tree_write(FILE *f, const struct stat_tree *t,
    const struct stat_summary *cov, bool partial)
{
	struct yout *o;
	uint32_t    *g;
	size_t	     i;

	if ((g = stat_tree_groups(t)) == NULL)
		return -1;
	if ((o = yout_new_emitter(f, NULL)) == NULL) {
		free(g);
		errno = ENOMEM;
		return -1;
	}
	summary_start(o, REPORT_TREE_SCHEMA, partial);
	yout_kv_uint(o, "depth", t->depth);
	if (t->from != NULL)
		yout_kv_quoted(o, "from", t->from);
	yout_kv_uint(o, "records", t->records);
	yout_kv_open(o, "trees", YOUT_BLOCK_SEQ);
	for (i = 0; i < t->ngroups; i++)
		if (write_group(o, t, g[i], partial) == -1) {
			free(g);
			yout_free(o);
			errno = ENOMEM;
			return -1;
		}
	yout_close(o);
	/* What it counted, as a partial summary says (read-tree.c). */
	if (partial && partial_covers(o, cov) == -1) {
		free(g);
		yout_free(o);
		errno = ENOMEM;
		return -1;
	}
	if (partial && cov->errors)
		yout_kv_plain(o, "errors", "true");
	/* Last: a partial cut short has none (read-tree.c). */
	if (partial) {
		yout_kv_open(o, "end", YOUT_FLOW_MAP);
		yout_kv_uint(o, "records", t->records);
		yout_close(o);
	}
	yout_close(o);
	yout_document_end(o);
	free(g);
	if (yout_free(o) == -1) {
		if (errno == 0)
			errno = EINVAL;
		return -1;
	}
	return 0;
}
