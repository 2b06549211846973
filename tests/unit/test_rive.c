/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of Rive (rules.md §0, §3): every worked case of the rules,
 * one test per clause and per diagnostic code, removals checked as a set,
 * the pie rule, set-up positions, perft, and seeded random playouts checked
 * against a naive flood-fill oracle after every action.  Positions are
 * ASCII diagrams (X Black, O White, top row first).
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

/* Labels the groups of stones of either colour (turns_groups()). */
static int
oracle_groups(
    const struct rules_board *b, const int *cells, int *label, int *size)
{
	return turns_groups(b, cells, label, size, false);
}

/* v(e): the size of the largest group next to e (rules.md §3). */
static int
oracle_v(const struct rules_board *b, const int *cells, const int *label,
    const int *size, int e)
{
	int k, v = 0;

	for (k = 0; k < b->degree[e]; k++) {
		int m = b->nb[e][k];

		if (cells[m] != RULES_EMPTY && size[label[m]] > v)
			v = size[label[m]];
	}
	return v;
}

/* Marks legal[] and returns how many cells are legal. */
static int
oracle_legal(const struct rules_board *b, const int *cells, bool *legal)
{
	int label[RULES_MAX_CELLS], size[RULES_MAX_CELLS];
	int i, m = RULES_MAX_CELLS, n = 0;

	oracle_groups(b, cells, label, size);
	for (i = 0; i < b->ncells; i++)
		if (cells[i] == RULES_EMPTY &&
		    oracle_v(b, cells, label, size, i) < m)
			m = oracle_v(b, cells, label, size, i);
	for (i = 0; i < b->ncells; i++) {
		legal[i] = cells[i] == RULES_EMPTY &&
		    oracle_v(b, cells, label, size, i) == m;
		n += legal[i];
	}
	return n;
}

/*
 * Places on e; returns the removals owed and fills group[] with the stones
 * of the merged group (placed stone included).
 */
static int
oracle_place(const struct rules_board *b, int *cells, int p, int e, bool *group)
{
	int label[RULES_MAX_CELLS], size[RULES_MAX_CELLS];
	int i, k, v, sum = 0, ng = 0, seen[6];

	oracle_groups(b, cells, label, size);
	v = oracle_v(b, cells, label, size, e);
	for (k = 0; k < b->degree[e]; k++) {
		int m = b->nb[e][k], j;

		if (cells[m] == RULES_EMPTY)
			continue;
		for (j = 0; j < ng && seen[j] != label[m]; j++)
			;
		if (j == ng) {
			seen[ng++] = label[m];
			sum += size[label[m]];
		}
	}
	cells[e] = RULES_PIECE(p);
	oracle_groups(b, cells, label, size);
	for (i = 0; i < b->ncells; i++)
		group[i] = cells[i] != RULES_EMPTY && label[i] == label[e];
	return ng >= 2 ? sum - v : 0;
}

/*
 * The stones of group[] less gone[] and cut (-1: none) joined to start,
 * by labelling them afresh (turns_groups()); start must be one of them.
 */
static int
oracle_joined(const struct rules_board *b, const bool *group, const bool *gone,
    int start, int cut)
{
	int cells[RULES_MAX_CELLS], label[RULES_MAX_CELLS];
	int size[RULES_MAX_CELLS], i;

	for (i = 0; i < b->ncells; i++)
		cells[i] = group[i] && !gone[i] && i != cut ? RULES_PIECE(0) :
							      RULES_EMPTY;
	oracle_groups(b, cells, label, size);
	return size[label[start]];
}

/* The stones of group[] minus gone[] are connected. */
static bool
oracle_connected(
    const struct rules_board *b, const bool *group, const bool *gone, int start)
{
	int i, n = 0;

	for (i = 0; i < b->ncells; i++)
		n += group[i] && !gone[i];
	return oracle_joined(b, group, gone, start, -1) == n;
}

/*
 * Counts the ways to add `left' more removals (cells above `from', so each
 * set once) to gone[] leaving the group connected; stops at `limit'.
 */
