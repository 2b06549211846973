/* SPDX-License-Identifier: MIT */
/*
 * The referee's reading of correspondence time (formats/record.md,
 * "Moments"; formats/clock.md): the game's start (the Start tag), the
 * moment of each turn ({[%at TIME]} after its token) and the control (the
 * TimeControl tag), checked as a record's tags are, before its turns are
 * played.  Where the clocks stand is src/corr's to compute from them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee/referee.h"
#include "util/util.h"

/* The Start and TimeControl tags.  Returns 0, or -1 (malformed). */
static int
read_tags(const struct record *rec, struct replay *rp)
{
	const struct record_tag *t;
	struct corr_error	 err;
	char			 shown[RECORD_SHOWN];

	if ((t = record_tag_known(rec, RECORD_TAG_START)) != NULL) {
		if (corr_time_parse(t->value, t->value_len, &rp->start, &err) ==
		    -1) {
			util_printable(
			    t->value, t->value_len, shown, sizeof shown);
			diag_set_at(replay_mark_malformed(rp), DIAG_BAD_TIME,
			    t->at, 0, "the Start tag \"%s\" is no moment: %s",
			    shown, err.msg);
			return -1;
		}
		rp->timed = rp->has_time = true;
		rp->last_time = rp->start;
	}
	/*
	 * Only a timed game's TimeControl is one of formats/clock.md's: in
	 * another record the tag is free text, as PGN's seconds ("40/7200")
	 * and GGF's TM ("05:00//02:00") are.
	 */
	if (rp->timed &&
	    (t = record_tag_known(rec, RECORD_TAG_TIME_CONTROL)) != NULL) {
		if (corr_control_parse(
			t->value, t->value_len, &rp->control, &err) == -1) {
			util_printable(
			    t->value, t->value_len, shown, sizeof shown);
			diag_set_at(replay_mark_malformed(rp),
			    DIAG_BAD_TIME_CONTROL, t->at, 0,
			    "the TimeControl tag \"%s\" is no control of "
			    "formats/clock.md: %s",
			    shown, err.msg);
			return -1;
		}
		rp->has_control = true;
	}
	return 0;
}

/* The colour called like the n bytes at p in g, or -1. */
static int
colour_index(const struct rules_game *g, const char *p, size_t n)
{
	int c;

	for (c = 0; c < 2; c++)
		if (strlen(g->colour[c]) == n &&
		    memcmp(p, g->colour[c], n) == 0)
			return c;
	return -1;
}

/*
 * The words of a leave's text, "COLOUR from T1 to T2 asked T3"
 * (formats/record.md, "Leave"), into l and *asked.  Returns 0, or -1
 * with msg saying what is wrong.
 */
static int
leave_parse(const struct rules_game *g, const char *s, size_t len,
    struct corr_leave *l, int64_t *asked, char *msg, size_t cap)
{
	static const char *const words[] = { NULL, "from", NULL, "to", NULL,
		"asked", NULL };
	int64_t *const		 times[] = { &l->from, &l->to, asked };
	struct corr_error	 err;
	const char		*p = s, *end = s + len, *sp;
	size_t			 i, n;

	for (i = 0; i < sizeof words / sizeof words[0]; i++, p = sp + 1) {
		if ((sp = memchr(p, ' ', (size_t)(end - p))) == NULL)
			sp = end;
		n = (size_t)(sp - p);
		if (i == 0) {
			if ((l->colour = colour_index(g, p, n)) == -1)
				return snprintf(msg, cap, "%s or %s first",
					   g->colour[0], g->colour[1]),
				       -1;
		} else if (words[i] != NULL) {
			if (n != strlen(words[i]) || memcmp(p, words[i], n))
				return snprintf(msg, cap, "\"%s\" was due",
					   words[i]),
				       -1;
		} else if (corr_time_parse(p, n, times[i / 2 - 1], &err) == -1)
			return snprintf(msg, cap, "%s", err.msg), -1;
		if (sp == end && i + 1 < sizeof words / sizeof words[0])
			return snprintf(msg, cap, "it ends early"), -1;
	}
	return p - 1 == end ? 0 : (snprintf(msg, cap, "text follows it"), -1);
}

