/* SPDX-License-Identifier: MIT */
/*
 * gamestat's outputs: the summary or tree, the charts (--plot), the
 * page (--html) and the table (--table), each put in place whole, and
 * only after a full run.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "batch/stat.h"
#include "cli/figures.h"

/*
 * --tree --html FILE: the page, put in place whole or not at all.  False
 * after saying why.
 */
static bool
write_page(const struct batch_stat_options *opt, const struct batch_stat_run *r)
{
	struct cli_output page;

	if (cli_output_open(&page, opt->tree.html, 0) == -1)
		return false;
	if (cli_tree_page(page.fp, r->tree) == -1 || fflush(page.fp) == EOF) {
		if (cli_output_ok(page.fp, page.name))
			cli_error("%s: cannot write the page", page.name);
		cli_output_abort(&page);
		return false;
	}
	return cli_output_commit(&page);
}

/*
 * Writes the summary and, for a full run, the charts (when ch is not
 * NULL) into the new set; only once every one of them was written whole
 * are they put in place, and only for a full run.  False after saying
 * why, the old files kept.
 */
bool
batch_stat_write_all(const struct batch_stat_options *opt,
    const struct batch_stat_run *r, struct cli_charts *ch, char **paths,
    bool full)
{
	struct cli_output out;
	FILE		 *f;
	int		  i;
	bool		  ok = true;

	if (cli_output_open(&out, opt->output, 0) == -1) {
		if (ch != NULL)
			cli_charts_abort(ch);
		return false;
	}
	if ((opt->tree.on ?
		    report_tree_write(out.fp, r->tree, r->sum, opt->partial) :
		    report_summary_write(out.fp, r->sum, opt->partial)) == -1 ||
	    fflush(out.fp) == EOF) {
		if (cli_output_ok(out.fp, out.name))
			cli_error("%s: cannot write the %s", out.name,
			    opt->tree.on ? "tree" : "summary");
		ok = false;
	}
	for (i = 0; ok && full && ch != NULL && i < STAT_CHARTS; i++) {
		if (i >= STAT_BASE_CHARTS && r->sum->figures == 0)
			break;
		if ((f = cli_charts_file(ch, i)) == NULL ||
		    (i < STAT_BASE_CHARTS ?
			    stat_chart_write(r->sum, i, f) :
			    cli_figures_chart(
				r->sum, i - STAT_BASE_CHARTS, f)) == -1 ||
		    !cli_charts_close(f)) {
			cli_error("%s: cannot write the chart: %s",
			    cli_shown(paths[i]), strerror(errno));
			ok = false;
		}
	}
	if (ok && full && opt->tree.html != NULL && !write_page(opt, r))
		ok = false;
	/* The charts first: the summary is on standard output at times. */
	if (ch != NULL) {
		if (!ok || !full)
			cli_charts_abort(ch);
		else if (!cli_charts_commit(ch))
			ok = false;
	}
	if (!ok || !full)
		cli_output_abort(&out);
	else if (!cli_output_commit(&out))
		ok = false;
	return ok;
}

/*
 * --table: the table's file opened (standard output without -o), the
 * header written.  False after saying why.
 */
bool
batch_stat_start_table(struct batch_stat_options *opt)
{
	if (cli_output_open(&opt->tout, opt->output, 0) == -1)
		return false;
	char err[320];

	if ((opt->tb = report_table_new(opt->tout.fp, opt->table, opt->columns,
		 err, sizeof err)) == NULL)
		cli_error("out of memory");
	else if (report_table_header(opt->tb) == -1)
		cli_output_ok(opt->tout.fp, opt->tout.name);
	else
		return true;
	cli_output_abort(&opt->tout);
	return false;
}

/*
 * The table put in place after a full run (ok), else given up, as the
 * summary would be.  True, or false after saying why.
 */
bool
batch_stat_end_table(struct batch_stat_options *opt, bool ok)
{
	report_table_free(opt->tb);
	opt->tb = NULL;
	if (ok && fflush(opt->tout.fp) == EOF) {
		cli_output_ok(opt->tout.fp, opt->tout.name);
		ok = false;
	}
	if (!ok) {
		cli_output_abort(&opt->tout);
		return false;
	}
	return cli_output_commit(&opt->tout);
}
