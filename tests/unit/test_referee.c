/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the referee (src/referee): replaying records against the
 * rules core, the position and counts at the end, the first error and
 * where it stands, the recorded result checked, storage reused.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/record.h"
#include "referee/referee.h"
#include "util/util.h"
#include "reading.h"
#include "unit.h"

/* Replays the first record of text (read from a buffer) into rp. */
static void
replay_text_with(const char *text, enum record_format fmt,
    enum replay_implicit implicit, struct replay *rp)
{
	const struct record  *rec;
	struct replay_options opt = { .max_legal = 64,
		.implicit_pass = implicit };

	rd = record_reader_new_buffer(syn, text, strlen(text), "test", fmt);
	ck_assert_ptr_nonnull(rd);
	ck_assert_int_eq(record_reader_next(rd, &rec), 1);
	replay_record(syn, rec, &opt, rp);
	reader_close();
}

/* The same with the default options: passes judged as written. */
static void
replay_text(const char *text, enum record_format fmt, struct replay *rp)
{
	replay_text_with(text, fmt, REPLAY_IMPLICIT_NO, rp);
}

/*
 * The tags set_up reads after the game, each holding a NUL byte in a
 * record of one reader after records that have none of them (an
 * archive's look, which set_up passes over with no look-up): refused,
 * each with its code; a NUL in a tag it does not read (Event) is no
 * malformed record, nor a record after it with none.
 */
START_TEST(replay_tag_nuls_after_plain_records)
{
	static const struct {
		const char *tag, *code;
	} nul[] = { { "Board", "bad-board" }, { "Size", "bad-board" },
		{ "Seed", "bad-seed" }, { "Variant", "bad-variant" },
		{ "Setup", "bad-setup-tag" }, { "Event", NULL } };
	struct replay_options opt = { .max_legal = 64 };
	const struct record  *rec;
	struct replay	      rp;
	char		      text[512];
	size_t		      i, n;

	replay_init(&rp);
	for (i = 0; i < sizeof nul / sizeof nul[0]; i++) {
		n = (size_t)snprintf(text, sizeof text,
		    "[Game \"reversi\"]\n\nf5 d6 *\n\n"
		    "[Game \"reversi\"]\n[%s \"8", nul[i].tag);
		text[n++] = '\0';
		n += (size_t)snprintf(text + n, sizeof text - n,
		    "x\"]\n\nf5 d6 *\n\n[Game \"reversi\"]\n\nf5 d6 *\n");
		rd = record_reader_new_buffer(syn, text, n, "test", RECORD_PGN);
		ck_assert_ptr_nonnull(rd);
		ck_assert_int_eq(record_reader_next(rd, &rec), 1);
		replay_record(syn, rec, &opt, &rp);
		ck_assert_int_eq(rp.status, REPLAY_UNFINISHED);
		ck_assert_int_eq(record_reader_next(rd, &rec), 1);
		replay_record(syn, rec, &opt, &rp);
		if (nul[i].code != NULL) {
			ck_assert_int_eq(rp.status, REPLAY_MALFORMED);
			ck_assert_str_eq(diag_name(rp.error.code), nul[i].code);
			ck_assert_int_eq(rp.error.at.line, 6);
		} else
			ck_assert_int_eq(rp.status, REPLAY_UNFINISHED);
		ck_assert_int_eq(record_reader_next(rd, &rec), 1);
		replay_record(syn, rec, &opt, &rp);
		ck_assert_int_eq(rp.status, REPLAY_UNFINISHED);
		reader_close();
	}
	replay_fini(&rp);
}
END_TEST

START_TEST(replay_finished_game)
{
	struct replay rp;

	replay_init(&rp);
	replay_text("[Game \"reversi\"]\ne6 f4 e3 f6 g5 d6 e7 f5 c5 13-0\n",
	    RECORD_PGN, &rp);
	ck_assert_int_eq(rp.status, REPLAY_FINISHED);
	ck_assert_int_eq(rp.turns, 9);
	ck_assert(rp.has_recorded);
	ck_assert(rp.agrees);
	ck_assert_int_eq(rp.score.winner, 0);
	replay_fini(&rp);
}
END_TEST

