/* SPDX-License-Identifier: MIT */
/*
 * gameplay match --adjudicate solve:N (runner.h): a game whose position
 * has at most N empty squares and is solved exactly within the budget is
 * ended there, its programs asked nothing more, and finished by the
 * solver's perfect play, so that its record ends with the exact result on
 * the board and every tool reads it as a finished game; the Termination
 * tag says from which turn the moves are the solver's (formats/record.md,
 * "Games stopped early").  The solver is src/solve's, one per process.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/runner.h"
#include "solve/line.h"

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
	struct diag d;

	if (!m->adjudicate || solve_serves(pg->pos, &d))
		return CLI_OK;
	cli_error("match: --adjudicate solve: %s", d.msg);
	return CLI_USAGE;
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

	if (!m->adjudicate || !solve_serves(pg->pos, NULL) ||
	    (n = solve_empties(pg->pos)) > m->adjudicate_empties)
		return 0;
	if (m->solver == NULL && (m->solver = solve_new(0)) == NULL) {
		errno = ENOMEM;
		return -1;
	}
	/* Too hard within the budget: the programs play on, and the next
	 * position, with one empty less, is tried. */
	if ((rc = solve_position(m->solver, pg->pos, &opt, &r, &d)) != 0)
		return rc == 1 ? 0 : (errno = EINVAL, -1);
	turn = rules_turn(pg->pos);
	if (play_out(m, pg) != 0)
		return -1;
	snprintf(end->why, sizeof end->why, "%s from turn %d (%d empties)",
	    MATCH_SOLVED, turn, n);
	end->solved = true;
	return 1;
}