static long
oracle_completions(const struct rules_board *b, const bool *group, bool *gone,
    int placed, int left, int from, long limit)
{
	long n = 0;
	int  i;

	if (left == 0)
		return oracle_connected(b, group, gone, placed);
	for (i = from; i < b->ncells && n < limit; i++) {
		if (!group[i] || gone[i] || i == placed)
			continue;
		gone[i] = true;
		n += oracle_completions(
		    b, group, gone, placed, left - 1, i + 1, limit - n);
		gone[i] = false;
	}
	return n;
}

/* ---- Boards and placements ------------------------------------------------ */

START_TEST(rive_boards)
{
	static const char *const bad[] = { "13", "1", "3-3-4", "", NULL };
	struct rules_position	*pos;

	turns_assert_default_board("rive", "3-3-5", 29);
	turns_assert_hexhex_boards("rive");
	pos = turns_new("rive", "3-3-5");
	ck_assert_int_eq(pos->board.ncells, 29);
	rules_position_free(pos);
	turns_assert_bad_boards(&rules_rive, bad);
	turns_assert_board_spellings(&rules_rive, "4");
	turns_assert_board_spellings(&rules_rive, "3-3-5");
	ck_assert_ptr_eq(rules_game_find("Rive"), &rules_rive);
}
END_TEST

TURNS_TEST(rive_case_empty_and_c3, "rive", "3")
{
	turns_assert_legal(pos,
	    "a3 a4 a5 b2 b3 b4 b5 c1 c2 c3 c4 c5 d1 d2 "
	    "d3 d4 e1 e2 e3");
	turns_play(pos, "c3");
	turns_assert_legal(pos, "a3 a4 a5 b2 b5 c1 c5 d1 d4 e1 e2 e3 swap");
	/* A cell next to c3 while cells touching nothing exist. */
	turns_fail_saying(pos, "d3", "not-smallest",
	    "d3 touches a group of 1 stone, but cells "
	    "touching no group are free: a3 a4 a5 b2 b5 and 7 more");
}

/* The turn of pos goes on, its legal actions (sorted) want. */
static void
assert_turn_goes_on(const struct rules_position *pos, const char *want)
{
	ck_assert_int_eq(rules_phase(pos), RULES_TURN_MIDDLE);
	turns_assert_legal(pos, want);
}

TURNS_TEST(rive_case_turn8_captures, "rive", "3")
{
	turns_play(pos, "c3 a3 e3 c1 c5 a5 e1");
	diagram_assert(pos,
	    "    O . X\n"
	    "   . . . .\n"
	    "  O . X . X\n"
	    "   . . . .\n"
	    "    O . X\n");
	ck_assert_int_eq(rules_to_move(pos), 1);
	turns_assert_legal(pos, "a4 b2 b3 b4 b5 c2 c4 d1 d2 d3 d4 e2");
	turns_actions(pos, "b3xa3");
	/* c4 now touches the pair b3 c3; the singles' cells are the least. */
	assert_turn_goes_on(pos, "b5 d1 d4 e2");
	rules_position_reset(pos);
	turns_play(pos, "c3 a3 e3 c1 c5 a5 e1");
	turns_fail_saying(pos, "b3,xb3", "removal-placed-stone",
	    "b3 was just placed and cannot be removed");
	assert_turn_goes_on(pos, "xa3 xc3");
	turns_fail_saying(pos, "c4", "removal-missing",
	    "1 stone of the new group at b3 must be "
	    "removed before the next placement (1 to go)");
	turns_play(pos, "xc3,c4");
	ck_assert_int_eq(rules_to_move(pos), 0);
	ck_assert_int_eq(rules_turn(pos), 9);
	rules_position_reset(pos);
	turns_play(pos, "c3 a3 e3 c1 c5 a5 e1");
	turns_actions(pos, "b3xc3");
	/* The turn is not over: that is the caller's "turn-incomplete". */
	ck_assert_int_eq(rules_phase(pos), RULES_TURN_MIDDLE);
	ck_assert_int_eq(rules_to_move(pos), 1);
	turns_assert_legal(pos, "b5 c4 d1 d2 d3 d4 e2");
	turns_play(pos, "c4");
	turns_assert_at(pos, RULES_TURN_START, 0,
	    "    O . X\n"
	    "   . . O .\n"
	    "  O O . . X\n"
	    "   . . . .\n"
	    "    O . X\n");
}

