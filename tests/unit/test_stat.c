/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the statistics state: counting games, merging states built
 * from any split into exactly the state of one pass, nearest-rank
 * quantiles, the Wilson interval, Bradley-Terry ratings, and the Elo
 * figures and SPRT of a match (elo.h), on cases small enough to work out
 * by hand.
 */
#include <check.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stat/elo.h"
#include "stat/figures.h"
#include "stat/stat.h"
#include "unit.h"

static const char *const colours[2] = { "black", "white" };

/* A finished Reversi game: black's and white's discs, the players. */
static struct stat_game
game(int black, int white, const char *pb, const char *pw)
{
	struct stat_game g;

	memset(&g, 0, sizeof g);
	g.game = "reversi";
	g.board = "8x8";
	g.colour[0] = colours[0];
	g.colour[1] = colours[1];
	g.status = STAT_FINISHED;
	g.turns = 60 + (black % 3);
	g.actions = g.turns;
	g.winner = black > white ? 0 : black < white ? 1 : -1;
	g.has_score = true;
	g.points[0] = black;
	g.points[1] = white;
	g.player[0] = pb;
	g.player[1] = pw;
	g.nseries = 1;
	g.series[0].name = "discs";
	g.series[0].value[0] = black;
	g.series[0].value[1] = white;
	return g;
}

START_TEST(test_add)
{
	struct stat_summary *s = stat_summary_new(NULL);
	struct stat_game     g = game(40, 24, "Ada", "Brian");
	struct stat_group   *gr;

	ck_assert_int_eq(stat_add(s, &g), 0);
	g = game(20, 44, "Brian", "Ada");
	ck_assert_int_eq(stat_add(s, &g), 0);
	g = game(32, 32, "Ada", "Brian");
	ck_assert_int_eq(stat_add(s, &g), 0);
	g.status = STAT_ILLEGAL;
	ck_assert_int_eq(stat_add(s, &g), 0);
	ck_assert_int_eq(s->ngroups, 1);
	gr = s->group[0];
	ck_assert_uint_eq(gr->records, 4);
	ck_assert_uint_eq(gr->finished, 3);
	ck_assert_uint_eq(gr->illegal, 1);
	ck_assert_uint_eq(gr->colour_wins[0], 1);
	ck_assert_uint_eq(gr->colour_wins[1], 1);
	ck_assert_uint_eq(gr->draws, 1);
	/* Margins -24, 0, 16, ascending. */
	ck_assert_uint_eq(gr->margin.n, 3);
	ck_assert_int_eq(gr->margin.value[0], -24);
	ck_assert_int_eq(gr->margin.value[1], 0);
	ck_assert_int_eq(gr->margin.value[2], 16);
	ck_assert_uint_eq(gr->series[0].by_colour[0].sum, 92);
	ck_assert_uint_eq(gr->series[0].by_colour[0].sumsq, 1600 + 400 + 1024);
	/* Ada won both decisive games against Brian, one draw. */
	ck_assert_uint_eq(gr->nplayers, 2);
	ck_assert_uint_eq(gr->npairs, 1);
	ck_assert_uint_eq(gr->pair[0].wins_a + gr->pair[0].wins_b, 2);
	ck_assert_uint_eq(gr->pair[0].draws, 1);
	ck_assert_uint_eq(
	    gr->pair[0].a == 0 ? gr->pair[0].wins_a : gr->pair[0].wins_b, 2);
	stat_summary_free(s);
}
END_TEST

START_TEST(test_swap_seats)
{
	struct stat_summary *s = stat_summary_new(NULL);
	struct stat_game     g = game(40, 24, "Ada", "Brian");

	/* After a swap the first mover holds White: Black's win is seat 2. */
	g.swapped = true;
	ck_assert_int_eq(stat_add(s, &g), 0);
	ck_assert_uint_eq(s->group[0]->colour_wins[0], 1);
	ck_assert_uint_eq(s->group[0]->seat_wins[STAT_SECOND], 1);
	ck_assert_uint_eq(s->group[0]->seat_wins[STAT_FIRST], 0);
	stat_summary_free(s);
}
END_TEST

/* Everything two groups hold, compared field by field, pairs by names. */
static void
assert_same_group(const struct stat_group *x, const struct stat_group *y)
{
	size_t i, j;

	ck_assert_uint_eq(x->records, y->records);
	ck_assert_uint_eq(x->finished, y->finished);
	ck_assert_uint_eq(x->draws, y->draws);
	ck_assert_uint_eq(x->seat_wins[0], y->seat_wins[0]);
	ck_assert_uint_eq(x->margin.n, y->margin.n);
	for (i = 0; i < x->margin.n; i++) {
		ck_assert_int_eq(x->margin.value[i], y->margin.value[i]);
		ck_assert_uint_eq(x->margin.count[i], y->margin.count[i]);
	}
	ck_assert_uint_eq(x->nseries, y->nseries);
	ck_assert_uint_eq(
	    x->series[0].by_colour[1].sumsq, y->series[0].by_colour[1].sumsq);
	ck_assert_uint_eq(x->nplayers, y->nplayers);
	ck_assert_uint_eq(x->npairs, y->npairs);
	for (i = 0; i < x->npairs; i++) {
		const struct stat_pair *p = &x->pair[i], *q = NULL;
		const char *a = x->player[p->a], *b = x->player[p->b];

		for (j = 0; j < y->npairs; j++) {
			q = &y->pair[j];
			if (strcmp(y->player[q->a], a) == 0 &&
			    strcmp(y->player[q->b], b) == 0) {
				ck_assert_uint_eq(q->wins_a, p->wins_a);
				ck_assert_uint_eq(q->wins_b, p->wins_b);
				break;
			}
			if (strcmp(y->player[q->a], b) == 0 &&
			    strcmp(y->player[q->b], a) == 0) {
				ck_assert_uint_eq(q->wins_a, p->wins_b);
				ck_assert_uint_eq(q->wins_b, p->wins_a);
				break;
			}
		}
		ck_assert_uint_lt(j, y->npairs);
		ck_assert_uint_eq(q->draws, p->draws);
	}
}

