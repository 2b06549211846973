/* SPDX-License-Identifier: MIT */
/*
 * What an analysis says of a game (report.h, struct report_losses): the
 * [%loss] and [%eval] comments of gameplay analyze (formats/record.md,
 * "Analyses"), by the colour of each turn's mover: the turns analysed,
 * the loss summed, the inaccuracies, mistakes and blunders by the
 * thresholds of formats/report.md, and the first decisive mistake, a
 * turn whose best was better than the turn played by the outcome it
 * leads to (a win or draw thrown away).  gamecheck's report writes them
 * (write-report.c) and gamestat counts them as per-colour figures
 * (game-of.c, read-report.c), which merge exactly.
 */
#include <string.h>

#include "record/setup.h"
#include "report/report.h"

int
report_first_mover(const struct record *rec, const struct replay *rp)
{
	const struct record_tag *t = record_tag_find(rec, "Setup");
	int			 pieces[RULES_MAX_CELLS], to_move;
	struct diag		 d;

	if (t == NULL || rp->pos == NULL ||
	    record_setup_parse(&rp->pos->board, t->value, t->value_len, pieces,
		&to_move, &d) == -1)
		return 0;
	return to_move;
}

static int
sign(long v)
{
	return (v > 0) - (v < 0);
}

void
report_losses(
    const struct record *rec, const struct replay *rp, struct report_losses *l)
{
	const struct record_note *n;
	long			  loss, eval;
	size_t			  i;
	int			  c, first = report_first_mover(rec, rp);

	memset(l, 0, sizeof *l);
	for (i = 0; i < rec->nnotes; i++) {
		n = &rec->notes[i];
		if (n->loss_len == 0 ||
		    record_decimal_milli(n->loss, n->loss_len, &loss) == -1)
			continue;
		/* The colours alternate turn by turn (formats/record.md). */
		c = (int)((first + n->turn) % 2);
		l->any = true;
		l->turns[c]++;
		l->loss[c] += loss;
		l->inaccuracies[c] += loss >= REPORT_INACCURACY &&
		    loss < REPORT_MISTAKE;
		l->mistakes[c] += loss >= REPORT_MISTAKE &&
		    loss < REPORT_BLUNDER;
		l->blunders[c] += loss >= REPORT_BLUNDER;
		if (l->decisive || n->eval_len == 0 ||
		    record_decimal_milli(n->eval, n->eval_len, &eval) == -1 ||
		    sign(eval + loss) <= sign(eval))
			continue;
		l->decisive = true;
		l->decisive_turn = n->turn + 1;
		l->decisive_colour = c;
		l->decisive_loss = loss;
		l->decisive_move = i;
	}
}
