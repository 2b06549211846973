/* SPDX-License-Identifier: MIT */
/*
 * Reading partial trees back (formats/summary.md, "The tree": schema
 * arbiter-tree/1 with partial: true) and merging them: a document is read
 * as a stream of events (yin_stream), each position of a tree's nodes
 * added to a tree of the document's own as it is read and then dropped,
 * so that memory is that tree's, not a YAML tree's of the document; its
 * moves added once the list's positions are all numbered.  A list that
 * comes before its tree's game, board and colours or the root's depth
 * (gamestat writes them first) is read the same way into a tree of its
 * own and added once they are read, with what depended on them checked
 * then, so that it is told as one read in order.  Its head and covers
 * are checked against those before (read-covers.c), in the order a
 * document read whole was, and only then is it added to the trees
 * before, so that a document in error adds nothing, and a shard given
 * twice is refused.
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

/* A move read with its position, added once its list is all read. */
struct pending {
	uint32_t	       from;	  /* node (of a list kept: its index) */
	uint32_t	       move;	  /* string */
	uint64_t	       to;	  /* id */
	yaml_mark_t	       at, to_at; /* the move's, its to:'s */
	bool		       bad_count; /* its count refused: move_err */
	struct stat_tree_count c;
};

/*
 * Where the error of a node of a list kept was found, so that read_group
 * tells what a tree read in order would have told before it: a check of
 * its turn against the depth comes before its key, a position listed
 * twice before its count.
 */
enum err_step {
	ERR_BEFORE_TURN, /* the node, its id or turn: nothing told before */
	ERR_KEY,	 /* after its turn's check */
	ERR_TWICE,	 /* a position twice in its list: after its turn's */
	ERR_COUNT	 /* after its turn's check and its position's */
};

/* A node of a list kept: where it was, its turn and its position. */
struct kept_node {
	yaml_mark_t at, turn_at;
	uint64_t    turn;
	uint32_t    node; /* in the scratch tree, or NONE: its key refused */
};

/*
 * A list kept (struct stream): its node id, its nodes (kn from first),
 * its moves, their first error.
 */
struct kept {
	int		list;
	size_t		first, n;
	struct pending *mv;
	size_t		nmv;
	bool		has_move_err;
	struct diag	move_err;
};

/*
 * The lists of nodes streamed: the tree they are read into (part), the
 * list being read (list, its group, its nodes' numbers and its moves),
 * the first error and the list it is in (found in the order read_group
 * finds it in a document read whole), and the first mapping of an item
 * with a key twice (read_head tells it first).
 */
struct stream {
	struct stat_tree *part;
	bool		  off;	/* memory ran out: no list streamed after */
	bool		  stop; /* an error found: nothing more is read */
	bool		  oom;
	int		  list;
	uint32_t	  group;
	struct ids	  ids;
	size_t		  idcap;
	struct pending	 *mv;
	size_t		  nmv, mvcap;
	bool		  has_move_err; /* no move read after it */
	struct diag	  move_err;
	int		  err_list;
	struct diag	  err;
	enum err_step	  err_step; /* of a list kept: where it was */
	/*
	 * The lists read before their tree's game, board and colours or
	 * the root's depth (a document gamestat does not write): kept in
	 * a tree of their own (scratch), a group each, until read_group
	 * adds them as it would have added them read in order; once one
	 * is kept, every list after it is, so that the groups are made
	 * in the order of the document.
	 */
	bool		  keep;
	struct stat_tree *scratch;
	struct kept	 *kept;
	size_t		  nkept, keptcap;
	struct kept_node *kn;
	size_t		  nkn, kncap;
	bool		  has_dup;
	struct diag	  dup;
	size_t		  dup_at;
};

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

/* ---- The lists of nodes, read from events -------------------------- */

/*
 * Node id while the document is built (its pointers are set only at the
 * document's end), into *n with a scalar's text set: n, or NULL.
 */
static const yaml_node_t *
open_node(const struct yin *y, int id, yaml_node_t *n)
{
	const yaml_node_t *o = yin_node(y, id);

	if (o == NULL)
		return NULL;
	*n = *o;
	return n;
}

/*
 * The node id of the value of key in the mapping open at level, among
 * its entries read so far (the first, as yin_get finds it), or 0.
 */
