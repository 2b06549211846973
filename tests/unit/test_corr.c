/* SPDX-License-Identifier: MIT */
/*
 * Correspondence time (src/corr): RFC 3339 moments, the controls of
 * formats/clock.md with each anchor's written in it (ICCF, Little Golem,
 * Board Game Arena, lichess), clocks worked out by hand turn by turn,
 * leave, and the deadline against a naive minute-by-minute search.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "corr/corr.h"
#include "unit.h"

#define DAY  ((int64_t)CORR_DAY)
#define HOUR ((int64_t)3600)
/* 2026-01-01T00:00:00Z */
#define T0 ((int64_t)1767225600)

static int64_t
when(const char *s)
{
	struct corr_error err;
	int64_t		  t = -42;

	ck_assert_msg(
	    corr_time_parse(s, strlen(s), &t, &err) == 0, "%s: %s", s, err.msg);
	return t;
}

static void
bad_time(const char *s, size_t at)
{
	struct corr_error err;
	int64_t		  t = 7;

	ck_assert_int_eq(corr_time_parse(s, strlen(s), &t, &err), -1);
	ck_assert_int_eq(err.kind, CORR_BAD_TIME);
	ck_assert_msg(err.at == at, "%s: at %zu, not %zu", s, err.at, at);
	ck_assert_int_eq(t, 7);
}

START_TEST(test_time_parse)
{
	ck_assert_int_eq(when("1970-01-01T00:00:00Z"), 0);
	ck_assert_int_eq(when("2026-12-02T01:12:59Z"), 1796173979);
	ck_assert_int_eq(when("2026-12-02t01:12:59z"), 1796173979);
	ck_assert_int_eq(when("2024-02-29T12:00:00+02:00"), 1709200800);
	ck_assert_int_eq(when("2024-02-29T08:30:00-01:30"), 1709200800);
	ck_assert_int_eq(when("1969-12-31T23:59:59Z"), -1);
	ck_assert_int_eq(when("2000-02-29T00:00:00Z"), 951782400);
	bad_time("", 0);
	bad_time("2023-02-29T00:00:00Z", 8); /* no 29 February */
	bad_time("1900-02-29T00:00:00Z", 8); /* not a leap year */
	bad_time("2026-13-01T00:00:00Z", 5);
	bad_time("2026-12-02 01:12:59Z", 10);
	bad_time("2026-12-02T24:00:00Z", 11);
	bad_time("2026-12-02T23:59:60Z", 17); /* no leap second */
	bad_time("2026-12-02T01:12:59", 19);
	bad_time("2026-12-02T01:12:59.5Z", 19);
	bad_time("2026-12-02T01:12:59+24:00", 19);
	bad_time("2026-12-02T01:12:59Z ", 19);
	bad_time("+026-12-02T01:12:59Z", 0);
	/* Past the years a moment is written in, once in UTC. */
	bad_time("9999-12-31T23:59:59-01:00", 19);
	bad_time("0000-01-01T00:00:00+01:00", 19);
	ck_assert_int_eq(
	    when("9999-12-31T23:59:59+01:00"), when("9999-12-31T22:59:59Z"));
}
END_TEST

START_TEST(test_time_format)
{
	static const char *const moments[] = { "1970-01-01T00:00:00Z",
		"2026-12-02T01:12:59Z", "2024-02-29T23:59:59Z",
		"1969-12-31T23:59:59Z", "0000-01-01T00:00:00Z",
		"9999-12-31T23:59:59Z", "2100-03-01T00:00:00Z" };
	char			 buf[CORR_TIME_LEN];
	size_t			 i;
	int64_t			 t;

	for (i = 0; i < sizeof moments / sizeof moments[0]; i++)
		ck_assert_str_eq(
		    corr_time_format(when(moments[i]), buf), moments[i]);
	/* Every day of 1999-2001 and back. */
	for (t = when("1999-01-01T00:00:00Z"); t < when("2002-01-01T00:00:00Z");
	     t += DAY + 3 * HOUR + 7)
		ck_assert_int_eq(when(corr_time_format(t, buf)), t);
	ck_assert_str_eq(
	    corr_time_format(when("2026-06-30T12:00:00+05:30"), buf),
	    "2026-06-30T06:30:00Z");
	/* Any int64_t is written, its true year, without overflow. */
	ck_assert_str_eq(
	    corr_time_format(INT64_MAX, buf), "292277026596-12-04T15:30:07Z");
	ck_assert_ptr_nonnull(corr_time_format(INT64_MIN, buf));
	ck_assert_int_eq(buf[0], '-');
}
END_TEST

