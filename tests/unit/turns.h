/* SPDX-License-Identifier: MIT */
/*
 * Test helpers for playing any game through the rules interface: turns
 * written as the notation writes them ("f5", "c1-f4", "35:xd2,e5",
 * "c5*,g4", "b3xc3,c4", "pass", "swap"), played action by action, refused
 * actions checked to leave the position as it was, and legal actions
 * listed as names; the game tests' position made and freed around each
 * test (TURNS_TEST), and their shared checks: phase, mover and board, a
 * finished game's score, perft against an oracle, seeded playouts.  The
 * real notation reader lives in src/record; this is the least the rules
 * tests need.
 */
#ifndef ARBITER_TEST_TURNS_H
#define ARBITER_TEST_TURNS_H

#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "diagram.h"

/* A new position of the named game on board spec (NULL: the default). */
static inline struct rules_position *
turns_new(const char *game, const char *spec)
{
	struct diag	       d;
	struct rules_position *pos;

	pos = rules_position_new(rules_game_find(game), spec, NULL, &d);
	ck_assert_msg(pos != NULL, "%s", d.msg);
	return pos;
}

/*
 * A Check test (START_TEST) called name whose body, which follows as a
 * block, plays on pos: a new position of game on board spec (NULL: the
 * default), made before the body and freed after it, as a fixture would.
 */
#define TURNS_TEST(name, game, spec) TURNS_TEST_AFTER(name, game, spec, (void)0)

/* As TURNS_TEST, pos set up before the body as diagram_setup() does. */
#define TURNS_SETUP_TEST(name, game, spec, diagram, colour) \
	TURNS_TEST_AFTER(name, game, spec, diagram_setup(pos, diagram, colour))

/* As TURNS_TEST, the expression setup evaluated on pos before the body. */
#define TURNS_TEST_AFTER(name, game, spec, setup) \
	static void name##_on(struct rules_position *pos); \
	START_TEST(name) \
	{ \
		struct rules_position *pos = turns_new(game, spec); \
\
		setup; \
		name##_on(pos); \
		rules_position_free(pos); \
	} \
	END_TEST \
	static void name##_on(struct rules_position *pos)

/* The cell named by the len bytes at name; fails the test if none is. */
static inline int
turns_cell_n(const struct rules_position *pos, const char *name, size_t len)
{
	int c = rules_cell_parse(&pos->board, name, len);

	ck_assert_msg(c >= 0, "no cell %.*s", (int)len, name);
	return c;
}

/* The cell named name; fails the test if there is none. */
static inline int
turns_cell(const struct rules_position *pos, const char *name)
{
	return turns_cell_n(pos, name, strlen(name));
}

/* The piece on the named cell. */
static inline int
turns_piece(const struct rules_position *pos, const char *name)
{
	return rules_piece(pos, turns_cell(pos, name));
}

/*
 * Reads the actions of one turn token into a[] (at most cap); returns how
 * many.  Grammar: "pass" | "swap" | part (("," | " ") part)*, part =
 * dice | cell "-" cell | ["x"] cell ["*"], dice = digit digit ":" (Herd).
 * A part may follow a cell without a comma ("b3xc3", "35:xd2").
 */
static inline int
turns_parse(const struct rules_position *pos, const char *tok,
    struct rules_action *a, int cap)
{
	const char *p = tok;
	size_t	    len;
	int	    n = 0;

	if (strcmp(tok, "pass") == 0 || strcmp(tok, "swap") == 0) {
		memset(a, 0, sizeof *a);
		a->kind = tok[0] == 'p' ? RULES_PASS : RULES_SWAP;
		return 1;
	}
	while (*p != '\0' && n < cap) {
		if (*p == ',' || *p == ' ') {
			p++;
			continue;
		}
		memset(&a[n], 0, sizeof a[n]);
		if (isdigit((unsigned char)p[0])) {
			ck_assert_msg(
			    p[1] != '\0' && p[2] == ':', "bad dice in %s", tok);
			a[n].kind = RULES_DICE;
			a[n].from = (int16_t)(p[0] - '0');
			a[n].to = (int16_t)(p[1] - '0');
			p += 3;
			n++;
			continue;
		}
		a[n].kind = RULES_PLACE;
		if (*p == 'x') {
			a[n].kind = RULES_REMOVE;
			p++;
		}
		len = strcspn(p, ",*x- ");
		a[n].to = (int16_t)turns_cell_n(pos, p, len);
		p += len;
		if (*p == '-') {
			a[n].kind = RULES_MOVE;
			a[n].from = a[n].to;
			len = strcspn(++p, ",*x- ");
			a[n].to = (int16_t)turns_cell_n(pos, p, len);
			p += len;
		}
		if (*p == '*') {
			a[n].capture = 1;
			p++;
		}
		n++;
	}
	ck_assert_msg(*p == '\0', "%s: more than %d actions", tok, cap);
	return n;
}

