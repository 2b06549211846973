/* SPDX-License-Identifier: MIT */
/*
 * A draw by agreement (formats/record.md, "Draws by agreement"): a
 * player offers, with or without a move ({[%offer draw C]} after the
 * last turn); the other accepts ({[%accept draw C]}) or declines
 * ({[%decline draw C]}) before they move, for their move lets the offer
 * lapse.  An acceptance ends the game: the Termination tag says "agreed
 * draw" and no turn follows.  Checked in the order the movetext holds
 * them, once the turns are played, as pbmserv's propose and accept.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "referee/referee.h"
#include "util/util.h"

static const char agreed[] = "agreed draw";

bool
replay_termination_agreed(const struct record *rec)
{
	const struct record_tag *tt = record_tag_find(rec, "Termination");

	return tt != NULL && tt->value_len == sizeof agreed - 1 &&
	    memcmp(tt->value, agreed, sizeof agreed - 1) == 0;
}

bool
replay_termination_drawn(const struct record *rec)
{
	const struct record_tag *tt = record_tag_find(rec, "Termination");

	return tt != NULL && tt->value_len == strlen(REPLAY_DRAWN_ON_EVAL) &&
	    memcmp(tt->value, REPLAY_DRAWN_ON_EVAL, tt->value_len) == 0;
}

static bool
is_draw_stamp(const struct record_stamp *st)
{
	return st->kind == RECORD_STAMP_OFFER ||
	    st->kind == RECORD_STAMP_ACCEPT || st->kind == RECORD_STAMP_DECLINE;
}

/* The colour of "draw COLOUR" (st's text), or -1. */
static int
draw_colour(const struct rules_game *g, const struct record_stamp *st)
{
	static const char head[] = "draw ";
	size_t		  h = sizeof head - 1;
	int		  c;

	if (st->len <= h || memcmp(st->text, head, h) != 0)
		return -1;
	for (c = 0; c < 2; c++)
		if (st->len - h == strlen(g->colour[c]) &&
		    memcmp(st->text + h, g->colour[c], st->len - h) == 0)
			return c;
	return -1;
}

static void
fail(struct replay *rp, enum diag_code code, struct diag_pos at,
    const char *fmt, ...)
{
	char	msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	rp->has_error = true;
	if (code == DIAG_BAD_OFFER)
		rp->status = REPLAY_MALFORMED;
	diag_set_at(&rp->error, code, at, 0, "%s", msg);
}

/*
 * An answer (accept or decline) by colour c of st, against the offer
 * standing (by colour *offer, -1 none; lapsed: the colour whose offer
 * lapsed at this answer, -1 none).
 * Returns 0, or -1 after the error.
 */
static int
answer(struct replay *rp, const struct record_stamp *st, int c, int *offer,
    int lapsed)
{
	const struct rules_game *g = rp->game;
	const char *what = st->kind == RECORD_STAMP_ACCEPT ? "accepts" :
							     "declines";

	if (*offer == 1 - c) {
		*offer = -1;
		return 0;
	}
	if (*offer == c || lapsed == c)
		fail(rp, DIAG_ACCEPT_WITHOUT_OFFER, st->at,
		    "%s %s its own offer of a draw: only %s may answer it",
		    g->colour[c], what, g->colour[1 - c]);
	else if (lapsed != -1)
		fail(rp, DIAG_ACCEPT_WITHOUT_OFFER, st->at,
		    "%s %s an offer of a draw that lapsed at the turn "
		    "after it",
		    g->colour[c], what);
	else
		fail(rp, DIAG_ACCEPT_WITHOUT_OFFER, st->at,
		    "%s %s a draw that %s did not offer", g->colour[c], what,
		    g->colour[1 - c]);
	return -1;
}

/*
 * The offers and answers in order: the first acceptance's index in
 * *acc, or rec->nstamps.  Returns 0, or -1 after the error.
 */
static int
walk(const struct record *rec, struct replay *rp, size_t *acc)
{
	const struct record_stamp *st;
	size_t			   k, since = 0;
	int			   c, offer = -1, lapsed;

	for (*acc = rec->nstamps, k = 0; k < rec->nstamps; k++) {
		if (!is_draw_stamp(st = &rec->stamps[k]))
			continue;
		if ((c = draw_colour(rp->game, st)) == -1) {
			fail(rp, DIAG_BAD_OFFER, st->at,
			    "an offer or answer is {[%%offer draw COLOUR]}, "
			    "[%%accept ...] or [%%decline ...] with COLOUR "
			    "%s or %s",
			    rp->game->colour[0], rp->game->colour[1]);
			return -1;
		}
		if (*acc != rec->nstamps) {
			fail(rp, DIAG_MOVE_AFTER_AGREEMENT, st->at,
			    "the game was drawn by agreement before: nothing "
			    "follows");
			return -1;
		}
		/* The receiver's move lets the offer lapse. */
		lapsed = -1;
		if (offer != -1 && st->turn > since) {
			lapsed = offer;
			offer = -1;
		}
		if (rp->score.over && st->turn == rec->nturns) {
			fail(rp, DIAG_GAME_OVER, st->at,
			    "the game is over: there is no draw to %s",
			    st->kind == RECORD_STAMP_OFFER ? "offer" : "agree");
			return -1;
		}
		if (st->kind == RECORD_STAMP_OFFER) {
			offer = c;
			since = st->turn;
			continue;
		}
		if (answer(rp, st, c, &offer, lapsed) == -1)
			return -1;
		if (st->kind == RECORD_STAMP_ACCEPT)
			*acc = k;
	}
	return 0;
}

void
replay_check_agreement(const struct record *rec, struct replay *rp)
{
	const struct record_tag	  *tt;
	const struct record_stamp *st;
	size_t			   acc;
	bool			   ended = replay_termination_agreed(rec);

	if (rec->nstamps == 0 && !ended)
		return;
	if (walk(rec, rp, &acc) == -1)
		return;
	tt = record_tag_find(rec, "Termination");
	if (acc == rec->nstamps) {
		if (ended)
			fail(rp, DIAG_AGREEMENT_MISSING, tt->at,
			    "the Termination tag says \"%s\", but no offer "
			    "of a draw was accepted",
			    agreed);
		return;
	}
	st = &rec->stamps[acc];
	if (st->turn < rec->nturns) {
		fail(rp, DIAG_MOVE_AFTER_AGREEMENT, rec->turns[st->turn].at,
		    "the game was drawn by agreement before this turn");
		return;
	}
	if (!ended) {
		fail(rp, DIAG_AGREEMENT_MISSING, st->at,
		    "an accepted draw ends the game: the record needs the "
		    "Termination tag \"%s\"",
		    agreed);
		return;
	}
	rp->agreed = true;
}
