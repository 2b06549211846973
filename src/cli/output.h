/* SPDX-License-Identifier: MIT */
/*
 * The outputs (replace.c): a file replaced whole or not at all, checked
 * against the inputs and the other outputs, and a file held locked for a
 * read-modify-write cycle.
 */
#ifndef ARBITER_CLI_OUTPUT_H
#define ARBITER_CLI_OUTPUT_H

#include <sys/stat.h>
#include <sys/types.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * An output file written whole or not at all (replace.c).  The data goes
 * to a hidden temporary file beside the target, .NAME.PROG-pPID-XXXXXX
 * (NAME cut short where the whole would pass NAME_MAX), created as open(2)
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
 * the old file with it.  Such a file is removed by the next
 * cli_output_open of the same path: a writer holds an exclusive flock(2)
 * on its temporary file while it lives, and one that nobody holds is a
 * dead writer's (unless NAME had to be cut short).  SIGXFSZ is ignored while a temporary file is
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
	char		  *path;   /* the file replaced, links resolved */
	char		  *tmp;	   /* NULL: fp writes to path or stdout */
	int		   lockfd; /* holds tmp (flock) while tmp is not NULL */
	int		   flags;
	pid_t		   owner; /* the process that made tmp */
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

#endif
