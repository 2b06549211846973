/* SPDX-License-Identifier: MIT */
/*
 * Oust (Mark Steere) as rules.md §2 settles it: hexhex boards of side 2..12,
 * Black first, non-capturing placements away from one's own stones,
 * capturing placements that join one's own stones next to strictly smaller
 * enemy groups, a compulsory further placement after each capture, the pie
 * rule, and a win by wiping out the opponent.  Groups are kept
 * incrementally (a representative cell, a circular member list, size,
 * enemy-contact count and largest enemy group touched per group), so
 * judging a cell looks at its neighbourhood only; that relies on the
 * invariant that no two touching enemy groups both have 2 or more stones,
 * which set-up positions are checked for.  The capturing placements of
 * each colour are kept as a set too: an action marks stale only the cells
 * whose verdict it can change (those next to a stone placed or removed,
 * to a group that grew, to a single whose largest enemy changed, or to a
 * group of 2+ that gained or lost its last enemy contact), so listing the
 * legal cells is bit work.  The player to move is judged afresh after
 * each action; the other's stale cells wait for its turn.  A new lone
 * stone only raises to 1 the largest enemy group its enemy neighbours
 * see, which turns their no-contact cells into captures and changes
 * nothing else: the no-contact cells are kept as a set for that.
 * Names, geometry, turn counting and the pie rule are the board's and the
 * registry's business.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "rules/gamekit.h"
#include "rules/cellset.h"
#include "rules/hexgroup.h"

#define BLACK 0
#define WHITE 1

enum oust_kind {
	OUST_QUIET, /* no own stone adjacent: always legal */
	OUST_CAPTURE,
	OUST_NO_CONTACT, /* joins own stones, no enemy group touched */
	OUST_TOO_BIG,	 /* an enemy group touched is not smaller */
};

struct oust {
	struct rules_head head;
	uint8_t		  cell[RULES_MAX_CELLS]; /* 0 or 1 + colour */
	struct hexgroup	  grp;			 /* groups of one colour */
	int16_t	 contact[RULES_MAX_CELLS];	 /* stone-enemy adjacencies */
	int16_t	 emax[RULES_MAX_CELLS];		 /* at the representative:
						   largest enemy group
						   touching the group */
	uint8_t	 nown[2][RULES_MAX_CELLS];	 /* neighbours of a colour */
	uint64_t empty[WORDS];
	uint64_t touch[2][WORDS]; /* cells next to a colour */
	uint64_t cap[2][WORDS];	  /* capturing placements */
	uint64_t nocon[2][WORDS]; /* joining, no enemy touched */
	uint64_t stale[2][WORDS]; /* verdicts to judge again */
	int16_t	 stones[2];
	int16_t	 captured[2]; /* enemy stones removed */
	uint8_t	 winner;
};
GAMEKIT_CELLS_FIRST(struct oust);

/* What judging one cell found, for play() and its diagnostics. */
struct oust_eval {
	int kind;  /* enum oust_kind */
	int gsize; /* the new group, counted only
						   where esize >= 2 (else 1) */
	int esize; /* largest enemy group touched */
};

static const char *
colour_name(int c)
{
	return c == BLACK ? "black" : "white";
}

/* Notes cell e and its neighbours in a set of cells. */
static inline void
mark_around(const struct rules_board *b, int e, uint64_t *set)
{
	int k;

	bit_set(set, e);
	for (k = 0; k < b->degree[e]; k++)
		bit_set(set, b->nb[e][k]);
}

/* The size of the group a stone of p on e would make. */
static int
group_size(const struct rules_board *b, const struct oust *o, int e, int p)
{
	int roots[6], sum;

	hexgroup_around(b, &o->grp, o->cell, e, 1 + p, roots, &sum);
	return 1 + sum;
}

/*
 * Judges a placement of p on empty e (rules.md §2).  The enemy groups
 * touching G are those next to e and those touching an own group that e
 * joins, whose emax holds the largest of them: t, the largest enemy
 * group touched, needs no group counted twice.  The new group has 2 or
 * more stones, so its size matters only when t is 2 or more.  Which way
 * a neighbour goes is hard to predict: the loop selects rather than
 * branches, and reads the gid of an empty cell (stale but an index) and
 * all six neighbours (RULES_NO_CELL is empty).
 */
