/* SPDX-License-Identifier: MIT */
/*
 * gameplay offer: a player offers the other a draw or a takeback
 * (formats/record.md, "Draws by agreement", "Takebacks"): {[%offer draw
 * COLOUR]} or {[%offer undo COLOUR TURNS]} after the record's last turn,
 * checked by the referee as gamecheck checks it.
 * With -i under move's lock.
 */
#include <getopt.h>

#include "play/play.h"

static int exec_offer(int, char **);

const struct play_cmd play_cmd_offer = {
	.name = "offer",
	.args = { ":ig:r:hV", play_agreement_longopts, 3, 4,
	    "name a record, draw or undo, a colour and a takeback's turns" },
	.usage = "[-i] [-g game] [-r n] [--at time] record draw|undo colour "
		 "[turns]",
	.summary = "a player offers the other a draw or a takeback",
	.help =
	    "The player of COLOUR offers a draw (draw) in the game of RECORD,\n"
	    "with the move they just made or without one, or to take back the\n"
	    "last TURNS turns (undo; default: their own last turn and the turns\n"
	    "after it): write the record with the offer to standard output.  It\n"
	    "stands until the next turn or a decline.\n" PLAY_AGREEMENT_HELP,
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
