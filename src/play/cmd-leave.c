/* SPDX-License-Identifier: MIT */
/*
 * gameplay leave: a player's leave in a correspondence game (formats/
 * clock.md, "Leave"): their clock stops from FROM to TO.  Asked at a
 * moment (--at, else now), it may not start before it, overlap another
 * of theirs or take them past the control's yearly allowance; granted,
 * it is written in the movetext as {[%leave COLOUR from FROM to TO asked
 * AT]}, which gamecheck checks the same way.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"

/*
 * The leave the operands ask for (colour, from, to) in pr's game into l.
 * Returns CLI_OK, or CLI_USAGE after saying what is wrong.
 */
static int
leave_operands(
    const struct play_record *pr, char *const *arg, struct corr_leave *l)
{
	const struct rules_game *g = pr->rp.game;
	struct corr_error	 err;
	int64_t			*t[2] = { &l->from, &l->to };
	int			 i;

	for (l->colour = 0; l->colour < 2; l->colour++)
		if (strcmp(arg[0], g->colour[l->colour]) == 0)
			break;
	if (l->colour == 2) {
		cli_error("leave: %s: a player is named by the colour they "
			  "started with, %s or %s",
		    arg[0], g->colour[0], g->colour[1]);
		return CLI_USAGE;
	}
	for (i = 0; i < 2; i++)
		if (corr_time_parse(
			arg[i + 1], strlen(arg[i + 1]), t[i], &err) == -1) {
			cli_error("leave: %s: %s", arg[i + 1], err.msg);
			return CLI_USAGE;
		}
	return CLI_OK;
}

/*
 * Whether pr's game can take leave: timed and going on.  Returns CLI_OK,
 * or CLI_BAD after saying why not.
 */
static int
leave_ok(const struct play_record *pr)
{
	if (!pr->rp.timed) {
		cli_error("%s: no Start tag: the game has no clock to stop "
			  "(gameplay new --at or --control writes one)",
		    pr->name);
		return CLI_BAD;
	}
	/* Over, forfeited, aborted or drawn by agreement: no clock runs. */
	return play_decidable(pr, "take leave in");
}

/*
 * Checks leave l asked at t against pr's control and leave, and writes
 * the record with it into np.  Returns the exit status.
 */
static int
grant(const struct play_record *pr, const struct play_edit *ls,
    const struct corr_leave *l, int64_t t, struct play_record *np)
{
	const struct replay *rp = &pr->rp;
	struct record_update u = { 0 };
	struct corr_error    err;
	struct diag	     d;
	char		     note[64 + 3 * CORR_TIME_LEN], from[CORR_TIME_LEN],
	    to[CORR_TIME_LEN], at[CORR_TIME_LEN];
	int status;

	corr_time_format(l->from, from);
	corr_time_format(l->to, to);
	if (corr_leave_check(
		&rp->control, rp->leaves, rp->nleaves, l, t, &err) == -1) {
		diag_set_at(&d, replay_leave_code(err.kind), pr->rec->start, 0,
		    "%s's leave from %s to %s: %s", rp->game->colour[l->colour],
		    from, to, err.msg);
		cli_diag(pr->name, &d, NULL);
		return CLI_BAD;
	}
	snprintf(note, sizeof note, "{[%%leave %s from %s to %s asked %s]}",
	    rp->game->colour[l->colour], from, to, corr_time_format(t, at));
	u.note = note;
	if ((status = play_update_load(pr, &u, &ls->sel, np)) == -1)
		return CLI_INTERNAL;
	if (status != CLI_OK || np->rp.nleaves != rp->nleaves + 1)
		return play_unchecked(pr, "the record with the leave");
	return CLI_OK;
}

/* The record with the leave ed->operands[1] to operands[3] ask. */
static int
leave(const struct play_record *pr, const struct play_edit *ed,
    struct play_record *np)
{
	struct corr_leave l;
	int64_t		  t;
	int		  status;

	if ((status = leave_ok(pr)) != CLI_OK ||
	    (status = leave_operands(pr, ed->operands + 1, &l)) != CLI_OK ||
	    (status = play_at_now(pr, &ed->at, pr->rec->start, &t)) != CLI_OK)
		return status;
	return grant(pr, ed, &l, t, np);
}

int
play_exec_leave(int argc, char **argv)
{
	return play_edit_exec(&play_cmd_leave, argc, argv, leave);
}
