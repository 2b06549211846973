/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: the imports (Othello transcripts, CSV with a
 * transcript column, binary WTHOR, GGF and Othello SGF), forced with
 * the format as `gamecheck -f' does.  Bit 0 of the first byte picks
 * transcript or CSV, bit 2 WTHOR instead, bit 3 GGF (bit 0 clear) or SGF
 * (set) instead; bit 1 forces --game reversi; the rest is the input.
 * Each record is replayed (passes implied where a transcript leaves them
 * out) and reported, and the reports must parse; a valid GGF or SGF
 * record must also write as its own format and as the notation
 * (gamecheck --write).  Line import tokens are squares or passes, one
 * record a line (a WTHOR game's line is its number, its tokens its move
 * bytes).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz-report.h"

/*
 * What a GGF or SGF record satisfies besides every record's invariants
 * (fuzz_check_record): written passes, and notes of turns it has.
 */
static void
check_tree(const struct record *rec)
{
	size_t i;

	FUZZ_CHECK(!rec->implicit_passes);
	for (i = 0; i < rec->nnotes; i++)
		FUZZ_CHECK(rec->notes[i].turn < rec->nturns &&
		    rec->notes[i].eval[rec->notes[i].eval_len] == '\0' &&
		    rec->notes[i].time[rec->notes[i].time_len] == '\0');
}

/* A valid record as gamecheck --write would write it, in format name. */
static void
check_write(const char *name, const struct record *rec, const struct replay *rp)
{
	struct record_out     o = { .rec = rec,
		    .game = rp->game,
		    .board = &rp->pos->board,
		    .valid = true,
		    .over = rp->score.over,
		    .winner = rp->score.winner };
	const char	    **turns;
	struct record_export *x;
	struct diag	      d;
	size_t		      i, off, len = 0;
	char		     *buf = NULL;
	FILE		     *out;

	turns = calloc(rp->nkept + 1, sizeof *turns);
	FUZZ_CHECK(turns != NULL);
	for (i = off = 0; i < rp->nkept; i++) {
		turns[i] = rp->kept + off;
		off += strlen(turns[i]) + 1;
	}
	FUZZ_CHECK(off == rp->kept_len);
	o.turns = turns;
	o.nturns = rp->nkept;
	memcpy(o.points, rp->score.points, sizeof o.points);
	memcpy(o.alt, rp->score.alt, sizeof o.alt);
	out = open_memstream(&buf, &len);
	FUZZ_CHECK(out != NULL);
	x = record_export_new(name, out);
	FUZZ_CHECK(x != NULL);
	/* An XT[Game=...] tag may name another game, which GGF cannot hold. */
	FUZZ_CHECK(record_export_write(x, &o, &d) == 0 ||
	    (d.code == DIAG_UNWRITABLE && strcmp(name, "pgn") != 0 &&
		(rp->game != rules_game_find("reversi") ||
		    rp->pos->board.width != rp->pos->board.height)));
	record_export_free(x);
	FUZZ_CHECK(fclose(out) == 0 && len > 0);
	free(buf);
	free(turns);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct record_syntax *syn;
	struct replay_options ro = { .max_legal = 64, .keep_turns = true };
	enum record_format    fmt;
	struct fuzz_pass      ps;
	const struct record  *rec;
	size_t		      i;
	int		      rc;

	if (syn == NULL && (syn = record_syntax_new()) == NULL)
		abort();
	if (size < 1)
		return 0;
	if (data[0] & 2)
		ro.game = rules_game_find("reversi");
	fmt = data[0] & 8 ? (data[0] & 1 ? RECORD_SGF : RECORD_GGF) :
	    data[0] & 4	  ? RECORD_WTHOR :
	    data[0] & 1	  ? RECORD_CSV :
			    RECORD_TRANSCRIPT;
	if (!fuzz_pass_open(&ps, syn, data + 1, size - 1, fmt))
		return 0;
	while ((rc = record_reader_next(ps.rd, &rec)) == 1) {
		FUZZ_CHECK(rec->format == fmt);
		if (fmt == RECORD_GGF || fmt == RECORD_SGF) {
			fuzz_check_record(data + 1, size - 1, rec, ++ps.n);
			check_tree(rec);
			replay_record(syn, rec, &ro, &ps.rp);
			check_replay(rec, &ps.rp, &ro);
			report_pair_write(&ps.pair, "fuzz", rec, &ps.rp);
			if (!ps.rp.has_error) {
				check_write(
				    record_format_name(fmt), rec, &ps.rp);
				check_write("pgn", rec, &ps.rp);
			}
			continue;
		}
		if (fmt != RECORD_WTHOR)
			fuzz_check_record(data + 1, size - 1, rec, ++ps.n);
		else {
			/* Binary: positions are bytes, no text to point at. */
			FUZZ_CHECK(rec->index == ++ps.n);
			FUZZ_CHECK(rec->start.offset <= size - 1);
			FUZZ_CHECK(!rec->malformed ||
			    (rec->error.code != DIAG_NONE &&
				rec->error.at.offset <= size - 1));
			/* Event, Date, Black, White, GameId. */
			FUZZ_CHECK(rec->ntags <= 5);
		}
		FUZZ_CHECK(rec->format == fmt);
		/*
		 * Binary bytes where text was due, or a Git LFS pointer where
		 * the data was due, are one malformed record.
		 */
		FUZZ_CHECK((rec->malformed &&
			       (rec->error.code == DIAG_BINARY_INPUT ||
				   rec->error.code == DIAG_LFS_POINTER)) ||
		    (rec->implicit_passes &&
			(fmt == RECORD_WTHOR || rec->ntags == 0 ||
			    (fmt == RECORD_CSV && rec->ntags == 1))));
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
		replay_record(syn, rec, &ro, &ps.rp);
		check_replay(rec, &ps.rp, &ro);
		/* Imports are Reversi unless a Game tag says so: none can. */
		FUZZ_CHECK(ps.rp.game == rules_game_find("reversi"));
		report_pair_write(&ps.pair, "fuzz", rec, &ps.rp);
	}
	fuzz_pass_close(&ps, rc);
	return 0;
}
