/* SPDX-License-Identifier: MIT */
/*
 * Perft with figures (rules_perft_count): the generic walk through the
 * registry's legal and play, split by first action for --divide, and the
 * transposition table that lets a position reached by two orders of turns
 * be counted once.  The fast walks of single games stay in their files
 * (their perft and perft_count entries); notation and printing are the
 * tools'.
 */
#include <stdlib.h>
#include <string.h>

#include "rules/perft.h"
#include "rules/rules.h"

/* One entry: 40 bytes; key 0 with depth 0 is an empty slot. */
struct perft_entry {
	uint64_t		 key;
	struct rules_perft_count c;
	int32_t			 depth;
};

/* One block of heap: the mask, then the entries. */
struct rules_perft_table {
	size_t		   mask; /* entries - 1, a power of two */
	struct perft_entry e[];
};

/* What one walk needs: the game, its board and the table. */
struct perft_walk {
	const struct rules_game	 *g;
	const struct rules_board *b;
	struct rules_perft_table *t;
};

uint64_t
perft_mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

void
perft_count_add(struct rules_perft_count *a, const struct rules_perft_count *b)
{
	a->nodes += b->nodes;
	a->passes += b->passes;
	a->ended += b->ended;
}

struct rules_perft_table *
rules_perft_table_new(size_t bytes)
{
	struct rules_perft_table *t;
	size_t			  n = 2;

	if (bytes / sizeof(struct perft_entry) < 2)
		return NULL;
	while (n <= bytes / sizeof(struct perft_entry) / 2)
		n *= 2;
	if ((t = calloc(1, sizeof *t + n * sizeof *t->e)) == NULL)
		return NULL;
	t->mask = n - 1;
	return t;
}

void
rules_perft_table_clear(struct rules_perft_table *t)
{
	memset(t->e, 0, (t->mask + 1) * sizeof *t->e);
}

void
rules_perft_table_free(struct rules_perft_table *t)
{
	free(t);
}

/*
 * Buckets of two: the first slot keeps the deeper subtree (the more work
 * saved), the second takes whatever the first refused, so that recent
 * shallow subtrees are kept too.
 */
bool
perft_table_probe(const struct rules_perft_table *t, uint64_t key, int depth,
    struct rules_perft_count *c)
{
	const struct perft_entry *e;

	if (t == NULL)
		return false;
	e = &t->e[key & t->mask & ~(size_t)1];
	if (e[0].key == key && e[0].depth == depth) {
		perft_count_add(c, &e[0].c);
		return true;
	}
	if (e[1].key == key && e[1].depth == depth) {
		perft_count_add(c, &e[1].c);
		return true;
	}
	return false;
}

void
perft_table_store(struct rules_perft_table *t, uint64_t key, int depth,
    const struct rules_perft_count *c)
{
	struct perft_entry *e;

	if (t == NULL)
		return;
	e = &t->e[key & t->mask & ~(size_t)1];
	if (depth < e[0].depth && e[0].key != key)
		e++;
	e->key = key;
	e->depth = depth;
	e->c = *c;
}

/*
 * Zobrist key of a state at a turn start: one value per (cell, piece),
 * drawn from perft_mix so that no table is kept, and what else decides
 * the subtree: the colour to move, and the turn while the pie rule may
 * still be used (its swap is offered on turn 2 only).  Nothing more is
 * needed: every game here judges a turn start from its pieces alone
 * (Reversi's end by two passes is a board neither side can move on).
 */
static uint64_t
state_key(const struct perft_walk *w, const void *st)
{
	const struct rules_head *h = st;
	uint64_t		 key;
	int			 i, p;

	key = perft_mix(UINT64_C(0x5eed) + h->to_move +
	    (h->pie && h->turn <= 2 ? 2 * (uint64_t)h->turn : 0));
	for (i = 0; i < w->b->ncells; i++)
		if ((p = w->g->piece(w->b, st, i)) != RULES_EMPTY)
			key ^= perft_mix(((uint64_t)i << 8 | (uint64_t)p) +
			    UINT64_C(0x9e3779b97f4a7c15));
	return key;
}

static int walk_turn(const struct perft_walk *, const void *, int, int,
    struct rules_perft_count *);

/* g's state size rounded up so that actions may follow a state. */
static size_t
walk_state_size(const struct rules_game *g)
{
	size_t a = _Alignof(struct rules_action);

	return (g->state_size + a - 1) / a * a;
}

/*
 * The counts below the child of an action: the rest of the turn when it
 * goes on (later removals of it only above `to', so that each set is
 * counted once), else the next turn, depth - 1.
 */
