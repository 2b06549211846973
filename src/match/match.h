/* SPDX-License-Identifier: MIT */
/*
 * gameplay match (gameplay(1)): games between two programs, or a
 * tournament between several, each run with `sh -c CMD' and spoken to in
 * its protocol (proto.h), refereed and adjudicated here, the records
 * written as each game ends and a YAML summary (arbiter-match/1) at the
 * end; -j N plays games at once (workers.h), --resume reads back a file
 * of records (resume.h), --sprt stops when the test decides.  The command
 * entry (its getopt table and --help) is src/play/cmd-match.c's: it
 * calls match_init, match_option for each option, match_tournament_options,
 * then match_run.  The parts: options.c, sprt.c, setup.c, engines.c,
 * adjudicate.c, clock.c, tally.c, id.c, output.c, jobs.c, runner.c.
 */
#ifndef ARBITER_MATCH_MATCH_H
#define ARBITER_MATCH_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "match/game.h"
#include "match/proto.h"
#include "match/schedule.h"
#include "report/report.h"
#include "stat/elo.h"

/* The exit statuses of --sprt-exit besides 0, H1 accepted (gameplay(1)). */
#define MATCH_SPRT_H0	     4
#define MATCH_SPRT_UNDECIDED 5

/* The getopt_long values of match's options without a short name. */
enum {
	MATCH_OPT_ALTERNATE = MATCH_OPT_OWN,
	MATCH_OPT_TIMEOUT,
	MATCH_OPT_STARTUP_TIMEOUT,
	MATCH_OPT_BLACK_PROTOCOL,
	MATCH_OPT_WHITE_PROTOCOL,
	MATCH_OPT_TC,
	MATCH_OPT_BLACK_TC,
	MATCH_OPT_WHITE_TC,
	MATCH_OPT_SPRT,
	MATCH_OPT_SPRT_EXIT,
	MATCH_OPT_RESUME,
	MATCH_OPT_ORDER,
	MATCH_OPT_OPENINGS,
	MATCH_OPT_OPENINGS_ORDER,
	MATCH_OPT_REPEAT,
	MATCH_OPT_ENGINE,
	MATCH_OPT_ENGINES,
	MATCH_OPT_TOURNAMENT,
	MATCH_OPT_ADJUDICATE,
	MATCH_OPT_SLICE,
	MATCH_OPT_PAIRING,
	MATCH_OPT_LOG,
};

/*
 * --adjudicate resign:MOVES:SCORE and draw:MOVES:SCORE:FROM (adjudge.c):
 * the rules given, and in the game being played the runs of turns, by
 * colour, whose evaluations said a loss of resign_milli or more (lose),
 * a win of as much (win), or within draw_milli of 0 (near).
 */
struct match_adjudge {
	bool	      resign, draw;
	unsigned long resign_moves, draw_moves, draw_from;
	long	      resign_milli, draw_milli;
	unsigned long lose[2], win[2], near[2];
};

/*
 * A match: what the options say (the series, the programs' commands in
 * side[k].e.cmd, --alternate, --timeout), then what it is playing with.
 * The caller's storage, set up by match_init and released by match_fini;
 * its fields are this module's.
 */
struct match {
	struct match_series ps;
	struct match_side   side[2]; /* the first program, the second */
	bool		    alternate;
	double		    timeout;	     /* seconds per answer; 0: none */
	double		    startup_timeout; /* seconds to get ready; 0: none */
	struct match_tc	    tc[2];	     /* each side's clock */
	struct match_tc	    tc_both;	     /* --tc: the clock of a side with
					   none of its own */
	char		  **notes; /* the clock after each turn, owned */
	size_t		    nnotes, notes_cap;

	const char		 *output; /* -o, or NULL: stdout */
	bool			  resume;
	FILE			 *out;	  /* where the records go */
	struct cli_output	  outf;	  /* -o's file without --resume */
	bool			  out_failed; /* a write to out failed */
	char			  id[17]; /* the MatchId tag: 16 hex digits */
	bool			  sprt_on, sprt_exit;
	struct stat_sprt	  sprt; /* --sprt */
	struct report_match_stats stats;
	signed char	*counted; /* game i counted: 1 + the first program's
				 half points in it; 0: not (yet) */
	size_t		 counted_len, counted_cap;
	unsigned long	 ncounted;
	unsigned long	 jobs;		/* -j: games at once */
	bool		 completion;	/* --order completion */
	char		*names[2];	/* the sides' names from the games of
				     -j, owned */
	const char	*openings_path; /* --openings, or NULL */
	enum match_order order;		/* --openings-order */
	bool		 order_set;
	struct match_openings openings;
	struct match_schedule sch;     /* who plays what in game i */
	const char	    **engines; /* --engine, --engines: the specs,
					  borrowed */
	size_t		      nengines, engines_cap;
	char		     *engines_text; /* --engines, owned */
	const char	     *engines_path;
	unsigned long	     *engine_lines; /* each spec's line in
					       --engines (0: --engine) */
	size_t		      engine_lines_cap;
	struct match_entrant *entrant;	    /* [nengines]: the specs read */
	const char	    **entrant_names; /* [nengines]: name= or cmd */
	struct match_entrant  two[2];	/* -b and -w read (spec NULL: none) */
	bool		      proto_set[2]; /* --black-protocol, --white- */
	struct match_log      log;	    /* --log */
	struct match_tourney  tour;
	size_t		      loaded;	 /* the pairing in side[] */
	bool		      no_memory; /* counting a game failed */

