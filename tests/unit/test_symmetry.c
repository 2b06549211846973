/* SPDX-License-Identifier: MIT */
/*
 * Board symmetries (src/rules/symmetry.c): how many each board has, that
 * each is a permutation keeping neighbours neighbours, that standard
 * Othello's start keeps 4, and that a position's key is the same for each
 * of its images and for no other position, after random play in each
 * game that has no dice.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rules/symmetry.h"
#include "unit.h"

static struct rules_position *
position(const char *game, const char *spec)
{
	struct diag	       d;
	struct rules_position *pos;

	pos = rules_position_new(rules_game_find(game), spec, NULL, &d);
	ck_assert_msg(pos != NULL, "%s %s: %s", game, spec, d.msg);
	return pos;
}

/* Whether cells i and j touch (orthogonally on a square board). */
static bool
adjacent(const struct rules_board *b, int i, int j)
{
	int k;

	if (b->geometry == RULES_SQUARE)
		return (i / b->width == j / b->width &&
			   abs(i % b->width - j % b->width) == 1) ||
		    (i % b->width == j % b->width &&
			abs(i / b->width - j / b->width) == 1);
	for (k = 0; k < b->degree[i]; k++)
		if (b->nb[i][k] == j)
			return true;
	return false;
}

/* s is n distinct permutations of b's cells, identity first, each
 * keeping adjacency both ways. */
static void
check_group(
    const struct rules_board *b, const struct rules_symmetries *s, int n)
{
	bool seen[RULES_MAX_CELLS];
	int  k, i, j;

	ck_assert_msg(s->n == n, "%s: %d symmetries, not %d", b->name, s->n, n);
	/* Check writes each ck_assert down: the loops test, then fail. */
	for (i = 0; i < b->ncells; i++)
		if (s->map[0][i] != i)
			ck_abort_msg("%s: the first is no identity", b->name);
	for (k = 0; k < s->n; k++) {
		memset(seen, 0, sizeof seen);
		for (i = 0; i < b->ncells; i++) {
			if (seen[s->map[k][i]])
				ck_abort_msg("%s: symmetry %d is no "
					     "permutation",
				    b->name, k);
			seen[s->map[k][i]] = true;
		}
		/* Edges to edges, one to one: a bijection of the cells that
		 * keeps every edge keeps non-edges too (as many of each). */
		for (i = 0; i < b->ncells; i++)
			for (j = 0; j < b->ncells; j++)
				if (adjacent(b, i, j) &&
				    !adjacent(b, s->map[k][i], s->map[k][j]))
					ck_abort_msg("%s: symmetry %d parts "
						     "cells %d and %d",
					    b->name, k, i, j);
		for (j = 0; j < k; j++)
			if (memcmp(s->map[j], s->map[k], sizeof s->map[k]) == 0)
				ck_abort_msg("%s: symmetries %d and %d are one",
				    b->name, j, k);
	}
}

/* Boards and their symmetries: board_n the board's own, game_n those the
 * rules keep (test_game_symmetries says which). */
static const struct {
	const char *game, *spec;
	int	    board_n, game_n;
} boards[] = {
	{ "reversi", "8x8", 8, 8 },
	{ "reversi", "6x6", 8, 8 },
	{ "reversi", "4x4", 8, 8 },
	{ "oust", "2", 12, 12 },
	{ "oust", "5", 12, 12 },
	{ "oust", "9", 12, 12 },
	{ "rive", "3-3-5", 4, 4 },
	{ "stones", NULL, 8, 2 },
};

START_TEST(test_counts)
{
	struct rules_symmetries s;
	struct rules_board	b;
	struct rules_position  *pos;
	size_t			i;

	for (i = 0; i < sizeof boards / sizeof boards[0]; i++) {
		pos = position(boards[i].game, boards[i].spec);
		rules_symmetries_of(&pos->board, &s);
		check_group(&pos->board, &s, boards[i].board_n);
		rules_position_free(pos);
	}
	/* An oblong board: the half turn and the two mirrors. */
	ck_assert_int_eq(rules_square_init(&b, 8, 6, NULL), 0);
	rules_symmetries_of(&b, &s);
	check_group(&b, &s, 4);
}
END_TEST

/*
 * The rules' symmetries: every one of the board's where the rules are
 * the same everywhere; Stones!'s ranks are told apart (each colour makes
 * for its far rank), so only the identity and the mirror of the files.
 */
START_TEST(test_game_symmetries)
{
	struct rules_symmetries s;
	struct rules_position  *pos;
	size_t			i;
	int			c;

	for (i = 0; i < sizeof boards / sizeof boards[0]; i++) {
		pos = position(boards[i].game, boards[i].spec);
		rules_symmetries_of_game(pos, &s);
		ck_assert_int_eq(s.n, boards[i].game_n);
		for (c = 0; c < pos->board.ncells; c++)
			ck_assert_int_eq(s.map[0][c], c);
		rules_position_free(pos);
	}
	/* Stones!: the second keeps each rank, and is no identity. */
	pos = position("stones", NULL);
	rules_symmetries_of_game(pos, &s);
	for (c = 0; c < pos->board.ncells; c++)
		ck_assert_int_eq(
		    s.map[1][c] / pos->board.width, c / pos->board.width);
	ck_assert_int_ne(s.map[1][0], 0);
	rules_position_free(pos);
}
END_TEST

