/* SPDX-License-Identifier: MIT */
/*
 * gameplay help: gameplay's --help, or a command's (gameplay help move is
 * gameplay move --help).
 */
#include <getopt.h>
#include <stdio.h>

#include "play/play.h"

static int exec_help(int, char **);

static const struct option longopts[] = {
	PLAY_LONGOPTS_COMMON,
	{ NULL, 0, NULL, 0 },
};

const struct play_cmd play_cmd_help = {
	.name = "help",
	.args = { ":hV", longopts, 0, 1, "name one command" },
	.usage = "[command]",
	.summary = "describe gameplay or one of its commands",
	.help =
	    "Describe COMMAND, as gameplay COMMAND --help does, or without\n"
	    "one gameplay itself.\n"
	    "\n",
	.width = 15,
	/* A usage error points to what this command itself shows. */
	.hint = "gameplay help",
	.exec = exec_help,
};

static int
exec_help(int argc, char **argv)
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
