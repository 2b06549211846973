/* SPDX-License-Identifier: MIT */
/*
 * Where gamestat --plot writes its charts (charts.c), checked before any
 * input is read.
 */
#ifndef ARBITER_CLI_CHARTS_H
#define ARBITER_CLI_CHARTS_H

#include <stdbool.h>

/*
 * The path of each chart (stat_chart_name) in dir, in paths[STAT_CHARTS]
 * (new strings the caller frees, NULL where none was made), each checked
 * to be none of the nfiles inputs and not output (NULL: standard output),
 * so that no chart is written over either.  False after saying why.
 */
bool cli_charts_paths(const char *dir, const char *output, char *const *files,
    int nfiles, char **paths);

/*
 * The charts go into a directory of ours only: in another user's, a link
 * planted where a chart goes could aim it at any file of ours, and a file
 * there could be swapped while we write (a link inside it is replaced,
 * never followed: CLI_OUTPUT_NOFOLLOW).  Makes dir if it is not there;
 * false after saying why it cannot be used.
 */
bool cli_charts_dir(const char *dir);

#endif
