/* SPDX-License-Identifier: MIT */
/*
 * The opening tree (tree.h).  Nodes, moves and strings live in growing
 * arrays, keys and string text in one buffer; a hash map finds a node by
 * its group and key, another a string by its text.  A node's moves are a
 * list through the edges (few per node: scanned), so that a move costs no
 * map of its own.  Figures are exact integers: a tree of shards merges
 * into the tree of the whole.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "stat/tree.h"

struct stat_tree *
stat_tree_new(unsigned long depth, const char *from)
{
	struct stat_tree *t;

	if ((t = calloc(1, sizeof *t)) == NULL)
		return NULL;
	t->depth = depth;
	if (from != NULL && (t->from = strdup(from)) == NULL) {
		free(t);
		return NULL;
	}
	buf_init(&t->bytes);
	hashmap_init(&t->by_key);
	hashmap_init(&t->by_str);
	return t;
}

void
stat_tree_free(struct stat_tree *t)
{
	if (t == NULL)
		return;
	free(t->from);
	free(t->group);
	free(t->node);
	free(t->edge);
	free(t->str);
	buf_fini(&t->bytes);
	hashmap_fini(&t->by_key);
	hashmap_fini(&t->by_str);
	free(t);
}

/* ---- Strings -------------------------------------------------------- */

const char *
stat_tree_string(const struct stat_tree *t, uint32_t s)
{
	return t->bytes.s + t->str[s];
}

struct str_probe {
	const struct stat_tree *t;
	size_t			len;
};

static bool
str_eq(const void *key, size_t value, const void *arg)
{
	const struct str_probe *p = arg;
	const char	       *s = stat_tree_string(p->t, (uint32_t)value);

	return strncmp(s, key, p->len) == 0 && s[p->len] == '\0';
}

uint32_t
stat_tree_intern(struct stat_tree *t, const char *s, size_t len)
{
	struct str_probe p = { t, len };
	uint64_t	 h = hashmap_hash(HASHMAP_HASH_INIT, s, len);
	size_t		 v;
	char		 nul = '\0';

	if ((v = hashmap_get(&t->by_str, h, s, str_eq, &p)) != HASHMAP_ABSENT)
		return (uint32_t)v;
	if (t->nstr >= STAT_TREE_NONE ||
	    array_grow(&t->str, &t->str_cap, t->nstr + 1, sizeof *t->str) == -1)
		return STAT_TREE_NONE;
	t->str[t->nstr] = t->bytes.len;
	if (buf_add(&t->bytes, s, len) == -1 ||
	    buf_add(&t->bytes, &nul, 1) == -1 ||
	    hashmap_put(&t->by_str, h, t->nstr) == -1) {
		t->bytes.len = t->str[t->nstr];
		return STAT_TREE_NONE;
	}
	return (uint32_t)t->nstr++;
}

/* ---- Groups, nodes and moves ---------------------------------------- */

uint32_t
stat_tree_group(struct stat_tree *t, const char *game, const char *board,
    const char *const colour[2])
{
	struct stat_tree_group g;
	size_t		       i;

	if ((g.game = stat_tree_intern(t, game, strlen(game))) ==
		STAT_TREE_NONE ||
	    (g.board = stat_tree_intern(t, board, strlen(board))) ==
		STAT_TREE_NONE ||
	    (g.colour[0] = stat_tree_intern(t, colour[0], strlen(colour[0]))) ==
		STAT_TREE_NONE ||
	    (g.colour[1] = stat_tree_intern(t, colour[1], strlen(colour[1]))) ==
		STAT_TREE_NONE)
		return STAT_TREE_NONE;
	/* A game and board is a group: one game has one set of colours. */
	for (i = 0; i < t->ngroups; i++)
		if (t->group[i].game == g.game && t->group[i].board == g.board)
			return (uint32_t)i;
	if (array_grow(&t->group, &t->groups_cap, t->ngroups + 1,
		sizeof *t->group) == -1)
		return STAT_TREE_NONE;
	t->group[t->ngroups] = g;
	return (uint32_t)t->ngroups++;
}