static int
walk_child(const struct perft_walk *w, const void *child,
    const struct rules_action *a, int depth, struct rules_perft_count *c)
{
	const struct rules_head *h = child;

	if (h->phase == RULES_TURN_MIDDLE)
		return walk_turn(w, child, depth,
		    a->kind == RULES_REMOVE ? a->to + 1 : 0, c);
	if (depth == 1) {
		c->nodes++;
		if (a->kind == RULES_PASS)
			c->passes++;
		return 0;
	}
	if (w->g->perft_count != NULL)
		return w->g->perft_count(w->b, child, depth - 1, w->t, c);
	return walk_turn(w, child, depth - 1, 0, c);
}

/* The counts of st's tree, depth >= 1 turns, minrem as walk_child's. */
static int
walk_turn(const struct perft_walk *w, const void *st, int depth, int minrem,
    struct rules_perft_count *c)
{
	const struct rules_head *h = st;
	struct rules_perft_count sub = { 0 };
	struct rules_action	*acts;
	unsigned char		*child;
	uint64_t		 key = 0;
	size_t			 n, i, size = walk_state_size(w->g);
	int			 rc = 0;
	bool			 hashed;

	if (rules_state_phase(w->g, w->b, st) == RULES_GAME_OVER) {
		c->nodes++;
		c->ended++;
		return 0;
	}
	hashed = w->t != NULL && h->phase == RULES_TURN_START && depth >= 2;
	if (hashed && perft_table_probe(w->t, key = state_key(w, st), depth, c))
		return 0;
	n = rules_state_legal(w->g, w->b, st, NULL, 0);
	/* One block a node: the child's state, then the actions. */
	if ((child = malloc(size + (n + 1) * sizeof *acts)) == NULL)
		return -1;
	acts = (struct rules_action *)(child + size);
	rules_state_legal(w->g, w->b, st, acts, n);
	for (i = 0; i < n && rc == 0; i++) {
		if (acts[i].kind == RULES_REMOVE && acts[i].to < minrem)
			continue;
		memcpy(child, st, w->g->state_size);
		if (rules_state_play(w->g, w->b, child, &acts[i], NULL) == -1)
			continue;
		rc = walk_child(w, child, &acts[i], depth, &sub);
	}
	if (rc == 0) {
		if (hashed)
			perft_table_store(w->t, key, depth, &sub);
		perft_count_add(c, &sub);
	}
	free(child);
	return rc;
}

int
perft_walk(const struct rules_game *g, const struct rules_board *b,
    const void *st, int depth, struct rules_perft_table *t,
    struct rules_perft_count *c)
{
	struct perft_walk w = { g, b, t };

	if (depth == 0) {
		c->nodes++;
		return 0;
	}
	return walk_turn(&w, st, depth, 0, c);
}

int
rules_perft_count(const struct rules_position *pos, int depth,
    struct rules_perft_table *t, struct rules_perft_count *c)
{
	const struct rules_game *g = pos->game;

	memset(c, 0, sizeof *c);
	if (g->perft_count != NULL)
		return g->perft_count(&pos->board, pos->state, depth, t, c);
	return perft_walk(g, &pos->board, pos->state, depth, t, c);
}

int
rules_perft_divide(const struct rules_position *pos, int depth,
    struct rules_perft_table *t, struct rules_perft_count *c,
    void (*each)(
	const struct rules_action *, const struct rules_perft_count *, void *),
    void *arg)
{
	struct perft_walk	 w = { pos->game, &pos->board, t };
	struct rules_perft_count sub;
	struct rules_action	*acts;
	struct rules_position	*child;
	size_t			 n, i;
	int			 rc = 0;

	memset(c, 0, sizeof *c);
	if (depth == 0 || rules_phase(pos) == RULES_GAME_OVER)
		return rules_perft_count(pos, depth, t, c);
	n = rules_legal(pos, NULL, 0);
	acts = malloc((n + 1) * sizeof *acts);
	child = rules_position_dup(pos);
	if (acts == NULL || child == NULL) {
		rc = -1;
		goto out_free;
	}
	rules_legal(pos, acts, n);
	for (i = 0; i < n && rc == 0; i++) {
		rules_position_copy(child, pos);
		if (rules_play(child, &acts[i], NULL) == -1)
			continue;
		memset(&sub, 0, sizeof sub);
		if ((rc = walk_child(
			 &w, child->state, &acts[i], depth, &sub)) == 0) {
			each(&acts[i], &sub, arg);
			perft_count_add(c, &sub);
		}
	}
out_free:
	rules_position_free(child);
	free(acts);
	return rc;
}
