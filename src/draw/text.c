/* SPDX-License-Identifier: MIT */
/*
 * Text diagrams of a position, and the hex layout that the SVG pictures
 * share, so that both show a board the same way (draw.h).
 */
#include <stdio.h>
#include <string.h>

#include "draw/draw.h"

void
draw_hex_layout(const struct rules_board *b, struct draw_hex_layout *l)
{
	int i, c, r, x, end;

	memset(l, 0, sizeof *l);
	for (c = 0; c <= RULES_MAX_DIM; c++)
		l->low[c] = RULES_MAX_DIM + 1;
	for (i = 0; i < b->ncells; i++) {
		c = b->col[i];
		r = b->row[i];
		if (r < l->low[c])
			l->low[c] = r;
		if (l->left[r] == 0 || c < l->left[r])
			l->left[r] = c;
		if (c > l->right[r])
			l->right[r] = c;
	}
	/* Cells at 2c + r half cells; a column's letter one step below. */
	l->xmin = 1 << 20;
	for (c = 1; c <= b->width; c++) {
		x = 2 * c + l->low[c] - 1;
		if (l->low[c] <= RULES_MAX_DIM && x < l->xmin)
			l->xmin = x;
	}
	l->width = 0;
	for (r = 1; r <= b->height; r++) {
		end = 2 * l->right[r] + r + 3 + (r >= 10 ? 2 : 1);
		if (end - l->xmin > l->width)
			l->width = end - l->xmin;
	}
	l->rows = b->height + 1;
}

/* The glyph of a piece: white stones are hollow, whatever their index. */
static const char *
glyph(const struct rules_position *pos, int piece, enum draw_charset cs)
{
	static const char *const set[2][5] = {
		[DRAW_UNICODE] = { "\xc2\xb7", "\xe2\x97\x8f", "\xe2\x97\x8b",
		    "\xe2\x97\x89", "\xe2\x97\x8e" },
		[DRAW_ASCII] = { ".", "X", "O", "x", "o" },
	};
	int hollow;

	if (piece == RULES_EMPTY)
		return set[cs][0];
	hollow = strcmp(pos->game->colour[RULES_COLOUR_OF(piece)], "white") ==
		0 ||
	    (RULES_COLOUR_OF(piece) == 1 &&
		strcmp(pos->game->colour[0], "white") != 0);
	return set[cs][1 + hollow + ((piece & RULES_PINNED) ? 2 : 0)];
}

static void
legend(FILE *out, const struct rules_position *pos, enum draw_charset cs,
    bool pinned)
{
	int i;

	for (i = 0; i < RULES_COLOURS; i++)
		fprintf(out, "%s%s %s", i > 0 ? "  " : "",
		    glyph(pos, RULES_PIECE(i), cs), pos->game->colour[i]);
	if (pinned)
		fprintf(out, "  %s %s pinned",
		    glyph(pos, RULES_PIECE(0) | RULES_PINNED, cs),
		    glyph(pos, RULES_PIECE(1) | RULES_PINNED, cs));
	fputc('\n', out);
}

static void
files_line(FILE *out, const struct rules_board *b, int margin)
{
	int f;

	fprintf(out, "%*s", margin, "");
	for (f = 0; f < b->width; f++)
		fprintf(out, " %c", 'a' + f);
	fputc('\n', out);
}

static bool
draw_square(FILE *out, const struct rules_position *pos, enum draw_charset cs)
{
	const struct rules_board *b = &pos->board;
	int			  margin = b->height >= 10 ? 2 : 1, i, r, f, v;
	bool			  pinned = false;

	files_line(out, b, margin);
	for (i = 0; i < b->height; i++) {
		r = pos->game->row1_on_top ? i + 1 : b->height - i;
		fprintf(out, "%*d", margin, r);
		for (f = 0; f < b->width; f++) {
			v = rules_piece(pos, (r - 1) * b->width + f);
			pinned |= (v & RULES_PINNED) != 0;
			fprintf(out, " %s", glyph(pos, v, cs));
		}
		fprintf(out, " %d\n", r);
	}
	files_line(out, b, margin);
	return pinned;
}

/* One line of a hex drawing: board row r, or the label row r = 0. */
static bool
hex_line(FILE *out, const struct rules_position *pos,
    const struct draw_hex_layout *l, int r, enum draw_charset cs)
{
	const struct rules_board *b = &pos->board;
	int			  x = 0, want, c, cell, v;
	bool			  pinned = false;
	char			  label[16];

	/* Items go left to right: column letters, cells, the row number. */
	for (c = 1; c <= b->width; c++) {
		if (l->low[c] - 1 == r) {
			want = 2 * c + r - l->xmin;
			fprintf(out, "%*s%c", want - x, "", 'a' + c - 1);
			x = want + 1;
		}
		if (r == 0 || (cell = b->at[c - 1][r - 1]) < 0)
			continue;
		want = 2 * c + r - l->xmin;
		v = rules_piece(pos, cell);
		pinned |= (v & RULES_PINNED) != 0;
		fprintf(out, "%*s%s", want - x, "", glyph(pos, v, cs));
		x = want + 1;
	}
	if (r > 0) {
		want = 2 * l->right[r] + r + 3 - l->xmin;
		snprintf(label, sizeof label, "%d", r);
		fprintf(out, "%*s%s", want - x, "", label);
	}
	fputc('\n', out);
	return pinned;
}

int
draw_text(FILE *out, const struct rules_position *pos, enum draw_charset cs)
{
	struct draw_hex_layout l;
	bool		       pinned = false;
	int		       r;

	if (pos->board.geometry == RULES_SQUARE)
		pinned = draw_square(out, pos, cs);
	else {
		draw_hex_layout(&pos->board, &l);
		for (r = pos->board.height; r >= 0; r--)
			pinned |= hex_line(out, pos, &l, r, cs);
	}
	legend(out, pos, cs, pinned);
	return ferror(out) ? -1 : 0;
}
