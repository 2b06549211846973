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

#endif