static inline void
oust_judge(const struct rules_board *b, const struct oust *o, int e, int p,
    struct oust_eval *ev)
{
	int k, m, g, c, s, x, v, own = 1 + p, enemy = 2 - p, t = 0;

	ev->gsize = 1;
	if (o->nown[p][e] == 0) {
		ev->kind = OUST_QUIET;
		return;
	}
	for (k = 0; k < 6; k++) {
		m = b->nb[e][k];
		c = o->cell[m];
		g = o->grp.gid[m];
		s = o->grp.size[g];
		x = o->emax[g];
		v = (s & -(c == enemy)) | (x & -(c == own));
		t = v > t ? v : t;
	}
	ev->esize = t;
	if (t == 0)
		ev->kind = OUST_NO_CONTACT;
	else if (t == 1)
		ev->kind = OUST_CAPTURE;
	else {
		ev->gsize = group_size(b, o, e, p);
		ev->kind = t < ev->gsize ? OUST_CAPTURE : OUST_TOO_BIG;
	}
}

/* Notes the cells next to every stone of h's group. */
static void
mark_group(
    const struct rules_board *b, const struct oust *o, int h, uint64_t *set)
{
	int c = h;

	do {
		mark_around(b, c, set);
		c = o->grp.next[c];
	} while (c != h);
}

/*
 * Judges p's stale cells again and updates its sets of capturing and
 * no-contact placements, which stay within the empty cells next to p.
 * The player to move is always fresh between actions; the other's stale
 * cells wait for its turn, so a cell marked twice is judged once.
 */
static void
freshen(const struct rules_board *b, struct oust *o, int p)
{
	struct oust_eval ev;
	uint64_t	 w;
	int		 i, e, words = (b->ncells + 63) / 64;

	for (i = 0; i < words; i++) {
		w = o->stale[p][i];
		o->stale[p][i] = 0;
		o->cap[p][i] &= ~w;
		o->nocon[p][i] &= ~w;
		for (w &= o->empty[i] & o->touch[p][i]; w != 0; w &= w - 1) {
			e = i * 64 + __builtin_ctzll(w);
			oust_judge(b, o, e, p, &ev);
			o->cap[p][i] |= (uint64_t)(ev.kind == OUST_CAPTURE)
			    << (e & 63);
			o->nocon[p][i] |= (uint64_t)(ev.kind == OUST_NO_CONTACT)
			    << (e & 63);
		}
	}
}

/* For a diagnostic: a stone of the largest enemy group that e would touch. */
static int
largest_enemy(const struct rules_board *b, const struct oust *o, int e, int p)
{
	int k, j, m, q, best = -1, own = 1 + p;

	for (k = 0; k < b->degree[e]; k++) {
		m = b->nb[e][k];
		if (o->cell[m] == 0)
			continue;
		if (o->cell[m] != own) {
			if (best < 0 ||
			    o->grp.size[o->grp.gid[m]] >
				o->grp.size[o->grp.gid[best]])
				best = m;
			continue;
		}
		if (o->grp.size[o->grp.gid[m]] > 1)
			continue;
		for (j = 0; j < b->degree[m]; j++) {
			q = b->nb[m][j];
			if (o->cell[q] != 0 && o->cell[q] != own &&
			    (best < 0 ||
				o->grp.size[o->grp.gid[q]] >
				    o->grp.size[o->grp.gid[best]]))
				best = q;
		}
	}
	return best;
}

/*
 * Recomputes emax of single stone m; if it changed, marks its neighbours
 * stale for m's colour (the only one that reads it).
 */
static void
single_emax(const struct rules_board *b, struct oust *o, int m)
{
	int k, q, t = 0;

	for (k = 0; k < b->degree[m]; k++) {
		q = b->nb[m][k];
		if (o->cell[q] != 0 && o->cell[q] != o->cell[m] &&
		    o->grp.size[o->grp.gid[q]] > t)
			t = o->grp.size[o->grp.gid[q]];
	}
	if (o->emax[m] != t)
		mark_around(b, m, o->stale[o->cell[m] - 1]);
	o->emax[m] = (int16_t)t;
}

