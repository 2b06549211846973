/* SPDX-License-Identifier: MIT */
/*
 * gamestat's run (gamestat(1)): its options as parsed, what it has seen,
 * and the steps of the run: reading every input (records or reports, in
 * one process or in -j's workers), the checks before anything is written
 * (covers), and writing the summary, charts, page or table.  The options
 * are parsed, and the counts told, by gamestat.c; the statistics are
 * src/stat's, the schemas src/report's.
 */
#ifndef BATCH_STAT_H
#define BATCH_STAT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/cli.h"
#include "cli/charts.h"
#include "cli/dedupe.h"
#include "cli/openings.h"
#include "cli/output.h"
#include "cli/select.h"
#include "cli/tree.h"
#include "report/report.h"
#include "stat/stat.h"
#include "stat/tree.h"

/* What an input is read as (--format, --merge). */
enum batch_input {
	BATCH_INPUT_AUTO,
	BATCH_INPUT_REPORT,
	BATCH_INPUT_RECORDS, /* with record_format */
};

/* gamestat's options (gamestat(1)), filled by its parse_options. */
struct batch_stat_options {
	enum batch_input      input;
	const char	     *by;
	bool		      partial;
	bool		      merge;
	const char	     *plot;
	const char	     *output;
	const char	     *name;   /* --name: standard input's, or NULL */
	unsigned long	      expect; /* --expect: 0 for none */
	const char	     *inputs; /* --expect-inputs: a manifest, or NULL */
	struct cli_dedupe_run dd;     /* --dedupe, --duplicates */
	struct cli_tree_run   tree;   /* --tree, --depth, --from */
	bool		      overlap;
	unsigned	      figures; /* --figures: STAT_FIG_* */
	bool		      no_players;
	const char	     *opening_names; /* --opening-names FILE */
	struct cli_openings  *openings;	     /* its names, read */
	bool		      shard_bytes; /* --shard-by bytes (the default) */
	struct cli_records    in;  /* which inputs and records, read how */
	struct cli_select     sel; /* --select, ranges, --plies */
	struct cli_jobs	     *j;   /* a worker's, with -j */
	uint64_t	      seq; /* the records of the shard, for -j */
	/* -j: each worker parses only its own reports (doc-split.h). */
	bool		     split;
	const char	    *table;   /* --table: tsv, csv, or NULL */
	const char	    *columns; /* --columns */
	struct report_table *tb;      /* --table's, while reading */
	struct cli_output    tout;    /* where it goes */
};

/* An input as a partial's covers tell it: its size and CRC-32. */
struct batch_seen {
	uint64_t bytes;
	uint32_t crc;
};

/* What the run has seen. */
struct batch_stat_run {
	struct stat_summary *sum;
	unsigned long	     records; /* for progress */
	unsigned long	     skipped; /* left out by --select, a range */
	bool		     bad;     /* an input we could not count */
	bool		     partial_errors; /* a partial merged says errors */
	bool		     io_error;
	struct batch_seen   *seen;	 /* by input, for --partial */
	unsigned long	     duplicates; /* --dedupe */
	struct stat_tree    *tree;	 /* --tree --merge's */
	bool		     redo;	 /* -j's split of reports unsure */
	/*
	 * The exit status the run stopped on, said (memory: CLI_INTERNAL;
	 * --from no line of a record's game: CLI_USAGE), or 0.
	 */
	int stop;
};

/* Whether the run groups by opening (--by opening). */
bool batch_stat_by_opening(const struct batch_stat_options *opt);

/*
 * Reads every input (files, borrowed) into r: in this process, or in
 * opt's -j workers (--merge reads little and stays in one); r->sum made
 * (unless --merge), --opening-names read into opt->openings, r->seen
 * made for --partial, all r's to free.  Returns CLI_OK, or the exit
 * status after saying why (r->stop when reading stopped short).
 */
int batch_stat_read_all(struct batch_stat_run *r,
    struct batch_stat_options *opt, char *const *files, int nfiles);

/*
 * What a run writes only when its inputs were read whole and its
 * shards are all there (formats/summary.md): r's summary and tree made
 * if none was read, its covers (--partial).  CLI_OK, or the exit status
 * after saying why nothing is written.
 */
int batch_stat_ready(struct batch_stat_run *r, struct batch_stat_options *opt,
    char *const *files, int nfiles);

/*
 * Writes the summary (or tree) and, for a full run, the charts (when ch
 * is not NULL; their paths for messages), and the page of --html, into
 * the new set; only once every one of them was written whole are they
 * put in place, and only for a full run.  ch is ended either way.  False
 * after saying why, the old files kept.
 */
bool batch_stat_write_all(const struct batch_stat_options *opt,
    const struct batch_stat_run *r, struct cli_charts *ch, char **paths,
    bool full);

/*
 * --table: the table's file opened in opt->tout (standard output without
 * -o), opt->tb made, the header written.  False after saying why.
 */
bool batch_stat_start_table(struct batch_stat_options *opt);

/*
 * The table put in place after a full run (ok), else given up, as the
 * summary would be; opt->tb freed.  True, or false after saying why.
 */
bool batch_stat_end_table(struct batch_stat_options *opt, bool ok);

/* --overlap A B, to -o's file or standard output: the exit status. */
int batch_stat_overlap(
    const struct batch_stat_options *opt, char *const *files, int nfiles);

#endif
