/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of Oust (rules.md §0, §2): every worked case of the rules,
 * one test per clause and per diagnostic code, the pie rule, set-up
 * positions, perft, and seeded random playouts checked against a naive
 * flood-fill oracle after every action.  Positions are ASCII diagrams
 * (X Black, O White, top row first).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "diagram.h"
#include "turns.h"
#include "unit.h"

/* ---- A naive oracle: flood fills, no incremental state ----------------- */

/* Labels the groups of each colour (turns_groups()). */
static int
oracle_groups(
    const struct rules_board *b, const int *cells, int *label, int *size)
{
	return turns_groups(b, cells, label, size, true);
}

/*
 * Oust's rule read straight from rules.md §2 for a placement of colour p
 * on empty e: 0 illegal, 1 non-capturing, 2 capturing.
 */
static int
oracle_kind(const struct rules_board *b, const int *cells, int p, int e)
{
	int  label[RULES_MAX_CELLS], size[RULES_MAX_CELLS];
	bool ing[RULES_MAX_CELLS], inE[RULES_MAX_CELLS];
	int  i, k, gsize = 1, own = RULES_PIECE(p), ngroups;
	bool any_own = false, any_enemy = false;

	if (cells[e] != RULES_EMPTY)
		return 0;
	ngroups = oracle_groups(b, cells, label, size);
	memset(ing, 0, sizeof ing);
	memset(inE, 0, sizeof inE);
	for (k = 0; k < b->degree[e]; k++) {
		int m = b->nb[e][k];

		if (cells[m] == own && !ing[label[m]]) {
			ing[label[m]] = true;
			gsize += size[label[m]];
			any_own = true;
		}
	}
	if (!any_own)
		return 1;
	/* E: enemy groups adjacent to e or to any stone of G. */
	for (i = 0; i < b->ncells; i++) {
		bool inG = i == e || (cells[i] == own && ing[label[i]]);

		if (!inG)
			continue;
		for (k = 0; k < b->degree[i]; k++) {
			int m = b->nb[i][k];

			if (cells[m] != RULES_EMPTY && cells[m] != own)
				inE[label[m]] = true;
		}
	}
	for (i = 0; i < ngroups; i++) {
		if (!inE[i])
			continue;
		any_enemy = true;
		if (size[i] >= gsize)
			return 0;
	}
	return any_enemy ? 2 : 0;
}

/* Plays a placement on the oracle's board; returns whether it captured. */
static bool
oracle_place(const struct rules_board *b, int *cells, int p, int e)
{
	int  label[RULES_MAX_CELLS], size[RULES_MAX_CELLS];
	bool dead[RULES_MAX_CELLS];
	int  kind = oracle_kind(b, cells, p, e), i, k;

	ck_assert_int_ne(kind, 0);
	cells[e] = RULES_PIECE(p);
	if (kind == 1)
		return false;
	oracle_groups(b, cells, label, size);
	memset(dead, 0, sizeof dead);
	for (i = 0; i < b->ncells; i++) {
		if (label[i] != label[e])
			continue;
		for (k = 0; k < b->degree[i]; k++) {
			int m = b->nb[i][k];

			if (cells[m] == RULES_PIECE(!p))
				dead[label[m]] = true;
		}
	}
	for (i = 0; i < b->ncells; i++)
		if (cells[i] == RULES_PIECE(!p) && dead[label[i]])
			cells[i] = RULES_EMPTY;
	return true;
}

static int
oracle_count_legal(const struct rules_board *b, const int *cells, int p)
{
	int i, n = 0;

	for (i = 0; i < b->ncells; i++)
		n += oracle_kind(b, cells, p, i) != 0;
	return n;
}

/* Places on `name' with the `*' mark set and expects the given outcome. */
static bool
is_capture(const struct rules_position *pos, const char *name)
{
	struct rules_position *copy = rules_position_dup(pos);
	struct rules_action    a = { .kind = RULES_PLACE, .capture = 1 };
	struct diag	       d;
	int		       r;

	a.to = (int16_t)turns_cell(pos, name);
	r = rules_play(copy, &a, &d);
	if (r == -1)
		ck_assert_msg(d.code == DIAG_NOT_A_CAPTURE, "%s: %s", name,
		    diag_name(d.code));
	rules_position_free(copy);
	return r == 0;
}

