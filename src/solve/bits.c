/* SPDX-License-Identifier: MIT */
/*
 * The solver's bitboard tables (bits.h): the rays of every square, and
 * the stable discs of every edge, which the stability cutoff's lower
 * bound on the discs that can never be flipped starts from.
 */
#include <stdbool.h>

#include "solve/bits.h"

struct bits_rays  bits_rays;
struct bits_edges bits_edges;
uint8_t		  bits_last_flips[8][256];

/* The discs of o that me flips by playing x on a line of 8 squares. */
static unsigned
line_flips(unsigned me, unsigned o, int x)
{
	unsigned f = 0, run;
	int	 y;

	for (run = 0, y = x + 1; y < 8 && (o >> y & 1); y++)
		run |= 1u << y;
	if (y < 8 && (me >> y & 1))
		f |= run;
	for (run = 0, y = x - 1; y >= 0 && (o >> y & 1); y--)
		run |= 1u << y;
	if (y >= 0 && (me >> y & 1))
		f |= run;
	return f;
}

/*
 * The stable discs of every edge, own discs o against p: those of o that
 * stay o's whatever is played on the line, by either side, in any order:
 * o's discs that are stable in every line one move on.  The lines are
 * taken by their empties, fewest first, so that each one's successors
 * are known.
 */
static void
edges_init(void)
{
	unsigned o, p, e, x, st, f;
	int	 n;

	for (n = 0; n <= 8; n++)
		for (o = 0; o < 256; o++)
			for (p = 0; p < 256; p++) {
				e = ~(o | p) & 0xff;
				if ((o & p) != 0 || bits_count(e) != n)
					continue;
				st = o;
				for (x = 0; x < 8 && st != 0; x++) {
					if (!(e >> x & 1))
						continue;
					f = line_flips(o, p, (int)x);
					st &= bits_edges.stable[o | f | 1u << x]
							       [p ^ f];
					f = line_flips(p, o, (int)x);
					st &= bits_edges.stable[o ^ f][p | f |
					    1u << x];
				}
				bits_edges.stable[o][p] = (uint8_t)st;
			}
	for (x = 0; x < 256; x++)
		for (n = 0, bits_edges.file_a[x] = 0; n < 8; n++)
			if (x >> n & 1)
				bits_edges.file_a[x] |= UINT64_C(1) << (8 * n);
}

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
	for (sq = 0; sq < 64; sq++) {
		uint64_t b = UINT64_C(1) << sq;

		bits_rays.near[sq] = bits_frontier(b, ~b);
		for (k = 0; k < 4; k++) {
			bits_rays.line[sq][k] = bits_rays.up[sq][k] |
			    bits_rays.down[sq][k] | b;
			bits_rays.at[sq][k] = (uint8_t)bits_count(
			    bits_rays.line[sq][k] & (b - 1));
		}
	}
	for (x = 0; x < 8; x++)
		for (y = 0; y < 256; y++)
			bits_last_flips[x][y] = (uint8_t)bits_count(
			    line_flips((unsigned)y & ~(1u << x),
				~(unsigned)y & ~(1u << x) & 0xff, x));
	edges_init();
	done = true;
}