/*
 * After p's non-capturing placement on e, p's verdicts on e's empty
 * neighbours, from their fresh verdicts where that is enough: joining x
 * now also joins the new single e, so the group grows by one and the
 * largest enemy group touched becomes at least emax[e].  A cell that
 * touched no stone of p and no enemy makes a group of 2 touching just
 * emax[e]; a capture stays one when emax[e] <= 1; a cell that joined p
 * without contact now touches emax[e].  Any other cell is judged anew.
 */
static void
quiet_neighbours(const struct rules_board *b, struct oust *o, int e, int p)
{
	int k, x, t = o->emax[e], kind;

	bit_clear(o->cap[p], e);
	bit_clear(o->nocon[p], e);
	for (k = 0; k < b->degree[e]; k++) {
		x = b->nb[e][k];
		if (o->cell[x] != 0)
			continue;
		if (o->nown[p][x] == 1 && !bit_get(o->touch[!p], x))
			kind = t == 0 ? OUST_NO_CONTACT :
			    t == 1    ? OUST_CAPTURE :
					OUST_TOO_BIG;
		else if (o->nown[p][x] > 1 && bit_get(o->nocon[p], x) && t < 2)
			kind = t == 0 ? OUST_NO_CONTACT : OUST_CAPTURE;
		else if (o->nown[p][x] > 1 && bit_get(o->cap[p], x) && t < 2)
			kind = OUST_CAPTURE;
		else {
			bit_set(o->stale[p], x);
			continue;
		}
		bit_clear(o->cap[p], x);
		bit_clear(o->nocon[p], x);
		if (kind == OUST_CAPTURE)
			bit_set(o->cap[p], x);
		else if (kind == OUST_NO_CONTACT)
			bit_set(o->nocon[p], x);
	}
}

/*
 * Puts a stone of p on e as a group of its own and counts its contacts.
 * With raise (a non-capturing placement, p to move and fresh), brings
 * p's verdicts around e up to date and marks in raise the cells where the
 * largest enemy group that !p would touch becomes at least 1; a capture
 * and a set-up judge afresh more widely.  An enemy group next to e
 * touched nothing before or touches singles only: either way its emax
 * becomes at least 1.
 */
static void
put_stone(
    const struct rules_board *b, struct oust *o, int e, int p, uint64_t *raise)
{
	int k, m, g;

	o->cell[e] = (uint8_t)(1 + p);
	hexgroup_single(&o->grp, e);
	o->contact[e] = 0;
	o->emax[e] = 0;
	bit_clear(o->empty, e);
	o->stones[p]++;
	if (raise != NULL)
		mark_around(b, e, raise);
	for (k = 0; k < b->degree[e]; k++) {
		m = b->nb[e][k];
		o->touch[p][m >> 6] |= (uint64_t)(o->nown[p][m]++ == 0)
		    << (m & 63);
		if (o->cell[m] == 2 - p) {
			g = o->grp.gid[m];
			o->contact[e]++;
			o->contact[g]++;
			if (o->emax[e] < o->grp.size[g])
				o->emax[e] = o->grp.size[g];
			if (o->emax[g] == 0) {
				o->emax[g] = 1;
				if (raise != NULL)
					mark_group(b, o, g, raise);
			}
		}
	}
	if (raise != NULL)
		quiet_neighbours(b, o, e, p);
}

/* Merges group h into group g, contacts and all. */
static void
merge(struct oust *o, int g, int h)
{
	o->contact[g] = (int16_t)(o->contact[g] + o->contact[h]);
	hexgroup_merge(&o->grp, g, h);
}

/*
 * Removes the whole group of stone h (colour q); counts it for !q.  Notes
 * in singles[] the single stones of !q beside it, whose emax may drop;
 * returns the new count.  Marks in both the cells around the removed
 * stones, stale for either colour, and stale for !q those around any
 * group of 2+ of !q other than `keep' left without contact.
 */
static int
remove_group(const struct rules_board *b, struct oust *o, int h, int *singles,
    int nsingles, int keep, uint64_t *both)
{
	int q = o->cell[h] - 1, c = h, k, m, g;

	do {
		o->cell[c] = 0;
		bit_set(o->empty, c);
		bit_set(both, c);
		for (k = 0; k < b->degree[c]; k++) {
			m = b->nb[c][k];
			bit_set(both, m);
			if (--o->nown[q][m] == 0)
				bit_clear(o->touch[q], m);
			if (o->cell[m] != 2 - q)
				continue;
			g = o->grp.gid[m];
			if (--o->contact[g] == 0 && o->grp.size[g] > 1) {
				o->emax[g] = 0;
				if (g != keep)
					mark_group(b, o, g, o->stale[!q]);
			}
			if (o->grp.size[g] == 1 && nsingles < RULES_MAX_CELLS)
				singles[nsingles++] = m;
		}
		o->stones[q]--;
		o->captured[!q]++;
		c = o->grp.next[c];
	} while (c != h);
	return nsingles;
}

