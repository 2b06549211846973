/* SPDX-License-Identifier: MIT */
/*
 * -j, --jobs N (gamecheck, gamestat): N worker processes, each doing a
 * share of the records, and a parent that puts their output back in
 * input order, so that the run prints byte for byte what one process
 * prints.  Where every input is a regular file, not compressed, the
 * shares are runs of records, one after another (below); else each
 * worker reads every input and does every N-th record.  A worker's
 * standard output and standard error go to temporary files of its own,
 * cut into frames at the points the tool marks (a record's output, what
 * came before it); the parent writes the frames of all workers sorted
 * by where they were marked.  What a worker did (its totals, its partial
 * summary) comes back as a result of bytes.
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
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/base.h"
#include "cli/input.h"
#include "cli/jobs.h"
#include "util/util.h"

/*
 * Where a frame ends in its worker's two files, where it goes, and
 * whether it is this worker's to write (a record's always; what is no
 * record's, printed alike by every worker that read so far, one's).
 */
struct frame {
	uint64_t seq;
	uint64_t sub;
	uint64_t out_end;
	uint64_t err_end;
	uint64_t own;
};

/*
 * Shares: worker k's records are those numbered from first(k) up to
 * first(k + 1) (first(0) = 0, first(n) none), first(k) being the first
 * record it is asked about once it has read up to byte lo(k) of the
 * inputs (their sizes added up, in order).  So a worker passes over the
 * records before its share, as cheaply as the reader can, and stops
 * reading at its share's end, instead of passing over every other
 * worker's records.  The shares are made smaller the later they start,
 * by what passing over the bytes before them costs, so that the workers
 * end together: r, the cost of a byte passed over over that of a byte
 * done, is measured (a worker passing over its first bytes, the first
 * worker doing them), or taken as JOBS_PASS where the inputs are too
 * small to tell.  A worker that has timed its passing and reached the
 * least its share can start at (r = 0) waits there for the first
 * worker's timing rather than pass on (passing where a cheap pass
 * outruns the first worker's first bytes, as over reports, would start
 * its share late and leave the first worker the rest); the first worker
 * says it has none (COST_NONE) where it stops or waits itself, so that
 * nobody waits for ever.  Only worker k reads where its share starts (its
 * reader's bytes, counted however it likes): it tells the others in
 * memory they share, first(k) once known, and before that how many
 * records it has passed over (first(k) comes after them), so that worker
 * k - 1 does a record only once it knows it is its own, and otherwise
 * waits a moment.
 */
#define JOBS_PASS	0.125
#define SHARE_NONE	UINT64_MAX
#define JOBS_GAUGE_FROM (64 * 1024ULL)
#define JOBS_GAUGE	(256 * 1024ULL)
#define COST_NONE	UINT64_MAX
struct share {
	_Atomic uint64_t first;
	_Atomic uint64_t passed;
	/* The first worker's: its cost of a byte done (ps), and r (ppm). */
	_Atomic uint64_t cost;
	_Atomic uint64_t r;
	/* Waiting for the first worker's cost (share_done). */
	_Atomic uint64_t waits;
	char		 pad[24]; /* a cache line each */
};

/* A worker's cost of a byte, timed over JOBS_GAUGE bytes or more. */
struct gauge {
	unsigned long long from; /* where the timing started */
	uint64_t	   t;	 /* the CPU time then (ns); 0: not started */
	uint64_t	   cost; /* ps a byte; 0: not known */
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

	/* Byte ranges: this worker's, [lo, hi) of the inputs' bytes. */
	bool		   ranges;
	unsigned long long hi;

