/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of Stones! (rules.md §5): every clause with positions as
 * square diagrams (rank 8 on top; X White, O Black, lower case pinned), a
 * test for every diagnostic code, perft 1..4 from the start, and seeded
 * random playouts checked against a naive move generator.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "diagram.h"
#include "turns.h"
#include "unit.h"

#define WHITE 0
#define BLACK 1

/* The destinations of the stone on `from', space-separated, in order. */
static void
assert_moves(
    const struct rules_position *pos, const char *from, const char *want)
{
	struct rules_action acts[512];
	char		    got[256], name[RULES_CELL_NAME];
	size_t		    n, i, k = 0;
	int		    f = turns_cell(pos, from);

	n = rules_legal(pos, acts, 512);
	got[0] = '\0';
	for (i = 0; i < n; i++) {
		ck_assert_int_eq(acts[i].kind, RULES_MOVE);
		if (acts[i].from != f)
			continue;
		k += (size_t)snprintf(got + k, sizeof got - k, "%s%s",
		    k ? " " : "",
		    rules_cell_name(&pos->board, acts[i].to, name));
	}
	ck_assert_str_eq(got, want);
}

/* ---- The start (rules.md §5) -------------------------------------- */

START_TEST(stones_registered)
{
	static const char *const bad[] = { "10x10", "7", "8x08", "8x+8", "8x 8",
		NULL };
	const struct rules_game *g = rules_game_find("stones");

	ck_assert_ptr_eq(g, &rules_stones);
	ck_assert_ptr_eq(rules_game_find("Stones!"), &rules_stones);
	ck_assert_str_eq(g->colour[0], "white");
	ck_assert_str_eq(g->colour[1], "black");
	turns_assert_default_board("stones", "8x8", 64);
	turns_assert_bad_boards(g, bad);
	turns_assert_board_spellings(g, "8x8");
	turns_assert_board_spellings(g, "8");
}
END_TEST

TURNS_TEST(stones_start, "stones", NULL)
{
	struct rules_score s;

	turns_assert_at(pos, RULES_TURN_START, WHITE,
	    "OOOOOOOO"
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    "XXXXXXXX");
	ck_assert_uint_eq(rules_legal(pos, NULL, 0), 54);
	/* a1 up the long diagonal to g7; h8 is Black with no square beyond. */
	assert_moves(pos, "a1", "b2 c3 d4 e5 f6 g7");
	assert_moves(pos, "d1", "c2 b3 a4 e2 f3 g4 h5");
	rules_score(pos, &s);
	ck_assert(!s.over);
	ck_assert_int_eq(s.points[WHITE], 0);
	ck_assert_int_eq(rules_stat_find(&s, "unpinned")->value[WHITE], 8);
	ck_assert_int_eq(rules_stat_find(&s, "pinned")->value[BLACK], 0);
	ck_assert_int_eq(rules_stat_find(&s, "far-rank")->value[BLACK], 0);
}

/* ---- Moves -------------------------------------------------------- */

TURNS_TEST(stones_jump_pins_and_slide_goes_on, "stones", NULL)
{
	diagram_setup(pos,
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    "...O...."
	    "........"
	    ".X......",
	    WHITE);
	/* Up-left a2; up-right c2, over d3, then any empty square beyond. */
	assert_moves(pos, "b1", "a2 c2 e4 f5 g6 h7");
	turns_play(pos, "b1-f5");
	diagram_assert(pos,
	    "........"
	    "........"
	    "........"
	    ".....X.."
	    "........"
	    "...o...."
	    "........"
	    "........");
	/* Black has no stone that may move: the game is over. */
	ck_assert_int_eq(rules_phase(pos), RULES_GAME_OVER);
}

TURNS_TEST(stones_one_jump_per_move, "stones", NULL)
{
	struct diag d;

	diagram_setup(pos,
	    "........"
	    "......O."
	    "........"
	    "....O..."
	    "........"
	    "..O....."
	    "........"
	    "X.......",
	    WHITE);
	/* After c3 the slide stops at e5: no second jump. */
	assert_moves(pos, "a1", "b2 d4");
	turns_fail_saying(pos, "a1-f6", "second-jump",
	    "a1-f6 would jump both c3 and e5: a move jumps one stone at most");
	turns_fail(pos, "a1-h8", "second-jump", &d);
	turns_play(pos, "a1-d4");
	ck_assert_int_eq(
	    turns_piece(pos, "c3"), RULES_PIECE(BLACK) | RULES_PINNED);
}

