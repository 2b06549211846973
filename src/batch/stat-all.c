/* SPDX-License-Identifier: MIT */
/*
 * gamestat: reading every input into the run, in this process or in
 * -j's workers (stat-jobs.c), with --dedupe and --tree started and
 * ended around them.
 */
#include <stdio.h>
#include <stdlib.h>

#include "batch/stat-read.h"
#include "cli/cover.h"

/* --dedupe, its duplicates to the file of --duplicates: 0, or -1 (said). */
static int
start_dedupe(struct batch_stat_options *opt)
{
	struct replay_options ro = cli_records_replay(&opt->in);

	return cli_dedupe_start(&opt->dd, &ro, "pgn");
}

/* --tree: the tree, for records replayed as batch_stat_read_records does. */
static int
start_tree(struct batch_stat_options *opt)
{
	struct replay_options ro = cli_records_replay(&opt->in);

	return cli_tree_start(&opt->tree, &ro);
}

/* Reads every input in this process: CLI_OK, or the exit status (said). */
int
batch_stat_read_here(struct batch_stat_run *r, struct batch_stat_options *opt,
    struct record_syntax *syn, char *const *files, int nfiles)
{
	int i;

	if (cli_select_count(&opt->sel, &opt->in, syn, files, nfiles) == -1)
		return CLI_USAGE;
	if (opt->dd.on && start_dedupe(opt) == -1)
		return CLI_USAGE;
	if (opt->tree.on && !opt->merge && start_tree(opt) == -1)
		return CLI_INTERNAL;
	/* Once the ranges are over, no input is read. */
	for (i = 0; i < nfiles && !cli_select_done(&opt->sel) &&
	     !(opt->dd.on && r->io_error) && r->stop == 0;
	     i++)
		batch_stat_read_input(r, opt, syn, i, files[i],
		    r->seen != NULL ? &r->seen[i] : NULL);
	r->skipped = opt->sel.skipped;
	if (opt->dd.on &&
	    !cli_dedupe_finish(&opt->dd, !r->io_error && r->stop == 0))
		r->io_error = true;
	return r->stop != 0 ? r->stop : CLI_OK;
}

/*
 * Reads every input into r: in this process, or in opt's -j workers
 * (--merge reads little and stays in one).  Returns CLI_OK, or the exit
 * status after saying why.
 */
int
batch_stat_read_all(struct batch_stat_run *r, struct batch_stat_options *opt,
    char *const *files, int nfiles)
{
	struct record_syntax *syn;
	int		      status = CLI_INTERNAL;

	if ((syn = record_syntax_new()) == NULL) {
		cli_error("cannot compile the notation's patterns");
		return CLI_INTERNAL;
	}
	/* --merge makes its summary from the first partial's grouping. */
	if (!opt->merge && (r->sum = stat_summary_new(opt->by)) != NULL)
		r->sum->no_players = opt->no_players;
	/* A tree's merge keeps its partials' covers there. */
	if (opt->merge && opt->tree.on &&
	    (r->sum = stat_summary_new(NULL)) == NULL) {
		cli_error("out of memory");
		goto out_free;
	}
	if (!opt->merge &&
	    (r->sum == NULL ||
		!cli_cover_set_read(r->sum, &opt->in, &opt->sel))) {
		cli_error("out of memory");
		goto out_free;
	}
	/* The names are read once, before -j's workers share them. */
	if (opt->opening_names != NULL &&
	    ((opt->openings = cli_openings_load(syn, opt->opening_names)) ==
		    NULL ||
		!batch_stat_read_names(r->sum, opt->opening_names))) {
		status = CLI_USAGE;
		goto out_free;
	}
	if (r->sum != NULL)
		r->sum->figures = opt->figures;
	if (opt->partial && !opt->merge &&
	    (r->seen = calloc((size_t)nfiles + 1, sizeof *r->seen)) == NULL) {
		cli_error("out of memory");
		goto out_free;
	}
	if (opt->in.jobs > 1 && !opt->merge)
		status = batch_stat_read_workers(r, opt, syn, files, nfiles);
	else
		status = batch_stat_read_here(r, opt, syn, files, nfiles);
out_free:
	record_syntax_free(syn);
	return status;
}
