/* SPDX-License-Identifier: MIT */
/*
 * What gameplay's correspondence commands share (play.h): the moment a
 * command acts at (--at, else now), refused before the record's last,
 * and the clocks of a record's game as its moments and control leave
 * them (src/corr computes; this file feeds it the record's numbers).
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "play/play.h"

int
play_at_option(const char *arg, struct play_at *at)
{
	struct corr_error err;

	if (corr_time_parse(arg, strlen(arg), &at->t, &err) == -1) {
		cli_error("--at %s: %s", arg, err.msg);
		return -1;
	}
	at->given = true;
	return 0;
}

int
play_at_now(const struct play_record *pr, const struct play_at *at,
    struct diag_pos pos, int64_t *t)
{
	struct diag d;
	char	    now[CORR_TIME_LEN], last[CORR_TIME_LEN];

	*t = at->given ? at->t : (int64_t)time(NULL);
	if (pr->rp.has_time && *t < pr->rp.last_time) {
		diag_set_at(&d, DIAG_TIME_BACKWARDS, pos, 0,
		    "%s is before %s, the record's last moment: time never "
		    "goes back",
		    corr_time_format(*t, now),
		    corr_time_format(pr->rp.last_time, last));
		cli_diag(pr->name, &d, NULL);
		return CLI_BAD;
	}
	return CLI_OK;
}

void
play_clock(const struct play_record *pr, int64_t t, struct report_clock *c)
{
	const struct replay *rp = &pr->rp;
	struct corr_clock    clk;

	memset(c, 0, sizeof *c);
	c->at = t;
	c->start = rp->start;
	c->has_control = rp->has_control;
	if (rp->has_control)
		corr_control_format(&rp->control, c->control);
	/*
	 * Stopped once the game is decided, on the board or off it (a
	 * forfeit, an agreement, an adjudication), or aborted.
	 */
	c->running = !rp->score.over && !rp->forfeit && !rp->agreed &&
	    !rp->adjudged &&
	    !record_tag_value_is(
		record_tag_find(pr->rec, "Termination"), "aborted");
	replay_clock(pr->rec, rp, &clk);
	c->to_move = clk.to_move;
	c->since = clk.since;
	/* The clocks stopped at the claim, or at the last turn. */
	if (!c->running)
		t = rp->has_claim ? rp->claimed : rp->last_time;
	if (rp->has_control)
		corr_clock_at(
		    &clk, &rp->control, rp->leaves, rp->nleaves, t, &c->s);
}
