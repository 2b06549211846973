/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: the record reader on arbitrary bytes.  The first byte
 * picks the format (auto, pgn, transcript, csv); the rest is the input,
 * read through fmemopen.  Every record must come back with its tokens
 * where their positions say, and every turn token is parsed on a board of
 * each geometry; a read error from a memory stream is a finding.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct record_syntax *syn;
	static struct rules_board boards[2];
	static bool ready;
	struct rules_action acts[64];
	size_t	 offs[64];
	struct record_diag d;
	struct record_reader *rd;
	const struct record *rec;
	unsigned long n = 0;
	char	*copy;
	FILE	*fp;
	size_t	 i, k;
	int	 rc, m;

	if (!ready) {
		syn = record_syntax_new();
		FUZZ_CHECK(syn != NULL);
		/* The largest boards of each geometry. */
		FUZZ_CHECK(rules_square_init(&boards[0], 26, 26, NULL) == 0);
		FUZZ_CHECK(rules_hexhex_init(&boards[1], 12, NULL) == 0);
		ready = true;
	}
	if (size < 1)
		return 0;
	if ((fp = fuzz_stream(data + 1, size - 1, &copy)) == NULL)
		return 0;
	rd = record_reader_new(syn, fp, "fuzz", (enum record_format)(data[0] & 3));
	FUZZ_CHECK(rd != NULL);
	while ((rc = record_reader_next(rd, &rec)) == 1) {
		fuzz_check_record(data + 1, size - 1, rec, ++n);
		/* A record is at least one byte of input. */
		FUZZ_CHECK(n <= size);
		for (i = 0; i < rec->nturns; i++)
			for (k = 0; k < 2; k++) {
				m = record_turn_parse(syn, &boards[k],
				    rec->turns[i].text, rec->turns[i].len,
				    acts, offs, 64, &d);
				FUZZ_CHECK(m >= -1 && m <= 64);
				FUZZ_CHECK(m != 0 || rec->turns[i].len == 0);
				while (m-- > 0)
					FUZZ_CHECK(offs[m] < rec->turns[i].len);
			}
	}
	FUZZ_CHECK(rc == 0);
	FUZZ_CHECK(record_reader_format(rd) != RECORD_AUTO);
	record_reader_free(rd);
	fclose(fp);
	free(copy);
	return 0;
}
