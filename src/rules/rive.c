/* SPDX-License-Identifier: MIT */
/*
 * Rive (Mark Steere) as rules.md §3 settles it: the 3-3-5 board and hexhex
 * boards of side 2..12, Black first, a placement legal iff the largest
 * group it touches is as small as anywhere (groups of either colour), a
 * merge paid for by removing stones of the new group one RULES_REMOVE at a
 * time, checked as a set, then a compulsory further placement; the pie
 * rule; the game ends when the board is full.  Groups are kept
 * incrementally (representative cell, circular member list, size); during
 * a removal the merged group is a bit set and is relabelled once the set
 * is complete.  The legal actions are kept too, as a set of cells, so
 * listing, counting and picking one are bit work and play() checks an
 * action by one bit: after a placement, v(e) of each empty cell is kept
 * (it only rises next to the group that grew, so the set only loses the
 * cells raised until none is left at M), and judged afresh next to a
 * merged group once its removals are made (counted afresh only next to
 * the stones removed), a group's neighbours found by or-ing the board's
 * neighbour sets.  While removals are owed, the stones that may go come
 * from the part of each joined group still joined to the placed stone
 * (one flood after a removal from it) and, only where the removals left
 * are too few for any of its stones to go, one Tarjan walk of that group
 * alone (the groups joined meet only at the placed stone).  On a board
 * of 64 cells or fewer (side 5, 3-3-5) every set is one word: the work
 * of an action is compiled a second time for one word, the walk keeps
 * its own stack and, where it is known to follow a removal, finds the
 * part itself with no flood first, each group keeps the word of the
 * cells next to it (at its representative), the empty cells are kept by
 * v(e), a word for each value, so that the placements are the lowest
 * word with a cell, and the groups next to a cell are found by bits.
 * Names, geometry, turn counting and the pie rule are the board's and
 * the registry's business.
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

/*
 * The functions of a placement or removal take the words of a set of
 * cells as an argument and are inlined into rive_play(), once with a
 * constant 1: on boards of at most 64 cells each set is one word, and
 * the loops over words fold away.
 */
#if defined(__GNUC__)
#define SPECIALISED static inline __attribute__((always_inline))
#else
#define SPECIALISED static inline
#endif

struct rive {
	struct rules_head head;
	uint8_t		  cell[RULES_MAX_CELLS]; /* 0 or 1 + colour */
	struct hexgroup	  grp;			 /* groups of either colour */
	int16_t		  v[RULES_MAX_CELLS];	 /* v(e); a stone: INT16_MAX */
	uint64_t	  around[64]; /* one word: the cells next to the
					 group at this representative */
	uint64_t	  level[64];  /* one word: the empty cells e
					 with v(e) = this */
	uint64_t	  levels;     /* one word: bit v set if level[v]
					 may have a cell */
	uint64_t	  empty[WORDS];
	uint64_t	  can[WORDS];	    /* the legal placements or
						   removals */
	uint64_t	  group[WORDS];	    /* the merged group, stones */
	uint64_t	  removed[WORDS];   /* removed from it so far */
	uint64_t	  part[WORDS];	    /* its stones joined to the
						   placed one, but that */
	uint64_t	  joined[3][WORDS]; /* the groups it joined */
	int16_t		  njoined;
	bool		  walked[3];		/* cut[] true for joined[i] */
	int16_t		  cut[RULES_MAX_CELLS]; /* of part: its stones
						   hanging from the placed
						   one through this alone */
	int16_t		  nempty;
	int16_t		  ncan; /* how many in can */
	int16_t		  vmin; /* M: the least v(e) */
	int16_t		  stones[2];
	int32_t		  captured[2]; /* enemy stones removed */
	int16_t		  placed;      /* the merging stone, or -1 */
	int16_t		  owed;	       /* removals still to make */
	int16_t		  need;	       /* removals of that merge */
	int16_t		  keep;	       /* stones of it that stay */
};
GAMEKIT_CELLS_FIRST(struct rive);

/*
 * v(e): the size of the largest group next to e (rules.md §3).  All six
 * neighbours are read, a missing one being RULES_NO_CELL, always empty,
 * and an empty cell's entry masked off, so that the loop has no branch to
 * mispredict: this runs next to every stone a removal takes.
 */
static inline int
rive_v(const struct rules_board *b, const struct rive *r, int e)
{
	int k, m, s, v = 0;

	for (k = 0; k < 6; k++) {
		m = b->nb[e][k];
		s = r->grp.size[r->grp.gid[m]] & -(int)(r->cell[m] != 0);
		v = s > v ? s : v;
	}
	return v;
}

/*
 * The stones of the merged group still standing that are connected to
 * `from' without passing `cut'; marks them in seen[] and returns how many.
 */
