/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the referee (src/referee): replaying records against the
 * rules core, the position and counts at the end, the first error and
 * where it stands, the recorded result checked, storage reused.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/record.h"
#include "referee/referee.h"
#include "unit.h"

static struct record_syntax *syn;
static struct record_reader *rd;	/* replay_text()'s, while it runs */

static void
setup_syntax(void)
{
	syn = record_syntax_new();
	ck_assert_ptr_nonnull(syn);
}

static void
teardown_syntax(void)
{
	record_reader_free(rd);
	rd = NULL;
	record_syntax_free(syn);
}

/* Replays the first record of text (read from a buffer) into rp. */
static void
replay_text(const char *text, enum record_format fmt, struct replay *rp)
{
	const struct record *rec;
	struct replay_options opt = { .max_legal = 64 };

	rd = record_reader_new_buffer(syn, text, strlen(text), "test", fmt);
	ck_assert_ptr_nonnull(rd);
	ck_assert_int_eq(record_reader_next(rd, &rec), 1);
	replay_record(syn, rec, &opt, rp);
	record_reader_free(rd);
	rd = NULL;
}

START_TEST(replay_finished_game)
{
	struct replay rp;

	replay_init(&rp);
	replay_text("[Game \"reversi\"]\ne6 f4 e3 f6 g5 d6 e7 f5 c5 13-0\n",
	    RECORD_PGN, &rp);
	ck_assert_int_eq(rp.status, REPLAY_FINISHED);
	ck_assert_int_eq(rp.turns, 9);
	ck_assert(rp.has_recorded);
	ck_assert(rp.agrees);
	ck_assert_int_eq(rp.score.winner, 0);
	replay_fini(&rp);
}
END_TEST

START_TEST(replay_implicit_passes_only_in_transcripts)
{
	/* A real game where White passes before h7 (turn 60). */
	static const char moves[] =
	    "d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8"
	    "b4b7a7a5g3f1g4g5h6a4g6e1b2c1c2h3h4g2g7h2h1a1g1b1a2a3h7h8g8h5";
	char	 pgn[512];
	struct replay rp;
	size_t	 i, n = 0;

	replay_init(&rp);
	replay_text(moves, RECORD_TRANSCRIPT, &rp);
	ck_assert_int_eq(rp.status, REPLAY_FINISHED);
	ck_assert_int_eq(rp.implied_passes, 2);
	ck_assert_int_eq(rp.turns, 62);
	ck_assert_int_eq(rp.score.points[0], 18);
	ck_assert_int_eq(rp.score.points[1], 46);

	/* The same moves as movetext: the first missing pass is an error. */
	n = (size_t)snprintf(pgn, sizeof pgn, "[Game \"reversi\"]\n");
	for (i = 0; moves[i] != '\0'; i += 2)
		n += (size_t)snprintf(pgn + n, sizeof pgn - n, "%.2s ",
		    moves + i);
	replay_text(pgn, RECORD_PGN, &rp);
	ck_assert_int_eq(rp.status, REPLAY_ILLEGAL);
	ck_assert_str_eq(diag_name(rp.error.code), "must-pass");
	ck_assert_int_eq(rp.error_turn, 57);
	ck_assert_int_eq(rp.nlegal, 1);
	ck_assert_int_eq(rp.legal[0].kind, RULES_PASS);
	replay_fini(&rp);
}
END_TEST

START_TEST(replay_error_position)
{
	struct replay rp;

	replay_init(&rp);
	replay_text("[Game \"reversi\"]\n\n  f5  d6\n c4 e3 *\n", RECORD_PGN,
	    &rp);
	ck_assert_int_eq(rp.status, REPLAY_ILLEGAL);
	ck_assert_str_eq(diag_name(rp.error.code), "no-flips");
	ck_assert_int_eq(rp.error.at.line, 4);
	ck_assert_int_eq(rp.error.at.col, 5);
	ck_assert_int_eq(rp.error_turn, 4);
	ck_assert_str_eq(rp.error_move, "e3");
	/* The position is the one before the illegal move. */
	ck_assert_int_eq(rules_to_move(rp.pos), 1);
	replay_fini(&rp);
}
END_TEST

START_TEST(replay_result_forms)
{
	static const struct {
		const char *result;
		bool agrees;
	} cases[] = {
		{ "13-0", true }, { "64-0", true }, { "0-13", false },
		{ "*", false }, { "1/2-1/2", false },
	};
	char	 text[128];
	struct replay rp;

	replay_init(&rp);
	snprintf(text, sizeof text, "[Game \"reversi\"]\n[Result \"%s\"]\n"
	    "e6 f4 e3 f6 g5 d6 e7 f5 c5\n", cases[_i].result);
	replay_text(text, RECORD_PGN, &rp);
	ck_assert(rp.has_recorded);
	ck_assert_int_eq(rp.agrees, cases[_i].agrees);
	ck_assert_int_eq(rp.has_error, !cases[_i].agrees);
	replay_fini(&rp);
}
END_TEST

START_TEST(replay_reuses_storage)
{
	struct replay rp;
	int	 i;

	/* Many records through one replay: no growth, same answers. */
	replay_init(&rp);
	for (i = 0; i < 1000; i++) {
		replay_text(i % 2 ? "[Game \"reversi\"]\nf5 d6 a1 *\n" :
		    "[Game \"reversi\"]\n[Size \"6\"]\nc2 *\n", RECORD_PGN,
		    &rp);
		ck_assert_int_eq(rp.status, i % 2 ? REPLAY_ILLEGAL :
		    REPLAY_UNFINISHED);
	}
	replay_fini(&rp);
}
END_TEST

static Suite *
referee_suite(void)
{
	Suite	*s = suite_create("referee");
	TCase	*tc;

	tc = tcase_create("replay");
	tcase_add_checked_fixture(tc, setup_syntax, teardown_syntax);
	tcase_add_test(tc, replay_finished_game);
	tcase_add_test(tc, replay_implicit_passes_only_in_transcripts);
	tcase_add_test(tc, replay_error_position);
	tcase_add_loop_test(tc, replay_result_forms, 0, 5);
	tcase_add_test(tc, replay_reuses_storage);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return unit_run(referee_suite());
}
