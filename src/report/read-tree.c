/* SPDX-License-Identifier: MIT */
/*
 * Reading partial trees back (formats/summary.md, "The tree": schema
 * arbiter-tree/1 with partial: true) and merging them: a document is read
 * whole into a tree of its own, its covers checked against those before
 * (read-covers.c), and only then added to the trees before, so that a
 * document in error adds nothing, and a shard given twice is refused.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "report/read-partial.h"
#include "report/reader.h"
#include "report/report.h"
#include "report/yaml-in.h"
#include "rules/symmetry.h"
#include "stat/tree.h"

/* What the nodes of one tree are numbered, while its moves are read. */
struct ids {
	uint32_t *node; /* by id - 1 */
	size_t	  n;
};

static int
bad(struct diag *d, const yaml_node_t *n, const yaml_node_t *outer,
    const char *what)
{
	return yin_fail(d, DIAG_BAD_VALUE,
	    n != NULL ? n->start_mark : outer->start_mark, "%s", what);
}

/* The count under key in map, which must be there. */
static int
count_of(struct yin *y, const yaml_node_t *map, const char *key, uint64_t *v,
    struct diag *d)
{
	const yaml_node_t *n = yin_get(y, map, key);

	if (n == NULL)
		return yin_fail(d, DIAG_REPORT_INCOMPLETE, map->start_mark,
		    "no %s: here", key);
	return partial_counter(n, key, v, d);
}

