/* SPDX-License-Identifier: MIT */
/*
 * gameplay accept: accept the draw the other player offered (formats/
 * record.md, "Draws by agreement"): {[%accept draw COLOUR]} after the
 * record's last turn, checked by the referee as gamecheck checks it.
 * With -i under move's lock.
 */
#include <getopt.h>

#include "play/play.h"

static int exec_accept(int, char **);

const struct play_cmd play_cmd_accept = {
	.name = "accept",
	.args = { ":ig:r:hV", play_agreement_longopts, 2, 2,
	    "name a record and a colour" },
	.usage = "[-i] [-g game] [-r n] [--at time] record colour",
	.summary = "accept the draw the other player offered",
	.help =
	    "The player of COLOUR accepts the draw the other player offered in\n"
	    "the game of RECORD, before moving: write the drawn record\n"
	    "(Termination \"agreed draw\", 1/2-1/2) to standard output.\n" PLAY_AGREEMENT_HELP,
	.width = 17,
	.select = true,
	.option = play_edit_option,
	.exec = exec_accept,
	.actor = PLAY_ACTOR_OPERAND,
	.actor_operand = 1,
};

static int
exec_accept(int argc, char **argv)
{
	return play_agreement_exec(&play_cmd_accept, argc, argv);
}
