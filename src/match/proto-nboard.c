/* SPDX-License-Identifier: MIT */
/*
 * The NBoard client of gameplay match (formats/protocol.md, "NBoard"), for
 * Othello engines (Edax -nboard): `nboard 2' at the start, the game in
 * GGF (`set game', record_ggf_text) per game, then the actions it has not
 * been told (`move', its own answers included: an NBoard engine does not
 * play what it proposes), `ping N' and `go'.  `set depth' is sent once,
 * after `nboard 2', as the protocol requires before any `go'; `set
 * contempt' is left to the engine.  Only lines we wait for count: the
 * status lines and the rest an engine writes between them are read past,
 * and an answer written before the last `pong' answers nothing.  NBoard
 * has no clock: the match's clock is kept as a deadline only.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/proto.h"

/*
 * The depth sent with `set depth': NBoard has no clock, and this keeps
 * Edax's answers within a second or so, well inside --timeout's default.
 */
#define NBOARD_DEPTH 12

/* Whether line is `pong N' for our last `ping' (blanks after it allowed). */
static bool
is_pong(const struct match_side *s, const char *line)
{
	char *endp;

	if (strncmp(line, "pong ", 5) != 0 || !isdigit((unsigned char)line[5]))
		return false;
	if (strtoul(line + 5, &endp, 10) != s->pings)
		return false;
	return endp[strspn(endp, " \t")] == '\0';
}

/*
 * Sends `ping N' and reads to its `pong N': what the engine wrote before
 * it (a stale answer, status lines) is read past, its `set myname' kept
 * as its name.  1, or an engine code.
 */
static int
nboard_sync(struct match_side *s, double deadline)
{
	char   cmd[32], *line;
	size_t len;
	int    rc;

	snprintf(cmd, sizeof cmd, "ping %lu\n", ++s->pings);
	if ((rc = engine_send(&s->e, cmd, deadline)) != 1)
		return rc;
	for (;;) {
		if ((rc = engine_read(&s->e, deadline, &line, &len)) != 1)
			return rc;
		if (is_pong(s, line))
			return 1;
		if (strncmp(line, "set myname ", 11) == 0)
			snprintf(s->name, sizeof s->name, "%.*s",
			    (int)strnlen(line + 11, len - 11), line + 11);
	}
}

static int
nboard_hello(struct match_side *s, double timeout)
{
	double deadline = engine_deadline(timeout);
	char   cmd[32];
	int    rc;

	s->name[0] = '\0';
	s->pings = 0;
	snprintf(cmd, sizeof cmd, "set depth %d\n", NBOARD_DEPTH);
	if ((rc = engine_send(&s->e, "nboard 2\n", deadline)) != 1 ||
	    (rc = engine_send(&s->e, cmd, deadline)) != 1)
		return rc;
	/* Its name, if it gives one, comes before the pong. */
	if ((rc = nboard_sync(s, deadline)) != 1)
		return rc;
	/* The handshake done: it is ready, and its clock may run. */
	s->starting = false;
	return 1;
}

static int
nboard_new_game(
    struct match_side *s, const struct match_game *pg, double timeout)
{
	struct record	  rec = { 0 };
	struct record_out o = {
		.rec = &rec,
		.game = pg->pos->game,
		.board = &pg->pos->board,
		.turns = (const char *const *)pg->turns,
		.nturns = pg->nturns,
	};
	struct diag d;
	char	   *ggf, *cmd;
	int	    rc;

	/* What it wrote after the last game is no answer to this one. */
	engine_drain(&s->e);
	if ((ggf = record_ggf_text(&o, &d)) == NULL)
		return ENGINE_ERROR;
	if ((cmd = malloc(strlen(ggf) + 11)) == NULL) {
		free(ggf);
		return ENGINE_ERROR;
	}
	sprintf(cmd, "set game %s\n", ggf);
	free(ggf);
	rc = engine_send(&s->e, cmd, engine_deadline(timeout));
	free(cmd);
	s->told = pg->nlog;
	return rc;
}

static int
nboard_ask(struct match_side *s, const struct match_game *pg, int colour,
    double deadline, char **line, size_t *len)
{
	const struct match_move *m;
	char			 cmd[80], act[64];
	size_t			 i, n;
	int			 rc;

	(void)colour;
	engine_drain(&s->e);
	for (; s->told < pg->nlog; s->told++) {
		m = &pg->log[s->told];
		/* GGF spells a pass PA. */
		if (m->a.kind == RULES_PASS)
			snprintf(act, sizeof act, "PA");
		else
			record_action_format(
			    &pg->pos->board, &m->a, act, sizeof act);
		snprintf(cmd, sizeof cmd, "move %s\n", act);
		if ((rc = engine_send(&s->e, cmd, deadline)) != 1)
			return rc;
	}
	if ((rc = nboard_sync(s, deadline)) != 1 ||
	    (rc = engine_send(&s->e, "go\n", deadline)) != 1)
		return rc;
	do {
		if ((rc = engine_read(&s->e, deadline, line, len)) != 1)
			return rc;
	} while (strncmp(*line, "=== ", 4) != 0);
	/*
	 * `=== MOVE EVAL TIME' (Edax), or MOVE/EVAL/TIME: the move is the
	 * first word, the rest kept in s->eval; a NUL stays, for the match.
	 */
	n = *len - 4;
	for (i = 0; i < n; i++)
		if ((*line)[4 + i] == ' ' || (*line)[4 + i] == '/')
			break;
	snprintf(s->eval, sizeof s->eval, "%.*s",
	    (int)(i < n ? strnlen(*line + 5 + i, n - i - 1) : 0),
	    i < n ? *line + 5 + i : "");
	n = i;
	memcpy(s->answer, *line + 4, n);
	s->answer[n] = '\0';
	for (i = 0; i < n; i++)
		s->answer[i] = (char)tolower((unsigned char)s->answer[i]);
	if (n == 2 && memcmp(s->answer, "pa", 2) == 0)
		n = (size_t)snprintf(s->answer, sizeof s->answer, "pass");
	/* Its evaluation is the first word of the rest; its time is ours. */
	match_eval_clear(&s->ev);
	if ((i = strcspn(s->eval, " /")) > 0)
		match_eval_score(&s->ev, s->eval, i);
	*line = s->answer;
	*len = n;
	return 1;
}

const struct match_proto match_proto_nboard = {
	.name = "nboard",
	.only_game = "reversi",
	.only_board = "8x8",
	.hello = nboard_hello,
	.new_game = nboard_new_game,
	.ask = nboard_ask,
	.option = match_proto_send_option,
};
