/* SPDX-License-Identifier: MIT */
/*
 * Tests of the solver's search from inside (src/solve/search.h): each
 * pruning rule and ordering of the search checked against the search
 * without it, and the x86-64-v3 copy against the generic one, on random
 * positions of 10-14 empties reached by play (where the table, the
 * enhanced transposition cutoffs and the stability cutoff work; below 7
 * empties tests/unit/test_solve checks against a naive minimax).  Each
 * search gets a random window, so that its bounds are checked as well as
 * its exact values: a fail-soft value at or below alpha must bound the
 * true value from above, one at or above beta from below.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "solve/bits.h"
#include "solve/search.h"
#include "../unit/unit.h"

static uint32_t seed = 12345;

static uint32_t
rnd(void)
{
	seed = seed * 1103515245 + 12345;
	return seed >> 8;
}

/*
 * One turn at random of *p, to move, against *o: a random move, or a pass
 * when *p has none; then the sides swap, *p the next to move.  Returns
 * false, changing nothing, when neither side can move.
 */
static bool
random_turn(uint64_t *p, uint64_t *o)
{
	uint64_t m = bits_moves(*p, *o), f, t;
	int	 k, sq;

	if (m == 0) {
		if (bits_moves(*o, *p) == 0)
			return false;
		t = *p, *p = *o, *o = t;
		return true;
	}
	for (k = rnd() % bits_count(m); k > 0; k--)
		m &= m - 1;
	sq = bits_first(m);
	f = bits_flips(*p, *o, sq);
	t = *o ^ f;
	*o = *p ^ f ^ (UINT64_C(1) << sq);
	*p = t;
	return true;
}

/* A position of `empties' empties played at random from the start. */
static int
random_position(uint64_t *P, uint64_t *O, int empties)
{
	uint64_t p = UINT64_C(0x0000000810000000),
		 o = UINT64_C(0x0000001008000000);

	while (64 - bits_count(p | o) > empties)
		if (!random_turn(&p, &o))
			return -1;
	*P = p;
	*O = o;
	return 0;
}

/* A search of its own table, with the techniques of off turned off. */
static void
search_start(struct search *s, unsigned off, bool v3)
{
	*s = (struct search){ .next_check = UINT64_MAX, .off = off, .v3 = v3 };
	ck_assert_int_eq(tt_init(&s->tt, 1 << 20), 0);
	s->tt.date = 1;
}

static int
ab(struct search *s, uint64_t P, uint64_t O, int alpha, int beta, int n)
{
	return s->v3 ? search_ab_v3(s, P, O, alpha, beta, n, false) :
		       search_ab(s, P, O, alpha, beta, n, false);
}

/* Whether v, searched in (alpha, beta), is right about the value want. */
static bool
bound_holds(int v, int alpha, int beta, int want)
{
	if (v <= alpha)
		return want <= v;
	if (v >= beta)
		return want >= v;
	return v == want;
}

/*
 * Positions of 10-14 empties: the exact value by the search with every
 * technique of `off' turned off and the generic copy, then with all of
 * them, in either copy, in a random window and the full one.
 */
static void
compare(unsigned off, int count)
{
	struct search ref, all, fast;
	uint64_t      P, O;
	int	      i, n, want, v, alpha, beta;

	bits_init();
	search_start(&ref, off, false);
	search_start(&all, 0, false);
	search_start(&fast, 0, search_have_v3());
	for (i = 0; i < count; i++) {
		n = 10 + i % 5;
		if (random_position(&P, &O, n) < 0)
			continue;
		want = ab(&ref, P, O, -64, 64, n);
		alpha = (int)(rnd() % 129) - 65;
		beta = alpha + 1 + (int)(rnd() % 3 == 0 ? 1 : rnd() % 40);
		v = ab(&all, P, O, alpha, beta, n);
		ck_assert_msg(bound_holds(v, alpha, beta, want),
		    "position %d: %d in (%d, %d), value %d", i, v, alpha, beta,
		    want);
		v = ab(&fast, P, O, alpha, beta, n);
		ck_assert_msg(bound_holds(v, alpha, beta, want),
		    "position %d (v3): %d in (%d, %d), value %d", i, v, alpha,
		    beta, want);
		ck_assert_int_eq(ab(&all, P, O, -64, 64, n), want);
		ck_assert_int_eq(ab(&fast, P, O, -64, 64, n), want);
		/* The tables of earlier positions stay, as between solves. */
		if (++all.tt.date == 0)
			all.tt.date = 1;
		fast.tt.date = all.tt.date;
	}
	tt_free(&ref.tt);
	tt_free(&all.tt);
	tt_free(&fast.tt);
}

START_TEST(etc_against_none)
{
	compare(SEARCH_OFF_ETC, 200);
}
END_TEST

START_TEST(stability_against_none)
{
	compare(SEARCH_OFF_STABILITY, 200);
}
END_TEST

START_TEST(table_against_none)
{
	compare(SEARCH_OFF_TABLE, 200);
}
END_TEST

