/* SPDX-License-Identifier: MIT */
/*
 * The notation's comments of what the movers said of their turns
 * (writer.h, formats/record.md, "Evaluations"): a record's notes, read
 * from the notation or GGF, written again as {[%eval 1.50,12] [%nodes
 * 4096] [%emt 0:00:01.250]} after their turns' tokens for
 * gamecheck --write=pgn.  A GGF note is kept as written and never
 * judged: what is not an evaluation, depth, count or time here is left
 * out rather than written into a comment that would not read back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/writer.h"
#include "util/util.h"

/* Whether s (len bytes) is 1 to max digits. */
static bool
all_digits(const char *s, size_t len, size_t max)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return len > 0 && len <= max;
}

/*
 * The comment of note n into buf (cap bytes, enough for the longest):
 * its length, or 0 when nothing of it can be written.
 */
static size_t
note_comment(const struct record_note *n, char *buf, size_t cap)
{
	size_t len = 0;
	long   milli, ms;

	buf[0] = '\0';
	if (n->eval_len > 0 && n->eval_len < 32 &&
	    record_decimal_milli(n->eval, n->eval_len, &milli) == 0) {
		len += (size_t)snprintf(buf + len, cap - len, " [%%eval %.*s",
		    (int)n->eval_len, n->eval);
		if (all_digits(n->depth, n->depth_len, 4))
			len += (size_t)snprintf(buf + len, cap - len, ",%.*s",
			    (int)n->depth_len, n->depth);
		len += (size_t)snprintf(buf + len, cap - len, "]");
	}
	if (all_digits(n->nodes, n->nodes_len, 18))
		len += (size_t)snprintf(buf + len, cap - len, " [%%nodes %.*s]",
		    (int)n->nodes_len, n->nodes);
	/* An analysis's best turn and loss (formats/record.md). */
	if (n->best_len > 0 && n->best_len < 600)
		len += (size_t)snprintf(buf + len, cap - len, " [%%best %.*s]",
		    (int)n->best_len, n->best);
	if (n->loss_len > 0 && n->loss_len < 32 &&
	    record_decimal_milli(n->loss, n->loss_len, &milli) == 0 &&
	    milli >= 0)
		len += (size_t)snprintf(buf + len, cap - len, " [%%loss %.*s]",
		    (int)n->loss_len, n->loss);
	/* The time is in seconds, GGF's and the report's unit. */
	if (n->time_len > 0 && n->time_len < 32 &&
	    record_decimal_milli(n->time, n->time_len, &ms) == 0 && ms >= 0)
		len += (size_t)snprintf(buf + len, cap - len,
		    " [%%emt %ld:%02ld:%02ld.%03ld]", ms / 3600000,
		    ms / 60000 % 60, ms / 1000 % 60, ms % 1000);
	return len;
}

int
record_noted_turns(const struct record_out *o, char ***noted)
{
	const struct record_note *n;
	char			  buf[800];
	size_t			  k, len;

	*noted = NULL;
	/* Passes a replay implies would put the notes on other turns. */
	if (o->rec->nnotes == 0 || o->nturns != o->rec->nturns)
		return 0;
	if ((*noted = calloc(o->nturns, sizeof **noted)) == NULL)
		return -1;
	for (k = 0; k < o->rec->nnotes; k++) {
		n = &o->rec->notes[k];
		if (n->turn >= o->nturns ||
		    (len = note_comment(n, buf, sizeof buf)) == 0)
			continue;
		free((*noted)[n->turn]);
		if (((*noted)[n->turn] = malloc(
			 strlen(o->turns[n->turn]) + len + 3)) == NULL) {
			record_noted_free(*noted, o->nturns);
			*noted = NULL;
			return -1;
		}
		/* buf starts with a blank: "f5 {[%eval 1.50]}". */
		sprintf(
		    (*noted)[n->turn], "%s {%s}", o->turns[n->turn], buf + 1);
	}
	return 0;
}

void
record_noted_free(char **noted, size_t n)
{
	if (noted != NULL)
		array_free_strings(noted, n);
}
