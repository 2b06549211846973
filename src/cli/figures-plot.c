/* SPDX-License-Identifier: MIT */
/*
 * gamestat --figures --plot: the designers' charts, plain SVG written by
 * hand.  swap-map.svg draws each pie-rule group's board twice as a heat
 * map: each first move's swap rate, and the win share of whoever holds
 * it at the end, every image of a move under the board's symmetries
 * coloured alike; tension.svg the branching factor by turn, the lead
 * changes per game, when the winner led for good, the final lead and
 * the cells covered; luck.svg each colour's dice total, and the first
 * colour's win share against its dice advantage, with Wilson intervals.
 * The figures are src/stat's, the board's geometry the rules core's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/figures.h"
#include "rules/symmetry.h"
#include "util/util.h"

#define WIDTH 640
#define R     11.0 /* a hex cell's radius, a square cell's half side */
#define Z95   1.959964

static const char *const chart_title[] = { "Swap map", "Tension", "Luck" };

static void
heading(FILE *f, const struct stat_group *g, double y)
{
	fprintf(f, "<text x=\"20\" y=\"%.1f\" font-weight=\"bold\">", y);
	xml_escape(f, g->game);
	fputc(' ', f);
	xml_escape(f, g->board);
	if (g->value != NULL) {
		fputs(" \xe2\x80\x94 ", f);
		xml_escape(f, g->value);
	}
	fputs("</text>\n", f);
}

/* Red (0) through white (0.5) to blue (1). */
static void
colour(FILE *f, double s)
{
	double a = s < 0.5 ? 1 - 2 * s : 2 * s - 1;
	int    r = s < 0.5 ? 215 : 33, gr = s < 0.5 ? 48 : 102,
	    b = s < 0.5 ? 31 : 172;

	fprintf(f, "#%02x%02x%02x", (int)lround(255 + (r - 255) * a),
	    (int)lround(255 + (gr - 255) * a),
	    (int)lround(255 + (b - 255) * a));
}

/* Each cell's centre, the board's picture from (0, 0); its size. */
static void
centres(const struct rules_position *pos, double *x, double *y, double *w,
    double *h)
{
	const struct rules_board *b = &pos->board;
	double			  lx = 1e9, ly = 1e9, hx = -1e9, hy = -1e9;
	int			  i;

	for (i = 0; i < b->ncells; i++) {
		if (b->geometry == RULES_SQUARE) {
			x[i] = (i % b->width) * 2 * R;
			y[i] = (pos->game->row1_on_top ?
				       i / b->width :
				       b->height - i / b->width) *
			    2 * R;
		} else {
			x[i] = (2 * b->col[i] + b->row[i]) * R * 0.8660254;
			y[i] = -b->row[i] * 1.5 * R;
		}
		lx = x[i] < lx ? x[i] : lx;
		ly = y[i] < ly ? y[i] : ly;
		hx = x[i] > hx ? x[i] : hx;
		hy = y[i] > hy ? y[i] : hy;
	}
	for (i = 0; i < b->ncells; i++) {
		x[i] -= lx - R;
		y[i] -= ly - R;
	}
	*w = hx - lx + 2 * R;
	*h = hy - ly + 2 * R;
}

static void
cell_shape(FILE *f, const struct rules_board *b, double x, double y)
{
	static const double dx[6] = { 0.8660254, 0, -0.8660254, -0.8660254, 0,
		0.8660254 };
	static const double dy[6] = { -0.5, -1, -0.5, 0.5, 1, 0.5 };
	int		    k;

	if (b->geometry == RULES_SQUARE) {
		fprintf(f,
		    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		    "height=\"%.1f\"",
		    x - R, y - R, 2 * R, 2 * R);
		return;
	}
	fputs("<polygon points=\"", f);
	for (k = 0; k < 6; k++)
		fprintf(f, "%s%.1f,%.1f", k > 0 ? " " : "", x + dx[k] * R,
		    y + dy[k] * R);
	fputc('"', f);
}

/* The move of the swap map at each cell (every image), or NULL. */
static void
moves_at(const struct stat_figures *fg, const struct rules_position *pos,
    const struct stat_swap_move **at)
{
	struct rules_symmetries *sym = malloc(sizeof *sym);
	size_t			 i;
	int			 c, k;

	memset(at, 0, (size_t)pos->board.ncells * sizeof *at);
	if (sym == NULL)
		return;
	rules_symmetries_of_game(pos, sym);
	for (i = 0; i < fg->nmoves; i++) {
		c = rules_cell_parse(
		    &pos->board, fg->move[i].cell, strlen(fg->move[i].cell));
		for (k = 0; c >= 0 && k < sym->n; k++)
			at[sym->map[k][c]] = &fg->move[i];
	}
	free(sym);
}