static int
open_get(const struct yin *y, size_t level, const char *key)
{
	size_t	    k, last = y->opened[level + 1] - 1;
	yaml_node_t kn;
	const char *s;

	for (k = y->opened[level] + 1; k < last; k += 2) {
		s = yin_text(open_node(y, y->open[k], &kn));
		if (s != NULL && strcmp(s, key) == 0)
			return y->open[k + 1];
	}
	return 0;
}

/* The text of the scalar id, as yin_text says it, or NULL. */
static const char *
open_text(const struct yin *y, int id)
{
	yaml_node_t n;

	return yin_text(open_node(y, id, &n));
}

/*
 * A tree's game, board and colours, read before its nodes (as gamestat
 * writes them) and as read_group wants them: its group of st->part, made
 * of the depth of the root's depth:, read before the trees.  0, or -1
 * (not there or not so: the list is kept, and read_group says what
 * is wrong; or memory, st->oom).
 */
static int
open_group(struct yin *y, struct stream *st)
{
	yaml_node_t	   n;
	const yaml_node_t *c;
	const char	  *game, *board, *colour[2];
	struct diag	   d;
	uint64_t	   depth;
	int		   id;
	size_t		   i;

	if ((id = open_get(y, 0, "depth")) == 0 ||
	    partial_counter(open_node(y, id, &n), "depth", &depth, &d) == -1 ||
	    (st->part != NULL && st->part->depth != depth) ||
	    (game = open_text(y, open_get(y, 2, "game"))) == NULL ||
	    (board = open_text(y, open_get(y, 2, "board"))) == NULL ||
	    (c = yin_node(y, id = open_get(y, 2, "colours"))) == NULL ||
	    c->type != YAML_SEQUENCE_NODE || y->span[id - 1].n != 2)
		return -1;
	for (i = 0; i < 2; i++)
		if ((colour[i] = open_text(
			 y, y->items[y->span[id - 1].first + i])) == NULL)
			return -1;
	if (st->part == NULL &&
	    (st->part = stat_tree_new((unsigned long)depth, NULL)) == NULL)
		goto out_oom;
	if ((st->group = stat_tree_group(st->part, game, board, colour)) ==
	    STAT_TREE_NONE)
		goto out_oom;
	return 0;

out_oom:
	st->oom = st->stop = true;
	return -1;
}

/*
 * The first error of the list being read, found at step of a node of a
 * list kept: 0, or -1 where it is memory.
 */
static int
list_fail(struct stream *st, const struct diag *d, enum err_step step)
{
	if (d->code == DIAG_NONE) {
		st->oom = true;
		return -1;
	}
	st->stop = true;
	st->err_list = st->list;
	st->err = *d;
	st->err_step = step;
	return 0;
}

/*
 * A list to keep (struct stream) begins: its group of the scratch tree,
 * one of its own, named for its place.  0, or -1 (memory).
 */
static int
keep_list(struct stream *st)
{
	const char  *none[2] = { "", "" };
	char	     name[32];
	struct kept *k;

	if (st->scratch == NULL &&
	    (st->scratch = stat_tree_new(0, NULL)) == NULL)
		return -1;
	if (array_grow(
		&st->kept, &st->keptcap, st->nkept + 1, sizeof *st->kept) == -1)
		return -1;
	snprintf(name, sizeof name, "%zu", st->nkept);
	if ((st->group = stat_tree_group(st->scratch, name, "", none)) ==
	    STAT_TREE_NONE)
		return -1;
	k = &st->kept[st->nkept++];
	memset(k, 0, sizeof *k);
	k->list = st->list;
	k->first = st->nkn;
	return 0;
}

/* The list kept that was read: its moves kept with it. */
static void
keep_list_moves(struct stream *st)
{
	struct kept *k;

	if (st->nkept > 0 && (k = &st->kept[st->nkept - 1])->list == st->list) {
		k->mv = st->mv;
		k->nmv = st->nmv;
		k->has_move_err = st->has_move_err;
		k->move_err = st->move_err;
		st->mv = NULL;
		st->mvcap = 0;
	}
	st->list = 0;
	st->nmv = 0;
	st->ids.n = 0;
	st->has_move_err = false;
}

/*
 * The moves of the list read, once its nodes are all numbered, as a
 * list read whole added them: the first move refused, if any, is the
 * list's error (st->err).
 */