static struct corr_control
control(const char *s)
{
	struct corr_control c;
	struct corr_error   err;

	ck_assert_msg(corr_control_parse(s, strlen(s), &c, &err) == 0, "%s: %s",
	    s, err.msg);
	return c;
}

/* s reads, and is written back as want. */
static void
round_trip(const char *s, const char *want)
{
	struct corr_control c = control(s);
	char		    buf[CORR_CONTROL_LEN];

	ck_assert_str_eq(corr_control_format(&c, buf), want);
}

static void
bad_control(const char *s, size_t at, const char *msg)
{
	struct corr_control c = { .base = 99 };
	struct corr_error   err;

	ck_assert_int_eq(corr_control_parse(s, strlen(s), &c, &err), -1);
	ck_assert_int_eq(err.kind, CORR_BAD_CONTROL);
	ck_assert_msg(err.at == at, "%s: at %zu, not %zu", s, err.at, at);
	ck_assert_msg(strstr(err.msg, msg) != NULL, "%s: %s", s, err.msg);
	ck_assert_int_eq(c.base, 99);
}

START_TEST(test_control_anchors)
{
	struct corr_control c;

	/* ICCF's webserver: 30 days + 3 a move, whole days, double past
	 * 20, 45 days of leave a year. */
	c = control("30d+3d,whole,double=20d,leave=45d");
	ck_assert_int_eq(c.kind, CORR_BANK);
	ck_assert_int_eq(c.base, 30 * DAY);
	ck_assert_int_eq(c.inc, 3 * DAY);
	ck_assert_int_eq(c.every, 1);
	ck_assert(c.whole);
	ck_assert_int_eq(c.dbl, 20 * DAY);
	ck_assert_int_eq(c.leave, 45 * DAY);
	/* Little Golem: a bank of 240 h, 36 h a move, capped at 240 h. */
	c = control("240h+36h,cap=240h");
	ck_assert_int_eq(c.base, 240 * HOUR);
	ck_assert_int_eq(c.inc, 36 * HOUR);
	ck_assert_int_eq(c.cap, 240 * HOUR);
	ck_assert(!c.whole);
	/* lichess and OGS: days per move. */
	c = control("3d/move");
	ck_assert_int_eq(c.kind, CORR_PER_MOVE);
	ck_assert_int_eq(c.base, 3 * DAY);
	/* N moves in D days, the time carried forward. */
	c = control("10/50d");
	ck_assert_int_eq(c.kind, CORR_BANK);
	ck_assert_int_eq(c.base, 50 * DAY);
	ck_assert_int_eq(c.inc, 50 * DAY);
	ck_assert_int_eq(c.every, 10);
	round_trip("30d+3d,whole,double=20d,leave=45d",
	    "30d+3d,whole,double=20d,leave=45d");
	round_trip("240h+36h,cap=240h", "10d+36h,cap=10d");
	round_trip("3d+1d,cap=3d", "3d+1d,cap=3d");
	round_trip("3d/move", "3d/move");
	round_trip("10/50d", "10/50d");
	round_trip("90m", "90m");
	round_trip("30d", "30d");
}
END_TEST

