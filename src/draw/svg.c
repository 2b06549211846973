/* SPDX-License-Identifier: MIT */
/*
 * SVG pictures of a position (draw.h): a document with a header (title,
 * players, scores, state), the board, stones, coordinates, the marks of
 * the last turn with their legend, and its dice.  Numbers are
 * written with printf in the C locale the tools run in, so a picture is
 * the same on every machine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "draw/draw.h"
#include "util/util.h"

#define CELL	  40 /* square side, or hex width, in px */
#define MARGIN	  30
#define HEX_R	  23.094 /* circumradius of a hex CELL wide */
#define MIN_WIDTH 360	 /* room for the header and the legend */
#define HEADER	  96	 /* title, two players, state */
#define NAME_MAX  32	 /* characters of a player's name shown */

/* What the last turn did to each cell. */
enum mark {
	MARK_NONE,
	MARK_PLACED,  /* placed, or moved to */
	MARK_REMOVED, /* its stone was taken away by a removal action */
	MARK_CAPTURED, /* its stone was captured: gone with no action */
	MARK_CHANGED, /* its stone turned over or was (un)pinned */
	MARK_MOVED,   /* a line from a moved stone's origin */
	MARK_PINNED,  /* not of the last turn: a pinned stone */
	MARK_COUNT
};

/* The legend's words for each mark. */
static const char *const mark_words[MARK_COUNT] = {
	[MARK_PLACED] = "last turn",
	[MARK_REMOVED] = "removed",
	[MARK_CAPTURED] = "captured",
	[MARK_CHANGED] = "turned over",
	[MARK_MOVED] = "moved",
	[MARK_PINNED] = "pinned",
};

/*
 * The marks drawn as a circle on their cell: its class in the style sheet
 * and its radius, in cells.
 */
static const struct mark_circle {
	const char *class; /* NULL: no circle */
	double radius;
} mark_circles[MARK_COUNT] = {
	[MARK_PLACED] = { "last", 0.46 },
	[MARK_REMOVED] = { "removed", 0.34 },
	[MARK_CAPTURED] = { "removed", 0.34 },
	[MARK_CHANGED] = { "changed", 0.08 },
};

struct picture {
	FILE			    *out;
	const struct rules_position *pos;
	unsigned char		     mark[RULES_MAX_CELLS];
	double			     x[RULES_MAX_CELLS]; /* cell centres */
	double			     y[RULES_MAX_CELLS];
	double			     width, height;
	bool			     shown[MARK_COUNT]; /* for the legend */
};

static void
find_marks(struct picture *p, const struct draw_last *last)
{
	const struct rules_position *pos = p->pos;
	size_t			     i;
	int			     c, was, now;

	memset(p->mark, 0, sizeof p->mark);
	if (last == NULL || last->before == NULL)
		return;
	for (c = 0; c < pos->board.ncells; c++) {
		was = rules_piece(last->before, c);
		now = rules_piece(pos, c);
		if (was != RULES_EMPTY && now == RULES_EMPTY)
			p->mark[c] = MARK_CAPTURED;
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
		/* Herd's and Rive's removals are the player's, not captures. */
		if (a->kind == RULES_REMOVE && a->to >= 0 &&
		    a->to < pos->board.ncells &&
		    p->mark[a->to] == MARK_CAPTURED)
			p->mark[a->to] = MARK_REMOVED;
	}
}

static void
label(struct picture *p, double x, double y, const char *s)
{
	fprintf(p->out,
	    "<text x=\"%.1f\" y=\"%.1f\" class=\"coord\">%s"
	    "</text>\n",
	    x, y + 5, s);
}

static void
square_board(struct picture *p)
{
	const struct rules_board *b = &p->pos->board;
	int			  i, f, r, row;
	char			  s[16];

	p->width = 2 * MARGIN + b->width * CELL;
	p->height = 2 * MARGIN + b->height * CELL;
	fprintf(p->out,
	    "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "class=\"board\"/>\n",
	    MARGIN, MARGIN, b->width * CELL, b->height * CELL);
	for (i = 0; i <= b->width; i++)
		fprintf(p->out,
		    "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
		    "class=\"grid\"/>\n",
		    MARGIN + i * CELL, MARGIN, MARGIN + i * CELL,
		    MARGIN + b->height * CELL);
	for (i = 0; i <= b->height; i++)
		fprintf(p->out,
		    "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
		    "class=\"grid\"/>\n",
		    MARGIN, MARGIN + i * CELL, MARGIN + b->width * CELL,
		    MARGIN + i * CELL);
	for (f = 0; f < b->width; f++) {
		snprintf(s, sizeof s, "%c", 'a' + f);
		label(p, MARGIN + (f + 0.5) * CELL, MARGIN / 2.0, s);
		label(
		    p, MARGIN + (f + 0.5) * CELL, p->height - MARGIN / 2.0, s);
	}
	for (row = 0; row < b->height; row++) {
		r = p->pos->game->row1_on_top ? row + 1 : b->height - row;
		snprintf(s, sizeof s, "%d", r);
		label(p, MARGIN / 2.0, MARGIN + (row + 0.5) * CELL, s);
		label(
		    p, p->width - MARGIN / 2.0, MARGIN + (row + 0.5) * CELL, s);
		for (f = 0; f < b->width; f++) {
			p->x[(r - 1) * b->width + f] = MARGIN +
			    (f + 0.5) * CELL;
			p->y[(r - 1) * b->width + f] = MARGIN +
			    (row + 0.5) * CELL;
		}
	}
}

