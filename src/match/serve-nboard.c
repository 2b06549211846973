/* SPDX-License-Identifier: MIT */
/*
 * gameplay engine --protocol nboard: a built-in player as an NBoard engine
 * for Othello (formats/protocol.md, "NBoard"), for the NBoard GUI and for
 * gameplay match's NBoard client.  `set game' brings a game in GGF, read
 * and judged by src/record and src/referee as gamecheck reads one; `move'
 * adds an action (the GUI tells the engine every move, its own too);
 * `go' answers `=== MOVE' without playing it, in every position (the
 * start before any set game, PA once the game is over); `hint N' a
 * `search' line; `learn' `learned'; `ping N' answers `pong N'.
 * NBoard has no error reply: a game or move that cannot be played is said
 * on stderr and changes nothing.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/game.h"
#include "match/serve.h"
#include "player/player.h"

/* An NBoard session: the player and the game it is in. */
struct nboard {
	struct player		*pl;
	struct record_syntax	*syn;
	const struct rules_game *g;   /* reversi */
	struct rules_position	*pos; /* the start before any set game */
	unsigned long		 seed, games;
};

/*
 * `set game GGF': the position after the game's moves, from its BO.
 * Returns 0, or -1 after saying why on stderr (the game is kept).
 */
static int
set_game(struct nboard *s, const char *ggf)
{
	struct replay_options  ro = { .game = s->g };
	struct record_reader  *rd;
	const struct record   *rec = NULL;
	struct rules_position *pos;
	struct replay	       rp;
	struct diag	       d;
	int		       rc = -1;

	replay_init(&rp);
	if ((rd = record_reader_new_buffer(
		 s->syn, ggf, strlen(ggf), "nboard", RECORD_GGF)) == NULL) {
		cli_error("engine: out of memory");
		goto out_free_replay;
	}
	if (record_reader_next(rd, &rec) != 1 || rec->malformed) {
		cli_error("engine: set game: %s",
		    rec != NULL && rec->malformed ? rec->error.msg : "no game");
		goto out_free_reader;
	}
	replay_record(s->syn, rec, &ro, &rp);
	if (rp.has_error) {
		cli_error("engine: set game: %s [%s]", rp.error.msg,
		    diag_name(rp.error.code));
		goto out_free_reader;
	}
	if ((pos = rules_position_new(s->g, rp.pos->board.name, NULL, &d)) ==
	    NULL) {
		cli_error("engine: set game: %s", d.msg);
		goto out_free_reader;
	}
	rules_position_copy(pos, rp.pos);
	rules_position_free(s->pos);
	s->pos = pos;
	player_seed(s->pl, match_player_seed(s->seed + s->games++, 0));
	rc = 0;
out_free_reader:
	record_reader_free(rd);
out_free_replay:
	replay_fini(&rp);
	return rc;
}

/* `move MOVE[/EVAL[/TIME]]': MOVE played, PA a pass. */
static int
move(struct nboard *s, char *arg)
{
	struct rules_action a[2];
	struct diag	    d, rd;
	size_t		    offs[2];
	int		    n;

	arg[strcspn(arg, "/")] = '\0';
	for (n = 0; arg[n] != '\0'; n++)
		arg[n] = (char)tolower((unsigned char)arg[n]);
	/* GGF's pass. */
	if (strcmp(arg, "pa") == 0)
		arg = "pass";
	n = record_turn_parse(
	    s->syn, &s->pos->board, arg, strlen(arg), a, offs, 2, &rd);
	if (n != 1 || rules_play(s->pos, &a[0], &d) == -1) {
		cli_error("engine: move %s: %s", arg,
		    n < 0      ? rd.msg :
			n != 1 ? "one action at a time" :
				 d.msg);
		return -1;
	}
	return 0;
}

/*
 * The player's choice in the current position into *a, a pass once the
 * game is over.  Returns 0, -1 after saying why on stderr, or CLI_INTERNAL
 * when memory runs out.
 */
static int
choose(struct nboard *s, struct rules_action *a)
{
	struct diag d;

	if (rules_phase(s->pos) == RULES_GAME_OVER) {
		/* A GUI that asks after the end still gets an answer. */
		a->kind = RULES_PASS;
		return 0;
	}
	if (player_choose(s->pl, s->pos, a, &d) == -1) {
		cli_error("engine: %s", d.msg);
		return d.code == DIAG_NO_MEMORY ? CLI_INTERNAL : -1;
	}
	return 0;
}

/* GGF's spelling of a: `f5', or `PA' for a pass. */
static const char *
spell(const struct nboard *s, const struct rules_action *a, char *buf,
    size_t size)
{
	if (a->kind == RULES_PASS)
		return "PA";
	return record_action_format(&s->pos->board, a, buf, size);
}

/*
 * `go': the player's move, `=== f5' (`=== PA' a pass, and once the game
 * is over), not played: the GUI's `move' plays it.
 */
static int
go(struct nboard *s)
{
	struct rules_action a;
	char		    buf[32];
	int		    rc;

	if ((rc = choose(s, &a)) != 0)
		return rc;
	printf("=== %s\n", spell(s, &a, buf, sizeof buf));
	return -1;
}

