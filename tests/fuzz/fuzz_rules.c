/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: the rules core through the game interface alone, for
 * every registered game (rules_game_at), so games added later are fuzzed
 * without a change here.  The input is a byte stream: the game, its board
 * (from a list of specs, those the game's board() accepts), the pie rule,
 * then one step per byte: a pick among the legal actions, or an arbitrary
 * action, likely illegal, for MAX_STEPS steps at most.  After every step
 * the position must keep these invariants:
 *   - every action legal() lists is accepted by play() on a copy (one a
 *     step: the fuzzer's pick, or where it plays an arbitrary action one
 *     the sampler draws), and legal() writes no more than its buffer
 *     holds;
 *   - an action play() rejects leaves the position byte-identical;
 *   - play() accepts an action iff legal() lists it (checked for the
 *     fuzzer's actions and a sample of generated ones), perft-style;
 *   - phase and to_move agree: a turn in progress keeps its player; the
 *     game is over iff score() says so iff nothing is legal;
 *   - stones counted with piece() match the score's stats (stones,
 *     discs, pinned, unpinned) and piece values are well formed (every
 *     PIECES_EVERY steps and at the last: a count gone wrong stays
 *     wrong).
 * Once per input, at a step the sampler draws (or the last one if the
 * game or the input ends before it), the costly ones:
 *   - legal() with no buffer, one just long enough or a short one counts
 *     the same, and lists the same first actions, writing no more;
 *   - every listed action is accepted by play() on a copy;
 *   - a game's own perft agrees with perft through legal() and play();
 *   - setup() from the pieces at a turn start (that step's or the next)
 *     gives the same pieces;
 *   - play_cells() plays a run of placements as play() does one by one.
 * Checking all of them at every step took over ten times as long an
 * input, and executions per second are coverage here.  The sampler is
 * seeded from the input, so a run replays.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

#define MAX_STEPS 400
/* Generated actions, likely illegal, tried at each step. */
#define SAMPLES 1
/* The pieces are compared with the stats every this many steps. */
#define PIECES_EVERY 4
#define MAX_LEGAL    (RULES_MAX_CELLS * 8)

/* Board specs tried for every game; each keeps those it accepts. */
static const char *const specs[] = {
	NULL,
	"4x4",
	"6x6",
	"8x8",
	"10x10",
	"16x16",
	"6x4",
	"2",
	"3",
	"4",
	"5",
	"7",
	"12",
	"3-3-5",
};
#define NSPECS	  (sizeof specs / sizeof specs[0])
#define MAX_GAMES 16

/*
 * The specs game number i accepts, into ok; returns how many.  Found on
 * the first call for each game (building hex boards costs), the same ever
 * after.
 */
static size_t
game_specs(size_t i, const char ***ok)
{
	static const char	*cache[MAX_GAMES][NSPECS];
	static size_t		 ncache[MAX_GAMES];
	const struct rules_game *g = rules_game_at(i);
	struct rules_board	 b;
	size_t			 k;

	FUZZ_CHECK(i < MAX_GAMES);
	if (ncache[i] == 0)
		for (k = 0; k < NSPECS; k++)
			if (g->board(&b,
				specs[k] != NULL ? specs[k] : g->default_board,
				NULL) == 0)
				cache[i][ncache[i]++] = specs[k];
	FUZZ_CHECK(ncache[i] > 0);
	*ok = cache[i];
	return ncache[i];
}

struct input {
	const uint8_t *p;
	size_t	       left;
};

static unsigned
take(struct input *in)
{
	if (in->left == 0)
		return 0;
	in->left--;
	return *in->p++;
}

static unsigned
take16(struct input *in)
{
	unsigned hi = take(in);

	return hi << 8 | take(in);
}

/* Actions are equal as the rules see them: a pass is a pass. */
static bool
same_action(const struct rules_action *a, const struct rules_action *b)
{
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case RULES_PASS:
	case RULES_SWAP: return true;
	case RULES_PLACE:
	case RULES_REMOVE: return a->to == b->to;
	default: return a->from == b->from && a->to == b->to;
	}
}

static bool
listed(const struct rules_action *acts, size_t n, const struct rules_action *a)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (same_action(&acts[i], a))
			return true;
	return false;
}

static const struct rules_action guard = {
	.kind = 0x7f, .from = 0x5a5a, .to = 0x5a5a
};

/* The legal actions into acts[MAX_LEGAL + 1], writing no more. */
static size_t
legal_actions(const struct rules_position *pos, struct rules_action *acts)
{
	size_t n;

	acts[MAX_LEGAL] = guard;
	n = rules_legal(pos, acts, MAX_LEGAL);
	FUZZ_CHECK(n <= MAX_LEGAL);
	FUZZ_CHECK(memcmp(&acts[MAX_LEGAL], &guard, sizeof guard) == 0);
	return n;
}

