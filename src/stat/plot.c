/* SPDX-License-Identifier: MIT */
/*
 * Charts of a summary as plain SVG written by hand: the score margin and
 * game length histograms (one panel per group) and the first player's
 * share of decisive games with its Wilson interval (one bar per group),
 * each with a title, axis labels and round ticks; and index.html, a page
 * that shows them all.  Text from records is escaped, so each file is
 * well-formed XML, and cut with an ellipsis where it would run into the
 * bars.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stat/stat.h"
#include "util/util.h"

#define WIDTH	 640
#define PANEL	 210 /* height of one histogram panel */
#define LEFT	 60
#define RIGHT	 20
#define TOP	 40  /* the chart's title */
#define PLOT	 120 /* height of a panel's bars */
#define MAX_BINS 70  /* narrower bars than 8 px read as a comb */
#define CHAR_PX	 7   /* a 12 px sans-serif character, roughly */

/* The byte offset of s's character k (len if s has fewer). */
static size_t
char_offset(const char *s, size_t len, size_t k)
{
	size_t	 i = 0, n;
	uint32_t cp;

	while (i < len && k-- > 0) {
		n = utf8_char(s + i, len - i, &cp);
		i += n > 0 ? n : 1;
	}
	return i;
}

/*
 * s (any bytes) escaped, cut to max characters (max >= 3) so that a long
 * group name stops before what stands beside it: its start and its end
 * around an ellipsis, since names of one series tend to differ at the end
 * ("Club 2024, round 1", "Club 2024, round 2").  Returns whether it cut.
 */
static bool
text_cut(FILE *f, const char *s, size_t max)
{
	size_t len = strlen(s), chars = 0, head, tail;

	while (char_offset(s, len, chars) < len)
		chars++;
	if (chars <= max) {
		xml_escape_n(f, s, len);
		return false;
	}
	head = char_offset(s, len, (max - 1) / 2);
	tail = char_offset(s, len, chars - (max - 1 - (max - 1) / 2));
	xml_escape_n(f, s, head);
	fputs("\xe2\x80\xa6", f);
	xml_escape_n(f, s + tail, len - tail);
	return true;
}

/*
 * "Reversi 8x8 — Club": the group's name, cut to max characters; in an
 * SVG text, a name cut has the whole as its tooltip.
 */
static void
group_title(FILE *f, const struct stat_group *g, size_t max, bool svg)
{
	char  *t = NULL;
	size_t len = 0;
	FILE  *m;

	if ((m = open_memstream(&t, &len)) == NULL)
		return;
	fputs(g->game != NULL ? g->game : "(no game)", m);
	fputc(' ', m);
	fputs(g->board != NULL ? g->board : "(no board)", m);
	if (g->value != NULL) {
		fputs(" \xe2\x80\x94 ", m);
		fputs(g->value, m);
	}
	if (fclose(m) == 0 && text_cut(f, t, max) && svg) {
		fputs("<title>", f);
		xml_escape(f, t);
		fputs("</title>", f);
	}
	free(t);
}

void
stat_svg_start(FILE *f, int height, const char *title)
{
	fprintf(f,
	    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" "
	    "font-size=\"12\">\n<title>%s</title>\n"
	    "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
	    "<text x=\"%d\" y=\"24\" font-size=\"16\" font-weight=\"bold\" "
	    "text-anchor=\"middle\">%s</text>\n",
	    WIDTH, height, WIDTH, height, title, WIDTH / 2, title);
}

/*
 * A round step for an axis from 0 (or lo) to span in about n ticks: 1, 2
 * or 5 times a power of ten.
 */
static long long
nice_step(long long span, int n)
{
	long long step = 1;

	for (;;) {
		if (span / step <= n)
			return step;
		if (span / (step * 2) <= n)
			return step * 2;
		if (span / (step * 5) <= n)
			return step * 5;
		step *= 10;
	}
}

/* The bin of value v for bins of width w from 0: floor(v / w) * w. */
static long long
bin_of(long long v, long long w)
{
	long long q = v / w;

	if (v % w != 0 && v < 0)
		q--;
	return q * w;
}

