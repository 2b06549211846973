/* SPDX-License-Identifier: MIT */
/*
 * WTHOR's bytes (wthor.h, formats/wthor.md): the header's fields and the
 * move bytes, and the name files WTHOR.JOU and WTHOR.TRN.  Reading a
 * game's 68 bytes into a record is read-wthor.c's, writing games as a
 * WTHOR file write-wthor.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/turn.h"
#include "record/writer.h"
#include "record/wthor.h"
#include "util/util.h"

/*
 * The tables of the move bytes that name squares, 10 * row + column (both
 * 1..8): each entry F(row, column from 0).
 */
/* clang-format off */
#define WTHOR_ROW(F, r) \
	[10 * (r) + 1] = F(r, 0), [10 * (r) + 2] = F(r, 1), \
	[10 * (r) + 3] = F(r, 2), [10 * (r) + 4] = F(r, 3), \
	[10 * (r) + 5] = F(r, 4), [10 * (r) + 6] = F(r, 5), \
	[10 * (r) + 7] = F(r, 6), [10 * (r) + 8] = F(r, 7)
#define WTHOR_SQUARES(F) \
	WTHOR_ROW(F, 1), WTHOR_ROW(F, 2), WTHOR_ROW(F, 3), WTHOR_ROW(F, 4), \
	WTHOR_ROW(F, 5), WTHOR_ROW(F, 6), WTHOR_ROW(F, 7), WTHOR_ROW(F, 8)
#define WTHOR_NAME(r, c) { (char)('a' + (c)), (char)('0' + (r)) }
#define WTHOR_BYTE(r, c) (uint8_t)(((r) - 1) << 4 | (c))
const char wthor_square_names[256][2] = { WTHOR_SQUARES(WTHOR_NAME) };
const uint8_t wthor_square_bytes[256] = { WTHOR_SQUARES(WTHOR_BYTE) };
#undef WTHOR_BYTE
#undef WTHOR_NAME
#undef WTHOR_SQUARES
#undef WTHOR_ROW
/* clang-format on */

void
wthor_header_decode(const unsigned char *b, struct wthor_header *h)
{
	h->century = b[0];
	h->year = b[1];
	h->month = b[2];
	h->day = b[3];
	h->games = (uint32_t)b[4] | (uint32_t)b[5] << 8 | (uint32_t)b[6] << 16 |
	    (uint32_t)b[7] << 24;
	h->names = wthor_get16(b + 8);
	h->game_year = wthor_get16(b + 10);
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
	wthor_put16(b + 8, h->names);
	wthor_put16(b + 10, h->game_year);
	b[12] = h->board;
	b[13] = h->type;
	b[14] = h->depth;
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

size_t
wthor_number(unsigned long n, char *buf)
{
	char   digits[24], *p = digits + sizeof digits;
	size_t len;

	do
		*--p = (char)('0' + n % 10);
	while ((n /= 10) > 0);
	len = (size_t)(digits + sizeof digits - p);
	memcpy(buf, p, len);
	buf[len] = '\0';
	return len;
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
	if (cap > 20)
		wthor_number(k, buf);
	else
		snprintf(buf, cap, "%u", k);
}
