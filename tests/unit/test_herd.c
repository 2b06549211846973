/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of Herd (rules.md §0, §4) and of the documented dice
 * generator (formats/rng.md): every clause with positions as hex
 * diagrams (top row first, X Black, O White), a test for every diagnostic
 * code, and seeded random playouts checked against a naive oracle.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "diagram.h"
#include "turns.h"
#include "unit.h"

#define BLACK 0
#define WHITE 1

/* ---- The board and the start (rules.md §0, §4) -------------------- */

START_TEST(herd_registered)
{
	const struct rules_game *g = rules_game_find("herd");

	ck_assert_ptr_eq(g, &rules_herd);
	ck_assert_ptr_eq(rules_game_find("Herd"), &rules_herd);
	ck_assert_str_eq(g->colour[0], "black");
	ck_assert_str_eq(g->colour[1], "white");
	ck_assert_str_eq(g->default_board, "5");
}
END_TEST

START_TEST(herd_board_specs)
{
	static const int cells[] = { 0, 0, 7, 19, 37, 61, 91, 127, 169 };
	static const char *const bad[] = { "13", "1", "5x5", "", "3-3-5",
		NULL };
	struct rules_position	*pos;
	char			 spec[8];
	int			 n;

	turns_assert_default_board("herd", "5", 61);
	for (n = 2; n <= 12; n++) {
		snprintf(spec, sizeof spec, "%d", n);
		pos = turns_new("herd", spec);
		if (n <= 8)
			ck_assert_int_eq(pos->board.ncells, cells[n]);
		ck_assert_int_eq(pos->board.ncells, 3 * n * (n - 1) + 1);
		rules_position_free(pos);
	}
	turns_assert_bad_boards(&rules_herd, bad);
	turns_assert_board_spellings(&rules_herd, "5");
}
END_TEST

TURNS_TEST(herd_start_lists_all_rolls, "herd", "3")
{
	turns_assert_at(pos, RULES_TURN_START, BLACK,
	    "    . . .    "
	    "   . . . .   "
	    "  . . . . .  "
	    "   . . . .   "
	    "    . . .    ");
	/* All 36 ordered rolls, so that a uniform pick is a fair roll. */
	turns_assert_listed(pos,
	    "11: 12: 13: 14: 15: 16: 21: 22: 23: 24: 25: 26: "
	    "31: 32: 33: 34: 35: 36: 41: 42: 43: 44: 45: 46: "
	    "51: 52: 53: 54: 55: 56: 61: 62: 63: 64: 65: 66:");
}

/* ---- A turn (rules.md §4) ----------------------------------------- */

TURNS_TEST(herd_first_turn_places_lo_without_removal, "herd", "3")
{
	turns_actions_to(pos, "53:", RULES_TURN_MIDDLE);
	ck_assert(rules_mid_turn(pos));
	ck_assert_int_eq(rules_to_move(pos), BLACK);
	/* No removal on Black's first turn; every cell is open. */
	turns_assert_listed(pos,
	    "c1 d1 e1 b2 c2 d2 e2 a3 b3 c3 d3 e3 "
	    "a4 b4 c4 d4 a5 b5 c5");
	turns_actions_to(pos, "c3 d3", RULES_TURN_MIDDLE);
	turns_actions(pos, "e3");
	/* lo = 3 placed: White's turn. */
	ck_assert(!rules_mid_turn(pos));
	ck_assert_int_eq(rules_turn(pos), 2);
	turns_assert_at(pos, RULES_TURN_START, WHITE,
	    "    . . .    "
	    "   . . . .   "
	    "  . . X X X  "
	    "   . . . .   "
	    "    . . .    ");
}