/* A histogram's count axis, up to max: round ticks and light grid lines. */
static void
count_axis(FILE *f, uint64_t max, int base)
{
	uint64_t  ystep = (uint64_t)nice_step((long long)max, 4);
	long long t;
	double	  y;

	for (t = 0; (uint64_t)t <= max; t += (long long)ystep) {
		y = base - (double)PLOT * (double)t / (double)max;
		fprintf(f,
		    "<line x1=\"%d\" y1=\"%.2f\" x2=\"%d\" y2=\"%.2f\" "
		    "stroke=\"#ddd\"/>\n<text x=\"%d\" y=\"%.2f\" "
		    "text-anchor=\"end\">%lld</text>\n",
		    LEFT, y, WIDTH - RIGHT, y, LEFT - 6, y + 4, t);
	}
}

/*
 * A histogram's bars: nb bins of w values from lo, bw wide, scaled to
 * max; each says its values and count when pointed at.
 */
static void
hist_bars(FILE *f, const uint64_t *bins, size_t nb, long long lo, long long w,
    double bw, uint64_t max, int base)
{
	long long v;
	double	  x, bh;
	size_t	  i;

	for (i = 0; i < nb; i++) {
		if (bins[i] == 0)
			continue;
		v = lo + (long long)i * w;
		x = LEFT + bw * (double)i;
		bh = (double)PLOT * (double)bins[i] / (double)max;
		fprintf(f,
		    "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
		    "height=\"%.2f\" fill=\"#4477aa\"><title>",
		    x, base - bh, bw > 1.5 ? bw - 0.5 : bw, bh);
		if (w == 1)
			fprintf(f, "%lld", v);
		else
			fprintf(f, "%lld to %lld", v, v + w - 1);
		fprintf(
		    f, ": %llu</title></rect>\n", (unsigned long long)bins[i]);
	}
}

/*
 * A histogram's value axis, lo to hi in bins of w: round ticks, about
 * eight, under a bar's middle for bins of one value, else at bin edges.
 */
static void
value_axis(
    FILE *f, long long lo, long long hi, long long w, double bw, int base)
{
	long long step, t;
	double	  x;

	step = nice_step(hi - lo + w, 8);
	if (step < w)
		step = w;
	step = (step + w - 1) / w * w;
	for (t = bin_of(lo + step - 1, step); t <= hi + w; t += step) {
		x = LEFT +
		    bw * ((double)(t - lo) / (double)w + (w == 1 ? 0.5 : 0));
		if (x > WIDTH - RIGHT + 0.01)
			break;
		fprintf(f,
		    "<line x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" y2=\"%d\" "
		    "stroke=\"black\"/>\n<text x=\"%.2f\" y=\"%d\" "
		    "text-anchor=\"middle\">%lld</text>\n",
		    x, base, x, base + 5, x, base + 18, t);
	}
}

/*
 * One histogram panel at y0: counts in bins of a round width, so that
 * no more than MAX_BINS stand side by side (margins by 2 for Reversi,
 * where odd margins are rare), with ticks on both axes.  A value the
 * same in every game but for its sign (Oust's margin is always 1) says
 * no more than who won: one line says what it is instead.
 */
