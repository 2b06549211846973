/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the squares a reader hands the referee
 * (record_squares, src/record) and of the replay that plays them
 * (src/referee): each turn's square byte as record_square_byte gives it,
 * sixteen bytes at a time or one by one, and a replay from them that says
 * all that a replay from the tokens says, bad squares included.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/record.h"
#include "referee/referee.h"
#include "reading.h"
#include "unit.h"

/* A real game (White passes before h7 and before h5). */
static const char game[] =
    "d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8"
    "b4b7a7a5g3f1g4g5h6a4g6e1b2c1c2h3h4g2g7h2h1a1g1b1a2a3h7h8g8h5";

/* What may stand for one of its squares: bad ones, passes, cases. */
static const char *const other[] = { "D3", "i1", "a9", "a0", "`1", "q1", "h8",
	"a10", "--", "PA", "pa", "p9", "e3", "H8", "pass" };

START_TEST(square_byte_forms)
{
	static const struct {
		const char *tok;
		unsigned    byte;
	} cases[] = {
		{ "a1", 0x00 },
		{ "f5", 0x45 },
		{ "F5", 0x45 },
		{ "h8", 0x77 },
		{ "p9", 0x8f },
		{ "i9", 0x88 },
		{ "a0", 0xf0 }, /* rank nibble 15: on no board */
		{ "q1", RECORD_SQUARE_NONE },
		{ "`1", RECORD_SQUARE_NONE },
		{ "pa", RECORD_SQUARE_NONE },
		{ "--", RECORD_SQUARE_NONE },
		{ "a10", RECORD_SQUARE_NONE },
		{ "pass", RECORD_SQUARE_NONE },
		{ "f", RECORD_SQUARE_NONE },
	};
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		ck_assert_msg(record_square_byte(cases[i].tok,
				  strlen(cases[i].tok)) == cases[i].byte,
		    "%s", cases[i].tok);
}
END_TEST

/* The first record of text in format fmt, from the test's reader. */
static const struct record *
first_record(const char *text, enum record_format fmt)
{
	const struct record *rec;

	reader_close();
	rd = record_reader_new_buffer(syn, text, strlen(text), "test", fmt);
	ck_assert_ptr_nonnull(rd);
	ck_assert_int_eq(record_reader_next(rd, &rec), 1);
	return rec;
}

/*
 * Every turn of a line's record has its square byte, as
 * record_square_byte reads its token: however the run of squares falls
 * on the reader's blocks of sixteen bytes.
 */
static void
assert_squares_of_tokens(const struct record *rec, const char *text)
{
	const uint8_t *sq = record_squares(rec);
	size_t	       i;

	ck_assert_msg(rec->malformed || sq != NULL, "%s: no squares", text);
	for (i = 0; sq != NULL && i < rec->nturns; i++)
		ck_assert_msg(sq[i] ==
			record_square_byte(
			    rec->turns[i].text, rec->turns[i].len),
		    "%s: turn %zu", text, i + 1);
}

/*
 * The game in the notation into out (size bytes), its turn at byte at of
 * game (even) written tok: move numbers, ten turns a line, a Game tag.
 */
static void
notation_of(char *out, size_t size, size_t at, const char *tok)
{
	size_t i, n;

	n = (size_t)snprintf(out, size, "[Game \"reversi\"]\n\n");
	for (i = 0; i + 1 < sizeof game && n < size; i += 2) {
		if (i % 4 == 0)
			n += (size_t)snprintf(
			    out + n, size - n, "%zu. ", i / 4 + 1);
		if (n < size)
			n += (size_t)snprintf(out + n, size - n, "%.*s%s",
			    i == at ? (int)strlen(tok) : 2,
			    i == at ? tok : game + i, i % 20 == 18 ? "\n" : " ");
	}
	ck_assert_uint_lt(n, size);
}

