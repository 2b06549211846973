/* SPDX-License-Identifier: MIT */
/*
 * The analysers of gameplay analyze (analyze.h): each values one position
 * for the first colour and names its best action.  The built-in one
 * searches greedy's evaluation (player_evaluate) --depth actions deep,
 * negamax over actions (a turn of several actions is several plies of
 * one mover; dice are averaged over their rolls); random and mcts name
 * their choice only.  A program is asked as a match asks it, by its
 * protocol (proto.h) over the match's process supervisor (engine.h),
 * told the game afresh for each position, each answer bounded by
 * --timeout.  The solver values what is within --empties and its budget,
 * exactly; what is beyond is not reached.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "match/analyze.h"
#include "match/game.h"
#include "player/player.h"
#include "record/turn.h"
#include "solve/game.h"
#include "solve/line.h"

/* A value in thousandths, within what a record may hold. */
static long
clamp_milli(double v)
{
	v *= 1000;
	if (v > MATCH_EVAL_MAX)
		return MATCH_EVAL_MAX;
	if (v < -MATCH_EVAL_MAX)
		return -MATCH_EVAL_MAX;
	return (long)(v < 0 ? v - 0.5 : v + 0.5);
}

/* The value of a game over for the colour c: its points ahead (WOF). */
static long
over_value(const struct rules_position *pos, int c)
{
	struct rules_score s;

	rules_score(pos, &s);
	if (s.alt_name != NULL)
		return 1000L * (s.alt[c] - s.alt[1 - c]);
	return 1000L * (s.points[c] - s.points[1 - c]);
}

/*
 * Negamax over actions: pos's value for its mover, depth actions deep,
 * greedy's evaluation at the leaves; *best (if not NULL) the first best
 * action.  Returns 0, or -1 when memory runs out.
 */
static int
search(const struct rules_position *pos, unsigned long depth, long *v,
    struct rules_action *best)
{
	struct rules_action   *acts = NULL;
	struct rules_position *next = NULL;
	size_t		       cap = 0;
	long		       n, i, cv, sum = 0, top = 0;
	int		       me = rules_to_move(pos), rc = -1;
	bool		       first = true;

	if (rules_phase(pos) == RULES_GAME_OVER) {
		*v = over_value(pos, me);
		return 0;
	}
	if ((n = rules_legal(pos, NULL, 0)) > 0 &&
	    (acts = calloc((size_t)n, sizeof *acts)) != NULL)
		cap = (size_t)n;
	n = (long)rules_legal(pos, acts, cap);
	if (n <= 0 || acts == NULL ||
	    (depth == 0 && acts[0].kind != RULES_DICE)) {
		*v = n < 0 || (n > 0 && acts == NULL) ?
		    0 :
		    clamp_milli(player_evaluate(pos, me));
		rc = n > 0 && acts == NULL ? -1 : 0;
		goto out;
	}
	if ((next = rules_position_dup(pos)) == NULL)
		goto out;
	for (i = 0; i < n; i++) {
		rules_position_copy(next, pos);
		if (rules_play(next, &acts[i], NULL) == -1)
			continue;
		/* Dice are chance: their rolls averaged, no ply spent. */
		if (search(next, acts[0].kind == RULES_DICE ? depth : depth - 1,
			&cv, NULL) == -1)
			goto out;
		/* Each value is its position's mover's, a game over's too. */
		if (rules_to_move(next) != me)
			cv = -cv;
		sum += cv;
		if (first || cv > top) {
			top = cv;
			if (best != NULL)
				*best = acts[i];
			first = false;
		}
	}
	*v = acts[0].kind == RULES_DICE ? sum / n : top;
	rc = 0;
out:
	rules_position_free(next);
	free(acts);
	return rc;
}

/* A built-in player: greedy's values searched, or another's choice. */
static int
player_point(struct analyze *a, struct match_game *pg, struct analyze_point *pt)
{
	const struct rules_position *pos = pg->pos;
	struct rules_action	     act;
	struct diag		     d;
	long			     v;
	int			     me = rules_to_move(pos);

	if (a->greedy) {
		if (search(pos, a->depth, &v, &act) == -1)
			goto out_nomem;
		pt->has_value = true;
		pt->value = me == 0 ? v : -v;
		pt->depth = (long)a->depth;
	} else {
		/* Its choice alike whatever process makes it (-j). */
		player_seed(a->player, match_player_seed(pg->seed, me));
		if (player_choose(a->player, pos, &act, &d) == -1) {
			if (d.code == DIAG_NO_MEMORY)
				goto out_nomem;
			return CLI_OK;
		}
	}
	record_action_format(&pos->board, &act, pt->best, sizeof pt->best);
	pt->reached = true;
	return CLI_OK;
out_nomem:
	cli_error("analyze: %s", strerror(ENOMEM));
	return CLI_INTERNAL;
}