	/* Shares (NULL: every N-th record), and this worker's. */
	struct share	   *share;
	unsigned long long *base; /* where each input starts; their end */
	int		    nfiles;
	int		    input;    /* the one being read */
	unsigned long long  lo;	      /* where this worker's share starts */
	bool		    lo_known; /* else lo is the least it can be */
	struct gauge	    gauge;
	unsigned long long  pos;   /* where its reading is */
	uint64_t	    first; /* its first record, SHARE_NONE: not known */
	uint64_t	    no;	   /* records before it: none its first */
	uint64_t	    until; /* below it, no record is the next's */
	bool		    until_known; /* the next worker's first */
	bool		    done;	 /* past its share */
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

/*
 * Shares (above), where every input is a regular file, not compressed
 * (a reader counts a compressed input's bytes decompressed): where each
 * input starts in their sizes added up, and the memory the workers share.
 * An input that cannot be opened is 0 bytes here (each worker says why).
 * 0, or -1 (errno).
 */
static int
shares_start(struct cli_jobs *j, char *const *files, int nfiles, bool ranges)
{
	_Atomic uint64_t   probe;
	unsigned long long total = 0;
	unsigned char	   head[8];
	struct stat	   st;
	unsigned long	   i;
	ssize_t		   got;
	int		   f, fd;
	bool		   own;

	if ((j->base = calloc((size_t)nfiles + 1, sizeof *j->base)) == NULL)
		return -1;
	j->nfiles = nfiles;
	for (f = 0; f < nfiles; f++) {
		j->base[f] = total;
		own = strcmp(files[f], "-") != 0;
		fd = own ? open(files[f], O_RDONLY | O_CLOEXEC) :
			   j->w[0].stdin_fd;
		if (fd == -1)
			continue;
		got = pread(fd, head, sizeof head, 0);
		if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode) || got < 0 ||
		    cli_compression(head, (size_t)got) != NULL) {
			if (own)
				close(fd);
			free(j->base);
			j->base = NULL;
			return 0;
		}
		total += (unsigned long long)st.st_size;
		if (own)
			close(fd);
	}
	j->base[nfiles] = total;
	/* Byte ranges: nothing shared. */
	if ((j->ranges = ranges))
		return 0;
	/* Atomics that lock would lock in one process only. */
	if (!atomic_is_lock_free(&probe))
		return 0;
	j->share = mmap(NULL, j->n * sizeof *j->share, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (j->share == MAP_FAILED) {
		j->share = NULL;
		return -1;
	}
	for (i = 0; i < j->n; i++) {
		atomic_init(&j->share[i].first, i == 0 ? 0 : SHARE_NONE);
		atomic_init(&j->share[i].passed, 0);
		atomic_init(&j->share[i].cost, 0);
		atomic_init(&j->share[i].r, 0);
		atomic_init(&j->share[i].waits, 0);
	}
	return 0;
}

/* Where worker k's share starts, r being what passing over costs. */
static unsigned long long
share_start(const struct cli_jobs *j, unsigned long k, double r)
{
	double	      qk = 1, qn = 1, q = 1 - r;
	unsigned long i;

	/*
	 * lo(k) = S (1 - q^k) / (1 - q^n), q = 1 - r: passing over lo(k)
	 * bytes and doing those up to lo(k + 1) take each worker as long.
	 * At least S k / n, its limit as r goes to 0.
	 */
	if (r <= 0)
		return (unsigned long long)((double)j->base[j->nfiles] *
		    (double)k / (double)j->n);
	for (i = 0; i < j->n; i++) {
		if (i < k)
			qk *= q;
		qn *= q;
	}
	return (unsigned long long)((double)j->base[j->nfiles] * (1 - qk) /
	    (1 - qn));
}

static void
share_begin(struct cli_jobs *j, unsigned long k)
{
	j->lo = share_start(j, k, 0);
	j->first = k == 0 ? 0 : SHARE_NONE;
	j->until_known = k + 1 == j->n;
	j->until = j->until_known ? UINT64_MAX : 0;
}

/* The CPU time of this process so far, in ns. */
static uint64_t
cpu_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) == -1)
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000 + (uint64_t)ts.tv_nsec;
}

/*
 * Times the worker's bytes from JOBS_GAUGE_FROM on, len of them at least:
 * g->cost once known.
 */
static void
gauge(struct gauge *g, unsigned long long pos, unsigned long long len)
{
	uint64_t t;

	if (g->t == 0) {
		if (pos >= JOBS_GAUGE_FROM) {
			g->from = pos;
			g->t = cpu_ns();
		}
		return;
	}
	if (pos - g->from < len || (t = cpu_ns()) <= g->t)
		return;
	g->cost = (t - g->t) * 1000 / (pos - g->from);
	if (g->cost == 0)
		g->cost = 1;
}

/*
 * How far a worker passes over bytes waiting for r: where its share
 * would start were r the most it is taken to be (0.5: share_lo), if
 * the first worker's share is large enough for it to time its bytes
 * (JOBS_GAUGE_FROM on); else the least its share can start at.
 */