START_TEST(replay_implicit_passes_only_in_transcripts)
{
	/* A real game where White passes before h7 (turn 60). */
	static const char moves[] =
	    "d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8"
	    "b4b7a7a5g3f1g4g5h6a4g6e1b2c1c2h3h4g2g7h2h1a1g1b1a2a3h7h8g8h5";
	char	      pgn[512];
	struct replay rp;
	size_t	      i, n = 0;

	replay_init(&rp);
	replay_text(moves, RECORD_TRANSCRIPT, &rp);
	ck_assert_int_eq(rp.status, REPLAY_FINISHED);
	ck_assert_int_eq(rp.implied_passes, 2);
	ck_assert_int_eq(rp.turns, 62);
	ck_assert_int_eq(rp.score.points[0], 18);
	ck_assert_int_eq(rp.score.points[1], 46);

	/* The same moves as movetext: the first missing pass is an error. */
	n = (size_t)snprintf(pgn, sizeof pgn, "[Game \"reversi\"]\n");
	for (i = 0; moves[i] != '\0'; i += 2)
		n += (size_t)snprintf(
		    pgn + n, sizeof pgn - n, "%.2s ", moves + i);
	replay_text(pgn, RECORD_PGN, &rp);
	ck_assert_int_eq(rp.status, REPLAY_ILLEGAL);
	ck_assert_str_eq(diag_name(rp.error.code), "must-pass");
	ck_assert_int_eq(rp.error_turn, 57);
	ck_assert_int_eq(rp.nlegal, 1);
	ck_assert_int_eq(rp.legal[0].kind, RULES_PASS);
	replay_fini(&rp);
}
END_TEST

/* A position shown (opt->each): counted, so that the replay shows each. */
static void
count_position(void *arg, const struct rules_position *pos)
{
	(void)pos;
	(*(size_t *)arg)++;
}

/*
 * Replays the first record of text both ways replay_record plays squares:
 * in runs (sixteen at a time from the squares a line reader decoded) and
 * one at a time (a position shown after each); the two agree in all.
 */
static void
assert_runs_as_one_by_one(const char *text, enum record_format fmt)
{
	const struct record  *rec;
	struct replay_options runs = { .max_legal = 64 }, one = runs;
	struct replay	      a, b;
	size_t		      shown = 0;

	one.each = count_position;
	one.each_arg = &shown;
	replay_init(&a);
	replay_init(&b);
	rd = record_reader_new_buffer(syn, text, strlen(text), "test", fmt);
	ck_assert_ptr_nonnull(rd);
	ck_assert_int_eq(record_reader_next(rd, &rec), 1);
	replay_record(syn, rec, &runs, &a);
	replay_record(syn, rec, &one, &b);
	assert_same_replays(text, &a, &b);
	/* A record the reader refused has no position to show. */
	if (a.status != REPLAY_MALFORMED)
		ck_assert_uint_gt(shown, 0);
	reader_close();
	replay_fini(&a);
	replay_fini(&b);
}

/*
 * A game with two passes implied, each square of it in turn written
 * another way (in either case, off the board, past the letters or digits
 * an 8x8 board has, three bytes, a pass), as a transcript (its squares in
 * a row in the line) and as the notation (apart).
 */
