/* SPDX-License-Identifier: MIT */
/*
 * gameplay adjudicate: a director decides a game the players did not
 * finish (formats/record.md, "Adjudication"), as ICCF's do at an event's
 * end: the record gets Termination "adjudicated", the decision as its
 * Result, the Winner, the reason and the method in tags of their own and,
 * in a timed game, the moment (--at, else now) in an Adjudicated tag.  Or
 * a player withdrew (--withdrawn COLOUR): a loss for that colour, the
 * forfeit "COLOUR withdrew", scored as a resignation is.  The new record
 * is read back as gamecheck reads it, so a decision the game cannot
 * have is refused with gamecheck's code.  With -i under move's lock.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "play/play.h"
#include "util/util.h"

/*
 * The edit's settings first, so that play_edit_option may take them; the
 * rest are play_fields_adjudicate's.
 */
struct adjudication {
	struct play_edit ed;
	const char	*result, *reason, *method, *withdrawn;
};

const struct play_field play_fields_adjudicate[] = {
	PLAY_FIELD(struct adjudication, PLAY_OPT_RESULT, result),
	PLAY_FIELD(struct adjudication, PLAY_OPT_REASON, reason),
	PLAY_FIELD(struct adjudication, PLAY_OPT_METHOD, method),
	PLAY_FIELD(struct adjudication, PLAY_OPT_WITHDRAWN, withdrawn),
	PLAY_FIELDS_END,
};

/*
 * What the options ask for, before the record is read: a decision or a
 * withdrawal, and a method of the list.  Returns CLI_OK, or CLI_USAGE
 * after saying what to do.
 */
static int
settled(const struct adjudication *a)
{
	const char *m = a->method;

	if (a->withdrawn != NULL && (a->result != NULL || m != NULL)) {
		cli_error("adjudicate: --withdrawn decides the game itself: no "
			  "--%s with it",
		    a->result != NULL ? "result" : "method");
		return CLI_USAGE;
	}
	if (m != NULL && !replay_adjudication_method(m, strlen(m))) {
		cli_error("adjudicate: --method %s: the methods are director "
			  "and solver",
		    m);
		return CLI_USAGE;
	}
	if (a->withdrawn != NULL)
		return CLI_OK;
	if (a->reason == NULL || a->reason[0] == '\0') {
		cli_error("adjudicate: an adjudication says why: give --reason "
			  "TEXT");
		return CLI_USAGE;
	}
	if (m != NULL && strcmp(m, "solver") == 0) {
		if (a->result != NULL) {
			cli_error("adjudicate: --method solver: perfect play "
				  "gives the result, so no --result");
			return CLI_USAGE;
		}
		return CLI_OK;
	}
	if (a->result == NULL) {
		cli_error("adjudicate: give the decision, --result 1/2-1/2 or "
			  "a score such as 40-24, or --withdrawn COLOUR");
		return CLI_USAGE;
	}
	return CLI_OK;
}

/* The colour --withdrawn names in pr's game into *c. */
static int
withdrawn_colour(const struct play_record *pr, const char *arg, int *c)
{
	const struct rules_game *g = pr->rp.game;

	for (*c = 0; *c < RULES_COLOURS; (*c)++)
		if (strcmp(arg, g->colour[*c]) == 0)
			return CLI_OK;
	cli_error("adjudicate: --withdrawn %s: the colour is %s or %s", arg,
	    g->colour[0], g->colour[1]);
	return CLI_USAGE;
}

/*
 * The decision's Result into result (cap bytes), and its winner: --result
 * as given, or perfect play's.  Returns CLI_OK, or the exit status after
 * saying why not.
 */
