/* SPDX-License-Identifier: MIT */
/*
 * Stones! as rules.md §5 states it: 8x8, a1 bottom-left, White (colour 0)
 * on rank 1 moving up and first, Black on rank 8 moving down; diagonal
 * slides with at most one jump, sideways jumps, pins toggled by jumps, the
 * game over when the player to move has no move.  The position is three
 * 64-bit boards (bit = square = (rank - 1) * 8 + file, as the cells of an
 * 8x8 board are numbered).  Move notation is the notation's business.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "rules/gamekit.h"

#define WHITE 0
#define BLACK 1

#define RANK_1	UINT64_C(0x00000000000000ff)
#define RANK_8	UINT64_C(0xff00000000000000)
#define FILE_A	UINT64_C(0x0101010101010101)
#define FILE_H	UINT64_C(0x8080808080808080)
#define BIT(sq) (UINT64_C(1) << (sq))

struct stones {
	struct rules_head head;
	uint64_t	  bb[2];  /* stones by colour */
	uint64_t	  pinned; /* pinned stones of either colour */
};

/* One move: the stone on `from' goes to `to', jumping `over' (or -1). */
struct stones_move {
	int8_t from, to, over;
};

/* Enough for any position: 16 stones with at most 16 moves each. */
#define MAX_MOVES 256

static const char *
colour_name(int c)
{
	return c == WHITE ? "white" : "black";
}

/* Forward is up the board for White, down for Black. */
static int
forward(int me)
{
	return me == WHITE ? 1 : -1;
}

static bool
on_board(int x, int y)
{
	return x >= 0 && x < 8 && y >= 0 && y < 8;
}

/* rules.md §5: an unpinned opponent or a pinned ally. */
static bool
jumpable(const struct stones *s, int me, int sq)
{
	uint64_t bit = BIT(sq);

	if (s->bb[me] & bit)
		return (s->pinned & bit) != 0;
	if (s->bb[!me] & bit)
		return (s->pinned & bit) == 0;
	return false;
}

/*
 * The legal moves of the player to move, in a fixed order: by origin
 * square, then the diagonal toward the a-file, the diagonal toward the
 * h-file (nearest square first), the sideways jumps toward a and h.
 * Writes them to out (if not NULL) and returns how many there are.
 */
static int
generate(const struct stones *s, struct stones_move *out)
{
	uint64_t movers, occ = s->bb[0] | s->bb[1];
	int	 me = s->head.to_move, dy = forward(me), n = 0;
	int	 sq, x, y, dx, cx, cy, t, over;

	movers = s->bb[me] & ~s->pinned;
	for (; movers != 0; movers &= movers - 1) {
		sq = __builtin_ctzll(movers);
		x = sq & 7;
		y = sq >> 3;
		for (dx = -1; dx <= 1; dx += 2) {
			/* Slide, jump at most once, slide on. */
			over = -1;
			for (cx = x + dx, cy = y + dy; on_board(cx, cy);
			     cx += dx, cy += dy) {
				t = cy * 8 + cx;
				if ((occ & BIT(t)) == 0) {
					if (out != NULL)
						out[n] = (struct stones_move){
							(int8_t)sq, (int8_t)t,
							(int8_t)over
						};
					n++;
				} else if (over == -1 && jumpable(s, me, t) &&
				    on_board(cx + dx, cy + dy) &&
				    (occ & BIT(t + dy * 8 + dx)) == 0)
					over = t;
				else
					break;
			}
		}
		for (dx = -1; dx <= 1; dx += 2) {
			/* Over the stone beside, to the square beyond. */
			if (!on_board(x + 2 * dx, y) ||
			    !jumpable(s, me, sq + dx) ||
			    (occ & BIT(sq + 2 * dx)) != 0)
				continue;
			if (out != NULL)
				out[n] = (struct stones_move){ (int8_t)sq,
					(int8_t)(sq + 2 * dx),
					(int8_t)(sq + dx) };
			n++;
		}
	}
	return n;
}

/*
 * Whether the player to move has a move, the test that ends the game after
 * every move (§5).  Almost always an unpinned stone can slide one square
 * forward, which the boards show at once; only otherwise are the moves
 * generated.
 */