TURNS_TEST(stones_landing_must_be_empty, "stones", NULL)
{
	/* c3 is jumpable but d4 beyond it is taken; h8 has no beyond. */
	diagram_setup(pos,
	    ".......O"
	    "......X."
	    "........"
	    "........"
	    "...O...."
	    "..O....."
	    "........"
	    "X.......",
	    WHITE);
	assert_moves(pos, "a1", "b2");
	assert_moves(pos, "g7", "f8");
	/* The slide stops at c3: no jump lands on d4, so e5 is out of reach. */
	turns_fail_saying(pos, "a1-e5", "unreachable",
	    "a1-e5 cannot jump c3: d4 beyond it is occupied");
	turns_fail_saying(pos, "a1-d4", "occupied", "d4 is occupied");
}

START_TEST(stones_jumpable_stones)
{
	/* c3, the `?' below, holds each of these in turn; a1 may jump it? */
	static const struct {
		char	    c3;
		const char *moves;   /* a1's destinations */
		const char *refusal; /* of a1-d4; NULL: a1-e5 jumps */
	} cases[] = {
		/* A pinned ally is jumped and unpinned. */
		{ 'x', "b2 d4 e5 f6 g7 h8", NULL },
		/* An unpinned ally blocks. */
		{ 'X', "b2",
		    "the unpinned white stone on c3 may not be jumped: "
		    "only unpinned black stones and pinned white stones can "
		    "be" },
		/* A pinned opponent blocks. */
		{ 'o', "b2",
		    "the pinned black stone on c3 may not be jumped: "
		    "only unpinned black stones and pinned white stones can "
		    "be" },
	};
	struct rules_position *pos = turns_new("stones", NULL);
	struct diag	       d;
	char		       diagram[] = "........"
					   "........"
					   "........"
					   "........"
					   "........"
					   "..?....."
					   "........"
					   "X......O";
	char		      *c3 = strchr(diagram, '?');
	size_t		       i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		*c3 = cases[i].c3;
		diagram_setup(pos, diagram, WHITE);
		assert_moves(pos, "a1", cases[i].moves);
		if (cases[i].refusal == NULL) {
			turns_play(pos, "a1-e5");
			ck_assert_int_eq(
			    turns_piece(pos, "c3"), RULES_PIECE(WHITE));
		} else
			ck_assert_str_eq(
			    turns_fail(pos, "a1-d4", "not-jumpable", &d),
			    cases[i].refusal);
	}
	rules_position_free(pos);
}
END_TEST

TURNS_TEST(stones_sideways_jump, "stones", NULL)
{
	struct diag d;

	diagram_setup(pos,
	    "........"
	    "........"
	    "........"
	    ".OXOX..."
	    "........"
	    "........"
	    "........"
	    ".......O",
	    WHITE);
	/* c5 jumps b5 to a5; not d5, whose beyond (e5) is taken. */
	assert_moves(pos, "c5", "b6 a7 d6 e7 f8 a5");
	assert_moves(pos, "e5", "d6 c7 b8 f6 g7 h8");
	turns_fail(pos, "c5-e5", "occupied", &d);
	turns_play(pos, "c5-a5");
	diagram_assert(pos,
	    "........"
	    "........"
	    "........"
	    "Xo.OX..."
	    "........"
	    "........"
	    "........"
	    ".......O");
	ck_assert_int_eq(rules_to_move(pos), BLACK);
	/* d5 jumps e5 sideways, pinning it; the move ends there. */
	/* Down-right stops before its own h1. */
	assert_moves(pos, "d5", "c4 b3 a2 e4 f3 g2 f5");
	turns_play(pos, "d5-f5");
	ck_assert_int_eq(
	    turns_piece(pos, "e5"), RULES_PIECE(WHITE) | RULES_PINNED);
	/* A pinned ally beside is jumped sideways and unpinned. */
	diagram_setup(pos,
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    "..Xx...O",
	    WHITE);
	assert_moves(pos, "c1", "b2 a3 d2 e3 f4 g5 h6 e1");
	turns_play(pos, "c1-e1");
	ck_assert_int_eq(turns_piece(pos, "d1"), RULES_PIECE(WHITE));
}

