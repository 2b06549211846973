/* SPDX-License-Identifier: MIT */
/*
 * The engine side of the protocols (gameplay engine): a built-in player
 * answering a referee on standard input and output, one table entry per
 * protocol and one file each (serve-arbiter.c, serve-gtp.c,
 * serve-nboard.c), as proto.h is the referee's side of the same
 * protocols.  A protocol is its session loop over stdin and stdout; the
 * player and the seed are the command's.  Another protocol is one more
 * file and one more line in serve.c's table.
 */
#ifndef ARBITER_MATCH_SERVE_H
#define ARBITER_MATCH_SERVE_H

#include <stddef.h>

struct player;

/* A protocol spoken as the engine. */
struct match_serve {
	const char *name; /* "arbiter", "gtp", "nboard" */
	/*
	 * Plays pl (borrowed) on standard input and output until the
	 * referee's `quit' or the end of the input, game k of the session
	 * seeded with seed + k - 1.  Returns the exit status.
	 */
	int (*serve)(struct player *pl, unsigned long seed);
};

extern const struct match_serve match_serve_arbiter;
extern const struct match_serve match_serve_gtp;
extern const struct match_serve match_serve_nboard;

/* The protocol called name, or NULL. */
const struct match_serve *match_serve_find(const char *name);

/*
 * The protocols' names for a message, in the table's order: "arbiter,
 * gtp or nboard", into buf (cap bytes, cut short if need be).
 */
void match_serve_names(char *buf, size_t cap);

#endif
