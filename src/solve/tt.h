/* SPDX-License-Identifier: MIT */
/*
 * Inside the solver: the transposition table.  An entry keeps a position
 * whole (both bitboards, so that a hit is never a different position and
 * a value read from the table is as exact as the search that stored it),
 * the bounds its solve proved, the best move found and its empties; two
 * entries share a slot pair, one left by an earlier solve or else the one
 * of fewer empties giving way.
 */
#ifndef ARBITER_SOLVE_TT_H
#define ARBITER_SOLVE_TT_H

#include <stddef.h>
#include <stdint.h>

#define TT_NO_MOVE 64

struct tt_entry {
	uint64_t P, O;
	int8_t	 lo, hi;  /* the value lies in [lo, hi] */
	uint8_t	 move;	  /* best move found, or TT_NO_MOVE */
	uint8_t	 empties; /* the work the bounds stand for */
	uint8_t	 date;	  /* the solve that stored it last */
};

struct tt {
	struct tt_entry *e;
	size_t		 mask; /* entries - 1, a power of two less one */
	uint8_t		 date; /* the current solve, for replacement */
};

/* A table of about bytes (at least 1024 entries); -1 if out of memory. */
int  tt_init(struct tt *, size_t bytes);
void tt_free(struct tt *);
void tt_clear(struct tt *);

static inline size_t
tt_index(const struct tt *t, uint64_t P, uint64_t O)
{
	uint64_t h = P * UINT64_C(0x9e3779b97f4a7c15) ^
	    (O + UINT64_C(0x632be59bd9b4e019)) * UINT64_C(0xc2b2ae3d27d4eb4f);

	h ^= h >> 31;
	return (size_t)h & t->mask & ~(size_t)1;
}

/*
 * Asks the processor for the slot pair of the position ahead of a probe,
 * both cache lines it may straddle.
 */
static inline void
tt_prefetch(const struct tt *t, uint64_t P, uint64_t O)
{
	const struct tt_entry *e = t->e + tt_index(t, P, O);

	__builtin_prefetch(e);
	__builtin_prefetch((const char *)(e + 2) - 1);
}

/* The entry of the position, or NULL. */
static inline const struct tt_entry *
tt_probe(const struct tt *t, uint64_t P, uint64_t O)
{
	const struct tt_entry *e = t->e + tt_index(t, P, O);

	if (e[0].P == P && e[0].O == O)
		return e;
	if (e[1].P == P && e[1].O == O)
		return e + 1;
	return NULL;
}

/*
 * Keeps what a search of the window (alpha, beta) returned, v, with its
 * best move, merged into the bounds already known for the position.
 */
void tt_store(struct tt *, uint64_t P, uint64_t O, int empties, int alpha,
    int beta, int v, int move);

#endif
