/* SPDX-License-Identifier: MIT */
/*
 * Where gamestat --plot writes its charts (charts.h): the directory,
 * made if need be, opened without following a link and refused unless it
 * is ours, a path for each chart that is none of the inputs and not the
 * summary, and the set of charts put in place whole: written into a
 * fresh directory beside it and swapped in by one rename.  Drawing the
 * charts is src/stat's.
 */
#define _GNU_SOURCE /* renameat2 and RENAME_EXCHANGE, where there are */

#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/base.h"
#include "cli/charts.h"
#include "cli/output.h"
#include "stat/stat.h"
#include "util/util.h"

/* The most of the program's name in a fresh directory's name. */
#define FRESH_PROG 16

/* DIR/NAME for a chart: a new string, or NULL after saying so. */
static char *
chart_path(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char  *p;

	if ((p = malloc(n)) == NULL)
		cli_error("out of memory");
	else
		snprintf(p, n, "%s/%s", dir, name);
	return p;
}

bool
cli_charts_paths(const char *dir, const char *output, char *const *files,
    int nfiles, char **paths)
{
	int i;

	for (i = 0; i < STAT_CHARTS; i++) {
		if ((paths[i] = chart_path(dir, stat_chart_name(i))) == NULL)
			return false;
		if (!cli_output_distinct(
			paths[i], (const char *const *)files, nfiles) ||
		    !cli_output_apart(output, paths[i]))
			return false;
	}
	return true;
}

/*
 * The prefix of the fresh directories of dir's charts, ".BASE.PROG-",
 * into buf; false if it does not fit.
 */
static bool
fresh_prefix(const char *base, char *buf, size_t cap)
{
	int n;

	n = snprintf(buf, cap, ".%s.%.*s-", base, FRESH_PROG, cli_progname());
	return n > 0 && (size_t)n + 32 < cap;
}

/*
 * Calls fn(fd, name, arg) for each entry of the directory fd but "." and
 * "..", then closes fd (taken, whatever happens).
 */
static void
each_entry(int fd, void (*fn)(int, const char *, void *), void *arg)
{
	struct dirent *de;
	DIR	      *d;

	if ((d = fdopendir(fd)) == NULL) {
		close(fd);
		return;
	}
	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0)
			fn(fd, de->d_name, arg);
	closedir(d);
}

static void
unlink_entry(int fd, const char *name, void *arg)
{
	(void)arg;
	(void)unlinkat(fd, name, 0);
}

/* Empties the directory fd (ours, opened without following) and closes it. */
static void
empty_dir(int fd)
{
	each_entry(fd, unlink_entry, NULL);
}

/* Removes the fresh directory name in parent, whatever it holds of ours. */
static void
remove_fresh(int parent, const char *name)
{
	struct stat st;
	int	    fd;

	fd = openat(
	    parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd == -1)
		return;
	if (fstat(fd, &st) == 0 && st.st_uid == geteuid())
		empty_dir(fd);
	else
		close(fd);
	(void)unlinkat(parent, name, AT_REMOVEDIR);
}

/*
 * Removes the fresh directories that runs killed before their swap left
 * beside base: a directory of ours named .BASE.PROG-PID-XXXXXX whose PID
 * is no longer a process.  A live PID is left alone, though it may be
 * another process by now: a few bytes kept are better than another
 * run's charts lost.
 */
static void
remove_stale(int parent, const char *base)
{
	struct dirent *de;
	struct stat    st;
	char	       prefix[512], *end;
	size_t	       n;
	long	       pid;
	DIR	      *d;
	int	       fd;

	if (!fresh_prefix(base, prefix, sizeof prefix))
		return;
	n = strlen(prefix);
	if ((fd = dup(parent)) == -1)
		return;
	if ((d = fdopendir(fd)) == NULL) {
		close(fd);
		return;
	}
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, prefix, n) != 0)
			continue;
		errno = 0;
		pid = strtol(de->d_name + n, &end, 10);
		if (errno != 0 || pid <= 0 || *end != '-' ||
		    strlen(end + 1) != 6)
			continue;
		if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		if (fstatat(parent, de->d_name, &st, AT_SYMLINK_NOFOLLOW) ==
			0 &&
		    S_ISDIR(st.st_mode) && st.st_uid == geteuid())
			remove_fresh(parent, de->d_name);
	}
	closedir(d);
}

