/* SPDX-License-Identifier: MIT */
/*
 * The GTP client of gameplay match (formats/protocol.md, "GTP"): the
 * engine's name at its start, `boardsize' and `clear_board' per game, then
 * only the actions it has not been told (`play'), the clock (`time_left')
 * and `genmove', one per action of a turn.  Answers are matched by order,
 * not by id (some engines print wrong ids); a response is read whole, to
 * its empty line.  What GTP cannot say (dice, the pie rule, a board that
 * is not one number) is said in our notation, documented there.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/proto.h"

/* The response to a command, its first line copied. */
struct gtp_reply {
	bool   ok;			    /* `=', not `?' */
	char   text[ENGINE_ANSWER_MAX + 1]; /* first line, after
							   `= ' */
	size_t len;			    /* a NUL in it is part of it */
	bool   set_game;		    /* a line of it is "set_game" */
	bool   time_settings, time_left;    /* and these */
	char   more[64];		    /* its second line, cut, or "" */
};

/*
 * The text of a response line after its `=' or `?' and an id (digits),
 * and the blank that follows.
 */
static const char *
reply_text(const char *line)
{
	line++;
	while (isdigit((unsigned char)*line))
		line++;
	while (*line == ' ' || *line == '\t')
		line++;
	return line;
}

/*
 * Sends cmd (a line without its newline) and reads its response whole
 * into *r.  Returns 1 (r->ok says `=' or `?'), or what engine_send and
 * engine_read returned.
 */
static int
gtp_command(
    struct match_side *s, const char *cmd, double deadline, struct gtp_reply *r)
{
	const char *text;
	char	   *line;
	size_t	    len;
	int	    rc;

	r->ok = false;
	r->text[0] = '\0';
	r->len = 0;
	r->set_game = r->time_settings = r->time_left = false;
	r->more[0] = '\0';
	if ((rc = engine_send_line(&s->e, cmd, deadline)) != 1)
		return rc;
	/* Whatever comes before a response answers nothing. */
	do {
		if ((rc = engine_read(&s->e, deadline, &line, &len)) != 1)
			return rc;
	} while (line[0] != '=' && line[0] != '?');
	r->ok = line[0] == '=';
	text = reply_text(line);
	r->len = len - (size_t)(text - line);
	memcpy(r->text, text, r->len);
	r->text[r->len] = '\0';
	line = r->text;
	/* The response ends at an empty line. */
	for (;;) {
		if (strcmp(line, "set_game") == 0)
			r->set_game = true;
		else if (strcmp(line, "time_settings") == 0)
			r->time_settings = true;
		else if (strcmp(line, "time_left") == 0)
			r->time_left = true;
		if ((rc = engine_read(&s->e, deadline, &line, &len)) != 1)
			return rc;
		if (line[0] == '\0')
			break;
		if (r->more[0] == '\0')
			snprintf(r->more, sizeof r->more, "%s", line);
	}
	return 1;
}

/*
 * A command of the set-up that the engine must accept: 1, PROTO_REFUSED
 * with s->refusal saying what it refused and how, or an engine code.
 */
static int
gtp_require(struct match_side *s, const char *cmd, double timeout)
{
	struct gtp_reply r;
	int		 rc;

	if ((rc = gtp_command(s, cmd, engine_deadline(timeout), &r)) != 1)
		return rc;
	if (r.ok)
		return 1;
	snprintf(
	    s->refusal, sizeof s->refusal, "'%.100s': ? %.100s", cmd, r.text);
	return PROTO_REFUSED;
}

static int
gtp_hello(struct match_side *s, double timeout)
{
	struct gtp_reply r;
	char		 name[64];
	int		 rc;

	s->name[0] = '\0';
	s->no_pass = false;
	s->knows_set_game = false;
	s->knows_time_settings = s->knows_time_left = false;
	/* Only its answers count: an engine may not know version 2. */
	if ((rc = gtp_command(
		 s, "protocol_version", engine_deadline(timeout), &r)) != 1 ||
	    (rc = gtp_command(s, "name", engine_deadline(timeout), &r)) != 1)
		return rc;
	snprintf(name, sizeof name, "%.63s", r.ok ? r.text : "");
	if ((rc = gtp_command(s, "version", engine_deadline(timeout), &r)) != 1)
		return rc;
	if (name[0] != '\0')
		snprintf(s->name, sizeof s->name, "%s%s%.60s", name,
		    r.ok && r.text[0] != '\0' ? " " : "", r.ok ? r.text : "");
	if ((rc = gtp_command(
		 s, "list_commands", engine_deadline(timeout), &r)) != 1)
		return rc;
	s->knows_set_game = r.ok && r.set_game;
	/* The clock's commands go only to engines that list them. */
	s->knows_time_settings = r.ok && r.time_settings;
	s->knows_time_left = r.ok && r.time_left;
	/* The handshake done: it is ready, and its clock may run. */
	s->starting = false;
	return 1;
}

/*
 * The board as `boardsize' takes it: N for a square board NxN, else the
 * board's name in our notation (formats/record.md), "3-3-5".
 */
