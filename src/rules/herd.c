/* SPDX-License-Identifier: MIT */
/*
 * Herd (Mark Steere) as rules.md §4 states it: hexhex boards of side 2..12,
 * Black first, a turn of dice, removals and placements with captures
 * adding to the quota, the game over when the board is full.  Each cell
 * keeps the count of its neighbours of each colour, so that "forbidden"
 * and "captured" are one comparison with the cell's degree.  The dice come
 * from the record or from rules_dice_roll (rng.c); reading and writing
 * turn tokens is the notation's business.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "rules/gamekit.h"

#define BLACK 0
#define WHITE 1

struct herd {
	struct rules_head head; /* phase: TURN_MIDDLE once the dice are
				   rolled */
	uint8_t		  cell[RULES_MAX_CELLS]; /* 0 empty, 1 + colour */
	/* How many neighbours of each cell hold each colour. */
	uint8_t around[2][RULES_MAX_CELLS];
	int16_t stones[2];
	int16_t owed; /* removals the dice call for */
	int16_t remove_left;
	int16_t place_left;
	int32_t captured[2]; /* enemy stones each colour captured */
	int32_t removed[2];  /* enemy stones each colour removed */
	uint8_t die[2];
	uint8_t opening; /* Black's first turn not yet over */
};
GAMEKIT_CELLS_FIRST(struct herd);

static const char *
colour_name(int c)
{
	return c == BLACK ? "black" : "white";
}

/* rules.md §4: empty, and some neighbour is empty or the mover's. */
static bool
open_cell(const struct rules_board *b, const struct herd *h, int me, int e)
{
	return h->cell[e] == 0 && h->around[!me][e] < b->degree[e];
}

static bool
any_open(const struct rules_board *b, const struct herd *h, int me)
{
	int e;

	for (e = 0; e < b->ncells; e++)
		if (open_cell(b, h, me, e))
			return true;
	return false;
}

static void
put(const struct rules_board *b, struct herd *h, int e, int colour)
{
	int k;

	h->cell[e] = (uint8_t)(1 + colour);
	h->stones[colour]++;
	for (k = 0; k < b->degree[e]; k++)
		h->around[colour][b->nb[e][k]]++;
}

static void
take(const struct rules_board *b, struct herd *h, int e)
{
	int colour = h->cell[e] - 1, k;

	h->cell[e] = 0;
	h->stones[colour]--;
	for (k = 0; k < b->degree[e]; k++)
		h->around[colour][b->nb[e][k]]--;
}

/*
 * The enemy stones a placement of `me' on e would capture: those next to
 * e whose every other neighbour is already mine (rules.md §4).
 */
static int
captures(const struct rules_board *b, const struct herd *h, int me, int e,
    int16_t out[6])
{
	int k, n, count = 0;

	for (k = 0; k < b->degree[e]; k++) {
		n = b->nb[e][k];
		if (h->cell[n] == 2 - me &&
		    h->around[me][n] + 1 == b->degree[n])
			out[count++] = (int16_t)n;
	}
	return count;
}

static void
end_turn(struct herd *h)
{
	h->head.phase = RULES_TURN_START;
	if (h->head.to_move == BLACK)
		h->opening = 0;
	h->head.to_move = (uint8_t)!h->head.to_move;
}

/*
 * The turn ends when the quota is used or no legal cell is left; unused
 * placements are lost (rules.md §4).
 */
static void
maybe_end_turn(const struct rules_board *b, struct herd *h)
{
	if (h->remove_left == 0 &&
	    (h->place_left == 0 || !any_open(b, h, h->head.to_move)))
		end_turn(h);
}

static int
herd_board(struct rules_board *b, const char *spec, struct diag *d)
{
	return rules_hexhex_board(b, spec, "herd", "5", d);
}

static int
herd_init(const struct rules_board *b, void *st, const struct rules_variant *v,
    struct diag *d)
{
	struct herd *h = gamekit_clear(st, sizeof *h);

	(void)b;
	(void)v;
	(void)d;
	h->opening = 1;
	return 0;
}

static size_t
herd_legal(const struct rules_board *b, const void *st,
    struct rules_action *out, size_t cap)
{
	const struct herd *h = st;
	size_t		   n = 0;
	int		   me = h->head.to_move, e, i, j;