/* ---- Boards --------------------------------------------------------------- */

START_TEST(oust_boards)
{
	static const char *const bad[] = { "13", "1", "3-3-5", "", "7x7",
		NULL };

	turns_assert_default_board("oust", "7", 127);
	turns_assert_hexhex_boards("oust");
	turns_assert_bad_boards(&rules_oust, bad);
	turns_assert_board_spellings(&rules_oust, "7");
	ck_assert_ptr_eq(rules_game_find("oust"), &rules_oust);
	ck_assert_str_eq(rules_oust.colour[0], "black");
}
END_TEST

TURNS_TEST(oust_empty_start, "oust", "3")
{
	ck_assert_int_eq(rules_phase(pos), RULES_TURN_START);
	ck_assert_int_eq(rules_to_move(pos), 0);
	/* Every cell is a non-capturing placement; no pass, no swap yet. */
	turns_assert_legal(pos,
	    "a3 a4 a5 b2 b3 b4 b5 c1 c2 c3 c4 c5 d1 d2 "
	    "d3 d4 e1 e2 e3");
}

/* ---- rules.md §2 cases ---------------------------------------------------- */

START_TEST(oust_case_c3_d3)
{
	static const char *const caps[] = { "b3", "b4", "c2", "c4", "d2" };
	static const char *const quiet[] = { "a3", "a4", "a5", "b2", "b5", "c1",
		"c5", "d1", "d4", "e1", "e2", "e3" };
	struct rules_position	*pos = turns_new("oust", "3");
	struct rules_score	 s;
	struct diag		 d;
	size_t			 i;

	turns_play(pos, "c3 d3");
	turns_assert_legal(pos,
	    "a3 a4 a5 b2 b3 b4 b5 c1 c2 c4 c5 d1 d2 d4 "
	    "e1 e2 e3");
	for (i = 0; i < sizeof caps / sizeof caps[0]; i++)
		ck_assert_msg(is_capture(pos, caps[i]), "%s", caps[i]);
	for (i = 0; i < sizeof quiet / sizeof quiet[0]; i++)
		ck_assert_msg(!is_capture(pos, quiet[i]), "%s", quiet[i]);
	turns_play(pos, "c4*");
	/* White has no stones: Black wins at once, no further placement. */
	turns_assert_over(pos, &s, 0, 1, 0);
	ck_assert_int_eq(rules_turn(pos), 4);
	diagram_assert(pos,
	    "    . . .\n"
	    "   . . X .\n"
	    "  . . X . .\n"
	    "   . . . .\n"
	    "    . . .\n");
	ck_assert_int_eq(rules_stat_find(&s, "stones")->value[0], 2);
	ck_assert_int_eq(rules_stat_find(&s, "stones")->value[1], 0);
	ck_assert_int_eq(rules_stat_find(&s, "captured")->value[0], 1);
	ck_assert_int_eq(rules_stat_find(&s, "captured")->value[1], 0);
	ck_assert_uint_eq(rules_legal(pos, NULL, 0), 0);
	turns_fail(pos, "d2", "game-over", &d);
	rules_position_free(pos);
}
END_TEST