TURNS_TEST(stones_far_rank, "stones", NULL)
{
	struct rules_score s;

	/* d8 has no forward diagonal, yet jumps sideways over e8. */
	diagram_setup(pos,
	    "...XO..."
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    ".o......",
	    WHITE);
	assert_moves(pos, "d8", "f8");
	ck_assert_uint_eq(rules_legal(pos, NULL, 0), 1);
	turns_play(pos, "d8-f8");
	/* Black: e8 is pinned, b1 pinned: no move, the game is over. */
	turns_assert_over(pos, &s, WHITE, 1, 0);
	ck_assert_int_eq(rules_stat_find(&s, "far-rank")->value[WHITE], 1);
	ck_assert_int_eq(rules_stat_find(&s, "pinned")->value[BLACK], 2);
	ck_assert_int_eq(rules_stat_find(&s, "unpinned")->value[BLACK], 0);
	ck_assert_int_eq(rules_stat_find(&s, "unpinned")->value[WHITE], 1);
}

TURNS_TEST(stones_black_moves_down, "stones", NULL)
{
	struct diag d;

	diagram_setup(pos,
	    "........"
	    "........"
	    "........"
	    "....O..."
	    "........"
	    "......X."
	    "........"
	    "X.......",
	    BLACK);
	assert_moves(pos, "e5", "d4 c3 b2 f4 h2");
	turns_fail(pos, "e5-f6", "backward-move", &d);
	turns_play(pos, "e5-h2");
	ck_assert_int_eq(
	    turns_piece(pos, "g3"), RULES_PIECE(WHITE) | RULES_PINNED);
}

TURNS_TEST(stones_game_end_and_score, "stones", NULL)
{
	struct rules_score s;

	/*
	 * White to move: c8 has no diagonal and nothing to jump sideways,
	 * g8 and b1 are pinned.  No move: the game is over.
	 */
	diagram_setup(pos,
	    "..X...x."
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    ".xO...o.",
	    WHITE);
	/* Unpinned on the far rank: c8 for White, c1 for Black: a draw. */
	turns_assert_over(pos, &s, -1, 1, 1);
	ck_assert_uint_eq(rules_legal(pos, NULL, 0), 0);
	ck_assert_int_eq(rules_stat_find(&s, "pinned")->value[WHITE], 2);
	ck_assert_int_eq(rules_stat_find(&s, "pinned")->value[BLACK], 1);
	/* A game in progress has no winner yet. */
	diagram_setup(pos,
	    "..X....."
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    "X.O.....",
	    WHITE);
	rules_score(pos, &s);
	ck_assert(!s.over);
	ck_assert_int_eq(s.points[WHITE], 1);
	ck_assert_int_eq(s.winner, -1);
}

TURNS_TEST(stones_jump_only_is_not_the_end, "stones", NULL)
{
	/*
	 * No stone of the player to move can slide one square, the quick
	 * test of whether a move is left; a jump still can, and slide on:
	 * White a1 over b2 to c3..h8, Black h8 over g7 to f6..a1.
	 */
	diagram_setup(pos,
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    ".O......"
	    "X.......",
	    WHITE);
	ck_assert_int_eq(rules_phase(pos), RULES_TURN_START);
	ck_assert_uint_eq(rules_legal(pos, NULL, 0), 6);
	diagram_setup(pos,
	    ".......O"
	    "......X."
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    "........",
	    BLACK);
	ck_assert_int_eq(rules_phase(pos), RULES_TURN_START);
	ck_assert_uint_eq(rules_legal(pos, NULL, 0), 6);
}

