/* SPDX-License-Identifier: MIT */
/*
 * The generic exact solver (game.h): fail-soft negamax with alpha-beta
 * over rules_state_legal and rules_state_play, the sign turning only
 * where the colour to move changes (a turn of several actions, or the pie
 * rule's swap, after which White plays on); a transposition table of
 * turn starts; a line that comes back to a turn start on its path stops
 * the solve (no finite value; in Herd also any line that reaches a roll
 * of the dice, formats/solve.md, "Other games").  Within a turn
 * the removals of one set are tried in one order only (cell order), as
 * the perft walk counts them, since a set's removals commute.
 */
#include <stdlib.h>
#include <string.h>

#include "solve/game.h"
#include "solve/search.h"

/* Nodes between two readings of the clock. */
#define CLOCK_EVERY 1024

/*
 * An entry: a turn start by two independent 64-bit keys (a false hit
 * needs both to agree: about 2^-100 per probe at these table sizes),
 * the bounds its search proved and the best action's index.
 */
struct gentry {
	uint64_t k1, k2;
	int	 lo, hi;
	int32_t	 best; /* -1: none */
};

struct gsearch {
	const struct rules_game	 *g;
	const struct rules_board *b;
	struct gentry		 *tt;
	size_t			  mask;
	uint64_t		  nodes, max_nodes, next_check;
	double			  deadline;
	const char		 *why;	/* set: the solve is void */
	uint64_t		 *path; /* keys of the turn starts above */
	size_t			  npath, cappath;
};

/* Beyond any value: no game's points difference reaches it. */
#define VALUE_INF 1000000

static uint64_t
mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/*
 * The keys of a turn start: its pieces, the colour to move and the turn
 * while it still matters (the pie rule's swap on turn 2, Herd's first
 * roll on turn 1), which is all that decides a turn start's future in
 * every game here (the perft table keys them alike).
 */
static void
keys(const struct gsearch *s, const void *st, uint64_t *k1, uint64_t *k2)
{
	const struct rules_head *h = st;
	uint64_t		 a, b;
	int			 i, p;

	a = (uint64_t)h->to_move + (h->turn <= 2 ? 2 * (uint64_t)h->turn : 0);
	*k1 = mix(a + UINT64_C(0x5eed));
	*k2 = mix(a + UINT64_C(0x2545f4914f6cdd1d));
	for (i = 0; i < s->b->ncells; i++)
		if ((p = s->g->piece(s->b, st, i)) != RULES_EMPTY) {
			b = (uint64_t)i << 8 | (uint64_t)p;
			*k1 ^= mix(b + UINT64_C(0x9e3779b97f4a7c15));
			*k2 ^= mix(b * UINT64_C(0xd6e8feb86659fd93) + 1);
		}
}

/* The final points difference for the colour to move of an ended st. */
static int
final_value(const struct gsearch *s, const void *st)
{
	const struct rules_head *h = st;
	struct rules_score	 sc;
	int			 c = h->to_move;

	memset(&sc, 0, sizeof sc);
	sc.winner = -1;
	s->g->score(s->b, st, &sc);
	if (sc.alt_name == NULL)
		return sc.points[c] - sc.points[1 - c];
	return sc.alt[c] - sc.alt[1 - c];
}

/* Whether a budget ran out (then s->why stays set). */
static bool
out_of_budget(struct gsearch *s)
{
	if (s->why != NULL)
		return true;
	if (++s->nodes < s->next_check)
		return false;
	s->next_check = s->nodes + CLOCK_EVERY;
	if (s->max_nodes != 0 && s->nodes >= s->max_nodes)
		s->why = "nodes";
	else if (s->deadline != 0 && search_clock() >= s->deadline)
		s->why = "seconds";
	return s->why != NULL;
}

static struct gentry *
probe(struct gsearch *s, uint64_t k1, uint64_t k2)
{
	struct gentry *e = &s->tt[k1 & s->mask];

	return e->k1 == k1 && e->k2 == k2 ? e : NULL;
}