static void
finish_list(struct stream *st)
{
	struct stat_tree_count *ec, old;
	struct pending	       *p;
	struct diag		d;
	uint32_t		e, k;
	size_t			i;

	if (st->list == 0)
		return;
	if (st->keep) {
		keep_list_moves(st);
		return;
	}
	for (i = 0; i < st->nmv && !st->stop; i++) {
		p = &st->mv[i];
		if (p->to == 0 || p->to > st->ids.n) {
			yin_fail(&d, DIAG_BAD_VALUE, p->to_at,
			    "to: want the id of a node listed");
			list_fail(st, &d, ERR_BEFORE_TURN);
			break;
		}
		e = stat_tree_edge(
		    st->part, p->from, p->move, st->ids.node[p->to - 1]);
		if (e == STAT_TREE_NONE) {
			st->oom = st->stop = true;
			break;
		}
		ec = &st->part->edge[e].c;
		if (ec->games != 0) {
			yin_fail(&d, DIAG_PARTIAL_DUPLICATE, p->at,
			    "a move listed twice");
			list_fail(st, &d, ERR_BEFORE_TURN);
			break;
		}
		if (p->bad_count) {
			list_fail(st, &st->move_err, ERR_BEFORE_TURN);
			break;
		}
		/* As read_count into ec: its examples offered after. */
		old = *ec;
		*ec = p->c;
		for (k = 0; k < old.nex; k++)
			if (stat_tree_example(st->part, ec,
				stat_tree_string(st->part, old.exid[k]),
				old.exnum[k]) == -1) {
				st->oom = st->stop = true;
				break;
			}
	}
	if (!st->stop && st->has_move_err)
		list_fail(st, &st->move_err, ERR_BEFORE_TURN);
	st->list = 0;
	st->nmv = 0;
	st->ids.n = 0;
	st->has_move_err = false;
}

/*
 * yin_stream's is_list: the nodes of a tree (root, trees, a tree, its
 * nodes), each streamed: into its group where its game, board and
 * colours and the root's depth came before it, else kept (struct
 * stream).
 */
static bool
is_node_list(struct yin *y, void *arg)
{
	struct stream *st = arg;
	const char    *k;

	if (y->nopened != 4 ||
	    !yin_is(yin_open_node(y, 0), YAML_MAPPING_NODE) ||
	    !yin_is(yin_open_node(y, 2), YAML_MAPPING_NODE) ||
	    (k = yin_open_key(y, 1)) == NULL || strcmp(k, "trees") != 0 ||
	    (k = yin_open_key(y, 3)) == NULL || strcmp(k, "nodes") != 0)
		return false;
	finish_list(st);
	if (st->off || st->oom)
		return false;
	st->list = y->open[y->opened[3]];
	if (!st->stop && !st->keep && open_group(y, st) == -1)
		st->keep = !st->oom;
	if (!st->stop && st->keep && keep_list(st) == -1)
		st->oom = true;
	if (st->oom) {
		st->off = true;
		st->list = 0;
		return false;
	}
	return true;
}

/*
 * The moves of node n (numbered v; of a list kept, its index) kept for
 * finish_list, as a list read whole reads them: the first refused is
 * st->move_err, and no move after it is kept.  0, or -1 (memory).
 */
static int
keep_moves(struct yin *y, struct stream *st, struct stat_tree *t,
    const yaml_node_t *n, uint32_t v)
{
	const yaml_node_t *ms, *m;
	struct pending	  *p;
	const char	  *text;
	uint64_t	   to;
	size_t		   j;

	if (st->has_move_err || (ms = yin_get(y, n, "moves")) == NULL)
		return 0;
	if (!yin_is(ms, YAML_SEQUENCE_NODE)) {
		st->has_move_err = true;
		bad(&st->move_err, ms, n, "moves: want a list of moves");
		return 0;
	}
	for (j = 0; j < yin_count(ms); j++) {
		m = yin_item(y, ms, j);
		if ((text = yin_text(yin_get(y, m, "move"))) == NULL) {
			st->has_move_err = true;
			bad(&st->move_err, yin_get(y, m, "move"), ms,
			    "move: want the move's text");
			return 0;
		}
		if (count_of(y, m, "to", &to, &st->move_err) == -1) {
			st->has_move_err = true;
			return 0;
		}
		if (array_grow(
			&st->mv, &st->mvcap, st->nmv + 1, sizeof *st->mv) == -1)
			return -1;
		p = &st->mv[st->nmv++];
		memset(p, 0, sizeof *p);
		p->from = v;
		p->to = to;
		p->at = m->start_mark;
		p->to_at = yin_get(y, m, "to")->start_mark;
		if ((p->move = stat_tree_intern(t, text, strlen(text))) ==
		    STAT_TREE_NONE)
			return -1;
		if (read_count(y, t, m, &p->c, &st->move_err) == -1) {
			if (st->move_err.code == DIAG_NONE)
				return -1;
			p->bad_count = st->has_move_err = true;
			return 0;
		}
	}
	return 0;
}

