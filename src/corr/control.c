/* SPDX-License-Identifier: MIT */
/*
 * Time controls for correspondence (formats/clock.md): their grammar,
 * read and written, and what a turn is charged under one.  The anchors'
 * controls (ICCF, Little Golem, Board Game Arena, lichess) are examples
 * in formats/clock.md and cases in tests/unit/test_corr.c.
 */
#include <stdio.h>
#include <string.h>

#include "corr/corr.h"

/* The longest number of a duration: 999999 minutes is two years. */
#define MAX_DIGITS 6

struct scan {
	const char	  *s;
	size_t		   len, at;
	struct corr_error *err;
};

static int
bad(struct scan *sc, size_t at, const char *what)
{
	if (sc->err != NULL) {
		sc->err->kind = CORR_BAD_CONTROL;
		sc->err->at = at;
		snprintf(sc->err->msg, sizeof sc->err->msg, "%s", what);
	}
	return -1;
}

static bool
at_text(struct scan *sc, const char *word)
{
	size_t n = strlen(word);

	if (sc->len - sc->at < n || memcmp(sc->s + sc->at, word, n) != 0)
		return false;
	sc->at += n;
	return true;
}

/* A number: 0, or digits without a leading zero. */
static int
number(struct scan *sc, int64_t *v)
{
	size_t start = sc->at;

	*v = 0;
	while (
	    sc->at < sc->len && sc->s[sc->at] >= '0' && sc->s[sc->at] <= '9') {
		if (sc->at - start == MAX_DIGITS)
			return bad(sc, sc->at, "a number of over 6 digits");
		*v = *v * 10 + (sc->s[sc->at++] - '0');
	}
	if (sc->at == start)
		return bad(sc, start, "a number is missing");
	if (sc->s[start] == '0' && sc->at - start > 1)
		return bad(sc, start, "a number with a leading zero");
	return 0;
}

/* A number and its unit: d (days), h (hours) or m (minutes). */
static int
duration(struct scan *sc, int64_t *secs)
{
	int64_t v;

	if (number(sc, &v) == -1)
		return -1;
	if (sc->at == sc->len)
		return bad(sc, sc->at, "a unit is missing: d, h or m");
	switch (sc->s[sc->at++]) {
	case 'd': *secs = v * CORR_DAY; return 0;
	case 'h': *secs = v * 3600; return 0;
	case 'm': *secs = v * 60; return 0;
	}
	return bad(sc, sc->at - 1, "a unit is d, h or m");
}

/* What comes before the first comma: per move, N in D, or a bank. */
static int
period(struct scan *sc, struct corr_control *c)
{
	size_t	start = sc->at;
	int64_t n;

	while (sc->at < sc->len && sc->s[sc->at] >= '0' && sc->s[sc->at] <= '9')
		sc->at++;
	if (sc->at < sc->len && sc->s[sc->at] == '/') {
		/* N turns in D: D, and D more after every N turns. */
		sc->at = start;
		if (number(sc, &n) == -1)
			return -1;
		if (n < 1 || n > 999)
			return bad(
			    sc, start, "a number of turns from 1 to 999");
		sc->at++;
		if (duration(sc, &c->base) == -1)
			return -1;
		c->inc = c->base;
		c->every = (int)n;
		return 0;
	}
	sc->at = start;
	if (duration(sc, &c->base) == -1)
		return -1;
	if (at_text(sc, "/move")) {
		c->kind = CORR_PER_MOVE;
		return 0;
	}
	if (at_text(sc, "+"))
		return duration(sc, &c->inc);
	return 0;
}

/* One option after a comma; each at most once. */
static int
option(struct scan *sc, struct corr_control *c, unsigned *seen)
{
	static const char *const names[] = { "cap=", "whole",
		"double=", "leave=" };
	size_t			 start = sc->at;
	unsigned		 i;
	int64_t			*v;

	for (i = 0; i < 4; i++)
		if (at_text(sc, names[i]))
			break;
	if (i == 4)
		return bad(
		    sc, start, "an option is cap=, whole, double= or leave=");
	if (*seen & (1u << i))
		return bad(sc, start, "an option given twice");
	*seen |= 1u << i;
	if (i == 1) {
		c->whole = true;
		return 0;
	}
	v = i == 0 ? &c->cap : i == 2 ? &c->dbl : &c->leave;
	start = sc->at;
	if (duration(sc, v) == -1)
		return -1;
	/* 0 would read as the option's absence: leave=0d as no limit. */
	if (*v == 0)
		return bad(sc, start, "an option's duration is more than 0");
	return 0;
}