TURNS_TEST(oust_case_pairs, "oust", "3")
{
	struct diag d;

	turns_play(pos, "c3 b4 e1 a4*,c1 b3 d4");
	ck_assert_int_eq(rules_turn(pos), 7);
	ck_assert_int_eq(rules_to_move(pos), 0);
	diagram_assert(pos,
	    "    . . .\n"
	    "   O O . O\n"
	    "  . X . . .\n"
	    "   . . . .\n"
	    "    O . X\n");
	turns_assert_legal(pos, "a5 b5 c4 c5 d1 d3 e3");
	ck_assert(is_capture(pos, "d1"));
	ck_assert(!is_capture(pos, "c4"));
	/* A pair against a pair: each enemy group must be strictly smaller. */
	turns_fail_saying(pos, "a3", "enemy-too-big",
	    "a3 would make a black group of 2, but it "
	    "touches a white group of 2 (a4 b4): every enemy group touched "
	    "must be smaller");
	turns_fail(pos, "b2", "enemy-too-big", &d);
	turns_fail(pos, "c2", "enemy-too-big", &d);
	turns_fail(pos, "c3", "enemy-too-big", &d);
	/* Joining own stones without touching an enemy group. */
	turns_fail_saying(pos, "d2", "no-enemy-contact",
	    "d2 joins black stones into a group of 2 "
	    "that touches no white group: a placement next to your own "
	    "stones must capture");
	turns_fail(pos, "e2", "no-enemy-contact", &d);
	turns_actions(pos, "d1*");
	/* Black still has placements: the turn goes on. */
	turns_assert_at(pos, RULES_TURN_MIDDLE, 0,
	    "    . . .\n"
	    "   O O . O\n"
	    "  . X . . .\n"
	    "   . . . .\n"
	    "    . X X\n");
}

TURNS_TEST(oust_case_side4, "oust", "4")
{
	struct rules_score s;
	int		   i, n = 0;
	char		   name[RULES_CELL_NAME], got[64] = "";

	turns_play(pos, "f1 c4 c6 c5*,g4 e3 d4*,c2 d1");
	ck_assert_int_eq(rules_phase(pos), RULES_TURN_START);
	turns_play(pos, "d2*,e2*");
	ck_assert_int_eq(rules_phase(pos), RULES_GAME_OVER);
	/* White wins on turn 8: the counter stands on the turn after it. */
	ck_assert_int_eq(rules_turn(pos), 9);
	rules_score(pos, &s);
	ck_assert_int_eq(s.winner, 1);
	ck_assert_int_eq(s.points[1], 1);
	for (i = 0; i < pos->board.ncells; i++) {
		if (rules_piece(pos, i) == RULES_EMPTY)
			continue;
		ck_assert_int_eq(rules_piece(pos, i), RULES_PIECE(1));
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s",
		    n++ ? " " : "", rules_cell_name(&pos->board, i, name));
	}
	/* Cell order is row by row from row 1; sorted that is the same set. */
	ck_assert_int_eq(n, 7);
	ck_assert_ptr_nonnull(strstr(got, "c2"));
	ck_assert_ptr_nonnull(strstr(got, "d2"));
	ck_assert_ptr_nonnull(strstr(got, "e2"));
	ck_assert_ptr_nonnull(strstr(got, "d4"));
	ck_assert_ptr_nonnull(strstr(got, "g4"));
	ck_assert_ptr_nonnull(strstr(got, "c4"));
	ck_assert_ptr_nonnull(strstr(got, "c5"));
}

/* ---- Turn structure ------------------------------------------------------- */

TURNS_TEST(oust_capture_then_place_again, "oust", "3")
{
	struct rules_action a = { .kind = RULES_PLACE };
	struct diag	    d;

	turns_play(pos, "c3 b4 e1");
	a.to = (int16_t)turns_cell(pos, "a4");
	ck_assert_int_eq(rules_play(pos, &a, &d), 0);
	/* White captured c3 and Black still has e1: White places again. */
	ck_assert_int_eq(rules_phase(pos), RULES_TURN_MIDDLE);
	ck_assert_int_eq(rules_to_move(pos), 1);
	ck_assert_int_eq(rules_turn(pos), 4);
	/* No pass mid-turn; the legal list has placements only. */
	turns_fail_saying(pos, "pass", "pass-mid-turn",
	    "white captured and must place again: a pass "
	    "is only a whole turn");
	turns_fail(pos, "swap", "swap-not-allowed", &d);
	/* Joining a4 b4 touches no black group now: b2..e3 only. */
	turns_assert_legal(pos, "b2 c1 c2 c5 d1 d2 d3 d4 e2 e3");
	turns_play(pos, "c1");
	ck_assert_int_eq(rules_to_move(pos), 0);
	ck_assert_int_eq(rules_turn(pos), 5);
}