START_TEST(rive_case_removal_sets)
{
	/* Refused one after another, c2 standing after the first. */
	static const struct turns_refusal refused[] = {
		{ "c2,xa3", "removal-empty",
		    "a3 is empty: there is no stone to remove" },
		{ "xd4", "removal-not-in-group",
		    "d4 is not in the group just formed at c2 (b3 c1 c2 d2)" },
		{ "xb3,xb3", "removal-repeated",
		    "b3 was already removed in this turn" },
	};
	static const char *const good[] = {
		"c2xb3xc1",
		"c2xc1xb3",
		"c2xb3xd2",
		"c2xd2xb3",
		"c2xc1xd2",
		"c2xd2xc1",
	};
	struct rules_position *pos = turns_new("rive", "3");
	struct diag	       d;
	struct rules_score     s;
	size_t		       i;

	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		rules_position_reset(pos);
		turns_play(pos, "d2 d4 b3 b5 c1");
		turns_fail(pos, "c2,xc2", "removal-placed-stone", &d);
		turns_assert_legal(pos, "xb3 xc1 xd2");
		/* c2 stands; the removals in either order complete the set. */
		turns_actions(pos, good[i] + 2);
		/* Then the compulsory placement, legality recomputed. */
		ck_assert_int_eq(rules_phase(pos), RULES_TURN_MIDDLE);
		ck_assert_int_eq(rules_to_move(pos), 1);
	}
	rules_position_reset(pos);
	turns_play(pos, "d2 d4 b3 b5 c1");
	turns_actions(pos, "c2xb3xc1");
	diagram_assert(pos,
	    "    . O .\n"
	    "   . . . O\n"
	    "  . . . . .\n"
	    "   . O X .\n"
	    "    . . .\n");
	rules_score(pos, &s);
	ck_assert_int_eq(rules_stat_find(&s, "captured")->value[1], 2);
	ck_assert_int_eq(rules_stat_find(&s, "captured")->value[0], 0);
	ck_assert_int_eq(s.points[0], 1);
	ck_assert_int_eq(s.points[1], 3);
	rules_position_reset(pos);
	turns_play(pos, "d2 d4 b3 b5 c1");
	turns_refuse_each(pos, refused, sizeof refused / sizeof refused[0]);
	turns_assert_legal(pos, "xc1 xd2");
	turns_fail_saying(pos, "xc1,xd2", "removal-extra",
	    "the group at c2 needed 2 removals, all "
	    "made: d2 stays");
	rules_position_free(pos);
}
END_TEST

/*
 * a3 joins the chain a4 a5 b5 (3) and b2 (1): one stone of the 5 goes,
 * and only b2 or b5 leaves the rest connected.
 */
static const char split_position[] = "    O X .\n"
				     "   X . . .\n"
				     "  . . . . O\n"
				     "   O . X O\n"
				     "    . O X\n";

TURNS_TEST(rive_removal_splits, "rive", "3")
{
	/* Refused one after another, a3 standing after the first. */
	static const struct turns_refusal refused[] = {
		{ "a3,xa5", "removal-splits",
		    "removing a5 would split the group into a3 "
		    "a4 b2 and b5: the 4 stones left must be connected" },
		{ "xa4", "removal-splits",
		    "removing a4 would split the group into a3 "
		    "b2 and a5 b5: the 4 stones left must be connected" },
		{ "xe3", "removal-not-in-group", NULL },
	};

	diagram_setup(pos, split_position, 0);
	turns_assert_legal(pos, "a3 b3 b4 c4 c5");
	turns_refuse_each(pos, refused, sizeof refused / sizeof refused[0]);
	turns_assert_legal(pos, "xb2 xb5");
	turns_play(pos, "xb5,c4");
}

/*
 * Two removals owed: d3 joins c5 d4 (2) and d1 e1 e2 (3), a path
 * c5-d4-d3-e2-e1-d1 of which 4 stones must stay.  Taking e2 first leaves
 * only 3 joined to d3, so no valid set remains: refused at once.
 */