static unsigned long long
share_last(const struct cli_jobs *j)
{
	if (j->base[j->nfiles] / j->n < JOBS_GAUGE_FROM + JOBS_GAUGE)
		return share_start(j, j->k, 0);
	return share_start(j, j->k, 0.5);
}

/*
 * The first worker's cost of a byte done, waited for where this worker
 * has timed its own and reached the least its share can start at (j->lo
 * until r is known), if the first worker's share is large enough for it
 * to time its bytes: 0 (not known) or COST_NONE (none to come) otherwise.
 */
static uint64_t
share_done(struct cli_jobs *j)
{
	const struct timespec pause = { 0, 20000 };
	_Atomic uint64_t     *cost = &j->share[0].cost;
	uint64_t	      done;

	if ((done = atomic_load_explicit(cost, memory_order_relaxed)) != 0 ||
	    j->gauge.cost == 0 || j->pos < j->lo ||
	    j->base[j->nfiles] / j->n < JOBS_GAUGE_FROM + JOBS_GAUGE)
		return done;
	atomic_store_explicit(&j->share[j->k].waits, 1, memory_order_release);
	while ((done = atomic_load_explicit(cost, memory_order_acquire)) == 0)
		nanosleep(&pause, NULL);
	atomic_store_explicit(&j->share[j->k].waits, 0, memory_order_relaxed);
	return done;
}

/* The first worker: its cost of a byte done, or COST_NONE, told once. */
static void
share_cost(struct cli_jobs *j, uint64_t cost)
{
	uint64_t none = 0;

	atomic_compare_exchange_strong(&j->share[0].cost, &none, cost);
}

/*
 * Where this worker's share starts, once r is known: r is one for all
 * (were it not, a later share could start before an earlier one), told
 * by the first worker to know it, from its cost of a byte passed over
 * and the first worker's of one done, or JOBS_PASS once it has passed
 * over share_last's bytes, not knowing, or the first worker has no cost
 * to tell.
 */
static void
share_lo(struct cli_jobs *j)
{
	_Atomic uint64_t *shared = &j->share[0].r;
	uint64_t	  r, done, none = 0;

	if ((r = atomic_load_explicit(shared, memory_order_relaxed)) == 0) {
		/* Over half the way to the least start: most of the bytes. */
		if (j->gauge.cost == 0)
			gauge(&j->gauge, j->pos,
			    j->lo / 2 > JOBS_GAUGE ? j->lo / 2 : JOBS_GAUGE);
		done = share_done(j);
		if (j->gauge.cost != 0 && done != 0 && done != COST_NONE)
			r = j->gauge.cost * 1000000 / done;
		else if (j->pos >= share_last(j) || done == COST_NONE)
			r = (uint64_t)(JOBS_PASS * 1000000);
		else
			return;
		r = r < 5000 ? 5000 : r > 500000 ? 500000 : r;
		if (!atomic_compare_exchange_strong(shared, &none, r))
			r = none;
	}
	j->lo = share_start(j, j->k, (double)r / 1000000);
	j->lo_known = true;
}