/* Controls refused: the text, the byte said wrong, words of the message. */
static const struct refused_control {
	const char *text;
	size_t	    at;
	const char *msg;
} refused_controls[] = {
	{ "", 0, "a number is missing" },
	{ "3x", 1, "a unit is d, h or m" },
	{ "3", 1, "a unit is missing" },
	{ "03d", 0, "leading zero" },
	{ "1234567d", 6, "over 6 digits" },
	{ "3d;", 2, "a comma or the end" },
	{ "3d+", 3, "a number is missing" },
	{ "3d,cap", 3, "an option is" },
	{ "3d,whole,whole", 9, "given twice" },
	{ "0d", 0, "no time to play" },
	{ "1000/3d", 0, "turns from 1 to 999" },
	{ "3d,cap=2d", 0, "a cap below" },
	{ "3d/move,cap=5d", 0, "cap= goes with a bank" },
	{ "30d,double=20d", 0, "add whole" },
	{ "36h,whole", 0, "whole days" },
	{ "3d/mov", 2, "a comma or the end" },
	/* 0 would read as no option at all: no leave would be no limit. */
	{ "30d,leave=0d", 10, "more than 0" },
	{ "30d,cap=0h", 8, "more than 0" },
	{ "30d,whole,double=0d", 17, "more than 0" },
};

START_TEST(test_control_errors)
{
	const struct refused_control *r;
	size_t			      i;

	for (i = 0; i < sizeof refused_controls / sizeof refused_controls[0];
	     i++) {
		r = &refused_controls[i];
		bad_control(r->text, r->at, r->msg);
	}
}
END_TEST

START_TEST(test_charge)
{
	struct corr_control iccf = control("30d+3d,whole,double=20d");
	struct corr_control lg = control("240h+36h,cap=240h");

	/* ICCF 2.4.2: at least 23 days but not 24 are charged 26. */
	ck_assert_int_eq(corr_charge(&iccf, 23 * DAY + 5 * HOUR), 26 * DAY);
	ck_assert_int_eq(corr_charge(&iccf, 20 * DAY + 23 * HOUR), 20 * DAY);
	ck_assert_int_eq(corr_charge(&iccf, 21 * DAY), 22 * DAY);
	ck_assert_int_eq(corr_charge(&iccf, DAY - 1), 0);
	ck_assert_int_eq(corr_charge(&lg, 100 * HOUR + 59), 100 * HOUR + 59);
}
END_TEST

/* Plays a turn at t, which must be in time (or late, as said). */
static void
play(struct corr_clock *c, const struct corr_control *ctl,
    const struct corr_leave *lv, size_t n, int64_t t, bool want_late)
{
	struct corr_error err;
	bool		  late = !want_late;

	ck_assert_msg(
	    corr_clock_play(c, ctl, lv, n, t, &late, &err) == 0, "%s", err.msg);
	ck_assert_int_eq(late, want_late);
}

START_TEST(test_clock_iccf)
{
	struct corr_control  ctl = control("30d+3d,whole,double=20d");
	struct corr_clock    c;
	struct corr_standing s;

	corr_clock_init(&c, &ctl, T0, 0);
	/* 30 days left: 25 days used are charged 30, 26 charged 32. */
	ck_assert_int_eq(corr_clock_deadline(&c, &ctl, NULL, 0), T0 + 26 * DAY);
	/* Black takes 23.5 days: charged 26; 30 - 26 + 3 = 7 left. */
	play(&c, &ctl, NULL, 0, T0 + 23 * DAY + 12 * HOUR, false);
	ck_assert_int_eq(c.left[0], 7 * DAY);
	ck_assert_int_eq(c.used[0], 26 * DAY);
	ck_assert_int_eq(c.to_move, 1);
	/* White answers within the day: charged nothing, 33 left. */
	play(&c, &ctl, NULL, 0, T0 + 24 * DAY + 9 * HOUR, false);
	ck_assert_int_eq(c.left[1], 33 * DAY);
	ck_assert_int_eq(c.used[1], 0);
	/* Black, 7 days left, is out at the 8th whole day. */
	corr_clock_at(&c, &ctl, NULL, 0, T0 + 32 * DAY + 9 * HOUR - 1, &s);
	ck_assert_int_eq(s.deadline, T0 + 32 * DAY + 9 * HOUR);
	ck_assert(!s.overdue);
	ck_assert_int_eq(s.used[0], 26 * DAY + 7 * DAY);
	ck_assert_int_eq(s.left[0], 0);
	ck_assert_int_eq(s.left[1], 33 * DAY);
	corr_clock_at(&c, &ctl, NULL, 0, T0 + 32 * DAY + 9 * HOUR, &s);
	ck_assert(s.overdue);
	ck_assert_int_eq(s.left[0], -DAY);
	/* A late turn stands (nobody claimed), its clock below zero. */
	play(&c, &ctl, NULL, 0, T0 + 33 * DAY, true);
	ck_assert_int_eq(c.left[0], 7 * DAY - 8 * DAY + 3 * DAY);
}
END_TEST