/* The empty cells where p may place: away from p's stones, or capturing. */
static void
placeable(const struct oust *o, int p, int words, uint64_t *can)
{
	int i;

	for (i = 0; i < words; i++)
		can[i] = (o->empty[i] & ~o->touch[p][i]) | o->cap[p][i];
}

/* Any legal placement for p?  p's verdicts must be fresh. */
static bool
has_placement(const struct oust *o, int p)
{
	uint64_t can[WORDS];
	int	 i;

	placeable(o, p, WORDS, can);
	for (i = 0; i < WORDS; i++)
		if (can[i] != 0)
			return true;
	return false;
}

/* The stones of h's group, as hexgroup_list_cells() writes them. */
static void
group_cells(const struct rules_board *b, const struct oust *o, int h, char *out,
    size_t len)
{
	bool in[RULES_MAX_CELLS];
	int  i;

	for (i = 0; i < b->ncells; i++)
		in[i] = o->cell[i] != 0 && o->grp.gid[i] == o->grp.gid[h];
	hexgroup_list_cells(b, in, 5, out, len);
}

static void
end_turn(const struct rules_board *b, struct oust *o)
{
	o->head.to_move = (uint8_t)!o->head.to_move;
	o->head.phase = RULES_TURN_START;
	freshen(b, o, o->head.to_move);
}

/* ---- The interface -------------------------------------------------- */

static int
oust_board(struct rules_board *b, const char *spec, struct diag *d)
{
	return rules_hexhex_board(b, spec, "oust", "7", d);
}

static int
oust_init(const struct rules_board *b, void *st, const struct rules_variant *v,
    struct diag *d)
{
	struct oust *o = gamekit_clear(st, sizeof *o);

	(void)v;
	(void)d;
	set_fill(o->empty, b->ncells);
	return 0;
}

COUNTS static size_t
oust_legal(const struct rules_board *b, const void *st,
    struct rules_action *out, size_t cap)
{
	const struct oust *o = st;
	uint64_t	   can[WORDS];
	size_t		   n;
	int		   words = (b->ncells + 63) / 64;

	if (o->head.phase == RULES_GAME_OVER)
		return 0;
	placeable(o, o->head.to_move, words, can);
	n = set_count(can, words);
	set_actions(can, words, RULES_PLACE, out, cap);
	/* rules.md §2: a pass only at a turn start with nothing to place. */
	if (n == 0) {
		if (cap > 0)
			out[0] = (struct rules_action){ .kind = RULES_PASS };
		n = 1;
	}
	return n;
}

/* Action i of oust_legal()'s list, found by counting bits. */
COUNTS static void
oust_legal_at(const struct rules_board *b, const void *st, size_t i,
    struct rules_action *out)
{
	const struct oust *o = st;
	uint64_t	   can[WORDS];
	int		   words = (b->ncells + 63) / 64, e;

	placeable(o, o->head.to_move, words, can);
	if ((e = set_nth(can, words, i)) >= 0)
		*out = (struct rules_action){ .kind = RULES_PLACE,
			.to = (int16_t)e };
	else /* no placement: the lone pass */
		*out = (struct rules_action){ .kind = RULES_PASS };
}

