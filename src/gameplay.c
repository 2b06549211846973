/* SPDX-License-Identifier: MIT */
/*
 * gameplay: the correspondence referee, and games between built-in
 * players or programs (gameplay(1)).  The table of subcommands is
 * src/play's (table.c), the match runner src/match's; main() parses the
 * options before the command and hands the rest over.
 */
#include <getopt.h>
#include <stdio.h>

#include "play/play.h"

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "color", required_argument, NULL, 'C' },
		PLAY_LONGOPTS_COMMON,
		{ NULL, 0, NULL, 0 },
	};
	/* "+": stop at the command; its options are its own. */
	static const char      opts[] = "+:hV";
	static char	       name[32];
	const struct play_cmd *cmd;
	int		       c;

	cli_init(argv[0]);
	if (play_key_argv(argc, argv) != CLI_OK)
		return CLI_USAGE;
	while ((c = getopt_long(argc, argv, opts, longopts, NULL)) != -1) {
		switch (c) {
		case 'h': play_help_gameplay(); return cli_help_done();
		case 'V': return cli_version("gameplay");
		case 'C':
			if (!cli_color_option(optarg))
				return CLI_USAGE;
			break;
		default: return cli_option_error(argv, opts, c, false);
		}
	}
	if (optind == argc) {
		cli_error("no command given (try --help)");
		return CLI_USAGE;
	}
	if ((cmd = play_cmd_find(argv[optind])) == NULL) {
		cli_error("unknown command '%s' (try --help)", argv[optind]);
		return CLI_USAGE;
	}
	argc -= optind;
	argv += optind;
	/* The command's messages then start "gameplay show: ". */
	snprintf(name, sizeof name, "gameplay %s", cmd->name);
	argv[0] = name;
	/* Start getopt afresh for the command. */
	optind = 0;
	return cmd->exec(argc, argv);
}
