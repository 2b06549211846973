/* SPDX-License-Identifier: MIT */
/*
 * -j, --jobs N (gamecheck, gamestat): N worker processes, each reading
 * every input and doing every N-th record, and a parent that puts their
 * output back in input order, so that the run prints byte for byte what
 * one process prints.  A worker's standard output and standard error go
 * to temporary files of its own, cut into frames at the points the tool
 * marks (a record's output, what came before it); the parent writes the
 * frames of all workers sorted by where they were marked.  What a worker
 * did (its totals, its partial summary) comes back as a result of bytes.
 * What a record is, and what the bytes mean, is the tool's.
 */
/*
 * fopencookie(3), and stdout and stderr assignable (glibc documents them
 * as variables): a worker's streams count what they write.
 */
#define _GNU_SOURCE
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/base.h"
#include "cli/jobs.h"
#include "util/util.h"

/* Where a frame ends in its worker's two files, and where it goes. */
struct frame {
	uint64_t seq;
	uint64_t sub;
	uint64_t out_end;
	uint64_t err_end;
};

/* What the parent has read of one of a worker's files. */
struct window {
	char	*buf;
	uint64_t base; /* where buf[0] is in the file */
	size_t	 len;
};

/* The files of one worker: output, errors, frames, result. */
enum {
	F_OUT,
	F_ERR,
	F_INDEX,
	F_RESULT,
	F_FILES
};

struct worker {
	pid_t	      pid;
	int	      fd[F_FILES];
	int	      stdin_fd; /* its own reading of standard input's copy */
	struct frame *frame;
	size_t	      nframes;
	size_t	      at;     /* the next frame to write */
	uint64_t      out_at; /* where the next frame starts */
	uint64_t      err_at;
	struct window win[2]; /* of the output and the errors */
};

/*
 * A worker's standard output or error: an unbuffered stream whose bytes
 * are counted here on their way to the worker's file, so that marking
 * where a frame ends asks the kernel nothing (an lseek(2) a record, and
 * a flush, cost more than a record's checking with -q).
 */
struct sink {
	int	 fd;
	uint64_t count; /* bytes written to the stream */
	size_t	 len;	/* of them, held in buf */
	char	 buf[65536];
};

struct cli_jobs {
	unsigned long  n;
	unsigned long  k; /* this worker; n in the parent */
	struct worker *w;
	FILE	      *index; /* a worker's frames */
	struct frame   last;
	struct sink    sink[2]; /* a worker's output and errors */
	int	       waited;	/* 0: not yet; 1: all exited 0; -1: not */
};

/* An unlinked temporary file: its descriptor, or -1 (errno). */
static int
temp_file(char **keep)
{
	const char *dir = getenv("TMPDIR");
	char	   *path;
	size_t	    n;
	int	    fd, e;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	n = strlen(dir) + sizeof "/arbiter-jobs.XXXXXX";
	if ((path = malloc(n)) == NULL)
		return -1;
	snprintf(path, n, "%s/arbiter-jobs.XXXXXX", dir);
	if ((fd = mkstemp(path)) == -1) {
		e = errno;
		free(path);
		errno = e;
		return -1;
	}
	if (keep != NULL)
		*keep = path;
	else {
		unlink(path);
		free(path);
	}
	return fd;
}

/*
 * Copies standard input into a file that each worker reads through a
 * descriptor of its own (its own offset), opened before anything is
 * copied; the file is unlinked at once, so that a run killed however it
 * dies (SIGKILL too) leaves no copy of its input in $TMPDIR.
 */