/*
 * No buffer, one just long enough and one half as long get the full count;
 * the last two as many actions as they hold, the first of the list,
 * writing no more.
 */
static void
check_short_buffer(
    const struct rules_position *pos, const struct rules_action *acts, size_t n)
{
	static struct rules_action buf[MAX_LEGAL + 1];
	size_t			   caps[2] = { n, n / 2 }, cap, k, i;

	FUZZ_CHECK(rules_legal(pos, NULL, 0) == n);
	for (k = 0; k < 2; k++) {
		cap = caps[k];
		/* Guards show what legal() left unwritten. */
		for (i = 0; i <= cap; i++)
			buf[i] = guard;
		FUZZ_CHECK(rules_legal(pos, buf, cap) == n);
		FUZZ_CHECK(memcmp(&buf[cap], &guard, sizeof guard) == 0);
		for (i = 0; i < cap; i++)
			FUZZ_CHECK(same_action(&buf[i], &acts[i]));
	}
}

/*
 * Copies what play() may change: the game's state and the counters (the
 * board is const to the game).  Much cheaper than rules_position_copy,
 * which copies the board tables too.
 */
static void
copy_state(struct rules_position *dst, const struct rules_position *src)
{
	dst->actions = src->actions;
	memcpy(dst->state, src->state, src->game->state_size);
}

static bool
same_state(const struct rules_position *a, const struct rules_position *b)
{
	return a->actions == b->actions &&
	    memcmp(a->state, b->state, a->game->state_size) == 0;
}

/*
 * Plays a on a copy of pos.  Rejected: the copy is unchanged, and a is
 * not listed (unless it claims a capture the listed one does not make).
 * Accepted: a is listed, and a turn in progress keeps its player.  known:
 * a comes from the list (saves a search).
 */
static int
try_action(const struct rules_position *pos, struct rules_position *scratch,
    const struct rules_action *a, const struct rules_action *acts, size_t n,
    bool known)
{
	struct diag d = { 0 };
	int	    rc;

	copy_state(scratch, pos);
	rc = rules_play(scratch, a, &d);
	if (rc == -1) {
		FUZZ_CHECK(same_state(scratch, pos));
		FUZZ_CHECK(d.code != DIAG_NONE && d.msg[0] != '\0');
		if (!a->capture && (known || listed(acts, n, a))) {
			fprintf(stderr,
			    "listed action kind %d %d-%d rejected: "
			    "%s [%s]\n",
			    a->kind, a->from, a->to, d.msg, diag_name(d.code));
			abort();
		}
		return -1;
	}
	FUZZ_CHECK(rc == 0);
	if (!known && !listed(acts, n, a)) {
		fprintf(stderr, "unlisted action kind %d %d-%d accepted\n",
		    a->kind, a->from, a->to);
		abort();
	}
	FUZZ_CHECK(scratch->actions == pos->actions + 1);
	if (rules_phase(scratch) == RULES_TURN_MIDDLE) {
		FUZZ_CHECK(rules_to_move(scratch) == rules_to_move(pos));
		FUZZ_CHECK(rules_turn(scratch) == rules_turn(pos));
	} else
		FUZZ_CHECK(rules_turn(scratch) == rules_turn(pos) + 1);
	return 0;
}

/* Phase, score and, with pieces, the pieces against the stats. */
static void
check_position(const struct rules_position *pos, size_t nlegal, bool pieces)
{
	const struct rules_stat *st;
	struct rules_score	 s;
	int			 count[4][RULES_COLOURS] = { { 0 } };
	int			 cell, p, c, i;
	enum rules_phase	 ph = rules_phase(pos);

	FUZZ_CHECK(ph == RULES_TURN_START || ph == RULES_TURN_MIDDLE ||
	    ph == RULES_GAME_OVER);
	c = rules_to_move(pos);
	FUZZ_CHECK(c >= 0 && c < RULES_COLOURS);
	rules_score(pos, &s);
	FUZZ_CHECK(s.over == (ph == RULES_GAME_OVER));
	FUZZ_CHECK((nlegal == 0) == (ph == RULES_GAME_OVER));
	FUZZ_CHECK(s.winner >= -1 && s.winner < RULES_COLOURS);
	if (!s.over)
		FUZZ_CHECK(s.winner == -1);
	FUZZ_CHECK(s.nstats >= 0 && s.nstats <= RULES_MAX_STATS);
	if (!pieces)
		return;
	for (cell = 0; cell < pos->board.ncells; cell++) {
		p = rules_piece(pos, cell);
		if (p == RULES_EMPTY)
			continue;
		c = RULES_COLOUR_OF(p);
		FUZZ_CHECK(c >= 0 && c < RULES_COLOURS);
		FUZZ_CHECK((p & ~(RULES_PINNED | 0x0f)) == 0);
		count[0][c]++;
		count[p & RULES_PINNED ? 1 : 2][c]++;
	}
	/* Stats that count what stands on the board (names, not games). */
	for (i = 0; i < 4; i++) {
		static const char *const names[] = { "stones", "discs",
			"pinned", "unpinned" };
		static const int	 which[] = { 0, 0, 1, 2 };

		if ((st = rules_stat_find(&s, names[i])) == NULL)
			continue;
		for (c = 0; c < RULES_COLOURS; c++)
			FUZZ_CHECK(st->value[c] == count[which[i]][c]);
	}
}