/* What rules.md §5 makes certain of every position a game reaches. */
TURNS_TEST(stones_setup_refuses_the_unreachable, "stones", NULL)
{
	struct diag d;

	/* Each side starts with 8 and no stone leaves the board. */
	ck_assert_str_eq(diagram_refused(pos,
			     "OOOOOOOO"
			     "........"
			     "........"
			     "........"
			     "........"
			     "........"
			     "X......."
			     "XXXXXXXX",
			     WHITE, &d),
	    "white has 9 stones: each side starts with 8 and no stone leaves "
	    "the board");
	ck_assert_str_eq(diagram_refused(pos,
			     "OOOOOOOO"
			     "........"
			     "........"
			     "...o...."
			     "........"
			     "........"
			     "........"
			     "XXXXXXXX",
			     BLACK, &d),
	    "black has 9 stones: each side starts with 8 and no stone leaves "
	    "the board");
	/* A jumped stone has a square on each side; a pinned one stays. */
	ck_assert_str_eq(diagram_refused(pos,
			     "OOOOOOOO"
			     "........"
			     "........"
			     "x......."
			     "........"
			     "........"
			     "........"
			     ".XXXXXXX",
			     WHITE, &d),
	    "the pinned stone at a5 is on an edge file: no jump passes over "
	    "a stone there, and a pinned stone does not move");
	ck_assert_str_eq(diagram_refused(pos,
			     "OOOOOOO."
			     "........"
			     "........"
			     "........"
			     "........"
			     "........"
			     "........"
			     "XXXXXXXo",
			     WHITE, &d),
	    "the pinned stone at h1 is on an edge file: no jump passes over "
	    "a stone there, and a pinned stone does not move");
	/* Pinned inside the board, unpinned on the edge: accepted. */
	diagram_setup(pos,
	    "OOOOOO.."
	    "........"
	    "........"
	    ".x.....O"
	    "........"
	    "........"
	    "........"
	    "XXXXXXo.",
	    WHITE);
}

TURNS_TEST(stones_setup_and_pieces, "stones", NULL)
{
	struct diag d;
	int	    pieces[64] = { 0 };

	ck_assert_int_eq(turns_piece(pos, "a1"), RULES_PIECE(WHITE));
	ck_assert_int_eq(turns_piece(pos, "h8"), RULES_PIECE(BLACK));
	ck_assert_int_eq(turns_piece(pos, "d4"), RULES_EMPTY);
	pieces[0] = RULES_PIECE(2);
	ck_assert_int_eq(rules_setup(pos, pieces, WHITE, &d), -1);
	ck_assert_str_eq(diag_name(d.code), "bad-setup");
	pieces[0] = RULES_PINNED;
	ck_assert_int_eq(rules_setup(pos, pieces, WHITE, &d), -1);
	ck_assert_str_eq(diag_name(d.code), "bad-setup");
}

/* ---- Diagnostics: one test per code ------------------------------- */

START_TEST(stones_diagnostics)
{
	/* Actions no notation writes; msg NULL: the code alone is checked. */
	static const struct {
		struct rules_action a;
		const char	   *code;
		const char	   *msg;
	} actions[] = {
		{ { .kind = RULES_PLACE }, "wrong-action",
		    "a stones! turn moves one stone, like c1-f4" },
		{ { .kind = RULES_PASS }, "wrong-action", NULL },
		{ { .kind = RULES_MOVE, .from = 0, .to = 64 }, "off-board",
		    "no such square" },
		{ { .kind = RULES_MOVE, .from = -1, .to = 9 }, "off-board",
		    NULL },
	};
	struct rules_position *pos = turns_new("stones", NULL);
	struct diag	       d;
	size_t		       i;

	for (i = 0; i < sizeof actions / sizeof actions[0]; i++) {
		turns_reject(pos, &actions[i].a, actions[i].code, &d);
		if (actions[i].msg != NULL)
			ck_assert_str_eq(d.msg, actions[i].msg);
	}

	turns_fail_saying(
	    pos, "d4-e5", "empty-square", "there is no stone on d4");
	turns_fail_saying(pos, "d8-c7", "opponent-stone",
	    "d8 holds a black stone: white moves only white stones");
	turns_fail_saying(
	    pos, "c1-c1", "unreachable", "c1-c1 does not move the stone");
	turns_fail_saying(pos, "c1-d1", "occupied", "d1 is occupied");
	turns_fail_saying(pos, "c1-d3", "not-a-line",
	    "c1-d3 is neither a diagonal nor a sideways line");
	turns_fail(pos, "c1-c4", "not-a-line", &d);
	turns_fail(pos, "a1-h7", "not-a-line", &d);
	turns_play(pos, "c1-d2 a8-b7");
	turns_fail_saying(pos, "d2-c1", "backward-move",
	    "d2-c1 goes backwards: white stones move up the board");
	turns_fail_saying(pos, "d2-f2", "sideways-not-jump",
	    "d2-f2 jumps nothing: e2 is empty");
	turns_fail_saying(pos, "d2-e2", "sideways-not-jump",
	    "d2-e2 is not a sideways jump: a stone jumps sideways only over "
	    "the stone beside it, landing just beyond");
	turns_fail(pos, "d2-h2", "sideways-not-jump", &d);
	rules_position_free(pos);

	pos = turns_new("stones", NULL);
	diagram_setup(pos,
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    "........"
	    "...O...."
	    ".xXo...O",
	    WHITE);
	turns_fail_saying(pos, "b1-c2", "pinned-stone",
	    "the white stone on b1 is pinned and cannot move");
	turns_fail_saying(pos, "c1-e1", "not-jumpable",
	    "the pinned black stone on d1 may not be jumped: only unpinned "
	    "black stones and pinned white stones can be");
	/* c1 may still jump the unpinned d2 diagonally. */
	turns_play(pos, "c1-e3");
	ck_assert_int_eq(
	    turns_piece(pos, "d2"), RULES_PIECE(BLACK) | RULES_PINNED);
	rules_position_free(pos);
}
END_TEST

