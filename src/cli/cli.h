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

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "record/record.h"

/* Exit statuses (design.md §1), the same in every tool. */
enum cli_exit {
	CLI_OK = 0,	  /* all good */
	CLI_BAD = 1,	  /* some record illegal or malformed */
	CLI_USAGE = 2,	  /* usage or I/O error */
	CLI_INTERNAL = 3, /* a bug: please report it */
};

/* Records the program name used in every message. */
void	    cli_init(const char *progname);
const char *cli_progname(void);

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

/* "PROG: MESSAGE" on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

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
char *const *cli_operands(int argc, char **argv, int *n);

/*
 * --files-from LIST: the operands (none is none here, not "-"), then the
 * paths LIST holds ("-": standard input), one a line, a CR before the line
 * end dropped, blank lines ignored.  Returns an array that lives until
 * exit (or the next call), with its count in *n, or NULL after saying
 * why: LIST unreadable, or holding a NUL byte, or read from standard
 * input with "-" among the inputs.
 */
char **cli_files_from(const char *list, int argc, char **argv, int *n);
/*
 * The inputs: cli_operands, or cli_files_from where list is not NULL.
 * NULL after saying why, as cli_files_from, or when two inputs are the
 * same file (the same device and inode: "f" and "./f", a link to f, or
 * "-" with standard input f; "-" twice), which would be counted twice.
 */
char *const *cli_inputs(const char *list, int argc, char **argv, int *n);

/*
 * --shard K/N (formats/record.md, "Shards"): the records of all inputs,
 * numbered from 0 in order, are task K's of N where i mod N == K - 1.  n
 * 0 takes every record.  at is i mod N for the next record.
 */
struct cli_shard {
	unsigned long k; /* 1 to n */
	unsigned long n;
	unsigned long at;
};
/*
 * The option --shard=arg: "K/N", decimal, 1 <= K <= N, given once (sh
 * zeroed before the first); false after saying why not.
 */
bool cli_shard_option(const char *arg, struct cli_shard *sh);
/*
 * --csv-columns SPEC (formats/record.md, "CSV"): true if SPEC names a
 * moves column, else false after saying so (a usage error).
 */
bool cli_csv_columns_option(const char *arg);

/*
 * The options of the tools that read records (gamecheck, gamestat): which
 * inputs, which of their records, read how, in how many processes.  Each
 * tool puts CLI_LONGOPTS_RECORDS in its getopt_long table and "j:" in its
 * short options, and hands every option to cli_records_option.
 */
struct cli_records {
	const char	*files_from;	    /* --files-from, or NULL */
	const char	*csv_columns;	    /* a headerless CSV's, or NULL */
	const char	*wthor_players;	    /* WTHOR.JOU, or NULL: beside */
	const char	*wthor_tournaments; /* WTHOR.TRN, or NULL: beside */
	struct cli_shard shard;		    /* shard.n 0: every record */
	unsigned long	 jobs;		    /* -j: 1 for none */
};
/* Their getopt_long values: a tool's own options start at CLI_OPT_OWN. */
enum {
	CLI_OPT_SHARD = 256,
	CLI_OPT_FILES_FROM,
	CLI_OPT_CSV_COLUMNS,
	CLI_OPT_WTHOR_PLAYERS,
	CLI_OPT_WTHOR_TOURNAMENTS,
	CLI_OPT_OWN,
};
#define CLI_LONGOPTS_RECORDS \
	{ "jobs", required_argument, NULL, 'j' }, \
	    { "shard", required_argument, NULL, CLI_OPT_SHARD }, \
	    { "files-from", required_argument, NULL, CLI_OPT_FILES_FROM }, \
	    { "csv-columns", required_argument, NULL, CLI_OPT_CSV_COLUMNS }, \
	    { "wthor-players", required_argument, NULL, \
		    CLI_OPT_WTHOR_PLAYERS }, \
	{ \
		"wthor-tournaments", required_argument, NULL, \
		    CLI_OPT_WTHOR_TOURNAMENTS \
	}
