/* SPDX-License-Identifier: MIT */
/*
 * A draw or a takeback by agreement (formats/record.md, "Draws by
 * agreement" and "Takebacks"): a player offers, with or without a move
 * ({[%offer draw C]}, {[%offer undo C N]} after the last turn); the other
 * accepts ({[%accept draw C]}, {[%accept undo C]}) or declines
 * ({[%decline draw C]}, {[%decline undo C]}) before they move, for their
 * move lets the offer lapse.  An accepted draw ends the game: the
 * Termination tag says "agreed draw" and no turn follows.  An accepted
 * takeback has removed its turns: the offer and the acceptance stand
 * after the last turn it left.  Checked in the order the movetext holds
 * them, once the turns are played, as pbmserv's propose and accept.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "referee/referee.h"
#include "util/util.h"

static const char agreed[] = "agreed draw";

bool
replay_termination_agreed(const struct record *rec)
{
	return record_tag_value_is(
	    record_tag_known(rec, RECORD_TAG_TERMINATION), agreed);
}

bool
replay_termination_drawn(const struct record *rec)
{
	return record_tag_value_is(
	    record_tag_known(rec, RECORD_TAG_TERMINATION),
	    REPLAY_DRAWN_ON_EVAL);
}

int
replay_colour_named(const struct rules_game *g, const char *v, size_t len)
{
	int c;

	for (c = 0; c < RULES_COLOURS; c++)
		if (util_bytes_are(v, len, g->colour[c]))
			return c;
	return -1;
}

static bool
is_agree_stamp(const struct record_stamp *st)
{
	return st->kind == RECORD_STAMP_OFFER ||
	    st->kind == RECORD_STAMP_ACCEPT || st->kind == RECORD_STAMP_DECLINE;
}

/*
 * An offer or answer as written: a takeback's or a draw's, its colour,
 * and an offered takeback's turns.
 */
struct agree_word {
	bool	      undo;
	int	      colour;
	unsigned long turns;
};

/*
 * "draw COLOUR", or "undo COLOUR" and then the turns of an offer (a
 * number from 1, no leading zero) or the moment of an acceptance (read
 * by times.c), as st's text.  Returns 0, or -1 for other words.
 */
static int
agree_parse(const struct rules_game *g, const struct record_stamp *st,
    struct agree_word *w)
{
	const char *p = st->text, *end = st->text + st->len, *sp;
	char	   *e, num[24];
	size_t	    n;

	if (st->len < 5 ||
	    (memcmp(p, "draw ", 5) != 0 && memcmp(p, "undo ", 5) != 0))
		return -1;
	w->undo = p[0] == 'u';
	w->turns = 0;
	p += 5;
	if ((sp = memchr(p, ' ', (size_t)(end - p))) == NULL)
		sp = end;
	if ((w->colour = replay_colour_named(g, p, (size_t)(sp - p))) == -1)
		return -1;
	if (!w->undo || st->kind == RECORD_STAMP_DECLINE)
		return sp == end ? 0 : -1;
	if (st->kind == RECORD_STAMP_ACCEPT)
		return 0;
	n = sp == end ? 0 : (size_t)(end - sp - 1);
	if (n == 0 || n >= sizeof num || sp[1] < '1' || sp[1] > '9')
		return -1;
	memcpy(num, sp + 1, n);
	num[n] = '\0';
	w->turns = strtoul(num, &e, 10);
	return *e == '\0' && w->turns < 1000000 ? 0 : -1;
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
 * An offer standing, a draw's or a takeback's: its colour (-1 none),
 * the turns before it, the colour whose offer lapsed at the last stamp
 * (-1 none), and a takeback's turns and offer.
 */
struct standing {
	int			   colour;
	size_t			   since;
	int			   lapsed;
	unsigned long		   turns;
	const struct record_stamp *st;
};

/* The error of words that are no offer or answer. */
static void
bad_words(struct replay *rp, const struct record_stamp *st)
{
	const char *const *c = rp->game->colour;

	if (st->len >= 5 && memcmp(st->text, "undo ", 5) == 0)
		fail(rp, DIAG_BAD_OFFER, st->at,
		    "a takeback is {[%%offer undo COLOUR TURNS]} (TURNS from "
		    "1), [%%accept undo COLOUR] (in a timed game, then its "
		    "moment) or [%%decline undo COLOUR] with COLOUR %s or %s",
		    c[0], c[1]);
	else
		fail(rp, DIAG_BAD_OFFER, st->at,
		    "an offer or answer is {[%%offer draw COLOUR]}, "
		    "[%%accept ...] or [%%decline ...] with COLOUR %s or %s",
		    c[0], c[1]);
}

/*
 * An offer of a takeback that ends unaccepted (declined, lapsed or
 * standing at the end) asks for turns that stood before it.  Returns
 * 0, or -1 after the error.
 */
static int
undo_fits(struct replay *rp, const struct standing *o)
{
	if (o->colour == -1 || o->turns <= o->since)
		return 0;
	fail(rp, DIAG_BAD_OFFER, o->st->at,
	    "%s offers to take back %lu turns, and the record has %zu "
	    "before it",
	    rp->game->colour[o->colour], o->turns, o->since);
	return -1;
}

/*
 * An answer (accept or decline) by colour c of st, against the offer o
 * of its kind (noun: "a draw", "a takeback").
 * Returns 0, or -1 after the error.
 */
static int
answer(struct replay *rp, const struct record_stamp *st, int c,
    struct standing *o, const char *noun)
{
	const struct rules_game *g = rp->game;
	const char *what = st->kind == RECORD_STAMP_ACCEPT ? "accepts" :
							     "declines";

