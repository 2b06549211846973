/* SPDX-License-Identifier: MIT */
/*
 * --table and --columns as both tools take them (gamecheck(1), TABLES):
 * what they go with.  The table itself is src/report's (write-table.c).
 */
#ifndef BATCH_TABLE_H
#define BATCH_TABLE_H

/*
 * What --table (table, NULL without it) and --columns go with, in a tool
 * whose rows come instead of its what (its reports, its summary): not
 * with the option no names (NULL for none), and the columns known.  0,
 * or -1 after saying why.
 */
int batch_table_options(
    const char *table, const char *columns, const char *what, const char *no);

#endif
