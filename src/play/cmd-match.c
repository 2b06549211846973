/* SPDX-License-Identifier: MIT */
/*
 * gameplay match: games between two programs that speak the match
 * protocol (formats/protocol.md), run with `sh -c CMD' over pipes.  The
 * referee rolls the dice, asks the player to move for one action at a
 * time, and adjudicates: an illegal answer, a program that exits or closes
 * its output (a crash), or one that does not answer within --timeout (it
 * is killed) loses the game, and the record says why in its Termination
 * tag; a program that is gone before its first answer never started, and
 * ends the match.  Every game is written and flushed as it ends, a line on
 * stderr says how it went, and a YAML summary (arbiter-match/1) ends the
 * match.  The processes themselves are engine.c's.
 */
#include <sys/wait.h>

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "play/engine.h"
#include "play/play.h"

static void	help(void);
static int	exec_match(int, char **);

enum { OPT_ALTERNATE = PLAY_OPT_OWN, OPT_TIMEOUT };

const struct play_cmd play_cmd_match = {
	.name = "match",
	.args = "-b cmd -w cmd [--alternate] [-n games] [--timeout seconds]\n"
	    "       [-S seed] [-s spec] [--max-turns turns] "
	    "[--summary file] game",
	.summary = "games between two programs on the match protocol",
	.help = help,
	.exec = exec_match,
};

static void
help(void)
{
	play_usage(stdout, &play_cmd_match);
	printf("Play GAMES games of GAME between two programs that speak the\n"
	    "match protocol (formats/protocol.md) and write their records to\n"
	    "standard output; a line per game and a YAML summary on stderr.\n"
	    "\n"
	    "  -b, --black=CMD        the first program, Black in game 1\n"
	    "  -w, --white=CMD        the second program, White in game 1\n"
	    "      --alternate        the programs change colours every game\n"
	    "  -n, --games=N          how many games (default 1)\n"
	    "      --timeout=SECONDS  time for each answer (default 10;\n"
	    "                         0: no limit)\n"
	    "  -S, --seed=S           game i rolls its dice from S+i-1\n"
	    "                         (default 1)\n"
	    "  -s, --size=SPEC        the board (default: the game's)\n"
	    "      --max-turns=T      stop a game after T turns, aborted\n"
	    "                         (0: never; default: the game's)\n"
	    "      --summary=FILE     write the summary to FILE, not stderr\n"
	    "                         (- for standard error)\n");
	play_help_common(23);
}

/* "a b c\n" of NULL-ended words, a new string, or NULL. */
static char *
line_of(const char *first, ...)
{
	va_list	 ap;
	const char *w;
	size_t	 len = 1;
	char	*s;

	va_start(ap, first);
	for (w = first; w != NULL; w = va_arg(ap, const char *))
		len += strlen(w) + 1;
	va_end(ap);
	if ((s = malloc(len)) == NULL)
		return NULL;
	s[0] = '\0';
	va_start(ap, first);
	for (w = first; w != NULL; w = va_arg(ap, const char *)) {
		if (s[0] != '\0' && w[0] != '\0')
			strcat(s, " ");
		strcat(s, w);
	}
	va_end(ap);
	strcat(s, "\n");
	return s;
}

/* How a game ended, for its record and the line on stderr. */
struct ending {
	char		 why[160];	/* the Termination tag, or "" */
	int		 winner;	/* a colour, or -1 */
	bool		 adjudicated, aborted;
};

/*
 * Says why a program that is gone before its first answer did not start,
 * after giving it a moment to exit.
 */
static void
no_start(struct engine *e)
{
	int	 st;

	if (!engine_reap(e, 1000)) {
		cli_error("match: '%s' closed its input or output before its "
		    "first answer", e->cmd);
		return;
	}
	if (WIFSIGNALED(e->status)) {
		cli_error("match: '%s' exited before its first answer "
		    "(killed by signal %d)", e->cmd, WTERMSIG(e->status));
		return;
	}
	st = WEXITSTATUS(e->status);
	cli_error("match: '%s' exited before its first answer (exit status "
	    "%d%s)", e->cmd, st, st == 127 ? ": command not found?" :
	    st == 126 ? ": not executable?" : "");
}

