/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the rules core: geometry, the PRNG, the registry and
 * Reversi (rules.md §0, §1), with positions as ASCII diagrams.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "diagram.h"
#include "turns.h"
#include "unit.h"

/* ---- Geometry (rules.md §0) --------------------------------------- */

START_TEST(hexhex_cell_counts)
{
	static const int   want[] = { 0, 0, 7, 19, 37, 61, 91, 127, 169 };
	struct rules_board b;
	int		   n;

	for (n = 2; n <= 8; n++) {
		ck_assert_int_eq(rules_hexhex_init(&b, n, NULL), 0);
		ck_assert_int_eq(b.ncells, want[n]);
		ck_assert_int_eq(b.ncells, 3 * n * (n - 1) + 1);
	}
	ck_assert_int_eq(rules_hexhex_init(&b, 12, NULL), 0);
	ck_assert_int_eq(b.ncells, 397);
	ck_assert_int_eq(rules_hexhex_init(&b, 13, NULL), -1);
	ck_assert_int_eq(rules_hexhex_init(&b, 1, NULL), -1);
}
END_TEST

/*
 * A hex board's neighbour sets hold exactly its neighbour lists, in the
 * words its cells span (one for side 5, seven for side 12).
 */
START_TEST(hex_neighbour_sets)
{
	static const int   sides[] = { 2, 5, 6, 12 };
	static const int   words[] = { 1, 1, 2, 7 };
	struct rules_board b;
	int		   t, i, k, m, n;
	bool		   nb;

	for (t = 0; t < 4; t++) {
		ck_assert_int_eq(rules_hexhex_init(&b, sides[t], NULL), 0);
		ck_assert_int_eq(b.words, words[t]);
		for (i = 0; i < b.ncells; i++) {
			n = 0;
			for (m = 0; m < b.words * 64; m++) {
				nb = false;
				for (k = 0; k < b.degree[i]; k++)
					nb = nb || b.nb[i][k] == m;
				ck_assert_int_eq(
				    (b.nbset[i][m >> 6] >> (m & 63)) & 1, nb);
				n += nb;
			}
			ck_assert_int_eq(n, b.degree[i]);
		}
	}
	ck_assert_int_eq(rules_hex_init(&b, 7, 5, 4, 10, "3-3-5", NULL), 0);
	ck_assert_int_eq(b.words, 1);
	ck_assert_int_eq(__builtin_popcountll(b.nbset[0][0]), b.degree[0]);
}
END_TEST

START_TEST(hexhex_side3_names)
{
	/* rules.md §0, top row first. */
	static const char *const rows[] = {
		"a5 b5 c5",
		"a4 b4 c4 d4",
		"a3 b3 c3 d3 e3",
		"b2 c2 d2 e2",
		"c1 d1 e1",
	};
	struct rules_board b;
	char		   buf[RULES_CELL_NAME], got[64];
	int		   r, k = 0, cellno, n;

	rules_hexhex_init(&b, 3, NULL);
	for (r = 0; r < 5; r++) {
		n = 0;
		got[0] = '\0';
		for (; n < 5; n++) {
			cellno = diagram_cell(&b, k, false);
			/* Past the last cell diagram_cell() says -1. */
			if (cellno < 0 || b.row[cellno] != 5 - r)
				break;
			snprintf(got + strlen(got), sizeof got - strlen(got),
			    "%s%s", n ? " " : "",
			    rules_cell_name(&b, cellno, buf));
			k++;
		}
		ck_assert_str_eq(got, rows[r]);
	}
	ck_assert_int_eq(rules_cell_parse(&b, "a1", 2), -1);
	ck_assert_int_eq(rules_cell_parse(&b, "f3", 2), -1);
	ck_assert_int_eq(
	    rules_cell_parse(&b, "C3", 2), rules_cell_parse(&b, "c3", 2));
	ck_assert_int_eq(rules_cell_parse(&b, "c0", 2), -2);
	ck_assert_int_eq(rules_cell_parse(&b, "3c", 2), -2);
}
END_TEST

START_TEST(hex_neighbours)
{
	struct rules_board b;
	char		   buf[RULES_CELL_NAME], got[64] = "";
	int		   c, k;

	rules_hexhex_init(&b, 3, NULL);
	c = rules_cell_parse(&b, "c3", 2);
	ck_assert_int_eq(b.degree[c], 6);
	for (k = 0; k < b.degree[c]; k++)
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s ",
		    rules_cell_name(&b, b.nb[c][k], buf));
	/* (c+1,r) (c-1,r) (c,r+1) (c,r-1) (c+1,r-1) (c-1,r+1) */
	ck_assert_str_eq(got, "d3 b3 c4 c2 d2 b4 ");
	/* Corners have 3 neighbours, other edge cells 4. */
	ck_assert_int_eq(b.degree[rules_cell_parse(&b, "a5", 2)], 3);
	ck_assert_int_eq(b.degree[rules_cell_parse(&b, "b5", 2)], 4);
	ck_assert_int_eq(b.degree[rules_cell_parse(&b, "e1", 2)], 3);
}
END_TEST

/*
 * Past its degree a cell's neighbour list holds RULES_NO_CELL, past every
 * board's cells, on every hex board: Oust reads all six.
 */
START_TEST(hex_neighbours_padded)
{
	struct rules_board b;
	int		   side, c, k;

	for (side = 2; side <= 12; side++) {
		ck_assert_int_eq(rules_hexhex_init(&b, side, NULL), 0);
		ck_assert_int_lt(b.ncells, RULES_NO_CELL);
		for (c = 0; c < b.ncells; c++)
			for (k = b.degree[c]; k < 6; k++)
				ck_assert_int_eq(b.nb[c][k], RULES_NO_CELL);
	}
	ck_assert_int_eq(rules_hex_init(&b, 7, 5, 4, 10, "3-3-5", NULL), 0);
	for (c = 0; c < b.ncells; c++)
		for (k = b.degree[c]; k < 6; k++)
			ck_assert_int_eq(b.nb[c][k], RULES_NO_CELL);
}
END_TEST

START_TEST(rive_335_board)
{
	struct rules_board b;

	ck_assert_int_eq(rules_hex_init(&b, 7, 5, 4, 10, "3-3-5", NULL), 0);
	ck_assert_int_eq(b.ncells, 29);
	ck_assert_int_ge(rules_cell_parse(&b, "c1", 2), 0);
	ck_assert_int_eq(rules_cell_parse(&b, "b1", 2), -1);
	ck_assert_int_ge(rules_cell_parse(&b, "g3", 2), 0);
	ck_assert_int_eq(rules_cell_parse(&b, "g5", 2), -1);
}
END_TEST