TURNS_SETUP_TEST(rive_removal_dead_end, "rive", "3",
    "    O . O\n"
    "   . X . X\n"
    "  . O . . .\n"
    "   X . . O\n"
    "    . X O\n",
    0)
{
	turns_actions(pos, "d3");
	assert_turn_goes_on(pos, "xc5 xd1 xd4 xe1");
	turns_fail_saying(pos, "xe2", "removal-splits",
	    "removing e2 would split the group into c5 "
	    "d3 d4 and d1 e1: the 4 stones left must be connected");
	/* Written in any order: e1 first, then d1. */
	turns_actions(pos, "xe1");
	/* d1 is cut off now: only it completes the set. */
	turns_assert_legal(pos, "xd1");
	turns_actions_to(pos, "xd1", RULES_TURN_MIDDLE);
	diagram_assert(pos,
	    "    O . O\n"
	    "   . X . X\n"
	    "  . O . X .\n"
	    "   X . . O\n"
	    "    . . .\n");
}

TURNS_TEST(rive_bad_actions, "rive", "3")
{
	struct rules_action a = { .kind = RULES_MOVE };
	struct diag	    d;

	turns_fail_saying(pos, "pass", "no-pass",
	    "rive has no pass: a legal placement always "
	    "exists");
	turns_play(pos, "c3");
	turns_fail_saying(pos, "c3", "occupied", "c3 is occupied");
	turns_reject(pos, &a, "wrong-action", &d);
	a.kind = RULES_PLACE;
	a.to = 19;
	turns_reject(pos, &a, "off-board", &d);
	turns_fail_saying(
	    pos, "xc3", "removal-extra", "no removal is owed: c3 stays");
	turns_fail_saying(pos, "a3*", "not-a-capture",
	    "a3 is marked as a capture but joins no two "
	    "groups, so nothing is removed");
	turns_play(pos, "a3 c1 a5 c5 e1 e3");
	/* The `*' is fine on a merge. */
	turns_play(pos, "b3*xc3,c4");
}

START_TEST(rive_swap)
{
	struct rules_position *pos = turns_new("rive", "3");
	struct diag	       d;
	struct rules_score     s;

	turns_fail(pos, "swap", "swap-not-allowed", &d);
	turns_play(pos, "c3 swap");
	ck_assert_int_eq(rules_to_move(pos), 1);
	ck_assert_int_eq(rules_turn(pos), 3);
	rules_score(pos, &s);
	ck_assert(rules_swapped(pos));
	ck_assert_int_eq(s.points[0], 1);
	turns_fail(pos, "swap", "swap-not-allowed", &d);
	turns_play(pos, "a3");
	ck_assert_int_eq(rules_to_move(pos), 0);
	rules_position_free(pos);
	rules_position_free(turns_pie_off("rive", "3", "c3"));
}
END_TEST

/* Side 2: a3 b3 / a2 b2 c2 / b1 c1; the ring is one group of 6. */
TURNS_SETUP_TEST(rive_game_end, "rive", "2",
    "  X X\n"
    " X . O\n"
    "  O O\n",
    0)
{
	struct rules_score s;
	struct diag	   d;

	turns_assert_legal(pos, "b2");
	turns_play(pos, "b2");
	turns_assert_over(pos, &s, 0, 4, 3);
	ck_assert_int_eq(rules_stat_find(&s, "stones")->value[0], 4);
	turns_fail(pos, "b2", "game-over", &d);
}

TURNS_TEST(rive_setup, "rive", "2")
{
	struct diag d;

	diagram_refused(pos, "  X o\n . . .\n  . .\n", 0, &d);
	/* A full board is a finished game. */
	diagram_setup(pos, "  X X\n X O O\n  O O\n", 1);
	ck_assert_int_eq(rules_phase(pos), RULES_GAME_OVER);
}

/* ---- Perft (formats/rive.md) ---------------------------------------------- */

static uint64_t
oracle_perft(const struct rules_board *, const int *, int, int, int);

static bool
oracle_full(const struct rules_board *b, const int *cells)
{
	int i;

	for (i = 0; i < b->ncells; i++)
		if (cells[i] == RULES_EMPTY)
			return false;
	return true;
}

