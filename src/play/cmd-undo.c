/* SPDX-License-Identifier: MIT */
/*
 * gameplay undo: the player to move takes back actions of their turn in
 * progress (Oust, Rive, Herd; formats/record.md, "Takebacks"), alone,
 * for the turn is no part of the game until it is finished: the last
 * token loses its last actions (the dice rolled stay), or goes with its
 * moment when none is left.  A finished turn is taken back only by
 * agreement (offer undo).  With -i under move's lock.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"
#include "util/util.h"

/*
 * The actions of pr's turn in progress into acts (cap), with the number
 * of them that are the dice's; the position before it into rp (the
 * caller's to release).  Returns their number, or -1 if memory ran out.
 */
static int
in_progress(const struct play_record *pr, struct replay *rp,
    struct rules_action *acts, size_t cap, size_t *dice)
{
	const struct record_token *tok = &pr->rec->turns[pr->rec->nturns - 1];
	struct diag		   d;
	size_t			  *offs;
	int			   n;

	if (play_replay_upto(pr, pr->rec->nturns - 1, rp) == -1 ||
	    (offs = calloc(cap, sizeof *offs)) == NULL)
		return -1;
	n = record_turn_parse(
	    pr->syn, &rp->pos->board, tok->text, tok->len, acts, offs, cap, &d);
	free(offs);
	for (*dice = 0;
	     n > 0 && *dice < (size_t)n && acts[*dice].kind == RULES_DICE;
	     (*dice)++)
		;
	return n < 0 ? 0 : n;
}

/*
 * How many actions to take back: arg (NULL: all but the dice), out of n
 * with dice of them the dice's.  Returns the exit status.
 */
static int
undo_count(const struct play_record *pr, const char *arg, size_t n, size_t dice,
    size_t *k)
{
	char *end;

	if (n == dice) {
		cli_error("%s: the turn in progress has only its dice: there "
			  "is no action to take back",
		    pr->name);
		return CLI_BAD;
	}
	*k = n - dice;
	if (arg == NULL)
		return CLI_OK;
	*k = strtoul(arg, &end, 10);
	if (arg[0] < '1' || arg[0] > '9' || *end != '\0' || *k > n - dice) {
		cli_error("undo: %s: the actions to take back are a number "
			  "from 1 to %zu, the turn's so far",
		    arg, n - dice);
		return CLI_USAGE;
	}
	return CLI_OK;
}

/*
 * pr's record with the last k of the n actions acts of its turn in
 * progress (played from position before) taken back, at when (NULL:
 * none), read back into np.  Returns the exit status.
 */
static int
undo_write(const struct play_record *pr, const struct play_edit *ed,
    const struct rules_position *before, const struct rules_action *acts,
    size_t n, size_t k, const char *when, struct play_record *np)
{
	char		    *tok, *text = NULL;
	const char	    *turns[1];
	struct record_update u = { .replace_last = true, .nturns = 1 };
	struct buf	     leaves = { 0 };
	size_t		     cap = 16 * n + 16, len;
	int		     status;

	if ((tok = malloc(cap)) == NULL)
		goto out_oom;
	if (n == k) {
		/* The leaves asked during the turn stay, before it. */
		if (play_leaves_after(pr, pr->rec->nturns - 1, &leaves) == 0) {
			if (leaves.len > 0)
				leaves.s[--leaves.len] = '\0';
			text = record_takeback_text(pr->text, pr->end, pr->rec,
			    pr->rec->nturns - 1, leaves.s, &len);
		}
		buf_fini(&leaves);
	} else if (record_turn_format(&before->board, acts, n - k, tok, cap) >=
	    0) {
		turns[0] = tok;
		u.turns = turns;
		u.stamp = when;
		text = record_update_text(pr->text, pr->end, pr->rec, &u, &len);
	}
	free(tok);
	if (text == NULL || (text = play_with_rest(pr, text, &len)) == NULL)
		goto out_oom;
	if ((status = play_load(np, pr->path, text, len, &ed->sel, true)) !=
	    CLI_OK)
		return play_unchecked(pr, "the record taken back");
	return CLI_OK;
out_oom:
	cli_error("out of memory");
	return CLI_INTERNAL;
}

/*
 * The record with the last ed->operands[1] actions (default: all) of the
 * turn in progress taken back.
 */
static int
undo(const struct play_record *pr, const struct play_edit *ed,
    struct play_record *np)
{
	struct replay	     before;
	struct rules_action *acts = NULL;
	char		     when[CORR_TIME_LEN];
	size_t		     cap, dice, k;
	int64_t		     t;
	int		     status, n;

	if ((status = play_decidable(pr, "take back")) != CLI_OK)
		return status;
	if (!pr->rp.in_turn) {
		cli_error(
		    "%s: no turn is in progress: a finished turn is taken "
		    "back by agreement (gameplay offer RECORD undo "
		    "COLOUR)",
		    pr->name);
		return CLI_BAD;
	}
	if (pr->rp.timed &&
	    (status = play_at_now(pr, &ed->at, pr->rec->start, &t)) != CLI_OK)
		return status;
	replay_init(&before);
	cap = record_turn_bound(pr->rec->turns[pr->rec->nturns - 1].text,
	    pr->rec->turns[pr->rec->nturns - 1].len);
	if ((acts = calloc(cap, sizeof *acts)) == NULL ||
	    (n = in_progress(pr, &before, acts, cap, &dice)) == -1) {
		cli_error("out of memory");
		status = CLI_INTERNAL;
		goto out_free;
	}
	if ((status = undo_count(pr, ed->noperands > 1 ? ed->operands[1] : NULL,
		 (size_t)n, dice, &k)) == CLI_OK)
		status = undo_write(pr, ed, before.pos, acts, (size_t)n, k,
		    pr->rp.timed ? corr_time_format(t, when) : NULL, np);
out_free:
	free(acts);
	replay_fini(&before);
	return status;
}

int
play_exec_undo(int argc, char **argv)
{
	return play_edit_exec(&play_cmd_undo, argc, argv, undo);
}
