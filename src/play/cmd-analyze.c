/* SPDX-License-Identifier: MIT */
/*
 * gameplay analyze: every position of every game of some records valued
 * by an analyser (a built-in player, a program over a match protocol, or
 * the exact solver) and the records written again with what it thought
 * of each turn (formats/record.md, "Analyses").  This file is the
 * command's entry: its options' table and its --help; the analysis is
 * src/match's (analyze.h).
 */
#include <getopt.h>

#include "match/analyze.h"
#include "play/play.h"

static int exec_analyze(int, char **);

static const struct option longopts[] = {
	{ "engine", required_argument, NULL, ANALYZE_OPT_ENGINE },
	{ "protocol", required_argument, NULL, ANALYZE_OPT_PROTOCOL },
	{ "player", required_argument, NULL, ANALYZE_OPT_PLAYER },
	{ "solver", no_argument, NULL, ANALYZE_OPT_SOLVER },
	{ "depth", required_argument, NULL, ANALYZE_OPT_DEPTH },
	{ "time", required_argument, NULL, ANALYZE_OPT_TIME },
	{ "empties", required_argument, NULL, ANALYZE_OPT_EMPTIES },
	{ "timeout", required_argument, NULL, ANALYZE_OPT_TIMEOUT },
	{ "output", required_argument, NULL, 'o' },
	{ "resume", no_argument, NULL, ANALYZE_OPT_RESUME },
	{ "yaml", no_argument, NULL, ANALYZE_OPT_YAML },
	{ "jobs", required_argument, NULL, 'j' },
	{ "game", required_argument, NULL, 'g' },
	PLAY_LONGOPTS_COMMON,
	{ NULL, 0, NULL, 0 },
};

const struct play_cmd play_cmd_analyze = {
	.name = "analyze",
	.args = { ":o:j:g:hV", longopts, 1, -1, "name the records to analyse" },
	.usage = "--engine cmd [--protocol proto] | --player name |\n"
		 "       --solver [--depth n] [--time seconds] [--empties n]\n"
		 "       [--timeout seconds] [--yaml | -o file [--resume]]\n"
		 "       [-j n] [-g game] record ...",
	.summary = "every position of some games valued by an analyser",
	.help =
	    "Value every position of every game of the RECORDs with an\n"
	    "analyser, and write the records again with a comment after each\n"
	    "turn: [%eval] the value of the turn played for its mover,\n"
	    "[%best] the analyser's choice, [%loss] what the turn lost\n"
	    "against it (formats/record.md, Analyses).\n"
	    "\n"
	    "      --engine=CMD       a program that speaks --protocol\n"
	    "      --protocol=P       arbiter (default), gtp or nboard\n"
	    "      --player=NAME      a built-in player: greedy (its\n"
	    "                         evaluation searched --depth deep),\n"
	    "                         random or mcts:N (a best turn only)\n"
	    "      --solver           the exact solver, for positions with\n"
	    "                         --empties or fewer empty cells\n"
	    "      --depth=N          greedy's search, actions (1 to 6;\n"
	    "                         default 1)\n"
	    "      --time=SECONDS     the solver's time for a position\n"
	    "      --empties=N        the solver's reach (default 14)\n"
	    "      --timeout=SECONDS  time for each answer of a program\n"
	    "                         (default 10; 0: no limit)\n"
	    "  -o, --output=FILE      write the records to FILE, not stdout\n"
	    "      --resume           analyse only the games FILE lacks\n"
	    "      --yaml             a YAML document a game, not records\n"
	    "  -j, --jobs=N           analyse N games at once (default 1)\n"
	    "  -g, --game=GAME        a record without a Game tag is GAME\n",
	.width = 23,
	.footer = "Exit status: 0 all analysed, 1 a record illegal or "
		  "malformed (left out),\n2 usage or I/O error, or the "
		  "analyser failed (crashed, timed out, answered\nno legal "
		  "action: --resume goes on), 3 internal error.\n",
	.option = analyze_option,
	.exec = exec_analyze,
};

static int
exec_analyze(int argc, char **argv)
{
	struct analyze a;
	int	       status;

	analyze_init(&a);
	if ((status = play_parse(&play_cmd_analyze, argc, argv, &a)) == -1)
		status = analyze_run(&a, argv + optind, argc - optind);
	analyze_fini(&a);
	return status;
}