static uint64_t
oracle_turn(const struct rules_board *, const int *, int, int, int);

/* Every removal set (each once), then the rest of the turn. */
static uint64_t
oracle_sets(const struct rules_board *b, int *cells, const bool *group,
    bool *gone, int placed, int left, int from, int p, int turn, int depth)
{
	int	 child[RULES_MAX_CELLS], i;
	uint64_t total = 0;

	if (left == 0) {
		if (!oracle_connected(b, group, gone, placed))
			return 0;
		memcpy(child, cells, sizeof child);
		for (i = 0; i < b->ncells; i++)
			if (gone[i])
				child[i] = RULES_EMPTY;
		return oracle_turn(b, child, p, turn, depth);
	}
	for (i = from; i < b->ncells; i++) {
		if (!group[i] || gone[i] || i == placed)
			continue;
		gone[i] = true;
		total += oracle_sets(b, cells, group, gone, placed, left - 1,
		    i + 1, p, turn, depth);
		gone[i] = false;
	}
	return total;
}

/* The rest of a turn: a placement, its removal set, and so on. */
static uint64_t
oracle_turn(
    const struct rules_board *b, const int *cells, int p, int turn, int depth)
{
	int	 child[RULES_MAX_CELLS], e, owed;
	bool	 legal[RULES_MAX_CELLS], group[RULES_MAX_CELLS];
	bool	 gone[RULES_MAX_CELLS];
	uint64_t total = 0;

	oracle_legal(b, cells, legal);
	for (e = 0; e < b->ncells; e++) {
		if (!legal[e])
			continue;
		memcpy(child, cells, sizeof child);
		owed = oracle_place(b, child, p, e, group);
		if (owed == 0) {
			total += oracle_full(b, child) ?
			    1 :
			    oracle_perft(b, child, !p, turn + 1, depth - 1);
			continue;
		}
		memset(gone, 0, sizeof gone);
		total += oracle_sets(
		    b, child, group, gone, e, owed, 0, p, turn, depth);
	}
	return total;
}

/* Complete turns, depth deep, from a turn start; pie rule on. */
static uint64_t
oracle_perft(
    const struct rules_board *b, const int *cells, int p, int turn, int depth)
{
	return turns_pie_perft(b, cells, p, turn, depth, oracle_turn);
}

/*
 * Complete turns per ply from the empty board, a turn's removal set
 * counted once whatever the order it is written in (formats/rive.md).
 */
static const uint64_t perft2[] = { 1, 7, 31, 150, 762, 5316, 29736, 73008,
	95904, 95904, 0 };
static const uint64_t perft3[] = { 1, 19, 277, 2598, 15108, 53160, 0 };
static const uint64_t perft335[] = { 1, 29, 705, 12982, 180930, 0 };

START_TEST(rive_perft)
{
	turns_assert_perft("rive", "2", perft2);
	turns_assert_perft("rive", "3", perft3);
	turns_assert_perft("rive", NULL, perft335);
}
END_TEST

START_TEST(rive_perft_matches_oracle)
{
	static const char *const sides[] = { "2", "3", "3-3-5" };
	static const int	 depths[] = { 6, 4, 3 };

	turns_assert_perft_oracle("rive", sides[_i], depths[_i], oracle_perft);
}
END_TEST

/* ---- Random playouts against the oracle ----------------------------------- */

struct check_ctx {
	int  cells[RULES_MAX_CELLS];
	bool group[RULES_MAX_CELLS]; /* the merged group */
	bool gone[RULES_MAX_CELLS];  /* removed from it so far */
	int  placed, owed;
	int  actions;
};

/* Keeps the oracle in step with action a, about to be played on pos. */
static void
oracle_step(struct check_ctx *ctx, const struct rules_position *pos,
    const struct rules_action *a)
{
	const struct rules_board *b = &pos->board;
	int			  me = rules_to_move(pos);

	if (a->kind == RULES_PLACE) {
		ctx->owed = oracle_place(b, ctx->cells, me, a->to, ctx->group);
		ctx->placed = a->to;
		memset(ctx->gone, 0, sizeof ctx->gone);
	} else if (a->kind == RULES_REMOVE) {
		ctx->cells[a->to] = RULES_EMPTY;
		ctx->gone[a->to] = true;
		ctx->owed--;
	}
}

