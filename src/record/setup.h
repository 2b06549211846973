/* SPDX-License-Identifier: MIT */
/*
 * The Setup tag's codec (setup.c): its value to a position's pieces and
 * the colour to move, and back.  Which positions a game can reach is the
 * rules core's.
 */
#ifndef ARBITER_RECORD_SETUP_H
#define ARBITER_RECORD_SETUP_H

#include <stddef.h>

#include "rules/rules.h"

/*
 * The Setup tag (setup.c, formats/record.md "Set-up positions"): the
 * value's len bytes (any bytes) read as the ncells pieces of board b, into
 * pieces (b->ncells of them), and the colour to move into *to_move: each
 * cell in cell order is X (colour 0), O (colour 1) or - (empty), x or o a
 * pinned piece, blanks between them ignored; then a blank and X or O.
 * Returns 0, or -1 with d (DIAG_BAD_SETUP_TAG, its message; no position)
 * for text that is no Setup of that board.  Whether the game can reach
 * the position is rules_setup's to say.
 */
int record_setup_parse(const struct rules_board *b, const char *v, size_t len,
    int *pieces, int *to_move, struct diag *d);
/*
 * The Setup value of pos (borrowed) into buf (cap bytes, at least the
 * board's cells and 3): its length, or -1 if cap is too small.
 */
int
record_setup_format(const struct rules_position *pos, char *buf, size_t cap);
/* The same from n pieces and the colour to move. */
int
record_setup_text(const int *pieces, int n, int to_move, char *buf, size_t cap);
/* Room for any Setup value record_setup_format writes. */
#define RECORD_SETUP_MAX (RULES_MAX_CELLS + 3)

#endif
