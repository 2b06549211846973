/* SPDX-License-Identifier: MIT */
/*
 * Inside the solver: the 8x8 bitboard kernels it runs on (legal moves,
 * the discs a move flips, stable discs, quadrant parity).  Bit i is square
 * i, a1 = 0, b1 = 1, ..., h8 = 63, as the rules core numbers cells on 8x8.
 * The solver keeps its own kernels rather than the rules core's so that
 * the core stays free of the solver's needs; see formats/solve.md.
 */
#ifndef ARBITER_SOLVE_BITS_H
#define ARBITER_SOLVE_BITS_H

#include <stdint.h>

#define BITS_NOT_A   UINT64_C(0xfefefefefefefefe) /* no a-file */
#define BITS_NOT_H   UINT64_C(0x7f7f7f7f7f7f7f7f) /* no h-file */
#define BITS_INNER   UINT64_C(0x7e7e7e7e7e7e7e7e) /* no a- nor h-file */
#define BITS_CORNERS UINT64_C(0x8100000000000081)

/* The rays from each square, filled once by bits_init(). */
struct bits_rays {
	uint64_t up[64][4];   /* towards higher squares: +1, +8, +9, +7 */
	uint64_t down[64][4]; /* towards lower squares: -1, -8, -9, -7 */
	uint64_t near[64];    /* the (up to) eight squares next to each */
	uint64_t line[64][4]; /* the four whole lines through each */
	uint8_t	 at[64][4];   /* its place in each line, a pext index */
};
extern struct bits_rays bits_rays;

/*
 * [x][l]: the discs flipped by playing the empty place x of a full line
 * of 8 places whose mover's discs are l (bit x ignored), the others the
 * opponent's: the last empty square's flips, counted by line.
 */
extern uint8_t bits_last_flips[8][256];

/* Fills bits_rays and bits_edges; idempotent, call before anything else here. */
void bits_init(void);

static inline int
bits_count(uint64_t x)
{
	return __builtin_popcountll(x);
}

static inline int
bits_first(uint64_t x)
{
	return __builtin_ctzll(x);
}

/* One direction of the legal moves: doubling fills along shift d. */
#define BITS_MOVES_DIR(P, M, d, moves) \
	do { \
		uint64_t fl_ = (M) & ((P) << (d)), fr_ = (M) & ((P) >> (d)); \
		uint64_t pl_ = (M) & ((M) << (d)), pr_ = pl_ >> (d); \
		fl_ |= (M) & (fl_ << (d)); \
		fr_ |= (M) & (fr_ >> (d)); \
		fl_ |= pl_ & (fl_ << 2 * (d)); \
		fr_ |= pr_ & (fr_ >> 2 * (d)); \
		fl_ |= pl_ & (fl_ << 2 * (d)); \
		fr_ |= pr_ & (fr_ >> 2 * (d)); \
		(moves) |= (fl_ << (d)) | (fr_ >> (d)); \
	} while (0)

#ifdef SEARCH_V3
typedef uint64_t bits_v4 __attribute__((vector_size(32)));

/*
 * The squares where the player with discs P may move against O: the
 * x86-64-v3 copy, BITS_MOVES_DIR's fills in the four directions at once
 * in AVX2's lanes.
 */
static inline uint64_t
bits_moves(uint64_t P, uint64_t O)
{
	const bits_v4 d = { 1, 8, 7, 9 }, d2 = d * 2;
	const bits_v4 keep = { BITS_INNER, ~UINT64_C(0), BITS_INNER,
		BITS_INNER };
	bits_v4	      p = { P, P, P, P }, m = (bits_v4){ O, O, O, O } & keep;
	bits_v4	      fl = m & (p << d), fr = m & (p >> d);
	bits_v4	      pl = m & (m << d), pr = pl >> d, mv;

	fl |= m & (fl << d);
	fr |= m & (fr >> d);
	fl |= pl & (fl << d2);
	fr |= pr & (fr >> d2);
	fl |= pl & (fl << d2);
	fr |= pr & (fr >> d2);
	mv = (fl << d) | (fr >> d);
	return (mv[0] | mv[1] | mv[2] | mv[3]) & ~(P | O);
}
#else
/* The squares where the player with discs P may move against O. */
static inline uint64_t
bits_moves(uint64_t P, uint64_t O)
{
	uint64_t moves = 0, inner = O & BITS_INNER;

	BITS_MOVES_DIR(P, inner, 1, moves);
	BITS_MOVES_DIR(P, O, 8, moves);
	BITS_MOVES_DIR(P, inner, 7, moves);
	BITS_MOVES_DIR(P, inner, 9, moves);
	return moves & ~(P | O);
}
#endif

