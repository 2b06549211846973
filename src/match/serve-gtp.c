/* SPDX-License-Identifier: MIT */
/*
 * gameplay engine --protocol gtp: a built-in player as a GTP engine for
 * every game (formats/protocol.md, "GTP"), with the rules commands of
 * GoGui (gogui-rules_*) so that a controller can let us referee.  Unlike
 * the match protocol it keeps the game between commands: `play' and
 * `genmove' add one action each to the actions kept, and `undo' replays
 * them but the last.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "draw/draw.h"
#include "match/game.h"
#include "match/serve.h"
#include "player/player.h"
#include "util/util.h"

/* A GTP session: the game and board set, the position and its actions. */
struct gtp {
	struct player		*pl;
	struct record_syntax	*syn;
	const struct rules_game *g;
	char			 spec[64]; /* the board; "" : the game's */
	struct rules_position	*pos;
	struct rules_action	*acts; /* played since clear_board */
	size_t			 nacts, acts_cap;
	unsigned long		 seed, games;
	FILE			*out; /* the response being written */
};

/* A new game on the board set: 0, or -1 with d filled (a bad board). */
static int
gtp_clear(struct gtp *s, struct diag *d)
{
	struct rules_position *pos;

	if ((pos = rules_position_new(
		 s->g, s->spec[0] != '\0' ? s->spec : NULL, NULL, d)) == NULL)
		return -1;
	rules_position_free(s->pos);
	s->pos = pos;
	s->nacts = 0;
	player_seed(s->pl, match_player_seed(s->seed + s->games++, 0));
	return 0;
}

/* Plays a and keeps it for undo: 0, or -1 with d filled. */
static int
gtp_play_action(struct gtp *s, const struct rules_action *a, struct diag *d)
{
	if (array_grow(&s->acts, &s->acts_cap, s->nacts + 1, sizeof *s->acts) ==
	    -1)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	if (rules_play(s->pos, a, d) == -1)
		return -1;
	s->acts[s->nacts++] = *a;
	return 0;
}

/* The colour a GTP colour names (b, w, black, white), or -1. */
static int
gtp_colour(const struct rules_game *g, const char *w)
{
	int c;

	for (c = 0; c < RULES_COLOURS; c++)
		if (strcasecmp(w, g->colour[c]) == 0 ||
		    (w[1] == '\0' &&
			tolower((unsigned char)w[0]) == g->colour[c][0]))
			return c;
	return -1;
}

/*
 * Makes colour c the one to move where the other has nothing but a pass
 * (a controller that leaves passes out, formats/protocol.md): 0, or -1
 * after writing why c may not move now, after prefix.
 */
static int
gtp_turn_of(struct gtp *s, int c, const char *prefix)
{
	struct rules_action a[2];
	struct diag	    d;

	if (rules_phase(s->pos) == RULES_TURN_START &&
	    rules_to_move(s->pos) != c && rules_legal(s->pos, a, 2) == 1 &&
	    a[0].kind == RULES_PASS && gtp_play_action(s, &a[0], &d) == -1) {
		fprintf(s->out, "%s%s", prefix, d.msg);
		return -1;
	}
	if (rules_phase(s->pos) == RULES_GAME_OVER) {
		fprintf(s->out, "%sthe game is over", prefix);
		return -1;
	}
	if (rules_to_move(s->pos) != c) {
		fprintf(s->out, "%sit is %s's turn", prefix,
		    s->g->colour[rules_to_move(s->pos)]);
		return -1;
	}
	return 0;
}

/* `play C MOVE': one action, or the dice "35:" (formats/protocol.md). */
static int
cmd_play(struct gtp *s, char **w, size_t nw)
{
	struct rules_action acts[2];
	struct diag	    d, rd;
	size_t		    offs[2];
	int		    c, n;

	if (nw < 3 || (c = gtp_colour(s->g, w[1])) == -1) {
		fprintf(s->out, "invalid color or coordinate");
		return -1;
	}
	for (n = 0; w[2][n] != '\0'; n++)
		w[2][n] = (char)tolower((unsigned char)w[2][n]);
	if (strlen(w[2]) == 3 && w[2][0] >= '1' && w[2][0] <= '6' &&
	    w[2][1] >= '1' && w[2][1] <= '6' && w[2][2] == ':') {
		acts[0] = (struct rules_action){ .kind = RULES_DICE,
			.from = (int16_t)(w[2][0] - '0'),
			.to = (int16_t)(w[2][1] - '0') };
		n = 1;
	} else
		n = record_turn_parse(s->syn, &s->pos->board, w[2],
		    strlen(w[2]), acts, offs, 2, &rd);
	if (n != 1) {
		fprintf(s->out, "illegal move: %s",
		    n < 0 ? rd.msg : "one action at a time");
		return -1;
	}
	/* The pass genmove answers after the end, told to the other side. */
	if (rules_phase(s->pos) == RULES_GAME_OVER &&
	    acts[0].kind == RULES_PASS)
		return 0;
	if (gtp_turn_of(s, c, "illegal move: ") == -1)
		return -1;
	if (gtp_play_action(s, &acts[0], &d) == -1) {
		fprintf(s->out, "illegal move: %s", d.msg);
		return -1;
	}
	return 0;
}

