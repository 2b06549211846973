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
 * match.  The processes themselves, their pipes and clocks, are
 * engine.c's: this file speaks the protocol over them.
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "play/engine.h"
#include "play/play.h"

static int	exec_match(int, char **);

enum { OPT_ALTERNATE = PLAY_OPT_OWN, OPT_TIMEOUT };

static const struct option longopts[] = {
	{ "black", required_argument, NULL, 'b' },
	{ "white", required_argument, NULL, 'w' },
	{ "alternate", no_argument, NULL, OPT_ALTERNATE },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	PLAY_LONGOPTS_SERIES,
	PLAY_LONGOPTS_COMMON,
	{ NULL, 0, NULL, 0 },
};

static int	option(void *, int, const char *);

const struct play_cmd play_cmd_match = {
	.name = "match",
	.args = { ":b:w:n:S:s:hV", longopts, 1, 1,
	    "name two programs (--black, --white) and one game" },
	.usage = "-b cmd -w cmd [--alternate] [-n games] [--timeout seconds]\n"
	    "       [-S seed] [-s spec] [--max-turns turns] "
	    "[--summary file] game",
	.summary = "games between two programs on the match protocol",
	.help = "Play GAMES games of GAME between two programs that speak the\n"
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
	    "                         (- for standard error)\n",
	.width = 23,
	.option = option,
	.exec = exec_match,
};

/*
 * A match: what the options say (the series, the programs' commands in
 * eng[k].cmd, --alternate, --timeout), then what it is playing with.
 */
struct match {
	struct play_series ps;
	struct engine	 eng[2];	/* the first program, the second */
	bool		 alternate;
	double		 timeout;	/* seconds per answer; 0: none */

	const struct rules_game *g;
	struct record_syntax *syn;
	char		*hello;		/* the `game' line, owned */
	int		 black;		/* the colour named black */
};

