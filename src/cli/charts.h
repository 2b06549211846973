/* SPDX-License-Identifier: MIT */
/*
 * Where gamestat --plot writes its charts (charts.c), checked before any
 * input is read.
 */
#ifndef ARBITER_CLI_CHARTS_H
#define ARBITER_CLI_CHARTS_H

#include <sys/types.h>

#include <stdbool.h>
#include <stdio.h>

/*
 * The path of each chart (stat_chart_name) in dir, in paths[STAT_CHARTS]
 * (new strings the caller frees, NULL where none was made), each checked
 * to be none of the nfiles inputs and not output (NULL: standard output),
 * so that no chart is written over either.  False after saying why.
 */
bool cli_charts_paths(const char *dir, const char *output, char *const *files,
    int nfiles, char **paths);

/*
 * The set of charts written into dir whole (charts.c).  dir is made if it
 * is not there and opened without following a symbolic link at dir
 * itself (O_NOFOLLOW): a link there is refused, and so is a directory of
 * another user (a link planted in it could aim a chart at any file of
 * ours).  The charts are written into a fresh directory beside dir,
 * .BASE.PROG-PID-XXXXXX (mode 0700 while it is written), and
 * cli_charts_commit swaps it with dir by one renameat2(RENAME_EXCHANGE),
 * so that a reader, or a kill, sees the old set or the new one, never a
 * mix; the entries of dir that are not charts are then moved back beside
 * the new charts, and the old set is removed.  Where the file system
 * cannot swap (no RENAME_EXCHANGE), or for a dir that cannot be renamed
 * (".", a mount point), each chart is renamed into dir on its own, whole
 * but not as a set.  The fresh directory of a run killed before its swap
 * is removed by the next run into dir once its PID is gone.
 */
struct cli_charts {
	const char *name; /* dir as given, for messages */
	/* Private. */
	int    parent;	/* dir's directory */
	int    dir;	/* dir itself, opened without following */
	int    freshfd; /* the new set's directory */
	char  *base;	/* dir's name in parent */
	char  *fresh;	/* the new set's directory's name in parent */
	mode_t mode;	/* dir's, which the new directory takes */
};

/*
 * Opens ch for dir (borrowed: it must outlive ch), before any input is
 * read.  Returns 0, or -1 after saying why dir cannot be used (ch clean).
 */
int cli_charts_open(struct cli_charts *ch, const char *dir);
/*
 * A new stream for chart i (stat_chart_name) in the new set, or NULL
 * (errno).  Closed by cli_charts_close, which flushes it to disk: false
 * (errno) if the chart could not be written whole.
 */
FILE *cli_charts_file(struct cli_charts *ch, int i);
bool  cli_charts_close(FILE *f);
/*
 * Puts the new set in place of the old one.  True, or false after saying
 * why (the old set stays).  Cleans ch.
 */
bool cli_charts_commit(struct cli_charts *ch);
/* Gives the new set up: the old one stays.  Cleans ch. */
void cli_charts_abort(struct cli_charts *ch);

#endif
