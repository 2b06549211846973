/* SPDX-License-Identifier: MIT */
/*
 * The clock comments of a match's records (runner.h): "[%clk 0:00:59.2]"
 * after each turn of a side with a clock (--tc), as PGN's.  The clocks
 * themselves are kept by adjudicate.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/runner.h"
#include "util/util.h"

/*
 * Notes the clock of the side that ended turn i (its seconds left) for
 * the record: "[%clk 0:00:59.2]", as PGN's clock comments.  Returns 0, or
 * -1 when memory runs out.
 */
int
match_note_clock(struct match *m, size_t i, double left)
{
	char buf[64], *p;
	long tenths = (long)(left * 10 + 0.5);

	if (array_grow(&m->notes, &m->notes_cap, i + 1, sizeof *m->notes) == -1)
		return -1;
	while (m->nnotes <= i)
		m->notes[m->nnotes++] = NULL;
	snprintf(buf, sizeof buf, "[%%clk %ld:%02ld:%02ld.%ld]", tenths / 36000,
	    tenths / 600 % 60, tenths / 10 % 60, tenths % 10);
	/* After the turn's evaluation, if it has one (adjudge.c). */
	if (m->notes[i] != NULL) {
		if ((p = malloc(strlen(m->notes[i]) + strlen(buf) + 2)) == NULL)
			return -1;
		sprintf(p, "%s %s", m->notes[i], buf);
		free(m->notes[i]);
		m->notes[i] = p;
		return 0;
	}
	if ((m->notes[i] = strdup(buf)) == NULL)
		return -1;
	return 0;
}

/* Forgets the clock notes of the last game. */
void
match_notes_clear(struct match *m)
{
	size_t i;

	for (i = 0; i < m->nnotes; i++)
		free(m->notes[i]);
	m->nnotes = 0;
}