/* setup() from the pieces at a turn start reproduces them. */
static void
check_setup(const struct rules_position *pos, struct rules_position *scratch)
{
	static int  pieces[RULES_MAX_CELLS];
	struct diag d;
	int	    cell, n = pos->board.ncells;

	for (cell = 0; cell < n; cell++)
		pieces[cell] = rules_piece(pos, cell);
	copy_state(scratch, pos);
	if (rules_setup(scratch, pieces, rules_to_move(pos), &d) == -1) {
		fprintf(
		    stderr, "setup refused a reached position: %s\n", d.msg);
		abort();
	}
	for (cell = 0; cell < n; cell++)
		FUZZ_CHECK(rules_piece(scratch, cell) == pieces[cell]);
	FUZZ_CHECK(rules_to_move(scratch) == rules_to_move(pos));
}

/* The checks too costly for every step (see the top of the file). */
static void
check_once(const struct rules_position *pos, struct rules_position *scratch,
    const struct rules_action *acts, size_t n)
{
	const struct rules_game *g = pos->game;
	size_t			 i;
	bool			 single = true;

	check_short_buffer(pos, acts, n);
	for (i = 0; i < n; i++) {
		FUZZ_CHECK(
		    try_action(pos, scratch, &acts[i], acts, n, true) == 0);
		if (rules_phase(scratch) == RULES_TURN_MIDDLE)
			single = false;
	}
	if (g->perft == NULL)
		return;
	/*
	 * A game's own perft agrees with the one through legal() and
	 * play() where both count actions.  Oust and Rive count whole
	 * turns (formats/oust.md, formats/rive.md), so a node there is
	 * compared only where every action ends the turn.
	 */
	if (single)
		FUZZ_CHECK(rules_perft(pos, 1) ==
		    rules_perft_actions(g, &pos->board, pos->state, 1));
	if (!g->has_pie)
		FUZZ_CHECK(rules_perft(pos, 2) ==
		    rules_perft_actions(g, &pos->board, pos->state, 2));
}

/*
 * For a game with play_cells: a run of legal placements the sampler
 * draws from pos, and one cell drawn at random after it, played by
 * rules_play_cells give the position play() gives one by one; the run
 * stops where play() refuses the cell or must pass first.
 */
static void
check_cells(const struct rules_position *pos, struct rules_rng *rng)
{
	static struct rules_action acts[MAX_LEGAL + 1];
	struct rules_position	  *one, *run;
	struct rules_action	   a;
	int16_t			   cells[33];
	size_t			   n = 0, nl, want;

	if (pos->game->play_cells == NULL)
		return;
	one = rules_position_dup(pos);
	run = rules_position_dup(pos);
	FUZZ_CHECK(one != NULL && run != NULL);
	while (n < 32 && (nl = rules_legal(one, acts, MAX_LEGAL)) > 0 &&
	    acts[0].kind == RULES_PLACE) {
		a = acts[rules_rng_below(rng, nl)];
		FUZZ_CHECK(rules_play(one, &a, NULL) == 0);
		cells[n++] = a.to;
	}
	FUZZ_CHECK(rules_play_cells(run, cells, n) == n);
	FUZZ_CHECK(same_state(one, run));
	a = (struct rules_action){ .kind = RULES_PLACE,
		.to = (int16_t)((int)rules_rng_below(
				    rng, (uint64_t)pos->board.ncells + 2) -
		    1) };
	want = rules_play(one, &a, NULL) == 0;
	FUZZ_CHECK(rules_play_cells(run, &a.to, 1) == want);
	FUZZ_CHECK(same_state(one, run));
	FUZZ_CHECK(rules_turn(one) == rules_turn(run));
	rules_position_free(one);
	rules_position_free(run);
}

