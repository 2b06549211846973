/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: the record reader on arbitrary bytes.  The first byte
 * picks the format (auto, pgn, transcript, csv); the rest is the input,
 * read through fmemopen.  Every record must come back with its tokens
 * where their positions say, and every turn token is parsed on a board of
 * each geometry; a read error from a memory stream is a finding.  The
 * input is read once more with each lone LF made CR LF: lines and columns
 * count the same, so everything but byte offsets must come back the same.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"

static struct record_syntax *syn;
static struct rules_board    boards[2];

/* What a record is, all but its byte offsets, hashed (FNV-1a). */
static uint64_t
hash_pos(uint64_t h, const struct diag_pos *at)
{
	h = fuzz_hash(h, &at->line, sizeof at->line);
	return fuzz_hash(h, &at->col, sizeof at->col);
}

static uint64_t
hash_record(uint64_t h, const struct record *rec)
{
	size_t i;

	h = fuzz_hash(h, &rec->index, sizeof rec->index);
	h = hash_pos(h, &rec->start);
	h = fuzz_hash(h, &rec->format, sizeof rec->format);
	h = fuzz_hash(h, &rec->malformed, sizeof rec->malformed);
	if (rec->malformed) {
		h = fuzz_hash(h, &rec->error.code, sizeof rec->error.code);
		h = fuzz_hash(h, rec->error.msg, strlen(rec->error.msg));
		h = hash_pos(h, &rec->error.at);
	}
	for (i = 0; i < rec->ntags; i++) {
		h = fuzz_hash(
		    h, rec->tags[i].name, strlen(rec->tags[i].name) + 1);
		h = fuzz_hash(h, rec->tags[i].value, rec->tags[i].value_len);
		h = hash_pos(h, &rec->tags[i].at);
	}
	for (i = 0; i < rec->nturns; i++) {
		h = fuzz_hash(h, rec->turns[i].text, rec->turns[i].len);
		h = hash_pos(h, &rec->turns[i].at);
	}
	if (rec->has_result) {
		h = fuzz_hash(h, rec->result.text, rec->result.len);
		h = hash_pos(h, &rec->result.at);
	}
	h = fuzz_hash(h, &rec->claim.kind, sizeof rec->claim.kind);
	if (rec->claim.kind == RECORD_CLAIM_WINNER)
		h = fuzz_hash(h, &rec->claim.winner, sizeof rec->claim.winner);
	return h;
}

/* The format the last read_all sniffed or was given. */
static enum record_format read_format;

/* Reads every record of the input and checks it; returns their hash. */
static uint64_t
read_all(const uint8_t *data, size_t size, enum record_format format)
{
	struct rules_action   acts[64];
	size_t		      offs[64];
	struct diag	      d;
	struct record_reader *rd;
	const struct record  *rec;
	unsigned long	      n = 0;
	uint64_t	      h = FUZZ_HASH_START;
	char		     *copy;
	FILE		     *fp;
	size_t		      i, k;
	int		      rc, m;

	if ((fp = fuzz_stream(data, size, &copy)) == NULL)
		abort();
	rd = record_reader_new(syn, fp, "fuzz", format);
	FUZZ_CHECK(rd != NULL);
	while ((rc = record_reader_next(rd, &rec)) == 1) {
		fuzz_check_record(data, size, rec, ++n);
		h = hash_record(h, rec);
		/* A record is at least one byte of input. */
		FUZZ_CHECK(n <= size + 1);
		for (i = 0; i < rec->nturns; i++)
			for (k = 0; k < 2; k++) {
				m = record_turn_parse(syn, &boards[k],
				    rec->turns[i].text, rec->turns[i].len, acts,
				    offs, 64, &d);
				FUZZ_CHECK(m >= -1 && m <= 64);
				FUZZ_CHECK(m != 0 || rec->turns[i].len == 0);
				while (m-- > 0)
					FUZZ_CHECK(offs[m] < rec->turns[i].len);
			}
	}
	FUZZ_CHECK(rc == 0);
	FUZZ_CHECK(record_reader_format(rd) != RECORD_AUTO);
	read_format = record_reader_format(rd);
	record_reader_free(rd);
	fclose(fp);
	free(copy);
	return h;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum record_format format, sniffed;
	uint64_t	   h;
	uint8_t		  *crlf;
	size_t		   i, n = 0;

	if (syn == NULL) {
		syn = record_syntax_new();
		FUZZ_CHECK(syn != NULL);
		/* The largest boards of each geometry. */
		FUZZ_CHECK(rules_square_init(&boards[0], 26, 26, NULL) == 0);
		FUZZ_CHECK(rules_hexhex_init(&boards[1], 12, NULL) == 0);
	}
	if (size < 1)
		return 0;
	format = fuzz_text_format(data[0]);
	h = read_all(data + 1, size - 1, format);
	sniffed = read_format;
	crlf = malloc(2 * size);
	FUZZ_CHECK(crlf != NULL);
	for (i = 1; i < size; i++) {
		if (data[i] == '\n' && (i == 1 || data[i - 1] != '\r'))
			crlf[n++] = '\r';
		crlf[n++] = data[i];
	}
	/*
	 * Text reads alike with either line end; binary input (a WTHOR file,
	 * bytes that are no text: a NUL among them) is bytes, which CR LF
	 * would change.
	 */
	/*
	 * The sniff reads the first block, whose end the CRs added can move
	 * (and WTHOR's size, with no NUL in its bytes): the check is for
	 * inputs sniffed alike.
	 */
	if (memchr(data + 1, '\0', size - 1) == NULL &&
	    read_all(crlf, n, format) != h && read_format == sniffed) {
		fprintf(stderr, "LF and CR LF read differently\n");
		abort();
	}
	free(crlf);
	return 0;
}