static void
board_size(const struct rules_board *b, char *buf, size_t cap)
{
	const char *x = strchr(b->name, 'x');
	size_t	    n = x != NULL ? (size_t)(x - b->name) : 0;

	if (x != NULL && strlen(x + 1) == n && strncmp(b->name, x + 1, n) == 0)
		snprintf(buf, cap, "%.*s", (int)n, b->name);
	else
		snprintf(buf, cap, "%s", b->name);
}

static int
gtp_new_game(struct match_side *s, const struct match_game *pg, double timeout)
{
	const struct rules_game *g = pg->pos->game;
	struct gtp_reply	 r;
	char			 cmd[160], size[64];
	int			 rc;

	/* What it wrote after the last game is no answer to this one. */
	engine_drain(&s->e);
	s->told = 0;
	/* Othello is the name GTP's Othello engines know (GRhino). */
	if (s->knows_set_game) {
		snprintf(cmd, sizeof cmd, "set_game %s",
		    strcmp(g->name, "reversi") == 0 ? "Othello" : g->name);
		if ((rc = gtp_require(s, cmd, timeout)) != 1)
			return rc;
	}
	board_size(&pg->pos->board, size, sizeof size);
	snprintf(cmd, sizeof cmd, "boardsize %s", size);
	if ((rc = gtp_require(s, cmd, timeout)) != 1 ||
	    (rc = gtp_require(s, "clear_board", timeout)) != 1)
		return rc;
	if (!s->tc->on || !s->knows_time_settings)
		return 1;
	/* Fischer time in GTP's terms: no byo-yomi, time_left says the rest. */
	/* Whole seconds, and never 0: GTP's 0 is no limit at all. */
	snprintf(cmd, sizeof cmd, "time_settings %ld 0 0",
	    s->tc->base >= 1 ? (long)s->tc->base : 1L);
	return gtp_command(s, cmd, engine_deadline(timeout), &r);
}

/* GTP's colour: b or w, the first letter of ours. */
static char
colour_letter(const struct rules_game *g, int c)
{
	return g->colour[c][0];
}

static int
gtp_ask(struct match_side *s, const struct match_game *pg, int colour,
    double deadline, char **line, size_t *len)
{
	struct gtp_reply	 r;
	const struct rules_game *g = pg->pos->game;
	const struct match_move *m;
	char			 cmd[160], act[64];
	size_t			 n, i;
	int			 rc;

	engine_drain(&s->e);
	for (; s->told < pg->nlog; s->told++) {
		m = &pg->log[s->told];
		if (m->a.kind == RULES_PASS && s->no_pass)
			continue;
		record_action_format(&pg->pos->board, &m->a, act, sizeof act);
		snprintf(cmd, sizeof cmd, "play %c %s",
		    colour_letter(g, m->colour), act);
		if ((rc = gtp_command(s, cmd, deadline, &r)) != 1)
			return rc;
		/* Some engines know no pass: they are not told one again. */
		if (!r.ok && m->a.kind == RULES_PASS)
			s->no_pass = true;
		else if (!r.ok) {
			snprintf(s->refusal, sizeof s->refusal,
			    "'%.100s': ? %.100s", cmd, r.text);
			return PROTO_REFUSED;
		}
	}
	if (s->tc->on && s->knows_time_left) {
		/* Whole seconds, rounded down: the engine keeps a margin. */
		snprintf(cmd, sizeof cmd, "time_left %c %ld 0",
		    colour_letter(g, colour), s->left > 0 ? (long)s->left : 0L);
		if ((rc = gtp_command(s, cmd, deadline, &r)) != 1)
			return rc;
	}
	snprintf(cmd, sizeof cmd, "genmove %c", colour_letter(g, colour));
	if ((rc = gtp_command(s, cmd, deadline, &r)) != 1)
		return rc;
	/*
	 * An error is no action: the match says it was illegal; nor is a
	 * response of two lines, whichever of them would be the move.  A
	 * NUL stays, for the match to find (a second line after a NUL goes
	 * unseen: the answer is illegal anyway).
	 */
	n = r.ok ? 0 : 2;
	memcpy(s->answer, "? ", n);
	memcpy(s->answer + n, r.text, r.len + 1);
	n += r.len;
	if (r.ok && r.more[0] != '\0') {
		/* " / ", which no action holds, then the second line. */
		if (n > sizeof s->answer - sizeof r.more - 4)
			n = sizeof s->answer - sizeof r.more - 4;
		n += (size_t)snprintf(
		    s->answer + n, sizeof s->answer - n, " / %s", r.more);
	}

	/* GTP's vertices are in upper case as often as not: F5, PASS. */
	for (i = 0; i < n; i++)
		s->answer[i] = (char)tolower((unsigned char)s->answer[i]);
	/* Its own move is on its board already. */
	s->told = pg->nlog + 1;
	*line = s->answer;
	*len = n;
	return 1;
}

const struct match_proto match_proto_gtp = {
	.name = "gtp",
	.hello = gtp_hello,
	.new_game = gtp_new_game,
	.ask = gtp_ask,
	.option = gtp_require,
};
