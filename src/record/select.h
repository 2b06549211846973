/* SPDX-License-Identifier: MIT */
/*
 * Selections: the expressions of --select (formats/select.md), read once
 * into a tree and asked of each record.  A record is seen through a
 * record_select_view that the caller fills from what it read and replayed (the
 * tags, the players, the status, the winner, the turns), so that this
 * module knows no reader and no report.  Regular expressions are PCRE2's,
 * compiled once with the expression (this module is in src/record, the
 * one that includes <pcre2.h>).
 */
#ifndef ARBITER_SELECT_H
#define ARBITER_SELECT_H

#include <stdbool.h>
#include <stddef.h>

#include "diag/diag.h"
#include "record/types.h"
#include "rules/rules.h"

struct record_select;

/*
 * What a selection may ask of a record.  tag() returns a tag's value, NULL
 * when the record has no such tag (name matched in any case); players are
 * by colour, NULL when unknown; statuses lists the words that describe the
 * record ("finished", "forfeited", ...); winner is a colour's name, "draw",
 * or NULL while there is none; cause is a forfeit's or a termination's
 * cause, or NULL; result is the result the record claims as written
 * ("36-28", "1-0", a CSV winner's "1"), or NULL; turns are the turn
 * tokens as the notation writes them, as strings or, where turns is NULL,
 * as a record's tokens (nturns of either).
 */
struct record_select_view {
	const char *(*tag)(const void *ctx, const char *name);
	const void		  *ctx;
	const char		  *player[2];
	const char *const	  *statuses;
	size_t			   nstatuses;
	const char		  *winner;
	const char		  *cause;
	const char		  *result;
	const char *const	  *turns;
	const struct record_token *tokens;
	size_t			   nturns;
};

/*
 * Reads the expression s into a new selection.  Returns it (owned: free
 * with record_select_free), or NULL with d filled: the 1-based column of the
 * offending byte in d->at.col and a message saying what was due there
 * (code DIAG_NONE: a malformed expression is a usage error).
 */
struct record_select *record_select_new(const char *s, struct diag *d);
void		      record_select_free(struct record_select *);

/*
 * Whether the record seen through v is selected.  The selection's
 * regular expressions keep their match data in it: one thread at a time
 * per selection.
 */
/*
 * Whether the selection asks what only a replay tells (status, winner,
 * cause, result, position): if not, a record may be selected before it is replayed, and
 * one left out need not be.
 */
bool record_select_replays(const struct record_select *);

/*
 * Positions reached (position = PATTERN): whether the selection has such
 * a test; if so, a record's replay shows it every position the game
 * reaches, its start and after each turn, with record_select_position,
 * after record_select_reset, and then asks record_select_match.  A
 * pattern matches a position under any of its board's symmetries
 * (rules_symmetries_of).
 */
bool record_select_positions(const struct record_select *);
void record_select_reset(struct record_select *);
void record_select_position(
    struct record_select *, const struct rules_position *pos);

bool record_select_match(
    const struct record_select *, const struct record_select_view *v);

#endif