/*
 * After a capture, when the mover has no legal placement left the turn
 * ends (rules.md §2).  Black's d3 joins d2 and captures e2 and d1; every
 * empty cell then touches a black stone, and joins it either next to no
 * white group or next to the white three a5 b5 c5, which is not smaller.
 */
TURNS_SETUP_TEST(oust_capture_ends_turn_without_placement, "oust", "3",
    "    O O O\n"
    "   . . . .\n"
    "  . X . . .\n"
    "   X . X O\n"
    "    . O .\n",
    0)
{
	struct rules_score s;

	turns_play(pos, "d3*");
	turns_assert_at(pos, RULES_TURN_START, 1,
	    "    O O O\n"
	    "   . . . .\n"
	    "  . X . X .\n"
	    "   X . X .\n"
	    "    . . .\n");
	rules_score(pos, &s);
	ck_assert(!s.over);
	ck_assert_int_eq(rules_stat_find(&s, "captured")->value[0], 2);
	ck_assert_int_eq(rules_stat_find(&s, "stones")->value[0], 4);
	ck_assert_int_eq(rules_stat_find(&s, "stones")->value[1], 3);
}

/* White's b2 touches every cell, and the black pair beside it. */
TURNS_SETUP_TEST(oust_pass_only_without_placement, "oust", "2",
    "  X X\n"
    " . O .\n"
    "  . .\n",
    1)
{
	struct diag	   d;
	struct rules_score s;

	turns_assert_legal(pos, "pass");
	turns_fail(pos, "c2", "enemy-too-big", &d);
	turns_play(pos, "pass");
	ck_assert_int_eq(rules_to_move(pos), 0);
	ck_assert_int_eq(rules_turn(pos), 2);
	turns_fail_saying(pos, "pass", "pass-with-placement",
	    "black may not pass: a legal placement exists "
	    "(a2 b1 c1 c2)");
	/* c2 joins the pair, touching only White's single b2. */
	turns_play(pos, "c2*");
	ck_assert_int_eq(rules_phase(pos), RULES_GAME_OVER);
	rules_score(pos, &s);
	ck_assert_int_eq(s.winner, 0);
}

TURNS_TEST(oust_bad_actions, "oust", "3")
{
	struct rules_action a = { .kind = RULES_REMOVE };
	struct diag	    d;

	turns_play(pos, "c3");
	turns_fail_saying(pos, "c3", "occupied", "c3 is occupied");
	a.to = (int16_t)turns_cell(pos, "c3");
	turns_reject(pos, &a, "wrong-action", &d);
	ck_assert_str_eq(d.msg,
	    "an oust turn is placements, \"pass\" or "
	    "\"swap\": nothing is removed or moved");
	a.kind = RULES_MOVE;
	turns_reject(pos, &a, "wrong-action", &d);
	a.kind = RULES_PLACE;
	a.to = -1;
	turns_reject(pos, &a, "off-board", &d);
	a.to = 19;
	turns_reject(pos, &a, "off-board", &d);
	/* A `*' on a placement that captures nothing. */
	turns_fail_saying(pos, "d3*", "not-a-capture",
	    "d3 is marked as a capture but captures "
	    "nothing");
	turns_fail(pos, "pass", "pass-with-placement", &d);
	ck_assert_int_eq(rules_turn(pos), 2);
}

/* ---- Pie rule ------------------------------------------------------------- */

TURNS_TEST(oust_swap, "oust", "3")
{
	struct diag	   d;
	struct rules_score s;

	turns_fail_saying(pos, "swap", "swap-not-allowed",
	    "a swap is only allowed as the second turn of "
	    "the game");
	turns_play(pos, "c3");
	turns_assert_legal(pos,
	    "a3 a4 a5 b2 b3 b4 b5 c1 c2 c4 c5 d1 d2 d3 d4 "
	    "e1 e2 e3 swap");
	turns_play(pos, "swap");
	/* The board is unchanged and White (who made move 1) moves next. */
	ck_assert_int_eq(rules_turn(pos), 3);
	turns_assert_at(pos, RULES_TURN_START, 1,
	    "    . . .\n"
	    "   . . . .\n"
	    "  . . X . .\n"
	    "   . . . .\n"
	    "    . . .\n");
	rules_score(pos, &s);
	ck_assert(rules_swapped(pos));
	turns_fail(pos, "swap", "swap-not-allowed", &d);
	turns_play(pos, "d3 c4*");
	ck_assert_int_eq(rules_phase(pos), RULES_GAME_OVER);
	rules_score(pos, &s);
	ck_assert(rules_swapped(pos));
	ck_assert_int_eq(s.winner, 0);
}

