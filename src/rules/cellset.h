/* SPDX-License-Identifier: MIT */
/*
 * Sets of cells as bits, one a cell, for the games that keep their legal
 * cells as sets (Oust, Rive): membership, and the i-th member for a
 * legal_at entry.
 */
#ifndef ARBITER_CELLSET_H
#define ARBITER_CELLSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules.h"

#define WORDS	((RULES_MAX_CELLS + 63) / 64)

/*
 * Counting members is popcounts: a function that counts or picks them may
 * be marked COUNTS, so that the loader picks a clone with the processor's
 * instruction where it has one.
 */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define COUNTS	__attribute__((target_clones("popcnt", "default")))
#else
#define COUNTS
#endif

static inline bool
bit_get(const uint64_t *set, int i)
{
	return (set[i >> 6] >> (i & 63)) & 1;
}

static inline void
bit_set(uint64_t *set, int i)
{
	set[i >> 6] |= UINT64_C(1) << (i & 63);
}

static inline void
bit_clear(uint64_t *set, int i)
{
	set[i >> 6] &= ~(UINT64_C(1) << (i & 63));
}

/*
 * The position of set bit i (from 0) in w, which has more than i: halve
 * the word, keeping the half that holds the bit.  Where the bit lies is
 * unpredictable, so each step selects rather than branches.
 */
static inline int
bit_nth(uint64_t w, size_t i)
{
	uint64_t low, take;
	int	 c, base = 0;

	for (c = 32; c >= 1; c /= 2) {
		low = (uint64_t)__builtin_popcountll(w &
		    ((UINT64_C(1) << c) - 1));
		take = -(uint64_t)(i >= low);
		i -= (size_t)(low & take);
		w >>= c & (int)take;
		base += c & (int)take;
	}
	return base;
}

#endif
