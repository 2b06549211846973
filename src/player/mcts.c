/* SPDX-License-Identifier: MIT */
/*
 * The mcts player: Monte Carlo tree search with UCT (Kocsis and
 * Szepesvári, 2006) and a budget of playouts per action chosen ("mcts:N").
 * The tree is one of actions, not turns, so a turn of several actions is a
 * path of several nodes of the same player.  Each iteration descends from
 * the position by UCB1 (exploration constant EXPLORE) to a node not yet
 * expanded, expands it with all its legal actions, steps into one of them
 * at random, finishes the game with uniformly random actions (at most
 * PLAYOUT_TURNS more turns; a game still going then is judged on its
 * score), and adds the outcome (1 a win, 1/2 a draw, 0 a loss) to every
 * node on the path for the player who took the action leading to it.
 * Dice are chance nodes: their children are the 36 rolls legal() lists,
 * one of which is sampled uniformly on every visit, never chosen by UCB.
 * The action played is the child of the root visited most.  Nodes live in
 * one array that is reused from choice to choice; positions are not kept
 * in the tree but replayed from the root on every descent.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "player/kinds.h"
#include "util/util.h"

#define EXPLORE	      1.0
#define PLAYOUT_TURNS 1000

struct node {
	struct rules_action act;       /* the action leading here */
	int32_t		    child;     /* first child, or -1 */
	int32_t		    nchildren; /* children are consecutive */
	uint32_t	    visits;
	int8_t		    mover; /* who took act */
	bool		    expanded;
	bool		    chance; /* the children are dice rolls */
	double		    reward; /* total, for mover */
};

struct mcts {
	struct node	      *nodes;
	size_t		       nnodes, cap;
	int32_t		      *path;
	size_t		       path_cap;
	struct rules_action   *acts;
	size_t		       acts_cap;
	struct rules_position *pos; /* the descent's position */
};

static void
mcts_free(struct player *p)
{
	struct mcts *m = p->state;

	if (m == NULL)
		return;
	free(m->nodes);
	free(m->path);
	free(m->acts);
	rules_position_free(m->pos);
	free(m);
	p->state = NULL;
}

/* n new consecutive nodes; their index, or -1 when memory runs out. */
static int32_t
nodes_add(struct mcts *m, size_t n)
{
	int32_t first;

	/* Nodes are numbered by int32_t. */
	if (n > INT32_MAX - m->nnodes ||
	    array_grow(&m->nodes, &m->cap, m->nnodes + n, sizeof *m->nodes) ==
		-1)
		return -1;
	first = (int32_t)m->nnodes;
	m->nnodes += n;
	return first;
}

static int
path_push(struct mcts *m, size_t depth, int32_t node)
{
	if (array_grow(&m->path, &m->path_cap, depth + 1, sizeof *m->path) ==
	    -1)
		return -1;
	m->path[depth] = node;
	return 0;
}

/* Gives node its children: the legal actions of pos.  0 or -1. */
static int
expand(struct mcts *m, int32_t node, const struct rules_position *pos)
{
	struct node *c;
	long	     n, i;
	int32_t	     first;
	int	     mover;

	m->nodes[node].expanded = true;
	if (rules_phase(pos) == RULES_GAME_OVER)
		return 0;
	if ((n = player_legal(pos, &m->acts, &m->acts_cap)) <= 0)
		return n == 0 ? 0 : -1;
	mover = rules_to_move(pos);
	if ((first = nodes_add(m, (size_t)n)) == -1)
		return -1;
	/* nodes_add may have moved the array. */
	m->nodes[node].child = first;
	m->nodes[node].nchildren = (int32_t)n;
	m->nodes[node].chance = m->acts[0].kind == RULES_DICE;
	for (i = 0; i < n; i++) {
		c = &m->nodes[first + i];
		memset(c, 0, sizeof *c);
		c->act = m->acts[i];
		c->child = -1;
		c->mover = (int8_t)mover;
	}
	return 0;
}

/* UCB1 among the children of a decision node; unvisited ones first. */
static int32_t
select_child(
    struct player *p, const struct node *parent, const struct node *nodes)
{
	const struct node *c;
	double		   best = -1, v, logn;
	int32_t		   i, pick = parent->child;
	uint64_t	   ties = 0;

	logn = log((double)parent->visits + 1);
	for (i = 0; i < parent->nchildren; i++) {
		c = &nodes[parent->child + i];
		if (c->visits == 0)
			v = 1e9;
		else
			v = c->reward / c->visits +
			    EXPLORE * sqrt(logn / c->visits);
		if (v > best) {
			best = v;
			pick = parent->child + i;
			ties = 1;
		} else if (v == best && rules_rng_below(&p->rng, ++ties) == 0)
			pick = parent->child + i;
	}
	return pick;
}

