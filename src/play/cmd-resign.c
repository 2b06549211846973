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

int
play_exec_resign(int argc, char **argv)
{
	struct play_edit   ed = { 0 };
	struct cli_locked  lf = { .fd = -1 };
	struct play_record pr, np;
	char		   when[CORR_TIME_LEN];
	int64_t		   t;
	int		   status, loser;

	memset(&np, 0, sizeof np);
	if ((status = play_edit_open(
		 &play_cmd_resign, argc, argv, &ed, &lf, &pr)) != -1 ||
	    (status = play_decidable(&pr, "resign")) != CLI_OK)
		goto out_close;
	for (loser = 0; loser < 2; loser++)
		if (strcmp(argv[optind + 1], pr.rp.game->colour[loser]) == 0)
			break;
	if (loser == 2) {
		cli_error("resign: %s: the colour is %s or %s",
		    argv[optind + 1], pr.rp.game->colour[0],
		    pr.rp.game->colour[1]);
		status = CLI_USAGE;
		goto out_close;
	}
	/* The moment of a timed game's resignation, not before its last. */
	if (pr.rp.timed &&
	    (status = play_at_now(&pr, &ed.at, pr.rec->start, &t)) != CLI_OK)
		goto out_close;
	if ((status = play_write_forfeit(&pr, &ed, loser, "resigned",
		 pr.rp.timed ? "Resigned" : NULL,
		 pr.rp.timed ? corr_time_format(t, when) : NULL, &np)) ==
	    CLI_OK)
		status = play_write_locked(ed.in_place, &lf, pr.name, &np);
out_close:
	return play_edit_close(&pr, &np, &lf, status);
}