START_TEST(squares_read_with_the_tokens)
{
	char   text[512], csv[600], pgn[700];
	size_t at, k;

	assert_squares_of_tokens(first_record(game, RECORD_TRANSCRIPT), game);
	for (at = 0; at + 1 < sizeof game; at += 2)
		for (k = 0; k < sizeof other / sizeof other[0]; k++) {
			snprintf(text, sizeof text, "%.*s%s%s", (int)at, game,
			    other[k], game + at + 2);
			assert_squares_of_tokens(
			    first_record(text, RECORD_TRANSCRIPT), text);
			snprintf(
			    csv, sizeof csv, "id,winner,moves\n7,1,%s\n", text);
			assert_squares_of_tokens(
			    first_record(csv, RECORD_CSV), csv);
			notation_of(pgn, sizeof pgn, at, other[k]);
			assert_squares_of_tokens(
			    first_record(pgn, RECORD_PGN), pgn);
		}
}
END_TEST

START_TEST(squares_only_of_the_turns_read)
{
	const struct record *rec;
	struct record	     copy;

	/* A line's, the notation's, a tree's (its moves across lines). */
	static const char *const texts[] = { "f5d6c3d3c4\n",
		"[Game \"reversi\"]\n1. f5 d6 2. c3 d3 3. c4\n",
		"(;GM[2];B[f5];W[d6]\n;B[c3];W[d3];B[c4])\n" };
	static const enum record_format fmts[] = { RECORD_TRANSCRIPT,
		RECORD_PGN, RECORD_SGF };
	size_t i;

	/* A record whose turns were changed is read from its tokens. */
	for (i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		rec = first_record(texts[i], fmts[i]);
		ck_assert_ptr_nonnull(record_squares(rec));
		copy = *rec;
		copy.turns++;
		copy.nturns--;
		ck_assert_ptr_null(record_squares(&copy));
		copy = *rec;
		copy.nturns--;
		ck_assert_ptr_null(record_squares(&copy));
	}
}
END_TEST

/* Replays rec into rp, with the squares the reader gave or without. */
static void
replay_squares(const struct record *rec, bool squares, struct replay *rp)
{
	struct replay_options opt = { .max_legal = 64 };
	struct record	      tokens = *rec;

	if (!squares)
		tokens.squares = NULL;
	replay_record(syn, &tokens, &opt, rp);
}

/*
 * rec replayed from its squares and from its tokens: the two agree in
 * all, the diagnostic's place and the move it quotes included.
 */
static void
assert_record_squares_as_tokens(const struct record *rec, const char *text)
{
	struct replay a, b;

	replay_init(&a);
	replay_init(&b);
	replay_squares(rec, true, &a);
	replay_squares(rec, false, &b);
	assert_same_replays(text, &a, &b);
	replay_fini(&a);
	replay_fini(&b);
}

/* The same of the first record of text in format fmt. */
static void
assert_squares_as_tokens(const char *text, enum record_format fmt)
{
	assert_record_squares_as_tokens(first_record(text, fmt), text);
}

START_TEST(replay_squares_as_tokens)
{
	char   text[512], csv[600], pgn[700];
	size_t at, k;

	assert_squares_as_tokens(game, RECORD_TRANSCRIPT);
	for (at = 0; at + 1 < sizeof game; at += 2)
		for (k = 0; k < sizeof other / sizeof other[0]; k++) {
			snprintf(text, sizeof text, "%.*s%s%s", (int)at, game,
			    other[k], game + at + 2);
			assert_squares_as_tokens(text, RECORD_TRANSCRIPT);
			snprintf(
			    csv, sizeof csv, "id,winner,moves\n7,1,%s\n", text);
			assert_squares_as_tokens(csv, RECORD_CSV);
			notation_of(pgn, sizeof pgn, at, other[k]);
			assert_squares_as_tokens(pgn, RECORD_PGN);
			/* The game cut there: runs of every length. */
			snprintf(text, sizeof text, "%.*s%s\n", (int)at, game,
			    other[k]);
			assert_squares_as_tokens(text, RECORD_TRANSCRIPT);
		}
}
END_TEST

/* WTHOR's fixtures: games, passes and bad move bytes among them. */
static const char *const wthor_files[] = { "board10.wtb", "games.wtb",
	"playok.wtb", "quirks.wtb", "short.wtb", "solved.wtb" };

