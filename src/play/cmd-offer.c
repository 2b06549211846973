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

int
play_exec_offer(int argc, char **argv)
{
	return play_agreement_exec(&play_cmd_offer, argc, argv);
}
