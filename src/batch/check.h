/* SPDX-License-Identifier: MIT */
/*
 * gamecheck's run (gamecheck(1)): its options as parsed, its totals, and
 * the checking of its inputs, in one process or in each worker of -j.
 * The options are parsed, and the totals told, by gamecheck.c; the work
 * on each record is the libraries' below (cli, referee, report).
 */
#ifndef BATCH_CHECK_H
#define BATCH_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/cli.h"
#include "cli/dedupe.h"
#include "cli/openings.h"
#include "cli/replayed.h"
#include "cli/select.h"
#include "cli/split.h"
#include "record/record.h"
#include "report/report.h"

/* gamecheck's options (gamecheck(1)), filled by its parse_options. */
struct batch_check_options {
	bool		      quiet;
	bool		      require_finished;
	unsigned long	      max_errors; /* 0: no limit */
	const char	     *output;
	const char	     *write; /* --write: a format, or NULL */
	bool		      keep_illegal;
	struct cli_dedupe_run dd;      /* --dedupe, --duplicates */
	const char	     *table;   /* --table: tsv, csv, or NULL */
	const char	     *columns; /* --columns, or NULL */
	struct report_table  *tb;      /* --table's, while checking */
	struct cli_records    in;      /* which inputs and records, read how */
	struct cli_select     sel;     /* --select, ranges, --plies */
	struct cli_jobs	     *j;       /* a worker's, with -j */
	uint64_t	      seq;     /* the records of the shard, for -j */
	bool		      solve;   /* --solve N: N in solve_empties */
	int		      solve_empties;
	struct solve_options  budget;  /* --solve-nodes, --solve-seconds */
	struct cli_perfect   *perfect; /* --solve: batch_check_all's */
	const char	     *opening_names; /* --opening-names FILE */
	struct cli_openings  *openings;	     /* its names, read */
	struct cli_split_spec split;	     /* --split-by, --split, ... */
	struct cli_split     *sp;	     /* its files, while checking */
	/* --progress 1, --no-progress -1, neither 0. */
	int progress;
};

/* What a run counted: its summary line and its exit status. */
struct batch_check_totals {
	unsigned long records;
	unsigned long skipped; /* left out by --select or a range */
	unsigned long finished;
	unsigned long unfinished;
	unsigned long forfeited; /* among the finished */
	unsigned long illegal;
	unsigned long malformed;
	unsigned long mismatched;
	unsigned long errors;	  /* records with any error */
	unsigned long duplicates; /* --dedupe */
	bool	      out_of_memory;
	bool	      io_error; /* with -j: a worker's */
	bool	      stop;
	bool	      ranged; /* the ranges are over: read no more */
	/* -j by byte ranges: a range not read so, the run to do again. */
	bool redo;
};

/*
 * The size of the inputs for the progress line, where it is drawn: 0
 * (unknown) when one of them is no regular file (a pipe, a terminal).
 */
void batch_check_progress_size(char *const *files, int nfiles);

/*
 * Checks every input, the reports to w (NULL with -q, --write or
 * --table), the records of --write and the rows of --table to out (named
 * outname), and counts them into t; syn and files are borrowed.  The
 * outputs are the caller's; with -j, this runs in each worker.  What
 * fails is said, and set in t (io_error, out_of_memory, stop).
 */
void batch_check_all(struct record_syntax *syn, char *const *files, int nfiles,
    struct report_writer *w, FILE *out, const char *outname,
    struct batch_check_options *opt, struct batch_check_totals *t);

/*
 * A worker of -j (opt->j): its share of the records checked onto
 * standard output, its totals handed to the parent.  Does not return.
 */
void batch_check_worker(struct record_syntax *syn, char *const *files,
    int nfiles, struct batch_check_options *opt);

/* -j's parent: --table's header on out, before the rows: 0, or -1 (said). */
int batch_check_table_header(FILE *out, struct batch_check_options *opt);

/*
 * cli_jobs_finish's callback: adds worker k's totals (buf, len bytes) to
 * the run's (arg, a struct batch_check_totals).  0, or -1 (said).
 */
int batch_check_add_totals(void *arg, unsigned long k, char *buf, size_t len);

/*
 * How -j shares out the records (cli_jobs_start's how): by byte ranges
 * where nothing printed needs a record's number in the run (-q alone)
 * and every input can be read so, else by shares.  Then a worker's
 * totals (its result) may ask for the run in one process
 * (batch_check_redo).
 */
int  batch_check_jobs_how(struct record_syntax *syn, char *const *files,
     int nfiles, const struct batch_check_options *opt);
bool batch_check_redo(const char *buf, size_t len);

#endif