/*
 * Whether the program has started (engine_started), saying why not and
 * stopping it if it has not.
 */
static bool
started(struct engine *e)
{
	if (engine_started(e))
		return true;
	no_start(e);
	engine_stop(e, true);
	return false;
}

/*
 * Asks the program to move for one action and plays it, the request and
 * its answer within timeout seconds (0: no limit).  ready is what sending
 * it this game's `game' line came to (1: it went).  Returns 0 when the
 * game goes on, 1 when it ended by adjudication (*end says how), 2 when
 * the program did not start (said on stderr), or -1 (errno) when memory
 * runs out.
 */
static int
ask(struct play_game *pg, struct engine *e, int ready, double timeout,
    const struct record_syntax *syn, struct ending *end)
{
	const struct rules_game *g = pg->pos->game;
	struct rules_action acts[2];
	struct record_diag rd;
	struct rules_diag d;
	double	 deadline = engine_deadline(timeout);
	size_t	 offs[2], len = 0;
	char	*moves, *req, *line = NULL, shown[RECORD_SHOWN];
	int	 c = rules_to_move(pg->pos), r, n;

	if ((moves = play_game_moves(pg)) == NULL)
		return -1;
	req = line_of("moves", moves, (char *)NULL);
	free(moves);
	if (req == NULL)
		return -1;
	/* One answer per request: what else it wrote is no answer. */
	if (ready == 1)
		engine_drain(e);
	if ((r = ready) == 1 && (r = engine_send(e, req, deadline)) == 1 &&
	    (r = engine_send(e, "go\n", deadline)) == 1)
		r = engine_read(e, deadline, &line, &len);
	free(req);
	if (r == ENGINE_ERROR)
		return -1;
	if (r == ENGINE_GONE && !started(e))
		return 2;
	end->winner = 1 - c;
	end->adjudicated = true;
	switch (r) {
	case ENGINE_GONE:
		snprintf(end->why, sizeof end->why, "%s crashed",
		    g->colour[c]);
		engine_stop(e, true);
		return 1;
	case ENGINE_LATE:
		snprintf(end->why, sizeof end->why, "%s timed out",
		    g->colour[c]);
		engine_stop(e, true);
		return 1;
	case ENGINE_LONG:
		/* The rest of the line cannot be told from its next answer. */
		record_printable(e->buf, sizeof e->buf, shown, sizeof shown);
		snprintf(end->why, sizeof end->why, "illegal move %s by %s",
		    shown, g->colour[c]);
		engine_stop(e, true);
		return 1;
	}
	record_printable(line, len, shown, sizeof shown);
	/* A NUL is no part of any answer, nor an end to one. */
	if (memchr(line, '\0', len) == NULL && strcmp(line, "resign") == 0) {
		snprintf(end->why, sizeof end->why, "%s resigned",
		    g->colour[c]);
		return 1;
	}
	/* One action per request (formats/protocol.md). */
	n = memchr(line, '\0', len) != NULL ? 0 : record_turn_parse(syn,
	    &pg->pos->board, line, len, acts, offs, 2, &rd);
	if (n != 1 || play_game_play(pg, &acts[0], &d) == -1) {
		if (n == 1 && strcmp(d.code, "no-memory") == 0) {
			errno = ENOMEM;
			return -1;
		}
		snprintf(end->why, sizeof end->why, "illegal move %s by %s",
		    len > 0 ? shown : "\"\"", g->colour[c]);
		return 1;
	}
	end->adjudicated = false;
	end->winner = -1;
	return 0;
}

