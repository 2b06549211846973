/* SPDX-License-Identifier: MIT */
/*
 * The perfect-play block of gamecheck's reports (gamecheck --solve,
 * formats/report.md): where the solver's line starts, its value there,
 * and the moves that lost value, with their count and loss by colour.
 * What the line is, is src/solve/line.c's; this writes it.
 */
#include <stdio.h>

#include "report/write-replay.h"

/*
 * A first colour's margin: in Reversi as a score on the board's cells,
 * "36-28" (k); in the other games, whose points do not fill the board,
 * the margin itself, "margin: -3" (formats/report.md).
 */
static void
write_score(struct yout *w, const char *k, const struct replay *rp, int margin)
{
	const struct rules_board *b = &rp->pos->board;
	char			  buf[32];

	if (rp->game != &rules_reversi) {
		yout_kv_int(w, "margin", margin);
		return;
	}
	yout_key(w, k);
	yout_quoted(w,
	    yout_score(
		buf, (b->ncells + margin) / 2, (b->ncells - margin) / 2));
}

static void
write_mistakes(
    struct yout *w, const struct replay *rp, const struct solve_line *l)
{
	const struct rules_board *b = &rp->pos->board;
	char			  name[RULES_CELL_NAME];
	size_t			  i;

	yout_kv_open(w, "mistakes", YOUT_FLOW_SEQ);
	for (i = 0; i < l->nmistakes; i++) {
		yout_open(w, YOUT_FLOW_MAP);
		yout_kv_int(w, "turn", (long long)l->mistakes[i].turn);
		yout_kv_plain(
		    w, "colour", rp->game->colour[l->mistakes[i].colour]);
		yout_kv_plain(
		    w, "move", rules_cell_name(b, l->mistakes[i].square, name));
		yout_kv_int(w, "lost", l->mistakes[i].lost);
		write_score(w, "score", rp, l->mistakes[i].after);
		yout_close(w);
	}
	yout_close(w);
}

void
replay_write_perfect(
    struct yout *w, const struct replay *rp, const struct report_perfect *pp)
{
	const struct solve_line *l = pp->line;

	yout_kv_open(w, "perfect-play", YOUT_BLOCK_MAP);
	if (!l->reached) {
		yout_kv_plain(w, "solved", "not-reached");
		yout_close(w);
		return;
	}
	yout_kv_plain(
	    w, "solved", l->status == SOLVE_EXACT ? "exact" : "unknown");
	yout_kv_int(w, "empties", l->empties);
	yout_kv_int(w, "turn", (long long)l->turn + 1);
	if (!l->over)
		yout_kv_plain(w, "to-move", rp->game->colour[l->colour]);
	if (l->status == SOLVE_EXACT) {
		write_score(w, "score", rp, l->margin);
		write_mistakes(w, rp, l);
		replay_write_colours(w, "mistakes-by", rp,
		    (long long)l->count[0], (long long)l->count[1]);
		replay_write_colours(w,
		    rp->game == &rules_reversi ? "discs-lost" : "points-lost",
		    rp, l->lost[0], l->lost[1]);
	}
	yout_close(w);
}
