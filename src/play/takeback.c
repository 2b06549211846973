/* SPDX-License-Identifier: MIT */
/*
 * Takebacks by agreement (formats/record.md, "Takebacks"): how many
 * turns an offer takes back, by default its player's last turn and the
 * turns after it, and the record an accepted one leaves: the turns gone
 * (record_takeback_text), the offer and its acceptance written after the
 * last turn left, with the leave asked after the turns taken back, so
 * that gamecheck checks their order as it checks a draw's.
 */
#include <stdlib.h>
#include <string.h>

#include "play/play.h"
#include "util/util.h"

/*
 * The colour that played turn token i (0-based) of pr's record: the one
 * to move after the tokens before it.  Returns 0, or -1 if memory ran
 * out.
 */
static int
turn_colour(const struct play_record *pr, size_t i, int *colour)
{
	struct replay rp;
	int	      rc;

	replay_init(&rp);
	if ((rc = play_replay_upto(pr, (unsigned long)i, &rp)) == 0)
		*colour = rules_to_move(rp.pos);
	replay_fini(&rp);
	return rc;
}

int
play_undo_turns(const struct play_record *pr, int colour, const char *arg,
    unsigned long *turns)
{
	const char   *who = pr->rp.game->colour[colour];
	size_t	      n = pr->rec->nturns, k;
	unsigned long want;
	char	     *end;
	int	      c = -1;

	for (k = 1; k <= n; k++) {
		if (turn_colour(pr, n - k, &c) == -1) {
			cli_error("out of memory");
			return CLI_INTERNAL;
		}
		if (c == colour)
			break;
	}
	if (k > n) {
		cli_error("%s: %s has played no turn: there is nothing to take "
			  "back",
		    pr->name, who);
		return CLI_BAD;
	}
	*turns = k;
	if (arg == NULL)
		return CLI_OK;
	want = strtoul(arg, &end, 10);
	if (arg[0] < '1' || arg[0] > '9' || *end != '\0' || want > n) {
		cli_error("offer: %s: the turns to take back are a number from "
			  "1 to %zu, the turns of the record",
		    arg, n);
		return CLI_USAGE;
	}
	if (want < k) {
		cli_error("%s: %s's last turn is %zu turns back: a takeback of "
			  "fewer would leave it standing (take back %zu or "
			  "more)",
		    pr->name, who, k, k);
		return CLI_BAD;
	}
	*turns = want;
	return CLI_OK;
}

/* Appends the string s to b; 0, or -1 as buf_add. */
static int
add(struct buf *b, const char *s)
{
	return buf_add(b, s, strlen(s));
}

int
play_leaves_after(const struct play_record *pr, size_t keep, struct buf *b)
{
	const struct record *rec = pr->rec;
	size_t		     i;
	int		     rc = 0;

	for (i = 0; i < rec->nstamps; i++)
		if (rec->stamps[i].kind == RECORD_STAMP_LEAVE &&
		    rec->stamps[i].turn > keep)
			rc |= add(b, "{[%leave ") |
			    buf_add(
				b, rec->stamps[i].text, rec->stamps[i].len) |
			    add(b, "]} ");
	return rc;
}

/*
 * The note an accepted takeback leaves (into b): the leave asked after
 * turn keep, then the offer and its acceptance by colour, at when (NULL
 * in a game without time).  Returns 0, or -1 if memory ran out.
 */
static int
takeback_note(const struct play_record *pr, size_t keep, int colour,
    const char *when, struct buf *b)
{
	const struct rules_game *g = pr->rp.game;
	char			 offer[64];
	int			 rc;

	rc = play_leaves_after(pr, keep, b);
	snprintf(offer, sizeof offer, "{[%%offer undo %s %lu]} ",
	    g->colour[1 - colour], pr->rp.undo_turns);
	rc |= add(b, offer) | add(b, "{[%accept undo ") |
	    add(b, g->colour[colour]);
	if (when != NULL)
		rc |= add(b, " ") | add(b, when);
	return rc | add(b, "]}");
}

int
play_takeback(const struct play_record *pr, const struct play_edit *ed,
    int colour, const char *when, struct play_record *np)
{
	struct buf b = { 0 };
	size_t	   keep, len;
	char	  *text = NULL;
	int	   status;

	keep = pr->rec->nturns - pr->rp.undo_turns;
	if (takeback_note(pr, keep, colour, when, &b) == 0)
		text = record_takeback_text(
		    pr->text, pr->end, pr->rec, keep, b.s, &len);
	buf_fini(&b);
	if (text == NULL || (text = play_with_rest(pr, text, &len)) == NULL) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	status = play_load(np, pr->path, text, len, &ed->sel, true);
	if (status != CLI_OK)
		return play_unchecked(pr, "the record taken back");
	return CLI_OK;
}
