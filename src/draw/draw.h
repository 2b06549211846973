/* SPDX-License-Identifier: MIT */
/*
 * Board diagrams: a position drawn as text (Unicode or plain ASCII) for a
 * terminal, or as an SVG picture for a browser.  A module of its own, not
 * part of src/cli: it is pure rendering that depends on the rules core
 * alone (the geometry of struct rules_board, the pieces through the game
 * interface), writes to any FILE, and is unit-tested without a process;
 * the tools decide what goes around a diagram (turn, score, last turn).
 * The only per-game knowledge is the interface's row1_on_top; everything
 * else follows the board's geometry (square or hex).
 */
#ifndef ARBITER_DRAW_H
#define ARBITER_DRAW_H

#include <stdbool.h>
#include <stdio.h>

#include "rules/rules.h"

enum draw_charset {
	DRAW_UNICODE, /* ● ○ stones, ◉ ◎ pinned, · empty */
	DRAW_ASCII,   /* X O stones, x o pinned, . empty */
};

/*
 * Writes a text diagram of pos to out.  Square boards: file letters above
 * and below, rank numbers left and right, row 1 on top where the game
 * prints it so (row1_on_top), else at the bottom.  Hex boards: hexagons of
 * cells with rows offset by half a cell, row 1 at the bottom; each row's
 * number at its right end and each column's letter below its lowest cell.
 * The glyph of a stone follows its colour's name (white is hollow), and a
 * legend line follows.  Returns 0, or -1 when out cannot be written.
 */
int
draw_text(FILE *out, const struct rules_position *pos, enum draw_charset cs);

/*
 * What the last turn did, for the marks of a picture: the position before
 * it (borrowed; same game and board) and its actions (borrowed).
 */
struct draw_last {
	const struct rules_position *before;
	const struct rules_action   *actions;
	size_t			     nactions;
};

/*
 * What a picture says around its board (all borrowed; every string is
 * escaped when written): a title line, each colour's player (NULL or ""
 * for unknown) and score, the state ("turn 5: black to move", or the
 * result), the last turn's text (NULL: none), and whose turn it is (a
 * colour, or -1 when no one is to move).
 */
struct draw_caption {
	const char *title;
	const char *player[RULES_COLOURS];
	int	    score[RULES_COLOURS];
	const char *const *figure; /* what score counts, one and more */
	const char *state;
	const char *last;
	int	    to_move;
};

/* draw_svg's flags. */
#define DRAW_SVG_INLINE 0x1 /* no XML declaration: for an HTML page */

/*
 * The start of the script of a page that shows drawings (gameplay show
 * --html, gamestat --tree --html), through its opening "var" line, whose
 * other names are vars (a C string: ", path = []", or ""): any script
 * error, and what the script says is wrong through fail(message), is
 * collected in the body's data-errors attribute, one a line, which
 * tests/browser.sh reads.
 */
#define DRAW_PAGE_ERRORS(vars) \
	"\"use strict\";\n" \
	"(function () {\n" \
	"var body = document.body, errors = []" vars ";\n" \
	"function fail(m) {\n" \
	"\terrors.push(m);\n" \
	"\tbody.setAttribute(\"data-errors\", errors.join(\"\\n\"));\n" \
	"}\n" \
	"window.addEventListener(\"error\", function (e) {\n" \
	"\tfail(String(e.message));\n" \
	"});\n"

/*
 * Writes pos as an SVG document to out: when cap is not NULL a header
 * (title, players with their colour and score, the one to move marked,
 * the state); the board in the same orientation as draw_text, stones
 * (each with its cell in a data-cell attribute), pinned stones, and
 * coordinates; and when last is not NULL the last turn marked (a ring on
 * each cell it placed or moved to, a line from a moved stone's origin, a
 * dashed ring on each cell whose stone it captured or removed, a dot on
 * each stone it turned over or pinned), its dice drawn, and a legend of
 * the marks shown.  The picture has its own light background, so it
 * reads the same on a light or a dark page.  Returns 0, or -1 when out
 * cannot be written or memory ran out.
 */
int draw_svg(FILE *out, const struct rules_position *pos,
    const struct draw_last *last, const struct draw_caption *cap, int flags);

/*
 * Where draw_text and draw_svg put a hex cell (c, r): a column in half
 * cells (x) and a row counted from the top (y), both from 0, for the whole
 * drawing including labels; and the drawing's size.  Public for the tests.
 */
struct draw_hex_layout {
	int xmin;		      /* subtracted from 2c + r */
	int width;		      /* half cells, labels included */
	int rows;		      /* board rows plus the label row */
	int low[RULES_MAX_DIM + 1];   /* lowest row of column c */
	int left[RULES_MAX_DIM + 1];  /* first column of row r */
	int right[RULES_MAX_DIM + 1]; /* last column of row r */
};

void draw_hex_layout(const struct rules_board *, struct draw_hex_layout *);

#endif