/*
 * pos is in phase with colour to move, and its board is the diagram want
 * (diagram_assert()).
 */
static inline void
turns_assert_at(
    const struct rules_position *pos, int phase, int colour, const char *want)
{
	ck_assert_int_eq(rules_phase(pos), phase);
	ck_assert_int_eq(rules_to_move(pos), colour);
	diagram_assert(pos, want);
}

/*
 * The game of pos is over, won by winner (-1: a draw) with points[0] and
 * points[1] p0 and p1; the score is left in *s for the caller's other
 * checks.
 */
static inline void
turns_assert_over(const struct rules_position *pos, struct rules_score *s,
    int winner, int p0, int p1)
{
	ck_assert_int_eq(rules_phase(pos), RULES_GAME_OVER);
	rules_score(pos, s);
	ck_assert(s->over);
	ck_assert_int_eq(s->winner, winner);
	ck_assert_int_eq(s->points[0], p0);
	ck_assert_int_eq(s->points[1], p1);
}

/*
 * Plays space-separated turns; each must be accepted and must complete its
 * turn (the phase is not RULES_TURN_MIDDLE afterwards).
 */
static inline void
turns_play(struct rules_position *pos, const char *turns)
{
	struct rules_action a[64];
	struct diag	    d;
	char		    tok[128];
	const char	   *p = turns;
	int		    n, i, k;

	while (sscanf(p, "%127s%n", tok, &n) == 1) {
		p += n;
		k = turns_parse(pos, tok, a, 64);
		for (i = 0; i < k; i++)
			ck_assert_msg(rules_play(pos, &a[i], &d) == 0,
			    "%s (action %d): %s [%s]", tok, i + 1, d.msg,
			    diag_name(d.code));
		ck_assert_msg(rules_phase(pos) != RULES_TURN_MIDDLE,
		    "turn %s is incomplete", tok);
	}
}

/*
 * Plays the actions of a token, or of several separated by spaces, which
 * may leave the turn in progress.
 */
static inline void
turns_actions(struct rules_position *pos, const char *actions)
{
	struct rules_action a[64];
	struct diag	    d;
	int		    i, k;

	k = turns_parse(pos, actions, a, 64);
	for (i = 0; i < k; i++)
		ck_assert_msg(rules_play(pos, &a[i], &d) == 0,
		    "%s (action %d): %s [%s]", actions, i + 1, d.msg,
		    diag_name(d.code));
}

/* Plays actions as turns_actions(), after which pos is in phase. */
static inline void
turns_actions_to(struct rules_position *pos, const char *actions, int phase)
{
	int got;

	turns_actions(pos, actions);
	got = (int)rules_phase(pos);
	ck_assert_msg(
	    got == phase, "after %s: phase %d, not %d", actions, got, phase);
}

/*
 * The name of an action as the notation writes it ("c3", "xc3", "c1-f4",
 * "35:", "pass", "swap"), without a capture mark, in buf[len]; a cell off
 * the board is written "#n".  TURNS_NAME bytes hold any, "#n-#n" too.
 */
#define TURNS_NAME 32
static inline const char *
turns_name(const struct rules_position *pos, const struct rules_action *a,
    char *buf, size_t len)
{
	char from[RULES_CELL_NAME + 8], to[RULES_CELL_NAME + 8];

	if (a->from >= 0 && a->from < pos->board.ncells)
		rules_cell_name(&pos->board, a->from, from);
	else
		snprintf(from, sizeof from, "#%d", a->from);
	if (a->to >= 0 && a->to < pos->board.ncells)
		rules_cell_name(&pos->board, a->to, to);
	else
		snprintf(to, sizeof to, "#%d", a->to);
	switch (a->kind) {
	case RULES_PASS: snprintf(buf, len, "pass"); break;
	case RULES_SWAP: snprintf(buf, len, "swap"); break;
	case RULES_DICE: snprintf(buf, len, "%d%d:", a->from, a->to); break;
	case RULES_MOVE: snprintf(buf, len, "%s-%s", from, to); break;
	case RULES_REMOVE: snprintf(buf, len, "x%s", to); break;
	default: snprintf(buf, len, "%s", to);
	}
	return buf;
}

