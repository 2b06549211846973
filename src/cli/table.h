/* SPDX-License-Identifier: MIT */
/*
 * --table and --columns, as gamecheck and gamestat take them (table.c,
 * gamecheck(1), "TABLES"): the options' checks and messages; the rows
 * are src/report's (report_table_*).
 */
#ifndef ARBITER_CLI_TABLE_H
#define ARBITER_CLI_TABLE_H

#include <stdbool.h>
#include <stdio.h>

#include "report/report.h"

/* --table's argument: true for tsv or csv, else false after saying why. */
bool cli_table_format_ok(const char *format);

/*
 * A table of format with columns (NULL: the default) on out (borrowed),
 * its header written when header is true.  NULL after saying why: an
 * unknown column (--columns: ...), memory, or out failing.
 */
struct report_table *cli_table_new(
    FILE *out, const char *format, const char *columns, bool header);

#endif
