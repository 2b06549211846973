/* SPDX-License-Identifier: MIT */
/*
 * gameplay match -j N (workers.h): a child process for each game, forked
 * with the match as it stands, so that "play game i" needs nothing but
 * the settings and i; the child's result comes back whole through a pipe
 * read to its end, the child's exit status says whether it is a result.
 * The referee waits on the pipes alone: every wait of a child's game is
 * bounded by that child's own deadlines (engine.c), so a child killed is
 * an end of its pipe like any other.  Results in game order wait in a
 * window of WINDOW results a child; a game is started only inside it, so
 * memory stays bounded behind one slow game.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play/play.h"
#include "play/workers.h"

/* How many results a child may be ahead of the game to take next. */
#define WINDOW 4

/* A child playing game i, or a free slot (pid -1). */
struct child {
	pid_t	      pid;
	int	      fd; /* our end of its pipe */
	unsigned long i;
	struct buf    out; /* what it wrote so far */
};

/* A result of game order waiting for its turn. */
struct held {
	bool	   in;
	int	   status; /* CLI_OK: out is its result; else the run's end */
	struct buf out;
};

/* The children's pids, for the signal handler: 0 where none. */
static volatile sig_atomic_t pids[CLI_JOBS_MAX];
static const int	     sigs[] = { SIGINT, SIGTERM, SIGHUP };
#define NSIGS (sizeof sigs / sizeof sigs[0])
static struct sigaction old[NSIGS];

/*
 * Passes the signal on to the children, whose own handlers (engine.c)
 * kill their engines, then takes it as before: engine.c's handler, or
 * the default.
 */
static void
on_signal(int sig)
{
	size_t k;

	for (k = 0; k < CLI_JOBS_MAX; k++)
		if (pids[k] > 0)
			kill((pid_t)pids[k], SIGTERM);
	for (k = 0; k < NSIGS; k++)
		if (sigs[k] == sig)
			sigaction(sig, &old[k], NULL);
	raise(sig);
}

/* Installs on_signal, but where the signal is ignored (nohup). */
static void
handlers_install(void)
{
	struct sigaction sa;
	size_t		 k;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	for (k = 0; k < NSIGS; k++) {
		sigaction(sigs[k], NULL, &old[k]);
		if (old[k].sa_handler != SIG_IGN)
			sigaction(sigs[k], &sa, NULL);
	}
}

static void
handlers_restore(void)
{
	size_t k;

	for (k = 0; k < NSIGS; k++)
		sigaction(sigs[k], &old[k], NULL);
}

/*
 * Forks the child of slot k for game i.  The signals wait while pids[]
 * and the handlers do not agree.  Returns 0, or -1 (errno).
 */
static int
child_start(
    const struct play_workers *w, struct child *c, size_t k, unsigned long i)
{
	sigset_t set, was;
	FILE	*out;
	pid_t	 pid;
	size_t	 s;
	int	 fd[2], status;

	if (pipe(fd) == -1)
		return -1;
	/* Not the engines' that the child starts: its end is its own. */
	if (fcntl(fd[0], F_SETFD, FD_CLOEXEC) == -1 ||
	    fcntl(fd[1], F_SETFD, FD_CLOEXEC) == -1)
		goto out_close;
	sigemptyset(&set);
	for (s = 0; s < NSIGS; s++)
		sigaddset(&set, sigs[s]);
	sigprocmask(SIG_BLOCK, &set, &was);
	/* Nothing of ours buffered for the child to write again. */
	fflush(stdout);
	if ((pid = fork()) == -1) {
		sigprocmask(SIG_SETMASK, &was, NULL);
		goto out_close;
	}
	if (pid == 0) {
		handlers_restore();
		for (s = 0; s < CLI_JOBS_MAX; s++)
			pids[s] = 0;
		sigprocmask(SIG_SETMASK, &was, NULL);
		close(fd[0]);
		status = CLI_INTERNAL;
		if ((out = fdopen(fd[1], "w")) != NULL) {
			status = w->play(w->arg, i, out);
			if (fclose(out) == EOF && status == CLI_OK)
				status = CLI_USAGE;
		}
		_exit(status);
	}
	pids[k] = (sig_atomic_t)pid;
	sigprocmask(SIG_SETMASK, &was, NULL);
	close(fd[1]);
	c->pid = pid;
	c->fd = fd[0];
	c->i = i;
	c->out.len = 0;
	return 0;

out_close:
	close(fd[0]);
	close(fd[1]);
	return -1;
}

/*
 * Reaps the child of slot k, its pipe read to its end, and says whether
 * its exit status is a result; *status is that status, or CLI_USAGE
 * after saying how it died.
 */
static void
child_reap(struct child *c, size_t k, int *status)
{
	int st;

	close(c->fd);
	while (waitpid(c->pid, &st, 0) == -1 && errno == EINTR)
		;
	pids[k] = 0;
	c->pid = -1;
	if (WIFEXITED(st)) {
		*status = WEXITSTATUS(st);
		return;
	}
	cli_error("match: game %lu: its referee process was killed by "
		  "signal %d; the match stopped (--resume plays on)",
	    c->i + 1, WIFSIGNALED(st) ? WTERMSIG(st) : 0);
	*status = CLI_USAGE;
}

