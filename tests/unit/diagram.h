/* SPDX-License-Identifier: MIT */
/*
 * Test helpers: positions written as ASCII diagrams, so a reader sees the
 * board.  A diagram lists the cells in display order, top row first and
 * left to right, whitespace ignored (hex rows may be indented):
 *   .  empty      X  colour 0 (the first mover)      O  colour 1
 *   x  pinned colour 0 (Stones!)      o  pinned colour 1
 * Square boards are displayed as their games print them: Reversi with
 * row 1 on top (top_is_row1), Stones! with rank 1 at the bottom.  Hex rows
 * are printed top row first, as rules.md §0 draws them.  A position is set
 * up from a diagram and compared with one in its game's display order
 * (the game's row1_on_top); playing turns is left to turns.h.
 */
#ifndef ARBITER_TEST_DIAGRAM_H
#define ARBITER_TEST_DIAGRAM_H

#include <check.h>
#include <ctype.h>
#include <string.h>

#include "rules/rules.h"

/* The cell shown at display slot k (k counts cells in display order). */
static inline int
diagram_cell(const struct rules_board *b, int k, bool top_is_row1)
{
	int r, c, seen = 0;

	if (b->geometry == RULES_SQUARE) {
		r = k / b->width;
		c = k % b->width;
		if (!top_is_row1)
			r = b->height - 1 - r;
		return r * b->width + c;
	}
	for (r = b->height; r >= 1; r--)
		for (c = 1; c <= b->width; c++)
			if (b->at[c - 1][r - 1] >= 0 && seen++ == k)
				return b->at[c - 1][r - 1];
	return -1;
}

/* Reads a diagram into pieces[ncells]; returns the cells read. */
static inline int
diagram_read(const struct rules_board *b, const char *text, int *pieces,
    bool top_is_row1)
{
	int k = 0, v;

	for (; *text != '\0'; text++) {
		switch (*text) {
		case '.': v = RULES_EMPTY; break;
		case 'X': v = RULES_PIECE(0); break;
		case 'O': v = RULES_PIECE(1); break;
		case 'x': v = RULES_PIECE(0) | RULES_PINNED; break;
		case 'o': v = RULES_PIECE(1) | RULES_PINNED; break;
		default: continue;
		}
		if (k < b->ncells)
			pieces[diagram_cell(b, k, top_is_row1)] = v;
		k++;
	}
	return k;
}

/* Writes the position as a diagram, one row a line, no indentation. */
static inline void
diagram_write(
    const struct rules_position *pos, char *out, size_t len, bool top_is_row1)
{
	const struct rules_board *b = &pos->board;
	size_t			  n = 0;
	int			  k, cell, v, r, prev = -1;
	char			  ch;

	for (k = 0; k < b->ncells && n + 3 < len; k++) {
		cell = diagram_cell(b, k, top_is_row1);
		r = b->geometry == RULES_SQUARE ? cell / b->width :
						  b->row[cell];
		if (prev != -1 && r != prev)
			out[n++] = '\n';
		prev = r;
		v = rules_piece(pos, cell);
		ch = v == RULES_EMPTY	    ? '.' :
		    RULES_COLOUR_OF(v) == 0 ? 'X' :
					      'O';
		if (v & RULES_PINNED)
			ch = (char)tolower((unsigned char)ch);
		out[n++] = ch;
	}
	out[n++] = '\n';
	out[n] = '\0';
}

/* How many cells of pos hold an (unpinned) stone of colour. */
static inline int
diagram_stones(const struct rules_position *pos, int colour)
{
	int i, n = 0;

	for (i = 0; i < pos->board.ncells; i++)
		n += rules_piece(pos, i) == RULES_PIECE(colour);
	return n;
}

/*
 * Sets pos up from a whole-board diagram with to_move to move; fails the
 * test if the diagram is not one piece a cell or setup() refuses it.
 */
static inline void
diagram_setup(struct rules_position *pos, const char *diagram, int to_move)
{
	struct diag d;
	int	    pieces[RULES_MAX_CELLS];

	ck_assert_int_eq(
	    diagram_read(&pos->board, diagram, pieces, pos->game->row1_on_top),
	    pos->board.ncells);
	ck_assert_msg(rules_setup(pos, pieces, to_move, &d) == 0, "%s [%s]",
	    d.msg, diag_name(d.code));
}

/*
 * Fails the test unless setup() refuses the diagram with to_move to move
 * as bad-setup; returns the message, in *d (caller's storage).
 */
static inline const char *
diagram_refused(struct rules_position *pos, const char *diagram, int to_move,
    struct diag *d)
{
	int pieces[RULES_MAX_CELLS];

	ck_assert_int_eq(
	    diagram_read(&pos->board, diagram, pieces, pos->game->row1_on_top),
	    pos->board.ncells);
	ck_assert_int_eq(rules_setup(pos, pieces, to_move, d), -1);
	ck_assert_str_eq(diag_name(d->code), "bad-setup");
	return d->msg;
}

/* Fails the test, showing the position, unless pos is the diagram want. */
static inline void
diagram_assert(const struct rules_position *pos, const char *want)
{
	char got[2048];
	int  pieces[RULES_MAX_CELLS];
	int  k;

	diagram_write(pos, got, sizeof got, pos->game->row1_on_top);
	k = diagram_read(&pos->board, want, pieces, pos->game->row1_on_top);
	ck_assert_int_eq(k, pos->board.ncells);
	for (k = 0; k < pos->board.ncells; k++)
		ck_assert_msg(pieces[k] == rules_piece(pos, k),
		    "cell %d differs; position is\n%s", k, got);
}

#endif