/* The centre of hex position (c, r), r = 0 being the label row. */
static void
hex_centre(const struct draw_hex_layout *l, int c, int r, int height, double *x,
    double *y)
{
	*x = MARGIN + (2 * c + r - l->xmin) * (CELL / 2.0);
	*y = MARGIN + HEX_R + (height - r) * 1.5 * HEX_R;
}

static void
hex_board(struct picture *p)
{
	const struct rules_board *b = &p->pos->board;
	struct draw_hex_layout	  l;
	double			  x, y;
	int			  i, k, c, r;
	char			  s[16];

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

/* The class of a colour's stones: white is hollow, as in draw_text. */
static const char *
stone_class(const struct rules_game *g, int colour)
{
	return strcmp(g->colour[colour], "white") == 0 ||
		(colour == 1 && strcmp(g->colour[0], "white") != 0) ?
	    "white" :
	    "black";
}

static void
stones(struct picture *p)
{
	const struct rules_position *pos = p->pos;
	char			     name[RULES_CELL_NAME];
	double			     rad = CELL * 0.4, d = CELL * 0.14;
	int			     c, v;

	for (c = 0; c < pos->board.ncells; c++) {
		v = rules_piece(pos, c);
		if (v == RULES_EMPTY)
			continue;
		fprintf(p->out,
		    "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
		    "class=\"stone %s\" data-cell=\"%s\"%s/>\n",
		    p->x[c], p->y[c], rad,
		    stone_class(pos->game, RULES_COLOUR_OF(v)),
		    rules_cell_name(&pos->board, c, name),
		    v & RULES_PINNED ? " data-pinned=\"1\"" : "");
		/*
		 * A pinned stone wears a diamond, not a ring: the ring is the
		 * last turn's (Stones!, rules.md).
		 */
		if (v & RULES_PINNED) {
			fprintf(p->out,
			    "<path class=\"pinned\" d=\"M%.1f,%.1f "
			    "l%.1f,%.1f l%.1f,%.1f l%.1f,%.1f z\"/>\n",
			    p->x[c], p->y[c] - d, d, d, -d, d, -d, -d);
			p->shown[MARK_PINNED] = true;
		}
	}
}

static void
marks(struct picture *p, const struct draw_last *last)
{
	const struct mark_circle *m;
	size_t			  i;
	int			  c;

	for (i = 0; last != NULL && i < last->nactions; i++) {
		const struct rules_action *a = &last->actions[i];

		if (a->kind == RULES_MOVE && a->from >= 0 &&
		    a->from < p->pos->board.ncells && a->to >= 0 &&
		    a->to < p->pos->board.ncells) {
			fprintf(p->out,
			    "<line x1=\"%.1f\" y1=\"%.1f\" "
			    "x2=\"%.1f\" y2=\"%.1f\" class=\"moved\"/>\n",
			    p->x[a->from], p->y[a->from], p->x[a->to],
			    p->y[a->to]);
			p->shown[MARK_MOVED] = true;
		}
	}
	for (c = 0; c < p->pos->board.ncells; c++) {
		m = &mark_circles[p->mark[c]];
		p->shown[p->mark[c]] = true;
		if (m->class != NULL)
			fprintf(p->out,
			    "<circle cx=\"%.1f\" cy=\"%.1f\" "
			    "r=\"%.1f\" class=\"%s\"/>\n",
			    p->x[c], p->y[c], CELL * m->radius, m->class);
	}
}

/* A player's name cut to NAME_MAX characters with an ellipsis. */
static void
shorten(const char *s, char *buf, size_t cap)
{
	size_t	 len = strlen(s), i = 0, n, chars = 0;
	uint32_t cp;

	while (i < len && chars < NAME_MAX) {
		n = utf8_char(s + i, len - i, &cp);
		i += n > 0 ? n : 1;
		chars++;
	}
	if (i >= cap - 4)
		i = 0;
	memcpy(buf, s, i);
	strcpy(buf + i, i < len ? "\xe2\x80\xa6" : "");
}

/* The header: title, each colour's player and score, the state. */
static void
header(
    FILE *out, const struct rules_position *pos, const struct draw_caption *cap)
{
	char   name[NAME_MAX * 4 + 4];
	double y;
	int    i;

	fprintf(out, "<text x=\"10\" y=\"22\" class=\"title\">");
	xml_escape(out, cap->title);
	fprintf(out, "</text>\n");
	for (i = 0; i < RULES_COLOURS; i++) {
		y = 44 + 20 * i;
		if (cap->to_move == i)
			fprintf(out,
			    "<path class=\"tomove\" d=\"M6,%.0f l8,5 "
			    "l-8,5 z\"><title>to move</title></path>\n",
			    y - 10);
		fprintf(out,
		    "<circle cx=\"26\" cy=\"%.0f\" r=\"7\" "
		    "class=\"stone %s\"/>\n<text x=\"40\" y=\"%.0f\" "
		    "class=\"player\">",
		    y - 5, stone_class(pos->game, i), y);
		shorten(cap->player[i] != NULL && cap->player[i][0] != '\0' ?
			cap->player[i] :
			"?",
		    name, sizeof name);
		xml_escape(out, name);
		fprintf(out, " (");
		xml_escape(out, pos->game->colour[i]);
		fprintf(out, "): %d", cap->score[i]);
		if (cap->figure != NULL) {
			fputc(' ', out);
			xml_escape(out, cap->figure[cap->score[i] != 1]);
		}
		fprintf(out, "</text>\n");
	}
	fprintf(out, "<text x=\"10\" y=\"%d\" class=\"state\">", HEADER - 12);
	xml_escape(out, cap->state);
	fprintf(out, "</text>\n");
}

/* One die of face n (1..6), its corner at x, y. */
static void
die(FILE *out, double x, double y, int n)
{
	/* Pips: top left, top right, middle left, centre, middle right,
	 * bottom left, bottom right, as bits of each face. */
	static const double px[7] = { 7, 19, 7, 13, 19, 7, 19 };
	static const double py[7] = { 7, 7, 13, 13, 13, 19, 19 };
	static const int    face[7] = { 0, 0x08, 0x41, 0x49, 0x63, 0x6b, 0x77 };
	int		    k;

	fprintf(out,
	    "<rect x=\"%.1f\" y=\"%.1f\" width=\"26\" height=\"26\" "
	    "rx=\"4\" class=\"die\" data-face=\"%d\"/>\n",
	    x, y, n);
	for (k = 0; k < 7; k++)
		if (n >= 1 && n <= 6 && (face[n] & (1 << k)))
			fprintf(out,
			    "<circle cx=\"%.1f\" cy=\"%.1f\" "
			    "r=\"2.5\" class=\"pip\"/>\n",
			    x + px[k], y + py[k]);
}

/* A legend entry's symbol, centred at x, y. */
static void
legend_symbol(FILE *out, int k, double x, double y)
{
	switch (k) {
	case MARK_PLACED:
		fprintf(out,
		    "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" "
		    "class=\"last\"/>\n",
		    x, y);
		break;
	case MARK_REMOVED:
	case MARK_CAPTURED:
		fprintf(out,
		    "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" "
		    "class=\"removed\"/>\n",
		    x, y);
		break;
	case MARK_CHANGED:
		fprintf(out,
		    "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.2\" "
		    "class=\"changed\"/>\n",
		    x, y);
		break;
	case MARK_MOVED:
		fprintf(out,
		    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" class=\"moved\"/>\n",
		    x - 7, y, x + 7, y);
		break;
	default:
		fprintf(out,
		    "<path class=\"pinned\" d=\"M%.1f,%.1f l5.6,5.6 "
		    "l-5.6,5.6 l-5.6,-5.6 z\"/>\n",
		    x, y - 5.6);
		break;
	}
}

/*
 * The footer under the board, from y: the last turn's text, its dice,
 * and a legend of the marks shown.  Returns its height.
 */
static double
footer(FILE *out, const struct picture *p, const struct draw_last *last,
    const struct draw_caption *cap, double width)
{
	static const int order[] = { MARK_PLACED, MARK_MOVED, MARK_REMOVED,
		MARK_CAPTURED, MARK_CHANGED, MARK_PINNED };
	double		 y = 0, x, w;
	size_t		 i, k;

	if (cap != NULL && cap->last != NULL) {
		fprintf(out, "<text x=\"10\" y=\"%.0f\" class=\"lastturn\">",
		    y + 16);
		xml_escape(out, cap->last);
		fprintf(out, "</text>\n");
		y += 24;
	}
	for (i = 0; last != NULL && i < last->nactions; i++) {
		const struct rules_action *a = &last->actions[i];

		/* Herd: the dice of the turn (rules.md §4). */
		if (a->kind != RULES_DICE)
			continue;
		fprintf(out,
		    "<text x=\"10\" y=\"%.0f\" class=\"lastturn\">"
		    "dice</text>\n",
		    y + 19);
		die(out, 50, y + 2, a->from);
		die(out, 82, y + 2, a->to);
		y += 34;
		break;
	}
	x = 10;
	for (k = 0; k < sizeof order / sizeof order[0]; k++) {
		if (!p->shown[order[k]])
			continue;
		w = 32 + 8 * (double)strlen(mark_words[order[k]]);
		if (x > 10 && x + w > width - 10) {
			x = 10;
			y += 20;
		}
		legend_symbol(out, order[k], x + 8, y + 12);
		fprintf(out,
		    "<text x=\"%.1f\" y=\"%.0f\" class=\"legend\">%s"
		    "</text>\n",
		    x + 20, y + 16, mark_words[order[k]]);
		x += w;
	}
	if (x > 10)
		y += 24;
	return y;
}

int
draw_svg(FILE *out, const struct rules_position *pos,
    const struct draw_last *last, const struct draw_caption *cap, int flags)
{
	struct picture *p;
	char	       *body = NULL, *foot = NULL;
	size_t		len = 0, flen = 0;
	double		width, top, dx, fh = 0;
	FILE	       *ff = NULL;
	int		rc = -1;

	/* The body is drawn first: the header needs its size. */
	if ((p = calloc(1, sizeof *p)) == NULL)
		return -1;
	p->pos = pos;
	if ((p->out = open_memstream(&body, &len)) == NULL)
		goto out_free_p;
	find_marks(p, last);
	if (pos->board.geometry == RULES_SQUARE)
		square_board(p);
	else
		hex_board(p);
	stones(p);
	marks(p, last);
	if (fclose(p->out) != 0)
		goto out_free_body;
	width = p->width > MIN_WIDTH ? p->width : MIN_WIDTH;
	dx = (width - p->width) / 2;
	top = cap != NULL ? HEADER : 0;
	if ((ff = open_memstream(&foot, &flen)) == NULL)
		goto out_free_body;
	fh = footer(ff, p, last, cap, width);
	if (fclose(ff) != 0)
		goto out_free_foot;
	if (!(flags & DRAW_SVG_INLINE))
		fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	fprintf(out,
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
	    "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n<title>",
	    width, top + p->height + fh, width, top + p->height + fh);
	xml_escape(out, cap != NULL ? cap->title : pos->game->title);
	if (cap == NULL)
		fprintf(out, " %s", pos->board.name);
	fprintf(out,
	    "</title>\n<style>\n"
	    ".board, .cell { fill: #d9b26f; stroke: #6b4f1d; "
	    "stroke-width: 1.5; }\n"
	    ".grid { stroke: #6b4f1d; stroke-width: 1.5; }\n"
	    "text { font-family: sans-serif; fill: #222; }\n"
	    ".coord { font-size: 14px; fill: #333; text-anchor: middle; }\n"
	    ".title { font-size: 16px; font-weight: bold; }\n"
	    ".player, .state, .lastturn, .legend { font-size: 14px; }\n"
	    ".tomove { fill: #2e7d32; }\n"
	    ".stone.black { fill: #111; stroke: #000; }\n"
	    ".stone.white { fill: #f8f8f8; stroke: #222; stroke-width: 1.5; }\n"
	    ".pinned { fill: #1e88e5; stroke: #fff; stroke-width: 1; }\n"
	    ".last { fill: none; stroke: #d32f2f; stroke-width: 3; }\n"
	    ".removed { fill: none; stroke: #d32f2f; stroke-width: 2; "
	    "stroke-dasharray: 4 3; }\n"
	    ".changed { fill: #d32f2f; }\n"
	    ".moved { stroke: #d32f2f; stroke-width: 3; "
	    "stroke-linecap: round; }\n"
	    ".die { fill: #fff; stroke: #222; stroke-width: 1.5; }\n"
	    ".pip { fill: #222; }\n"
	    "</style>\n<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\" "
	    "stroke=\"#999\"/>\n");
	if (cap != NULL)
		header(out, pos, cap);
	fprintf(out, "<g transform=\"translate(%.1f,%.0f)\">\n", dx, top);
	fwrite(body, 1, len, out);
	fprintf(out, "</g>\n<g transform=\"translate(0,%.1f)\">\n",
	    top + p->height);
	fwrite(foot, 1, flen, out);
	fprintf(out, "</g>\n</svg>\n");
	rc = ferror(out) ? -1 : 0;
out_free_foot:
	free(foot);
out_free_body:
	free(body);
out_free_p:
	free(p);
	return rc;
}
