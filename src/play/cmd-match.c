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
 * match.  The processes themselves, their pipes and deadlines, are
 * engine.c's, and each side's protocol (arbiter, GTP, NBoard) is a
 * play_proto of its own file: this file referees over them, and keeps the
 * clocks of --tc.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play/engine.h"
#include "play/play.h"
#include "play/proto.h"
#include "play/schedule.h"
#include "play/workers.h"
#include "stat/elo.h"
#include "util/util.h"

static int exec_match(int, char **);

/* The exit statuses of --sprt-exit besides 0, H1 accepted (gameplay(1)). */
#define MATCH_SPRT_H0	     4
#define MATCH_SPRT_UNDECIDED 5

enum {
	OPT_ALTERNATE = PLAY_OPT_OWN,
	OPT_TIMEOUT,
	OPT_BLACK_PROTOCOL,
	OPT_WHITE_PROTOCOL,
	OPT_TC,
	OPT_BLACK_TC,
	OPT_WHITE_TC,
	OPT_SPRT,
	OPT_SPRT_EXIT,
	OPT_RESUME,
	OPT_ORDER,
	OPT_OPENINGS,
	OPT_OPENINGS_ORDER,
	OPT_REPEAT,
	OPT_ENGINE,
	OPT_ENGINES,
	OPT_TOURNAMENT,
};

static const struct option longopts[] = {
	{ "black", required_argument, NULL, 'b' },
	{ "white", required_argument, NULL, 'w' },
	{ "alternate", no_argument, NULL, OPT_ALTERNATE },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "black-protocol", required_argument, NULL, OPT_BLACK_PROTOCOL },
	{ "white-protocol", required_argument, NULL, OPT_WHITE_PROTOCOL },
	{ "tc", required_argument, NULL, OPT_TC },
	{ "black-tc", required_argument, NULL, OPT_BLACK_TC },
	{ "white-tc", required_argument, NULL, OPT_WHITE_TC },
	{ "sprt", required_argument, NULL, OPT_SPRT },
	{ "sprt-exit", no_argument, NULL, OPT_SPRT_EXIT },
	{ "output", required_argument, NULL, 'o' },
	{ "resume", no_argument, NULL, OPT_RESUME },
	{ "jobs", required_argument, NULL, 'j' },
	/* cutechess's and fastchess's name for it. */
	{ "concurrency", required_argument, NULL, 'j' },
	{ "order", required_argument, NULL, OPT_ORDER },
	{ "openings", required_argument, NULL, OPT_OPENINGS },
	{ "openings-order", required_argument, NULL, OPT_OPENINGS_ORDER },
	{ "repeat", no_argument, NULL, OPT_REPEAT },
	{ "engine", required_argument, NULL, OPT_ENGINE },
	{ "engines", required_argument, NULL, OPT_ENGINES },
	{ "tournament", required_argument, NULL, OPT_TOURNAMENT },
	PLAY_LONGOPTS_SERIES,
	PLAY_LONGOPTS_COMMON,
	{ NULL, 0, NULL, 0 },
};

static int option(void *, int, const char *);

const struct play_cmd play_cmd_match = {
	.name = "match",
	.args = { ":b:w:n:S:s:o:j:hV", longopts, 1, 1,
	    "name two programs (--black, --white) and one game" },
	.usage =
	    "-b cmd -w cmd [--black-protocol proto]\n"
	    "       [--white-protocol proto] [--alternate] [-n games]\n"
	    "       [--timeout seconds] [--tc base+inc] [--black-tc base+inc]\n"
	    "       [--white-tc base+inc] [-S seed] [-s spec] "
	    "[--max-turns turns]\n"
	    "       [--sprt test] [--sprt-exit] [-o file [--resume]]\n"
	    "       [--openings file [--openings-order order] [--repeat]]\n"
	    "       [-j n] [--order order] [--summary file] game\n"
	    "       gameplay match --engine cmd ... | --engines file\n"
	    "       [--tournament kind] [options] game",
	.summary = "games between two programs: match protocol, GTP, NBoard",
	.help =
	    "Play GAMES games of GAME between two programs that speak the\n"
	    "match protocol, GTP or NBoard (formats/protocol.md) and write\n"
	    "their records to standard output; a line per game and a YAML\n"
	    "summary on stderr.\n"
	    "\n"
	    "  -b, --black=CMD        the first program, Black in game 1\n"
	    "  -w, --white=CMD        the second program, White in game 1\n"
	    "      --black-protocol=P the first program's protocol: arbiter\n"
	    "                         (default), gtp or nboard (reversi 8x8)\n"
	    "      --white-protocol=P the second program's protocol\n"
	    "      --alternate        the programs change colours every game\n"
	    "  -n, --games=N          how many games (default 1)\n"
	    "      --timeout=SECONDS  time for each answer (default 10;\n"
	    "                         0: no limit)\n"
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
	    "  -j, --jobs=N           play N games at once (default 1;\n"
	    "                         --concurrency=N is the same)\n"
	    "      --order=ORDER      game (default): records in game order;\n"
	    "                         completion: as the games end\n"
	    "      --openings=FILE    start the games from FILE's records\n"
	    "      --openings-order=O sequential (default) or random (from\n"
	    "                         the seed)\n"
	    "      --repeat           each opening twice, colours reversed\n"
	    "                         (implies --alternate)\n"
	    "      --engine=CMD       a tournament's program (repeated),\n"
	    "                         not -b and -w\n"
	    "      --engines=FILE     a tournament's programs, one a line\n"
	    "      --tournament=KIND  round-robin (default) or gauntlet (the\n"
	    "                         first against each other); -n is then\n"
	    "                         the games of each pairing\n"
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
	struct play_side   side[2]; /* the first program, the second */
	bool		   alternate;
	double		   timeout; /* seconds per answer; 0: none */
	struct play_tc	   tc[2];   /* each side's clock */
	struct play_tc	   tc_both; /* --tc: the clock of a side with
					   none of its own */
	char		 **notes;   /* the clock after each turn, owned */
	size_t		   nnotes, notes_cap;

	const char		 *output; /* -o, or NULL: stdout */
	bool			  resume;
	FILE			 *out;	  /* where the records go */
	char			  id[17]; /* the MatchId tag: 16 hex digits */
	bool			  sprt_on, sprt_exit;
	struct stat_sprt	  sprt; /* --sprt */
	struct report_match_stats stats;
	signed char	    *counted; /* game i counted: 1 + the first program's
				 half points in it; 0: not (yet) */
	size_t		     counted_len, counted_cap;
	unsigned long	     ncounted;
	unsigned long	     jobs;	 /* -j: games at once */
	bool		     completion; /* --order completion */
	char		    *names[2];	 /* the sides' names from the games of
				     -j, owned */
	const char	    *openings_path; /* --openings, or NULL */
	enum play_order	     order;	    /* --openings-order */
	bool		     order_set;
	struct play_openings openings;
	struct play_schedule sch;     /* who plays what in game i */
	const char	   **engines; /* --engine, --engines: borrowed */
	size_t		     nengines, engines_cap;
	char		    *engines_text; /* --engines, owned */
	const char	    *engines_path;
	struct play_tourney  tour;
	size_t		     loaded;	/* the pairing in side[] */
	bool		     no_memory; /* counting a game failed */

	const struct rules_game *g;
	struct record_syntax	*syn;
	int			 black; /* the colour named black */
};

