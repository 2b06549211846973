/* SPDX-License-Identifier: MIT */
/*
 * The result of perfect play from a record's position, for an
 * adjudication by the solver (gameplay adjudicate --method solver): 8x8
 * Reversi with at most PERFECT_EMPTIES empty squares, which the solver
 * settles in seconds; a position further from the end is refused rather
 * than guessed, for the decision must be exact.
 */
#include <stdio.h>

#include "play/play.h"
#include "solve/solve.h"

#define PERFECT_EMPTIES 20

int
play_perfect_result(
    const struct play_record *pr, char *result, size_t cap, int *winner)
{
	struct solve_options opt = { 0 };
	struct solve_result  r;
	struct solve	    *s;
	struct diag	     d;
	int		     me, mine, rc;

	if (pr->rp.game != &rules_reversi || pr->rp.pos->board.ncells != 64) {
		cli_error("%s: --method solver: perfect play is known for 8x8 "
			  "Reversi only; give --result with the director's "
			  "decision",
		    pr->name);
		return CLI_BAD;
	}
	if (64 - pr->rp.score.points[0] - pr->rp.score.points[1] >
	    PERFECT_EMPTIES) {
		cli_error("%s: --method solver: %d empty squares, more than "
			  "the solver's reach (%d); give --result with the "
			  "director's decision",
		    pr->name,
		    64 - pr->rp.score.points[0] - pr->rp.score.points[1],
		    PERFECT_EMPTIES);
		return CLI_BAD;
	}
	if ((s = solve_new(0)) == NULL) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	rc = solve_position(s, pr->rp.pos, &opt, &r, &d);
	solve_free(s);
	if (rc != 0) {
		cli_error("%s: --method solver: %s", pr->name,
		    rc == -1 ? d.msg : "no exact value");
		return CLI_BAD;
	}
	/* The mover's discs with the empties to the winner: 64 in all. */
	me = rules_to_move(pr->rp.pos);
	mine = (64 + r.score) / 2;
	snprintf(result, cap, "%d-%d", me == 0 ? mine : 64 - mine,
	    me == 0 ? 64 - mine : mine);
	*winner = r.score == 0 ? -1 : (r.score > 0) == (me == 0) ? 0 : 1;
	return CLI_OK;
}
