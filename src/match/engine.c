/* SPDX-License-Identifier: MIT */
/*
 * The process supervisor of gameplay match (engine.h): a program runs as
 * `sh -c CMD' in its own process group, so that a kill reaches whatever
 * it started; our ends of its pipes never block, and every wait for them
 * is a poll that also watches the clock and the program's own exit, since
 * a child it left behind may hold a pipe open long after it is gone.
 */
#include <sys/ioctl.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "match/engine.h"
#include "util/util.h"

/* How long a program may take to leave after `quit', in milliseconds. */
#define QUIT_GRACE 2000
/* How often a wait looks whether the program has exited, in ms. */
#define EXIT_CHECK 50

/* The running programs' process groups, for the signal handler. */
static volatile sig_atomic_t running[2];

static void
on_signal(int sig)
{
	int i;

	for (i = 0; i < 2; i++)
		if (running[i] > 0)
			kill(-(pid_t)running[i], SIGKILL);
	signal(sig, SIG_DFL);
	raise(sig);
}

void
engine_signals(void)
{
	struct sigaction sa;

	/*
	 * An ignored SIGCHLD, inherited across exec from a job runner,
	 * would have the programs reaped behind our back: no exit seen.
	 */
	signal(SIGCHLD, SIG_DFL);
	signal(SIGPIPE, SIG_IGN);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

void
engine_init(struct engine *e, int slot)
{
	memset(e, 0, sizeof *e);
	e->slot = slot;
	e->pid = -1;
	e->to = e->from = -1;
}

int
engine_start(struct engine *e)
{
	int   in[2], out[2];
	pid_t pid;

	if (pipe_cloexec(in) == -1)
		return -1;
	if (pipe_cloexec(out) == -1)
		goto out_close_in;
	/* Only our ends: the program's own stay blocking. */
	if (fcntl(in[1], F_SETFL, O_NONBLOCK) == -1 ||
	    fcntl(out[0], F_SETFL, O_NONBLOCK) == -1 || (pid = fork()) == -1)
		goto out_close_out;
	if (pid == 0) {
		/* Its own process group, so a kill reaches what sh runs. */
		setpgid(0, 0);
		signal(SIGPIPE, SIG_DFL);
		if (dup2(in[0], 0) == -1 || dup2(out[1], 1) == -1)
			_exit(127);
		execl("/bin/sh", "sh", "-c", e->cmd, (char *)NULL);
		_exit(127);
	}
	setpgid(pid, pid);
	close(in[0]);
	close(out[1]);
	e->pid = pid;
	e->to = in[1];
	e->from = out[0];
	e->exited = e->killed = e->proven = false;
	e->started = engine_now();
	e->len = e->taken = 0;
	running[e->slot] = (sig_atomic_t)pid;
	return 0;

out_close_out:
	pipe_close(out);
out_close_in:
	pipe_close(in);
	return -1;
}

bool
engine_reap(struct engine *e, int ms)
{
	int waited;

	for (waited = 0; !e->exited; waited += 10) {
		if (waitpid(e->pid, &e->status, WNOHANG) == e->pid)
			e->exited = true;
		else if (waited >= ms)
			break;
		else
			usleep(10000);
	}
	return e->exited;
}

bool
engine_exit_text(struct engine *e, int ms, char *buf, size_t cap)
{
	int st;

	buf[0] = '\0';
	if (!engine_reap(e, ms))
		return false;
	if (WIFSIGNALED(e->status)) {
		snprintf(buf, cap, "killed by signal %d", WTERMSIG(e->status));
		return true;
	}
	st = WEXITSTATUS(e->status);
	snprintf(buf, cap, "exit status %d%s", st,
	    st == 127	  ? ": command not found?" :
		st == 126 ? ": not executable?" :
			    "");
	return true;
}

void
engine_stop(struct engine *e, bool kill_it)
{
	if (e->pid == -1)
		return;
	/* Our end does not block: a program that does not read is killed. */
	if (!kill_it && !e->exited && write(e->to, "quit\n", 5) != 5)
		kill_it = true;
	else if (!kill_it && e->tap != NULL)
		e->tap(e->tap_arg, '>', "quit\n", 5);
	close(e->to);
	close(e->from);
	if (kill_it && !engine_reap(e, 0)) {
		kill(-e->pid, SIGKILL);
		e->killed = true;
	}
	if (!engine_reap(e, QUIT_GRACE)) {
		kill(-e->pid, SIGKILL);
		e->killed = true;
		if (waitpid(e->pid, &e->status, 0) == e->pid)
			e->exited = true;
	}
	/* Whatever it left running in its group goes too. */
	kill(-e->pid, SIGKILL);
	e->pid = -1;
	e->len = e->taken = 0;
	running[e->slot] = 0;
}

double
engine_now(void)
{
	return clock_seconds(CLOCK_MONOTONIC);
}

double
engine_deadline(double timeout)
{
	return timeout > 0 ? engine_now() + timeout : 0;
}

/*
 * Waits until fd is ready for events (or has hung up), the deadline
 * passes or the program has exited with nothing more ready on fd.
 * Returns 1, ENGINE_GONE, ENGINE_LATE or ENGINE_ERROR.
 */
static int
engine_wait(struct engine *e, int fd, short events, double deadline)
{
	struct pollfd pfd = { .fd = fd, .events = events };
	double	      left;
	int	      ms, r;

	for (;;) {
		ms = EXIT_CHECK;
		if (deadline > 0) {
			left = ceil((deadline - engine_now()) * 1000);
			if (left < ms)
				ms = left > 0 ? (int)left : 0;
		}
		/* Gone: one last look at what it left in the pipe. */
		if (e->exited)
			ms = 0;
		if ((r = poll(&pfd, 1, ms)) == -1) {
			if (errno == EINTR)
				continue;
			return ENGINE_ERROR;
		}
		if (r > 0)
			return 1;
		if (e->exited)
			return ENGINE_GONE;
		if (engine_reap(e, 0))
			continue;
		if (deadline > 0 && engine_now() >= deadline)
			return ENGINE_LATE;
	}
}

/* Writes n bytes of text whole before the deadline (engine_send). */
static int
send_bytes(struct engine *e, const char *text, size_t n, double deadline)
{
	ssize_t w;
	int	r;

	while (n > 0) {
		if ((w = write(e->to, text, n)) == -1) {
			if (errno == EINTR)
				continue;
			/* EPIPE: it closed its input, or is gone. */
			if (errno != EAGAIN && errno != EWOULDBLOCK)
				return ENGINE_GONE;
			if ((r = engine_wait(e, e->to, POLLOUT, deadline)) != 1)
				return r;
			continue;
		}
		text += w;
		n -= (size_t)w;
	}
	return 1;
}

int
engine_send(struct engine *e, const char *text, double deadline)
{
	if (e->tap != NULL)
		e->tap(e->tap_arg, '>', text, strlen(text));
	return send_bytes(e, text, strlen(text), deadline);
}

int
engine_send_line(struct engine *e, const char *line, double deadline)
{
	int r;

	if (e->tap != NULL)
		e->tap(e->tap_arg, '>', line, strlen(line));
	if ((r = send_bytes(e, line, strlen(line), deadline)) != 1)
		return r;
	return send_bytes(e, "\n", 1, deadline);
}

/* Drops the whole lines at the start of e->buf; a line begun stays. */
static void
drop_lines(struct engine *e)
{
	size_t n = e->len, i, start;

	while (n > 0 && e->buf[n - 1] != '\n')
		n--;
	for (i = start = 0; e->tap != NULL && i < n; i++)
		if (e->buf[i] == '\n') {
			e->tap(e->tap_arg, '<', e->buf + start,
			    i - start - (i > start && e->buf[i - 1] == '\r'));
			start = i + 1;
		}
	e->len -= n;
	memmove(e->buf, e->buf + n, e->len);
}

void
engine_drain(struct engine *e)
{
	ssize_t r;
	int	i;

	/* The line taken last time ends in a NUL now, not a newline. */
	e->len -= e->taken;
	memmove(e->buf, e->buf + e->taken, e->len);
	e->taken = 0;
	drop_lines(e);
	/* A program that floods its output is read as it answers. */
	for (i = 0; i < 16 && e->len < sizeof e->buf; i++) {
		r = read(e->from, e->buf + e->len, sizeof e->buf - e->len);
		if (r == -1 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		e->len += (size_t)r;
		drop_lines(e);
	}
}

long
engine_unread(const struct engine *e)
{
	int n;

	if (e->to == -1 || ioctl(e->to, FIONREAD, &n) == -1)
		return -1;
	return n;
}

bool
engine_started(struct engine *e)
{
	struct pollfd pfd[2];
	double	      left;

	if (e->answered || e->proven || e->pid == -1)
		return true;
	pfd[0] = (struct pollfd){ .fd = e->from, .events = POLLIN };
	pfd[1] = (struct pollfd){ .fd = e->to, .events = POLLOUT };
	for (;;) {
		if (engine_reap(e, 0))
			return false;
		/* Hung up with nothing to read: its output is closed. */
		if (poll(pfd, 2, 0) > 0 &&
		    (((pfd[0].revents & POLLHUP) &&
			 !(pfd[0].revents & POLLIN)) ||
			(pfd[1].revents & POLLERR)))
			return false;
		if ((left = e->started + ENGINE_GRACE - engine_now()) <= 0)
			break;
		usleep(left < 0.01 ? (useconds_t)(left * 1e6) : 10000);
	}
	e->proven = true;
	return true;
}

int
engine_read(struct engine *e, double deadline, char **line, size_t *len)
{
	char   *nl;
	ssize_t r;

	/* The line taken last time goes; what followed it stays. */
	e->len -= e->taken;
	memmove(e->buf, e->buf + e->taken, e->len);
	e->taken = 0;
	while ((nl = memchr(e->buf, '\n', e->len)) == NULL) {
		if (e->len == sizeof e->buf)
			return ENGINE_LONG;
		if ((r = engine_wait(e, e->from, POLLIN, deadline)) != 1)
			return r;
		r = read(e->from, e->buf + e->len, sizeof e->buf - e->len);
		if (r == -1 &&
		    (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK))
			continue;
		if (r <= 0)
			return ENGINE_GONE;
		e->len += (size_t)r;
	}
	e->taken = (size_t)(nl + 1 - e->buf);
	*nl = '\0';
	if (nl > e->buf && nl[-1] == '\r')
		*--nl = '\0';
	*line = e->buf;
	*len = (size_t)(nl - e->buf);
	e->answered = true;
	if (e->tap != NULL)
		e->tap(e->tap_arg, '<', *line, *len);
	return 1;
}