/*
 * yin_stream's item: a node of the list, checked and added to st->part
 * (a list kept: to st->scratch, what depends on the tree's depth and on
 * the lists before it left to add_kept), its moves kept.  0, or -1
 * (memory).
 */
static int
take_node(struct yin *y, int list, int item, void *arg)
{
	struct stream	  *st = arg;
	const yaml_node_t *n = yin_node(y, item);
	uint8_t		   key[RULES_KEY_SIZE(RULES_MAX_CELLS)];
	size_t		   i = st->ids.n, len = 0;
	uint64_t	   id, turn;
	uint32_t	   v;
	struct diag	   d;
	struct stat_tree  *t = st->keep ? st->scratch : st->part;
	struct kept_node  *kn = NULL;

	if (partial_note_dup(
		y, (size_t)item - 1, &st->has_dup, &st->dup, &st->dup_at) == -1)
		return -1;
	if (st->stop)
		return st->oom ? -1 : 0;
	if (!yin_is(n, YAML_MAPPING_NODE)) {
		bad(&d, n, yin_node(y, list), "nodes: want a list of nodes");
		return list_fail(st, &d, ERR_BEFORE_TURN);
	}
	if (count_of(y, n, "id", &id, &d) == -1 ||
	    count_of(y, n, "turn", &turn, &d) == -1)
		return list_fail(st, &d, ERR_BEFORE_TURN);
	if (id != i + 1) {
		bad(&d, yin_get(y, n, "id"), n,
		    "id: want the nodes numbered from 1 in order");
		return list_fail(st, &d, ERR_BEFORE_TURN);
	}
	if (st->keep) {
		if (array_grow(
			&st->kn, &st->kncap, st->nkn + 1, sizeof *st->kn) == -1)
			return -1;
		kn = &st->kn[st->nkn++];
		*kn = (struct kept_node){ n->start_mark,
			yin_get(y, n, "turn")->start_mark, turn,
			STAT_TREE_NONE };
		st->kept[st->nkept - 1].n++;
	} else if (turn > t->depth) {
		bad(&d, yin_get(y, n, "turn"), n,
		    "turn: deeper than the tree's depth");
		return list_fail(st, &d, ERR_BEFORE_TURN);
	}
	if (read_key(yin_get(y, n, "key"), n, key, sizeof key, &len, &d) == -1)
		return list_fail(st, &d, ERR_KEY);
	/* A list kept: its turn told as the tree's depth would allow. */
	v = stat_tree_node(
	    t, st->group, key, len, kn != NULL ? 0 : (unsigned long)turn);
	if (v == STAT_TREE_NONE)
		return -1;
	if (t->node[v].c.games != 0) {
		yin_fail(&d, DIAG_PARTIAL_DUPLICATE, n->start_mark,
		    "a position listed twice");
		return list_fail(st, &d, ERR_TWICE);
	}
	if (kn != NULL)
		kn->node = v;
	if (read_count(y, t, n, &t->node[v].c, &d) == -1)
		return list_fail(st, &d, ERR_COUNT);
	if (array_grow(&st->ids.node, &st->idcap, st->ids.n + 1,
		sizeof *st->ids.node) == -1)
		return -1;
	st->ids.node[st->ids.n++] = v;
	return keep_moves(y, st, t, n, kn != NULL ? (uint32_t)i : v);
}

/*
 * A count of the scratch tree's (from) as one of t's (to): its examples,
 * strings of from, offered to t in their order.  0, or -1 (memory).
 */
static int
copy_count(struct stat_tree *t, struct stat_tree_count *to,
    const struct stat_tree *from, const struct stat_tree_count *c)
{
	struct stat_tree_count was = *c; /* c may be to */
	uint32_t	       k;

	*to = was;
	to->nex = 0;
	for (k = 0; k < was.nex; k++)
		if (stat_tree_example(t, to,
			stat_tree_string(from, was.exid[k]),
			was.exnum[k]) == -1)
			return -1;
	return 0;
}

