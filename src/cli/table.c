/* SPDX-License-Identifier: MIT */
/*
 * --table and --columns for gamecheck and gamestat (table.h): one check
 * of the format, one of the columns, the same words from both tools.
 */
#include "cli/base.h"
#include "cli/output.h"
#include "cli/table.h"

bool
cli_table_format_ok(const char *format)
{
	if (report_table_format(format))
		return true;
	cli_error("--table: unknown format '%s' (tsv, csv)", format);
	return false;
}

struct report_table *
cli_table_new(FILE *out, const char *format, const char *columns, bool header)
{
	struct report_table *tb;
	char		     err[320];

	if ((tb = report_table_new(out, format, columns, err, sizeof err)) ==
	    NULL) {
		if (*err != '\0')
			cli_error("--columns: %s", err);
		else
			cli_error("out of memory");
		return NULL;
	}
	if (header && report_table_header(tb) == -1) {
		cli_output_ok(out, "table");
		report_table_free(tb);
		return NULL;
	}
	return tb;
}
