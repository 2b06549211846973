/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: the imports (Othello transcripts, CSV with a
 * transcript column and binary WTHOR), forced with the format as
 * `gamecheck -f' does.  Bit 0 of the first byte picks transcript or CSV,
 * bit 2 WTHOR instead, bit 1 forces --game reversi; the rest is the input.  Each record is replayed (passes implied where a
 * transcript leaves them out) and reported, and the reports must parse.
 * Import tokens are squares or passes, one record a line (a WTHOR game's
 * line is its number, its tokens its move bytes).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz-report.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct record_syntax *syn;
	struct replay_options ro = { .max_legal = 64 };
	struct report_writer *w;
	struct record_reader *rd;
	const struct record *rec;
	struct replay rp;
	unsigned long n = 0;
	size_t	 outlen = 0, i;
	char	*copy, *outbuf = NULL;
	FILE	*fp, *out;
	enum record_format fmt;
	int	 rc;

	if (syn == NULL && (syn = record_syntax_new()) == NULL)
		abort();
	if (size < 1)
		return 0;
	if (data[0] & 2)
		ro.game = rules_game_find("reversi");
	if ((fp = fuzz_stream(data + 1, size - 1, &copy)) == NULL)
		return 0;
	out = open_memstream(&outbuf, &outlen);
	FUZZ_CHECK(out != NULL);
	w = report_writer_new(out);
	FUZZ_CHECK(w != NULL);
	fmt = data[0] & 4 ? RECORD_WTHOR : data[0] & 1 ? RECORD_CSV :
	    RECORD_TRANSCRIPT;
	rd = record_reader_new(syn, fp, "fuzz", fmt);
	FUZZ_CHECK(rd != NULL);
	replay_init(&rp);
	while ((rc = record_reader_next(rd, &rec)) == 1) {
		if (fmt != RECORD_WTHOR)
			fuzz_check_record(data + 1, size - 1, rec, ++n);
		else {
			/* Binary: positions are bytes, no text to point at. */
			FUZZ_CHECK(rec->index == ++n);
			FUZZ_CHECK(rec->start.offset <= size - 1);
			FUZZ_CHECK(!rec->malformed ||
			    (rec->error.code != DIAG_NONE &&
			    rec->error.at.offset <= size - 1));
			FUZZ_CHECK(rec->ntags <= 4);
		}
		FUZZ_CHECK(rec->format == fmt);
		FUZZ_CHECK(rec->implicit_passes &&
		    (fmt == RECORD_WTHOR || rec->ntags == 0));
		for (i = 0; i < rec->nturns; i++) {
			FUZZ_CHECK(rec->turns[i].len >= 2 &&
			    rec->turns[i].len <= (fmt == RECORD_WTHOR ? 2 : 3));
			FUZZ_CHECK(fmt != RECORD_WTHOR ||
			    (rec->turns[i].at.col >= 9 &&
			    rec->turns[i].at.col <= 68 &&
			    rec->turns[i].at.offset < size - 1));
			/* One record a line. */
			FUZZ_CHECK(rec->turns[i].at.line == rec->start.line);
		}
		replay_record(syn, rec, &ro, &rp);
		check_replay(rec, &rp, &ro);
		/* Imports are Reversi unless a Game tag says so: none can. */
		FUZZ_CHECK(rp.game == rules_game_find("reversi"));
		FUZZ_CHECK(report_write(w, "fuzz", rec, &rp) == 0);
	}
	FUZZ_CHECK(rc == 0);
	replay_fini(&rp);
	record_reader_free(rd);
	FUZZ_CHECK(report_writer_free(w) == 0);
	FUZZ_CHECK(fclose(out) == 0);
	FUZZ_CHECK(parse_reports(outbuf, outlen) == n);
	free(outbuf);
	fclose(fp);
	free(copy);
	return 0;
}