static void
store(struct gsearch *s, uint64_t k1, uint64_t k2, int lo, int hi, int best)
{
	struct gentry *e = &s->tt[k1 & s->mask];

	*e = (struct gentry){ k1, k2, lo, hi, best };
}

/*
 * Enters the turn start of keys k1, k2 on the search's path: a game that
 * comes back to a turn start it has left can go on for ever (Herd's
 * removals, Stones!'s sideways jumps), and the rules give such a line no
 * value, so the solve stops with "repetition" rather than guess one.
 * Returns false (s->why set) when it does, or when memory runs out.
 */
static bool
path_push(struct gsearch *s, uint64_t k1, uint64_t k2)
{
	size_t i;

	for (i = 0; i < s->npath; i += 2)
		if (s->path[i] == k1 && s->path[i + 1] == k2) {
			s->why = "repetition";
			return false;
		}
	if (s->npath + 2 > s->cappath) {
		size_t	  cap = s->cappath == 0 ? 64 : 2 * s->cappath;
		uint64_t *p = realloc(s->path, cap * sizeof *p);

		if (p == NULL) {
			s->why = "memory";
			return false;
		}
		s->path = p;
		s->cappath = cap;
	}
	s->path[s->npath++] = k1;
	s->path[s->npath++] = k2;
	return true;
}

static int search(struct gsearch *, const void *, int, int, int);

/*
 * The value of the child after action a of st, for st's colour to move,
 * in the window (alpha, beta); minrem as search's.
 */
static int
child_value(struct gsearch *s, const void *st, void *child,
    const struct rules_action *a, int alpha, int beta, bool *legal)
{
	const struct rules_head *h = st, *ch = child;
	int			 minrem;

	memcpy(child, st, s->g->state_size);
	*legal = rules_state_play(s->g, s->b, child, a, NULL) == 0;
	if (!*legal)
		return -VALUE_INF;
	if (ch->to_move == h->to_move) {
		minrem = ch->phase == RULES_TURN_MIDDLE &&
			a->kind == RULES_REMOVE ?
		    a->to + 1 :
		    0;
		return search(s, child, alpha, beta, minrem);
	}
	return -search(s, child, -beta, -alpha, 0);
}

/*
 * Fail-soft alpha-beta: the value of st for its colour to move, exact
 * inside (alpha, beta), a bound outside.  minrem: within a turn, the
 * lowest cell a further removal may take (a set's removals are tried in
 * cell order only).  Meaningless once s->why is set.
 */
static int
search(struct gsearch *s, const void *st, int alpha, int beta, int minrem)
{
	const struct rules_head *h = st;
	struct rules_action	*acts;
	int			 best = -VALUE_INF, v, a0;
	struct gentry		*e = NULL;
	unsigned char		*child;
	uint64_t		 k1 = 0, k2 = 0;
	size_t			 n, i, k;
	int			 bi = -1, first = -1;
	bool			 hashed, legal;

	if (out_of_budget(s))
		return -VALUE_INF;
	if (rules_state_phase(s->g, s->b, st) == RULES_GAME_OVER)
		return final_value(s, st);
	hashed = h->phase == RULES_TURN_START;
	if (hashed) {
		keys(s, st, &k1, &k2);
		if ((e = probe(s, k1, k2)) != NULL) {
			if (e->lo == e->hi || e->lo >= beta)
				return e->lo;
			if (e->hi <= alpha)
				return e->hi;
			if (e->lo > alpha)
				alpha = e->lo;
			if (e->hi < beta)
				beta = e->hi;
			first = e->best;
		}
	}
	n = rules_state_legal(s->g, s->b, st, NULL, 0);
	if (n == 0)
		return final_value(s, st);
	if (hashed && !path_push(s, k1, k2))
		return -VALUE_INF;
	acts = malloc(n * sizeof *acts);
	child = malloc(s->g->state_size);
	if (acts == NULL || child == NULL) {
		s->why = "memory";
		goto out;
	}
	rules_state_legal(s->g, s->b, st, acts, n);
	if (acts[0].kind == RULES_DICE) {
		/* A roll: the value is an expectation over an endless game. */
		s->why = "dice";
		goto out;
	}
	a0 = alpha;
	for (k = 0; k < n; k++) {
		/* The table's best action first, then the rest in order. */
		i = first < 0 || (size_t)first >= n ? k :
		    k == 0			    ? (size_t)first :
		    k <= (size_t)first		    ? k - 1 :
						      k;
		if (acts[i].kind == RULES_REMOVE && acts[i].to < minrem)
			continue;
		v = child_value(s, st, child, &acts[i],
		    best > alpha ? best : alpha, beta, &legal);
		if (!legal)
			continue;
		if (s->why != NULL)
			goto out;
		if (bi < 0 || v > best) {
			best = v;
			bi = (int)i;
		}
		if (best >= beta)
			break;
	}
	if (hashed && s->why == NULL)
		store(s, k1, k2, best > a0 ? best : -VALUE_INF,
		    best < beta ? best : VALUE_INF, bi);
out:
	if (hashed)
		s->npath -= 2;
	free(child);
	free(acts);
	return best;
}