START_TEST(oust_swap_late_or_off)
{
	struct diag	       d;
	struct rules_position *pos = turns_new("oust", "3");
	struct rules_score     s;

	turns_play(pos, "c3 d4");
	turns_fail(pos, "swap", "swap-not-allowed", &d);
	rules_score(pos, &s);
	ck_assert(!rules_swapped(pos));
	rules_position_free(pos);
	pos = turns_pie_off("oust", "3", "c3");
	turns_assert_legal(pos,
	    "a3 a4 a5 b2 b3 b4 b5 c1 c2 c4 c5 d1 d2 d3 d4 "
	    "e1 e2 e3");
	rules_position_free(pos);
}
END_TEST

/* ---- Set-up positions ----------------------------------------------------- */

TURNS_TEST(oust_setup, "oust", "3")
{
	struct diag d;

	/* Two touching enemy groups of 2 cannot arise. */
	diagram_refused(pos,
	    "    . . .\n"
	    "   . . . .\n"
	    "  . X X O .\n"
	    "   . . O .\n"
	    "    . . .\n",
	    0, &d);
	ck_assert_str_eq(d.msg,
	    "the white group at d2 d3 touches the black "
	    "group at b3 c3: two touching groups of 2 or more cannot arise");
	/* A pair beside single stones is fine, and the pie rule is gone. */
	diagram_setup(pos,
	    "    . . .\n"
	    "   . . . .\n"
	    "  . X X O .\n"
	    "   . . . .\n"
	    "    . . .\n",
	    1);
	turns_assert_legal(pos, "a3 a4 a5 b2 b4 b5 c1 c2 c5 d1 e1");
	turns_fail(pos, "swap", "swap-not-allowed", &d);
	/* Stones of one colour only, more than one: the game is over. */
	diagram_setup(pos,
	    "    . . .\n"
	    "   . . . .\n"
	    "  . X X . .\n"
	    "   . . . .\n"
	    "    . . .\n",
	    1);
	ck_assert_int_eq(rules_phase(pos), RULES_GAME_OVER);
	/* Pinned pieces do not exist in Oust. */
	diagram_refused(pos,
	    "    . . .\n"
	    "   . . . .\n"
	    "  . x . . .\n"
	    "   . . . .\n"
	    "    . . .\n",
	    0, &d);
	/* A full board: neither side could place (rules.md §2). */
	diagram_refused(pos,
	    "    X O X\n"
	    "   X X X X\n"
	    "  O X X X O\n"
	    "   X X X X\n"
	    "    X O X\n",
	    0, &d);
	ck_assert_str_eq(d.msg,
	    "neither black nor white could place a stone "
	    "here: no game of oust reaches this position");
}

/* ---- Perft (formats/oust.md) ---------------------------------------------- */

static uint64_t
oracle_perft(const struct rules_board *, const int *, int, int, int);

static int
stones_of(const struct rules_board *b, const int *cells, int colour)
{
	int i, n = 0;

	for (i = 0; i < b->ncells; i++)
		n += cells[i] == RULES_PIECE(colour);
	return n;
}

/*
 * The rest of a turn in progress after a capture by p: the ordered
 * sequences of further placements, each completed turn leading on to
 * oracle_perft(depth - 1).
 */