/* Opens the test's reader on the WTHOR fixture name, its path in path. */
static void
wthor_open(const char *name, char *path, size_t cap)
{
	snprintf(path, cap, "%s/tests/cases/data/wthor/%s",
	    getenv("srcdir") != NULL ? getenv("srcdir") : ".", name);
	reader_close();
	rd_fp = fopen(path, "rb");
	ck_assert_msg(rd_fp != NULL, "%s", path);
	rd = record_reader_new(syn, rd_fp, path, RECORD_WTHOR);
	ck_assert_ptr_nonnull(rd);
}

/*
 * The game as a GGF or SGF tree (fmt), its passes written, with token
 * stand_in in place of its turn at (none: -1), each move apart from the
 * last by sep: the moves of a line are read eight bytes at a time, the
 * others one by one.
 */
static const char *
tree_text(
    enum record_format fmt, long at, const char *stand_in, const char *sep)
{
	static char text[2048];
	/* The moves of game before which Black passes (h7's, h5's). */
	static const int passes[] = { 56, 59 };
	size_t		 len = 0, k, turn = 0;
	const char	*tok;
	int		 colour = 0, p = 0;

	len += (size_t)snprintf(text, sizeof text, "%s",
	    fmt == RECORD_GGF ?
		"(;GM[Othello]PC[x]BO[8 -------- -------- -------- ---O*--- "
		"---*O--- -------- -------- -------- *]" :
		"(;GM[2]FF[4]SZ[8]");
	for (k = 0; k < sizeof game - 1; k += 2, turn++) {
		if (p < 2 && (int)k / 2 == passes[p]) {
			len += (size_t)snprintf(text + len, sizeof text - len,
			    "%s%s[PA]%s", fmt == RECORD_SGF ? ";" : "",
			    colour ? "W" : "B", sep);
			colour = !colour;
			p++;
			turn++;
		}
		tok = (long)turn == at ? stand_in : NULL;
		len += (size_t)snprintf(text + len, sizeof text - len,
		    "%s%s[%.*s]%s", fmt == RECORD_SGF ? ";" : "",
		    colour ? "W" : "B", tok != NULL ? (int)strlen(tok) : 2,
		    tok != NULL ? tok : game + k,
		    k + 2 < sizeof game - 1 ? sep : "");
		colour = !colour;
	}
	snprintf(text + len, sizeof text - len, "%s",
	    fmt == RECORD_GGF ? ";)\n" : ")\n");
	return text;
}

/*
 * A GGF or SGF tree's turns have their square bytes too, written in a
 * run or one by one, and its replay from them is its tokens': each turn
 * replaced by what may stand for it, in a line and across lines.
 */
START_TEST(tree_squares_as_tokens)
{
	static const enum record_format fmts[] = { RECORD_GGF, RECORD_SGF };
	static const char *const	seps[] = { "", "\n", " " };
	/* Besides other: a tree's passes, notes and blanks in a move. */
	static const char *const tree_other[] = { "Pa", "pA", "pass", "PASS",
		"", "f5/1.5", " f5", "f5 ", "PA/2" };
	const char		*text, *tok;
	size_t f, s, k, nother = sizeof other / sizeof other[0];
	long   at;

	for (f = 0; f < 2; f++)
		for (s = 0; s < 3; s++)
			for (at = -1; at < 62; at++)
				for (k = 0; k < nother +
					 sizeof tree_other /
					     sizeof tree_other[0];
				     k++) {
					tok = k < nother ?
					    other[k] :
					    tree_other[k - nother];
					text = tree_text(
					    fmts[f], at, tok, seps[s]);
					assert_squares_of_tokens(
					    first_record(text, fmts[f]), text);
					assert_squares_as_tokens(text, fmts[f]);
					if (at == -1)
						break;
				}
}
END_TEST

/*
 * WTHOR's games, passes and bad move bytes among them: each record's
 * squares are its tokens', and its replay from them theirs.
 */