static int
copy_stdin(struct cli_jobs *j)
{
	char	      buf[65536], *path;
	ssize_t	      n, m, off;
	unsigned long i;
	int	      fd, e;

	if ((fd = temp_file(&path)) == -1)
		return -1;
	for (i = 0; i < j->n; i++)
		if ((j->w[i].stdin_fd = open(path, O_RDONLY | O_CLOEXEC)) ==
		    -1) {
			e = errno;
			unlink(path);
			free(path);
			errno = e;
			goto out_fail;
		}
	unlink(path);
	free(path);
	for (;;) {
		if ((n = read(STDIN_FILENO, buf, sizeof buf)) == 0)
			break;
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			goto out_fail;
		for (off = 0; off < n; off += m)
			if ((m = write(fd, buf + off, (size_t)(n - off))) == -1)
				goto out_fail;
	}
	close(fd);
	return 0;

out_fail:
	close(fd);
	return -1;
}

/* Writes out what a sink holds: 0, or -1 (errno). */
static int
sink_flush(struct sink *s)
{
	ssize_t m;
	size_t	off;

	for (off = 0; off < s->len; off += (size_t)m)
		if ((m = write(s->fd, s->buf + off, s->len - off)) == -1) {
			if (errno == EINTR) {
				m = 0;
				continue;
			}
			return -1;
		}
	s->len = 0;
	return 0;
}

static ssize_t
sink_write(void *cookie, const char *p, size_t n)
{
	struct sink *s = cookie;
	size_t	     k, left = n;

	while (left > 0) {
		if (s->len == sizeof s->buf && sink_flush(s) == -1)
			return -1;
		k = sizeof s->buf - s->len;
		if (k > left)
			k = left;
		memcpy(s->buf + s->len, p, k);
		s->len += k;
		p += k;
		left -= k;
	}
	s->count += n;
	return (ssize_t)n;
}

/* A stream on sink s, writing to fd: NULL on failure. */
static FILE *
sink_open(struct sink *s, int fd)
{
	static const cookie_io_functions_t io = { .write = sink_write };
	FILE				  *f;

	s->fd = fd;
	s->count = 0;
	s->len = 0;
	if ((f = fopencookie(s, "w", io)) == NULL)
		return NULL;
	/* The sink buffers: what the stream is given is counted at once. */
	if (setvbuf(f, NULL, _IONBF, 0) != 0) {
		fclose(f);
		return NULL;
	}
	return f;
}

static void
worker_start(struct cli_jobs *j, unsigned long k)
{
	static const int caught[] = { SIGHUP, SIGINT, SIGTERM };
	unsigned long	 i;
	FILE		*out, *err;
	int		 f;

	/* Only the parent's outputs are anybody's to clean up. */
	for (i = 0; i < sizeof caught / sizeof caught[0]; i++)
		signal(caught[i], SIG_DFL);
	for (i = 0; i < j->n; i++)
		for (f = 0; f < F_FILES && i != k; f++)
			close(j->w[i].fd[f]);
	if (j->w[k].stdin_fd != -1 &&
	    dup2(j->w[k].stdin_fd, STDIN_FILENO) == -1)
		_exit(CLI_INTERNAL);
	for (i = 0; i < j->n; i++)
		if (j->w[i].stdin_fd != -1) {
			close(j->w[i].stdin_fd);
			j->w[i].stdin_fd = -1;
		}
	fflush(stdout);
	/*
	 * The descriptors too, so that a worker's standard error is no
	 * terminal (no progress, no colour) and a stray write lands in its
	 * file; but what is framed goes through the sinks.
	 */
	if (dup2(j->w[k].fd[F_OUT], STDOUT_FILENO) == -1 ||
	    dup2(j->w[k].fd[F_ERR], STDERR_FILENO) == -1 ||
	    (j->index = fdopen(j->w[k].fd[F_INDEX], "w")) == NULL ||
	    (out = sink_open(&j->sink[0], STDOUT_FILENO)) == NULL ||
	    (err = sink_open(&j->sink[1], STDERR_FILENO)) == NULL)
		_exit(CLI_INTERNAL);
	stdout = out;
	stderr = err;
	j->k = k;
	/*
	 * A testing hook: a worker that waits, stopped, before its first
	 * record, so that tests/jobs.sh kills one that is surely at work.
	 */
	if (getenv("ARBITER_TEST_STOP_WORKER") != NULL)
		raise(SIGSTOP);
}