static int
oust_pass(const struct rules_board *b, struct oust *o, struct diag *d)
{
	struct oust_eval ev;
	bool		 in[RULES_MAX_CELLS];
	char		 cells[64];
	int		 p = o->head.to_move, e;

	if (o->head.phase == RULES_TURN_MIDDLE)
		return diag_set(d, DIAG_PASS_MID_TURN,
		    "%s captured and must place again: a pass is only a "
		    "whole turn",
		    colour_name(p));
	if (has_placement(o, p)) {
		for (e = 0; e < b->ncells; e++) {
			in[e] = false;
			if (o->cell[e] != 0)
				continue;
			oust_judge(b, o, e, p, &ev);
			in[e] = ev.kind == OUST_QUIET ||
			    ev.kind == OUST_CAPTURE;
		}
		hexgroup_list_cells(b, in, 5, cells, sizeof cells);
		return diag_set(d, DIAG_PASS_WITH_PLACEMENT,
		    "%s may not pass: a legal placement exists (%s)",
		    colour_name(p), cells);
	}
	/* rules.md §2: both players without a placement is believed
	 * impossible; say so rather than loop on passes. */
	freshen(b, o, !p);
	if (!has_placement(o, !p))
		return diag_set(d, DIAG_INTERNAL_NO_PLACEMENT,
		    "neither black nor white has a legal placement, which the "
		    "rules say cannot happen: please report this game");
	end_turn(b, o);
	return 0;
}

/*
 * Why the placement of p on e, judged ev and marked a capture or not, is
 * refused (rules.md §2): -1 with d filled.  Only for a judgement other
 * than OUST_CAPTURE, and OUST_QUIET only when marked a capture.
 */
static int
place_refused(const struct rules_board *b, const struct oust *o, int e, int p,
    struct oust_eval ev, struct diag *d)
{
	char name[RULES_CELL_NAME], ename[64];

	rules_cell_name(b, e, name);
	switch (ev.kind) {
	case OUST_NO_CONTACT:
		ev.gsize = group_size(b, o, e, p);
		return diag_set(d, DIAG_NO_ENEMY_CONTACT,
		    "%s joins %s stones into a group of %d that touches no "
		    "%s group: a placement next to your own stones must "
		    "capture",
		    name, colour_name(p), ev.gsize, colour_name(!p));
	case OUST_TOO_BIG:
		/* Oust: each enemy group compared on its own (rules.md §2). */
		group_cells(
		    b, o, largest_enemy(b, o, e, p), ename, sizeof ename);
		return diag_set(d, DIAG_ENEMY_TOO_BIG,
		    "%s would make a %s group of %d, but it touches a %s "
		    "group of %d (%s): every enemy group touched must be "
		    "smaller",
		    name, colour_name(p), ev.gsize, colour_name(!p), ev.esize,
		    ename);
	default:
		return diag_set(d, DIAG_NOT_A_CAPTURE,
		    "%s is marked as a capture but captures nothing", name);
	}
}

/*
 * A quiet placement of p on e: a new lone stone, which only raises to 1
 * the largest enemy group its enemy neighbours see (put_stone's raise),
 * turning their no-contact cells into captures.  Ends the turn.
 */
static void
place_quiet(const struct rules_board *b, struct oust *o, int e, int p)
{
	uint64_t raise[WORDS] = { 0 }, w;
	int	 words = (b->ncells + 63) / 64, i;

	put_stone(b, o, e, p, raise);
	for (i = 0; i < words; i++) {
		w = raise[i] & o->nocon[!p][i];
		o->cap[!p][i] |= w;
		o->nocon[!p][i] &= ~w;
	}
	bit_clear(o->cap[!p], e);
	bit_clear(o->nocon[!p], e);
	end_turn(b, o);
}

/*
 * A capture by p on e: join e and its own groups, the largest keeping its
 * id, and remove every enemy group touching the new group.  Every enemy
 * stone next to e goes, so put_stone() marks nothing.  The turn goes on
 * while p can place (rules.md §2), the game ends when the enemy is gone.
 */