/*
 * A list kept (struct stream) added to st->part's group, now that it is
 * known, as take_node and finish_list add a list read in order: each
 * node's turn against the tree's depth and its position against those
 * before it, the error found in the list told in its place, then its
 * moves.  0, or -1 with d filled.
 */
static int
add_kept(struct stream *st, struct kept *k, uint32_t group, struct diag *d)
{
	struct stat_tree *t = st->part, *s = st->scratch;
	struct stream	  was;
	struct kept_node *kn;
	struct pending	 *p;
	bool		  err = st->stop && st->err_list == k->list, last;
	uint32_t	  v;
	size_t		  i;

	st->ids.n = 0;
	for (i = 0; i < k->n; i++) {
		kn = &st->kn[k->first + i];
		last = err && i + 1 == k->n && st->err_step != ERR_BEFORE_TURN;
		if (kn->turn > t->depth)
			return yin_fail(d, DIAG_BAD_VALUE, kn->turn_at, "%s",
			    "turn: deeper than the tree's depth");
		if (last && st->err_step != ERR_COUNT)
			break;
		v = stat_tree_node(t, group, stat_tree_key(s, kn->node),
		    s->node[kn->node].keylen, (unsigned long)kn->turn);
		if (v == STAT_TREE_NONE)
			return report_reader_oom(d);
		if (t->node[v].c.games != 0)
			return yin_fail(d, DIAG_PARTIAL_DUPLICATE, kn->at,
			    "a position listed twice");
		if (last)
			break;
		if (copy_count(t, &t->node[v].c, s, &s->node[kn->node].c) ==
			-1 ||
		    array_grow(&st->ids.node, &st->idcap, st->ids.n + 1,
			sizeof *st->ids.node) == -1)
			return report_reader_oom(d);
		st->ids.node[st->ids.n++] = v;
	}
	if (err) {
		*d = st->err;
		return -1;
	}
	for (i = 0; i < k->nmv; i++) {
		p = &k->mv[i];
		p->from = st->ids.node[p->from];
		if ((p->move = stat_tree_intern(t, stat_tree_string(s, p->move),
			 strlen(stat_tree_string(s, p->move)))) ==
			STAT_TREE_NONE ||
		    (!p->bad_count && copy_count(t, &p->c, s, &p->c) == -1))
			return report_reader_oom(d);
	}
	/* Its moves, as finish_list adds those of a list read in order. */
	free(st->mv);
	st->mv = k->mv;
	st->nmv = st->mvcap = k->nmv;
	k->mv = NULL;
	st->has_move_err = k->has_move_err;
	st->move_err = k->move_err;
	st->list = k->list;
	st->keep = false;
	/* An error of a list after it was found as it was read: not yet. */
	was = *st;
	st->stop = false;
	finish_list(st);
	if (st->oom)
		return report_reader_oom(d);
	if (st->stop) {
		*d = st->err;
		return -1;
	}
	st->stop = was.stop;
	st->err_list = was.err_list;
	st->err = was.err;
	st->err_step = was.err_step;
	return 0;
}

static int
read_group(struct yin *y, struct stream *st, struct stat_tree *t,
    const yaml_node_t *g, struct diag *d)
{
	const yaml_node_t *c = yin_get(y, g, "colours"), *list;
	const char	  *game = yin_text(yin_get(y, g, "game"));
	const char	  *board = yin_text(yin_get(y, g, "board"));
	const char	  *colour[2];
	uint32_t	   group;
	int		   id;
	size_t		   i;

	if (!yin_is(g, YAML_MAPPING_NODE) || game == NULL || board == NULL ||
	    !yin_is_list(c, 2) ||
	    (colour[0] = yin_text(yin_item(y, c, 0))) == NULL ||
	    (colour[1] = yin_text(yin_item(y, c, 1))) == NULL)
		return bad(d, g, g, "a tree: want its game, board and colours");
	list = yin_get(y, g, "nodes");
	if (!yin_is(list, YAML_SEQUENCE_NODE))
		return bad(d, list, g, "nodes: want a list of nodes");
	id = (int)(list - y->nodes) + 1;
	for (i = 0; i < st->nkept; i++)
		if (st->kept[i].list == id) {
			group = stat_tree_group(t, game, board, colour);
			if (group == STAT_TREE_NONE)
				return report_reader_oom(d);
			return add_kept(st, &st->kept[i], group, d);
		}
	if (st->stop && st->err_list == id) {
		*d = st->err;
		return -1;
	}
	return 0; /* read as it came */
}