	if (h->head.phase == RULES_GAME_OVER)
		return 0;
	if (h->head.phase == RULES_TURN_START) {
		/* All 36 ordered rolls: a uniform pick is a fair roll. */
		for (i = 1; i <= 6; i++)
			for (j = 1; j <= 6; j++) {
				if (n < cap)
					out[n] = (struct rules_action){
						.kind = RULES_DICE,
						.from = (int16_t)i,
						.to = (int16_t)j
					};
				n++;
			}
		return n;
	}
	for (e = 0; e < b->ncells; e++) {
		if (h->remove_left > 0 ? h->cell[e] != 2 - me :
					 !open_cell(b, h, me, e))
			continue;
		if (n < cap)
			out[n] = (struct rules_action){
				.kind = h->remove_left > 0 ? RULES_REMOVE :
							     RULES_PLACE,
				.to = (int16_t)e
			};
		n++;
	}
	return n;
}

static int
play_dice(const struct rules_board *b, struct herd *h,
    const struct rules_action *a, struct diag *d)
{
	int me = h->head.to_move, lo, hi;

	if (h->head.phase == RULES_TURN_MIDDLE)
		return diag_set(d, DIAG_DICE_ALREADY_ROLLED,
		    "%s has already rolled %d and %d this turn",
		    colour_name(me), h->die[0], h->die[1]);
	if (a->from < 1 || a->from > 6 || a->to < 1 || a->to > 6)
		return diag_set(d, DIAG_DICE_OUT_OF_RANGE,
		    "a die shows 1 to 6, not %d",
		    a->from < 1 || a->from > 6 ? a->from : a->to);
	h->die[0] = (uint8_t)a->from;
	h->die[1] = (uint8_t)a->to;
	lo = a->from < a->to ? a->from : a->to;
	hi = a->from < a->to ? a->to : a->from;
	h->head.phase = RULES_TURN_MIDDLE;
	if (h->opening && me == BLACK) {
		/* Black's first turn: no removal, lo placements. */
		h->owed = 0;
		h->place_left = (int16_t)lo;
	} else {
		h->owed = (int16_t)(lo < h->stones[!me] ? lo : h->stones[!me]);
		h->place_left = (int16_t)hi;
	}
	h->remove_left = h->owed;
	/* Never ends the turn in fact: see formats/herd.md. */
	maybe_end_turn(b, h);
	return 0;
}

static int
play_remove(const struct rules_board *b, struct herd *h, int e, struct diag *d)
{
	char name[RULES_CELL_NAME];
	int  me = h->head.to_move;

	if (h->remove_left == 0) {
		if (h->opening && me == BLACK)
			return diag_set(d, DIAG_TOO_MANY_REMOVALS,
			    "black removes no stone on the first turn of the "
			    "game");
		if (h->owed == 0)
			return diag_set(d, DIAG_TOO_MANY_REMOVALS,
			    "%s has no stone to remove", colour_name(!me));
		return diag_set(d, DIAG_TOO_MANY_REMOVALS,
		    "%s has already removed the %d %s stone%s the dice call "
		    "for",
		    colour_name(me), h->owed, colour_name(!me),
		    h->owed == 1 ? "" : "s");
	}
	rules_cell_name(b, e, name);
	if (h->cell[e] == 0)
		return diag_set(d, DIAG_REMOVE_EMPTY,
		    "%s is empty: there is no stone to remove", name);
	if (h->cell[e] == 1 + me)
		return diag_set(d, DIAG_REMOVE_OWN_STONE,
		    "%s is %s's own stone: %s removes %s stones", name,
		    colour_name(me), colour_name(me), colour_name(!me));
	take(b, h, e);
	h->removed[me]++;
	h->remove_left--;
	maybe_end_turn(b, h);
	return 0;
}

static int
play_place(const struct rules_board *b, struct herd *h,
    const struct rules_action *a, struct diag *d)
{
	char	name[RULES_CELL_NAME];
	int16_t caught[6];
	int	me = h->head.to_move, e = a->to, n, k;

	if (h->remove_left > 0)
		return diag_set(d, DIAG_TOO_FEW_REMOVALS,
		    "%s must remove %d more %s stone%s before placing",
		    colour_name(me), h->remove_left, colour_name(!me),
		    h->remove_left == 1 ? "" : "s");
	rules_cell_name(b, e, name);
	if (h->cell[e] != 0)
		return diag_set(d, DIAG_OCCUPIED, "%s is occupied", name);
	/* Forbidden even if it would capture (rules.md §4). */
	if (!open_cell(b, h, me, e))
		return diag_set(d, DIAG_FORBIDDEN_CELL,
		    "%s is forbidden: all its neighbours are %s stones", name,
		    colour_name(!me));
	n = captures(b, h, me, e, caught);
	if (a->capture && n == 0)
		return diag_set(d, DIAG_NOT_A_CAPTURE,
		    "%s is marked as a capture but captures nothing", name);
	put(b, h, e, me);
	for (k = 0; k < n; k++)
		take(b, h, caught[k]);
	h->captured[me] += n;
	h->place_left = (int16_t)(h->place_left - 1 + n);
	/* The game ends as soon as the board is full. */
	if (h->stones[0] + h->stones[1] == b->ncells) {
		h->head.phase = RULES_GAME_OVER;
		return 0;
	}
	maybe_end_turn(b, h);
	return 0;
}