TURNS_TEST(herd_remove_lo_then_place_hi, "herd", "3")
{
	turns_actions(pos, "22:c3,d3");
	/* White: min(lo = 2, 2 black stones) removals, then hi = 6. */
	turns_actions_to(pos, "62:", RULES_TURN_MIDDLE);
	turns_assert_listed(pos, "xc3 xd3");
	turns_actions_to(pos, "xd3", RULES_TURN_MIDDLE);
	turns_actions(pos, "xc3");
	ck_assert_int_eq(diagram_stones(pos, BLACK), 0);
	turns_actions_to(pos, "a3 a4 a5 b5 c5", RULES_TURN_MIDDLE);
	ck_assert_int_eq(rules_to_move(pos), WHITE);
	turns_actions(pos, "e1");
	turns_assert_at(pos, RULES_TURN_START, BLACK,
	    "    O O O    "
	    "   O . . .   "
	    "  O . . . .  "
	    "   . . . .   "
	    "    . . O    ");
	/* Black now removes min(lo, 6): any white stones, anywhere. */
	turns_actions(pos, "13:");
	turns_assert_listed(pos, "xe1 xa3 xa4 xa5 xb5 xc5");
	turns_actions(pos, "xb5 c3 d3 e3");
	ck_assert_int_eq(rules_to_move(pos), WHITE);
	ck_assert_int_eq(diagram_stones(pos, BLACK), 3);
	ck_assert_int_eq(diagram_stones(pos, WHITE), 5);
}

TURNS_SETUP_TEST(herd_removal_capped_by_enemy_stones, "herd", "3",
    "    . . .    "
    "   . X . .   "
    "  . . X X .  "
    "   . . . .   "
    "    . . O    ",
    BLACK)
{
	struct diag d;

	/* lo = 4 but White has one stone: exactly one removal. */
	turns_actions(pos, "54:");
	turns_assert_listed(pos, "xe1");
	turns_actions(pos, "xe1");
	ck_assert_int_eq(diagram_stones(pos, WHITE), 0);
	ck_assert_int_eq(rules_phase(pos), RULES_TURN_MIDDLE);
	turns_fail(pos, "xc3", "too-many-removals", &d);
	turns_actions_to(pos, "a3 a4 a5 b5 c5", RULES_TURN_START);
	ck_assert_int_eq(diagram_stones(pos, BLACK), 8);
}

/* White has no stone: min(lo, 0) = 0 removals, placements at once. */
TURNS_SETUP_TEST(herd_no_enemy_stones_no_removal, "herd", "3",
    "    . . .    "
    "   . X . .   "
    "  . . . . .  "
    "   . . . .   "
    "    . . .    ",
    BLACK)
{
	turns_actions_to(pos, "43:", RULES_TURN_MIDDLE);
	turns_assert_listed(pos,
	    "c1 d1 e1 b2 c2 d2 e2 a3 b3 c3 d3 e3 "
	    "a4 c4 d4 a5 b5 c5");
	turns_fail_saying(
	    pos, "xb4", "too-many-removals", "white has no stone to remove");
	turns_actions(pos, "c1 d1 e1 e2");
	ck_assert_int_eq(rules_to_move(pos), WHITE);
}

/* a5's neighbours b5 a4 b4 are all White: forbidden to Black. */
TURNS_SETUP_TEST(herd_forbidden_cell, "herd", "3",
    "    . O .    "
    "   O O . .   "
    "  . . X . .  "
    "   . . . .   "
    "    . . O    ",
    BLACK)
{
	turns_actions(pos, "11:xe1");
	turns_assert_listed(pos, "c1 d1 e1 b2 c2 d2 e2 a3 b3 d3 e3 c4 d4 c5");
	turns_fail_saying(pos, "a5", "forbidden-cell",
	    "a5 is forbidden: all its neighbours are white stones");
	/* White may play there: its own neighbours. */
	turns_actions(pos, "c5");
	turns_actions(pos, "11:xc5 a5");
	ck_assert_int_eq(turns_piece(pos, "a5"), RULES_PIECE(WHITE));
}