START_TEST(wthor_squares_as_tokens)
{
	const struct record	*rec;
	char			 path[256];
	size_t			 i, n = 0;

	for (i = 0; i < sizeof wthor_files / sizeof wthor_files[0]; i++) {
		wthor_open(wthor_files[i], path, sizeof path);
		while (record_reader_next(rd, &rec) == 1) {
			assert_squares_of_tokens(rec, path);
			assert_record_squares_as_tokens(rec, path);
			n++;
		}
	}
	ck_assert_uint_gt(n, 10);
}
END_TEST

/*
 * assert_same_replays, and the counts a report shows besides, the player
 * to move and the phase: a pass the runs played (written or implied)
 * counted and left as play() leaves it.
 */
static void
assert_same_counts(
    const char *what, const struct replay *a, const struct replay *b)
{
	assert_same_replays(what, a, b);
	ck_assert_msg(a->passes == b->passes && a->actions == b->actions &&
		a->in_turn == b->in_turn && a->score.over == b->score.over,
	    "%s: %lu passes, %lu actions against %lu, %lu", what, a->passes,
	    a->actions, b->passes, b->actions);
	if (a->status == REPLAY_MALFORMED)
		return;
	ck_assert_int_eq(rules_to_move(a->pos), rules_to_move(b->pos));
	ck_assert_int_eq(rules_phase(a->pos), rules_phase(b->pos));
	ck_assert_int_eq(a->pos->actions, b->pos->actions);
	ck_assert_int_eq(rules_turn(a->pos), rules_turn(b->pos));
}

/*
 * Each record of the test's reader replayed in a pair with the one
 * before it (held: record_reader_hold), by replay_records_pair, as each
 * was replayed alone as soon as it was read: the two agree in all; and
 * the held record's squares are still its tokens' once the next is
 * read.  How many records.
 */
static size_t
assert_pairs_as_alone(const char *what)
{
	struct replay_options opt = { .max_legal = 64 };
	struct record_hold   *hold = record_hold_new();
	const struct record  *rec, *two[2] = { NULL, NULL };
	struct replay	      paired[2], alone[2];
	struct replay	     *pp[2] = { &paired[0], &paired[1] };
	size_t		      n = 0;
	int		      g;

	ck_assert_ptr_nonnull(hold);
	for (g = 0; g < 2; g++) {
		replay_init(&paired[g]);
		replay_init(&alone[g]);
	}
	while (record_reader_next(rd, &rec) == 1) {
		/* alone[n % 2]: rec's, alone[(n + 1) % 2] the held one's. */
		replay_record(syn, rec, &opt, &alone[n % 2]);
		if (two[0] != NULL) {
			assert_squares_of_tokens(two[0], what);
			two[1] = rec;
			replay_records_pair(syn, two, &opt, pp);
			assert_same_counts(
			    what, &paired[0], &alone[(n + 1) % 2]);
			assert_same_counts(what, &paired[1], &alone[n % 2]);
		}
		ck_assert(record_reader_hold(rd, rec, hold));
		two[0] = record_held(hold);
		n++;
	}
	for (g = 0; g < 2; g++) {
		replay_fini(&paired[g]);
		replay_fini(&alone[g]);
	}
	record_hold_free(hold);
	return n;
}

/*
 * The game with each stand-in at each of its squares, one record after
 * another, as CSV, transcripts, the notation, GGF and SGF trees; and
 * WTHOR's games: pairs of them replayed as each alone, however far apart
 * they stop.
 */
