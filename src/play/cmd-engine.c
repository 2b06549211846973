/* SPDX-License-Identifier: MIT */
/*
 * gameplay engine: a built-in player speaking the match protocol
 * (formats/protocol.md) on standard input and output, so that gameplay
 * match can run it as it runs any other program.  It keeps no state
 * between requests but the game: every `moves' line is replayed from the
 * start.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"
#include "player/player.h"

static void	help(void);
static int	exec_engine(int, char **);

const struct play_cmd play_cmd_engine = {
	.name = "engine",
	.args = "[-S seed] player",
	.summary = "a built-in player on the match protocol",
	.help = help,
	.exec = exec_engine,
};

static void
help(void)
{
	play_usage(stdout, &play_cmd_engine);
	printf("Play PLAYER (random, greedy, mcts, mcts:N) over the match\n"
	    "protocol of formats/protocol.md on standard input and output.\n"
	    "\n"
	    "  -S, --seed=S   game k of the session plays with seed S+k-1\n"
	    "                 (default 1)\n");
	play_help_common(15);
}

/* The words of a request line, split in place on blanks. */
static size_t
split(char *line, char **w, size_t cap)
{
	size_t	 n = 0;
	char	*save = NULL, *t;

	for (t = strtok_r(line, " \t\r\n", &save); t != NULL && n < cap;
	    t = strtok_r(NULL, " \t\r\n", &save))
		w[n++] = t;
	return n;
}

/*
 * Plays the turn tokens tok[0..n-1] from the start on pos; the last may
 * be a turn in progress.  Returns 0, or -1 after saying why on stderr.
 */
static int
replay_moves(struct record_syntax *syn, struct rules_position *pos,
    char **tok, size_t n)
{
	struct rules_action acts[512], a;
	size_t	 offs[512], i;
	struct diag rd;
	struct diag d;
	int	 k, na;

	rules_position_reset(pos);
	for (i = 0; i < n; i++) {
		/*
		 * A turn in progress may be its dice alone ("35:"), which the
		 * notation has no token for (formats/protocol.md).
		 */
		if (strlen(tok[i]) == 3 && tok[i][0] >= '1' &&
		    tok[i][0] <= '6' && tok[i][1] >= '1' && tok[i][1] <= '6' &&
		    tok[i][2] == ':') {
			a = (struct rules_action){ .kind = RULES_DICE,
			    .from = (int16_t)(tok[i][0] - '0'),
			    .to = (int16_t)(tok[i][1] - '0') };
			if (rules_play(pos, &a, &d) == -1) {
				cli_error("engine: turn %zu (%s): %s", i + 1,
				    tok[i], d.msg);
				return -1;
			}
			continue;
		}
		na = record_turn_parse(syn, &pos->board, tok[i],
		    strlen(tok[i]), acts, offs, 512, &rd);
		if (na < 0 || na > 512) {
			cli_error("engine: turn %zu (%s): %s", i + 1, tok[i],
			    na < 0 ? rd.msg : "too many actions");
			return -1;
		}
		for (k = 0; k < na; k++)
			if (rules_play(pos, &acts[k], &d) == -1) {
				cli_error("engine: turn %zu (%s): %s", i + 1,
				    tok[i], d.msg);
				return -1;
			}
	}
	return 0;
}

static int
exec_engine(int argc, char **argv)
{
	static const char opts[] = ":S:hV";
	static const struct option longopts[] = {
		{ "seed", required_argument, NULL, 'S' },
		PLAY_LONGOPTS_COMMON,
		{ NULL, 0, NULL, 0 },
	};
	struct record_syntax *syn = NULL;
	struct rules_position *pos = NULL;
	struct player *pl = NULL;
	const struct rules_game *g;
	struct rules_action a;
	struct diag d;
	unsigned long seed = 1, games = 0;
	char	*line = NULL, **w = NULL, buf[32];
	size_t	 cap = 0, nw, wcap;
	ssize_t	 len;
	int	 c, status = CLI_OK;

	while ((c = getopt_long(argc, argv, opts, longopts, NULL)) != -1) {
		switch (c) {
		case 'S':
			if (!play_count("--seed", optarg, &seed))
				return CLI_USAGE;
			break;
		default:
			return play_option(&play_cmd_engine, c, argv, opts);
		}
	}
	if (argc - optind != 1) {
		cli_error("engine: name one player (try gameplay engine "
		    "--help)");
		return CLI_USAGE;
	}
	if ((pl = player_new(argv[optind], &d)) == NULL) {
		cli_error("%s", d.msg);
		return d.code == DIAG_NO_MEMORY ? CLI_INTERNAL :
		    CLI_USAGE;
	}
	if ((syn = record_syntax_new()) == NULL) {
		cli_error("cannot compile the notation's patterns");
		status = CLI_INTERNAL;
		goto out_free;
	}
	while ((len = getline(&line, &cap, stdin)) != -1) {
		/* A line has at most len / 2 + 1 words. */
		wcap = (size_t)len / 2 + 2;
		free(w);
		if ((w = calloc(wcap, sizeof *w)) == NULL) {
			cli_error("out of memory");
			status = CLI_INTERNAL;
			break;
		}
		if ((nw = split(line, w, wcap)) == 0)
			continue;
		if (strcmp(w[0], "quit") == 0)
			break;
		if (strcmp(w[0], "game") == 0) {
			if (nw < 2 || (g = rules_game_find(w[1])) == NULL) {
				cli_error("engine: unknown game '%s'",
				    nw < 2 ? "" : w[1]);
				status = CLI_BAD;
				break;
			}
			rules_position_free(pos);
			if ((pos = rules_position_new(g, nw > 2 ? w[2] : NULL,
			    NULL, &d)) == NULL) {
				cli_error("engine: %s [%s]", d.msg,
				    diag_name(d.code));
				status = CLI_BAD;
				break;
			}
			player_seed(pl, play_player_seed(seed + games++, 0));
		} else if (strcmp(w[0], "moves") == 0) {
			if (pos == NULL || replay_moves(syn, pos, w + 1,
			    nw - 1) == -1) {
				if (pos == NULL)
					cli_error("engine: moves before game");
				status = CLI_BAD;
				break;
			}
		} else if (strcmp(w[0], "go") == 0) {
			if (pos == NULL) {
				cli_error("engine: go before game");
				status = CLI_BAD;
				break;
			}
			if (player_choose(pl, pos, &a, &d) == -1) {
				cli_error("engine: %s", d.msg);
				status = d.code == DIAG_NO_MEMORY ?
				    CLI_INTERNAL : CLI_BAD;
				break;
			}
			printf("%s\n", record_action_format(&pos->board, &a,
			    buf, sizeof buf));
			if (fflush(stdout) == EOF) {
				status = cli_output_ok(stdout, "stdout") ?
				    CLI_INTERNAL : CLI_USAGE;
				break;
			}
		}
		/* Other requests are for other engines: ignored. */
	}
out_free:
	free(w);
	free(line);
	rules_position_free(pos);
	record_syntax_free(syn);
	player_free(pl);
	return status;
}
