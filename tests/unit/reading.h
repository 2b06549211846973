/* SPDX-License-Identifier: MIT */
/*
 * What the tests that read records share (test_record, test_referee,
 * test_squares): the notation's patterns compiled for each test by a
 * checked fixture (syntax_setup, syntax_teardown), the test's reader,
 * which the fixture closes where a test ended early, its assertions
 * having failed with the reader open, and the check that two replays of
 * one record agree.  How a test opens its reader is its own.
 */
#ifndef ARBITER_TEST_READING_H
#define ARBITER_TEST_READING_H

#include <check.h>
#include <stdio.h>

#include "record/record.h"
#include "referee/referee.h"

static struct record_syntax *syn;

/*
 * Records in a format: src is their text, or the name of the file that
 * holds it (tables of inputs, as of sniffing and of round trips).
 */
struct reading_input {
	const char	  *src;
	enum record_format fmt;
};

/* The test's reader, and the FILE under it where it reads a stream. */
static struct record_reader *rd;
static FILE		    *rd_fp;

/* Closes the test's reader, if it has one open. */
static void
reader_close(void)
{
	record_reader_free(rd);
	rd = NULL;
	if (rd_fp != NULL)
		fclose(rd_fp);
	rd_fp = NULL;
}

static void
syntax_setup(void)
{
	syn = record_syntax_new();
	ck_assert_ptr_nonnull(syn);
}

static void
syntax_teardown(void)
{
	reader_close();
	record_syntax_free(syn);
}

/*
 * Two replays of the record text (for the message) by two ways agree in
 * all: status, turns, passes, the diagnostic, its place and the move it
 * quotes, the winner, and, for a record the reader took, the 8x8 board.
 */
static inline void
assert_same_replays(
    const char *text, const struct replay *a, const struct replay *b)
{
	int cell;

	ck_assert_msg(a->status == b->status && a->turns == b->turns &&
		a->implied_passes == b->implied_passes &&
		a->error_turn == b->error_turn &&
		a->has_error == b->has_error &&
		a->has_warning == b->has_warning,
	    "%s: %s at %zu against %s at %zu", text,
	    replay_status_name(a->status), a->error_turn,
	    replay_status_name(b->status), b->error_turn);
	if (a->has_error) {
		ck_assert_int_eq(a->error.code, b->error.code);
		ck_assert_int_eq(a->error.at.line, b->error.at.line);
		ck_assert_int_eq(a->error.at.col, b->error.at.col);
		ck_assert_int_eq(a->error.at.offset, b->error.at.offset);
		ck_assert_int_eq(a->error.len, b->error.len);
		ck_assert_str_eq(a->error.msg, b->error.msg);
		ck_assert_str_eq(a->error_move, b->error_move);
		ck_assert_int_eq(a->nlegal, b->nlegal);
	}
	ck_assert_int_eq(a->score.winner, b->score.winner);
	if (a->status != REPLAY_MALFORMED)
		for (cell = 0; cell < 64; cell++)
			ck_assert_int_eq(rules_piece(a->pos, cell),
			    rules_piece(b->pos, cell));
}

#endif