/*
 * Plays a, which must be refused with the given code and leave the whole
 * position as it was; returns the message, which is in *d.
 */
static inline const char *
turns_reject(struct rules_position *pos, const struct rules_action *a,
    const char *code, struct diag *d)
{
	struct rules_position *before = rules_position_dup(pos);
	char		       name[TURNS_NAME];

	ck_assert_ptr_nonnull(before);
	turns_name(pos, a, name, sizeof name);
	memset(d, 0, sizeof *d);
	ck_assert_msg(rules_play(pos, a, d) == -1, "%s was accepted", name);
	ck_assert_msg(
	    d->code != DIAG_NONE && strcmp(diag_name(d->code), code) == 0,
	    "%s: code %s (%s), not %s", name, diag_name(d->code), d->msg, code);
	ck_assert_msg(
	    memcmp(before, pos, sizeof *pos + pos->game->state_size) == 0,
	    "%s: a refused action changed the "
	    "position",
	    name);
	rules_position_free(before);
	return d->msg;
}

/*
 * Plays the actions of one token, which must fail at its last action with
 * the given code (as turns_reject()); returns the message, which is in *d.
 * The position is left after the actions before the failing one.
 */
static inline const char *
turns_fail(struct rules_position *pos, const char *tok, const char *code,
    struct diag *d)
{
	struct rules_action a[64];
	int		    i, k;

	k = turns_parse(pos, tok, a, 64);
	ck_assert_msg(k > 0, "%s: no action", tok);
	for (i = 0; i < k - 1; i++)
		ck_assert_msg(
		    rules_play(pos, &a[i], d) == 0, "%s: %s", tok, d->msg);
	return turns_reject(pos, &a[k - 1], code, d);
}

/* As turns_fail(), and the message must be msg. */
static inline void
turns_fail_saying(struct rules_position *pos, const char *tok, const char *code,
    const char *msg)
{
	struct diag d;

	ck_assert_str_eq(turns_fail(pos, tok, code, &d), msg);
}

/*
 * A token refused with a code and a message, as turns_fail_saying(); msg
 * NULL: the code alone is checked, as turns_fail().
 */
struct turns_refusal {
	const char *tok, *code, *msg;
};

/* Plays the n tokens of r one after another, each refused as it says. */
static inline void
turns_refuse_each(
    struct rules_position *pos, const struct turns_refusal *r, size_t n)
{
	struct diag d;
	size_t	    i;

	for (i = 0; i < n; i++)
		if (r[i].msg == NULL)
			turns_fail(pos, r[i].tok, r[i].code, &d);
		else
			turns_fail_saying(pos, r[i].tok, r[i].code, r[i].msg);
}

/*
 * A new position of the named game (one with the pie rule) on board spec
 * with the pie rule turned off, after the turns first: a swap is refused
 * there as swap-not-allowed, saying the rule is off (rules.md §2).  The
 * caller frees the position.
 */
static inline struct rules_position *
turns_pie_off(const char *game, const char *spec, const char *first)
{
	struct rules_variant   v = { .pie = false };
	struct rules_position *pos;
	struct diag	       d;

	pos = rules_position_new(rules_game_find(game), spec, &v, &d);
	ck_assert_msg(pos != NULL, "%s", d.msg);
	turns_play(pos, first);
	turns_fail(pos, "swap", "swap-not-allowed", &d);
	ck_assert_str_eq(d.msg, "the pie rule is off in this game: no swap");
	return pos;
}

static inline int
turns_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The legal next actions as names (turns_name()), space-separated: sorted
 * alphabetically, or in the order legal() lists them.
 */
