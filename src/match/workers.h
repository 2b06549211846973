/* SPDX-License-Identifier: MIT */
/*
 * The games of gameplay match -j N played at once (gameplay(1)): N child
 * processes forked from the referee with the match as it stands, each
 * told one game number at a time and playing it with engines of its own
 * (kept from game to game, as one referee keeps them), so that "play game
 * i" needs nothing but the settings and i; each result comes back whole
 * through a pipe, and the referee takes the results in game order or in
 * the order they end, and starts no more games once told to stop.  What
 * a game is and what its result means are the caller's (jobs.c):
 * here a result is bytes and an exit status.  A child killed, or a game
 * that fails, stops the run; a SIGINT, SIGTERM or SIGHUP to the referee
 * is passed on to the children, whose engine.c handlers kill their
 * engines.
 */
#ifndef ARBITER_MATCH_WORKERS_H
#define ARBITER_MATCH_WORKERS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What take returns to start no more games (an SPRT decided). */
#define MATCH_WORKERS_STOP (-1)

/*
 * A run: games 0 to games - 1 but those done says are in already, at
 * most n at once (1 to CLI_JOBS_MAX) in n children.
 *
 * play runs in a child for each game i it is given: it plays the game,
 * writes what take is to get to out (borrowed) and returns an exit
 * status, CLI_OK when the game was played; after another status the
 * child plays no more.  end runs in the child as it leaves (its engines
 * stopped: kill says they must be killed, not asked to quit); the child
 * exits without flushing anything of the parent's stdio.
 *
 * take runs in the referee for each game played (status CLI_OK), in game
 * order, or as they end with completion: text (len bytes and a NUL,
 * borrowed) is what play wrote.  It returns CLI_OK to go on,
 * MATCH_WORKERS_STOP to start no more games (those running are stopped
 * and never taken), or another exit status to stop the run with.  In
 * game order a failure of game i is the run's end once the games before
 * i are taken.
 */
struct match_workers {
	unsigned long n, games;
	bool	      completion;
	void	     *arg;
	bool (*done)(void *arg, unsigned long i);
	int (*play)(void *arg, unsigned long i, FILE *out);
	int (*take)(void *arg, unsigned long i, const char *text, size_t len);
	void (*end)(void *arg, bool kill);
};

/*
 * Runs w.  Returns CLI_OK when every game was taken or take said stop;
 * play's exit status other than CLI_OK (play said why); take's exit
 * status; or CLI_USAGE after saying that a child could not be started or
 * was killed (a result cut short).  Either way no child is left running.
 */
int match_workers_run(const struct match_workers *w);

#endif