/* `genmove C': the player's action, played. */
static int
cmd_genmove(struct gtp *s, char **w, size_t nw)
{
	struct rules_action a;
	struct diag	    d;
	char		    buf[32];
	int		    c;

	if (nw < 2 || (c = gtp_colour(s->g, w[1])) == -1) {
		fprintf(s->out, "invalid color");
		return -1;
	}
	/*
	 * GTP's genmove does not fail: once the game is over the move is a
	 * pass, for controllers that play until two passes (GRhino).
	 */
	if (rules_phase(s->pos) == RULES_GAME_OVER) {
		fprintf(s->out, "pass");
		return 0;
	}
	if (gtp_turn_of(s, c, "") == -1)
		return -1;
	if (player_choose(s->pl, s->pos, &a, &d) == -1 ||
	    gtp_play_action(s, &a, &d) == -1) {
		fprintf(s->out, "%s", d.msg);
		return -1;
	}
	fprintf(s->out, "%s",
	    record_action_format(&s->pos->board, &a, buf, sizeof buf));
	return 0;
}

/* `undo': the actions but the last, replayed. */
static int
cmd_undo(struct gtp *s, char **w, size_t nw)
{
	struct diag d;
	size_t	    i, n = s->nacts;

	(void)w, (void)nw;
	if (n == 0) {
		fprintf(s->out, "cannot undo");
		return -1;
	}
	rules_position_reset(s->pos);
	s->nacts = 0;
	for (i = 0; i + 1 < n; i++)
		if (gtp_play_action(s, &s->acts[i], &d) == -1)
			break;
	return 0;
}

/* `boardsize N': N for NxN on a square board, else our board spec. */
static int
cmd_boardsize(struct gtp *s, char **w, size_t nw)
{
	struct diag d;
	char	    old[sizeof s->spec];

	if (nw < 2 || strlen(w[1]) > 20) {
		fprintf(s->out, "unacceptable size");
		return -1;
	}
	memcpy(old, s->spec, sizeof old);
	if (s->pos->board.geometry == RULES_SQUARE && strchr(w[1], 'x') == NULL)
		snprintf(s->spec, sizeof s->spec, "%sx%s", w[1], w[1]);
	else
		snprintf(s->spec, sizeof s->spec, "%s", w[1]);
	if (gtp_clear(s, &d) == -1) {
		memcpy(s->spec, old, sizeof old);
		fprintf(s->out, "unacceptable size");
		return -1;
	}
	return 0;
}

/* `set_game NAME': a game of ours by name; Othello is Reversi. */
static int
cmd_set_game(struct gtp *s, char **w, size_t nw)
{
	const struct rules_game *g;
	struct diag		 d;

	g = nw < 2 ? NULL : rules_game_find(w[1]);
	if (g == NULL) {
		fprintf(s->out, "unsupported game");
		return -1;
	}
	s->g = g;
	s->spec[0] = '\0';
	return gtp_clear(s, &d);
}

/*
 * A finished game's result as GTP writes a score: the winner's initial
 * and margin (B+12), draw for a draw.  The margin is the game's accepted
 * form of its result where it has a second one (Reversi's WOF count,
 * empty squares to the winner), as GRhino counts.
 */
static void
put_result(struct gtp *s, const struct rules_score *sc, const char *draw)
{
	if (sc->winner == -1)
		fprintf(s->out, "%s", draw);
	else
		fprintf(s->out, "%c+%d",
		    toupper((unsigned char)s->g->colour[sc->winner][0]),
		    abs(sc->alt[0] - sc->alt[1]));
}