START_TEST(replay_squares_in_runs_as_one_by_one)
{
	static const char moves[] =
	    "d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8"
	    "b4b7a7a5g3f1g4g5h6a4g6e1b2c1c2h3h4g2g7h2h1a1g1b1a2a3h7h8g8h5";
	static const char *const other[] = { "D3", "i1", "a9", "a0", "`1", "q1",
		"h8", "a10", "--", "e3" };
	char			 text[512], pgn[1024];
	size_t			 at, k, i, n;

	assert_runs_as_one_by_one(moves, RECORD_TRANSCRIPT);
	for (at = 0; at + 1 < sizeof moves; at += 2)
		for (k = 0; k < sizeof other / sizeof other[0]; k++) {
			snprintf(text, sizeof text, "%.*s%s%s\n", (int)at,
			    moves, other[k], moves + at + 2);
			assert_runs_as_one_by_one(text, RECORD_TRANSCRIPT);
			n = (size_t)snprintf(
			    pgn, sizeof pgn, "[Game \"reversi\"]\n");
			for (i = 0; i < at; i += 2)
				n += (size_t)snprintf(pgn + n, sizeof pgn - n,
				    "%.2s ", moves + i);
			n += (size_t)snprintf(
			    pgn + n, sizeof pgn - n, "%s ", other[k]);
			for (i = at + 2; moves[i] != '\0'; i += 2)
				n += (size_t)snprintf(pgn + n, sizeof pgn - n,
				    "%.2s ", moves + i);
			assert_runs_as_one_by_one(pgn, RECORD_PGN);
		}
}
END_TEST

/*
 * The notation's implied passes (replay_implicit): AUTO implies them in a
 * Reversi record that writes none, not in one that writes a pass; YES in
 * both.
 */
START_TEST(replay_implicit_passes_in_the_notation)
{
	/* The game above, White passing before h7 and before h5. */
	static const char moves[] =
	    "d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8"
	    "b4b7a7a5g3f1g4g5h6a4g6e1b2c1c2h3h4g2g7h2h1a1g1b1a2a3h7h8g8h5";
	char	      pgn[600], one[600];
	struct replay rp;
	size_t	      i, n, m;

	n = (size_t)snprintf(pgn, sizeof pgn, "[Game \"reversi\"]\n");
	m = (size_t)snprintf(one, sizeof one, "[Game \"reversi\"]\n");
	for (i = 0; moves[i] != '\0'; i += 2) {
		n += (size_t)snprintf(
		    pgn + n, sizeof pgn - n, "%.2s ", moves + i);
		m += (size_t)snprintf(one + m, sizeof one - m, "%s%.2s ",
		    strncmp(moves + i, "h7", 2) == 0 ? "pass " : "", moves + i);
	}
	replay_init(&rp);
	replay_text_with(pgn, RECORD_PGN, REPLAY_IMPLICIT_AUTO, &rp);
	ck_assert_int_eq(rp.status, REPLAY_FINISHED);
	ck_assert_int_eq(rp.implied_passes, 2);
	ck_assert_int_eq(rp.turns, 62);
	ck_assert_int_eq(rp.score.points[0], 18);

	/* One pass written: the record is judged as written. */
	replay_text_with(one, RECORD_PGN, REPLAY_IMPLICIT_AUTO, &rp);
	ck_assert_int_eq(rp.status, REPLAY_ILLEGAL);
	ck_assert_str_eq(diag_name(rp.error.code), "must-pass");
	ck_assert_int_eq(rp.error_turn, 61);

	replay_text_with(one, RECORD_PGN, REPLAY_IMPLICIT_YES, &rp);
	ck_assert_int_eq(rp.status, REPLAY_FINISHED);
	ck_assert_int_eq(rp.implied_passes, 1);
	ck_assert_int_eq(rp.passes, 2);
	replay_fini(&rp);
}
END_TEST

START_TEST(replay_error_position)
{
	struct replay rp;

	replay_init(&rp);
	replay_text(
	    "[Game \"reversi\"]\n\n  f5  d6\n c4 e3 *\n", RECORD_PGN, &rp);
	ck_assert_int_eq(rp.status, REPLAY_ILLEGAL);
	ck_assert_str_eq(diag_name(rp.error.code), "no-flips");
	ck_assert_int_eq(rp.error.at.line, 4);
	ck_assert_int_eq(rp.error.at.col, 5);
	ck_assert_int_eq(rp.error_turn, 4);
	ck_assert_str_eq(rp.error_move, "e3");
	/* The position is the one before the illegal move. */
	ck_assert_int_eq(rules_to_move(rp.pos), 1);
	replay_fini(&rp);
}
END_TEST