enum diag_code
replay_leave_code(enum corr_error_kind kind)
{
	switch (kind) {
	case CORR_LEAVE_OVERLAP: return DIAG_LEAVE_OVERLAP;
	case CORR_LEAVE_EXCEEDED: return DIAG_LEAVE_EXCEEDED;
	default: return DIAG_BAD_LEAVE;
	}
}

/*
 * The moment written in st's text from byte off on, into *t.  Returns 0,
 * or -1 (malformed: bad-time at the byte at fault, for the moment stands
 * on one line).
 */
static int
stamp_moment(
    struct replay *rp, const struct record_stamp *st, size_t off, int64_t *t)
{
	struct corr_error err;
	char		  shown[RECORD_SHOWN];
	struct diag_pos	  at;

	if (corr_time_parse(st->text + off, st->len - off, t, &err) == 0)
		return 0;
	at = st->at;
	at.col += off + err.at;
	at.offset += off + err.at;
	util_printable(st->text + off, st->len - off, shown, sizeof shown);
	diag_set_at(replay_mark_malformed(rp), DIAG_BAD_TIME, at, 0,
	    "\"%s\" is no moment: %s", shown, err.msg);
	return -1;
}

/*
 * Whether t, the moment of what ("turn 2 is dated"), keeps time's order:
 * 0, or -1 (malformed: time-backwards at st).
 */
static int
in_order(struct replay *rp, const struct record_stamp *st, const char *what,
    int64_t t)
{
	char now[CORR_TIME_LEN], was[CORR_TIME_LEN];

	if (!rp->has_time || t >= rp->last_time)
		return 0;
	diag_set_at(replay_mark_malformed(rp), DIAG_TIME_BACKWARDS, st->at, 0,
	    "%s %s, before %s: time never goes back", what,
	    corr_time_format(t, now), corr_time_format(rp->last_time, was));
	return -1;
}

/*
 * Leave k of rec (a {[%leave ...]}) into rp->leaves, checked as gameplay
 * leave checks it when it was asked.  Returns 0, or -1 (malformed).
 */
static int
read_leave(const struct record *rec, size_t k, struct replay *rp)
{
	const struct record_stamp *st = &rec->stamps[k];
	struct corr_leave	   l;
	struct corr_error	   err;
	char	msg[sizeof err.msg], now[CORR_TIME_LEN], was[CORR_TIME_LEN];
	int64_t asked;

	if (!rp->timed) {
		diag_set_at(replay_mark_malformed(rp), DIAG_MISPLACED_TIME,
		    st->at, 0,
		    "leave stops a clock, and a game without a Start tag has "
		    "none");
		return -1;
	}
	if (leave_parse(rp->game, st->text, st->len, &l, &asked, msg,
		sizeof msg) == -1) {
		diag_set_at(replay_mark_malformed(rp), DIAG_BAD_LEAVE, st->at,
		    0,
		    "a leave is {[%%leave COLOUR from TIME to TIME asked "
		    "TIME]}: %s",
		    msg);
		return -1;
	}
	if (in_order(rp, st, "the leave was asked at", asked) == -1)
		return -1;
	if (corr_leave_check(
		&rp->control, rp->leaves, rp->nleaves, &l, asked, &err) == -1) {
		diag_set_at(replay_mark_malformed(rp),
		    replay_leave_code(err.kind), st->at, 0,
		    "%s's leave from %s to %s: %s", rp->game->colour[l.colour],
		    corr_time_format(l.from, now), corr_time_format(l.to, was),
		    err.msg);
		return -1;
	}
	if (array_grow(&rp->leaves, &rp->leaves_cap, rp->nleaves + 1,
		sizeof *rp->leaves) == -1) {
		diag_set_at(replay_mark_malformed(rp), DIAG_NO_MEMORY, st->at,
		    0, "out of memory");
		return -1;
	}
	rp->leaves[rp->nleaves++] = l;
	rp->last_time = asked;
	return 0;
}

