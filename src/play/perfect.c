/* SPDX-License-Identifier: MIT */
/*
 * The result of perfect play from a record's position, for an
 * adjudication by the solver (gameplay adjudicate --method solver): 8x8
 * Reversi with at most PERFECT_EMPTIES empty squares, which the solver
 * settles in seconds; every other game and board by the generic solver
 * within PERFECT_NODES positions, where the game's final points follow
 * from their difference.  A position further from the end is refused
 * rather than guessed, for the decision must be exact.
 */
#include <stdio.h>

#include "play/play.h"
#include "solve/game.h"
#include "solve/line.h"
#include "solve/solve.h"

#define PERFECT_EMPTIES 20
/* The generic solver's budget: positions, so that the outcome is the
 * same on every machine (some seconds here). */
#define PERFECT_NODES 20000000

/*
 * The result of the generic solver's value for pr's position: the final
 * points, which its difference gives where they sum to the board's cells
 * (every game whose points are one a cell: the board is full at the end,
 * or the empties go to the winner) or where a win is 1-0 (Oust).
 */
static int
game_result(const struct play_record *pr, char *result, size_t cap,
    int *winner)
{
	const struct rules_game	*g = pr->rp.game;
	struct solve_options	 opt = { .max_nodes = PERFECT_NODES };
	struct solve_game_result r;
	struct diag		 d;
	int			 me, mine, cells = pr->rp.pos->board.ncells;

	if (g->points_max > 1) {
		cli_error("%s: --method solver: perfect play gives %s's "
			  "margin, not its score; give --result with the "
			  "director's decision",
		    pr->name, g->title);
		return CLI_BAD;
	}
	switch (solve_game(pr->rp.pos, &opt, 0, &r, &d)) {
	case -1: cli_error("%s: %s", pr->name, d.msg); return CLI_INTERNAL;
	case 1:
		cli_error("%s: --method solver: no exact value (%s%s); give "
			  "--result with the director's decision",
		    pr->name, r.why,
		    r.why[0] == 'n' ? ": more positions than the solver's "
				      "reach" :
				      "");
		solve_game_result_free(&r);
		return CLI_BAD;
	}
	solve_game_result_free(&r);
	me = r.colour;
	*winner = r.value == 0 ? -1 : (r.value > 0) == (me == 0) ? 0 : 1;
	if (g->points_max == 1) /* a win is 1-0 */
		mine = r.value > 0 ? 1 : 0, cells = 1;
	else
		mine = (cells + r.value) / 2;
	snprintf(result, cap, "%d-%d", me == 0 ? mine : cells - mine,
	    me == 0 ? cells - mine : mine);
	return CLI_OK;
}

int
play_perfect_result(
    const struct play_record *pr, char *result, size_t cap, int *winner)
{
	struct solve_options opt = { 0 };
	struct solve_result  r;
	struct solve	    *s;
	struct diag	     d;
	int		     me, mine, rc;

	if (!solve_serves(pr->rp.pos, &d))
		return game_result(pr, result, cap, winner);
	if (64 - pr->rp.score.points[0] - pr->rp.score.points[1] >
	    PERFECT_EMPTIES) {
		cli_error("%s: --method solver: %d empty squares, more than "
			  "the solver's reach (%d); give --result with the "
			  "director's decision",
		    pr->name,
		    64 - pr->rp.score.points[0] - pr->rp.score.points[1],
		    PERFECT_EMPTIES);
		return CLI_BAD;
	}
	if ((s = solve_new(0)) == NULL) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	rc = solve_position(s, pr->rp.pos, &opt, &r, &d);
	solve_free(s);
	if (rc != 0) {
		cli_error("%s: --method solver: %s", pr->name,
		    rc == -1 ? d.msg : "no exact value");
		return CLI_BAD;
	}
	/* The mover's discs with the empties to the winner: 64 in all. */
	me = rules_to_move(pr->rp.pos);
	mine = (64 + r.score) / 2;
	snprintf(result, cap, "%d-%d", me == 0 ? mine : 64 - mine,
	    me == 0 ? 64 - mine : mine);
	*winner = r.score == 0 ? -1 : (r.score > 0) == (me == 0) ? 0 : 1;
	return CLI_OK;
}