START_TEST(replay_pairs_as_alone)
{
	static const enum record_format fmts[] = { RECORD_TRANSCRIPT,
		RECORD_CSV, RECORD_PGN, RECORD_GGF, RECORD_SGF };
	char	*text, path[256];
	size_t	 cap = 1 << 20, len, at, k, i, f, n = 0;

	for (f = 0; f < sizeof fmts / sizeof fmts[0]; f++) {
		text = malloc(cap);
		ck_assert_ptr_nonnull(text);
		len = (size_t)snprintf(text, cap, "%s%s\n",
		    fmts[f] == RECORD_CSV ? "id,winner,moves\n7,1," : "", game);
		if (fmts[f] == RECORD_GGF || fmts[f] == RECORD_SGF)
			len = (size_t)snprintf(text, cap, "%s",
			    tree_text(fmts[f], -1, "", ""));
		for (at = 0; at + 1 < sizeof game; at += 2)
			for (k = 0; k < sizeof other / sizeof other[0]; k++) {
				if (fmts[f] == RECORD_PGN)
					notation_of(text + len, cap - len, at,
					    other[k]);
				else if (fmts[f] == RECORD_GGF ||
				    fmts[f] == RECORD_SGF)
					snprintf(text + len, cap - len, "%s",
					    tree_text(fmts[f], (long)at / 2,
						other[k], ""));
				else
					snprintf(text + len, cap - len,
					    "%s%.*s%s%s\n",
					    fmts[f] == RECORD_CSV ? "7,1," : "",
					    (int)at, game, other[k],
					    game + at + 2);
				len += strlen(text + len);
			}
		ck_assert_uint_lt(len, cap - 1);
		reader_close();
		rd = record_reader_new_buffer(syn, text, len, "test", fmts[f]);
		ck_assert_ptr_nonnull(rd);
		ck_assert_uint_gt(
		    assert_pairs_as_alone(record_format_name(fmts[f])), 800);
		reader_close();
		free(text);
	}
	for (i = 0; i < sizeof wthor_files / sizeof wthor_files[0]; i++) {
		wthor_open(wthor_files[i], path, sizeof path);
		n += assert_pairs_as_alone(path);
	}
	ck_assert_uint_gt(n, 10);
}
END_TEST

/*
 * The first record of text in format fmt, its turns changed to f5 f6
 * e6 (other turns than the squares'): the turns are the ones played.
 */
static void
assert_changed_turns_played(const char *text, enum record_format fmt)
{
	static char	      f5[] = "f5", f6[] = "f6", e6[] = "e6";
	struct record_token   turns[3] = { { f5, 2, { 1, 1, 0 } },
		  { f6, 2, { 1, 3, 2 } }, { e6, 2, { 1, 5, 4 } } };
	struct replay_options opt = { .max_legal = 64 };
	const struct record  *rec;
	struct record	      changed;
	struct replay	      rp;

	rec = first_record(text, fmt);
	ck_assert_ptr_nonnull(record_squares(rec));
	changed = *rec;
	changed.turns = turns;
	replay_init(&rp);
	replay_record(syn, &changed, &opt, &rp);
	ck_assert(!rp.has_error);
	ck_assert_int_eq(rp.turns, 3);
	/* e6 (5 * 8 + 4) is Black's, piece 1; c3 (2 * 8 + 2) was not played. */
	ck_assert_int_eq(rules_piece(rp.pos, 5 * 8 + 4), 1);
	ck_assert_int_eq(rules_piece(rp.pos, 2 * 8 + 2), RULES_EMPTY);
	replay_fini(&rp);
}

START_TEST(replay_changed_turns_by_their_tokens)
{
	assert_changed_turns_played("f5d6c3\n", RECORD_TRANSCRIPT);
	/* A tree's record, its squares read with its moves, the same. */
	assert_changed_turns_played(
	    "(;GM[Othello]B[f5]W[d6]B[c3];)\n", RECORD_GGF);
	assert_changed_turns_played("(;GM[2];B[f5];W[d6];B[c3])\n", RECORD_SGF);
}
END_TEST

/*
 * rec replayed up to each of its written passes (upto: the turns before
 * it, passes implied included) and that pass judged by replay_turn
 * (judge_turn, the general path), against rec replayed one turn further
 * (play_squares takes a written pass the short way where the mover has
 * no move): the two agree in all a replay keeps of the
 * turn, the pass legal, illegal or after the game's end, its turns
 * kept (keep) or not.  How many passes were compared.
 */