/* Moment k of rec into rp->times.  Returns 0, or -1 (malformed). */
static int
read_stamp(const struct record *rec, size_t k, struct replay *rp)
{
	const struct record_stamp *st = &rec->stamps[k];
	char			   what[48];
	int64_t			   t;

	if (stamp_moment(rp, st, 0, &t) == -1)
		return -1;
	if (st->turn == 0) {
		diag_set_at(replay_mark_malformed(rp), DIAG_MISPLACED_TIME,
		    st->at, 0,
		    "a moment dates the turn it follows, and this one "
		    "follows none (the game's start is the Start tag)");
		return -1;
	}
	if (rp->times[st->turn - 1] != INT64_MIN) {
		diag_set_at(replay_mark_malformed(rp), DIAG_MISPLACED_TIME,
		    st->at, 0, "turn %zu is dated twice", st->turn);
		return -1;
	}
	snprintf(what, sizeof what, "turn %zu is dated", st->turn);
	if (in_order(rp, st, what, t) == -1)
		return -1;
	rp->times[st->turn - 1] = t;
	rp->has_time = true;
	rp->last_time = t;
	return 0;
}

/*
 * The moment of an accepted takeback k of rec ({[%accept undo COLOUR
 * TIME]}, formats/record.md "Takebacks"), in time's order; a timed game
 * dates every takeback.  Other words are agree.c's to refuse.  Returns
 * 0, or -1 (malformed).
 */
static int
read_takeback(const struct record *rec, size_t k, struct replay *rp)
{
	const struct record_stamp *st = &rec->stamps[k];
	const char		  *sp;
	int64_t			   t;

	if (st->len < 5 || memcmp(st->text, "undo ", 5) != 0)
		return 0;
	if ((sp = memchr(st->text + 5, ' ', st->len - 5)) == NULL) {
		if (!rp->timed)
			return 0;
		diag_set_at(replay_mark_malformed(rp), DIAG_MISPLACED_TIME,
		    st->at, 0,
		    "a takeback in a game with a Start tag has its moment: "
		    "{[%%accept undo COLOUR TIME]}");
		return -1;
	}
	if (stamp_moment(rp, st, (size_t)(sp + 1 - st->text), &t) == -1 ||
	    in_order(rp, st, "the takeback is dated", t) == -1)
		return -1;
	rp->has_time = true;
	rp->last_time = t;
	return 0;
}

int
replay_times(const struct record *rec, struct replay *rp)
{
	size_t i;

	rp->timed = rp->has_time = rp->has_control = rp->has_claim = false;
	rp->first = rules_to_move(rp->pos);
	rp->nleaves = 0;
	if (read_tags(rec, rp) == -1)
		return -1;
	/* A record without time reads as it always did, at no cost. */
	if (!rp->timed && rec->nstamps == 0)
		return 0;
	if (array_grow(&rp->times, &rp->times_cap, rec->nturns + 1,
		sizeof *rp->times) == -1) {
		diag_set_at(replay_mark_malformed(rp), DIAG_NO_MEMORY,
		    rec->start, 0, "out of memory");
		return -1;
	}
	for (i = 0; i < rec->nturns; i++)
		rp->times[i] = INT64_MIN;
	/* Offers and answers are agree.c's, but for a takeback's moment. */
	for (i = 0; i < rec->nstamps; i++)
		if ((rec->stamps[i].kind == RECORD_STAMP_AT &&
			read_stamp(rec, i, rp) == -1) ||
		    (rec->stamps[i].kind == RECORD_STAMP_LEAVE &&
			read_leave(rec, i, rp) == -1) ||
		    (rec->stamps[i].kind == RECORD_STAMP_ACCEPT &&
			read_takeback(rec, i, rp) == -1))
			return -1;
	if (!rp->timed)
		return 0;
	for (i = 0; i < rec->nturns; i++)
		if (rp->times[i] == INT64_MIN) {
			diag_set_at(replay_mark_malformed(rp),
			    DIAG_MISPLACED_TIME, rec->turns[i].at,
			    rec->turns[i].len,
			    "turn %zu has no moment {[%%at TIME]}: a game "
			    "with a Start tag dates every turn",
			    i + 1);
			return -1;
		}
	return 0;
}

void
replay_clock(
    const struct record *rec, const struct replay *rp, struct corr_clock *c)
{
	size_t i, n;

	/* The turn in progress is not played yet: its player still thinks. */
	n = rec->nturns - (rp->in_turn ? 1 : 0);
	corr_clock_init(c, &rp->control, rp->start, rp->first);
	for (i = 0; i < n; i++)
		if (rp->has_control)
			/* replay_times saw that time never goes back. */
			(void)corr_clock_play(c, &rp->control, rp->leaves,
			    rp->nleaves, rp->times[i], NULL, NULL);
		else {
			c->to_move = 1 - c->to_move;
			c->since = rp->times[i];
		}
}