START_TEST(square_names)
{
	struct rules_board b;
	char		   buf[RULES_CELL_NAME];

	rules_square_init(&b, 8, 8, NULL);
	ck_assert_int_eq(rules_cell_parse(&b, "a1", 2), 0);
	ck_assert_int_eq(rules_cell_parse(&b, "h1", 2), 7);
	ck_assert_int_eq(rules_cell_parse(&b, "a2", 2), 8);
	ck_assert_int_eq(rules_cell_parse(&b, "i1", 2), -1);
	ck_assert_int_eq(rules_cell_parse(&b, "a9", 2), -1);
	ck_assert_str_eq(rules_cell_name(&b, 63, buf), "h8");
	rules_square_init(&b, 16, 16, NULL);
	ck_assert_str_eq(rules_cell_name(&b, 255, buf), "p16");
	ck_assert_int_eq(rules_cell_parse(&b, "p16", 3), 255);
	/* A row is 1.. with no leading zero: no name at all otherwise. */
	ck_assert_int_eq(rules_cell_parse(&b, "a0", 2), -2);
	ck_assert_int_eq(rules_cell_parse(&b, "a05", 3), -2);
	ck_assert_int_eq(rules_cell_parse(&b, "c03", 3), -2);
	ck_assert_int_eq(rules_cell_parse(&b, "a10", 3), 144);
}
END_TEST

/* Board specs are read once per geometry, numbers as gameplay writes them. */
START_TEST(board_specs)
{
	static const char *const bad[] = {
		"",
		"0",
		"08",
		"8x08",
		" 8",
		"8 ",
		"+8",
		"-8",
		"8x",
		"x8",
		"8y8",
		"8x8x8",
		"1000",
		"3-3-5",
		NULL,
	};
	int w = -1, h = -1, n = -1, i;

	ck_assert(rules_square_spec("8", &w, &h));
	ck_assert_int_eq(w, 8);
	ck_assert_int_eq(h, 8);
	ck_assert(rules_square_spec("10X12", &w, &h));
	ck_assert_int_eq(w, 10);
	ck_assert_int_eq(h, 12);
	ck_assert(rules_hexhex_spec("12", &n));
	ck_assert_int_eq(n, 12);
	for (i = 0; bad[i] != NULL; i++) {
		ck_assert_msg(!rules_square_spec(bad[i], &w, &h), "%s", bad[i]);
		ck_assert_msg(!rules_hexhex_spec(bad[i], &n), "%s", bad[i]);
	}
	ck_assert(!rules_hexhex_spec("7x7", &n));
	/* A refused spec leaves the outputs as they were. */
	ck_assert_int_eq(w, 10);
	ck_assert_int_eq(n, 12);
}
END_TEST

/* ---- PRNG (formats/rng.md) ---------------------------------------- */

START_TEST(rng_reference)
{
	struct rules_rng r;

	/* splitmix64's published first output for seed 0. */
	rules_rng_seed(&r, 0);
	ck_assert_uint_eq(r.s[0], UINT64_C(0xe220a8397b1dcdaf));
	/* xoshiro256** on a hand-set state: result = rotl(5 * s1, 7) * 9. */
	r.s[0] = 1;
	r.s[1] = 2;
	r.s[2] = 3;
	r.s[3] = 4;
	ck_assert_uint_eq(rules_rng_next(&r), UINT64_C(11520));
	ck_assert_uint_eq(rules_rng_next(&r), UINT64_C(0));
	ck_assert_uint_eq(rules_rng_next(&r), UINT64_C(1509978240));
}
END_TEST

START_TEST(rng_below_uniform)
{
	struct rules_rng r;
	int		 count[6] = { 0 }, i;

	rules_rng_seed(&r, 42);
	for (i = 0; i < 60000; i++)
		count[rules_rng_below(&r, 6)]++;
	for (i = 0; i < 6; i++)
		ck_assert_msg(count[i] > 9500 && count[i] < 10500,
		    "face %d: %d", i, count[i]);
	ck_assert_uint_eq(rules_rng_below(&r, 1), 0);
}
END_TEST

/* ---- Registry ----------------------------------------------------- */

START_TEST(registry_finds_games)
{
	ck_assert_ptr_eq(rules_game_find("reversi"), &rules_reversi);
	ck_assert_ptr_eq(rules_game_find("Reversi"), &rules_reversi);
	ck_assert_ptr_null(rules_game_find("chess"));
	/* Othello is Reversi's trade name, in any case (rules.md §1). */
	ck_assert_ptr_eq(rules_game_find("Othello"), &rules_reversi);
	ck_assert_ptr_eq(rules_game_find("OTHELLO"), &rules_reversi);
	ck_assert_ptr_null(rules_game_find("othello8"));
	ck_assert_ptr_eq(rules_game_at(0), &rules_reversi);
	/* Stones! with its bang; an alias of one game names no other. */
	ck_assert_ptr_eq(rules_game_find("Stones!"), &rules_stones);
	ck_assert_ptr_null(rules_game_find("herd!"));
}
END_TEST

/* Dice are game data: Herd throws them, and only Herd (rules.md §4). */
START_TEST(registry_dice)
{
	const struct rules_game *g;
	struct rules_position	*pos;
	struct rules_action	 a;
	size_t			 i;

	for (i = 0; (g = rules_game_at(i)) != NULL; i++) {
		ck_assert_int_eq(g->has_dice, g == &rules_herd);
		/* A game with dice rolls first, every turn, from the start. */
		pos = rules_position_new(g, NULL, NULL, NULL);
		ck_assert_ptr_nonnull(pos);
		ck_assert_uint_gt(rules_legal(pos, &a, 1), 0);
		ck_assert_int_eq(a.kind == RULES_DICE, g->has_dice);
		rules_position_free(pos);
	}
}
END_TEST

/* The turn caps gameplay(1) documents: none where the board fills. */
START_TEST(registry_turn_caps)
{
	static const struct {
		const char *game;
		unsigned    cap;
	} caps[] = {
		{ "reversi", 0 },
		{ "stones", 500 },
		{ "herd", 1000 },
		{ "oust", 1000 },
		{ "rive", 1000 },
	};
	size_t i;

	for (i = 0; i < sizeof caps / sizeof caps[0]; i++)
		ck_assert_uint_eq(
		    rules_game_find(caps[i].game)->turn_cap, caps[i].cap);
}
END_TEST

/*
 * The pie rule is the registry's, alike for every game that has it
 * (rules.md §2, §3): after turn 1 the swap comes last in the list, is
 * action i of rules_legal_at, keeps the board and the player to move,
 * counts as turn 2 and is offered once.  A game without it never lists
 * a swap and says what its turns are.
 */
/* No swap among the n actions listed; a swap played is refused with code. */
static void
assert_no_swap(struct rules_position *pos, const struct rules_action *acts,
    size_t n, const char *code)
{
	struct rules_action swap = { .kind = RULES_SWAP };
	struct diag	    d;
	size_t		    k;

	for (k = 0; k < n; k++)
		ck_assert_int_ne(acts[k].kind, RULES_SWAP);
	ck_assert_int_eq(rules_play(pos, &swap, &d), -1);
	ck_assert_str_eq(diag_name(d.code), code);
}

