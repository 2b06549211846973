/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: gamecheck's path from bytes to reports, as
 * src/gamecheck.c drives it: read each record, replay it, write its YAML
 * report.  The first byte holds the options (format, a forced game, the
 * legal list on or off); the rest is the input.  The whole report stream
 * is then parsed again with libyaml's parser and must be valid YAML with
 * one mapping document per record, each naming the schema; anything else
 * aborts.  The replay's own facts are checked on the way.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-report.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct record_syntax *syn;
	struct replay_options ro = { 0 };
	struct report_writer *w;
	struct record_reader *rd;
	const struct record *rec;
	struct replay rp;
	unsigned long n = 0;
	size_t	 outlen = 0, ngames = 0;
	char	*copy, *outbuf = NULL;
	FILE	*fp, *out;
	int	 rc;

	if (syn == NULL && (syn = record_syntax_new()) == NULL)
		abort();
	if (size < 1)
		return 0;
	while (rules_game_at(ngames) != NULL)
		ngames++;
	/* Bits 0-1 the format, 2 the legal list, 3-7 a forced game. */
	ro.max_legal = data[0] & 4 ? 64 : 0;
	if ((data[0] >> 3) % (ngames + 1) > 0)
		ro.game = rules_game_at((data[0] >> 3) % (ngames + 1) - 1);
	if ((fp = fuzz_stream(data + 1, size - 1, &copy)) == NULL)
		return 0;
	out = open_memstream(&outbuf, &outlen);
	FUZZ_CHECK(out != NULL);
	w = report_writer_new(out);
	FUZZ_CHECK(w != NULL);
	rd = record_reader_new(syn, fp, "fuzz", (enum record_format)(data[0] & 3));
	FUZZ_CHECK(rd != NULL);
	replay_init(&rp);
	while ((rc = record_reader_next(rd, &rec)) == 1) {
		fuzz_check_record(data + 1, size - 1, rec, ++n);
		FUZZ_CHECK(record_replay(syn, rec, &ro, &rp) == 0);
		check_replay(rec, &rp, &ro);
		FUZZ_CHECK(report_write(w, "fuzz \xff\"input\"", rec, &rp) == 0);
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