static void
place_capture(const struct rules_board *b, struct oust *o, int e, int p)
{
	uint64_t both[WORDS] = { 0 };
	int	 singles[RULES_MAX_CELLS], nsingles = 0;
	int	 words = (b->ncells + 63) / 64, k, m, g, c, h, start, i;

	put_stone(b, o, e, p, NULL);
	g = e;
	for (k = 0; k < b->degree[e]; k++) {
		m = b->nb[e][k];
		if (o->cell[m] != 1 + p || o->grp.gid[m] == o->grp.gid[g])
			continue;
		h = o->grp.gid[m];
		if (o->grp.size[h] > o->grp.size[o->grp.gid[g]]) {
			merge(o, h, o->grp.gid[g]);
			g = h;
		} else
			merge(o, o->grp.gid[g], h);
	}
	g = o->grp.gid[e];
	/*
	 * The neighbours of the enemy groups removed see a new size and no
	 * contact: stale for both colours, as are e and the emptied cells.
	 */
	bit_set(both, e);
	c = start = g;
	do {
		for (k = 0; k < b->degree[c]; k++) {
			m = b->nb[c][k];
			bit_set(both, m);
			if (o->cell[m] == 2 - p)
				nsingles = remove_group(
				    b, o, m, singles, nsingles, g, both);
		}
		c = o->grp.next[c];
	} while (c != start);
	/* Single stones of p that touched the captured groups. */
	for (k = 0; k < nsingles; k++)
		if (o->cell[singles[k]] == 1 + p &&
		    o->grp.size[o->grp.gid[singles[k]]] == 1)
			single_emax(b, o, singles[k]);
	o->emax[g] = 0;
	/*
	 * For p a capture only grows groups and shrinks the enemy groups
	 * touched: a cell that joined p without contact still does.
	 */
	for (i = 0; i < words; i++) {
		o->stale[p][i] = (o->stale[p][i] | both[i]) & ~o->nocon[p][i];
		o->stale[!p][i] |= both[i];
	}
	if (o->stones[!p] == 0) {
		o->head.phase = RULES_GAME_OVER;
		o->winner = (uint8_t)p;
		return;
	}
	freshen(b, o, p);
	if (!has_placement(o, p))
		end_turn(b, o);
	else
		o->head.phase = RULES_TURN_MIDDLE;
}

static int
oust_place(const struct rules_board *b, struct oust *o,
    const struct rules_action *a, struct diag *d)
{
	struct oust_eval ev;
	char		 name[RULES_CELL_NAME];
	int		 p = o->head.to_move, e = a->to;

	if (e < 0 || e >= b->ncells)
		return diag_set(d, DIAG_OFF_BOARD, "no such cell");
	if (o->cell[e] != 0)
		return diag_set(d, DIAG_OCCUPIED, "%s is occupied",
		    rules_cell_name(b, e, name));
	oust_judge(b, o, e, p, &ev);
	if (ev.kind == OUST_QUIET && !a->capture)
		place_quiet(b, o, e, p);
	else if (ev.kind == OUST_CAPTURE)
		place_capture(b, o, e, p);
	else
		return place_refused(b, o, e, p, ev, d);
	return 0;
}

static int
oust_play(const struct rules_board *b, void *st, const struct rules_action *a,
    struct diag *d)
{
	struct oust *o = st;

	switch (a->kind) {
	case RULES_PLACE: return oust_place(b, o, a, d);
	case RULES_PASS: return oust_pass(b, o, d);
	default:
		return diag_set(d, DIAG_WRONG_ACTION,
		    "an oust turn is placements, \"pass\" or \"swap\": "
		    "nothing is removed or moved");
	}
}

static void
oust_score(const struct rules_board *b, const void *st, struct rules_score *s)
{
	const struct oust *o = st;

	(void)b;
	s->over = o->head.phase == RULES_GAME_OVER;
	s->winner = s->over ? o->winner : -1;
	s->points[0] = s->points[1] = 0;
	if (s->over)
		s->points[o->winner] = 1;
	gamekit_stat(s, "stones", o->stones[0], o->stones[1]);
	gamekit_stat(s, "captured", o->captured[0], o->captured[1]);
}

/* Names a group as "the black group at b3 c3" (up to 5 stones). */
static void
group_name(const struct rules_board *b, const struct oust *o, int h, char *out,
    size_t len)
{
	char cells[64];

	group_cells(b, o, h, cells, sizeof cells);
	snprintf(
	    out, len, "the %s group at %s", colour_name(o->cell[h] - 1), cells);
}

/*
 * Any arrangement of black and white stones is accepted except two
 * touching enemy groups of 2 or more (a group of 2+ is made by a capture,
 * which clears its surroundings, and later enemy stones next to it stay
 * single), a lone stone whose owner is to move against an empty side, and
 * a position where neither side could place.  One colour gone while the
 * other has 2+ stones is a finished game.  A set-up position has no pie
 * rule.
 */
