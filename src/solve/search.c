/* SPDX-License-Identifier: MIT */
/*
 * The exact search of the solver (search.h): fail-soft alpha-beta with
 * principal variation (null-window) re-searches; near the end a search
 * without the table over a list of the empties that orders moves by
 * quadrant parity alone (last_moves, last2), the last empty square solved
 * by counting its flips line by line; above it, from TABLE_MIN
 * empties, the transposition table (bounds, best move first), enhanced
 * transposition cutoffs, the stability cutoff and fastest-first
 * ordering.  The budgets are checked
 * here, every few thousand nodes.
 */
#include <limits.h>
#include <time.h>

/* The second copy (search-v3.c) has names of its own. */
#ifdef SEARCH_V3
#define search_ab   search_ab_v3
#define search_root search_root_v3
#endif

#include "solve/bits.h"
#include "solve/search.h"
#include "solve/solve.h"
#include "util/util.h"

/* At most this many empties: the search without the table. */
#define SHALLOW 6
/*
 * At least this many: the transposition table (at seven empties its
 * probe, a cache miss, cost more than the nodes it saved).
 */
#define TABLE_MIN 8
/* At least this many: enhanced transposition cutoffs. */
#define ETC_MIN 10
/*
 * At most this many: moves ordered by the replies alone, without the
 * potential mobility (a twentieth less CPU on FFO #45, as many nodes).
 */
#define ORDER_CHEAP 9
/* Nodes between two readings of the clock. */
#define CHECK_EVERY 4096

struct smove {
	uint64_t flips;
	int	 sq;
	int	 key;
};

/*
 * From how high an alpha, by empties, the stability cutoff is tried: an
 * upper bound below it is rare with few discs stable.
 */
static const int stab_threshold[65] = { 99, 99, 99, 99, 6, 8, 10, 12, 14, 16,
	20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 48, 50, 50,
	52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64,
	64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
	64 };

#ifndef SEARCH_V3
double
search_clock(void)
{
	return clock_seconds(CLOCK_MONOTONIC);
}

bool
search_have_v3(void)
{
#if SEARCH_HAVE_V3
	return __builtin_cpu_supports("x86-64-v3");
#else
	return false;
#endif
}
#endif

/* Whether a budget ran out (then s->aborted stays set). */
static bool
budget_out(struct search *s)
{
	if (s->max_nodes != 0 && s->nodes >= s->max_nodes)
		s->aborted = true;
	else if (s->deadline != 0 && search_clock() >= s->deadline)
		s->aborted = true;
	s->next_check = s->nodes + CHECK_EVERY;
	return s->aborted;
}

/* The value of the last empty square sq for P, the rest of the board full. */
static inline int
last1(uint64_t P, int sq)
{
	int p = bits_count(P), f;

	if ((f = bits_count_last_flips(P, sq)) != 0)
		return 2 * (p + 1 + f) - 64;
	if ((f = bits_count_last_flips(~P & ~(UINT64_C(1) << sq), sq)) != 0)
		return 2 * (p - f) - 64;
	/* Neither can play: 63 discs, the empty square to the winner. */
	return 2 * p - 63 > 0 ? 2 * p - 62 : 2 * p - 64;
}

/* The discs of O that P flips at sq, tried only next to a disc of O. */
static inline uint64_t
near_flips(uint64_t P, uint64_t O, int sq)
{
	return (O & bits_rays.near[sq]) != 0 ? bits_flips(P, O, sq) : 0;
}

/*
 * The value of the last two empty squares a and b for P, without a call
 * a move: each child is the last square's value.
 */
static int
last2(
    struct search *s, uint64_t P, uint64_t O, int alpha, int beta, int a, int b)
{
	uint64_t f;
	int	 v, best = -SEARCH_INF;

	s->nodes++;
	if ((f = near_flips(P, O, a)) != 0) {
		s->nodes++;
		best = -last1(O ^ f, b);
		if (best >= beta)
			return best;
	}
	if ((f = near_flips(P, O, b)) != 0) {
		s->nodes++;
		v = -last1(O ^ f, a);
		return v > best ? v : best;
	}
	if (best != -SEARCH_INF)
		return best;
	/* P passes: O's best is P's worst. */
	s->nodes++;
	best = SEARCH_INF;
	if ((f = near_flips(O, P, a)) != 0) {
		s->nodes++;
		best = last1(P ^ f, b);
		if (best <= alpha)
			return best;
	}
	if ((f = near_flips(O, P, b)) != 0) {
		s->nodes++;
		v = last1(P ^ f, a);
		return v < best ? v : best;
	}
	if (best != SEARCH_INF)
		return best;
	return bits_final(P, O);
}