static int
exec_match(int argc, char **argv)
{
	static const char opts[] = ":b:w:n:S:s:hV";
	static const struct option longopts[] = {
		{ "black", required_argument, NULL, 'b' },
		{ "white", required_argument, NULL, 'w' },
		{ "alternate", no_argument, NULL, OPT_ALTERNATE },
		{ "games", required_argument, NULL, 'n' },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ "seed", required_argument, NULL, 'S' },
		{ "size", required_argument, NULL, 's' },
		{ "max-turns", required_argument, NULL, PLAY_OPT_MAX_TURNS },
		{ "summary", required_argument, NULL, PLAY_OPT_SUMMARY },
		PLAY_LONGOPTS_COMMON,
		{ NULL, 0, NULL, 0 },
	};
	const struct rules_game *g;
	struct record_syntax *syn = NULL;
	struct engine eng[2] = { { .slot = 0, .pid = -1 },
	    { .slot = 1, .pid = -1 } };
	struct play_series ps;
	struct play_game pg;
	struct play_game_tags t = { 0 };
	struct rules_score s;
	struct ending end;
	unsigned long i;
	double	 timeout = 10;
	bool	 alternate = false;
	char	*endp;
	char	*hello = NULL;
	int	 c, k, r, start[RULES_COLOURS], black, ready[2];
	int	 status = CLI_OK;

	play_series_init(&ps, "match");
	while ((c = getopt_long(argc, argv, opts, longopts,
	    NULL)) != -1) {
		if ((r = play_series_option(&ps, c, optarg)) == -1)
			return CLI_USAGE;
		if (r == 1)
			continue;
		switch (c) {
		case 'b': eng[0].cmd = optarg; break;
		case 'w': eng[1].cmd = optarg; break;
		case OPT_ALTERNATE: alternate = true; break;
		case OPT_TIMEOUT:
			errno = 0;
			timeout = strtod(optarg, &endp);
			/* Decimal seconds only: strtod reads 0x1 and 1e3. */
			if (optarg[0] < '0' || optarg[0] > '9' ||
			    optarg[strspn(optarg, "0123456789.")] != '\0' ||
			    *endp != '\0' || errno != 0 || !(timeout >= 0) ||
			    timeout > 1e6) {
				cli_error("--timeout takes seconds, not '%s'",
				    optarg);
				return CLI_USAGE;
			}
			break;
		default:
			return play_option(&play_cmd_match, c, argv, opts);
		}
	}
	if (argc - optind != 1 || eng[0].cmd == NULL || eng[1].cmd == NULL) {
		cli_error("match: name two programs (--black, --white) and "
		    "one game (try gameplay match --help)");
		return CLI_USAGE;
	}
	if ((g = play_series_game(&ps, argv[optind])) == NULL ||
	    play_series_start(&ps, 0, &pg) == -1)
		return CLI_USAGE;
	play_game_fini(&pg);
	if ((syn = record_syntax_new()) == NULL) {
		cli_error("cannot compile the notation's patterns");
		return CLI_INTERNAL;
	}
	if ((hello = line_of("game", g->name, ps.board, (char *)NULL)) ==
	    NULL) {
		cli_error("out of memory");
		record_syntax_free(syn);
		return CLI_INTERNAL;
	}
	engine_signals();
	black = play_colour(g, "black", 0);
	ps.m.side[0].name = eng[0].cmd;
	ps.m.side[1].name = eng[1].cmd;
	t.event = "match";
	cli_progress_of(0, ps.games, "games");
	for (i = 0; i < ps.games && status == CLI_OK; i++) {
		/* With --alternate, the second program is Black in game 2. */
		k = alternate && i % 2 == 1;
		start[black] = k;
		start[1 - black] = 1 - k;
		if (play_series_start(&ps, i, &pg) == -1) {
			status = CLI_INTERNAL;
			break;
		}
		for (k = 0; k < 2 && status == CLI_OK; k++) {
			if (eng[k].pid == -1 && engine_start(&eng[k]) == -1) {
				cli_error("cannot run '%s': %s", eng[k].cmd,
				    strerror(errno));
				status = CLI_USAGE;
			}
		}
		memset(&end, 0, sizeof end);
		end.winner = -1;
		/*
		 * A program stuck already is found out when asked; one gone
		 * within its grace never started.
		 */
		for (k = 0; k < 2 && status == CLI_OK; k++) {
			ready[k] = engine_send(&eng[k], hello,
			    engine_deadline(timeout));
			if (ready[k] == ENGINE_GONE && !started(&eng[k]))
				status = CLI_USAGE;
		}
		while (status == CLI_OK && play_series_going(&ps, &pg)) {
			if ((r = play_game_roll(&pg)) == 1)
				continue;
			if (r == 0) {
				k = play_game_side(&pg, start,
				    rules_to_move(pg.pos));
				r = ask(&pg, &eng[k], ready[k], timeout, syn,
				    &end);
			}
			if (r == -1) {
				cli_error("match: %s", strerror(errno));
				status = CLI_INTERNAL;
			} else if (r == 2)
				status = CLI_USAGE;
			if (r != 0)
				break;
		}
		/*
		 * No game is scored for a program that never started: one
		 * not asked yet has its grace first (formats/protocol.md).
		 */
		for (k = 0; k < 2 && status == CLI_OK; k++)
			if (!started(&eng[k]))
				status = CLI_USAGE;
		if (status != CLI_OK) {
			play_game_fini(&pg);
			break;
		}
		/* One not asked since its `game' line failed starts afresh. */
		for (k = 0; k < 2; k++)
			if (ready[k] != 1)
				engine_stop(&eng[k], true);
		rules_score(pg.pos, &s);
		if (!end.adjudicated && !s.over) {
			end.aborted = true;
			snprintf(end.why, sizeof end.why, "aborted");
			ps.m.aborted++;
		} else if (!end.adjudicated)
			end.winner = s.winner;
		else
			ps.m.adjudicated++;
		t.round = i + 1;
		t.black = eng[start[black]].cmd;
		t.white = eng[start[1 - black]].cmd;
		t.termination = end.why[0] != '\0' ? end.why : NULL;
		t.winner = end.adjudicated ? g->colour[end.winner] : NULL;
		play_tally(&ps.m, &pg, start, end.winner, end.aborted);
		status = play_finish(play_game_write(stdout, &pg, &t));
		/* The line of this game: who won, how, who played what. */
		cli_progress_done();
		fprintf(stderr, "%s: game %lu/%lu: ", cli_progname(), i + 1,
		    ps.games);
		if (end.aborted)
			fprintf(stderr, "aborted after %d turns, %d-%d",
			    rules_turn(pg.pos) - 1, s.points[0], s.points[1]);
		else if (end.adjudicated)
			fprintf(stderr, "%s wins: %s", g->colour[end.winner],
			    end.why);
		else if (end.winner == -1)
			fprintf(stderr, "draw %d-%d", s.points[0],
			    s.points[1]);
		else
			fprintf(stderr, "%s wins %d-%d",
			    g->colour[end.winner], s.points[0], s.points[1]);
		/* Who held each colour at the end: results are by colour. */
		fprintf(stderr, " (%s: %s; %s: %s)\n", g->colour[0],
		    eng[play_game_side(&pg, start, 0)].cmd, g->colour[1],
		    eng[play_game_side(&pg, start, 1)].cmd);
		cli_progress_of(i + 1, ps.games, "games");
		play_game_fini(&pg);
	}
	cli_progress_done();
	for (k = 0; k < 2; k++)
		engine_stop(&eng[k], status != CLI_OK);
	free(hello);
	record_syntax_free(syn);
	if (status == CLI_OK && !play_summary(&ps.m, ps.summary))
		status = CLI_USAGE;
	return status;
}
