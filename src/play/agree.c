/* SPDX-License-Identifier: MIT */
/*
 * gameplay offer, accept and decline (formats/record.md, "Draws by
 * agreement", "Takebacks"), one command written three times: a player
 * offers the other a draw or a takeback ({[%offer draw COLOUR]} or
 * {[%offer undo COLOUR TURNS]}), or accepts or declines the one the other
 * offered ({[%accept draw COLOUR]}, {[%decline draw|undo COLOUR]}), after
 * the record's last turn, which the referee checks as gamecheck does, so
 * that an acceptance without an offer, or by the player who offered, is
 * refused with gamecheck's code.  An accepted takeback then removes its
 * turns (takeback.c) and is written after the last turn left.  With -i
 * under move's lock.  Their entries are commands.def's; the command's
 * name is the word written.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "play/play.h"

static int
colour_operand(
    const struct play_record *pr, const char *cmd, const char *arg, int *c)
{
	const struct rules_game *g = pr->rp.game;

	for (*c = 0; *c < 2; (*c)++)
		if (strcmp(arg, g->colour[*c]) == 0)
			return CLI_OK;
	cli_error("%s: %s: the colour is %s or %s", cmd, arg, g->colour[0],
	    g->colour[1]);
	return CLI_USAGE;
}

static int
agreeable(const struct play_record *pr, const char *what)
{
	int status;

	if ((status = play_decidable(pr, what)) != CLI_OK)
		return status;
	if (pr->rp.in_turn) {
		cli_error("%s: a turn is in progress: finish it before you %s",
		    pr->name, what);
		return CLI_BAD;
	}
	return CLI_OK;
}

/*
 * The operands of offer (RECORD draw|undo COLOUR [TURNS]) or of an
 * answer (RECORD [draw|undo] COLOUR): a takeback's or a draw's (an
 * answer without the word answers the one offer the other colour has
 * standing, a draw if none), the colour and an offer's turns (NULL:
 * none given).
 */
struct agree_args {
	bool	    undo;
	int	    colour;
	const char *turns;
};

static int
agree_operands(const struct play_cmd *cmd, const struct play_record *pr,
    char *const *op, int n, struct agree_args *a)
{
	const char *kind = NULL;
	int	    status;
	bool	    offer = cmd->args.lower == 3;

	if (offer || n == 3)
		kind = op[1];
	if (kind != NULL && strcmp(kind, "draw") != 0 &&
	    strcmp(kind, "undo") != 0) {
		cli_error(
		    "%s: %s: a player %ss a draw or a takeback (%s RECORD "
		    "%sCOLOUR%s)",
		    cmd->name, kind, cmd->name, cmd->name,
		    offer ? "draw|undo " : "[draw|undo] ",
		    offer ? " [TURNS]" : "");
		return CLI_USAGE;
	}
	if ((status = colour_operand(pr, cmd->name, op[kind != NULL ? 2 : 1],
		 &a->colour)) != CLI_OK)
		return status;
	a->turns = offer && n == 4 ? op[3] : NULL;
	if (kind != NULL)
		a->undo = strcmp(kind, "undo") == 0;
	else if (pr->rp.draw_offer == 1 - a->colour &&
	    pr->rp.undo_offer == 1 - a->colour) {
		cli_error("%s: %s: %s offers both a draw and a takeback: say "
			  "which (%s RECORD draw|undo COLOUR)",
		    cmd->name, pr->name, pr->rp.game->colour[1 - a->colour],
		    cmd->name);
		return CLI_USAGE;
	} else
		a->undo = pr->rp.undo_offer == 1 - a->colour;
	if (a->turns != NULL && !a->undo) {
		cli_error("%s: %s: a draw takes no turns (%s RECORD draw "
			  "COLOUR)",
		    cmd->name, a->turns, cmd->name);
		return CLI_USAGE;
	}
	return CLI_OK;
}

/*
 * pr's record with note, the offer or answer, after its last turn (with
 * the tags of an accepted draw), checked by the referee into np: so an
 * answer with no offer standing is refused with gamecheck's code.
 */
static int
write_agreement(const struct play_record *pr, const struct play_edit *ed,
    const char *note, bool draw_ends, struct play_record *np)
{
	struct record_tag_out tag = { "Termination", "agreed draw" };
	struct record_update  u = { .note = note };
	int		      status;

	if (draw_ends) {
		u.tags = &tag;
		u.ntags = 1;
		u.result = "1/2-1/2";
	}
	if ((status = play_update_load(pr, &u, &ed->sel, np)) == -1)
		return CLI_INTERNAL;
	if (status == CLI_BAD && np->rp.has_error) {
		/* The referee's word on the answer: where it would stand. */
		cli_diag(pr->name, &np->rp.error, NULL);
		return CLI_BAD;
	}
	if (status != CLI_OK) {
		cli_error("%s: the record with the %s does not check; please "
			  "report this",
		    pr->name, note);
		return CLI_INTERNAL;
	}
	return CLI_OK;
}