START_TEST(test_merge_exact)
{
	static const char *const names[] = { "Ada", "Brian", "Chen", "Dana" };
	struct stat_summary	*whole = stat_summary_new(NULL), *part[3];
	struct stat_summary	*merged = stat_summary_new(NULL);
	struct stat_game	 g;
	unsigned		 seed = 7;
	int			 i, k;

	for (k = 0; k < 3; k++)
		part[k] = stat_summary_new(NULL);
	for (i = 0; i < 300; i++) {
		int b;

		seed = seed * 1103515245u + 12345u;
		b = (int)(seed >> 16) % 65;
		g = game(
		    b, 64 - b, names[(seed >> 8) % 4], names[(seed >> 12) % 4]);
		ck_assert_int_eq(stat_add(whole, &g), 0);
		ck_assert_int_eq(stat_add(part[(seed >> 20) % 3], &g), 0);
	}
	/*
	 * Merged in another order than the parts were made, each part freed
	 * once merged: the sum holds nothing of its parts'.
	 */
	for (k = 0; k < 3; k++) {
		ck_assert_int_eq(stat_merge(merged, part[(k + 2) % 3]), 0);
		stat_summary_free(part[(k + 2) % 3]);
	}
	ck_assert_uint_eq(merged->records, whole->records);
	ck_assert_uint_eq(merged->ngroups, 1);
	assert_same_group(whole->group[0], merged->group[0]);
	stat_summary_free(whole);
	stat_summary_free(merged);
}
END_TEST

START_TEST(test_groups_sorted)
{
	struct stat_summary *s = stat_summary_new("Event");
	struct stat_group  **v;
	struct stat_game     g = game(40, 24, "Ada", "Brian");

	g.value = "b";
	stat_add(s, &g);
	g.value = NULL;
	stat_add(s, &g);
	g.value = "a";
	stat_add(s, &g);
	g.board = "6x6";
	stat_add(s, &g);
	v = stat_groups_sorted(s);
	ck_assert_ptr_null(v[0]->value);
	ck_assert_str_eq(v[1]->value, "a");
	ck_assert_str_eq(v[1]->board, "6x6");
	ck_assert_str_eq(v[2]->board, "8x8");
	ck_assert_str_eq(v[3]->value, "b");
	free(v);
	stat_summary_free(s);
}
END_TEST

START_TEST(test_quantiles)
{
	struct stat_hist    h = { 0 };
	struct stat_moments m;
	double		    mean, sd;

	/* 1, 2, 2, 3, 10: nearest rank. */
	stat_hist_add(&h, 2, 2);
	stat_hist_add(&h, 10, 1);
	stat_hist_add(&h, 1, 1);
	stat_hist_add(&h, 3, 1);
	ck_assert_int_eq(stat_hist_quantile(&h, 0), 1);
	ck_assert_int_eq(stat_hist_quantile(&h, 250), 2);
	ck_assert_int_eq(stat_hist_quantile(&h, 500), 2);
	ck_assert_int_eq(stat_hist_quantile(&h, 750), 3);
	ck_assert_int_eq(stat_hist_quantile(&h, 900), 10);
	ck_assert_int_eq(stat_hist_quantile(&h, 1000), 10);
	stat_hist_moments(&h, &m);
	ck_assert_uint_eq(m.n, 5);
	ck_assert_int_eq(m.sum, 18);
	ck_assert_uint_eq(m.sumsq, 118);
	ck_assert(stat_moments_mean_sd(&m, &mean, &sd));
	ck_assert_double_eq_tol(mean, 3.6, 1e-12);
	/* (118 - 18^2/5) / 4 = 13.3 */
	ck_assert_double_eq_tol(sd, sqrt(13.3), 1e-12);
	free(h.value);
	free(h.count);
}
END_TEST

START_TEST(test_wilson)
{
	double lo, hi;

	ck_assert(!stat_wilson(0, 0, 1.959964, &lo, &hi));
	/* 5 of 10: 0.5 -+ 1.96/1.38416 * sqrt(0.025 + 0.009604). */
	ck_assert(stat_wilson(5, 10, 1.959964, &lo, &hi));
	ck_assert_double_eq_tol(lo, 0.236593, 1e-5);
	ck_assert_double_eq_tol(hi, 0.763407, 1e-5);
	/* 0 of 10: the interval still has width, from 0. */
	ck_assert(stat_wilson(0, 10, 1.959964, &lo, &hi));
	ck_assert_double_eq_tol(lo, 0, 1e-12);
	ck_assert_double_eq_tol(hi, 0.277535, 1e-5);
}
END_TEST

