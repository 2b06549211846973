/* SPDX-License-Identifier: MIT */
/*
 * The match protocol of formats/protocol.md as a match_proto: a `game'
 * and a `seed' line per game, and per request the whole game so far (`moves'), the
 * clock where there is one (`time') and `go'.  The program keeps no state
 * the referee relies on; at its start it is sent `ready', and it is ready
 * once it has read it (it is reading its input: a program that loads
 * something first has not) or answered `ready' (formats/protocol.md,
 * "Getting ready").
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/proto.h"

/* How often hello looks whether the program has read its input. */
#define ARBITER_READY_POLL 0.01

/*
 * Sends `ready' and waits, within timeout, until the program has read
 * the line or written one (`ready', or anything: a program that writes
 * without reading has started too).  What it wrote is dropped by the
 * first ask, as any line before a request; a `ready' written after the
 * line was read is read past there (s->starting).
 */
static int
arbiter_hello(struct match_side *s, double timeout)
{
	double deadline = engine_deadline(timeout), step;
	char  *line;
	size_t len;
	long   unread;
	int    rc;

	s->starting = true;
	if ((rc = engine_send(&s->e, "ready\n", deadline)) != 1)
		return rc;
	for (;;) {
		/* Read: ready, unless the system cannot say (then at once). */
		if ((unread = engine_unread(&s->e)) <= 0)
			return 1;
		step = engine_now() + ARBITER_READY_POLL;
		rc = engine_read(&s->e,
		    deadline > 0 && deadline < step ? deadline : step, &line,
		    &len);
		if (rc == 1) {
			s->starting = strcmp(line, "ready") != 0;
			return 1;
		}
		if (rc != ENGINE_LATE)
			return rc;
		if (rc == ENGINE_LATE && deadline > 0 &&
		    engine_now() >= deadline)
			return ENGINE_LATE;
	}
}

static int
arbiter_new_game(
    struct match_side *s, const struct match_game *pg, double timeout)
{
	char   line[256 + RECORD_SETUP_MAX];
	size_t n;

	n = (size_t)snprintf(line, sizeof line, "game %s %s\n",
	    pg->pos->game->name, pg->pos->board.name);
	/* A set-up start (--openings) follows the game it is a start of. */
	if (pg->setup != NULL)
		n += (size_t)snprintf(
		    line + n, sizeof line - n, "setup %s\n", pg->setup);
	/*
	 * The game's seed, so that a program with chance in it plays
	 * game i alike whatever process plays it (-j, --resume); an older
	 * program ignores the line (formats/protocol.md).
	 */
	snprintf(line + n, sizeof line - n, "seed %" PRIu64 "\n", pg->seed);
	return engine_send(&s->e, line, engine_deadline(timeout));
}

/*
 * An answer "f5 eval 1.5 depth 12 nodes 4096": the words after the
 * action go to s->ev and the action alone is the answer.  Other words
 * after it are left in it, an illegal answer as ever (formats/protocol.md,
 * "Evaluations").
 */
static void
split_eval(struct match_side *s, char *line, size_t *len)
{
	static const char *const keys[] = { "eval", "depth", "nodes" };
	char			*sp;
	size_t			 i, n, k;

	if (memchr(line, '\0', *len) != NULL ||
	    (sp = memchr(line, ' ', *len)) == NULL)
		return;
	n = *len - (size_t)(sp + 1 - line);
	/* The key's word whole: "eval" alone too (its value missing). */
	for (i = 0; i < 3; i++)
		if (n >= (k = strlen(keys[i])) &&
		    memcmp(sp + 1, keys[i], k) == 0 &&
		    (n == k || sp[1 + k] == ' '))
			break;
	if (i == 3)
		return;
	match_eval_words(&s->ev, sp + 1, n);
	*sp = '\0';
	*len = (size_t)(sp - line);
}

static int
arbiter_ask(struct match_side *s, const struct match_game *pg, int colour,
    double deadline, char **line, size_t *len)
{
	char *moves, *req, clock[64];
	int   r;

	(void)colour;
	if ((moves = match_game_moves(pg)) == NULL)
		return ENGINE_ERROR;
	req = malloc(strlen(moves) + 8);
	if (req != NULL)
		sprintf(req, "moves%s%s\n", moves[0] != '\0' ? " " : "", moves);
	free(moves);
	if (req == NULL)
		return ENGINE_ERROR;
	/* One answer per request: what else it wrote is no answer. */
	engine_drain(&s->e);
	r = engine_send(&s->e, req, deadline);
	free(req);
	if (r == 1 && s->tc->on) {
		snprintf(clock, sizeof clock, "time %.3f\n", s->left);
		r = engine_send(&s->e, clock, deadline);
	}
	if (r == 1)
		r = engine_send(&s->e, "go\n", deadline);
	if (r == 1)
		r = engine_read(&s->e, deadline, line, len);
	/* Its `ready', late: no action, and the answer comes after it. */
	if (r == 1 && s->starting && strcmp(*line, "ready") == 0)
		r = engine_read(&s->e, deadline, line, len);
	s->starting = false;
	if (r == 1)
		split_eval(s, *line, len);
	return r;
}

const struct match_proto match_proto_arbiter = {
	.name = "arbiter",
	.setup = true,
	.hello = arbiter_hello,
	.new_game = arbiter_new_game,
	.ask = arbiter_ask,
	.option = match_proto_send_option,
};