/* The solver: exact within --empties and the budget, else unreached. */
static int
solver_point(struct analyze *a, struct match_game *pg, struct analyze_point *pt)
{
	struct solve_options	 opt = { .max_nodes = ANALYZE_SOLVE_NODES,
		    .max_seconds = a->seconds };
	struct solve_game_result gr;
	struct solve_result	 r;
	struct rules_action	 act = { .kind = RULES_PASS };
	struct diag		 d;
	int			 e = solve_empties(pg->pos), rc, c;

	if (e > a->empties)
		return CLI_OK;
	if (solve_serves(pg->pos, NULL)) {
		if ((rc = solve_position(a->solver, pg->pos, &opt, &r, &d)) ==
		    1)
			return CLI_OK;
		if (rc == -1)
			goto out_fail;
		c = rules_to_move(pg->pos);
		pt->value = 1000L * (c == 0 ? r.score : -r.score);
		if (r.nbest > 0 && r.best[0] != SOLVE_PASS)
			act = (struct rules_action){ .kind = RULES_PLACE,
				.to = (int16_t)r.best[0] };
	} else {
		if ((rc = solve_game(pg->pos, &opt, 0, &gr, &d)) == 1)
			solve_game_result_free(&gr);
		if (rc == 1)
			return CLI_OK;
		if (rc == -1)
			goto out_fail;
		pt->value = 1000L * (gr.colour == 0 ? gr.value : -gr.value);
		if (gr.nbest > 0)
			act = gr.best[0];
		solve_game_result_free(&gr);
	}
	record_action_format(&pg->pos->board, &act, pt->best, sizeof pt->best);
	pt->reached = pt->has_value = true;
	pt->depth = e;
	return CLI_OK;
out_fail:
	cli_error("analyze: the solver: %s", d.msg);
	return CLI_INTERNAL;
}

/* Says how the program failed at where, and stops it; CLI_USAGE. */
static int
engine_failed(
    struct analyze *a, int r, const char *line, size_t len, const char *where)
{
	struct engine *e = &a->side.e;
	char	       how[64], shown[RECORD_SHOWN];

	if (r == ENGINE_GONE && !engine_exit_text(e, 1000, how, sizeof how))
		snprintf(how, sizeof how, "closed its output");
	if (r == PROTO_REFUSED)
		cli_error("analyze: %s: '%s' refused %s", where, e->cmd,
		    a->side.refusal);
	else if (r == ENGINE_GONE)
		cli_error("analyze: %s: '%s' crashed (%s)", where, e->cmd, how);
	else if (r == ENGINE_LATE)
		cli_error("analyze: %s: '%s' timed out (--timeout %g)", where,
		    e->cmd, a->timeout);
	else if (r == ENGINE_LONG)
		cli_error("analyze: %s: '%s' answered a line too long", where,
		    e->cmd);
	else if (r == ENGINE_ERROR)
		cli_error("analyze: %s: %s", where, strerror(errno));
	else {
		util_printable(line, len, shown, sizeof shown);
		cli_error("analyze: %s: '%s' answered \"%s\", no legal action",
		    where, e->cmd, shown);
	}
	engine_stop(e, true);
	a->side.greeted = false;
	return r == ENGINE_ERROR ? CLI_INTERNAL : CLI_USAGE;
}

/* Whether line (len bytes) is one legal action of pg's position. */
static bool
legal_answer(
    struct analyze *a, struct match_game *pg, const char *line, size_t len)
{
	struct rules_position *pos;
	struct rules_action    acts[2];
	struct diag	       d;
	size_t		       offs[2];
	bool		       ok;

	if (memchr(line, '\0', len) != NULL ||
	    record_turn_parse(
		a->syn, &pg->pos->board, line, len, acts, offs, 2, &d) != 1 ||
	    (pos = rules_position_dup(pg->pos)) == NULL)
		return false;
	ok = rules_play(pos, &acts[0], NULL) == 0;
	rules_position_free(pos);
	return ok;
}