/* ---- Perft -------------------------------------------------------- */

START_TEST(stones_perft)
{
	/* rules.md §5 for depths 1-3; depth 4 as in formats/stones.md. */
	static const uint64_t want[] = { 1, 54, 2880, 141666, 6878074, 0 };

	turns_assert_perft("stones", NULL, want);
	/* The generic perft through legal() and play() agrees. */
	turns_assert_perft_generic("stones", NULL, 3, want[3]);
}
END_TEST

/* ---- Random playouts against a naive move generator --------------- */

struct oracle {
	int  cells[64]; /* 0 empty, 1 + colour, | RULES_PINNED */
	int  me;
	long checked, rejected;
	struct rules_position *scratch;
	struct rules_rng      *rng;
};

static bool
on_board(int x, int y)
{
	return x >= 0 && x < 8 && y >= 0 && y < 8;
}

static bool
oracle_jumpable(const struct oracle *o, int v)
{
	if (v == 0)
		return false;
	if (RULES_COLOUR_OF(v) == o->me)
		return (v & RULES_PINNED) != 0;
	return (v & RULES_PINNED) == 0;
}

/*
 * rules.md §5 read literally: marks legal[from][to], and jumped[from][to]
 * the square of the stone a move jumps (or -1).  Returns the count.
 */
static int
oracle_moves(const struct oracle *o, bool legal[64][64], int jumped[64][64])
{
	int s, x, y, dx, dy = o->me == 0 ? 1 : -1, n = 0, over;

	memset(legal, 0, 64 * 64 * sizeof legal[0][0]);
	for (s = 0; s < 64; s++) {
		if (o->cells[s] != 1 + o->me) /* own and unpinned */
			continue;
		for (dx = -1; dx <= 1; dx += 2) {
			over = -1;
			x = s % 8 + dx;
			y = s / 8 + dy;
			while (on_board(x, y)) {
				if (o->cells[y * 8 + x] == 0) {
					legal[s][y * 8 + x] = true;
					jumped[s][y * 8 + x] = over;
					n++;
				} else if (over == -1 &&
				    oracle_jumpable(o, o->cells[y * 8 + x]) &&
				    on_board(x + dx, y + dy) &&
				    o->cells[(y + dy) * 8 + x + dx] == 0)
					over = y * 8 + x;
				else
					break;
				x += dx;
				y += dy;
			}
			x = s % 8 + dx;
			y = s / 8;
			if (on_board(x + dx, y) && o->cells[y * 8 + x] != 0 &&
			    oracle_jumpable(o, o->cells[y * 8 + x]) &&
			    o->cells[y * 8 + x + dx] == 0) {
				legal[s][y * 8 + x + dx] = true;
				jumped[s][y * 8 + x + dx] = y * 8 + x;
				n++;
			}
		}
	}
	return n;
}

