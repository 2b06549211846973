/* SPDX-License-Identifier: MIT */
/*
 * --require-finished (replayed.h, gamecheck(1)): the policy that makes an
 * unfinished game an error, written into the replay's verdict the way the
 * referee writes its own errors.  Whether a game is over is the rules';
 * what the error counts for is the tool's.
 */
#include "cli/replayed.h"

void
cli_require_finished(const struct record *rec, struct replay *rp)
{
	/* A forfeit decided the game: it is counted apart, no error. */
	if (rp->status != REPLAY_UNFINISHED || rp->has_error || rp->forfeit)
		return;
	rp->has_error = true;
	diag_set_at(&rp->error, DIAG_UNFINISHED,
	    rec->nturns > 0 ? rec->turns[rec->nturns - 1].at : rec->start, 0,
	    "the game is not over after %lu turns", rp->turns);
}