static int
reach(const struct rules_board *b, const struct rive *r, int from, int cut,
    bool *seen)
{
	int stack[RULES_MAX_CELLS], sp = 0, n = 0, c, k, m;

	seen[from] = true;
	stack[sp++] = from;
	while (sp > 0) {
		c = stack[--sp];
		n++;
		for (k = 0; k < b->degree[c]; k++) {
			m = b->nb[c][k];
			if (m == cut || seen[m] || !bit_get(r->group, m) ||
			    bit_get(r->removed, m))
				continue;
			seen[m] = true;
			stack[sp++] = m;
		}
	}
	return n;
}

/*
 * A depth-first search from the placed stone over standing stones of the
 * merged group, Tarjan's: the order each stone was reached and its low
 * link, the stones of its subtree, and into cut[] (the state's) the
 * stones that hang from the placed one through it alone.
 */
struct walk {
	int16_t	 disc[RULES_MAX_CELLS]; /* order reached, for seen */
	int16_t	 low[RULES_MAX_CELLS];	/* Tarjan's low link */
	int16_t	 sub[RULES_MAX_CELLS];	/* stones of c's subtree */
	uint64_t todo[WORDS];		/* to walk, not reached yet */
	uint64_t seen[WORDS];		/* reached */
	int16_t *cut;
	int	 t;
	int	 words;
};

/*
 * Walks from c, then learns from each child m whose subtree reaches no
 * stone found before c (low[m] >= disc[c]) that the subtree hangs from
 * the rest through c alone.  The neighbours are taken from the board's
 * neighbour sets, so that cells off the walk cost no test.  The depth is
 * at most the group's size.
 */
static void
walk_from(const struct rules_board *b, struct walk *w, int c)
{
	uint64_t x;
	int	 i, m;

	w->disc[c] = w->low[c] = (int16_t)++w->t;
	w->sub[c] = 1;
	w->cut[c] = 0;
	bit_clear(w->todo, c);
	bit_set(w->seen, c);
	for (i = 0; i < w->words; i++)
		for (x = b->nbset[c][i] & (w->todo[i] | w->seen[i]); x != 0;
		     x &= x - 1) {
			m = i * 64 + __builtin_ctzll(x);
			if (bit_get(w->todo, m)) {
				walk_from(b, w, m);
				w->sub[c] = (int16_t)(w->sub[c] + w->sub[m]);
				if (w->low[m] < w->low[c])
					w->low[c] = w->low[m];
				if (w->low[m] >= w->disc[c])
					w->cut[c] = (int16_t)(w->cut[c] +
					    w->sub[m]);
			} else if (w->disc[m] < w->low[c])
				w->low[c] = w->disc[m];
		}
}

/*
 * Walks the standing stones of joined group j from the placed stone and
 * sets cut[] for those reached.  The groups joined touched no other
 * group, so their stones meet only at the placed stone, and what hangs
 * from a stone of one of them through it alone lies in that group: each
 * group's cut[] stays true until a removal takes from its part.
 */
static void
walk_group(const struct rules_board *b, struct rive *r, int j)
{
	struct walk w;
	int	    i;

	w.words = b->words;
	for (i = 0; i < w.words; i++) {
		w.todo[i] = r->joined[j][i] & ~r->removed[i];
		w.seen[i] = 0;
	}
	bit_set(w.todo, r->placed);
	w.t = 0;
	w.cut = r->cut;
	walk_from(b, &w, r->placed);
	r->walked[j] = true;
}

/*
 * walk_group() on a board of one word, the depth-first search kept on a
 * stack of its own rather than the call stack, each stone's neighbours
 * still to enter in one word.  A stone's low link takes the stones
 * already reached next to it as it is entered; one reached later, below
 * it, was reached after it and cannot lower it, so the walk only tries
 * the neighbours not reached yet.  The same walk in the same order, so
 * the same cut[], at a fraction of the cost of a call for each stone.
 * The stones it reaches are the group's part, which it sets too, so that
 * a walk after a removal needs no flood_group() before it.
 */
struct walk_frame {
	uint64_t nb; /* its neighbours still to try */
	int	 c;
};