static bool
has_move(const struct stones *s)
{
	uint64_t movers = s->bb[s->head.to_move] & ~s->pinned;
	uint64_t empty = ~(s->bb[0] | s->bb[1]), steps;

	if (s->head.to_move == WHITE)
		steps = (movers & ~FILE_A) << 7 | (movers & ~FILE_H) << 9;
	else
		steps = (movers & ~FILE_A) >> 9 | (movers & ~FILE_H) >> 7;
	return (steps & empty) != 0 || generate(s, NULL) != 0;
}

/* Plays a legal move and hands the turn over. */
static void
apply(struct stones *s, int from, int to, int over)
{
	int me = s->head.to_move;

	s->bb[me] ^= BIT(from) | BIT(to);
	/* A jump toggles the stone: an enemy is pinned, an ally freed. */
	if (over >= 0)
		s->pinned ^= BIT(over);
	s->head.to_move = (uint8_t)!me;
}

static int
stones_board(struct rules_board *b, const char *spec, struct diag *d)
{
	int w, h;

	if (!rules_square_spec(spec, &w, &h) || w != 8 || h != 8)
		return diag_set(d, DIAG_BAD_BOARD,
		    "stones! is played on the 8x8 board only, not \"%s\"",
		    spec);
	return rules_square_init(b, 8, 8, d);
}

static int
stones_init(const struct rules_board *b, void *st,
    const struct rules_variant *v, struct diag *d)
{
	struct stones *s = gamekit_clear(st, sizeof *s);

	(void)b;
	(void)v;
	(void)d;
	s->bb[WHITE] = RANK_1;
	s->bb[BLACK] = RANK_8;
	return 0;
}

static size_t
stones_legal(const struct rules_board *b, const void *st,
    struct rules_action *out, size_t cap)
{
	const struct stones *s = st;
	struct stones_move   moves[MAX_MOVES];
	int		     n, i;

	(void)b;
	if (s->head.phase == RULES_GAME_OVER)
		return 0;
	n = generate(s, moves);
	for (i = 0; i < n && (size_t)i < cap; i++)
		out[i] = (struct rules_action){ .kind = RULES_MOVE,
			.from = moves[i].from,
			.to = moves[i].to };
	return (size_t)n;
}

static int
check_jumpable(
    const struct rules_board *b, const struct stones *s, int sq, struct diag *d)
{
	char name[RULES_CELL_NAME];
	int  me = s->head.to_move, colour;

	if (jumpable(s, me, sq))
		return 0;
	colour = (s->bb[WHITE] & BIT(sq)) ? WHITE : BLACK;
	return diag_set(d, DIAG_NOT_JUMPABLE,
	    "the %s %s stone on %s may not be jumped: only unpinned %s stones "
	    "and pinned %s stones can be",
	    (s->pinned & BIT(sq)) ? "pinned" : "unpinned", colour_name(colour),
	    rules_cell_name(b, sq, name), colour_name(!me), colour_name(me));
}

/*
 * Checks a diagonal move square by square: the stones strictly between
 * from and to, of which at most one may stand there, jumpable, with the
 * square beyond it empty (rules.md §5).  Each failure is named for the
 * first stone where the slide stops.
 */
static int
check_diagonal(const struct rules_board *b, const struct stones *s, int from,
    int to, int *over, struct diag *d)
{
	char	 f[RULES_CELL_NAME], t[RULES_CELL_NAME], n[RULES_CELL_NAME];
	char	 m[RULES_CELL_NAME];
	uint64_t occ = s->bb[0] | s->bb[1];
	int	 step, sq, first = -1;

	step = ((to >> 3) > (from >> 3) ? 8 : -8) +
	    ((to & 7) > (from & 7) ? 1 : -1);
	for (sq = from + step; sq != to; sq += step) {
		if ((occ & BIT(sq)) == 0)
			continue;
		if (first != -1)
			return diag_set(d, DIAG_SECOND_JUMP,
			    "%s-%s would jump both %s and %s: a move jumps "
			    "one stone at most",
			    rules_cell_name(b, from, f),
			    rules_cell_name(b, to, t),
			    rules_cell_name(b, first, n),
			    rules_cell_name(b, sq, m));
		if (check_jumpable(b, s, sq, d) == -1)
			return -1;
		if (sq + step != to && (occ & BIT(sq + step)) != 0)
			return diag_set(d, DIAG_UNREACHABLE,
			    "%s-%s cannot jump %s: %s beyond it is occupied",
			    rules_cell_name(b, from, f),
			    rules_cell_name(b, to, t),
			    rules_cell_name(b, sq, n),
			    rules_cell_name(b, sq + step, m));
		first = sq;
	}
	*over = first;
	return 0;
}

