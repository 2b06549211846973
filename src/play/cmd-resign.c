/* SPDX-License-Identifier: MIT */
/*
 * gameplay resign: either player resigns, on either's turn, at any time
 * before the game is decided: the record gets "COLOUR resigned" in its
 * Termination tag and the other colour as Winner (a forfeit of
 * formats/record.md), and in a timed game the moment (--at, else now) in
 * a Resigned tag.  With -i under move's lock.
 */
#include <getopt.h>
#include <string.h>

#include "play/play.h"

/* The record with the resignation of the colour ed->operands[1] names. */
static int
resign(const struct play_record *pr, const struct play_edit *ed,
    struct play_record *np)
{
	char	when[CORR_TIME_LEN];
	int64_t t;
	int	status, loser;

	if ((status = play_decidable(pr, "resign")) != CLI_OK)
		return status;
	for (loser = 0; loser < 2; loser++)
		if (strcmp(ed->operands[1], pr->rp.game->colour[loser]) == 0)
			break;
	if (loser == 2) {
		cli_error("resign: %s: the colour is %s or %s", ed->operands[1],
		    pr->rp.game->colour[0], pr->rp.game->colour[1]);
		return CLI_USAGE;
	}
	/* The moment of a timed game's resignation, not before its last. */
	if (pr->rp.timed &&
	    (status = play_at_now(pr, &ed->at, pr->rec->start, &t)) != CLI_OK)
		return status;
	return play_write_forfeit(pr, ed, loser, "resigned",
	    pr->rp.timed ? "Resigned" : NULL,
	    pr->rp.timed ? corr_time_format(t, when) : NULL, np);
}

int
play_exec_resign(int argc, char **argv)
{
	return play_edit_exec(&play_cmd_resign, argc, argv, resign);
}
