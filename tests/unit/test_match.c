/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the pure parts of the match runner (src/match): reading
 * --sprt's test and --tc's clock, the names of the protocols' tables,
 * the tally of a two-program match (wins, draws, pairs with colours
 * reversed, the SPRT's verdict), and reading back a file of records for
 * --resume, whole, cut short or of another match.  The schedule is
 * test_schedule's.
 */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "match/match.h"
#include "match/resume.h"
#include "match/serve.h"
#include "unit.h"

START_TEST(sprt_test_read)
{
	struct stat_sprt t;

	ck_assert_int_eq(match_sprt_parse("elo0=0 elo1=5", &t), 0);
	ck_assert(t.elo0 == 0 && t.elo1 == 5);
	/* The error rates default to 0.05. */
	ck_assert(t.alpha == 0.05 && t.beta == 0.05);
	ck_assert_int_eq(
	    match_sprt_parse("elo1=10,elo0=-2.5,alpha=0.1,beta=0.2", &t), 0);
	ck_assert(t.elo0 == -2.5 && t.elo1 == 10);
	ck_assert(t.alpha == 0.1 && t.beta == 0.2);
}
END_TEST

START_TEST(sprt_test_refused)
{
	static const char *const bad[] = {
		"elo0=0",			    /* elo1 missing */
		"elo0=5 elo1=0",		    /* not below */
		"elo0=0 elo1=5 elo0=1",		    /* twice */
		"elo0=0 elo1=5 gamma=1",	    /* no such key */
		"elo0=0x1 elo1=5",		    /* not decimal */
		"elo0=1e3 elo1=5",		    /* not decimal */
		"elo0=0 elo1=5 alpha=0.6 beta=0.5", /* rates sum to 1 */
		"elo0=0 elo1=5 alpha=0",	    /* a rate of 0 */
		"elo0=0 elo1",			    /* no value */
		"",
	};
	struct stat_sprt t;
	size_t		 i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(
		    match_sprt_parse(bad[i], &t) == -1, "'%s'", bad[i]);
}
END_TEST

START_TEST(time_control_read)
{
	struct match_tc tc = { 0 };

	ck_assert(match_tc_parse("60+0.5", &tc));
	ck_assert(tc.on && tc.base == 60 && tc.inc == 0.5);
	ck_assert_str_eq(tc.text, "60+0.5");
	ck_assert(match_tc_parse("10", &tc));
	ck_assert(tc.base == 10 && tc.inc == 0);
	ck_assert(!match_tc_parse("0", &tc));
	ck_assert(!match_tc_parse("+5", &tc));
	ck_assert(!match_tc_parse("1e3", &tc));
	ck_assert(!match_tc_parse("10+", &tc));
}
END_TEST

/* What a program says beside its action (formats/protocol.md). */
START_TEST(eval_score_read)
{
	struct match_eval	 ev;
	static const char *const bad[] = { "", "+", "abc", "nan", "inf", "1e3",
		"0x10", "1.5x", "--1", ".5", "100000.001", "100001",
		"99999999999999999999" };
	size_t			 i;

	match_eval_clear(&ev);
	ck_assert_int_eq(match_eval_score(&ev, "-1.25", 5), 0);
	ck_assert(ev.has && ev.milli == -1250);
	ck_assert_int_eq(match_eval_score(&ev, "+3", 2), 0);
	ck_assert(ev.milli == 3000);
	/* Rounded to thousandths, half up. */
	ck_assert_int_eq(match_eval_score(&ev, "0.12350", 7), 0);
	ck_assert(ev.milli == 124);
	ck_assert_int_eq(match_eval_score(&ev, "100000", 6), 0);
	ck_assert(ev.milli == 100000000);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		match_eval_clear(&ev);
		ck_assert_msg(
		    match_eval_score(&ev, bad[i], strlen(bad[i])) == -1 &&
			!ev.has && ev.bad[0] != '\0',
		    "%s", bad[i]);
	}
}
END_TEST

