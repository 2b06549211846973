/* SPDX-License-Identifier: MIT */
/*
 * The programs gameplay match runs (formats/protocol.md): starting one
 * with `sh -c CMD' in its own process group over two pipes, writing lines
 * to it and reading its answers, every write and read bounded by a
 * deadline and by the program's exit, the grace in which it must prove
 * it started, and stopping it.  No protocol is spoken here: a line is
 * text.  What the lines mean, and what a failure costs in a game, is the
 * protocol's (proto-arbiter.c speaks formats/protocol.md; another protocol,
 * GTP or NBoard, would be another client of the same calls).
 *
 * A program's life: engine_init once, then engine_start; engine_send and
 * engine_read (with engine_drain between requests) until one of them
 * returns ENGINE_GONE, ENGINE_LATE or ENGINE_LONG, or the game is over;
 * engine_stop, after which engine_start may run it afresh.  Nothing here
 * prints; every failure is a return value.
 */
#ifndef ARBITER_MATCH_ENGINE_H
#define ARBITER_MATCH_ENGINE_H

#include <sys/types.h>

#include <stdbool.h>
#include <stddef.h>

/* The longest answer, its newline not counted (formats/protocol.md). */
#define ENGINE_ANSWER_MAX 4096

/*
 * A program playing one side (engine_init).  Our ends of its pipes never
 * block.
 */
struct engine {
	const char *cmd;      /* borrowed */
	int	    slot;     /* 0 or 1: its place for signals */
	pid_t	    pid;      /* -1: not running */
	int	    to, from; /* its stdin, its stdout */
	bool	    exited;   /* reaped: status is its wait status */
	bool	    killed;   /* by us, before it exited */
	int	    status;
	bool	    answered; /* a line read, ever (engine_start
					   keeps it) */
	double	    started;  /* when this run began */
	bool	    proven;   /* this run lived out its grace */
	char	    buf[ENGINE_ANSWER_MAX + 1]; /* read, not taken */
	size_t	    len, taken;
	/*
	 * Called with every text written to the program (dir '>') and
	 * every line read from it, taken or drained (dir '<', without its
	 * newline); NULL: none.  The caller's (gameplay match --log).
	 */
	void (*tap)(void *arg, int dir, const char *text, size_t len);
	void *tap_arg;
};

/* What engine_send and engine_read return besides 1 (done). */
#define ENGINE_GONE  0	  /* it exited or closed the pipe */
#define ENGINE_ERROR (-1) /* poll failed (errno) */
#define ENGINE_LATE  (-2) /* the deadline passed */
#define ENGINE_LONG  (-3) /* an answer longer than ENGINE_ANSWER_MAX */

/*
 * Ignores SIGPIPE (a program gone is ENGINE_GONE, not a signal) and makes
 * SIGINT, SIGTERM and SIGHUP kill the running programs' process groups
 * before they end gameplay as usual.
 */
void engine_signals(void);
/*
 * Sets up e, not running, in slot (0 or 1: its place for the signal
 * handler, one per running program); e->cmd is the caller's to set.
 */
void engine_init(struct engine *e, int slot);
/*
 * Starts e->cmd (not running); 0, or -1 (errno) when no pipe or process
 * can be made.  A command that cannot be run is a program that exits
 * at once (status 127): engine_started says so.
 */
int engine_start(struct engine *e);
/*
 * Stops a running program (else does nothing): asks it to quit and waits
 * a moment unless kill_it, then kills its process group.  e->exited and
 * e->status say how it ended, and e->killed whether we ended it.
 */
void engine_stop(struct engine *e, bool kill_it);
/* The monotonic clock, in seconds: what deadlines are measured on. */
double engine_now(void);
/*
 * The deadline of a request that may take timeout seconds from now, for
 * engine_send and engine_read; 0 (none) for a timeout of 0.
 */
double engine_deadline(double timeout);
/*
 * Writes text whole before the deadline: 1, or ENGINE_GONE, ENGINE_LATE
 * (a part may have been written) or ENGINE_ERROR.
 */
int engine_send(struct engine *e, const char *text, double deadline);
/* engine_send of line (no newline in it) and a newline after it. */
int engine_send_line(struct engine *e, const char *line, double deadline);
/*
 * Reads one line before the deadline, its newline and a CR before it
 * removed: *line points to it in e, NUL-ended, valid until the next
 * read, and *len is its length (a NUL inside it is part of the line).
 * Returns 1, or ENGINE_GONE (the end of its output; what it wrote
 * before it exited is read first), ENGINE_LATE, ENGINE_LONG (the program
 * should be stopped: the rest of the line is unread) or ENGINE_ERROR.
 */
int engine_read(struct engine *e, double deadline, char **line, size_t *len);
/*
 * Forgets what the program wrote and was not read, in e and in the pipe
 * now (a bounded amount), so that a line written beyond an answer is not
 * taken for the answer to the next request.
 */
void engine_drain(struct engine *e);
/*
 * How many bytes sent to the program it has not read yet, or -1 where
 * the system cannot say (FIONREAD on the pipe's end is Linux's).
 */
long engine_unread(const struct engine *e);
/* How long a program must live to have started, in seconds. */
#define ENGINE_GRACE 1.0

/*
 * Whether this run of the program has started: it has answered once, or
 * lived ENGINE_GRACE seconds with its pipes open.  Waits for the rest of
 * the grace (only the first time, and only for a program that has not
 * answered yet); false when the program exited or closed its input or
 * output within it.
 */
bool engine_started(struct engine *e);
/*
 * Waits up to ms milliseconds for the program to exit, and notes how it
 * did; whether it has.
 */
bool engine_reap(struct engine *e, int ms);
/*
 * How the program ended, after waiting up to ms milliseconds for it to
 * exit (engine_reap): into buf, "exit status 127: command not found?",
 * "exit status 3" or "killed by signal 9".  Returns whether it has exited;
 * if not (it closed a pipe but lives on), buf is "".
 */
bool engine_exit_text(struct engine *e, int ms, char *buf, size_t cap);

#endif
