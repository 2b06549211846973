/* SPDX-License-Identifier: MIT */
/*
 * The project's portable pseudo-random generator: xoshiro256** (Blackman
 * and Vigna) with its state filled from the seed by splitmix64.  Integer
 * arithmetic only, so every machine gives the same numbers for a seed;
 * formats/rng.md specifies it for other programs.  Never rand().
 */
#include "rules/rules.h"

static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z;

	z = (*x += UINT64_C(0x9e3779b97f4a7c15));
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void
rules_rng_seed(struct rules_rng *r, uint64_t seed)
{
	int i;

	for (i = 0; i < 4; i++)
		r->s[i] = splitmix64(&seed);
}

uint64_t
rules_rng_next(struct rules_rng *r)
{
	uint64_t *s = r->s, result, t;

	result = rotl(s[1] * 5, 7) * 9;
	t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

uint64_t
rules_rng_below(struct rules_rng *r, uint64_t n)
{
	uint64_t x;

	/*
	 * Reject the top partial block, from UINT64_MAX - UINT64_MAX % n
	 * (a multiple of n) up.  It lies within the top n values, so below
	 * them no division is needed to know x is kept.
	 */
	do
		x = rules_rng_next(r);
	while (x > UINT64_MAX - n && x >= UINT64_MAX - UINT64_MAX % n);
	return x % n;
}

void
rules_dice_roll(struct rules_rng *r, int *first, int *second)
{
	/* formats/rng.md: the first die, then the second, from one stream. */
	*first = 1 + (int)rules_rng_below(r, 6);
	*second = 1 + (int)rules_rng_below(r, 6);
}