static int
option(void *settings, int c, const char *arg)
{
	struct match *m = settings;
	char	*endp;

	switch (c) {
	case 'b': m->eng[0].cmd = arg; break;
	case 'w': m->eng[1].cmd = arg; break;
	case OPT_ALTERNATE: m->alternate = true; break;
	case OPT_TIMEOUT:
		errno = 0;
		m->timeout = strtod(arg, &endp);
		/* Decimal seconds only: strtod reads 0x1 and 1e3. */
		if (arg[0] < '0' || arg[0] > '9' ||
		    arg[strspn(arg, "0123456789.")] != '\0' ||
		    *endp != '\0' || errno != 0 || !(m->timeout >= 0) ||
		    m->timeout > 1e6) {
			cli_error("--timeout takes seconds, not '%s'", arg);
			return -1;
		}
		break;
	default:
		return play_series_option(&m->ps, c, arg);
	}
	return 0;
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
	char	 how[64];

	if (!engine_exit_text(e, 1000, how, sizeof how))
		cli_error("match: '%s' closed its input or output before its "
		    "first answer", e->cmd);
	else
		cli_error("match: '%s' exited before its first answer (%s)",
		    e->cmd, how);
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
    struct record_syntax *syn, struct ending *end)
{
	const struct rules_game *g = pg->pos->game;
	struct rules_action acts[2];
	struct diag rd;
	struct diag d;
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
		if (n == 1 && d.code == DIAG_NO_MEMORY) {
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

/*
 * Sets up the match of the game called name: its board checked by
 * setting up game 1, the notation, the `game' line, the signals and the
 * summary's sides.  Returns CLI_OK, or the exit status after saying why.
 */
static int
match_setup(struct match *m, const char *name)
{
	struct play_game pg;

	if ((m->g = play_series_game(&m->ps, name)) == NULL ||
	    play_series_start(&m->ps, 0, &pg) == -1)
		return CLI_USAGE;
	play_game_fini(&pg);
	if ((m->syn = record_syntax_new()) == NULL) {
		cli_error("cannot compile the notation's patterns");
		return CLI_INTERNAL;
	}
	if ((m->hello = line_of("game", m->g->name, m->ps.board,
	    (char *)NULL)) == NULL) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	engine_signals();
	m->black = play_colour(m->g, "black", 0);
	m->ps.m.side[0].name = m->eng[0].cmd;
	m->ps.m.side[1].name = m->eng[1].cmd;
	return CLI_OK;
}

/*
 * Starts the programs not running yet and sends both the `game' line;
 * ready[k] is what that came to (1: it went).  Returns CLI_OK, or
 * CLI_USAGE after saying that a program cannot be run or did not start.
 */
static int
engines_ready(struct match *m, int ready[2])
{
	int	 k;

	for (k = 0; k < 2; k++) {
		if (m->eng[k].pid == -1 && engine_start(&m->eng[k]) == -1) {
			cli_error("cannot run '%s': %s", m->eng[k].cmd,
			    strerror(errno));
			return CLI_USAGE;
		}
	}
	/*
	 * A program stuck already is found out when asked; one gone
	 * within its grace never started.
	 */
	for (k = 0; k < 2; k++) {
		ready[k] = engine_send(&m->eng[k], m->hello,
		    engine_deadline(m->timeout));
		if (ready[k] == ENGINE_GONE && !started(&m->eng[k]))
			return CLI_USAGE;
	}
	return CLI_OK;
}

/*
 * Plays pg until it is over, capped or adjudicated (*end says how), side
 * start[c] holding colour c at the start.  Returns the exit status.
 */
static int
play_moves(struct match *m, struct play_game *pg,
    const int start[RULES_COLOURS], const int ready[2], struct ending *end)
{
	int	 k, r;

	while (play_series_going(&m->ps, pg)) {
		if ((r = play_game_roll(pg)) == 1)
			continue;
		if (r == 0) {
			k = play_game_side(pg, start, rules_to_move(pg->pos));
			r = ask(pg, &m->eng[k], ready[k], m->timeout, m->syn,
			    end);
		}
		if (r == -1) {
			cli_error("match: %s", strerror(errno));
			return CLI_INTERNAL;
		}
		if (r == 2)
			return CLI_USAGE;
		if (r != 0)
			break;
	}
	return CLI_OK;
}

/* How the game pg ended, for its record and the tally: *end and *s. */
static void
judge(struct match *m, const struct play_game *pg, struct ending *end,
    struct rules_score *s)
{
	rules_score(pg->pos, s);
	if (!end->adjudicated && !s->over) {
		end->aborted = true;
		snprintf(end->why, sizeof end->why, "aborted");
		m->ps.m.aborted++;
	} else if (!end->adjudicated)
		end->winner = s->winner;
	else
		m->ps.m.adjudicated++;
}

/* The line of game i on stderr: who won, how, who played what. */
static void
game_line(const struct match *m, unsigned long i, const struct play_game *pg,
    const int start[RULES_COLOURS], const struct ending *end,
    const struct rules_score *s)
{
	const struct rules_game *g = m->g;

	cli_progress_done();
	fprintf(stderr, "%s: game %lu/%lu: ", cli_progname(), i + 1,
	    m->ps.games);
	if (end->aborted)
		fprintf(stderr, "aborted after %d turns, %d-%d",
		    rules_turn(pg->pos) - 1, s->points[0], s->points[1]);
	else if (end->adjudicated)
		fprintf(stderr, "%s wins: %s", g->colour[end->winner],
		    end->why);
	else if (end->winner == -1)
		fprintf(stderr, "draw %d-%d", s->points[0], s->points[1]);
	else
		fprintf(stderr, "%s wins %d-%d", g->colour[end->winner],
		    s->points[0], s->points[1]);
	/* Who held each colour at the end: results are by colour. */
	fprintf(stderr, " (%s: %s; %s: %s)\n", g->colour[0],
	    m->eng[play_game_side(pg, start, 0)].cmd, g->colour[1],
	    m->eng[play_game_side(pg, start, 1)].cmd);
}

/*
 * Plays game i (from 0) of the match, writes its record and its line.
 * Returns the exit status.
 */
static int
play_one(struct match *m, unsigned long i)
{
	struct play_game pg;
	struct play_game_tags t = { .event = "match", .round = i + 1 };
	struct ending end = { .winner = -1 };
	struct rules_score s;
	int	 k, start[RULES_COLOURS], ready[2], status;

	/* With --alternate, the second program is Black in game 2. */
	k = m->alternate && i % 2 == 1;
	start[m->black] = k;
	start[1 - m->black] = 1 - k;
	if (play_series_start(&m->ps, i, &pg) == -1)
		return CLI_INTERNAL;
	if ((status = engines_ready(m, ready)) == CLI_OK)
		status = play_moves(m, &pg, start, ready, &end);
	/*
	 * No game is scored for a program that never started: one
	 * not asked yet has its grace first (formats/protocol.md).
	 */
	for (k = 0; k < 2 && status == CLI_OK; k++)
		if (!started(&m->eng[k]))
			status = CLI_USAGE;
	if (status != CLI_OK)
		goto out_fini;
	/* One not asked since its `game' line failed starts afresh. */
	for (k = 0; k < 2; k++)
		if (ready[k] != 1)
			engine_stop(&m->eng[k], true);
	judge(m, &pg, &end, &s);
	t.black = m->eng[start[m->black]].cmd;
	t.white = m->eng[start[1 - m->black]].cmd;
	t.termination = end.why[0] != '\0' ? end.why : NULL;
	t.winner = end.adjudicated ? m->g->colour[end.winner] : NULL;
	play_tally(&m->ps.m, &pg, start, end.winner, end.aborted);
	status = play_finish(play_game_write(stdout, &pg, &t));
	game_line(m, i, &pg, start, &end, &s);
	cli_progress_of(i + 1, m->ps.games, "games");
out_fini:
	play_game_fini(&pg);
	return status;
}

static int
exec_match(int argc, char **argv)
{
	struct match m = { .timeout = 10 };
	unsigned long i;
	int	 k, status;

	engine_init(&m.eng[0], 0);
	engine_init(&m.eng[1], 1);
	play_series_init(&m.ps, "match");
	if ((status = play_parse(&play_cmd_match, argc, argv, &m)) != -1)
		return status;
	if (m.eng[0].cmd == NULL || m.eng[1].cmd == NULL)
		return play_usage_error(&play_cmd_match);
	if ((status = match_setup(&m, argv[optind])) != CLI_OK)
		goto out_free;
	cli_progress_of(0, m.ps.games, "games");
	for (i = 0; i < m.ps.games && status == CLI_OK; i++)
		status = play_one(&m, i);
	cli_progress_done();
	for (k = 0; k < 2; k++)
		engine_stop(&m.eng[k], status != CLI_OK);
	if (status == CLI_OK && !play_summary(&m.ps.m, m.ps.summary))
		status = CLI_USAGE;
out_free:
	free(m.hello);
	record_syntax_free(m.syn);
	return status;
}