static size_t
assert_passes_kept_as_turns(
    const struct record *rec, const char *text, bool keep)
{
	static const struct rules_action pass = { .kind = RULES_PASS };
	static const size_t		 off = 0;
	struct replay_options opt = { .max_legal = 64, .limit = true,
		.keep_turns = keep };
	struct replay_turn    t = { .acts = &pass, .offs = &off, .n = 1 };
	struct replay	      a, b;
	size_t		      j, n = 0;
	int		      cell;

	replay_init(&a);
	replay_init(&b);
	for (j = 0; j < rec->nturns; j++) {
		if (!record_turn_is_pass(rec->turns[j].text, rec->turns[j].len))
			continue;
		/*
		 * Up to token j: upto counts the passes implied before it
		 * too, so one more each time until j tokens are played.
		 */
		opt.upto = j;
		for (;;) {
			replay_record(syn, rec, &opt, &b);
			if (b.has_error || b.turns - b.implied_passes >= j)
				break;
			opt.upto = j + b.implied_passes;
		}
		/* An error before the pass: no turn of it to judge. */
		if (b.has_error || b.error_turn != 0)
			continue;
		ck_assert_uint_eq(b.turns - b.implied_passes, j);
		if (replay_turn(&rec->turns[j], &t, j + 1 == rec->nturns, &opt,
			&b) == -1)
			b.error_turn = j + 1;
		opt.upto++;
		replay_record(syn, rec, &opt, &a);
		ck_assert_msg(a.turns == b.turns && a.passes == b.passes &&
			a.actions == b.actions &&
			a.implied_passes == b.implied_passes &&
			a.in_turn == b.in_turn && a.has_error == b.has_error &&
			a.error_turn == b.error_turn,
		    "%s: pass at turn %zu: %lu turns, %lu passes, error %d "
		    "at %lu against %lu, %lu, %d at %lu",
		    text, j + 1, a.turns, a.passes, a.has_error, a.error_turn,
		    b.turns, b.passes, b.has_error, b.error_turn);
		if (a.has_error) {
			ck_assert_int_eq(a.status, b.status);
			ck_assert_int_eq(a.error.code, b.error.code);
			ck_assert_int_eq(a.error.at.line, b.error.at.line);
			ck_assert_int_eq(a.error.at.col, b.error.at.col);
			ck_assert_int_eq(a.error.at.offset, b.error.at.offset);
			ck_assert_int_eq(a.error.len, b.error.len);
			ck_assert_str_eq(a.error.msg, b.error.msg);
			ck_assert_str_eq(a.error_move, b.error_move);
			ck_assert_int_eq(a.nlegal, b.nlegal);
			/* No memcmp of none: the arrays may be NULL (UBSan). */
			if (a.nlegal > 0)
				ck_assert_mem_eq(a.legal, b.legal,
				    a.nlegal * sizeof *a.legal);
		}
		ck_assert_uint_eq(a.nkept, b.nkept);
		ck_assert_uint_eq(a.kept_len, b.kept_len);
		if (a.kept_len > 0)
			ck_assert_mem_eq(a.kept, b.kept, a.kept_len);
		ck_assert_int_eq(rules_to_move(a.pos), rules_to_move(b.pos));
		for (cell = 0; cell < 64; cell++)
			ck_assert_int_eq(
			    rules_piece(a.pos, cell), rules_piece(b.pos, cell));
		n++;
	}
	replay_fini(&a);
	replay_fini(&b);
	return n;
}

/* The same, the turns kept and not. */
static size_t
assert_passes_as_turns(const struct record *rec, const char *text)
{
	return assert_passes_kept_as_turns(rec, text, false) +
	    assert_passes_kept_as_turns(rec, text, true);
}

/*
 * The game in fmt (a transcript, CSV or the notation), its passes
 * written as pass where (passes) or not, with the pass token tok in
 * place of its turn at (-1: none) and, with after, one more pass past
 * its end: into a static buffer.
 */