/*
 * Lists the legal actions of pos: none is a pass, each placement or
 * removal is of the kind the oracle (ctx) owes, a removal while removals
 * are owed and else a placement, and its cell is marked in listed[].
 * Where copy is not NULL, each action played on it is accepted.  Returns
 * how many cells are listed; *n is how many actions are.
 */
static int
list_owed(const struct rules_position *pos, const struct check_ctx *ctx,
    struct rules_position *copy, bool *listed, size_t *n)
{
	struct rules_action acts[RULES_MAX_CELLS + 2];
	size_t		    k;
	int		    nl = 0;

	*n = rules_legal(pos, acts, RULES_MAX_CELLS + 2);
	memset(listed, 0, RULES_MAX_CELLS * sizeof *listed);
	for (k = 0; k < *n; k++) {
		ck_assert_int_ne(acts[k].kind, RULES_PASS);
		if (acts[k].kind == RULES_PLACE ||
		    acts[k].kind == RULES_REMOVE) {
			ck_assert_int_eq(acts[k].kind,
			    ctx->owed > 0 ? RULES_REMOVE : RULES_PLACE);
			listed[acts[k].to] = true;
			nl++;
		}
		if (copy != NULL)
			turns_require_accepted(copy, pos, &acts[k]);
	}
	return nl;
}

static void
check_action(
    const struct rules_position *pos, const struct rules_action *a, void *arg)
{
	struct check_ctx	 *ctx = arg;
	const struct rules_board *b = &pos->board;
	struct rules_position	 *copy = rules_position_dup(pos);
	bool   listed[RULES_MAX_CELLS], legal[RULES_MAX_CELLS];
	int    i, nl;
	size_t n;

	turns_require_pieces(pos, ctx->cells);
	nl = list_owed(pos, ctx, copy, listed, &n);
	if (ctx->owed == 0) {
		/* Placements: exactly the cells with v(e) = M. */
		ck_assert_int_eq(nl, oracle_legal(b, ctx->cells, legal));
		for (i = 0; i < b->ncells; i++)
			ck_assert_int_eq(listed[i], legal[i]);
	} else {
		/*
		 * Removals: exactly the stones some valid set goes on with,
		 * checked by brute force where the sets are few.
		 */
		int    cand = 0;
		double sets = 1;

		for (i = 0; i < b->ncells; i++)
			cand += ctx->group[i] && !ctx->gone[i] &&
			    i != ctx->placed;
		for (i = 0; i < ctx->owed - 1; i++)
			sets = sets * (cand - 1 - i) / (i + 1);
		for (i = 0; i < b->ncells; i++) {
			long c;

			if (!ctx->group[i] || ctx->gone[i] ||
			    i == ctx->placed) {
				ck_assert(!listed[i]);
				continue;
			}
			if (sets > 3000)
				continue;
			ctx->gone[i] = true;
			c = oracle_completions(b, ctx->group, ctx->gone,
			    ctx->placed, ctx->owed - 1, 0, 1);
			ctx->gone[i] = false;
			ck_assert_int_eq(listed[i], c > 0);
		}
	}
	/* Unlisted cells (a sample) are rejected, the position unchanged. */
	turns_require_unlisted(copy, pos, listed, ctx->actions % 3,
	    ctx->owed > 0 ? RULES_REMOVE : RULES_PLACE);
	rules_position_free(copy);
	oracle_step(ctx, pos, a);
	ctx->actions++;
}

/*
 * One random playout of pos from its start, each action passed to check
 * with ctx, the oracle, fresh; the game must end.
 */
static void
oracle_playout(struct rules_position *pos, struct rules_rng *rng,
    void (*check)(
	const struct rules_position *, const struct rules_action *, void *),
    struct check_ctx *ctx)
{
	rules_position_reset(pos);
	memset(ctx, 0, sizeof *ctx);
	rules_playout(pos, rng, 0, check, ctx);
	ck_assert_int_eq(rules_phase(pos), RULES_GAME_OVER);
}