START_TEST(replay_result_forms)
{
	static const struct {
		const char *result;
		bool	    agrees;
	} cases[] = {
		{ "13-0", true },
		{ "64-0", true },
		{ "0-13", false },
		{ "*", false },
		{ "1/2-1/2", false },
		/* A score read by hand (plain_score) or by the pattern. */
		{ "013-00", true },
		{ "000000013-000000000", true },
		{ "0000000013-0", true },
		{ "13-0000000000", true },
		{ "00000000000000000000000000000000000013-0", true },
		{ "13-00000000000000000000000000000000000000", true },
		{ "99999999999999999999999999-0", false },
		{ "13-", false },
		{ "-0", false },
		{ "13--0", false },
		{ "13-0 ", false },
		{ "13-0x", false },
		{ "1a-0", false },
	};
	char	      text[128], shown[sizeof ((struct replay *)0)->recorded];
	struct replay rp;

	replay_init(&rp);
	snprintf(text, sizeof text,
	    "[Game \"reversi\"]\n[Result \"%s\"]\n"
	    "e6 f4 e3 f6 g5 d6 e7 f5 c5\n",
	    cases[_i].result);
	replay_text(text, RECORD_PGN, &rp);
	ck_assert(rp.has_recorded);
	ck_assert_int_eq(rp.agrees, cases[_i].agrees);
	ck_assert_int_eq(rp.has_error, !cases[_i].agrees);
	/* The text shown is util_printable's, however it was read. */
	util_printable(cases[_i].result, strlen(cases[_i].result), shown,
	    sizeof shown);
	ck_assert_str_eq(rp.recorded, shown);
	replay_fini(&rp);
}
END_TEST

START_TEST(replay_reuses_storage)
{
	struct replay rp;
	int	      i;

	/* Many records through one replay: no growth, same answers. */
	replay_init(&rp);
	for (i = 0; i < 1000; i++) {
		replay_text(i % 2 ? "[Game \"reversi\"]\nf5 d6 a1 *\n" :
				    "[Game \"reversi\"]\n[Size \"6\"]\nc2 *\n",
		    RECORD_PGN, &rp);
		ck_assert_int_eq(
		    rp.status, i % 2 ? REPLAY_ILLEGAL : REPLAY_UNFINISHED);
	}
	replay_fini(&rp);
}
END_TEST

/*
 * Records naming games in turn through one replay: each its Game tag's
 * game, by name or alias in any case, as rules_game_find gives it, or
 * none; the last name's game kept does not answer for another name.
 */
START_TEST(replay_game_tags_in_turn)
{
	static const char *const names[] = { "reversi", "Reversi", "oust",
		"othello", "OTHELLO", "reversi", "revers", "reversi ",
		"reversiXXXXXXXXXXXXXXXX", "oust", "reversi", "" };
	struct replay		 rp;
	char			 text[128];
	size_t			 i, k;

	replay_init(&rp);
	for (k = 0; k < 2; k++)
		for (i = 0; i < sizeof names / sizeof names[0]; i++) {
			snprintf(
			    text, sizeof text, "[Game \"%s\"]\n*\n", names[i]);
			replay_text(text, RECORD_PGN, &rp);
			ck_assert_msg(rp.game == rules_game_find(names[i]),
			    "%s", names[i]);
			ck_assert_int_eq(rp.status,
			    rp.game != NULL ? REPLAY_UNFINISHED :
					      REPLAY_MALFORMED);
		}
	replay_fini(&rp);
}
END_TEST

