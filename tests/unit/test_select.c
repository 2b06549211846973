/* SPDX-License-Identifier: MIT */
/*
 * Selections (src/record/select.c): each operator on tags, dates,
 * numbers, players, statuses, winners, turns and openings; absent tags;
 * precedence and parentheses; and each malformed expression refused at
 * its column with what was due there.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "record/select.h"
#include "record/setup.h"
#include "rules/rules.h"
#include "unit.h"

static const char *const tags[][2] = {
	{ "Event", "Open 2021" },
	{ "Date", "2021.06.??" },
	{ "Round", "3" },
	{ "Black", "Ada" },
	{ "White", "Brian" },
	{ "Status", "1" },
};

static const char *
tag(const void *ctx, const char *name)
{
	size_t i;

	(void)ctx;
	for (i = 0; i < sizeof tags / sizeof tags[0]; i++)
		if (strcasecmp(tags[i][0], name) == 0)
			return tags[i][1];
	return NULL;
}

static const char *const finished[] = { "finished" };
static const char *const forfeited[] = { "finished", "forfeited" };
static const char *const turns[] = { "f5", "d6", "c3", "d3" };

static const struct record_select_view game = {
	.tag = tag,
	.player = { "Ada", "Brian" },
	.statuses = finished,
	.nstatuses = 1,
	.winner = "black",
	.result = "36-28",
	.turns = turns,
	.nturns = 4,
};

static bool
selects(const char *expr, const struct record_select_view *v)
{
	struct diag	      d;
	struct record_select *s = record_select_new(expr, &d);
	bool		      got;

	ck_assert_msg(s != NULL, "%s: %s", expr, d.msg);
	got = record_select_match(s, v);
	record_select_free(s);
	return got;
}

#define YES(e) ck_assert_msg(selects((e), &game), "%s: not selected", (e))
#define NO(e)  ck_assert_msg(!selects((e), &game), "%s: selected", (e))

START_TEST(test_tags)
{
	YES("Event = \"Open 2021\"");
	YES("event = \"Open 2021\""); /* a tag's name in any case */
	NO("Event = Open");
	YES("Event != Open");
	YES("Event ~ \"^Open [0-9]+$\"");
	NO("Event !~ Open");
	YES("Black = Ada and White = Brian");
	/* Numbers as numbers: 3 < 10, though "3" > "10" as text. */
	YES("Round < 10");
	NO("Round > 10");
	YES("Round >= 3");
	YES("Round < 3.1"); /* rounds field by field: 3 before 3.1 */
	/* An absent tag holds no test; has asks for it. */
	NO("ECO = A00");
	NO("ECO != A00");
	YES("not ECO = A00");
	YES("has Event and not has ECO");
	YES("tag:Status = 1"); /* a tag named as a field */
	YES("Event = \"Open \\\"2021\\\"\" or Round = 3");
}
END_TEST

START_TEST(test_dates)
{
	/* Field by field as far as both are known. */
	YES("Date >= 2021");
	NO("Date < 2021");
	YES("Date = 2021.06");
	YES("Date = 2021.06.15"); /* the day is not known: equal */
	YES("Date > 2021.05.31");
	NO("Date = 2021.07");
	NO("Date <= 2020");
	YES("Date < 2022.01.01");
	YES("Date ~ ^2021");
	/* Not a date: refused (test_bad_dates), no longer text. */
}
END_TEST

START_TEST(test_fields)
{
	struct record_select_view unfinished = game, forfeit = game;

	YES("player = Brian");
	NO("player = Zed");
	/* != and !~: neither player is. */
	NO("player != Ada");
	YES("player != Zed");
	NO("player !~ ^B");
	YES("player ~ ^A");
	YES("status = finished");
	NO("status = forfeited");
	YES("status != illegal");
	YES("winner = black");
	NO("winner = draw");
	YES("turns = 4");
	YES("turns > 3");
	NO("turns < 4");
	/* Compared as numbers unwritten (select.c, holds_count): leading
	 * zeros, none, and values past what 64 bits hold, as written. */
	YES("turns = 004");
	YES("turns >= 0");
	NO("turns != 00004");
	YES("turns < 999999999999999999");
	YES("turns < 1000000000000000000");
	YES("turns < 99999999999999999999999");
	NO("turns >= 18446744073709551620");
	YES("opening = \"f5 d6\"");
	YES("opening = \"F5  D6 c3\""); /* cells in any case */
	NO("opening = \"f5 f6\"");
	YES("opening != \"f5 f6\"");
	NO("opening = \"f5 d6 c3 d3 e3\"");
	unfinished.winner = NULL;
	ck_assert(selects("winner = none", &unfinished));
	forfeit.statuses = forfeited;
	forfeit.nstatuses = 2;
	forfeit.cause = "time";
	ck_assert(selects("status = forfeited and cause = time", &forfeit));
	ck_assert(!selects("status != forfeited", &forfeit));
	ck_assert(selects("status != illegal", &forfeit));
	NO("cause = time");
}
END_TEST

