/* SPDX-License-Identifier: MIT */
/*
 * gamecheck --split-by and --split (split.c): the records written into
 * files of their own in one directory, a file a tag's value, an opening
 * or a run of N records.  Each file is named safely from what keys it
 * (never outside the directory, never hidden, never an existing file),
 * written to a temporary file beside it and put in place only when the
 * whole run has gone well (replace.c), never over a file or a link.  What
 * each record is written as is convert.c's (--write).
 */
#ifndef ARBITER_CLI_SPLIT_H
#define ARBITER_CLI_SPLIT_H

#include <stdbool.h>

#include "cli/replayed.h"

/* What keys a record's file. */
enum cli_split_by {
	CLI_SPLIT_NONE,
	CLI_SPLIT_TAG,	   /* --split-by TAG: the tag's value */
	CLI_SPLIT_OPENING, /* --split-by opening[:N]: the first N turns */
	CLI_SPLIT_COUNT,   /* --split N: N records a file */
};

/* The opening's turns when --split-by opening gives no N. */
#define CLI_SPLIT_OPENING_PLIES 4
/* The files a run may make when --split-max gives no number. */
#define CLI_SPLIT_MAX_DEFAULT 256

struct cli_split_spec {
	enum cli_split_by by;
	const char	 *tag;	 /* CLI_SPLIT_TAG: its name */
	unsigned long	  n;	 /* the opening's turns, or records a file */
	const char	 *dir;	 /* --split-dir, or NULL: "." */
	unsigned long	  max;	 /* --split-max, or 0: the default */
	const char	 *given; /* the option given first, for messages */
};

/*
 * The options: --split-by=arg (by "opening", "opening:N", "tag:NAME" or
 * NAME, a tag), --split=arg (N, 1 or more), --split-max=arg (1 or more):
 * true, or false after saying why (a usage error; so are --split-by and
 * --split given together).
 */
bool cli_split_by_option(struct cli_split_spec *, const char *arg);
bool cli_split_count_option(struct cli_split_spec *, const char *arg);
bool cli_split_max_option(struct cli_split_spec *, const char *arg);
/* Whether a split is asked for. */
bool cli_split_on(const struct cli_split_spec *);
/*
 * Checks the options before any input is read: --split-dir is a
 * directory, and the files --split-max allows can be open at once (the
 * limit of open files raised where it is too low).  Returns true, or
 * false after saying why.
 */
bool cli_split_check(const struct cli_split_spec *);

/*
 * A run's files.  cli_split_new makes it for spec (borrowed), writing
 * each record in format (a --write format), or, format NULL, in the
 * format it was read in; NULL when memory runs out (said).
 */
struct cli_split;
struct cli_split *
cli_split_new(const struct cli_split_spec *, const char *format);
/*
 * Writes rec (read from input name, replayed in rp with keep_turns) to
 * its file, which is made at its first record (cli_convert_write: one
 * with errors only with keep_illegal).  Returns what cli_convert_write
 * returns; CLI_CONVERT_FAILED after saying why: the file cannot be made
 * (it exists, is a link, the directory refuses it, --split-max is
 * reached) or written.
 */
enum cli_convert cli_split_write(struct cli_split *, const char *name,
    const struct record *rec, const struct replay *rp, bool keep_illegal);
/*
 * Ends the run and frees it (NULL: nothing): with ok, every file that
 * holds a record is put in place (none is replaced: one that appeared
 * meanwhile fails); else every temporary file is removed and no file is
 * made.  Returns ok, or false after saying which file failed.
 */
bool cli_split_finish(struct cli_split *, bool ok);

#endif
