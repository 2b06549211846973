/* SPDX-License-Identifier: MIT */
/*
 * What gameplay offer, accept and decline share (formats/record.md,
 * "Draws by agreement"): the answer's colour, and the record with the
 * offer or answer written after its last turn, which the referee checks
 * as gamecheck does, so that an acceptance without an offer, or by the
 * player who offered, is refused with gamecheck's code.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "play/play.h"

const struct option play_agreement_longopts[] = {
	PLAY_LONGOPTS_EDIT,
	PLAY_LONGOPTS_RECORD,
	PLAY_LONGOPTS_COMMON,
	{ NULL, 0, NULL, 0 },
};

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

static int
write_agreement(const struct play_record *pr, const struct play_edit *ed,
    const char *word, int colour, struct play_record *np)
{
	struct record_tag_out tag = { "Termination", "agreed draw" };
	struct record_update  u = { 0 };
	char		      note[64], *text;
	size_t		      len;
	int64_t		      t;
	int		      status;

	/* A timed game's offer or answer is dated by the turn before it. */
	if (pr->rp.timed &&
	    (status = play_at_now(pr, &ed->at, pr->rec->start, &t)) != CLI_OK)
		return status;
	snprintf(note, sizeof note, "{[%%%s draw %s]}", word,
	    pr->rp.game->colour[colour]);
	u.note = note;
	if (strcmp(word, "accept") == 0) {
		u.tags = &tag;
		u.ntags = 1;
		u.result = "1/2-1/2";
	}
	if ((text = play_update_text(pr, &u, &len)) == NULL) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	status = play_load(np, pr->path, text, len, &ed->sel, true);
	if (status == CLI_BAD && np->rp.has_error) {
		/* The referee's word on the answer: where it would stand. */
		cli_diag(pr->name, &np->rp.error, NULL);
		return CLI_BAD;
	}
	if (status != CLI_OK) {
		cli_error("%s: the record with the %s does not check; please "
			  "report this",
		    pr->name, word);
		return CLI_INTERNAL;
	}
	return CLI_OK;
}

int
play_agreement_exec(const struct play_cmd *cmd, int argc, char **argv)
{
	struct play_edit   ed = { 0 };
	struct cli_locked  lf = { .fd = -1 };
	struct play_record pr, np;
	char		   what[32];
	int		   status, colour;

	memset(&np, 0, sizeof np);
	if ((status = play_edit_open(cmd, argc, argv, &ed, &lf, &pr)) != -1)
		goto out_close;
	if (cmd->args.lower == 3 && strcmp(argv[optind + 1], "draw") != 0) {
		cli_error("%s: %s: a player offers a draw (%s RECORD draw "
			  "COLOUR)",
		    cmd->name, argv[optind + 1], cmd->name);
		status = CLI_USAGE;
		goto out_close;
	}
	snprintf(what, sizeof what, "%s a draw in", cmd->name);
	if ((status = colour_operand(&pr, cmd->name,
		 argv[optind + cmd->args.lower - 1], &colour)) != CLI_OK ||
	    (status = agreeable(&pr, what)) != CLI_OK)
		goto out_close;
	if ((status = write_agreement(&pr, &ed, cmd->name, colour, &np)) ==
	    CLI_OK)
		status = play_write_locked(ed.in_place, &lf, pr.name, &np);
out_close:
	play_close(&np);
	play_close(&pr);
	cli_locked_close(&lf);
	return status;
}
