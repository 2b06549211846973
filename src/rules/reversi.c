/* SPDX-License-Identifier: MIT */
/*
 * Reversi (Othello) under the World Othello Federation rules (rules.md §1):
 * square boards of even size 4..16, a1 top-left, Black first.  Boards up to
 * 8x8 are two 64-bit bitboards (bit = 8 * row + file); larger variants use
 * one byte per cell inside a border, so that a line stops at the edge with
 * no bounds test.  Both representations implement the same flip rule and
 * are cross-checked by the unit tests through perft.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/perft.h"
#include "rules/rules.h"
#include "rules/gamekit.h"

#define BLACK 0
#define WHITE 1

/*
 * The hot entries are compiled three times with GCC on x86-64, for
 * x86-64-v4 (AVX-512: three-way logic in one instruction, so a move's
 * flips take fewer steps), for x86-64-v3 (AVX2, and the popcount
 * instruction that counts the flips) and for any x86-64, and the loader
 * picks one for the processor (flatten inlines the fills so that they take
 * the clone's instruction set).
 */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpsabi"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define HOT \
	__attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", \
	    "default"), flatten))
#else
#define HOT
#endif

/* The bitboard kernels must inline into each clone to take its ISA. */
#if defined(__GNUC__)
#define KERNEL static inline __attribute__((always_inline))
#else
#define KERNEL static inline
#endif

#define FILE_A UINT64_C(0x0101010101010101)
#define FILE_H UINT64_C(0x8080808080808080)

/*
 * Larger boards, one byte per cell: 0 empty, 1 + colour, or BORDER.  Row y
 * holds x = 0..n-1 at (y + 1) * (n + 1) + x + 1, after one border cell
 * (the column left of the a-file and right of the last file at once); a
 * border row lies above and below.  So every square's eight neighbours
 * are in the array.
 */
#define BORDER	  3
#define BIG_CELLS ((16 + 2) * (16 + 1) + 1)

