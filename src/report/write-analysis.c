/* SPDX-License-Identifier: MIT */
/*
 * gameplay analyze --yaml (gameplay(1)): a game's analysis as one YAML
 * document (arbiter-analysis/1), its turns one flow map a line with the
 * value of the turn played, the analyser's best and the loss, in the
 * units of the record's comments (formats/record.md, "Analyses").
 * What is analysed is src/match's.
 */
#include <stdio.h>
#include <string.h>

#include "report/report.h"
#include "report/yaml-out.h"

/* A value in thousandths as a plain number: 1.5, -0.125, 3. */
static void
kv_milli(struct yout *w, const char *k, long v)
{
	char buf[32];
	long a = v < 0 ? -v : v;
	int  n;

	n = snprintf(buf, sizeof buf, "%s%ld.%03ld", v < 0 ? "-" : "", a / 1000,
	    a % 1000);
	while (buf[n - 1] == '0')
		buf[--n] = '\0';
	if (buf[n - 1] == '.')
		buf[--n] = '\0';
	yout_kv_plain(w, k, buf);
}

static void
write_turn(struct yout *w, const struct report_analysis_turn *t)
{
	yout_open(w, YOUT_FLOW_MAP);
	yout_kv_int(w, "turn", (long long)t->turn);
	yout_kv_plain(w, "colour", t->colour);
	yout_kv_text(w, "move", t->move, strlen(t->move));
	if (t->has_eval)
		kv_milli(w, "eval", t->eval);
	if (t->best[0] != '\0')
		yout_kv_text(w, "best", t->best, strlen(t->best));
	if (t->has_best_eval)
		kv_milli(w, "best-eval", t->best_eval);
	if (t->has_eval && t->has_best_eval)
		kv_milli(w, "loss", t->loss);
	if (t->depth >= 0)
		yout_kv_int(w, "depth", t->depth);
	yout_close(w);
}

int
report_write_analysis(FILE *out, const struct report_analysis *a)
{
	struct yout *w;
	size_t	     i;

	if ((w = yout_new_emitter(out, NULL)) == NULL)
		return -1;
	yout_start(w, "arbiter-analysis/1");
	yout_kv_int(w, "record", (long long)a->record);
	yout_kv_plain(w, "game", a->game);
	yout_kv_plain(w, "board", a->board);
	if (a->black != NULL)
		yout_kv_text(w, "black", a->black, strlen(a->black));
	if (a->white != NULL)
		yout_kv_text(w, "white", a->white, strlen(a->white));
	yout_kv_text(w, "result", a->result, strlen(a->result));
	yout_kv_text(w, "analyser", a->analyser, strlen(a->analyser));
	yout_kv_open(w, "turns", YOUT_BLOCK_SEQ);
	for (i = 0; i < a->nturns; i++)
		write_turn(w, &a->turns[i]);
	yout_close(w);
	return yout_finish(w);
}