static inline void
turns_legal(
    const struct rules_position *pos, char *out, size_t len, bool sorted)
{
	struct rules_action acts[RULES_MAX_CELLS + 36];
	char		    names[RULES_MAX_CELLS + 36][TURNS_NAME];
	char		   *order[RULES_MAX_CELLS + 36];
	size_t		    n, i, k = 0;

	n = rules_legal(pos, acts, RULES_MAX_CELLS + 36);
	ck_assert_uint_le(n, RULES_MAX_CELLS + 36);
	for (i = 0; i < n; i++) {
		turns_name(pos, &acts[i], names[i], sizeof names[i]);
		order[i] = names[i];
	}
	if (sorted)
		qsort(order, n, sizeof order[0], turns_cmp);
	out[0] = '\0';
	for (i = 0; i < n && k < len; i++)
		k += (size_t)snprintf(
		    out + k, len - k, "%s%s", i ? " " : "", order[i]);
}

static inline void
turns_assert_names(
    const struct rules_position *pos, const char *want, bool sorted)
{
	char got[4096];

	turns_legal(pos, got, sizeof got, sorted);
	ck_assert_str_eq(got, want);
}

/* Fails the test unless the legal actions, sorted, are want. */
static inline void
turns_assert_legal(const struct rules_position *pos, const char *want)
{
	turns_assert_names(pos, want, true);
}

/* Fails the test unless the legal actions, in the order listed, are want. */
static inline void
turns_assert_listed(const struct rules_position *pos, const char *want)
{
	turns_assert_names(pos, want, false);
}

/* ---- Boards and perft ---------------------------------------------------- */

/*
 * Each of the board specs (NULL-terminated) is refused with "bad-board".
 */
static inline void
turns_assert_bad_boards(const struct rules_game *g, const char *const *specs)
{
	struct rules_position *pos;
	struct diag	       d;

	for (; *specs != NULL; specs++) {
		memset(&d, 0, sizeof d);
		pos = rules_position_new(g, *specs, NULL, &d);
		ck_assert_msg(pos == NULL, "%s: board \"%s\" was accepted",
		    g->name, *specs);
		ck_assert_msg(d.code == DIAG_BAD_BOARD,
		    "%s: board \"%s\": code %s, not bad-board", g->name, *specs,
		    diag_name(d.code));
	}
}

/*
 * Board numbers are written as gameplay writes them, in every game
 * (formats/record.md §2): g takes the board good, and refuses it with a
 * blank, a sign or a leading zero before it, or a blank after it.
 */
static inline void
turns_assert_board_spellings(const struct rules_game *g, const char *good)
{
	static const char *const before[] = { " ", "+", "0", "", NULL };
	static const char *const after[] = { "", "", "", " ", NULL };
	char			 spelt[4][32];
	const char		*bad[5];
	struct rules_position	*pos;
	struct diag		 d;
	int			 i;

	pos = rules_position_new(g, good, NULL, &d);
	ck_assert_msg(
	    pos != NULL, "%s: board \"%s\": %s", g->name, good, d.msg);
	rules_position_free(pos);
	for (i = 0; before[i] != NULL; i++) {
		snprintf(spelt[i], sizeof spelt[i], "%s%s%s", before[i], good,
		    after[i]);
		bad[i] = spelt[i];
	}
	bad[i] = NULL;
	turns_assert_bad_boards(g, bad);
}

/* The default board of game is the one named name, of ncells cells. */
static inline void
turns_assert_default_board(const char *game, const char *name, int ncells)
{
	struct rules_position *pos = turns_new(game, NULL);

	ck_assert_str_eq(pos->game->default_board, name);
	ck_assert_str_eq(pos->board.name, name);
	ck_assert_int_eq(pos->board.ncells, ncells);
	rules_position_free(pos);
}

/* Hexhex boards of every side 2..12 have 3n(n - 1) + 1 cells. */
static inline void
turns_assert_hexhex_boards(const char *game)
{
	struct rules_position *pos;
	char		       spec[8];
	int		       n;

	for (n = 2; n <= 12; n++) {
		snprintf(spec, sizeof spec, "%d", n);
		pos = turns_new(game, spec);
		ck_assert_int_eq(pos->board.ncells, 3 * n * (n - 1) + 1);
		rules_position_free(pos);
	}
}

/*
 * Two random playouts of game from its start, each with rng seeded seed
 * and a cap of max_turns turns (0: none), play the same game: as many
 * actions, and the same piece on every cell.  Returns the first one's
 * position (the caller frees it), *rng as that playout left it and
 * *actions what it played.
 */
static inline struct rules_position *
turns_assert_playout_twice(const char *game, uint64_t seed, int max_turns,
    struct rules_rng *rng, size_t *actions)
{
	struct rules_position *a = turns_new(game, NULL);
	struct rules_position *b = turns_new(game, NULL);
	struct rules_rng       r2;
	int		       e;

