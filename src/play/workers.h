/* SPDX-License-Identifier: MIT */
/*
 * The games of gameplay match -j N played at once (gameplay(1)): each
 * game i in a child process of its own, forked from the referee with
 * everything the match settings say, that plays it with engines of its
 * own and hands back what it wrote through a pipe; the referee takes the
 * results in game order or in the order they end, and starts no more
 * games once told to stop.  What a game is and what its result means are
 * the caller's (cmd-match.c): here a result is bytes and an exit status.
 * A child killed, or one that exits with a failure, stops the run; a
 * SIGINT, SIGTERM or SIGHUP to the referee is passed on to the children,
 * whose engine.c handlers kill their engines.
 */
#ifndef ARBITER_PLAY_WORKERS_H
#define ARBITER_PLAY_WORKERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What take returns to start no more games (an SPRT decided). */
#define PLAY_WORKERS_STOP (-1)

/*
 * A run: games 0 to games - 1 but those done says are in already, at
 * most n at once (1 to CLI_JOBS_MAX).
 *
 * play runs in the child for game i: it plays the game, writes what
 * take is to get to out (borrowed; the child closes it) and returns an
 * exit status, CLI_OK when the game was played.  The child then exits
 * without flushing anything of the parent's stdio.
 *
 * take runs in the referee for each game played (child status CLI_OK),
 * in game order, or as they end with completion: text (len bytes and a
 * NUL, borrowed) is what play wrote.  It returns CLI_OK to go on,
 * PLAY_WORKERS_STOP to start no more games (those running are stopped
 * and never taken), or another exit status to stop the run with.
 */
struct play_workers {
	unsigned long n, games;
	bool	      completion;
	void	     *arg;
	bool (*done)(void *arg, unsigned long i);
	int (*play)(void *arg, unsigned long i, FILE *out);
	int (*take)(void *arg, unsigned long i, const char *text, size_t len);
};

/*
 * Runs w.  Returns CLI_OK when every game was taken or take said stop;
 * a child's exit status other than CLI_OK (the child said why); take's
 * exit status; or CLI_USAGE after saying that a child could not be
 * started or was killed (by a signal, or a result cut short).  Either way
 * no child is left running.
 */
int play_workers_run(const struct play_workers *w);

#endif