static int
stones_play(const struct rules_board *b, void *st, const struct rules_action *a,
    struct diag *d)
{
	struct stones *s = st;
	char	 f[RULES_CELL_NAME], t[RULES_CELL_NAME], m[RULES_CELL_NAME];
	uint64_t occ = s->bb[0] | s->bb[1];
	int	 me = s->head.to_move, from = a->from, to = a->to, dx, dy;
	int	 over = -1;

	if (a->kind != RULES_MOVE)
		return diag_set(d, DIAG_WRONG_ACTION,
		    "a stones! turn moves one stone, like c1-f4");
	if (from < 0 || from >= 64 || to < 0 || to >= 64)
		return diag_set(d, DIAG_OFF_BOARD, "no such square");
	rules_cell_name(b, from, f);
	rules_cell_name(b, to, t);
	if ((occ & BIT(from)) == 0)
		return diag_set(
		    d, DIAG_EMPTY_SQUARE, "there is no stone on %s", f);
	if ((s->bb[me] & BIT(from)) == 0)
		return diag_set(d, DIAG_OPPONENT_STONE,
		    "%s holds a %s stone: %s moves only %s stones", f,
		    colour_name(!me), colour_name(me), colour_name(me));
	if (s->pinned & BIT(from))
		return diag_set(d, DIAG_PINNED_STONE,
		    "the %s stone on %s is pinned and cannot move",
		    colour_name(me), f);
	if (from == to)
		return diag_set(
		    d, DIAG_UNREACHABLE, "%s-%s does not move the stone", f, t);
	if (occ & BIT(to))
		return diag_set(d, DIAG_OCCUPIED, "%s is occupied", t);
	dx = (to & 7) - (from & 7);
	dy = ((to >> 3) - (from >> 3)) * forward(me);
	if (dy == 0) {
		/* Sideways: over the stone beside, landing just beyond. */
		if (dx != 2 && dx != -2)
			return diag_set(d, DIAG_SIDEWAYS_NOT_JUMP,
			    "%s-%s is not a sideways jump: a stone jumps "
			    "sideways only over the stone beside it, landing "
			    "just beyond",
			    f, t);
		over = from + dx / 2;
		if ((occ & BIT(over)) == 0)
			return diag_set(d, DIAG_SIDEWAYS_NOT_JUMP,
			    "%s-%s jumps nothing: %s is empty", f, t,
			    rules_cell_name(b, over, m));
	} else if (dx == 0 || (dx != dy && dx != -dy))
		return diag_set(d, DIAG_NOT_A_LINE,
		    "%s-%s is neither a diagonal nor a sideways line", f, t);
	else if (dy < 0)
		return diag_set(d, DIAG_BACKWARD_MOVE,
		    "%s-%s goes backwards: %s stones move %s the board", f, t,
		    colour_name(me), me == WHITE ? "up" : "down");
	else if (check_diagonal(b, s, from, to, &over, d) == -1)
		return -1;
	if (over >= 0 && check_jumpable(b, s, over, d) == -1)
		return -1;
	apply(s, from, to, over);
	/* The game ends when the player to move has no move (§5). */
	s->head.phase = has_move(s) ? RULES_TURN_START : RULES_GAME_OVER;
	return 0;
}

static void
stones_score(const struct rules_board *b, const void *st, struct rules_score *s)
{
	const struct stones *p = st;
	int		     c, pinned[2], unpinned[2];

	(void)b;
	/* Unpinned stones of one's colour on the far rank. */
	s->points[WHITE] = __builtin_popcountll(
	    p->bb[WHITE] & ~p->pinned & RANK_8);
	s->points[BLACK] = __builtin_popcountll(
	    p->bb[BLACK] & ~p->pinned & RANK_1);
	for (c = 0; c < 2; c++) {
		s->alt[c] = s->points[c];
		pinned[c] = __builtin_popcountll(p->bb[c] & p->pinned);
		unpinned[c] = __builtin_popcountll(p->bb[c] & ~p->pinned);
	}
	s->over = p->head.phase == RULES_GAME_OVER;
	s->winner = s->over ? gamekit_more(s->points) : -1;
	gamekit_stat(s, "far-rank", s->points[0], s->points[1]);
	gamekit_stat(s, "pinned", pinned[0], pinned[1]);
	gamekit_stat(s, "unpinned", unpinned[0], unpinned[1]);
}

