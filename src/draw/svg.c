/* SPDX-License-Identifier: MIT */
/*
 * SVG pictures of a position (draw.h): a standalone document with the
 * board, stones, coordinates and the marks of the last turn.  Numbers are
 * written with printf in the C locale the tools run in, so a picture is
 * the same on every machine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "util/util.h"

#define CELL	40		/* square side, or hex width, in px */
#define MARGIN	30
#define HEX_R	23.094		/* circumradius of a hex CELL wide */

/* What the last turn did to each cell. */
enum mark {
	MARK_NONE,
	MARK_PLACED,		/* placed, or moved to */
	MARK_REMOVED,		/* its stone was captured or removed */
	MARK_CHANGED,		/* its stone turned over or was (un)pinned */
};

struct picture {
	FILE		*out;
	const struct rules_position *pos;
	unsigned char	 mark[RULES_MAX_CELLS];
	double		 x[RULES_MAX_CELLS];	/* cell centres */
	double		 y[RULES_MAX_CELLS];
	double		 width, height;
};

static void
find_marks(struct picture *p, const struct draw_last *last)
{
	const struct rules_position *pos = p->pos;
	size_t	 i;
	int	 c, was, now;

	memset(p->mark, 0, sizeof p->mark);
	if (last == NULL || last->before == NULL)
		return;
	for (c = 0; c < pos->board.ncells; c++) {
		was = rules_piece(last->before, c);
		now = rules_piece(pos, c);
		if (was != RULES_EMPTY && now == RULES_EMPTY)
			p->mark[c] = MARK_REMOVED;
		else if (was != RULES_EMPTY && now != was)
			p->mark[c] = MARK_CHANGED;
	}
	for (i = 0; i < last->nactions; i++) {
		const struct rules_action *a = &last->actions[i];

		if (a->kind == RULES_MOVE && a->from >= 0 &&
		    a->from < pos->board.ncells)
			p->mark[a->from] = MARK_NONE;
		if ((a->kind == RULES_PLACE || a->kind == RULES_MOVE) &&
		    a->to >= 0 && a->to < pos->board.ncells)
			p->mark[a->to] = MARK_PLACED;
	}
}

static void
label(struct picture *p, double x, double y, const char *s)
{
	fprintf(p->out, "<text x=\"%.1f\" y=\"%.1f\" class=\"coord\">%s"
	    "</text>\n", x, y + 5, s);
}

static void
square_board(struct picture *p)
{
	const struct rules_board *b = &p->pos->board;
	int	 i, f, r, row;
	char	 s[16];

	p->width = 2 * MARGIN + b->width * CELL;
	p->height = 2 * MARGIN + b->height * CELL;
	fprintf(p->out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "class=\"board\"/>\n", MARGIN, MARGIN, b->width * CELL,
	    b->height * CELL);
	for (i = 0; i <= b->width; i++)
		fprintf(p->out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
		    "class=\"grid\"/>\n", MARGIN + i * CELL, MARGIN,
		    MARGIN + i * CELL, MARGIN + b->height * CELL);
	for (i = 0; i <= b->height; i++)
		fprintf(p->out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
		    "class=\"grid\"/>\n", MARGIN, MARGIN + i * CELL,
		    MARGIN + b->width * CELL, MARGIN + i * CELL);
	for (f = 0; f < b->width; f++) {
		snprintf(s, sizeof s, "%c", 'a' + f);
		label(p, MARGIN + (f + 0.5) * CELL, MARGIN / 2.0, s);
		label(p, MARGIN + (f + 0.5) * CELL, p->height - MARGIN / 2.0,
		    s);
	}
	for (row = 0; row < b->height; row++) {
		r = p->pos->game->row1_on_top ? row + 1 : b->height - row;
		snprintf(s, sizeof s, "%d", r);
		label(p, MARGIN / 2.0, MARGIN + (row + 0.5) * CELL, s);
		label(p, p->width - MARGIN / 2.0, MARGIN + (row + 0.5) * CELL,
		    s);
		for (f = 0; f < b->width; f++) {
			p->x[(r - 1) * b->width + f] = MARGIN + (f + 0.5) * CELL;
			p->y[(r - 1) * b->width + f] = MARGIN +
			    (row + 0.5) * CELL;
		}
	}
}

