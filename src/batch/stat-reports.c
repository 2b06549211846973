/* SPDX-License-Identifier: MIT */
/*
 * gamestat: reading gamecheck's reports and partial summaries into the
 * run (--merge, --tree --merge), each worker of -j its own documents
 * (doc-split.h), and counting each game read.
 */
#include <sys/types.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "batch/stat-read.h"
#include "cli/doc-split.h"

bool
batch_stat_count(
    struct batch_stat_run *r, const struct stat_game *g, const char *name)
{
	if (stat_add(r->sum, g) == -1) {
		if (errno == EINVAL)
			cli_error("%s: game %s has other colour names than "
				  "before",
			    name, g->game);
		else
			cli_error("out of memory");
		r->stop = CLI_INTERNAL;
		return false;
	}
	cli_progress(++r->records);
	return true;
}

/* Memory ran out: said, and the run stops. */
void
batch_stat_no_memory(struct batch_stat_run *r)
{
	cli_error("out of memory");
	r->stop = CLI_INTERNAL;
}

/* --table's output failed: said once (quiet on EPIPE), the run fails. */
void
batch_stat_table_error(
    struct batch_stat_run *r, const struct batch_stat_options *opt)
{
	cli_output_ok(opt->tout.fp, opt->tout.name);
	r->io_error = true;
}

static void
yaml_error(struct batch_stat_run *r, const char *name, const struct diag *d)
{
	if (d->code != DIAG_NONE) {
		cli_diag(name, d, NULL);
		r->bad = true;
	} else {
		cli_read_error(name);
		r->io_error = true;
	}
}

/*
 * A worker's share of a stream of reports, its documents split by a scan
 * (doc-split.h), the others' unparsed.  A split the parser does not bear
 * out, or a document that is wrong, sets r->redo: the run is then done
 * again in one process, which says what -j 1 says, where -j 1 says it.
 */
static void
read_split(struct batch_stat_run *r, struct batch_stat_options *opt, FILE *in,
    const char *name, const char *peek, size_t len)
{
	struct report_reader *rd = NULL;
	struct cli_docs	     *docs;
	struct stat_game      g;
	struct diag	      d;
	uint64_t	      n = 0;
	FILE		     *f;
	int		      rc;

	if ((f = cli_docs_open(in, peek, len, opt->j, &opt->seq, &docs)) ==
	    NULL) {
		batch_stat_no_memory(r);
		return;
	}
	if ((rd = report_reader_new(f, name, NULL, 0)) == NULL) {
		batch_stat_no_memory(r);
		cli_docs_close(f, docs, n);
		return;
	}
	while ((rc = report_read_game(rd, opt->by, &g, &d)) == 1 &&
	    batch_stat_count(r, &g, name))
		n++;
	report_reader_free(rd);
	if ((!cli_docs_close(f, docs, n) || rc == -1) && r->stop == 0)
		r->redo = true;
}

void
batch_stat_read_reports(struct batch_stat_run *r,
    struct batch_stat_options *opt, FILE *in, const char *name,
    const char *peek, size_t len)
{
	struct report_reader *rd;
	struct diag	      d;
	struct stat_game      g;
	off_t		      at;
	int		      rc;

	if (opt->dd.on || opt->figures != 0 || opt->openings != NULL) {
		cli_error("%s: %s replays records: reports have no "
			  "turns",
		    name,
		    opt->dd.on		  ? "--dedupe" :
			opt->figures != 0 ? "--figures" :
					    "--opening-names");
		r->io_error = true;
		return;
	}
	if (opt->tb != NULL && report_table_needs_records(opt->tb)) {
		cli_error("%s: the column position replays records: reports "
			  "have no position",
		    name);
		r->io_error = true;
		return;
	}
	if (opt->split && !opt->merge && !opt->tree.on) {
		read_split(r, opt, in, name, peek, len);
		return;
	}
	if ((rd = report_reader_new(in, name, peek, len)) == NULL) {
		batch_stat_no_memory(r);
		return;
	}
	if (opt->merge) {
		while ((rc = opt->tree.on ?
			       report_read_tree(rd, &r->tree, r->sum, &d) :
			       report_read_partial(rd, &r->sum, &d)) == 1)
			if (d.code != DIAG_NONE) {
				/* partial-errors: its run failed, so does this. */
				cli_diag(name, &d, NULL);
				r->partial_errors = true;
			}
	} else if (opt->tree.on) {
		cli_error(
		    "%s: --tree replays records: reports have no turns", name);
		r->io_error = true;
		rc = 0;
	} else
		while ((rc = report_read_game(rd, opt->by, &g, &d)) == 1) {
			/*
			 * -j: the parser's reading of the file, where it is
			 * (a stream counting its bytes for --partial tells
			 * none: its shares are then unequal).
			 */
			if ((at = ftello(in)) != -1)
				cli_jobs_at(opt->j, (unsigned long long)at);
			if (!cli_record_take(
				&opt->in.shard, opt->j, &opt->seq)) {
				/* Past this worker's share: no further. */
				if (cli_jobs_done(opt->j))
					break;
				continue;
			}
			if (!batch_stat_count(r, &g, name)) {
				rc = 0;
				break;
			}
			if (opt->tb != NULL &&
			    report_table_write_read(opt->tb, rd) == -1) {
				batch_stat_table_error(r, opt);
				rc = 0;
				break;
			}
		}
	if (rc == -1)
		yaml_error(r, name, &d);
	report_reader_free(rd);
}
