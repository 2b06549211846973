/* SPDX-License-Identifier: MIT */
/*
 * What the tests that read records share (test_record, test_referee): the
 * notation's patterns compiled for each test by a checked fixture
 * (syntax_setup, syntax_teardown) and the test's reader, which the
 * fixture closes where a test ended early, its assertions having failed
 * with the reader open.  How a test opens its reader is its own.
 */
#ifndef ARBITER_TEST_READING_H
#define ARBITER_TEST_READING_H

#include <check.h>
#include <stdio.h>

#include "record/record.h"

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

#endif
