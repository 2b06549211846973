/* SPDX-License-Identifier: MIT */
/*
 * gamestat --overlap A B: how many games of A input B holds, written
 * to -o's file or standard output.
 */
#include <stdio.h>

#include "batch/stat.h"

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
	status = cli_overlap(&opt->in, &opt->dd.spec, files[0], files[1], o.fp);
	if (status != CLI_OK || fflush(o.fp) == EOF ||
	    !cli_output_ok(o.fp, o.name)) {
		cli_output_abort(&o);
		return status != CLI_OK ? status : CLI_USAGE;
	}
	return cli_output_commit(&o) ? CLI_OK : CLI_USAGE;
}