static uint64_t
oracle_turn(
    const struct rules_board *b, const int *cells, int p, int turn, int depth)
{
	int	 child[RULES_MAX_CELLS], e;
	uint64_t total = 0;

	for (e = 0; e < b->ncells; e++) {
		if (oracle_kind(b, cells, p, e) == 0)
			continue;
		memcpy(child, cells, sizeof child);
		if (!oracle_place(b, child, p, e))
			total += oracle_perft(
			    b, child, !p, turn + 1, depth - 1);
		else if (stones_of(b, child, !p) == 0)
			total += 1;
		else if (oracle_count_legal(b, child, p) == 0)
			total += oracle_perft(
			    b, child, !p, turn + 1, depth - 1);
		else
			total += oracle_turn(b, child, p, turn, depth);
	}
	return total;
}

/*
 * A whole turn from its start: a pass when no placement is legal (never
 * so on turn 2, where the one stone leaves most cells apart from it).
 */
static uint64_t
oracle_turn_or_pass(
    const struct rules_board *b, const int *cells, int p, int turn, int depth)
{
	if (oracle_count_legal(b, cells, p) == 0)
		return oracle_perft(b, cells, !p, turn + 1, depth - 1);
	return oracle_turn(b, cells, p, turn, depth);
}

/* Complete turns, depth deep, from a turn start; pie rule on. */
static uint64_t
oracle_perft(
    const struct rules_board *b, const int *cells, int p, int turn, int depth)
{
	return turns_pie_perft(b, cells, p, turn, depth, oracle_turn_or_pass);
}

/*
 * Complete turns per ply from the empty board; a pass or a swap is one
 * turn, a turn's placements are one path whatever their number, and a
 * game that ends sooner is one leaf (formats/oust.md).
 */
static const uint64_t perft2[] = { 1, 7, 49, 228, 738, 1584, 2184, 2304, 2304,
	0 };
static const uint64_t perft3[] = { 1, 19, 361, 5220, 155514, 0 };

START_TEST(oust_perft)
{
	turns_assert_perft("oust", "2", perft2);
	turns_assert_perft("oust", "3", perft3);
}
END_TEST

/* The fast perft agrees with the oracle's, turn for turn. */
START_TEST(oust_perft_matches_oracle)
{
	static const char *const sides[] = { "2", "3" };
	static const int	 depths[] = { 6, 4 };

	turns_assert_perft_oracle("oust", sides[_i], depths[_i], oracle_perft);
}
END_TEST

/* ---- Random playouts against the oracle ----------------------------------- */

struct check_ctx {
	int cells[RULES_MAX_CELLS];
	int actions;
};

/* No group of 2+ touches an enemy group of 2+ (the invariant of §2). */
static void
check_invariant(const struct rules_position *pos, const int *cells)
{
	const struct rules_board *b = &pos->board;
	int label[RULES_MAX_CELLS], size[RULES_MAX_CELLS], i, k;

	oracle_groups(b, cells, label, size);
	for (i = 0; i < b->ncells; i++) {
		if (cells[i] == RULES_EMPTY || size[label[i]] < 2)
			continue;
		for (k = 0; k < b->degree[i]; k++) {
			int m = b->nb[i][k];

			if (cells[m] != RULES_EMPTY && cells[m] != cells[i])
				ck_assert_int_lt(size[label[m]], 2);
		}
	}
}

/*
 * Before each action: the listed actions are exactly the oracle's, each is
 * accepted by play() on a copy, and unlisted cells are rejected unchanged.
 */
static void
check_action(
    const struct rules_position *pos, const struct rules_action *a, void *arg)
{
	struct check_ctx	 *ctx = arg;
	const struct rules_board *b = &pos->board;
	struct rules_action	  acts[RULES_MAX_CELLS + 2];
	struct rules_position	 *copy;
	bool			  listed[RULES_MAX_CELLS];
	int			  me = rules_to_move(pos), nplace = 0, oracle;
	size_t			  n, k;

	turns_require_pieces(pos, ctx->cells);
	check_invariant(pos, ctx->cells);
	n = rules_legal(pos, acts, RULES_MAX_CELLS + 2);
	memset(listed, 0, sizeof listed);
	copy = rules_position_dup(pos);
	for (k = 0; k < n; k++) {
		if (acts[k].kind == RULES_PLACE) {
			listed[acts[k].to] = true;
			nplace++;
			ck_assert_int_ne(
			    oracle_kind(b, ctx->cells, me, acts[k].to), 0);
		}
		/* Every listed action is accepted (a sample when many). */
		if (k % 4 == (size_t)ctx->actions % 4 || n < 8)
			turns_require_accepted(copy, pos, &acts[k]);
	}
	oracle = oracle_count_legal(b, ctx->cells, me);
	ck_assert_int_eq(nplace, oracle);
	if (oracle == 0) {
		ck_assert_int_eq(rules_phase(pos), RULES_TURN_START);
		ck_assert_int_eq(acts[0].kind, RULES_PASS);
	}
	/* Unlisted cells (a sample) are rejected, the position unchanged. */
	turns_require_unlisted(
	    copy, pos, listed, ctx->actions % 3, RULES_PLACE);
	rules_position_free(copy);
	/* Keep the oracle's board in step. */
	if (a->kind == RULES_PLACE)
		oracle_place(b, ctx->cells, me, a->to);
	ctx->actions++;
}