const uint8_t *
stat_tree_key(const struct stat_tree *t, uint32_t node)
{
	return (const uint8_t *)t->bytes.s + t->node[node].key;
}

struct key_probe {
	const struct stat_tree *t;
	uint32_t		group;
	size_t			len;
};

static bool
key_eq(const void *key, size_t value, const void *arg)
{
	const struct key_probe	    *p = arg;
	const struct stat_tree_node *n = &p->t->node[value];

	return n->group == p->group && n->keylen == p->len &&
	    memcmp(stat_tree_key(p->t, (uint32_t)value), key, p->len) == 0;
}

uint32_t
stat_tree_node(struct stat_tree *t, uint32_t group, const void *key, size_t len,
    unsigned long depth)
{
	struct key_probe       p = { t, group, len };
	struct stat_tree_node *n;
	uint64_t	       h;
	size_t		       v;

	h = hashmap_hash(HASHMAP_HASH_INIT, &group, sizeof group);
	h = hashmap_hash(h, key, len);
	if ((v = hashmap_get(&t->by_key, h, key, key_eq, &p)) !=
	    HASHMAP_ABSENT) {
		if (t->node[v].depth > depth)
			t->node[v].depth = (uint32_t)depth;
		return (uint32_t)v;
	}
	if (t->nnodes >= STAT_TREE_NONE || len > UINT32_MAX ||
	    array_grow(
		&t->node, &t->nodes_cap, t->nnodes + 1, sizeof *t->node) == -1)
		return STAT_TREE_NONE;
	n = &t->node[t->nnodes];
	memset(n, 0, sizeof *n);
	n->key = t->bytes.len;
	n->keylen = (uint32_t)len;
	n->group = group;
	n->depth = (uint32_t)depth;
	n->first = STAT_TREE_NONE;
	if (buf_add(&t->bytes, key, len) == -1 ||
	    hashmap_put(&t->by_key, h, t->nnodes) == -1) {
		t->bytes.len = n->key;
		return STAT_TREE_NONE;
	}
	return (uint32_t)t->nnodes++;
}

uint32_t
stat_tree_edge(struct stat_tree *t, uint32_t from, uint32_t move, uint32_t to)
{
	struct stat_tree_edge *e;
	uint32_t	       i;

	for (i = t->node[from].first; i != STAT_TREE_NONE; i = t->edge[i].next)
		if (t->edge[i].move == move && t->edge[i].to == to)
			return i;
	if (t->nedges >= STAT_TREE_NONE ||
	    array_grow(
		&t->edge, &t->edges_cap, t->nedges + 1, sizeof *t->edge) == -1)
		return STAT_TREE_NONE;
	e = &t->edge[t->nedges];
	memset(e, 0, sizeof *e);
	e->from = from;
	e->to = to;
	e->move = move;
	e->next = t->node[from].first;
	t->node[from].first = (uint32_t)t->nedges;
	return (uint32_t)t->nedges++;
}

/* ---- Figures -------------------------------------------------------- */

/* Example a against (id, number): <0, 0, >0. */
static int
example_cmp(const struct stat_tree *t, const struct stat_tree_count *c,
    uint32_t a, const char *id, uint64_t number)
{
	int r = strcmp(stat_tree_string(t, c->exid[a]), id);

	if (r != 0)
		return r;
	return c->exnum[a] < number ? -1 : c->exnum[a] > number;
}

int
stat_tree_example(struct stat_tree *t, struct stat_tree_count *c,
    const char *id, uint64_t number)
{
	uint32_t i, j, s;
	int	 r = 1;

	/* The place of (id, number) among the least, kept in order. */
	for (i = 0; i < c->nex && (r = example_cmp(t, c, i, id, number)) < 0;
	     i++)
		continue;
	if ((i < c->nex && r == 0) || i == STAT_TREE_EXAMPLES)
		return 0;
	if ((s = stat_tree_intern(t, id, strlen(id))) == STAT_TREE_NONE)
		return -1;
	j = c->nex < STAT_TREE_EXAMPLES ? c->nex++ : STAT_TREE_EXAMPLES - 1;
	for (; j > i; j--) {
		c->exid[j] = c->exid[j - 1];
		c->exnum[j] = c->exnum[j - 1];
	}
	c->exid[i] = s;
	c->exnum[i] = number;
	return 0;
}