TURNS_SETUP_TEST(herd_capture_adds_to_quota, "herd", "3",
    "    O X .    "
    "   X . . .   "
    "  . . . . .  "
    "   . . . .   "
    "    . . O    ",
    BLACK)
{
	struct rules_score s;

	/* hi = 2; b4 surrounds a5 (b5 a4 b4 Black): captured, quota 2. */
	turns_actions(pos, "12:xe1,b4");
	ck_assert_int_eq(turns_piece(pos, "a5"), RULES_EMPTY);
	ck_assert_int_eq(rules_phase(pos), RULES_TURN_MIDDLE);
	/* The freed cell is open to the captor. */
	turns_actions_to(pos, "a5", RULES_TURN_MIDDLE);
	turns_actions(pos, "c3");
	turns_assert_at(pos, RULES_TURN_START, WHITE,
	    "    X X .    "
	    "   X X . .   "
	    "  . . X . .  "
	    "   . . . .   "
	    "    . . .    ");
	rules_score(pos, &s);
	ck_assert(!s.over);
	ck_assert_int_eq(rules_stat_find(&s, "captured")->value[BLACK], 1);
	ck_assert_int_eq(rules_stat_find(&s, "removed")->value[BLACK], 1);
	ck_assert_int_eq(rules_stat_find(&s, "stones")->value[BLACK], 5);
	ck_assert_int_eq(rules_stat_find(&s, "stones")->value[WHITE], 0);
}

TURNS_SETUP_TEST(herd_double_capture, "herd", "3",
    "    O . O    "
    "   X X X X   "
    "  . . . . .  "
    "   . . . .   "
    "    O . .    ",
    BLACK)
{
	struct rules_action a = { .kind = RULES_PLACE, .capture = 1 };
	struct diag	    d;

	turns_actions(pos, "11:xc1");
	/* b5 surrounds both a5 and c5: two captures, quota 1 - 1 + 2. */
	a.to = (int16_t)turns_cell(pos, "b5");
	ck_assert_int_eq(rules_play(pos, &a, &d), 0);
	ck_assert_int_eq(diagram_stones(pos, WHITE), 0);
	ck_assert_int_eq(rules_phase(pos), RULES_TURN_MIDDLE);
	turns_actions_to(pos, "a5", RULES_TURN_MIDDLE);
	turns_actions_to(pos, "c5", RULES_TURN_START);
}

/* a4 keeps the empty a3 (and b3): no capture at b4. */
TURNS_SETUP_TEST(herd_capture_only_when_surrounded, "herd", "3",
    "    X . .    "
    "   O . . .   "
    "  . X . . .  "
    "   . . . .   "
    "    . . O    ",
    BLACK)
{
	turns_actions(pos, "11:xe1,b4");
	ck_assert_int_eq(turns_piece(pos, "a4"), RULES_PIECE(WHITE));
	ck_assert_int_eq(rules_phase(pos), RULES_TURN_START);
	/* White takes b4 back: a5 and b3 keep empty neighbours. */
	turns_actions(pos, "11:xb4,b4");
	ck_assert_int_eq(diagram_stones(pos, WHITE), 2);
}

/*
 * After xe1 both empty cells, a5 and e1, are walled in by White (as
 * is Black's pair: a lone stone walled in cannot arise).
 */
TURNS_SETUP_TEST(herd_turn_ends_when_no_cell_is_left, "herd", "3",
    "    . O O    "
    "   O O O O   "
    "  O O X X O  "
    "   O O O O   "
    "    O O O    ",
    BLACK)
{
	turns_actions_to(pos, "13:", RULES_TURN_MIDDLE);
	turns_actions(pos, "xe1");
	/* Three placements lost; White's turn, turn counter moved on. */
	ck_assert_int_eq(rules_phase(pos), RULES_TURN_START);
	ck_assert_int_eq(rules_to_move(pos), WHITE);
	ck_assert_int_eq(rules_turn(pos), 2);
	turns_actions(pos, "55:xc3");
	turns_actions(pos, "xd3");
	turns_assert_listed(pos, "e1 c3 d3 a5");
	turns_actions(pos, "c3 e1 d3");
	/* a5 remains: the board fills and the game is over. */
	ck_assert_int_eq(rules_phase(pos), RULES_TURN_MIDDLE);
	turns_actions_to(pos, "a5", RULES_GAME_OVER);
}