/* Stops every child running: its game is never taken. */
static void
children_stop(struct child *kids, size_t n)
{
	size_t k;
	int    st;

	for (k = 0; k < n; k++)
		if (kids[k].pid != -1)
			kill(kids[k].pid, SIGTERM);
	for (k = 0; k < n; k++) {
		if (kids[k].pid == -1)
			continue;
		close(kids[k].fd);
		while (waitpid(kids[k].pid, &st, 0) == -1 && errno == EINTR)
			;
		pids[k] = 0;
		kids[k].pid = -1;
	}
}

/*
 * Reads what the children have written, waiting for one at least; the
 * slot of one whose pipe has ended is *k.  Returns 1 when one ended, 0
 * when none did yet, -1 (errno) when poll or memory fails.
 */
static int
children_read(struct child *kids, size_t n, size_t *k)
{
	struct pollfd pfd[CLI_JOBS_MAX];
	size_t	      j, np = 0, at[CLI_JOBS_MAX];
	ssize_t	      r;

	for (j = 0; j < n; j++)
		if (kids[j].pid != -1) {
			pfd[np].fd = kids[j].fd;
			pfd[np].events = POLLIN;
			at[np++] = j;
		}
	if (poll(pfd, np, -1) == -1)
		return errno == EINTR ? 0 : -1;
	for (j = 0; j < np; j++) {
		struct child *c = &kids[at[j]];

		if (pfd[j].revents == 0)
			continue;
		if (buf_reserve(&c->out, 65536) == -1)
			return -1;
		c->out.s[c->out.len] = '\0';
		r = read(c->fd, c->out.s + c->out.len, 65536);
		if (r == -1 && errno != EINTR && errno != EAGAIN)
			return -1;
		if (r > 0) {
			c->out.len += (size_t)r;
			c->out.s[c->out.len] = '\0';
		}
		if (r == 0) {
			*k = at[j];
			return 1;
		}
	}
	return 0;
}

int
play_workers_run(const struct play_workers *w)
{
	struct child *kids;
	struct held  *held, *h;
	size_t	      n = w->n, nheld = WINDOW * w->n, k, running = 0;
	unsigned long next = 0, turn = 0;
	bool	      ending = false; /* no more games started */
	int	      status = CLI_OK, st, r;

	kids = calloc(n, sizeof *kids);
	held = calloc(nheld, sizeof *held);
	if (kids == NULL || held == NULL) {
		cli_error("match: %s", strerror(ENOMEM));
		free(kids);
		free(held);
		return CLI_INTERNAL;
	}
	for (k = 0; k < n; k++)
		kids[k].pid = -1;
	handlers_install();
	for (;;) {
		while (next < w->games && w->done(w->arg, next))
			next++;
		while (turn < w->games && w->done(w->arg, turn))
			turn++;
		/* Game order: the game whose turn it is, if it is in. */
		h = &held[turn % nheld];
		if (!w->completion && turn < w->games && h->in) {
			h->in = false;
			status = h->status;
			if (status == CLI_OK)
				status = w->take(
				    w->arg, turn, h->out.s, h->out.len);
			buf_fini(&h->out);
			if (status == CLI_OK &&
			    !w->done(w->arg, turn)) {
				cli_error("match: game %lu not taken",
				    turn + 1);
				status = CLI_INTERNAL;
			}
			if (status != CLI_OK)
				break;
			continue;
		}
		for (k = 0; !ending && k < n && next < w->games &&
		     (w->completion || next - turn < nheld);
		     k++) {
			if (kids[k].pid != -1)
				continue;
			if (child_start(w, &kids[k], k, next) == -1) {
				cli_error("match: cannot start game %lu: %s",
				    next + 1, strerror(errno));
				status = CLI_USAGE;
				break;
			}
			running++;
			next++;
			while (next < w->games && w->done(w->arg, next))
				next++;
		}
		if (status != CLI_OK || running == 0)
			break;
		if ((r = children_read(kids, n, &k)) == -1) {
			cli_error("match: %s", strerror(errno));
			status = CLI_INTERNAL;
			break;
		}
		if (r == 0)
			continue;
		child_reap(&kids[k], k, &st);
		running--;
		if (w->completion) {
			if (st == CLI_OK)
				st = w->take(w->arg, kids[k].i, kids[k].out.s,
				    kids[k].out.len);
			if ((status = st) != CLI_OK)
				break;
			continue;
		}
		/* Held for its turn, a failure too: games before it go on. */
		h = &held[kids[k].i % nheld];
		h->in = true;
		h->status = st;
		h->out = kids[k].out;
		buf_init(&kids[k].out);
		if (st != CLI_OK)
			ending = true;
	}
	children_stop(kids, n);
	handlers_restore();
	for (k = 0; k < n; k++)
		buf_fini(&kids[k].out);
	for (k = 0; k < nheld; k++)
		buf_fini(&held[k].out);
	free(kids);
	free(held);
	return status == PLAY_WORKERS_STOP ? CLI_OK : status;
}
