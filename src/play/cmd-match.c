/* SPDX-License-Identifier: MIT */
/*
 * gameplay match: games between two programs that speak the match
 * protocol, GTP or NBoard (formats/protocol.md), or a tournament between
 * several.  This file is the command's entry: its options' table and its
 * --help; what the options mean and the match itself are src/match's
 * (match.h).
 */
#include <getopt.h>

#include "match/match.h"
#include "play/play.h"

int
play_exec_match(int argc, char **argv)
{
	struct match m;
	int	     status;

	match_init(&m);
	if ((status = play_parse(&play_cmd_match, argc, argv, &m)) == -1 &&
	    (status = match_tournament_options(&m)) == -1)
		status = match_has_programs(&m) ?
		    match_run(&m, argv[optind]) :
		    play_usage_error(&play_cmd_match);
	match_fini(&m);
	return status;
}
