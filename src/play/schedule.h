/* SPDX-License-Identifier: MIT */
/*
 * What a match plays in each game, apart from playing it: the openings
 * read from --openings (openings.c: a file of records, each replayed and
 * checked legal) and the schedule (schedule.c: for game i, which program
 * holds which colour, which opening starts it, and its seed).  The
 * schedule does no I/O and keeps nothing that one game changes, so that
 * game i can be set up in any order, by any worker (-j), from the match's
 * settings and i alone.
 */
#ifndef ARBITER_PLAY_SCHEDULE_H
#define ARBITER_PLAY_SCHEDULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "play/play.h"
#include "record/record.h"
#include "rules/rules.h"

/*
 * One opening: where it came from (its Opening tag), its start position
 * (a Setup tag value in the codec's canonical spelling, or NULL: the
 * game's start) and the turn tokens played from there, canonical too.
 * All owned.
 */
struct play_opening {
	char  *name; /* "FILE#N", N the record's number from 1 */
	char  *setup;
	char **turns;
	size_t nturns;
};

/* The openings of a file, in its order. */
struct play_openings {
	struct play_opening *list;
	size_t		     n, cap;
};

/*
 * Reads every record of path (any format the reader sniffs: the record
 * notation, transcripts, CSV, GGF, SGF) as an opening of game g on board
 * spec (NULL: the game's default), replaying each and keeping its Setup
 * and its turns.  Returns 0, or the exit status after saying why on
 * stderr, as gamecheck does (file:line:col, the code): CLI_BAD for a
 * record not legal or not well formed, of another board, or a file
 * without records; CLI_USAGE for a file that cannot be read, or moves in
 * an opening of a game with dice (their dice would not be the match's:
 * formats/record.md, Seed); CLI_INTERNAL when memory runs out.  On
 * failure *o holds nothing to free but what play_openings_fini frees.
 */
int play_openings_read(struct play_openings *o, const char *path,
    const struct rules_game *g, const char *spec, struct record_syntax *syn);
/*
 * Sets up game pg (just started, play_game_init) from opening op: its
 * position replaced by the Setup, its turns played, so that the record
 * written has them as its first turns.  pg->setup borrows op->setup.
 * Returns 0, or -1 with d filled (no memory; a turn the opening's
 * replay accepted cannot fail otherwise).
 */
int play_opening_start(const struct play_opening *op,
    struct record_syntax *syn, struct play_game *pg, struct diag *d);
/* Releases the openings; o may be zeroed storage never read into. */
void play_openings_fini(struct play_openings *o);

/* The order --openings-order gives the openings. */
enum play_order {
	PLAY_ORDER_SEQUENTIAL,
	PLAY_ORDER_RANDOM,
};

/*
 * The schedule of a match of two programs, 0 and 1: colours alternate
 * game by game (alternate), openings are taken in order or in an order
 * shuffled from seed, each once or twice in a row with the colours
 * reversed (repeat; it implies alternate), game i rolling its dice from
 * seed + i.  Set it up with play_schedule_init; its fields are its own.
 */
struct play_schedule {
	unsigned long	seed;
	bool		alternate, repeat;
	int		black;	   /* the colour named black */
	size_t		nopenings; /* 0: none */
	size_t	       *order;	   /* the openings' order, owned */
};

/* What game i (from 0) is. */
struct play_slot {
	int	 start[RULES_COLOURS]; /* the program holding colour c */
	long	 opening;	       /* an index into the openings, or -1 */
	uint64_t seed;		       /* the game's dice */
};

/*
 * Sets up the schedule s from its settings (seed, alternate, repeat and
 * black in *s already; nopenings openings in order).  Returns 0, or -1
 * when memory runs out.
 */
int  play_schedule_init(struct play_schedule *s, size_t nopenings,
     enum play_order order);
void play_schedule_fini(struct play_schedule *s);
/* Fills *slot with what game i (from 0) is. */
void play_schedule_game(
    const struct play_schedule *s, unsigned long i, struct play_slot *slot);

#endif
