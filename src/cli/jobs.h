/* SPDX-License-Identifier: MIT */
/*
 * Worker processes for -j (jobs.c): forking them, which records are
 * whose, and putting their outputs and results back together in order.
 */
#ifndef ARBITER_CLI_JOBS_H
#define ARBITER_CLI_JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * -j, --jobs N (jobs.c): N worker processes, byte for byte the output of
 * one.  cli_jobs_start forks them (copying standard input first, if one
 * of the files is "-", so that each reads all of it; an input that is no
 * regular file is refused, a usage error): it returns in each worker
 * with *k its number, 0 to n - 1, its standard output and error going to
 * files of its own, and in the parent with *k = n; NULL after saying why.
 * The records are numbered by the caller from 0 (seq), across the
 * inputs; cli_jobs_take says whether record seq is this worker's (and
 * counts it), cli_jobs_mine the same without counting.  With shares
 * (how CLI_JOBS_SHARES), where every input is a regular file, not
 * compressed, a worker's records are a run of them, its share (jobs.c):
 * the caller tells where its reading is,
 * cli_jobs_input(i) as it opens input i (and i = nfiles past the last),
 * cli_jobs_at(offset) before it asks of each record of it (the offset
 * of its reader's bytes, however counted); cli_jobs_done says when the
 * worker is past its share, to read no further.  Else record seq is
 * worker seq mod n's, and each reads every input.  A worker marks with
 * cli_jobs_mark(seq, sub) where the output of each part ends
 * (CLI_JOBS_BEFORE: what came before record seq, CLI_JOBS_EMPTY: an
 * empty input's report, both printed alike by every worker that read so
 * far, and written by the one cli_jobs_owns(seq) says, which alone
 * counts an empty input; CLI_JOBS_RECORD: record seq's own), and ends
 * with cli_jobs_exit, handing its result (totals, a partial summary)
 * back.  In the parent, cli_jobs_finish waits for them all, and, only if
 * every one exited 0, writes the frames in (seq, sub) order (standard
 * output's to out, standard error's to stderr) and calls result(arg, k,
 * bytes, len) for each worker's result in turn; it returns 0, or -1
 * after saying why (a worker killed or failed: the others are killed,
 * nothing is written).  cli_jobs_free frees, NULL or not; with NULL,
 * every record is taken and owned.
 */
#define CLI_JOBS_MAX	256
#define CLI_JOBS_BEFORE 0
#define CLI_JOBS_EMPTY	1
#define CLI_JOBS_RECORD 2
/* cli_jobs_start's how: every N-th record, shares, byte ranges. */
#define CLI_JOBS_EVERY	0
#define CLI_JOBS_SHARES 1
#define CLI_JOBS_RANGES 2
struct cli_jobs;
bool		 cli_jobs_option(const char *arg, unsigned long *n);
struct cli_jobs *cli_jobs_start(unsigned long n, char *const *files, int nfiles,
    int how, unsigned long *k);
bool		 cli_jobs_take(struct cli_jobs *, uint64_t *seq);
bool		 cli_jobs_mine(struct cli_jobs *, uint64_t seq);
bool		 cli_jobs_owns(struct cli_jobs *, uint64_t seq);
void		 cli_jobs_input(struct cli_jobs *, int i);
void		 cli_jobs_at(struct cli_jobs *, unsigned long long offset);
bool		 cli_jobs_done(const struct cli_jobs *);
/*
 * Whether this worker reads every input to its end (one does: the first,
 * or with shares or byte ranges the last); what it prints after the last
 * input is the one copy written.
 */
bool cli_jobs_reads_all(const struct cli_jobs *);
void cli_jobs_mark(struct cli_jobs *, uint64_t seq, unsigned sub);
void cli_jobs_exit(struct cli_jobs *, const void *result, size_t len)
    __attribute__((noreturn));
int  cli_jobs_finish(struct cli_jobs *, FILE *out,
     int (*result)(void *arg, unsigned long k, char *buf, size_t len),
     void *arg);
void cli_jobs_free(struct cli_jobs *);

/*
 * Byte ranges (how CLI_JOBS_RANGES, where shares could be): worker k
 * reads the bytes from S k / n up to S (k + 1) / n of the inputs' sizes
 * added up (S), the records that start there (record_reader_range), and
 * nothing before them: no record is passed over.  Each worker numbers
 * and takes all the records it reads, from 0, and its frames go after
 * those of the workers before it; what no record prints is its own.  So
 * the caller is to print nothing that needs a record's number in the
 * run, and to read each input as cli_jobs_range says: -1 none of it; 0
 * all of it, as ever (an input whose bytes are all in the range, or an
 * empty one that starts there); 1 the records that start in [*start,
 * *end) of it (*end (unsigned long long)-1: to its end).  Where a range
 * cannot be read so (a record's start no line tells), the run is the
 * caller's to do again in one process (cli_jobs_any).  cli_jobs_ranges
 * says whether the run is by ranges (else by shares, or every N-th).
 */
int  cli_jobs_range(const struct cli_jobs *, int i, unsigned long long *start,
     unsigned long long *end);
bool cli_jobs_ranges(const struct cli_jobs *);

/*
 * In the parent, before cli_jobs_finish: waits for the workers, and
 * says whether pred holds of a worker's result (1), of none (0), or -1
 * after saying why (a worker killed or failed).
 */
int cli_jobs_any(struct cli_jobs *, bool (*pred)(const char *buf, size_t len));

/*
 * In the parent, after the workers, before cli_jobs_free: standard input
 * made the copy of it the workers read, from its start, so that the
 * inputs can be read again here (where cli_jobs_any said a worker's
 * reading was unsure).  0 (also where standard input was not copied),
 * or -1 (errno).
 */
int cli_jobs_stdin_again(struct cli_jobs *);

#endif