struct reversi {
	struct rules_head head;
	uint64_t	  bb[2];      /* by colour, boards up to 8x8 */
	uint64_t	  valid;      /* the board's squares, as bits */
	int8_t		  span[4];    /* x0, y0, x1, y1: where moves may be */
	uint16_t	  discs[2];   /* on larger boards, by colour */
	uint8_t		  big;	      /* one byte per cell */
	uint16_t	  flipped[2]; /* discs each colour turned over */
	/* Larger boards; last, as big_clear alone sets it (reversi_init). */
	uint8_t		  cell[BIG_CELLS];
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
typedef uint32_t v8u32 __attribute__((vector_size(32)));

static const v4u64 shift1 = { 1, 8, 9, 7 };
static const v4u64 shift2 = { 2, 16, 18, 14 };
static const v4u64 shift4 = { 4, 32, 36, 28 };

#define EDGE (~(FILE_A | FILE_H))

/* All four lanes x. */
KERNEL v4u64
splat(uint64_t x)
{
	return (v4u64){ x, x, x, x };
}

/* The squares a run may cross, by lane: a mask set once for a loop. */
KERNEL v4u64
crossable(uint64_t valid)
{
	return (v4u64){ EDGE & valid, valid, EDGE & valid, EDGE & valid };
}

KERNEL v4u64
lines(uint64_t opp, uint64_t valid)
{
	return splat(opp) & crossable(valid);
}

KERNEL v4u64
fill_l(v4u64 gen, v4u64 run)
{
	v4u64 pro;

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
	v4u64 pro;

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

/*
 * All four lanes the union of x's, without leaving the register: the
 * halves swapped, then each half's two lanes swapped as four 32-bit
 * words within it (one cycle, where a swap of 64-bit lanes takes a
 * shuffle across halves, three: a replay's every move waits for it).
 */
KERNEL v4u64
or_all(v4u64 x)
{
	v8u32 h;

	x |= __builtin_shufflevector(x, x, 2, 3, 0, 1);
	h = (v8u32)x;
	return x | (v4u64)__builtin_shufflevector(h, h, 2, 3, 0, 1, 6, 7, 4, 5);
}

/*
 * The empty squares where `me' may move (rules.md §1), my discs and the
 * opponent's in all four lanes.
 */
KERNEL uint64_t
moves_of(v4u64 mine, v4u64 theirs, uint64_t valid)
{
	v4u64 run = theirs & crossable(valid), m;

	m = ((fill_l(mine, run) & ~mine) << shift1) |
	    ((fill_r(mine, run) & ~mine) >> shift1);
	return or4(m) & ~(mine[0] | theirs[0]) & valid;
}

KERNEL uint64_t
bb_moves(uint64_t me, uint64_t opp, uint64_t valid)
{
	return moves_of(splat(me), splat(opp), valid);
}

/*
 * Whether `me' has a move (bb_moves() != 0), the lines that fill upwards
 * first: the game-over test after every move, which most often finds one
 * there and so skips half the work.
 */
KERNEL bool
bb_any_move(uint64_t me, uint64_t opp, uint64_t valid)
{
	v4u64	 run = lines(opp, valid), gen = { me, me, me, me };
	uint64_t empty = ~(me | opp) & valid;

	if (or4((fill_l(gen, run) & ~gen) << shift1) & empty)
		return true;
	return (or4((fill_r(gen, run) & ~gen) >> shift1) & empty) != 0;
}

/*
 * The four lines through each square of the 8x8 grid, as constants: its
 * row, its file, and the diagonals through a1 (a1-h8) and h1 (h1-a8)
 * moved by whole rows.
 */
#define DIAG_A1 UINT64_C(0x8040201008040201)
#define DIAG_H1 UINT64_C(0x0102040810204080)
/* k rows towards the high bits, or -k back: no shift count is negative. */
#define ROWS(k)	      (8 * ((k) > 0 ? (k) : 0))
#define BY_ROWS(m, k) ((m) << ROWS(k) >> ROWS(-(k)))
#define LINE_PART(s, m) \
	{ \
		UINT64_C(0xFF) << ((s)&56) & (m), FILE_A << ((s)&7) & (m), \
		    BY_ROWS(DIAG_A1, ((s) >> 3) - ((s)&7)) & (m), \
		    BY_ROWS(DIAG_H1, ((s) >> 3) + ((s)&7) - 7) & (m) \
	}
#define HALVES(s) \
	{ \
		LINE_PART(s, ~UINT64_C(1) << (s)), \
		    LINE_PART(s, (UINT64_C(1) << (s)) - 1) \
	}
#define HALVES_ROW(y) \
	HALVES(8 * (y)), HALVES(8 * (y) + 1), HALVES(8 * (y) + 2), \
	    HALVES(8 * (y) + 3), HALVES(8 * (y) + 4), HALVES(8 * (y) + 5), \
	    HALVES(8 * (y) + 6), HALVES(8 * (y) + 7)

/* The four lines through each square, cut there: above it, below it. */
static const struct {
	v4u64 up, down;
} halves_of[64] = { HALVES_ROW(0), HALVES_ROW(1), HALVES_ROW(2), HALVES_ROW(3),
	HALVES_ROW(4), HALVES_ROW(5), HALVES_ROW(6), HALVES_ROW(7) };

typedef int64_t v4s64 __attribute__((vector_size(32)));

/*
 * The discs a move on bit s turns over (rules.md §1): in each of the
 * eight lines from s, the run of opponent discs closed by one of mine,
 * the four lines above s in one vector and the four below in another.
 * Going up, the first square without an opponent disc is the lowest
 * bit: the run is what lies below it, if that square is mine.  Going
 * down it is the highest: the run closes if my highest disc lies above
 * the highest empty square (the two sets are disjoint: the larger word
 * holds it), and it is what lies above the shadow of my discs smeared
 * down the line.  A square off a smaller board is never the opponent's,
 * so a run stops there unclosed.
 */
KERNEL v4u64
flips_of(v4u64 mine, v4u64 theirs, int s)
{
	const v4u64 up = halves_of[s].up, dn = halves_of[s].down;
	v4u64	    stop, low, my, empty, shadow, f;

	stop = up & ~theirs;
	low = stop & -stop & mine;
	/* A vector comparison yields all ones (-1) where it holds. */
	f = (low + (v4u64)(low != 0)) & up;
	my = dn & mine;
	empty = dn & ~theirs & ~mine;
	shadow = my | my >> shift1;
	shadow |= shadow >> shift2;
	shadow |= shadow >> shift4;
	/* Below bit 63 (s is above): a signed comparison will do. */
	f |= dn & ~shadow & (v4u64)((v4s64)my > (v4s64)empty);
	return or_all(f);
}

KERNEL uint64_t
bb_flips(uint64_t me, uint64_t opp, int s)
{
	return flips_of(splat(me), splat(opp), s)[0];
}

/*
 * The same flips by fills from the square, four lines to a lane: more
 * work for one move than bb_flips, but with no long chain of steps, so
 * that perft, which turns over the discs of every move of a position
 * at once, runs them side by side (12% faster there; bb_flips is the
 * faster for one move after another).  The unit tests compare the two
 * through perft.
 */
KERNEL uint64_t
fill_flips(uint64_t me, uint64_t opp, uint64_t sq, uint64_t valid)
{
	v4u64 run = lines(opp, valid), gen = { sq, sq, sq, sq };
	v4u64 mine = { me, me, me, me }, fl, fr;

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
	/* On 8x8 the same number, without two divisions on every move. */
	if (b->width == 8)
		return cell;
	return cell / b->width * 8 + cell % b->width;
}

static int
cell_of(const struct rules_board *b, int bit)
{
	return bit / 8 * b->width + bit % 8;
}

/* ---- One byte per cell (boards 10x10 to 16x16) -------------------- */

/* Where a cell of a board of width n lies in the bordered array. */
static int
big_at(int n, int cell)
{
	return (cell / n + 1) * (n + 1) + cell % n + 1;
}

/*
 * Counts the discs a move at p (in the bordered array) would flip; with
 * `apply' (the same cells, writable) also turns them.
 */
static int
big_flips(int n, const uint8_t *cells, int me, int p, uint8_t *apply)
{
	const int off[8] = { 1, -1, n + 1, -(n + 1), n + 2, n, -n, -(n + 2) };
	int	  opp = 2 - me, mine = 1 + me, d, t, total = 0;

	if (cells[p] != 0)
		return 0;
	for (d = 0; d < 8; d++) {
		t = p + off[d];
		if (cells[t] != opp)
			continue;
		do
			t += off[d];
		while (cells[t] == opp);
		if (cells[t] != mine)
			continue;
		for (t -= off[d]; t != p; t -= off[d]) {
			total++;
			if (apply != NULL)
				apply[t] = (uint8_t)mine;
		}
	}
	return total;
}

/* An empty board inside its border. */
static void
big_clear(struct reversi *r, int n)
{
	int i;

	memset(r->cell, BORDER, sizeof r->cell);
	for (i = 0; i < n * n; i++)
		r->cell[big_at(n, i)] = 0;
	r->span[0] = r->span[1] = (int8_t)n;
	r->span[2] = r->span[3] = -1;
	r->discs[0] = r->discs[1] = 0;
}

/*
 * Puts a disc of colour c on cell and widens the span to the squares
 * around it: a move is next to a disc, so on a board mostly empty the
 * search for moves stays near the discs.
 */
static void
big_put(struct reversi *r, int n, int cell, int c)
{
	int x = cell % n, y = cell / n;

	r->cell[big_at(n, cell)] = (uint8_t)(1 + c);
	r->discs[c]++;
	if (x - 1 < r->span[0])
		r->span[0] = (int8_t)(x > 0 ? x - 1 : 0);
	if (y - 1 < r->span[1])
		r->span[1] = (int8_t)(y > 0 ? y - 1 : 0);
	if (x + 1 > r->span[2])
		r->span[2] = (int8_t)(x < n - 1 ? x + 1 : n - 1);
	if (y + 1 > r->span[3])
		r->span[3] = (int8_t)(y < n - 1 ? y + 1 : n - 1);
}

/*
 * The cells where me may move, in order, into cells (if not NULL): at most
 * max of them.  Returns how many it found.
 */
static int
big_moves(const struct rules_board *b, const struct reversi *r, int me,
    int16_t *cells, int max)
{
	int n = b->width, x, y, p, k = 0;

	for (y = r->span[1]; y <= r->span[3]; y++) {
		p = big_at(n, y * n + r->span[0]);
		for (x = r->span[0]; x <= r->span[2]; x++, p++) {
			if (big_flips(n, r->cell, me, p, NULL) == 0)
				continue;
			if (cells != NULL)
				cells[k] = (int16_t)(y * n + x);
			if (++k == max)
				return k;
		}
	}
	return k;
}

/* Plays a legal move of me on cell: the disc, its flips, the counts. */
static void
big_play(const struct rules_board *b, struct reversi *r, int me, int cell)
{
	int flips;

	flips = big_flips(
	    b->width, r->cell, me, big_at(b->width, cell), r->cell);
	big_put(r, b->width, cell, me);
	r->discs[me] = (uint16_t)(r->discs[me] + flips);
	r->discs[!me] = (uint16_t)(r->discs[!me] - flips);
}

/* ---- The game ----------------------------------------------------- */

KERNEL bool
can_move(const struct rules_board *b, const struct reversi *r, int me)
{
	if (r->big)
		return big_moves(b, r, me, NULL, 1) != 0;
	return bb_any_move(r->bb[me], r->bb[!me], r->valid);
}

/*
 * The game ends when neither side can move (rules.md §1): the test that
 * play() leaves open (head.open), since a legal next move answers it.
 */
HOT static bool
reversi_over(const struct rules_board *b, const void *st)
{
	const struct reversi *r = st;

	/* Most games end with the board full: no need to look for moves. */
	if (!r->big && (r->bb[0] | r->bb[1]) == r->valid)
		return true;
	return !can_move(b, r, r->head.to_move) &&
	    !can_move(b, r, !r->head.to_move);
}

/* The phase, settled. */
static bool
ended(const struct rules_board *b, const struct reversi *r)
{
	return r->head.phase == RULES_GAME_OVER ||
	    (r->head.open && reversi_over(b, r));
}

/* What rules_state_play() says of a finished game. */
static int
refuse_ended(struct diag *d)
{
	return diag_set(d, DIAG_GAME_OVER, "the game is already over");
}

static int
reversi_board(struct rules_board *b, const char *spec, struct diag *d)
{
	int w, h;

	if (!rules_square_spec(spec, &w, &h) || w != h || w < 4 || w > 16 ||
	    w % 2 != 0)
		return diag_set(d, DIAG_BAD_BOARD,
		    "reversi is played on an even square board from 4x4 to "
		    "16x16 (\"8x8\" or \"8\"), not \"%s\"",
		    spec);
	return rules_square_init(b, w, w, d);
}

static int
reversi_init(const struct rules_board *b, void *st,
    const struct rules_variant *v, struct diag *d)
{
	/* Not the cells, big_clear's: an 8x8 game clears a tenth as much. */
	struct reversi *r = gamekit_clear(st, offsetof(struct reversi, cell));
	int		n = b->width, m = n / 2, x, y;
	int		start[4][3] = {
			    /* rules.md §1: d4 e5 White, e4 d5 Black (on 8x8). */
		    { m - 1, m - 1, WHITE },
		    { m, m, WHITE },
		    { m, m - 1, BLACK },
		    { m - 1, m, BLACK },
	};
	int i;

	(void)v;
	(void)d;
	if (n == 8) {
		/* The archives' board, every record's start: as constants. */
		r->valid = ~UINT64_C(0);
		r->bb[WHITE] = UINT64_C(1) << 27 | UINT64_C(1) << 36;
		r->bb[BLACK] = UINT64_C(1) << 28 | UINT64_C(1) << 35;
		return 0;
	}
	r->big = n > 8;
	if (r->big)
		big_clear(r, n);
	/* A row at a time: every record of an archive starts here. */
	for (y = 0; y < n && !r->big; y++)
		r->valid |= ((UINT64_C(1) << n) - 1) << (y * 8);
	for (i = 0; i < 4; i++) {
		x = start[i][0];
		y = start[i][1];
		if (r->big)
			big_put(r, n, y * n + x, start[i][2]);
		else
			r->bb[start[i][2]] |= UINT64_C(1) << (y * 8 + x);
	}
	return 0;
}

HOT static size_t
reversi_legal(const struct rules_board *b, const void *st,
    struct rules_action *out, size_t cap)
{
	const struct reversi *r = st;
	uint64_t	      moves;
	int16_t		      cells[RULES_MAX_CELLS];
	size_t		      n = 0;
	int		      me = r->head.to_move, i;

	if (r->head.phase == RULES_GAME_OVER)
		return 0;
	if (r->big) {
		n = (size_t)big_moves(b, r, me, cells, RULES_MAX_CELLS);
		for (i = 0; (size_t)i < n && (size_t)i < cap; i++)
			out[i] = (struct rules_action){ .kind = RULES_PLACE,
				.to = cells[i] };
	} else {
		moves = bb_moves(r->bb[me], r->bb[!me], r->valid);
		for (; moves != 0; moves &= moves - 1) {
			if (n < cap)
				out[n] = (struct rules_action){
					.kind = RULES_PLACE,
					.to = (int16_t)cell_of(
					    b, __builtin_ctzll(moves))
				};
			n++;
		}
	}
	if (n == 0) {
		/* No move: a pass, or the end left open by play(). */
		if (r->head.open && !can_move(b, r, !me))
			return 0;
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
    const struct rules_action *a, struct diag *d)
{
	struct reversi *r = st;
	char		name[RULES_CELL_NAME];
	uint64_t	sq, flips;
	int		me = r->head.to_move, n, p;

	switch (a->kind) {
	case RULES_PASS:
		/* rules.md §1: a pass only when there is no legal move. */
		if (can_move(b, r, me))
			return diag_set(d, DIAG_PASS_WITH_MOVES,
			    "%s may not pass: a legal move exists",
			    colour_name(me));
		if (r->head.open && !can_move(b, r, !me))
			return refuse_ended(d);
		/* The other side can move: the game goes on. */
		r->head.to_move = (uint8_t)!me;
		r->head.open = 0;
		return 0;
	case RULES_PLACE: break;
	default:
		if (ended(b, r))
			return refuse_ended(d);
		return diag_set(d, DIAG_WRONG_ACTION,
		    "a reversi turn is one square or \"pass\"");
	}
	if (a->to < 0 || a->to >= b->ncells) {
		if (ended(b, r))
			return refuse_ended(d);
		return diag_set(d, DIAG_OFF_BOARD, "no such square");
	}
	if (r->big) {
		p = big_at(b->width, a->to);
		n = r->cell[p] != 0 ? -1 :
				      big_flips(b->width, r->cell, me, p, NULL);
		if (n > 0)
			big_play(b, r, me, a->to);
	} else {
		p = bit_of(b, a->to);
		sq = UINT64_C(1) << p;
		flips = (r->bb[0] | r->bb[1]) & sq ?
		    0 :
		    bb_flips(r->bb[me], r->bb[!me], p);
		n = flips != 0		       ? __builtin_popcountll(flips) :
		    (r->bb[0] | r->bb[1]) & sq ? -1 :
						 0;
		if (n > 0) {
			r->bb[me] |= flips | sq;
			r->bb[!me] &= ~flips;
		}
	}
	if (n <= 0) {
		/* Why not: no move at all, the square, or no run to close. */
		if (ended(b, r))
			return refuse_ended(d);
		rules_cell_name(b, a->to, name);
		if (!can_move(b, r, me))
			return diag_set(d, DIAG_MUST_PASS,
			    "%s has no legal move and must pass",
			    colour_name(me));
		if (n == -1)
			return diag_set(
			    d, DIAG_OCCUPIED, "%s is occupied", name);
		return diag_set(d, DIAG_NO_FLIPS,
		    "%s flips no disc: no line "
		    "of %s discs ends in a %s disc",
		    name, colour_name(!me), colour_name(me));
	}
	r->flipped[me] = (uint16_t)(r->flipped[me] + n);
	/*
	 * A legal move showed the game was not over; whether it is now is
	 * left open (reversi_over) until someone asks or the next move
	 * answers it.
	 */
	r->head.to_move = (uint8_t)!me;
	r->head.phase = RULES_TURN_START;
	r->head.open = 1;
	return 0;
}

/*
 * An 8x8 game between two moves of a run (play_cells): the discs in all
 * four lanes, the mover's first (playout_bb's way), and each side's count
 * of discs turned over, the mover's first.
 */
struct run8 {
	v4u64	 me, opp;
	unsigned turned, waiting;
	/* The passes implied run8_step played; whether the last was one. */
	unsigned passes;
	bool	 passed;
};

KERNEL struct run8
run8_of(const struct reversi *r)
{
	int c = r->head.to_move;

	return (struct run8){ splat(r->bb[c]), splat(r->bb[!c]), r->flipped[c],
		r->flipped[!c], 0, false };
}

/*
 * Plays cell p for g as play() would where it would say nothing: on the
 * board, empty, turning discs over.  False, g as it was, for a cell
 * play() must judge (rules.md §1), which is also where a player with no
 * move must pass.
 */
KERNEL bool
run8_play(struct run8 *g, int16_t p)
{
	uint64_t sq, flips;
	v4u64	 vf, vt;
	unsigned t;

	if ((uint16_t)p >= 64)
		return false;
	sq = UINT64_C(1) << p;
	vf = flips_of(g->me, g->opp, p);
	flips = vf[0];
	if (((g->me[0] | g->opp[0]) & sq) != 0 || flips == 0)
		return false;
	t = g->turned + (unsigned)__builtin_popcountll(flips);
	g->turned = g->waiting;
	g->waiting = t;
	/* The mover's discs become the opponent's to move. */
	vt = g->me | vf | splat(sq);
	g->me = g->opp & ~vf;
	g->opp = vt;
	return true;
}

/*
 * The pass play() takes where g's mover has no move and the other side
 * has one (rules.md §1), played: true; else false, g as it was.  A pass
 * turns nothing over: the counts change hands with the move.
 */
KERNEL bool
run8_pass(struct run8 *g)
{
	v4u64	 t;
	unsigned w;

	if (bb_any_move(g->me[0], g->opp[0], ~UINT64_C(0)) ||
	    !bb_any_move(g->opp[0], g->me[0], ~UINT64_C(0)))
		return false;
	t = g->me;
	g->me = g->opp;
	g->opp = t;
	w = g->turned;
	g->turned = g->waiting;
	g->waiting = w;
	return true;
}

/*
 * run8_play, or, where passes are implied (passes) and the mover must
 * pass before cell p, that pass (counted) and then p, or, where cells
 * may be passes written (written), a RULES_CELL_PASS played as a cell
 * where run8_pass takes it.  False where it stops before p (after the
 * pass implied, if it played one: g->passed).
 */
KERNEL bool
run8_step(struct run8 *g, int16_t p, bool passes, bool written)
{
	if (run8_play(g, p))
		return true;
	/* A pass written: where run8_pass takes it, else play()'s to judge. */
	if (written && p == RULES_CELL_PASS)
		return run8_pass(g);
	if (!passes || (uint16_t)p >= 64 || !run8_pass(g))
		return false;
	g->passes++;
	if (run8_play(g, p))
		return true;
	g->passed = true;
	return false;
}

/*
 * r after the i cells to[0..i-1] and the passes implied g played from
 * it; written: as run8_step took them.
 */
KERNEL void
run8_store(struct reversi *r, const struct run8 *g, const int16_t *to, size_t i,
    bool written)
{
	size_t n = i + g->passes;
	int    c = r->head.to_move ^ (int)(n & 1);

	r->bb[c] = g->me[0];
	r->bb[!c] = g->opp[0];
	r->flipped[c] = (uint16_t)g->turned;
	r->flipped[!c] = (uint16_t)g->waiting;
	if (n > 0) {
		/*
		 * As after play(): not over before the move; now open.  A
		 * pass last, implied or written, leaves it closed (the
		 * other side can move).
		 */
		r->head.to_move = (uint8_t)c;
		r->head.phase = RULES_TURN_START;
		r->head.open = !g->passed &&
		    !(written && i > 0 && to[i - 1] == RULES_CELL_PASS);
	}
}

/*
 * play() for a run of cells, a whole archive game at a time: the same
 * rule (rules.md §1), without a call, a check of the action's kind or a
 * store of the state per move.  It stops before a cell that is off the
 * board, occupied or flips nothing, which is also where a player with no
 * move must pass: play() is the judge of that cell.  With passes, on
 * 8x8, the pass play() would take there is played first (run8_step),
 * counted in *passes, and the cell tried again.
 */
HOT static size_t
reversi_play_cells(const struct rules_board *b, void *st, const int16_t *to,
    size_t n, size_t *passes)
{
	struct reversi *r = st;
	struct run8	g;
	uint64_t	me, opp, sq, flips, t;
	size_t		i;
	int		c = r->head.to_move, p, k;

	/* Passes on 8x8 only: elsewhere play() plays them. */
	if (passes != NULL)
		*passes = 0;
	if (r->big) {
		for (i = 0; i < n && to[i] >= 0 && to[i] < b->ncells; i++) {
			p = big_at(b->width, to[i]);
			k = r->cell[p] != 0 ?
			    0 :
			    big_flips(b->width, r->cell, c, p, NULL);
			if (k == 0)
				break;
			big_play(b, r, c, to[i]);
			r->flipped[c] = (uint16_t)(r->flipped[c] + k);
			c = !c;
		}
	} else if (b->ncells == 64) {
		/* 8x8, the archives' board: one test for a cell play() judges. */
		g = run8_of(r);
		if (passes == NULL)
			for (i = 0; i < n && run8_play(&g, to[i]); i++)
				;
		else
			for (i = 0; i < n && run8_step(&g, to[i], true, false);
			     i++)
				;
		run8_store(r, &g, to, i, false);
		if (passes != NULL)
			*passes = g.passes;
		return i;
	} else {
		me = r->bb[c];
		opp = r->bb[!c];
		for (i = 0; i < n && to[i] >= 0 && to[i] < b->ncells; i++) {
			p = bit_of(b, to[i]);
			sq = UINT64_C(1) << p;
			if ((me | opp) & sq)
				break;
			flips = bb_flips(me, opp, p);
			if (flips == 0)
				break;
			r->flipped[c] = (uint16_t)(r->flipped[c] +
			    __builtin_popcountll(flips));
			/* The mover's discs become the opponent's to move. */
			t = me | flips | sq;
			me = opp & ~flips;
			opp = t;
			c = !c;
		}
		r->bb[c] = me;
		r->bb[!c] = opp;
	}
	if (i > 0) {
		/* As after play(): not over before the move; now open. */
		r->head.to_move = (uint8_t)c;
		r->head.phase = RULES_TURN_START;
		r->head.open = 1;
	}
	return i;
}

/*
 * The runs of play_cells_pair, a and c playing to[0] and to[1] (n[0] and
 * n[1] cells): a move of each in turn, then the one that goes on alone.
 * *ia and *ib: the cells each played.  pass and written: run8_step's.
 */
KERNEL void
run8_pair(struct run8 *a, struct run8 *c, const int16_t *const to[2],
    const size_t n[2], size_t *ia, size_t *ib, bool pass, bool written)
{
	const int16_t *ta = to[0], *tb = to[1];
	size_t	       na = n[0], nb = n[1], m = na < nb ? na : nb, i;
	size_t	       ka = SIZE_MAX, kb = SIZE_MAX;

	for (i = 0; i < m; i++) {
		if (!run8_step(a, ta[i], pass, written)) {
			ka = i;
			break;
		}
		if (!run8_step(c, tb[i], pass, written)) {
			kb = i;
			break;
		}
	}
	/* The other goes on alone, unless it stopped too. */
	if (ka == SIZE_MAX)
		for (ka = i + (kb != SIZE_MAX);
		     ka < na && run8_step(a, ta[ka], pass, written); ka++)
			;
	if (kb == SIZE_MAX)
		for (kb = i; kb < nb && run8_step(c, tb[kb], pass, written);
		     kb++)
			;
	*ia = ka;
	*ib = kb;
}

/*
 * play_cells_pair for two 8x8 games side by side: a move of each in turn,
 * so that one's flips are worked out while the other's wait for their
 * last board; once one stops, the other goes on alone.  Other boards: one
 * game, then the other (where a pass written stops each).  written: the
 * cells may be passes written (play_cells_pair_written).
 */
KERNEL void
play_cells_pair_of(const struct rules_board *b, void *st[2],
    const int16_t *const to[2], const size_t n[2], size_t k[2],
    size_t passes[2], bool written)
{
	const int16_t *ta = to[0], *tb = to[1];
	struct run8    a, c;
	size_t	       na = n[0], nb = n[1], ia, ib;
	bool	       pass = passes != NULL;

	if (b->ncells != 64 || ((struct reversi *)st[0])->big ||
	    ((struct reversi *)st[1])->big) {
		k[0] = reversi_play_cells(
		    b, st[0], ta, na, pass ? &passes[0] : NULL);
		k[1] = reversi_play_cells(
		    b, st[1], tb, nb, pass ? &passes[1] : NULL);
		return;
	}
	/* In locals: each game's discs stay in registers. */
	a = run8_of(st[0]);
	c = run8_of(st[1]);
	/* A loop of each kind: none tests for passes a move. */
	if (pass)
		run8_pair(&a, &c, to, n, &ia, &ib, true, written);
	else
		run8_pair(&a, &c, to, n, &ia, &ib, false, written);
	run8_store(st[0], &a, ta, ia, written);
	run8_store(st[1], &c, tb, ib, written);
	k[0] = ia;
	k[1] = ib;
	if (pass) {
		passes[0] = a.passes;
		passes[1] = c.passes;
	}
}

HOT static void
reversi_play_cells_pair(const struct rules_board *b, void *st[2],
    const int16_t *const to[2], const size_t n[2], size_t k[2],
    size_t passes[2])
{
	play_cells_pair_of(b, st, to, n, k, passes, false);
}

/*
 * The same for cells with passes written (GGF's, SGF's, the notation's):
 * a copy of its own, so that the archives that write none keep their
 * loops as they are.
 */
HOT static void
reversi_play_cells_pair_written(const struct rules_board *b, void *st[2],
    const int16_t *const to[2], const size_t n[2], size_t k[2],
    size_t passes[2])
{
	play_cells_pair_of(b, st, to, n, k, passes, true);
}

/*
 * rules_playout() on a board up to 8x8: the very games of its loop of
 * legal() and play() (rules.md §1), without listing the moves or a call a
 * turn: one draw a turn over the moves' count, the pick the move of that
 * rank in square order, a draw for a pass too.  The discs stay in all
 * four lanes of two vectors, the mover's first, from one turn's flips to
 * the next turn's fills.
 */
KERNEL long
playout_bb(
    struct reversi *r, struct rules_rng *rng, int max_turns, uint64_t valid)
{
	v4u64	 me, opp, flips, t;
	uint64_t moves;
	long	 played = 0;
	int	 c = r->head.to_move, k, open = r->head.open;
	int	 turned[2] = { r->flipped[0], r->flipped[1] };

	me = splat(r->bb[c]);
	opp = splat(r->bb[!c]);
	for (; max_turns <= 0 || played < max_turns; played++) {
		moves = moves_of(me, opp, valid);
		if (moves == 0) {
			/* legal(): the end play() left open, or a pass. */
			if (open && moves_of(opp, me, valid) == 0)
				break;
			(void)rules_rng_below(rng, 1);
			open = 0;
			t = me;
		} else {
			k = (int)rules_rng_below(
			    rng, (uint64_t)__builtin_popcountll(moves));
			for (; k > 0; k--)
				moves &= moves - 1;
			flips = flips_of(me, opp, __builtin_ctzll(moves));
			turned[c] += __builtin_popcountll(flips[0]);
			t = me | flips | splat(moves & -moves);
			opp &= ~flips;
			open = 1;
		}
		/* The mover's discs become the opponent's to move. */
		me = opp;
		opp = t;
		c = !c;
	}
	r->bb[c] = me[0];
	r->bb[!c] = opp[0];
	r->head.to_move = (uint8_t)c;
	r->head.open = (uint8_t)open;
	r->flipped[0] = (uint16_t)turned[0];
	r->flipped[1] = (uint16_t)turned[1];
	return played;
}

/*
 * The loop above, on the full 8x8 board with its masks as constants, or
 * on a smaller one.
 */
HOT static long
reversi_playout(
    const struct rules_board *b, void *st, struct rules_rng *rng, int max_turns)
{
	struct reversi *r = st;

	(void)b;
	if (r->big)
		return -1;
	if (r->head.phase == RULES_GAME_OVER)
		return 0;
	if (r->valid == ~UINT64_C(0))
		return playout_bb(r, rng, max_turns, ~UINT64_C(0));
	return playout_bb(r, rng, max_turns, r->valid);
}

/* Each record's end: HOT for the popcount instruction. */
HOT static void
reversi_score(
    const struct rules_board *b, const void *st, struct rules_score *s)
{
	const struct reversi *r = st;
	int		      i, empty;

	for (i = 0; i < 2; i++)
		s->points[i] = r->big ? r->discs[i] :
					__builtin_popcountll(r->bb[i]);
	s->over = ended(b, r);
	s->winner = gamekit_more(s->points);
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
	gamekit_stat(s, "discs", s->points[0], s->points[1]);
	gamekit_stat(s, "flipped", r->flipped[0], r->flipped[1]);
}

static int
reversi_piece(const struct rules_board *b, const void *st, int cell)
{
	const struct reversi *r = st;
	uint64_t	      bit;

	if (r->big)
		return r->cell[big_at(b->width, cell)];
	bit = UINT64_C(1) << bit_of(b, cell);
	return r->bb[BLACK] & bit ? RULES_PIECE(BLACK) :
	    r->bb[WHITE] & bit	  ? RULES_PIECE(WHITE) :
				    RULES_EMPTY;
}

/*
 * Refuses what rules.md §1 rules out, judged against the start position in
 * r: a move fills an empty square and only flips, so the four centre discs
 * of the start are never gone and every move adds one disc; four discs are
 * therefore the start itself, where Black has a move and so cannot have
 * passed.  Anything else is accepted without deciding whether a game
 * reaches it.
 */
static int
reversi_setup_reachable(const struct rules_board *b, const struct reversi *r,
    const int *pieces, int to_move, struct diag *d)
{
	char name[RULES_CELL_NAME];
	int  i, ndiscs = 0, differ = -1;

	for (i = 0; i < b->ncells; i++) {
		if (reversi_piece(b, r, i) != RULES_EMPTY &&
		    pieces[i] == RULES_EMPTY)
			return diag_set(d, DIAG_BAD_SETUP,
			    "%s is empty: the "
			    "four centre squares hold discs from the start "
			    "and no disc is ever removed",
			    rules_cell_name(b, i, name));
		if (pieces[i] != RULES_EMPTY)
			ndiscs++;
		if (differ == -1 && pieces[i] != reversi_piece(b, r, i))
			differ = i;
	}
	if (ndiscs == 4 && differ != -1)
		return diag_set(d, DIAG_BAD_SETUP,
		    "%s is %s: four discs are "
		    "the start position, where it is %s",
		    rules_cell_name(b, differ, name),
		    colour_name(RULES_COLOUR_OF(pieces[differ])),
		    colour_name(RULES_COLOUR_OF(reversi_piece(b, r, differ))));
	if (ndiscs == 4 && to_move != BLACK)
		return diag_set(d, DIAG_BAD_SETUP,
		    "%s cannot be to move in "
		    "the start position: %s has a move there and may not pass",
		    colour_name(to_move), colour_name(BLACK));
	return 0;
}

static int
reversi_setup(const struct rules_board *b, void *st,
    const struct rules_variant *v, const int *pieces, int to_move,
    struct diag *d)
{
	struct reversi *r = st;
	int		i;

	if (gamekit_setup(&rules_reversi, b, r, v, pieces, "discs", d) == -1)
		return -1;
	if (reversi_setup_reachable(b, r, pieces, to_move, d) == -1)
		return -1;
	memset(r->bb, 0, sizeof r->bb);
	if (r->big)
		big_clear(r, b->width);
	for (i = 0; i < b->ncells; i++) {
		if (r->big && pieces[i] != RULES_EMPTY)
			big_put(r, b->width, i, RULES_COLOUR_OF(pieces[i]));
		else if (pieces[i] != RULES_EMPTY)
			r->bb[RULES_COLOUR_OF(pieces[i])] |= UINT64_C(1)
			    << bit_of(b, i);
	}
	r->head.to_move = (uint8_t)to_move;
	r->head.phase = !can_move(b, r, BLACK) && !can_move(b, r, WHITE) ?
	    RULES_GAME_OVER :
	    RULES_TURN_START;
	return 0;
}

/*
 * Perft on bitboards with bulk counting at the last ply: Aart Bik's
 * convention, a pass one ply, a finished game one leaf (rules.md §1).
 */
HOT static uint64_t
perft_bb(uint64_t me, uint64_t opp, uint64_t valid, int depth)
{
	uint64_t moves, sq, flips, total;

	moves = bb_moves(me, opp, valid);
	if (moves == 0) {
		if (bb_moves(opp, me, valid) == 0)
			return 1;
		return depth == 1 ? 1 : perft_bb(opp, me, valid, depth - 1);
	}
	if (depth == 1)
		return (uint64_t)__builtin_popcountll(moves);
	total = 0;
	for (; moves != 0; moves &= moves - 1) {
		sq = moves & -moves;
		flips = fill_flips(me, opp, sq, valid);
		total += perft_bb(
		    opp & ~flips, me | flips | sq, valid, depth - 1);
	}
	return total;
}

/* The same on the larger boards, a copy of the position per move. */
static uint64_t
perft_big(const struct rules_board *b, const struct reversi *r, int depth)
{
	struct reversi child;
	int16_t	       cells[RULES_MAX_CELLS];
	uint64_t       total = 0;
	int	       me = r->head.to_move, n, i;

	n = big_moves(b, r, me, depth == 1 ? NULL : cells, RULES_MAX_CELLS);
	if (n == 0) {
		if (depth == 1 || big_moves(b, r, !me, NULL, 1) == 0)
			return 1;
		child = *r;
		child.head.to_move = (uint8_t)!me;
		return perft_big(b, &child, depth - 1);
	}
	if (depth == 1)
		return (uint64_t)n;
	for (i = 0; i < n; i++) {
		child = *r;
		big_play(b, &child, me, cells[i]);
		child.head.to_move = (uint8_t)!me;
		total += perft_big(b, &child, depth - 1);
	}
	return total;
}

static uint64_t
reversi_perft(const struct rules_board *b, const void *st, int depth)
{
	const struct reversi *r = st;

	if (depth == 0 || ended(b, r))
		return 1;
	if (r->big)
		return perft_big(b, r, depth);
	return perft_bb(
	    r->bb[r->head.to_move], r->bb[!r->head.to_move], r->valid, depth);
}

/*
 * perft_bb with figures and a transposition table.  The key is the pair
 * of bitboards, the mover's first: it holds all that decides the subtree,
 * the pass state too, since two passes in a row end the game exactly when
 * neither side can move on this board.  Subtrees under three plies are
 * cheaper to count again than to look up.
 */
static inline uint64_t
bb_mirror(uint64_t x)
{
	x = ((x >> 1) & UINT64_C(0x5555555555555555)) |
	    ((x & UINT64_C(0x5555555555555555)) << 1);
	x = ((x >> 2) & UINT64_C(0x3333333333333333)) |
	    ((x & UINT64_C(0x3333333333333333)) << 2);
	return ((x >> 4) & UINT64_C(0x0f0f0f0f0f0f0f0f)) |
	    ((x & UINT64_C(0x0f0f0f0f0f0f0f0f)) << 4);
}

static inline uint64_t
bb_transpose(uint64_t x)
{
	uint64_t t;

	t = UINT64_C(0x0f0f0f0f00000000) & (x ^ (x << 28));
	x ^= t ^ (t >> 28);
	t = UINT64_C(0x3333000033330000) & (x ^ (x << 14));
	x ^= t ^ (t >> 14);
	t = UINT64_C(0x5500550055005500) & (x ^ (x << 7));
	return x ^ t ^ (t >> 7);
}

/*
 * The key of (me, opp) on the full 8x8 board: the least of the pair's
 * eight images under the board's symmetries, whose subtrees count alike,
 * so that a position and its mirror images share one entry.
 */
static inline uint64_t
bb_key(uint64_t me, uint64_t opp)
{
	uint64_t m[8], o[8], bm, bo;
	int	 i;

	m[0] = me;
	o[0] = opp;
	m[1] = __builtin_bswap64(me);
	o[1] = __builtin_bswap64(opp);
	m[2] = bb_mirror(me);
	o[2] = bb_mirror(opp);
	m[3] = __builtin_bswap64(m[2]);
	o[3] = __builtin_bswap64(o[2]);
	for (i = 0; i < 4; i++) {
		m[i + 4] = bb_transpose(m[i]);
		o[i + 4] = bb_transpose(o[i]);
	}
	bm = m[0];
	bo = o[0];
	for (i = 1; i < 8; i++)
		if (m[i] < bm || (m[i] == bm && o[i] < bo)) {
			bm = m[i];
			bo = o[i];
		}
	return perft_mix(bm ^ perft_mix(bo));
}

HOT static void
count_bb(struct rules_perft_table *t, uint64_t me, uint64_t opp, uint64_t valid,
    int depth, struct rules_perft_count *c)
{
	struct rules_perft_count sub = { 0 };
	uint64_t		 moves, sq, flips, key = 0;

	moves = bb_moves(me, opp, valid);
	if (moves == 0) {
		if (bb_moves(opp, me, valid) == 0) {
			c->nodes++;
			c->ended++;
		} else if (depth == 1) {
			c->nodes++;
			c->passes++;
		} else
			count_bb(t, opp, me, valid, depth - 1, c);
		return;
	}
	if (depth == 1) {
		c->nodes += (uint64_t)__builtin_popcountll(moves);
		return;
	}
	if (t != NULL && depth >= 3 &&
	    perft_table_probe(t,
		key = valid == ~UINT64_C(0) ? bb_key(me, opp) :
					      perft_mix(me ^ perft_mix(opp)),
		depth, c))
		return;
	for (; moves != 0; moves &= moves - 1) {
		sq = moves & -moves;
		flips = fill_flips(me, opp, sq, valid);
		count_bb(
		    t, opp & ~flips, me | flips | sq, valid, depth - 1, &sub);
	}
	if (t != NULL && depth >= 3)
		perft_table_store(t, key, depth, &sub);
	perft_count_add(c, &sub);
}

static int
reversi_perft_count(const struct rules_board *b, const void *st, int depth,
    struct rules_perft_table *t, struct rules_perft_count *c)
{
	const struct reversi *r = st;

	if (r->big)
		return perft_walk(&rules_reversi, b, st, depth, t, c);
	if (depth == 0 || ended(b, r)) {
		c->nodes++;
		if (depth > 0)
			c->ended++;
		return 0;
	}
	count_bb(t, r->bb[r->head.to_move], r->bb[!r->head.to_move], r->valid,
	    depth, c);
	return 0;
}

const struct rules_game rules_reversi = {
	.title = "Reversi",
	/* Othello is Reversi under its trade name (rules.md §1). */
	.aliases = { "othello" },
	.colour = { "black", "white" },
	.default_board = "8x8",
	.figure = { "disc", "discs" },
	.turn_cap = 0,
	.row1_on_top = true,
	RULES_GAME_ENTRIES(reversi, reversi_piece),
	.play_cells = reversi_play_cells,
	.play_cells_pair = reversi_play_cells_pair,
	.play_cells_pair_written = reversi_play_cells_pair_written,
	.playout = reversi_playout,
	.over = reversi_over,
	.perft = reversi_perft,
	.perft_count = reversi_perft_count,
};
