/* SPDX-License-Identifier: MIT */
/*
 * A game's line under the solver (line.c): whether the solver serves a
 * position's game and board, and the perfect-play value of each position
 * of a game from the first with at most N empty squares to its end, with
 * the moves that changed it (the perfect-play mistakes).  Built on
 * solve.h's public calls alone; what a record is and how it is shown are
 * the callers' (gamecheck --solve: src/cli/perfect.c, the report's
 * perfect-play block).
 */
#ifndef ARBITER_SOLVE_LINE_H
#define ARBITER_SOLVE_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solve/solve.h"

/*
 * Whether the endgame solver serves pos's game and board (Reversi on
 * 8x8); false with d, if not NULL, saying which game and board it does
 * not serve (solve_line takes them to the generic solver).
 */
bool solve_serves(const struct rules_position *pos, struct diag *d);

/* The empty cells of pos. */
int solve_empties(const struct rules_position *pos);

/* A move that lost value under perfect play. */
struct solve_mistake {
	unsigned long turn; /* 1-based: the turn's place in the line */
	int	      colour;
	int	      square;
	int	      lost;  /* the mover's margin lost: 1 or more (Reversi:
			      even, 2 or more) */
	int	      after; /* the first colour's margin after the move */
};

/* One position of the line from the first solved, and its value. */
struct solve_point {
	int empties;
	int margin; /* the first colour's, SOLVE_SCORE_UNKNOWN if unknown */
};

/*
 * What solve_line found: reached false when no position of the line has
 * at most the empties asked and its last is no game over (the rest is
 * then unset); otherwise the first such position, or that game over
 * (turn: the turns before it, empties, colour to move, over),
 * and status SOLVE_EXACT with margin its first colour's value and every
 * later position's value in points[], or SOLVE_UNKNOWN when the budget
 * ran out (margin and the points not yet solved SOLVE_SCORE_UNKNOWN, no
 * mistakes).  The mistakes in order, and by colour their number and the
 * margin they lost.  The storage is the struct's, kept between lines:
 * solve_line_init it once, solve_line_fini it at the end.
 */
struct solve_line {
	bool		      reached;
	enum solve_status     status;
	unsigned long	      turn;
	int		      empties;
	int		      colour;
	bool		      over;
	int		      margin;
	struct solve_point   *points; /* [npoints]: positions turn.. end */
	size_t		      npoints, points_cap;
	struct solve_mistake *mistakes;
	size_t		      nmistakes, mistakes_cap;
	unsigned long	      count[2]; /* mistakes by colour */
	int		      lost[2];	/* margin lost by colour */
	uint64_t	      nodes;
	double		      seconds;
	/*
	 * Unknown (reached): why, as struct solve_game_result's ("nodes",
	 * "seconds", "repetition", "dice"), a budget's for the 8x8 solver.
	 */
	const char	     *why;
};

void solve_line_init(struct solve_line *);
void solve_line_fini(struct solve_line *);

/*
 * Solves the line of start (borrowed) then the n actions of acts, the
 * 0-based turn of each in turn_of (NULL: one action a turn, as in
 * Reversi), into *l: every position from the first turn's start with at
 * most empties empty squares, within opt's budget for the whole line
 * (opt->all is ignored).  8x8 Reversi (solve_serves) is the endgame
 * solver's; every other game and board the generic solver's (game.h),
 * each position between actions solved, a mistake's turn the turn of its
 * action.  Returns 0, or -1 with d filled when an action is not legal (a
 * line the caller did not replay) or memory runs out (DIAG_NO_MEMORY).
 */
int solve_line(struct solve *sv, const struct rules_position *start,
    const struct rules_action *acts, const unsigned long *turn_of, size_t n,
    int empties, const struct solve_options *opt, struct solve_line *l,
    struct diag *d);

#endif