/*
 * formats/herd.md: captures come before the full-board check.  b2
 * fills the last cell but captures a3, so the board is not full and
 * the capture's extra placement follows.
 */
TURNS_SETUP_TEST(herd_capture_on_the_last_cell_goes_on, "herd", "2",
    "  O X  "
    " X . X "
    "  X O  ",
    BLACK)
{
	struct rules_score s;

	turns_actions_to(pos, "12:xc1,c1,b2", RULES_TURN_MIDDLE);
	ck_assert_int_eq(turns_piece(pos, "a3"), RULES_EMPTY);
	turns_actions_to(pos, "a3", RULES_GAME_OVER);
	rules_score(pos, &s);
	ck_assert_int_eq(s.points[BLACK], 7);
	ck_assert_int_eq(s.winner, BLACK);
}

/* Side 2: a3 b3 / a2 b2 c2 / b1 c1. */
TURNS_SETUP_TEST(herd_game_ends_on_full_board, "herd", "2",
    "  X O  "
    " O . O "
    "  O O  ",
    BLACK)
{
	struct rules_score s;

	turns_actions_to(pos, "13:xa2,b2", RULES_TURN_MIDDLE);
	rules_score(pos, &s);
	ck_assert(!s.over);
	ck_assert_int_eq(s.winner, -1);
	/* Full after the second of three placements: over at once. */
	turns_actions(pos, "a2");
	turns_assert_over(pos, &s, WHITE, 3, 4);
	ck_assert_uint_eq(rules_legal(pos, NULL, 0), 0);
	ck_assert_int_eq(rules_stat_find(&s, "removed")->value[BLACK], 1);
	ck_assert_int_eq(rules_stat_find(&s, "removed")->value[WHITE], 0);
	ck_assert_int_eq(rules_stat_find(&s, "captured")->value[BLACK], 0);
}

TURNS_TEST(herd_stopping_early_is_not_a_turn_end, "herd", "3")
{
	turns_actions(pos, "66:a5 b5 c5 d4 c4");
	/* A placement is still owed and possible: the turn goes on. */
	ck_assert_int_eq(rules_phase(pos), RULES_TURN_MIDDLE);
	ck_assert_int_eq(rules_to_move(pos), BLACK);
	ck_assert_int_eq(rules_turn(pos), 1);
}

/* What rules.md §4 makes certain of every position a game reaches. */
TURNS_TEST(herd_setup_refuses_the_unreachable, "herd", "3")
{
	struct diag d;

	/*
	 * c1's neighbours are all Black: White could not place there, and
	 * Black's placement that closed it in would have captured it.
	 */
	ck_assert_str_eq(diagram_refused(pos,
			     "    . . .    "
			     "   . . . .   "
			     "  . . . . .  "
			     "   X X . .   "
			     "    O X .    ",
			     WHITE, &d),
	    "the white stone at c1 has only black neighbours: no placement "
	    "leaves a stone there");
	ck_assert_str_eq(diagram_refused(pos,
			     "    . . .    "
			     "   . O O .   "
			     "  . O X O .  "
			     "   . O O .   "
			     "    . . .    ",
			     BLACK, &d),
	    "the black stone at c3 has only white neighbours: no placement "
	    "leaves a stone there");
	/* One empty neighbour is enough. */
	diagram_setup(pos,
	    "    . . .    "
	    "   . O O .   "
	    "  . O X O .  "
	    "   . O . .   "
	    "    . . .    ",
	    BLACK);
	/* Every turn after Black's first ends with a stone on the board. */
	ck_assert_str_eq(diagram_refused(pos,
			     "    . . .    "
			     "   . . . .   "
			     "  . . . . .  "
			     "   . . . .   "
			     "    . . .    ",
			     WHITE, &d),
	    "an empty board is the start of the game, with black to move");
}