static int
decision(const struct play_record *pr, const struct adjudication *a,
    char *result, size_t cap, int *winner)
{
	int ok;

	if (a->result == NULL)
		return play_perfect_result(pr, result, cap, winner);
	ok = replay_adjudged_result(
	    pr->syn, &pr->rp, a->result, strlen(a->result), winner);
	if (ok == -1) {
		cli_error("adjudicate: --result %s: a decision is 1/2-1/2 or a "
			  "score such as 40-24",
		    a->result);
		return CLI_USAGE;
	}
	if (ok == 0 && pr->rp.game == &rules_oust) {
		cli_error("adjudicate: --result %s: Oust has no score: a "
			  "decision is 1-0, 0-1 or 1/2-1/2",
		    a->result);
		return CLI_USAGE;
	}
	if (ok == 0) {
		cli_error("adjudicate: --result %s: no score of %s on %s (%d "
			  "cells)",
		    a->result, pr->rp.game->name, pr->rp.pos->board.name,
		    pr->rp.pos->board.ncells);
		return CLI_USAGE;
	}
	snprintf(result, cap, "%s", a->result);
	return CLI_OK;
}

/* Writes the adjudication of pr into np. */
static int
write_adjudication(const struct play_record *pr, const struct adjudication *a,
    const char *when, struct play_record *np)
{
	const struct rules_game *g = pr->rp.game;
	struct record_tag_out	 tags[5];
	struct record_update	 u = { .tags = tags };
	char			 result[32];
	int			 status, winner;

	if ((status = decision(pr, a, result, sizeof result, &winner)) !=
	    CLI_OK)
		return status;
	tags[u.ntags++] = (struct record_tag_out){ "Termination",
		"adjudicated" };
	if (winner != -1)
		tags[u.ntags++] = (struct record_tag_out){ "Winner",
			g->colour[winner] };
	tags[u.ntags++] = (struct record_tag_out){ "AdjudicationReason",
		a->reason };
	tags[u.ntags++] = (struct record_tag_out){ "AdjudicationMethod",
		a->method != NULL ? a->method : "director" };
	if (when != NULL)
		tags[u.ntags++] = (struct record_tag_out){ "Adjudicated",
			when };
	u.result = result;
	if ((status = play_update_load(pr, &u, &a->ed.sel, np)) == -1)
		return CLI_INTERNAL;
	if (status == CLI_BAD && np->rp.has_error) {
		/* The referee's word on the decision. */
		cli_diag(pr->name, &np->rp.error, NULL);
		return CLI_BAD;
	}
	if (status != CLI_OK || !np->rp.adjudged)
		return play_unchecked(pr, "the adjudicated record");
	return CLI_OK;
}

/* Writes the withdrawal of pr's player of --withdrawn into np. */
static int
write_withdrawal(const struct play_record *pr, const struct adjudication *a,
    const char *when, struct play_record *np)
{
	int status, loser;

	if ((status = withdrawn_colour(pr, a->withdrawn, &loser)) != CLI_OK)
		return status;
	return play_write_forfeit_why(pr, &a->ed, loser, "withdrew",
	    when != NULL ? "Adjudicated" : NULL, when, a->reason, np);
}

/*
 * The record decided as ed, the start of the command's struct
 * adjudication, says.
 */
static int
adjudicate(const struct play_record *pr, const struct play_edit *ed,
    struct play_record *np)
{
	const struct adjudication *a = (const struct adjudication *)ed;
	char			   when[CORR_TIME_LEN];
	int64_t			   t;
	int			   status;

	if ((status = settled(a)) != CLI_OK ||
	    (status = play_decidable(pr, "adjudicate")) != CLI_OK)
		return status;
	/* The moment of a timed game's decision, not before its last. */
	if (pr->rp.timed &&
	    (status = play_at_now(pr, &ed->at, pr->rec->start, &t)) != CLI_OK)
		return status;
	if (pr->rp.timed)
		corr_time_format(t, when);
	return a->withdrawn != NULL ?
	    write_withdrawal(pr, a, pr->rp.timed ? when : NULL, np) :
	    write_adjudication(pr, a, pr->rp.timed ? when : NULL, np);
}

int
play_exec_adjudicate(int argc, char **argv)
{
	struct adjudication a = { 0 };

	return play_edit_run(
	    &play_cmd_adjudicate, argc, argv, &a.ed, adjudicate);
}
