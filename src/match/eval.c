/* SPDX-License-Identifier: MIT */
/*
 * What a program says of its answer beside the action (proto.h,
 * formats/protocol.md, "Evaluations"): reading the match protocol's
 * "eval E depth D nodes N" words and a score as any protocol writes it,
 * and the record's comment of them (formats/record.md, "Evaluations").
 * An evaluation is advice, no part of the game: what cannot be read is
 * dropped, with why, and the answer's action stands.  What the
 * evaluations decide (--adjudicate resign:, draw:) is adjudge.c's.
 */
#include <stdio.h>
#include <string.h>

#include "match/proto.h"
#include "util/util.h"

void
match_eval_clear(struct match_eval *ev)
{
	ev->has = false;
	ev->milli = 0;
	ev->depth = -1;
	ev->nodes = -1;
	ev->bad[0] = '\0';
}

/* Says why the words at s (len bytes) were dropped; -1. */
static int
drop(struct match_eval *ev, const char *what, const char *s, size_t len)
{
	char shown[RECORD_SHOWN];

	util_printable(s, len, shown, sizeof shown);
	snprintf(ev->bad, sizeof ev->bad, "%s \"%s\"", what, shown);
	ev->has = false;
	return -1;
}

int
match_eval_score(struct match_eval *ev, const char *s, size_t len)
{
	static const int scale[3] = { 100, 10, 1 };
	const char	*p = s, *end = s + len;
	long long	 v = 0;
	int		 places = 0, round = 0;
	bool		 neg = false;

	/* Decimal only, by hand: strtod reads nan, inf, 0x1p3 and 1e9. */
	if (p < end && (*p == '+' || *p == '-'))
		neg = *p++ == '-';
	if (p == end || *p < '0' || *p > '9')
		return drop(
		    ev, "an evaluation is a decimal number, not", s, len);
	for (; p < end && *p >= '0' && *p <= '9'; p++)
		if ((v = v * 10 + (*p - '0')) > MATCH_EVAL_MAX / 1000)
			return drop(
			    ev, "an evaluation is at most 100000, not", s, len);
	v *= 1000;
	if (p < end && *p == '.')
		for (p++; p < end && *p >= '0' && *p <= '9'; p++, places++) {
			if (places < 3)
				v += (*p - '0') * scale[places];
			else if (places == 3)
				round = *p >= '5';
		}
	if (p != end)
		return drop(
		    ev, "an evaluation is a decimal number, not", s, len);
	v += round;
	if (v > MATCH_EVAL_MAX)
		return drop(ev, "an evaluation is at most 100000, not", s, len);
	ev->milli = neg ? -(long)v : (long)v;
	ev->has = true;
	return 0;
}

/* A count of at most max (len bytes of digits at s) into *v, or -1. */
static int
count(const char *s, size_t len, long long max, long long *v)
{
	size_t i;

	*v = 0;
	if (len == 0 || len > 18)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		*v = *v * 10 + (s[i] - '0');
	}
	return *v <= max ? 0 : -1;
}

/* The next word of s[*i, len) into *w, *n; false at the end. */
static bool
word(const char *s, size_t len, size_t *i, const char **w, size_t *n)
{
	while (*i < len && s[*i] == ' ')
		(*i)++;
	if (*i >= len)
		return false;
	*w = s + *i;
	while (*i < len && s[*i] != ' ')
		(*i)++;
	*n = (size_t)(s + *i - *w);
	return true;
}

void
match_eval_words(struct match_eval *ev, const char *s, size_t len)
{
	static const char *const keys[] = { "eval", "depth", "nodes" };
	const char		*k, *v;
	size_t			 i = 0, kn, vn, j;
	long long		 n;
	bool			 seen[3] = { false, false, false };

	match_eval_clear(ev);
	while (word(s, len, &i, &k, &kn)) {
		for (j = 0; j < 3; j++)
			if (kn == strlen(keys[j]) &&
			    memcmp(k, keys[j], kn) == 0)
				break;
		if (j == 3 || seen[j]) {
			drop(ev, j == 3 ? "unknown word" : "given twice:", k,
			    kn);
			goto out_drop;
		}
		seen[j] = true;
		if (!word(s, len, &i, &v, &vn)) {
			drop(ev, "no value after", k, kn);
			goto out_drop;
		}
		if (j == 0 && match_eval_score(ev, v, vn) == -1)
			goto out_drop;
		if (j > 0 &&
		    count(v, vn, j == 1 ? MATCH_DEPTH_MAX : MATCH_NODES_MAX,
			&n) == -1) {
			drop(ev,
			    j == 1 ? "a depth is 0 to 9999, not" :
				     "nodes are 0 to 18 digits, not",
			    v, vn);
			goto out_drop;
		}
		if (j == 1)
			ev->depth = (long)n;
		else if (j == 2)
			ev->nodes = n;
	}
	if (!seen[0] && (seen[1] || seen[2])) {
		drop(ev, "a depth or nodes without an eval:", s, len);
		goto out_drop;
	}
	return;
out_drop:
	ev->has = false;
	ev->depth = -1;
	ev->nodes = -1;
}

size_t
match_decimal_text(long milli, char *buf, size_t cap)
{
	long a = milli < 0 ? -milli : milli;

	/* Two places, a third where it is not 0: "1.50", "-0.125". */
	return (size_t)(a % 10 != 0 ?
		snprintf(buf, cap, "%s%ld.%03ld", milli < 0 ? "-" : "",
		    a / 1000, a % 1000) :
		snprintf(buf, cap, "%s%ld.%02ld", milli < 0 ? "-" : "",
		    a / 1000, a % 1000 / 10));
}

size_t
match_eval_text(const struct match_eval *ev, char *buf, size_t cap)
{
	size_t n;

	n = (size_t)snprintf(buf, cap, "[%%eval ");
	if (n < cap)
		n += match_decimal_text(ev->milli, buf + n, cap - n);
	if (n < cap && ev->depth >= 0)
		n += (size_t)snprintf(buf + n, cap - n, ",%ld", ev->depth);
	if (n < cap && ev->nodes >= 0)
		n += (size_t)snprintf(
		    buf + n, cap - n, "] [%%nodes %lld", ev->nodes);
	if (n < cap)
		n += (size_t)snprintf(buf + n, cap - n, "]");
	return n < cap ? n : cap - 1;
}

void
match_eval_format(
    const struct match_eval *ev, double secs, char *buf, size_t cap)
{
	long   ms = secs > 0 ? (long)(secs * 1000 + 0.5) : 0;
	size_t n;

	n = match_eval_text(ev, buf, cap);
	if (n + 1 < cap)
		snprintf(buf + n, cap - n, " [%%emt %ld:%02ld:%02ld.%03ld]",
		    ms / 3600000, ms / 60000 % 60, ms / 1000 % 60, ms % 1000);
}