/* The centre of hex position (c, r), r = 0 being the label row. */
static void
hex_centre(const struct draw_hex_layout *l, int c, int r, int height,
    double *x, double *y)
{
	*x = MARGIN + (2 * c + r - l->xmin) * (CELL / 2.0);
	*y = MARGIN + HEX_R + (height - r) * 1.5 * HEX_R;
}

static void
hex_board(struct picture *p)
{
	const struct rules_board *b = &p->pos->board;
	struct draw_hex_layout l;
	double	 x, y;
	int	 i, k, c, r;
	char	 s[16];

	draw_hex_layout(b, &l);
	p->width = 0;
	p->height = 2 * MARGIN + 2 * HEX_R + b->height * 1.5 * HEX_R;
	for (i = 0; i < b->ncells; i++) {
		hex_centre(&l, b->col[i], b->row[i], b->height, &x, &y);
		p->x[i] = x;
		p->y[i] = y;
		/* Pointy-top: corners at 30 + 60k degrees. */
		fprintf(p->out, "<polygon class=\"cell\" points=\"");
		for (k = 0; k < 6; k++) {
			static const double dx[6] = { 0.8660254, 0, -0.8660254,
			    -0.8660254, 0, 0.8660254 };
			static const double dy[6] = { -0.5, -1, -0.5, 0.5, 1,
			    0.5 };

			fprintf(p->out, "%s%.1f,%.1f", k > 0 ? " " : "",
			    x + dx[k] * HEX_R, y + dy[k] * HEX_R);
		}
		fprintf(p->out, "\"/>\n");
	}
	for (c = 1; c <= b->width; c++) {
		if (l.low[c] > b->height)
			continue;
		hex_centre(&l, c, l.low[c] - 1, b->height, &x, &y);
		snprintf(s, sizeof s, "%c", 'a' + c - 1);
		label(p, x, y, s);
	}
	for (r = 1; r <= b->height; r++) {
		hex_centre(&l, l.right[r] + 1, r, b->height, &x, &y);
		snprintf(s, sizeof s, "%d", r);
		label(p, x - CELL / 4.0, y, s);
		/* The row numbers stand furthest right. */
		if (x + CELL / 4.0 + MARGIN > p->width)
			p->width = x + CELL / 4.0 + MARGIN;
	}
}

static void
stones(struct picture *p)
{
	const struct rules_position *pos = p->pos;
	const char *cls;
	double	 rad = CELL * 0.4;
	int	 c, v, colour;

	for (c = 0; c < pos->board.ncells; c++) {
		v = rules_piece(pos, c);
		if (v == RULES_EMPTY)
			continue;
		colour = RULES_COLOUR_OF(v);
		cls = strcmp(pos->game->colour[colour], "white") == 0 ||
		    (colour == 1 && strcmp(pos->game->colour[0], "white") != 0) ?
		    "white" : "black";
		fprintf(p->out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
		    "class=\"stone %s\"/>\n", p->x[c], p->y[c], rad, cls);
		if (v & RULES_PINNED)
			fprintf(p->out, "<circle cx=\"%.1f\" cy=\"%.1f\" "
			    "r=\"%.1f\" class=\"pinned\"/>\n", p->x[c],
			    p->y[c], rad * 0.55);
	}
}