/* Sets the defaults: every record of every input, one process. */
void cli_records_init(struct cli_records *);
/*
 * Takes the option c that getopt_long returned, with its argument arg, if
 * it is one of CLI_LONGOPTS_RECORDS.  Returns 1 if it was, 0 if it is
 * another, -1 after saying what is wrong with arg.
 */
int cli_records_option(struct cli_records *, int c, const char *arg);
/*
 * A reader of input in (path as given, "-" for standard input; name in
 * messages) in format, with the CSV columns and WTHOR names of the
 * options.  Returns it (record_reader_free frees it), or NULL when out of
 * memory.
 */
struct record_reader *
cli_records_reader(const struct cli_records *, struct record_syntax *, FILE *in,
    const char *path, const char *name, enum record_format);

/* Numbers the next record: true if it is this task's. */
bool cli_shard_take(struct cli_shard *);
/* Whether the next record will be this task's (nothing numbered). */
bool cli_shard_mine(const struct cli_shard *);

/*
 * stat(2) of input path, or fstat(2) of standard input for "-": what the
 * checks that tell one file under two names compare.  0, or -1 (errno).
 */
int cli_input_stat(const char *path, struct stat *st);

/* The name of input path in messages: "<stdin>" for "-". */
const char *cli_input_name(const char *path);

/*
 * The inputs (input.c).  Opens input path for reading: standard input
 * for "-".  A gzip, bzip2, xz or zstd stream (told by its magic bytes,
 * not its name) is read decompressed, streamed in blocks (memory stays
 * flat whatever the ratio); concatenated gzip members are read whole.
 * Reading a compressed stream that is corrupt or cut short fails (ferror)
 * with errno CLI_EREPORTED, the diagnostic bad-compressed already said
 * (where the decompressed text stops); no input is ever silently short.
 * path must outlive the stream (messages name it).  NULL after saying
 * why.  cli_input_close closes it, unless it is standard input.
 */
FILE *cli_input_open(const char *path);
void  cli_input_close(FILE *in);

/*
 * Opens input path as cli_input_open does, passing each block of bytes
 * read from it to seen(arg, buf, n) as it is read (gamestat's covers:
 * the size and checksum of every input, standard input included): the
 * bytes as they are in the file, compressed or not.  NULL after saying
 * why; close it with cli_input_close.
 */
FILE *cli_input_open_seen(const char *path,
    void (*seen)(void *arg, const void *buf, size_t n), void *arg);

/*
 * errno after a read from an input failed for a reason already said (a
 * diagnostic).  cli_read_error(name) says why a read from input name
 * failed, errno set: "PROG: NAME: strerror", or nothing for this one.
 */
#define CLI_EREPORTED EBADMSG
void cli_read_error(const char *name);

/*
 * The compression the first len bytes at buf start (its magic number):
 * "gzip", "bzip2", "xz" or "zstd", or NULL for none of them.
 */
const char *cli_compression(const void *buf, size_t len);

/*
 * Replaces *text, len bytes of a compressed stream (malloc'd, the
 * caller's), with its decompressed bytes, NUL terminated, and their
 * length.  Returns 0, or -1 (errno; CLI_EREPORTED when the stream is
 * corrupt, said as cli_input_open says it), *text unchanged.
 */
int cli_decompress(const char *name, char **text, size_t *len);

