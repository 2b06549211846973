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

int
play_exec_decline(int argc, char **argv)
{
	return play_agreement_exec(&play_cmd_decline, argc, argv);
}
