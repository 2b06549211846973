/* SPDX-License-Identifier: MIT */
/*
 * gamestat --overlap A B: how many games of A input B holds, written
 * to -o's file or standard output.
 */
#include <stdio.h>

#include "batch/stat-read.h"

/* --overlap A B, to -o's file or standard output: the exit status. */
int
batch_stat_overlap(
    const struct batch_stat_options *opt, char *const *files, int nfiles)
{
	struct cli_output o;
	int		  status;

	if (nfiles != 2) {
		cli_error(
		    "--overlap compares two inputs, A and B, not %d", nfiles);
		return CLI_USAGE;
	}
	if (cli_output_open(&o, opt->output, 0) == -1)
		return CLI_USAGE;
	/*
	 * Reports are told from records as gamestat tells them (but for
	 * --format, which says which).  An input cut wrong (CLI_BAD) still
	 * has its overlap written, as gamestat still writes its summary.
	 */
	status = cli_overlap(&opt->in, &opt->dd.spec, files[0], files[1],
	    opt->input == BATCH_INPUT_AUTO ? batch_stat_looks_like_yaml : NULL,
	    o.fp);
	if (status > CLI_BAD || fflush(o.fp) == EOF ||
	    !cli_output_ok(o.fp, o.name)) {
		cli_output_abort(&o);
		return status > CLI_BAD ? status : CLI_USAGE;
	}
	return cli_output_commit(&o) ? status : CLI_USAGE;
}
