/* SPDX-License-Identifier: MIT */
/*
 * gameplay: the correspondence referee, and games between built-in
 * players or programs (gameplay(1)).  A table of subcommands, one file
 * each in src/play/; main() parses the options before the command and
 * hands the rest over.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"

static const struct play_cmd *const commands[] = {
	&play_cmd_new,
	&play_cmd_show,
	&play_cmd_legal,
	&play_cmd_move,
	&play_cmd_status,
	&play_cmd_roll,
	&play_cmd_perft,
	&play_cmd_selfplay,
	&play_cmd_match,
	&play_cmd_engine,
	&play_cmd_help,
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

const struct play_cmd *
play_cmd_find(const char *name)
{
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(name, commands[i]->name) == 0)
			return commands[i];
	return NULL;
}

void
play_help_gameplay(void)
{
	const struct rules_game *g;
	size_t			 i;

	printf(
	    "usage: gameplay [-hV] command [options] [args]\n"
	    "Referee a correspondence game: start a record, show the\n"
	    "position, list the legal moves, apply a move only if it is legal;\n"
	    "play built-in players or programs against each other.\n"
	    "\n");
	for (i = 0; i < NCOMMANDS; i++)
		printf("  %-8s %s\n", commands[i]->name, commands[i]->summary);
	printf(
	    "\n"
	    "  -h, --help      show this help and exit\n"
	    "  -V, --version   show the version and exit\n"
	    "\n"
	    "gameplay help COMMAND (or COMMAND --help) describes a command.\n"
	    "Games:");
	for (i = 0; (g = rules_game_at(i)) != NULL; i++)
		printf(" %s", g->name);
	printf("\n"
	       "Exit status: 0 done, 1 the record or the move is not legal,\n"
	       "2 usage or I/O error, 3 internal error.  See gameplay(1).\n");
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	/* "+": stop at the command; its options are its own. */
	static const char      opts[] = "+:hV";
	static char	       name[32];
	const struct play_cmd *cmd;
	int		       c;

	cli_init(argv[0]);
	while ((c = getopt_long(argc, argv, opts, longopts, NULL)) != -1) {
		switch (c) {
		case 'h': play_help_gameplay(); return cli_help_done();
		case 'V': return cli_version("gameplay");
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