START_TEST(test_precedence)
{
	/* and binds tighter than or; not tighter than and. */
	YES("Event = x or Black = Ada and White = Brian");
	NO("(Event = x or Black = Ada) and White = Zed");
	YES("NOT has ECO AND black = Ada");
	NO("not Black = Ada or White = Zed");
	YES("not (Black = Zed or White = Zed)");
	YES("((((Black = Ada))))");
}
END_TEST

/* expr is refused at column col with a message containing msg. */
static void
refused(const char *expr, unsigned long col, const char *msg)
{
	struct diag d;

	ck_assert_msg(record_select_new(expr, &d) == NULL, "%s: read", expr);
	ck_assert_msg(d.at.col == col, "%s: column %lu, not %lu (%s)", expr,
	    d.at.col, col, d.msg);
	ck_assert_msg(strstr(d.msg, msg) != NULL, "%s: %s", expr, d.msg);
}

START_TEST(test_errors)
{
	char deep[1024];

	refused("", 1, "an expression was due");
	refused("   ", 4, "an expression was due");
	refused("Event", 6, "an operator");
	refused("Event =", 8, "a value was due");
	refused("(Event = a", 1, "a parenthesis is not closed");
	refused("(Event = a b)", 12, "and, or or ) was due");
	refused("Event = a)", 10, "a ) without its (");
	refused("Event = a b", 11, "and, or or the end was due");
	refused("Event = a and", 14, "a tag's name, a field or ( was due");
	refused("turns > x", 9, "turns are a number");
	refused("turns ~ 4", 7, "turns are compared as numbers");
	refused("status = done", 10, "a status is finished");
	refused("opening < f5", 9, "an opening is = or !=");
	/* At the byte PCRE2 names: the end of "(", the ) of "a)b". */
	refused("Event ~ \"(\"", 11, "missing closing parenthesis");
	refused("Event ~ \"a)b\"", 11, "unmatched closing parenthesis");
	/* A name due after tag: is due where tag: ends. */
	refused("has tag:", 9, "a tag's name was due after has");
	refused("opening = \" \"", 11, "one turn or more");
	refused("Event = \"abc", 9, "a quote is not closed");
	refused("has", 4, "a tag's name was due after has");
	refused("tag: = 1", 5, "a tag's name is due");
	refused("position < \"X\"", 10, "a position is = or !=");
	refused("position = \"X-Z\"", 15, "a position is X, O, x, o, - or ?");
	refused("position = \"  \"", 12, "a position is one cell or more");
	memset(deep, '(', 300);
	strcpy(deep + 300, "Event = a");
	refused(deep, 201, "nested over 200 deep");
	/* 200 deep is allowed. */
	memset(deep, '(', 200);
	strcpy(deep + 200, "Black = Ada");
	memset(deep + 211, ')', 200);
	deep[411] = '\0';
	ck_assert(selects(deep, &game));
}
END_TEST

/* The result the record claims, as written; none holds no test. */
START_TEST(test_result)
{
	struct record_select_view v = game;

	YES("result = 36-28");
	YES("result ~ \"^3[0-9]-\"");
	NO("result = 1-0");
	YES("result != 1-0");
	v.result = NULL;
	ck_assert(!selects("result = 36-28", &v));
	ck_assert(!selects("result != 36-28", &v));
}
END_TEST

/* A date compared by order is a PGN date, or the expression is refused. */
START_TEST(test_bad_dates)
{
	refused("Date = June", 8, "not a date");
	refused("Date = 2021.13", 8, "not a date");
	refused("Date >= yesterday", 9, "not a date");
	refused("EventDate < 2021.06.32", 13, "not a date");
	refused("Date = 2021-06-01", 8, "not a date");
	/* A regular expression is no date. */
	YES("Date ~ \"^2021\"");
	YES("Date = 2021.??.??");
	/* A tag that is no date compares as it can. */
	YES("Event != 2021.13");
}
END_TEST

static const char *
bad_date(const void *ctx, const char *name)
{
	(void)ctx;
	return strcasecmp(name, "Date") == 0 ? "June" : NULL;
}

/* A record's date that is none holds no comparison, as if absent. */
START_TEST(test_record_bad_date)
{
	struct record_select_view v = game;

	v.tag = bad_date;
	ck_assert(!selects("Date < 2021", &v));
	ck_assert(!selects("Date >= 2021", &v));
	ck_assert(!selects("Date != 2021", &v));
	ck_assert(selects("Date ~ June", &v));
	ck_assert(selects("has Date", &v));
}
END_TEST

/* What only a replay knows is asked of it; tags and turns are not. */
START_TEST(test_replays)
{
	static const char *const asks[] = { "status = finished",
		"Black = Ada or winner = draw", "not cause = time",
		"(turns > 3 and status ~ fin)", "position != \"X-O\"",
		"result = 1-0" };
	static const char *const no[] = { "Black = Ada", "turns > 3",
		"opening = f5 or has Status", "tag:status = 1" };
	struct record_select	*s;
	struct diag		 d;
	size_t			 i;

	for (i = 0; i < sizeof asks / sizeof asks[0]; i++) {
		ck_assert((s = record_select_new(asks[i], &d)) != NULL);
		ck_assert_msg(record_select_replays(s), "%s", asks[i]);
		record_select_free(s);
	}
	for (i = 0; i < sizeof no / sizeof no[0]; i++) {
		ck_assert((s = record_select_new(no[i], &d)) != NULL);
		ck_assert_msg(!record_select_replays(s), "%s", no[i]);
		record_select_free(s);
	}
}
END_TEST