/* An empty board with Black to move is the start: no removal. */
TURNS_SETUP_TEST(herd_setup_and_pieces, "herd", "3",
    "    . . .    "
    "   . . . .   "
    "  . . . . .  "
    "   . . . .   "
    "    . . .    ",
    BLACK)
{
	struct diag d;
	int	    pieces[RULES_MAX_CELLS] = { 0 };

	turns_actions(pos, "12:c3");
	ck_assert_int_eq(rules_to_move(pos), WHITE);
	/* A full board is a finished game. */
	diagram_setup(pos,
	    "    X X X    "
	    "   X X X X   "
	    "  X X O O O  "
	    "   O O O O   "
	    "    O O O    ",
	    WHITE);
	ck_assert_int_eq(rules_phase(pos), RULES_GAME_OVER);
	/* Herd has no pinned stones. */
	pieces[0] = RULES_PIECE(BLACK) | RULES_PINNED;
	ck_assert_int_eq(rules_setup(pos, pieces, BLACK, &d), -1);
	ck_assert_str_eq(diag_name(d.code), "bad-setup");
}

/* ---- Diagnostics: one test per code ------------------------------- */

TURNS_TEST(herd_diagnostics, "herd", "3")
{
	struct rules_action a;
	struct diag	    d;

	turns_fail_saying(pos, "c3", "dice-missing",
	    "black must roll the dice before placing");
	turns_fail_saying(pos, "xc3", "dice-missing",
	    "black must roll the dice before removing");
	turns_fail_saying(
	    pos, "70:", "dice-out-of-range", "a die shows 1 to 6, not 7");
	turns_fail_saying(
	    pos, "30:", "dice-out-of-range", "a die shows 1 to 6, not 0");
	memset(&a, 0, sizeof a);
	a.kind = RULES_MOVE;
	turns_reject(pos, &a, "wrong-action", &d);
	a.kind = RULES_PASS;
	turns_reject(pos, &a, "wrong-action", &d);
	ck_assert_str_eq(d.msg,
	    "a herd turn is a roll of the dice, removals, then placements");
	a.kind = RULES_SWAP;
	turns_reject(pos, &a, "wrong-action", &d);

	turns_actions(pos, "35:");
	turns_fail_saying(pos, "12:", "dice-already-rolled",
	    "black has already rolled 3 and 5 this turn");
	turns_fail_saying(pos, "xc3", "too-many-removals",
	    "black removes no stone on the first turn of the game");
	a.kind = RULES_PLACE;
	a.to = -1;
	turns_reject(pos, &a, "off-board", &d);
	a.to = (int16_t)pos->board.ncells;
	turns_reject(pos, &a, "off-board", &d);
	ck_assert_str_eq(d.msg, "no such cell");
	turns_actions(pos, "c3 d3");
	turns_fail_saying(pos, "c3", "occupied", "c3 is occupied");
	turns_actions(pos, "e3");

	/* White owes min(2, 3) = 2 removals. */
	turns_actions(pos, "42:");
	turns_fail_saying(pos, "a5", "too-few-removals",
	    "white must remove 2 more black stones before placing");
	turns_fail_saying(pos, "xa5", "remove-empty",
	    "a5 is empty: there is no stone to remove");
	turns_actions(pos, "xc3");
	turns_fail_saying(pos, "a5", "too-few-removals",
	    "white must remove 1 more black stone before placing");
	turns_actions(pos, "xd3");
	turns_fail_saying(pos, "xe3", "too-many-removals",
	    "white has already removed the 2 black stones the dice call for");
	turns_actions(pos, "a5 b5 c5 c4");
	ck_assert_int_eq(rules_to_move(pos), BLACK);
	turns_actions(pos, "11:");
	turns_fail_saying(pos, "xe3", "remove-own-stone",
	    "e3 is black's own stone: black removes white stones");
	turns_actions(pos, "xc4");
	/* a5 b5 c5 and b4: b4 is not surrounded, nor marked right. */
	a.kind = RULES_PLACE;
	a.capture = 1;
	a.to = (int16_t)turns_cell(pos, "b4");
	turns_reject(pos, &a, "not-a-capture", &d);
	ck_assert_str_eq(
	    d.msg, "b4 is marked as a capture but captures nothing");
}