/* The gogui-rules_* commands: what a controller refereeing asks. */
static int
cmd_rules(struct gtp *s, const char *what)
{
	struct rules_action *acts;
	struct rules_score   sc;
	char		     buf[32];
	size_t		     n, i;

	if (strcmp(what, "game_id") == 0)
		fprintf(s->out, "%s", s->g->name);
	else if (strcmp(what, "board_size") == 0)
		fprintf(s->out, "%s", s->pos->board.name);
	else if (strcmp(what, "side_to_move") == 0)
		fprintf(s->out, "%s", s->g->colour[rules_to_move(s->pos)]);
	else if (strcmp(what, "legal_moves") == 0) {
		n = rules_legal(s->pos, NULL, 0);
		if ((acts = calloc(n + 1, sizeof *acts)) == NULL) {
			fprintf(s->out, "out of memory");
			return -1;
		}
		n = rules_legal(s->pos, acts, n);
		for (i = 0; i < n; i++)
			fprintf(s->out, "%s%s", i > 0 ? " " : "",
			    record_action_format(
				&s->pos->board, &acts[i], buf, sizeof buf));
		free(acts);
	} else {
		rules_score(s->pos, &sc);
		if (!sc.over)
			fprintf(s->out, "unknown");
		else
			put_result(s, &sc, "Draw");
	}
	return 0;
}

/*
 * `final_score': GTP's B+12, W+3 or 0 for a draw, once the game is over;
 * before, we cannot score it (our players give no estimate).
 */
static int
cmd_final_score(struct gtp *s, char **w, size_t nw)
{
	struct rules_score sc;

	(void)w, (void)nw;
	rules_score(s->pos, &sc);
	if (!sc.over) {
		fprintf(s->out, "cannot score");
		return -1;
	}
	put_result(s, &sc, "0");
	return 0;
}

/* `showboard': the text diagram, after a line feed as GTP's boards. */
static int
cmd_showboard(struct gtp *s, char **w, size_t nw)
{
	char  *text = NULL;
	size_t len = 0;
	FILE  *mem;

	(void)w, (void)nw;
	if ((mem = open_memstream(&text, &len)) == NULL) {
		fprintf(s->out, "out of memory");
		return -1;
	}
	draw_text(mem, s->pos, DRAW_ASCII);
	fclose(mem);
	/* An empty line would end the response. */
	fprintf(s->out, "\n%.*s",
	    len > 0 && text[len - 1] == '\n' ? (int)len - 1 : (int)len,
	    text != NULL ? text : "");
	free(text);
	return 0;
}

/* `protocol_version': GTP 2. */
static int
cmd_protocol_version(struct gtp *s, char **w, size_t nw)
{
	(void)w, (void)nw;
	fprintf(s->out, "2");
	return 0;
}

/* `name': ours and the player's. */
static int
cmd_name(struct gtp *s, char **w, size_t nw)
{
	(void)w, (void)nw;
	fprintf(s->out, "arbiter %s", player_spec(s->pl));
	return 0;
}

/* `version': the package's. */
static int
cmd_version(struct gtp *s, char **w, size_t nw)
{
	(void)w, (void)nw;
	fprintf(s->out, "%s", PACKAGE_VERSION);
	return 0;
}

static int cmd_known_command(struct gtp *, char **, size_t);
static int cmd_list_commands(struct gtp *, char **, size_t);

/* `quit': 1, the end of the session. */
static int
cmd_quit(struct gtp *s, char **w, size_t nw)
{
	(void)s, (void)w, (void)nw;
	return 1;
}

/* `clear_board': a new game on the board set. */
static int
cmd_clear_board(struct gtp *s, char **w, size_t nw)
{
	struct diag d;

	(void)w, (void)nw;
	return gtp_clear(s, &d);
}

/*
 * `komi', `time_settings', `time_left': our players take no time and
 * keep no komi.
 */
static int
cmd_ignored(struct gtp *s, char **w, size_t nw)
{
	(void)s, (void)w, (void)nw;
	return 0;
}

/* `gogui-rules_WHAT': cmd_rules of WHAT. */
static int
cmd_gogui_rules(struct gtp *s, char **w, size_t nw)
{
	(void)nw;
	return cmd_rules(s, w[0] + strlen("gogui-rules_"));
}

/*
 * The commands, in the order list_commands gives them: each answers the
 * command w[0..nw-1] into s->out and returns 0 (`='), -1 (`?') or 1 for
 * quit.
 */
