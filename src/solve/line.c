/* SPDX-License-Identifier: MIT */
/*
 * A game's line under the solver: each position from the first with at
 * most N empties solved in turn (the transposition table makes each one
 * after the first cheap, as the line mostly follows what the first solve
 * searched), the values put in the first colour's terms, and every move
 * whose value for its mover is less than the position's before it: a
 * perfect-play mistake (formats/solve.md).  Uses solve.h's calls for 8x8
 * Reversi and game.h's generic solver for every other game and board,
 * whose positions are those between actions, a turn's included.
 */
#include <stdlib.h>
#include <string.h>

#include "solve/game.h"
#include "solve/line.h"
#include "util/util.h"

bool
solve_serves(const struct rules_position *pos, struct diag *d)
{
	if (pos->game == &rules_reversi && pos->board.width == 8 &&
	    pos->board.height == 8)
		return true;
	diag_set(d, DIAG_NONE, "the solver serves reversi on 8x8, not %s on %s",
	    pos->game->name, pos->board.name);
	return false;
}

void
solve_line_init(struct solve_line *l)
{
	memset(l, 0, sizeof *l);
}

void
solve_line_fini(struct solve_line *l)
{
	free(l->points);
	free(l->mistakes);
	solve_line_init(l);
}

int
solve_empties(const struct rules_position *pos)
{
	int cell, n = 0;

	for (cell = 0; cell < pos->board.ncells; cell++)
		n += rules_piece(pos, cell) == RULES_EMPTY;
	return n;
}

/*
 * Solves pos by the solver that serves it (8x8 Reversi the endgame
 * solver, every other game the generic one, its table its own), its
 * nodes and seconds counted in l, its value, the first colour's, into
 * *margin: 0, 1 when it cannot tell (a budget; in the generic solver a
 * line that comes back, or Herd's dice), -1 with d filled.
 */
static int
solve_one(struct solve *sv, const struct rules_position *pos,
    const struct solve_options *opt, struct solve_line *l, int *margin,
    struct diag *d)
{
	struct solve_result	 r;
	struct solve_game_result g;
	int			 rc, value, colour;

	if (solve_serves(pos, NULL)) {
		if ((rc = solve_position(sv, pos, opt, &r, d)) == -1)
			return -1;
		l->nodes += r.nodes;
		l->seconds += r.seconds;
		value = r.score;
		colour = rules_to_move(pos);
	} else {
		if ((rc = solve_game(pos, opt, 0, &g, d)) == -1)
			return -1;
		if (rc != 0)
			l->why = g.why;
		solve_game_result_free(&g);
		l->nodes += g.nodes;
		l->seconds += g.seconds;
		value = g.value;
		colour = g.colour;
	}
	if (rc == 0)
		*margin = colour == 0 ? value : -value;
	return rc;
}

/*
 * Solves pos into the next point, within what is left of opt's budget
 * for the line.  Returns 0, 1 when the budget ran out, -1 (memory).
 */
static int
solve_point(struct solve *sv, const struct rules_position *pos,
    const struct solve_options *opt, struct solve_line *l, struct diag *d)
{
	struct solve_options left = *opt;
	struct solve_point  *p;

	if (array_grow(&l->points, &l->points_cap, l->npoints + 1,
		sizeof *l->points) == -1)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	p = &l->points[l->npoints++];
	p->empties = solve_empties(pos);
	p->margin = SOLVE_SCORE_UNKNOWN;
	left.all = false;
	if (opt->max_nodes > 0) {
		l->why = "nodes";
		if (l->nodes >= opt->max_nodes)
			return 1;
		left.max_nodes = opt->max_nodes - l->nodes;
	}
	if (opt->max_seconds > 0) {
		l->why = "seconds";
		if (l->seconds >= opt->max_seconds)
			return 1;
		left.max_seconds = opt->max_seconds - l->seconds;
	}
	l->why = NULL;
	return solve_one(sv, pos, &left, l, &p->margin, d);
}

/*
 * The 0-based turn of action i of the n of a line (turn_of NULL: one
 * action a turn); for i = n, the turn after the last.
 */
static unsigned long
turn_at(const unsigned long *turn_of, size_t i, size_t n)
{
	if (turn_of == NULL)
		return i;
	if (i < n)
		return turn_of[i];
	return n == 0 ? 0 : turn_of[n - 1] + 1;
}