static void
assert_pie_rule(const struct rules_game *g)
{
	struct rules_action    acts[RULES_MAX_CELLS + 2], one;
	struct rules_position *pos;
	struct diag	       d;
	struct rules_rng       rng;
	size_t		       n, k;
	int		       mover;

	rules_rng_seed(&rng, 3);
	pos = rules_position_new(g, NULL, NULL, &d);
	ck_assert_ptr_nonnull(pos);
	/* Turn 1, whatever it takes. */
	while (rules_turn(pos) == 1) {
		n = rules_legal(pos, acts, RULES_MAX_CELLS + 2);
		ck_assert_uint_gt(n, 0);
		for (k = 0; k < n; k++)
			ck_assert_int_ne(acts[k].kind, RULES_SWAP);
		ck_assert_int_eq(
		    rules_play(pos, &acts[rules_rng_below(&rng, n)], NULL), 0);
	}
	n = rules_legal(pos, acts, RULES_MAX_CELLS + 2);
	ck_assert(!rules_swapped(pos));
	if (!g->has_pie) {
		assert_no_swap(pos, acts, n, "wrong-action");
		rules_position_free(pos);
		return;
	}
	ck_assert_int_eq(acts[n - 1].kind, RULES_SWAP);
	for (k = 0; k + 1 < n; k++)
		ck_assert_int_ne(acts[k].kind, RULES_SWAP);
	if (g->legal_at != NULL) {
		rules_legal_at(pos, n - 1, &one);
		ck_assert_int_eq(one.kind, RULES_SWAP);
		rules_legal_at(pos, 0, &one);
		ck_assert_int_eq(one.kind, acts[0].kind);
		ck_assert_int_eq(one.to, acts[0].to);
	}
	mover = rules_to_move(pos);
	ck_assert_int_eq(rules_play(pos, &acts[n - 1], NULL), 0);
	ck_assert(rules_swapped(pos));
	ck_assert_int_eq(rules_turn(pos), 3);
	ck_assert_int_eq(rules_to_move(pos), mover);
	ck_assert_int_eq(rules_phase(pos), RULES_TURN_START);
	n = rules_legal(pos, acts, RULES_MAX_CELLS + 2);
	assert_no_swap(pos, acts, n, "swap-not-allowed");
	rules_position_free(pos);
}

START_TEST(registry_pie_rule)
{
	const struct rules_game *g;
	size_t			 i;

	for (i = 0; (g = rules_game_at(i)) != NULL; i++)
		assert_pie_rule(g);
}
END_TEST

START_TEST(variant_parse)
{
	struct rules_variant v;
	struct diag	     d;

	/* Reversi has no pie rule: it is off and cannot be named. */
	ck_assert_int_eq(rules_variant_parse(&rules_reversi, "", &v, &d), 0);
	ck_assert(!v.pie);
	ck_assert_int_eq(
	    rules_variant_parse(&rules_reversi, "no-pie", &v, &d), -1);
	ck_assert_str_eq(diag_name(d.code), "bad-variant");
	ck_assert_int_eq(
	    rules_variant_parse(&rules_reversi, "fast", &v, &d), -1);
	ck_assert_str_eq(d.msg, "unknown variant \"fast\"");
}
END_TEST

/* ---- Reversi (rules.md §1) ---------------------------------------- */

/* The start of Reversi on its 8x8 board, row 1 on top. */
static const char reversi_start_board[] = "........"
					  "........"
					  "........"
					  "...OX..."
					  "...XO..."
					  "........"
					  "........"
					  "........";

TURNS_TEST(reversi_start, "reversi", NULL)
{
	diagram_assert(pos, reversi_start_board);
	ck_assert_int_eq(rules_to_move(pos), 0);
	turns_assert_listed(pos, "d3 c4 f5 e6");
}

/*
 * c3 closes a row, a column and a diagonal at once; e4 and d5 fill
 * the centre (always full) and lie on none of its lines.
 */
TURNS_SETUP_TEST(reversi_flips_every_line, "reversi", NULL,
    "X.X.X..."
    ".OOO...."
    "XO.OX..."
    ".OOOX..."
    "X.XXX..."
    "........"
    "........"
    "........",
    0)
{
	turns_play(pos, "c3");
	diagram_assert(pos,
	    "X.X.X..."
	    ".XXX...."
	    "XXXXX..."
	    ".XXXX..."
	    "X.XXX..."
	    "........"
	    "........"
	    "........");
}

/*
 * a1: the row of white discs runs to the edge, the column is mine;
 * the diagonal to the (always full) centre starts with an empty b2.
 */
TURNS_SETUP_TEST(reversi_run_must_end_in_own_disc, "reversi", NULL,
    ".OOOOOOO"
    "O......."
    "X......."
    "...OX..."
    "...XO..."
    "........"
    "........"
    "........",
    0)
{
	struct rules_action a = { .kind = RULES_PLACE };
	struct diag	    d;

	a.to = (int16_t)turns_cell(pos, "a1");
	ck_assert_int_eq(rules_play(pos, &a, &d), 0);
	diagram_assert(pos,
	    "XOOOOOOO"
	    "X......."
	    "X......."
	    "...OX..."
	    "...XO..."
	    "........"
	    "........"
	    "........");
}

TURNS_TEST(reversi_illegal_moves, "reversi", NULL)
{
	struct rules_action a = { .kind = RULES_PLACE };
	struct diag	    d;

	a.to = (int16_t)turns_cell(pos, "d4");
	turns_reject(pos, &a, "occupied", &d);
	ck_assert_str_eq(d.msg, "d4 is occupied");
	a.to = (int16_t)turns_cell(pos, "a1");
	turns_reject(pos, &a, "no-flips", &d);
	a.to = (int16_t)turns_cell(pos, "e6");
	a.kind = RULES_PASS;
	turns_reject(pos, &a, "pass-with-moves", &d);
	a.kind = RULES_SWAP;
	turns_reject(pos, &a, "wrong-action", &d);
	/* Nothing changed. */
	ck_assert_int_eq(rules_turn(pos), 1);
	ck_assert_int_eq(rules_to_move(pos), 0);
}

/* White (O) to move has nothing: its only action is pass. */
TURNS_SETUP_TEST(reversi_pass_only_without_moves, "reversi", NULL,
    "XXXXXXXX"
    "XXXXXXXX"
    "XXXXXXXX"
    "XXXXXXXX"
    "XXXXXXXX"
    "XXXXXXXX"
    "XXXXXXO."
    "XXXXXXX.",
    1)
{
	struct rules_action a = { .kind = RULES_PLACE };
	struct diag	    d;

	ck_assert_int_eq(rules_phase(pos), RULES_TURN_START);
	turns_assert_listed(pos, "pass");
	a.to = (int16_t)turns_cell(pos, "h7");
	turns_reject(pos, &a, "must-pass", &d);
	turns_play(pos, "pass");
	ck_assert_int_eq(rules_to_move(pos), 0);
	turns_assert_listed(pos, "h7 h8");
}

TURNS_TEST(reversi_end_and_wof_score, "reversi", NULL)
{
	struct rules_score s;

	/* The shortest game: 9 moves, White wiped out with 51 squares empty. */
	turns_play(pos, "e6 f4 e3 f6 g5 d6 e7 f5 c5");
	turns_assert_over(pos, &s, 0, 13, 0);
	ck_assert_int_eq(s.alt[0], 64);
	ck_assert_int_eq(s.alt[1], 0);
	ck_assert_int_eq(rules_turn(pos), 10);
}