static void
walk_word(const struct rules_board *b, struct rive *r, int j)
{
	struct walk_frame st[64];
	int16_t		  disc[64], low[64], sub[64];
	uint64_t	  all, todo, nb, x;
	int		  sp = 0, t = 0, c, m, p, d, lo;

	all = (r->joined[j][0] & ~r->removed[0]) | UINT64_C(1) << r->placed;
	todo = all;
	m = r->placed;
	for (;;) {
		/* Enter m: a stone reached for the first time. */
		disc[m] = low[m] = (int16_t)++t;
		sub[m] = 1;
		r->cut[m] = 0;
		todo &= ~(UINT64_C(1) << m);
		/* Where the stones go is unpredictable: select, not branch. */
		for (lo = t, x = b->nbset[m][0] & all & ~todo; x != 0;
		     x &= x - 1) {
			d = disc[__builtin_ctzll(x)];
			lo = d < lo ? d : lo;
		}
		low[m] = (int16_t)lo;
		c = m;
		nb = b->nbset[m][0] & todo;
		/* Back up until a stone has a neighbour left to enter. */
		for (;;) {
			nb &= todo;
			if (nb != 0)
				break;
			if (sp == 0) {
				r->part[0] = (r->part[0] & ~r->joined[j][0]) |
				    (all & ~todo & ~(UINT64_C(1) << r->placed));
				r->walked[j] = true;
				return;
			}
			p = st[--sp].c;
			nb = st[sp].nb;
			sub[p] = (int16_t)(sub[p] + sub[c]);
			low[p] = low[c] < low[p] ? low[c] : low[p];
			r->cut[p] = (int16_t)(r->cut[p] +
			    (sub[c] & -(int)(low[c] >= disc[p])));
			c = p;
		}
		m = __builtin_ctzll(nb);
		st[sp].c = c;
		st[sp++].nb = nb & (nb - 1);
	}
}

/*
 * Joined group j has lost a stone of its part: what of it is still
 * joined to the placed stone, by one flood.
 */
SPECIALISED void
flood_group(const struct rules_board *b, struct rive *r, int j, int words)
{
	uint64_t todo[WORDS], reach[WORDS], front[WORDS], x, nw;
	int	 i, k, c;
	bool	 more;

	for (i = 0; i < words; i++) {
		todo[i] = r->joined[j][i] & ~r->removed[i];
		reach[i] = front[i] = 0;
	}
	bit_set(front, r->placed);
	do {
		more = false;
		for (i = 0; i < words; i++)
			for (x = front[i], front[i] = 0; x != 0; x &= x - 1) {
				c = i * 64 + __builtin_ctzll(x);
				for (k = 0; k < words; k++) {
					nw = b->nbset[c][k] & todo[k];
					front[k] |= nw;
					reach[k] |= nw;
					todo[k] &= ~nw;
					more |= nw != 0;
				}
			}
	} while (more);
	for (i = 0; i < words; i++)
		r->part[i] = (r->part[i] & ~r->joined[j][i]) | reach[i];
	r->walked[j] = false;
}

/*
 * Whether list_removals() will walk joined group j once stone c of its
 * part, with cut[] known, is removed: its test below, made on counts
 * alone, as the part loses c and the cut[c] stones hanging from it, and
 * none of those but c is next to the placed stone.
 */
static bool
walk_follows(const struct rules_board *b, const struct rive *r, int j, int c)
{
	uint64_t x = r->part[0] & r->joined[j][0];
	int	 gone = 1 + r->cut[c], n, d, slack;

	if (!r->walked[j])
		return false;
	slack = __builtin_popcountll(r->part[0]) - gone - r->keep;
	n = __builtin_popcountll(x) - gone;
	d = __builtin_popcountll(x & b->nbset[r->placed][0]) -
	    (int)((b->nbset[r->placed][0] >> c) & 1);
	return n - d > slack;
}

/*
 * The stones of the merged group that may go next, into can: removing
 * c (a standing stone of the group, not the placed one) can still end in
 * a valid set iff at least `keep' stones stay joined to the placed stone,
 * since those can be kept and the rest removed.  Removing a stone outside
 * the part joined to the placed stone leaves all of it; removing c of it
 * leaves the placed stone and |part| - 1 - cut[c].  The d stones of a
 * joined group's part next to the placed stone stay joined to it, but
 * for c, so at most n - d of its n hang from c, and a group whose part
 * has n - d <= slack may lose any of them, with no need of cut[].
 */
SPECIALISED void
list_removals(const struct rules_board *b, struct rive *r, int words)
{
	uint64_t x;
	int	 i, j, c, slack, n, d;

	slack = (int)set_count(r->part, words) - r->keep;
	for (i = 0; i < words; i++)
		r->can[i] = r->group[i] & ~r->removed[i] & ~r->part[i];
	for (j = 0; j < r->njoined; j++) {
		n = d = 0;
		for (i = 0; i < words; i++) {
			x = r->part[i] & r->joined[j][i];
			n += __builtin_popcountll(x);
			d += __builtin_popcountll(x & b->nbset[r->placed][i]);
		}
		if (n - d <= slack) {
			for (i = 0; i < words; i++)
				r->can[i] |= r->part[i] & r->joined[j][i];
			continue;
		}
		if (!r->walked[j] && words == 1)
			walk_word(b, r, j);
		else if (!r->walked[j])
			walk_group(b, r, j);
		for (i = 0; i < words; i++)
			for (x = r->part[i] & r->joined[j][i]; x != 0;
			     x &= x - 1) {
				c = i * 64 + __builtin_ctzll(x);
				r->can[i] |= (uint64_t)(r->cut[c] <= slack)
				    << (c & 63);
			}
	}
	bit_clear(r->can, r->placed);
	r->ncan = (int16_t)set_count(r->can, words);
}

