/* SPDX-License-Identifier: MIT */
/*
 * The solver's interface (solve.h): the solver object and its table, the
 * budgets, the root cases (a finished game, a pass, the all mode) and
 * the bridges from the rules core's positions and from the FFO/Edax board
 * text.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "solve/bits.h"
#include "solve/search.h"
#include "solve/solve.h"

struct solve {
	struct search s;
};

struct solve *
solve_new(size_t tt_bytes)
{
	struct solve *sv;

	bits_init();
	if ((sv = calloc(1, sizeof *sv)) == NULL)
		return NULL;
	sv->s.v3 = search_have_v3();
	if (tt_init(&sv->s.tt, tt_bytes != 0 ? tt_bytes : SOLVE_TT_DEFAULT) <
	    0) {
		free(sv);
		return NULL;
	}
	return sv;
}

void
solve_free(struct solve *sv)
{
	if (sv == NULL)
		return;
	tt_free(&sv->s.tt);
	free(sv);
}

void
solve_clear(struct solve *sv)
{
	tt_clear(&sv->s.tt);
}

/* search_ab or search_root in the copy this processor runs. */
static int
ab(struct search *s, uint64_t P, uint64_t O, int alpha, int beta, int n,
    bool passed)
{
	return s->v3 ? search_ab_v3(s, P, O, alpha, beta, n, passed) :
		       search_ab(s, P, O, alpha, beta, n, passed);
}

static int
root(struct search *s, uint64_t P, uint64_t O, int n, int *bm,
    struct search_value *all)
{
	return s->v3 ? search_root_v3(s, P, O, n, bm, all) :
		       search_root(s, P, O, n, bm, all);
}

/* Readies the search for one solve within the options' budgets. */
static void
start(struct search *s, const struct solve_options *opt, double t0)
{
	s->nodes = 0;
	s->aborted = false;
	s->max_nodes = opt != NULL ? opt->max_nodes : 0;
	s->deadline = opt != NULL && opt->max_seconds > 0 ?
	    t0 + opt->max_seconds :
	    0;
	s->next_check = s->max_nodes != 0 && s->max_nodes < 1024 ?
	    s->max_nodes :
	    1024;
	/* A new date: the entries of earlier solves give way first. */
	if (++s->tt.date == 0)
		s->tt.date = 1;
}

/* The all mode: every move's value, the best ones; the root's value. */
static void
solve_all(struct search *s, uint64_t me, uint64_t opp, struct solve_result *r)
{
	struct search_value v[SOLVE_MAX_MOVES];
	int		    i, nm, best = -SEARCH_INF;

	nm = root(s, me, opp, r->empties, &i, v);
	r->nmoves = nm;
	for (i = 0; i < nm; i++) {
		r->moves[i].square = v[i].sq;
		r->moves[i].score = v[i].exact ? v[i].score :
						 SOLVE_SCORE_UNKNOWN;
		if (v[i].exact && v[i].score > best)
			best = v[i].score;
	}
	if (s->aborted)
		return;
	r->score = best;
	for (i = 0; i < nm; i++)
		if (v[i].score == best)
			r->best[r->nbest++] = v[i].sq;
}

/* A root where the side to move must pass: the value after the pass. */
static void
solve_pass(struct search *s, uint64_t me, uint64_t opp,
    const struct solve_options *opt, struct solve_result *r)
{
	int v = -ab(s, opp, me, -64, 64, r->empties, true);

	if (s->aborted)
		return;
	r->score = v;
	r->nbest = 1;
	r->best[0] = SOLVE_PASS;
	if (opt != NULL && opt->all) {
		r->nmoves = 1;
		r->moves[0] = (struct solve_move){ SOLVE_PASS, v };
	}
}

int
solve_bitboards(struct solve *sv, uint64_t me, uint64_t opp,
    const struct solve_options *opt, struct solve_result *r)
{
	struct search *s = &sv->s;
	double	       t0 = search_clock();
	int	       bm;

	memset(r, 0, sizeof *r);
	if ((me & opp) != 0)
		return -1;
	start(s, opt, t0);
	r->empties = 64 - bits_count(me | opp);
	r->status = SOLVE_EXACT;
	if (bits_moves(me, opp) == 0 && bits_moves(opp, me) == 0) {
		r->over = true;
		r->score = bits_final(me, opp);
		r->seconds = search_clock() - t0;
		return 0;
	}
	if (bits_moves(me, opp) == 0)
		solve_pass(s, me, opp, opt, r);
	else if (opt != NULL && opt->all)
		solve_all(s, me, opp, r);
	else {
		r->score = root(s, me, opp, r->empties, &bm, NULL);
		r->nbest = 1;
		r->best[0] = bm;
	}
	r->nodes = s->nodes;
	r->seconds = search_clock() - t0;
	if (!s->aborted)
		return 0;
	r->status = SOLVE_UNKNOWN;
	r->score = SOLVE_SCORE_UNKNOWN;
	r->nbest = 0;
	return 1;
}

int
solve_position(struct solve *sv, const struct rules_position *pos,
    const struct solve_options *opt, struct solve_result *r, struct diag *d)
{
	uint64_t bb[2] = { 0, 0 };
	int	 cell, piece, me;

	if (pos->game != &rules_reversi || pos->board.width != 8 ||
	    pos->board.height != 8)
		return diag_set(d, DIAG_NONE,
		    "the solver serves reversi on 8x8, not %s on %s",
		    pos->game->name, pos->board.name);
	if (rules_mid_turn(pos))
		return diag_set(
		    d, DIAG_NONE, "the position is in the middle of a turn");
	for (cell = 0; cell < 64; cell++)
		if ((piece = rules_piece(pos, cell)) != RULES_EMPTY)
			bb[piece - RULES_PIECE(0)] |= UINT64_C(1) << cell;
	me = rules_to_move(pos) == 1 ? 1 : 0;
	return solve_bitboards(sv, bb[me], bb[!me], opt, r);
}

int
solve_parse_board(
    const char *text, uint64_t *me, uint64_t *opp, const char **end)
{
	uint64_t bb[2] = { 0, 0 };
	int	 i = 0, c, side;

	while (i < 65) {
		c = toupper((unsigned char)*text);
		if (c == '\0')
			return -1;
		text++;
		if (isspace(c))
			continue;
		side = c == 'X' || c == '*' || c == 'B' ? 0 :
		    c == 'O' || c == 'W'		? 1 :
		    c == '-' || c == '.'		? 2 :
							  -1;
		if (side < 0 || (i == 64 && side == 2) ||
		    (i < 64 && c == 'B') || (i < 64 && c == 'W'))
			return -1;
		if (i == 64)
			break;
		if (side < 2)
			bb[side] |= UINT64_C(1) << i;
		i++;
	}
	*me = bb[side];
	*opp = bb[!side];
	if (end != NULL)
		*end = text;
	return side;
}
