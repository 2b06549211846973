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

int
play_exec_accept(int argc, char **argv)
{
	return play_agreement_exec(&play_cmd_accept, argc, argv);
}