/*
 * Reversi leaves the game-over test open after a move (rules.h, struct
 * rules_head): every way of asking must still see the end of the game.
 */
TURNS_TEST(reversi_end_left_open, "reversi", NULL)
{
	struct rules_perft_count c;
	struct rules_action	 a, out[2];
	struct diag		 d;

	turns_play(pos, "e6 f4 e3 f6 g5 d6 e7 f5 c5");
	ck_assert_int_eq(rules_state_phase(pos->game, &pos->board, pos->state),
	    RULES_GAME_OVER);
	ck_assert_uint_eq(rules_legal(pos, out, 2), 0);
	ck_assert_uint_eq(
	    rules_state_legal(pos->game, &pos->board, pos->state, NULL, 0), 0);
	a = (struct rules_action){ .kind = RULES_PASS };
	turns_reject(pos, &a, "game-over", &d);
	ck_assert_str_eq(d.msg, "the game is already over");
	a = (struct rules_action){ .kind = RULES_PLACE,
		.to = (int16_t)turns_cell(pos, "a1") };
	turns_reject(pos, &a, "game-over", &d);
	a.to = (int16_t)turns_cell(pos, "e5");
	turns_reject(pos, &a, "game-over", &d);
	a = (struct rules_action){ .kind = RULES_MOVE, .to = 0 };
	turns_reject(pos, &a, "game-over", &d);
	a = (struct rules_action){ .kind = RULES_PLACE, .to = -1 };
	turns_reject(pos, &a, "game-over", &d);
	ck_assert_uint_eq(rules_perft(pos, 3), 1);
	ck_assert_int_eq(rules_perft_count(pos, 3, NULL, &c), 0);
	ck_assert_uint_eq(c.nodes, 1);
	ck_assert_uint_eq(c.ended, 1);
	ck_assert_uint_eq(
	    rules_perft_actions(pos->game, &pos->board, pos->state, 3), 1);
}

/*
 * One move before the end the game goes on: the open test settles to a
 * turn start, and the last move is legal.
 */
TURNS_TEST(reversi_open_goes_on, "reversi", NULL)
{
	struct rules_action out[64];
	struct rules_score  s;

	turns_play(pos, "e6 f4 e3 f6 g5 d6 e7 f5");
	ck_assert_int_eq(rules_phase(pos), RULES_TURN_START);
	rules_score(pos, &s);
	ck_assert(!s.over);
	ck_assert_uint_gt(rules_legal(pos, out, 64), 0);
	ck_assert_int_eq(out[0].kind, RULES_PLACE);
	turns_play(pos, "c5");
	ck_assert(!rules_mid_turn(pos));
	ck_assert_int_eq(rules_phase(pos), RULES_GAME_OVER);
}

/* Neither side can move; 31 discs each, 2 empty squares. */
TURNS_SETUP_TEST(reversi_draw_splits_empties, "reversi", NULL,
    "XXXXXXXX"
    "XXXXXXXX"
    "XXXXXXXX"
    "XXXXXXX."
    "OOOOOOO."
    "OOOOOOOO"
    "OOOOOOOO"
    "OOOOOOOO",
    0)
{
	struct rules_score s;

	ck_assert_int_eq(rules_phase(pos), RULES_GAME_OVER);
	rules_score(pos, &s);
	ck_assert_int_eq(s.winner, -1);
	ck_assert_int_eq(s.points[0], 31);
	ck_assert_int_eq(s.alt[0], 32);
	ck_assert_int_eq(s.alt[1], 32);
}

/* What rules.md §1 makes certain of every position a game reaches. */
START_TEST(reversi_setup_refuses_the_unreachable)
{
	struct rules_position *pos = turns_new("reversi", NULL);
	struct diag	       d;

	/* The centre is filled at the start and no disc is ever removed. */
	ck_assert_str_eq(diagram_refused(pos,
			     "........"
			     "........"
			     "........"
			     "........"
			     "........"
			     "........"
			     "........"
			     "........",
			     0, &d),
	    "d4 is empty: the four centre squares hold discs from the start "
	    "and no disc is ever removed");
	ck_assert_str_eq(diagram_refused(pos,
			     "........"
			     "........"
			     "..XXX..."
			     "...OX..."
			     "...X...."
			     "........"
			     "........"
			     "........",
			     1, &d),
	    "e5 is empty: the four centre squares hold discs from the start "
	    "and no disc is ever removed");
	/* Every move adds a disc: four discs are the start itself. */
	ck_assert_str_eq(diagram_refused(pos,
			     "........"
			     "........"
			     "........"
			     "...XX..."
			     "...XO..."
			     "........"
			     "........"
			     "........",
			     0, &d),
	    "d4 is black: four discs are the start position, where it is "
	    "white");
	/* Black has a move at the start, so cannot have passed. */
	ck_assert_str_eq(diagram_refused(pos, reversi_start_board, 1, &d),
	    "white cannot be to move in the start position: black has a "
	    "move there and may not pass");
	/* One move later White is to move: accepted. */
	diagram_setup(pos,
	    "........"
	    "........"
	    "........"
	    "...OX..."
	    "...XXX.."
	    "........"
	    "........"
	    "........",
	    1);
	turns_assert_legal(pos, "d6 f4 f6");
	/* The start itself, on a 6x6 board too. */
	diagram_setup(pos, reversi_start_board, 0);
	rules_position_free(pos);
	pos = turns_new("reversi", "6");
	ck_assert_str_eq(diagram_refused(pos,
			     "......"
			     "......"
			     "..OX.."
			     "..XO.."
			     "......"
			     "......",
			     1, &d),
	    "white cannot be to move in the start position: black has a "
	    "move there and may not pass");
	ck_assert_str_eq(diagram_refused(pos,
			     "......"
			     "......"
			     "..O..."
			     "..XO.."
			     "......"
			     "......",
			     0, &d),
	    "d3 is empty: the four centre squares hold discs from the start "
	    "and no disc is ever removed");
	rules_position_free(pos);
}
END_TEST

START_TEST(reversi_perft)
{
	/* rules.md §1, Aart Bik's convention. */
	static const uint64_t want[] = { 1, 4, 12, 56, 244, 1396, 8200, 55092,
		390216, 3005288, 0 };

	turns_assert_perft("reversi", NULL, want);
	/* The generic perft through legal() and play() agrees. */
	turns_assert_perft_generic("reversi", NULL, 6, want[6]);
}
END_TEST

/*
 * Under AddressSanitizer a failed allocation must return NULL, as libc's
 * does, for the test below; without it this function is never called.
 */
const char *__asan_default_options(void);
const char *
__asan_default_options(void)
{
	return "allocator_may_return_null=1";
}

