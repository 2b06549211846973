/* SPDX-License-Identifier: MIT */
/*
 * gamecheck -j: a worker's run and its totals handed back, and the
 * parent's side of them (the table's header, the totals added).
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "batch/check-run.h"

int
batch_check_jobs_how(struct record_syntax *syn, char *const *files,
    int nfiles, const struct batch_check_options *opt)
{
	int i;

	/*
	 * Nothing put out but diagnostics, no record selected, and no
	 * --progress (a worker's inputs are then read through a counting
	 * stream, which cannot seek).
	 */
	if (!opt->quiet || opt->table != NULL || opt->write != NULL ||
	    opt->dd.on || cli_split_on(&opt->split) || opt->solve ||
	    opt->openings != NULL || cli_select_any(&opt->sel) ||
	    opt->sel.drop != 0 || opt->in.shard.n != 0 || opt->progress > 0 ||
	    nfiles > CLI_RECORDS_RANGES_FILES)
		return CLI_JOBS_SHARES;
	for (i = 0; i < nfiles; i++)
		if (!cli_records_rangeable(&opt->in, syn, files[i], NULL))
			return CLI_JOBS_SHARES;
	return CLI_JOBS_RANGES;
}

/* Whether a worker's range could not be read so (byte ranges). */
bool
batch_check_redo(const char *buf, size_t len)
{
	struct batch_check_totals t;

	if (len != sizeof t)
		return false;
	memcpy(&t, buf, sizeof t);
	return t.redo;
}

/* -j's parent: --table's header, before the rows: 0, or -1 (said). */
int
batch_check_table_header(FILE *out, struct batch_check_options *opt)
{
	struct cli_jobs *j = opt->j;
	int		 rc;

	if (opt->table == NULL)
		return 0;
	opt->j = NULL; /* as one process writes it */
	rc = batch_check_start_table(out, opt);
	opt->j = j;
	report_table_free(opt->tb);
	opt->tb = NULL;
	return rc;
}

/* A worker of -j: its share of the records, its totals for the parent. */
void
batch_check_worker(struct record_syntax *syn, char *const *files, int nfiles,
    struct batch_check_options *opt)
{
	struct report_writer	 *w = NULL;
	struct batch_check_totals t = { 0 };

	if (!opt->quiet && opt->table == NULL &&
	    (w = report_writer_new(stdout)) == NULL) {
		cli_error("out of memory");
		t.out_of_memory = true;
	} else
		batch_check_all(
		    syn, files, nfiles, w, stdout, "standard output", opt, &t);
	if (report_writer_free(w) == -1 || fflush(stdout) == EOF)
		t.io_error = !cli_output_ok(stdout, "standard output") ||
		    t.io_error;
	cli_jobs_exit(opt->j, &t, sizeof t);
}

/* Adds a worker's totals to the run's. */
int
batch_check_add_totals(void *arg, unsigned long k, char *buf, size_t len)
{
	struct batch_check_totals *t = arg, w;

	(void)k;
	if (len != sizeof w) {
		cli_error("-j: a worker's totals are cut short");
		return -1;
	}
	memcpy(&w, buf, sizeof w);
	t->records += w.records;
	t->skipped += w.skipped;
	t->finished += w.finished;
	t->unfinished += w.unfinished;
	t->forfeited += w.forfeited;
	t->illegal += w.illegal;
	t->malformed += w.malformed;
	t->mismatched += w.mismatched;
	t->errors += w.errors;
	t->out_of_memory = t->out_of_memory || w.out_of_memory;
	t->redo = t->redo || w.redo;
	t->io_error = t->io_error || w.io_error;
	return 0;
}