	rules_rng_seed(rng, seed);
	rules_rng_seed(&r2, seed);
	*actions = rules_playout(a, rng, max_turns, NULL, NULL);
	ck_assert_uint_eq(
	    *actions, rules_playout(b, &r2, max_turns, NULL, NULL));
	for (e = 0; e < a->board.ncells; e++)
		ck_assert_int_eq(rules_piece(a, e), rules_piece(b, e));
	rules_position_free(b);
	return a;
}

/*
 * How turns_assert_playouts() checks each game: arg, size bytes the
 * checks keep (size 0: arg is NULL), is zeroed before it; check (NULL:
 * none) is given every action with arg, as rules_playout() passes them;
 * ended(pos, actions, arg) checks the end, actions being how many the game
 * played.
 */
struct turns_playouts {
	void (*check)(
	    const struct rules_position *, const struct rules_action *, void *);
	void (*ended)(const struct rules_position *, size_t, void *);
	size_t size;
};

/*
 * games random playouts of game on board spec, one after another with one
 * rng seeded seed, each from the start to the end of the game and checked
 * as p says.
 */
static inline void
turns_assert_playouts(const char *game, const char *spec, int games,
    uint64_t seed, const struct turns_playouts *p)
{
	struct rules_position *pos = turns_new(game, spec);
	struct rules_rng       rng;
	void		      *arg = NULL;
	size_t		       n;
	int		       g;

	if (p->size > 0) {
		arg = malloc(p->size);
		ck_assert_ptr_nonnull(arg);
	}
	rules_rng_seed(&rng, seed);
	for (g = 0; g < games; g++) {
		rules_position_reset(pos);
		if (arg != NULL)
			memset(arg, 0, p->size);
		n = rules_playout(pos, &rng, 0, p->check, arg);
		ck_assert_int_eq(rules_phase(pos), RULES_GAME_OVER);
		p->ended(pos, n, arg);
	}
	free(arg);
	rules_position_free(pos);
}

/* A board of a loop test and how many games to play on it. */
struct turns_board {
	const char *spec;
	int	    games;
};

/*
 * A Check loop test called name: its _i-th run plays the games of the
 * _i-th board of the list that follows (struct turns_board initializers,
 * one a run), seeded seed + _i, checked as checks says
 * (turns_assert_playouts()).
 */
#define TURNS_PLAYOUTS_TEST(name, game, seed, checks, ...) \
	START_TEST(name) \
	{ \
		static const struct turns_board boards[] = { __VA_ARGS__ }; \
\
		ck_assert_int_lt(_i, sizeof boards / sizeof boards[0]); \
		turns_assert_playouts(game, boards[_i].spec, boards[_i].games, \
		    (seed) + (uint64_t)_i, checks); \
	} \
	END_TEST

/*
 * perft from the start of game on board spec is want[depth] at each depth
 * up to the terminating 0.
 */
static inline void
turns_assert_perft(const char *game, const char *spec, const uint64_t *want)
{
	struct rules_position *pos = turns_new(game, spec);
	int		       depth;

	for (depth = 0; want[depth] != 0; depth++)
		ck_assert_uint_eq(rules_perft(pos, depth), want[depth]);
	rules_position_free(pos);
}

/*
 * The generic perft (rules_perft_actions, through legal() and play()
 * alone) from the start of game on board spec is want at depth.
 */
static inline void
turns_assert_perft_generic(
    const char *game, const char *spec, int depth, uint64_t want)
{
	struct rules_position *pos = turns_new(game, spec);

	ck_assert_uint_eq(
	    rules_perft_actions(pos->game, &pos->board, pos->state, depth),
	    want);
	rules_position_free(pos);
}

/*
 * perft from the start of game on board spec agrees with an oracle's
 * count of complete turns, oracle(board, cells, colour, turn, depth), at
 * every depth up to max.
 */
static inline void
turns_assert_perft_oracle(const char *game, const char *spec, int max,
    uint64_t (*oracle)(const struct rules_board *, const int *, int, int, int))
{
	struct rules_position *pos = turns_new(game, spec);
	int		       cells[RULES_MAX_CELLS] = { 0 }, depth;

	for (depth = 0; depth <= max; depth++)
		ck_assert_uint_eq(rules_perft(pos, depth),
		    oracle(&pos->board, cells, 0, 1, depth));
	rules_position_free(pos);
}

