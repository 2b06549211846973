/* SPDX-License-Identifier: MIT */
/*
 * gameplay match --adjudicate solve:N (runner.h): a game whose position
 * has at most N empty squares and is solved exactly within the budget is
 * ended there, its programs asked nothing more, and finished by the
 * solver's perfect play, so that its record ends with the exact result on
 * the board and every tool reads it as a finished game; the Termination
 * tag says from which turn the moves are the solver's (formats/record.md,
 * "Games stopped early").  8x8 Reversi is src/solve's endgame solver's,
 * one per process; every other game and board the generic solver's
 * (solve/game.h), within MATCH_GAME_NODES positions a solve, where a
 * position before Herd's roll has no exact value and the game plays on.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/runner.h"
#include "solve/game.h"
#include "solve/line.h"

/*
 * The generic solver's budget for the first solve of a game's line:
 * positions, so that the same games are adjudicated on every machine.
 */
#define MATCH_GAME_NODES 2000000

int
match_adjudicate_option(struct match *m, const char *arg)
{
	unsigned long n;

	if (strncmp(arg, "resign:", 7) == 0 || strncmp(arg, "draw:", 5) == 0)
		return match_adjudge_option(m, arg);
	if (strncmp(arg, "solve:", 6) != 0 || !cli_parse_count(arg + 6, &n) ||
	    n > 64) {
		cli_error("--adjudicate takes solve:N, N the empty squares "
			  "from 0 to 64, resign:MOVES:SCORE or "
			  "draw:MOVES:SCORE[:FROM], not '%s'",
		    arg);
		return -1;
	}
	m->adjudicate = true;
	m->adjudicate_empties = (int)n;
	return 0;
}

int
match_adjudicate_check(const struct match *m, const struct match_game *pg)
{
	/* Every game is served: 8x8 Reversi fast, the others generically. */
	(void)m, (void)pg;
	return CLI_OK;
}

/*
 * The generic solver's perfect play from pg's position to the end, its
 * first solve within budget nodes (0: none): 1 when played out, 0 when
 * that solve found no exact value (nothing played), -1 with errno.  Each
 * solve after the first is on the line the first proved exact.
 */
static int
game_play_out(struct match_game *pg, uint64_t budget)
{
	struct solve_options	 opt = { .max_nodes = budget };
	struct solve_game_result r;
	struct rules_score	 s;
	struct diag		 d;
	size_t			 i;
	int			 rc;

	for (;;) {
		rules_score(pg->pos, &s);
		if (s.over)
			return 1;
		if ((rc = solve_game(pg->pos, &opt, 0, &r, &d)) == -1) {
			errno = ENOMEM;
			return -1;
		}
		solve_game_result_free(&r);
		/* Unknown at first: the programs play on. */
		if (rc == 1 && opt.max_nodes != 0)
			return 0;
		/* A line the first solve proved has a best turn. */
		if (rc == 1 || r.nbest == 0)
			return (errno = EINVAL, -1);
		/* r.best is r's own array, kept by the free. */
		for (i = 0; i < r.nbest; i++)
			if (match_game_play(pg, &r.best[i], &d) == -1)
				break;
		if (i < r.nbest) {
			errno = d.code == DIAG_NO_MEMORY ? ENOMEM : EINVAL;
			return -1;
		}
		opt.max_nodes = 0;
	}
}

/*
 * Plays the solver's best move at each position of pg to the end; the
 * first solve was exact, so the others, on its line, come from the table
 * or a small search: 0, or -1 with errno.
 */
static int
play_out(struct match *m, struct match_game *pg)
{
	/* Each position is on the line the first solve proved: no budget. */
	struct solve_options opt = { 0 };
	struct rules_action  a;
	struct solve_result  r;
	struct rules_score   s;
	struct diag	     d;

	for (;;) {
		rules_score(pg->pos, &s);
		if (s.over)
			return 0;
		if (solve_position(m->solver, pg->pos, &opt, &r, &d) != 0) {
			errno = EINVAL;
			return -1;
		}
		a = (struct rules_action){
			.kind = r.best[0] == SOLVE_PASS ? RULES_PASS :
							  RULES_PLACE,
			.to = (int16_t)(r.best[0] == SOLVE_PASS ? 0 : r.best[0])
		};
		if (match_game_play(pg, &a, &d) == -1) {
			errno = d.code == DIAG_NO_MEMORY ? ENOMEM : EINVAL;
			return -1;
		}
	}
}

int
match_adjudicate_solve(
    struct match *m, struct match_game *pg, struct match_ending *end)
{
	struct solve_options opt = { .max_nodes = MATCH_SOLVE_NODES };
	struct solve_result  r;
	struct diag	     d;
	int		     n, turn, rc;

	if (!m->adjudicate ||
	    (n = solve_empties(pg->pos)) > m->adjudicate_empties)
		return 0;
	turn = rules_turn(pg->pos);
	if (!solve_serves(pg->pos, NULL)) {
		/* Too hard, or before a roll: the programs play on. */
		if ((rc = game_play_out(pg, MATCH_GAME_NODES)) != 1)
			return rc;
		goto out_solved;
	}
	if (m->solver == NULL && (m->solver = solve_new(0)) == NULL) {
		errno = ENOMEM;
		return -1;
	}
	/* Too hard within the budget: the programs play on, and the next
	 * position, with one empty less, is tried. */
	if ((rc = solve_position(m->solver, pg->pos, &opt, &r, &d)) != 0)
		return rc == 1 ? 0 : (errno = EINVAL, -1);
	if (play_out(m, pg) != 0)
		return -1;
out_solved:
	snprintf(end->why, sizeof end->why, "%s from turn %d (%d empties)",
	    MATCH_SOLVED, turn, n);
	end->solved = true;
	return 1;
}