int
stat_tree_add(struct stat_tree *t, struct stat_tree_count *c,
    const struct stat_tree_game *g)
{
	c->games++;
	if (g->decided && g->winner >= 0 && g->winner < 2)
		c->wins[g->winner]++;
	else if (g->decided)
		c->draws++;
	if (g->scored) {
		c->scored++;
		c->margin += g->margin;
	}
	return stat_tree_example(t, c, g->id, g->number);
}

static bool
add_u64(uint64_t *a, uint64_t b)
{
	if (*a > UINT64_MAX - b)
		return false;
	*a += b;
	return true;
}

int
stat_tree_merge(struct stat_tree *t, struct stat_tree_count *into,
    const struct stat_tree *src, const struct stat_tree_count *c)
{
	uint32_t i;

	if (!add_u64(&into->games, c->games) ||
	    !add_u64(&into->wins[0], c->wins[0]) ||
	    !add_u64(&into->wins[1], c->wins[1]) ||
	    !add_u64(&into->draws, c->draws) ||
	    !add_u64(&into->scored, c->scored) ||
	    (c->margin > 0 && into->margin > INT64_MAX - c->margin) ||
	    (c->margin < 0 && into->margin < INT64_MIN - c->margin)) {
		errno = ERANGE;
		return -1;
	}
	into->margin += c->margin;
	for (i = 0; i < c->nex; i++)
		if (stat_tree_example(t, into,
			stat_tree_string(src, c->exid[i]), c->exnum[i]) == -1)
			return -1;
	return 0;
}

/* Src's group g in t: its number, or NONE. */
static uint32_t
group_in(struct stat_tree *t, const struct stat_tree *src, uint32_t g)
{
	const struct stat_tree_group *x = &src->group[g];
	const char *c[2] = { stat_tree_string(src, x->colour[0]),
		stat_tree_string(src, x->colour[1]) };

	return stat_tree_group(t, stat_tree_string(src, x->game),
	    stat_tree_string(src, x->board), c);
}

int
stat_tree_absorb(struct stat_tree *t, const struct stat_tree *src)
{
	const struct stat_tree_node *n;
	const struct stat_tree_edge *e;
	uint32_t		    *map, *gmap, m, k;
	size_t			     i;
	int			     rc = -1;

	map = calloc(src->nnodes + 1, sizeof *map);
	gmap = calloc(src->ngroups + 1, sizeof *gmap);
	if (map == NULL || gmap == NULL)
		goto out_free;
	for (i = 0; i < src->ngroups; i++)
		if ((gmap[i] = group_in(t, src, (uint32_t)i)) == STAT_TREE_NONE)
			goto out_free;
	for (i = 0; i < src->nnodes; i++) {
		n = &src->node[i];
		if ((map[i] = stat_tree_node(t, gmap[n->group],
			 stat_tree_key(src, (uint32_t)i), n->keylen,
			 n->depth)) == STAT_TREE_NONE ||
		    stat_tree_merge(t, &t->node[map[i]].c, src, &n->c) == -1)
			goto out_free;
	}
	for (i = 0; i < src->nedges; i++) {
		e = &src->edge[i];
		m = stat_tree_intern(t, stat_tree_string(src, e->move),
		    strlen(stat_tree_string(src, e->move)));
		if (m == STAT_TREE_NONE ||
		    (k = stat_tree_edge(t, map[e->from], m, map[e->to])) ==
			STAT_TREE_NONE ||
		    stat_tree_merge(t, &t->edge[k].c, src, &e->c) == -1)
			goto out_free;
	}
	if (!add_u64(&t->records, src->records)) {
		errno = ERANGE;
		goto out_free;
	}
	rc = 0;
out_free:
	free(map);
	free(gmap);
	return rc;
}

