/* SPDX-License-Identifier: MIT */
/*
 * A game's line under the solver: each position from the first with at
 * most N empties solved in turn (the transposition table makes each one
 * after the first cheap, as the line mostly follows what the first solve
 * searched), the values put in the first colour's terms, and every move
 * whose value for its mover is less than the position's before it: a
 * perfect-play mistake (formats/solve.md).  Uses solve.h's calls alone.
 */
#include <stdlib.h>
#include <string.h>

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
 * Solves pos into the next point, within what is left of opt's budget
 * for the line.  Returns 0, 1 when the budget ran out, -1 (memory).
 */
static int
solve_point(struct solve *sv, const struct rules_position *pos,
    const struct solve_options *opt, struct solve_line *l, struct diag *d)
{
	struct solve_options left = *opt;
	struct solve_result  r;
	struct solve_point  *p;
	int		     rc;

	if (array_grow(&l->points, &l->points_cap, l->npoints + 1,
		sizeof *l->points) == -1)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	p = &l->points[l->npoints++];
	p->empties = solve_empties(pos);
	p->margin = SOLVE_SCORE_UNKNOWN;
	left.all = false;
	if (opt->max_nodes > 0) {
		if (l->nodes >= opt->max_nodes)
			return 1;
		left.max_nodes = opt->max_nodes - l->nodes;
	}
	if (opt->max_seconds > 0) {
		if (l->seconds >= opt->max_seconds)
			return 1;
		left.max_seconds = opt->max_seconds - l->seconds;
	}
	rc = solve_position(sv, pos, &left, &r, d);
	if (rc == -1)
		return -1;
	l->nodes += r.nodes;
	l->seconds += r.seconds;
	if (rc == 1)
		return 1;
	p->margin = rules_to_move(pos) == 0 ? r.score : -r.score;
	return 0;
}

/* The move from point i to i + 1, by colour c: a mistake if it lost. */
static int
judge_move(struct solve_line *l, size_t i, int c, const struct rules_action *a,
    struct diag *d)
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
	m->turn = l->turn + i + 1;
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

/* From position l->turn (pos) to the end: each solved, then judged. */
static int
solve_rest(struct solve *sv, struct rules_position *pos,
    const struct rules_action *acts, size_t n, const struct solve_options *opt,
    struct solve_line *l, struct diag *d)
{
	size_t i;
	int    rc, *colour = NULL;

	if ((colour = calloc(n - l->turn + 1, sizeof *colour)) == NULL)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	for (i = l->turn;; i++) {
		colour[i - l->turn] = rules_to_move(pos);
		if ((rc = solve_point(sv, pos, opt, l, d)) != 0 || i == n)
			break;
		if ((rc = play(pos, &acts[i], i, d)) == -1)
			break;
	}
	if (rc == 0) {
		l->status = SOLVE_EXACT;
		l->margin = l->points[0].margin;
		for (i = 0; i + 1 < l->npoints && rc == 0; i++)
			rc = judge_move(l, i, colour[i], &acts[l->turn + i], d);
	}
	free(colour);
	return rc == -1 ? -1 : 0;
}

int
solve_line(struct solve *sv, const struct rules_position *start,
    const struct rules_action *acts, size_t n, int empties,
    const struct solve_options *opt, struct solve_line *l, struct diag *d)
{
	struct rules_position *pos;
	struct rules_score     s;
	int		       rc = 0;

	l->reached = false;
	l->status = SOLVE_UNKNOWN;
	l->npoints = l->nmistakes = 0;
	l->count[0] = l->count[1] = 0;
	l->lost[0] = l->lost[1] = 0;
	l->nodes = 0;
	l->seconds = 0;
	l->margin = SOLVE_SCORE_UNKNOWN;
	if (!solve_serves(start, d))
		return -1;
	if ((pos = rules_position_dup(start)) == NULL)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	/*
	 * Moves are played up to the first position with few enough, or
	 * the end of a game over before: its value is its final score.
	 */
	for (l->turn = 0; solve_empties(pos) > empties; l->turn++) {
		rules_score(pos, &s);
		if (l->turn == n && !s.over)
			goto out;
		if (l->turn == n)
			break;
		if ((rc = play(pos, &acts[l->turn], l->turn, d)) == -1)
			goto out;
	}
	l->reached = true;
	l->empties = solve_empties(pos);
	l->colour = rules_to_move(pos);
	rules_score(pos, &s);
	l->over = s.over;
	rc = solve_rest(sv, pos, acts, n, opt, l, d);
out:
	rules_position_free(pos);
	return rc;
}
