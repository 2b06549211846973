/* SPDX-License-Identifier: MIT */
/*
 * Sets of cells as bits, one a cell, for the games that keep their legal
 * cells as sets (Oust, Rive): membership, counting, listing the members
 * as actions, and the i-th member for a legal_at entry.
 */
#ifndef ARBITER_CELLSET_H
#define ARBITER_CELLSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/rules.h"

#define WORDS RULES_CELL_WORDS

/*
 * Counting members is popcounts: a function that counts or picks them may
 * be marked COUNTS, so that the loader picks a clone with the processor's
 * instruction where it has one.
 */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define COUNTS \
	__attribute__((target_clones("arch=x86-64-v3", "popcnt", "default")))
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
		low = (uint64_t)__builtin_popcountll(
		    w & ((UINT64_C(1) << c) - 1));
		take = -(uint64_t)(i >= low);
		i -= (size_t)(low & take);
		w >>= c & (int)take;
		base += c & (int)take;
	}
	return base;
}

/* Adds cells 0 .. n-1, a whole board's, to set. */
static inline void
set_fill(uint64_t *set, int n)
{
	int i;

	for (i = 0; i < n / 64; i++)
		set[i] = ~UINT64_C(0);
	if (n % 64 != 0)
		set[n / 64] |= (UINT64_C(1) << (n % 64)) - 1;
}

/* The members of the first words words of set. */
static inline size_t
set_count(const uint64_t *set, int words)
{
	size_t n = 0;
	int    i;

	for (i = 0; i < words; i++)
		n += (size_t)__builtin_popcountll(set[i]);
	return n;
}

/* Writes the members as actions of kind, in cell order, at most cap. */
static inline size_t
set_actions(const uint64_t *set, int words, int kind, struct rules_action *out,
    size_t cap)
{
	uint64_t w;
	size_t	 k = 0;
	int	 i;

	for (i = 0; i < words && k < cap; i++)
		for (w = set[i]; w != 0 && k < cap; w &= w - 1)
			out[k++] = (struct rules_action){ .kind = (uint8_t)kind,
				.to = (int16_t)(i * 64 + __builtin_ctzll(w)) };
	return k;
}

/*
 * bit_nth() in one instruction where the processor has BMI2: deposit bit
 * i into the set bits of w.  Callers check __builtin_cpu_supports() first.
 */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define CELLSET_PDEP
static inline __attribute__((target("bmi2"))) int
bit_nth_pdep(uint64_t w, size_t i)
{
	return __builtin_ctzll(__builtin_ia32_pdep_di(UINT64_C(1) << i, w));
}
#endif

/* Member i (from 0) in cell order, or -1 past the last. */
static inline int
set_nth(const uint64_t *set, int words, size_t i)
{
	size_t c;
	int    k;

	for (k = 0; k < words; k++) {
		c = (size_t)__builtin_popcountll(set[k]);
#ifdef CELLSET_PDEP
		if (i < c && __builtin_cpu_supports("bmi2"))
			return k * 64 + bit_nth_pdep(set[k], i);
#endif
		if (i < c)
			return k * 64 + bit_nth(set[k], i);
		i -= c;
	}
	return -1;
}

#endif
