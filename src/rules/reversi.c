/* SPDX-License-Identifier: MIT */
/*
 * Reversi (Othello) under the World Othello Federation rules (rules.md §1):
 * square boards of even size 4..16, a1 top-left, Black first.  Boards up to
 * 8x8 are two 64-bit bitboards (bit = 8 * row + file); larger variants use
 * one byte per cell.  Both representations implement the same flip rule
 * and are cross-checked by the unit tests through perft.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

#define BLACK	0
#define WHITE	1

/*
 * The hot entries are compiled twice with GCC on x86-64, for AVX2 and for
 * any x86-64, and the loader picks one for the processor (flatten inlines
 * the fills so that they take the clone's instruction set).
 */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpsabi"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define HOT	__attribute__((target_clones("avx2", "default"), flatten))
#else
#define HOT
#endif

/* The bitboard kernels must inline into each clone to take its ISA. */
#if defined(__GNUC__)
#define KERNEL	static inline __attribute__((always_inline))
#else
#define KERNEL	static inline
#endif

#define FILE_A	UINT64_C(0x0101010101010101)
#define FILE_H	UINT64_C(0x8080808080808080)

struct reversi {
	uint64_t	 bb[2];		/* by colour, boards up to 8x8 */
	uint64_t	 valid;		/* the board's squares, as bits */
	uint8_t		 cell[256];	/* larger boards: 0 empty, 1+colour */
	uint8_t		 to_move;
	uint8_t		 over;
	uint8_t		 big;		/* one byte per cell */
	uint16_t	 flipped[2];	/* discs each colour turned over */
};

/* ---- Bitboards (boards up to 8x8) ---------------------------------- */

/*
 * Kogge-Stone fills along four lines at once (GCC/Clang vector extension;
 * one AVX2 register where the processor has it): from the discs in gen,
 * extend through run, the opponent discs a line may cross, by 1, 2 and 4
 * squares.  Lane k goes along shift[k]; "l" fills shift up, "r" down.
 * Runs may not cross the a- or h-file sideways or diagonally, so those
 * lanes see no discs there; valid drops squares beyond a board under 8x8.
 */
typedef uint64_t v4u64 __attribute__((vector_size(32)));

static const v4u64 shift1 = { 1, 8, 9, 7 };
static const v4u64 shift2 = { 2, 16, 18, 14 };
static const v4u64 shift4 = { 4, 32, 36, 28 };

#define EDGE	(~(FILE_A | FILE_H))

KERNEL v4u64
lines(uint64_t opp, uint64_t valid)
{
	return (v4u64){ opp & EDGE & valid, opp & valid, opp & EDGE & valid,
	    opp & EDGE & valid };
}

KERNEL v4u64
fill_l(v4u64 gen, v4u64 run)
{
	v4u64	 pro;

	gen |= run & (gen << shift1);
	pro = run & (run << shift1);
	gen |= pro & (gen << shift2);
	pro &= pro << shift2;
	gen |= pro & (gen << shift4);
	return gen;
}

KERNEL v4u64
fill_r(v4u64 gen, v4u64 run)
{
	v4u64	 pro;

	gen |= run & (gen >> shift1);
	pro = run & (run >> shift1);
	gen |= pro & (gen >> shift2);
	pro &= pro >> shift2;
	gen |= pro & (gen >> shift4);
	return gen;
}

KERNEL uint64_t
or4(v4u64 x)
{
	return x[0] | x[1] | x[2] | x[3];
}

/* The empty squares where `me' may move (rules.md §1). */
KERNEL uint64_t
bb_moves(uint64_t me, uint64_t opp, uint64_t valid)
{
	v4u64	 run = lines(opp, valid), gen = { me, me, me, me }, m;

	m = ((fill_l(gen, run) & ~gen) << shift1) |
	    ((fill_r(gen, run) & ~gen) >> shift1);
	return or4(m) & ~(me | opp) & valid;
}

/*
 * The discs a move on `sq' turns over: in each line the run from sq,
 * kept where the square beyond it holds one of mine.
 */
