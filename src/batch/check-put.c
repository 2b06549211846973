/* SPDX-License-Identifier: MIT */
/*
 * gamecheck: putting out one record checked: its duplicate left out
 * (--dedupe), its file (--split-by), its record (--write), its row
 * (--table) and its report.
 */
#include <stdio.h>

#include "batch/check-run.h"

/*
 * A record written by --write or --split-by, counted by how it went (rc):
 * memory run out, or an error of its own when it could not be written.
 * Returns 0, or -1 when the output failed or memory ran out.
 */
static int
converted(
    enum cli_convert rc, const struct replay *rp, struct batch_check_totals *t)
{
	if (rc == CLI_CONVERT_NOMEM)
		t->out_of_memory = true;
	/* Counted once, however many errors the record has. */
	if (rc == CLI_CONVERT_UNWRITABLE && !rp->has_error)
		t->errors++;
	return rc < 0 ? -1 : 0;
}

/*
 * --write: rec as the referee judged it (cli_convert_write).  Returns 0,
 * or -1 when the output fails (said by the caller) or memory runs out.
 */
static int
write_record(struct record_export *x, const char *name,
    const struct record *rec, const struct replay *rp,
    const struct batch_check_options *opt, struct batch_check_totals *t)
{
	return converted(
	    cli_convert_write(x, name, rec, rp, opt->keep_illegal), rp, t);
}

/*
 * --split-by, --split: rec to its file (cli_split_write), counted as
 * write_record counts it.  Returns 0, or -1 after saying why.
 */
static int
split_record(const char *name, const struct record *rec,
    const struct replay *rp, const struct batch_check_options *opt,
    struct batch_check_totals *t)
{
	enum cli_convert rc;

	rc = cli_split_write(opt->sp, name, rec, rp, opt->keep_illegal);
	if (rc == CLI_CONVERT_NOMEM)
		cli_error("%s: record %lu: out of memory", name, rec->index);
	return converted(rc, rp, t);
}

/*
 * The row of rec (--table) and its report, with its solve (solved 1) and
 * its opening's name (--opening-names): 0, or -1 after saying why.
 */
static int
report_record(const char *path, const char *name, const struct record *rec,
    const struct replay *rp, int solved, const struct batch_check_sinks *o,
    struct batch_check_options *opt)
{
	struct report_perfect pp = { 0 };
	struct cli_opening    op;

	/* -q: no row and no report, so no opening to look up. */
	if (opt->tb == NULL && o->w == NULL)
		return 0;
	if (solved == 1)
		pp.line = &opt->perfect->line;
	if (opt->openings != NULL && cli_openings_match(opt->openings, &op)) {
		pp.opening_name = op.name;
		pp.opening_number = op.number;
		pp.opening_turns = op.turns;
	}
	if (opt->tb != NULL &&
	    report_table_write(opt->tb, path, rec, rp) == -1) {
		if (cli_output_ok(o->out, "table"))
			cli_error("%s: record %lu: cannot write its row", name,
			    rec->index);
		return -1;
	}
	if (o->w != NULL &&
	    report_write_perfect(o->w, path, rec, rp,
		pp.line != NULL || pp.opening_turns > 0 ? &pp : NULL) == -1) {
		if (cli_output_ok(o->out, "report"))
			cli_error("%s: record %lu: cannot write its report",
			    name, rec->index);
		return -1;
	}
	return 0;
}

/*
 * Puts out one record checked: left out as a duplicate (--dedupe), to
 * its file (--split-by), written (--write), its row and its report.
 * Returns 0, 1 for a duplicate (counted, no report of its own), or -1
 * when an output fails or memory runs out (said).
 */
int
batch_check_put(struct record_syntax *syn, const char *path, const char *name,
    const struct record *rec, struct replay *rp, int solved,
    const struct batch_check_sinks *o, struct batch_check_options *opt,
    struct batch_check_totals *t)
{
	int rc;

	if (opt->dd.on &&
	    (rc = cli_dedupe_record(&opt->dd, syn, name, rec, rp)) != 0) {
		if (rc == -1)
			return -1;
		t->duplicates++;
		return 1;
	}
	if (opt->sp != NULL && split_record(name, rec, rp, opt, t) == -1)
		return -1;
	if (o->x != NULL && write_record(o->x, name, rec, rp, opt, t) == -1) {
		if (cli_output_ok(o->out, "record"))
			cli_error("%s: record %lu: cannot write it", name,
			    rec->index);
		return -1;
	}
	return report_record(path, name, rec, rp, solved, o, opt);
}