/* Makes the fresh directory for the new set; -1 (errno) if it cannot. */
static int
make_fresh(struct cli_charts *ch)
{
	static const char set[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	char		  prefix[512];
	struct timespec	  ts;
	uint32_t	  r;
	int		  tries, i;
	size_t		  n;

	if (!fresh_prefix(ch->base, prefix, sizeof prefix)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	n = strlen(prefix) + 32;
	if ((ch->fresh = malloc(n)) == NULL)
		return -1;
	clock_gettime(CLOCK_REALTIME, &ts);
	r = (uint32_t)ts.tv_nsec ^ ((uint32_t)getpid() << 16);
	for (tries = 0; tries < 100; tries++) {
		char tail[7];

		for (i = 0; i < 6; i++) {
			r = r * 1103515245u + 12345u;
			tail[i] = set[(r >> 16) % (sizeof set - 1)];
		}
		tail[6] = '\0';
		snprintf(
		    ch->fresh, n, "%s%ld-%s", prefix, (long)getpid(), tail);
		if (mkdirat(ch->parent, ch->fresh, 0700) == 0)
			break;
		if (errno != EEXIST)
			goto out_free;
	}
	if (tries == 100)
		goto out_free;
	ch->freshfd = openat(ch->parent, ch->fresh,
	    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (ch->freshfd == -1) {
		(void)unlinkat(ch->parent, ch->fresh, AT_REMOVEDIR);
		goto out_free;
	}
	return 0;

out_free:
	free(ch->fresh);
	ch->fresh = NULL;
	return -1;
}

/* Frees what ch holds; the directories stay as they are. */
static void
charts_clean(struct cli_charts *ch)
{
	if (ch->parent != -1)
		close(ch->parent);
	if (ch->dir != -1)
		close(ch->dir);
	if (ch->freshfd != -1)
		close(ch->freshfd);
	free(ch->base);
	free(ch->fresh);
	ch->parent = ch->dir = ch->freshfd = -1;
	ch->base = ch->fresh = NULL;
}

int
cli_charts_open(struct cli_charts *ch, const char *dir)
{
	struct stat st;
	char	   *a = NULL, *b = NULL, *pshow;
	const char *why;

	ch->name = dir;
	ch->parent = ch->dir = ch->freshfd = -1;
	ch->base = ch->fresh = NULL;
	if ((a = strdup(dir)) == NULL || (b = strdup(dir)) == NULL ||
	    (ch->base = strdup(basename(b))) == NULL) {
		cli_error("out of memory");
		goto out_fail;
	}
	ch->parent = open(dirname(a), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (ch->parent == -1 ||
	    (mkdirat(ch->parent, ch->base, 0777) == -1 && errno != EEXIST))
		goto out_errno;
	/* A link at dir itself is never followed (ELOOP, or ENOTDIR). */
	ch->dir = openat(ch->parent, ch->base,
	    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (ch->dir == -1 && (errno == ELOOP || errno == ENOTDIR) &&
	    fstatat(ch->parent, ch->base, &st, AT_SYMLINK_NOFOLLOW) == 0) {
		why = S_ISLNK(st.st_mode) ? "a symbolic link" :
					    "not a directory";
		goto out_refuse;
	}
	if (ch->dir == -1 || fstat(ch->dir, &st) == -1)
		goto out_errno;
	ch->mode = st.st_mode & 07777;
	if (st.st_uid != geteuid()) {
		why = "owned by another user";
		goto out_refuse;
	}
	remove_stale(ch->parent, ch->base);
	if (make_fresh(ch) == -1) {
		pshow = util_printable_dup(dir);
		cli_error("%s: cannot make a directory beside it: %s",
		    pshow != NULL ? pshow : dir, strerror(errno));
		free(pshow);
		goto out_fail;
	}
	free(a);
	free(b);
	return 0;

out_errno:
	why = strerror(errno);
	pshow = util_printable_dup(dir);
	cli_error("%s: %s", pshow != NULL ? pshow : dir, why);
	free(pshow);
	goto out_fail;
out_refuse:
	pshow = util_printable_dup(dir);
	cli_error("%s: %s: refusing to write charts into it",
	    pshow != NULL ? pshow : dir, why);
	free(pshow);
out_fail:
	free(a);
	free(b);
	charts_clean(ch);
	return -1;
}

FILE *
cli_charts_file(struct cli_charts *ch, int i)
{
	struct stat st;
	FILE	   *f;
	int	    fd;

	/* What stands where a chart goes and is no file is not replaced. */
	if (fstatat(ch->dir, stat_chart_name(i), &st, AT_SYMLINK_NOFOLLOW) ==
		0 &&
	    !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
		errno = S_ISDIR(st.st_mode) ? EISDIR : EEXIST;
		return NULL;
	}
	fd = openat(ch->freshfd, stat_chart_name(i),
	    O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (fd == -1)
		return NULL;
	if ((f = fdopen(fd, "w")) == NULL)
		close(fd);
	return f;
}

bool
cli_charts_close(FILE *f)
{
	int err = 0;

	errno = 0;
	if (fflush(f) == EOF || ferror(f))
		err = errno != 0 ? errno : EIO;
	if (err == 0 && fsync(fileno(f)) == -1)
		err = errno;
	if (fclose(f) == EOF && err == 0)
		err = errno;
	errno = err;
	return err == 0;
}

/* Is a chart's name: the entries of the old set that are not moved back. */
static bool
is_chart(const char *name)
{
	int i;

	for (i = 0; i < STAT_CHARTS; i++)
		if (strcmp(name, stat_chart_name(i)) == 0)
			return true;
	return false;
}

/*
 * After the swap the old directory is at the fresh name, holding the old
 * charts and whatever else was in dir: the rest goes back beside the new
 * charts, the old charts go, and so does the directory.
 */
static void
retire_entry(int old, const char *name, void *arg)
{
	struct cli_charts *ch = arg;

	if (is_chart(name))
		(void)unlinkat(old, name, 0);
	else if (renameat(old, name, ch->freshfd, name) == -1)
		cli_error("%s: cannot move back %s: %s", ch->fresh, name,
		    strerror(errno));
}

static void
retire_old(struct cli_charts *ch, int old)
{
	int fd;

	if ((fd = dup(old)) == -1)
		return;
	each_entry(fd, retire_entry, ch);
	(void)unlinkat(ch->parent, ch->fresh, AT_REMOVEDIR);
}

/*
 * Where a file system cannot swap two names, the charts are moved into
 * dir one by one, each whole (renameat), and the fresh directory goes.
 */
static int
move_each(struct cli_charts *ch)
{
	int i;

	/* A chart this run did not write (--figures') goes from dir too. */
	for (i = 0; i < STAT_CHARTS; i++)
		if (renameat(ch->freshfd, stat_chart_name(i), ch->dir,
			stat_chart_name(i)) == -1) {
			if (errno != ENOENT)
				return -1;
			(void)unlinkat(ch->dir, stat_chart_name(i), 0);
		}
	(void)fsync(ch->dir);
	(void)unlinkat(ch->parent, ch->fresh, AT_REMOVEDIR);
	return 0;
}

bool
cli_charts_commit(struct cli_charts *ch)
{
	struct stat a, b;
	int	    rc = -1;
	char	   *pshow;

	/*
	 * A testing hook, on purpose undocumented outside the tests: die
	 * where a crash would leave the new set written but not swapped in.
	 */
	if (getenv("ARBITER_TEST_DIE_AFTER_CHART") != NULL)
		_exit(CLI_INTERNAL);
	if (fchmod(ch->freshfd, ch->mode) == -1 || fsync(ch->freshfd) == -1)
		goto out_fail;
	/* dir is still the directory checked, not something put there. */
	if (fstat(ch->dir, &a) == -1 ||
	    fstatat(ch->parent, ch->base, &b, AT_SYMLINK_NOFOLLOW) == -1)
		goto out_fail;
	if (a.st_dev != b.st_dev || a.st_ino != b.st_ino) {
		errno = EBUSY;
		goto out_fail;
	}
#ifdef RENAME_EXCHANGE
	rc = renameat2(
	    ch->parent, ch->fresh, ch->parent, ch->base, RENAME_EXCHANGE);
	if (rc == 0) {
		(void)fsync(ch->parent);
		retire_old(ch, ch->dir);
		(void)fsync(ch->freshfd);
		charts_clean(ch);
		return true;
	}
	/*
	 * No swap here: a file system without it (EINVAL, ENOTSUP), an old
	 * kernel (ENOSYS), or a dir that cannot be renamed (EBUSY: ".", a
	 * mount point).
	 */
	if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP &&
	    errno != EBUSY)
		goto out_fail;
#endif
	rc = move_each(ch);
	if (rc == 0) {
		charts_clean(ch);
		return true;
	}

out_fail:
	pshow = util_printable_dup(ch->name);
	cli_error("%s: cannot put the charts in place: %s",
	    pshow != NULL ? pshow : ch->name, strerror(errno));
	free(pshow);
	cli_charts_abort(ch);
	return false;
}

void
cli_charts_abort(struct cli_charts *ch)
{
	if (ch->fresh != NULL && ch->parent != -1)
		remove_fresh(ch->parent, ch->fresh);
	charts_clean(ch);
}