/* A file of the source tree, read whole (the caller frees it). */
static char *
slurp(const char *rel, size_t *len)
{
	const char *dir = getenv("srcdir");
	char	    path[4096], *buf;
	FILE	   *fp;
	long	    n;

	snprintf(path, sizeof path, "%s/%s", dir != NULL ? dir : ".", rel);
	fp = fopen(path, "rb");
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(fseek(fp, 0, SEEK_END), 0);
	n = ftell(fp);
	ck_assert_int_ge(n, 0);
	rewind(fp);
	buf = malloc((size_t)n + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, (size_t)n, fp), (size_t)n);
	fclose(fp);
	*len = (size_t)n;
	return buf;
}

/*
 * Writes every record of text (a WTHOR file, transcripts or CSV) as
 * WTHOR, with the replay's wof score, into *out (the caller frees it).
 * Returns the number of games.
 */
static size_t
to_wthor(const char *text, size_t len, enum record_format fmt, char **out,
    size_t *outlen)
{
	struct replay_options	    opt = { .max_legal = 0 };
	struct record_wthor_writer *w;
	const struct record	   *rec;
	struct replay		    rp;
	struct diag		    d;
	size_t			    n = 0;
	FILE			   *fp;

	w = record_wthor_writer_new(2019);
	ck_assert_ptr_nonnull(w);
	rd = record_reader_new_buffer(syn, text, len, "test", fmt);
	ck_assert_ptr_nonnull(rd);
	replay_init(&rp);
	while (record_reader_next(rd, &rec) == 1) {
		replay_record(syn, rec, &opt, &rp);
		ck_assert_int_ne(rp.status, REPLAY_MALFORMED);
		ck_assert_int_eq(
		    record_wthor_add(w, rec,
			rp.score.over ? rp.score.alt[0] : rec->wthor.score,
			rec->format == RECORD_WTHOR ? rec->wthor.theoretical :
						      -1,
			&d),
		    0);
		n++;
	}
	replay_fini(&rp);
	record_reader_free(rd);
	rd = NULL;
	fp = open_memstream(out, outlen);
	ck_assert_ptr_nonnull(fp);
	ck_assert_int_eq(record_wthor_write(w, fp), 0);
	fclose(fp);
	record_wthor_writer_free(w);
	return n;
}

/* The squares of rec's turns, passes left out, as one string. */
static void
squares(const struct record *rec, char *buf, size_t cap)
{
	size_t i, n = 0;

	for (i = 0; i < rec->nturns && n + 3 <= cap; i++)
		if (rec->turns[i].len == 2 && rec->turns[i].text[0] != '-' &&
		    (rec->turns[i].text[0] | 0x20) != 'p') {
			buf[n++] = (char)(rec->turns[i].text[0] | 0x20);
			buf[n++] = rec->turns[i].text[1];
		}
	buf[n] = '\0';
}

/*
 * A WTHOR fixture written back is the same games, byte for byte; our
 * transcripts and CSV rows through WTHOR read back as the same moves,
 * finished with the score stored agreeing (formats/wthor.md, "Writing").
 */