START_TEST(eval_words_read)
{
	struct match_eval	 ev;
	char			 buf[160];
	static const char *const bad[] = { "eval", "eval 1 eval 2", "depth 3",
		"eval 1 depth", "eval 1 depth 10000",
		"eval 1 nodes 1234567890123456789", "eval 1 best f5",
		"eval 1 depth -1" };
	size_t			 i;

	match_eval_words(&ev, "nodes 40960 eval 1.5 depth 12", 29);
	ck_assert(ev.has && ev.milli == 1500 && ev.depth == 12 &&
	    ev.nodes == 40960 && ev.bad[0] == '\0');
	match_eval_format(&ev, 0.2104, buf, sizeof buf);
	ck_assert_str_eq(
	    buf, "[%eval 1.50,12] [%nodes 40960] [%emt 0:00:00.210]");
	match_eval_words(&ev, "eval -0.125", 11);
	ck_assert(ev.has && ev.depth == -1 && ev.nodes == -1);
	match_eval_format(&ev, 3723.5, buf, sizeof buf);
	ck_assert_str_eq(buf, "[%eval -0.125] [%emt 1:02:03.500]");
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		match_eval_words(&ev, bad[i], strlen(bad[i]));
		ck_assert_msg(!ev.has && ev.depth == -1 && ev.nodes == -1 &&
			ev.bad[0] != '\0',
		    "%s", bad[i]);
	}
}
END_TEST

START_TEST(protocol_tables)
{
	char buf[64];

	/* Both sides of each protocol, found by its name. */
	match_protocol_names(buf, sizeof buf);
	ck_assert_str_eq(buf, "arbiter, gtp or nboard");
	ck_assert_ptr_eq(match_proto_find("gtp"), &match_proto_gtp);
	ck_assert_ptr_eq(match_serve_find("gtp"), &match_serve_gtp);
	ck_assert_ptr_eq(match_proto_find("arbiter"), &match_proto_arbiter);
	ck_assert_ptr_eq(match_serve_find("nboard"), &match_serve_nboard);
	ck_assert_str_eq(match_proto_find("nboard")->name, "nboard");
	ck_assert_str_eq(match_serve_find("arbiter")->name, "arbiter");
	ck_assert_ptr_null(match_proto_find("uci"));
	ck_assert_ptr_null(match_serve_find("uci"));
	ck_assert_ptr_null(match_serve_find(""));
	/* A message cut short still ends. */
	match_protocol_names(buf, 12);
	ck_assert_str_eq(buf, "arbiter, gt");
}
END_TEST

/*
 * A two-program match of Reversi, set up as match_run leaves it before
 * the first game: no tournament, the tally in m->stats.
 */
static void
match_start(struct match *m, bool alternate, const char *sprt)
{
	match_init(m);
	m->alternate = alternate;
	m->ps.games = 10;
	m->ps.m.stats = &m->stats;
	if (sprt != NULL) {
		m->sprt_on = true;
		ck_assert_int_eq(match_sprt_parse(sprt, &m->sprt), 0);
		m->stats.sprt = true;
		m->stats.paired = alternate;
		m->stats.verdict = "inconclusive";
	}
}

/* Counts game i won by colour winner (-1: a draw), side 0 Black in it. */
static void
count(struct match *m, unsigned long i, int winner, bool first_black)
{
	struct match_game   pg;
	struct match_ending end = { .winner = winner };
	struct diag	    d;
	int		    start[RULES_COLOURS];

	start[0] = first_black ? 0 : 1;
	start[1] = 1 - start[0];
	ck_assert_int_eq(
	    match_game_init(&pg, rules_game_find("reversi"), NULL, 1, &d), 0);
	ck_assert_int_eq(match_count_game(m, i, &pg, start, &end), 0);
	match_game_fini(&pg);
}

START_TEST(tally_by_program)
{
	struct match m;

	match_start(&m, false, NULL);
	count(&m, 0, 0, true);	/* Black, the first program, wins */
	count(&m, 1, 1, true);	/* White, the second, wins */
	count(&m, 2, -1, true); /* a draw */
	count(&m, 4, 0, true);	/* out of order, as --order completion */
	ck_assert_uint_eq(m.ncounted, 4);
	/* ldw: the first program's losses, draws and wins. */
	ck_assert_uint_eq(m.stats.ldw[0], 1);
	ck_assert_uint_eq(m.stats.ldw[1], 1);
	ck_assert_uint_eq(m.stats.ldw[2], 2);
	ck_assert(match_is_counted(&m, 0) && match_is_counted(&m, 4));
	ck_assert(!match_is_counted(&m, 3) && !match_is_counted(&m, 9));
	ck_assert(!match_decided(&m));
	match_fini(&m);
}
END_TEST

