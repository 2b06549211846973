/* SPDX-License-Identifier: MIT */
/*
 * The solver's bitboard tables and its stable-disc count (bits.h): the
 * rays of every square, and the lower bound on the discs that can never
 * be flipped that the stability cutoff uses.
 */
#include <stdbool.h>

#include "solve/bits.h"

struct bits_rays bits_rays;

void
bits_init(void)
{
	static const int dx[4] = { 1, 0, 1, -1 }, dy[4] = { 0, 1, 1, 1 };
	static bool	 done;
	int		 sq, k, x, y, sign;

	if (done)
		return;
	for (sq = 0; sq < 64; sq++)
		for (k = 0; k < 4; k++)
			for (sign = 1; sign >= -1; sign -= 2) {
				uint64_t m = 0;

				x = sq % 8 + sign * dx[k];
				y = sq / 8 + sign * dy[k];
				for (; x >= 0 && x < 8 && y >= 0 && y < 8;
				     x += sign * dx[k], y += sign * dy[k])
					m |= UINT64_C(1) << (y * 8 + x);
				if (sign > 0)
					bits_rays.up[sq][k] = m;
				else
					bits_rays.down[sq][k] = m;
			}
	/* The diagonals, each from its lowest square. */
	for (sq = 0, x = 0, y = 0; sq < 64; sq++) {
		if (sq < 8 || sq % 8 == 0)
			bits_rays.diag9[x++] = bits_rays.up[sq][2] |
			    UINT64_C(1) << sq;
		if (sq < 8 || sq % 8 == 7)
			bits_rays.diag7[y++] = bits_rays.up[sq][3] |
			    UINT64_C(1) << sq;
	}
	done = true;
}

/* Filled squares whose whole horizontal row is filled. */
static uint64_t
full_h(uint64_t f)
{
	uint64_t x = f & (f >> 1) & (f >> 2) & (f >> 3) & (f >> 4) & (f >> 5) &
	    (f >> 6) & (f >> 7) & UINT64_C(0x0101010101010101);

	return x * 0xff;
}

/* Filled squares whose whole file is filled. */
static uint64_t
full_v(uint64_t f)
{
	uint64_t x = f & (f >> 8) & (f >> 16) & (f >> 24) & (f >> 32) &
	    (f >> 40) & (f >> 48) & (f >> 56) & 0xff;

	return x * UINT64_C(0x0101010101010101);
}

/* Filled squares whose whole diagonal of one direction is filled. */
static uint64_t
full_diag(uint64_t f, const uint64_t *lines)
{
	uint64_t full = 0;
	int	 i;

	for (i = 0; i < 15; i++)
		if ((f & lines[i]) == lines[i])
			full |= lines[i];
	return full;
}

uint64_t
bits_stable(uint64_t P, uint64_t O)
{
	uint64_t filled = P | O, h, v, d9, d7, st, old;

	(void)P;
	h = full_h(filled);
	v = full_v(filled);
	d9 = full_diag(filled, bits_rays.diag9);
	d7 = full_diag(filled, bits_rays.diag7);
	st = 0;
	do {
		old = st;
		st |= O &
		    (h | (st << 1 & BITS_NOT_A) | (st >> 1 & BITS_NOT_H) |
			~BITS_INNER) &
		    (v | st << 8 | st >> 8 | UINT64_C(0xff000000000000ff)) &
		    (d9 | (st << 9 & BITS_NOT_A) | (st >> 9 & BITS_NOT_H) |
			~UINT64_C(0x007e7e7e7e7e7e00)) &
		    (d7 | (st << 7 & BITS_NOT_H) | (st >> 7 & BITS_NOT_A) |
			~UINT64_C(0x007e7e7e7e7e7e00));
	} while (st != old);
	return st;
}