static void
hist_panel(FILE *f, const struct stat_group *g, const struct stat_hist *h,
    int y0, const char *what, const char *unit)
{
	long long lo, hi, w, b;
	uint64_t *bins, max = 1;
	double	  bw;
	size_t	  i, nb;
	int	  base = 30 + PLOT;

	fprintf(f,
	    "<g transform=\"translate(0,%d)\">\n<text x=\"%d\" "
	    "y=\"16\" font-weight=\"bold\">",
	    y0, LEFT);
	group_title(f, g, (WIDTH - LEFT - RIGHT) / CHAR_PX, true);
	fprintf(f, "</text>\n");
	if (h->n == 0) {
		fprintf(f,
		    "<text x=\"%d\" y=\"60\">no finished games</text>\n"
		    "</g>\n",
		    LEFT);
		return;
	}
	lo = h->value[0];
	hi = h->value[h->n - 1];
	for (i = 0; i < h->n && llabs(h->value[i]) == llabs(hi); i++)
		continue;
	if (i == h->n) {
		fprintf(f,
		    "<text x=\"%d\" y=\"60\">every game: %s %s%lld "
		    "(nothing to chart)</text>\n</g>\n",
		    LEFT, what, lo == hi ? "" : "\xc2\xb1",
		    lo == hi ? hi : llabs(hi));
		return;
	}
	w = nice_step(hi - lo + 1, MAX_BINS);
	lo = bin_of(lo, w);
	hi = bin_of(hi, w);
	nb = (size_t)((hi - lo) / w + 1);
	if ((bins = calloc(nb, sizeof *bins)) == NULL) {
		fputs("</g>\n", f);
		return;
	}
	for (i = 0; i < h->n; i++) {
		b = (bin_of(h->value[i], w) - lo) / w;
		bins[b] += h->count[i];
		if (bins[b] > max)
			max = bins[b];
	}
	bw = (double)(WIDTH - LEFT - RIGHT) / (double)nb;
	count_axis(f, max, base);
	hist_bars(f, bins, nb, lo, w, bw, max, base);
	fprintf(f,
	    "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
	    "stroke=\"black\"/>\n",
	    LEFT, base, WIDTH - RIGHT, base);
	value_axis(f, lo, hi, w, bw, base);
	fprintf(f,
	    "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s%s"
	    "</text>\n<text x=\"14\" y=\"%d\" text-anchor=\"middle\" "
	    "transform=\"rotate(-90 14 %d)\">games</text>\n</g>\n",
	    (LEFT + WIDTH - RIGHT) / 2, base + 36, unit,
	    w > 1 ? (w == 2 ? ", in bins of 2" : ", in bins") : "",
	    30 + PLOT / 2, 30 + PLOT / 2);
	free(bins);
}

static int
end_chart(FILE *f)
{
	fputs("</svg>\n", f);
	if (fflush(f) == EOF || ferror(f))
		return -1;
	return 0;
}

static int
histograms(
    struct stat_group **v, size_t n, FILE *f, const char *title, bool margin)
{
	size_t i;

	stat_svg_start(f, TOP + (int)(n > 0 ? n : 1) * PANEL, title);
	for (i = 0; i < n; i++)
		hist_panel(f, v[i], margin ? &v[i]->margin : &v[i]->turns,
		    TOP + (int)i * PANEL, margin ? "margin" : "length",
		    margin ? "score margin (first colour minus second)" :
			     "game length in turns");
	return end_chart(f);
}

static int
first_player(struct stat_group **v, size_t n, FILE *f)
{
	size_t	 i;
	uint64_t d;
	double	 lo, hi, p, span = WIDTH - 260 - RIGHT - 40;
	int	 y, k, bottom = TOP + 40 + 30 * (int)n;

	stat_svg_start(
	    f, bottom + 70, "First player's share of decisive games");
	/* The legend: what the bar, the line and the dashes mean. */
	fprintf(f,
	    "<rect x=\"10\" y=\"%d\" width=\"14\" height=\"10\" "
	    "fill=\"#4477aa\"/><text x=\"30\" y=\"%d\">share won by the "
	    "first player</text>\n<line x1=\"230\" y1=\"%d\" x2=\"250\" "
	    "y2=\"%d\" stroke=\"black\" stroke-width=\"2\"/><text x=\"256\" "
	    "y=\"%d\">95%% Wilson interval</text>\n<line x1=\"420\" y1=\"%d\" "
	    "x2=\"440\" y2=\"%d\" stroke=\"gray\" stroke-dasharray=\"4\"/>"
	    "<text x=\"446\" y=\"%d\">even (0.5)</text>\n",
	    TOP, TOP + 10, TOP + 5, TOP + 5, TOP + 10, TOP + 5, TOP + 5,
	    TOP + 10);
	for (k = 0; k <= 10; k += 2) {
		double x = 250 + span * k / 10.0;

		fprintf(f,
		    "<line x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" "
		    "y2=\"%d\" stroke=\"%s\"%s/>\n<text x=\"%.2f\" y=\"%d\" "
		    "text-anchor=\"middle\">%.1f</text>\n",
		    x, TOP + 30, x, bottom, k == 5 ? "gray" : "#ddd",
		    k == 5 ? " stroke-dasharray=\"4\"" : "", x, bottom + 16,
		    k / 10.0);
	}
	fprintf(f,
	    "<line x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" y2=\"%d\" "
	    "stroke=\"gray\" stroke-dasharray=\"4\"/>\n<text x=\"%.2f\" "
	    "y=\"%d\" text-anchor=\"middle\">share of decisive games won by "
	    "the first player</text>\n",
	    250 + span / 2, TOP + 30, 250 + span / 2, bottom, 250 + span / 2,
	    bottom + 36);
	for (i = 0; i < n; i++) {
		y = TOP + 40 + 30 * (int)i;
		d = v[i]->seat_wins[0] + v[i]->seat_wins[1];
		fprintf(f, "<text x=\"10\" y=\"%d\">", y + 15);
		group_title(f, v[i], 240 / CHAR_PX, true);
		fputs("</text>\n", f);
		if (!stat_wilson(v[i]->seat_wins[0], d, 1.959964, &lo, &hi)) {
			fprintf(f,
			    "<text x=\"250\" y=\"%d\">no decisive "
			    "games</text>\n",
			    y + 15);
			continue;
		}
		p = (double)v[i]->seat_wins[0] / (double)d;
		fprintf(f,
		    "<rect x=\"250\" y=\"%d\" width=\"%.2f\" "
		    "height=\"20\" fill=\"#4477aa\"><title>%.4f of %llu"
		    "</title></rect>\n<line x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" "
		    "y2=\"%d\" stroke=\"black\" stroke-width=\"2\"/>\n"
		    "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.3f</text>\n",
		    y, span * p, p, (unsigned long long)d, 250 + span * lo,
		    y + 10, 250 + span * hi, y + 10, WIDTH - RIGHT, y + 15, p);
	}
	return end_chart(f);
}

