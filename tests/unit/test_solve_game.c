/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the generic exact solver (src/solve/game.c): its values
 * against a naive minimax (expectimax over all 36 ordered rolls in Herd)
 * written here over rules_legal and rules_play, with no table, no pruning
 * and no removal-order trick, on positions reached by random play on
 * small boards of Oust, Rive, Herd and Reversi; the best turn and the all
 * mode agreeing with the value; the rules.md cases; the budget's honest
 * "unknown"; a finished game.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "solve/game.h"
#include "unit.h"

static struct rules_position *
position(const char *game, const char *spec)
{
	struct rules_position *pos;
	struct diag	       d;

	pos = rules_position_new(rules_game_find(game), spec, NULL, &d);
	ck_assert_msg(pos != NULL, "%s %s: %s", game, spec, d.msg);
	return pos;
}

/* The final points difference for the colour to move. */
static int
naive_final(const struct rules_position *pos)
{
	struct rules_score s;
	int		   c = rules_to_move(pos);

	rules_score(pos, &s);
	return s.alt[c] - s.alt[1 - c];
}

/*
 * The turn starts on the naive search's path, whole: pieces, colour to
 * move, the turn while it matters.  A line that comes back to one is
 * endless (the solver says "repetition").
 */
#define NAIVE_DEPTH 512
static int  naive_path[NAIVE_DEPTH][RULES_MAX_CELLS + 2];
static int  naive_depth;
static bool naive_endless;

static bool
naive_enter(const struct rules_position *pos)
{
	int *p = naive_path[naive_depth], i, k;

	if (naive_depth == NAIVE_DEPTH)
		ck_abort_msg("the naive search is too deep");
	for (i = 0; i < pos->board.ncells; i++)
		p[i] = rules_piece(pos, i);
	p[i] = rules_to_move(pos);
	p[i + 1] = rules_turn(pos) <= 2 ? rules_turn(pos) : 0;
	for (k = 0; k < naive_depth; k++)
		if (memcmp(naive_path[k], p, (size_t)(i + 2) * sizeof *p) ==
		    0) {
			naive_endless = true;
			return false;
		}
	naive_depth++;
	return true;
}

/* Plain minimax for the colour to move. */
static int
naive(const struct rules_position *pos)
{
	struct rules_action    acts[512];
	struct rules_position *child;
	size_t		       n, i;
	int		       best = -1000000, v;
	bool		       start = rules_phase(pos) == RULES_TURN_START;

	if (rules_phase(pos) == RULES_GAME_OVER)
		return naive_final(pos);
	if (naive_endless || (start && !naive_enter(pos)))
		return 0;
	/* Plain checks in the loops: a Check assertion costs a write. */
	if ((n = rules_legal(pos, acts, 512)) > 512)
		ck_abort_msg("%zu legal actions", n);
	if (n > 0 && acts[0].kind == RULES_DICE)
		naive_endless = true;
	for (i = 0; i < n && !naive_endless; i++) {
		child = rules_position_dup(pos);
		if (rules_play(child, &acts[i], NULL) != 0)
			ck_abort_msg("a legal action refused");
		v = naive(child);
		if (rules_to_move(child) != rules_to_move(pos))
			v = -v;
		rules_position_free(child);
		if (v > best)
			best = v;
	}
	naive_depth -= start;
	return best;
}

/*
 * Plays random actions until at most `left' empty cells remain at a
 * moment of phase `at' (a turn start, or a turn in its middle), or the
 * game is over.
 */
static void
play_down(struct rules_position *pos, struct rules_rng *rng, int left,
    enum rules_phase at)
{
	struct rules_action acts[512];
	size_t		    n;
	int		    i, empty;

	for (;;) {
		for (empty = 0, i = 0; i < pos->board.ncells; i++)
			empty += rules_piece(pos, i) == RULES_EMPTY;
		if (rules_phase(pos) == RULES_GAME_OVER ||
		    (empty <= left && rules_phase(pos) == at))
			return;
		n = rules_legal(pos, acts, 512);
		if (rules_play(pos, &acts[rules_rng_below(rng, n)], NULL) != 0)
			ck_abort_msg("a legal action refused");
	}
}