START_TEST(test_ratings_hand)
{
	struct stat_summary *s = stat_summary_new(NULL);
	struct stat_game     g;
	struct stat_rating  *r;
	int		     i;

	/* Ada 3 - 1 Brian: strengths 3 : 1, so 400 log10 3 Elo apart. */
	for (i = 0; i < 4; i++) {
		g = game(i < 3 ? 40 : 20, i < 3 ? 24 : 44, "Ada", "Brian");
		stat_add(s, &g);
	}
	ck_assert_int_eq(stat_ratings(s->group[0], 0, &r), 0);
	ck_assert_str_eq(r[0].name, "Ada");
	ck_assert_uint_eq(r[0].wins, 3);
	ck_assert_uint_eq(r[0].losses, 1);
	ck_assert_uint_eq(r[1].games, 4);
	ck_assert_double_eq_tol(
	    r[0].rating - r[1].rating, 400 * log10(3.0), 1e-6);
	ck_assert_double_eq_tol(r[0].rating + r[1].rating, 0, 1e-6);
	/* Information 4 * 3/4 * 1/4 = 3/4 for each. */
	ck_assert_double_eq_tol(
	    r[0].error, 1.959964 * 400 / log(10) / sqrt(0.75), 1e-6);
	free(r);

	/*
	 * With one virtual draw against an anchor of 0, the MM fixed point
	 * satisfies W_i + 1/2 = sum_j n_ij p_ij + p_i0 for each player.
	 */
	ck_assert_int_eq(stat_ratings(s->group[0], 1, &r), 0);
	{
		double ga = pow(10, r[0].rating / 400);
		double gb = pow(10, r[1].rating / 400);

		ck_assert_double_eq_tol(
		    3.5, 4 * ga / (ga + gb) + ga / (ga + 1), 1e-8);
		ck_assert_double_eq_tol(
		    1.5, 4 * gb / (ga + gb) + gb / (gb + 1), 1e-8);
	}
	ck_assert(r[0].rating > 0 && r[1].rating < 0);
	free(r);
	stat_summary_free(s);
}
END_TEST

START_TEST(test_ratings_unbeaten)
{
	struct stat_summary *s = stat_summary_new(NULL);
	struct stat_game     g = game(40, 24, "Ada", "Brian");
	struct stat_rating  *r;

	/* A clean sweep has no finite maximum; the prior keeps it finite. */
	stat_add(s, &g);
	stat_add(s, &g);
	ck_assert_int_eq(stat_ratings(s->group[0], 1, &r), 0);
	ck_assert(isfinite(r[0].rating) && r[0].rating > 0);
	ck_assert_double_eq_tol(r[0].rating, -r[1].rating, 1e-6);
	ck_assert(isfinite(r[0].error));
	free(r);
	stat_summary_free(s);
}
END_TEST

/* Counts add up to 2^63 - 1 and no further; sums stay within it. */
START_TEST(test_count_overflow)
{
	uint64_t	     a = STAT_COUNT_MAX - 2;
	int64_t		     b = -(int64_t)STAT_COUNT_MAX + 1;
	struct stat_summary *x = stat_summary_new(NULL);
	struct stat_summary *y = stat_summary_new(NULL);
	struct stat_game     g = game(40, 24, "Ada", "Brian");

	ck_assert(stat_count_add(&a, 2));
	ck_assert_uint_eq(a, STAT_COUNT_MAX);
	ck_assert(!stat_count_add(&a, 1));
	ck_assert_uint_eq(a, STAT_COUNT_MAX);
	ck_assert(stat_sum_add(&b, -1));
	ck_assert(!stat_sum_add(&b, -1));
	ck_assert(stat_sum_add(&b, INT64_MAX));
	ck_assert_int_eq(b, 0);
	/* A merge whose records would pass the largest count fails. */
	ck_assert_int_eq(stat_add(x, &g), 0);
	ck_assert_int_eq(stat_add(y, &g), 0);
	y->group[0]->records = STAT_COUNT_MAX;
	ck_assert_int_eq(stat_merge(x, y), -1);
	ck_assert_int_eq(errno, EOVERFLOW);
	stat_summary_free(x);
	stat_summary_free(y);
}
END_TEST

/* Counts added element by element, or not at all. */
START_TEST(test_counts_add)
{
	uint64_t c[3] = { 1, STAT_COUNT_MAX - 1, 0 };
	uint64_t d[3] = { 2, 1, 5 }, e[3] = { 0, 1, 0 };

	ck_assert(stat_counts_fit(c, d, 3));
	ck_assert_int_eq(stat_counts_add(c, d, 3), 0);
	ck_assert_uint_eq(c[0], 3);
	ck_assert_uint_eq(c[1], STAT_COUNT_MAX);
	ck_assert_uint_eq(c[2], 5);
	ck_assert(!stat_counts_fit(c, e, 3));
	errno = 0;
	ck_assert_int_eq(stat_counts_add(c, e, 3), -1);
	ck_assert_int_eq(errno, EOVERFLOW);
	ck_assert_uint_eq(c[0], 3);
	ck_assert_uint_eq(c[1], STAT_COUNT_MAX);
	ck_assert(stat_counts_fit(c, e, 1));
}
END_TEST