static void
marks(struct picture *p, const struct draw_last *last)
{
	size_t	 i;
	int	 c;

	for (i = 0; last != NULL && i < last->nactions; i++) {
		const struct rules_action *a = &last->actions[i];

		if (a->kind == RULES_MOVE && a->from >= 0 &&
		    a->from < p->pos->board.ncells && a->to >= 0 &&
		    a->to < p->pos->board.ncells)
			fprintf(p->out, "<line x1=\"%.1f\" y1=\"%.1f\" "
			    "x2=\"%.1f\" y2=\"%.1f\" class=\"moved\"/>\n",
			    p->x[a->from], p->y[a->from], p->x[a->to],
			    p->y[a->to]);
	}
	for (c = 0; c < p->pos->board.ncells; c++) {
		switch (p->mark[c]) {
		case MARK_PLACED:
			fprintf(p->out, "<circle cx=\"%.1f\" cy=\"%.1f\" "
			    "r=\"%.1f\" class=\"last\"/>\n", p->x[c], p->y[c],
			    CELL * 0.46);
			break;
		case MARK_REMOVED:
			fprintf(p->out, "<circle cx=\"%.1f\" cy=\"%.1f\" "
			    "r=\"%.1f\" class=\"removed\"/>\n", p->x[c],
			    p->y[c], CELL * 0.34);
			break;
		case MARK_CHANGED:
			fprintf(p->out, "<circle cx=\"%.1f\" cy=\"%.1f\" "
			    "r=\"%.1f\" class=\"changed\"/>\n", p->x[c],
			    p->y[c], CELL * 0.08);
			break;
		default:
			break;
		}
	}
}

int
draw_svg(FILE *out, const struct rules_position *pos,
    const struct draw_last *last, const char *caption)
{
	struct picture *p;
	char	*body = NULL;
	size_t	 len = 0;
	int	 rc = 0;

	/* The body is drawn first: the header needs its size. */
	if ((p = calloc(1, sizeof *p)) == NULL)
		return -1;
	p->pos = pos;
	if ((p->out = open_memstream(&body, &len)) == NULL) {
		free(p);
		return -1;
	}
	find_marks(p, last);
	if (pos->board.geometry == RULES_SQUARE)
		square_board(p);
	else
		hex_board(p);
	stones(p);
	marks(p, last);
	if (caption != NULL) {
		fprintf(p->out, "<text x=\"%.1f\" y=\"%.1f\" "
		    "class=\"caption\">", p->width / 2, p->height + 8);
		xml_escape(p->out, caption);
		fprintf(p->out, "</text>\n");
		p->height += 24;
	}
	if (fclose(p->out) != 0) {
		free(body);
		free(p);
		return -1;
	}
	fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
	    "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n<title>",
	    p->width, p->height, p->width, p->height);
	xml_escape(out, pos->game->title);
	fprintf(out, " %s</title>\n<style>\n"
	    ".board, .cell { fill: #d9b26f; stroke: #6b4f1d; "
	    "stroke-width: 1.5; }\n"
	    ".grid { stroke: #6b4f1d; stroke-width: 1.5; }\n"
	    ".coord, .caption { font: 14px sans-serif; fill: #333; "
	    "text-anchor: middle; }\n"
	    ".stone.black { fill: #111; stroke: #000; }\n"
	    ".stone.white { fill: #f8f8f8; stroke: #222; stroke-width: 1.5; }\n"
	    ".pinned { fill: none; stroke: #c62828; stroke-width: 3; }\n"
	    ".last { fill: none; stroke: #d32f2f; stroke-width: 3; }\n"
	    ".removed { fill: none; stroke: #d32f2f; stroke-width: 2; "
	    "stroke-dasharray: 4 3; }\n"
	    ".changed { fill: #d32f2f; }\n"
	    ".moved { stroke: #d32f2f; stroke-width: 3; "
	    "stroke-linecap: round; }\n"
	    "</style>\n<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n",
	    pos->board.name);
	fwrite(body, 1, len, out);
	fprintf(out, "</svg>\n");
	free(body);
	free(p);
	if (ferror(out))
		rc = -1;
	return rc;
}