static int
stones_piece(const struct rules_board *b, const void *st, int cell)
{
	const struct stones *s = st;
	uint64_t	     bit = BIT(cell);
	int		     v;

	(void)b;
	v = (s->bb[WHITE] & bit) ? RULES_PIECE(WHITE) :
	    (s->bb[BLACK] & bit) ? RULES_PIECE(BLACK) :
				   RULES_EMPTY;
	if (v != RULES_EMPTY && (s->pinned & bit))
		v |= RULES_PINNED;
	return v;
}

/*
 * Refused, from rules.md §5: more than 8 stones of a colour (each side
 * starts with 8 and stones never leave the board), and a pinned stone on
 * the a or h file (a jump, diagonal or sideways, lands beyond the stone
 * it jumps, so that stone has a square on each side; a pinned stone never
 * moves).  Fewer than 8 stones of a colour is accepted, for studies, as is
 * anything else, without deciding whether a game reaches it.
 */
static int
stones_setup(const struct rules_board *b, void *st,
    const struct rules_variant *v, const int *pieces, int to_move,
    struct diag *d)
{
	struct stones *s = st, fresh;
	char	       name[RULES_CELL_NAME];
	uint64_t       edge;
	int	       sq, colour, n;

	stones_init(b, &fresh, v, d);
	fresh.bb[WHITE] = fresh.bb[BLACK] = 0;
	for (sq = 0; sq < 64; sq++) {
		if (pieces[sq] == RULES_EMPTY)
			continue;
		colour = RULES_COLOUR_OF(pieces[sq]);
		if ((pieces[sq] & ~(RULES_PINNED | 0x0f)) != 0 ||
		    (colour != WHITE && colour != BLACK))
			return diag_set(d, DIAG_BAD_SETUP,
			    "stones! has only white and black stones, pinned "
			    "or not");
		fresh.bb[colour] |= BIT(sq);
		if (pieces[sq] & RULES_PINNED)
			fresh.pinned |= BIT(sq);
	}
	for (colour = 0; colour < 2; colour++) {
		n = __builtin_popcountll(fresh.bb[colour]);
		if (n > 8)
			return diag_set(d, DIAG_BAD_SETUP,
			    "%s has %d stones: "
			    "each side starts with 8 and no stone leaves the "
			    "board",
			    colour_name(colour), n);
	}
	edge = fresh.pinned & (FILE_A | FILE_H);
	if (edge != 0)
		return diag_set(d, DIAG_BAD_SETUP,
		    "the pinned stone at %s is "
		    "on an edge file: no jump passes over a stone there, and "
		    "a pinned stone does not move",
		    rules_cell_name(b, __builtin_ctzll(edge), name));
	fresh.head.to_move = (uint8_t)to_move;
	fresh.head.phase = has_move(&fresh) ? RULES_TURN_START :
					      RULES_GAME_OVER;
	*s = fresh;
	return 0;
}

/* Perft with bulk counting at the last ply; a finished game is one leaf. */
static uint64_t
perft(const struct stones *s, int depth)
{
	struct stones_move moves[MAX_MOVES];
	struct stones	   child;
	uint64_t	   total = 0;
	int		   n, i;

	n = generate(s, depth == 1 ? NULL : moves);
	if (n == 0)
		return 1;
	if (depth == 1)
		return (uint64_t)n;
	for (i = 0; i < n; i++) {
		child = *s;
		apply(&child, moves[i].from, moves[i].to, moves[i].over);
		total += perft(&child, depth - 1);
	}
	return total;
}

static uint64_t
stones_perft(const struct rules_board *b, const void *st, int depth)
{
	const struct stones *s = st;

	(void)b;
	if (depth == 0 || s->head.phase == RULES_GAME_OVER)
		return 1;
	return perft(s, depth);
}

const struct rules_game rules_stones = {
	.title = "Stones!",
	/* Stones! is written with its bang in titles. */
	.aliases = { "stones!" },
	.colour = { "white", "black" },
	.default_board = "8x8",
	.figure = { "on the far rank", "on the far rank" },
	.ranks_fixed = true,
	/* The far rank: eight squares. */
	.points_max = 8,
	.turn_cap = 500,
	RULES_GAME_ENTRIES(stones, stones_piece),
	.perft = stones_perft,
};