/* The game ends with the board full, each side scoring its stones. */
static void
check_full_and_scored(
    const struct rules_position *pos, size_t actions, void *arg)
{
	struct rules_score s;
	int		   i, stones[2] = { 0, 0 };

	(void)actions;
	(void)arg;
	for (i = 0; i < pos->board.ncells; i++) {
		ck_assert_int_ne(rules_piece(pos, i), RULES_EMPTY);
		stones[RULES_COLOUR_OF(rules_piece(pos, i))]++;
	}
	rules_score(pos, &s);
	ck_assert(s.over);
	ck_assert_int_eq(s.points[0], stones[0]);
	ck_assert_int_eq(s.points[1], stones[1]);
	ck_assert_int_eq(s.points[0] + s.points[1], pos->board.ncells);
	ck_assert_int_eq(s.winner, stones[0] > stones[1] ? 0 : 1);
}

/* Every action checked against the oracle, and the end of each game. */
static const struct turns_playouts oracle_playouts = { check_action,
	check_full_and_scored, sizeof(struct check_ctx) };

TURNS_PLAYOUTS_TEST(rive_playouts_match_oracle, "rive", 2000, &oracle_playouts,
    { "2", 1000 }, { "3", 150 }, { "3-3-5", 40 }, { "4", 6 }, { "5", 1 })

/*
 * A playout callback: while removals are owed, the stones listed are those
 * of the reference, as the rules judged them before they kept the
 * removable stones between removals (src/rules/rive.c): with c removed,
 * count afresh the standing stones of the group still joined to the placed
 * one (oracle_joined()); c may go iff at least keep (those standing less
 * those owed) are.
 */
static void
check_removals(
    const struct rules_position *pos, const struct rules_action *a, void *arg)
{
	struct check_ctx	 *ctx = arg;
	const struct rules_board *b = &pos->board;
	bool			  listed[RULES_MAX_CELLS];
	int			  i, nl, standing = 0, keep;
	size_t			  n;

	if (ctx->owed > 0) {
		/* Every action listed is a removal. */
		nl = list_owed(pos, ctx, NULL, listed, &n);
		ck_assert_int_eq(nl, n);
		for (i = 0; i < b->ncells; i++)
			standing += ctx->group[i] && !ctx->gone[i];
		keep = standing - ctx->owed;
		for (i = 0; i < b->ncells; i++)
			ck_assert_int_eq(listed[i],
			    ctx->group[i] && !ctx->gone[i] &&
				i != ctx->placed &&
				oracle_joined(b, ctx->group, ctx->gone,
				    ctx->placed, i) >= keep);
		ctx->actions++;
	}
	oracle_step(ctx, pos, a);
}

/*
 * The removable stones kept between removals match the reference after
 * every removal of many seeded playouts, on boards whose merges are big
 * and on one whose cell sets span four words.
 */
START_TEST(rive_removals_match_reference)
{
	static const char *const sides[] = { "3-3-5", "5", "7", "9" };
	static const int	 games[] = { 300, 60, 10, 3 };
	struct rules_position	*pos = turns_new("rive", sides[_i]);
	struct check_ctx	 ctx;
	struct rules_rng	 rng;
	int			 g, checked = 0;

	rules_rng_seed(&rng, 5000 + (uint64_t)_i);
	for (g = 0; g < games[_i]; g++) {
		oracle_playout(pos, &rng, check_removals, &ctx);
		checked += ctx.actions;
	}
	/* The loop saw removals to check. */
	ck_assert_int_gt(checked, games[_i]);
	rules_position_free(pos);
}
END_TEST

/* The game ends with the board full. */
static void
check_full(const struct rules_position *pos, size_t actions, void *arg)
{
	int i;

	(void)actions;
	(void)arg;
	for (i = 0; i < pos->board.ncells; i++)
		ck_assert_int_ne(rules_piece(pos, i), RULES_EMPTY);
}

/* Many quick games, no action checked, the end of each checked. */
static const struct turns_playouts quick_playouts = { NULL, check_full, 0 };

TURNS_PLAYOUTS_TEST(rive_playouts_many, "rive", 99, &quick_playouts,
    { "2", 5000 }, { "3-3-5", 300 }, { "5", 10 }, { "7", 1 })

