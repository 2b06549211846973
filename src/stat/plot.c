/* SPDX-License-Identifier: MIT */
/*
 * Charts of a summary as plain SVG written by hand: the score margin and
 * game length histograms (one panel per group) and the first player's
 * share of decisive games with its Wilson interval (one bar per group).
 * Text from records is escaped, so each file is well-formed XML.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stat/stat.h"
#include "util/util.h"

#define WIDTH	640
#define PANEL	180	/* height of one histogram panel */
#define LEFT	60
#define RIGHT	20

static void
group_title(FILE *f, const struct stat_group *g)
{
	xml_escape(f, g->game != NULL ? g->game : "(no game)");
	fputc(' ', f);
	xml_escape(f, g->board != NULL ? g->board : "(no board)");
	if (g->value != NULL) {
		fputs(" \xe2\x80\x94 ", f);
		xml_escape(f, g->value);
	}
}

static void
svg_start(FILE *f, int height, const char *title)
{
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" "
	    "font-size=\"12\">\n<title>%s</title>\n"
	    "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
	    WIDTH, height, WIDTH, height, title);
}

/* One histogram panel at y0: a bar per value from the least to the most. */
static void
hist_panel(FILE *f, const struct stat_group *g, const struct stat_hist *h,
    int y0, const char *what)
{
	long long lo, hi, v;
	uint64_t max = 1;
	double	 bw, x, bh;
	size_t	 i;
	int	 plot = PANEL - 50;

	fprintf(f, "<g transform=\"translate(0,%d)\">\n<text x=\"%d\" "
	    "y=\"16\" font-weight=\"bold\">", y0, LEFT);
	group_title(f, g);
	fprintf(f, ": %s</text>\n", what);
	if (h->n == 0) {
		fprintf(f, "<text x=\"%d\" y=\"60\">no finished games</text>\n"
		    "</g>\n", LEFT);
		return;
	}
	lo = h->value[0];
	hi = h->value[h->n - 1];
	for (i = 0; i < h->n; i++)
		if (h->count[i] > max)
			max = h->count[i];
	bw = (double)(WIDTH - LEFT - RIGHT) / (double)(hi - lo + 1);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
	    "stroke=\"black\"/>\n", LEFT, 24 + plot, WIDTH - RIGHT, 24 + plot);
	fprintf(f, "<text x=\"%d\" y=\"34\" text-anchor=\"end\">%llu</text>\n"
	    "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">0</text>\n",
	    LEFT - 4, (unsigned long long)max, LEFT - 4, 24 + plot);
	for (i = 0; i < h->n; i++) {
		v = h->value[i];
		x = LEFT + bw * (double)(v - lo);
		bh = (double)plot * (double)h->count[i] / (double)max;
		fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
		    "height=\"%.2f\" fill=\"#4477aa\"><title>%lld: %llu"
		    "</title></rect>\n", x, 24 + plot - bh,
		    bw > 1.5 ? bw - 0.5 : bw, bh, v,
		    (unsigned long long)h->count[i]);
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%lld"
	    "</text>\n<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%lld"
	    "</text>\n</g>\n", LEFT, 40 + plot, lo, WIDTH - RIGHT, 40 + plot,
	    hi);
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
histograms(struct stat_group **v, size_t n, FILE *f, const char *title,
    bool margin)
{
	size_t	 i;

	svg_start(f, (int)(n > 0 ? n : 1) * PANEL, title);
	for (i = 0; i < n; i++)
		hist_panel(f, v[i], margin ? &v[i]->margin : &v[i]->turns,
		    (int)i * PANEL, margin ? "score margin (first colour "
		    "minus second)" : "game length in turns");
	return end_chart(f);
}

static int
first_player(struct stat_group **v, size_t n, FILE *f)
{
	size_t	 i;
	uint64_t d;
	double	 lo, hi, p, span = WIDTH - 260 - RIGHT;
	int	 y;

	svg_start(f, 60 + 30 * (int)n, "first player's share of decisive "
	    "games");
	fprintf(f, "<text x=\"10\" y=\"20\" font-weight=\"bold\">First "
	    "player's share of decisive games, 95%% Wilson interval</text>\n"
	    "<line x1=\"%.2f\" y1=\"30\" x2=\"%.2f\" y2=\"%d\" "
	    "stroke=\"gray\" stroke-dasharray=\"4\"/>\n", 250 + span / 2,
	    250 + span / 2, 40 + 30 * (int)n);
	for (i = 0; i < n; i++) {
		y = 40 + 30 * (int)i;
		d = v[i]->seat_wins[0] + v[i]->seat_wins[1];
		fprintf(f, "<text x=\"10\" y=\"%d\">", y + 15);
		group_title(f, v[i]);
		fputs("</text>\n", f);
		if (!stat_wilson(v[i]->seat_wins[0], d, 1.959964, &lo, &hi)) {
			fprintf(f, "<text x=\"250\" y=\"%d\">no decisive "
			    "games</text>\n", y + 15);
			continue;
		}
		p = (double)v[i]->seat_wins[0] / (double)d;
		fprintf(f, "<rect x=\"250\" y=\"%d\" width=\"%.2f\" "
		    "height=\"20\" fill=\"#4477aa\"><title>%.4f of %llu"
		    "</title></rect>\n<line x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" "
		    "y2=\"%d\" stroke=\"black\" stroke-width=\"2\"/>\n"
		    "<text x=\"%d\" y=\"%d\">%.3f</text>\n", y, span * p, p,
		    (unsigned long long)d, 250 + span * lo, y + 10,
		    250 + span * hi, y + 10, WIDTH - RIGHT - 10, y + 15, p);
	}
	fprintf(f, "<text x=\"250\" y=\"%d\">0</text><text x=\"%.2f\" "
	    "y=\"%d\" text-anchor=\"end\">1</text>\n", 55 + 30 * (int)n,
	    250 + span, 55 + 30 * (int)n);
	return end_chart(f);
}

static const char *const chart_names[STAT_CHARTS] = {
	"margin.svg", "length.svg", "first-player.svg",
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
	int	 rc;

	if ((v = stat_groups_sorted(s)) == NULL)
		return -1;
	switch (i) {
	case 0:
		rc = histograms(v, s->ngroups, f, "score margin", true);
		break;
	case 1:
		rc = histograms(v, s->ngroups, f, "game length", false);
		break;
	default:
		rc = first_player(v, s->ngroups, f);
		break;
	}
	free(v);
	return rc;
}
