/* SPDX-License-Identifier: MIT */
/*
 * gamestat: one input read, told records from reports by its first
 * bytes (or as --format and --merge say), by bytes where a shard can be
 * (stat-range.c), its size and CRC-32 taken for its cover (--partial).
 */
#include <stdio.h>
#include <string.h>

#include "batch/stat-read.h"

/*
 * Enough of an input to see its first line past blank and comment lines,
 * and the block the record reader sniffs a format from (64 KiB).
 */
#define PEEK 65536

bool
batch_stat_looks_like_yaml(const char *p, size_t n)
{
	size_t i = 0;

	if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	for (;;) {
		while (i < n &&
		    (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' ||
			p[i] == '\n'))
			i++;
		if (i < n && p[i] == '#') {
			while (i < n && p[i] != '\n')
				i++;
			continue;
		}
		break;
	}
	p += i;
	n -= i;
	return (n >= 3 && memcmp(p, "---", 3) == 0 &&
		   (n == 3 || p[3] == ' ' || p[3] == '\n' || p[3] == '\r')) ||
	    (n >= 5 && memcmp(p, "%YAML", 5) == 0) ||
	    (n >= 7 && memcmp(p, "schema:", 7) == 0);
}

static void
seen_bytes(void *arg, const void *buf, size_t n)
{
	struct batch_seen *se = arg;

	se->bytes += n;
	se->crc = report_crc32(se->crc, buf, n);
}

/*
 * Reads input path; with se, the bytes of all of it go to se (so that a
 * reader stopping early still has the input's size and checksum).
 */
void
batch_stat_read_input(struct batch_stat_run *r, struct batch_stat_options *opt,
    struct record_syntax *syn, int i, const char *path, struct batch_seen *se)
{
	const char	  *name = cli_input_name(path);
	struct batch_range rg;
	char		   peek[PEEK];
	size_t		   len = 0;
	FILE		  *in;
	/* -j by byte ranges: none of the input this worker's (-1), a part (1). */
	unsigned long long start, end;
	int		   part = cli_jobs_range(opt->j, i, &start, &end);
	bool		   io_error = r->io_error;

	if (part == -1)
		return;
	r->io_error = false;
	in = se != NULL ? cli_input_open_seen(path, seen_bytes, se) :
			  cli_input_open(path);
	if (in == NULL) {
		r->io_error = true;
		goto out;
	}
	if (!opt->merge && opt->input == BATCH_INPUT_AUTO) {
		len = fread(peek, 1, sizeof peek, in);
		if (len == 0 && ferror(in)) {
			cli_read_error(name);
			r->io_error = true;
			goto out_close;
		}
	}
	if ((cli_select_any(&opt->sel) || opt->sel.has_plies ||
		opt->sel.drop > 0) &&
	    !opt->merge && opt->input == BATCH_INPUT_AUTO &&
	    batch_stat_looks_like_yaml(peek, len)) {
		cli_error("%s: --select, the ranges and --plies read records, "
			  "not reports",
		    name);
		r->bad = true;
	} else if (opt->merge || opt->input == BATCH_INPUT_REPORT ||
	    (opt->input == BATCH_INPUT_AUTO &&
		batch_stat_looks_like_yaml(peek, len))) {
		/* Reports have no byte ranges: changed since -j looked. */
		if (part == 1)
			r->redo = true;
		else
			batch_stat_read_reports(r, opt, in, name, peek, len);
	} else if (batch_range_open(opt, i, path, &rg)) {
		batch_stat_read_records(
		    r, opt, syn, in, path, name, peek, len, &rg);
		if (rg.on && se != NULL && !batch_range_seen(&rg, se)) {
			cli_read_error(name);
			r->io_error = true;
		}
		fclose(rg.fp);
		/*
		 * A part not read as one: batch_stat_read_records says so
		 * where its reader refuses the range, but not where it
		 * stopped before (no memory for a reader): this covers both.
		 */
		if (rg.on)
			se = NULL;
		else if (part == 1)
			r->redo = true;
	} else if (part == 1)
		r->redo = true;
	else
		batch_stat_read_records(
		    r, opt, syn, in, path, name, peek, len, NULL);
	/* The cover is of every byte, but of -j's worker past its share. */
	if (cli_jobs_done(opt->j))
		se = NULL;
	while (se != NULL && !ferror(in) && fread(peek, 1, sizeof peek, in) > 0)
		continue;
	if (se != NULL && ferror(in)) {
		cli_read_error(name);
		r->io_error = true;
	}
out_close:
	cli_input_close(in);
out:
	/*
	 * A part that could not be read as a part (the reader refused its
	 * range, it does not meet the next, a read failed, the input is gone
	 * or changed): the run is done again in one process, which says why.
	 */
	if (part == 1 && r->io_error)
		r->redo = true;
	r->io_error = r->io_error || io_error;
}

int
batch_stat_jobs_how(struct record_syntax *syn, char *const *files,
    int nfiles, const struct batch_stat_options *opt)
{
	int i;

	/*
	 * A task's byte range (--shard) is no run of the workers' shares,
	 * which are of whole files: its records go round them.
	 */
	if (opt->in.shard.n != 0)
		return opt->shard_bytes ? CLI_JOBS_EVERY : CLI_JOBS_SHARES;
	/*
	 * Byte ranges where nothing needs a record's number in the run nor
	 * an input read whole by one worker: records only (reports have
	 * no ranges), no covers (--partial), no selection, and no progress
	 * (drawn from the bytes read).  (--tree, --table and --dedupe
	 * refuse -j.)
	 */
	if (opt->input == BATCH_INPUT_REPORT || opt->merge || opt->partial ||
	    cli_select_any(&opt->sel) || opt->sel.has_plies ||
	    opt->sel.drop != 0 || cli_progress_wanted() ||
	    nfiles > CLI_RECORDS_RANGES_FILES)
		return CLI_JOBS_SHARES;
	for (i = 0; i < nfiles; i++)
		if (!cli_records_rangeable(&opt->in, syn, files[i],
			opt->input == BATCH_INPUT_AUTO ?
			    batch_stat_looks_like_yaml :
			    NULL))
			return CLI_JOBS_SHARES;
	return CLI_JOBS_RANGES;
}
