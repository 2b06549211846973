/* SPDX-License-Identifier: MIT */
/*
 * The symmetries of a board, and positions up to them: the rotations and
 * reflections that map a board's cells onto its cells and neighbours onto
 * neighbours (8 for a square board, 4 for an oblong one, 12 for a hexhex
 * board, fewer for Rive's 3-3-5), as permutations of the cells; and a key
 * of a position that is the same for every image of it, so that archives
 * can be deduplicated and explored up to symmetry.  A colour exchange is
 * no symmetry here: the rules make none.
 */
#ifndef ARBITER_SYMMETRY_H
#define ARBITER_SYMMETRY_H

#include <stddef.h>
#include <stdint.h>

#include "rules/rules.h"

#define RULES_MAX_SYMMETRIES 12

/*
 * n symmetries, the identity first: map[k][cell] is the cell that
 * symmetry k takes cell to.  Plain data (9.6 KB): callers keep one per
 * board.
 */
struct rules_symmetries {
	int	n;
	int16_t map[RULES_MAX_SYMMETRIES][RULES_MAX_CELLS];
};

/* Fills s with the symmetries of board b. */
void
rules_symmetries_of(const struct rules_board *b, struct rules_symmetries *s);

/*
 * Fills s with those of pos's board that pos's game's rules respect: all
 * of them, or for a game whose rules tell the ranks apart (ranks_fixed)
 * those that keep every cell on its rank.  Two positions alike under one
 * of these are the same position of the game.
 */
void rules_symmetries_of_game(
    const struct rules_position *pos, struct rules_symmetries *s);

/*
 * Keeps in s (identity first, order kept) the symmetries that map pos's
 * pieces onto themselves: given a game's start position, those that keep
 * whole games comparable (4 of standard Othello's 8).
 */
void rules_symmetries_keeping(
    struct rules_symmetries *s, const struct rules_position *pos);

/* Bytes of a key of a position on a board of ncells cells. */
#define RULES_KEY_SIZE(ncells) ((size_t)(ncells) + 2)

/*
 * Writes into key (RULES_KEY_SIZE(ncells) bytes) the least, byte by byte,
 * of pos's images under s (s->n >= 1, the identity first, as
 * rules_symmetries_of gives): each cell's piece in cell order, then the
 * colour to move and whether a turn is in progress.  Two positions at a
 * turn's start have the same key exactly when their pieces and the colour
 * to move are images of each other under s; what else a position holds
 * (Herd's dice, whether the pie rule was used, the actions of a turn in
 * progress) is not in the key.  Returns the index in s of the symmetry
 * that gives the key.
 */
int rules_position_key(const struct rules_position *pos,
    const struct rules_symmetries *s, uint8_t *key);

/*
 * The symmetries of s (bit k for s->map[k]) that take pos's pieces to
 * key's, as rules_position_key wrote it for pos: more than one where the
 * key's position maps onto itself, so that a move can be put in the
 * key's frame the same way from every image of pos (gamestat --tree).
 */
unsigned rules_key_symmetries(const struct rules_position *pos,
    const struct rules_symmetries *s, const uint8_t *key);

#endif
