/* SPDX-License-Identifier: MIT */
/*
 * The programs gameplay match runs (formats/protocol.md): starting one
 * with `sh -c CMD' in its own process group over two pipes, writing lines
 * to it and reading its answers, every write and read bounded by a
 * deadline and by the program's exit, and stopping it.  What the lines
 * mean, and what a failure costs in a game, is cmd-match.c's.
 */
#ifndef ARBITER_PLAY_ENGINE_H
#define ARBITER_PLAY_ENGINE_H

#include <sys/types.h>

#include <stdbool.h>
#include <stddef.h>

/* The longest answer, its newline not counted (formats/protocol.md). */
#define ENGINE_ANSWER_MAX	4096

/*
 * A program playing one side; zero it but for cmd, slot and pid = -1.
 * Our ends of its pipes never block.
 */
struct engine {
	const char	*cmd;		/* borrowed */
	int		 slot;		/* 0 or 1: its place for signals */
	pid_t		 pid;		/* -1: not running */
	int		 to, from;	/* its stdin, its stdout */
	bool		 exited;	/* reaped: status is its wait status */
	bool		 killed;	/* by us, before it exited */
	int		 status;
	bool		 answered;	/* a line read, ever (engine_start
					   keeps it) */
	double		 started;	/* when this run began */
	bool		 proven;	/* this run lived out its grace */
	char		 buf[ENGINE_ANSWER_MAX + 1];	/* read, not taken */
	size_t		 len, taken;
};

/* What engine_send and engine_read return besides 1 (done). */
#define ENGINE_GONE	0	/* it exited or closed the pipe */
#define ENGINE_ERROR	(-1)	/* poll failed (errno) */
#define ENGINE_LATE	(-2)	/* the deadline passed */
#define ENGINE_LONG	(-3)	/* an answer longer than ENGINE_ANSWER_MAX */

/*
 * Ignores SIGPIPE (a program gone is ENGINE_GONE, not a signal) and makes
 * SIGINT, SIGTERM and SIGHUP kill the running programs' process groups
 * before they end gameplay as usual.
 */
void	engine_signals(void);
/* Starts e->cmd; 0, or -1 (errno) when no pipe or process can be made. */
int	engine_start(struct engine *e);
/*
 * Stops a running program (else does nothing): asks it to quit and waits
 * a moment unless kill_it, then kills its process group.  e->exited and
 * e->status say how it ended, and e->killed whether we ended it.
 */
void	engine_stop(struct engine *e, bool kill_it);
/*
 * The deadline of a request that may take timeout seconds from now, for
 * engine_send and engine_read; 0 (none) for a timeout of 0.
 */
double	engine_deadline(double timeout);
/*
 * Writes text whole before the deadline: 1, or ENGINE_GONE, ENGINE_LATE
 * (a part may have been written) or ENGINE_ERROR.
 */
int	engine_send(struct engine *e, const char *text, double deadline);
/*
 * Reads one line before the deadline, its newline and a CR before it
 * removed: *line points to it in e, NUL-ended, valid until the next
 * read, and *len is its length (a NUL inside it is part of the line).
 * Returns 1, or ENGINE_GONE (the end of its output; what it wrote
 * before it exited is read first), ENGINE_LATE, ENGINE_LONG (the program
 * should be stopped: the rest of the line is unread) or ENGINE_ERROR.
 */
int	engine_read(struct engine *e, double deadline, char **line,
	    size_t *len);
/*
 * Forgets what the program wrote and was not read, in e and in the pipe
 * now (a bounded amount), so that a line written beyond an answer is not
 * taken for the answer to the next request.
 */
void	engine_drain(struct engine *e);
/* How long a program must live to have started, in seconds. */
#define ENGINE_GRACE	1.0

/*
 * Whether this run of the program has started: it has answered once, or
 * lived ENGINE_GRACE seconds with its pipes open.  Waits for the rest of
 * the grace (only the first time, and only for a program that has not
 * answered yet); false when the program exited or closed its input or
 * output within it.
 */
bool	engine_started(struct engine *e);
/*
 * Waits up to ms milliseconds for the program to exit, and notes how it
 * did; whether it has.
 */
bool	engine_reap(struct engine *e, int ms);

#endif