TURNS_SETUP_TEST(herd_game_over_rejects, "herd", "2",
    "  X O  "
    " O X O "
    "  O O  ",
    BLACK)
{
	struct diag	    d;
	struct rules_action a = { .kind = RULES_DICE, .from = 1, .to = 1 };

	ck_assert_int_eq(rules_phase(pos), RULES_GAME_OVER);
	turns_reject(pos, &a, "game-over", &d);
}

/* ---- The dice generator (formats/rng.md) -------------------------- */

START_TEST(dice_vectors)
{
	/* The dice of the first 10 turns, first die then second. */
	static const struct {
		uint64_t    seed;
		const char *dice;
	} want[] = {
		{ 0, "33 55 43 32 22 54 56 35 53 34" },
		{ 1, "25 36 65 34 25 25 46 42 66 52" },
		{ 42, "11 66 51 54 56 22 55 25 41 45" },
	};
	struct rules_rng rng;
	char		 got[64];
	size_t		 i;
	int		 t, first, second, k;

	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		rules_rng_seed(&rng, want[i].seed);
		k = 0;
		for (t = 0; t < 10; t++) {
			rules_dice_roll(&rng, &first, &second);
			k += snprintf(got + k, sizeof got - (size_t)k, "%s%d%d",
			    t ? " " : "", first, second);
		}
		ck_assert_str_eq(got, want[i].dice);
	}
}
END_TEST

START_TEST(dice_fair)
{
	struct rules_rng rng;
	int		 count[7][7] = { { 0 } }, i, a, b;

	rules_rng_seed(&rng, 7);
	for (i = 0; i < 72000; i++) {
		rules_dice_roll(&rng, &a, &b);
		REQUIRE(a >= 1 && a <= 6 && b >= 1 && b <= 6);
		count[a][b]++;
	}
	for (a = 1; a <= 6; a++)
		for (b = 1; b <= 6; b++)
			ck_assert_msg(count[a][b] > 1700 && count[a][b] < 2300,
			    "%d%d: %d", a, b, count[a][b]);
}
END_TEST

/* ---- Random playouts against a naive oracle ----------------------- */

/*
 * The oracle: rules.md §4 read as literally as possible, on an array of
 * cells, with the turn state kept here.
 */
struct oracle {
	const struct rules_board *b;
	int			  cells[RULES_MAX_CELLS];
	int			  me;
	bool			  first; /* Black's first turn still to come */
	bool			  rolled;
	int			  removals, places;
	bool			  over;
	long			  games, actions, checked, rejected;
	struct rules_position	 *scratch;
	struct rules_rng	 *rng;
};

static bool
oracle_open(const struct oracle *o, int e)
{
	int k;

	if (o->cells[e] != 0)
		return false;
	for (k = 0; k < o->b->degree[e]; k++)
		if (o->cells[o->b->nb[e][k]] != 1 + !o->me)
			return true;
	return false;
}

static bool
oracle_any_open(const struct oracle *o)
{
	int e;

	for (e = 0; e < o->b->ncells; e++)
		if (oracle_open(o, e))
			return true;
	return false;
}

static int
oracle_count(const struct oracle *o, int colour)
{
	int e, n = 0;

	for (e = 0; e < o->b->ncells; e++)
		n += o->cells[e] == 1 + colour;
	return n;
}

/* Is a listed in what the oracle allows now? */
static bool
oracle_allows(const struct oracle *o, const struct rules_action *a)
{
	if (!o->rolled)
		return a->kind == RULES_DICE && a->from >= 1 && a->from <= 6 &&
		    a->to >= 1 && a->to <= 6;
	if (a->to < 0 || a->to >= o->b->ncells)
		return false;
	if (o->removals > 0)
		return a->kind == RULES_REMOVE && o->cells[a->to] == 1 + !o->me;
	return a->kind == RULES_PLACE && oracle_open(o, a->to);
}