/*
 * The legal placements: the empty cells with v(e) = M (rules.md §3).  On
 * one word they are the lowest level with a cell (a level emptied since
 * its bit in levels was set is dropped here); on more, they are found in
 * one pass over the empty cells alone, which late in a game are few: a
 * cell below the least so far starts the set again.
 */
SPECIALISED void
find_placements(struct rive *r, int words)
{
	uint64_t x, w;
	int	 i, k, c, v, m = INT16_MAX;

	if (words == 1) {
		/* The lowest level with a cell; a full board has none. */
		while (
		    r->levels != 0 && r->level[__builtin_ctzll(r->levels)] == 0)
			r->levels &= r->levels - 1;
		if (r->levels != 0)
			m = __builtin_ctzll(r->levels);
		r->can[0] = r->levels != 0 ? r->level[m] : 0;
		r->vmin = (int16_t)m;
		r->ncan = (int16_t)__builtin_popcountll(r->can[0]);
		return;
	}
	/* A full board has no placement: no empty cell, no bit. */
	for (i = 0; i < words; i++) {
		w = 0;
		for (x = r->empty[i]; x != 0; x &= x - 1) {
			c = __builtin_ctzll(x);
			v = r->v[i * 64 + c];
			if (v < m) {
				m = v;
				w = 0;
				for (k = 0; k < i; k++)
					r->can[k] = 0;
			}
			w |= (uint64_t)(v == m) << c;
		}
		r->can[i] = w;
	}
	r->vmin = (int16_t)m;
	r->ncan = (int16_t)set_count(r->can, words);
}

/* The cells next to a stone of set[], into adj[]. */
SPECIALISED void
set_around(
    const struct rules_board *b, const uint64_t *set, uint64_t *adj, int words)
{
	uint64_t x;
	int	 i, j, c;

	memset(adj, 0, (size_t)words * sizeof *adj);
	for (i = 0; i < words; i++)
		for (x = set[i]; x != 0; x &= x - 1) {
			c = i * 64 + __builtin_ctzll(x);
			for (j = 0; j < words; j++)
				adj[j] |= b->nbset[c][j];
		}
}

/*
 * v(e) of the empty cell c becomes v, on one word moving c to its new
 * level; a stone just removed (v(e) INT16_MAX) was on no level.
 */
SPECIALISED void
set_v(struct rive *r, int c, int v, int words)
{
	if (words == 1) {
		if (r->v[c] != INT16_MAX)
			r->level[r->v[c]] &= ~(UINT64_C(1) << c);
		r->level[v] |= UINT64_C(1) << c;
		r->levels |= UINT64_C(1) << v;
	}
	r->v[c] = (int16_t)v;
}

/* v(e) of the empty cells of set[] rises to at least s. */
SPECIALISED void
raise_v(struct rive *r, const uint64_t *set, int s, int words)
{
	uint64_t x;
	int	 i, c;

	for (i = 0; i < words; i++)
		for (x = set[i] & r->empty[i]; x != 0; x &= x - 1) {
			c = i * 64 + __builtin_ctzll(x);
			if (r->v[c] < s)
				set_v(r, c, s, words);
		}
}

/* On one word, each empty cell on the level of its v(e), afresh. */
static void
build_levels(const struct rules_board *b, struct rive *r)
{
	uint64_t x;
	int	 c;

	if (b->words != 1)
		return;
	memset(r->level, 0, sizeof r->level);
	r->levels = 0;
	for (x = r->empty[0]; x != 0; x &= x - 1) {
		c = __builtin_ctzll(x);
		r->level[r->v[c]] |= UINT64_C(1) << c;
		r->levels |= UINT64_C(1) << r->v[c];
	}
}

/*
 * Group g has grown (a placement joining at most one group): v(e) of
 * the empty cells next to it rises to its size, as no other group
 * changed, and no v(e) falls, so M stays unless no cell is left at M.  A
 * cell next to g was at M or above and is now above M, as the group has
 * M + 1 stones: no placement.  So only the cells at M, those in can,
 * change: they rise to M + 1.
 */
SPECIALISED void
grow_v(const struct rules_board *b, struct rive *r, int g, int words)
{
	uint64_t adj[WORDS], x;
	int	 i, j, c = g;

	if (words == 1)
		adj[0] = r->around[g];
	else {
		memset(adj, 0, (size_t)words * sizeof *adj);
		do {
			for (j = 0; j < words; j++)
				adj[j] |= b->nbset[c][j];
			c = r->grp.next[c];
		} while (c != g);
	}
	if (words == 1) {
		/* The cells at M, all of level[M], move up together. */
		x = adj[0] & r->can[0];
		r->level[r->vmin] &= ~x;
		r->level[r->grp.size[g]] |= x;
		r->levels |= UINT64_C(1) << r->grp.size[g];
	}
	for (i = 0; i < words; i++) {
		for (x = adj[i] & r->can[i]; x != 0; x &= x - 1)
			r->v[i * 64 + __builtin_ctzll(x)] = r->grp.size[g];
		r->can[i] &= ~adj[i];
	}
	r->ncan = (int16_t)set_count(r->can, words);
}