/* index.html: every chart on one page, beside the charts. */
static int
index_page(
    const struct stat_summary *s, struct stat_group **v, size_t n, FILE *f)
{
	static const char *const what[] = { "Score margin", "Game length",
		"First player's share of decisive games", NULL, "Swap map",
		"Tension", "Luck" };
	size_t			 i;
	int			 k;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\"/>\n<title>gamestat charts</title>\n"
	      "<style>\n:root { color-scheme: light dark; }\n"
	      "body { font: 15px/1.4 sans-serif; margin: 1em; }\n"
	      "img { display: block; max-width: 100%; margin-bottom: 1.5em; "
	      "border: 1px solid #999; }\n</style>\n</head>\n<body>\n"
	      "<h1>gamestat charts</h1>\n<p>Groups:</p>\n<ul>\n",
	    f);
	for (i = 0; i < n; i++) {
		fputs("<li>", f);
		group_title(f, v[i], 200, false);
		fprintf(f, ": %llu records</li>\n",
		    (unsigned long long)v[i]->records);
	}
	fputs("</ul>\n", f);
	for (k = 0; k < (s->figures != 0 ? STAT_CHARTS : 3); k++)
		if (what[k] != NULL)
			fprintf(f,
			    "<h2>%s</h2>\n<img src=\"%s\" alt=\"%s\"/>\n",
			    what[k], stat_chart_name(k), what[k]);
	fputs("</body>\n</html>\n", f);
	if (fflush(f) == EOF || ferror(f))
		return -1;
	return 0;
}

static const char *const chart_names[STAT_CHARTS] = {
	"margin.svg",
	"length.svg",
	"first-player.svg",
	"index.html",
	"swap-map.svg",
	"tension.svg",
	"luck.svg",
};

const char *
stat_chart_name(int i)
{
	return chart_names[i];
}

int
stat_chart_write(const struct stat_summary *s, int i, FILE *f)
{
	struct stat_group **v;
	int		    rc;

	if ((v = stat_groups_sorted(s)) == NULL)
		return -1;
	switch (i) {
	case 0: rc = histograms(v, s->ngroups, f, "Score margin", true); break;
	case 1: rc = histograms(v, s->ngroups, f, "Game length", false); break;
	case 2: rc = first_player(v, s->ngroups, f); break;
	case 3: rc = index_page(s, v, s->ngroups, f); break;
	default:
		errno = EINVAL;
		rc = -1;
		break;
	}
	free(v);
	return rc;
}