KERNEL uint64_t
bb_flips(uint64_t me, uint64_t opp, uint64_t sq, uint64_t valid)
{
	v4u64	 run = lines(opp, valid), gen = { sq, sq, sq, sq };
	v4u64	 mine = { me, me, me, me }, fl, fr;

	fl = fill_l(gen, run);
	fr = fill_r(gen, run);
	/* A vector comparison yields all ones in the lanes where it holds. */
	fl &= (v4u64)(((fl << shift1) & ~fl & mine) != 0);
	fr &= (v4u64)(((fr >> shift1) & ~fr & mine) != 0);
	return or4(fl | fr) & ~sq;
}

static int
bit_of(const struct rules_board *b, int cell)
{
	return cell / b->width * 8 + cell % b->width;
}

static int
cell_of(const struct rules_board *b, int bit)
{
	return bit / 8 * b->width + bit % 8;
}

/* ---- One byte per cell (boards 10x10 to 16x16) -------------------- */

static const int dir_dx[8] = { 1, -1, 0, 0, 1, -1, 1, -1 };
static const int dir_dy[8] = { 0, 0, 1, -1, 1, 1, -1, -1 };

/*
 * Counts the discs a move at cell would flip; with `apply' (the same cells,
 * writable) also turns them.
 */
static int
big_flips(const struct rules_board *b, const uint8_t *cells, int me,
    int cell, uint8_t *apply)
{
	int	 n = b->width, x0 = cell % n, y0 = cell / n, d, x, y, run;
	int	 total = 0;

	if (cells[cell] != 0)
		return 0;
	for (d = 0; d < 8; d++) {
		run = 0;
		x = x0 + dir_dx[d];
		y = y0 + dir_dy[d];
		while (x >= 0 && x < n && y >= 0 && y < n &&
		    cells[y * n + x] == 2 - me) {
			run++;
			x += dir_dx[d];
			y += dir_dy[d];
		}
		if (run == 0 || x < 0 || x >= n || y < 0 || y >= n ||
		    cells[y * n + x] != 1 + me)
			continue;
		total += run;
		while (apply != NULL && run-- > 0) {
			x -= dir_dx[d];
			y -= dir_dy[d];
			apply[y * n + x] = (uint8_t)(1 + me);
		}
	}
	return total;
}

static bool
big_can_move(const struct rules_board *b, const struct reversi *r, int me)
{
	int	 i;

	for (i = 0; i < b->ncells; i++)
		if (big_flips(b, r->cell, me, i, NULL) > 0)
			return true;
	return false;
}

/* ---- The game ----------------------------------------------------- */

KERNEL bool
can_move(const struct rules_board *b, const struct reversi *r, int me)
{
	if (r->big)
		return big_can_move(b, r, me);
	return bb_moves(r->bb[me], r->bb[!me], r->valid) != 0;
}

static int
reversi_board(struct rules_board *b, const char *spec, struct rules_diag *d)
{
	int	 w, h;

	if (!rules_square_spec(spec, &w, &h) || w != h || w < 4 || w > 16 ||
	    w % 2 != 0)
		return rules_fail(d, "bad-board",
		    "reversi is played on an even square board from 4x4 to "
		    "16x16 (\"8x8\" or \"8\"), not \"%s\"", spec);
	return rules_square_init(b, w, w, d);
}

static int
reversi_init(const struct rules_board *b, void *st,
    const struct rules_variant *v, struct rules_diag *d)
{
	struct reversi *r = st;
	int	 n = b->width, m = n / 2, x, y;
	int	 start[4][3] = {
		/* rules.md §1: d4 e5 White, e4 d5 Black (on 8x8). */
		{ m - 1, m - 1, WHITE }, { m, m, WHITE },
		{ m, m - 1, BLACK }, { m - 1, m, BLACK },
	};
	int	 i;

	(void)v;
	(void)d;
	memset(r, 0, sizeof *r);
	r->big = n > 8;
	for (y = 0; y < n && !r->big; y++)
		for (x = 0; x < n; x++)
			r->valid |= UINT64_C(1) << (y * 8 + x);
	for (i = 0; i < 4; i++) {
		x = start[i][0];
		y = start[i][1];
		if (r->big)
			r->cell[y * n + x] = (uint8_t)(1 + start[i][2]);
		else
			r->bb[start[i][2]] |= UINT64_C(1) << (y * 8 + x);
	}
	r->to_move = BLACK;
	return 0;
}

static int
reversi_to_move(const struct rules_board *b, const void *st)
{
	(void)b;
	return ((const struct reversi *)st)->to_move;
}

