/* SPDX-License-Identifier: MIT */
/*
 * gameplay help: gameplay's --help, or a command's (gameplay help move is
 * gameplay move --help).
 */
#include <getopt.h>
#include <stdio.h>

#include "play/play.h"

static void	help(void);
static int	exec_help(int, char **);

const struct play_cmd play_cmd_help = {
	.name = "help",
	.args = "[command]",
	.summary = "describe gameplay or one of its commands",
	.help = help,
	.exec = exec_help,
};

static void
help(void)
{
	play_usage(stdout, &play_cmd_help);
	printf("Describe COMMAND, as gameplay COMMAND --help does, or without\n"
	    "one gameplay itself.\n"
	    "\n");
	play_help_common(15);
}

static int
exec_help(int argc, char **argv)
{
	static const char opts[] = ":hV";
	static const struct option longopts[] = {
		PLAY_LONGOPTS_COMMON,
		{ NULL, 0, NULL, 0 },
	};
	const struct play_cmd *cmd;
	int	 c;

	if ((c = getopt_long(argc, argv, opts, longopts, NULL)) != -1)
		return play_option(&play_cmd_help, c, argv, opts);
	if (argc - optind > 1) {
		cli_error("help: name one command (try gameplay help)");
		return CLI_USAGE;
	}
	if (argc == optind)
		play_help_gameplay();
	else if ((cmd = play_cmd_find(argv[optind])) != NULL)
		cmd->help();
	else {
		cli_error("help: unknown command '%s' (try gameplay help)",
		    argv[optind]);
		return CLI_USAGE;
	}
	return cli_help_done();
}