/* The solver's value of pos against the naive one, and its turn. */
static void
check_position(
    const struct rules_position *pos, const char *what, int k, int *endless)
{
	struct solve_options	 o = { .all = true };
	struct solve_game_result r;
	struct rules_position	*after;
	struct diag		 d;
	size_t			 i;
	int			 rc, want, best = -1000000;

	naive_endless = false;
	naive_depth = 0;
	want = naive(pos);
	rc = solve_game(pos, &o, 1 << 20, &r, &d);
	if (rc == 1) {
		/* Only a line the naive search finds endless too. */
		ck_assert_msg(strcmp(r.why, "repetition") == 0 ||
			strcmp(r.why, "dice") == 0,
		    "%s #%d: %s", what, k, r.why);
		ck_assert_msg(naive_endless, "%s #%d: %s?", what, k, r.why);
		solve_game_result_free(&r);
		(*endless)++;
		return;
	}
	ck_assert_int_eq(rc, 0);
	if (naive_endless) {
		/* The solver's pruning may skip an endless line: no verdict. */
		solve_game_result_free(&r);
		(*endless)++;
		return;
	}
	ck_assert_msg(r.value == want, "%s #%d: value %d, naive %d", what, k,
	    r.value, want);
	ck_assert_int_eq(r.colour, rules_to_move(pos));
	for (i = 0; i < r.nmoves; i++) {
		ck_assert(r.moves[i].exact);
		if (r.moves[i].value > best)
			best = r.moves[i].value;
	}
	if (!r.over)
		ck_assert_msg(best == want, "%s #%d: best of all %d, naive %d",
		    what, k, best, want);
	/* The best turn keeps the value: solve where it leads. */
	if (r.nbest > 0) {
		struct solve_game_result q;
		int			 v;

		after = rules_position_dup(pos);
		for (i = 0; i < r.nbest; i++)
			ck_assert_int_eq(
			    rules_play(after, &r.best[i], NULL), 0);
		ck_assert(!rules_mid_turn(after) ||
		    rules_to_move(after) != rules_to_move(pos));
		o.all = false;
		ck_assert_int_eq(solve_game(after, &o, 1 << 20, &q, &d), 0);
		v = rules_to_move(after) == rules_to_move(pos) ? q.value :
								 -q.value;
		ck_assert_msg(v == want,
		    "%s #%d: the best turn leads to %d, "
		    "not %d",
		    what, k, v, want);
		solve_game_result_free(&q);
		rules_position_free(after);
	}
	solve_game_result_free(&r);
}

static void
check_random(const char *game, const char *spec, int left, enum rules_phase at,
    int count, uint64_t seed)
{
	struct rules_rng rng;
	int		 k, endless = 0;

	rules_rng_seed(&rng, seed);
	for (k = 0; k < count; k++) {
		struct rules_position *pos = position(game, spec);

		play_down(pos, &rng, left, at);
		check_position(pos, game, k, &endless);
		rules_position_free(pos);
	}
	/* Most positions must be compared, not passed over as endless. */
	ck_assert_msg(endless <= count / 2, "%s %s: %d of %d endless", game,
	    spec, endless, count);
}

/*
 * The positions compared with the naive search: count random positions of
 * game on spec, played down to at most `left' empty cells, at a turn's
 * start or, for Herd after its roll, in its middle, near the end: within
 * the turn the game can end; a line that reaches the next roll is refused
 * ("dice"), by the naive search too.  One loop test per row.
 */
static const struct naive_row {
	const char	*game, *spec;
	int		 left;
	enum rules_phase at;
	int		 count;
	uint64_t	 seed;
} naive_rows[] = {
	{ "oust", "2", 7, RULES_TURN_START, 30, 1 },
	{ "oust", "3", 8, RULES_TURN_START, 30, 2 },
	{ "rive", "2", 6, RULES_TURN_START, 15, 3 },
	{ "rive", "3", 4, RULES_TURN_START, 10, 4 },
	{ "reversi", "4x4", 12, RULES_TURN_START, 1, 5 },
	{ "reversi", "4x4", 8, RULES_TURN_START, 40, 6 },
	{ "reversi", "6x6", 7, RULES_TURN_START, 30, 7 },
	{ "herd", "2", 1, RULES_TURN_MIDDLE, 40, 8 },
	{ "herd", "3", 1, RULES_TURN_MIDDLE, 6, 9 },
};