START_TEST(test_start_kept)
{
	struct rules_symmetries s;
	struct rules_position  *pos = position("reversi", NULL);

	/* Othello's start keeps the half turn and both diagonals. */
	rules_symmetries_of(&pos->board, &s);
	rules_symmetries_keeping(&s, pos);
	ck_assert_int_eq(s.n, 4);
	ck_assert_int_eq(s.map[0][0], 0);
	ck_assert_int_eq(s.map[0][63], 63);
	ck_assert_int_eq(s.map[1][0], 63); /* the half turn: a1 to h8 */
	rules_position_free(pos);
	/* The empty hexhex board of Oust keeps all 12. */
	pos = position("oust", "5");
	rules_symmetries_of(&pos->board, &s);
	rules_symmetries_keeping(&s, pos);
	ck_assert_int_eq(s.n, 12);
	rules_position_free(pos);
}
END_TEST

/* Plays up to n random actions; false if the game ended first. */
static void
random_play(struct rules_position *pos, struct rules_rng *rng, int n)
{
	struct rules_action act[RULES_MAX_CELLS * 4];
	size_t		    m;

	while (n-- > 0 && rules_phase(pos) != RULES_GAME_OVER) {
		m = rules_legal(pos, act, sizeof act / sizeof act[0]);
		if (m == 0)
			break;
		ck_assert_int_eq(
		    rules_play(pos, &act[rules_rng_below(rng, m)], NULL), 0);
	}
}

START_TEST(test_keys)
{
	static const struct {
		const char *game, *spec;
	} games[] = { { "reversi", NULL }, { "oust", "4" }, { "rive", "3-3-5" },
		{ "stones", NULL } };
	struct rules_symmetries s;
	struct rules_position  *pos, *image, *other;
	struct rules_rng	rng;
	uint8_t			key[RULES_KEY_SIZE(RULES_MAX_CELLS)];
	uint8_t			got[RULES_KEY_SIZE(RULES_MAX_CELLS)];
	int			pieces[RULES_MAX_CELLS];
	size_t			g, size;
	int			round, k, i, compared;

	rules_rng_seed(&rng, 11);
	for (g = 0; g < sizeof games / sizeof games[0]; g++) {
		compared = 0;
		for (round = 0; round < 40; round++) {
			pos = position(games[g].game, games[g].spec);
			image = rules_position_dup(pos);
			other = rules_position_dup(pos);
			rules_symmetries_of(&pos->board, &s);
			size = RULES_KEY_SIZE(pos->board.ncells);
			random_play(pos, &rng, 1 + round % 24);
			if (rules_mid_turn(pos) ||
			    rules_phase(pos) == RULES_GAME_OVER)
				goto next;
			rules_position_key(pos, &s, key);
			/* Each image, set up, has the same key. */
			for (k = 0; k < s.n; k++) {
				for (i = 0; i < pos->board.ncells; i++)
					pieces[s.map[k][i]] = rules_piece(
					    pos, i);
				if (rules_setup(image, pieces,
					rules_to_move(pos), NULL) != 0)
					continue; /* not a legal set-up */
				rules_position_key(image, &s, got);
				ck_assert(memcmp(key, got, size) == 0);
				compared += k > 0;
			}
			/* One piece more or less, or the other to move: not. */
			for (i = 0; i < pos->board.ncells; i++)
				pieces[i] = rules_piece(pos, i);
			if (rules_setup(other, pieces, 1 - rules_to_move(pos),
				NULL) == 0) {
				rules_position_key(other, &s, got);
				ck_assert(memcmp(key, got, size) != 0);
			}
			for (i = 0; i < pos->board.ncells; i++)
				if (pieces[i] != RULES_EMPTY) {
					pieces[i] = RULES_EMPTY;
					break;
				}
			if (rules_setup(
				other, pieces, rules_to_move(pos), NULL) == 0) {
				rules_position_key(other, &s, got);
				ck_assert(memcmp(key, got, size) != 0);
			}
		next:
			rules_position_free(pos);
			rules_position_free(image);
			rules_position_free(other);
		}
		/* The test is no test unless images were compared. */
		ck_assert_msg(compared >= 40, "%s: %d images compared",
		    games[g].game, compared);
	}
}
END_TEST

/*
 * The symmetries that give a key (rules_key_symmetries): standard
 * Othello's start has 4, its image under each of them is the key, and
 * the image under each other one is not.
 */
START_TEST(test_key_symmetries)
{
	struct rules_symmetries s;
	struct rules_position  *pos = position("reversi", NULL);
	uint8_t			key[RULES_KEY_SIZE(64)];
	uint8_t			image[64];
	unsigned		set;
	int			k, i, n = 0;

	rules_symmetries_of(&pos->board, &s);
	rules_position_key(pos, &s, key);
	set = rules_key_symmetries(pos, &s, key);
	for (k = 0; k < s.n; k++) {
		for (i = 0; i < 64; i++)
			image[s.map[k][i]] = (uint8_t)rules_piece(pos, i);
		ck_assert_int_eq(
		    memcmp(image, key, 64) == 0, (set >> k & 1) != 0);
		n += set >> k & 1;
	}
	ck_assert_int_eq(n, 4);
	ck_assert_uint_eq(set >> s.n, 0);
	rules_position_free(pos);
}
END_TEST

UNIT_MAIN("symmetry",
    unit_tcase("symmetry", 0, test_counts, test_game_symmetries,
	test_start_kept, test_keys, test_key_symmetries, NULL))