static enum rules_phase
reversi_phase(const struct rules_board *b, const void *st)
{
	(void)b;
	return ((const struct reversi *)st)->over ? RULES_GAME_OVER :
	    RULES_TURN_START;
}

HOT static size_t
reversi_legal(const struct rules_board *b, const void *st,
    struct rules_action *out, size_t cap)
{
	const struct reversi *r = st;
	uint64_t moves;
	size_t	 n = 0;
	int	 me = r->to_move, i;

	if (r->over)
		return 0;
	if (r->big) {
		for (i = 0; i < b->ncells; i++) {
			if (big_flips(b, r->cell, me, i, NULL) == 0)
				continue;
			if (n < cap)
				out[n] = (struct rules_action){
				    .kind = RULES_PLACE, .to = (int16_t)i };
			n++;
		}
	} else {
		moves = bb_moves(r->bb[me], r->bb[!me], r->valid);
		for (; moves != 0; moves &= moves - 1) {
			if (n < cap)
				out[n] = (struct rules_action){
				    .kind = RULES_PLACE,
				    .to = (int16_t)cell_of(b,
					__builtin_ctzll(moves)) };
			n++;
		}
	}
	if (n == 0) {
		if (cap > 0)
			out[0] = (struct rules_action){ .kind = RULES_PASS };
		n = 1;
	}
	return n;
}

static const char *
colour_name(int c)
{
	return c == BLACK ? "black" : "white";
}

HOT static int
reversi_play(const struct rules_board *b, void *st,
    const struct rules_action *a, struct rules_diag *d)
{
	struct reversi *r = st;
	char	 name[RULES_CELL_NAME];
	uint64_t sq, flips;
	int	 me = r->to_move, n;

	switch (a->kind) {
	case RULES_PASS:
		/* rules.md §1: a pass only when there is no legal move. */
		if (can_move(b, r, me))
			return rules_fail(d, "pass-with-moves",
			    "%s may not pass: a legal move exists",
			    colour_name(me));
		r->to_move = (uint8_t)!me;
		return 0;
	case RULES_PLACE:
		break;
	default:
		return rules_fail(d, "wrong-action",
		    "a reversi turn is one square or \"pass\"");
	}
	if (a->to < 0 || a->to >= b->ncells)
		return rules_fail(d, "off-board", "no such square");
	if (r->big) {
		n = r->cell[a->to] != 0 ? -1 :
		    big_flips(b, r->cell, me, a->to, r->cell);
	} else {
		sq = UINT64_C(1) << bit_of(b, a->to);
		flips = (r->bb[0] | r->bb[1]) & sq ? 0 :
		    bb_flips(r->bb[me], r->bb[!me], sq, r->valid);
		n = flips != 0 ? __builtin_popcountll(flips) :
		    (r->bb[0] | r->bb[1]) & sq ? -1 : 0;
		if (n > 0) {
			r->bb[me] |= flips | sq;
			r->bb[!me] &= ~flips;
		}
	}
	if (n <= 0) {
		/* Why not: no move at all, the square, or no run to close. */
		rules_cell_name(b, a->to, name);
		if (!can_move(b, r, me))
			return rules_fail(d, "must-pass",
			    "%s has no legal move and must pass",
			    colour_name(me));
		if (n == -1)
			return rules_fail(d, "occupied", "%s is occupied",
			    name);
		return rules_fail(d, "no-flips", "%s flips no disc: no line "
		    "of %s discs ends in a %s disc", name, colour_name(!me),
		    colour_name(me));
	}
	if (r->big)
		r->cell[a->to] = (uint8_t)(1 + me);
	r->flipped[me] = (uint16_t)(r->flipped[me] + n);
	/* The game ends when neither side can move (rules.md §1). */
	r->to_move = (uint8_t)!me;
	r->over = !can_move(b, r, !me) && !can_move(b, r, me);
	return 0;
}

static void
reversi_score(const struct rules_board *b, const void *st,
    struct rules_score *s)
{
	const struct reversi *r = st;
	int	 i, empty;