	const struct rules_game *g;
	struct record_syntax	*syn;
	int			 black; /* the colour named black */
	bool			 adjudicate; /* --adjudicate solve:N */
	int			 adjudicate_empties; /* N */
	struct solve		*solver; /* its solver, made at its first use */
	struct match_adjudge	 adj;	 /* --adjudicate resign:, draw: */
	/*
	 * --slice I-J (games I to J from 1) and --pairing K, as given (NULL:
	 * not given), then the games they play: first to last, from 0, last
	 * excluded; the whole match without either.
	 */
	const char   *slice, *pairing_arg;
	unsigned long slice_first, slice_last, pairing;
	unsigned long first, last;
};

/* Sets up m with the defaults, before its options. */
void match_init(struct match *m);
/* Releases what m holds (the records' file is match_run's to close). */
void match_fini(struct match *m);
/*
 * Takes the option c (getopt_long's value: -b, -w, -o, -j, a series'
 * option or a MATCH_OPT_*) with its argument arg into settings, a struct
 * match.  Returns 0, or -1 after saying what is wrong with arg.
 */
int match_option(void *settings, int c, const char *arg);
/*
 * Reads --engines and checks a tournament's options, after the options:
 * the engines take the places of -b and -w.  Returns -1 to go on, else
 * the exit status after saying why.
 */
int match_tournament_options(struct match *m);
/* Whether both programs are named (-b and -w, or a tournament's). */
bool match_has_programs(const struct match *m);
/*
 * Plays the match of the game called name as m's options say, to its
 * summary, and closes the records' file.  Returns the exit status
 * (gameplay(1)), every failure said on stderr; MATCH_SPRT_H0 or
 * MATCH_SPRT_UNDECIDED with --sprt-exit.
 */
int match_run(struct match *m, const char *name);

/*
 * Reads --sprt's "elo0=A elo1=B alpha=X beta=Y", the words apart by
 * spaces or commas, into *t; elo0 and elo1 must be there, each key once,
 * and elo0 below elo1.  Returns 0, or -1 after saying what is wrong.
 */
int match_sprt_parse(const char *arg, struct stat_sprt *t);

/* Whether game i is counted: played, or read back by --resume. */
bool match_is_counted(const struct match *m, unsigned long i);
/* How a game ended, for its record, its line on stderr and the tally. */
struct match_ending {
	char why[160]; /* the Termination tag, or "" */
	int  winner;   /* a colour, or -1 */
	bool adjudicated, aborted;
	bool solved; /* --adjudicate solve: played out by the solver */
	bool drawn;  /* --adjudicate draw: ended drawn, no winner */
};
/*
 * --adjudicate solve:N (solved.c).  The Termination tag of a game the
 * solver ended begins with MATCH_SOLVED; a solve is given up after about
 * MATCH_SOLVE_NODES positions.  match_adjudicate_option reads the
 * option's argument (0, or -1 after saying what is wrong with it);
 * match_adjudicate_check refuses a game the solver does not serve (the
 * exit status after saying why, CLI_OK if it is served or no adjudication
 * is asked).  match_adjudicate_solve ends pg when its position has at
 * most N empty squares and is solved within the budget, playing the
 * solver's perfect line to the end (end->why and end->solved say so):
 * 1; 0 when it does not (the game goes on); -1 with errno.
 */
#define MATCH_SOLVED	  STAT_SOLVED_TERMINATION
#define MATCH_SOLVE_NODES 50000000
int match_adjudicate_option(struct match *m, const char *arg);
/*
 * --adjudicate resign: and draw: (adjudge.c).  The Termination tags of
 * the games they end: "white lost on evaluation", "drawn on evaluation"
 * (formats/record.md).  match_adjudge_option reads resign:MOVES:SCORE
 * or draw:MOVES:SCORE[:FROM] (0, or -1 after saying what is wrong).
 */
#define MATCH_LOST_ON_EVAL  REPLAY_LOST_ON_EVAL
#define MATCH_DRAWN_ON_EVAL REPLAY_DRAWN_ON_EVAL
int match_adjudge_option(struct match *m, const char *arg);
int match_adjudicate_check(const struct match *m, const struct match_game *pg);
int match_adjudicate_solve(
    struct match *m, struct match_game *pg, struct match_ending *end);

/*
 * Counts game i for the statistics: end->winner's holder at the end of pg
 * won it; an aborted game is a draw.  With --alternate, games 2j and
 * 2j + 1 are a pair with colours reversed, counted once both are in,
 * whichever comes first (--order completion, --resume).  Then the
 * figures, the SPRT's included, are brought up to date.  Returns 0, or
 * -1 (errno) when memory runs out.
 */
int
match_count_game(struct match *m, unsigned long i, const struct match_game *pg,
    const int start[RULES_COLOURS], const struct match_ending *end);
/* Whether --sprt's test has crossed a bound. */
bool match_decided(const struct match *m);

#endif