static const struct gtp_command {
	const char *name;
	int (*fn)(struct gtp *, char **w, size_t nw);
} commands[] = {
	{ "protocol_version", cmd_protocol_version },
	{ "name", cmd_name },
	{ "version", cmd_version },
	{ "known_command", cmd_known_command },
	{ "list_commands", cmd_list_commands },
	{ "quit", cmd_quit },
	{ "boardsize", cmd_boardsize },
	{ "set_game", cmd_set_game },
	{ "clear_board", cmd_clear_board },
	{ "play", cmd_play },
	{ "genmove", cmd_genmove },
	{ "undo", cmd_undo },
	{ "showboard", cmd_showboard },
	{ "final_score", cmd_final_score },
	{ "komi", cmd_ignored },
	{ "time_settings", cmd_ignored },
	{ "time_left", cmd_ignored },
	{ "gogui-rules_game_id", cmd_gogui_rules },
	{ "gogui-rules_board_size", cmd_gogui_rules },
	{ "gogui-rules_legal_moves", cmd_gogui_rules },
	{ "gogui-rules_side_to_move", cmd_gogui_rules },
	{ "gogui-rules_final_result", cmd_gogui_rules },
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

/* The command called name, or NULL. */
static const struct gtp_command *
gtp_find(const char *name)
{
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(name, commands[i].name) == 0)
			return &commands[i];
	return NULL;
}

/* `known_command NAME': true or false. */
static int
cmd_known_command(struct gtp *s, char **w, size_t nw)
{
	fprintf(
	    s->out, "%s", nw > 1 && gtp_find(w[1]) != NULL ? "true" : "false");
	return 0;
}

/* `list_commands': one a line. */
static int
cmd_list_commands(struct gtp *s, char **w, size_t nw)
{
	size_t i;

	(void)w, (void)nw;
	for (i = 0; i < NCOMMANDS; i++)
		fprintf(s->out, "%s%s", i > 0 ? "\n" : "", commands[i].name);
	return 0;
}

/*
 * Answers the command w[0..nw-1] into s->out: 0 (`='), -1 (`?'), or 1
 * for quit.
 */
static int
gtp_command(struct gtp *s, char **w, size_t nw)
{
	const struct gtp_command *cmd;

	if ((cmd = gtp_find(w[0])) == NULL) {
		fprintf(s->out, "unknown command");
		return -1;
	}
	return cmd->fn(s, w, nw);
}

static int
serve_gtp(struct player *pl, unsigned long seed)
{
	struct gtp  s = { .pl = pl, .seed = seed };
	struct diag d;
	char	   *line = NULL, *w[8], *save, *t, *id, *text = NULL;
	size_t	    cap = 0, nw, len;
	int	    r = 0, status = CLI_OK;

	s.g = rules_game_find("reversi");
	if ((s.syn = record_syntax_new()) == NULL) {
		cli_error("cannot compile the notation's patterns");
		return CLI_INTERNAL;
	}
	if (gtp_clear(&s, &d) == -1) {
		cli_error("engine: %s", d.msg);
		status = CLI_INTERNAL;
		goto out_free;
	}
	while (r != 1 && getline(&line, &cap, stdin) != -1) {
		/* A comment runs from # to the end of the line. */
		line[strcspn(line, "#")] = '\0';
		nw = 0;
		for (t = strtok_r(line, " \t\r\n", &save); t != NULL && nw < 8;
		     t = strtok_r(NULL, " \t\r\n", &save))
			w[nw++] = t;
		if (nw == 0)
			continue;
		/* An id, digits before the command, comes back with it. */
		id = "";
		if (isdigit((unsigned char)w[0][0])) {
			id = w[0];
			memmove(w, w + 1, --nw * sizeof *w);
			if (nw == 0)
				continue;
		}
		if ((s.out = open_memstream(&text, &len)) == NULL) {
			cli_error("out of memory");
			status = CLI_INTERNAL;
			break;
		}
		r = gtp_command(&s, w, nw);
		if (fclose(s.out) == EOF) {
			cli_error("out of memory");
			status = CLI_INTERNAL;
			break;
		}
		printf("%c%s %s\n\n", r == -1 ? '?' : '=', id, text);
		free(text);
		text = NULL;
		if ((status = match_serve_flushed(status)) != CLI_OK)
			break;
	}
out_free:
	free(line);
	free(s.acts);
	rules_position_free(s.pos);
	record_syntax_free(s.syn);
	return status;
}

const struct match_serve match_serve_gtp = {
	.name = "gtp",
	.serve = serve_gtp,
};