/*
 * -j, --jobs N (jobs.c): N worker processes, byte for byte the output of
 * one.  cli_jobs_start forks them (copying standard input first, if one
 * of the files is "-", so that each reads all of it; an input that is no
 * regular file is refused, a usage error): it returns in each worker
 * with *k its number, 0 to n - 1, its standard output and error going to
 * files of its own, and in the parent with *k = n; NULL after saying why.
 * Each worker reads every input and takes the records cli_jobs_take says
 * are its (record seq, numbered by the caller from 0, with seq mod n =
 * k), marks with cli_jobs_mark(seq, sub) where the output of each part
 * ends (CLI_JOBS_BEFORE: what came before record seq, CLI_JOBS_EMPTY: an
 * empty input's report, both printed alike by every worker and taken
 * from worker 0; CLI_JOBS_RECORD: record seq's own), and ends with
 * cli_jobs_exit, handing its result (totals, a partial summary) back.
 * In the parent, cli_jobs_finish waits for them all, and, only if every
 * one exited 0, writes the frames in (seq, sub) order (standard output's
 * to out, standard error's to stderr) and calls result(arg, k, bytes,
 * len) for each worker's result in turn; it returns 0, or -1 after saying
 * why (a worker killed or failed: nothing is written).  cli_jobs_free
 * frees, NULL or not; cli_jobs_take with NULL takes every record.
 */
#define CLI_JOBS_MAX	256
#define CLI_JOBS_BEFORE 0
#define CLI_JOBS_EMPTY	1
#define CLI_JOBS_RECORD 2
struct cli_jobs;
bool		 cli_jobs_option(const char *arg, unsigned long *n);
struct cli_jobs *cli_jobs_start(
    unsigned long n, char *const *files, int nfiles, unsigned long *k);
bool cli_jobs_take(const struct cli_jobs *, uint64_t *seq);
/* Whether record seq will be this worker's (nothing numbered). */
bool cli_jobs_mine(const struct cli_jobs *, uint64_t seq);
/*
 * A task's (--shard) and a worker's (-j) records together: whether the
 * next record will be both's, and numbering it, whether it is.
 */
bool cli_record_mine(
    const struct cli_shard *, const struct cli_jobs *, uint64_t seq);
bool
cli_record_take(struct cli_shard *, const struct cli_jobs *, uint64_t *seq);
/* Whether this is the first worker (or no worker): it does what is once. */
bool cli_jobs_first(const struct cli_jobs *);
void cli_jobs_mark(struct cli_jobs *, uint64_t seq, unsigned sub);
void cli_jobs_exit(struct cli_jobs *, const void *result, size_t len)
    __attribute__((noreturn));
int  cli_jobs_finish(struct cli_jobs *, FILE *out,
     int (*result)(void *arg, unsigned long k, char *buf, size_t len),
     void *arg);
void cli_jobs_free(struct cli_jobs *);

/*
 * An output file written whole or not at all (replace.c).  The data goes
 * to a hidden temporary file beside the target, .NAME.PROG-XXXXXX (NAME
 * cut short where the whole would pass NAME_MAX), created as open(2)
 * would create NAME (mode 0666 less the umask) or, when it replaces a
 * file, with that file's mode, group and (where allowed) owner: a file
 * whose group cannot be kept is refused (cli_output_open fails);
 * cli_output_commit flushes it to disk and renames it over NAME, so
 * readers see the old file or the new one, never a part of it.
 *
 * A symbolic link at path is followed to the file it names, which is the
 * one replaced: the link stays.  A path naming something other than a
 * regular file or nothing (a FIFO, /dev/null, a terminal) is written
 * directly.  An existing file is replaced only if the invoking user may
 * write it (access(2) with the effective ids), even where the directory
 * is writable.  The temporary file is removed on every failure, at
 * exit(3), and on SIGINT, SIGTERM and SIGHUP (before the signal goes on
 * to the handler that was there); only SIGKILL or a crash leave one, and
 * the old file with it.  SIGXFSZ is ignored while a temporary file is
 * open, so that the file size limit fails a write (EFBIG) instead.
 */
enum cli_output_flags {
	/* Fail (EEXIST) where path exists, even as a dangling link. */
	CLI_OUTPUT_EXCL = 1,
	/* Never follow a link at path: the link itself is replaced. */
	CLI_OUTPUT_NOFOLLOW = 2,
};

struct cli_output {
	FILE	   *fp;	  /* where to write */
	const char *name; /* in messages: the path, or "stdout" */
	/* Private. */
	char		  *path; /* the file replaced, links resolved */
	char		  *tmp;	 /* NULL: fp writes to path or stdout */
	int		   flags;
	struct cli_output *next; /* in the list a signal cleans up */
};