/*
 * A takeback accepted at t in a timed game may leave the player to move
 * past their deadline already (the turns taken back used their time,
 * formats/record.md, "Takebacks"): said as the warning takeback-overdue
 * at the acceptance in np, with the deadline, since a claim would
 * succeed at once.  The takeback stands.
 */
static void
warn_overdue(const struct play_record *np, int64_t t)
{
	const struct record *rec = np->rec;
	struct report_clock  c;
	struct diag	     d;
	struct diag_pos	     at = rec->start;
	char		     deadline[CORR_TIME_LEN];
	size_t		     i;

	if (!np->rp.has_control)
		return;
	play_clock(np, t, &c);
	if (!c.running || !c.s.overdue)
		return;
	for (i = 0; i < rec->nstamps; i++)
		if (rec->stamps[i].kind == RECORD_STAMP_ACCEPT)
			at = rec->stamps[i].at;
	diag_set_at(&d, DIAG_TAKEBACK_OVERDUE, at, 0,
	    "after the takeback, %s is past the deadline of its turn, %s: a "
	    "claim would succeed",
	    np->rp.game->colour[c.to_move],
	    corr_time_format(c.s.deadline, deadline));
	cli_diag(np->name, &d, NULL);
}

/*
 * The offer or answer of cmd by a: written, checked, and for an accepted
 * takeback the turns taken back, into np.  A timed game's offer or answer
 * is dated by the turn before it, but an accepted takeback by its own
 * moment (--at, else now), since its turns go.
 */
static int
agree_write(const struct play_cmd *cmd, const struct play_record *pr,
    const struct play_edit *ed, const struct agree_args *a,
    struct play_record *np)
{
	const char   *colour = pr->rp.game->colour[a->colour];
	char	      note[96], when[CORR_TIME_LEN];
	unsigned long turns;
	int64_t	      t = 0;
	int	      status;
	bool	      accept = strcmp(cmd->name, "accept") == 0;

	when[0] = '\0';
	if (pr->rp.timed) {
		if ((status = play_at_now(pr, &ed->at, pr->rec->start, &t)) !=
		    CLI_OK)
			return status;
		corr_time_format(t, when);
	}
	if (a->undo && cmd->args.lower == 3) {
		if ((status = play_undo_turns(
			 pr, a->colour, a->turns, &turns)) != CLI_OK)
			return status;
		snprintf(note, sizeof note, "{[%%offer undo %s %lu]}", colour,
		    turns);
	} else
		snprintf(note, sizeof note, "{[%%%s %s %s%s%s]}", cmd->name,
		    a->undo ? "undo" : "draw", colour,
		    accept && a->undo && when[0] != '\0' ? " " : "",
		    accept && a->undo ? when : "");
	if ((status = write_agreement(pr, ed, note, accept && !a->undo, np)) !=
		CLI_OK ||
	    !accept || !a->undo)
		return status;
	play_close(np);
	if ((status = play_takeback(pr, ed, a->colour,
		 when[0] != '\0' ? when : NULL, np)) == CLI_OK &&
	    when[0] != '\0')
		warn_overdue(np, t);
	return status;
}

/*
 * The edit of offer, accept and decline (play_edit_fn), whose name is
 * the word written and whose last operand is the colour: an answer the
 * referee refuses (accept-without-offer...) is CLI_BAD after its
 * diagnostic.
 */
static int
agreement(const struct play_record *pr, const struct play_edit *ed,
    struct play_record *np)
{
	struct agree_args a = { 0 };
	char		  what[32];
	int		  status;

	if ((status = agree_operands(
		 ed->cmd, pr, ed->operands, ed->noperands, &a)) != CLI_OK)
		return status;
	snprintf(what, sizeof what, "%s a %s in", ed->cmd->name,
	    a.undo ? "takeback" : "draw");
	if ((status = agreeable(pr, what)) != CLI_OK)
		return status;
	return agree_write(ed->cmd, pr, ed, &a, np);
}

int
play_exec_offer(int argc, char **argv)
{
	return play_edit_exec(&play_cmd_offer, argc, argv, agreement);
}

int
play_exec_accept(int argc, char **argv)
{
	return play_edit_exec(&play_cmd_accept, argc, argv, agreement);
}

int
play_exec_decline(int argc, char **argv)
{
	return play_edit_exec(&play_cmd_decline, argc, argv, agreement);
}