/* A program: told the game so far, asked for the mover's action. */
static int
engine_point(struct analyze *a, struct match_game *pg, struct analyze_point *pt,
    const char *where)
{
	struct match_side *sd = &a->side;
	char		  *line = NULL;
	size_t		   len = 0;
	int		   r, c = rules_to_move(pg->pos);

	if (sd->e.pid == -1) {
		if (engine_start(&sd->e) == -1)
			return engine_failed(a, ENGINE_ERROR, "", 0, where);
		sd->greeted = false;
	}
	if (!sd->greeted) {
		sd->startup = a->startup_timeout;
		if ((r = sd->proto->hello(sd, a->startup_timeout)) != 1)
			return engine_failed(a, r, "", 0, where);
		sd->greeted = true;
	}
	sd->left = 0;
	match_eval_clear(&sd->ev);
	if ((r = sd->proto->new_game(sd, pg, a->timeout)) != 1 ||
	    (r = sd->proto->ask(
		 sd, pg, c, engine_deadline(a->timeout), &line, &len)) != 1)
		return engine_failed(a, r, "", 0, where);
	/* A resignation names no action; its value may still say. */
	if (strcmp(line, "resign") != 0) {
		if (!legal_answer(a, pg, line, len))
			return engine_failed(a, 1, line, len, where);
		snprintf(pt->best, sizeof pt->best, "%s", line);
	}
	if (sd->ev.bad[0] != '\0')
		cli_error("analyze: %s: the evaluation dropped: %s", where,
		    sd->ev.bad);
	pt->reached = true;
	if ((pt->has_value = sd->ev.has)) {
		pt->value = c == 0 ? sd->ev.milli : -sd->ev.milli;
		pt->depth = sd->ev.depth;
	}
	return CLI_OK;
}

int
analyze_point(struct analyze *a, struct match_game *pg,
    struct analyze_point *pt, const char *where)
{
	memset(pt, 0, sizeof *pt);
	pt->depth = -1;
	a->positions++;
	/* A game over is worth its score, whoever values it. */
	if (rules_phase(pg->pos) == RULES_GAME_OVER) {
		pt->reached = pt->has_value = true;
		pt->value = over_value(pg->pos, 0);
		return CLI_OK;
	}
	switch (a->kind) {
	case ANALYZE_PLAYER: return player_point(a, pg, pt);
	case ANALYZE_SOLVER: return solver_point(a, pg, pt);
	default: return engine_point(a, pg, pt, where);
	}
}

int
analyze_after(struct analyze *a, const struct match_game *pg, int nactions,
    struct analyze_point *pt)
{
	unsigned long d = a->depth > (unsigned long)nactions ?
	    a->depth - (unsigned long)nactions :
	    0;
	long	      v;

	if (a->kind != ANALYZE_PLAYER || !a->greedy || !pt->reached)
		return CLI_OK;
	if (search(pg->pos, d, &v, NULL) == -1) {
		cli_error("analyze: %s", strerror(ENOMEM));
		return CLI_INTERNAL;
	}
	/* A game over is worth its score, whose side it is. */
	if (rules_phase(pg->pos) == RULES_GAME_OVER)
		v = over_value(pg->pos, 0);
	else if (rules_to_move(pg->pos) != 0)
		v = -v;
	pt->after = v;
	pt->has_after = true;
	return CLI_OK;
}

int
analyze_analyser_start(struct analyze *a)
{
	struct diag d;

	switch (a->kind) {
	case ANALYZE_PLAYER:
		if ((a->player = player_new(a->player_spec, &d)) == NULL) {
			cli_error("analyze: --player: %s", d.msg);
			return d.code == DIAG_NO_MEMORY ? CLI_INTERNAL :
							  CLI_USAGE;
		}
		a->greedy = strcmp(player_spec(a->player), "greedy") == 0;
		if (a->depth == 0)
			a->depth = 1;
		if (a->greedy)
			snprintf(a->name, sizeof a->name, "greedy, depth %lu",
			    a->depth);
		else
			snprintf(a->name, sizeof a->name, "%s",
			    player_spec(a->player));
		return CLI_OK;
	case ANALYZE_SOLVER:
		if ((a->solver = solve_new(0)) == NULL) {
			cli_error("analyze: %s", strerror(ENOMEM));
			return CLI_INTERNAL;
		}
		snprintf(
		    a->name, sizeof a->name, "solver, empties %d", a->empties);
		return CLI_OK;
	default:
		snprintf(a->name, sizeof a->name, "%s (%s)", a->engine_cmd,
		    a->proto->name);
		engine_signals();
		engine_init(&a->side.e, 0);
		a->side.e.cmd = a->engine_cmd;
		a->side.proto = a->proto;
		a->side.tc = &a->tc;
		return CLI_OK;
	}
}

void
analyze_analyser_stop(struct analyze *a, bool kill)
{
	if (a->kind == ANALYZE_ENGINE)
		engine_stop(&a->side.e, kill);
	player_free(a->player);
	a->player = NULL;
	solve_free(a->solver);
	a->solver = NULL;
}