/*
 * Opens out for writing path (borrowed: it must outlive out), or standard
 * output when path is NULL, with flags from enum cli_output_flags.
 * Returns 0, or -1 after saying why (out is clean).
 */
int cli_output_open(struct cli_output *out, const char *path, int flags);
/*
 * Completes out: flushes it and puts the new file in place.  Returns
 * true, or false after saying why (the old file stays).  Cleans out.
 */
bool cli_output_commit(struct cli_output *out);
/*
 * Gives out up: the temporary file is removed and the old file stays
 * (standard output is only flushed).  Safe on a clean out.
 */
void cli_output_abort(struct cli_output *out);

/*
 * An output must not be one of the inputs: true if output path (NULL:
 * standard output) is none of the n inputs ("-": standard input),
 * compared by device and inode; else false after saying which.  Only an
 * output that is a regular file counts: two names for /dev/null do not
 * clash.  Called before any input is read.
 */
bool cli_output_distinct(const char *path, const char *const *inputs, int n);

/*
 * Two outputs must not be one file (replaced twice, the first is lost):
 * true if output path and output other (NULL: standard output) are not
 * the same regular file, whether it exists yet or not; else false after
 * saying so.  Called before any input is read.
 */
bool cli_output_apart(const char *path, const char *other);

/*
 * Reads a whole file ("-": standard input) into *text, NUL terminated
 * (the caller frees it), its length in *len; a compressed one is
 * decompressed (cli_decompress).  Returns 0, or -1 (errno: tell it with
 * cli_read_error).
 */
int cli_read_file(const char *path, char **text, size_t *len);

/*
 * A file held for a read-modify-write cycle (replace.c).  path is
 * resolved as cli_output_open resolves it, so a symbolic link is kept and
 * its target replaced.  A file that is not regular (a FIFO would block, a
 * device is not a record), that has other hard links (a rename would
 * leave them with the old contents) or that the invoking user may not
 * write is refused.  The lock is an exclusive flock(2) on the file
 * itself, taken after opening it and kept until cli_locked_close; a lock
 * won on a file that another writer has meanwhile replaced is dropped and
 * taken again on the new one.  The new contents go through
 * cli_locked_output, a cli_output for the file locked, whose temporary
 * file is named for the inode locked, .NAME.PROG-INO-XXXXXX.  Such a file
 * left by a crash (a regular file of ours) is removed by the next
 * cli_locked_open of the file, unless NAME had to be cut short.
 */
struct cli_locked {
	const char *name; /* as given, for messages */
	char	   *path; /* links resolved */
	char	   *dir;
	char	   *base;
	int	    fd;	  /* holds the lock */
	struct stat st;	  /* of the file locked */
	char	   *text; /* its contents, NUL terminated */
	size_t	    len;
};

/*
 * Opens, locks and reads path (borrowed: it must outlive lf).  Returns 0,
 * or -1 after saying why (lf is clean).
 */
int cli_locked_open(struct cli_locked *lf, const char *path);
/*
 * Opens out to replace the file locked (cli_output_open; commit or abort
 * it before cli_locked_close).  Returns 0, or -1 after saying why.
 */
int cli_locked_output(struct cli_locked *lf, struct cli_output *out);
/* Releases the lock and frees; safe on a cleaned lf. */
void cli_locked_close(struct cli_locked *lf);

/*
 * Progress on stderr, only when it is a terminal: "PROG: N records (R/s)"
 * at most a few times a second, cleared by cli_progress_done (and by
 * every message of cli_error and cli_diag).
 */
void cli_progress(unsigned long records);
/*
 * The same for work of a known size, from done = 0 at the start:
 * "PROG: D/T UNIT (R/s, ETA 1:05)", the rate and the time left once
 * something is done.  A line that was cleared is drawn again at once.
 */
void cli_progress_of(unsigned long done, unsigned long total, const char *unit);
void cli_progress_done(void);

#endif