static int
oust_setup(const struct rules_board *b, void *st, const struct rules_variant *v,
    const int *pieces, int to_move, struct diag *d)
{
	struct oust *o = st;
	char	     g1[96], g2[96];
	int	     i, k, m, p;

	if (gamekit_setup(&rules_oust, b, o, v, pieces, "stones", d) == -1)
		return -1;
	for (i = 0; i < b->ncells; i++) {
		if (pieces[i] == RULES_EMPTY)
			continue;
		p = RULES_COLOUR_OF(pieces[i]);
		put_stone(b, o, i, p, NULL);
		for (k = 0; k < b->degree[i]; k++) {
			m = b->nb[i][k];
			if (o->cell[m] == 1 + p &&
			    o->grp.gid[m] != o->grp.gid[i])
				merge(o, o->grp.gid[m], o->grp.gid[i]);
		}
	}
	for (i = 0; i < b->ncells; i++)
		if (o->cell[i] != 0 && o->grp.gid[i] == i)
			o->emax[i] = o->grp.size[i] > 1 ? o->contact[i] > 0 : 0;
	for (i = 0; i < b->ncells; i++)
		if (o->cell[i] != 0 && o->grp.size[i] == 1 &&
		    o->grp.gid[i] == i)
			single_emax(b, o, i);
	for (i = 0; i < b->ncells; i++) {
		if (o->cell[i] == 0 || o->grp.size[o->grp.gid[i]] < 2)
			continue;
		for (k = 0; k < b->degree[i]; k++) {
			m = b->nb[i][k];
			if (o->cell[m] == 0 || o->cell[m] == o->cell[i] ||
			    o->grp.size[o->grp.gid[m]] < 2)
				continue;
			group_name(b, o, i, g1, sizeof g1);
			group_name(b, o, m, g2, sizeof g2);
			return diag_set(d, DIAG_BAD_SETUP,
			    "%s touches %s: two touching groups of 2 or more "
			    "cannot arise",
			    g1, g2);
		}
	}
	if (o->stones[to_move] == 1 && o->stones[!to_move] == 0)
		return diag_set(d, DIAG_BAD_SETUP,
		    "%s cannot be to move with one stone against none",
		    colour_name(to_move));
	/* Every capturing placement judged from scratch. */
	set_fill(o->stale[0], b->ncells);
	set_fill(o->stale[1], b->ncells);
	freshen(b, o, 0);
	freshen(b, o, 1);
	o->head.to_move = (uint8_t)to_move;
	for (p = 0; p < 2; p++)
		if (o->stones[p] == 0 && o->stones[!p] >= 2) {
			o->head.phase = RULES_GAME_OVER;
			o->winner = (uint8_t)!p;
		}
	/* rules.md §2: neither side able to place is believed not to arise
	 * (a full board, say); oust_pass() would refuse every pass. */
	if (o->head.phase != RULES_GAME_OVER && !has_placement(o, 0) &&
	    !has_placement(o, 1))
		return diag_set(d, DIAG_BAD_SETUP,
		    "neither black nor white could place a stone here: no "
		    "game of oust reaches this position");
	return 0;
}

/*
 * Perft by complete turns (formats/oust.md): the placements of one turn
 * are one path, a pass or a swap is a turn, a finished game is one leaf.
 */
static uint64_t
turn_perft(const struct rules_board *b, const struct oust *o, int depth)
{
	struct rules_action acts[RULES_MAX_CELLS + 2];
	struct oust	    child;
	uint64_t	    total = 0;
	size_t		    n, i;

	if (depth == 0 || o->head.phase == RULES_GAME_OVER)
		return 1;
	/* Through the registry, for the swap and the turn counter. */
	n = rules_state_legal(&rules_oust, b, o, acts, RULES_MAX_CELLS + 2);
	for (i = 0; i < n; i++) {
		child = *o;
		if (rules_state_play(&rules_oust, b, &child, &acts[i], NULL) ==
		    -1)
			continue;
		total += turn_perft(b, &child,
		    child.head.phase == RULES_TURN_MIDDLE ? depth : depth - 1);
	}
	return total;
}

static uint64_t
oust_perft(const struct rules_board *b, const void *st, int depth)
{
	return turn_perft(b, st, depth);
}

const struct rules_game rules_oust = {
	.title = "Oust",
	.colour = { "black", "white" },
	.default_board = "7",
	.figure = { "stone", "stones" },
	.turn_cap = 1000,
	.has_pie = true,
	.points_max = 1,
	RULES_GAME_ENTRIES(oust, gamekit_cell_piece),
	.legal_at = oust_legal_at,
	.perft = oust_perft,
};
