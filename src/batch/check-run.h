/* SPDX-License-Identifier: MIT */
/*
 * What the files of gamecheck's run share among themselves (check.h is
 * what the tool sees): where the records checked go, and the steps of
 * checking one input and putting out one record.
 */
#ifndef BATCH_CHECK_RUN_H
#define BATCH_CHECK_RUN_H

#include "batch/check.h"
#include "referee/referee.h"

/* Where batch_check_input puts the records it checks: any of them NULL. */
struct batch_check_sinks {
	struct report_writer *w;   /* the reports, or NULL (-q, --write) */
	struct record_export *x;   /* --write, or NULL */
	FILE		     *out; /* the output both write on */
	/* Anything to put out (batch_check_put): false for -q alone. */
	bool any;
};

/*
 * Puts out one record checked: left out as a duplicate (--dedupe), to
 * its file (--split-by), written (--write), its row and its report (with
 * its solve, solved 1).  Returns 0, 1 for a duplicate (counted, no
 * report of its own), or -1 when an output fails or memory runs out
 * (said).
 */
int batch_check_put(struct record_syntax *syn, const char *path,
    const char *name, const struct record *rec, struct replay *rp, int solved,
    const struct batch_check_sinks *o, struct batch_check_options *opt,
    struct batch_check_totals *t);

/*
 * -j by byte ranges (cli_jobs_range): the records of an input that start
 * in [start, end) of it.
 */
struct batch_check_part {
	unsigned long long start, end;
};

/*
 * Checks every record of input path (read from in, or of its part, not
 * NULL) into o and t, rp the run's replay.  Returns 0, or -1 on an I/O
 * error (reported).  *stop is set once --max-errors is reached.  A part
 * that cannot be read so (its format, a record's start no line tells, an
 * input of no record, whose report is its first part's) sets t->redo.
 */
int batch_check_input(struct record_syntax *syn, const char *path, FILE *in,
    const struct batch_check_part *part, const struct batch_check_sinks *o,
    struct batch_check_options *opt, struct batch_check_totals *t,
    struct replay *rp, bool *stop);

/*
 * --table: the table on out, and its header unless this is a worker of
 * -j (the parent writes it, before the workers' rows): 0, or -1 (said).
 */
int batch_check_start_table(FILE *out, struct batch_check_options *opt);

#endif