/*
 * Whether the stability cutoff applies: P's value is at most 64 less
 * twice O's stable discs, into *v; tried from stab_threshold[n] up.
 */
static inline bool
stability_cut(
    const struct search *s, uint64_t P, uint64_t O, int alpha, int n, int *v)
{
	if (alpha < stab_threshold[n] || (s->off & SEARCH_OFF_STABILITY))
		return false;
	*v = 64 - 2 * bits_count(bits_stable(P, O));
	return *v <= alpha;
}

/*
 * The order of the squares in the last empties after parity: corners,
 * then the squares next to no corner, then those next to one (C and X
 * squares), which give the corner away.
 */
#define SQ_NEAR_CORNER UINT64_C(0x42c300000000c342)
static const uint64_t square_class[3] = { BITS_CORNERS,
	~(BITS_CORNERS | SQ_NEAR_CORNER), SQ_NEAR_CORNER };

/* The quadrant of sq as a bit of a parity mask. */
static inline unsigned
quad_bit(int sq)
{
	return 1u << ((sq >> 2 & 1) | (sq >> 4 & 2));
}

/* The k squares of x but sq, in their order, into y. */
static inline void
others(const int *x, int k, int sq, int *y)
{
	int i, j;

	for (i = j = 0; i < k; i++)
		if (x[i] != sq)
			y[j++] = x[i];
}

/*
 * The value of the last n (2 to SHALLOW) empty squares x[0..n-1] for P,
 * a list in square_class's order; parity: the quadrants holding an odd
 * number of them.  From four empties up the squares of odd quadrants are
 * tried first, and the children's lists keep square_class's order, but
 * that of the last three, which keeps the order of the four before:
 * each of the last three tried in that order (no move generation, no
 * ordering: Edax's search_solve_3).  passed: O has just passed.
 */
static int
last_moves(struct search *s, uint64_t P, uint64_t O, int alpha, int beta,
    const int *x, int n, unsigned parity, bool passed)
{
	uint64_t f;
	unsigned odd = n > 3 ? parity : 15;
	int	 best = -SEARCH_INF, v, i, k = 0, o[SHALLOW], y[SHALLOW];

	if (n == 2)
		return last2(s, P, O, alpha, beta, x[0], x[1]);
	s->nodes++;
	if (stability_cut(s, P, O, alpha, n, &v))
		return v;
	for (i = 0; i < n; i++)
		if (odd & quad_bit(x[i]))
			o[k++] = x[i];
	for (i = 0; i < n; i++)
		if (!(odd & quad_bit(x[i])))
			o[k++] = x[i];
	for (i = 0; i < n; i++) {
		if ((f = near_flips(P, O, o[i])) == 0)
			continue;
		others(n > 4 ? x : o, n, o[i], y);
		v = -last_moves(s, O ^ f, P ^ f ^ (UINT64_C(1) << o[i]), -beta,
		    -alpha, y, n - 1, parity ^ quad_bit(o[i]), false);
		if (v > best) {
			best = v;
			if (v > alpha) {
				alpha = v;
				if (v >= beta)
					return v;
			}
		}
	}
	if (best != -SEARCH_INF)
		return best;
	if (passed)
		return bits_final(P, O);
	return -last_moves(s, O, P, -beta, -alpha, x, n, parity, true);
}

/*
 * The search of the last few empties: no table; the empties listed once
 * in square_class's order with their quadrants' parity, for last_moves.
 */
static int
shallow(struct search *s, uint64_t P, uint64_t O, int alpha, int beta, int n,
    bool passed)
{
	uint64_t E = ~(P | O), x;
	unsigned parity = 0;
	int	 sq[SHALLOW], g, k = 0;

	(void)n;
	for (g = 0; g < 3; g++)
		for (x = E & square_class[g]; x != 0; x &= x - 1) {
			sq[k] = bits_first(x);
			parity ^= quad_bit(sq[k++]);
		}
	if (k >= 2)
		return last_moves(s, P, O, alpha, beta, sq, k, parity, passed);
	s->nodes++;
	return k == 1 ? last1(P, sq[0]) : bits_final(P, O);
}