/* Turns as a record's tokens (not NUL terminated) open a game alike. */
START_TEST(test_tokens)
{
	static char			 text[] = "F5d6c3";
	static const struct record_token tok[] = { { text, 2, { 0 } },
		{ text + 2, 2, { 0 } }, { text + 4, 2, { 0 } } };
	struct record_select_view	 v = game;

	v.turns = NULL;
	v.tokens = tok;
	v.nturns = 3;
	ck_assert(selects("opening = \"f5 d6\"", &v));
	ck_assert(selects("opening = \"f5 d6 C3\"", &v));
	ck_assert(!selects("opening = \"f5 d6c3\"", &v));
	ck_assert(!selects("opening = \"f5 d6 c3 d3\"", &v));
	ck_assert(selects("turns = 3", &v));
}
END_TEST

/* The position after the moves (blank-separated) of a Reversi game. */
static struct rules_position *
reversi_after(const char *moves)
{
	struct rules_position *pos;
	struct rules_action    a = { .kind = RULES_PLACE };
	struct diag	       d;

	pos = rules_position_new(rules_game_find("reversi"), "8x8", NULL, &d);
	ck_assert(pos != NULL);
	for (; *moves != '\0'; moves += moves[2] == ' ' ? 3 : 2) {
		a.to = (int16_t)rules_cell_parse(&pos->board, moves, 2);
		ck_assert_int_eq(rules_play(pos, &a, NULL), 0);
	}
	return pos;
}

/* Whether the game of moves reaches the position the expression asks. */
static bool
reaches(const char *expr, const char *moves)
{
	struct rules_position *pos = rules_position_new(
	    rules_game_find("reversi"), "8x8", NULL, NULL);
	struct rules_action   a = { .kind = RULES_PLACE };
	struct record_select *s;
	struct diag	      d;
	bool		      got;

	ck_assert_msg((s = record_select_new(expr, &d)) != NULL, "%s", d.msg);
	ck_assert(record_select_positions(s));
	record_select_reset(s);
	record_select_position(s, pos);
	for (; *moves != '\0'; moves += moves[2] == ' ' ? 3 : 2) {
		a.to = (int16_t)rules_cell_parse(&pos->board, moves, 2);
		ck_assert_int_eq(rules_play(pos, &a, NULL), 0);
		record_select_position(s, pos);
	}
	got = record_select_match(s, &game);
	record_select_free(s);
	rules_position_free(pos);
	return got;
}

/* "position = \"...\"": the Setup text of the position after moves. */
static void
position_expr(
    const char *op, const char *moves, char *buf, size_t cap, bool to_move)
{
	struct rules_position *pos = reversi_after(moves);
	char		       v[RECORD_SETUP_MAX];
	int		       n = record_setup_format(pos, v, sizeof v);

	ck_assert(n > 0);
	if (!to_move)
		v[n - 2] = '\0'; /* " X" or " O" dropped */
	snprintf(buf, cap, "position %s \"%s\"", op, v);
	rules_position_free(pos);
}

/*
 * A position reached, as a Setup pattern, under the board's symmetries:
 * the four first moves of Othello are one position; d6 and f6 after f5
 * are not; ? is any piece or none; the colour to move, if given, counts.
 */
START_TEST(test_positions)
{
	char e[256], *q;

	position_expr("=", "d3", e, sizeof e, true);
	ck_assert(reaches(e, "f5 d6"));
	ck_assert(reaches(e, "c4"));
	ck_assert(!reaches(e, ""));
	position_expr("!=", "d3", e, sizeof e, true);
	ck_assert(!reaches(e, "e6 f4"));
	ck_assert(reaches(e, ""));
	position_expr("=", "f5 d6", e, sizeof e, false);
	ck_assert(reaches(e, "d3 c5 f6"));  /* an image of f5 d6 */
	ck_assert(!reaches(e, "f5 f6 e6")); /* f6 is another opening */
	/* The start with its centre unknown: every game reaches it. */
	position_expr("=", "", e, sizeof e, false);
	for (q = strchr(e, '"'); *q != '\0'; q++)
		if (*q == 'X' || *q == 'O')
			*q = '?';
	ck_assert(reaches(e, "f5"));
	/* The colour to move counts: after d3 White moves, not Black. */
	position_expr("=", "d3", e, sizeof e, true);
	q = strrchr(e, '"');
	ck_assert(q[-1] == 'O');
	q[-1] = 'X';
	ck_assert(!reaches(e, "f5"));
	/* A pattern of another board's size is no position reached. */
	ck_assert(!reaches("position = \"X-O\"", "f5"));
}
END_TEST

UNIT_MAIN("select",
    unit_tcase("select", 0, test_tags, test_dates, test_fields, test_precedence,
	test_errors, test_bad_dates, test_record_bad_date, test_replays,
	test_tokens, test_positions, test_result, NULL))