TURNS_TEST(perft_out_of_memory, "reversi", NULL)
{
	struct rules_game huge = *pos->game;

	/* A state no malloc can copy: the walk says so, not "0 leaves". */
	huge.state_size = SIZE_MAX / 2;
	ck_assert_uint_eq(
	    rules_perft_actions(&huge, &pos->board, pos->state, 2),
	    RULES_PERFT_NO_MEMORY);
	/* Depth 1 counts the legal moves without copying a state. */
	ck_assert_uint_eq(
	    rules_perft_actions(&huge, &pos->board, pos->state, 1), 4);
}

/* An independent, naive Reversi to check both representations against. */
static int
oracle_flips(int *cells, int n, int me, int sq, bool apply)
{
	int dx, dy, x, y, run, total = 0;

	if (cells[sq] != 0)
		return 0;
	for (dy = -1; dy <= 1; dy++)
		for (dx = -1; dx <= 1; dx++) {
			if (dx == 0 && dy == 0)
				continue;
			x = sq % n + dx;
			y = sq / n + dy;
			run = 0;
			while (x >= 0 && y >= 0 && x < n && y < n &&
			    cells[y * n + x] == 2 - me) {
				x += dx, y += dy, run++;
			}
			if (run == 0 || x < 0 || y < 0 || x >= n || y >= n ||
			    cells[y * n + x] != 1 + me)
				continue;
			total += run;
			while (apply && run-- > 0) {
				x -= dx, y -= dy;
				cells[y * n + x] = 1 + me;
			}
		}
	return total;
}

START_TEST(reversi_matches_oracle)
{
	static const char *const sizes[] = { "4x4", "6x6", "8x8", "10x10",
		"16x16" };
	struct rules_position	*pos;
	struct rules_action	 acts[256];
	struct rules_rng	 rng;
	int			 cells[256], i, n, me, games, k, count;
	size_t			 nl;

	pos = turns_new("reversi", sizes[_i]);
	n = pos->board.width;
	rules_rng_seed(&rng, (uint64_t)_i);
	for (games = 0; games < 20; games++) {
		rules_position_reset(pos);
		for (i = 0; i < n * n; i++)
			cells[i] = rules_piece(pos, i);
		while (rules_phase(pos) != RULES_GAME_OVER) {
			me = rules_to_move(pos);
			nl = rules_legal(pos, acts, 256);
			count = 0;
			for (i = 0; i < n * n; i++)
				count += oracle_flips(cells, n, me, i, false) >
				    0;
			if (count == 0) {
				ck_assert_int_eq(nl, 1);
				ck_assert_int_eq(acts[0].kind, RULES_PASS);
			} else {
				ck_assert_int_eq(nl, count);
				for (k = 0; k < (int)nl; k++)
					ck_assert_int_gt(
					    oracle_flips(cells, n, me,
						acts[k].to, false),
					    0);
			}
			k = (int)rules_rng_below(&rng, nl);
			if (acts[k].kind == RULES_PLACE) {
				oracle_flips(cells, n, me, acts[k].to, true);
				cells[acts[k].to] = 1 + me;
			}
			ck_assert_int_eq(rules_play(pos, &acts[k], NULL), 0);
			turns_require_pieces(pos, cells);
			/*
			 * The game's perft (its own recursion on each
			 * representation) agrees with the one through
			 * legal() and play(), passes and ends included.
			 */
			if (games < 2 && pos->actions % 7 == 0)
				ck_assert_uint_eq(rules_perft(pos, 3),
				    rules_perft_actions(
					pos->game, &pos->board, pos->state, 3));
		}
	}
	rules_position_free(pos);
}
END_TEST

/*
 * What one play() after another does to a cell, asking for a pass first
 * when the player has no move: the replay of a transcript.  Returns
 * rules_play's result for the cell.
 */
static int
play_one_cell(struct rules_position *pos, int16_t cell)
{
	struct rules_action a = { .kind = RULES_PLACE, .to = cell };
	struct rules_action pass = { .kind = RULES_PASS };
	struct diag	    d;

	if (rules_play(pos, &a, &d) == 0)
		return 0;
	if (d.code != DIAG_MUST_PASS || rules_play(pos, &pass, NULL) != 0)
		return -1;
	return rules_play(pos, &a, NULL);
}

static void
assert_same_position(
    const struct rules_position *a, const struct rules_position *b)
{
	ck_assert_int_eq(a->actions, b->actions);
	ck_assert_int_eq(rules_turn(a), rules_turn(b));
	ck_assert_int_eq(rules_phase(a), rules_phase(b));
	ck_assert_mem_eq(a->state, b->state, a->game->state_size);
}

/*
 * The cells of a random game from pos's start, with a wrong cell (off the
 * board, occupied, flipping nothing) now and then and one after the end,
 * into cells (room for 400): how many.  pos is left at the game's end.
 * written: its passes written (RULES_CELL_PASS) but now and then left
 * out, the wrong cells passes (where the player has a move), a pass or
 * two after the end.
 */
static size_t
random_cells_of(struct rules_position *pos, struct rules_rng *rng,
    int16_t *cells, bool written)
{
	struct rules_action acts[256];
	size_t		    n, k, nl;

	rules_position_reset(pos);
	for (n = 0; rules_phase(pos) != RULES_GAME_OVER && n < 390;) {
		nl = rules_legal(pos, acts, 256);
		k = rules_rng_below(rng, nl);
		if (rules_rng_below(rng, 40) == 0)
			cells[n++] = written ?
			    RULES_CELL_PASS :
			    (int16_t)rules_rng_below(
				rng, (uint64_t)pos->board.ncells + 2) -
				1;
		if (acts[k].kind == RULES_PLACE)
			cells[n++] = acts[k].to;
		else if (written && rules_rng_below(rng, 4) != 0)
			cells[n++] = RULES_CELL_PASS;
		ck_assert_int_eq(rules_play(pos, &acts[k], NULL), 0);
	}
	cells[n++] = written ? RULES_CELL_PASS : 0;
	if (written && rules_rng_below(rng, 2) == 0)
		cells[n++] = RULES_CELL_PASS;
	return n;
}

static size_t
random_cells(struct rules_position *pos, struct rules_rng *rng, int16_t *cells)
{
	return random_cells_of(pos, rng, cells, false);
}

/*
 * rules_play_cells plays a run of cells exactly as play() does one by
 * one, on both representations, and stops exactly before the cells that
 * play() must judge: a pass to imply, an occupied square, a square that
 * flips nothing, one off the board, any cell once the game is over.
 */