/* Ends the cover being added to s: kept where keep, else dropped. */
static void
cover_end(struct stat_summary *s, bool keep)
{
	if (keep)
		ck_assert_int_eq(stat_cover_done(s), 0);
	else
		stat_cover_drop(s);
}

/* A cover of shard k/n (0/0: none) of the inputs named, added to s. */
static enum stat_conflict
cover(struct stat_summary *s, unsigned long k, unsigned long n, const char *a,
    const char *b, size_t *other)
{
	struct stat_cover *c = stat_cover_add(s, k, n, "p.yaml");
	enum stat_conflict why;

	ck_assert_ptr_nonnull(c);
	/* An input's size and checksum follow from its name here. */
	ck_assert_int_eq(stat_cover_input(c, a, (uint64_t)a[0], a[0]), 0);
	if (b != NULL)
		ck_assert_int_eq(
		    stat_cover_input(c, b, (uint64_t)b[0], b[0]), 0);
	*other = (size_t)-1;
	why = stat_cover_conflict(s, other);
	cover_end(s, why == STAT_CONFLICT_NONE);
	return why;
}

START_TEST(test_covers)
{
	struct stat_summary *s = stat_summary_new(NULL);
	unsigned long	     k[4];
	size_t		     o;

	ck_assert_int_eq(cover(s, 1, 4, "a", "b", &o), STAT_CONFLICT_NONE);
	ck_assert_int_eq(cover(s, 3, 4, "a", "b", &o), STAT_CONFLICT_NONE);
	/* The same shard again; shards that share records (gcd). */
	ck_assert_int_eq(cover(s, 3, 4, "a", "b", &o), STAT_CONFLICT_SAME);
	ck_assert_uint_eq(o, 1);
	ck_assert_int_eq(cover(s, 1, 2, "a", "b", &o), STAT_CONFLICT_OVERLAP);
	ck_assert_int_eq(cover(s, 0, 0, "a", "b", &o), STAT_CONFLICT_OVERLAP);
	/* 2/8 shares no record with 1/4 or 3/4, but splits another way. */
	ck_assert_int_eq(cover(s, 2, 8, "a", "b", &o), STAT_CONFLICT_SPLIT);
	/* Another list sharing an input; lists of other inputs merge. */
	ck_assert_int_eq(cover(s, 0, 0, "b", NULL, &o), STAT_CONFLICT_SHARED);
	ck_assert_int_eq(cover(s, 0, 0, "c", NULL, &o), STAT_CONFLICT_NONE);
	ck_assert_int_eq(cover(s, 0, 0, "c", "d", &o), STAT_CONFLICT_SHARED);
	ck_assert_uint_eq(s->ncovers, 3);
	/* Shards 2/4 and 4/4 of a, b are missing. */
	ck_assert_uint_eq(stat_cover_missing(s, 0, k, 4), 2);
	ck_assert_uint_eq(k[0], 2);
	ck_assert_uint_eq(k[1], 4);
	ck_assert_int_eq(cover(s, 4, 4, "a", "b", &o), STAT_CONFLICT_NONE);
	ck_assert_int_eq(cover(s, 2, 4, "a", "b", &o), STAT_CONFLICT_NONE);
	ck_assert_uint_eq(stat_cover_missing(s, 0, k, 4), 0);
	stat_summary_free(s);
}
END_TEST

/* A cover of one input, added to s unless another version is in s. */
static int
version(struct stat_summary *s, const char *name, uint64_t bytes, size_t *other,
    size_t *in, size_t *oin)
{
	struct stat_cover *c = stat_cover_add(s, 0, 0, "p.yaml");
	int		   rc;

	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(stat_cover_input(c, name, bytes, 1), 0);
	rc = stat_cover_version(s, other, in, oin);
	cover_end(s, rc == 0);
	return rc;
}