/* One board of the pair: the swap rate (kind 0) or the holder's share. */
static void
heat_board(FILE *f, const struct rules_position *pos,
    const struct stat_swap_move **at, const double *x, const double *y,
    double ox, double oy, int kind)
{
	const struct stat_swap_move *m;
	double			     s, lo, hi;
	uint64_t		     k;
	char			     name[RULES_CELL_NAME];
	int			     i;

	for (i = 0; i < pos->board.ncells; i++) {
		m = at[i];
		cell_shape(f, &pos->board, ox + x[i], oy + y[i]);
		fputs(" stroke=\"#777\" fill=\"", f);
		k = m == NULL ? 0 :
		    kind == 0 ? m->swapped :
				m->kept_wins + m->swapped_wins;
		s = m != NULL ? (double)k / (double)m->games : 0;
		if (m == NULL)
			fputs("#e4e4e4", f);
		else
			colour(f, s);
		fprintf(
		    f, "\"><title>%s", rules_cell_name(&pos->board, i, name));
		if (m != NULL && stat_wilson(k, m->games, Z95, &lo, &hi))
			fprintf(f,
			    " (as %s): %llu games, %s %llu, %.2f "
			    "[%.2f, %.2f]",
			    m->cell, (unsigned long long)m->games,
			    kind == 0 ? "swapped" : "holder won",
			    (unsigned long long)k, s, lo, hi);
		fputs("</title></", f);
		fputs(pos->board.geometry == RULES_SQUARE ? "rect" : "polygon",
		    f);
		fputs(">\n", f);
		if (m != NULL)
			fprintf(f,
			    "<text x=\"%.1f\" y=\"%.1f\" "
			    "font-size=\"8\" text-anchor=\"middle\">"
			    "%llu</text>\n",
			    ox + x[i], oy + y[i] + 3,
			    (unsigned long long)m->games);
	}
}

/* A group's two boards; the height used, 0 for none drawn. */
static double
swap_panel(FILE *f, const struct stat_group *g, double top, bool draw)
{
	const struct rules_game	     *game;
	struct rules_position	     *pos;
	const struct stat_swap_move **at;
	struct diag		      d;
	double			     *x, *y, w, h, sc = 1;
	int			      n;

	if (g->figures == NULL || g->figures->nmoves == 0 ||
	    (game = rules_game_find(g->game)) == NULL ||
	    (pos = rules_position_new(game, g->board, NULL, &d)) == NULL)
		return 0;
	n = pos->board.ncells;
	x = calloc((size_t)n, sizeof *x);
	y = calloc((size_t)n, sizeof *y);
	at = calloc((size_t)n, sizeof *at);
	h = 0;
	if (x != NULL && y != NULL && at != NULL) {
		centres(pos, x, y, &w, &h);
		/* Two boards side by side in the width. */
		if (2 * w + 60 > WIDTH)
			sc = (WIDTH - 60) / (2 * w);
		if (draw) {
			heading(f, g, top + 16);
			fprintf(f,
			    "<text x=\"20\" y=\"%.1f\">swapped</text>\n"
			    "<text x=\"%d\" y=\"%.1f\">won by the first "
			    "move's holder</text>\n",
			    top + 34, WIDTH / 2 + 10, top + 34);
			moves_at(g->figures, pos, at);
			fprintf(f, "<g transform=\"scale(%.4f)\">\n", sc);
			heat_board(
			    f, pos, at, x, y, 20 / sc, (top + 42) / sc, 0);
			heat_board(f, pos, at, x, y, (WIDTH / 2 + 10) / sc,
			    (top + 42) / sc, 1);
			fputs("</g>\n", f);
		}
		h = h * sc + 56;
	}
	free(x);
	free(y);
	free(at);
	rules_position_free(pos);
	return h;
}

static int
swap_chart(struct stat_group **v, size_t n, FILE *f)
{
	double h = 40, p;
	size_t i;

	for (i = 0; i < n; i++)
		h += swap_panel(f, v[i], 0, false);
	stat_svg_start(f, (int)h + 40, chart_title[0]);
	fputs("<text x=\"20\" y=\"44\" font-size=\"11\">Each first move "
	      "and its images (the number: their games), coloured by the "
	      "share: red 0, white 0.5, blue 1</text>\n",
	    f);
	for (h = 50, i = 0; i < n; i++)
		if ((p = swap_panel(f, v[i], h, true)) > 0)
			h += p;
	if (h == 50)
		fputs("<text x=\"20\" y=\"80\">No game with the pie rule "
		      "was swapped or kept.</text>\n",
		    f);
	fputs("</svg>\n", f);
	return fflush(f) == EOF || ferror(f) ? -1 : 0;
}