START_TEST(wthor_round_trip)
{
	/* Files (by name), in their formats. */
	static const struct reading_input in[] = {
		{ "tests/cases/data/wthor/games.wtb", RECORD_WTHOR },
		{ "examples/transcripts.txt", RECORD_TRANSCRIPT },
		{ "examples/archive.csv", RECORD_CSV },
	};
	struct replay_options opt = { .max_legal = 0 };
	struct record_reader *orig, *back;
	const struct record  *a, *b;
	struct replay	      rp;
	char		     *text, *w, sa[200], sb[200];
	size_t		      len, wlen, n, k = 0;

	text = slurp(in[_i].src, &len);
	n = to_wthor(text, len, in[_i].fmt, &w, &wlen);
	ck_assert_uint_eq(wlen, 16 + 68 * n);
	if (in[_i].fmt == RECORD_WTHOR)
		ck_assert_mem_eq(w + 16, text + 16, len - 16);
	orig = record_reader_new_buffer(syn, text, len, "a", in[_i].fmt);
	back = record_reader_new_buffer(syn, w, wlen, "b", RECORD_AUTO);
	ck_assert_ptr_nonnull(orig);
	ck_assert_ptr_nonnull(back);
	replay_init(&rp);
	while (record_reader_next(orig, &a) == 1) {
		squares(a, sa, sizeof sa);
		ck_assert_int_eq(record_reader_next(back, &b), 1);
		ck_assert_int_eq(b->format, RECORD_WTHOR);
		ck_assert(!b->malformed);
		squares(b, sb, sizeof sb);
		ck_assert_str_eq(sa, sb);
		replay_record(syn, b, &opt, &rp);
		if (rp.status == REPLAY_FINISHED)
			ck_assert(rp.agrees);
		k++;
	}
	ck_assert_int_eq(record_reader_next(back, &b), 0);
	ck_assert_uint_eq(k, n);
	replay_fini(&rp);
	record_reader_free(orig);
	record_reader_free(back);
	free(w);
	free(text);
}
END_TEST

/* WTHOR stores squares of the 8x8 board: anything else is refused. */
START_TEST(wthor_writer_refuses_other_turns)
{
	static const char	    text[] = "[Game \"oust\"]\n1. c5*,g4 *\n";
	struct record_wthor_writer *w = record_wthor_writer_new(0);
	const struct record	   *rec;
	struct diag		    d;

	ck_assert_ptr_nonnull(w);
	rd = record_reader_new_buffer(
	    syn, text, strlen(text), "test", RECORD_PGN);
	ck_assert_int_eq(record_reader_next(rd, &rec), 1);
	ck_assert_int_eq(record_wthor_add(w, rec, 0, -1, &d), -1);
	ck_assert_int_eq(d.code, DIAG_BAD_WTHOR_MOVE);
	record_wthor_writer_free(w);
}
END_TEST

/*
 * The actions of the move text mv (parsed by the codec), judged by
 * replay_turn as the token tok, which stands at line 9, column col (its
 * byte offset 100 + col): mv follows tok's first done bytes.
 */
static int
judge_move(
    struct replay *rp, const char *tok, size_t done, const char *mv, bool last)
{
	struct replay_options opt = { .max_legal = 64 };
	struct record_token   t = { NULL, strlen(tok), { 9, 34, 134 } };
	struct replay_turn    rt = { 0 };
	struct rules_action   acts[8];
	size_t		      offs[8], i, cut;
	char		      text[32];

	snprintf(text, sizeof text, "%s", tok);
	t.text = text;

	rt.n = record_turn_parse(
	    syn, &rp->pos->board, mv, strlen(mv), acts, offs, 8, &rt.bad);
	if (rt.n == -1 && rt.bad.code == DIAG_OFF_BOARD) {
		rt.off_board = true;
		rt.n = record_turn_parse_before(syn, &rp->pos->board, mv,
		    (size_t)rt.bad.at.offset, acts, offs, 8, &cut);
		rt.bad.at.offset += done;
	}
	for (i = 0; rt.n > 0 && i < (size_t)rt.n; i++)
		offs[i] += done;
	rt.acts = acts;
	rt.offs = offs;
	rt.continues = done > 0;
	return replay_turn(&t, &rt, last, &opt, rp);
}