/*
 * The first action of st that keeps its value v (for st's colour to
 * move), each tried in a null window at v; -1 when a budget ran out.
 */
static int
best_action(struct gsearch *s, const void *st, const struct rules_action *acts,
    size_t n, void *child, int v)
{
	size_t i;
	int    w;
	bool   legal;

	for (i = 0; i < n; i++) {
		w = child_value(s, st, child, &acts[i], v - 1, v, &legal);
		if (s->why != NULL)
			return -1;
		if (legal && w >= v)
			return (int)i;
	}
	return -1;
}

/* The largest value the game's points allow (its points_max, else a
 * point a cell). */
static int
value_max(const struct gsearch *s)
{
	return s->g->points_max != 0 ? s->g->points_max : s->b->ncells;
}

/* Every legal action of st and its value into r->moves (all mode). */
static int
all_values(struct gsearch *s, const void *st, const struct rules_action *acts,
    size_t n, void *child, struct solve_game_result *r)
{
	int    v;
	size_t i;
	bool   legal;

	if ((r->moves = calloc(n, sizeof *r->moves)) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		r->moves[r->nmoves].action = acts[i];
		if (s->why == NULL) {
			/* Every value lies within the points' bounds. */
			v = child_value(s, st, child, &acts[i],
			    -value_max(s) - 1, value_max(s) + 1, &legal);
			if (!legal)
				continue;
			r->moves[r->nmoves].exact = s->why == NULL;
			r->moves[r->nmoves].value = s->why == NULL ? v : 0;
		}
		r->nmoves++;
	}
	return 0;
}

/*
 * One best turn from st into r->best: the best action, then while the
 * turn goes on the best of the next, each by best_action over the table
 * the value's search filled.  Returns -1 if memory ran out.
 */
static int
best_turn(struct gsearch *s, const void *st, struct solve_game_result *r)
{
	const struct rules_head *h = st;
	unsigned char		*cur, *child;
	struct rules_action	*acts = NULL;
	size_t			 n;
	int			 i, rc = -1, me = h->to_move;

	cur = malloc(s->g->state_size);
	child = malloc(s->g->state_size);
	if (cur == NULL || child == NULL)
		goto out;
	memcpy(cur, st, s->g->state_size);
	for (;;) {
		const struct rules_head *ch = (const void *)cur;

		if (r->nbest == SOLVE_GAME_MAX_TURN ||
		    rules_state_phase(s->g, s->b, cur) == RULES_GAME_OVER ||
		    (r->nbest > 0 &&
			(ch->phase != RULES_TURN_MIDDLE || ch->to_move != me)))
			break;
		n = rules_state_legal(s->g, s->b, cur, NULL, 0);
		free(acts);
		if ((acts = malloc((n + 1) * sizeof *acts)) == NULL)
			goto out;
		rules_state_legal(s->g, s->b, cur, acts, n);
		if (n == 0 || acts[0].kind == RULES_DICE)
			break;
		if ((i = best_action(s, cur, acts, n, child, r->value)) < 0)
			break;
		r->best[r->nbest++] = acts[i];
		if (rules_state_play(s->g, s->b, cur, &acts[i], NULL) == -1)
			break;
	}
	rc = 0;
out:
	free(acts);
	free(child);
	free(cur);
	return rc;
}