static void
end_turn(const struct rules_board *b, struct rive *r)
{
	(void)b;
	r->head.to_move = (uint8_t)!r->head.to_move;
	/* The board fills only at the end of a turn (rules.md §3). */
	r->head.phase = r->nempty == 0 ? RULES_GAME_OVER : RULES_TURN_START;
}

static void
put_stone(const struct rules_board *b, struct rive *r, int e, int p)
{
	r->cell[e] = (uint8_t)(1 + p);
	hexgroup_single(&r->grp, e);
	if (b->words == 1) {
		r->around[e] = b->nbset[e][0];
		r->level[r->v[e]] &= ~(UINT64_C(1) << e);
	}
	r->v[e] = INT16_MAX;
	r->ncan -= bit_get(r->can, e);
	bit_clear(r->can, e);
	bit_clear(r->empty, e);
	r->nempty--;
	r->stones[p]++;
}

/*
 * The removal set is complete: what stays of the group is one group, of
 * `keep' stones, and v(e) is judged afresh next to the old one.  Every
 * group the merge joined had at most keep - 1 stones, so an empty cell
 * next to what stays and next to no stone removed has v(e) = keep, or
 * what it had if more (a group elsewhere); v(e) falls only next to a
 * stone removed, and is counted afresh there and on the cells emptied.
 */
SPECIALISED void
regroup(const struct rules_board *b, struct rive *r, int words)
{
	uint64_t stay[WORDS], near[WORDS], adj[WORDS], x;
	int	 i, j, c, s = r->placed, prev = s;

	r->grp.gid[s] = (int16_t)s;
	memset(near, 0, (size_t)words * sizeof *near);
	for (i = 0; i < words; i++) {
		stay[i] = r->group[i] & ~r->removed[i];
		for (x = stay[i]; x != 0; x &= x - 1) {
			c = i * 64 + __builtin_ctzll(x);
			for (j = 0; j < words; j++)
				near[j] |= b->nbset[c][j];
			if (c != s) {
				r->grp.gid[c] = (int16_t)s;
				r->grp.next[prev] = (int16_t)c;
				prev = c;
			}
		}
	}
	r->grp.next[prev] = (int16_t)s;
	r->grp.size[s] = r->keep;
	if (words == 1)
		r->around[s] = near[0];
	/* Counted afresh next to a stone removed, raised elsewhere. */
	set_around(b, r->removed, adj, words);
	for (i = 0; i < words; i++) {
		adj[i] = (adj[i] | r->removed[i]) & r->empty[i];
		near[i] &= ~adj[i];
	}
	raise_v(r, near, r->keep, words);
	for (i = 0; i < words; i++)
		for (x = adj[i]; x != 0; x &= x - 1) {
			c = i * 64 + __builtin_ctzll(x);
			set_v(r, c, rive_v(b, r, c), words);
		}
	memset(r->group, 0, sizeof r->group);
	memset(r->removed, 0, sizeof r->removed);
}

/* ---- The interface -------------------------------------------------- */

static int
rive_board(struct rules_board *b, const char *spec, struct diag *d)
{
	int n;

	if (strcmp(spec, "3-3-5") == 0)
		return rules_hex_init(b, 7, 5, 4, 10, "3-3-5", d);
	if (!rules_hexhex_spec(spec, &n) || n < 2 || n > 12)
		return diag_set(d, DIAG_BAD_BOARD,
		    "rive is played on the 3-3-5 board or a hexhex board of "
		    "side 2 to 12 (\"3-3-5\", \"4\"), not \"%s\"",
		    spec);
	return rules_hexhex_init(b, n, d);
}

static int
rive_init(const struct rules_board *b, void *st, const struct rules_variant *v,
    struct diag *d)
{
	struct rive *r = gamekit_clear(st, sizeof *r);

	(void)v;
	(void)d;
	set_fill(r->empty, b->ncells);
	r->nempty = (int16_t)b->ncells;
	r->placed = -1;
	build_levels(b, r);
	find_placements(r, b->words);
	return 0;
}

/* The placements or removals kept in can, in cell order. */
static size_t
rive_legal(const struct rules_board *b, const void *st,
    struct rules_action *out, size_t cap)
{
	const struct rive *r = st;
	int		   kind = r->owed > 0 ? RULES_REMOVE : RULES_PLACE;