static void
worker_start(struct cli_jobs *j, unsigned long k, pid_t parent)
{
	static const int caught[] = { SIGHUP, SIGINT, SIGTERM };
	unsigned long	 i;
	FILE		*out, *err;
	int		 f;

	/*
	 * A worker of a parent gone has nobody to write for, and one that
	 * waits for the next worker (shares) would wait for ever.
	 */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) == -1 || getppid() != parent)
		_exit(CLI_INTERNAL);
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
	if (j->ranges) {
		j->lo = share_start(j, k, 0);
		j->hi = share_start(j, k + 1, 0);
	}
	if (j->share != NULL)
		share_begin(j, k);
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
cli_jobs_start(unsigned long n, char *const *files, int nfiles, int how,
    unsigned long *k)
{
	struct cli_jobs *j;
	unsigned long	 i;
	pid_t		 pid, parent = getpid();
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
	if ((reads_stdin && copy_stdin(j) == -1) ||
	    (how != CLI_JOBS_EVERY &&
		shares_start(j, files, nfiles, how == CLI_JOBS_RANGES) == -1))
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
			worker_start(j, i, parent);
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

/* Worker k + 1's first record, or a bound below it, to be above seq. */
static void
share_wait(struct cli_jobs *j, uint64_t seq)
{
	const struct timespec pause = { 0, 20000 };
	struct share	     *next = &j->share[j->k + 1];
	uint64_t	      f, p;

	for (;;) {
		f = atomic_load_explicit(&next->first, memory_order_acquire);
		if (f != SHARE_NONE) {
			j->until = f;
			j->until_known = true;
			return;
		}
		p = atomic_load_explicit(&next->passed, memory_order_relaxed);
		if (p > seq) {
			j->until = p;
			return;
		}
		/* The next waits for the first worker's cost: none comes. */
		if (j->k == 0 &&
		    atomic_load_explicit(&next->waits, memory_order_acquire))
			share_cost(j, COST_NONE);
		nanosleep(&pause, NULL);
	}
}

static void
share_fix(struct cli_jobs *j, uint64_t first)
{
	j->first = first;
	atomic_store_explicit(
	    &j->share[j->k].first, first, memory_order_release);
}

/* Whether record seq (or what comes before it) is this worker's. */
static bool
share_mine(struct cli_jobs *j, uint64_t seq)
{
	uint64_t prev, first;

	if (j->first == SHARE_NONE) {
		if (!j->lo_known)
			share_lo(j);
		/*
		 * Not before the share before it starts: so the shares come
		 * in order, whatever bytes each worker counts.
		 */
		prev = atomic_load_explicit(
		    &j->share[j->k - 1].first, memory_order_acquire);
		if (!j->lo_known || j->pos < j->lo || prev == SHARE_NONE) {
			/* Nothing said of seq yet can be unsaid. */
			if (seq >= j->no) {
				j->no = seq + 1;
				atomic_store_explicit(&j->share[j->k].passed,
				    j->no, memory_order_relaxed);
			}
			return false;
		}
		first = seq > j->no ? seq : j->no;
		share_fix(j, first > prev ? first : prev);
	}
	if (seq < j->first)
		return false;
	/* The first worker times its bytes for the others (share_lo). */
	if (j->k == 0 && j->gauge.cost == 0) {
		gauge(&j->gauge, j->pos, JOBS_GAUGE);
		if (j->gauge.cost != 0)
			share_cost(j, j->gauge.cost);
	}
	if (seq >= j->until && !j->until_known)
		share_wait(j, seq);
	if (seq < j->until)
		return true;
	j->done = true;
	return false;
}

bool
cli_jobs_mine(struct cli_jobs *j, uint64_t seq)
{
	if (j == NULL || j->k == j->n || j->ranges)
		return true;
	return j->share != NULL ? share_mine(j, seq) : seq % j->n == j->k;
}

bool
cli_jobs_take(struct cli_jobs *j, uint64_t *seq)
{
	return cli_jobs_mine(j, (*seq)++);
}

bool
cli_jobs_owns(struct cli_jobs *j, uint64_t seq)
{
	if (j == NULL || j->k == j->n || j->ranges)
		return true;
	return j->share != NULL ? share_mine(j, seq) : j->k == 0;
}

void
cli_jobs_input(struct cli_jobs *j, int i)
{
	if (j != NULL && j->share != NULL && i >= 0 && i <= j->nfiles)
		j->pos = j->base[j->input = i];
}

void
cli_jobs_at(struct cli_jobs *j, unsigned long long offset)
{
	if (j != NULL && j->share != NULL)
		j->pos = j->base[j->input] + offset;
}

bool
cli_jobs_reads_all(const struct cli_jobs *j)
{
	return j == NULL ||
	    j->k == (j->share != NULL || j->ranges ? j->n - 1 : 0);
}

bool
cli_jobs_ranges(const struct cli_jobs *j)
{
	return j != NULL && j->ranges;
}

int
cli_jobs_range(const struct cli_jobs *j, int i, unsigned long long *start,
    unsigned long long *end)
{
	unsigned long long b, e;

	if (!cli_jobs_ranges(j) || j->k == j->n)
		return 0;
	b = j->base[i];
	e = j->base[i + 1];
	/* An empty input (or one not opened) is the range's it starts in. */
	if (b == e)
		return (b >= j->lo && b < j->hi) ||
			(b == j->base[j->nfiles] && j->k + 1 == j->n) ?
		    0 :
		    -1;
	if (e <= j->lo || b >= j->hi)
		return -1;
	if (b >= j->lo && e <= j->hi)
		return 0;
	*start = (b > j->lo ? b : j->lo) - b;
	/* The range that holds its end reads to its end, as it is then. */
	*end = e <= j->hi ? (unsigned long long)-1 : j->hi - b;
	return 1;
}

bool
cli_jobs_done(const struct cli_jobs *j)
{
	return j != NULL && j->done;
}

static void
mark(struct cli_jobs *j, uint64_t seq, unsigned sub, bool own)
{
	struct frame fr;
	uint64_t     out, err;

	out = j->sink[0].count;
	err = j->sink[1].count;
	/* An empty frame says nothing. */
	if (out == j->last.out_end && err == j->last.err_end)
		return;
	/* Byte ranges: each worker's records after those before it. */
	if (j->ranges && seq != UINT64_MAX)
		seq |= (uint64_t)j->k << 40;
	fr = (struct frame){ seq, sub, out, err, own };
	if (fwrite(&fr, sizeof fr, 1, j->index) != 1)
		_exit(CLI_INTERNAL);
	j->last = fr;
}

void
cli_jobs_mark(struct cli_jobs *j, uint64_t seq, unsigned sub)
{
	if (j == NULL || j->k == j->n)
		return;
	/* Asked even of an empty frame: a share may start there. */
	mark(j, seq, sub, sub == CLI_JOBS_RECORD || cli_jobs_owns(j, seq));
}

void
cli_jobs_exit(struct cli_jobs *j, const void *result, size_t len)
{
	const char *p = result;
	uint64_t    prev;
	ssize_t	    m;
	size_t	    off;

	/* What comes after the last input: one worker's. */
	mark(j, UINT64_MAX, 0, cli_jobs_reads_all(j));
	/* The next may be waiting for the first worker's cost. */
	if (j->share != NULL && j->k == 0)
		share_cost(j, COST_NONE);
	/* A share never started starts past every record asked of. */
	if (j->share != NULL && j->first == SHARE_NONE) {
		prev = atomic_load_explicit(
		    &j->share[j->k - 1].first, memory_order_acquire);
		share_fix(j, prev != SHARE_NONE && prev > j->no ? prev : j->no);
	}
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

/*
 * Whether every worker exited 0; says which did not.  The first to fail
 * ends the run: the others are killed (one may be waiting for it).
 */
static bool
wait_all(struct cli_jobs *j)
{
	unsigned long i, left = j->n;
	bool	      ok = true;
	pid_t	      pid;
	int	      st;

	if (j->waited != 0)
		return j->waited == 1;
	while (left > 0) {
		if ((pid = waitpid(-1, &st, 0)) == -1) {
			if (errno == EINTR)
				continue;
			/* None left to wait for: those not seen failed. */
			cli_error("-j: %s", strerror(errno));
			ok = false;
			break;
		}
		for (i = 0; i < j->n && j->w[i].pid != pid; i++)
			continue;
		if (i == j->n)
			continue;
		j->w[i].pid = 0;
		left--;
		if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
			continue;
		if (ok && WIFSIGNALED(st))
			cli_error("-j: worker %lu of %lu killed by signal %d: "
				  "no output",
			    i + 1, j->n, WTERMSIG(st));
		else if (ok)
			cli_error("-j: worker %lu of %lu failed (exit %d): no "
				  "output",
			    i + 1, j->n, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
		if (ok)
			for (i = 0; i < j->n; i++)
				if (j->w[i].pid > 0)
					kill(j->w[i].pid, SIGKILL);
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

int
cli_jobs_stdin_again(struct cli_jobs *j)
{
	/* Every worker's descriptor is of the one copy. */
	if (j->n == 0 || j->w[0].stdin_fd == -1)
		return 0;
	if (dup2(j->w[0].stdin_fd, STDIN_FILENO) == -1)
		return -1;
	/* Also drops what stdin may hold or say of the input copied. */
	return fseeko(stdin, 0, SEEK_SET);
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
		 * What is not a record's (sub 0, 1) every worker that read
		 * so far printed alike: one copy is written.
		 */
		if (fr->own &&
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
	if (j->share != NULL)
		munmap(j->share, j->n * sizeof *j->share);
	free(j->base);

	free(j->w);
	free(j);
}
