/* SPDX-License-Identifier: MIT */
/*
 * gameplay decline: decline the draw or takeback the other player
 * offered (formats/record.md, "Draws by agreement", "Takebacks"):
 * {[%decline draw|undo COLOUR]} after the record's last turn, checked by
 * the referee as gamecheck checks it.
 * With -i under move's lock.
 */
#include <getopt.h>

#include "play/play.h"

static int exec_decline(int, char **);

const struct play_cmd play_cmd_decline = {
	.name = "decline",
	.args = { ":ig:r:hV", play_agreement_longopts, 2, 3,
	    "name a record, draw or undo, and a colour" },
	.usage = "[-i] [-g game] [-r n] [--at time] record [draw|undo] colour",
	.summary = "decline the draw or takeback the other player offered",
	.help =
	    "The player of COLOUR declines the draw or takeback the other player\n"
	    "offered in the game of RECORD (the one standing, else name it):\n"
	    "write the record with the decline to standard output.\n" PLAY_AGREEMENT_HELP,
	.width = 17,
	.select = true,
	.option = play_edit_option,
	.exec = exec_decline,
	.actor = PLAY_ACTOR_OPERAND,
	.actor_operand = -1, /* [draw|undo] colour */
};

static int
exec_decline(int argc, char **argv)
{
	return play_agreement_exec(&play_cmd_decline, argc, argv);
}