/* The mover's discs in the corners and next to its discs in them. */
static inline uint64_t
corner_stable(uint64_t p)
{
	uint64_t c = p & BITS_CORNERS;

	return (c | (c << 1 & UINT64_C(0x0200000000000002)) |
		   (c >> 1 & UINT64_C(0x4000000000000040)) | c << 8 | c >> 8) &
	    p;
}

/*
 * Ordering key of a move to sq flipping f: the opponent's fewest moves
 * (corners counting twice), then the fewest empty squares next to the
 * mover's discs (the opponent's potential mobility) above ORDER_CHEAP
 * empties n; odd quadrants and corners break ties.
 */
static int
order_key(uint64_t P, uint64_t O, int sq, uint64_t f, uint64_t odd, int n)
{
	uint64_t b = UINT64_C(1) << sq, cP = O ^ f, cO = P ^ f ^ b;
	uint64_t mob = bits_moves(cP, cO);
	int	 key;

	key = -(bits_count(mob) + bits_count(mob & BITS_CORNERS)) * 64;
	if (n > ORDER_CHEAP)
		key -= bits_count(bits_frontier(cO, ~(cP | cO))) * 16;
	if (b & odd)
		key += 16;
	if (b & BITS_CORNERS)
		key += 32;
	key += bits_count(corner_stable(cO)) * 8;
	return key;
}

/* A key not computed yet (gen_moves's lazy mode). */
#define KEY_LATER INT_MIN

/* The keys of list[from..nm-1] still KEY_LATER. */
static void
order_keys(uint64_t P, uint64_t O, struct smove *list, int from, int nm)
{
	uint64_t odd = bits_odd_quadrants(~(P | O));
	int	 n = 64 - bits_count(P | O);
	int	 i;

	for (i = from; i < nm; i++)
		if (list[i].key == KEY_LATER)
			list[i].key = order_key(
			    P, O, list[i].sq, list[i].flips, odd, n);
}

/*
 * P's moves with their flips, into list, their keys left KEY_LATER; the
 * children's table entries asked of the processor at once, to be read
 * after (the node's own probe after this work).  Returns their number.
 */
static int
gen_moves(struct search *s, uint64_t P, uint64_t O, uint64_t moves, int n,
    struct smove *list)
{
	uint64_t f;
	int	 nm = 0, sq;

	for (; moves != 0; moves &= moves - 1) {
		sq = bits_first(moves);
		f = bits_flips(P, O, sq);
		list[nm].sq = sq;
		list[nm].flips = f;
		list[nm].key = KEY_LATER;
		if (n > TABLE_MIN)
			tt_prefetch(&s->tt, O ^ f, P ^ f ^ (UINT64_C(1) << sq));
		nm++;
	}
	return nm;
}

/*
 * The keys of the nm moves of list, or false when a child's bound in the
 * table already cuts (its value in *cut).  lazy: when the table's move
 * hmove is legal, only its key is set, the others' left KEY_LATER for
 * children() to compute if that move does not cut.
 */
static bool
order_moves(struct search *s, uint64_t P, uint64_t O, int n, int beta,
    int hmove, bool lazy, struct smove *list, int nm, int *cut)
{
	const struct tt_entry *ce;
	uint64_t	       f, b;
	int		       i;
	bool		       found = false;
	bool		       etc = n >= ETC_MIN && beta <= 64 &&
	    !(s->off & (SEARCH_OFF_ETC | SEARCH_OFF_TABLE));

	for (i = 0; i < nm; i++)
		if (list[i].sq == hmove) {
			list[i].key = 1 << 30;
			found = true;
		}
	for (i = 0; etc && i < nm; i++) {
		f = list[i].flips;
		b = UINT64_C(1) << list[i].sq;
		if ((ce = tt_probe(&s->tt, O ^ f, P ^ f ^ b)) != NULL &&
		    -ce->hi >= beta) {
			*cut = -ce->hi;
			return false;
		}
	}
	if (!(lazy && found))
		order_keys(P, O, list, 0, nm);
	return true;
}

/* Moves the best keyed move of list[i..nm-1] to list[i]. */
static void
pick(struct smove *list, int i, int nm)
{
	struct smove t;
	int	     j, k = i;

	for (j = i + 1; j < nm; j++)
		if (list[j].key > list[k].key)
			k = j;
	t = list[i];
	list[i] = list[k];
	list[k] = t;
}

