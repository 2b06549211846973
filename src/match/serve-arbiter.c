/* SPDX-License-Identifier: MIT */
/*
 * gameplay engine --protocol arbiter: a built-in player speaking the match
 * protocol (formats/protocol.md) on standard input and output, so that
 * gameplay match can run it as it runs any other program.  It keeps no
 * state between requests but the game: every `moves' line is replayed
 * from the start.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/game.h"
#include "match/serve.h"
#include "player/player.h"

/* The words of a request line, split in place on blanks. */
static size_t
split(char *line, char **w, size_t cap)
{
	size_t n = 0;
	char  *save = NULL, *t;

	for (t = strtok_r(line, " \t\r\n", &save); t != NULL && n < cap;
	     t = strtok_r(NULL, " \t\r\n", &save))
		w[n++] = t;
	return n;
}

/*
 * Plays the turn tokens tok[0..n-1] on pos from start (NULL: the game's
 * start); the last may be a turn in progress.  Returns 0, or -1 after
 * saying why on stderr.
 */
static int
replay_moves(struct record_syntax *syn, struct rules_position *pos,
    const struct rules_position *start, char **tok, size_t n)
{
	struct rules_action acts[512], a;
	size_t		    offs[512], i;
	struct diag	    rd;
	struct diag	    d;
	int		    k, na;

	if (start != NULL)
		rules_position_copy(pos, start);
	else
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
		na = record_turn_parse(syn, &pos->board, tok[i], strlen(tok[i]),
		    acts, offs, 512, &rd);
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

/* A session: the player, and the game it is in. */
struct session {
	struct player	      *pl;
	struct record_syntax  *syn;
	struct rules_position *pos;   /* NULL before the first `game' */
	struct rules_position *start; /* `setup', or NULL: the game's */
	unsigned long	       seed, games;
};

/* `game NAME [SPEC]': a new game, and the player's seed for it. */
static int
request_game(struct session *se, char **w, size_t nw)
{
	const struct rules_game *g;
	struct diag		 d;

	if (nw < 2 || (g = rules_game_find(w[1])) == NULL) {
		cli_error("engine: unknown game '%s'", nw < 2 ? "" : w[1]);
		return CLI_BAD;
	}
	rules_position_free(se->pos);
	rules_position_free(se->start);
	se->start = NULL;
	if ((se->pos = rules_position_new(g, nw > 2 ? w[2] : NULL, NULL, &d)) ==
	    NULL) {
		cli_error("engine: %s [%s]", d.msg, diag_name(d.code));
		return CLI_BAD;
	}
	player_seed(se->pl, match_player_seed(se->seed + se->games++, 0));
	return -1;
}

/*
 * `setup CELLS COLOUR': the game starts from that position, a Setup tag
 * value (formats/protocol.md).
 */
static int
request_setup(struct session *se, char **w, size_t nw)
{
	struct diag d;
	char	    value[RECORD_SETUP_MAX + 2];
	int	    pieces[RULES_MAX_CELLS], to_move;

	if (se->pos == NULL) {
		cli_error("engine: setup before game");
		return CLI_BAD;
	}
	snprintf(value, sizeof value, "%s %s", nw > 1 ? w[1] : "",
	    nw > 2 ? w[2] : "");
	rules_position_reset(se->pos);
	if (record_setup_parse(&se->pos->board, value, strlen(value), pieces,
		&to_move, &d) == -1 ||
	    rules_setup(se->pos, pieces, to_move, &d) == -1) {
		cli_error("engine: %s [%s]", d.msg, diag_name(d.code));
		return CLI_BAD;
	}
	rules_position_free(se->start);
	if ((se->start = rules_position_dup(se->pos)) == NULL) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	return -1;
}

/*
 * `seed S': the referee's seed of the game begun, so that game i plays
 * alike in whatever session plays it (-j, --resume of gameplay match):
 * the player's seed is then the one an uninterrupted session gives game
 * S, -S's seed S+S-1.
 */
static int
request_seed(struct session *se, char **w, size_t nw)
{
	unsigned long s;

	if (se->pos == NULL) {
		cli_error("engine: seed before game");
		return CLI_BAD;
	}
	if (nw != 2 || !cli_parse_count(w[1], &s)) {
		cli_error(
		    "engine: seed takes a count, not '%s'", nw < 2 ? "" : w[1]);
		return CLI_BAD;
	}
	player_seed(se->pl, match_player_seed(se->seed + s - 1, 0));
	return -1;
}

/* `go': the player's next action, on a line of its own. */
static int
request_go(struct session *se, char **w, size_t nw)
{
	struct rules_action a;
	struct diag	    d;
	char		    buf[32];

	(void)w, (void)nw;
	if (se->pos == NULL) {
		cli_error("engine: go before game");
		return CLI_BAD;
	}
	if (player_choose(se->pl, se->pos, &a, &d) == -1) {
		cli_error("engine: %s", d.msg);
		return d.code == DIAG_NO_MEMORY ? CLI_INTERNAL : CLI_BAD;
	}
	printf(
	    "%s\n", record_action_format(&se->pos->board, &a, buf, sizeof buf));
	return match_serve_flushed(-1);
}

/* `ready': ready, at once: our players load nothing at their start. */
static int
request_ready(struct session *se, char **w, size_t nw)
{
	(void)se, (void)w, (void)nw;
	printf("ready\n");
	return match_serve_flushed(-1);
}

/* `quit': the end of the session, CLI_OK. */
static int
request_quit(struct session *se, char **w, size_t nw)
{
	(void)se, (void)w, (void)nw;
	return CLI_OK;
}

/* `moves TOKEN...': the game so far, replayed from its start. */
static int
request_moves(struct session *se, char **w, size_t nw)
{
	if (se->pos == NULL) {
		cli_error("engine: moves before game");
		return CLI_BAD;
	}
	return replay_moves(se->syn, se->pos, se->start, w + 1, nw - 1) == -1 ?
	    CLI_BAD :
	    -1;
}

/*
 * The requests of formats/protocol.md: each answers the words w[0] to
 * w[nw - 1] and returns -1 to go on, else the exit status to end the
 * session with.
 */
static const struct request {
	const char *name;
	int (*fn)(struct session *, char **w, size_t nw);
} requests[] = {
	{ "quit", request_quit },
	{ "game", request_game },
	{ "setup", request_setup },
	{ "moves", request_moves },
	{ "seed", request_seed },
	{ "go", request_go },
	{ "ready", request_ready },
};

/*
 * Answers the request of the words w[0] to w[nw - 1] (nw > 0).  Returns
 * -1 to go on, else the exit status to end the session with (CLI_OK on
 * `quit').
 */
static int
request(struct session *se, char **w, size_t nw)
{
	size_t i;

	for (i = 0; i < sizeof requests / sizeof requests[0]; i++)
		if (strcmp(w[0], requests[i].name) == 0)
			return requests[i].fn(se, w, nw);
	/* Other requests are for other engines: ignored. */
	return -1;
}

static int
serve_arbiter(struct player *pl, unsigned long seed)
{
	struct session	      se = { .pl = pl, .seed = seed };
	struct record_syntax *syn;
	char		     *line = NULL, **w = NULL;
	size_t		      cap = 0, nw, wcap;
	ssize_t		      len;
	int		      status = -1;

	if ((se.syn = syn = record_syntax_new()) == NULL) {
		cli_error("cannot compile the notation's patterns");
		return CLI_INTERNAL;
	}
	while (status == -1 && (len = getline(&line, &cap, stdin)) != -1) {
		/* A line has at most len / 2 + 1 words. */
		wcap = (size_t)len / 2 + 2;
		free(w);
		if ((w = calloc(wcap, sizeof *w)) == NULL) {
			cli_error("out of memory");
			status = CLI_INTERNAL;
		} else if ((nw = split(line, w, wcap)) > 0)
			status = request(&se, w, nw);
	}
	if (status == -1)
		status = CLI_OK;
	free(w);
	free(line);
	rules_position_free(se.pos);
	rules_position_free(se.start);
	record_syntax_free(syn);
	return status;
}

const struct match_serve match_serve_arbiter = {
	.name = "arbiter",
	.serve = serve_arbiter,
};