static const char *
passes_text(enum record_format fmt, bool passes, long at, const char *tok,
    bool after)
{
	static char	 text[2048];
	static const int before[] = { 56, 59 }; /* h7's, h5's (tree_text) */
	size_t		 len = 0, k;
	long		 turn = 0;
	int		 p = 0;

	if (fmt == RECORD_CSV)
		len = (size_t)snprintf(
		    text, sizeof text, "id,winner,moves\n7,1,");
	else if (fmt == RECORD_PGN)
		len = (size_t)snprintf(
		    text, sizeof text, "[Game \"reversi\"]\n\n");
	for (k = 0; k < sizeof game - 1; k += 2, turn++) {
		if (passes && p < 2 && (int)k / 2 == before[p]) {
			len += (size_t)snprintf(text + len, sizeof text - len,
			    "%s%s", turn == at ? tok : "pass",
			    fmt == RECORD_PGN ? " " : "");
			p++;
			turn++;
		}
		len += (size_t)snprintf(text + len, sizeof text - len,
		    "%.*s%s", turn == at ? (int)strlen(tok) : 2,
		    turn == at ? tok : game + k,
		    fmt == RECORD_PGN ? (turn % 10 == 9 ? "\n" : " ") : "");
	}
	snprintf(text + len, sizeof text - len, "%s\n", after ? "pass" : "");
	ck_assert_uint_lt(len, sizeof text - 8);
	return text;
}

/*
 * Written passes, legal (where the mover has no move), illegal (in place
 * of a move) and past the game's end, in every format that writes them:
 * each taken as one turn by the general path.
 */
START_TEST(written_passes_as_turns)
{
	static const enum record_format lines[] = { RECORD_TRANSCRIPT,
		RECORD_CSV, RECORD_PGN };
	static const enum record_format trees[] = { RECORD_GGF, RECORD_SGF };
	static const char *const	passes[] = { "pass", "PA", "pa", "--" };
	const char		*text;
	size_t			 f, k, n = 0;
	long			 at;

	for (f = 0; f < sizeof lines / sizeof lines[0]; f++)
		for (k = 0; k < sizeof passes / sizeof passes[0]; k++)
			for (at = -1; at < 62; at++) {
				text = passes_text(
				    lines[f], true, at, passes[k], at == -1);
				n += assert_passes_as_turns(
				    first_record(text, lines[f]), text);
				text = passes_text(
				    lines[f], false, at, passes[k], false);
				n += assert_passes_as_turns(
				    first_record(text, lines[f]), text);
			}
	for (f = 0; f < sizeof trees / sizeof trees[0]; f++)
		for (k = 0; k < sizeof passes / sizeof passes[0]; k++)
			for (at = -1; at < 62; at++) {
				text = tree_text(trees[f], at, passes[k], "");
				n += assert_passes_as_turns(
				    first_record(text, trees[f]), text);
			}
	ck_assert_uint_gt(n, 1000);
}
END_TEST

/* Appends text to buf (of cap bytes, len used), without CSV's header. */
static size_t
append_record(char *buf, size_t cap, size_t len, const char *text)
{
	static const char header[] = "id,winner,moves\n";

	if (len > 0 && strncmp(text, header, sizeof header - 1) == 0)
		text += sizeof header - 1;
	ck_assert_uint_lt(len + strlen(text), cap);
	memcpy(buf + len, text, strlen(text) + 1);
	return len + strlen(text);
}

/*
 * Records with passes written, in pairs as alone (replay_records_pair's
 * runs play those the rules take, play_cells_pair_written): each
 * spelling of a pass in each format, at each turn (a pass the rules
 * refuse where the player has a move, two in a row), past the end, with
 * its passes written or implied, one pass implied and the next written;
 * a wipe-out (neither side can move, the board not full) and one or two
 * passes after it; each record paired with the one before and after it,
 * so one game of a pair passes while the other goes on, and each stops
 * before, at or after the other.
 */