	if (r->head.phase == RULES_GAME_OVER)
		return 0;
	set_actions(r->can, b->words, kind, out, cap);
	return (size_t)r->ncan;
}

/* Action i of rive_legal()'s list, found by counting bits. */
COUNTS static void
rive_legal_at(const struct rules_board *b, const void *st, size_t i,
    struct rules_action *out)
{
	const struct rive *r = st;

	*out = (struct rules_action){ .kind = r->owed > 0 ? RULES_REMOVE :
							    RULES_PLACE,
		.to = (int16_t)set_nth(r->can, b->words, i) };
}

/*
 * Why a placement on e is refused (it is not in can), in the order the
 * rules are checked.
 */
static int
placement_refused(
    const struct rules_board *b, const struct rive *r, int e, struct diag *d)
{
	char name[RULES_CELL_NAME], list[96];
	bool in[RULES_MAX_CELLS];
	int  v, mv, i;

	if (r->owed > 0)
		return diag_set(d, DIAG_REMOVAL_MISSING,
		    "%d stone%s of the new group at %s must be removed before "
		    "the next placement (%d to go)",
		    r->need, r->need == 1 ? "" : "s",
		    rules_cell_name(b, r->placed, name), r->owed);
	if (e < 0 || e >= b->ncells)
		return diag_set(d, DIAG_OFF_BOARD, "no such cell");
	rules_cell_name(b, e, name);
	if (r->cell[e] != 0)
		return diag_set(d, DIAG_OCCUPIED, "%s is occupied", name);
	v = r->v[e];
	mv = r->vmin;
	for (i = 0; i < b->ncells; i++)
		in[i] = bit_get(r->can, i);
	hexgroup_list_cells(b, in, 5, list, sizeof list);
	if (mv == 0)
		return diag_set(d, DIAG_NOT_SMALLEST,
		    "%s touches a group of %d stone%s, but cells "
		    "touching no group are free: %s",
		    name, v, v == 1 ? "" : "s", list);
	return diag_set(d, DIAG_NOT_SMALLEST,
	    "%s touches a group of %d stones, but cells whose largest "
	    "neighbouring group is %d are free: %s",
	    name, v, mv, list);
}

/*
 * The groups next to the empty cell e: their representatives into
 * roots[6], their stones added up into *sum; returns how many.  On one
 * word the stones next to e are bits of a word and the groups met are
 * another, so that the empty neighbours cost no branch to mispredict.
 */
SPECIALISED int
groups_touched(const struct rules_board *b, const struct rive *r, int e,
    int *roots, int *sum, int words)
{
	uint64_t x, met = 0;
	int	 g, n = 0;

	if (words != 1)
		return hexgroup_around(b, &r->grp, r->cell, e, 0, roots, sum);
	*sum = 0;
	for (x = b->nbset[e][0] & ~r->empty[0]; x != 0; x &= x - 1) {
		g = r->grp.gid[__builtin_ctzll(x)];
		if ((met >> g) & 1)
			continue;
		met |= UINT64_C(1) << g;
		roots[n++] = g;
		*sum += r->grp.size[g];
	}
	return n;
}

SPECIALISED int
rive_place(const struct rules_board *b, struct rive *r,
    const struct rules_action *a, struct diag *d, int words)
{
	char name[RULES_CELL_NAME];
	int  p = r->head.to_move, e = a->to, v, c;
	int  roots[6], nroots, sum, i, j;

	/* can holds the placements when no removal is owed. */
	if (r->owed > 0 || e < 0 || e >= b->ncells || !bit_get(r->can, e))
		return placement_refused(b, r, e, d);
	v = r->v[e];
	nroots = groups_touched(b, r, e, roots, &sum, words);
	if (nroots <= 1 && a->capture)
		return diag_set(d, DIAG_NOT_A_CAPTURE,
		    "%s is marked as a capture but joins no two groups, so "
		    "nothing is removed",
		    rules_cell_name(b, e, name));
	r->need = 0;
	put_stone(b, r, e, p);
	if (nroots <= 1) {
		if (nroots == 1) {
			hexgroup_merge(&r->grp, roots[0], e);
			if (words == 1)
				r->around[roots[0]] |= b->nbset[e][0];
		}
		grow_v(b, r, r->grp.gid[e], words);
		end_turn(b, r);
		if (r->ncan == 0)
			find_placements(r, words);
		return 0;
	}
	/* A merge: |G| - (v + 1) stones of G go, checked as a set. */
	memset(r->group, 0, sizeof r->group);
	memset(r->removed, 0, sizeof r->removed);
	memset(r->joined, 0, sizeof r->joined);
	for (j = 0; j < nroots; j++) {
		c = roots[j];
		do {
			bit_set(r->joined[j], c);
			c = r->grp.next[c];
		} while (c != roots[j]);
		for (i = 0; i < words; i++)
			r->group[i] |= r->joined[j][i];
		r->walked[j] = false;
	}
	r->njoined = (int16_t)nroots;
	memcpy(r->part, r->group, sizeof r->part);
	bit_set(r->group, e);
	r->placed = (int16_t)e;
	r->owed = r->need = (int16_t)(sum - v);
	r->keep = (int16_t)(v + 1);
	r->head.phase = RULES_TURN_MIDDLE;
	list_removals(b, r, words);
	return 0;
}