/* The loop over the children, PVS; returns the best value, *bm its move. */
static int
children(struct search *s, uint64_t P, uint64_t O, int alpha, int beta, int n,
    struct smove *list, int nm, int *bm)
{
	uint64_t cP, cO;
	int	 best = -SEARCH_INF, v, i;

	for (i = 0; i < nm; i++) {
		if (i == 1 && list[1].key == KEY_LATER)
			order_keys(P, O, list, 1, nm);
		pick(list, i, nm);
		cP = O ^ list[i].flips;
		cO = P ^ list[i].flips ^ (UINT64_C(1) << list[i].sq);
		if (i == 0 || beta - alpha == 1)
			v = -search_ab(s, cP, cO, -beta, -alpha, n - 1, false);
		else {
			v = -search_ab(
			    s, cP, cO, -alpha - 1, -alpha, n - 1, false);
			if (!s->aborted && v > alpha && v < beta)
				v = -search_ab(
				    s, cP, cO, -beta, -alpha, n - 1, false);
		}
		if (s->aborted)
			return 0;
		if (v > best) {
			best = v;
			*bm = list[i].sq;
			if (v > alpha) {
				alpha = v;
				if (v >= beta)
					break;
			}
		}
	}
	return best;
}

int
search_ab(struct search *s, uint64_t P, uint64_t O, int alpha, int beta, int n,
    bool passed)
{
	const struct tt_entry *e;
	struct smove	       list[SOLVE_MAX_MOVES];
	uint64_t	       moves;
	int		       nm, v, hmove = TT_NO_MOVE, bm = -1;

	if (n <= SHALLOW)
		return shallow(s, P, O, alpha, beta, n, passed);
	s->nodes++;
	if (s->nodes >= s->next_check && budget_out(s))
		return 0;
	if ((moves = bits_moves(P, O)) == 0) {
		if (passed)
			return bits_final(P, O);
		return -search_ab(s, O, P, -beta, -alpha, n, true);
	}
	if (stability_cut(s, P, O, alpha, n, &v))
		return v;
	nm = gen_moves(s, P, O, moves, n, list);
	if (n >= TABLE_MIN && (e = tt_probe(&s->tt, P, O)) != NULL &&
	    !(s->off & SEARCH_OFF_TABLE)) {
		if (e->lo >= beta || e->lo == e->hi)
			return e->lo;
		if (e->hi <= alpha)
			return e->hi;
		alpha = e->lo > alpha ? e->lo : alpha;
		beta = e->hi < beta ? e->hi : beta;
		hmove = e->move;
	}
	if (!order_moves(s, P, O, n, beta, hmove, true, list, nm, &v)) {
		tt_store(&s->tt, P, O, n, alpha, beta, v, -1);
		return v;
	}
	v = children(s, P, O, alpha, beta, n, list, nm, &bm);
	if (!s->aborted && n >= TABLE_MIN)
		tt_store(&s->tt, P, O, n, alpha, beta, v, bm);
	return v;
}

int
search_root(struct search *s, uint64_t P, uint64_t O, int n, int *bm,
    struct search_value *all)
{
	const struct tt_entry *e = tt_probe(&s->tt, P, O);
	struct smove	       list[SOLVE_MAX_MOVES];
	int		       nm, i, v;

	/* No cutoff from the table here (beta 65): the root's move. */
	nm = gen_moves(s, P, O, bits_moves(P, O), n, list);
	order_moves(s, P, O, n, 65, e != NULL ? e->move : TT_NO_MOVE, false,
	    list, nm, &v);
	*bm = -1;
	if (all == NULL) {
		v = children(s, P, O, -SEARCH_INF, SEARCH_INF, n, list, nm, bm);
		if (!s->aborted)
			tt_store(&s->tt, P, O, n, -64, 64, v, *bm);
		return s->aborted ? 0 : v;
	}
	for (i = 0; i < nm; i++) {
		pick(list, i, nm);
		all[i].sq = list[i].sq;
		all[i].score = 0;
		all[i].exact = false;
	}
	for (i = 0; i < nm && !s->aborted; i++) {
		v = -search_ab(s, O ^ list[i].flips,
		    P ^ list[i].flips ^ (UINT64_C(1) << list[i].sq), -64, 64,
		    n - 1, false);
		if (!s->aborted) {
			all[i].score = v;
			all[i].exact = true;
		}
	}
	return nm;
}
