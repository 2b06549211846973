/* SPDX-License-Identifier: MIT */
/*
 * gameplay match -j N (workers.h): N child processes forked with the
 * match as it stands, so that "play game i" needs nothing but the
 * settings and i.  A child reads a game number a line from one pipe and
 * answers on another with a struct head (the game's exit status, the
 * length of what follows) and the result.  The referee waits on the
 * pipes alone: every wait of a child's game is bounded by that child's
 * own deadlines (engine.c), so a child killed is an end of its pipe like
 * any other.  Results in game order wait in a window of WINDOW results a
 * child; a game is started only inside it, so memory stays bounded
 * behind one slow game.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "match/workers.h"
#include "util/util.h"

/* How many results a child may be ahead of the game to take next. */
#define WINDOW 4

/* What a child writes before a result. */
struct head {
	int    status; /* play's: CLI_OK, or the run's end */
	size_t len;    /* the bytes of the result after it */
};

/* A child (pid -1: none yet, or gone), and the game it is playing. */
struct child {
	pid_t	      pid;
	int	      to, from; /* our ends of its pipes */
	bool	      busy;
	unsigned long i;
	struct buf    in; /* read from it, its result once whole */
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

/* Writes n bytes of p to fd whole: 0, or -1 (errno). */
static int
write_all(int fd, const void *p, size_t n)
{
	const char *s = p;
	ssize_t	    r;

	while (n > 0) {
		if ((r = write(fd, s, n)) == -1 && errno == EINTR)
			continue;
		if (r == -1)
			return -1;
		s += r;
		n -= (size_t)r;
	}
	return 0;
}

/*
 * A child's life: game numbers from in, each played and its head and
 * result written to out, until in ends or a game fails.
 */
static void
child_main(const struct match_workers *w, int in, int out)
{
	struct head h;
	FILE	   *fin, *mem;
	char	    line[32], *text;
	size_t	    len;
	int	    status = CLI_INTERNAL;

	if ((fin = fdopen(in, "r")) != NULL)
		status = CLI_OK;
	while (status == CLI_OK && fgets(line, sizeof line, fin) != NULL) {
		text = NULL;
		len = 0;
		if ((mem = open_memstream(&text, &len)) == NULL)
			status = CLI_INTERNAL;
		else {
			status = w->play(w->arg, strtoul(line, NULL, 10), mem);
			if (fclose(mem) == EOF && status == CLI_OK)
				status = CLI_INTERNAL;
		}
		h.status = status;
		h.len = status == CLI_OK ? len : 0;
		if (write_all(out, &h, sizeof h) == -1 ||
		    write_all(out, text, h.len) == -1)
			status = CLI_USAGE;
		free(text);
	}
	w->end(w->arg, status != CLI_OK);
	_exit(status);
}

/*
 * Forks the child of slot k.  The signals wait while pids[] and the
 * handlers do not agree.  Returns 0, or -1 (errno).
 */
static int
child_start(const struct match_workers *w, struct child *kids, size_t k)
{
	struct child *c = &kids[k];
	sigset_t      set, was;
	pid_t	      pid;
	size_t	      j;
	int	      to[2], from[2];

	/* Not the engines' that the child starts: the ends are its own. */
	if (pipe_cloexec(to) == -1)
		return -1;
	if (pipe_cloexec(from) == -1)
		goto out_close_to;
	sigemptyset(&set);
	for (j = 0; j < NSIGS; j++)
		sigaddset(&set, sigs[j]);
	sigprocmask(SIG_BLOCK, &set, &was);
	/* Nothing of ours buffered for the child to write again. */
	fflush(stdout);
	if ((pid = fork()) == -1) {
		sigprocmask(SIG_SETMASK, &was, NULL);
		goto out_close;
	}
	if (pid == 0) {
		handlers_restore();
		for (j = 0; j < CLI_JOBS_MAX; j++)
			pids[j] = 0;
		sigprocmask(SIG_SETMASK, &was, NULL);
		/* A sibling's pipe held here would never end for it. */
		for (j = 0; j < w->n; j++)
			if (j != k && kids[j].pid != -1) {
				close(kids[j].to);
				close(kids[j].from);
			}
		close(to[1]);
		close(from[0]);
		child_main(w, to[0], from[1]);
	}
	pids[k] = (sig_atomic_t)pid;
	sigprocmask(SIG_SETMASK, &was, NULL);
	close(to[0]);
	close(from[1]);
	c->pid = pid;
	c->to = to[1];
	c->from = from[0];
	c->busy = false;
	c->in.len = 0;
	return 0;

out_close:
	pipe_close(from);
out_close_to:
	pipe_close(to);
	return -1;
}

/* Gives game i to the idle child c: 0, or -1 (errno: it is gone). */
static int
child_give(struct child *c, unsigned long i)
{
	char line[32];

	snprintf(line, sizeof line, "%lu\n", i);
	if (write_all(c->to, line, strlen(line)) == -1)
		return -1;
	c->busy = true;
	c->i = i;
	return 0;
}

/* Closes our ends of the pipes of the child of slot k and reaps it. */
static void
child_reap(struct child *c, size_t k)
{
	int st;

	close(c->to);
	close(c->from);
	while (waitpid(c->pid, &st, 0) == -1 && errno == EINTR)
		;
	pids[k] = 0;
	c->pid = -1;
	c->busy = false;
}

/*
 * Stops every child: one playing a game is killed (SIGTERM, so that its
 * engines go with it) and its game never taken; an idle one sees its
 * input end, and stops its engines as at the end of a match.
 */
static void
children_stop(struct child *kids, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (kids[k].pid != -1 && kids[k].busy)
			kill(kids[k].pid, SIGTERM);
	for (k = 0; k < n; k++)
		if (kids[k].pid != -1)
			child_reap(&kids[k], k);
}

/*
 * Reads from the children until one has a game's end for us: *k its
 * slot, *status play's exit status, its result (when CLI_OK) in its in.
 * A child gone in the middle of a game is that game's failure, said
 * here; one gone idle is reaped, to be started afresh.  Returns 1 when a
 * game ended, 0 when none did yet, -1 (errno) when poll or memory fails.
 */
static int
children_read(struct child *kids, size_t n, size_t *k, int *status)
{
	struct pollfd pfd[CLI_JOBS_MAX];
	struct head   h;
	size_t	      j, np = 0, at[CLI_JOBS_MAX];
	ssize_t	      r;

	for (j = 0; j < n; j++)
		if (kids[j].pid != -1) {
			pfd[np].fd = kids[j].from;
			pfd[np].events = POLLIN;
			at[np++] = j;
		}
	if (poll(pfd, np, -1) == -1)
		return errno == EINTR ? 0 : -1;
	for (j = 0; j < np; j++) {
		struct child *c = &kids[at[j]];

		if (pfd[j].revents == 0)
			continue;
		if (buf_reserve(&c->in, 65536) == -1)
			return -1;
		r = read(c->from, c->in.s + c->in.len, 65536);
		if (r == -1 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (r == -1)
			return -1;
		c->in.len += (size_t)r;
		c->in.s[c->in.len] = '\0';
		*k = at[j];
		if (r == 0 && c->busy) {
			cli_error(
			    "match: game %lu: its referee process ended in the middle of it; the match stopped (--resume plays on)",
			    c->i + 1);
			child_reap(c, at[j]);
			*status = CLI_USAGE;
			return 1;
		}
		if (r == 0) {
			child_reap(c, at[j]);
			continue;
		}
		if (c->in.len < sizeof h)
			continue;
		memcpy(&h, c->in.s, sizeof h);
		if (c->in.len - sizeof h < h.len)
			continue;
		/* One result a game given: nothing follows it. */
		memmove(c->in.s, c->in.s + sizeof h, h.len);
		c->in.len = h.len;
		c->in.s[h.len] = '\0';
		c->busy = false;
		*status = h.status;
		return 1;
	}
	return 0;
}

/*
 * Holds c's result (status st) in h, a slot taken and empty, for its
 * turn: the two buffers change places, so that none is freed and made
 * again each game (its pages faulted in anew each time the heap is
 * trimmed).
 */
static void
hold(struct held *h, struct child *c, int st)
{
	struct buf spare = h->out;

	h->in = true;
	h->status = st;
	h->out = c->in;
	c->in = spare;
}

int
match_workers_run(const struct match_workers *w)
{
	struct child *kids, *c;
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
			h->out.len = 0; /* kept for a result to come */
			if (status == CLI_OK && !w->done(w->arg, turn)) {
				cli_error(
				    "match: game %lu not taken", turn + 1);
				status = CLI_INTERNAL;
			}
			if (status != CLI_OK)
				break;
			continue;
		}
		for (k = 0; !ending && k < n && next < w->games &&
		     (w->completion || next - turn < nheld);
		     k++) {
			c = &kids[k];
			if (c->pid != -1 && c->busy)
				continue;
			if ((c->pid == -1 && child_start(w, kids, k) == -1) ||
			    child_give(c, next) == -1) {
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
		if ((r = children_read(kids, n, &k, &st)) == -1) {
			cli_error("match: %s", strerror(errno));
			status = CLI_INTERNAL;
			break;
		}
		if (r == 0)
			continue;
		running--;
		c = &kids[k];
		if (w->completion) {
			if (st == CLI_OK)
				st = w->take(w->arg, c->i, c->in.s, c->in.len);
			c->in.len = 0;
			if ((status = st) != CLI_OK)
				break;
			continue;
		}
		/* Held for its turn, a failure too: games before it go on. */
		hold(&held[c->i % nheld], c, st);
		if (st != CLI_OK)
			ending = true;
	}
	children_stop(kids, n);
	handlers_restore();
	for (k = 0; k < n; k++)
		buf_fini(&kids[k].in);
	for (k = 0; k < nheld; k++)
		buf_fini(&held[k].out);
	free(kids);
	free(held);
	return status == MATCH_WORKERS_STOP ? CLI_OK : status;
}
