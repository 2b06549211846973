/* SPDX-License-Identifier: MIT */
/*
 * gamecheck --write (replayed.h): a replayed record handed to a writer
 * of another format (src/record's export), with the result the referee
 * found and, for a valid record, the turns as the replay spelled them.
 * Which formats exist and how each is written are src/record's.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/base.h"
#include "cli/replayed.h"

/* The referee's verdict as the writers take it. */
static void
verdict(const struct record *rec, const struct replay *rp, struct record_out *o)
{
	*o = (struct record_out){ .rec = rec, .game = rp->game };
	o->valid = !rp->has_error;
	/* A malformed record may stop before its board is set up. */
	o->board = rp->status != REPLAY_MALFORMED && rp->pos != NULL ?
	    &rp->pos->board :
	    NULL;
	o->over = rp->score.over;
	memcpy(o->points, rp->score.points, sizeof o->points);
	memcpy(o->alt, rp->score.alt, sizeof o->alt);
	o->winner = rp->score.winner;
	o->forfeit = rp->forfeit;
	o->forfeit_winner = rp->forfeit_winner;
	o->forfeit_cause = !rp->forfeit		   ? RECORD_OUT_OTHER :
	    rp->forfeit_cause == REPLAY_BY_RESIGN  ? RECORD_OUT_RESIGN :
	    rp->forfeit_cause == REPLAY_BY_TIMEOUT ? RECORD_OUT_TIMEOUT :
						     RECORD_OUT_OTHER;
	o->nturns = o->valid ? rp->nkept : rec->nturns;
	o->cut = rp->cut;
}

/*
 * The turns to write: a valid record's as the replay kept them (in
 * rp->kept, one after another), another's as they stand in the record.
 * Returns 0, or -1 when memory runs out (nothing to free).
 */
static int
turns_of(const struct record *rec, const struct replay *rp,
    const struct record_out *o, char ***turns)
{
	size_t i, off;

	*turns = NULL;
	if (o->nturns == 0)
		return 0;
	if ((*turns = calloc(o->nturns, sizeof **turns)) == NULL)
		return -1;
	for (i = off = 0; i < o->nturns; i++)
		if (o->valid) {
			(*turns)[i] = rp->kept + off;
			off += strlen((*turns)[i]) + 1;
		} else if (((*turns)[i] = strndup(rec->turns[i].text,
				rec->turns[i].len)) == NULL) {
			while (i-- > 0)
				free((*turns)[i]);
			free(*turns);
			*turns = NULL;
			return -1;
		}
	return 0;
}

enum cli_convert
cli_convert_write(struct record_export *x, const char *name,
    const struct record *rec, const struct replay *rp, bool keep_illegal)
{
	struct record_out o;
	struct diag	  d;
	char		**turns;
	char		  msg[sizeof d.msg];
	enum cli_convert  rc = CLI_CONVERT_DONE;
	size_t		  i;

	if (rp->has_error && !keep_illegal)
		return CLI_CONVERT_DONE;
	verdict(rec, rp, &o);
	if (turns_of(rec, rp, &o, &turns) == -1)
		return CLI_CONVERT_NOMEM;
	o.turns = (const char *const *)turns;
	if (record_export_write(x, &o, &d) == -1) {
		if (d.code == DIAG_UNWRITABLE) {
			memcpy(msg, d.msg, sizeof msg);
			diag_set_at(&d, d.code, rec->start, 0, "record %lu: %s",
			    rec->index, msg);
			cli_diag(name, &d, NULL);
			rc = CLI_CONVERT_UNWRITABLE;
		} else
			rc = CLI_CONVERT_FAILED;
	}
	if (!o.valid)
		for (i = 0; i < o.nturns; i++)
			free(turns[i]);
	free(turns);
	return rc;
}
