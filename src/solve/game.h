/* SPDX-License-Identifier: MIT */
/*
 * The generic exact solver: perfect play in any game of the rules core
 * (Oust, Rive, Stones!, Reversi on any board, and Herd within a turn
 * whose every line ends the game) through its legal() and play() alone.
 * Slow beside the 8x8 Reversi solver (solve.h), it is meant for small
 * boards and the ends of games; a node and a time budget give an honest
 * "unknown", and so does a line that can go on for ever.
 *
 * The value convention (formats/solve.md, "Other games"): the final
 * points difference for the colour to move, the game's own points (discs,
 * stones, far-rank stones; Oust's win 1-0), in Reversi the WOF count
 * (empties to the winner) as the 8x8 solver counts.  Within a turn of
 * several actions the value is for the player still acting.
 */
#ifndef ARBITER_SOLVE_GAME_H
#define ARBITER_SOLVE_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag/diag.h"
#include "rules/rules.h"
#include "solve/solve.h"

/* One legal action of the position and its value (all mode). */
struct solve_game_move {
	struct rules_action action;
	int		    value;
	bool		    exact; /* false: the budget ran out first */
};

/* The longest best turn kept (actions); a longer one is cut there. */
#define SOLVE_GAME_MAX_TURN 256

struct solve_game_result {
	enum solve_status status;
	bool		  over;	  /* the game is over: the value is final */
	int		  colour; /* the value is this colour's */
	int		  value;
	/* One best turn, its actions in order from the position (none when
	 * over). */
	size_t		    nbest;
	struct rules_action best[SOLVE_GAME_MAX_TURN];
	/* All mode: every legal action and its value, for colour. */
	size_t			nmoves;
	struct solve_game_move *moves;
	uint64_t		nodes;	 /* positions visited */
	double			seconds; /* wall clock */
	/* Unknown: why, "nodes" or "seconds" (a budget), "repetition" (a
	 * line that comes back to a turn start can go on for ever), "dice"
	 * (a line reaches Herd's roll, after which every position tried can
	 * come back: formats/solve.md). */
	const char *why;
};

/*
 * Solves pos with a transposition table of about tt_bytes (0:
 * SOLVE_TT_DEFAULT).  Returns 0 and fills *r when the value is exact, 1
 * when it cannot tell (r->status SOLVE_UNKNOWN, r->why says why; moves
 * solved before stay exact in all mode), -1 with d filled when memory
 * runs out.
 * Release r with solve_game_result_free.
 */
int  solve_game(const struct rules_position *pos, const struct solve_options *,
     size_t tt_bytes, struct solve_game_result *r, struct diag *d);
void solve_game_result_free(struct solve_game_result *);

#endif
