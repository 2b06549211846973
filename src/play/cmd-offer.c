/* SPDX-License-Identifier: MIT */
/*
 * gameplay offer: a player offers the other a draw (formats/record.md, "Draws by agreement"):
 * {[%offer draw COLOUR]} after the record's last turn, checked by the
 * referee as gamecheck checks it.  With -i under move's lock.
 */
#include <getopt.h>
#include <string.h>

#include "play/play.h"

static int exec_offer(int, char **);

static const struct option longopts[] = {
	PLAY_LONGOPTS_EDIT,
	PLAY_LONGOPTS_RECORD,
	PLAY_LONGOPTS_COMMON,
	{ NULL, 0, NULL, 0 },
};

const struct play_cmd play_cmd_offer = {
	.name = "offer",
	.args = { ":ig:r:hV", longopts, 3, 3,
	    "name a record, draw and a colour" },
	.usage = "[-i] [-g game] [-r n] [--at time] record draw colour",
	.summary = "a player offers the other a draw",
	.help =
	    "The player of COLOUR offers a draw in the game of RECORD, with the\n"
	    "move they just made or without one: write the record with the offer\n"
	    "to standard output.  It stands until the next turn or a decline.\n"
	    "\n"
	    "  -i, --in-place   replace RECORD instead, under a lock\n"
	    "      --at=TIME    in a timed game, its moment, not before the\n"
	    "                   last (RFC 3339; default: now)\n",
	.width = 17,
	.select = true,
	.option = play_edit_option,
	.exec = exec_offer,
};

static int
exec_offer(int argc, char **argv)
{
	struct play_edit   ed = { 0 };
	struct cli_locked  lf = { .fd = -1 };
	struct play_record pr, np;
	int		   status, colour;

	memset(&np, 0, sizeof np);
	if ((status = play_edit_open(
		 &play_cmd_offer, argc, argv, &ed, &lf, &pr)) != -1)
		goto out_close;
	if (strcmp(argv[optind + 1], "draw") != 0) {
		cli_error("offer: %s: a player offers a draw (offer RECORD "
			  "draw COLOUR)",
		    argv[optind + 1]);
		status = CLI_USAGE;
		goto out_close;
	}
	if ((status = play_colour_operand(
		 &pr, "offer", argv[optind + 2], &colour)) != CLI_OK ||
	    (status = play_agreeable(&pr, "offer a draw in")) != CLI_OK)
		goto out_close;
	if ((status = play_write_agreement(&pr, &ed, "offer", colour, &np)) ==
	    CLI_OK)
		status = play_write_locked(ed.in_place, &lf, pr.name, &np);
out_close:
	play_close(&np);
	play_close(&pr);
	cli_locked_close(&lf);
	return status;
}
