/* SPDX-License-Identifier: MIT */
/*
 * The table of gameplay's commands (play.h), one file each (cmd-*.c), as
 * tmux's cmd.c lists its cmd_entry tables, made from commands.def:
 * finding a command by name, and gameplay's own --help, which lists them.
 * A new command is its file and one PLAY_CMD entry in commands.def.
 */
#include <stdio.h>
#include <string.h>

#include "match/analyze.h"
#include "match/match.h"
#include "play/play.h"

/* Each command's entry, its exec being play_exec_NAME of cmd-NAME.c. */
#define PLAY_CMD(x, ...) \
	const struct play_cmd play_cmd_##x = { \
		.name = #x, .exec = play_exec_##x, __VA_ARGS__ \
	};
#include "play/commands.def"
#undef PLAY_CMD

#define PLAY_CMD(x, ...) &play_cmd_##x,
static const struct play_cmd *const commands[] = {
#include "play/commands.def"
};
#undef PLAY_CMD

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

const struct play_cmd *
play_cmd_at(size_t i)
{
	return i < NCOMMANDS ? commands[i] : NULL;
}

void
play_help_gameplay(void)
{
	const struct rules_game *g;
	size_t			 i;
	int			 width = 8;

	/* The summaries in one column, after the longest name. */
	for (i = 0; i < NCOMMANDS; i++)
		if ((int)strlen(commands[i]->name) > width)
			width = (int)strlen(commands[i]->name);
	printf(
	    "usage: gameplay [-hV] command [options] [args]\n"
	    "Referee a correspondence game: start a record, show the\n"
	    "position, list the legal moves, apply a move only if it is legal;\n"
	    "play built-in players or programs against each other.\n"
	    "\n");
	for (i = 0; i < NCOMMANDS; i++)
		printf("  %-*s %s\n", width, commands[i]->name,
		    commands[i]->summary);
	printf(
	    "\n"
	    "      --color=WHEN  colour messages (auto, always, never)\n"
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
