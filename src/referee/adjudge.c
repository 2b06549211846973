/* SPDX-License-Identifier: MIT */
/*
 * A director's adjudication of an unfinished game (formats/record.md,
 * "Adjudication"): the Termination tag "adjudicated", the decision in the
 * Result (a draw, or a score the game can have: its winner is the
 * colour with more), the Winner tag naming that colour (none for a
 * draw), the reason in an AdjudicationReason tag and the method in an
 * AdjudicationMethod tag (director, the default, or solver: perfect
 * play), and in a timed game the moment in an Adjudicated tag.  The
 * board did not end the game, so the decision is not checked against a
 * count; only that it is one, and that the tags say one thing.
 */
#include <stdio.h>
#include <string.h>

#include "referee/referee.h"
#include "util/util.h"

static const char adjudged[] = "adjudicated";

/* The methods of the AdjudicationMethod tag, the default first. */
static const char *const methods[] = { "director", "solver" };

bool
replay_termination_adjudged(const struct record *rec)
{
	return record_tag_value_is(
	    record_tag_known(rec, RECORD_TAG_TERMINATION), adjudged);
}

bool
replay_adjudication_method(const char *v, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof methods / sizeof methods[0]; i++)
		if (util_bytes_are(v, len, methods[i]))
			return true;
	return false;
}

int
replay_adjudged_result(struct record_syntax *syn, const struct replay *rp,
    const char *text, size_t len, int *winner)
{
	unsigned long a, b, n = (unsigned long)rp->pos->board.ncells;

	if (len == 7 && memcmp(text, "1/2-1/2", 7) == 0) {
		*winner = -1;
		return 1;
	}
	if (record_result_score(syn, text, len, &a, &b) == -1)
		return -1;
	/* Oust has no score but who won; no game more pieces than cells. */
	if (a > n || b > n || a + b > n ||
	    (rp->game == &rules_oust && a + b != 1))
		return 0;
	*winner = a > b ? 0 : a < b ? 1 : -1;
	return 1;
}

/* The error of a wrong adjudication: the record malformed if its text is. */
static struct diag *
wrong(struct replay *rp, bool malformed)
{
	rp->has_error = true;
	if (malformed)
		rp->status = REPLAY_MALFORMED;
	return &rp->error;
}

/*
 * The reason and the method: a reason of some text, a method of the
 * list.  Returns 0, or -1 after the error.
 */
static int
check_tags(
    const struct record *rec, const struct record_tag *tt, struct replay *rp)
{
	const struct record_tag *rt = record_tag_known(
	    rec, RECORD_TAG_ADJUDICATION_REASON);
	const struct record_tag *mt = record_tag_known(
	    rec, RECORD_TAG_ADJUDICATION_METHOD);
	char shown[RECORD_SHOWN];

	if (rt == NULL || rt->value_len == 0) {
		diag_set_at(wrong(rp, true), DIAG_BAD_ADJUDICATION,
		    rt != NULL ? rt->at : tt->at, 0,
		    "an adjudication says why: the AdjudicationReason tag is "
		    "%s",
		    rt != NULL ? "empty" : "missing");
		return -1;
	}
	if (mt != NULL &&
	    !replay_adjudication_method(mt->value, mt->value_len)) {
		util_printable(mt->value, mt->value_len, shown, sizeof shown);
		diag_set_at(wrong(rp, true), DIAG_BAD_ADJUDICATION, mt->at, 0,
		    "the AdjudicationMethod tag says \"%s\": the methods are "
		    "director and solver",
		    shown);
		return -1;
	}
	return 0;
}

/*
 * The decision of the Result, its winner in *winner.  Returns 0, or -1
 * after the error.
 */
