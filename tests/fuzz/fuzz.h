/* SPDX-License-Identifier: MIT */
/*
 * What the libFuzzer targets of tests/fuzz share: a failed invariant is a
 * finding (abort, so libFuzzer keeps the input), inputs become streams
 * through fmemopen, and the checks every record must pass whatever bytes
 * it came from.  Only the fuzz targets include this file.
 */
#ifndef ARBITER_FUZZ_H
#define ARBITER_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/record.h"
#include "util/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* A broken invariant: say which, then abort() so the input is kept. */
#define FUZZ_CHECK(cond) \
	do { \
		if (!(cond)) { \
			fprintf(stderr, "%s:%d: invariant failed: %s\n", \
			    __FILE__, __LINE__, #cond); \
			abort(); \
		} \
	} while (0)

/* FNV-1a over len bytes, from h (FUZZ_HASH_START to start). */
#define FUZZ_HASH_START 1469598103934665603u

static inline uint64_t
fuzz_hash(uint64_t h, const void *p, size_t len)
{
	const unsigned char *s = p;

	while (len-- > 0)
		h = (h ^ *s++) * 1099511628211u;
	return h;
}

/*
 * The text format a byte's two low bits pick: sniffed, PGN, transcript or
 * CSV.  Named, not cast: formats.def lists the formats in their sniffing
 * order, which is no promise of the numbers.
 */
static inline enum record_format
fuzz_text_format(uint8_t byte)
{
	static const enum record_format text[4] = {
		RECORD_AUTO,
		RECORD_PGN,
		RECORD_TRANSCRIPT,
		RECORD_CSV,
	};

	return text[byte & 3];
}

/*
 * A read-only stream over the input.  The bytes are copied to a buffer of
 * exactly their size so that AddressSanitizer sees any read past the end;
 * an empty input still gives a stream (fmemopen refuses size 0).  *copy is
 * to be freed after fclose.
 */
static inline FILE *
fuzz_stream(const uint8_t *data, size_t size, char **copy)
{
	FILE *fp;

	*copy = malloc(size > 0 ? size : 1);
	if (*copy == NULL)
		return NULL;
	memcpy(*copy, data, size);
	fp = size > 0 ? fmemopen(*copy, size, "r") : fopen("/dev/null", "r");
	if (fp == NULL) {
		free(*copy);
		*copy = NULL;
	}
	return fp;
}

/*
 * The line of byte offset off in the input: line ends are LF, CR LF and a
 * lone CR, as the reader counts them.
 */
static inline unsigned long
fuzz_line_of(const uint8_t *data, size_t off)
{
	unsigned long line = 1;
	size_t	      i;

	for (i = 0; i < off; i++)
		if (data[i] == '\n' ||
		    (data[i] == '\r' && (i + 1 >= off || data[i + 1] != '\n')))
			line++;
	return line;
}

/*
 * A token stands in the input where its position says, byte for byte, and
 * on the line it says.
 */
static inline void
fuzz_check_token(
    const uint8_t *data, size_t size, const struct record_token *t, int deep)
{
	FUZZ_CHECK(t->text != NULL);
	FUZZ_CHECK(t->len > 0);
	FUZZ_CHECK(t->at.line >= 1 && t->at.col >= 1);
	/* A column never counts more bytes than there are before it. */
	FUZZ_CHECK(t->at.col <= t->at.offset + 1);
	FUZZ_CHECK(t->at.offset + t->len <= size);
	FUZZ_CHECK(memcmp(data + t->at.offset, t->text, t->len) == 0);
	if (deep)
		FUZZ_CHECK(
		    fuzz_line_of(data, (size_t)t->at.offset) == t->at.line);
}

/*
 * A GGF or SGF move token: its value's text where its position says, but
 * a pass written "pass" (B[], B[PASS]) and a value that held an escape or
 * a line end (the token is the value unescaped): those values must hold
 * one, up to their closing ']'.
 */
static inline void
fuzz_check_tree_token(
    const uint8_t *data, size_t size, const struct record_token *t)
{
	size_t i;

	FUZZ_CHECK(t->text != NULL && t->len > 0);
	FUZZ_CHECK(t->at.line >= 1 && t->at.col >= 1);
	FUZZ_CHECK(t->at.offset <= size);
	if ((t->at.offset + t->len <= size &&
		memcmp(data + t->at.offset, t->text, t->len) == 0) ||
	    (t->len == 4 && memcmp(t->text, "pass", 4) == 0))
		return;
	for (i = (size_t)t->at.offset; i < size && data[i] != ']' &&
	     data[i] != '\\' && data[i] != '\n' && data[i] != '\r';
	     i++)
		;
	FUZZ_CHECK(i < size && data[i] != ']');
}

/* What every record from any input satisfies. */
static inline void
fuzz_check_record(const uint8_t *data, size_t size, const struct record *rec,
    unsigned long index)
{
	char   shown[64];
	size_t i;

	FUZZ_CHECK(rec->index == index);
	FUZZ_CHECK(rec->start.line >= 1 && rec->start.col >= 1);
	FUZZ_CHECK(rec->start.col <= rec->start.offset + 1);
	FUZZ_CHECK(rec->start.offset <= size);
	if (rec->malformed) {
		FUZZ_CHECK(rec->error.code != DIAG_NONE);
		FUZZ_CHECK(rec->error.msg[0] != '\0');
		FUZZ_CHECK(rec->error.at.line >= 1);
		FUZZ_CHECK(rec->error.at.col >= 1 &&
		    rec->error.at.col <= rec->error.at.offset + 1);
		FUZZ_CHECK(rec->error.at.offset <= size);
	}
	/*
	 * A WTHOR game is binary: its tags and moves are made from bytes,
	 * with no text to point at (formats/wthor.md, "Positions").
	 */
	if (rec->format == RECORD_WTHOR) {
		/* Event, Date, Black, White, GameId (its number). */
		FUZZ_CHECK(rec->ntags <= 5);
		for (i = 0; i < rec->nturns; i++)
			FUZZ_CHECK(rec->turns[i].len == 2 &&
			    rec->turns[i].at.offset < size);
		return;
	}
	for (i = 0; i < rec->ntags; i++) {
		const struct record_tag *t = &rec->tags[i];

		FUZZ_CHECK(t->name != NULL && t->name[0] != '\0');
		FUZZ_CHECK(t->value != NULL && t->value[t->value_len] == '\0');
		/*
		 * An import's tag stands at its property's value; a CSV's
		 * GameId at its id field (formats/record.md, "CSV").
		 */
		if (rec->format == RECORD_CSV)
			FUZZ_CHECK(strcmp(t->name, "GameId") == 0 &&
			    t->at.offset <= size);
		else
			FUZZ_CHECK(t->at.offset < size &&
			    data[t->at.offset] == '[');
		FUZZ_CHECK(record_tag_find(rec, t->name) != NULL);
	}
	for (i = 0; i < rec->nturns; i++) {
		if (rec->format == RECORD_GGF || rec->format == RECORD_SGF)
			fuzz_check_tree_token(data, size, &rec->turns[i]);
		else
			fuzz_check_token(data, size, &rec->turns[i],
			    i == 0 || i + 1 == rec->nturns);
		util_printable(
		    rec->turns[i].text, rec->turns[i].len, shown, sizeof shown);
		FUZZ_CHECK(strlen(shown) < sizeof shown);
	}
	if (rec->has_result)
		fuzz_check_token(data, size, &rec->result, 1);
}

#endif