START_TEST(test_cover_version)
{
	struct stat_summary *s = stat_summary_new(NULL);
	struct stat_summary *t = stat_summary_new(NULL);
	struct stat_cover   *c = stat_cover_add(s, 0, 0, "p.yaml");
	size_t		     o = 9, i = 9, oi = 9;

	/* A list of a and b; b again, grown, in another cover. */
	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(stat_cover_input(c, "a", 10, 1), 0);
	ck_assert_int_eq(stat_cover_input(c, "b", 10, 1), 0);
	ck_assert_int_eq(stat_cover_version(s, &o, &i, &oi), 0);
	ck_assert_int_eq(stat_cover_done(s), 0);
	ck_assert_int_eq(version(s, "b", 20, &o, &i, &oi), 1);
	ck_assert_uint_eq(o, 0);
	ck_assert_uint_eq(i, 0);
	ck_assert_uint_eq(oi, 1);
	/* The same version is no other (stat_cover_conflict's to tell). */
	ck_assert_int_eq(version(s, "b", 10, &o, &i, &oi), 0);
	/* Standard input, and names the UTF-8 repair made, name no file. */
	ck_assert_int_eq(version(s, "-", 10, &o, &i, &oi), 0);
	ck_assert_int_eq(version(s, "-", 20, &o, &i, &oi), 0);
	ck_assert_int_eq(version(s, "caf\xef\xbf\xbd", 10, &o, &i, &oi), 0);
	ck_assert_int_eq(version(s, "caf\xef\xbf\xbd", 20, &o, &i, &oi), 0);
	/* 0 bytes (an empty split) counted nothing: it conflicts never. */
	for (i = 0; i < 2; i++) {
		ck_assert_ptr_nonnull(c = stat_cover_add(s, 0, 0, "e.yaml"));
		ck_assert_int_eq(stat_cover_input(c, "b", 0, 0), 0);
		ck_assert_int_eq(stat_cover_version(s, &o, &oi, &oi), 0);
		ck_assert_int_eq(
		    stat_cover_conflict(s, &o), STAT_CONFLICT_NONE);
		ck_assert_int_eq(stat_cover_done(s), 0);
	}
	/* Shards of it are a list, whose shards are told missing or not. */
	ck_assert_ptr_nonnull(c = stat_cover_add(s, 1, 2, "e.yaml"));
	ck_assert_int_eq(stat_cover_input(c, "-", 0, 0), 0);
	ck_assert_int_eq(stat_cover_done(s), 0);
	ck_assert_ptr_nonnull(c = stat_cover_add(s, 1, 2, "e.yaml"));
	ck_assert_int_eq(stat_cover_input(c, "-", 0, 0), 0);
	ck_assert_int_eq(stat_cover_conflict(s, &o), STAT_CONFLICT_SAME);
	stat_cover_drop(s);
	/* The versions are kept through a merge into another summary. */
	ck_assert_int_eq(stat_merge(t, s), 0);
	ck_assert_int_eq(version(t, "a", 11, &o, &i, &oi), 1);
	ck_assert_uint_eq(o, 0);
	ck_assert_uint_eq(oi, 0);
	stat_summary_free(t);
	stat_summary_free(s);
}
END_TEST

START_TEST(test_player_named)
{
	ck_assert(stat_player_named("Ada"));
	ck_assert(stat_player_named(" Ada"));
	ck_assert(stat_player_named("??"));
	ck_assert(!stat_player_named(NULL));
	ck_assert(!stat_player_named("?"));
	ck_assert(!stat_player_named(""));
	ck_assert(!stat_player_named(" \t "));
}
END_TEST

START_TEST(test_cover_repeat)
{
	struct stat_summary *s = stat_summary_new(NULL);
	struct stat_cover   *c = stat_cover_add(s, 0, 0, NULL);
	size_t		     first = 9, again = 9;

	ck_assert_ptr_nonnull(c);
	ck_assert_int_eq(stat_cover_input(c, "a", 10, 1), 0);
	ck_assert_int_eq(stat_cover_input(c, "b", 10, 1), 0);
	/* Other names with the same bytes are other files (copies). */
	ck_assert_int_eq(stat_cover_repeat(c, &first, &again), 0);
	ck_assert_uint_eq(first, 9);
	/*
	 * One name, other bytes: two inputs, as across covers (two Latin-1
	 * names that the UTF-8 repair made one).
	 */
	ck_assert_int_eq(stat_cover_input(c, "c", 10, 1), 0);
	ck_assert_int_eq(stat_cover_input(c, "b", 12, 7), 0);
	ck_assert_int_eq(stat_cover_repeat(c, &first, &again), 0);
	ck_assert_uint_eq(first, 9);
	/* One input twice: name, size and CRC-32. */
	ck_assert_int_eq(stat_cover_input(c, "b", 10, 1), 0);
	ck_assert_int_eq(stat_cover_repeat(c, &first, &again), 1);
	ck_assert_uint_eq(first, 1);
	ck_assert_uint_eq(again, 4);
	stat_summary_free(s);
}
END_TEST

/*
 * The Elo figures of count[0..kinds-1] are a defined estimate of the given
 * score (to 1e-12), Elo and its interval lo..hi (to 1e-4) and likelihood
 * of superiority (to 1e-6); and their LLR in the SPRT of elo0 = 0 against
 * elo1 = 10, alpha = beta = 0.05 (sprt_0_10) is llr (to 1e-6).
 */
static const struct stat_sprt sprt_0_10 = { 0, 10, 0.05, 0.05 };

static void
assert_elo(const unsigned long *count, int kinds, double score, double elo,
    double lo, double hi, double los, double llr)
{
	struct stat_elo e;

	stat_elo_of(count, kinds, &e);
	ck_assert(e.defined);
	ck_assert_double_eq_tol(e.score, score, 1e-12);
	ck_assert_double_eq_tol(e.elo, elo, 1e-4);
	ck_assert_double_eq_tol(e.lo, lo, 1e-4);
	ck_assert_double_eq_tol(e.hi, hi, 1e-4);
	ck_assert_double_eq_tol(e.los, los, 1e-6);
	ck_assert_double_eq_tol(
	    stat_sprt_llr(&sprt_0_10, count, kinds), llr, 1e-6);
}