static void
oracle_each(
    const struct rules_position *pos, const struct rules_action *a, void *arg)
{
	struct oracle	   *o = arg;
	static bool	    legal[64][64];
	static int	    jumped[64][64];
	struct rules_action acts[512], probe;
	size_t		    n, i;
	int		    count, j;

	turns_require_pieces(pos, o->cells);
	REQUIRE_EQ(rules_to_move(pos), o->me);
	count = oracle_moves(o, legal, jumped);
	n = rules_legal(pos, acts, 512);
	REQUIRE_EQ(n, (size_t)count);
	for (i = 0; i < n; i++) {
		REQUIRE_EQ(acts[i].kind, RULES_MOVE);
		REQUIRE(legal[acts[i].from][acts[i].to]);
		turns_require_accepted(o->scratch, pos, &acts[i]);
		o->checked++;
	}
	for (j = 0; j < 4; j++) {
		probe = (struct rules_action){ .kind = RULES_MOVE };
		probe.from = (int16_t)rules_rng_below(o->rng, 64);
		probe.to = (int16_t)rules_rng_below(o->rng, 64);
		if (legal[probe.from][probe.to])
			continue;
		turns_require_refused(o->scratch, pos, &probe);
		o->rejected++;
	}
	/* Mirror the move: one jumped stone toggles its pin. */
	REQUIRE(legal[a->from][a->to]);
	j = jumped[a->from][a->to];
	if (j >= 0)
		o->cells[j] ^= RULES_PINNED;
	o->cells[a->to] = o->cells[a->from];
	o->cells[a->from] = 0;
	o->me = !o->me;
}

START_TEST(stones_random_playouts)
{
	struct rules_position *pos = turns_new("stones", NULL);
	struct rules_rng       rng, probes;
	struct rules_score     s;
	struct oracle	       o;
	bool		       legal[64][64];
	int		       jumped[64][64];
	int		       games, e, n[2], over = 0;

	memset(&o, 0, sizeof o);
	o.scratch = rules_position_dup(pos);
	o.rng = &probes;
	rules_rng_seed(&rng, 5);
	rules_rng_seed(&probes, 6);
	for (games = 0; games < 2000; games++) {
		rules_position_reset(pos);
		for (e = 0; e < 64; e++)
			o.cells[e] = rules_piece(pos, e);
		o.me = WHITE;
		rules_playout(pos, &rng, 500, oracle_each, &o);
		/* Stones never leave the board. */
		n[0] = n[1] = 0;
		for (e = 0; e < 64; e++) {
			REQUIRE_EQ(rules_piece(pos, e), o.cells[e]);
			if (o.cells[e] != 0)
				n[RULES_COLOUR_OF(o.cells[e])]++;
		}
		REQUIRE_EQ(n[0], 8);
		REQUIRE_EQ(n[1], 8);
		rules_score(pos, &s);
		REQUIRE_EQ(rules_stat_find(&s, "pinned")->value[0] +
			rules_stat_find(&s, "unpinned")->value[0],
		    8);
		/* Over exactly when the player to move has no move. */
		REQUIRE_EQ(s.over, oracle_moves(&o, legal, jumped) == 0);
		over += s.over;
	}
	REQUIRE_GT(over, 1900);
	REQUIRE_GT(o.rejected, 10000);
	rules_position_free(o.scratch);
	rules_position_free(pos);
}
END_TEST

UNIT_MAIN("stones",
    unit_tcase("rules", 0, stones_registered, stones_start,
	stones_jump_pins_and_slide_goes_on, stones_one_jump_per_move,
	stones_landing_must_be_empty, stones_jumpable_stones,
	stones_sideways_jump, stones_far_rank, stones_black_moves_down,
	stones_game_end_and_score, stones_jump_only_is_not_the_end,
	stones_setup_refuses_the_unreachable, stones_setup_and_pieces, NULL),
    unit_tcase("diagnostics", 0, stones_diagnostics, NULL),
    unit_tcase("perft", 120, stones_perft, NULL),
    unit_tcase("playouts", 300, stones_random_playouts, NULL))