/*
 * Why the removal of c (on the board) is refused (it is not in can, or
 * no removal is owed), in the order the rules are checked.
 */
static int
removal_refused(
    const struct rules_board *b, const struct rive *r, int c, struct diag *d)
{
	char   name[RULES_CELL_NAME], pname[RULES_CELL_NAME];
	char   parts[256], list[128];
	bool   in[RULES_MAX_CELLS], seen[RULES_MAX_CELLS];
	int    i, k, q, nparts = 0;
	size_t len = 0;

	rules_cell_name(b, c, name);
	if (r->owed == 0) {
		if (r->need == 0)
			return diag_set(d, DIAG_REMOVAL_EXTRA,
			    "no removal is owed: %s stays", name);
		return diag_set(d, DIAG_REMOVAL_EXTRA,
		    "the group at %s needed %d removal%s, all made: %s stays",
		    rules_cell_name(b, r->placed, pname), r->need,
		    r->need == 1 ? "" : "s", name);
	}
	rules_cell_name(b, r->placed, pname);
	if (c == r->placed)
		return diag_set(d, DIAG_REMOVAL_PLACED_STONE,
		    "%s was just placed and cannot be removed", name);
	if (bit_get(r->removed, c))
		return diag_set(d, DIAG_REMOVAL_REPEATED,
		    "%s was already removed in this turn", name);
	if (r->cell[c] == 0)
		return diag_set(d, DIAG_REMOVAL_EMPTY,
		    "%s is empty: there is no stone to remove", name);
	if (!bit_get(r->group, c)) {
		for (i = 0; i < b->ncells; i++)
			in[i] = bit_get(r->group, i) && !bit_get(r->removed, i);
		hexgroup_list_cells(b, in, 12, list, sizeof list);
		return diag_set(d, DIAG_REMOVAL_NOT_IN_GROUP,
		    "%s is not in the group just formed at %s (%s)", name,
		    pname, list);
	}
	/* Name the parts, the placed stone's first. */
	memset(seen, 0, sizeof seen);
	for (i = -1; i < b->ncells; i++) {
		q = i < 0 ? r->placed : i;
		if (q == c || seen[q] || !bit_get(r->group, q) ||
		    bit_get(r->removed, q))
			continue;
		memset(in, 0, sizeof in);
		reach(b, r, q, c, in);
		for (k = 0; k < b->ncells; k++)
			seen[k] = seen[k] || in[k];
		hexgroup_list_cells(b, in, 8, list, sizeof list);
		len += (size_t)snprintf(parts + len, sizeof parts - len, "%s%s",
		    nparts++ ? " and " : "", list);
		if (len >= sizeof parts)
			len = sizeof parts - 1;
	}
	return diag_set(d, DIAG_REMOVAL_SPLITS,
	    "removing %s would split the group into %s: the %d stones "
	    "left must be connected",
	    name, parts, r->keep);
}

SPECIALISED int
rive_remove(const struct rules_board *b, struct rive *r,
    const struct rules_action *a, struct diag *d, int words)
{
	int p = r->head.to_move, c = a->to, q, j;

	if (c < 0 || c >= b->ncells)
		return diag_set(d, DIAG_OFF_BOARD, "no such cell");
	/* can holds the stones that may go while a removal is owed. */
	if (r->owed == 0 || !bit_get(r->can, c))
		return removal_refused(b, r, c, d);
	q = r->cell[c] - 1;
	r->cell[c] = 0;
	bit_set(r->empty, c);
	bit_set(r->removed, c);
	r->nempty++;
	r->stones[q]--;
	if (q != p)
		r->captured[p]++;
	if (--r->owed == 0) {
		regroup(b, r, words);
		find_placements(r, words);
	} else if (bit_get(r->part, c)) {
		/* Only c's group, of those the merge joined, has changed. */
		for (j = 0; !bit_get(r->joined[j], c); j++)
			;
		if (words == 1 && walk_follows(b, r, j, c))
			walk_word(b, r, j);
		else
			flood_group(b, r, j, words);
		list_removals(b, r, words);
	} else {
		/*
		 * c was not joined to the placed stone: that part, and so
		 * what may go, is as it was, less c.
		 */
		bit_clear(r->can, c);
		r->ncan--;
	}
	return 0;
}

