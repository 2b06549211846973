/* SPDX-License-Identifier: MIT */
/*
 * The replay page's analysis (gameplay show --html): where a record has
 * evaluations ([%eval], gameplay analyze's or a match's), a graph of
 * them under the board, turn by turn for the first colour (above the
 * middle line: the first colour ahead), its mistakes marked, and each
 * turn's mark in the move list as a chess annotator writes it: ?!
 * an inaccuracy, ? a mistake, ?? a blunder, by gameplay analyze's
 * [%loss] and the thresholds of formats/report.md.  Everything is drawn
 * with attributes of its own, so that a page of a record without
 * evaluations is as it was.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/show.h"

#define GRAPH_W 320
#define GRAPH_H 100

/* The note of turn t (from 1) of rec, or NULL. */
static const struct record_note *
note_at(const struct record *rec, size_t t)
{
	size_t i;

	for (i = 0; i < rec->nnotes; i++)
		if (rec->notes[i].turn + 1 == t)
			return &rec->notes[i];
	return NULL;
}

/* A note's value of len bytes at s in thousandths into *v: whether. */
static bool
milli(const char *s, size_t len, long *v)
{
	return len > 0 && record_decimal_milli(s, len, v) == 0;
}

const char *
show_page_mark(const struct play_record *pr, size_t t)
{
	const struct record_note *n = note_at(pr->rec, t);
	long			  loss;

	if (n == NULL || !milli(n->loss, n->loss_len, &loss))
		return NULL;
	return loss >= REPORT_BLUNDER ? "??" :
	    loss >= REPORT_MISTAKE    ? "?" :
	    loss >= REPORT_INACCURACY ? "?!" :
					NULL;
}

void
show_page_evals(FILE *out, const struct play_record *pr, unsigned long last)
{
	const struct record_note *n;
	const char		 *mark;
	long			  v, top = 1000;
	unsigned long		  t;
	int			  first = report_first_mover(pr->rec, &pr->rp);
	double			  x, y;
	bool			  any = false;

	for (t = 1; t <= last; t++)
		if ((n = note_at(pr->rec, t)) != NULL &&
		    milli(n->eval, n->eval_len, &v)) {
			any = true;
			if (labs(v) > top)
				top = labs(v);
		}
	if (!any || last == 0)
		return;
	fprintf(out,
	    "<svg class=\"evals\" xmlns=\"http://www.w3.org/2000/svg\" "
	    "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
	    "role=\"img\"><title>evaluations, the first colour's</title>\n"
	    "<line x1=\"0\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#888\"/>\n"
	    "<polyline fill=\"none\" stroke=\"#1565c0\" stroke-width=\"2\" "
	    "points=\"",
	    GRAPH_W, GRAPH_H, GRAPH_W, GRAPH_H, GRAPH_H / 2, GRAPH_W,
	    GRAPH_H / 2);
	for (t = 1; t <= last; t++) {
		if ((n = note_at(pr->rec, t)) == NULL ||
		    !milli(n->eval, n->eval_len, &v))
			continue;
		/* The mover's side, turned to the first colour's. */
		if ((first + (int)(t - 1)) % 2 != 0)
			v = -v;
		x = (double)t * GRAPH_W / (double)last;
		y = GRAPH_H / 2.0 - (double)v * (GRAPH_H / 2.0 - 4) / top;
		fprintf(out, "%.1f,%.1f ", x, y);
	}
	fprintf(out, "\"/>\n");
	for (t = 1; t <= last; t++)
		if ((mark = show_page_mark(pr, t)) != NULL &&
		    strcmp(mark, "?!") != 0)
			fprintf(out,
			    "<circle class=\"mistake\" data-turn=\"%lu\" "
			    "cx=\"%.1f\" cy=\"%d\" r=\"3\" fill=\"%s\"/>\n",
			    t, (double)t * GRAPH_W / (double)last, GRAPH_H - 4,
			    mark[1] == '?' ? "#b71c1c" : "#ef6c00");
	fprintf(out, "</svg>\n");
}
