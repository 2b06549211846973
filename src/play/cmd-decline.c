/* SPDX-License-Identifier: MIT */
/*
 * gameplay decline: decline the draw the other player offered (formats/record.md, "Draws by agreement"):
 * {[%decline draw COLOUR]} after the record's last turn, checked by the
 * referee as gamecheck checks it.  With -i under move's lock.
 */
#include <getopt.h>
#include <string.h>

#include "play/play.h"

static int exec_decline(int, char **);

static const struct option longopts[] = {
	PLAY_LONGOPTS_EDIT,
	PLAY_LONGOPTS_RECORD,
	PLAY_LONGOPTS_COMMON,
	{ NULL, 0, NULL, 0 },
};

const struct play_cmd play_cmd_decline = {
	.name = "decline",
	.args = { ":ig:r:hV", longopts, 2, 2, "name a record and a colour" },
	.usage = "[-i] [-g game] [-r n] [--at time] record colour",
	.summary = "decline the draw the other player offered",
	.help =
	    "The player of COLOUR declines the draw the other player offered in\n"
	    "the game of RECORD: write the record with the decline to\n"
	    "standard output.\n"
	    "\n"
	    "  -i, --in-place   replace RECORD instead, under a lock\n"
	    "      --at=TIME    in a timed game, its moment, not before the\n"
	    "                   last (RFC 3339; default: now)\n",
	.width = 17,
	.select = true,
	.option = play_edit_option,
	.exec = exec_decline,
};

static int
exec_decline(int argc, char **argv)
{
	struct play_edit   ed = { 0 };
	struct cli_locked  lf = { .fd = -1 };
	struct play_record pr, np;
	int		   status, colour;

	memset(&np, 0, sizeof np);
	if ((status = play_edit_open(
		 &play_cmd_decline, argc, argv, &ed, &lf, &pr)) != -1)
		goto out_close;
	if ((status = play_colour_operand(
		 &pr, "decline", argv[optind + 1], &colour)) != CLI_OK ||
	    (status = play_agreeable(&pr, "decline a draw in")) != CLI_OK)
		goto out_close;
	if ((status = play_write_agreement(&pr, &ed, "decline", colour, &np)) ==
	    CLI_OK)
		status = play_write_locked(ed.in_place, &lf, pr.name, &np);
out_close:
	play_close(&np);
	play_close(&pr);
	cli_locked_close(&lf);
	return status;
}