/*
 * Plays uniformly random actions to the end of the game or PLAYOUT_TURNS
 * more turns, and says how it went for each colour: reward[c] in 0..1.
 */
static int
playout(struct player *p, struct mcts *m, struct rules_position *pos,
    double reward[RULES_COLOURS])
{
	struct rules_score s;
	long		   n;
	int		   last = rules_turn(pos) + PLAYOUT_TURNS, w;

	while (rules_phase(pos) != RULES_GAME_OVER && rules_turn(pos) < last) {
		if ((n = player_legal(pos, &m->acts, &m->acts_cap)) <= 0) {
			if (n == -1)
				return -1;
			break;
		}
		n = (long)rules_rng_below(&p->rng, (uint64_t)n);
		if (rules_play(pos, &m->acts[n], NULL) == -1)
			break;
	}
	rules_score(pos, &s);
	/* A game the cap stopped is judged on its score as it stands. */
	w = s.over		      ? s.winner :
	    s.points[0] > s.points[1] ? 0 :
	    s.points[1] > s.points[0] ? 1 :
					-1;
	reward[0] = w == 0 ? 1 : w == 1 ? 0 : 0.5;
	reward[1] = 1 - reward[0];
	return 0;
}

static long
mcts_choose(struct player *p, const struct rules_position *root,
    const struct rules_action *legal, size_t n)
{
	struct mcts  *m = p->state;
	struct node  *nd;
	double	      reward[RULES_COLOURS];
	unsigned long it;
	size_t	      depth, i;
	int32_t	      cur, best;

	(void)legal;
	(void)n;
	if (m == NULL) {
		if ((m = calloc(1, sizeof *m)) == NULL)
			return -1;
		p->state = m;
	}
	/* A copy needs the same game (the same state size). */
	if (m->pos == NULL || m->pos->game != root->game) {
		rules_position_free(m->pos);
		if ((m->pos = rules_position_dup(root)) == NULL)
			return -1;
	}
	m->nnodes = 0;
	if (nodes_add(m, 1) == -1)
		return -1;
	memset(&m->nodes[0], 0, sizeof m->nodes[0]);
	m->nodes[0].child = -1;
	m->nodes[0].mover = (int8_t)(1 - rules_to_move(root));
	if (expand(m, 0, root) == -1)
		return -1;
	for (it = 0; it < p->budget; it++) {
		rules_position_copy(m->pos, root);
		cur = 0;
		depth = 0;
		if (path_push(m, depth++, cur) == -1)
			return -1;
		/* Down the tree while it is expanded. */
		while (m->nodes[cur].expanded && m->nodes[cur].nchildren > 0) {
			nd = &m->nodes[cur];
			cur = nd->chance ? nd->child +
				(int32_t)rules_rng_below(
				    &p->rng, (uint64_t)nd->nchildren) :
					   select_child(p, nd, m->nodes);
			if (rules_play(m->pos, &m->nodes[cur].act, NULL) ==
				-1 ||
			    path_push(m, depth++, cur) == -1)
				return -1;
		}
		/* One new node, one step into it. */
		if (!m->nodes[cur].expanded) {
			if (expand(m, cur, m->pos) == -1)
				return -1;
			nd = &m->nodes[cur];
			if (nd->nchildren > 0) {
				cur = nd->child +
				    (int32_t)rules_rng_below(
					&p->rng, (uint64_t)nd->nchildren);
				if (rules_play(m->pos, &m->nodes[cur].act,
					NULL) == -1 ||
				    path_push(m, depth++, cur) == -1)
					return -1;
			}
		}
		if (playout(p, m, m->pos, reward) == -1)
			return -1;
		for (i = 0; i < depth; i++) {
			nd = &m->nodes[m->path[i]];
			nd->visits++;
			nd->reward += reward[nd->mover];
		}
	}
	/* The most visited action; the first such in legal() order. */
	nd = &m->nodes[0];
	best = nd->child;
	for (cur = nd->child; cur < nd->child + nd->nchildren; cur++)
		if (m->nodes[cur].visits > m->nodes[best].visits)
			best = cur;
	return best - nd->child;
}

const struct player_kind player_mcts = {
	.name = "mcts",
	.budget = true,
	.choose = mcts_choose,
	.free = mcts_free,
};