/*
 * The value of st by null-window searches from 0 (MTD(f)), each
 * narrowing [lo, hi] through the table, from the bounds the game's points
 * allow (points_max), so that a game whose value is a win by 1 (Oust) is
 * proved by the first win found instead of a search of every line.
 */
static int
mtd(struct gsearch *s, const void *st)
{
	int g = 0, lo = -value_max(s), hi = value_max(s), beta;

	while (lo < hi && s->why == NULL) {
		beta = g == lo ? g + 1 : g;
		g = search(s, st, beta - 1, beta, 0);
		if (g < beta)
			hi = g;
		else
			lo = g;
	}
	return g;
}

/* The solve of st into r once s is ready; -1 if memory ran out. */
static int
solve_state(struct gsearch *s, const void *st, const struct solve_options *o,
    struct solve_game_result *r)
{
	struct rules_action *acts;
	unsigned char	    *child;
	size_t		     n;
	int		     rc = -1;

	n = rules_state_legal(s->g, s->b, st, NULL, 0);
	acts = malloc((n + 1) * sizeof *acts);
	child = malloc(s->g->state_size);
	if (acts == NULL || child == NULL)
		goto out;
	rules_state_legal(s->g, s->b, st, acts, n);
	r->value = mtd(s, st);
	if (s->why == NULL && best_turn(s, st, r) == -1)
		goto out;
	if (o->all && all_values(s, st, acts, n, child, r) == -1)
		goto out;
	rc = 0;
out:
	free(child);
	free(acts);
	return rc;
}

int
solve_game(const struct rules_position *pos, const struct solve_options *o,
    size_t tt_bytes, struct solve_game_result *r, struct diag *d)
{
	struct gsearch s = { .g = pos->game, .b = &pos->board };
	size_t	       n = 2;
	double	       t0 = search_clock();
	int	       rc;

	memset(r, 0, sizeof *r);
	r->colour = rules_to_move(pos);
	if (tt_bytes == 0)
		tt_bytes = SOLVE_TT_DEFAULT;
	while (n <= tt_bytes / sizeof *s.tt / 2)
		n *= 2;
	if ((s.tt = calloc(n, sizeof *s.tt)) == NULL)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	s.mask = n - 1;
	s.max_nodes = o->max_nodes;
	s.next_check = CLOCK_EVERY;
	if (o->max_seconds > 0)
		s.deadline = t0 + o->max_seconds;
	if (rules_state_phase(s.g, s.b, pos->state) == RULES_GAME_OVER) {
		r->over = true;
		r->value = final_value(&s, pos->state);
		rc = 0;
	} else
		rc = solve_state(&s, pos->state, o, r);
	free(s.tt);
	free(s.path);
	r->nodes = s.nodes;
	r->seconds = search_clock() - t0;
	if (rc == -1 || (s.why != NULL && strcmp(s.why, "memory") == 0)) {
		solve_game_result_free(r);
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	}
	if (s.why != NULL) {
		r->status = SOLVE_UNKNOWN;
		r->why = s.why;
		r->value = 0;
		r->nbest = 0;
		return 1;
	}
	r->status = SOLVE_EXACT;
	return 0;
}

void
solve_game_result_free(struct solve_game_result *r)
{
	free(r->moves);
	r->moves = NULL;
	r->nmoves = 0;
}
