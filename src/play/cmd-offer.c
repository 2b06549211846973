/* SPDX-License-Identifier: MIT */
/*
 * gameplay offer: a player offers the other a draw (formats/
 * record.md, "Draws by agreement"): {[%offer draw COLOUR]} after the
 * record's last turn, checked by the referee as gamecheck checks it.
 * With -i under move's lock.
 */
#include <getopt.h>

#include "play/play.h"

static int exec_offer(int, char **);

const struct play_cmd play_cmd_offer = {
	.name = "offer",
	.args = { ":ig:r:hV", play_agreement_longopts, 3, 3,
	    "name a record, draw and a colour" },
	.usage = "[-i] [-g game] [-r n] [--at time] record draw colour",
	.summary = "a player offers the other a draw",
	.help =
	    "The player of COLOUR offers a draw in the game of RECORD, with the\n"
	    "move they just made or without one: write the record with the offer\n"
	    "to standard output.  It stands until the next turn or a decline.\n" PLAY_AGREEMENT_HELP,
	.width = 17,
	.select = true,
	.option = play_edit_option,
	.exec = exec_offer,
	.actor = PLAY_ACTOR_OPERAND,
	.actor_operand = 2,
};

static int
exec_offer(int argc, char **argv)
{
	return play_agreement_exec(&play_cmd_offer, argc, argv);
}