/* Whether action i of the line starts a turn (the end of it does). */
static bool
turn_start(const unsigned long *turn_of, size_t i, size_t n)
{
	return i == 0 || turn_at(turn_of, i, n) != turn_at(turn_of, i - 1, n);
}

/*
 * The action a from point i to i + 1, by colour c in the 0-based turn
 * t: a mistake if it lost.
 */
static int
judge_move(struct solve_line *l, size_t i, int c, const struct rules_action *a,
    unsigned long t, struct diag *d)
{
	int		      before = l->points[i].margin;
	int		      after = l->points[i + 1].margin;
	int		      lost = c == 0 ? before - after : after - before;
	struct solve_mistake *m;

	if (lost <= 0)
		return 0;
	if (array_grow(&l->mistakes, &l->mistakes_cap, l->nmistakes + 1,
		sizeof *l->mistakes) == -1)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	m = &l->mistakes[l->nmistakes++];
	m->turn = t + 1;
	m->colour = c;
	m->square = a->to;
	m->lost = lost;
	m->after = after;
	l->count[c]++;
	l->lost[c] += lost;
	return 0;
}

/* Plays acts[i] on pos; 0, or -1 with d saying why it is not legal. */
static int
play(struct rules_position *pos, const struct rules_action *a, size_t i,
    struct diag *d)
{
	struct diag why;

	if (rules_play(pos, a, &why) == 0)
		return 0;
	return diag_set(
	    d, why.code, "action %zu of the line: %s", i + 1, why.msg);
}

/* From action first (pos) to the end: each position solved, then judged. */
static int
solve_rest(struct solve *sv, struct rules_position *pos,
    const struct rules_action *acts, const unsigned long *turn_of, size_t first,
    size_t n, const struct solve_options *opt, struct solve_line *l,
    struct diag *d)
{
	size_t i;
	int    rc, *colour = NULL;

	if ((colour = calloc(n - first + 1, sizeof *colour)) == NULL)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	for (i = first;; i++) {
		colour[i - first] = rules_to_move(pos);
		if ((rc = solve_point(sv, pos, opt, l, d)) != 0 || i == n)
			break;
		if ((rc = play(pos, &acts[i], i, d)) == -1)
			break;
	}
	if (rc == 0) {
		l->status = SOLVE_EXACT;
		l->margin = l->points[0].margin;
		for (i = 0; i + 1 < l->npoints && rc == 0; i++)
			rc = judge_move(l, i, colour[i], &acts[first + i],
			    turn_at(turn_of, first + i, n), d);
	}
	free(colour);
	return rc == -1 ? -1 : 0;
}

int
solve_line(struct solve *sv, const struct rules_position *start,
    const struct rules_action *acts, const unsigned long *turn_of, size_t n,
    int empties, const struct solve_options *opt, struct solve_line *l,
    struct diag *d)
{
	struct rules_position *pos;
	struct rules_score     s;
	size_t		       a;
	int		       rc = 0;

	l->reached = false;
	l->status = SOLVE_UNKNOWN;
	l->why = NULL;
	l->npoints = l->nmistakes = 0;
	l->count[0] = l->count[1] = 0;
	l->lost[0] = l->lost[1] = 0;
	l->nodes = 0;
	l->seconds = 0;
	l->margin = SOLVE_SCORE_UNKNOWN;
	if ((pos = rules_position_dup(start)) == NULL)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	/*
	 * Actions are played up to the first turn's start with few enough
	 * empties, or the end of a game over before: its value is its final
	 * score.
	 */
	for (a = 0; !turn_start(turn_of, a, n) || solve_empties(pos) > empties;
	     a++) {
		rules_score(pos, &s);
		if (a == n && !s.over)
			goto out;
		if (a == n)
			break;
		if ((rc = play(pos, &acts[a], a, d)) == -1)
			goto out;
	}
	l->reached = true;
	l->turn = turn_at(turn_of, a, n);
	l->empties = solve_empties(pos);
	l->colour = rules_to_move(pos);
	rules_score(pos, &s);
	l->over = s.over;
	rc = solve_rest(sv, pos, acts, turn_of, a, n, opt, l, d);
out:
	rules_position_free(pos);
	return rc;
}
