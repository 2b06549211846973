/* SPDX-License-Identifier: MIT */
/*
 * The base every tool stands on (base.c): exit statuses, the program name,
 * --version and the end of --help, usage errors in the options, messages
 * and diagnostics on stderr (coloured on a terminal), output that stays
 * quiet on a closed pipe, counts and game names as options, and progress
 * on a terminal.  Nothing here knows inputs, outputs or records.
 */
#ifndef ARBITER_CLI_BASE_H
#define ARBITER_CLI_BASE_H

#include <stdbool.h>
#include <stdio.h>

#include "diag/diag.h"
#include "rules/rules.h"

/* Exit statuses (design.md §1), the same in every tool. */
enum cli_exit {
	CLI_OK = 0,	  /* all good */
	CLI_BAD = 1,	  /* some record illegal or malformed */
	CLI_USAGE = 2,	  /* usage or I/O error */
	CLI_INTERNAL = 3, /* a bug: please report it */
};

/*
 * Records the program name used in every message, and where standard
 * input stands before anything reads it.
 */
void	    cli_init(const char *progname);
const char *cli_progname(void);
/*
 * Whether standard input is read from its start: a file whose offset
 * was 0 when the program started (as `tool - < file` has it).
 */
bool cli_stdin_from_start(void);

/*
 * --version: "TOOL (arbiter) VERSION", the copyright and the licence on
 * stdout, as GNU's standards ask.  Returns the exit status: CLI_OK, or
 * CLI_USAGE if it could not be written (cli_output_ok).
 */
int cli_version(const char *tool);

/*
 * Ends a --help on stdout: where to report bugs (configure.ac's AC_INIT).
 * Returns the exit status of the --help, as cli_version does.
 */
int cli_help_done(void);

/*
 * A usage error in the options, in one line on stderr instead of the
 * help: what getopt_long returned (c: '?' or ':', the optstring starting
 * with ':' so that getopt itself says nothing) turned into "PROG:
 * unrecognized option '--bogus' (try --help)"; with command, argv[0] is
 * "gameplay CMD" and the hint "try gameplay CMD --help".  Returns
 * CLI_USAGE.
 */
int
cli_option_error(char *const *argv, const char *optstring, int c, bool command);

/*
 * "PROG: MESSAGE" on stderr, made safe for a terminal: control characters
 * and bytes of invalid UTF-8 in it become \xHH (a backslash is kept, as
 * the message may hold text escaped already), so that a file or engine
 * name can never start an escape sequence.
 */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Says that option opt ("--expect") takes what ("a count") and not arg,
 * the usage error of an option's value every tool words alike: "OPT
 * takes WHAT, not 'ARG'".  Returns -1.
 */
int cli_bad_value(const char *opt, const char *what, const char *arg);

/*
 * --color=WHEN: the colour of the severity in cli_diag, "auto" (the
 * default: on a terminal whose TERM is not dumb, unless NO_COLOR is set),
 * "always" or "never".  False after saying that arg is none of them.
 */
bool cli_color_option(const char *arg);

/*
 * s (a file or engine name) as a message shows it, escaped as record text
 * is (util_printable): a string of one of a few static buffers, valid
 * until the fourth call after.
 */
const char *cli_shown(const char *s);

/*
 * "PROG: FILE:LINE:COL: SEVERITY: MESSAGE [CODE]" on stderr, the severity
 * the catalogue gives the code ("error" or "warning", coloured on a
 * terminal unless NO_COLOR is set); prefix, if not NULL, goes before the
 * message ("turn 17: ").  A diagnostic without a code (DIAG_NONE) is a
 * "note" about the one before it, shown without [CODE].
 */
void cli_diag(const char *file, const struct diag *, const char *prefix);

/*
 * After writing to out: true if all is well.  A closed pipe (EPIPE) exits
 * quietly with CLI_USAGE, as `| head' expects; another error is reported
 * and returns false.
 */
bool cli_output_ok(FILE *out, const char *what);

/* Parses a whole non-negative decimal number into *v; false if it is not. */
bool cli_parse_count(const char *s, unsigned long *v);

/*
 * The game called name (rules_game_find), or NULL after saying what
 * rules_game_lookup says: the game meant, or the games there are.
 */
const struct rules_game *cli_find_game(const char *name);

/*
 * Progress on stderr, only when it is a terminal whose TERM is not dumb
 * (or as cli_progress_mode says): "PROG: N records (R/s)", or, the size
 * of the inputs known (cli_progress_size), "PROG: P%, N records (R/s,
 * ETA 1:05)" from the part of their bytes read (cli_progress_read); at
 * most a few times a second, cleared by cli_progress_done (and by every
 * message of cli_error and cli_diag).
 */
void cli_progress(unsigned long records);
/*
 * Whether progress is drawn: 0 on a terminal (the default), 1 always
 * (--progress: stderr a file or TERM dumb too), -1 never (--no-progress,
 * or -q).
 */
void cli_progress_mode(int mode);
/* Whether progress will be drawn (cli_progress_mode, the terminal). */
bool cli_progress_wanted(void);
/* The bytes of all inputs (0: not known, a pipe among them). */
void cli_progress_size(unsigned long long size);
/* n more of those bytes read (compressed as they are in the file). */
void cli_progress_read(unsigned long long n);
/*
 * The same for work of a known size, from done = 0 at the start:
 * "PROG: D/T UNIT (R/s, ETA 1:05)", the rate and the time left once
 * something is done.  A line that was cleared is drawn again at once.
 */
void cli_progress_of(unsigned long done, unsigned long total, const char *unit);
void cli_progress_done(void);

#endif