/*
 * `hint N': the protocol asks at least the top move's evaluation, `search
 * PV EVAL 0 DEPTH'.  Our players have no search to report: the PV is the
 * player's move, the evaluation the mover's disc margin once it is played,
 * the depth 1.  Nothing once the game is over, as Edax.
 */
static int
hint(struct nboard *s)
{
	struct rules_action    a;
	struct rules_position *after;
	struct rules_score     sc;
	struct diag	       d;
	char		       buf[32];
	int		       me, rc;

	if (rules_phase(s->pos) == RULES_GAME_OVER)
		return -1;
	if ((rc = choose(s, &a)) != 0)
		return rc;
	if ((after = rules_position_dup(s->pos)) == NULL) {
		cli_error("engine: out of memory");
		return CLI_INTERNAL;
	}
	me = rules_to_move(s->pos);
	if (rules_play(after, &a, &d) == 0) {
		rules_score(after, &sc);
		printf("search %s %d 0 1\n", spell(s, &a, buf, sizeof buf),
		    sc.points[me] - sc.points[1 - me]);
	} else
		cli_error("engine: hint: %s", d.msg);
	rules_position_free(after);
	return -1;
}

/* `nboard N': our name. */
static int
cmd_nboard(struct nboard *s, char *arg)
{
	(void)arg;
	printf("set myname arbiter %s\n", player_spec(s->pl));
	return -1;
}

/* `ping N': `pong N'. */
static int
cmd_ping(struct nboard *s, char *arg)
{
	(void)s;
	printf("pong %s\n", arg);
	return -1;
}

/*
 * `set game GGF'; the other `set' commands (depth, contempt) need no
 * answer, and our players have no depth nor contempt.
 */
static int
cmd_set(struct nboard *s, char *arg)
{
	if (strncmp(arg, "game ", 5) == 0)
		set_game(s, arg + 5);
	return -1;
}

/* `move MOVE[/EVAL[/TIME]]': played if legal, else said on stderr. */
static int
cmd_move(struct nboard *s, char *arg)
{
	move(s, arg);
	return -1;
}

/* `go': the player's move, `=== MOVE'. */
static int
cmd_go(struct nboard *s, char *arg)
{
	(void)arg;
	return go(s);
}

/* `hint N': a `search' line for the player's move (N more are allowed). */
static int
cmd_hint(struct nboard *s, char *arg)
{
	(void)arg;
	return hint(s);
}

/* `learn': the protocol requires `learned'; our players keep no book. */
static int
cmd_learn(struct nboard *s, char *arg)
{
	(void)s, (void)arg;
	printf("learned\n");
	return -1;
}

/* `quit': the end of the session. */
static int
cmd_quit(struct nboard *s, char *arg)
{
	(void)s, (void)arg;
	return CLI_OK;
}

/*
 * The commands: each takes the rest of its line and returns -1 to go on,
 * else the exit status to end the session with.  Any other line is
 * ignored, as the protocol asks (analyze, and commands to come).
 */
static const struct nboard_command {
	const char *name;
	int (*fn)(struct nboard *, char *arg);
} commands[] = {
	{ "quit", cmd_quit },
	{ "nboard", cmd_nboard },
	{ "ping", cmd_ping },
	{ "set", cmd_set },
	{ "move", cmd_move },
	{ "go", cmd_go },
	{ "hint", cmd_hint },
	{ "learn", cmd_learn },
};

/*
 * Answers the command line (its newline removed).  Returns -1 to go on,
 * else the exit status to end the session with (CLI_OK on `quit').
 */
static int
command(struct nboard *s, char *line)
{
	char  *arg;
	size_t i;

	line += strspn(line, " \t");
	arg = line + strcspn(line, " \t");
	if (*arg != '\0')
		*arg++ = '\0';
	arg += strspn(arg, " \t");
	for (i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (strcmp(line, commands[i].name) == 0)
			return commands[i].fn(s, arg);
	/* NBoard 1.1 sent a move alone, `F5' for `move F5'. */
	if (strlen(line) == 2 && *arg == '\0')
		return cmd_move(s, line);
	return -1;
}

static int
serve_nboard(struct player *pl, unsigned long seed)
{
	struct nboard s = { .pl = pl, .seed = seed };
	char	     *line = NULL;
	size_t	      cap = 0;
	ssize_t	      len;
	int	      status = -1;
	struct diag   d;

	s.g = rules_game_find("reversi");
	/* Every command has a position: the start until a set game. */
	if ((s.pos = rules_position_new(s.g, NULL, NULL, &d)) == NULL) {
		cli_error("engine: %s", d.msg);
		return CLI_INTERNAL;
	}
	if ((s.syn = record_syntax_new()) == NULL) {
		cli_error("cannot compile the notation's patterns");
		rules_position_free(s.pos);
		return CLI_INTERNAL;
	}
	while (status == -1 && (len = getline(&line, &cap, stdin)) != -1) {
		line[strcspn(line, "\r\n")] = '\0';
		status = command(&s, line);
		status = match_serve_flushed(status);
	}
	if (status == -1)
		status = CLI_OK;
	free(line);
	rules_position_free(s.pos);
	record_syntax_free(s.syn);
	return status;
}

const struct match_serve match_serve_nboard = {
	.name = "nboard",
	.serve = serve_nboard,
};