static int
hex_digit(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* A key: lower-case hex, two digits a byte, into key (cap bytes). */
static int
read_key(const yaml_node_t *n, const yaml_node_t *at, uint8_t *key, size_t cap,
    size_t *len, struct diag *d)
{
	const char *s = yin_text(n);
	size_t	    i, l;

	if (s == NULL || (l = strlen(s)) == 0 || l % 2 != 0 || l / 2 > cap)
		return bad(d, n, at, "key: want the position's key in hex");
	for (i = 0; i < l / 2; i++) {
		if (hex_digit(s[2 * i]) < 0 || hex_digit(s[2 * i + 1]) < 0)
			return bad(d, n, at,
			    "key: want the position's key "
			    "in hex");
		key[i] = (uint8_t)(hex_digit(s[2 * i]) << 4 |
		    hex_digit(s[2 * i + 1]));
	}
	*len = l / 2;
	return 0;
}

/*
 * count: [games, wins, wins, draws, scored, margins] and examples:
 * [[id, number], ...] of map into c: 0, or -1 with d filled.
 */
static int
read_count(struct yin *y, struct stat_tree *t, const yaml_node_t *map,
    struct stat_tree_count *c, struct diag *d)
{
	const yaml_node_t *n = yin_get(y, map, "count"), *ex, *e;
	uint64_t   *v[5] = { &c->games, &c->wins[0], &c->wins[1], &c->draws,
		  &c->scored };
	long long   m;
	uint64_t    num;
	const char *id;
	size_t	    i;

	if (!yin_is_list(n, 6))
		return bad(d, n, map,
		    "count: want [games, wins, wins, draws, finished, "
		    "margins]");
	for (i = 0; i < 5; i++)
		if (partial_counter(yin_item(y, n, i), "count", v[i], d) == -1)
			return -1;
	if (yin_number(yin_item(y, n, 5), "count: margins", true, &m, d) == -1)
		return -1;
	c->margin = m;
	if (c->wins[0] > c->games || c->wins[1] > c->games - c->wins[0] ||
	    c->draws > c->games - c->wins[0] - c->wins[1] ||
	    c->scored > c->games)
		return yin_fail(d, DIAG_PARTIAL_MISMATCH, n->start_mark,
		    "count: more wins, draws or finished games than games");
	ex = yin_get(y, map, "examples");
	if (!yin_is(ex, YAML_SEQUENCE_NODE) ||
	    yin_count(ex) > STAT_TREE_EXAMPLES)
		return bad(d, ex, map, "examples: want [[id, number], ...]");
	for (i = 0; i < yin_count(ex); i++) {
		e = yin_item(y, ex, i);
		if (!yin_is_list(e, 2) ||
		    (id = yin_text(yin_item(y, e, 0))) == NULL)
			return bad(
			    d, e, ex, "examples: want [[id, number], ...]");
		if (partial_counter(yin_item(y, e, 1), "examples", &num, d) ==
		    -1)
			return -1;
		if (stat_tree_example(t, c, id, num) == -1)
			return report_reader_oom(d);
	}
	return 0;
}

/* The nodes of a tree: made, counted and numbered in ids. */
static int
read_nodes(struct yin *y, struct stat_tree *t, uint32_t group,
    const yaml_node_t *list, struct ids *ids, struct diag *d)
{
	const yaml_node_t *n;
	uint8_t		   key[RULES_KEY_SIZE(RULES_MAX_CELLS)];
	size_t		   i, len = 0;
	uint64_t	   id, turn;
	uint32_t	   v;

	ids->n = yin_count(list);
	if ((ids->node = calloc(ids->n + 1, sizeof *ids->node)) == NULL)
		return report_reader_oom(d);
	for (i = 0; i < ids->n; i++) {
		n = yin_item(y, list, i);
		if (!yin_is(n, YAML_MAPPING_NODE))
			return bad(d, n, list, "nodes: want a list of nodes");
		if (count_of(y, n, "id", &id, d) == -1 ||
		    count_of(y, n, "turn", &turn, d) == -1)
			return -1;
		if (id != i + 1)
			return bad(d, yin_get(y, n, "id"), n,
			    "id: want the nodes numbered from 1 in order");
		if (turn > t->depth)
			return bad(d, yin_get(y, n, "turn"), n,
			    "turn: deeper than the tree's depth");
		if (read_key(yin_get(y, n, "key"), n, key, sizeof key, &len,
			d) == -1)
			return -1;
		v = stat_tree_node(t, group, key, len, (unsigned long)turn);
		if (v == STAT_TREE_NONE)
			return report_reader_oom(d);
		if (t->node[v].c.games != 0)
			return yin_fail(d, DIAG_PARTIAL_DUPLICATE,
			    n->start_mark, "a position listed twice");
		if (read_count(y, t, n, &t->node[v].c, d) == -1)
			return -1;
		ids->node[i] = v;
	}
	return 0;
}

/* The moves of each node, once every node is numbered. */
static int
read_moves(struct yin *y, struct stat_tree *t, const yaml_node_t *list,
    const struct ids *ids, struct diag *d)
{
	const yaml_node_t *n, *ms, *m;
	const char	  *text;
	uint64_t	   to;
	uint32_t	   s, e;
	size_t		   i, j;

	for (i = 0; i < ids->n; i++) {
		n = yin_item(y, list, i);
		if ((ms = yin_get(y, n, "moves")) == NULL)
			continue;
		if (!yin_is(ms, YAML_SEQUENCE_NODE))
			return bad(d, ms, n, "moves: want a list of moves");
		for (j = 0; j < yin_count(ms); j++) {
			m = yin_item(y, ms, j);
			if ((text = yin_text(yin_get(y, m, "move"))) == NULL)
				return bad(d, yin_get(y, m, "move"), ms,
				    "move: want the move's text");
			if (count_of(y, m, "to", &to, d) == -1)
				return -1;
			if (to == 0 || to > ids->n)
				return bad(d, yin_get(y, m, "to"), m,
				    "to: want the id of a node listed");
			if ((s = stat_tree_intern(t, text, strlen(text))) ==
				STAT_TREE_NONE ||
			    (e = stat_tree_edge(t, ids->node[i], s,
				 ids->node[to - 1])) == STAT_TREE_NONE)
				return report_reader_oom(d);
			if (t->edge[e].c.games != 0)
				return yin_fail(d, DIAG_PARTIAL_DUPLICATE,
				    m->start_mark, "a move listed twice");
			if (read_count(y, t, m, &t->edge[e].c, d) == -1)
				return -1;
		}
	}
	return 0;
}

static int
read_group(
    struct yin *y, struct stat_tree *t, const yaml_node_t *g, struct diag *d)
{
	const yaml_node_t *c = yin_get(y, g, "colours"), *list;
	const char	  *game = yin_text(yin_get(y, g, "game"));
	const char	  *board = yin_text(yin_get(y, g, "board"));
	const char	  *colour[2];
	struct ids	   ids = { NULL, 0 };
	uint32_t	   group;
	int		   rc = -1;

	if (!yin_is(g, YAML_MAPPING_NODE) || game == NULL || board == NULL ||
	    !yin_is_list(c, 2) ||
	    (colour[0] = yin_text(yin_item(y, c, 0))) == NULL ||
	    (colour[1] = yin_text(yin_item(y, c, 1))) == NULL)
		return bad(d, g, g, "a tree: want its game, board and colours");
	list = yin_get(y, g, "nodes");
	if (!yin_is(list, YAML_SEQUENCE_NODE))
		return bad(d, list, g, "nodes: want a list of nodes");
	if ((group = stat_tree_group(t, game, board, colour)) == STAT_TREE_NONE)
		return report_reader_oom(d);
	if (read_nodes(y, t, group, list, &ids, d) == 0 &&
	    read_moves(y, t, list, &ids, d) == 0)
		rc = 0;
	free(ids.node);
	return rc;
}

/*
 * The head: partial, its end there, the depth and --from of the trees
 * before (t, or NULL).  The new tree into *part.
 */
static int
read_head(struct yin *y, const yaml_node_t *root, const struct stat_tree *t,
    struct stat_tree **part, struct diag *d)
{
	const yaml_node_t *n = yin_get(y, root, "from"), *end;
	const char	  *p = yin_text(yin_get(y, root, "partial"));
	const char	  *from = yin_text(n);
	uint64_t	   depth, records, tail;
	size_t		   i;

	for (i = 0; i < y->nnodes; i++)
		if (yin_unique_keys(y, &y->nodes[i], d) == -1)
			return -1;
	if (p == NULL || strcmp(p, "true") != 0)
		return yin_fail(d, DIAG_NOT_PARTIAL, root->start_mark,
		    "a tree without its state cannot be merged (write trees "
		    "to merge with --tree --partial)");
	end = yin_get(y, root, "end");
	if (end == NULL)
		return yin_fail(d, DIAG_PARTIAL_TRUNCATED, root->end_mark,
		    "the partial tree has no end: trailer: it was cut short");
	if (count_of(y, root, "depth", &depth, d) == -1 ||
	    count_of(y, root, "records", &records, d) == -1 ||
	    count_of(y, end, "records", &tail, d) == -1)
		return -1;
	if (tail != records)
		return yin_fail(d, DIAG_PARTIAL_MISMATCH, end->start_mark,
		    "end: records: %llu, but records: %llu",
		    (unsigned long long)tail, (unsigned long long)records);
	if (t != NULL &&
	    (depth != t->depth ||
		(from == NULL ? t->from != NULL :
				t->from == NULL || strcmp(from, t->from) != 0)))
		return yin_fail(d, DIAG_PARTIAL_MISMATCH, root->start_mark,
		    "a tree of depth %llu from %s, the first one of depth %lu "
		    "from %s",
		    (unsigned long long)depth,
		    from != NULL ? from : "the start", t->depth,
		    t->from != NULL ? t->from : "the start");
	if ((*part = stat_tree_new((unsigned long)depth, from)) == NULL)
		return report_reader_oom(d);
	(*part)->records = records;
	return 0;
}

/*
 * The document's covers, read into a summary of their own (*pc), each
 * named for this input and checked against cov's as a partial summary's
 * are (read-partial.c): 0, or -1 with d filled.  A tree without them was
 * written before trees had covers: it could be a shard given twice.
 */
static int
read_covers(struct yin *y, const yaml_node_t *root, struct stat_summary *cov,
    struct stat_summary **pc, struct diag *d)
{
	const yaml_node_t *n = yin_get(y, root, "covers");
	size_t		   i;

	if (n == NULL)
		return yin_fail(d, DIAG_REPORT_INCOMPLETE, root->end_mark,
		    "the partial tree has no covers, what it counted (an "
		    "older gamestat's): write it again");
	if ((*pc = stat_summary_new(NULL)) == NULL)
		return report_reader_oom(d);
	if (partial_read_covers(y, root, *pc, d) == -1)
		return -1;
	for (i = 0; i < (*pc)->ncovers; i++) {
		if (((*pc)->cover[i].from = strdup(y->name)) == NULL)
			return report_reader_oom(d);
		if (partial_cover_check(
			&(*pc)->cover[i], cov, false, n->start_mark, d) == -1)
			return -1;
	}
	return 0;
}

int
report_read_tree(struct report_reader *rd, struct stat_tree **t,
    struct stat_summary *cov, struct diag *d)
{
	struct stat_tree    *part = NULL;
	struct stat_summary *pc = NULL;
	const yaml_node_t   *root, *list;
	size_t		     i;
	int		     rc;

	if (rd->y.done)
		return 0;
	if ((rc = yin_load(&rd->y, d)) != 1)
		return rc;
	root = report_reader_root(&rd->y, REPORT_TREE_SCHEMA,
	    "arbiter-summary/",
	    "a summary, not a tree (merge summaries without --tree)", d);
	if (root == NULL || read_head(&rd->y, root, *t, &part, d) == -1)
		goto out_stop;
	list = yin_get(&rd->y, root, "trees");
	if (!yin_is(list, YAML_SEQUENCE_NODE)) {
		bad(d, list, root, "trees: want a list of trees");
		goto out_stop;
	}
	for (i = 0; i < yin_count(list); i++)
		if (read_group(&rd->y, part, yin_item(&rd->y, list, i), d) ==
		    -1)
			goto out_stop;
	if (read_covers(&rd->y, root, cov, &pc, d) == -1)
		goto out_stop;
	if (*t == NULL) {
		*t = part;
		part = NULL;
	} else if (stat_tree_absorb(*t, part) == -1) {
		if (errno == ERANGE)
			yin_fail(d, DIAG_PARTIAL_OVERFLOW, root->start_mark,
			    "the trees' counts overflow");
		else
			report_reader_oom(d);
		goto out_stop;
	}
	/* Checked before: only memory can fail it. */
	if (stat_merge(cov, pc) == -1) {
		report_reader_oom(d);
		goto out_stop;
	}
	stat_summary_free(pc);
	stat_tree_free(part);
	return 1;

out_stop:
	stat_summary_free(pc);
	stat_tree_free(part);
	rd->y.done = true;
	return -1;
}