START_TEST(test_clock_little_golem)
{
	struct corr_control ctl = control("240h+36h,cap=240h");
	struct corr_clock   c;
	int64_t		    t = T0;

	corr_clock_init(&c, &ctl, t, 0);
	ck_assert_int_eq(
	    corr_clock_deadline(&c, &ctl, NULL, 0), t + 240 * HOUR);
	play(&c, &ctl, NULL, 0, t += 100 * HOUR, false); /* black 176 h */
	play(&c, &ctl, NULL, 0, t += 1 * HOUR, false);	 /* white 240 h */
	ck_assert_int_eq(c.left[0], 176 * HOUR);
	ck_assert_int_eq(c.left[1], 240 * HOUR);
	play(&c, &ctl, NULL, 0, t += 10 * HOUR, false); /* black 202 h */
	play(&c, &ctl, NULL, 0, t += 1 * HOUR, false);
	play(&c, &ctl, NULL, 0, t += 1 * HOUR, false); /* black 237 h */
	ck_assert_int_eq(c.left[0], 237 * HOUR);
	play(&c, &ctl, NULL, 0, t += 1 * HOUR, false);
	play(&c, &ctl, NULL, 0, t += 1 * HOUR, false); /* 272, capped */
	ck_assert_int_eq(c.left[0], 240 * HOUR);
	ck_assert_int_eq(
	    corr_clock_deadline(&c, &ctl, NULL, 0), t + 240 * HOUR);
}
END_TEST

START_TEST(test_clock_per_move)
{
	struct corr_control ctl = control("3d/move");
	struct corr_clock   c, before;
	struct corr_error   err;
	bool		    late;

	corr_clock_init(&c, &ctl, T0, 0);
	ck_assert_int_eq(corr_clock_deadline(&c, &ctl, NULL, 0), T0 + 3 * DAY);
	play(&c, &ctl, NULL, 0, T0 + 3 * DAY - 1, false);
	/* Nothing is kept: White has 3 days, not more. */
	ck_assert_int_eq(
	    corr_clock_deadline(&c, &ctl, NULL, 0), T0 + 6 * DAY - 1);
	play(&c, &ctl, NULL, 0, T0 + 6 * DAY - 1, true);
	/* A time before the last turn's is refused, the clock unchanged. */
	before = c;
	ck_assert_int_eq(
	    corr_clock_play(&c, &ctl, NULL, 0, T0, &late, &err), -1);
	ck_assert_int_eq(err.kind, CORR_TIME_BACKWARDS);
	ck_assert(memcmp(&c, &before, sizeof c) == 0);
}
END_TEST

