/* SPDX-License-Identifier: MIT */
/*
 * WTHOR files (formats/wthor.md): the header's fields and the move bytes,
 * the name files WTHOR.JOU and WTHOR.TRN, and writing games as a WTHOR
 * file.  Reading a game's 68 bytes into a record is the reader's
 * (reader.c); the scores a writer stores come from the caller's replay.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/record.h"
#include "record/wthor.h"
#include "util/util.h"

static unsigned
get16(const unsigned char *b)
{
	return (unsigned)b[0] | (unsigned)b[1] << 8;
}

static void
put16(unsigned char *b, unsigned v)
{
	b[0] = v & 0xff;
	b[1] = (v >> 8) & 0xff;
}

void
wthor_header_decode(const unsigned char *b, struct wthor_header *h)
{
	h->century = b[0];
	h->year = b[1];
	h->month = b[2];
	h->day = b[3];
	h->games = (uint32_t)b[4] | (uint32_t)b[5] << 8 | (uint32_t)b[6] << 16 |
	    (uint32_t)b[7] << 24;
	h->names = get16(b + 8);
	h->game_year = get16(b + 10);
	h->board = b[12];
	h->type = b[13];
	h->depth = b[14];
}

void
wthor_header_encode(const struct wthor_header *h, unsigned char *b)
{
	memset(b, 0, WTHOR_HEADER);
	b[0] = h->century;
	b[1] = h->year;
	b[2] = h->month;
	b[3] = h->day;
	b[4] = h->games & 0xff;
	b[5] = (h->games >> 8) & 0xff;
	b[6] = (h->games >> 16) & 0xff;
	b[7] = (h->games >> 24) & 0xff;
	put16(b + 8, h->names);
	put16(b + 10, h->game_year);
	b[12] = h->board;
	b[13] = h->type;
	b[14] = h->depth;
}

bool
wthor_square(unsigned b, char name[2])
{
	unsigned row = b / 10, col = b % 10;

	if (row < 1 || row > 8 || col < 1 || col > 8)
		return false;
	name[0] = (char)('a' + col - 1);
	name[1] = (char)('0' + row);
	return true;
}

int
wthor_names_load(struct wthor_names *nm, const char *path, size_t size)
{
	FILE *fp;
	long  len;
	int   rc = -1;

	memset(nm, 0, sizeof *nm);
	nm->size = size;
	if ((fp = fopen(path, "rb")) == NULL)
		return -1;
	if (fseek(fp, 0, SEEK_END) == -1 || (len = ftell(fp)) == -1 ||
	    fseek(fp, 0, SEEK_SET) == -1)
		goto out_close;
	if (len < WTHOR_HEADER) {
		rc = 0;
		goto out_close;
	}
	nm->n = ((size_t)len - WTHOR_HEADER) / size;
	if ((nm->data = malloc(nm->n * size + 1)) == NULL)
		goto out_close;
	if (fseek(fp, WTHOR_HEADER, SEEK_SET) == -1 ||
	    fread(nm->data, size, nm->n, fp) != nm->n) {
		wthor_names_fini(nm);
		nm->size = size;
		goto out_close;
	}
	rc = 0;
out_close:
	fclose(fp);
	return rc;
}

void
wthor_names_fini(struct wthor_names *nm)
{
	free(nm->data);
	memset(nm, 0, sizeof *nm);
}

void
wthor_name(const struct wthor_names *nm, unsigned k, char *buf, size_t cap)
{
	const unsigned char *s;
	size_t		     len, i, n = 0;

	if (k < nm->n) {
		s = nm->data + (size_t)k * nm->size;
		for (len = 0; len < nm->size && s[len] != '\0'; len++)
			;
		while (len > 0 && s[len - 1] == ' ')
			len--;
		/* Latin-1 to UTF-8: a byte of 0x80 or more takes two. */
		for (i = 0; i < len && n + 3 <= cap; i++)
			if (s[i] < 0x80)
				buf[n++] = (char)s[i];
			else {
				buf[n++] = (char)(0xc0 | s[i] >> 6);
				buf[n++] = (char)(0x80 | (s[i] & 0x3f));
			}
		if (n > 0) {
			buf[n] = '\0';
			return;
		}
	}
	snprintf(buf, cap, "%u", k);
}

/* ---- Writing ------------------------------------------------------- */

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

/* A tag's value as a WTHOR number (0..65535), or 0 if it is none. */
static unsigned
tag_number(const struct record *rec, const char *name)
{
	const struct record_tag *t = record_tag_find(rec, name);
	unsigned long		 v = 0;
	size_t			 i;

	if (t == NULL || t->value_len == 0 || t->value_len > 5)
		return 0;
	for (i = 0; i < t->value_len; i++) {
		if (!isdigit((unsigned char)t->value[i]))
			return 0;
		v = v * 10 + (unsigned long)(t->value[i] - '0');
	}
	return v > 65535 ? 0 : (unsigned)v;
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
		t = tag_number(rec, "Event");
		black = tag_number(rec, "Black");
		white = tag_number(rec, "White");
	}
	put16(g, t);
	put16(g + 2, black);
	put16(g + 4, white);
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