/*
 * An oracle's count of complete turns, depth deep, from a turn start
 * (colour p to move, the turn-th turn of the game): the naive perfts the
 * game tests hold their rules' perft against.
 */
typedef uint64_t
turns_oracle(const struct rules_board *, const int *, int, int, int);

/*
 * An oracle for a game with the pie rule: 1 at depth 0; else the turns
 * played from the board, counted by played, and on turn 2 the swap too,
 * which keeps the board and the colour to move (rules.md §0).
 */
static inline uint64_t
turns_pie_perft(const struct rules_board *b, const int *cells, int p, int turn,
    int depth, turns_oracle *played)
{
	uint64_t total;

	if (depth == 0)
		return 1;
	total = played(b, cells, p, turn, depth);
	if (turn == 2)
		total += turns_pie_perft(
		    b, cells, p, turn + 1, depth - 1, played);
	return total;
}

/*
 * A naive flood fill for the oracles: labels the groups of stones in
 * cells[], neighbours joined if of the same colour (Oust) or if both are
 * stones (Rive); writes label[] per cell (-1 empty) and size[] per group,
 * returns how many groups.
 */
static inline int
turns_groups(const struct rules_board *b, const int *cells, int *label,
    int *size, bool same_colour)
{
	int stack[RULES_MAX_CELLS], sp, i, c, k, m, n = 0;

	for (i = 0; i < b->ncells; i++)
		label[i] = -1;
	for (i = 0; i < b->ncells; i++) {
		if (cells[i] == RULES_EMPTY || label[i] != -1)
			continue;
		size[n] = 0;
		sp = 0;
		stack[sp++] = i;
		label[i] = n;
		while (sp > 0) {
			c = stack[--sp];
			size[n]++;
			for (k = 0; k < b->degree[c]; k++) {
				m = b->nb[c][k];
				if (cells[m] == RULES_EMPTY || label[m] != -1 ||
				    (same_colour && cells[m] != cells[c]))
					continue;
				label[m] = n;
				stack[sp++] = m;
			}
		}
		n++;
	}
	return n;
}

/* ---- Checks for the loops over every action of random playouts --------- */

/*
 * ck_assert records every call it makes (a write to the parent in fork
 * mode), so the loops that check every action use these instead.
 */