START_TEST(written_passes_paired_as_alone)
{
	static const enum record_format lines[] = { RECORD_TRANSCRIPT,
		RECORD_CSV, RECORD_PGN };
	static const enum record_format trees[] = { RECORD_GGF, RECORD_SGF };
	static const char *const	passes[] = { "pass", "PA", "pa", "--",
		"Pass", "PASS" };
	static const char *const wipe[] = {
		"e6f4e3f6g5d6e7f5c5\n", "e6f4e3f6g5d6e7f5c5pass\n",
		"e6f4e3f6g5d6e7f5c5passpass\n",
		/* h7's pass implied, h5's written; and the other way. */
		"d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8"
		"b4b7a7a5g3f1g4g5h6a4g6e1b2c1c2h3h4g2g7h2h1a1g1b1a2a3h7h8g8"
		"passh5\n",
		"d3c5f6f5e6e3d6f7b6d7e2c6d8c4e7c3f4c8c7d2d1a6b3f3b8f8b5f2e8a8"
		"b4b7a7a5g3f1g4g5h6a4g6e1b2c1c2h3h4g2g7h2h1a1g1b1a2a3passh7h8"
		"g8h5\n"
	};
	static const char *const wipe_trees[] = {
		"(;GM[Othello]PC[x]BO[8 -------- -------- -------- ---O*--- "
		"---*O--- -------- -------- -------- *]B[e6]W[f4]B[e3]W[f6]"
		"B[g5]W[d6]B[e7]W[f5]B[c5]",
		"(;GM[2]FF[4]SZ[8];B[e6];W[f4];B[e3];W[f6];B[g5];W[d6];B[e7];"
		"W[f5];B[c5]"
	};
	static const char *const tree_ends[] = { ";)\n", ")\n" };
	static const char *const ends[][2] = { { "", "" },
		{ "W[PA]", ";W[]" }, { "W[PA]B[PA]", ";W[];B[]" },
		{ "W[pass]", ";W[tt]" } };
	size_t	 cap = 1 << 21, len, f, k, i, n = 0;
	char	*text, one[512];
	long	 at;

	text = malloc(cap);
	ck_assert_ptr_nonnull(text);
	for (f = 0; f < sizeof lines / sizeof lines[0]; f++) {
		len = 0;
		for (k = 0; k < sizeof passes / sizeof passes[0]; k++)
			for (at = -1; at < 62; at++)
				for (i = 0; i < 3; i++)
					len = append_record(text, cap, len,
					    passes_text(lines[f], i != 1, at,
						passes[k], i == 2));
		if (lines[f] == RECORD_TRANSCRIPT)
			for (i = 0; i < sizeof wipe / sizeof wipe[0]; i++)
				len = append_record(text, cap, len, wipe[i]);
		reader_close();
		rd = record_reader_new_buffer(
		    syn, text, len, "test", lines[f]);
		ck_assert_ptr_nonnull(rd);
		n += assert_pairs_as_alone(record_format_name(lines[f]));
	}
	for (f = 0; f < sizeof trees / sizeof trees[0]; f++) {
		len = 0;
		for (k = 0; k < sizeof passes / sizeof passes[0]; k++)
			for (at = -1; at < 62; at++) {
				len = append_record(text, cap, len,
				    tree_text(trees[f], at, passes[k], ""));
				len = append_record(text, cap, len,
				    tree_text(trees[f], at, passes[k], "\n"));
			}
		for (i = 0; i < sizeof ends / sizeof ends[0]; i++) {
			snprintf(one, sizeof one, "%s%s%s", wipe_trees[f],
			    ends[i][f], tree_ends[f]);
			len = append_record(text, cap, len, one);
		}
		reader_close();
		rd = record_reader_new_buffer(syn, text, len, "test", trees[f]);
		ck_assert_ptr_nonnull(rd);
		n += assert_pairs_as_alone(record_format_name(trees[f]));
	}
	reader_close();
	free(text);
	ck_assert_uint_gt(n, 4000);
}
END_TEST

UNIT_MAIN("squares",
    unit_fixture(
	unit_tcase("squares", 0, square_byte_forms,
	    squares_read_with_the_tokens, squares_only_of_the_turns_read,
	    replay_squares_as_tokens, wthor_squares_as_tokens,
	    tree_squares_as_tokens, replay_pairs_as_alone,
	    replay_changed_turns_by_their_tokens, written_passes_as_turns,
	    written_passes_paired_as_alone, NULL),
	syntax_setup, syntax_teardown))