#ifdef SEARCH_V3

/*
 * The discs of O that P flips by playing the empty square sq (0 if the
 * move is not legal), the four directions at once in AVX2's lanes (the
 * search's x86-64-v3 copy, search-v3.c; Okuhara and acepck's flip for
 * Edax and Egaroucid).  Up the board the lowest square that is not O
 * flips the run below it when it is P's; down the board the run down to
 * the highest square of P flips when no empty square lies above that P
 * (a signed comparison: no ray down holds bit 63).
 */
static inline uint64_t
bits_flips(uint64_t P, uint64_t O, int sq)
{
	typedef int64_t bits_s4 __attribute__((vector_size(32)));
	const bits_v4	d = { 1, 8, 9, 7 };
	bits_v4		pp = { P, P, P, P }, oo = { O, O, O, O };
	bits_v4		up, dn, rp, rs, re, lo, lf, f;

	__builtin_memcpy(&up, bits_rays.up[sq], sizeof(up));
	__builtin_memcpy(&dn, bits_rays.down[sq], sizeof(dn));
	rp = pp & dn;
	rs = rp | rp >> d;
	rs |= rs >> (d * 2);
	rs |= rs >> (d * 4);
	re = (~oo & dn) ^ rp;
	f = ~rs & dn & (bits_v4)((bits_s4)rp > (bits_s4)re);
	lo = ~oo & up;
	lo = (lo ^ (lo - 1)) & up;
	lf = lo & ~pp;
	f |= lf & ~(bits_v4)(lf == lo);
	return f[0] | f[1] | f[2] | f[3];
}
#else
/*
 * The discs of O that P flips by playing the empty square sq (0 if the
 * move is not legal).  Up the board the first square of a ray that is not
 * O is found by a carry through O; down the board by the highest bit that
 * is not O.
 */
static inline uint64_t
bits_flips(uint64_t P, uint64_t O, int sq)
{
	const uint64_t *up = bits_rays.up[sq], *dn = bits_rays.down[sq];
	uint64_t	flips = 0, o, y;
	int		k;

	for (k = 0; k < 4; k++) {
		uint64_t m = up[k];

		o = ((O | ~m) + (m & -m)) & m & P;
		flips |= (o - (o != 0)) & m;
		m = dn[k];
		y = m & ~O;
		o = (UINT64_C(0x8000000000000000) >> __builtin_clzll(y | 1)) &
		    m & P;
		flips |= -(o << 1) & m;
	}
	return flips;
}
#endif

#ifdef SEARCH_V3
/*
 * The number of discs P flips by playing the last empty square sq (all
 * the others full): each line through sq gathered by pext and counted by
 * bits_last_flips, no flips computed (the x86-64-v3 copy).
 */
static inline int
bits_count_last_flips(uint64_t P, int sq)
{
	const uint64_t *l = bits_rays.line[sq];
	const uint8_t  *at = bits_rays.at[sq];

	return bits_last_flips[at[0]][__builtin_ia32_pext_di(P, l[0])] +
	    bits_last_flips[at[1]][__builtin_ia32_pext_di(P, l[1])] +
	    bits_last_flips[at[2]][__builtin_ia32_pext_di(P, l[2])] +
	    bits_last_flips[at[3]][__builtin_ia32_pext_di(P, l[3])];
}
#else
/* The number of discs P flips by playing the last empty square sq. */
static inline int
bits_count_last_flips(uint64_t P, int sq)
{
	return bits_count(bits_flips(P, ~P & ~(UINT64_C(1) << sq), sq));
}
#endif