	for (i = 0; i < 2; i++)
		s->points[i] = r->big ? 0 : __builtin_popcountll(r->bb[i]);
	for (i = 0; r->big && i < b->ncells; i++)
		if (r->cell[i] != 0)
			s->points[r->cell[i] - 1]++;
	s->over = r->over;
	s->winner = s->points[0] > s->points[1] ? BLACK :
	    s->points[1] > s->points[0] ? WHITE : -1;
	/* WOF score: the empty squares go to the winner, split in a draw. */
	empty = b->ncells - s->points[0] - s->points[1];
	s->alt[0] = s->points[0];
	s->alt[1] = s->points[1];
	if (s->winner == -1) {
		s->alt[0] += empty / 2;
		s->alt[1] += empty / 2;
	} else
		s->alt[s->winner] += empty;
	s->alt_name = "wof";
	if (!s->over)
		s->winner = -1;
	s->nstats = 2;
	s->stats[0] = (struct rules_stat){ "discs",
	    { s->points[0], s->points[1] } };
	s->stats[1] = (struct rules_stat){ "flipped",
	    { r->flipped[0], r->flipped[1] } };
}

static int
reversi_piece(const struct rules_board *b, const void *st, int cell)
{
	const struct reversi *r = st;
	uint64_t bit;

	if (r->big)
		return r->cell[cell];
	bit = UINT64_C(1) << bit_of(b, cell);
	return r->bb[BLACK] & bit ? RULES_PIECE(BLACK) :
	    r->bb[WHITE] & bit ? RULES_PIECE(WHITE) : RULES_EMPTY;
}

static int
reversi_setup(const struct rules_board *b, void *st,
    const struct rules_variant *v, const int *pieces, int to_move,
    struct rules_diag *d)
{
	struct reversi *r = st;
	int	 i;

	reversi_init(b, r, v, d);
	memset(r->bb, 0, sizeof r->bb);
	memset(r->cell, 0, sizeof r->cell);
	for (i = 0; i < b->ncells; i++) {
		if (pieces[i] != RULES_EMPTY && pieces[i] != RULES_PIECE(BLACK) &&
		    pieces[i] != RULES_PIECE(WHITE))
			return rules_fail(d, "bad-setup",
			    "reversi has only black and white discs");
		if (r->big)
			r->cell[i] = (uint8_t)pieces[i];
		else if (pieces[i] != RULES_EMPTY)
			r->bb[RULES_COLOUR_OF(pieces[i])] |=
			    UINT64_C(1) << bit_of(b, i);
	}
	r->to_move = (uint8_t)to_move;
	r->over = !can_move(b, r, BLACK) && !can_move(b, r, WHITE);
	return 0;
}

/*
 * Perft on 8x8 with bulk counting at the last ply: Aart Bik's convention,
 * a pass one ply, a finished game one leaf (rules.md §1).
 */
HOT static uint64_t
perft8(uint64_t me, uint64_t opp, int depth)
{
	uint64_t moves, sq, flips, total;

	moves = bb_moves(me, opp, ~UINT64_C(0));
	if (moves == 0) {
		if (bb_moves(opp, me, ~UINT64_C(0)) == 0)
			return 1;
		return depth == 1 ? 1 : perft8(opp, me, depth - 1);
	}
	if (depth == 1)
		return (uint64_t)__builtin_popcountll(moves);
	total = 0;
	for (; moves != 0; moves &= moves - 1) {
		sq = moves & -moves;
		flips = bb_flips(me, opp, sq, ~UINT64_C(0));
		total += perft8(opp & ~flips, me | flips | sq, depth - 1);
	}
	return total;
}

static uint64_t
reversi_perft(const struct rules_board *b, const void *st, int depth)
{
	const struct reversi *r = st;

	if (depth == 0 || r->over)
		return 1;
	if (!r->big && r->valid == ~UINT64_C(0))
		return perft8(r->bb[r->to_move], r->bb[!r->to_move], depth);
	return rules_perft_actions(&rules_reversi, b, st, depth);
}

const struct rules_game rules_reversi = {
	.name = "reversi",
	.title = "Reversi",
	.colour = { "black", "white" },
	.default_board = "8x8",
	.turn_cap = 0,
	.row1_on_top = true,
	.state_size = sizeof(struct reversi),
	.board = reversi_board,
	.init = reversi_init,
	.to_move = reversi_to_move,
	.phase = reversi_phase,
	.legal = reversi_legal,
	.play = reversi_play,
	.score = reversi_score,
	.piece = reversi_piece,
	.setup = reversi_setup,
	.perft = reversi_perft,
};