SPECIALISED int
play_words(const struct rules_board *b, struct rive *r,
    const struct rules_action *a, struct diag *d, int words)
{
	switch (a->kind) {
	case RULES_PLACE: return rive_place(b, r, a, d, words);
	case RULES_REMOVE: return rive_remove(b, r, a, d, words);
	case RULES_PASS:
		return diag_set(d, DIAG_NO_PASS,
		    "rive has no pass: a legal placement always exists");
	default:
		return diag_set(d, DIAG_WRONG_ACTION,
		    "a rive turn is placements with removals, or \"swap\": "
		    "nothing is moved");
	}
}

COUNTS static int
rive_play(const struct rules_board *b, void *st, const struct rules_action *a,
    struct diag *d)
{
	struct rive *r = st;

	/* One word of cells (side 5 and smaller): see SPECIALISED. */
	if (b->words == 1)
		return play_words(b, r, a, d, 1);
	return play_words(b, r, a, d, b->words);
}

static void
rive_score(const struct rules_board *b, const void *st, struct rules_score *s)
{
	const struct rive *r = st;

	(void)b;
	/* Odd cell counts: a full board has no draw. */
	gamekit_score_stones(s, &r->head, r->stones, r->captured);
}

/*
 * Any arrangement of black and white stones is accepted (Rive has no
 * invariant to check; its rule orders play, not shapes).  A full board is
 * a finished game.  A set-up position has no pie rule.
 */
static int
rive_setup(const struct rules_board *b, void *st, const struct rules_variant *v,
    const int *pieces, int to_move, struct diag *d)
{
	struct rive *r = st;
	int	     i, k, m;

	if (gamekit_setup(&rules_rive, b, r, v, pieces, "stones", d) == -1)
		return -1;
	for (i = 0; i < b->ncells; i++) {
		if (pieces[i] == RULES_EMPTY)
			continue;
		put_stone(b, r, i, RULES_COLOUR_OF(pieces[i]));
		for (k = 0; k < b->degree[i]; k++) {
			m = b->nb[i][k];
			if (r->cell[m] != 0 && r->grp.gid[m] != r->grp.gid[i])
				hexgroup_merge(
				    &r->grp, r->grp.gid[m], r->grp.gid[i]);
		}
	}
	for (i = 0; i < b->ncells; i++)
		if (r->cell[i] == 0)
			r->v[i] = (int16_t)rive_v(b, r, i);
		else if (b->words == 1 && r->grp.gid[i] != i)
			r->around[r->grp.gid[i]] |= b->nbset[i][0];
	build_levels(b, r);
	find_placements(r, b->words);
	r->head.to_move = (uint8_t)to_move;
	if (r->nempty == 0)
		r->head.phase = RULES_GAME_OVER;
	return 0;
}

/*
 * Perft by complete turns (formats/rive.md): a turn's placements and
 * removal sets are one path, each removal set counted once (its stones
 * taken in increasing cell order), a swap is a turn, a finished game is
 * one leaf.
 */
static uint64_t
turn_perft(
    const struct rules_board *b, const struct rive *r, int depth, int minrem)
{
	struct rules_action acts[RULES_MAX_CELLS + 2];
	struct rive	    child;
	uint64_t	    total = 0;
	size_t		    n, i;
	int		    roots[6], sum;

	if (depth == 0 || r->head.phase == RULES_GAME_OVER)
		return 1;
	/* Through the registry, for the swap and the turn counter. */
	n = rules_state_legal(&rules_rive, b, r, acts, RULES_MAX_CELLS + 2);
	for (i = 0; i < n; i++) {
		if (acts[i].kind == RULES_REMOVE && acts[i].to < minrem)
			continue;
		/* A placement joining at most one group ends the turn. */
		if (depth == 1 && acts[i].kind == RULES_PLACE &&
		    groups_touched(b, r, acts[i].to, roots, &sum, b->words) <=
			1) {
			total++;
			continue;
		}
		child = *r;
		if (rules_state_play(&rules_rive, b, &child, &acts[i], NULL) ==
		    -1)
			continue;
		if (child.head.phase != RULES_TURN_MIDDLE)
			total += turn_perft(b, &child, depth - 1, 0);
		else
			total += turn_perft(b, &child, depth,
			    acts[i].kind == RULES_REMOVE ? acts[i].to + 1 : 0);
	}
	return total;
}

static uint64_t
rive_perft(const struct rules_board *b, const void *st, int depth)
{
	return turn_perft(b, st, depth, 0);
}

const struct rules_game rules_rive = {
	.title = "Rive",
	.colour = { "black", "white" },
	.default_board = "3-3-5",
	.figure = { "stone", "stones" },
	.turn_cap = 1000,
	.has_pie = true,
	RULES_GAME_ENTRIES(rive, gamekit_cell_piece),
	.legal_at = rive_legal_at,
	.perft = rive_perft,
};
