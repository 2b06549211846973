/* SPDX-License-Identifier: MIT */
/*
 * The match protocol of formats/protocol.md as a match_proto: a `game'
 * and a `seed' line per game, and per request the whole game so far (`moves'), the
 * clock where there is one (`time') and `go'.  The program keeps no state
 * the referee relies on, so there is nothing to say at its start.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/proto.h"

static int
arbiter_hello(struct match_side *s, double timeout)
{
	(void)s;
	(void)timeout;
	return 1;
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
	return r;
}

const struct match_proto match_proto_arbiter = {
	.name = "arbiter",
	.setup = true,
	.hello = arbiter_hello,
	.new_game = arbiter_new_game,
	.ask = arbiter_ask,
};
