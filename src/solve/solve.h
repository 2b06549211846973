/* SPDX-License-Identifier: MIT */
/*
 * The Othello/Reversi endgame solver: the exact final disc difference
 * under perfect play of an 8x8 position, its best move(s), and on demand
 * the exact value of every legal move, within a node and a time budget
 * that give an honest "unknown" when they run out.  It stands on the rules
 * core only (a position can come from rules_position) and is what
 * `gameplay solve', `gamecheck --solve' and `match --adjudicate solve:N'
 * call.
 *
 * The value convention (formats/solve.md): a score is the final disc
 * difference for the side to move, the empty squares of a game that ends
 * before the board is full counted to the winner (none in a draw), as the
 * WOF rules and WTHOR's theoretical scores count.  So scores are even,
 * from -64 to 64.  Squares are numbered a1 = 0, b1 = 1, ..., h8 = 63, as
 * the rules core numbers the cells of an 8x8 board.
 */
#ifndef ARBITER_SOLVE_SOLVE_H
#define ARBITER_SOLVE_SOLVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag/diag.h"
#include "rules/rules.h"

#define SOLVE_PASS	    (-1) /* the move when the side to move must pass */
/* Legal moves of a position at the most: one per empty square. */
#define SOLVE_MAX_MOVES	    64
#define SOLVE_TT_DEFAULT    ((size_t)64 << 20) /* bytes of the table */
#define SOLVE_SCORE_UNKNOWN (-128)	       /* no value (budget ran out) */

/* What a solve found. */
enum solve_status {
	SOLVE_EXACT,   /* score and best moves are exact */
	SOLVE_UNKNOWN, /* a budget ran out first: nothing is claimed */
};

/* What to solve for and within what; zero-initialised means unlimited. */
struct solve_options {
	uint64_t max_nodes;   /* 0: no node budget */
	double	 max_seconds; /* 0: no time budget (wall clock) */
	bool	 all;	      /* the exact value of every legal move too */
};

/* One legal move and its value (all mode). */
struct solve_move {
	int square; /* 0..63, or SOLVE_PASS */
	int score;  /* for the side to move, or SOLVE_SCORE_UNKNOWN */
};

struct solve_result {
	enum solve_status status;
	int  score; /* side to move; SOLVE_SCORE_UNKNOWN if unknown */
	int  empties;
	bool over;     /* the game is over: score is final */
	int  nbest;    /* best moves found (0 when over) */
	int  best[SOLVE_MAX_MOVES]; /* one in plain mode; every best in all mode */
	int  nmoves;   /* all mode: every legal move and its value */
	struct solve_move moves[SOLVE_MAX_MOVES];
	uint64_t	  nodes;   /* positions visited */
	double		  seconds; /* wall clock */
};

/* A solver: its transposition table, kept between solves. */
struct solve;

/*
 * A solver with a table of about tt_bytes (0: SOLVE_TT_DEFAULT; at least
 * a few kilobytes are used), or NULL when memory runs out.
 */
struct solve *solve_new(size_t tt_bytes);
void	      solve_free(struct solve *);
/* Forgets what the table holds (the values stay exact without it). */
void solve_clear(struct solve *);

/*
 * Solves the position where the side to move has the discs me and the
 * other side opp (disjoint; any position, reachable or not).  Fills *r and
 * returns 0 when the value is exact, 1 when a budget ran out
 * (r->status SOLVE_UNKNOWN, r->score SOLVE_SCORE_UNKNOWN, no best move,
 * r->nodes and r->seconds what was spent), or -1 when me and opp overlap.
 * In all mode a budget that runs out leaves the moves solved so far
 * exact and the others SOLVE_SCORE_UNKNOWN.
 */
int solve_bitboards(struct solve *, uint64_t me, uint64_t opp,
    const struct solve_options *, struct solve_result *r);

/*
 * The same for a position of the rules core: the game must be reversi on
 * 8x8 (-1 with d filled otherwise, and for a position in the middle of a
 * turn).  The side to move is rules_to_move(pos); its colour's score is
 * r->score.
 */
int solve_position(struct solve *, const struct rules_position *pos,
    const struct solve_options *, struct solve_result *r, struct diag *d);

/*
 * Reads a board as the FFO/Edax problem files write it: 64 characters, a1
 * first rank by rank ('X' or '*' black, 'O' white, '-' or '.' empty;
 * either case, blanks skipped), then the side to move ('X'/'B' black,
 * 'O'/'W' white).  Fills *me and *opp for the side to move and returns the
 * side (0 black, 1 white), or -1 if the text is not such a board; *end,
 * if not NULL, is set past the side.
 */
int solve_parse_board(
    const char *text, uint64_t *me, uint64_t *opp, const char **end);

#endif