START_TEST(reversi_play_cells_as_play)
{
	static const char *const sizes[] = { "4x4", "6x6", "8x8", "10x10" };
	struct rules_position *one, *run, *probe;
	struct rules_rng       rng;
	int16_t		       cells[400];
	size_t		       n, i, k;
	int		       games, stops = 0, passes = 0, ended = 0;

	one = turns_new("reversi", sizes[_i]);
	run = turns_new("reversi", sizes[_i]);
	probe = turns_new("reversi", sizes[_i]);
	rules_rng_seed(&rng, 40 + (uint64_t)_i);
	for (games = 0; games < 30; games++) {
		n = random_cells(one, &rng, cells);
		rules_position_reset(one);
		rules_position_reset(run);
		for (i = 0; i < n;) {
			k = rules_play_cells(run, cells + i, n - i);
			for (; k > 0; k--, i++)
				ck_assert_int_eq(
				    play_one_cell(one, cells[i]), 0);
			assert_same_position(one, run);
			if (i == n)
				break;
			/* Stopped before cells[i]: one play() refuses it. */
			rules_position_copy(probe, run);
			{
				struct rules_action a = { .kind = RULES_PLACE,
					.to = cells[i] };
				ck_assert_int_eq(
				    rules_play(probe, &a, NULL), -1);
			}
			stops++;
			if (play_one_cell(one, cells[i]) == 0) {
				ck_assert_int_eq(
				    play_one_cell(run, cells[i]), 0);
				passes++;
			} else
				ck_assert_int_eq(
				    play_one_cell(run, cells[i]), -1);
			assert_same_position(one, run);
			i++;
		}
		/* A wrong cell that was legal may have changed the game. */
		if (rules_phase(run) == RULES_GAME_OVER) {
			ck_assert_uint_eq(rules_play_cells(run, cells, 1), 0);
			ended++;
		}
	}
	ck_assert_int_gt(ended, 10);
	/* The wrong cells and the passes were met. */
	ck_assert_int_gt(stops, 30);
	if (_i > 0)
		ck_assert_int_gt(passes, 0);
	rules_position_free(one);
	rules_position_free(run);
	rules_position_free(probe);
}
END_TEST

/*
 * rules_play_cells_pair is two rules_play_cells: the same counts and
 * positions, for two games of one board that stop apart (a wrong cell, a
 * pass to imply, the end, the cells given running out first), each pair
 * of runs from where the last stopped; and for games of two boards, or
 * one over, which it plays one and then the other.
 */
START_TEST(reversi_play_cells_pair_as_two)
{
	static const char *const sizes[] = { "4x4", "6x6", "8x8", "10x10" };
	struct rules_position	*pair[2], *one[2];
	struct rules_rng	 rng;
	int16_t			 cells[2][400];
	const int16_t		*to[2];
	size_t			 n[2], at[2], left[2], k[2], k1, p[2], p1;
	int			 games, g, calls, apart = 0, passed = 0;
	bool			 passing;

	for (g = 0; g < 2; g++) {
		/* The second game on another board now and then. */
		pair[g] = turns_new("reversi", sizes[g == 1 && _i == 3 ? 0 : _i]);
		one[g] = turns_new("reversi", sizes[g == 1 && _i == 3 ? 0 : _i]);
	}
	rules_rng_seed(&rng, 70 + (uint64_t)_i);
	for (games = 0; games < 40; games++) {
		for (g = 0; g < 2; g++) {
			n[g] = random_cells(one[g], &rng, cells[g]);
			rules_position_reset(one[g]);
			rules_position_reset(pair[g]);
			at[g] = 0;
		}
		for (calls = 0; at[0] < n[0] || at[1] < n[1]; calls++) {
			for (g = 0; g < 2; g++) {
				to[g] = cells[g] + at[g];
				/* Now and then fewer cells than the game has. */
				left[g] = n[g] - at[g];
				if (left[g] > 3 && rules_rng_below(&rng, 4) == 0)
					left[g] = rules_rng_below(&rng, left[g]);
			}
			/* Every other game, passes played by the runs. */
			passing = games % 2 == 1;
			rules_play_cells_pair(
			    pair, to, left, k, passing ? p : NULL, false);
			apart += k[0] != k[1];
			for (g = 0; g < 2; g++) {
				k1 = passing ?
				    rules_play_cells_passing(
					one[g], to[g], left[g], &p1) :
				    rules_play_cells(one[g], to[g], left[g]);
				ck_assert_uint_eq(k[g], k1);
				if (passing) {
					ck_assert_uint_eq(p[g], p1);
					passed += p1 > 0;
				}
				assert_same_position(one[g], pair[g]);
				at[g] += k[g];
				/* Stopped before a cell: play() judges it. */
				if (k[g] == left[g] || at[g] == n[g])
					continue;
				ck_assert_int_eq(play_one_cell(one[g], cells[g][at[g]]),
				    play_one_cell(pair[g], cells[g][at[g]]));
				assert_same_position(one[g], pair[g]);
				at[g]++;
			}
		}
	}
	ck_assert_int_gt(apart, 40);
	/* 8x8's runs played passes (the others leave them to play()). */
	if (_i == 2)
		ck_assert_int_gt(passed, 0);
	for (g = 0; g < 2; g++) {
		rules_position_free(pair[g]);
		rules_position_free(one[g]);
	}
}
END_TEST

/* play_one_cell, or rules_play's pass for RULES_CELL_PASS. */
static int
play_written(struct rules_position *pos, int16_t cell, bool implied)
{
	struct rules_action a = { .kind = RULES_PLACE, .to = cell };
	struct rules_action pass = { .kind = RULES_PASS };

	if (cell == RULES_CELL_PASS)
		return rules_play(pos, &pass, NULL);
	return implied ? play_one_cell(pos, cell) : rules_play(pos, &a, NULL);
}

/*
 * rules_play_cells_pair with passes written (play_cells_pair_written):
 * each pass played where rules_play takes it as the game going on (a
 * pass in a row, or one where the player has a move, stops the run, as
 * does one after the end), with the passes implied or not, the games of
 * a pair stopping apart; the same positions and counts as the cells
 * played one by one, and the cell each stops before judged by play() the
 * same.  Other boards stop before any pass written; so does the entry
 * without written.
 */
START_TEST(reversi_play_cells_pair_written_as_play)
{
	static const char *const sizes[] = { "4x4", "6x6", "8x8", "10x10" };
	struct rules_position	*pair[2], *one[2];
	struct rules_rng	 rng;
	int16_t			 cells[2][400];
	const int16_t		*to[2];
	size_t			 n[2], at[2], left[2], k[2], p[2], j;
	int			 games, g, written = 0, implied = 0;
	bool			 passing, with;

	for (g = 0; g < 2; g++) {
		pair[g] = turns_new("reversi", sizes[_i]);
		one[g] = turns_new("reversi", sizes[_i]);
	}
	rules_rng_seed(&rng, 90 + (uint64_t)_i);
	for (games = 0; games < 60; games++) {
		for (g = 0; g < 2; g++) {
			n[g] = random_cells_of(one[g], &rng, cells[g], true);
			rules_position_reset(one[g]);
			rules_position_reset(pair[g]);
			at[g] = 0;
		}
		passing = games % 2 == 1;
		/* Every fifth game, the entry that stops before a pass. */
		with = games % 5 != 4;
		while (at[0] < n[0] || at[1] < n[1]) {
			for (g = 0; g < 2; g++) {
				to[g] = cells[g] + at[g];
				left[g] = n[g] - at[g];
				if (left[g] > 3 && rules_rng_below(&rng, 4) == 0)
					left[g] = rules_rng_below(&rng, left[g]);
			}
			rules_play_cells_pair(
			    pair, to, left, k, passing ? p : NULL, with);
			for (g = 0; g < 2; g++) {
				for (j = 0; j < k[g]; j++) {
					ck_assert_int_eq(play_written(one[g],
							     to[g][j], passing),
					    0);
					written += to[g][j] == RULES_CELL_PASS;
					ck_assert(with ||
					    to[g][j] != RULES_CELL_PASS);
					ck_assert(_i == 2 ||
					    to[g][j] != RULES_CELL_PASS);
				}
				if (passing)
					implied += p[g] > 0;
				assert_same_position(one[g], pair[g]);
				at[g] += k[g];
				if (k[g] == left[g] || at[g] == n[g])
					continue;
				ck_assert_int_eq(play_written(one[g],
						     cells[g][at[g]], passing),
				    play_written(
					pair[g], cells[g][at[g]], passing));
				assert_same_position(one[g], pair[g]);
				at[g]++;
			}
		}
	}
	/* 8x8's runs played passes written, and implied. */
	if (_i == 2) {
		ck_assert_int_gt(written, 20);
		ck_assert_int_gt(implied, 0);
	}
	for (g = 0; g < 2; g++) {
		rules_position_free(pair[g]);
		rules_position_free(one[g]);
	}
}
END_TEST

