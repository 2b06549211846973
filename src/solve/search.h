/* SPDX-License-Identifier: MIT */
/*
 * Inside the solver: the exact search (search.c) and the state it carries,
 * shared with the root (solve.c).
 */
#ifndef ARBITER_SOLVE_SEARCH_H
#define ARBITER_SOLVE_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "solve/tt.h"

#define SEARCH_INF 127 /* beyond any score */

/*
 * Whether the compiler can build the search a second time for x86-64-v3
 * (search-v3.c): GCC on x86-64, whose generic code otherwise calls a
 * library function for every population count.
 */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define SEARCH_HAVE_V3 1
#else
#define SEARCH_HAVE_V3 0
#endif

/*
 * Techniques a test turns off (struct search's off) to check that the
 * search without them gives the same values: a pruning rule that is
 * wrong shows as a difference.
 */
#define SEARCH_OFF_ETC	     0x1 /* enhanced transposition cutoffs */
#define SEARCH_OFF_STABILITY 0x2 /* the stability cutoff */
#define SEARCH_OFF_TABLE     0x4 /* the table (bounds and moves) */

struct search {
	struct tt tt;
	uint64_t  nodes;
	uint64_t  max_nodes;  /* 0: none */
	uint64_t  next_check; /* nodes at which the clock is read next */
	double	  deadline;   /* monotonic seconds, 0: none */
	bool	  aborted;    /* a budget ran out: every value is void */
	bool	  v3;	      /* search with the x86-64-v3 copy */
	unsigned  off;	      /* SEARCH_OFF_*: techniques not used */
};

/* Whether this processor runs the x86-64-v3 copy (search_ab_v3...). */
bool search_have_v3(void);

/* Monotonic seconds. */
double search_clock(void);

/*
 * The value for P, to move against O with n empties, searched in the
 * window (alpha, beta), fail-soft: exact inside the window, a bound
 * outside it.  passed: the other side has just passed.  Meaningless once
 * s->aborted is set.
 */
int search_ab(struct search *s, uint64_t P, uint64_t O, int alpha, int beta,
    int n, bool passed);

/* A root move and its value (the root's all mode). */
struct search_value {
	int  sq;
	int  score;
	bool exact; /* false: the budget ran out before it was solved */
};

/*
 * The root of P, with moves, to play against O with n empties.  all NULL:
 * returns the exact value and sets *bm to a best move.  Otherwise solves
 * every move into all[] (ordered best first by the move ordering) and
 * returns their number.  s->aborted set: nothing returned is a value.
 */
int search_root(struct search *s, uint64_t P, uint64_t O, int n, int *bm,
    struct search_value *all);

/* The same two compiled for x86-64-v3; call only if search_have_v3(). */
int search_ab_v3(struct search *s, uint64_t P, uint64_t O, int alpha, int beta,
    int n, bool passed);
int search_root_v3(struct search *s, uint64_t P, uint64_t O, int n, int *bm,
    struct search_value *all);

#endif
