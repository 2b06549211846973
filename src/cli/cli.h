/* SPDX-License-Identifier: MIT */
/*
 * What the tools share: exit statuses, --version, diagnostics on stderr in
 * the GNU format, the inputs named as operands and the output file,
 * output that stays quiet on a closed pipe, progress on a terminal, and
 * the few option parsers every tool needs.
 */
#ifndef ARBITER_CLI_H
#define ARBITER_CLI_H

#include <sys/stat.h>

#include <stdbool.h>
#include <stdio.h>

#include "record/record.h"

/* Exit statuses (design.md §1), the same in every tool. */
enum cli_exit {
	CLI_OK = 0,		/* all good */
	CLI_BAD = 1,		/* some record illegal or malformed */
	CLI_USAGE = 2,		/* usage or I/O error */
	CLI_INTERNAL = 3,	/* a bug: please report it */
};

/* Records the program name used in every message. */
void	cli_init(const char *progname);
const char *cli_progname(void);

/*
 * --version: "TOOL (arbiter) VERSION" on stdout.  Returns the exit status:
 * CLI_OK, or CLI_USAGE if it could not be written (cli_output_ok).
 */
int	cli_version(const char *tool);

/* "PROG: MESSAGE" on stderr. */
void	cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * "PROG: FILE:LINE:COL: error: MESSAGE [CODE]" on stderr; severity is
 * "error" or "warning" (coloured on a terminal unless NO_COLOR is set);
 * prefix, if not NULL, goes before the message ("turn 17: ").  A note
 * (severity "note") may have no code (NULL): then no [CODE] is shown.
 */
void	cli_diag(const char *file, const struct record_diag *,
	    const char *severity, const char *prefix);

/*
 * After writing to out: true if all is well.  A closed pipe (EPIPE) exits
 * quietly with CLI_USAGE, as `| head' expects; another error is reported
 * and returns false.
 */
bool	cli_output_ok(FILE *out, const char *what);

/* Parses a whole non-negative decimal number into *v; false if it is not. */
bool	cli_parse_count(const char *s, unsigned long *v);

/*
 * The game called name (rules_game_find), or NULL after saying "unknown
 * game 'NAME' (try HINT)"; hint names the help that lists the games
 * ("--help", "gameplay --help").
 */
const struct rules_game *cli_find_game(const char *name, const char *hint);

/*
 * The files a tool reads, in order: the operands after its options
 * (argv + optind, once getopt is done), or "-" alone when there are none.
 * Their count goes in *n.
 */
char	*const *cli_operands(int argc, char **argv, int *n);

/* The name of input path in messages: "<stdin>" for "-". */
const char *cli_input_name(const char *path);

/*
 * Opens input path for reading: standard input for "-".  NULL after
 * saying why.  cli_input_close closes it, unless it is standard input.
 */
FILE	*cli_input_open(const char *path);
void	cli_input_close(FILE *in);

/*
 * Opens the output a tool writes its data to: file path, created or
 * truncated, or standard output when path is NULL.  NULL after saying why.
 * cli_output_close closes it, unless it is standard output: false after
 * saying why.
 */
FILE	*cli_output_open(const char *path);
bool	cli_output_close(FILE *out, const char *path);

/*
 * Reads a whole file ("-": standard input) into *text, NUL terminated
 * (the caller frees it), its length in *len.  Returns 0, or -1 (errno).
 */
int	cli_read_file(const char *path, char **text, size_t *len);

/*
 * A file held for a read-modify-write cycle (replace.c).  The lock is an
 * exclusive flock(2) on the file itself, taken after opening it and kept
 * until cli_locked_close; a lock won on a file that another writer has
 * meanwhile replaced is dropped and taken again on the new one.  The new
 * text goes to a hidden temporary file beside it (.NAME.gameplay-XXXXXX),
 * which is written, fsync'd, given the old file's mode, and renamed over
 * NAME; the directory is fsync'd after.  A temporary file left by a crash
 * is removed by the next cli_locked_open of NAME.
 */
struct cli_locked {
	char		*path;
	char		*dir;
	char		*base;
	int		 fd;		/* holds the lock */
	struct stat	 st;		/* of the file locked */
	char		*text;		/* its contents, NUL terminated */
	size_t		 len;
};

/* Opens, locks and reads path.  Returns 0, or -1 (errno; lf is clean). */
int	cli_locked_open(struct cli_locked *lf, const char *path);
/* Replaces the file by len bytes of text.  Returns 0, or -1 (errno). */
int	cli_locked_replace(struct cli_locked *lf, const char *text,
	    size_t len);
/* Releases the lock and frees; safe on a cleaned lf. */
void	cli_locked_close(struct cli_locked *lf);

/*
 * Progress on stderr, only when it is a terminal: "PROG: N records (R/s)"
 * at most a few times a second, cleared by cli_progress_done.
 */
void	cli_progress(unsigned long records);
void	cli_progress_done(void);

#endif
