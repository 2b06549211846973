/* SPDX-License-Identifier: MIT */
/*
 * A tool's --dedupe run (dedupe.h): the set of games seen, and the
 * duplicates written to --duplicates FILE, a file replaced whole or not
 * at all (replace.c) in a format of --write (convert.c).
 */
#include <sys/stat.h>

#include <errno.h>
#include <string.h>

#include "cli/base.h"
#include "cli/dedupe.h"
#include "cli/replayed.h"

bool
cli_dedupe_path_ok(
    const char *path, const char *output, char *const *inputs, int n)
{
	struct stat st;

	/*
	 * A link would send the duplicates wherever it points, a file
	 * the user may not mean to replace: its target is to be named.
	 */
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
		cli_error("--duplicates: %s is a symbolic link: name the file "
			  "it points to",
		    path);
		return false;
	}
	return cli_output_distinct(path, (const char *const *)inputs, n) &&
	    cli_output_apart(path, output);
}

int
cli_dedupe_start(struct cli_dedupe_run *run, const struct replay_options *ro,
    const char *format)
{
	run->x = NULL;
	if ((run->set = cli_dedupe_new(&run->spec, ro)) == NULL) {
		cli_error("out of memory");
		return -1;
	}
	if (run->path == NULL)
		return 0;
	if (cli_output_open(&run->out, run->path, 0) == -1) {
		cli_dedupe_free(run->set);
		run->set = NULL;
		return -1;
	}
	if ((run->x = record_export_new(format, run->out.fp)) == NULL) {
		cli_error("out of memory");
		cli_output_abort(&run->out);
		cli_dedupe_free(run->set);
		run->set = NULL;
		return -1;
	}
	return 0;
}

int
cli_dedupe_record(struct cli_dedupe_run *run, struct record_syntax *syn,
    const char *name, const struct record *rec, const struct replay *rp)
{
	int rc;

	if ((rc = cli_dedupe_seen(run->set, syn, rec, rp, true)) == -1) {
		cli_error("%s: record %lu: out of memory", name, rec->index);
		return -1;
	}
	if (rc == 0 || run->x == NULL)
		return rc;
	switch (cli_convert_write(run->x, name, rec, rp, false)) {
	case CLI_CONVERT_NOMEM:
		cli_error("%s: record %lu: out of memory", name, rec->index);
		return -1;
	case CLI_CONVERT_FAILED:
		cli_error(
		    "%s: cannot write: %s", run->out.name, strerror(errno));
		return -1;
	default: return 1;
	}
}

bool
cli_dedupe_finish(struct cli_dedupe_run *run, bool ok)
{
	if (run->x != NULL) {
		if (ok && record_export_finish(run->x) == -1) {
			cli_error(
			    "%s: cannot write the duplicates", run->out.name);
			ok = false;
		}
		record_export_free(run->x);
		if (ok)
			ok = cli_output_commit(&run->out);
		else
			cli_output_abort(&run->out);
	}
	cli_dedupe_free(run->set);
	run->set = NULL;
	run->x = NULL;
	return ok;
}
