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

static int exec_match(int, char **);

static const struct option longopts[] = {
	{ "black", required_argument, NULL, 'b' },
	{ "white", required_argument, NULL, 'w' },
	{ "alternate", no_argument, NULL, MATCH_OPT_ALTERNATE },
	{ "timeout", required_argument, NULL, MATCH_OPT_TIMEOUT },
	{ "startup-timeout", required_argument, NULL,
	    MATCH_OPT_STARTUP_TIMEOUT },
	{ "black-protocol", required_argument, NULL, MATCH_OPT_BLACK_PROTOCOL },
	{ "white-protocol", required_argument, NULL, MATCH_OPT_WHITE_PROTOCOL },
	{ "tc", required_argument, NULL, MATCH_OPT_TC },
	{ "black-tc", required_argument, NULL, MATCH_OPT_BLACK_TC },
	{ "white-tc", required_argument, NULL, MATCH_OPT_WHITE_TC },
	{ "sprt", required_argument, NULL, MATCH_OPT_SPRT },
	{ "sprt-exit", no_argument, NULL, MATCH_OPT_SPRT_EXIT },
	{ "output", required_argument, NULL, 'o' },
	{ "resume", no_argument, NULL, MATCH_OPT_RESUME },
	{ "jobs", required_argument, NULL, 'j' },
	/* cutechess's and fastchess's name for it. */
	{ "concurrency", required_argument, NULL, 'j' },
	{ "order", required_argument, NULL, MATCH_OPT_ORDER },
	{ "openings", required_argument, NULL, MATCH_OPT_OPENINGS },
	{ "openings-order", required_argument, NULL, MATCH_OPT_OPENINGS_ORDER },
	{ "repeat", no_argument, NULL, MATCH_OPT_REPEAT },
	{ "engine", required_argument, NULL, MATCH_OPT_ENGINE },
	{ "engines", required_argument, NULL, MATCH_OPT_ENGINES },
	{ "tournament", required_argument, NULL, MATCH_OPT_TOURNAMENT },
	{ "adjudicate", required_argument, NULL, MATCH_OPT_ADJUDICATE },
	{ "slice", required_argument, NULL, MATCH_OPT_SLICE },
	{ "pairing", required_argument, NULL, MATCH_OPT_PAIRING },
	{ "log", required_argument, NULL, MATCH_OPT_LOG },
	MATCH_LONGOPTS_SERIES,
	PLAY_LONGOPTS_COMMON,
	{ NULL, 0, NULL, 0 },
};

const struct play_cmd play_cmd_match = {
	.name = "match",
	.args = { ":b:w:n:S:s:o:j:hV", longopts, 1, 1,
	    "name two programs (--black, --white) and one game" },
	.usage =
	    "-b cmd -w cmd [--black-protocol proto]\n"
	    "       [--white-protocol proto] [--alternate] [-n games]\n"
	    "       [--timeout seconds] [--startup-timeout seconds]\n"
	    "       [--tc base+inc] [--black-tc base+inc]\n"
	    "       [--white-tc base+inc] [-S seed] [-s spec] "
	    "[--max-turns turns]\n"
	    "       [--sprt test] [--sprt-exit] [-o file [--resume]]\n"
	    "       [--slice first-last | --pairing k]\n"
	    "       [--openings file [--openings-order order] [--repeat]]\n"
	    "       [-j n] [--order order] [--adjudicate rule]\n"
	    "       [--log file] [--summary file] game\n"
	    "       gameplay match --engine cmd ... | --engines file\n"
	    "       [--tournament kind] [options] game",
	.summary = "games between two programs: match protocol, GTP, NBoard",
	.help =
	    "Play GAMES games of GAME between two programs that speak the\n"
	    "match protocol, GTP or NBoard (formats/protocol.md) and write\n"
	    "their records to standard output; a line per game and a YAML\n"
	    "summary on stderr.\n"
	    "\n"
	    "  -b, --black=CMD        the first program, Black in game 1;\n"
	    "                         CMD, or name=N,proto=P,option=LINE,\n"
	    "                         ...,cmd=CMD (as --engine)\n"
	    "  -w, --white=CMD        the second program, White in game 1\n"
	    "      --black-protocol=P the first program's protocol: arbiter\n"
	    "                         (default), gtp or nboard (reversi 8x8)\n"
	    "      --white-protocol=P the second program's protocol\n"
	    "      --alternate        the programs change colours every game\n"
	    "  -n, --games=N          how many games (default 1)\n"
	    "      --timeout=SECONDS  time for each answer (default 10;\n"
	    "                         0: no limit)\n"
	    "      --startup-timeout=SECONDS  time for a program to get\n"
	    "                         ready, not on its clock (default 30)\n"
	    "      --tc=BASE+INC      a clock for each program: BASE seconds\n"
	    "                         a game, INC more for each answer\n"
	    "      --black-tc=B+I     the first program's clock, not --tc's\n"
	    "      --white-tc=B+I     the second program's clock\n"
	    "  -S, --seed=S           game i rolls its dice from S+i-1\n"
	    "                         (default 1)\n"
	    "  -s, --size=SPEC        the board (default: the game's)\n"
	    "      --max-turns=T      stop a game after T turns, aborted\n"
	    "                         (0: never; default: the game's)\n"
	    "      --sprt=TEST        stop when the SPRT decides: TEST is\n"
	    "                         'elo0=A elo1=B alpha=X beta=Y' (the\n"
	    "                         error rates default to 0.05)\n"
	    "      --sprt-exit        exit 0 if H1 is accepted, 4 if H0 is,\n"
	    "                         5 if the games ran out first\n"
	    "  -o, --output=FILE      write the records to FILE, not stdout\n"
	    "      --resume           play only the games that FILE lacks\n"
	    "      --slice=I-J        play only games I to J of the match\n"
	    "      --pairing=K        play only the tournament's pairing K\n"
	    "  -j, --jobs=N           play N games at once (default 1;\n"
	    "                         --concurrency=N is the same)\n"
	    "      --order=ORDER      game (default): records in game order;\n"
	    "                         completion: as the games end\n"
	    "      --openings=FILE    start the games from FILE's records\n"
	    "      --openings-order=O sequential (default) or random (from\n"
	    "                         the seed)\n"
	    "      --repeat           each opening twice, colours reversed\n"
	    "                         (implies --alternate)\n"
	    "      --engine=SPEC      a tournament's program (repeated),\n"
	    "                         not -b and -w: CMD, or name=N (in the\n"
	    "                         records), proto=P, option=LINE (sent\n"
	    "                         after the handshake; repeated), then\n"
	    "                         cmd=CMD last, apart by commas\n"
	    "      --engines=FILE     a tournament's programs, a SPEC a line\n"
	    "      --tournament=KIND  round-robin (default) or gauntlet (the\n"
	    "                         first against each other); -n is then\n"
	    "                         the games of each pairing\n"
	    "      --adjudicate=solve:N  end a game once its\n"
	    "                         position has N empties or fewer and\n"
	    "                         is solved: the solver plays it out;\n"
	    "                         =resign:MOVES:SCORE, =draw:MOVES:SCORE\n"
	    "                         [:FROM] end it when both programs'\n"
	    "                         evaluations agree (formats/protocol.md)\n"
	    "      --log=FILE         append every line sent to a program or\n"
	    "                         read from it to FILE, timestamped\n"
	    "      --summary=FILE     write the summary to FILE, not stderr\n"
	    "                         (- for standard error)\n",
	.width = 23,
	.option = match_option,
	.exec = exec_match,
};

static int
exec_match(int argc, char **argv)
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
