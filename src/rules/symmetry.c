/* SPDX-License-Identifier: MIT */
/*
 * Board symmetries, found rather than listed: each candidate is a linear
 * map of the cells' coordinates (the 8 of the square's group on files and
 * ranks; the 12 of the hexagon's on cube coordinates, rules.md §0), moved
 * so that it keeps the cells' centre, and kept when it takes every cell to
 * a cell.  One method for every board, Rive's 3-3-5 included.
 */
#include <string.h>

#include "rules/symmetry.h"

/* A 2x2 integer matrix on (x, y): x' = a x + b y, y' = c x + d y. */
struct linear {
	int a, b, c, d;
};

/* The square's group, the identity first. */
static const struct linear square[8] = {
	{ 1, 0, 0, 1 },
	{ 0, -1, 1, 0 },
	{ -1, 0, 0, -1 },
	{ 0, 1, -1, 0 },
	{ -1, 0, 0, 1 },
	{ 1, 0, 0, -1 },
	{ 0, 1, 1, 0 },
	{ 0, -1, -1, 0 },
};

/*
 * The hexagon's group on axial (c, r), the third cube coordinate being
 * -c - r: the six rotations by 60 degrees, then each composed with the
 * reflection that exchanges c and r.
 */
static const struct linear hexagon[12] = {
	{ 1, 0, 0, 1 },
	{ 0, -1, 1, 1 },
	{ -1, -1, 1, 0 },
	{ -1, 0, 0, -1 },
	{ 0, 1, -1, -1 },
	{ 1, 1, -1, 0 },
	{ 0, 1, 1, 0 },
	{ -1, -1, 0, 1 },
	{ 1, 0, -1, -1 },
	{ 0, -1, -1, 0 },
	{ 1, 1, 0, -1 },
	{ -1, 0, 1, 1 },
};

static void
coords(const struct rules_board *b, int cell, int *x, int *y)
{
	if (b->geometry == RULES_SQUARE) {
		*x = cell % b->width;
		*y = cell / b->width;
	} else {
		*x = b->col[cell];
		*y = b->row[cell];
	}
}

/* The cell at (x, y), or -1 off the board. */
static int
cell_at(const struct rules_board *b, int x, int y)
{
	if (b->geometry == RULES_SQUARE)
		return x >= 0 && x < b->width && y >= 0 && y < b->height ?
		    y * b->width + x :
		    -1;
	if (x < 1 || x > RULES_MAX_DIM || y < 1 || y > RULES_MAX_DIM)
		return -1;
	return b->at[x - 1][y - 1];
}

/* Fills map with where m, about the cells' centre, takes each cell;
 * false when it takes one off the board. */
static bool
try_map(const struct rules_board *b, const struct linear *m, int16_t *map)
{
	long sx = 0, sy = 0, tx, ty;
	int  i, x, y, to;

	for (i = 0; i < b->ncells; i++) {
		coords(b, i, &x, &y);
		sx += x;
		sy += y;
	}
	/* The centre stays: the move is (S - m S) / n, whole or nothing. */
	tx = sx - (m->a * sx + m->b * sy);
	ty = sy - (m->c * sx + m->d * sy);
	if (tx % b->ncells != 0 || ty % b->ncells != 0)
		return false;
	tx /= b->ncells;
	ty /= b->ncells;
	for (i = 0; i < b->ncells; i++) {
		coords(b, i, &x, &y);
		to = cell_at(b, m->a * x + m->b * y + (int)tx,
		    m->c * x + m->d * y + (int)ty);
		if (to < 0)
			return false;
		map[i] = (int16_t)to;
	}
	return true;
}

void
rules_symmetries_of(const struct rules_board *b, struct rules_symmetries *s)
{
	const struct linear *group = b->geometry == RULES_SQUARE ? square :
								   hexagon;
	int		     n = b->geometry == RULES_SQUARE ? 8 : 12, k;

	s->n = 0;
	for (k = 0; k < n; k++)
		if (try_map(b, &group[k], s->map[s->n]))
			s->n++;
}

void
rules_symmetries_keeping(
    struct rules_symmetries *s, const struct rules_position *pos)
{
	int k, i, kept = 0;

	for (k = 0; k < s->n; k++) {
		for (i = 0; i < pos->board.ncells; i++)
			if (rules_piece(pos, i) !=
			    rules_piece(pos, s->map[k][i]))
				break;
		if (i < pos->board.ncells)
			continue;
		if (kept != k)
			memcpy(s->map[kept], s->map[k], sizeof s->map[k]);
		kept++;
	}
	s->n = kept;
}

int
rules_position_key(const struct rules_position *pos,
    const struct rules_symmetries *s, uint8_t *key)
{
	uint8_t pieces[RULES_MAX_CELLS], image[RULES_MAX_CELLS];
	int	n = pos->board.ncells, k, i, best = 0;

	for (i = 0; i < n; i++)
		pieces[i] = (uint8_t)rules_piece(pos, i);
	/* The image under k puts cell i's piece on map[k][i]. */
	for (k = 0; k < s->n; k++) {
		for (i = 0; i < n; i++)
			image[s->map[k][i]] = pieces[i];
		if (k == 0 || memcmp(image, key, (size_t)n) < 0) {
			memcpy(key, image, (size_t)n);
			best = k;
		}
	}
	key[n] = (uint8_t)rules_to_move(pos);
	key[n + 1] = rules_mid_turn(pos);
	return best;
}

unsigned
rules_key_symmetries(const struct rules_position *pos,
    const struct rules_symmetries *s, const uint8_t *key)
{
	int	 n = pos->board.ncells, k, i;
	unsigned set = 0;

	for (k = 0; k < s->n; k++) {
		for (i = 0; i < n; i++)
			if (key[s->map[k][i]] != (uint8_t)rules_piece(pos, i))
				break;
		if (i == n)
			set |= 1u << k;
	}
	return set;
}

void
rules_symmetries_of_game(
    const struct rules_position *pos, struct rules_symmetries *s)
{
	const struct rules_board *b = &pos->board;
	int			  k, n = 0, c, x, y, tx, ty;

	rules_symmetries_of(b, s);
	if (!pos->game->ranks_fixed)
		return;
	for (k = 0; k < s->n; k++) {
		for (c = 0; c < b->ncells; c++) {
			coords(b, c, &x, &y);
			coords(b, s->map[k][c], &tx, &ty);
			if (ty != y)
				break;
		}
		if (c < b->ncells)
			continue;
		if (n != k)
			memcpy(s->map[n], s->map[k], sizeof s->map[k]);
		n++;
	}
	s->n = n;
}
