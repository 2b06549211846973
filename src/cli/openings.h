/* SPDX-License-Identifier: MIT */
/*
 * Opening names (gamecheck --opening-names FILE, formats/openings.md): a
 * file of lines of turns, each with a name or none (an XOT list's lines,
 * known by their number), read once and replayed from the game's start;
 * a record's opening is the deepest of its positions that is one of the
 * file's, under the symmetries the game's rules respect, so that a
 * transposition, a mirrored game and a game set up at an XOT position
 * are known alike.
 */
#ifndef ARBITER_CLI_OPENINGS_H
#define ARBITER_CLI_OPENINGS_H

#include <stddef.h>

#include "record/record.h"
#include "referee/referee.h"

struct cli_openings;

/* What a record's opening is: the file's line number-th entry. */
struct cli_opening {
	const char   *name;   /* NULL: an entry without a name */
	unsigned long number; /* 1-based, in the file's order */
	size_t	      turns;  /* the entry's turns */
};

/*
 * Reads the names file at path: NULL after saying what is wrong (file,
 * line and why: exit status 2).
 */
struct cli_openings	 *
cli_openings_load(struct record_syntax *, const char *path);
void cli_openings_free(struct cli_openings *);

/* Hooks the run's replay options, so the record's positions are seen. */
void
cli_openings_replay_options(struct cli_openings *, struct replay_options *ro);
/* Before each record's replay. */
void cli_openings_begin(struct cli_openings *);
/*
 * After it: the opening of the record just replayed into *o, true, or
 * false when none of its positions is one of the file's (or it is
 * another game or board than the file's).
 */
bool cli_openings_match(const struct cli_openings *, struct cli_opening *o);

#endif