	if (o->colour == 1 - c) {
		if (st->kind == RECORD_STAMP_DECLINE && undo_fits(rp, o) == -1)
			return -1;
		o->colour = -1;
		return 0;
	}
	if (o->colour == c || o->lapsed == c)
		fail(rp, DIAG_ACCEPT_WITHOUT_OFFER, st->at,
		    "%s %s its own offer of %s: only %s may answer it",
		    g->colour[c], what, noun, g->colour[1 - c]);
	else if (o->lapsed != -1)
		fail(rp, DIAG_ACCEPT_WITHOUT_OFFER, st->at,
		    "%s %s an offer of %s that lapsed at the turn after it",
		    g->colour[c], what, noun);
	else
		fail(rp, DIAG_ACCEPT_WITHOUT_OFFER, st->at,
		    "%s %s %s that %s did not offer", g->colour[c], what, noun,
		    g->colour[1 - c]);
	return -1;
}

/* The receiver's move (a turn since o was made) lets the offer lapse. */
static int
lapse(struct replay *rp, struct standing *o, size_t turn)
{
	o->lapsed = -1;
	if (o->colour == -1 || turn <= o->since)
		return 0;
	if (o->st != NULL && undo_fits(rp, o) == -1)
		return -1;
	o->lapsed = o->colour;
	o->colour = -1;
	return 0;
}

/*
 * One offer or answer st, by w, against the offers standing (o[0] a
 * draw's, o[1] a takeback's): an accepted draw's index k into *acc.
 * Returns 0, or -1 after the error.
 */
static int
agree_step(struct replay *rp, const struct record_stamp *st,
    const struct agree_word *w, struct standing *o, size_t k, size_t *acc)
{
	struct standing *mine = &o[w->undo ? 1 : 0];

	if (st->kind == RECORD_STAMP_OFFER) {
		*mine = (struct standing){ w->colour, st->turn, -1, w->turns,
			w->undo ? st : NULL };
		return 0;
	}
	if (answer(rp, st, w->colour, mine,
		w->undo ? "a takeback" : "a draw") == -1)
		return -1;
	if (st->kind == RECORD_STAMP_ACCEPT && !w->undo)
		*acc = k;
	/* The turns a draw was offered with may be gone: it ends too. */
	if (st->kind == RECORD_STAMP_ACCEPT && w->undo)
		o[0].colour = -1;
	return 0;
}

/*
 * The offers and answers in order: the first accepted draw's index in
 * *acc, or rec->nstamps; the offers standing at the end in o.  Returns
 * 0, or -1 after the error.
 */
static int
walk(const struct record *rec, struct replay *rp, size_t *acc,
    struct standing *o)
{
	const struct record_stamp *st;
	struct agree_word	   w;
	size_t			   k;

	for (*acc = rec->nstamps, k = 0; k < rec->nstamps; k++) {
		if (!is_agree_stamp(st = &rec->stamps[k]))
			continue;
		if (agree_parse(rp->game, st, &w) == -1) {
			bad_words(rp, st);
			return -1;
		}
		if (*acc != rec->nstamps) {
			fail(rp, DIAG_MOVE_AFTER_AGREEMENT, st->at,
			    "the game was drawn by agreement before: nothing "
			    "follows");
			return -1;
		}
		if (lapse(rp, &o[0], st->turn) == -1 ||
		    lapse(rp, &o[1], st->turn) == -1)
			return -1;
		if (rp->score.over && st->turn == rec->nturns) {
			fail(rp, DIAG_GAME_OVER, st->at,
			    "the game is over: there is no %s to %s",
			    w.undo ? "takeback" : "draw",
			    st->kind == RECORD_STAMP_OFFER ? "offer" : "agree");
			return -1;
		}
		if (agree_step(rp, st, &w, o, k, acc) == -1)
			return -1;
	}
	if (lapse(rp, &o[0], rec->nturns) == -1 ||
	    lapse(rp, &o[1], rec->nturns) == -1)
		return -1;
	return undo_fits(rp, &o[1]);
}

void
replay_check_agreement(const struct record *rec, struct replay *rp)
{
	const struct record_tag	  *tt;
	const struct record_stamp *st;
	struct standing		   o[2] = { { -1, 0, -1, 0, NULL },
			   { -1, 0, -1, 0, NULL } };
	size_t			   acc;
	bool			   ended = replay_termination_agreed(rec);

	if (rec->nstamps == 0 && !ended)
		return;
	if (walk(rec, rp, &acc, o) == -1)
		return;
	rp->draw_offer = o[0].colour;
	rp->undo_offer = o[1].colour;
	rp->undo_turns = o[1].turns;
	tt = record_tag_known(rec, RECORD_TAG_TERMINATION);
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