/*
 * Every worker reads every input: a pipe or a device would be shared
 * out among them instead (standard input is copied for them).
 */
static bool
inputs_rereadable(char *const *files, int nfiles, bool *reads_stdin)
{
	struct stat st;
	int	    i;

	*reads_stdin = false;
	for (i = 0; i < nfiles; i++) {
		if (strcmp(files[i], "-") == 0)
			*reads_stdin = true;
		else if (stat(files[i], &st) == 0 && !S_ISREG(st.st_mode)) {
			cli_error("%s: not a regular file: -j reads each input "
				  "once in every worker (give it as - instead)",
			    files[i]);
			return false;
		}
	}
	return true;
}

struct cli_jobs *
cli_jobs_start(
    unsigned long n, char *const *files, int nfiles, unsigned long *k)
{
	struct cli_jobs *j;
	unsigned long	 i;
	pid_t		 pid;
	bool		 reads_stdin;
	int		 f;

	if (!inputs_rereadable(files, nfiles, &reads_stdin))
		return NULL;
	if ((j = calloc(1, sizeof *j)) == NULL ||
	    (j->w = calloc(n, sizeof *j->w)) == NULL) {
		free(j);
		cli_error("out of memory");
		return NULL;
	}
	j->n = j->k = n;
	for (i = 0; i < n; i++) {
		for (f = 0; f < F_FILES; f++)
			j->w[i].fd[f] = -1;
		j->w[i].stdin_fd = -1;
	}
	if (reads_stdin && copy_stdin(j) == -1)
		goto out_fail;
	for (i = 0; i < n; i++)
		for (f = 0; f < F_FILES; f++)
			if ((j->w[i].fd[f] = temp_file(NULL)) == -1)
				goto out_fail;
	fflush(stdout);
	fflush(stderr);
	for (i = 0; i < n; i++) {
		if ((pid = fork()) == -1)
			goto out_fail;
		if (pid == 0) {
			worker_start(j, i);
			*k = i;
			return j;
		}
		j->w[i].pid = pid;
	}
	*k = n;
	return j;

out_fail:
	cli_error("-j: %s", strerror(errno));
	for (i = 0; i < n; i++)
		if (j->w[i].pid > 0)
			kill(j->w[i].pid, SIGKILL);
	cli_jobs_free(j);
	return NULL;
}

bool
cli_jobs_option(const char *arg, unsigned long *n)
{
	if (!cli_parse_count(arg, n) || *n == 0 || *n > CLI_JOBS_MAX) {
		cli_error("-j takes a number of jobs, 1 to %d, not '%s'",
		    CLI_JOBS_MAX, arg);
		return false;
	}
	return true;
}

bool
cli_jobs_mine(const struct cli_jobs *j, uint64_t seq)
{
	return j == NULL || j->k == j->n || seq % j->n == j->k;
}

bool
cli_jobs_take(const struct cli_jobs *j, uint64_t *seq)
{
	return cli_jobs_mine(j, (*seq)++);
}

bool
cli_jobs_first(const struct cli_jobs *j)
{
	return j == NULL || j->k == 0 || j->k == j->n;
}

void
cli_jobs_mark(struct cli_jobs *j, uint64_t seq, unsigned sub)
{
	struct frame fr;
	uint64_t     out, err;

	if (j == NULL || j->k == j->n)
		return;
	out = j->sink[0].count;
	err = j->sink[1].count;
	/* An empty frame says nothing. */
	if (out == j->last.out_end && err == j->last.err_end)
		return;
	fr = (struct frame){ seq, sub, out, err };
	if (fwrite(&fr, sizeof fr, 1, j->index) != 1)
		_exit(CLI_INTERNAL);
	j->last = fr;
}

