/* SPDX-License-Identifier: MIT */
/*
 * The Setup tag (formats/record.md, "Set-up positions"): a start position
 * as text, one character a cell in cell order then the colour to move, and
 * back.  Reversi's is the FFO/OBF shape.  Whether the position can arise
 * under the game's rules is the rules core's question (rules_setup); this
 * file knows only the text.
 */
#include <ctype.h>
#include <string.h>

#include "record/setup.h"

/* The piece a Setup character stands for, or -1. */
static int
setup_piece(char c)
{
	switch (c) {
	case '-': return RULES_EMPTY;
	case 'X': return RULES_PIECE(0);
	case 'O': return RULES_PIECE(1);
	case 'x': return RULES_PIECE(0) | RULES_PINNED;
	case 'o': return RULES_PIECE(1) | RULES_PINNED;
	}
	return -1;
}

int
record_setup_parse(const struct rules_board *b, const char *v, size_t len,
    int *pieces, int *to_move, struct diag *d)
{
	size_t i, end = len;
	int    n = 0, p;

	while (end > 0 && isspace((unsigned char)v[end - 1]))
		end--;
	if (end == 0)
		return diag_set(d, DIAG_BAD_SETUP_TAG,
		    "a Setup is %d cells "
		    "of X O - then the colour to move (X or O)",
		    b->ncells);
	/* Blanks may group the cells (rows, as GGF writes them). */
	for (i = 0; i < end - 1; i++) {
		if (isspace((unsigned char)v[i]))
			continue;
		if ((p = setup_piece(v[i])) == -1)
			return diag_set(d, DIAG_BAD_SETUP_TAG,
			    "a Setup cell "
			    "is X, O or - (x or o pinned), not '%c' (byte %zu)",
			    isprint((unsigned char)v[i]) ? v[i] : '?', i + 1);
		if (n == b->ncells)
			return diag_set(d, DIAG_BAD_SETUP_TAG,
			    "the Setup "
			    "gives more than the %d cells of the board",
			    b->ncells);
		pieces[n++] = p;
	}
	if (n < b->ncells)
		return diag_set(d, DIAG_BAD_SETUP_TAG,
		    "the Setup gives %d "
		    "cell%s; the board has %d",
		    n, n == 1 ? "" : "s", b->ncells);
	if (i == 0 || !isspace((unsigned char)v[i - 1]) ||
	    (v[i] != 'X' && v[i] != 'O'))
		return diag_set(d, DIAG_BAD_SETUP_TAG,
		    "a Setup ends in a "
		    "blank and the colour to move, X or O");
	*to_move = v[i] == 'X' ? 0 : 1;
	return 0;
}

int
record_setup_text(const int *pieces, int n, int to_move, char *buf, size_t cap)
{
	int i, p;

	if (cap < (size_t)n + 3)
		return -1;
	for (i = 0; i < n; i++) {
		p = pieces[i];
		buf[i] = p == RULES_EMPTY ?
		    '-' :
		    "XOxo"[RULES_COLOUR_OF(p) + (p & RULES_PINNED ? 2 : 0)];
	}
	buf[n] = ' ';
	buf[n + 1] = to_move == 0 ? 'X' : 'O';
	buf[n + 2] = '\0';
	return n + 2;
}

int
record_setup_format(const struct rules_position *pos, char *buf, size_t cap)
{
	int pieces[RULES_MAX_CELLS], i;

	for (i = 0; i < pos->board.ncells; i++)
		pieces[i] = rules_piece(pos, i);
	return record_setup_text(
	    pieces, pos->board.ncells, rules_to_move(pos), buf, cap);
}
