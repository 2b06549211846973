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
 * Each worker reads every input and takes the records cli_jobs_take says
 * are its (record seq, numbered by the caller from 0, with seq mod n =
 * k), marks with cli_jobs_mark(seq, sub) where the output of each part
 * ends (CLI_JOBS_BEFORE: what came before record seq, CLI_JOBS_EMPTY: an
 * empty input's report, both printed alike by every worker and taken
 * from worker 0; CLI_JOBS_RECORD: record seq's own), and ends with
 * cli_jobs_exit, handing its result (totals, a partial summary) back.
 * In the parent, cli_jobs_finish waits for them all, and, only if every
 * one exited 0, writes the frames in (seq, sub) order (standard output's
 * to out, standard error's to stderr) and calls result(arg, k, bytes,
 * len) for each worker's result in turn; it returns 0, or -1 after saying
 * why (a worker killed or failed: nothing is written).  cli_jobs_free
 * frees, NULL or not; cli_jobs_take with NULL takes every record.
 */
#define CLI_JOBS_MAX	256
#define CLI_JOBS_BEFORE 0
#define CLI_JOBS_EMPTY	1
#define CLI_JOBS_RECORD 2
struct cli_jobs;
bool		 cli_jobs_option(const char *arg, unsigned long *n);
struct cli_jobs *cli_jobs_start(
    unsigned long n, char *const *files, int nfiles, unsigned long *k);
bool cli_jobs_take(const struct cli_jobs *, uint64_t *seq);
/* Whether record seq will be this worker's (nothing numbered). */
bool cli_jobs_mine(const struct cli_jobs *, uint64_t seq);
/* Whether this is the first worker (or no worker): it does what is once. */
bool cli_jobs_first(const struct cli_jobs *);
void cli_jobs_mark(struct cli_jobs *, uint64_t seq, unsigned sub);
void cli_jobs_exit(struct cli_jobs *, const void *result, size_t len)
    __attribute__((noreturn));
int  cli_jobs_finish(struct cli_jobs *, FILE *out,
     int (*result)(void *arg, unsigned long k, char *buf, size_t len),
     void *arg);
void cli_jobs_free(struct cli_jobs *);

/*
 * In the parent, before cli_jobs_finish: waits for the workers, and
 * says whether pred holds of a worker's result (1), of none (0), or -1
 * after saying why (a worker killed or failed).
 */
int cli_jobs_any(struct cli_jobs *, bool (*pred)(const char *buf, size_t len));

#endif