/* The empty squares of e next to a disc of q: q's frontier. */
static inline uint64_t
bits_frontier(uint64_t q, uint64_t e)
{
	return (q << 8 | q >> 8 | ((q << 1 | q << 9 | q >> 7) & BITS_NOT_A) |
		   ((q >> 1 | q >> 9 | q << 7) & BITS_NOT_H)) &
	    e;
}

/* The edges' stable discs, filled by bits_init(). */
struct bits_edges {
	uint8_t	 stable[256][256]; /* [own][other]: own discs never flipped */
	uint64_t file_a[256];	   /* a line of 8 bits put on the a-file */
};
extern struct bits_edges bits_edges;

/* The a-file of x (rank 1 first) as a line of 8 bits. */
static inline unsigned
bits_pack_a(uint64_t x)
{
	return (unsigned)(((x & UINT64_C(0x0101010101010101)) *
			      UINT64_C(0x0102040810204080)) >>
	    56);
}

/* The squares of the full lines along shift d (7 or 9) of filled f. */
static inline uint64_t
bits_full_diag(uint64_t f, int d, uint64_t up, uint64_t down)
{
	uint64_t e = ~f, u1 = up, u2 = u1 & (u1 << d), u4 = u2 & (u2 << 2 * d);
	uint64_t d1 = down, d2 = d1 & (d1 >> d), d4 = d2 & (d2 >> 2 * d);

	/* Each empty square spreads along the line both ways. */
	e |= (e << d & u1) | (e >> d & d1);
	e |= (e << 2 * d & u2) | (e >> 2 * d & d2);
	e |= (e << 4 * d & u4) | (e >> 4 * d & d4);
	return ~e;
}

/*
 * Discs of O that can never be flipped, a lower bound: those of the
 * edges that no play on their edge can flip (a table), and a disc
 * inside when along each of the four lines through it the line is full,
 * or a neighbour on that line is the edge or a stable disc of the same
 * colour.
 */
static inline uint64_t
bits_stable(uint64_t P, uint64_t O)
{
	uint64_t f = P | O, h = f, v = f, d9, d7, st, old;

	h &= h >> 1;
	h &= h >> 2;
	h &= h >> 4;
	h = (h & UINT64_C(0x0101010101010101)) * 0xff;
	v &= v >> 8 | v << 56;
	v &= v >> 16 | v << 48;
	v &= v >> 32 | v << 32;
	d9 = bits_full_diag(f, 9, BITS_NOT_A, BITS_NOT_H);
	d7 = bits_full_diag(f, 7, BITS_NOT_H, BITS_NOT_A);
	st = (uint64_t)bits_edges.stable[O & 0xff][P & 0xff] |
	    (uint64_t)bits_edges.stable[O >> 56][P >> 56] << 56 |
	    bits_edges
		.file_a[bits_edges.stable[bits_pack_a(O)][bits_pack_a(P)]] |
	    bits_edges.file_a[bits_edges.stable[bits_pack_a(O >> 7)]
					       [bits_pack_a(P >> 7)]]
		<< 7;
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

/*
 * The empty squares of the quadrants holding an odd number of empties:
 * the parity rule plays there first.
 */
static inline uint64_t
bits_odd_quadrants(uint64_t empty)
{
	static const uint64_t quad[4] = { UINT64_C(0x000000000f0f0f0f),
		UINT64_C(0x00000000f0f0f0f0), UINT64_C(0x0f0f0f0f00000000),
		UINT64_C(0xf0f0f0f000000000) };
	uint64_t	      odd = 0;
	int		      q;

	for (q = 0; q < 4; q++)
		if (bits_count(empty & quad[q]) & 1)
			odd |= quad[q];
	return odd & empty;
}

/* The final score for P: disc difference, empties to the winner. */
static inline int
bits_final(uint64_t P, uint64_t O)
{
	int p = bits_count(P), o = bits_count(O), e = 64 - p - o;

	return p > o ? p - o + e : p < o ? p - o - e : 0;
}

#endif