/* ---- Order ---------------------------------------------------------- */

/* qsort has no argument: the tree being ordered, one thread at a time. */
static const struct stat_tree *sorting;

static int
move_cmp(const void *a, const void *b)
{
	const struct stat_tree_edge *x = &sorting->edge[*(const uint32_t *)a];
	const struct stat_tree_edge *y = &sorting->edge[*(const uint32_t *)b];
	int			     r;

	if (x->c.games != y->c.games)
		return x->c.games > y->c.games ? -1 : 1;
	r = strcmp(stat_tree_string(sorting, x->move),
	    stat_tree_string(sorting, y->move));
	if (r != 0)
		return r;
	/* One move, two positions after it: never, but ordered all the same. */
	return memcmp(stat_tree_key(sorting, x->to),
	    stat_tree_key(sorting, y->to), sorting->node[x->to].keylen);
}

static int
root_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	uint32_t lx = sorting->node[x].keylen, ly = sorting->node[y].keylen;
	int	 r;

	r = memcmp(stat_tree_key(sorting, x), stat_tree_key(sorting, y),
	    lx < ly ? lx : ly);
	return r != 0 ? r : lx < ly ? -1 : lx > ly;
}

static int
group_cmp(const void *a, const void *b)
{
	const struct stat_tree_group *x = &sorting->group[*(const uint32_t *)a];
	const struct stat_tree_group *y = &sorting->group[*(const uint32_t *)b];
	int			      r;

	r = strcmp(stat_tree_string(sorting, x->game),
	    stat_tree_string(sorting, y->game));
	return r != 0 ? r :
			strcmp(stat_tree_string(sorting, x->board),
			    stat_tree_string(sorting, y->board));
}

uint32_t *
stat_tree_groups(const struct stat_tree *t)
{
	uint32_t *g;
	size_t	  i;

	if ((g = calloc(t->ngroups + 1, sizeof *g)) == NULL)
		return NULL;
	for (i = 0; i < t->ngroups; i++)
		g[i] = (uint32_t)i;
	sorting = t;
	qsort(g, t->ngroups, sizeof *g, group_cmp);
	return g;
}

uint32_t *
stat_tree_moves(const struct stat_tree *t, uint32_t node, size_t *n)
{
	uint32_t *m, i;
	size_t	  k = 0;

	*n = 0;
	for (i = t->node[node].first; i != STAT_TREE_NONE; i = t->edge[i].next)
		k++;
	/* NULL with *n set: memory ran out. */
	*n = k;
	if (k == 0 || (m = calloc(k, sizeof *m)) == NULL)
		return NULL;
	k = 0;
	for (i = t->node[node].first; i != STAT_TREE_NONE; i = t->edge[i].next)
		m[k++] = i;
	sorting = t;
	qsort(m, k, sizeof *m, move_cmp);
	return m;
}

uint32_t *
stat_tree_order(const struct stat_tree *t, uint32_t group, size_t *n)
{
	uint32_t *list, *moves;
	uint8_t	 *seen;
	size_t	  k = 0, head, nm, i;

	*n = 0;
	list = calloc(t->nnodes + 1, sizeof *list);
	seen = calloc(t->nnodes + 1, 1);
	if (list == NULL || seen == NULL)
		goto out_fail;
	for (i = 0; i < t->nnodes; i++)
		if (t->node[i].group == group && t->node[i].depth == 0) {
			list[k++] = (uint32_t)i;
			seen[i] = 1;
		}
	sorting = t;
	qsort(list, k, sizeof *list, root_cmp);
	for (head = 0; head < k; head++) {
		moves = stat_tree_moves(t, list[head], &nm);
		if (moves == NULL && nm > 0)
			goto out_fail;
		for (i = 0; i < nm; i++)
			if (!seen[t->edge[moves[i]].to]) {
				seen[t->edge[moves[i]].to] = 1;
				list[k++] = t->edge[moves[i]].to;
			}
		free(moves);
	}
	free(seen);
	*n = k;
	return list;

out_fail:
	free(list);
	free(seen);
	return NULL;
}