START_TEST(everything_against_nothing)
{
	compare(~0U, 200);
}
END_TEST

/*
 * The stable discs are never flipped: from random positions of 4-40
 * empties, random games to the end keep every disc bits_stable gave.
 */
START_TEST(stable_discs_stay)
{
	uint64_t P, O, st, p, o;
	int	 i, g, turn;

	bits_init();
	for (i = 0; i < 400; i++) {
		if (random_position(&P, &O, 4 + i % 37) < 0)
			continue;
		st = bits_stable(P, O);
		ck_assert_uint_eq(st & ~O, 0);
		for (g = 0; g < 20; g++) {
			/* p moves, o waits; turn 1 when p is O's side */
			p = P, o = O, turn = 0;
			for (;;) {
				ck_assert_msg(((turn ? p : o) & st) == st,
				    "position %d game %d", i, g);
				if (!random_turn(&p, &o))
					break;
				turn ^= 1;
			}
		}
	}
}
END_TEST

/*
 * A run of the side's discs on an edge, shut in by the other side's with
 * the corners empty, can never be flipped: no move on the edge brackets
 * it.  The edges' table finds it; stability by contact from a corner
 * does not.
 */
START_TEST(edge_run_shut_in)
{
	uint64_t P = UINT64_C(0x42), O = UINT64_C(0x3c);
	uint64_t fa = UINT64_C(0x0001000000000100),
		 ra = UINT64_C(0x0000010101010000);

	bits_init();
	ck_assert_uint_eq(bits_stable(P, O), O);
	/* The same on the a-file and, mirrored, on the h-file and rank 8. */
	ck_assert_uint_eq(bits_stable(fa, ra), ra);
	ck_assert_uint_eq(bits_stable(fa << 7, ra << 7), ra << 7);
	ck_assert_uint_eq(bits_stable(P << 56, O << 56), O << 56);
	/* With a corner free to bracket it from outside, no longer. */
	ck_assert_uint_eq(bits_stable(UINT64_C(0x40), O), 0);
}
END_TEST

/*
 * A plain negamax on the same kernels, every move tried, no pruning but
 * alpha-beta's, no table: what the last empties' specialised code
 * (last4, last3, last2, last1) must agree with.
 */
static int
plain(uint64_t P, uint64_t O, int alpha, int beta, bool passed)
{
	uint64_t m = bits_moves(P, O), f;
	int	 best = -SEARCH_INF, v, sq;

	if (m == 0) {
		if (passed)
			return bits_final(P, O);
		return -plain(O, P, -beta, -alpha, true);
	}
	for (; m != 0; m &= m - 1) {
		sq = bits_first(m);
		f = bits_flips(P, O, sq);
		v = -plain(
		    O ^ f, P ^ f ^ (UINT64_C(1) << sq), -beta, -alpha, false);
		if (v > best)
			best = v;
		if (v > alpha)
			alpha = v;
		if (alpha >= beta)
			break;
	}
	return best;
}

/*
 * Positions of 1-6 empties reached by play, or by play then a random
 * side to move: the search (its specialised last four, three, two and
 * one empties) in a random window against the plain negamax's value, in
 * both copies; passes and games ending early included.
 */
START_TEST(last_empties_against_plain)
{
	struct search gen, fast;
	uint64_t      P, O, t;
	int	      i, n, want, alpha, beta;

	bits_init();
	search_start(&gen, 0, false);
	search_start(&fast, 0, search_have_v3());
	for (i = 0; i < 20000; i++) {
		n = 1 + i % 6;
		if (random_position(&P, &O, n) < 0)
			continue;
		if (rnd() % 2)
			t = P, P = O, O = t;
		want = plain(P, O, -SEARCH_INF, SEARCH_INF, false);
		alpha = (int)(rnd() % 129) - 65;
		beta = alpha + 1 + (int)(rnd() % 3 == 0 ? 1 : rnd() % 40);
		ck_assert_int_eq(ab(&gen, P, O, -64, 64, n), want);
		ck_assert_int_eq(ab(&fast, P, O, -64, 64, n), want);
		ck_assert_msg(bound_holds(ab(&gen, P, O, alpha, beta, n), alpha,
				  beta, want),
		    "position %d: (%d, %d), value %d", i, alpha, beta, want);
		ck_assert_msg(bound_holds(ab(&fast, P, O, alpha, beta, n),
				  alpha, beta, want),
		    "position %d (v3): (%d, %d), value %d", i, alpha, beta,
		    want);
	}
	tt_free(&gen.tt);
	tt_free(&fast.tt);
}
END_TEST

UNIT_MAIN("solve search",
    unit_tcase("pruning", 300, etc_against_none, stability_against_none,
	table_against_none, everything_against_nothing, NULL),
    unit_tcase("last empties", 60, last_empties_against_plain, NULL),
    unit_tcase("stability", 60, stable_discs_stay, edge_run_shut_in, NULL))