static int
check_decision(struct record_syntax *syn, const struct record *rec,
    const struct record_tag *tt, struct replay *rp, int *winner)
{
	const struct record_claim *c = &rec->claim;
	int			   ok;

	if (c->kind != RECORD_CLAIM_RESULT || strcmp(c->text, "*") == 0) {
		diag_set_at(wrong(rp, false), DIAG_ADJUDICATION_MISMATCH,
		    c->kind == RECORD_CLAIM_RESULT ? c->at : tt->at, 0,
		    "an adjudicated game's Result is the decision, a score or "
		    "1/2-1/2, not *");
		return -1;
	}
	ok = replay_adjudged_result(syn, rp, c->text, strlen(c->text), winner);
	if (ok == -1)
		diag_set_at(wrong(rp, true), DIAG_BAD_RESULT, c->at, 0,
		    "a result is a score like 36-28, 1-0, or * (not \"%s\")",
		    rp->recorded);
	else if (ok == 0)
		diag_set_at(wrong(rp, false), DIAG_ADJUDICATION_MISMATCH, c->at,
		    0, "the adjudicated result %s is no score of %s on %s",
		    rp->recorded, rp->game->name, rp->pos->board.name);
	return ok == 1 ? 0 : -1;
}

/* A timed game's adjudication: its moment, if dated, not before the last. */
static int
check_moment(const struct record *rec, struct replay *rp)
{
	const struct record_tag *t = record_tag_known(
	    rec, RECORD_TAG_ADJUDICATED);
	struct corr_error err;
	char	shown[RECORD_SHOWN], when[CORR_TIME_LEN], last[CORR_TIME_LEN];
	int64_t at;

	if (t == NULL || !rp->timed)
		return 0;
	if (corr_time_parse(t->value, t->value_len, &at, &err) == -1) {
		util_printable(t->value, t->value_len, shown, sizeof shown);
		diag_set_at(wrong(rp, true), DIAG_BAD_TIME, t->at, 0,
		    "the Adjudicated tag \"%s\" is no moment: %s", shown,
		    err.msg);
		return -1;
	}
	if (rp->has_time && at < rp->last_time) {
		diag_set_at(wrong(rp, false), DIAG_TIME_BACKWARDS, t->at, 0,
		    "the adjudication is dated %s, before %s: time never goes "
		    "back",
		    corr_time_format(at, when),
		    corr_time_format(rp->last_time, last));
		return -1;
	}
	return 0;
}

void
replay_check_adjudication(
    struct record_syntax *syn, const struct record *rec, struct replay *rp)
{
	const struct record_tag *tt = record_tag_known(
	    rec, RECORD_TAG_TERMINATION);
	const struct record_tag *wt = record_tag_known(rec, RECORD_TAG_WINNER);
	const struct rules_game *g = rp->game;
	char			 who[RECORD_SHOWN];
	int			 winner, named = -2;

	if (!replay_termination_adjudged(rec))
		return;
	if (rp->score.over) {
		diag_set_at(wrong(rp, false), DIAG_ADJUDICATION_MISMATCH,
		    tt->at, 0,
		    "the Termination tag says the game was adjudicated, but "
		    "the rules ended it: there was nothing to adjudicate");
		return;
	}
	if (check_tags(rec, tt, rp) == -1 ||
	    check_decision(syn, rec, tt, rp, &winner) == -1 ||
	    check_moment(rec, rp) == -1)
		return;
	if (wt != NULL) {
		util_printable(wt->value, wt->value_len, who, sizeof who);
		named = replay_colour_named(g, wt->value, wt->value_len);
	}
	if (winner == -1 && wt != NULL) {
		diag_set_at(wrong(rp, false), DIAG_ADJUDICATION_MISMATCH,
		    wt->at, 0,
		    "the adjudicated result %s is a draw, but the Winner tag "
		    "says %s",
		    rp->recorded, who);
		return;
	}
	if (winner != -1 && wt != NULL && named != winner) {
		diag_set_at(wrong(rp, false), DIAG_ADJUDICATION_MISMATCH,
		    wt->at, 0,
		    "the Winner tag says %s, but the adjudicated result %s "
		    "gives the game to %s",
		    who, rp->recorded, g->colour[winner]);
		return;
	}
	rp->verified = rp->agrees = true;
	rp->adjudged = true;
	rp->adjudged_winner = winner;
}
