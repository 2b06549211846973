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
#ifndef ARBITER_MATCH_SCHEDULE_H
#define ARBITER_MATCH_SCHEDULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "match/game.h"
#include "match/proto.h"
#include "record/record.h"
#include "report/report.h"
#include "rules/rules.h"
#include "stat/stat.h"

/*
 * One opening: where it came from (its Opening tag), its start position
 * (a Setup tag value in the codec's canonical spelling, or NULL: the
 * game's start) and the turn tokens played from there, canonical too.
 * All owned.
 */
struct match_opening {
	char  *name; /* "FILE#N", N the record's number from 1 */
	char  *setup;
	char **turns;
	size_t nturns;
};

/* The openings of a file, in its order. */
struct match_openings {
	struct match_opening *list;
	size_t		      n, cap;
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
 * failure *o holds nothing to free but what match_openings_fini frees.
 */
int match_openings_read(struct match_openings *o, const char *path,
    const struct rules_game *g, const char *spec, struct record_syntax *syn);
/*
 * Sets up game pg (just started, match_game_init) from opening op: its
 * position replaced by the Setup, its turns played, so that the record
 * written has them as its first turns.  pg->setup borrows op->setup.
 * Returns 0, or -1 with d filled (no memory; a turn the opening's
 * replay accepted cannot fail otherwise).
 */
int match_opening_start(const struct match_opening *op,
    struct record_syntax *syn, struct match_game *pg, struct diag *d);
/* Releases the openings; o may be zeroed storage never read into. */
void match_openings_fini(struct match_openings *o);

/* The order --openings-order gives the openings. */
enum match_order {
	MATCH_ORDER_SEQUENTIAL,
	MATCH_ORDER_RANDOM,
};

/* --tournament: which engines meet. */
enum match_tournament {
	MATCH_TOURNAMENT_NONE,	      /* two programs, -b and -w */
	MATCH_TOURNAMENT_ROUND_ROBIN, /* every engine against every other */
	MATCH_TOURNAMENT_GAUNTLET,    /* the first against each other */
};

/*
 * The schedule of a match: its pairings of engines (one, 0 against 1,
 * without a tournament; else per_pairing games of each pairing, one
 * pairing after the other, engine a before b: (0, 1), (0, 2) ... (1, 2)
 * ... for a round robin, (0, 1), (0, 2) ... for a gauntlet).  Within a
 * pairing, game j: colours alternate game by game (alternate), the first
 * engine Black in game 0; openings are taken in order or in an order
 * shuffled from seed, each once or twice in a row with the colours
 * reversed (repeat; it implies alternate).  Game i (from 0, across the
 * match) rolls its dice from seed + i.  Set it up with
 * match_schedule_init; its fields are its own.
 */
struct match_schedule {
	unsigned long	      seed;
	bool		      alternate, repeat;
	int		      black; /* the colour named black */
	enum match_tournament kind;
	size_t		      nengines;	   /* 2 without a tournament */
	unsigned long	      per_pairing; /* -n of a tournament */
	size_t		      npairings;
	size_t		      nopenings; /* 0: none */
	size_t		     *order;	 /* the openings' order, owned */
};

/* What game i (from 0) is. */
struct match_slot {
	size_t	 pairing;	       /* from 0, in the order above */
	size_t	 engine[2];	       /* the pairing's engines, by index */
	int	 start[RULES_COLOURS]; /* who holds colour c: 0 for
					  engine[0], 1 for engine[1] */
	long	 opening;	       /* an index into the openings, or -1 */
	uint64_t seed;		       /* the game's dice */
};

/*
 * Sets up the schedule s from its settings (seed, alternate, repeat,
 * black, and for a tournament kind, nengines (2 or more) and per_pairing
 * in *s already; nopenings openings in order).  Returns 0, or -1 when
 * memory runs out.
 */
int match_schedule_init(
    struct match_schedule *s, size_t nopenings, enum match_order order);
void match_schedule_fini(struct match_schedule *s);
/* How many games the schedule has: per_pairing of each pairing. */
unsigned long match_schedule_games(const struct match_schedule *s);
/* Fills *slot with what game i (from 0) is. */
void match_schedule_game(
    const struct match_schedule *s, unsigned long i, struct match_slot *slot);

/*
 * A tournament's tally (tourney.c): each engine's games by colour, the
 * cross table of the pairings, and the ratings gamestat would fit to the
 * records (stat_ratings with its prior of 1), for the summary.
 */
struct match_tourney {
	struct report_tournament rt;	  /* what the summary writes */
	struct report_entrant	*entrant; /* [nengines], owned */
	struct report_pairing	*pairing; /* [npairings], owned */
	struct stat_summary	*sum;	  /* the ratings' games, owned */
	struct stat_group	*group;
	long			*player; /* each engine's number there */
};

/*
 * Sets up the tally of schedule s's tournament between the engines
 * called names[0..s->nengines - 1] (borrowed, distinct) of game g on
 * board.  Returns 0, or -1 when memory runs out.
 */
int match_tourney_init(struct match_tourney *t, const struct match_schedule *s,
    const char *const *names, const struct rules_game *g, const char *board);
/*
 * Counts a game of slot that ended in pg: start as the slot's (who held
 * each colour at the start), winner a colour or -1, aborted when the turn
 * cap stopped it (a draw for the cross table, no game for the ratings,
 * as gamestat leaves it unfinished).  Returns 0, or -1 when memory runs
 * out.
 */
int match_tourney_count(struct match_tourney *t, const struct match_slot *slot,
    const struct match_game *pg, const int start[RULES_COLOURS], int winner,
    bool aborted);
/* Fits the ratings for the summary: 0, or -1 when memory runs out. */
int  match_tourney_finish(struct match_tourney *t);
void match_tourney_fini(struct match_tourney *t);

/*
 * An engine as -b, -w, --engine or a line of --engines gives it
 * (entrants.c, gameplay(1) "Engines"): a bare command, or settings
 * `name=N,proto=P,option=LINE,...,cmd=CMD', cmd last (it takes the rest
 * of the spec, commas included).  spec is borrowed, the rest points into
 * text or spec; name and proto are NULL when not given.
 */
struct match_entrant {
	const char		 *spec; /* as given: the match id hashes it */
	char			 *text; /* the settings split, owned */
	const char		 *cmd, *name;
	const struct match_proto *proto;
	const char		**options; /* option= lines in order, owned
					      array */
	size_t			  noptions, options_cap;
};
/*
 * Reads spec into *en; where names it in messages ("--engine", "FILE:3").
 * Returns 0, or -1 after saying what is wrong (an unknown setting, an
 * unknown protocol, a setting given twice, an empty value or one with a
 * control character, no cmd= at the end); *en is then for
 * match_entrant_fini still.
 */
int match_entrant_parse(
    struct match_entrant *en, const char *spec, const char *where);
void match_entrant_fini(struct match_entrant *en);

/*
 * Reads --engines FILE (entrants.c): one engine's spec a line; blank
 * lines and lines starting with `#' are not engines.  The lines go into
 * *text (a new string, the caller frees it) and *names points into it (a
 * new array of *n), (*lines)[i] the line number of names[i] (a new array
 * grown alongside, its capacity *lines_cap).  Returns 0, or -1 after
 * saying why.
 */
int match_engines_read(const char *path, char **text, const char ***names,
    size_t *n, size_t *cap, unsigned long **lines, size_t *lines_cap);

#endif
