/* SPDX-License-Identifier: MIT */
/*
 * Reports: the YAML stream gamecheck writes, one document per record
 * (formats/report.md, schema arbiter-report/1).  The only module that
 * includes <yaml.h>; what goes into a report comes from src/record.
 */
#ifndef ARBITER_REPORT_H
#define ARBITER_REPORT_H

#include <stdio.h>

#include "record/record.h"

#define REPORT_SCHEMA	"arbiter-report/1"

struct report_writer;

/*
 * A writer of one YAML stream to out (borrowed; flushed, not closed).
 * Returns NULL when memory runs out.
 */
struct report_writer *report_writer_new(FILE *out);
/*
 * Writes one document for a record and its replay.  source names the input
 * ("-" for stdin).  Returns 0, or -1 when the stream cannot be written
 * (errno from the output, or EINVAL for an emitter error).
 */
int	report_write(struct report_writer *, const char *source,
	    const struct record *, const struct replay *);
/* Ends the stream (if anything was written) and frees; 0 or -1. */
int	report_writer_free(struct report_writer *);

/*
 * gameplay's documents: where a referee's game stands (arbiter-status/1),
 * the legal continuations (arbiter-legal/1) and the dice of the next turn
 * (arbiter-roll/1), each one YAML document on its own stream (documented
 * in gameplay(1)).  Everything is borrowed.
 */
struct report_play {
	const char	*source;	/* the record's file name */
	const struct record *rec;
	const struct replay *rp;	/* replayed with partial_ok */
	const char	*so_far;	/* the turn in progress, or NULL */
	const struct rules_action *legal;	/* legal: the next actions */
	size_t		 nlegal;
	int		 dice[2];	/* roll: the two dice */
};

/*
 * Each writes one document to out and returns 0, or -1 when out cannot be
 * written (errno from the output, or EINVAL for an emitter error).
 */
int	report_write_status(FILE *out, const struct report_play *);
int	report_write_legal(FILE *out, const struct report_play *);
int	report_write_roll(FILE *out, const struct report_play *);

/*
 * Copies len bytes into buf (cap bytes) as valid UTF-8 without NULs:
 * invalid sequences and NUL become U+FFFD.  Returns the length written.
 */
size_t	report_utf8_clean(const char *s, size_t len, char *buf, size_t cap);

#endif