/*
 * The legal actions are kept in the state (src/rules/rive.c): checked
 * after every action of many random playouts (turns_check_kept).
 */
START_TEST(rive_incremental_matches_fresh)
{
	static const char *const sides[] = { "2", "3", "3-3-5", "4", "6", "9",
		"12" };
	static const int	 games[] = { 400, 120, 80, 40, 8, 2, 1 };

	turns_assert_kept("rive", sides[_i], games[_i], 700 + (uint64_t)_i);
}
END_TEST

/*
 * A position set up and then played goes on as the game that reached it:
 * what the state keeps for the next placements (each group's neighbours
 * on a board of one word) is built by rules_setup() too.  Each turn is
 * started afresh from the pieces, played on both, and the legal actions
 * compared before every action (a swap, which a set-up position has not,
 * leaves the turn unchecked).
 */
struct setup_ctx {
	struct rules_position *fresh;
	bool		       same; /* fresh is in step with pos */
	int		       checked;
};

static void
play_set_up_too(
    const struct rules_position *pos, const struct rules_action *a, void *arg)
{
	struct setup_ctx   *ctx = arg;
	struct rules_action inc[RULES_MAX_CELLS + 2], ref[RULES_MAX_CELLS + 2];
	struct diag	    d;
	int		    pieces[RULES_MAX_CELLS], i;
	size_t		    n, nref, k, j = 0;

	if (ctx->same) {
		n = rules_legal(pos, inc, RULES_MAX_CELLS + 2);
		nref = rules_legal(ctx->fresh, ref, RULES_MAX_CELLS + 2);
		for (k = 0; k < n; k++) {
			if (inc[k].kind == RULES_SWAP)
				continue;
			ck_assert_uint_lt(j, nref);
			ck_assert_int_eq(inc[k].kind, ref[j].kind);
			ck_assert_int_eq(inc[k].to, ref[j].to);
			j++;
		}
		ck_assert_uint_eq(j, nref);
		ctx->checked++;
	}
	if (rules_phase(pos) == RULES_TURN_START) {
		for (i = 0; i < pos->board.ncells; i++)
			pieces[i] = rules_piece(pos, i);
		ck_assert_int_eq(
		    rules_setup(ctx->fresh, pieces, rules_to_move(pos), &d), 0);
		ctx->same = true;
	}
	if (a->kind == RULES_SWAP || !ctx->same) {
		ctx->same = false;
		return;
	}
	ck_assert_int_eq(rules_play(ctx->fresh, a, &d), 0);
}

START_TEST(rive_setup_plays_on)
{
	static const char *const sides[] = { "3", "3-3-5", "5", "6" };
	static const int	 games[] = { 60, 40, 20, 4 };
	struct rules_position	*pos = turns_new("rive", sides[_i]);
	struct setup_ctx ctx = { turns_new("rive", sides[_i]), false, 0 };
	struct rules_rng rng;
	int		 g;

	rules_rng_seed(&rng, 9000 + (uint64_t)_i);
	for (g = 0; g < games[_i]; g++) {
		rules_position_reset(pos);
		ctx.same = false;
		rules_playout(pos, &rng, 0, play_set_up_too, &ctx);
		ck_assert_int_eq(rules_phase(pos), RULES_GAME_OVER);
	}
	ck_assert_int_gt(ctx.checked, games[_i]);
	rules_position_free(ctx.fresh);
	rules_position_free(pos);
}
END_TEST

UNIT_MAIN("rive",
    unit_tcase("rules", 0, rive_boards, rive_case_empty_and_c3,
	rive_case_turn8_captures, rive_case_removal_sets, rive_removal_splits,
	rive_removal_dead_end, rive_bad_actions, rive_swap, rive_game_end,
	rive_setup, NULL),
    unit_loops(unit_tcase("perft", 120, rive_perft, NULL),
	rive_perft_matches_oracle, 0, 3, NULL),
    unit_loops(unit_tcase("playouts", 300, NULL), rive_playouts_match_oracle, 0,
	5, rive_playouts_many, 0, 4, rive_removals_match_reference, 0, 4,
	rive_incremental_matches_fresh, 0, 7, rive_setup_plays_on, 0, 4, NULL))