/* What the grammar lets through but means nothing. */
static int
consistent(struct scan *sc, const struct corr_control *c)
{
	if (c->base <= 0)
		return bad(sc, 0, "no time to play: the first duration is 0");
	if (c->kind == CORR_PER_MOVE && c->cap != 0)
		return bad(sc, 0, "cap= goes with a bank, not a time per move");
	if (c->cap != 0 && c->cap < c->base)
		return bad(sc, 0, "a cap below the time a player starts with");
	if (c->dbl != 0 && !c->whole)
		return bad(sc, 0, "double= counts whole days: add whole");
	if (c->whole &&
	    (c->base % CORR_DAY != 0 || c->inc % CORR_DAY != 0 ||
		c->cap % CORR_DAY != 0 || c->dbl % CORR_DAY != 0))
		return bad(sc, 0, "with whole, every duration is whole days");
	return 0;
}

int
corr_control_parse(
    const char *s, size_t len, struct corr_control *ctl, struct corr_error *err)
{
	struct scan	    sc = { s, len, 0, err };
	struct corr_control c = { .kind = CORR_BANK, .every = 1 };
	unsigned	    seen = 0;

	if (period(&sc, &c) == -1)
		return -1;
	while (sc.at < len) {
		if (s[sc.at] != ',')
			return bad(&sc, sc.at, "a comma or the end was due");
		sc.at++;
		if (option(&sc, &c, &seen) == -1)
			return -1;
	}
	if (consistent(&sc, &c) == -1)
		return -1;
	*ctl = c;
	return 0;
}

/* A duration in the largest unit that divides it. */
static int
put_duration(char *buf, size_t size, int64_t secs)
{
	if (secs % CORR_DAY == 0)
		return snprintf(
		    buf, size, "%lldd", (long long)(secs / CORR_DAY));
	if (secs % 3600 == 0)
		return snprintf(buf, size, "%lldh", (long long)(secs / 3600));
	return snprintf(buf, size, "%lldm", (long long)(secs / 60));
}

char *
corr_control_format(const struct corr_control *c, char buf[CORR_CONTROL_LEN])
{
	size_t n = 0;

#define PUT(...) \
	(n += (size_t)snprintf(buf + n, \
	     n < CORR_CONTROL_LEN ? CORR_CONTROL_LEN - n : 0, __VA_ARGS__))
#define PUT_DURATION(secs) \
	(n += (size_t)put_duration(buf + n, \
	     n < CORR_CONTROL_LEN ? CORR_CONTROL_LEN - n : 0, (secs)))
	if (c->every > 1) {
		PUT("%d/", c->every);
		PUT_DURATION(c->base);
	} else {
		PUT_DURATION(c->base);
		if (c->kind == CORR_PER_MOVE)
			PUT("/move");
		else if (c->inc != 0) {
			PUT("+");
			PUT_DURATION(c->inc);
		}
	}
	if (c->cap != 0) {
		PUT(",cap=");
		PUT_DURATION(c->cap);
	}
	if (c->whole)
		PUT(",whole");
	if (c->dbl != 0) {
		PUT(",double=");
		PUT_DURATION(c->dbl);
	}
	if (c->leave != 0) {
		PUT(",leave=");
		PUT_DURATION(c->leave);
	}
#undef PUT
#undef PUT_DURATION
	return buf;
}

int64_t
corr_charge(const struct corr_control *c, int64_t counted)
{
	int64_t days;

	if (!c->whole)
		return counted;
	/* ICCF: whole days used; those past dbl count twice. */
	days = counted / CORR_DAY;
	if (c->dbl != 0 && days > c->dbl / CORR_DAY)
		days += days - c->dbl / CORR_DAY;
	return days * CORR_DAY;
}