/* An action from fuzz bytes: any kind, cells in range or not. */
static void
arbitrary_action(
    struct input *in, const struct rules_position *pos, struct rules_action *a)
{
	unsigned k = take(in), v;
	int	 n = pos->board.ncells;

	memset(a, 0, sizeof *a);
	a->kind = (uint8_t)(k % 8);
	a->capture = (k >> 3) & 1;
	if (k & 0x10) {
		/* Raw values: negative, huge, anything. */
		a->from = (int16_t)take16(in);
		a->to = (int16_t)take16(in);
	} else if (a->kind == RULES_DICE) {
		v = take(in);
		a->from = (int16_t)(v % 8);
		a->to = (int16_t)((v >> 3) % 8);
	} else {
		a->from = (int16_t)(take16(in) % (unsigned)(n + 2) - 1);
		a->to = (int16_t)(take16(in) % (unsigned)(n + 2) - 1);
	}
}

/* An action from the sampler: mostly on the board, any kind. */
static void
sampled_action(struct rules_rng *rng, const struct rules_position *pos,
    struct rules_action *a)
{
	uint64_t n = (uint64_t)pos->board.ncells;

	memset(a, 0, sizeof *a);
	a->kind = (uint8_t)rules_rng_below(rng, 6);
	if (a->kind == RULES_DICE) {
		a->from = (int16_t)rules_rng_below(rng, 8);
		a->to = (int16_t)rules_rng_below(rng, 8);
	} else {
		a->from = (int16_t)((int)rules_rng_below(rng, n + 2) - 1);
		a->to = (int16_t)((int)rules_rng_below(rng, n + 2) - 1);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rules_action acts[MAX_LEGAL + 1];
	const struct rules_game	  *g;
	const char		 **ok;
	struct rules_position	  *pos, *scratch;
	struct rules_variant	   v;
	struct rules_action	   a;
	struct rules_rng	   rng;
	struct input		   in = { data, size };
	size_t			   ngames = 0, nok = 0, n, i, steps, once;
	uint64_t		   hash = FUZZ_HASH_START;
	unsigned		   op;
	bool			   checked = false, setup_due = false, last;

	while (rules_game_at(ngames) != NULL)
		ngames++;
	i = take(&in) % ngames;
	g = rules_game_at(i);
	nok = game_specs(i, &ok);
	op = take(&in);
	rules_variant_default(g, &v);
	if (g->has_pie && (op & 0x80))
		v.pie = !v.pie;
	pos = rules_position_new(g, ok[op % nok], &v, NULL);
	FUZZ_CHECK(pos != NULL);
	scratch = rules_position_dup(pos);
	FUZZ_CHECK(scratch != NULL);
	/* The sampler's seed: the input itself, so a run replays. */
	hash = fuzz_hash(hash, data, size);
	rules_rng_seed(&rng, hash);

	/* The step of the costly checks: a step spends a byte or more. */
	once = rules_rng_below(&rng, (size < MAX_STEPS ? size : MAX_STEPS) + 1);
	for (steps = 0; steps < MAX_STEPS; steps++) {
		n = legal_actions(pos, acts);
		last = n == 0 || in.left == 0 || steps + 1 == MAX_STEPS;
		check_position(pos, n, steps % PIECES_EVERY == 0 || last);
		if (!checked && (steps == once || last)) {
			check_once(pos, scratch, acts, n);
			check_cells(pos, &rng);
			checked = setup_due = true;
		}
		if (setup_due && rules_phase(pos) == RULES_TURN_START) {
			check_setup(pos, scratch);
			setup_due = false;
		}
		for (i = 0; i < SAMPLES; i++) {
			sampled_action(&rng, pos, &a);
			(void)try_action(pos, scratch, &a, acts, n, false);
		}
		if (n == 0 || in.left == 0)
			break;
		op = take(&in);
		if (op % 4 == 0) {
			/*
			 * Likely illegal; if not, the position moves on.  A
			 * listed action the sampler draws stands in for the
			 * fuzzer's pick.
			 */
			FUZZ_CHECK(try_action(pos, scratch,
				       &acts[rules_rng_below(&rng, n)], acts, n,
				       true) == 0);
			arbitrary_action(&in, pos, &a);
			if (try_action(pos, scratch, &a, acts, n, false) == 0)
				copy_state(pos, scratch);
		} else {
			/* Wide lists need more than the six bits left. */
			i = n > 64 ? ((op / 4) << 8 | take(&in)) % n :
				     (op / 4) % n;
			FUZZ_CHECK(try_action(pos, scratch, &acts[i], acts, n,
				       true) == 0);
			copy_state(pos, scratch);
		}
	}
	rules_position_free(scratch);
	rules_position_free(pos);
	return 0;
}
