/* SPDX-License-Identifier: MIT */
/*
 * --table and --columns as gamecheck and gamestat both take them: the
 * table instead of the tool's own output, its columns checked before any
 * input is read.
 */
#include "batch/table.h"
#include "cli/cli.h"
#include "report/report.h"

int
batch_table_options(
    const char *table, const char *columns, const char *what, const char *no)
{
	char err[320];

	if (table != NULL && no != NULL) {
		cli_error("--table writes a row a record in input order, "
			  "instead of the %s: not with %s",
		    what, no);
		return -1;
	}
	/* The columns are checked before any input is read. */
	if (report_table_check(table, columns, err, sizeof err) == -1) {
		cli_error("%s", *err != '\0' ? err : "out of memory");
		return -1;
	}
	return 0;
}