START_TEST(test_naive)
{
	const struct naive_row *r = &naive_rows[_i];

	check_random(r->game, r->spec, r->left, r->at, r->count, r->seed);
}
END_TEST

/* Herd before its roll: no value, "dice". */
START_TEST(test_herd_roll)
{
	struct rules_position	*pos = position("herd", "2");
	struct solve_options	 o = { 0 };
	struct solve_game_result r;
	struct diag		 d;

	ck_assert_int_eq(solve_game(pos, &o, 0, &r, &d), 1);
	ck_assert_str_eq(r.why, "dice");
	solve_game_result_free(&r);
	rules_position_free(pos);
}
END_TEST

/* rules.md §2: after c3 d3 (side 3) Black captures d3 and wins at once. */
START_TEST(test_oust_case)
{
	struct rules_position	*pos = position("oust", "3");
	struct solve_options	 o = { 0 };
	struct solve_game_result r;
	struct rules_action	 a = { .kind = RULES_PLACE };
	struct diag		 d;

	a.to = (int16_t)rules_cell_parse(&pos->board, "c3", 2);
	ck_assert_int_eq(rules_play(pos, &a, NULL), 0);
	a.to = (int16_t)rules_cell_parse(&pos->board, "d3", 2);
	ck_assert_int_eq(rules_play(pos, &a, NULL), 0);
	ck_assert_int_eq(solve_game(pos, &o, 0, &r, &d), 0);
	ck_assert_int_eq(r.value, 1);
	ck_assert_uint_eq(r.nbest, 1);
	ck_assert(rules_play(pos, &r.best[0], NULL) == 0);
	ck_assert(rules_phase(pos) == RULES_GAME_OVER);
	solve_game_result_free(&r);
	rules_position_free(pos);
}
END_TEST

/* A budget that runs out is unknown, and says which budget. */
START_TEST(test_budget)
{
	struct rules_position	*pos = position("rive", "3");
	struct solve_options	 o = { .max_nodes = 2000 };
	struct solve_game_result r;
	struct diag		 d;

	ck_assert_int_eq(solve_game(pos, &o, 0, &r, &d), 1);
	ck_assert(r.status == SOLVE_UNKNOWN);
	ck_assert_str_eq(r.why, "nodes");
	ck_assert_uint_eq(r.nbest, 0);
	ck_assert_uint_ge(r.nodes, 2000);
	solve_game_result_free(&r);
	rules_position_free(pos);
}
END_TEST

/* A finished game's value is its final score, with no turn. */
START_TEST(test_over)
{
	struct rules_position	*pos = position("oust", "2");
	struct rules_rng	 rng;
	struct solve_options	 o = { 0 };
	struct solve_game_result r;
	struct diag		 d;

	rules_rng_seed(&rng, 10);
	play_down(pos, &rng, -1, RULES_TURN_START);
	ck_assert(rules_phase(pos) == RULES_GAME_OVER);
	ck_assert_int_eq(solve_game(pos, &o, 0, &r, &d), 0);
	ck_assert(r.over);
	ck_assert_uint_eq(r.nbest, 0);
	ck_assert_int_eq(r.value, naive_final(pos));
	solve_game_result_free(&r);
	rules_position_free(pos);
}
END_TEST

/*
 * About 30 s under AddressSanitizer at -O0 on an idle core: a loop test
 * its own 300 s, to hold on a loaded machine.
 */
UNIT_MAIN("solve game",
    unit_loops(unit_tcase("naive", 300, NULL), test_naive, 0,
	(int)(sizeof naive_rows / sizeof naive_rows[0]), NULL),
    unit_tcase("cases", 0, test_oust_case, test_herd_roll, test_budget,
	test_over, NULL))