START_TEST(test_clock_moves_in_days)
{
	struct corr_control ctl = control("10/50d");
	struct corr_clock   c;
	int64_t		    t = T0;
	int		    i;

	corr_clock_init(&c, &ctl, t, 0);
	for (i = 0; i < 9; i++) {
		play(&c, &ctl, NULL, 0, t += 4 * DAY, false);
		play(&c, &ctl, NULL, 0, t += HOUR, false);
	}
	/* 9 turns of 4 days: 14 days left for the 10th. */
	ck_assert_int_eq(c.left[0], 14 * DAY);
	ck_assert_int_eq(corr_clock_deadline(&c, &ctl, NULL, 0), t + 14 * DAY);
	play(&c, &ctl, NULL, 0, t += 4 * DAY, false);
	/* The 10th made: 10 left, and 50 more for the next 10. */
	ck_assert_int_eq(c.left[0], 60 * DAY);
}
END_TEST

START_TEST(test_leave)
{
	struct corr_control ctl = control("30d+3d,whole,leave=45d");
	struct corr_leave   lv[4] = {
		  { 0, T0 + 5 * DAY, T0 + 15 * DAY },
		  { 1, T0, T0 + 100 * DAY },
	};
	struct corr_leave    l;
	struct corr_clock    c;
	struct corr_standing s;
	struct corr_error    err;

	corr_clock_init(&c, &ctl, T0, 0);
	/* 30 days left, out at the 31st counted: the leave adds its 10. */
	ck_assert_int_eq(corr_clock_deadline(&c, &ctl, lv, 0), T0 + 31 * DAY);
	ck_assert_int_eq(corr_clock_deadline(&c, &ctl, lv, 2), T0 + 41 * DAY);
	ck_assert_int_eq(corr_counted(lv, 2, 0, T0, T0 + 20 * DAY), 10 * DAY);
	ck_assert_int_eq(corr_counted(lv, 2, 1, T0, T0 + 20 * DAY), 0);
	corr_clock_at(&c, &ctl, lv, 2, T0 + 6 * DAY, &s);
	ck_assert(s.on_leave[0]);
	ck_assert(s.on_leave[1]);
	ck_assert_int_eq(s.used[0], 5 * DAY);
	/* The clock cannot run out during the leave: its deadline moves. */
	lv[0].to = T0 + 40 * DAY;
	ck_assert_int_eq(corr_clock_deadline(&c, &ctl, lv, 2), T0 + 66 * DAY);
	lv[0].to = T0 + 15 * DAY;

	/* Back in time: at day 4, a leave from day 2 would move a deadline
	 * already passed. */
	l = (struct corr_leave){ 0, T0 + 2 * DAY, T0 + 5 * DAY };
	ck_assert_int_eq(
	    corr_leave_check(&ctl, lv, 0, &l, T0 + 4 * DAY, &err), -1);
	ck_assert_int_eq(err.kind, CORR_BAD_LEAVE);
	ck_assert_ptr_nonnull(strstr(err.msg, "in the past"));
	ck_assert_int_eq(
	    corr_leave_check(&ctl, lv, 0, &l, T0 + 2 * DAY, &err), 0);

	/* Overlapping, backwards, and past the year's 45 days. */
	l = (struct corr_leave){ 0, T0 + 14 * DAY, T0 + 16 * DAY };
	ck_assert_int_eq(corr_leave_check(&ctl, lv, 2, &l, T0, &err), -1);
	ck_assert_int_eq(err.kind, CORR_LEAVE_OVERLAP);
	l = (struct corr_leave){ 0, T0 + 15 * DAY, T0 + 15 * DAY };
	ck_assert_int_eq(corr_leave_check(&ctl, lv, 2, &l, T0, &err), -1);
	ck_assert_int_eq(err.kind, CORR_BAD_LEAVE);
	l = (struct corr_leave){ 0, T0 + 15 * DAY, T0 + 50 * DAY };
	ck_assert_int_eq(corr_leave_check(&ctl, lv, 2, &l, T0, &err), 0);
	l = (struct corr_leave){ 0, T0 + 15 * DAY, T0 + 51 * DAY };
	ck_assert_int_eq(corr_leave_check(&ctl, lv, 2, &l, T0, &err), -1);
	ck_assert_int_eq(err.kind, CORR_LEAVE_EXCEEDED);
	/* White's leave is White's: Black's is free of it. */
	l = (struct corr_leave){ 0, T0 + 20 * DAY, T0 + 30 * DAY };
	ck_assert_int_eq(corr_leave_check(&ctl, lv, 2, &l, T0, &err), 0);
	/* Across the new year: 12 days of 2026 over 40 already taken. */
	lv[2] = (struct corr_leave){ 0, T0 + 100 * DAY, T0 + 130 * DAY };
	l = (struct corr_leave){ 0, when("2026-12-20T00:00:00Z"),
		when("2027-01-10T00:00:00Z") };
	ck_assert_int_eq(corr_leave_check(&ctl, lv, 3, &l, T0, &err), -1);
	ck_assert_int_eq(err.kind, CORR_LEAVE_EXCEEDED);
	l.from = when("2026-12-27T00:00:00Z"); /* 5 days in 2026: 45 */
	ck_assert_int_eq(corr_leave_check(&ctl, lv, 3, &l, T0, &err), 0);
	/* Overlapping leave of an edited record is counted once. */
	lv[3] = (struct corr_leave){ 0, T0 + 10 * DAY, T0 + 20 * DAY };
	ck_assert_int_eq(corr_counted(lv, 4, 0, T0, T0 + 30 * DAY), 15 * DAY);
}
END_TEST

