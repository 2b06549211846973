/* SPDX-License-Identifier: MIT */
/*
 * gameplay analyze (gameplay(1)): every position of every game of some
 * records valued by an analyser, and each turn's record comment saying
 * the value of the turn played, the analyser's best and the loss
 * (formats/record.md, "Analyses").  The analysers: the built-in players
 * (greedy's evaluation searched --depth actions deep; random and mcts name
 * a best turn only), a program over one of the match's protocols (proto.h,
 * engine.h: the match's own layer, time-outs and all) and the exact
 * solver for the positions within its reach.  The inputs are streamed
 * (design.md §1, memory bounded whatever their size): a batch of games
 * read, analysed one after the other or by workers (workers.h, -j),
 * written in order and freed, then the next; --resume reads back what
 * -o holds, each record checked against the next game of the inputs as
 * both are read, and goes on after it (resume.h).  The command entry
 * is src/play/cmd-analyze.c's: analyze_init, analyze_option for each
 * option, analyze_run, analyze_fini.
 */
#ifndef ARBITER_MATCH_ANALYZE_H
#define ARBITER_MATCH_ANALYZE_H

#include <stdbool.h>
#include <stdio.h>

#include "match/game.h"
#include "match/proto.h"
#include "solve/solve.h"

/* The getopt_long values of analyze's options without a short name. */
enum {
	ANALYZE_OPT_ENGINE = MATCH_OPT_OWN,
	ANALYZE_OPT_PROTOCOL,
	ANALYZE_OPT_PLAYER,
	ANALYZE_OPT_SOLVER,
	ANALYZE_OPT_DEPTH,
	ANALYZE_OPT_TIME,
	ANALYZE_OPT_EMPTIES,
	ANALYZE_OPT_TIMEOUT,
	ANALYZE_OPT_RESUME,
	ANALYZE_OPT_YAML,
};

/* The solver's empties by default, and its budget per position. */
#define ANALYZE_EMPTIES	    14
#define ANALYZE_SOLVE_NODES 20000000ULL
/* The deepest search of the built-in analyser (actions). */
#define ANALYZE_DEPTH_MAX 6
/*
 * A batch: at most so many games, or the first game past so many bytes
 * of turns, in memory at once.  The environment's
 * ARBITER_TEST_ANALYZE_BATCH sets the games (tests: batches of 3).
 */
#define ANALYZE_BATCH	    256
#define ANALYZE_BATCH_BYTES ((size_t)4 << 20)

enum analyze_kind {
	ANALYZE_NONE,
	ANALYZE_PLAYER,
	ANALYZE_ENGINE,
	ANALYZE_SOLVER,
};

/* One game to analyse, as read: all owned. */
struct analyze_game {
	const struct rules_game *game;
	char			*board; /* the board's spec */
	char			*setup; /* the Setup tag, or NULL */
	char		       **names; /* tags: name, value, ... */
	size_t			 ntags;
	char		       **turns; /* the turns played, passes written */
	size_t			 nturns;
	char			*result; /* the result token */
};

/* What a position was valued at by the analyser. */
struct analyze_point {
	bool reached;	/* the analyser said something */
	bool has_value; /* value is its */
	long value;	/* thousandths, for the first colour */
	long depth;	/* -1: none */
	char best[512]; /* its best action, "" none */
	/* Set by the game's loop: the turn's first chosen action, and
	 * whether it is the turn's only one. */
	char played[512];
	bool single;
	int  nchosen; /* the turn's chosen actions */
	int  colour;  /* the mover's */
	/* The turn played valued by the same search (greedy), for the
	 * first colour; else the next position's value is the turn's. */
	bool has_after;
	long after;
};

/*
 * The command: what the options say, then what it runs with.  The
 * caller's storage (analyze_init, analyze_fini); its fields are this
 * module's.
 */
struct analyze {
	enum analyze_kind	  kind;
	const char		 *player_spec, *engine_cmd;
	const struct match_proto *proto;
	unsigned long		  depth;   /* --depth: 0 the default */
	double			  seconds; /* --time: per position */
	int			  empties; /* --empties */
	double			  timeout, startup_timeout;
	const char		 *output;
	bool			  resume, yaml;
	unsigned long		  jobs;
	const struct rules_game	 *force_game; /* -g */

	struct record_syntax *syn;
	/* The inputs as they are read: paths[ipath] by rd from in. */
	char		    **paths;
	int		      npaths, ipath;
	FILE		     *in;
	struct record_reader *rd;
	struct replay	      rp;
	unsigned long	      nread; /* the legal games read */
	/* The batch: games[0] is game base of the inputs (from 0). */
	struct analyze_game *games;
	size_t		     ngames, batch, taken; /* taken: written */
	unsigned long	     base;
	bool		     skipped; /* a record not legal, not analysed */
	unsigned long	     ndone;
	FILE		    *out;
	struct cli_output    outf;
	bool		     out_failed;
	struct match_side    side;
	struct match_tc	     tc;
	struct player	    *player;
	bool		     greedy; /* the player's values by search */
	struct solve	    *solver;
	unsigned long	     positions; /* analysed, for the progress */
	char		     name[300]; /* the analyser, for --yaml */
};

void analyze_init(struct analyze *a);
void analyze_fini(struct analyze *a);
/* Takes option c with arg into settings (a struct analyze): 0, or -1. */
int analyze_option(void *settings, int c, const char *arg);
/*
 * Analyses the records of the n files at paths ("-": stdin) as a's
 * options say.  Returns the exit status (gameplay(1)), every failure
 * said on stderr.
 */
int analyze_run(struct analyze *a, char **paths, int n);

/*
 * analysers.c: values the position of pg (the mover's choice, dice
 * rolled) into *pt.  Returns CLI_OK, or the exit status after saying
 * why the analyser failed (it crashed, hung or answered no action: it
 * is stopped, to be started afresh).
 */
int analyze_point(struct analyze *a, struct match_game *pg,
    struct analyze_point *pt, const char *where);
/*
 * analysers.c: the built-in greedy analyser values the turn just played
 * in pg (nactions chosen in it) as its search valued the best, into
 * pt->after: the search nactions shallower.  Nothing for another
 * analyser.  Returns CLI_OK or CLI_INTERNAL (memory, said).
 */
int analyze_after(struct analyze *a, const struct match_game *pg, int nactions,
    struct analyze_point *pt);
/* analysers.c: makes the analyser of the options: CLI_OK or a status. */
int analyze_analyser_start(struct analyze *a);
/* analysers.c: stops it (kill: at once). */
void analyze_analyser_stop(struct analyze *a, bool kill);

#endif
