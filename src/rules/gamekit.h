/* SPDX-License-Identifier: MIT */
/*
 * What the game files share beyond the game interface, for the parts of
 * a table entry that are the same in several games: the cleared start of
 * init(), the piece entry of a game keeping a byte a cell, the score's
 * winner and its per-colour figures, and the start of a set-up with its
 * check that every piece is a plain black or white one.  The rules of
 * each game stay in its file.  Nothing here is on the hot path of legal()
 * and play().
 */
#ifndef ARBITER_GAMEKIT_H
#define ARBITER_GAMEKIT_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "rules/rules.h"

/*
 * Clears st, a game's state of size bytes, to the first turn's start
 * with colour 0 to move (it moves first in every game, rules.h), before
 * the game sets out its pieces: what each game's init() begins with.
 * Returns st.
 */
static inline void *
gamekit_clear(void *st, size_t size)
{
	struct rules_head *h = memset(st, 0, size);

	h->to_move = 0;
	h->phase = RULES_TURN_START;
	return st;
}

/*
 * The first members of the state of a game that keeps each cell's piece
 * in a byte (Herd, Oust, Rive): the head, then cell[], RULES_EMPTY or
 * RULES_PIECE(colour) by cell.  Such a game's state struct begins with
 * the same two members, which GAMEKIT_CELLS_FIRST(its type) checks, and
 * its piece entry is gamekit_cell_piece.
 */
struct gamekit_cells {
	struct rules_head head;
	uint8_t		  cell[RULES_MAX_CELLS];
};

#define GAMEKIT_CELLS_FIRST(type) \
	_Static_assert( \
	    offsetof(type, cell) == offsetof(struct gamekit_cells, cell), \
	    #type " begins with its head and cell[]")

/* The piece entry of a game whose state begins as struct gamekit_cells. */
static inline int
gamekit_cell_piece(const struct rules_board *b, const void *st, int cell)
{
	(void)b;
	return ((const struct gamekit_cells *)st)->cell[cell];
}

/* The colour with more of v, or -1 where both have as many. */
static inline int
gamekit_more(const int v[RULES_COLOURS])
{
	return v[0] > v[1] ? 0 : v[1] > v[0] ? 1 : -1;
}

/*
 * Appends the per-colour figure name (static storage) to s, whose nstats
 * rules_score() zeroed; at most RULES_MAX_STATS in all.
 */
static inline void
gamekit_stat(struct rules_score *s, const char *name, int first, int second)
{
	s->stats[s->nstats++] = (struct rules_stat){ name, { first, second } };
}

/*
 * The score of a game won by having more stones on the board once it is
 * over, its head's phase RULES_GAME_OVER (Herd, Rive): points are the
 * stones, the winner the colour with more, and the figures "stones" and
 * "captured" (enemy stones removed), counted in the types those games
 * keep them in.
 */
static inline void
gamekit_score_stones(struct rules_score *s, const struct rules_head *head,
    const int16_t stones[2], const int32_t captured[2])
{
	s->over = head->phase == RULES_GAME_OVER;
	s->points[0] = stones[0];
	s->points[1] = stones[1];
	s->winner = s->over ? gamekit_more(s->points) : -1;
	gamekit_stat(s, "stones", stones[0], stones[1]);
	gamekit_stat(s, "captured", captured[0], captured[1]);
}

/*
 * The start of the setup entry of game g whose pieces are plain stones
 * or discs (Reversi, Oust, Rive, Herd): st made the start position by
 * g's init(), then 0 if each of the ncells pieces is empty or a plain
 * piece of either colour (no RULES_PINNED); else -1 with d set to
 * bad-setup, the message naming the game and what its pieces are called,
 * noun ("oust has only black and white stones").
 */
static inline int
gamekit_setup(const struct rules_game *g, const struct rules_board *b, void *st,
    const struct rules_variant *v, const int *pieces, const char *noun,
    struct diag *d)
{
	int i;

	g->init(b, st, v, d);
	for (i = 0; i < b->ncells; i++)
		if (pieces[i] != RULES_EMPTY && pieces[i] != RULES_PIECE(0) &&
		    pieces[i] != RULES_PIECE(1))
			return diag_set(d, DIAG_BAD_SETUP,
			    "%s has only black and white %s", g->name, noun);
	return 0;
}

#endif