/* A claim that does not stand: the forfeit is not scored. */
static struct diag *
claim_wrong(struct replay *rp)
{
	rp->forfeit = false;
	rp->has_error = true;
	return &rp->error;
}

/*
 * A timed game's resignation or withdrawal: its moment, the tag name
 * (Resigned, Adjudicated) if any, is a moment not before the record's
 * last (bad-time, time-backwards; the forfeit then not scored).
 */
static void
check_dated(const struct record *rec, struct replay *rp, enum record_known k,
    const char *what)
{
	const struct record_tag *t = record_tag_known(rec, k);
	const char		*name = record_known_names[k];
	struct corr_error	 err;
	char	shown[RECORD_SHOWN], when[CORR_TIME_LEN], last[CORR_TIME_LEN];
	int64_t at;

	if (t == NULL || !rp->timed)
		return;
	if (corr_time_parse(t->value, t->value_len, &at, &err) == -1) {
		util_printable(t->value, t->value_len, shown, sizeof shown);
		diag_set_at(claim_wrong(rp), DIAG_BAD_TIME, t->at, 0,
		    "the %s tag \"%s\" is no moment: %s", name, shown, err.msg);
	} else if (at < rp->last_time)
		diag_set_at(claim_wrong(rp), DIAG_TIME_BACKWARDS, t->at, 0,
		    "the %s is dated %s, before %s: time never goes back", what,
		    corr_time_format(at, when),
		    corr_time_format(rp->last_time, last));
}

void
replay_check_claim(const struct record *rec, struct replay *rp)
{
	const struct record_tag *t = record_tag_known(rec, RECORD_TAG_CLAIMED);
	const struct record_tag *tt = record_tag_known(
	    rec, RECORD_TAG_TERMINATION);
	struct corr_clock c;
	struct corr_error err;
	char	shown[RECORD_SHOWN], when[CORR_TIME_LEN], due[CORR_TIME_LEN];
	int64_t at, deadline;

	if (rp->forfeit && rp->forfeit_cause == REPLAY_BY_RESIGN)
		check_dated(rec, rp, RECORD_TAG_RESIGNED, "resignation");
	if (rp->forfeit && rp->forfeit_cause == REPLAY_BY_WITHDRAW)
		check_dated(rec, rp, RECORD_TAG_ADJUDICATED, "withdrawal");
	if (!rp->forfeit || rp->forfeit_cause != REPLAY_BY_TIMEOUT ||
	    !rp->timed || !rp->has_control)
		return;
	if (t == NULL) {
		diag_set_at(claim_wrong(rp), DIAG_CLAIM_NOT_DUE, tt->at, 0,
		    "a timed game is lost on time only by a claim: its moment "
		    "is the Claimed tag, which is missing");
		return;
	}
	if (corr_time_parse(t->value, t->value_len, &at, &err) == -1) {
		util_printable(t->value, t->value_len, shown, sizeof shown);
		diag_set_at(claim_wrong(rp), DIAG_BAD_TIME, t->at, 0,
		    "the Claimed tag \"%s\" is no moment: %s", shown, err.msg);
		return;
	}
	if (at < rp->last_time) {
		diag_set_at(claim_wrong(rp), DIAG_TIME_BACKWARDS, t->at, 0,
		    "the claim is dated %s, before %s: time never goes back",
		    corr_time_format(at, when),
		    corr_time_format(rp->last_time, due));
		return;
	}
	replay_clock(rec, rp, &c);
	deadline = corr_clock_deadline(
	    &c, &rp->control, rp->leaves, rp->nleaves);
	if (at < deadline) {
		diag_set_at(claim_wrong(rp), DIAG_CLAIM_NOT_DUE, t->at, 0,
		    "the claim on time is dated %s, before %s's deadline %s",
		    corr_time_format(at, when), rp->game->colour[c.to_move],
		    corr_time_format(deadline, due));
		return;
	}
	rp->has_claim = true;
	rp->claimed = at;
}