/*
 * Six wins, two draws, two losses: s = (6 + 2/2) / 10 = 0.7; the variance
 * a game (6 (0.3)^2 + 2 (0.2)^2 + 2 (0.7)^2) / 10 = 1.6 / 10 = 0.16, so
 * se = sqrt(0.16 / 10) = 0.126491.  Elo = -400 log10(1/0.7 - 1) =
 * -400 log10(0.428571) = 147.19; the interval 0.7 -+ 1.959964 se =
 * 0.452082 and 0.947918, that is -400 log10(1.211990) = -33.40 and
 * -400 log10(0.054943) = 504.03; LOS = Phi(0.2 / 0.126491) = Phi(1.5811)
 * = 0.94308.  The SPRT of elo0 = 0 against elo1 = 10: s0 = 0.5, s1 =
 * 1 / (1 + 10^(-10/400)) = 0.514387.  The distribution of mean s0
 * nearest the observed p = (0.2, 0.2, 0.6) is p_k / (1 + x (a_k - s0)),
 * a = (0, 1/2, 1), x the root of sum p_k (a_k - s0) / (1 + x (a_k - s0))
 * = -0.1 / (1 - x/2) + 0.3 / (1 + x/2) = 0: x = 1, (0.4, 0.2, 0.4).  For
 * s1 the root is x = 0.932197, (0.384253, 0.202719, 0.413028).  LLR =
 * 2 log(0.384253 / 0.4) + 2 log(0.202719 / 0.2) + 6 log(0.413028 / 0.4)
 * = 2 (-0.040162) + 2 (0.013502) + 6 (0.032050) = 0.138982; alpha =
 * beta = 0.05 gives the bounds log(0.05 / 0.95) = -2.944439 and 2.944439.
 */
START_TEST(test_elo_trinomial)
{
	const unsigned long ldw[STAT_TRINOMIAL] = { 2, 2, 6 };

	assert_elo(ldw, STAT_TRINOMIAL, 0.7, 147.1907, -33.3994, 504.0333,
	    0.943077, 0.138982);
	ck_assert_double_eq_tol(stat_sprt_lower(&sprt_0_10), -2.944439, 1e-6);
	ck_assert_double_eq_tol(stat_sprt_upper(&sprt_0_10), 2.944439, 1e-6);
	ck_assert_int_eq(
	    stat_sprt_verdict(&sprt_0_10, 0.17), STAT_INCONCLUSIVE);
	ck_assert_int_eq(stat_sprt_verdict(&sprt_0_10, 2.95), STAT_H1);
	ck_assert_int_eq(stat_sprt_verdict(&sprt_0_10, -2.95), STAT_H0);
}
END_TEST

/*
 * Ten pairs scoring 0, 1/2, 1, 3/2, 2 points: 1, 2, 3, 3, 1 of them, a
 * score a game of 0, 1/4, 1/2, 3/4, 1.  s = (2 (0.25) + 3 (0.5) +
 * 3 (0.75) + 1) / 10 = 0.525; the variance a pair (0.525^2 + 2 (0.275)^2
 * + 3 (0.025)^2 + 3 (0.225)^2 + 0.475^2) / 10 = 0.80625 / 10 = 0.080625,
 * se = sqrt(0.080625 / 10) = 0.089791.  Elo = -400 log10(0.475 / 0.525)
 * = 17.386; the interval 0.525 -+ 0.175988 = 0.349012 and 0.700988, Elo
 * -108.293 and 148.009; LOS = Phi(0.025 / 0.089791) = Phi(0.27842) =
 * 0.609656.  LLR (0 against 10): a = (0, 1/4, 1/2, 3/4, 1), p = (0.1,
 * 0.2, 0.3, 0.3, 0.1); the roots x0 = 0.304362 and x1 = 0.130636 give
 * the nearest distributions of mean s0 and s1, p_k / (1 + x (a_k - s)):
 * (0.117950, 0.216471, 0.3, 0.278787, 0.086792) and (0.107204, 0.207155,
 * 0.300565, 0.291042, 0.094035).  LLR = sum of count_k log(p1_k / p0_k)
 * = -0.095527 + 2 (-0.043992) + 3 (0.001881) + 3 (0.043019) + 0.080149
 * = 0.031340.
 */
START_TEST(test_elo_pentanomial)
{
	const unsigned long pairs[STAT_PENTANOMIAL] = { 1, 2, 3, 3, 1 };

	assert_elo(pairs, STAT_PENTANOMIAL, 0.525, 17.3863, -108.2930, 148.0088,
	    0.609656, 0.031340);
}
END_TEST

/*
 * Nothing counted: no figures and an LLR of 0.  One outcome alone has no
 * variance, so an outcome never seen counts 1/1000 (fishtest's
 * regularisation).  Thirty wins: the score 1, Elo +inf; with the padding
 * s = (30 + 0.0005) / 30.002 = 0.999950, variance (0.001 (0.999950)^2 +
 * 0.001 (0.499950)^2 + 30 (0.000050)^2) / 30.002 = 0.00004167, se =
 * sqrt(0.00004167 / 30.002) = 0.001179, the interval from 0.999950 -
 * 1.959964 se = 0.997640, -400 log10(1 / 0.997640 - 1) = 1050.45 Elo, to
 * +inf; LOS = Phi(0.49995 / 0.001179) = Phi(424), 1 less about
 * 10^-39000, 1 in a double.  Thirty losses: the mirror, LOS 0; thirty
 * draws: s = 0.5, Elo 0, LOS = Phi(0) = 0.5.
 *
 * The SPRT of 0 against 10 Elo on 15 pairs, each won twice: the nearest
 * distribution of mean s0 moves nearly half the mass to the empty
 * category 0 (x0 = 1.999733), that of mean s1 nearly 1 - s1 (x1 =
 * 1.943794); as the padding goes to 0 their weights of the pairs won
 * twice tend to s0 = 1/2 and s1 = 0.514387, so LLR tends to 15 log(s1 /
 * s0) = 15 (0.028368) = 0.425522; with it, 0.425578.  H1 needs 2.944439
 * / 0.028368 = 103.8 pairs: 103 give 2.921976, 104 give 2.950345.
 *
 * One drawn pair must not decide: the distribution of mean s0 is the
 * observed one (x0 = 0), that of mean s1 puts 2 (s1 - 1/2) = 0.028774
 * on the pairs won twice, so LLR tends to log(1 - 0.028774) = -0.029196
 * a pair; with the padding, 1 pair gives -0.025331, and H0 needs 102.
 */