static int
herd_play(const struct rules_board *b, void *st, const struct rules_action *a,
    struct diag *d)
{
	struct herd *h = st;

	switch (a->kind) {
	case RULES_DICE: return play_dice(b, h, a, d);
	case RULES_REMOVE:
	case RULES_PLACE: break;
	default:
		return diag_set(d, DIAG_WRONG_ACTION,
		    "a herd turn is a roll of the dice, removals, then "
		    "placements");
	}
	if (h->head.phase == RULES_TURN_START)
		return diag_set(d, DIAG_DICE_MISSING,
		    "%s must roll the dice before %s",
		    colour_name(h->head.to_move),
		    a->kind == RULES_REMOVE ? "removing" : "placing");
	if (a->to < 0 || a->to >= b->ncells)
		return diag_set(d, DIAG_OFF_BOARD, "no such cell");
	if (a->kind == RULES_REMOVE)
		return play_remove(b, h, a->to, d);
	return play_place(b, h, a, d);
}

static void
herd_score(const struct rules_board *b, const void *st, struct rules_score *s)
{
	const struct herd *h = st;

	(void)b;
	/* The cell count is odd, so a full board has no draw. */
	gamekit_score_stones(s, &h->head, h->stones, h->captured);
	gamekit_stat(s, "removed", h->removed[0], h->removed[1]);
}

/*
 * An empty board with Black to move is the start of the game (no removal
 * on that turn); any other position is in the middle of one.  Refused,
 * from rules.md §4: a stone whose neighbours are all enemy stones (its
 * owner could not place it there, and the enemy placement that closed it
 * in would have captured it; removals only empty cells), and an empty
 * board with White to move (every turn places at least one stone, and
 * captures and removals never take the last stone placed).  Anything else
 * is accepted without deciding whether a game reaches it.
 */
static int
herd_setup(const struct rules_board *b, void *st, const struct rules_variant *v,
    const int *pieces, int to_move, struct diag *d)
{
	struct herd *h = st;
	struct herd  fresh;
	char	     name[RULES_CELL_NAME];
	int	     e, p;

	if (gamekit_setup(&rules_herd, b, &fresh, v, pieces, "stones", d) == -1)
		return -1;
	for (e = 0; e < b->ncells; e++)
		if (pieces[e] != RULES_EMPTY)
			put(b, &fresh, e, RULES_COLOUR_OF(pieces[e]));
	for (e = 0; e < b->ncells; e++) {
		p = fresh.cell[e] - 1;
		if (p >= 0 && fresh.around[!p][e] == b->degree[e])
			return diag_set(d, DIAG_BAD_SETUP,
			    "the %s stone at %s "
			    "has only %s neighbours: no placement leaves a "
			    "stone there",
			    colour_name(p), rules_cell_name(b, e, name),
			    colour_name(!p));
	}
	if (fresh.stones[0] + fresh.stones[1] == 0 && to_move != BLACK)
		return diag_set(d, DIAG_BAD_SETUP,
		    "an empty board is the "
		    "start of the game, with %s to move",
		    colour_name(BLACK));
	fresh.head.to_move = (uint8_t)to_move;
	fresh.opening = fresh.stones[0] + fresh.stones[1] == 0 &&
	    to_move == BLACK;
	if (fresh.stones[0] + fresh.stones[1] == b->ncells)
		fresh.head.phase = RULES_GAME_OVER;
	memcpy(h, &fresh, sizeof *h);
	return 0;
}

const struct rules_game rules_herd = {
	.title = "Herd",
	.colour = { "black", "white" },
	.default_board = "5",
	.figure = { "stone", "stones" },
	.turn_cap = 1000,
	.has_dice = true,
	RULES_GAME_ENTRIES(herd, gamekit_cell_piece),
};
