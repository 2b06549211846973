/* SPDX-License-Identifier: MIT */
/*
 * Moments: RFC 3339 date-times read into seconds since the epoch, UTC,
 * and written back in the one form records carry (...Z).  The calendar is
 * the proleptic Gregorian one, computed here rather than by timegm(3),
 * which is no standard function and depends on the C library's range.
 */
#include <stdio.h>
#include <string.h>

#include "corr/corr.h"

static int
bad(struct corr_error *err, size_t at, const char *what)
{
	if (err != NULL) {
		err->kind = CORR_BAD_TIME;
		err->at = at;
		snprintf(err->msg, sizeof err->msg,
		    "%s: a time is YYYY-MM-DDTHH:MM:SSZ (RFC 3339, UTC, or "
		    "with an offset +HH:MM)",
		    what);
	}
	return -1;
}

/* Days from 1970-01-01 to y-m-d (Gregorian; y from 0 to 9999). */
static int64_t
days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* The inverse of days_from_civil. */
static void
civil_from_days(int64_t z, int64_t *y, int *m, int *d)
{
	int64_t era, doe, yoe, doy, mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = yoe + era * 400 + (*m <= 2);
}

static int
month_days(int64_t y, int m)
{
	static const int days[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31,
		30, 31 };
	bool		 leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;

	return m == 2 && leap ? 29 : days[m - 1];
}

/* n decimal digits at s + at into *v; false if any is no digit. */
static bool
digits(const char *s, size_t len, size_t at, int n, int *v)
{
	size_t i;

	if (at + (size_t)n > len)
		return false;
	*v = 0;
	for (i = 0; i < (size_t)n; i++) {
		if (s[at + i] < '0' || s[at + i] > '9')
			return false;
		*v = *v * 10 + (s[at + i] - '0');
	}
	return true;
}

int
corr_time_parse(const char *s, size_t len, int64_t *t, struct corr_error *err)
{
	/* Each field: its offset, width, least and greatest value. */
	static const struct {
		size_t	    at;
		int	    width, lo, hi;
		char	    after;
		const char *name;
	} field[6] = {
		{ 0, 4, 0, 9999, '-', "year" },
		{ 5, 2, 1, 12, '-', "month" },
		{ 8, 2, 1, 31, 'T', "day" },
		{ 11, 2, 0, 23, ':', "hour" },
		{ 14, 2, 0, 59, ':', "minute" },
		{ 17, 2, 0, 59, '\0', "second" },
	};
	int	v[6], oh, om, sign;
	size_t	i, end;
	int64_t secs;
	char	sep;

	for (i = 0; i < 6; i++) {
		if (!digits(s, len, field[i].at, field[i].width, &v[i]))
			return bad(err, field[i].at, "a number is missing");
		if (v[i] < field[i].lo || v[i] > field[i].hi)
			return bad(err, field[i].at, "a field is out of range");
		if (field[i].after == '\0')
			continue;
		end = field[i].at + (size_t)field[i].width;
		sep = end < len ? s[end] : '\0';
		if (sep != field[i].after &&
		    !(field[i].after == 'T' && sep == 't'))
			return bad(err, end, "a separator is missing");
	}
	if (v[2] > month_days(v[0], v[1]))
		return bad(err, 8, "no such day in that month");
	if (len < 20)
		return bad(err, len, "the time zone is missing");
	sign = 0;
	oh = om = 0;
	if ((s[19] == 'Z' || s[19] == 'z') && len == 20)
		;
	else if ((s[19] == '+' || s[19] == '-') && len == 25 &&
	    digits(s, len, 20, 2, &oh) && s[22] == ':' &&
	    digits(s, len, 23, 2, &om) && oh <= 23 && om <= 59)
		sign = s[19] == '+' ? 1 : -1;
	else
		return bad(err, 19, "the time zone is not Z or +HH:MM");
	secs = days_from_civil(v[0], v[1], v[2]) * CORR_DAY + v[3] * 3600 +
	    v[4] * 60 + v[5];
	secs -= sign * (oh * 3600 + om * 60);
	/* An offset may carry a moment past the years written in UTC. */
	if (secs < days_from_civil(0, 1, 1) * CORR_DAY ||
	    secs >= days_from_civil(10000, 1, 1) * CORR_DAY)
		return bad(err, 19, "the time in UTC falls outside years 0 to 9999");
	*t = secs;
	return 0;
}

char *
corr_time_format(int64_t t, char buf[CORR_TIME_LEN])
{
	int64_t days, rest, y;
	int	m, d;

	/* Floor division, without a product that could overflow: the day
	 * a moment before 1970 falls in. */
	days = t / CORR_DAY;
	rest = t % CORR_DAY;
	if (rest < 0) {
		rest += CORR_DAY;
		days--;
	}
	civil_from_days(days, &y, &m, &d);
	snprintf(buf, CORR_TIME_LEN, "%04lld-%02d-%02dT%02d:%02d:%02dZ", (long long)y,
	    m, d, (int)(rest / 3600), (int)(rest / 60 % 60), (int)(rest % 60));
	return buf;
}

void
corr_year_bounds(int64_t t, int64_t *start, int64_t *end)
{
	int64_t days, y;
	int	m, d;

	days = t / CORR_DAY - (t % CORR_DAY < 0);
	civil_from_days(days, &y, &m, &d);
	*start = days_from_civil(y, 1, 1) * CORR_DAY;
	*end = days_from_civil(y + 1, 1, 1) * CORR_DAY;
}