/*
 * rules_play_cells_passing is rules_play_cells with the passes that the
 * replay of a transcript implies: where it stops before a cell, a pass
 * that rules_play takes, and on from the same cell, until a cell that
 * needs no pass stops it, or the pass is refused.  The replay's loop
 * (the passes the runs leave played by rules_play) over either gives the
 * same cells, passes and positions, on every board, and where a game
 * stops after a pass; the cell it stops before then judged by play() the
 * same.  On 8x8 the runs play passes themselves.
 */
START_TEST(reversi_play_cells_passing_as_play)
{
	static const char *const sizes[] = { "4x4", "6x6", "8x8", "10x10" };
	static const struct rules_action pass = { .kind = RULES_PASS };
	struct rules_position		*one, *run;
	struct rules_rng		 rng;
	int16_t				 cells[400];
	size_t				 n, i, k, tot, ps, p, in_runs = 0;
	int				 games, stops = 0;

	one = turns_new("reversi", sizes[_i]);
	run = turns_new("reversi", sizes[_i]);
	rules_rng_seed(&rng, 90 + (uint64_t)_i);
	for (games = 0; games < 40; games++) {
		n = random_cells(one, &rng, cells);
		rules_position_reset(one);
		rules_position_reset(run);
		for (i = 0; i < n;) {
			/* The replay's way: a run, a pass, the run again. */
			for (tot = ps = 0;; ps++) {
				tot += rules_play_cells(
				    one, cells + i + tot, n - i - tot);
				if (i + tot == n ||
				    rules_play(one, &pass, NULL) != 0)
					break;
			}
			for (k = 0;;) {
				k += rules_play_cells_passing(
				    run, cells + i + k, n - i - k, &p);
				in_runs += p;
				ck_assert_uint_ge(ps, p);
				ps -= p;
				if (i + k == n ||
				    rules_play(run, &pass, NULL) != 0)
					break;
				ck_assert_uint_gt(ps, 0);
				ps--;
			}
			ck_assert_uint_eq(k, tot);
			ck_assert_uint_eq(ps, 0);
			assert_same_position(one, run);
			if ((i += k) == n)
				break;
			ck_assert_int_eq(play_one_cell(one, cells[i]),
			    play_one_cell(run, cells[i]));
			assert_same_position(one, run);
			stops++;
			i++;
		}
	}
	ck_assert_int_gt(stops, 0);
	if (_i == 2)
		ck_assert_uint_gt(in_runs, 10);
	else
		ck_assert_uint_eq(in_runs, 0);
	rules_position_free(one);
	rules_position_free(run);
}
END_TEST

/*
 * The bitboards' move generator and flips (the fills of legal() and
 * perft, the runs of play(), play_cells() and the own playout) against
 * the naive oracle on random boards, not only those games reach: every
 * density, long runs, full lines and edges, discs off the play order.
 * Each side to move; every square tried by play() and play_cells(); the
 * game's perft against the walk through legal() and play(); its own
 * playout against the loop for a few turns.
 */
START_TEST(reversi_flips_on_random_boards)
{
	static const char *const sizes[] = { "4x4", "6x6", "8x8" };
	struct rules_game	 loop = rules_reversi;
	struct rules_position	*pos, *ref;
	struct rules_action	 acts[64], place = { .kind = RULES_PLACE };
	struct rules_rng	 rng, ra, rb;
	struct diag		 d;
	int			 pieces[64], cells[64], i, k, n, me, boards;
	int			 count, played = 0, most = 0;
	int16_t			 to;
	uint64_t		 empty, mine;
	size_t			 nl;

	loop.playout = NULL;
	pos = turns_new("reversi", sizes[_i]);
	ref = rules_position_new(&loop, sizes[_i], NULL, &d);
	ck_assert_ptr_nonnull(ref);
	n = pos->board.width;
	rules_rng_seed(&rng, 34 + (uint64_t)_i);
	for (boards = 0; boards < 3000; boards++) {
		/* Out of 16: how many squares are empty, how many mine. */
		empty = rules_rng_below(&rng, 12);
		mine = 1 + rules_rng_below(&rng, 14);
		for (i = 0; i < n * n; i++) {
			k = (int)rules_rng_below(&rng, 16);
			pieces[i] = (uint64_t)k < empty	     ? RULES_EMPTY :
			    rules_rng_below(&rng, 16) < mine ? RULES_PIECE(0) :
							       RULES_PIECE(1);
		}
		/* The centre is never empty; a corner disc: not the start. */
		for (i = 0; i < 4; i++)
			if (pieces[(n / 2 - 1 + i / 2) * n + n / 2 - 1 +
				i % 2] == RULES_EMPTY)
				pieces[(n / 2 - 1 + i / 2) * n + n / 2 - 1 +
				    i % 2] = RULES_PIECE(i % 2);
		pieces[0] = RULES_PIECE(boards % 2);
		me = (int)rules_rng_below(&rng, 2);
		ck_assert_int_eq(rules_setup(pos, pieces, me, &d), 0);
		/* legal() lists exactly the oracle's moves, or a pass. */
		memcpy(cells, pieces, sizeof cells);
		nl = rules_legal(pos, acts, 64);
		count = 0;
		for (i = 0; i < n * n; i++)
			count += oracle_flips(cells, n, me, i, false) > 0;
		if (count > 0) {
			ck_assert_uint_eq(nl, (size_t)count);
			for (k = 0; k < (int)nl; k++)
				ck_assert_int_gt(oracle_flips(cells, n, me,
						     acts[k].to, false),
				    0);
		} else
			ck_assert(
			    nl == 0 || (nl == 1 && acts[0].kind == RULES_PASS));
		/* Every square, by play() and by play_cells(). */
		for (i = 0; i < n * n; i++) {
			memcpy(cells, pieces, sizeof cells);
			k = oracle_flips(cells, n, me, i, true);
			cells[i] = k > 0 ? 1 + me : cells[i];
			place.to = (int16_t)i;
			ck_assert_int_eq(rules_setup(pos, pieces, me, &d), 0);
			ck_assert_int_eq(
			    rules_play(pos, &place, NULL) == 0, k > 0);
			turns_require_pieces(pos, cells);
			ck_assert_int_eq(rules_setup(pos, pieces, me, &d), 0);
			to = (int16_t)i;
			ck_assert_uint_eq(
			    rules_play_cells(pos, &to, 1), k > 0 ? 1 : 0);
			turns_require_pieces(pos, cells);
			played += k > 0;
			most = k > most ? k : most;
		}
		/* perft (fills) against legal() and play(); the playout. */
		ck_assert_int_eq(rules_setup(pos, pieces, me, &d), 0);
		ck_assert_int_eq(rules_setup(ref, pieces, me, &d), 0);
		if (boards % 8 == 0)
			ck_assert_uint_eq(rules_perft(pos, 2),
			    rules_perft_actions(
				pos->game, &pos->board, pos->state, 2));
		rules_rng_seed(&ra, (uint64_t)boards);
		rules_rng_seed(&rb, (uint64_t)boards);
		ck_assert_uint_eq(rules_playout(pos, &ra, 6, NULL, NULL),
		    rules_playout(ref, &rb, 6, NULL, NULL));
		ck_assert_mem_eq(pos->state, ref->state, loop.state_size);
	}
	/* Not vacuous: many moves, some turning over long runs. */
	ck_assert_int_gt(played, 3000);
	ck_assert_int_gt(most, n);
	rules_position_free(pos);
	rules_position_free(ref);
}
END_TEST

