/* SPDX-License-Identifier: MIT */
/*
 * gameplay accept: accept the draw or takeback the other player offered
 * (formats/record.md, "Draws by agreement", "Takebacks"): {[%accept draw
 * COLOUR]} after the record's last turn, or the turns taken back and
 * {[%accept undo COLOUR]} after the last turn left, checked by the
 * referee as gamecheck checks it.
 * With -i under move's lock.
 */
#include <getopt.h>

#include "play/play.h"

static int exec_accept(int, char **);

const struct play_cmd play_cmd_accept = {
	.name = "accept",
	.args = { ":ig:r:hV", play_agreement_longopts, 2, 3,
	    "name a record, draw or undo, and a colour" },
	.usage = "[-i] [-g game] [-r n] [--at time] record [draw|undo] colour",
	.summary = "accept the draw or takeback the other player offered",
	.help =
	    "The player of COLOUR accepts the draw or takeback the other player\n"
	    "offered in the game of RECORD (the one standing, else name it),\n"
	    "before moving: write the drawn record (Termination \"agreed draw\",\n"
	    "1/2-1/2), or the record without the turns taken back, to standard\n"
	    "output.\n" PLAY_AGREEMENT_HELP,
	.width = 17,
	.select = true,
	.option = play_edit_option,
	.exec = exec_accept,
	.actor = PLAY_ACTOR_OPERAND,
	.actor_operand = -1, /* [draw|undo] colour */
};

static int
exec_accept(int argc, char **argv)
{
	return play_agreement_exec(&play_cmd_accept, argc, argv);
}
