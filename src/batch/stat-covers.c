/* SPDX-License-Identifier: MIT */
/*
 * gamestat's covers (formats/summary.md, "Covers"): the run's shard and
 * inputs, the CRC-32 of --opening-names in how it read, and the checks
 * before anything is written (a partial read whole, a merge of every
 * shard).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch/stat-read.h"
#include "cli/cover.h"

/*
 * --opening-names FILE in the read of s's cover (formats/summary.md,
 * "Covers"), by the file's CRC-32: partials counted with other names
 * are not merged.  False after saying why.
 */
bool
batch_stat_read_names(struct stat_summary *s, const char *path)
{
	char	 buf[4096], *read = NULL;
	uint32_t crc = 0;
	size_t	 n;
	FILE	*f;
	bool	 ok;

	if ((f = fopen(path, "r")) == NULL) {
		cli_error("--opening-names: %s: %s", path, strerror(errno));
		return false;
	}
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		crc = report_crc32(crc, buf, n);
	ok = !ferror(f);
	fclose(f);
	if (!ok) {
		cli_error("--opening-names: %s: %s", path, strerror(errno));
		return false;
	}
	n = strlen(s->read) + sizeof " --opening-names=" + 8;
	if ((read = malloc(n)) == NULL ||
	    snprintf(read, n, "%s --opening-names=%08" PRIx32, s->read, crc) <
		0 ||
	    stat_set_read(s, read) == -1) {
		free(read);
		cli_error("out of memory");
		return false;
	}
	free(read);
	return true;
}

/*
 * The run's cover (formats/summary.md, "Covers"): its shard and each
 * input's name, size and checksum.  False when memory runs out.
 */
static bool
cover_run(struct batch_stat_run *r, const struct batch_stat_options *opt,
    char *const *files, int nfiles)
{
	struct stat_cover *c;
	const char	  *name;
	char		  *clean;
	size_t		   n;
	int		   i;

	if ((c = stat_cover_add(
		 r->sum, opt->in.shard.k, opt->in.shard.n, NULL)) == NULL)
		return false;
	for (i = 0; i < nfiles; i++) {
		name = opt->name != NULL && strcmp(files[i], "-") == 0 ?
		    opt->name :
		    files[i];
		/* Names as YAML can hold them: UTF-8. */
		n = 3 * strlen(name) + 5;
		if ((clean = malloc(n)) == NULL)
			return false;
		report_utf8_clean(name, strlen(name), clean, n);
		cli_cover_name(clean);
		if (stat_cover_input(
			c, clean, r->seen[i].bytes, r->seen[i].crc) == -1) {
			free(clean);
			return false;
		}
		free(clean);
	}
	return stat_cover_done(r->sum) == 0;
}

/*
 * What a run writes only when its inputs were read whole and its
 * shards are all there (formats/summary.md): r's summary and tree made
 * if none was read, its covers (--partial).  CLI_OK, or the exit status
 * after saying why nothing is written.
 */
int
batch_stat_ready(struct batch_stat_run *r, struct batch_stat_options *opt,
    char *const *files, int nfiles)
{
	if (r->sum == NULL && (r->sum = stat_summary_new(NULL)) == NULL) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	if (r->seen != NULL && !cover_run(r, opt, files, nfiles)) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	/*
	 * A partial claims what it covers, and a merge that all its
	 * partials were merged: a run that could not read all of its inputs
	 * writes neither, not even to standard output (a task's >).  The
	 * shards an unread partial held are then missing, which says less.
	 */
	if ((opt->partial || opt->merge) && r->io_error) {
		cli_error(opt->merge ? "no summary written: a partial summary "
				       "could not be read" :
				       "no partial summary written: an input "
				       "could not be read");
		return CLI_USAGE;
	}
	/*
	 * A merge short of shards is refused whole, nothing written; a
	 * merge into a partial is a step on the way, and may be.
	 */
	if (opt->tree.on && !opt->merge)
		r->tree = cli_tree_take(&opt->tree);
	if (opt->tree.on && r->tree == NULL &&
	    (r->tree = stat_tree_new(cli_tree_depth(&opt->tree), NULL)) ==
		NULL) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	/* A partial tree unread leaves out what it covers. */
	if (opt->merge && opt->tree.on && r->bad) {
		cli_error("no tree written: a partial tree could not be read");
		return CLI_BAD;
	}
	if (opt->merge &&
	    !cli_covers_complete(r->sum, opt->expect, opt->partial))
		return CLI_BAD;
	return CLI_OK;
}