void
cli_jobs_exit(struct cli_jobs *j, const void *result, size_t len)
{
	const char *p = result;
	ssize_t	    m;
	size_t	    off;

	cli_jobs_mark(j, UINT64_MAX, 0);
	if (fflush(stdout) == EOF || fflush(stderr) == EOF ||
	    sink_flush(&j->sink[0]) == -1 || sink_flush(&j->sink[1]) == -1 ||
	    fflush(j->index) == EOF)
		_exit(CLI_INTERNAL);
	for (off = 0; off < len; off += (size_t)m)
		if ((m = write(j->w[j->k].fd[F_RESULT], p + off, len - off)) ==
		    -1)
			_exit(CLI_INTERNAL);
	/* No exit(3): the parent's atexit handlers are not ours. */
	_exit(0);
}

/* Reads a whole file from its start: a new buffer (NUL added), or NULL. */
static char *
slurp_fd(int fd, size_t *len)
{
	struct buf b;

	buf_init(&b);
	if (lseek(fd, 0, SEEK_SET) == -1 || buf_read_fd(&b, fd) == -1) {
		buf_fini(&b);
		return NULL;
	}
	*len = b.len;
	return b.s;
}

/* Whether every worker exited 0; says which did not. */
static bool
wait_all(struct cli_jobs *j)
{
	unsigned long i;
	bool	      ok = true;
	int	      st;

	if (j->waited != 0)
		return j->waited == 1;
	for (i = 0; i < j->n; i++) {
		while (waitpid(j->w[i].pid, &st, 0) == -1)
			if (errno != EINTR) {
				st = -1;
				break;
			}
		j->w[i].pid = 0;
		if (st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0)
			continue;
		if (st != -1 && WIFSIGNALED(st))
			cli_error("-j: worker %lu of %lu killed by signal %d: "
				  "no output",
			    i + 1, j->n, WTERMSIG(st));
		else
			cli_error("-j: worker %lu of %lu failed (exit %d): no "
				  "output",
			    i + 1, j->n,
			    st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1);
		ok = false;
	}
	j->waited = ok ? 1 : -1;
	return ok;
}

int
cli_jobs_any(struct cli_jobs *j, bool (*pred)(const char *buf, size_t len))
{
	unsigned long i;
	char	     *buf;
	size_t	      len;
	bool	      yes;

	if (!wait_all(j))
		return -1;
	for (i = 0; i < j->n; i++) {
		if ((buf = slurp_fd(j->w[i].fd[F_RESULT], &len)) == NULL) {
			cli_error("-j: %s", strerror(errno));
			return -1;
		}
		yes = pred(buf, len);
		free(buf);
		if (yes)
			return 1;
	}
	return 0;
}

/*
 * Frames are a few hundred bytes (a record's report): a system call for
 * each, to read or to write, would cost the parent more than the rest of
 * the merge.  So it reads each worker's files through a window of them,
 * and writes through a stage of its own.
 */
#define JOBS_WINDOW (256 * 1024)
#define JOBS_STAGE  (1024 * 1024)

/* Bytes on their way to an output. */
struct stage {
	FILE  *f;
	char  *buf;
	size_t len;
};

static int
stage_flush(struct stage *st)
{
	if (st->len > 0 && fwrite(st->buf, 1, st->len, st->f) != st->len)
		return -1;
	st->len = 0;
	return 0;
}

/* Copies bytes [from, to) of fd, read through win, to st. */
static int
copy_range(
    int fd, struct window *win, uint64_t from, uint64_t to, struct stage *st)
{
	ssize_t m;
	size_t	n, at;

	while (from < to) {
		if (from < win->base || from >= win->base + win->len) {
			if (win->buf == NULL &&
			    (win->buf = malloc(JOBS_WINDOW)) == NULL)
				return -1;
			win->base = from;
			win->len = 0;
			if ((m = pread(fd, win->buf, JOBS_WINDOW,
				 (off_t)from)) <= 0) {
				/* A frame past its file's end. */
				if (m == 0)
					errno = EIO;
				return -1;
			}
			win->len = (size_t)m;
		}
		at = (size_t)(from - win->base);
		n = win->len - at;
		if (n > to - from)
			n = (size_t)(to - from);
		if (st->len + n > JOBS_STAGE && stage_flush(st) == -1)
			return -1;
		if (n > JOBS_STAGE) {
			if (fwrite(win->buf + at, 1, n, st->f) != n)
				return -1;
		} else {
			memcpy(st->buf + st->len, win->buf + at, n);
			st->len += n;
		}
		from += n;
	}
	return 0;
}