#define REQUIRE(cond) \
	do { \
		if (!(cond)) \
			ck_abort_msg("requirement failed: %s", #cond); \
	} while (0)
#define REQUIRE_EQ(a, b) REQUIRE((a) == (b))
#define REQUIRE_GT(a, b) REQUIRE((a) > (b))
#define REQUIRE_LT(a, b) REQUIRE((a) < (b))

/* The board of pos holds exactly the pieces cells[] (an oracle's). */
static inline void
turns_require_pieces(const struct rules_position *pos, const int *cells)
{
	int i;

	for (i = 0; i < pos->board.ncells; i++)
		if (rules_piece(pos, i) != cells[i])
			ck_abort_msg("cell %d holds %d, not %d", i,
			    rules_piece(pos, i), cells[i]);
}

/* a, played on scratch (a copy of pos), is accepted. */
static inline void
turns_require_accepted(struct rules_position *scratch,
    const struct rules_position *pos, const struct rules_action *a)
{
	char name[TURNS_NAME];

	rules_position_copy(scratch, pos);
	if (rules_play(scratch, a, NULL) != 0)
		ck_abort_msg("listed action %s was refused",
		    turns_name(pos, a, name, sizeof name));
}

/*
 * a, played on scratch (a copy of pos), is refused and leaves scratch
 * equal to pos.
 */
static inline void
turns_require_refused(struct rules_position *scratch,
    const struct rules_position *pos, const struct rules_action *a)
{
	char name[TURNS_NAME];

	rules_position_copy(scratch, pos);
	turns_name(pos, a, name, sizeof name);
	if (rules_play(scratch, a, NULL) != -1)
		ck_abort_msg("unlisted action %s was accepted", name);
	if (memcmp(scratch, pos, sizeof *pos + pos->game->state_size) != 0)
		ck_abort_msg("refused action %s changed the position", name);
}

/*
 * A sample of the cells not listed[] (every third from first) played as
 * kind on scratch (a copy of pos): each is refused, pos unchanged.
 */
static inline void
turns_require_unlisted(struct rules_position *scratch,
    const struct rules_position *pos, const bool *listed, int first, int kind)
{
	struct rules_action a;
	int		    i;

	for (i = first; i < pos->board.ncells; i += 3) {
		if (listed[i])
			continue;
		a = (struct rules_action){ .kind = (uint8_t)kind,
			.to = (int16_t)i };
		turns_require_refused(scratch, pos, &a);
	}
}

/*
 * For games that keep their legal actions in the state (Oust, Rive), a
 * playout callback checked after every action: legal_at(), which playouts
 * use, picks exactly what legal() lists at each index; and, unless a
 * removal is owed, the placements listed equal those of the same board set
 * up afresh in fresh, judged from scratch.  It aborts only on a mismatch,
 * as it runs after every action of many games.
 */
struct turns_kept {
	struct rules_position *fresh;
	int		       checked;
};

static inline void
turns_check_kept(
    const struct rules_position *pos, const struct rules_action *a, void *arg)
{
	struct turns_kept	 *ctx = arg;
	const struct rules_board *b = &pos->board;
	struct rules_action inc[RULES_MAX_CELLS + 2], ref[RULES_MAX_CELLS + 2];
	struct rules_action one;
	struct diag	    d;
	int		    pieces[RULES_MAX_CELLS], i;
	size_t		    n, nref, k, np = 0, nrefp = 0;

	(void)a;
	n = rules_legal(pos, inc, RULES_MAX_CELLS + 2);
	if (n == 0 || n > RULES_MAX_CELLS + 2)
		ck_abort_msg("action %d: %zu legal actions", ctx->checked, n);
	for (k = 0; k < n; k++) {
		memset(&one, 0xa5, sizeof one);
		rules_legal_at(pos, k, &one);
		if (one.kind != inc[k].kind || one.capture != 0 ||
		    (one.kind != RULES_SWAP && one.kind != RULES_PASS &&
			one.to != inc[k].to))
			ck_abort_msg("action %d: legal_at(%zu) is kind %d at "
				     "%d, legal() lists kind %d at %d",
			    ctx->checked, k, one.kind, one.to, inc[k].kind,
			    inc[k].to);
	}
	ctx->checked++;
	if (inc[0].kind == RULES_REMOVE)
		return;
	for (i = 0; i < b->ncells; i++)
		pieces[i] = rules_piece(pos, i);
	if (rules_setup(ctx->fresh, pieces, rules_to_move(pos), &d) != 0)
		ck_abort_msg("%s", d.msg);
	nref = rules_legal(ctx->fresh, ref, RULES_MAX_CELLS + 2);
	for (k = 0; k < n; k++)
		np += inc[k].kind == RULES_PLACE;
	for (k = 0; k < nref; k++)
		nrefp += ref[k].kind == RULES_PLACE;
	/* Set up afresh, no pie rule: placements, or the lone pass. */
	if (np != nrefp ||
	    (nref != nrefp && (nref != 1 || ref[0].kind != RULES_PASS)))
		ck_abort_msg("action %d: %zu placements kept, %zu of %zu "
			     "actions afresh",
		    ctx->checked, np, nrefp, nref);
	for (k = 0; k < np; k++)
		if (inc[k].kind != RULES_PLACE || ref[k].kind != RULES_PLACE ||
		    inc[k].to != ref[k].to)
			ck_abort_msg("action %d: placement %zu kept at %d, "
				     "afresh at %d",
			    ctx->checked, k, inc[k].to, ref[k].to);
}

/* Random playouts of game on spec, each action checked by the above. */
static inline void
turns_assert_kept(const char *game, const char *spec, int games, uint64_t seed)
{
	struct rules_position *pos = turns_new(game, spec);
	struct turns_kept      ctx;
	struct rules_rng       rng;
	int		       g;

	ck_assert_ptr_nonnull(pos->game->legal_at);
	ctx.fresh = turns_new(game, spec);
	ctx.checked = 0;
	rules_rng_seed(&rng, seed);
	for (g = 0; g < games; g++) {
		rules_position_reset(pos);
		rules_playout(pos, &rng, 0, turns_check_kept, &ctx);
		ck_assert_int_eq(rules_phase(pos), RULES_GAME_OVER);
	}
	ck_assert_int_gt(ctx.checked, games);
	rules_position_free(ctx.fresh);
	rules_position_free(pos);
}

#endif
