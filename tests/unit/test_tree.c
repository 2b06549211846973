/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the opening tree's state (stat/tree.h): the least
 * examples kept, in order and once each; trees of any split absorbed
 * into exactly the tree of one pass; the order moves and nodes are
 * written in; counts that would overflow refused.
 */
#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "stat/tree.h"
#include "unit.h"

static const char *const colours[2] = { "black", "white" };

/* A line of games: game i plays moves[i] from one root, then "x". */
static void
add_games(struct stat_tree *t, const char *const *moves, size_t from, size_t to)
{
	struct stat_tree_game g = { .decided = true, .scored = true };
	uint32_t	      grp, root, mid, leaf, e;
	char		      id[16];
	uint8_t		      key[2];
	size_t		      i;

	grp = stat_tree_group(t, "reversi", "8x8", colours);
	ck_assert_uint_ne(grp, STAT_TREE_NONE);
	for (i = from; i < to; i++) {
		snprintf(id, sizeof id, "g%zu", i % 7);
		g.id = id;
		g.number = i;
		g.winner = (int)(i % 3) - 1;
		g.margin = (long long)i - 4;
		key[0] = 0;
		key[1] = 0;
		root = stat_tree_node(t, grp, key, 2, 0);
		key[0] = (uint8_t)moves[i][0];
		mid = stat_tree_node(t, grp, key, 2, 1);
		key[1] = 1;
		leaf = stat_tree_node(t, grp, key, 2, 2);
		ck_assert_int_eq(stat_tree_add(t, &t->node[root].c, &g), 0);
		ck_assert_int_eq(stat_tree_add(t, &t->node[mid].c, &g), 0);
		ck_assert_int_eq(stat_tree_add(t, &t->node[leaf].c, &g), 0);
		e = stat_tree_edge(t, root,
		    stat_tree_intern(t, moves[i], strlen(moves[i])), mid);
		ck_assert_int_eq(stat_tree_add(t, &t->edge[e].c, &g), 0);
		e = stat_tree_edge(t, mid, stat_tree_intern(t, "x", 1), leaf);
		ck_assert_int_eq(stat_tree_add(t, &t->edge[e].c, &g), 0);
		t->records++;
	}
}

static const char *const line[] = { "f5", "d3", "f5", "c4", "f5", "d3", "e6",
	"f5", "d3" };
#define NLINE (sizeof line / sizeof line[0])

static void
same_count(const struct stat_tree *a, const struct stat_tree_count *x,
    const struct stat_tree *b, const struct stat_tree_count *y)
{
	uint32_t i;

	ck_assert_uint_eq(x->games, y->games);
	ck_assert_uint_eq(x->wins[0], y->wins[0]);
	ck_assert_uint_eq(x->wins[1], y->wins[1]);
	ck_assert_uint_eq(x->draws, y->draws);
	ck_assert_uint_eq(x->scored, y->scored);
	ck_assert_int_eq(x->margin, y->margin);
	ck_assert_uint_eq(x->nex, y->nex);
	for (i = 0; i < x->nex; i++) {
		ck_assert_str_eq(stat_tree_string(a, x->exid[i]),
		    stat_tree_string(b, y->exid[i]));
		ck_assert_uint_eq(x->exnum[i], y->exnum[i]);
	}
}

START_TEST(test_examples)
{
	struct stat_tree      *t = stat_tree_new(2, NULL);
	struct stat_tree_count c;

	memset(&c, 0, sizeof c);
	ck_assert_int_eq(stat_tree_example(t, &c, "b.pgn", 9), 0);
	ck_assert_int_eq(stat_tree_example(t, &c, "a.pgn", 12), 0);
	ck_assert_int_eq(stat_tree_example(t, &c, "b.pgn", 9), 0);
	ck_assert_int_eq(stat_tree_example(t, &c, "b.pgn", 10), 0);
	ck_assert_int_eq(stat_tree_example(t, &c, "a.pgn", 3), 0);
	ck_assert_int_eq(stat_tree_example(t, &c, "c.pgn", 1), 0);
	/* The least three by name, then number; b.pgn 9 once. */
	ck_assert_uint_eq(c.nex, 3);
	ck_assert_str_eq(stat_tree_string(t, c.exid[0]), "a.pgn");
	ck_assert_uint_eq(c.exnum[0], 3);
	ck_assert_str_eq(stat_tree_string(t, c.exid[1]), "a.pgn");
	ck_assert_uint_eq(c.exnum[1], 12);
	ck_assert_str_eq(stat_tree_string(t, c.exid[2]), "b.pgn");
	ck_assert_uint_eq(c.exnum[2], 9);
	stat_tree_free(t);
}
END_TEST

