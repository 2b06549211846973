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
 * Copies len bytes into buf (cap bytes) as valid UTF-8 without NULs:
 * invalid sequences and NUL become U+FFFD.  Returns the length written.
 */
size_t	report_utf8_clean(const char *s, size_t len, char *buf, size_t cap);

#endif