static void
oracle_end_turn(struct oracle *o)
{
	o->rolled = false;
	o->first = false;
	o->me = !o->me;
}

static void
oracle_apply(struct oracle *o, const struct rules_action *a)
{
	int  lo, hi, k, n, j;
	bool all;

	switch (a->kind) {
	case RULES_DICE:
		lo = a->from < a->to ? a->from : a->to;
		hi = a->from < a->to ? a->to : a->from;
		o->rolled = true;
		if (o->first && o->me == BLACK) {
			o->removals = 0;
			o->places = lo;
		} else {
			n = oracle_count(o, !o->me);
			o->removals = lo < n ? lo : n;
			o->places = hi;
		}
		break;
	case RULES_REMOVE:
		o->cells[a->to] = 0;
		o->removals--;
		break;
	case RULES_PLACE:
		o->cells[a->to] = 1 + o->me;
		o->places--;
		for (k = 0; k < o->b->degree[a->to]; k++) {
			n = o->b->nb[a->to][k];
			if (o->cells[n] != 1 + !o->me)
				continue;
			all = true;
			for (j = 0; j < o->b->degree[n]; j++)
				all &= o->cells[o->b->nb[n][j]] == 1 + o->me;
			if (all) {
				o->cells[n] = 0;
				o->places++;
			}
		}
		if (oracle_count(o, 0) + oracle_count(o, 1) == o->b->ncells) {
			o->over = true;
			return;
		}
		break;
	}
	if (o->removals == 0 && (o->places == 0 || !oracle_any_open(o)))
		oracle_end_turn(o);
}

/* Called before each action of a playout: checks, then mirrors it. */
static void
oracle_each(
    const struct rules_position *pos, const struct rules_action *a, void *arg)
{
	struct oracle	   *o = arg;
	struct rules_action acts[RULES_MAX_CELLS + 36], probe;
	size_t		    n, i, j;
	int		    e, full;

	/* The position agrees with the oracle. */
	turns_require_pieces(pos, o->cells);
	REQUIRE_EQ(rules_to_move(pos), o->me);
	REQUIRE_EQ(
	    rules_phase(pos), o->rolled ? RULES_TURN_MIDDLE : RULES_TURN_START);
	REQUIRE(!o->over);
	/* legal() lists exactly what the oracle allows... */
	n = rules_legal(pos, acts, sizeof acts / sizeof acts[0]);
	REQUIRE_GT(n, 0);
	for (i = 0; i < n; i++)
		REQUIRE(oracle_allows(o, &acts[i]));
	if (!o->rolled)
		REQUIRE_EQ(n, 36);
	else {
		full = 0;
		for (e = 0; e < pos->board.ncells; e++)
			full += o->removals > 0 ? o->cells[e] == 1 + !o->me :
						  oracle_open(o, e);
		REQUIRE_EQ(n, (size_t)full);
	}
	/* ...every listed action is accepted (all of them in every
	 * fourth game, a sample otherwise)... */
	for (i = 0; i < n; i++) {
		if (o->games % 4 != 0 && i % 7 != (size_t)o->actions % 7)
			continue;
		turns_require_accepted(o->scratch, pos, &acts[i]);
		o->checked++;
	}
	/* ...and a sample of unlisted ones rejected, leaving no trace. */
	for (j = 0; j < 3; j++) {
		memset(&probe, 0, sizeof probe);
		probe.kind = (uint8_t)rules_rng_below(o->rng, 6);
		probe.from = (int16_t)rules_rng_below(o->rng, 8);
		probe.to = (int16_t)((int)rules_rng_below(o->rng,
					 (uint64_t)pos->board.ncells + 2) -
		    1);
		for (i = 0; i < n; i++)
			if (acts[i].kind == probe.kind &&
			    acts[i].to == probe.to &&
			    (probe.kind != RULES_DICE ||
				acts[i].from == probe.from))
				break;
		if (i < n)
			continue;
		turns_require_refused(o->scratch, pos, &probe);
		o->rejected++;
	}
	oracle_apply(o, a);
	o->actions++;
}

