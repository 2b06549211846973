/* SPDX-License-Identifier: MIT */
/*
 * WTHOR's bytes (formats/wthor.md), shared by the reader (read-wthor.c) and
 * the writer (write-wthor.c) and private to src/record: the header's fields,
 * move bytes and squares, and the name files WTHOR.JOU and WTHOR.TRN.
 * Where a game's bytes become a record is the reader's.
 */
#ifndef ARBITER_RECORD_WTHOR_H
#define ARBITER_RECORD_WTHOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define WTHOR_HEADER 16 /* bytes */
#define WTHOR_GAME   68
#define WTHOR_MOVES  60 /* move bytes in a game, from byte 8 */
#define WTHOR_PAD    92 /* one writer's unused move byte */
#define WTHOR_JOU    20 /* bytes of a name in WTHOR.JOU */
#define WTHOR_TRN    26 /* and in WTHOR.TRN */

struct wthor_header {
	unsigned century, year, month, day; /* created */
	uint32_t games;			    /* N1 */
	unsigned names;			    /* N2: 0 in a games file */
	unsigned game_year;
	unsigned board; /* 0 or 8: 8x8 */
	unsigned type;
	unsigned depth; /* of the theoretical score */
};

/* A 16-bit field, little-endian as WTHOR stores every number. */
static inline unsigned
wthor_get16(const unsigned char *b)
{
	return (unsigned)b[0] | (unsigned)b[1] << 8;
}

static inline void
wthor_put16(unsigned char *b, unsigned v)
{
	b[0] = v & 0xff;
	b[1] = (v >> 8) & 0xff;
}

/* Decodes the 16 bytes at b. */
void wthor_header_decode(const unsigned char *b, struct wthor_header *);
/* Encodes h into the 16 bytes at b. */
void wthor_header_encode(const struct wthor_header *h, unsigned char *b);

/*
 * The names of the move bytes (10 * row + column, both 1..8): "a1" for
 * 11 to "h8" for 88, two NULs for a byte that names no square.
 */
extern const char wthor_square_names[256][2];
/*
 * The same squares as a line reader hands them to the referee
 * (record_square_byte: the file, and the rank less one in the high
 * nibble), to be read only for a byte wthor_square takes: one that names
 * no square holds 0 there, which is also a1's.
 */
extern const uint8_t wthor_square_bytes[256];

/*
 * Whether b is a square's move byte; if so, its name ("f5") in
 * name[0..1].  Inline, so that the reader writes the name straight into
 * its line: a call filling a buffer that was then copied stalled on the
 * reload, a fifth of reading a WTHOR file.  By a table: the division by
 * ten was a third of the reading's own instructions.
 */
static inline bool
wthor_square(unsigned b, char name[2])
{
	if (b >= 100 || wthor_square_names[b][0] == '\0')
		return false;
	memcpy(name, wthor_square_names[b], 2);
	return true;
}

/* A name file: the names after its header, size bytes each. */
struct wthor_names {
	unsigned char *data;
	size_t	       n;
	size_t	       size;
};

/*
 * Reads the name file at path, of names of size bytes.  Returns 0, or -1
 * (errno) if it cannot be read; names is then empty.  A file whose length
 * is not a header and whole names keeps the whole names it has.
 */
int  wthor_names_load(struct wthor_names *, const char *path, size_t size);
void wthor_names_fini(struct wthor_names *);
/*
 * Name k as UTF-8 (the files are Latin-1) into buf (cap bytes), trailing
 * blanks dropped; its number in decimal when the file has no name k or
 * the name is empty.
 */
void wthor_name(const struct wthor_names *, unsigned k, char *buf, size_t cap);
/*
 * Writes n in decimal, NUL-terminated, into buf (at least 21 bytes) and
 * returns its length: the numbers of every game's tags, without printf.
 */
size_t wthor_number(unsigned long n, char *buf);

#endif
