/* SPDX-License-Identifier: MIT */
/*
 * gameplay match --log FILE (proto.h, struct match_log): every line the
 * referee writes to a program or reads from it, a line of the log each,
 * "TIME<TAB>GAME<TAB>ENGINE<TAB>DIR<TAB>LINE" (gameplay(1), "Engines"),
 * as engine.c's tap hands them over.  The file is appended to, never
 * truncated nor reached through a symbolic link, created 0600 (a program
 * may print what it knows of its machine), and each line goes in one
 * write(2) in O_APPEND, so that the referees of -j write whole lines side
 * by side.  What a failed write costs the match is the runner's.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "match/runner.h"
#include "util/util.h"

void
match_log_init(struct match_log *l)
{
	l->fd = -1;
	l->path = NULL;
	l->err = 0;
	l->said = false;
}

int
match_log_open(struct match_log *l, const char *path)
{
	struct stat st;
	int	    fd, fl;

	l->path = path;
	/* O_NONBLOCK: a FIFO with no reader must not hang the open. */
	fd = open(path,
	    O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC |
		O_NONBLOCK,
	    0600);
	if (fd == -1 || fstat(fd, &st) == -1 ||
	    (fl = fcntl(fd, F_GETFL)) == -1 ||
	    fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) == -1) {
		cli_error("match: --log: %s: %s", path,
		    errno == ELOOP ? "a symbolic link, not followed" :
				     strerror(errno));
		if (fd != -1)
			close(fd);
		return -1;
	}
	l->fd = fd;
	return 0;
}

/* The time now, UTC, to the millisecond: 2026-12-02T12:55:01.123Z. */
static void
log_time(char *buf, size_t cap)
{
	struct timespec ts;
	struct tm	tm;
	char		day[32];

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(day, sizeof day, "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(buf, cap, "%s.%03ldZ", day, ts.tv_nsec / 1000000);
}

/* Writes the log line of one line of text (len bytes, no newline). */
static void
log_line(struct match_side *sd, int dir, const char *text, size_t len)
{
	struct match_log *l = sd->log;
	char		  when[48], *line = NULL, *who = NULL, *what = NULL;
	size_t		  cap = len * 4 + 8;
	int		  n;

	if (l->err != 0)
		return;
	if ((what = malloc(cap)) == NULL ||
	    (who = util_printable_dup(
		 sd->given != NULL ? sd->given : sd->e.cmd)) == NULL) {
		l->err = errno;
		goto out_free;
	}
	/* Never cut: every byte takes four at most. */
	util_printable(text, len, what, cap);
	log_time(when, sizeof when);
	cap = strlen(when) + strlen(who) + strlen(what) + 32;
	if ((line = malloc(cap)) == NULL) {
		l->err = errno;
		goto out_free;
	}
	n = snprintf(
	    line, cap, "%s\t%lu\t%s\t%c\t%s\n", when, sd->game, who, dir, what);
	errno = 0;
	if (write(l->fd, line, (size_t)n) != n)
		l->err = errno != 0 ? errno : EIO;
out_free:
	free(line);
	free(who);
	free(what);
}

void
match_log_tap(void *arg, int dir, const char *text, size_t len)
{
	const char *nl;

	/* What is sent may be several lines, each with its newline. */
	while (len > 0) {
		nl = memchr(text, '\n', len);
		if (nl == NULL) {
			log_line(arg, dir, text, len);
			return;
		}
		log_line(arg, dir, text, (size_t)(nl - text));
		len -= (size_t)(nl + 1 - text);
		text = nl + 1;
	}
}

int
match_log_close(struct match_log *l)
{
	int rc = 0;

	if (l->fd == -1)
		return l->err != 0 ? -1 : 0;
	if (l->err == 0 && fsync(l->fd) == -1 && errno != EINVAL &&
	    errno != EROFS)
		l->err = errno;
	if (close(l->fd) == -1 && l->err == 0)
		l->err = errno;
	l->fd = -1;
	if (l->err != 0)
		rc = -1;
	if (l->err != 0 && !l->said) {
		l->said = true;
		cli_error("match: --log: %s: %s", l->path, strerror(l->err));
	}
	return rc;
}