START_TEST(test_absorb_exact)
{
	struct stat_tree *whole = stat_tree_new(2, NULL), *sum, *part;
	size_t		  cut, i, n;
	uint32_t	  v, *order, *o2;

	add_games(whole, line, 0, NLINE);
	for (cut = 0; cut <= NLINE; cut++) {
		/* The second part first: the order of a merge is no matter. */
		sum = stat_tree_new(2, NULL);
		part = stat_tree_new(2, NULL);
		add_games(part, line, cut, NLINE);
		ck_assert_int_eq(stat_tree_absorb(sum, part), 0);
		stat_tree_free(part);
		part = stat_tree_new(2, NULL);
		add_games(part, line, 0, cut);
		ck_assert_int_eq(stat_tree_absorb(sum, part), 0);
		stat_tree_free(part);
		ck_assert_uint_eq(sum->records, whole->records);
		ck_assert_uint_eq(sum->nnodes, whole->nnodes);
		ck_assert_uint_eq(sum->nedges, whole->nedges);
		order = stat_tree_order(whole, 0, &n);
		o2 = stat_tree_order(sum, 0, &i);
		ck_assert_uint_eq(n, i);
		for (i = 0; i < n; i++) {
			v = order[i];
			ck_assert_mem_eq(stat_tree_key(whole, v),
			    stat_tree_key(sum, o2[i]), 2);
			same_count(
			    whole, &whole->node[v].c, sum, &sum->node[o2[i]].c);
		}
		free(order);
		free(o2);
		stat_tree_free(sum);
	}
	stat_tree_free(whole);
}
END_TEST

START_TEST(test_order)
{
	struct stat_tree *t = stat_tree_new(2, NULL);
	uint32_t	 *m, *order;
	size_t		  n;

	add_games(t, line, 0, NLINE);
	/* f5 4 games, d3 3, then c4 and e6 1 each, by text. */
	m = stat_tree_moves(t, 0, &n);
	ck_assert_uint_eq(n, 4);
	ck_assert_str_eq(stat_tree_string(t, t->edge[m[0]].move), "f5");
	ck_assert_uint_eq(t->edge[m[0]].c.games, 4);
	ck_assert_str_eq(stat_tree_string(t, t->edge[m[1]].move), "d3");
	ck_assert_str_eq(stat_tree_string(t, t->edge[m[2]].move), "c4");
	ck_assert_str_eq(stat_tree_string(t, t->edge[m[3]].move), "e6");
	/* The root, its four children in that order, then their leaves. */
	order = stat_tree_order(t, 0, &n);
	ck_assert_uint_eq(n, 9);
	ck_assert_uint_eq(order[0], 0);
	ck_assert_uint_eq(order[1], t->edge[m[0]].to);
	ck_assert_uint_eq(order[4], t->edge[m[3]].to);
	free(order);
	free(m);
	stat_tree_free(t);
}
END_TEST

START_TEST(test_overflow)
{
	struct stat_tree      *t = stat_tree_new(2, NULL);
	struct stat_tree_count a, b;

	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	a.games = UINT64_MAX;
	b.games = 1;
	errno = 0;
	ck_assert_int_eq(stat_tree_merge(t, &a, t, &b), -1);
	ck_assert_int_eq(errno, ERANGE);
	ck_assert_uint_eq(a.games, UINT64_MAX);
	a.games = 0;
	a.margin = INT64_MIN;
	b.margin = -1;
	ck_assert_int_eq(stat_tree_merge(t, &a, t, &b), -1);
	stat_tree_free(t);
}
END_TEST

UNIT_MAIN("tree",
    unit_tcase("core", 0, test_examples, test_absorb_exact, test_order,
	test_overflow, NULL))
