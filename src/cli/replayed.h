/* SPDX-License-Identifier: MIT */
/*
 * What gamecheck does with a record the referee replayed, beyond the
 * referee's verdict: the policy of --require-finished (finished.c) and
 * the conversion of the record to another format for --write
 * (convert.c).  The only header of src/cli that includes the referee's.
 */
#ifndef ARBITER_CLI_REPLAYED_H
#define ARBITER_CLI_REPLAYED_H

#include <stdbool.h>

#include "record/record.h"
#include "referee/referee.h"
#include "solve/line.h"

/*
 * --require-finished: an unfinished game is an error.  Gives rp (the
 * replay of rec) its error, DIAG_UNFINISHED at the last turn of rec (its
 * start if it has none), when the game is unfinished, not decided by a
 * forfeit and without an error yet; does nothing otherwise.
 */
void cli_require_finished(const struct record *rec, struct replay *rp);

/* What cli_convert_write did. */
enum cli_convert {
	CLI_CONVERT_NOMEM = -2,	    /* memory ran out */
	CLI_CONVERT_FAILED = -1,    /* the output failed (ferror) */
	CLI_CONVERT_DONE = 0,	    /* written, or left out */
	CLI_CONVERT_UNWRITABLE = 1, /* the format cannot hold it: said */
};

/*
 * --write: writes rec (read from input name) as the referee judged it in
 * rp, to the writer x: a valid record with the turns the replay kept
 * (replay_options.keep_turns), or, with keep_illegal, one with errors as
 * it was written; another is left out.  A record the format cannot hold
 * is said as a diagnostic on name ("record N: ...") and written as
 * nothing.  Returns what it did; nothing is said for a failure.
 */
enum cli_convert cli_convert_write(struct record_export *x, const char *name,
    const struct record *rec, const struct replay *rp, bool keep_illegal);

/*
 * gamecheck --solve N (perfect.c): each record's line under the exact
 * solver from its first position with at most N empties (formats/report.md,
 * perfect-play), within a budget per record.  The caller's storage:
 * cli_perfect_init before the first record, cli_perfect_fini after the
 * last; the solver and its table (SOLVE_TT_DEFAULT) are made at the first
 * record solved.
 */
struct cli_perfect {
	int		     empties;
	struct solve_options opt; /* the budget of one record */
	struct solve	    *sv;
	struct replay	     start; /* a record's start position */
	struct rules_action *acts;    /* its line */
	unsigned long	    *turn_of; /* each action's turn, from 0 */
	size_t		    *offs;    /* record_turn_parse's, unread */
	size_t		     acts_cap, turn_cap, offs_cap;
	struct solve_line    line; /* the last record's line */
};

void cli_perfect_init(
    struct cli_perfect *, int empties, const struct solve_options *opt);
void cli_perfect_fini(struct cli_perfect *);
/*
 * Solves the line of rec (named name), replayed in rp with the options ro
 * and keep_turns: cp->line what the solver found (8x8 Reversi's endgame
 * solver, the generic one for every other game and board; a note if the
 * budget ran out).  A WTHOR record's theoretical score is checked: a
 * mismatch is rp's error (wthor-theoretical-mismatch), or said on stderr
 * if it has one already; a note says when it cannot be checked.  Returns
 * 1, 0 for a malformed record (nothing to solve), or -1 when memory runs
 * out or the turns kept cannot be played again (said).
 */
int cli_perfect_record(struct cli_perfect *, struct record_syntax *,
    const char *name, const struct record *rec, struct replay *rp,
    const struct replay_options *ro);

#endif