/*
 * The head: each key of a mapping once, partial, its end there, the
 * depth and --from of the trees before (t, or NULL).  The document's
 * tree into *part, made if no list was streamed into it.
 */
static int
read_head(struct yin *y, const struct stream *st, const yaml_node_t *root,
    const struct stat_tree *t, struct stat_tree **part, struct diag *d)
{
	const yaml_node_t *n = yin_get(y, root, "from"), *end;
	const char	  *p = yin_text(yin_get(y, root, "partial"));
	const char	  *from = yin_text(n);
	uint64_t	   depth, records, tail;

	if (partial_unique_keys(y, st->has_dup, &st->dup, st->dup_at, d) == -1)
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
	/* A tree streamed was made of the same depth: its from now. */
	if (*part == NULL &&
	    (*part = stat_tree_new((unsigned long)depth, from)) == NULL)
		return report_reader_oom(d);
	if (from != NULL && (*part)->from == NULL &&
	    ((*part)->from = strdup(from)) == NULL)
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

	if (n == NULL)
		return yin_fail(d, DIAG_REPORT_INCOMPLETE, root->end_mark,
		    "the partial tree has no covers, what it counted (an "
		    "older gamestat's): write it again");
	if ((*pc = stat_summary_new(NULL)) == NULL)
		return report_reader_oom(d);
	if (partial_read_covers(y, root, *pc, d) == -1)
		return -1;
	return partial_covers_from(y, n, *pc, cov, d);
}

static void
stream_fini(struct stream *st)
{
	size_t i;

	stat_tree_free(st->part);
	stat_tree_free(st->scratch);
	for (i = 0; i < st->nkept; i++)
		free(st->kept[i].mv);
	free(st->kept);
	free(st->kn);
	free(st->ids.node);
	free(st->mv);
}

int
report_read_tree(struct report_reader *rd, struct stat_tree **t,
    struct stat_summary *cov, struct diag *d)
{
	struct stream	     st;
	struct stat_summary *pc = NULL;
	const yaml_node_t   *root, *list;
	size_t		     i;
	int		     rc;

	d->code = DIAG_NONE;
	if (rd->y.done)
		return 0;
	memset(&st, 0, sizeof st);
	yin_stream(&rd->y, is_node_list, take_node, &st);
	rc = yin_load(&rd->y, d);
	if (rc == 1)
		finish_list(&st);
	yin_stream(&rd->y, NULL, NULL, NULL);
	if (rc == 0 && rd->ndocs == 0) {
		/* As a partial summary's: a lost shard is no empty tree. */
		rd->y.done = true;
		rc = yin_fail(d, DIAG_PARTIAL_EMPTY, (yaml_mark_t){ 0, 0, 0 },
		    "no partial tree: the input is empty");
	}
	if (rc != 1) {
		stream_fini(&st);
		return rc;
	}
	rd->ndocs++;
	if (st.oom) {
		report_reader_oom(d);
		goto out_stop;
	}
	root = report_reader_root(&rd->y, REPORT_TREE_SCHEMA,
	    "arbiter-summary/",
	    "a summary, not a tree (merge summaries without --tree)", d);
	if (root == NULL || read_head(&rd->y, &st, root, *t, &st.part, d) == -1)
		goto out_stop;
	list = yin_get(&rd->y, root, "trees");
	if (!yin_is(list, YAML_SEQUENCE_NODE)) {
		bad(d, list, root, "trees: want a list of trees");
		goto out_stop;
	}
	for (i = 0; i < yin_count(list); i++)
		if (read_group(&rd->y, &st, st.part, yin_item(&rd->y, list, i),
			d) == -1)
			goto out_stop;
	if (read_covers(&rd->y, root, cov, &pc, d) == -1 ||
	    partial_read_errors(&rd->y, root, pc, d) == -1)
		goto out_stop;
	if (*t == NULL) {
		*t = st.part;
		st.part = NULL;
	} else if (stat_tree_absorb(*t, st.part) == -1) {
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
	/* Merged, and said: the merge fails as the run did. */
	if (pc->errors)
		partial_errors_said(&rd->y, root, d);
	stat_summary_free(pc);
	stream_fini(&st);
	return 1;

out_stop:
	stat_summary_free(pc);
	stream_fini(&st);
	rd->y.done = true;
	return -1;
}
