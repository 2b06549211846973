/* SPDX-License-Identifier: MIT */
/*
 * Board geometry shared by the games: square boards (Reversi, Stones!) and
 * hexagonal boards (Oust, Rive, Herd; rules.md §0), with their cell names
 * and neighbour tables.  What a cell holds is each game's business.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "rules/rules.h"

int
rules_square_init(struct rules_board *b, int width, int height, struct diag *d)
{
	if (width < 1 || width > 26 || height < 1 || height > 26)
		return diag_set(d, DIAG_BAD_BOARD,
		    "a square board is 1x1 to 26x26, not %dx%d", width, height);
	memset(b, 0, offsetof(struct rules_board, nbset));
	b->geometry = RULES_SQUARE;
	b->width = width;
	b->height = height;
	b->ncells = width * height;
	snprintf(b->name, sizeof b->name, "%dx%d", width, height);
	return 0;
}

/* Neighbour offsets of rules.md §0, in (dc, dr). */
static const int hex_dir[6][2] = {
	{ 1, 0 },
	{ -1, 0 },
	{ 0, 1 },
	{ 0, -1 },
	{ 1, -1 },
	{ -1, 1 },
};

static bool
hex_on(const struct rules_board *b, int c, int r)
{
	return c >= 1 && c <= b->width && r >= 1 && r <= b->height &&
	    c + r >= b->sum_lo && c + r <= b->sum_hi;
}

int
rules_hex_init(struct rules_board *b, int w, int h, int lo, int hi,
    const char *name, struct diag *d)
{
	int c, r, i, k, m, n;

	if (w < 1 || w > RULES_MAX_DIM || h < 1 || h > RULES_MAX_DIM)
		return diag_set(d, DIAG_BAD_BOARD,
		    "a hex board spans at most %d columns and rows",
		    RULES_MAX_DIM);
	memset(b, 0, offsetof(struct rules_board, nbset));
	b->geometry = RULES_HEX;
	b->width = w;
	b->height = h;
	b->sum_lo = lo;
	b->sum_hi = hi;
	snprintf(b->name, sizeof b->name, "%s", name);
	memset(b->at, 0xff, sizeof b->at);
	n = 0;
	for (r = 1; r <= h; r++)
		for (c = 1; c <= w; c++) {
			if (!hex_on(b, c, r))
				continue;
			if (n == RULES_NO_CELL)
				return diag_set(d, DIAG_BAD_BOARD,
				    "a hex board has at most %d cells",
				    RULES_NO_CELL);
			b->col[n] = (uint8_t)c;
			b->row[n] = (uint8_t)r;
			b->at[c - 1][r - 1] = (int16_t)n;
			n++;
		}
	b->ncells = n;
	b->words = (n + 63) / 64;
	for (i = 0; i < n; i++) {
		memset(
		    b->nbset[i], 0, (size_t)b->words * sizeof b->nbset[i][0]);
		for (k = 0; k < 6; k++) {
			c = b->col[i] + hex_dir[k][0];
			r = b->row[i] + hex_dir[k][1];
			if (!hex_on(b, c, r))
				continue;
			m = b->at[c - 1][r - 1];
			b->nb[i][b->degree[i]++] = (int16_t)m;
			b->nbset[i][m >> 6] |= UINT64_C(1) << (m & 63);
		}
		for (k = b->degree[i]; k < 6; k++)
			b->nb[i][k] = RULES_NO_CELL;
	}
	return 0;
}

int
rules_hexhex_init(struct rules_board *b, int side, struct diag *d)
{
	char name[16];

	/* Side 13 would need column x, which marks a removal (rules.md §0). */
	if (side < 2 || side > 12)
		return diag_set(d, DIAG_BAD_BOARD,
		    "a hexhex board has side 2 to 12, not %d", side);
	snprintf(name, sizeof name, "%d", side);
	return rules_hex_init(
	    b, 2 * side - 1, 2 * side - 1, side + 1, 3 * side - 1, name, d);
}

/*
 * Reads a board number at *s, 1 to 999 without a leading zero, and moves
 * *s past it.
 */
static bool
spec_number(const char **s, int *n)
{
	const char *p = *s;
	int	    v = 0;

	if (*p < '1' || *p > '9')
		return false;
	while (*p >= '0' && *p <= '9' && p - *s < 3)
		v = v * 10 + (*p++ - '0');
	if (*p >= '0' && *p <= '9')
		return false;
	*s = p;
	*n = v;
	return true;
}

bool
rules_square_spec(const char *spec, int *width, int *height)
{
	int w, h;

	if (!spec_number(&spec, &w))
		return false;
	h = w;
	if (*spec == 'x' || *spec == 'X') {
		spec++;
		if (!spec_number(&spec, &h))
			return false;
	}
	if (*spec != '\0')
		return false;
	*width = w;
	*height = h;
	return true;
}

bool
rules_hexhex_spec(const char *spec, int *side)
{
	int n;

	if (!spec_number(&spec, &n) || *spec != '\0')
		return false;
	*side = n;
	return true;
}

int
rules_hexhex_board(struct rules_board *b, const char *spec, const char *game,
    const char *example, struct diag *d)
{
	int side;

	if (!rules_hexhex_spec(spec, &side) || side < 2 || side > 12)
		return diag_set(d, DIAG_BAD_BOARD,
		    "%s is played on a hexhex board of side 2 to 12 "
		    "(\"%s\"), not \"%s\"",
		    game, example, spec);
	return rules_hexhex_init(b, side, d);
}

int
rules_cell_parse(const struct rules_board *b, const char *s, size_t len)
{
	unsigned c, r;

	/* ASCII by hand: this runs once for every action of every record. */
	c = ((unsigned char)s[0] | 0x20) - 'a' + 1;
	if (len < 2 || len > 3 || c < 1 || c > 26 ||
	    (unsigned)((unsigned char)s[1] - '1') > 8)
		return -2;
	r = (unsigned)(s[1] - '0');
	if (len == 3) {
		if ((unsigned)((unsigned char)s[2] - '0') > 9)
			return -2;
		r = r * 10 + (unsigned)(s[2] - '0');
	}
	if (b->geometry == RULES_SQUARE) {
		if ((int)c > b->width || (int)r > b->height)
			return -1;
		return ((int)r - 1) * b->width + ((int)c - 1);
	}
	if (!hex_on(b, (int)c, (int)r))
		return -1;
	return b->at[c - 1][r - 1];
}

const char *
rules_cell_name(
    const struct rules_board *b, int cell, char buf[RULES_CELL_NAME])
{
	int c, r;

	if (cell < 0 || cell >= b->ncells) {
		buf[0] = '?';
		buf[1] = '\0';
		return buf;
	}
	if (b->geometry == RULES_SQUARE) {
		c = cell % b->width + 1;
		r = cell / b->width + 1;
	} else {
		c = b->col[cell];
		r = b->row[cell];
	}
	/* Rows run to 26 at most, so a name is 2 or 3 characters. */
	buf[0] = (char)('a' + c - 1);
	if (r >= 10) {
		buf[1] = (char)('0' + r / 10);
		buf[2] = (char)('0' + r % 10);
		buf[3] = '\0';
	} else {
		buf[1] = (char)('0' + r);
		buf[2] = '\0';
	}
	return buf;
}
