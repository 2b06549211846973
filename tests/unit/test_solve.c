/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the endgame solver (src/solve): its values against a
 * naive minimax written here on its own board code, on thousands of
 * positions of 1-8 empties (reached by play and drawn at random); the
 * FFO positions #1-#19 of tests/solve/ffo.txt; the budgets' honest
 * "unknown"; a finished game; a forced pass; the rules-core bridge.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "solve/solve.h"
#include "unit.h"

/* ---- A naive solver: arrays, eight directions, full minimax -------- */

static const int dxs[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
static const int dys[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };

/* Plays P on sq of the board b (0 empty, 1 P, 2 O); the discs flipped. */
static int
naive_play(int8_t *b, int sq, int apply)
{
	int k, x, y, n, total = 0;

	if (b[sq] != 0)
		return 0;
	for (k = 0; k < 8; k++) {
		x = sq % 8 + dxs[k];
		y = sq / 8 + dys[k];
		n = 0;
		while (
		    x >= 0 && x < 8 && y >= 0 && y < 8 && b[y * 8 + x] == 2) {
			x += dxs[k];
			y += dys[k];
			n++;
		}
		if (n == 0 || x < 0 || x >= 8 || y < 0 || y >= 8 ||
		    b[y * 8 + x] != 1)
			continue;
		total += n;
		while (apply && n-- > 0) {
			x -= dxs[k];
			y -= dys[k];
			b[y * 8 + x] = 1;
		}
	}
	if (apply && total > 0)
		b[sq] = 1;
	return total;
}

static void
naive_swap(int8_t *b)
{
	int i;

	for (i = 0; i < 64; i++)
		b[i] = b[i] == 0 ? 0 : (int8_t)(3 - b[i]);
}

static int
naive_final(const int8_t *b)
{
	int i, p = 0, o = 0, e;

	for (i = 0; i < 64; i++) {
		p += b[i] == 1;
		o += b[i] == 2;
	}
	e = 64 - p - o;
	return p > o ? p - o + e : p < o ? p - o - e : 0;
}

/* The perfect-play value for P (plain negamax, no pruning). */
static int
naive_value(const int8_t *b, int passed)
{
	int8_t c[64];
	int    sq, v, best = -1000;

	for (sq = 0; sq < 64; sq++) {
		memcpy(c, b, 64);
		if (naive_play(c, sq, 1) == 0)
			continue;
		naive_swap(c);
		v = -naive_value(c, 0);
		if (v > best)
			best = v;
	}
	if (best > -1000)
		return best;
	if (passed)
		return naive_final(b);
	memcpy(c, b, 64);
	naive_swap(c);
	return -naive_value(c, 1);
}

static void
naive_bits(const int8_t *b, uint64_t *me, uint64_t *opp)
{
	int i;

	*me = *opp = 0;
	for (i = 0; i < 64; i++)
		if (b[i] == 1)
			*me |= UINT64_C(1) << i;
		else if (b[i] == 2)
			*opp |= UINT64_C(1) << i;
}

static uint64_t rng_state = 0x853c49e6748fea9bULL;

static uint32_t
rnd(void)
{
	rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(rng_state >> 33);
}

/*
 * A position with `empties' empties: played at random from the start
 * when by_play, else discs drawn at random.  The side to move is P.
 */
static void
random_board(int8_t *b, int empties, int by_play)
{
	int moves[64], n, sq, filled, passes = 0;

	memset(b, 0, 64);
	if (!by_play) {
		for (filled = 0; filled < 64 - empties;) {
			sq = (int)(rnd() % 64);
			if (b[sq] == 0) {
				b[sq] = (int8_t)(1 + rnd() % 2);
				filled++;
			}
		}
		return;
	}
	b[27] = b[36] = 2;
	b[28] = b[35] = 1;
	for (filled = 4; filled < 64 - empties && passes < 2;) {
		for (n = 0, sq = 0; sq < 64; sq++)
			if (naive_play(b, sq, 0) > 0)
				moves[n++] = sq;
		if (n > 0) {
			naive_play(b, moves[rnd() % n], 1);
			filled++;
			passes = 0;
		} else
			passes++;
		naive_swap(b);
	}
}

/* Checks one board against the naive values, in both modes. */
static void
check_board(struct solve *sv, const int8_t *b)
{
	struct solve_options opt = { 0, 0, true };
	struct solve_result  all, r;
	int8_t		     c[64];
	uint64_t	     me, opp;
	int		     want = -1000, i, n = 0, v[64];

	naive_bits(b, &me, &opp);
	ck_assert_int_eq(solve_bitboards(sv, me, opp, &opt, &all), 0);
	ck_assert_int_eq(solve_bitboards(sv, me, opp, NULL, &r), 0);
	ck_assert_int_eq(r.score, all.score);
	if (all.over || all.moves[0].square == SOLVE_PASS) {
		ck_assert_int_eq(r.score, naive_value(b, 0));
		return;
	}
	/* Each move's value by the naive search, once. */
	for (i = 0; i < all.nmoves; i++) {
		memcpy(c, b, 64);
		ck_assert_int_gt(naive_play(c, all.moves[i].square, 1), 0);
		naive_swap(c);
		v[i] = -naive_value(c, 0);
		ck_assert_int_eq(all.moves[i].score, v[i]);
		want = v[i] > want ? v[i] : want;
	}
	for (i = 0; i < 64; i++) {
		memcpy(c, b, 64);
		n += naive_play(c, i, 1) > 0;
	}
	ck_assert_int_eq(all.nmoves, n);
	ck_assert_int_eq(all.score, want);
	ck_assert_int_eq(r.nbest, 1);
	for (i = 0; all.moves[i].square != r.best[0]; i++)
		ck_assert_int_lt(i + 1, all.nmoves);
	ck_assert_int_eq(v[i], want);
	for (n = 0, i = 0; i < all.nmoves; i++)
		n += v[i] == want;
	ck_assert_int_eq(all.nbest, n);
}

START_TEST(against_naive_minimax)
{
	struct solve *sv = solve_new(1 << 20);
	int8_t	      b[64];
	int	      i;

	ck_assert_ptr_nonnull(sv);
	for (i = 0; i < 3000; i++) {
		random_board(b, 1 + i % 8, i % 3 != 0);
		check_board(sv, b);
	}
	solve_free(sv);
}
END_TEST

/*
 * The table's bounds carry across solves (a table small enough that
 * entries are replaced): repeated solves agree with a fresh one.
 */
START_TEST(table_reused_across_solves)
{
	struct solve	   *sv = solve_new(1 << 16);
	struct solve_result r;
	int8_t		    b[64];
	uint64_t	    me, opp;
	int		    i, want;

	for (i = 0; i < 200; i++) {
		random_board(b, 10 + i % 3, 1);
		naive_bits(b, &me, &opp);
		ck_assert_int_eq(solve_bitboards(sv, me, opp, NULL, &r), 0);
		want = r.score;
		ck_assert_int_eq(solve_bitboards(sv, me, opp, NULL, &r), 0);
		ck_assert_int_eq(r.score, want);
		/* And a solver with an empty table agrees. */
		solve_clear(sv);
		ck_assert_int_eq(solve_bitboards(sv, me, opp, NULL, &r), 0);
		ck_assert_int_eq(r.score, want);
	}
	solve_free(sv);
}
END_TEST

/*
 * FFO position n of tests/solve/ffo.txt: the file's score and best moves,
 * and a solver of its own.
 */
struct ffo {
	struct solve	   *sv;
	uint64_t	    me, opp;
	int		    score;
	char		    best[64];
	struct solve_result r;
};

/*
 * Reads FFO position n into f and solves it with opt; fails the test
 * unless solve_bitboards() returns rc.  The caller frees f->sv.
 */
static void
ffo_solve(struct ffo *f, int n, const struct solve_options *opt, int rc)
{
	const char *dir = getenv("srcdir");
	char	    path[1024], line[512];
	const char *p;
	FILE	   *fp;
	int	    k;

	snprintf(path, sizeof path, "%s/tests/solve/ffo.txt", dir ? dir : ".");
	ck_assert_ptr_nonnull(fp = fopen(path, "r"));
	while (fgets(line, sizeof line, fp) != NULL)
		if (line[0] != '#' && sscanf(line, "%d", &k) == 1 && k == n)
			break;
	fclose(fp);
	ck_assert_int_eq(k, n);
	p = strchr(line, ' ');
	ck_assert_int_ge(solve_parse_board(p, &f->me, &f->opp, &p), 0);
	ck_assert_int_eq(sscanf(p, "%d %63s", &f->score, f->best), 2);
	f->sv = solve_new(0);
	ck_assert_int_eq(solve_bitboards(f->sv, f->me, f->opp, opt, &f->r), rc);
}

START_TEST(ffo_1_to_19)
{
	struct ffo f;
	char	   name[3];

	ffo_solve(&f, _i, NULL, 0);
	ck_assert_int_eq(f.r.score, f.score);
	ck_assert_int_eq(f.r.nbest, 1);
	name[0] = (char)('a' + f.r.best[0] % 8);
	name[1] = (char)('1' + f.r.best[0] / 8);
	name[2] = '\0';
	ck_assert_ptr_nonnull(strstr(f.best, name));
	solve_free(f.sv);
}
END_TEST

/* FFO #1 in all mode: every move exact, the best one the file's. */
START_TEST(ffo_all_mode)
{
	struct solve_options opt = { 0, 0, true };
	struct ffo	     f;
	int		     i, top = -64;

	ffo_solve(&f, 1, &opt, 0);
	ck_assert_int_eq(f.r.score, f.score);
	ck_assert_int_gt(f.r.nmoves, 1);
	for (i = 0; i < f.r.nmoves; i++) {
		ck_assert_int_ne(f.r.moves[i].score, SOLVE_SCORE_UNKNOWN);
		top = f.r.moves[i].score > top ? f.r.moves[i].score : top;
	}
	ck_assert_int_eq(top, f.score);
	ck_assert_int_eq(f.r.nbest, 1);
	ck_assert_int_eq(f.r.best[0], 6 + 7 * 8); /* g8 */
	solve_free(f.sv);
}
END_TEST

START_TEST(budget_gives_unknown)
{
	struct solve_options opt = { 1000, 0, false };
	struct ffo	     f;

	ffo_solve(&f, 19, &opt, 1);
	ck_assert_int_eq(f.r.status, SOLVE_UNKNOWN);
	ck_assert_int_eq(f.r.score, SOLVE_SCORE_UNKNOWN);
	ck_assert_int_eq(f.r.nbest, 0);
	ck_assert_uint_ge(f.r.nodes, 1000);
	/* A time budget too: a microsecond is never enough for 16 empties. */
	solve_clear(f.sv);
	opt = (struct solve_options){ 0, 1e-6, true };
	ck_assert_int_eq(solve_bitboards(f.sv, f.me, f.opp, &opt, &f.r), 1);
	ck_assert_int_eq(f.r.score, SOLVE_SCORE_UNKNOWN);
	ck_assert_int_eq(f.r.nbest, 0);
	/* After an unknown the same solver still gives the exact value. */
	ck_assert_int_eq(solve_bitboards(f.sv, f.me, f.opp, NULL, &f.r), 0);
	ck_assert_int_eq(f.r.score, f.score);
	solve_free(f.sv);
}
END_TEST

START_TEST(finished_game)
{
	struct solve	   *sv = solve_new(0);
	struct solve_result r;

	/* Full board, 40 to 24. */
	ck_assert_int_eq(solve_bitboards(sv, UINT64_C(0xffffffffff),
			     ~UINT64_C(0xffffffffff), NULL, &r),
	    0);
	ck_assert(r.over);
	ck_assert_int_eq(r.score, 16);
	ck_assert_int_eq(r.nbest, 0);
	/* Neither side can move, 58 empties: 5-1 counts 62 to the winner. */
	ck_assert_int_eq(
	    solve_bitboards(sv, UINT64_C(0x1f), UINT64_C(1) << 63, NULL, &r),
	    0);
	ck_assert(r.over);
	ck_assert_int_eq(r.score, 62);
	ck_assert_int_eq(
	    solve_bitboards(sv, UINT64_C(1) << 63, UINT64_C(0x1f), NULL, &r),
	    0);
	ck_assert_int_eq(r.score, -62);
	/* Overlapping sides are refused. */
	ck_assert_int_eq(solve_bitboards(sv, 3, 1, NULL, &r), -1);
	solve_free(sv);
}
END_TEST

START_TEST(forced_pass)
{
	struct solve	    *sv = solve_new(0);
	struct solve_options opt = { 0, 0, true };
	struct solve_result  r;
	int8_t		     b[64];
	uint64_t	     me, opp;

	/* P b1, O a1: P has no move, O takes c1 and every disc: -64. */
	memset(b, 0, 64);
	b[1] = 1;
	b[0] = 2;
	naive_bits(b, &me, &opp);
	ck_assert_int_eq(solve_bitboards(sv, me, opp, NULL, &r), 0);
	ck_assert(!r.over);
	ck_assert_int_eq(r.score, -64);
	ck_assert_int_eq(r.score, naive_value(b, 0));
	ck_assert_int_eq(r.nbest, 1);
	ck_assert_int_eq(r.best[0], SOLVE_PASS);
	ck_assert_int_eq(solve_bitboards(sv, me, opp, &opt, &r), 0);
	ck_assert_int_eq(r.nmoves, 1);
	ck_assert_int_eq(r.moves[0].square, SOLVE_PASS);
	ck_assert_int_eq(r.moves[0].score, -64);
	solve_free(sv);
}
END_TEST

/* The bridge from the rules core: the start position after f5 d6 c3. */
START_TEST(from_rules_position)
{
	struct solve		*sv = solve_new(0);
	struct solve_result	 r;
	struct rules_position	*pos;
	struct diag		 d;
	const struct rules_game *g = rules_game_find("herd");

	pos = rules_position_new(&rules_reversi, NULL, NULL, &d);
	ck_assert_ptr_nonnull(pos);
	/* 60 empties is far beyond a tiny budget: unknown, honestly. */
	{
		struct solve_options opt = { 5000, 0, false };

		ck_assert_int_eq(solve_position(sv, pos, &opt, &r, &d), 1);
		ck_assert_int_eq(r.status, SOLVE_UNKNOWN);
		ck_assert_int_eq(r.empties, 60);
	}
	rules_position_free(pos);
	/* A game the solver does not serve. */
	ck_assert_ptr_nonnull(g);
	pos = rules_position_new(g, NULL, NULL, &d);
	ck_assert_ptr_nonnull(pos);
	ck_assert_int_eq(solve_position(sv, pos, NULL, &r, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "reversi"));
	rules_position_free(pos);
	solve_free(sv);
}
END_TEST

UNIT_MAIN("solve",
    unit_tcase(
	"naive", 300, against_naive_minimax, table_reused_across_solves, NULL),
    unit_loops(
	unit_tcase("ffo", 120, ffo_all_mode, NULL), ffo_1_to_19, 1, 20, NULL),
    unit_tcase("edges", 0, budget_gives_unknown, finished_game, forced_pass,
	from_rules_position, NULL))
