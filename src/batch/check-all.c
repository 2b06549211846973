/* SPDX-License-Identifier: MIT */
/*
 * gamecheck: a run over all its inputs, its outputs (--write, --table,
 * --dedupe, --split-by) started and ended around them, and the progress
 * line's size.
 */
#include <sys/stat.h>

#include <stdio.h>

#include "batch/check-run.h"

/* --dedupe, its duplicates to the file of --duplicates: 0, or -1 (said). */
static int
start_dedupe(struct batch_check_options *opt)
{
	struct replay_options ro = cli_records_replay(&opt->in);

	return cli_dedupe_start(
	    &opt->dd, &ro, opt->write != NULL ? opt->write : "pgn");
}

/*
 * --table: the table on out, and its header unless this is a worker of
 * -j (the parent writes it, before the workers' rows): 0, or -1 (said).
 */
int
batch_check_start_table(FILE *out, struct batch_check_options *opt)
{
	char err[320];

	if ((opt->tb = report_table_new(
		 out, opt->table, opt->columns, err, sizeof err)) == NULL) {
		cli_error("out of memory");
		return -1;
	}
	if (opt->j == NULL && report_table_header(opt->tb) == -1) {
		cli_output_ok(out, "table");
		return -1;
	}
	return 0;
}

/* The bytes of an input read, for the progress line. */
static void
bytes_read(void *arg, const void *buf, size_t n)
{
	(void)arg;
	(void)buf;
	cli_progress_read(n);
}

/*
 * The size of the inputs for the progress line, where it is drawn: 0
 * (unknown) when one of them is no regular file (a pipe, a terminal).
 */
void
batch_check_progress_size(char *const *files, int nfiles)
{
	unsigned long long size = 0;
	struct stat	   st;
	int		   i;

	if (!cli_progress_wanted())
		return;
	for (i = 0; i < nfiles; i++) {
		if (cli_input_stat(files[i], &st) == -1 || !S_ISREG(st.st_mode))
			return;
		size += (unsigned long long)st.st_size;
	}
	cli_progress_size(size);
}

/*
 * Checks every input, the reports to w (NULL with -q).  The outputs are
 * the caller's; with -j, this runs in each worker.
 */
void
batch_check_all(struct record_syntax *syn, char *const *files, int nfiles,
    struct report_writer *w, FILE *out, const char *outname,
    struct batch_check_options *opt, struct batch_check_totals *t)
{
	struct record_export	*x = NULL;
	struct cli_perfect	 cp;
	struct replay		 rp;
	struct batch_check_sinks o;
	struct batch_check_part	 part;
	FILE			*in;
	int			 i, whose;

	/* --write: records instead of reports (w is then NULL). */
	if (opt->write != NULL && !cli_split_on(&opt->split) &&
	    (x = record_export_new(opt->write, out)) == NULL) {
		cli_error("out of memory");
		t->out_of_memory = true;
		return;
	}
	if (opt->dd.on && start_dedupe(opt) == -1) {
		record_export_free(x);
		t->io_error = true;
		return;
	}
	if (opt->table != NULL && batch_check_start_table(out, opt) == -1) {
		cli_dedupe_finish(&opt->dd, false);
		record_export_free(x);
		t->io_error = true;
		return;
	}
	if (cli_split_on(&opt->split) &&
	    (opt->sp = cli_split_new(&opt->split, opt->write)) == NULL) {
		report_table_free(opt->tb);
		opt->tb = NULL;
		cli_dedupe_finish(&opt->dd, false);
		t->out_of_memory = true;
		return;
	}
	replay_init(&rp);
	/* --solve: made here, after -j's fork, each worker its own. */
	if (opt->solve) {
		cli_perfect_init(&cp, opt->solve_empties, &opt->budget);
		opt->perfect = &cp;
	}
	o = (struct batch_check_sinks){ .w = w, .x = x, .out = out };
	o.any = w != NULL || x != NULL || opt->tb != NULL || opt->sp != NULL ||
	    opt->dd.on;
	for (i = 0; i < nfiles && !t->stop && !t->ranged && !t->redo &&
	     !cli_jobs_done(opt->j);
	     i++) {
		/* -j by byte ranges: none of it, all of it, or a part. */
		if ((whose = cli_jobs_range(
			 opt->j, i, &part.start, &part.end)) == -1)
			continue;
		/* What an input's opening says is no record's (-j). */
		cli_jobs_input(opt->j, i);
		cli_jobs_mark(opt->j, opt->seq, CLI_JOBS_BEFORE);
		/* Its bytes counted only where progress is drawn. */
		in = cli_progress_wanted() ?
		    cli_input_open_seen(files[i], bytes_read, NULL) :
		    cli_input_open(files[i]);
		if (in == NULL) {
			/* Gone since its size was taken: each part would say. */
			if (whose == 1)
				t->redo = true;
			t->io_error = true;
			continue;
		}
		if (batch_check_input(syn, files[i], in,
			whose == 1 ? &part : NULL, &o, opt, t, &rp,
			&t->stop) == -1)
			t->io_error = true;
		cli_input_close(in);
		cli_jobs_input(opt->j, i + 1);
		cli_jobs_mark(opt->j, opt->seq, CLI_JOBS_BEFORE);
		if ((w != NULL || x != NULL) && !cli_output_ok(out, outname)) {
			t->io_error = true;
			break;
		}
	}
	replay_fini(&rp);
	t->skipped = opt->sel.skipped;
	if (opt->perfect != NULL) {
		cli_perfect_fini(&cp);
		opt->perfect = NULL;
	}
	/* A format whose header counts the games writes them here. */
	if (x != NULL && !t->io_error && record_export_finish(x) == -1) {
		if (cli_output_ok(out, outname))
			cli_error("%s: cannot write the records", outname);
		t->io_error = true;
	}
	record_export_free(x);
	report_table_free(opt->tb);
	opt->tb = NULL;
	if (opt->dd.on &&
	    !cli_dedupe_finish(&opt->dd, !t->io_error && !t->out_of_memory))
		t->io_error = true;
	/* The files are made only for a full run, as the output is. */
	if (!cli_split_finish(opt->sp, !t->io_error && !t->out_of_memory))
		t->io_error = true;
	opt->sp = NULL;
}
