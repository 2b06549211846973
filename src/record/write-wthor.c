/* SPDX-License-Identifier: MIT */
/*
 * Writing WTHOR files (writer.h, formats/wthor.md): games added one at a
 * time, as their 68 bytes, and written after the header that counts
 * them.  The bytes' layout is wthor.c's; the scores stored come from the
 * caller's replay.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/turn.h"
#include "record/writer.h"
#include "record/wthor.h"
#include "util/util.h"

struct record_wthor_writer {
	unsigned       year;
	unsigned char *games; /* WTHOR_GAME bytes each */
	size_t	       n;
	size_t	       cap;
};

struct record_wthor_writer *
record_wthor_writer_new(unsigned year)
{
	struct record_wthor_writer *w;

	if ((w = calloc(1, sizeof *w)) == NULL)
		return NULL;
	w->year = year;
	return w;
}

void
record_wthor_writer_free(struct record_wthor_writer *w)
{
	if (w == NULL)
		return;
	free(w->games);
	free(w);
}

long
record_wthor_tag_number(
    const struct record *rec, const char *name, unsigned long max)
{
	const struct record_tag *t = record_tag_find(rec, name);
	unsigned long		 v = 0;
	size_t			 i;

	if (t == NULL || t->value_len == 0 || t->value_len > 5)
		return -1;
	for (i = 0; i < t->value_len; i++) {
		if (!isdigit((unsigned char)t->value[i]))
			return -1;
		v = v * 10 + (unsigned long)(t->value[i] - '0');
	}
	return v > max ? -1 : (long)v;
}

/*
 * A number to store from rec's tags: the WTHOR tag (ours) first, which a
 * WTHOR game written in another format carries, then the tag a name
 * holds when it is a number, else 0.
 */
static unsigned
tag_number(const struct record *rec, const char *ours, const char *name)
{
	long v = record_wthor_tag_number(rec, ours, 65535);

	if (v == -1)
		v = record_wthor_tag_number(rec, name, 65535);
	return v == -1 ? 0 : (unsigned)v;
}

size_t
record_wthor_tags(const struct record *rec, struct record_wthor_tags *w)
{
	static const char *const name[RECORD_WTHOR_TAGS] = { "WthorTournament",
		"WthorBlack", "WthorWhite", "WthorScore", "WthorTheoretical" };
	const struct record_wthor *g = &rec->wthor;
	long   v[RECORD_WTHOR_TAGS] = { (long)g->tournament, (long)g->black,
		  (long)g->white, g->score, g->theoretical };
	size_t i;

	if (rec->format != RECORD_WTHOR)
		return 0;
	for (i = 0; i < RECORD_WTHOR_TAGS; i++) {
		snprintf(w->text[i], sizeof w->text[i], "%ld", v[i]);
		w->tag[i] = (struct record_tag_out){ name[i], w->text[i] };
	}
	return RECORD_WTHOR_TAGS;
}

/*
 * The move byte of a turn token: 1 and *b for a square, 0 for a pass,
 * -1 for anything else.
 */
static int
token_byte(const struct record_token *tok, unsigned char *b)
{
	const char *s = tok->text;
	int	    col, row;

	if (record_turn_is_pass(s, tok->len))
		return 0;
	if (tok->len != 2)
		return -1;
	col = tolower((unsigned char)s[0]) - 'a' + 1;
	row = s[1] - '0';
	if (col < 1 || col > 8 || row < 1 || row > 8)
		return -1;
	*b = (unsigned char)(10 * row + col);
	return 1;
}

int
record_wthor_add(struct record_wthor_writer *w, const struct record *rec,
    int score, int theoretical, struct diag *d)
{
	unsigned char *g;
	size_t	       i, k = 0;
	unsigned       t, black, white;
	int	       rc;

	if (array_grow(&w->games, &w->cap, (w->n + 1) * WTHOR_GAME, 1) == -1)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	g = w->games + w->n * WTHOR_GAME;
	memset(g, 0, WTHOR_GAME);
	for (i = 0; i < rec->nturns; i++) {
		if ((rc = token_byte(&rec->turns[i], &g[8 + k])) == -1 ||
		    (rc == 1 && k == WTHOR_MOVES))
			return diag_set(d, DIAG_BAD_WTHOR_MOVE,
			    "turn %zu is %s: WTHOR stores 60 squares of the "
			    "8x8 board",
			    i + 1,
			    rc == -1 ? "no square or pass" : "a 61st square");
		/* WTHOR leaves passes out: the reader infers them. */
		k += (size_t)rc;
	}
	if (rec->format == RECORD_WTHOR) {
		t = rec->wthor.tournament;
		black = rec->wthor.black;
		white = rec->wthor.white;
	} else {
		t = tag_number(rec, "WthorTournament", "Event");
		black = tag_number(rec, "WthorBlack", "Black");
		white = tag_number(rec, "WthorWhite", "White");
		if (theoretical < 0)
			theoretical = (int)record_wthor_tag_number(
			    rec, "WthorTheoretical", 64);
	}
	wthor_put16(g, t);
	wthor_put16(g + 2, black);
	wthor_put16(g + 4, white);
	g[6] = (unsigned char)score;
	g[7] = (unsigned char)(theoretical < 0 ? score : theoretical);
	w->n++;
	return 0;
}

int
record_wthor_write(struct record_wthor_writer *w, FILE *out)
{
	struct wthor_header h;
	unsigned char	    b[WTHOR_HEADER];

	memset(&h, 0, sizeof h);
	h.games = (uint32_t)w->n;
	h.game_year = w->year;
	h.board = 8;
	wthor_header_encode(&h, b);
	if (fwrite(b, 1, sizeof b, out) != sizeof b ||
	    (w->n > 0 && fwrite(w->games, WTHOR_GAME, w->n, out) != w->n) ||
	    fflush(out) == EOF)
		return -1;
	return 0;
}