START_TEST(test_elo_extremes)
{
	const unsigned long    none[STAT_TRINOMIAL] = { 0, 0, 0 };
	const unsigned long    wins[STAT_TRINOMIAL] = { 0, 0, 30 };
	const unsigned long    losses[STAT_TRINOMIAL] = { 30, 0, 0 };
	const unsigned long    draws[STAT_TRINOMIAL] = { 0, 30, 0 };
	const unsigned long    won[STAT_PENTANOMIAL] = { 0, 0, 0, 0, 15 };
	const unsigned long    won103[STAT_PENTANOMIAL] = { 0, 0, 0, 0, 103 };
	const unsigned long    won104[STAT_PENTANOMIAL] = { 0, 0, 0, 0, 104 };
	const unsigned long    even[STAT_PENTANOMIAL] = { 0, 0, 1, 0, 0 };
	const unsigned long    even101[STAT_PENTANOMIAL] = { 0, 0, 101, 0, 0 };
	const unsigned long    even102[STAT_PENTANOMIAL] = { 0, 0, 102, 0, 0 };
	const struct stat_sprt t = { 0, 10, 0.05, 0.05 };
	struct stat_elo	       e;
	double		       llr;

	stat_elo_of(none, STAT_TRINOMIAL, &e);
	ck_assert(!e.defined);
	ck_assert_double_eq(stat_sprt_llr(&t, none, STAT_TRINOMIAL), 0);

	stat_elo_of(wins, STAT_TRINOMIAL, &e);
	ck_assert(e.defined);
	ck_assert(isinf(e.elo) && e.elo > 0);
	ck_assert(isinf(e.hi) && e.hi > 0);
	ck_assert_double_eq_tol(e.lo, 1050.45, 1e-2);
	ck_assert_double_eq_tol(e.los, 1, 1e-12);
	stat_elo_of(losses, STAT_TRINOMIAL, &e);
	ck_assert(e.defined);
	ck_assert(isinf(e.elo) && e.elo < 0);
	ck_assert_double_eq_tol(e.los, 0, 1e-12);
	stat_elo_of(draws, STAT_TRINOMIAL, &e);
	ck_assert(e.defined);
	ck_assert_double_eq_tol(e.elo, 0, 1e-9);
	ck_assert_double_eq_tol(e.los, 0.5, 1e-12);

	ck_assert_double_eq_tol(
	    stat_sprt_llr(&t, won, STAT_PENTANOMIAL), 0.425578, 1e-6);
	llr = stat_sprt_llr(&t, won103, STAT_PENTANOMIAL);
	ck_assert_double_eq_tol(llr, 2.921976, 1e-6);
	ck_assert_int_eq(stat_sprt_verdict(&t, llr), STAT_INCONCLUSIVE);
	llr = stat_sprt_llr(&t, won104, STAT_PENTANOMIAL);
	ck_assert_double_eq_tol(llr, 2.950345, 1e-6);
	ck_assert_int_eq(stat_sprt_verdict(&t, llr), STAT_H1);

	llr = stat_sprt_llr(&t, even, STAT_PENTANOMIAL);
	ck_assert_double_eq_tol(llr, -0.025331, 1e-6);
	ck_assert_int_eq(stat_sprt_verdict(&t, llr), STAT_INCONCLUSIVE);
	llr = stat_sprt_llr(&t, even101, STAT_PENTANOMIAL);
	ck_assert_int_eq(stat_sprt_verdict(&t, llr), STAT_INCONCLUSIVE);
	llr = stat_sprt_llr(&t, even102, STAT_PENTANOMIAL);
	ck_assert_double_eq_tol(llr, -2.969548, 1e-6);
	ck_assert_int_eq(stat_sprt_verdict(&t, llr), STAT_H0);
}
END_TEST

/* A game's figures for the tests: i picks the first move and the rest. */
static struct stat_figures_game
figures_game(unsigned i, const uint32_t *legal)
{
	static const char *const cells[] = { "a1", "c3", "b2" };
	struct stat_figures_game x = { 0 };

	x.has = STAT_FIG_ALL;
	x.winner = (int)(i % 3 == 0);
	x.first = cells[i % 3];
	x.swapped = i % 4 == 1;
	x.turns = 10 + i % 5;
	x.lead_changes = i % 3;
	x.decided = i % 7 == 0 ? -1 : (long long)(i % 10);
	x.final_lead = i % 4;
	x.legal = legal;
	x.nlegal = 3 + i % 4;
	x.covered = 5 + i % 9;
	x.cells = 19;
	x.dice[0] = 40 + i % 11;
	x.dice[1] = 40 + i % 13;
	return x;
}