/* A panel's height: a row of two charts, a row of three. */
#define TENSION_H 292

/*
 * Histogram h as bars in a box of width w from x0 (100 high, its top at
 * top), each value at its place from 0 to upto (0: h's largest), fill
 * its colour; a bar's title says "VALUE what: N games".
 */
static void
hist_bars(FILE *f, const struct stat_hist *h, double x0, double top, double w,
    long long upto, const char *fill, const char *what)
{
	uint64_t cmax = 1;
	double	 bw;
	size_t	 i;

	fprintf(f,
	    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"100\" "
	    "fill=\"none\" stroke=\"#999\"/>\n",
	    x0, top, w);
	if (h->n == 0)
		return;
	for (i = 0; i < h->n; i++)
		cmax = h->count[i] > cmax ? h->count[i] : cmax;
	if (upto < h->value[h->n - 1])
		upto = h->value[h->n - 1];
	bw = w / (double)((upto > 0 ? upto : 0) + 1);
	for (i = 0; i < h->n; i++)
		fprintf(f,
		    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		    "height=\"%.1f\" fill=\"%s\"><title>%lld %s: %llu "
		    "games</title></rect>\n",
		    x0 + bw * (double)(h->value[i] > 0 ? h->value[i] : 0),
		    top + 100 - 100.0 * (double)h->count[i] / (double)cmax,
		    bw > 2 ? bw - 1 : bw < 1.5 ? 1.5 : bw,
		    100.0 * (double)h->count[i] / (double)cmax, fill,
		    h->value[i], what, (unsigned long long)h->count[i]);
}

/* The largest value of h, 0 for none. */
static long long
hist_max(const struct stat_hist *h)
{
	return h->n > 0 ? h->value[h->n - 1] : 0;
}

/* The first row: the branching factor by turn as a line, lead changes. */
static void
tension_top(FILE *f, const struct stat_figures *fg, double top)
{
	const struct stat_hist *t = &fg->branching_turns;
	double			ymax = 1, b, xs;
	size_t			i;

	for (i = 0; i < t->n; i++)
		if ((b = (double)stat_hist_count(
			     &fg->branching_legal, t->value[i]) /
			    (double)t->count[i]) > ymax)
			ymax = b;
	fprintf(f,
	    "<text x=\"20\" y=\"%.1f\">legal actions by turn "
	    "(max %.1f)</text>\n<text x=\"%d\" y=\"%.1f\">lead changes "
	    "per game (0 to %lld)</text>\n",
	    top + 34, ymax, WIDTH / 2 + 10, top + 34,
	    hist_max(&fg->lead_changes));
	if (t->n == 0)
		fprintf(f,
		    "<text x=\"30\" y=\"%.1f\">none: its turns "
		    "start with a roll</text>\n",
		    top + 96);
	fprintf(f,
	    "<rect x=\"20\" y=\"%.1f\" width=\"280\" height=\"100\" "
	    "fill=\"none\" stroke=\"#999\"/>\n",
	    top + 42);
	if (t->n > 0) {
		xs = 280.0 / (double)(t->value[t->n - 1] + 1);
		fputs("<polyline fill=\"none\" stroke=\"#2166ac\" "
		      "points=\"",
		    f);
		for (i = 0; i < t->n; i++)
			fprintf(f, "%s%.1f,%.1f", i > 0 ? " " : "",
			    20 + xs * (double)t->value[i],
			    top + 142 -
				100 *
				    ((double)stat_hist_count(
					 &fg->branching_legal, t->value[i]) /
					(double)t->count[i]) /
				    ymax);
		fputs("\"/>\n", f);
	}
	hist_bars(f, &fg->lead_changes, WIDTH / 2 + 10, top + 42, 280, 0,
	    "#d7301f", "changes");
}

/*
 * The second row: when the winner led for good (per mille of the game),
 * the final lead (one point, a close game, at 1), the cells covered.
 */
static void
tension_bottom(FILE *f, const struct stat_figures *fg, double top)
{
	fprintf(f,
	    "<text x=\"20\" y=\"%.1f\">decided at (\xe2\x80\xb0 of the "
	    "game)</text>\n<text x=\"220\" y=\"%.1f\">final lead (0 to "
	    "%lld)</text>\n<text x=\"420\" y=\"%.1f\">cells covered (of "
	    "%llu)</text>\n",
	    top + 16, top + 16, hist_max(&fg->final_lead), top + 16,
	    (unsigned long long)fg->cells);
	hist_bars(f, &fg->decided_share, 20, top + 24, 180, 1000, "#762a83",
	    "\xe2\x80\xb0");
	hist_bars(f, &fg->final_lead, 220, top + 24, 180, 0, "#1b7837",
	    "points ahead");
	hist_bars(f, &fg->coverage, 420, top + 24, 180, (long long)fg->cells,
	    "#8c510a", "cells");
}

