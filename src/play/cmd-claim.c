/* SPDX-License-Identifier: MIT */
/*
 * gameplay claim: a claim on time in a correspondence game (formats/
 * clock.md): when the player to move is past their deadline at the
 * claim's moment (--at, else now), the record gets their loss on time
 * (Termination "COLOUR timed out", Winner, and the moment in a Claimed
 * tag), which gamecheck checks was due; before it, nothing is written
 * and the deadline is said.  A flag is never taken without a claim.
 * With -i the file is replaced under move's lock, so of two referees
 * claiming at once the second finds the game decided.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"

/*
 * Whether pr's game has a clock to claim on: timed, with a control, not
 * decided.  Returns CLI_OK, or CLI_BAD after saying why not.
 */
static int
claimable(const struct play_record *pr)
{
	int status;

	if ((status = play_decidable(pr, "claim")) != CLI_OK)
		return status;
	if (!pr->rp.timed || !pr->rp.has_control) {
		cli_error("%s: no %s tag: the game has no deadline to claim "
			  "on (gameplay new --control writes one)",
		    pr->name, pr->rp.timed ? "TimeControl" : "Start");
		return CLI_BAD;
	}
	return CLI_OK;
}

/* The record with the loss on time, if it is due. */
static int
claim(const struct play_record *pr, const struct play_edit *ed,
    struct play_record *np)
{
	struct report_clock clock;
	char		    when[CORR_TIME_LEN], due[CORR_TIME_LEN];
	int64_t		    t;
	int		    status;

	if ((status = claimable(pr)) != CLI_OK ||
	    (status = play_at_now(pr, &ed->at, pr->rec->start, &t)) != CLI_OK)
		return status;
	play_clock(pr, t, &clock);
	corr_time_format(t, when);
	if (!clock.s.overdue) {
		cli_error("%s: no claim at %s: %s's deadline is %s", pr->name,
		    when, pr->rp.game->colour[clock.to_move],
		    corr_time_format(clock.s.deadline, due));
		return CLI_BAD;
	}
	return play_write_forfeit(pr, ed, rules_to_move(pr->rp.pos),
	    "timed out", "Claimed", when, np);
}

int
play_exec_claim(int argc, char **argv)
{
	return play_edit_exec(&play_cmd_claim, argc, argv, claim);
}
