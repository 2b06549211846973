/* SPDX-License-Identifier: MIT */
/*
 * What the files of gamestat's reading share among themselves (stat.h is
 * what the tool sees): the byte range of a shard, and the steps of
 * reading an input, its records or its reports, into the run.
 */
#ifndef BATCH_STAT_READ_H
#define BATCH_STAT_READ_H

#include "batch/stat.h"
#include "record/record.h"

/*
 * The byte range of an input that a task of --shard reads (formats/
 * record.md, "Shards"): [start, end) of a regular file of size bytes,
 * through fp, a stream of its own that can seek; on once the reader
 * takes it.
 */
struct batch_range {
	FILE		  *fp;
	unsigned long long start, end, size;
	bool		   on;
};

/*
 * Counts g into r's summary, and the progress line: true, or false with
 * r->stop set (said) when g does not fit the summary (other colour
 * names) or memory runs out.
 */
bool batch_stat_count(
    struct batch_stat_run *r, const struct stat_game *g, const char *name);

/* Memory ran out: says so, and sets r->stop. */
void batch_stat_no_memory(struct batch_stat_run *r);

/* --table's output failed: said once (quiet on EPIPE), the run fails. */
void batch_stat_table_error(
    struct batch_stat_run *r, const struct batch_stat_options *opt);

/*
 * Reads input name's reports (or partial summaries, with --merge) from
 * in, primed with the len bytes peeked, into r.  What is wrong is said
 * and set in r (r->stop: the run goes no further).
 */
void batch_stat_read_reports(struct batch_stat_run *r,
    struct batch_stat_options *opt, FILE *in, const char *name,
    const char *peek, size_t len);

/*
 * Reads input path's records (from in, primed with the len bytes peeked,
 * or by task's range rg, NULL for all of it) into r, each replayed as
 * selected.  What is wrong is said and set in r (r->stop: the run goes
 * no further).
 */
void batch_stat_read_records(struct batch_stat_run *r,
    struct batch_stat_options *opt, struct record_syntax *syn, FILE *in,
    const char *path, const char *name, const char *peek, size_t len,
    struct batch_range *rg);

/*
 * Whether task K of N reads input path (the i-th) by bytes (formats/
 * record.md, "Shards"), or a -j worker a part of it (cli_jobs_range):
 * if so, rg holds the range and a stream of the file, the caller's to
 * close; the reader may still refuse it (its format).
 */
bool batch_range_open(const struct batch_stat_options *opt, int i,
    const char *path, struct batch_range *rg);

/*
 * Hands range rg to reader rd of input name: rg->on if the reader takes
 * it.  False after a read error (said, r->io_error).
 */
bool batch_range_begin(struct batch_stat_run *r, struct batch_range *rg,
    struct record_reader *rd, const char *name);

/* A range that does not meet the next one counts nothing (r->io_error). */
void batch_range_end(
    struct batch_stat_run *r, struct record_reader *rd, const char *name);

/*
 * The cover of an input read by range rg into se: its size, and the
 * CRC-32 of its first 64 KiB.  False on a read error.
 */
bool batch_range_seen(const struct batch_range *rg, struct batch_seen *se);

/*
 * Whether the n bytes p, an input's first, start a YAML stream of reports
 * or partial summaries: a document marker, a directive or the schema key
 * (after blank lines and comments), which records never start with.
 */
bool batch_stat_looks_like_yaml(const char *p, size_t n);

/*
 * Reads input path (the i-th) into r, as records or reports; with se,
 * the bytes of all of it go to se (its size and CRC-32).  A -j worker by
 * byte ranges reads its part of it (cli_jobs_range), or none, and sets
 * r->redo where the part cannot be read so.
 */
void
batch_stat_read_input(struct batch_stat_run *r, struct batch_stat_options *opt,
    struct record_syntax *syn, int i, const char *path, struct batch_seen *se);

/* Reads every input in this process: CLI_OK, or the exit status (said). */
int
batch_stat_read_here(struct batch_stat_run *r, struct batch_stat_options *opt,
    struct record_syntax *syn, char *const *files, int nfiles);

/*
 * How -j's workers share out the inputs (cli_jobs_start's how): by byte
 * ranges where the options and the inputs allow (the records of regular,
 * uncompressed files in a format that tells where a record starts), else
 * by shares, or every N-th record for --shard by bytes.
 */
int batch_stat_jobs_how(struct record_syntax *syn, char *const *files,
    int nfiles, const struct batch_stat_options *opt);

/*
 * Reads every input in opt's -j workers, or in this process after all
 * when a worker's split of reports was unsure: CLI_OK, or the exit
 * status (said).
 */
int batch_stat_read_workers(struct batch_stat_run *r,
    struct batch_stat_options *opt, struct record_syntax *syn,
    char *const *files, int nfiles);

/*
 * --opening-names FILE (path) in how s's cover says it read, by the
 * file's CRC-32.  False after saying why.
 */
bool batch_stat_read_names(struct stat_summary *s, const char *path);

#endif