START_TEST(tally_pairs_colours_reversed)
{
	struct match m;

	match_start(&m, true, NULL);
	/* Game 1 (the second of pair 0) comes in first. */
	count(&m, 1, 0, false); /* Black, the second program, wins */
	ck_assert_uint_eq(m.stats.pairs[0] + m.stats.pairs[1] +
		m.stats.pairs[2] + m.stats.pairs[3] + m.stats.pairs[4],
	    0);
	count(&m, 0, 0, true); /* Black, the first program, wins */
	/* One win each: a pair of one point of four. */
	ck_assert_uint_eq(m.stats.pairs[2], 1);
	count(&m, 2, 0, true);
	count(&m, 3, 1, false); /* White, the first program, wins */
	ck_assert_uint_eq(m.stats.pairs[4], 1);
	ck_assert_uint_eq(m.stats.ldw[2], 3);
	match_fini(&m);
}
END_TEST

/*
 * Plays games in a cycle of outcomes for the first program (2: a win, 1:
 * a draw, 0: a loss) until the SPRT decides or 400 games; how many.
 */
static unsigned long
play_until_decided(struct match *m, const int *cycle, size_t n)
{
	unsigned long i;

	for (i = 0; i < 400 && !match_decided(m); i++)
		count(m, i,
		    cycle[i % n] == 2	  ? 0 :
			cycle[i % n] == 0 ? 1 :
					    -1,
		    true);
	return i;
}

START_TEST(tally_sprt_decides)
{
	static const int strong[] = { 2, 2, 2, 1, 0 },
			 weak[] = { 0, 0, 0, 1, 2 };
	struct match m;

	/* The first program scores 70%: H1, long before 400 games. */
	match_start(&m, false, "elo0=0 elo1=50");
	ck_assert_uint_lt(play_until_decided(&m, strong, 5), 400);
	ck_assert_str_eq(m.stats.verdict, "H1");
	ck_assert(m.stats.llr >= m.stats.upper);
	match_fini(&m);
	/* It scores 30%: H0. */
	match_start(&m, false, "elo0=0 elo1=50");
	ck_assert_uint_lt(play_until_decided(&m, weak, 5), 400);
	ck_assert_str_eq(m.stats.verdict, "H0");
	ck_assert(m.stats.llr <= m.stats.lower);
	match_fini(&m);
}
END_TEST

/* What match_resume_read gave: the games in the order they came. */
struct got {
	unsigned long i[8];
	size_t	      n;
};

static int
each(void *arg, unsigned long i, const struct record *rec,
    const struct replay *rp)
{
	struct got *g = arg;

	(void)rec;
	(void)rp;
	ck_assert_uint_lt(g->n, 8);
	g->i[g->n++] = i;
	return 0;
}

/* The id of the match of the resume tests, and of no other. */
#define ID "0123456789abcdef"

/* Writes the record of a game of no moves, game round of match id. */
static void
write_game(FILE *fp, unsigned long round, const char *id)
{
	struct match_game      pg;
	struct match_game_tags t = { .event = "match",
		.round = round,
		.match_id = id,
		.black = "a",
		.white = "b" };
	struct diag	       d;

	ck_assert_int_eq(
	    match_game_init(&pg, rules_game_find("reversi"), NULL, round, &d),
	    0);
	ck_assert_int_eq(match_game_write(fp, &pg, &t), 0);
	match_game_fini(&pg);
}

/*
 * A temporary file (flushed, at its end) holding the records of the
 * games of match ID whose rounds follow, in that order, to a 0.
 */
static FILE *
match_file(unsigned long round, ...)
{
	FILE   *fp = tmpfile();
	va_list ap;

	ck_assert_ptr_nonnull(fp);
	va_start(ap, round);
	for (; round != 0; round = va_arg(ap, unsigned long))
		write_game(fp, round, ID);
	va_end(ap);
	fflush(fp);
	return fp;
}

/*
 * Reads back fp as --resume does a run of games first to last (from 0,
 * last excluded): its return, *games and what each got.
 */