START_TEST(reversi_board_specs)
{
	static const char *const bad[] = { "7x7", "18", "8x6", "", "8x08",
		"8x+8", "8x 8", "08x8", NULL };
	struct rules_position	*pos;

	pos = turns_new("reversi", "6");
	ck_assert_str_eq(pos->board.name, "6x6");
	rules_position_free(pos);
	turns_assert_bad_boards(&rules_reversi, bad);
	turns_assert_board_spellings(&rules_reversi, "8");
	turns_assert_board_spellings(&rules_reversi, "8x8");
}
END_TEST

START_TEST(playout_is_reproducible)
{
	struct rules_position *a;
	struct rules_rng       r1;
	size_t		       n;

	a = turns_assert_playout_twice("reversi", 7, 0, &r1, &n);
	ck_assert_uint_gt(n, 8);
	ck_assert_int_eq(rules_phase(a), RULES_GAME_OVER);
	ck_assert_int_eq(a->board.ncells, 64);
	/* A turn cap stops early. */
	rules_position_reset(a);
	rules_playout(a, &r1, 5, NULL, NULL);
	ck_assert_int_eq(rules_turn(a), 6);
	rules_position_free(a);
}
END_TEST

static void
count_pass(
    const struct rules_position *pos, const struct rules_action *a, void *n)
{
	(void)pos;
	*(size_t *)n += a->kind == RULES_PASS;
}

/*
 * A game's own playout (reversi_playout) plays the very games of
 * rules_playout()'s loop of legal() and play(): the same table without
 * the entry plays the loop.  From the start and from positions part-way
 * (passes and game ends among them), on each bitboard size and on 10x10
 * (the loop's), capped and not: the same states, counts, turns and
 * generator afterwards.
 */
START_TEST(own_playout_is_the_loop)
{
	static const char *boards[] = { "4x4", "6x6", "8x8", "10x10" };
	static const int   caps[] = { 0, 1, 7, 40 };
	struct rules_game  loop = rules_reversi;
	struct rules_rng   ra, rb, walk;
	struct diag	   d;
	size_t		   na, nb, passes = 0, ends = 0;
	int		   i, j, pre;

	loop.playout = NULL;
	ck_assert_ptr_nonnull(rules_reversi.playout);
	rules_rng_seed(&walk, 99);
	for (i = 0; i < 4 * 400; i++) {
		struct rules_position *a, *b;

		a = rules_position_new(&rules_reversi, boards[i % 4], NULL, &d);
		b = rules_position_new(&loop, boards[i % 4], NULL, &d);
		ck_assert_ptr_nonnull(a);
		ck_assert_ptr_nonnull(b);
		/* Part-way: the same random turns on both first. */
		pre = (int)rules_rng_below(&walk, 50);
		rules_rng_seed(&ra, (uint64_t)i);
		rules_rng_seed(&rb, (uint64_t)i);
		rules_playout(a, &ra, pre, NULL, NULL);
		rules_playout(b, &rb, pre, count_pass, &passes);
		for (j = 0; j < 2; j++) {
			na = rules_playout(
			    a, &ra, caps[(i / 4 + j) % 4], NULL, NULL);
			nb = rules_playout(
			    b, &rb, caps[(i / 4 + j) % 4], count_pass, &passes);
			ck_assert_uint_eq(na, nb);
		}
		ck_assert_mem_eq(a->state, b->state, rules_reversi.state_size);
		ck_assert_int_eq(a->actions, b->actions);
		ck_assert_int_eq(rules_turn(a), rules_turn(b));
		ck_assert_int_eq(rules_phase(a), rules_phase(b));
		ck_assert_uint_eq(rules_rng_next(&ra), rules_rng_next(&rb));
		ends += rules_phase(a) == RULES_GAME_OVER;
		rules_position_free(a);
		rules_position_free(b);
	}
	/* Not vacuous: passes, games ended and games cut by the caps. */
	ck_assert_uint_gt(ends, 100);
	ck_assert_uint_lt(ends, 4 * 400);
	ck_assert_uint_gt(passes, 0);
}
END_TEST

UNIT_MAIN("rules",
    unit_tcase("geometry", 0, hexhex_cell_counts, hex_neighbour_sets,
	hexhex_side3_names, hex_neighbours, hex_neighbours_padded,
	rive_335_board, square_names, board_specs, NULL),
    unit_tcase("rng", 0, rng_reference, rng_below_uniform, NULL),
    unit_tcase("registry", 0, registry_finds_games, registry_dice,
	registry_turn_caps, registry_pie_rule, variant_parse,
	playout_is_reproducible, own_playout_is_the_loop, NULL),
    unit_loops(
	unit_tcase("reversi", 60, reversi_start, reversi_flips_every_line,
	    reversi_run_must_end_in_own_disc, reversi_illegal_moves,
	    reversi_pass_only_without_moves, reversi_end_and_wof_score,
	    reversi_end_left_open, reversi_open_goes_on,
	    reversi_draw_splits_empties, reversi_setup_refuses_the_unreachable,
	    reversi_perft, perft_out_of_memory, reversi_board_specs, NULL),
	reversi_matches_oracle, 0, 5, reversi_play_cells_as_play, 0, 4,
	reversi_play_cells_pair_as_two, 0, 4,
	reversi_play_cells_pair_written_as_play, 0, 4,
	reversi_play_cells_passing_as_play, 0, 4,
	reversi_flips_on_random_boards, 0, 3, NULL))
