/* SPDX-License-Identifier: MIT */
/*
 * The engine side of the protocols (gameplay engine): a built-in player
 * answering a referee on standard input and output, one table entry per
 * protocol and one file each (serve-arbiter.c, serve-gtp.c,
 * serve-nboard.c), as proto.h is the referee's side of the same
 * protocols.  A protocol is its session loop over stdin and stdout; the
 * player and the seed are the command's.  Another protocol is one more
 * file here, one for the referee's side (proto.h) and one line in
 * protocols.def, from which protocols.c makes both tables.
 */
#ifndef ARBITER_MATCH_SERVE_H
#define ARBITER_MATCH_SERVE_H

#include <stddef.h>
#include <stdio.h>

#include "cli/cli.h"

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

/* Each protocol's entry: match_serve_arbiter and so on (protocols.def). */
#define PROTOCOL(x) extern const struct match_serve match_serve_##x;
#include "match/protocols.def"
#undef PROTOCOL

/*
 * The protocol called name, or NULL (its names for a message:
 * match_protocol_names, proto.h).
 */
const struct match_serve *match_serve_find(const char *name);

/*
 * status once the answers written are flushed to the referee: where stdout
 * fails, the exit status that ends the session instead (cli_output_ok).
 */
static inline int
match_serve_flushed(int status)
{
	if (fflush(stdout) == EOF)
		return cli_output_ok(stdout, "stdout") ? CLI_INTERNAL :
							 CLI_USAGE;
	return status;
}

#endif