/* The deadline found the slow way: minute by minute, the first at which
 * the clock has counted what the player may use. */
static int64_t
naive_deadline(const struct corr_clock *c, const struct corr_control *ctl,
    const struct corr_leave *lv, size_t n)
{
	int64_t t = c->since, counted = 0, left = c->left[c->to_move];
	size_t	i;
	bool	away;

	if (ctl->kind == CORR_PER_MOVE)
		left = ctl->base;
	for (;; t += 60) {
		if (ctl->whole ? corr_charge(ctl, counted) > left :
				 counted >= left)
			return t;
		away = false;
		for (i = 0; i < n; i++)
			if (lv[i].colour == c->to_move && lv[i].from <= t &&
			    t < lv[i].to)
				away = true;
		if (!away)
			counted += 60;
	}
}

START_TEST(test_deadline_naive)
{
	static const char *const controls[] = { "2d+12h", "3d/move",
		"4d+1d,whole,double=2d", "5d+1d,whole", "3/2d",
		"30h+6h,cap=40h" };
	struct corr_control	 ctl;
	struct corr_clock	 c;
	struct corr_leave	 lv[4];
	size_t			 n, k;
	int			 round, i;
	int64_t			 t;

	srand(7);
	for (round = 0; round < 300; round++) {
		ctl = control(controls[round % 6]);
		corr_clock_init(&c, &ctl, T0, 0);
		n = (size_t)(rand() % 4);
		for (k = 0; k < n; k++) {
			lv[k].colour = rand() % 2;
			lv[k].from = T0 + 60 * (rand() % (6 * 24 * 60));
			lv[k].to = lv[k].from +
			    60 * (1 + rand() % (3 * 24 * 60));
		}
		t = T0;
		for (i = 0; i < 6; i++) {
			ck_assert_int_eq(corr_clock_deadline(&c, &ctl, lv, n),
			    naive_deadline(&c, &ctl, lv, n));
			t += 60 * (rand() % (2 * 24 * 60));
			play(&c, &ctl, lv, n, t,
			    t >= corr_clock_deadline(&c, &ctl, lv, n));
		}
	}
}
END_TEST

UNIT_MAIN("corr",
    unit_tcase("corr", 0, test_time_parse, test_time_format,
	test_control_anchors, test_control_errors, test_charge, test_clock_iccf,
	test_clock_little_golem, test_clock_per_move, test_clock_moves_in_days,
	test_leave, test_deadline_naive, NULL))