/*
 * Whether the n bytes at s are a decimal number as people write one: a
 * minus perhaps, digits, perhaps a point and digits.  strtod reads 0x5,
 * 1e3, inf and a leading blank too, none of which --sprt means.
 */
static bool
decimal(const char *s, size_t n)
{
	size_t i = s[0] == '-', d;

	for (d = i; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		;
	if (i == d)
		return false;
	if (i < n && s[i] == '.')
		for (d = ++i; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			;
	return i == n && i > d;
}

/*
 * Reads --sprt's "elo0=A elo1=B alpha=X beta=Y", the words apart by
 * spaces or commas, into *t; elo0 and elo1 must be there, each key once,
 * and elo0 below elo1.  Returns 0, or -1 after saying what is wrong.
 */
static int
sprt_parse(const char *arg, struct stat_sprt *t)
{
	static const char *const keys[] = { "elo0", "elo1", "alpha", "beta" };
	double	   *v[4] = { &t->elo0, &t->elo1, &t->alpha, &t->beta };
	bool	    seen[4] = { false, false, false, false };
	const char *p = arg, *eq;
	size_t	    n;
	int	    k;

	t->alpha = t->beta = 0.05;
	while (*(p += strspn(p, " ,")) != '\0') {
		n = strcspn(p, " ,");
		if ((eq = memchr(p, '=', n)) == NULL)
			goto bad;
		for (k = 0; k < 4; k++)
			if (strlen(keys[k]) == (size_t)(eq - p) &&
			    strncmp(p, keys[k], eq - p) == 0)
				break;
		if (k == 4 || seen[k] ||
		    !decimal(eq + 1, (size_t)(p + n - eq - 1)))
			goto bad;
		if (!isfinite(*v[k] = strtod(eq + 1, NULL)))
			goto bad;
		seen[k] = true;
		p += n;
	}
	if (seen[0] && seen[1] && t->elo0 < t->elo1 && t->alpha > 0 &&
	    t->beta > 0 && t->alpha + t->beta < 1)
		return 0;
bad:
	cli_error("--sprt takes 'elo0=A elo1=B alpha=X beta=Y', each once "
		  "(decimal numbers, A below B, the error rates between 0 "
		  "and 1), not '%s'",
	    arg);
	return -1;
}

static int
option(void *settings, int c, const char *arg)
{
	struct match *m = settings;
	char	     *endp;
	int	      k;

	switch (c) {
	case 'b': m->side[0].e.cmd = arg; break;
	case 'w': m->side[1].e.cmd = arg; break;
	case OPT_BLACK_PROTOCOL:
	case OPT_WHITE_PROTOCOL:
		k = c == OPT_WHITE_PROTOCOL;
		if ((m->side[k].proto = play_proto_find(arg)) == NULL) {
			cli_error("--%s-protocol takes arbiter, gtp or nboard, "
				  "not '%s'",
			    k == 0 ? "black" : "white", arg);
			return -1;
		}
		break;
	case OPT_TC:
	case OPT_BLACK_TC:
	case OPT_WHITE_TC:
		if (!play_tc_parse(arg,
			c == OPT_TC ? &m->tc_both :
				      &m->tc[c == OPT_WHITE_TC])) {
			cli_error("--%s takes BASE+INC seconds, not '%s'",
			    c == OPT_TC		  ? "tc" :
				c == OPT_BLACK_TC ? "black-tc" :
						    "white-tc",
			    arg);
			return -1;
		}
		break;
	case OPT_ALTERNATE: m->alternate = true; break;
	case OPT_SPRT: m->sprt_on = true; return sprt_parse(arg, &m->sprt);
	case OPT_SPRT_EXIT: m->sprt_exit = true; break;
	case 'o': m->output = arg; break;
	case OPT_RESUME: m->resume = true; break;
	case 'j': return cli_jobs_option(arg, &m->jobs) ? 0 : -1;
	case OPT_ORDER:
		if (strcmp(arg, "game") != 0 &&
		    strcmp(arg, "completion") != 0) {
			cli_error(
			    "--order takes game or completion, not '%s'", arg);
			return -1;
		}
		m->completion = strcmp(arg, "completion") == 0;
		break;
	case OPT_OPENINGS: m->openings_path = arg; break;
	case OPT_ENGINE:
		if (array_grow(&m->engines, &m->engines_cap, m->nengines + 1,
			sizeof *m->engines) == -1) {
			cli_error("out of memory");
			return -1;
		}
		m->engines[m->nengines++] = arg;
		break;
	case OPT_ENGINES: m->engines_path = arg; break;
	case OPT_TOURNAMENT:
		if (strcmp(arg, "round-robin") == 0)
			m->sch.kind = PLAY_TOURNAMENT_ROUND_ROBIN;
		else if (strcmp(arg, "gauntlet") == 0)
			m->sch.kind = PLAY_TOURNAMENT_GAUNTLET;
		else {
			cli_error("--tournament takes round-robin or "
				  "gauntlet, not '%s'",
			    arg);
			return -1;
		}
		break;
	case OPT_REPEAT: m->sch.repeat = true; break;
	case OPT_OPENINGS_ORDER:
		m->order_set = true;
		if (strcmp(arg, "sequential") == 0)
			m->order = PLAY_ORDER_SEQUENTIAL;
		else if (strcmp(arg, "random") == 0)
			m->order = PLAY_ORDER_RANDOM;
		else {
			cli_error("--openings-order takes sequential or "
				  "random, not '%s'",
			    arg);
			return -1;
		}
		break;
	case OPT_TIMEOUT:
		errno = 0;
		m->timeout = strtod(arg, &endp);
		/* Decimal seconds only: strtod reads 0x1 and 1e3. */
		if (arg[0] < '0' || arg[0] > '9' ||
		    arg[strspn(arg, "0123456789.")] != '\0' || *endp != '\0' ||
		    errno != 0 || !(m->timeout >= 0) || m->timeout > 1e6) {
			cli_error("--timeout takes seconds, not '%s'", arg);
			return -1;
		}
		break;
	default: return play_series_option(&m->ps, c, arg);
	}
	return 0;
}

/* The name a side goes by: its own (GTP's name), else its command. */
static const char *
side_name(const struct play_side *sd)
{
	return sd->name[0] != '\0' ? sd->name : sd->e.cmd;
}

/* Says that a program refused the set-up (formats/protocol.md, GTP). */
static int
refused(struct play_side *sd)
{
	cli_error("match: '%s' refused %s", sd->e.cmd, sd->refusal);
	engine_stop(&sd->e, true);
	return CLI_USAGE;
}

/* How a game ended, for its record and the line on stderr. */
struct ending {
	char why[160]; /* the Termination tag, or "" */
	int  winner;   /* a colour, or -1 */
	bool adjudicated, aborted;
};

/*
 * Says why a program that is gone before its first answer did not start,
 * after giving it a moment to exit.
 */
static void
no_start(struct engine *e)
{
	char how[64];

	if (!engine_exit_text(e, 1000, how, sizeof how))
		cli_error("match: '%s' closed its input or output before its "
			  "first answer",
		    e->cmd);
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
 * Notes the clock of the side that ended turn i (its seconds left) for
 * the record: "[%clk 0:00:59.2]", as PGN's clock comments.  Returns 0, or
 * -1 when memory runs out.
 */
static int
note_clock(struct match *m, size_t i, double left)
{
	char buf[64];
	long tenths = (long)(left * 10 + 0.5);

	if (array_grow(&m->notes, &m->notes_cap, i + 1, sizeof *m->notes) == -1)
		return -1;
	while (m->nnotes <= i)
		m->notes[m->nnotes++] = NULL;
	snprintf(buf, sizeof buf, "[%%clk %ld:%02ld:%02ld.%ld]", tenths / 36000,
	    tenths / 600 % 60, tenths / 10 % 60, tenths % 10);
	free(m->notes[i]);
	if ((m->notes[i] = strdup(buf)) == NULL)
		return -1;
	return 0;
}

/* Forgets the clock notes of the last game. */
static void
notes_clear(struct match *m)
{
	size_t i;

	for (i = 0; i < m->nnotes; i++)
		free(m->notes[i]);
	m->nnotes = 0;
}

/*
 * Asks side sd to move for one action and plays it, the request and its
 * answer within m->timeout seconds (0: no limit) and within its clock.
 * ready is what this game's set-up came to (1: it went).  Returns 0 when
 * the game goes on, 1 when it ended by adjudication (*end says how), 2
 * when the program did not start or refused the game (said on stderr),
 * or -1 (errno) when memory runs out.
 */
static int
ask(struct match *m, struct play_game *pg, struct play_side *sd, int ready,
    struct ending *end)
{
	const struct rules_game *g = pg->pos->game;
	struct engine		*e = &sd->e;
	struct rules_action	 acts[2];
	struct diag		 rd;
	struct diag		 d;
	double limit = m->timeout, t0 = engine_now(), deadline;
	size_t offs[2], len = 0, turns = pg->nturns;
	char  *line = NULL, shown[RECORD_SHOWN];
	int    c = rules_to_move(pg->pos), r, n;

	/* The clock is a deadline too: the sooner of the two counts. */
	if (sd->tc->on && (limit == 0 || sd->left < limit))
		limit = sd->left > 0 ? sd->left : 1e-3;
	deadline = engine_deadline(limit);
	if ((r = ready) == 1)
		r = sd->proto->ask(sd, pg, c, deadline, &line, &len);
	if (r == ENGINE_ERROR)
		return -1;
	if (r == PROTO_REFUSED) {
		refused(sd);
		return 2;
	}
	if (r == ENGINE_GONE && !started(e))
		return 2;
	if (sd->tc->on && r == 1 && (sd->left -= engine_now() - t0) < 0)
		r = ENGINE_LATE;
	end->winner = 1 - c;
	end->adjudicated = true;
	switch (r) {
	case ENGINE_GONE:
		snprintf(end->why, sizeof end->why, "%s crashed", g->colour[c]);
		engine_stop(e, true);
		return 1;
	case ENGINE_LATE:
		snprintf(
		    end->why, sizeof end->why, "%s timed out", g->colour[c]);
		engine_stop(e, true);
		return 1;
	case ENGINE_LONG:
		/* The rest of the line cannot be told from its next answer. */
		util_printable(e->buf, sizeof e->buf, shown, sizeof shown);
		snprintf(end->why, sizeof end->why, "illegal move %s by %s",
		    shown, g->colour[c]);
		engine_stop(e, true);
		return 1;
	}
	util_printable(line, len, shown, sizeof shown);
	/* A NUL is no part of any answer, nor an end to one. */
	if (memchr(line, '\0', len) == NULL && strcmp(line, "resign") == 0) {
		snprintf(
		    end->why, sizeof end->why, "%s resigned", g->colour[c]);
		return 1;
	}
	/* One action per request (formats/protocol.md). */
	n = memchr(line, '\0', len) != NULL ?
	    0 :
	    record_turn_parse(
		m->syn, &pg->pos->board, line, len, acts, offs, 2, &rd);
	if (n != 1 || play_game_play(pg, &acts[0], &d) == -1) {
		if (n == 1 && d.code == DIAG_NO_MEMORY) {
			errno = ENOMEM;
			return -1;
		}
		snprintf(end->why, sizeof end->why, "illegal move %s by %s",
		    len > 0 ? shown : "\"\"", g->colour[c]);
		return 1;
	}
	if (sd->tc->on) {
		sd->left += sd->tc->inc;
		if (pg->nturns > turns &&
		    note_clock(m, pg->nturns - 1, sd->left) == -1)
			return -1;
	}
	end->adjudicated = false;
	end->winner = -1;
	return 0;
}

/*
 * Sets up the match of the game called name: its board checked by
 * setting up game 1, the notation, the signals and the summary's sides.
 * Returns CLI_OK, or the exit status after saying why.
 */
static int
match_setup(struct match *m, const char *name)
{
	struct play_game pg;
	int		 k;

	if ((m->g = play_series_game(&m->ps, name)) == NULL ||
	    play_series_start(&m->ps, 0, &pg) == -1)
		return CLI_USAGE;
	for (k = 0; k < 2; k++) {
		const struct play_proto *p = m->side[k].proto;

		/* NBoard is Othello's: it has no word for another game. */
		if ((p->only_game != NULL &&
			strcmp(p->only_game, m->g->name) != 0) ||
		    (p->only_board != NULL &&
			strcmp(p->only_board, pg.pos->board.name) != 0)) {
			cli_error("match: --%s-protocol %s plays %s %s only, "
				  "not %s %s",
			    k == 0 ? "black" : "white", p->name, p->only_game,
			    p->only_board, m->g->name, pg.pos->board.name);
			play_game_fini(&pg);
			return CLI_USAGE;
		}
	}
	play_game_fini(&pg);
	if ((m->syn = record_syntax_new()) == NULL) {
		cli_error("cannot compile the notation's patterns");
		return CLI_INTERNAL;
	}
	engine_signals();
	m->black = play_colour(m->g, "black", 0);
	for (k = 0; k < 2; k++)
		m->ps.m.side[k].name = m->side[k].e.cmd;
	return CLI_OK;
}

/*
 * Reads --engines and checks a tournament's options: the engines take
 * the places of -b and -w, speak the match protocol on one clock, and
 * are told apart by their commands (the records' Black and White).
 * Returns -1 to go on, else the exit status after saying why.
 */
static int
tournament_options(struct match *m)
{
	size_t i, j;

	if (m->engines_path != NULL &&
	    play_engines_read(m->engines_path, &m->engines_text, &m->engines,
		&m->nengines, &m->engines_cap) == -1)
		return CLI_USAGE;
	if (m->nengines == 0 && m->engines_path == NULL &&
	    m->sch.kind == PLAY_TOURNAMENT_NONE)
		return -1;
	if (m->side[0].e.cmd != NULL || m->side[1].e.cmd != NULL) {
		cli_error("-b and -w are a two-program match's: not with "
			  "--engine or --engines");
		return CLI_USAGE;
	}
	if (m->nengines < 2) {
		cli_error("a tournament needs two engines or more (--engine, "
			  "--engines)");
		return CLI_USAGE;
	}
	for (i = 0; i < m->nengines; i++)
		for (j = 0; j < i; j++)
			if (strcmp(m->engines[i], m->engines[j]) == 0) {
				cli_error("the engine '%s' is named twice: "
					  "the records could not tell them "
					  "apart",
				    m->engines[i]);
				return CLI_USAGE;
			}
	for (i = 0; i < 2; i++)
		if (m->side[i].proto != &play_proto_arbiter || m->tc[i].on) {
			cli_error("a tournament's engines speak the match "
				  "protocol on one clock: no "
				  "--black-protocol, --white-protocol, "
				  "--black-tc or --white-tc");
			return CLI_USAGE;
		}
	if (m->sprt_on) {
		cli_error("--sprt tests two programs: not in a tournament");
		return CLI_USAGE;
	}
	if (m->sch.kind == PLAY_TOURNAMENT_NONE)
		m->sch.kind = PLAY_TOURNAMENT_ROUND_ROBIN;
	m->sch.nengines = m->nengines;
	m->sch.per_pairing = m->ps.games;
	/* Pairing 0 is engines 0 and 1, in either kind. */
	m->side[0].e.cmd = m->engines[0];
	m->side[1].e.cmd = m->engines[1];
	return -1;
}

/*
 * Puts the engines of slot's pairing in side[0] and side[1], stopping
 * those of the last one: a tournament plays its pairings one after the
 * other.
 */
static void
load_pairing(struct match *m, const struct play_slot *slot)
{
	struct play_side *sd;
	int		  k;

	if (slot->pairing == m->loaded)
		return;
	for (k = 0; k < 2; k++) {
		sd = &m->side[k];
		engine_stop(&sd->e, false);
		engine_init(&sd->e, k);
		sd->e.cmd = m->engines[slot->engine[k]];
		sd->greeted = false;
		sd->name[0] = '\0';
	}
	m->loaded = slot->pairing;
}

/*
 * Reads --openings and sets up the schedule: the openings checked before
 * any game, --repeat making the colours alternate.  Returns CLI_OK, or
 * the exit status after saying why.
 */
static int
schedule_setup(struct match *m)
{
	size_t i;
	int    k, status;

	m->sch.seed = m->ps.seed;
	m->sch.alternate = m->alternate;
	m->sch.black = m->black;
	if (m->openings_path != NULL &&
	    (status = play_openings_read(&m->openings, m->openings_path, m->g,
		 m->ps.size, m->syn)) != CLI_OK)
		return status;
	/* Only the match protocol has a word for a set-up position. */
	for (i = 0; i < m->openings.n; i++)
		for (k = 0; k < 2 && m->openings.list[i].setup != NULL; k++)
			if (m->side[k].proto != &play_proto_arbiter) {
				cli_error("match: %s starts from a set-up "
					  "position, which --%s-protocol %s "
					  "cannot be told",
				    m->openings.list[i].name,
				    k == 0 ? "black" : "white",
				    m->side[k].proto->name);
				return CLI_USAGE;
			}
	if (play_schedule_init(&m->sch, m->openings.n, m->order) == -1) {
		cli_error("match: %s", strerror(errno));
		return CLI_INTERNAL;
	}
	m->alternate = m->sch.alternate;
	if (m->sch.kind == PLAY_TOURNAMENT_NONE)
		return CLI_OK;
	m->ps.games = play_schedule_games(&m->sch);
	if (play_tourney_init(
		&m->tour, &m->sch, m->engines, m->g, m->ps.board) == -1) {
		cli_error("match: out of memory");
		return CLI_INTERNAL;
	}
	m->ps.m.tournament = &m->tour.rt;
	return CLI_OK;
}

/*
 * Starts the programs not running yet, greets them (their names go to the
 * summary) and sets up game pg for both; ready[k] is what that came to
 * (1: it went).  Returns CLI_OK, or CLI_USAGE after saying that a program
 * cannot be run, did not start or refused the game.
 */
static int
engines_ready(struct match *m, const struct play_game *pg, int ready[2])
{
	struct play_side *sd;
	int		  k;

	for (k = 0; k < 2; k++) {
		sd = &m->side[k];
		if (sd->e.pid == -1) {
			if (engine_start(&sd->e) == -1) {
				cli_error("cannot run '%s': %s", sd->e.cmd,
				    strerror(errno));
				return CLI_USAGE;
			}
			sd->greeted = false;
		}
	}
	/*
	 * A program stuck already is found out when asked; one gone
	 * within its grace never started.
	 */
	for (k = 0; k < 2; k++) {
		sd = &m->side[k];
		sd->left = sd->tc->base;
		ready[k] = 1;
		if (!sd->greeted) {
			ready[k] = sd->proto->hello(sd, m->timeout);
			sd->greeted = ready[k] == 1;
			m->ps.m.side[k].name = side_name(sd);
		}
		if (ready[k] == 1)
			ready[k] = sd->proto->new_game(sd, pg, m->timeout);
		if (ready[k] == PROTO_REFUSED)
			return refused(sd);
		if (ready[k] == ENGINE_GONE && !started(&sd->e))
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
	int k, r;

	while (play_series_going(&m->ps, pg)) {
		if ((r = play_game_roll(pg)) == 1)
			continue;
		if (r == 0) {
			k = play_game_side(pg, start, rules_to_move(pg->pos));
			r = ask(m, pg, &m->side[k], ready[k], end);
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

/*
 * The line of game i for stderr, to fp: who won, how, who played what.
 */
static void
game_line(FILE *fp, const struct match *m, unsigned long i,
    const struct play_game *pg, const int start[RULES_COLOURS],
    const struct ending *end, const struct rules_score *s)
{
	const struct rules_game *g = m->g;

	fprintf(fp, "%s: game %lu/%lu: ", cli_progname(), i + 1, m->ps.games);
	if (end->aborted)
		fprintf(fp, "aborted after %d turns, %d-%d",
		    rules_turn(pg->pos) - 1, s->points[0], s->points[1]);
	else if (end->adjudicated)
		fprintf(fp, "%s wins: %s", g->colour[end->winner], end->why);
	else if (end->winner == -1)
		fprintf(fp, "draw %d-%d", s->points[0], s->points[1]);
	else
		fprintf(fp, "%s wins %d-%d", g->colour[end->winner],
		    s->points[0], s->points[1]);
	/* Who held each colour at the end: results are by colour. */
	fprintf(fp, " (%s: %s; %s: %s)\n", g->colour[0],
	    side_name(&m->side[play_game_side(pg, start, 0)]), g->colour[1],
	    side_name(&m->side[play_game_side(pg, start, 1)]));
}

/* Whether game i is counted: played, or read back by --resume. */
static bool
is_counted(const struct match *m, unsigned long i)
{
	return i < m->counted_len && m->counted[i] != 0;
}

/*
 * Counts game i for the statistics: end->winner's holder at the end of pg
 * won it; an aborted game is a draw.  With --alternate, games 2j and
 * 2j + 1 are a pair with colours reversed, counted once both are in,
 * whichever comes first (--order completion, --resume).  Then the
 * figures, the SPRT's included, are brought up to date.  Returns 0, or
 * -1 (errno) when memory runs out.
 */
static int
count(struct match *m, unsigned long i, const struct play_game *pg,
    const int start[RULES_COLOURS], const struct ending *end)
{
	struct report_match_stats *t = &m->stats;
	struct stat_elo		   e;
	struct play_slot	   slot;
	int			   half; /* the first program's half points */

	if (array_grow(&m->counted, &m->counted_cap, i + 1, 1) == -1)
		return -1;
	while (m->counted_len <= i)
		m->counted[m->counted_len++] = 0;
	m->ncounted++;
	/* A tournament's figures are its cross table's. */
	if (m->sch.kind != PLAY_TOURNAMENT_NONE) {
		m->counted[i] = 1;
		play_schedule_game(&m->sch, i, &slot);
		if (play_tourney_count(&m->tour, &slot, pg, start, end->winner,
			end->aborted) == -1)
			m->no_memory = true;
		return 0;
	}
	half = end->winner == -1			? 1 :
	    play_game_side(pg, start, end->winner) == 0 ? 2 :
							  0;
	t->ldw[half]++;
	m->counted[i] = (signed char)(1 + half);
	if (m->alternate && is_counted(m, i ^ 1))
		t->pairs[m->counted[i & ~1UL] - 1 + m->counted[i | 1] - 1]++;
	stat_elo_of(t->ldw, STAT_TRINOMIAL, &e);
	t->elo_defined = e.defined;
	t->elo = e.elo;
	t->lo = e.lo;
	t->hi = e.hi;
	t->los = e.los;
	if (!t->sprt)
		return 0;
	t->llr = t->paired ?
	    stat_sprt_llr(&m->sprt, t->pairs, STAT_PENTANOMIAL) :
	    stat_sprt_llr(&m->sprt, t->ldw, STAT_TRINOMIAL);
	switch (stat_sprt_verdict(&m->sprt, t->llr)) {
	case STAT_H0: t->verdict = "H0"; break;
	case STAT_H1: t->verdict = "H1"; break;
	default: t->verdict = "inconclusive"; break;
	}
	return 0;
}

/* Whether --sprt's test has crossed a bound. */
static bool
decided(const struct match *m)
{
	return m->stats.sprt && strcmp(m->stats.verdict, "inconclusive") != 0;
}

/* The progress line: games done, W/D/L and Elo of the first program. */
static void
progress(const struct match *m)
{
	unsigned long			 done = m->ncounted;
	const struct report_match_stats *t = &m->stats;
	char				 unit[128];

	if (m->sch.kind != PLAY_TOURNAMENT_NONE)
		snprintf(unit, sizeof unit, "games");
	else if (done > 0 && t->elo_defined)
		snprintf(unit, sizeof unit, "games, +%lu =%lu -%lu, Elo %+.0f",
		    t->ldw[2], t->ldw[1], t->ldw[0], t->elo);
	else if (done > 0)
		snprintf(unit, sizeof unit, "games, +%lu =%lu -%lu", t->ldw[2],
		    t->ldw[1], t->ldw[0]);
	else
		snprintf(unit, sizeof unit, "games");
	cli_progress_of(done, m->ps.games, unit);
}

/* The sides holding each colour at the start of game i: the schedule's. */
static void
sides(const struct match *m, unsigned long i, int start[RULES_COLOURS])
{
	struct play_slot slot;
	int		 c;

	play_schedule_game(&m->sch, i, &slot);
	for (c = 0; c < RULES_COLOURS; c++)
		start[c] = slot.start[c];
}

/* Adds the bytes of s and its NUL to the FNV-1a hash *h. */
static void
hash_text(uint64_t *h, const char *s)
{
	do {
		*h ^= (unsigned char)*s;
		*h *= 0x100000001b3ULL;
	} while (*s++ != '\0');
}

/*
 * Adds the openings to the hash *h: what each one is (not the file's
 * name), their order and --repeat.
 */
static void
hash_openings(uint64_t *h, const struct match *m)
{
	const struct play_opening *op;
	char			   buf[64];
	size_t			   i, j;

	snprintf(buf, sizeof buf, "openings %zu %d %d", m->openings.n,
	    (int)m->order, m->sch.repeat);
	hash_text(h, buf);
	for (i = 0; i < m->openings.n; i++) {
		op = &m->openings.list[i];
		hash_text(h, op->setup != NULL ? op->setup : "");
		for (j = 0; j < op->nturns; j++)
			hash_text(h, op->turns[j]);
		hash_text(h, "");
	}
}

/*
 * The MatchId tag of the match: a hash of everything that decides what
 * its games are (the game, the board, the seed, the turn cap, the
 * colours' order, each program with its protocol and clock, the time for
 * an answer), not of how many games are played or when the SPRT stops
 * them, so that a match resumed may be made longer.
 */
static void
match_id(struct match *m)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	char	 buf[64];
	int	 k;

	hash_text(&h, m->g->name);
	hash_text(&h, m->ps.board);
	snprintf(buf, sizeof buf, "%lu %lu %d %.17g", m->ps.seed,
	    m->ps.max_turns, m->alternate, m->timeout);
	hash_text(&h, buf);
	for (k = 0; k < 2; k++) {
		hash_text(&h, m->side[k].e.cmd);
		hash_text(&h, m->side[k].proto->name);
		hash_text(&h, m->tc[k].on ? m->tc[k].text : "");
	}
	/* A tournament's -n says which games each pairing has. */
	if (m->sch.kind != PLAY_TOURNAMENT_NONE) {
		snprintf(buf, sizeof buf, "tournament %d %lu %zu",
		    (int)m->sch.kind, m->sch.per_pairing, m->nengines);
		hash_text(&h, buf);
		for (k = 0; k < (int)m->nengines; k++)
			hash_text(&h, m->engines[k]);
	}
	/* Only with --openings, so that a match without keeps its id. */
	if (m->openings_path != NULL)
		hash_openings(&h, m);
	snprintf(m->id, sizeof m->id, "%016llx", (unsigned long long)h);
}

/* Counts game i, read back by --resume (play_resume_fn). */
static int
resumed(void *arg, unsigned long i, const struct replay *rp)
{
	struct match *m = arg;
	/* Its position alone says who held what: play_game_side. */
	struct play_game pg = { .pos = rp->pos };
	struct ending	 end = { .winner = -1 };
	int		 start[RULES_COLOURS];

	if (is_counted(m, i)) {
		cli_error("%s: game %lu is there twice: not resumed", m->output,
		    i + 1);
		return -1;
	}
	sides(m, i, start);
	if (rp->forfeit) {
		end.winner = rp->forfeit_winner;
		end.adjudicated = true;
		m->ps.m.adjudicated++;
	} else if (rp->status == REPLAY_FINISHED)
		end.winner = rp->score.winner;
	else {
		end.aborted = true;
		m->ps.m.aborted++;
	}
	play_tally(&m->ps.m, &pg, start, end.winner, end.aborted);
	if (count(m, i, &pg, start, &end) == -1) {
		cli_error("match: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * Opens -o's file, and with --resume reads back the games it holds
 * (play_resume_read: any of them with --order completion), counted as
 * played; without -o the records go to stdout.  Returns 0, or -1 after
 * saying why.
 */
static int
output_open(struct match *m)
{
	unsigned long done = 0;

	m->out = stdout;
	if (m->output == NULL)
		return 0;
	m->out = NULL;
	if (m->resume && (m->out = fopen(m->output, "r+")) == NULL &&
	    errno != ENOENT) {
		cli_error("%s: %s", m->output, strerror(errno));
		return -1;
	}
	if (m->out == NULL &&
	    (m->out = fopen(m->output, m->resume ? "w+" : "w")) == NULL) {
		cli_error("%s: %s", m->output, strerror(errno));
		return -1;
	}
	/* The programs (engine.c's exec) get no descriptor of the records. */
	if (fcntl(fileno(m->out), F_SETFD, FD_CLOEXEC) == -1) {
		cli_error("%s: %s", m->output, strerror(errno));
		return -1;
	}
	if (m->resume &&
	    play_resume_read(m->out, m->output, m->syn, m->id, m->ps.games,
		m->completion, resumed, m, &done) == -1)
		return -1;
	return 0;
}

/*
 * Plays game i (from 0) of the match with everything the match and i
 * say, counts it, writes its record to rec and makes its line for stderr
 * in *line (owned by the caller, NULL if none).  Returns the exit status.
 */
static int
play_game(struct match *m, unsigned long i, FILE *rec, char **line)
{
	struct play_game      pg;
	struct play_game_tags t = {
		.event = "match", .round = i + 1, .match_id = m->id
	};
	struct ending	      end = { .winner = -1 };
	struct rules_score    s;
	const struct play_tc *tb, *tw;
	struct play_slot      slot;
	struct diag	      d;
	int		      k, start[RULES_COLOURS], ready[2], status;
	FILE		     *lf;
	size_t		      len;

	*line = NULL;
	sides(m, i, start);
	notes_clear(m);
	if (play_series_start(&m->ps, i, &pg) == -1)
		return CLI_INTERNAL;
	play_schedule_game(&m->sch, i, &slot);
	if (m->sch.kind != PLAY_TOURNAMENT_NONE)
		load_pairing(m, &slot);
	if (slot.opening != -1) {
		t.opening = m->openings.list[slot.opening].name;
		if (play_opening_start(&m->openings.list[slot.opening], m->syn,
			&pg, &d) == -1) {
			cli_error("match: %s: %s [%s]", t.opening, d.msg,
			    diag_name(d.code));
			status = CLI_INTERNAL;
			goto out_fini;
		}
		t.setup = pg.setup;
	}
	if ((status = engines_ready(m, &pg, ready)) == CLI_OK)
		status = play_moves(m, &pg, start, ready, &end);
	/*
	 * No game is scored for a program that never started: one
	 * not asked yet has its grace first (formats/protocol.md).
	 */
	for (k = 0; k < 2 && status == CLI_OK; k++)
		if (!started(&m->side[k].e))
			status = CLI_USAGE;
	if (status != CLI_OK)
		goto out_fini;
	/* One not asked since its set-up failed starts afresh. */
	for (k = 0; k < 2; k++)
		if (ready[k] != 1)
			engine_stop(&m->side[k].e, true);
	judge(m, &pg, &end, &s);
	t.black = side_name(&m->side[start[m->black]]);
	t.white = side_name(&m->side[start[1 - m->black]]);
	t.termination = end.why[0] != '\0' ? end.why : NULL;
	t.winner = end.adjudicated ? m->g->colour[end.winner] : NULL;
	/* As cutechess: one tag for one clock, else one per colour. */
	tb = &m->tc[start[m->black]];
	tw = &m->tc[start[1 - m->black]];
	if (tb->on && tw->on && strcmp(tb->text, tw->text) == 0)
		t.time_control = tb->text;
	else {
		t.black_time_control = tb->on ? tb->text : NULL;
		t.white_time_control = tw->on ? tw->text : NULL;
	}
	t.notes = m->notes;
	t.nnotes = m->nnotes;
	play_tally(&m->ps.m, &pg, start, end.winner, end.aborted);
	if (count(m, i, &pg, start, &end) == -1 ||
	    (lf = open_memstream(line, &len)) == NULL) {
		cli_error("match: %s", strerror(errno));
		status = CLI_INTERNAL;
		goto out_fini;
	}
	game_line(lf, m, i, &pg, start, &end, &s);
	if (fclose(lf) == EOF) {
		cli_error("match: %s", strerror(errno));
		status = CLI_INTERNAL;
		goto out_fini;
	}
	status = play_finish(play_game_write(rec, &pg, &t));
out_fini:
	play_game_fini(&pg);
	return status;
}

/* Plays game i in this process, its engines kept for the next game. */
static int
play_one(struct match *m, unsigned long i)
{
	char *line;
	int   status;

	status = play_game(m, i, m->out, &line);
	if (line != NULL) {
		cli_progress_done();
		fputs(line, stderr);
		progress(m);
	}
	free(line);
	return status;
}

/* Whether game i is in already (play_workers' done). */
static bool
worker_done(void *arg, unsigned long i)
{
	return is_counted(arg, i);
}

/*
 * Plays game i in a child of -j (play_workers' play) with the engines of
 * that child, and writes for worker_take the sides' names, the game's line and
 * its record, the first three each ended by a NUL.
 */
static int
worker_play(void *arg, unsigned long i, FILE *out)
{
	struct match *m = arg;
	FILE	     *rec;
	char	     *line, *text = NULL;
	size_t	      len;
	int	      status = CLI_INTERNAL;

	if ((rec = open_memstream(&text, &len)) == NULL)
		cli_error("match: %s", strerror(errno));
	else {
		status = play_game(m, i, rec, &line);
		if (fclose(rec) == EOF && status == CLI_OK)
			status = CLI_INTERNAL;
		if (status == CLI_OK)
			fprintf(out, "%s%c%s%c%s%c", side_name(&m->side[0]),
			    '\0', side_name(&m->side[1]), '\0', line, '\0');
		if (status == CLI_OK && fwrite(text, 1, len, out) != len)
			status = CLI_INTERNAL;
		free(line);
	}
	free(text);
	return status;
}

/* Stops the engines of a child of -j as it leaves (play_workers' end). */
static void
worker_end(void *arg, bool kill)
{
	struct match *m = arg;
	int	      k;

	for (k = 0; k < 2; k++)
		engine_stop(&m->side[k].e, kill);
}

/*
 * Takes game i played by a child (play_workers' take): the names for the
 * summary, the record written and counted as --resume counts one, the
 * line and the progress.  Returns CLI_OK, PLAY_WORKERS_STOP when the
 * SPRT has decided, or the exit status.
 */
static int
worker_take(void *arg, unsigned long i, const char *text, size_t len)
{
	struct match *m = arg;
	const char   *f[3], *p = text, *nul;
	int	      k;

	for (k = 0; k < 3; k++) {
		if ((nul = memchr(p, '\0', len - (p - text))) == NULL) {
			cli_error("match: game %lu: no whole result came back",
			    i + 1);
			return CLI_INTERNAL;
		}
		f[k] = p;
		p = nul + 1;
	}
	for (k = 0; k < 2; k++) {
		free(m->names[k]);
		if ((m->names[k] = strdup(f[k])) == NULL) {
			cli_error("match: %s", strerror(errno));
			return CLI_INTERNAL;
		}
		m->ps.m.side[k].name = m->names[k];
	}
	/* A progress line on the terminal the records go to goes first. */
	if (isatty(fileno(m->out)))
		cli_progress_done();
	len -= (size_t)(p - text);
	if (fwrite(p, 1, len, m->out) != len || fflush(m->out) == EOF)
		return play_finish(-1);
	if (play_resume_record(m->syn, p, len, i, resumed, m) == -1)
		return CLI_INTERNAL;
	cli_progress_done();
	fputs(f[2], stderr);
	progress(m);
	return decided(m) ? PLAY_WORKERS_STOP : CLI_OK;
}

static int
exec_match(int argc, char **argv)
{
	struct match	    m = { .timeout = 10, .jobs = 1 };
	struct play_workers w = { .arg = &m,
		.done = worker_done,
		.play = worker_play,
		.take = worker_take,
		.end = worker_end };
	unsigned long	    i;
	int		    k, status;

	for (k = 0; k < 2; k++) {
		engine_init(&m.side[k].e, k);
		m.side[k].proto = &play_proto_arbiter;
		m.side[k].tc = &m.tc[k];
	}
	play_series_init(&m.ps, "match");
	if ((status = play_parse(&play_cmd_match, argc, argv, &m)) != -1 ||
	    (status = tournament_options(&m)) != -1)
		goto out_free;
	status = CLI_OK;
	if (m.side[0].e.cmd == NULL || m.side[1].e.cmd == NULL) {
		status = play_usage_error(&play_cmd_match);
		goto out_free;
	}
	for (k = 0; k < 2; k++)
		if (!m.tc[k].on)
			m.tc[k] = m.tc_both;
	if (m.sprt_exit && !m.sprt_on) {
		cli_error("--sprt-exit needs --sprt");
		status = CLI_USAGE;
		goto out_free;
	}
	if (m.resume && m.output == NULL) {
		cli_error("--resume needs -o FILE");
		status = CLI_USAGE;
		goto out_free;
	}
	if ((m.sch.repeat || m.order_set) && m.openings_path == NULL) {
		cli_error("--%s needs --openings",
		    m.sch.repeat ? "repeat" : "openings-order");
		status = CLI_USAGE;
		goto out_free;
	}
	if ((status = match_setup(&m, argv[optind])) != CLI_OK ||
	    (status = schedule_setup(&m)) != CLI_OK)
		goto out_free;
	if (m.sch.kind == PLAY_TOURNAMENT_NONE)
		m.ps.m.stats = &m.stats;
	if ((m.stats.sprt = m.sprt_on)) {
		m.stats.elo0 = m.sprt.elo0;
		m.stats.elo1 = m.sprt.elo1;
		m.stats.alpha = m.sprt.alpha;
		m.stats.beta = m.sprt.beta;
		m.stats.lower = stat_sprt_lower(&m.sprt);
		m.stats.upper = stat_sprt_upper(&m.sprt);
		/* Pairs with colours reversed: the pentanomial model. */
		m.stats.paired = m.alternate;
		m.stats.verdict = "inconclusive";
	}
	match_id(&m);
	if (output_open(&m) == -1) {
		status = CLI_USAGE;
		goto out_free;
	}
	progress(&m);
	/* A test that decided ends the match: more games change nothing. */
	for (i = 0;
	     m.jobs == 1 && i < m.ps.games && status == CLI_OK && !decided(&m);
	     i++)
		if (!is_counted(&m, i))
			status = play_one(&m, i);
	w.n = m.jobs;
	w.games = m.ps.games;
	w.completion = m.completion;
	if (m.jobs > 1 && !decided(&m))
		status = play_workers_run(&w);
	cli_progress_done();
	for (k = 0; k < 2; k++)
		engine_stop(&m.side[k].e, status != CLI_OK);
	if (status == CLI_OK &&
	    (m.no_memory ||
		(m.ps.m.tournament != NULL &&
		    play_tourney_finish(&m.tour) == -1))) {
		cli_error("match: out of memory");
		status = CLI_INTERNAL;
	}
	if (status == CLI_OK && !play_summary(&m.ps.m, m.ps.summary))
		status = CLI_USAGE;
	if (status == CLI_OK && m.sprt_exit)
		status = strcmp(m.stats.verdict, "H1") == 0 ? CLI_OK :
		    strcmp(m.stats.verdict, "H0") == 0	    ? MATCH_SPRT_H0 :
							 MATCH_SPRT_UNDECIDED;
out_free:
	/* Every record was flushed as written: this can only confirm it. */
	if (m.out != NULL && m.out != stdout && fclose(m.out) == EOF &&
	    status == CLI_OK) {
		cli_error("%s: %s", m.output, strerror(errno));
		status = CLI_USAGE;
	}
	notes_clear(&m);
	free(m.notes);
	free(m.counted);
	free(m.names[0]);
	free(m.names[1]);
	play_schedule_fini(&m.sch);
	play_tourney_fini(&m.tour);
	free(m.engines);
	free(m.engines_text);
	play_openings_fini(&m.openings);
	record_syntax_free(m.syn);
	return status;
}