static int
resume_slice(FILE *fp, const char *id, unsigned long first, unsigned long last,
    bool any_order, struct got *got, unsigned long *games)
{
	struct record_syntax *syn = record_syntax_new();
	int		      rc;

	ck_assert_ptr_nonnull(syn);
	rewind(fp);
	memset(got, 0, sizeof *got);
	rc = match_resume_read(
	    fp, "test", syn, id, first, last, any_order, each, got, games);
	record_syntax_free(syn);
	return rc;
}

/* The same for a whole match of most games. */
static int
resume(FILE *fp, const char *id, unsigned long most, bool any_order,
    struct got *got, unsigned long *games)
{
	return resume_slice(fp, id, 0, most, any_order, got, games);
}

START_TEST(resume_whole_and_cut_short)
{
	FILE	     *fp = match_file(1UL, 2UL, 0UL);
	struct got    got;
	unsigned long games;
	long	      whole = ftell(fp);

	/* A kill in the middle of the third record's write. */
	fputs("[Event \"match\"]\n[Round \"3\"]\n[Match", fp);
	fflush(fp);
	ck_assert_int_eq(resume(fp, ID, 10, false, &got, &games), 0);
	ck_assert_uint_eq(games, 2);
	ck_assert_uint_eq(got.n, 2);
	ck_assert_uint_eq(got.i[0], 0);
	ck_assert_uint_eq(got.i[1], 1);
	/* The file is cut back to its whole records, fp at their end. */
	ck_assert_int_eq(ftell(fp), whole);
	fseek(fp, 0, SEEK_END);
	ck_assert_int_eq(ftell(fp), whole);
	/* More games than the match has. */
	ck_assert_int_eq(resume(fp, ID, 1, false, &got, &games), -1);
	fclose(fp);
}
END_TEST

START_TEST(resume_refuses_another_match)
{
	FILE	     *fp = match_file(1UL, 0UL);
	struct got    got;
	unsigned long games;

	ck_assert_int_eq(
	    resume(fp, "fedcba9876543210", 10, false, &got, &games), -1);
	ck_assert_uint_eq(got.n, 0);
	fclose(fp);
}
END_TEST

START_TEST(resume_any_order)
{
	FILE	     *fp = match_file(3UL, 1UL, 0UL);
	struct got    got;
	unsigned long games;

	/* In game order, game 3 first is out of turn. */
	ck_assert_int_eq(resume(fp, ID, 10, false, &got, &games), -1);
	/* As --order completion wrote them: any order. */
	ck_assert_int_eq(resume(fp, ID, 10, true, &got, &games), 0);
	ck_assert_uint_eq(games, 2);
	ck_assert_uint_eq(got.i[0], 2);
	ck_assert_uint_eq(got.i[1], 0);
	/* Game 3 is beyond a match of two games. */
	ck_assert_int_eq(resume(fp, ID, 2, true, &got, &games), -1);
	fclose(fp);
}
END_TEST

START_TEST(resume_slice_games)
{
	FILE	     *fp = match_file(3UL, 4UL, 0UL);
	struct got    got;
	unsigned long games;

	/* Games 3 and 4 are a slice 3-5 cut short, in turn. */
	ck_assert_int_eq(resume_slice(fp, ID, 2, 5, false, &got, &games), 0);
	ck_assert_uint_eq(games, 2);
	ck_assert_uint_eq(got.i[0], 2);
	ck_assert_uint_eq(got.i[1], 3);
	/* Not of the slice 1-3 (game 4), nor of the whole match in turn. */
	ck_assert_int_eq(resume_slice(fp, ID, 0, 3, true, &got, &games), -1);
	ck_assert_int_eq(resume_slice(fp, ID, 0, 5, false, &got, &games), -1);
	ck_assert_int_eq(resume_slice(fp, ID, 4, 5, false, &got, &games), -1);
	fclose(fp);
}
END_TEST

int
main(void)
{
	cli_init("test_match");
	return unit_main("match",
	    unit_tcase("match", 0, sprt_test_read, sprt_test_refused,
		time_control_read, eval_score_read, eval_words_read,
		protocol_tables, tally_by_program, tally_pairs_colours_reversed,
		tally_sprt_decides, resume_whole_and_cut_short,
		resume_refuses_another_match, resume_any_order,
		resume_slice_games, NULL),
	    NULL);
}
