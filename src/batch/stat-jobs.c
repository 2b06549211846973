/* SPDX-License-Identifier: MIT */
/*
 * gamestat -j: each worker's share counted and handed back (its flags,
 * its inputs' covers, its partial summary), merged by the parent, or the
 * run done again in one process when a worker's split of reports was
 * unsure.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "batch/stat-read.h"

/* What a worker of -j hands back, before its partial summary. */
struct worker_head {
	bool	      bad;
	bool	      io_error;
	bool	      redo; /* the run is to be done in one process */
	size_t	      nseen;
	unsigned long skipped; /* by --select */
};

/*
 * A worker of -j: its share of the records, counted, and handed back as
 * its flags, each input's size and checksum, and its partial summary.
 * All it prints is about inputs, alike in every worker that reads them
 * all: one's is written (jobs.c); by byte ranges, each prints of its own
 * part of an input.
 */
static void
stat_worker(struct batch_stat_run *r, struct batch_stat_options *opt,
    struct record_syntax *syn, char *const *files, int nfiles)
{
	struct worker_head h;
	char		  *buf = NULL;
	size_t		   len = 0;
	FILE		  *f;
	int		   i;

	for (i = 0;
	     i < nfiles && !r->redo && r->stop == 0 && !cli_jobs_done(opt->j);
	     i++) {
		cli_jobs_input(opt->j, i);
		batch_stat_read_input(r, opt, syn, i, files[i],
		    r->seen != NULL ? &r->seen[i] : NULL);
		/*
		 * By byte ranges, what each worker says of its part of an
		 * input is its own, in the order of the bytes.
		 */
		if (cli_jobs_ranges(opt->j))
			cli_jobs_mark(opt->j, (uint64_t)i, CLI_JOBS_RECORD);
	}
	/*
	 * A worker stopped short fails, and the parent writes nothing; no
	 * exit(3): the parent's atexit handlers are not the worker's.
	 */
	if (r->stop != 0)
		_exit(r->stop);
	if ((f = open_memstream(&buf, &len)) == NULL)
		_exit(CLI_INTERNAL);
	/* Written as bytes: its padding too is set (memcheck). */
	memset(&h, 0, sizeof h);
	h.bad = r->bad;
	h.io_error = r->io_error;
	h.redo = r->redo;
	/* Each input's bytes as one worker read them all. */
	h.nseen = r->seen != NULL && cli_jobs_reads_all(opt->j) ?
	    (size_t)nfiles :
	    0;
	h.skipped = opt->sel.skipped;
	if (fwrite(&h, sizeof h, 1, f) != 1 ||
	    (h.nseen > 0 &&
		fwrite(r->seen, sizeof *r->seen, h.nseen, f) != h.nseen) ||
	    report_summary_write(f, r->sum, true) == -1 || fclose(f) == EOF)
		_exit(CLI_INTERNAL);
	cli_jobs_exit(opt->j, buf, len);
}

/* Merges a worker's result into the run's (exact: integers). */
static int
stat_result(void *arg, unsigned long k, char *buf, size_t len)
{
	struct batch_stat_run *r = arg;
	struct worker_head     h;
	struct report_reader  *rd;
	struct diag	       d;
	size_t		       off;
	FILE		      *in;
	int		       rc = -1;

	if (len < sizeof h)
		goto out_short;
	memcpy(&h, buf, sizeof h);
	off = sizeof h + h.nseen * sizeof *r->seen;
	if (len < off || (h.nseen > 0 && r->seen == NULL))
		goto out_short;
	r->bad = r->bad || h.bad;
	r->io_error = r->io_error || h.io_error;
	r->skipped += h.skipped;
	if (h.nseen > 0)
		memcpy(r->seen, buf + sizeof h, h.nseen * sizeof *r->seen);
	if ((in = fmemopen(buf + off, len - off, "r")) == NULL ||
	    (rd = report_reader_new(in, "-j", NULL, 0)) == NULL) {
		cli_error("out of memory");
		if (in != NULL)
			fclose(in);
		return -1;
	}
	if (report_read_partial(rd, &r->sum, &d) == 1)
		rc = 0;
	else
		cli_error("-j: worker %lu's partial summary: %s", k + 1,
		    d.code != DIAG_NONE ? d.msg : strerror(errno));
	report_reader_free(rd);
	fclose(in);
	return rc;

out_short:
	cli_error("-j: worker %lu's result is cut short", k + 1);
	return -1;
}

/* Whether a worker's result asks for the run in one process. */
static bool
stat_redo(const char *buf, size_t len)
{
	struct worker_head h;

	if (len < sizeof h)
		return false;
	memcpy(&h, buf, sizeof h);
	return h.redo;
}

/*
 * Reads every input in opt's -j workers, or, when a worker's split of
 * reports was unsure (stat-reports.c), in this process after all: CLI_OK, or
 * the exit status (said).
 */
int
batch_stat_read_workers(struct batch_stat_run *r,
    struct batch_stat_options *opt, struct record_syntax *syn,
    char *const *files, int nfiles)
{
	unsigned long k;
	int	      i;

	/* A shard takes records across the workers' shares. */
	opt->split = opt->in.shard.n == 0;
	if ((opt->j = cli_jobs_start(opt->in.jobs, files, nfiles,
		 batch_stat_jobs_how(syn, files, nfiles, opt), &k)) == NULL)
		return CLI_USAGE;
	if (k < opt->in.jobs)
		stat_worker(r, opt, syn, files, nfiles);
	if ((i = cli_jobs_any(opt->j, stat_redo)) == 1) {
		if (cli_jobs_stdin_again(opt->j) == -1) {
			cli_error("-j: standard input: %s", strerror(errno));
			cli_jobs_free(opt->j);
			opt->j = NULL;
			return CLI_INTERNAL;
		}
		cli_jobs_free(opt->j);
		opt->j = NULL;
		opt->split = false;
		return batch_stat_read_here(r, opt, syn, files, nfiles);
	}
	/* A worker killed or failing: no summary at all (exit 3). */
	if (i == 0)
		i = cli_jobs_finish(opt->j, stdout, stat_result, r);
	cli_jobs_free(opt->j);
	opt->j = NULL;
	return i == -1 ? CLI_INTERNAL : CLI_OK;
}