START_TEST(replay_turn_continues)
{
	struct replay rp;

	/*
	 * Rive, White's turn 8 in progress after b3 (rules.md §3): a stone
	 * of the group b3 made must go before the next placement.
	 */
	replay_init(&rp);
	replay_text("[Game \"rive\"]\n[Board \"3\"]\n\nc3 a3 e3 c1 c5 a5 e1 "
		    "b3 *\n",
	    RECORD_PGN, &rp);
	ck_assert(rp.in_turn);
	ck_assert_int_eq(judge_move(&rp, "b3,c4", 3, "c4", true), -1);
	ck_assert_str_eq(diag_name(rp.error.code), "removal-missing");
	ck_assert_int_eq(rp.error.at.line, 9);
	ck_assert_int_eq(rp.error.at.col, 37);
	ck_assert_int_eq(rp.error.at.offset, 137);
	ck_assert_str_eq(rp.error_move, "b3,c4");
	ck_assert_int_eq(rp.nlegal, 2);
	replay_fini(&rp);

	/* The removal, then the placement that ends the turn. */
	replay_init(&rp);
	replay_text("[Game \"rive\"]\n[Board \"3\"]\n\nc3 a3 e3 c1 c5 a5 e1 "
		    "b3 *\n",
	    RECORD_PGN, &rp);
	ck_assert_int_eq(judge_move(&rp, "b3xc3", 2, "xc3", true), 0);
	ck_assert(rp.in_turn);
	ck_assert_int_eq(rp.turns, 7);
	ck_assert_int_eq(judge_move(&rp, "b3xc3,c4", 6, "c4", true), 0);
	ck_assert(!rp.in_turn);
	ck_assert_int_eq(rp.turns, 8);
	ck_assert_int_eq(rules_to_move(rp.pos), 0);
	/* d1 joins c1 and e1: unless last, the token owes a removal. */
	ck_assert_int_eq(judge_move(&rp, "d1", 0, "d1", false), -1);
	ck_assert_str_eq(diag_name(rp.error.code), "turn-incomplete");
	ck_assert_int_eq(rp.error.at.col, 36);
	replay_fini(&rp);
}
END_TEST

START_TEST(replay_turn_diagnostics)
{
	struct replay rp;

	/* A cell off the board: gamecheck's diagnostic, the legal moves. */
	replay_init(&rp);
	replay_text("[Game \"reversi\"]\nf5 d6 c3 d3 c4\n", RECORD_PGN, &rp);
	ck_assert_int_eq(judge_move(&rp, "i9", 0, "i9", true), -1);
	ck_assert_str_eq(diag_name(rp.error.code), "off-board");
	ck_assert_int_eq(rp.error.at.col, 34);
	ck_assert_str_eq(rp.error_move, "i9");
	ck_assert_int_eq(rp.nlegal, 6);
	replay_fini(&rp);

	/* No turn after a pass that is illegal; what is no turn at all. */
	replay_init(&rp);
	replay_text("[Game \"reversi\"]\nf5\n", RECORD_PGN, &rp);
	ck_assert_int_eq(judge_move(&rp, "pass", 0, "pass", true), -1);
	ck_assert_str_eq(diag_name(rp.error.code), "pass-with-moves");
	replay_fini(&rp);
	replay_init(&rp);
	replay_text("[Game \"reversi\"]\nf5\n", RECORD_PGN, &rp);
	ck_assert_int_eq(judge_move(&rp, "zz", 0, "zz", true), -1);
	ck_assert_int_eq(rp.status, REPLAY_MALFORMED);
	ck_assert_str_eq(diag_name(rp.error.code), "bad-move-syntax");
	ck_assert_int_eq(rp.error.len, 2);
	replay_fini(&rp);
}
END_TEST

UNIT_MAIN("referee",
    unit_loops(
	unit_fixture(unit_tcase("replay", 0, replay_finished_game,
			 replay_tag_nuls_after_plain_records,
			 replay_squares_in_runs_as_one_by_one,
			 replay_implicit_passes_only_in_transcripts,
			 replay_implicit_passes_in_the_notation,
			 replay_error_position, replay_reuses_storage,
			 replay_game_tags_in_turn, replay_turn_continues,
			 replay_turn_diagnostics, NULL),
	    syntax_setup, syntax_teardown),
	replay_result_forms, 0, 18, NULL),
    unit_loops(unit_fixture(unit_tcase("wthor", 0,
				wthor_writer_refuses_other_turns, NULL),
		   syntax_setup, syntax_teardown),
	wthor_round_trip, 0, 3, NULL))