static void
assert_same_hist(const struct stat_hist *a, const struct stat_hist *b)
{
	ck_assert_uint_eq(a->n, b->n);
	if (a->n > 0) {
		ck_assert_mem_eq(a->value, b->value, a->n * sizeof *a->value);
		ck_assert_mem_eq(a->count, b->count, a->n * sizeof *a->count);
	}
}

/* Figures counted in three parts and merged equal those of one pass. */
START_TEST(test_figures_merge)
{
	static const uint32_t	 legal[] = { 19, 19, 17, 16, 12, 9 };
	struct stat_figures	*whole = calloc(1, sizeof *whole), *part[3];
	struct stat_figures	*merged = calloc(1, sizeof *merged);
	struct stat_figures_game x;
	char			 why[160];
	unsigned		 i;
	int			 k;

	for (k = 0; k < 3; k++)
		part[k] = calloc(1, sizeof *part[k]);
	for (i = 0; i < 200; i++) {
		x = figures_game(i, legal);
		ck_assert_int_eq(stat_figures_add(whole, &x), 0);
		ck_assert_int_eq(stat_figures_add(part[(i * 7) % 3], &x), 0);
	}
	/* Each part freed once merged: the sum holds nothing of its parts'. */
	for (k = 2; k >= 0; k--) {
		ck_assert_int_eq(stat_figures_merge(merged, part[k]), 0);
		stat_figures_free(part[k]);
	}
	ck_assert_uint_eq(merged->nmoves, 3);
	for (i = 0; i < 3; i++) {
		ck_assert_str_eq(merged->move[i].cell, whole->move[i].cell);
		ck_assert_mem_eq(&merged->move[i].games, &whole->move[i].games,
		    4 * sizeof(uint64_t));
	}
	/* Sorted by name: a1, b2, c3. */
	ck_assert_str_eq(whole->move[1].cell, "b2");
	assert_same_hist(&merged->lead_changes, &whole->lead_changes);
	assert_same_hist(&merged->decided, &whole->decided);
	assert_same_hist(&merged->decided_share, &whole->decided_share);
	assert_same_hist(&merged->branching_legal, &whole->branching_legal);
	assert_same_hist(&merged->advantage_wins, &whole->advantage_wins);
	ck_assert_mem_eq(merged->dice, whole->dice, sizeof whole->dice);
	ck_assert_uint_eq(merged->cells, 19);
	ck_assert_ptr_null(stat_figures_inconsistent(merged, why, sizeof why));
	/* 200 games, the first legal count at turn 1 in each. */
	ck_assert_uint_eq(whole->branching_turns.count[0], 200);
	ck_assert_uint_eq(whole->branching_legal.count[0], 200 * 19);
	stat_figures_free(whole);
	stat_figures_free(merged);
}
END_TEST

/* Counts that cannot be true together are named; other boards refused. */
START_TEST(test_figures_inconsistent)
{
	static const uint32_t	 legal[] = { 4, 3 };
	struct stat_figures	*f = calloc(1, sizeof *f), *g;
	struct stat_figures_game x = figures_game(1, legal);
	struct stat_swap_move	*m;
	char			 why[160];
	unsigned		 set;

	x.nlegal = 2;
	ck_assert_int_eq(stat_figures_add(f, &x), 0);
	ck_assert_ptr_null(stat_figures_inconsistent(f, why, sizeof why));
	m = stat_swap_move_get(f, "c3");
	m->swapped = m->games + 1;
	ck_assert_str_eq(
	    stat_figures_inconsistent(f, why, sizeof why), "swap-map");
	ck_assert_str_eq(why, "c3: wins or swaps beyond the games");
	m->swapped = m->games;
	ck_assert_int_eq(stat_hist_add(&f->branching_turns, 2, 9), 0);
	ck_assert_str_eq(
	    stat_figures_inconsistent(f, why, sizeof why), "branching");
	g = calloc(1, sizeof *g);
	x.cells = 61;
	ck_assert_int_eq(stat_figures_add(g, &x), 0);
	errno = 0;
	ck_assert_int_eq(stat_figures_merge(g, f), -1);
	ck_assert_int_eq(errno, EINVAL);
	stat_figures_free(f);
	stat_figures_free(g);
	ck_assert(stat_figures_parse("luck,swap", &set));
	ck_assert_uint_eq(set, STAT_FIG_LUCK | STAT_FIG_SWAP);
	ck_assert(stat_figures_parse("all", &set));
	ck_assert_uint_eq(set, STAT_FIG_ALL);
	ck_assert(!stat_figures_parse("swap,", &set));
	ck_assert(!stat_figures_parse("", &set));
	ck_assert(!stat_figures_parse("tensions", &set));
}
END_TEST

UNIT_MAIN("stat",
    unit_tcase("core", 0, test_add, test_swap_seats, test_merge_exact,
	test_groups_sorted, test_quantiles, test_wilson, test_ratings_hand,
	test_ratings_unbeaten, test_count_overflow, test_counts_add,
	test_covers, test_cover_repeat, test_cover_version, test_player_named,
	test_elo_trinomial, test_elo_pentanomial, test_elo_extremes,
	test_figures_merge, test_figures_inconsistent, NULL))
