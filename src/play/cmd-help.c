/* SPDX-License-Identifier: MIT */
/*
 * gameplay help: gameplay's --help, or a command's (gameplay help move is
 * gameplay move --help).
 */
#include <getopt.h>
#include <stdio.h>

#include "play/play.h"

int
play_exec_help(int argc, char **argv)
{
	const struct play_cmd *cmd;
	int		       status;

	if ((status = play_parse(&play_cmd_help, argc, argv, NULL)) != -1)
		return status;
	if (argc == optind)
		play_help_gameplay();
	else if ((cmd = play_cmd_find(argv[optind])) != NULL)
		play_help(cmd);
	else {
		cli_error("help: unknown command '%s' (try gameplay help)",
		    argv[optind]);
		return CLI_USAGE;
	}
	return cli_help_done();
}