static bool
frame_before(const struct frame *a, const struct frame *b)
{
	return a->seq < b->seq || (a->seq == b->seq && a->sub < b->sub);
}

int
cli_jobs_finish(struct cli_jobs *j, FILE				   *out,
    int (*result)(void *arg, unsigned long k, char *buf, size_t len), void *arg)
{
	struct worker *w;
	struct frame  *fr;
	struct stage   st[2] = { { out, NULL, 0 }, { stderr, NULL, 0 } };
	unsigned long  i, best;
	char	      *buf;
	size_t	       len;
	int	       rc = -1, e;

	if (!wait_all(j))
		return -1;
	if ((st[0].buf = malloc(JOBS_STAGE)) == NULL ||
	    (st[1].buf = malloc(JOBS_STAGE)) == NULL) {
		free(st[0].buf);
		cli_error("-j: %s", strerror(errno));
		return -1;
	}
	for (i = 0; i < j->n; i++) {
		w = &j->w[i];
		if ((buf = slurp_fd(w->fd[F_INDEX], &len)) == NULL) {
			cli_error("-j: %s", strerror(errno));
			return -1;
		}
		w->frame = (struct frame *)(void *)buf;
		w->nframes = len / sizeof *w->frame;
	}
	/* Worker i's frames come in order: merge by (seq, sub, worker). */
	for (;;) {
		best = j->n;
		for (i = 0; i < j->n; i++)
			if (j->w[i].at < j->w[i].nframes &&
			    (best == j->n ||
				frame_before(&j->w[i].frame[j->w[i].at],
				    &j->w[best].frame[j->w[best].at])))
				best = i;
		if (best == j->n)
			break;
		w = &j->w[best];
		fr = &w->frame[w->at++];
		/*
		 * What is not a record's (sub 0, 1) every worker printed
		 * alike: the first worker's copy is written.
		 */
		if ((fr->sub == CLI_JOBS_RECORD || best == 0) &&
		    (copy_range(w->fd[F_OUT], &w->win[0], w->out_at,
			 fr->out_end, &st[0]) == -1 ||
			copy_range(w->fd[F_ERR], &w->win[1], w->err_at,
			    fr->err_end, &st[1]) == -1))
			goto out_io;
		w->out_at = fr->out_end;
		w->err_at = fr->err_end;
	}
	if (stage_flush(&st[0]) == -1 || stage_flush(&st[1]) == -1)
		goto out_io;
	free(st[0].buf);
	free(st[1].buf);
	fflush(stderr);
	for (i = 0; i < j->n; i++) {
		if ((buf = slurp_fd(j->w[i].fd[F_RESULT], &len)) == NULL)
			goto out_io;
		rc = result(arg, i, buf, len);
		free(buf);
		if (rc == -1)
			return -1;
	}
	return 0;

out_io:
	e = errno;
	stage_flush(&st[1]);
	free(st[0].buf);
	free(st[1].buf);
	if (cli_output_ok(out, "output"))
		cli_error("-j: %s", strerror(e));
	return -1;
}

void
cli_jobs_free(struct cli_jobs *j)
{
	unsigned long i;
	int	      f;

	if (j == NULL)
		return;
	for (i = 0; i < j->n; i++) {
		for (f = 0; f < F_FILES; f++)
			if (j->w[i].fd[f] != -1)
				close(j->w[i].fd[f]);
		if (j->w[i].stdin_fd != -1)
			close(j->w[i].stdin_fd);
		free(j->w[i].frame);
		free(j->w[i].win[0].buf);
		free(j->w[i].win[1].buf);
	}

	free(j->w);
	free(j);
}