START_TEST(herd_random_playouts)
{
	/* _i is the side, 3..6. */
	char		       spec[4];
	struct rules_position *pos;
	struct rules_rng       rng, probes;
	struct rules_score     s;
	struct oracle	       o;
	int		       games, e, finished = 0;

	snprintf(spec, sizeof spec, "%d", _i);
	pos = turns_new("herd", spec);
	memset(&o, 0, sizeof o);
	o.b = &pos->board;
	o.scratch = rules_position_dup(pos);
	o.rng = &probes;
	rules_rng_seed(&rng, (uint64_t)_i);
	rules_rng_seed(&probes, 1000 + (uint64_t)_i);
	for (games = 0; games < 500; games++) {
		rules_position_reset(pos);
		for (e = 0; e < pos->board.ncells; e++)
			o.cells[e] = 0;
		o.me = BLACK;
		o.first = true;
		o.rolled = false;
		o.over = false;
		o.games = games;
		rules_playout(pos, &rng, 400, oracle_each, &o);
		turns_require_pieces(pos, o.cells);
		rules_score(pos, &s);
		REQUIRE_EQ(s.points[0], oracle_count(&o, 0));
		REQUIRE_EQ(s.points[1], oracle_count(&o, 1));
		REQUIRE_EQ(
		    rules_stat_find(&s, "stones")->value[0], s.points[0]);
		/* Herd ends only on a full board, and then has a winner. */
		REQUIRE_EQ(s.over, o.over);
		REQUIRE_EQ(rules_phase(pos) == RULES_GAME_OVER, o.over);
		if (o.over) {
			REQUIRE_EQ(
			    s.points[0] + s.points[1], pos->board.ncells);
			REQUIRE_EQ(s.winner, s.points[0] > s.points[1] ? 0 : 1);
			finished++;
		} else {
			REQUIRE_LT(
			    s.points[0] + s.points[1], pos->board.ncells);
			REQUIRE_EQ(s.winner, -1);
		}
	}
	/* Most random games do fill the board within the cap. */
	REQUIRE_GT(finished, 450);
	REQUIRE_GT(o.checked, 1000);
	REQUIRE_GT(o.rejected, 1000);
	rules_position_free(o.scratch);
	rules_position_free(pos);
}
END_TEST

START_TEST(herd_playout_reproducible)
{
	struct rules_rng r;
	size_t		 n;

	rules_position_free(
	    turns_assert_playout_twice("herd", 99, 1000, &r, &n));
}
END_TEST

UNIT_MAIN("herd",
    unit_tcase("rules", 0, herd_registered, herd_board_specs,
	herd_start_lists_all_rolls, herd_first_turn_places_lo_without_removal,
	herd_remove_lo_then_place_hi, herd_removal_capped_by_enemy_stones,
	herd_no_enemy_stones_no_removal, herd_forbidden_cell,
	herd_capture_adds_to_quota, herd_double_capture,
	herd_capture_only_when_surrounded, herd_turn_ends_when_no_cell_is_left,
	herd_game_ends_on_full_board, herd_capture_on_the_last_cell_goes_on,
	herd_stopping_early_is_not_a_turn_end,
	herd_setup_refuses_the_unreachable, herd_setup_and_pieces, NULL),
    unit_tcase(
	"diagnostics", 0, herd_diagnostics, herd_game_over_rejects, NULL),
    unit_tcase("dice", 0, dice_vectors, dice_fair, NULL),
    unit_loops(unit_tcase("playouts", 300, herd_playout_reproducible, NULL),
	herd_random_playouts, 3, 7, NULL))