/* A group's tension: two rows of charts; the height used, 0 for none. */
static double
tension_panel(FILE *f, const struct stat_group *g, double top)
{
	if (g->figures == NULL || g->figures->lead_changes.n == 0)
		return 0;
	heading(f, g, top + 16);
	tension_top(f, g->figures, top);
	tension_bottom(f, g->figures, top + 152);
	return TENSION_H;
}

/* Each colour's dice total a game, mean and sd, right of the heading. */
static void
dice_totals(FILE *f, const struct stat_group *g, double top)
{
	double m[2] = { 0, 0 }, sd[2] = { 0, 0 };
	int    c;

	for (c = 0; c < 2; c++)
		stat_moments_mean_sd(&g->figures->dice[c], &m[c], &sd[c]);
	fprintf(f,
	    "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">dice total a "
	    "game: %s %.1f (sd %.1f), %s %.1f (sd %.1f)</text>\n",
	    WIDTH - 40, top + 16, g->colour[0], m[0], sd[0], g->colour[1],
	    m[1], sd[1]);
}

/* The first colour's win share by dice advantage, with intervals. */
static double
luck_panel(FILE *f, const struct stat_group *g, double top)
{
	const struct stat_hist *a;
	double			xs, x, lo, hi, s;
	uint64_t		k;
	long long		span;
	size_t			i;

	if (g->figures == NULL || g->figures->dice[0].n == 0)
		return 0;
	a = &g->figures->advantage;
	span = a->value[a->n - 1] - a->value[0] + 1;
	xs = 560.0 / (double)span;
	heading(f, g, top + 16);
	fprintf(f,
	    "<text x=\"20\" y=\"%.1f\">%s's win share by dice "
	    "advantage, %lld to %lld</text>\n",
	    top + 34, g->colour[0], a->value[0], a->value[a->n - 1]);
	dice_totals(f, g, top);
	fprintf(f,
	    "<rect x=\"40\" y=\"%.1f\" width=\"560\" height=\"100\" "
	    "fill=\"none\" stroke=\"#999\"/>\n<line x1=\"40\" "
	    "x2=\"600\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#bbb\"/>\n",
	    top + 42, top + 92, top + 92);
	for (i = 0; i < a->n; i++) {
		k = stat_hist_count(&g->figures->advantage_wins, a->value[i]);
		if (!stat_wilson(k, a->count[i], Z95, &lo, &hi))
			continue;
		s = (double)k / (double)a->count[i];
		x = 40 + xs * ((double)(a->value[i] - a->value[0]) + 0.5);
		fprintf(f,
		    "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#999\"/>\n<circle "
		    "cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#2166ac\">"
		    "<title>%+lld: %llu of %llu games</title>"
		    "</circle>\n",
		    x, x, top + 142 - 100 * lo, top + 142 - 100 * hi, x,
		    top + 142 - 100 * s, a->value[i], (unsigned long long)k,
		    (unsigned long long)a->count[i]);
	}
	return 156;
}

int
cli_figures_chart(const struct stat_summary *s, int i, FILE *f)
{
	struct stat_group **v;
	double		    h = 40, p;
	size_t		    k;

	if ((v = stat_groups_sorted(s)) == NULL)
		return -1;
	if (i == 0) {
		i = swap_chart(v, s->ngroups, f);
		free(v);
		return i;
	}
	/* Two passes would cost as much: a fixed height per panel. */
	for (k = 0; k < s->ngroups; k++)
		if (v[k]->figures != NULL &&
		    (i == 1 ? v[k]->figures->lead_changes.n > 0 :
			      v[k]->figures->dice[0].n > 0))
			h += i == 1 ? TENSION_H : 156;
	stat_svg_start(f, (int)h + 40, chart_title[i]);
	for (h = 40, k = 0; k < s->ngroups; k++)
		if ((p = i == 1 ? tension_panel(f, v[k], h) :
				  luck_panel(f, v[k], h)) > 0)
			h += p;
	if (h == 40)
		fprintf(f, "<text x=\"20\" y=\"60\">No game has %s.</text>\n",
		    i == 1 ? "these figures" : "dice");
	fputs("</svg>\n", f);
	free(v);
	return fflush(f) == EOF || ferror(f) ? -1 : 0;
}
