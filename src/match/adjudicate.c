/* SPDX-License-Identifier: MIT */
/*
 * Refereeing one game of a match (runner.h): asking the side to move for
 * each action within its time and clock, playing a legal answer, and
 * adjudicating the rest (formats/protocol.md): an illegal answer, a
 * crash or a time-out loses the game, a resignation too; then how the
 * game ended for its record and the tally.
 */
#include <errno.h>
#include <string.h>

#include "match/runner.h"

/*
 * Asks side sd to move for one action and plays it, the request and its
 * answer within m->timeout seconds (0: no limit) and within its clock.
 * ready is what this game's set-up came to (1: it went).  Returns 0 when
 * the game goes on, 1 when it ended by adjudication (*end says how), 2
 * when the program did not start or refused the game (said on stderr),
 * or -1 (errno) when memory runs out.
 */
static int
ask(struct match *m, struct match_game *pg, struct match_side *sd, int ready,
    struct match_ending *end)
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
	match_eval_clear(&sd->ev);
	if ((r = ready) == 1)
		r = sd->proto->ask(sd, pg, c, deadline, &line, &len);
	if (r == ENGINE_ERROR)
		return -1;
	if (r == PROTO_REFUSED) {
		match_refused(sd);
		return 2;
	}
	if (r == ENGINE_GONE && !match_started(e))
		return 2;
	if (r == PROTO_NOT_READY) {
		cli_error("match: '%s' was not ready within the start-up "
			  "time-out (--startup-timeout %g)",
		    e->cmd, sd->startup);
		r = ENGINE_LATE;
	}
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
	if (n != 1 || match_game_play(pg, &acts[0], &d) == -1) {
		if (n == 1 && d.code == DIAG_NO_MEMORY) {
			errno = ENOMEM;
			return -1;
		}
		snprintf(end->why, sizeof end->why, "illegal move %s by %s",
		    len > 0 ? shown : "\"\"", g->colour[c]);
		return 1;
	}
	if (match_eval_turn(m, pg, c, sd, engine_now() - t0,
		pg->nturns > turns) == -1)
		return -1;
	if (sd->tc->on) {
		sd->left += sd->tc->inc;
		if (pg->nturns > turns &&
		    match_note_clock(m, pg->nturns - 1, sd->left) == -1)
			return -1;
	}
	end->adjudicated = false;
	end->winner = -1;
	return 0;
}

/*
 * Plays pg until it is over, capped or adjudicated (*end says how), side
 * start[c] holding colour c at the start.  Returns the exit status.
 */
int
match_play_moves(struct match *m, struct match_game *pg,
    const int start[RULES_COLOURS], const int ready[2],
    struct match_ending *end)
{
	int k, r;

	while (match_series_going(&m->ps, pg)) {
		if ((r = match_game_roll(pg)) == 1)
			continue;
		/* The solver ends it, or the side to move is asked. */
		if (r == 0 && (r = match_adjudicate_solve(m, pg, end)) == 0) {
			k = match_game_side(pg, start, rules_to_move(pg->pos));
			r = ask(m, pg, &m->side[k], ready[k], end);
			/* What the programs said of it may end it. */
			if (r == 0)
				r = match_adjudge(m, pg, end);
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
void
match_judge(struct match *m, const struct match_game *pg,
    struct match_ending *end, struct rules_score *s)
{
	rules_score(pg->pos, s);
	if (end->drawn)
		m->ps.m.adjudicated++;
	else if (!end->adjudicated && !s->over) {
		end->aborted = true;
		snprintf(end->why, sizeof end->why, "aborted");
		m->ps.m.aborted++;
	} else if (!end->adjudicated) {
		end->winner = s->winner;
		/* The board's result, the solver's moves: adjudicated. */
		if (end->solved)
			m->ps.m.adjudicated++;
	} else
		m->ps.m.adjudicated++;
}