/* The game ends only by wiping out the opponent. */
static void
check_wiped_out(const struct rules_position *pos, size_t actions, void *arg)
{
	struct rules_score s;

	(void)actions;
	(void)arg;
	rules_score(pos, &s);
	ck_assert(s.over);
	ck_assert_int_ge(s.winner, 0);
	ck_assert_int_eq(diagram_stones(pos, !s.winner), 0);
	ck_assert_int_ge(diagram_stones(pos, s.winner), 2);
	ck_assert_int_eq(s.points[s.winner], 1);
	ck_assert_int_eq(s.points[!s.winner], 0);
	ck_assert_int_eq(rules_stat_find(&s, "stones")->value[s.winner],
	    diagram_stones(pos, s.winner));
}

/* Every action checked against the oracle, and the end of each game. */
static const struct turns_playouts oracle_playouts = { check_action,
	check_wiped_out, sizeof(struct check_ctx) };

TURNS_PLAYOUTS_TEST(oust_playouts_match_oracle, "oust", 1000, &oracle_playouts,
    { "2", 3000 }, { "3", 1500 }, { "4", 400 }, { "5", 150 }, { "7", 30 })

/* A quick game's end: more than one action, the loser wiped out. */
static void
check_quick_end(const struct rules_position *pos, size_t actions, void *arg)
{
	struct rules_score s;

	(void)arg;
	ck_assert_uint_gt(actions, 1);
	rules_score(pos, &s);
	ck_assert_int_eq(diagram_stones(pos, !s.winner), 0);
}

/* Many quick games, no action checked, the end of each checked. */
static const struct turns_playouts quick_playouts = { NULL, check_quick_end,
	0 };

/* Without the per-action oracle: many quick games, the end state checked. */
TURNS_PLAYOUTS_TEST(oust_playouts_many, "oust", 77, &quick_playouts,
    { "2", 20000 }, { "3", 10000 }, { "6", 2000 }, { "12", 100 })

/*
 * The legal sets are kept incrementally (src/rules/oust.c): checked after
 * every action of many random playouts (turns_check_kept).
 */
START_TEST(oust_incremental_matches_fresh)
{
	static const char *const sides[] = { "2", "3", "4", "6", "9", "12" };
	static const int	 games[] = { 1000, 500, 200, 50, 15, 4 };

	turns_assert_kept("oust", sides[_i], games[_i], 500 + (uint64_t)_i);
}
END_TEST

UNIT_MAIN("oust",
    unit_tcase("rules", 0, oust_boards, oust_empty_start, oust_case_c3_d3,
	oust_case_pairs, oust_case_side4, oust_capture_then_place_again,
	oust_capture_ends_turn_without_placement,
	oust_pass_only_without_placement, oust_bad_actions, oust_swap,
	oust_swap_late_or_off, oust_setup, NULL),
    unit_loops(unit_tcase("perft", 120, oust_perft, NULL),
	oust_perft_matches_oracle, 0, 2, NULL),
    unit_loops(unit_tcase("playouts", 300, NULL), oust_playouts_match_oracle, 0,
	5, oust_playouts_many, 0, 4, oust_incremental_matches_fresh, 0, 6,
	NULL))
