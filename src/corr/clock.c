/* SPDX-License-Identifier: MIT */
/*
 * The two players' clocks, turn by turn, and their leave
 * (formats/clock.md): what a turn is charged, when the player to move is
 * out of time, where the clocks stand at a moment.  A player's clock runs
 * only while they are to move and not on leave.
 */
#include <stdio.h>

#include "corr/corr.h"

static int
fail(struct corr_error *err, enum corr_error_kind kind, const char *msg)
{
	if (err != NULL) {
		err->kind = kind;
		err->at = 0;
		snprintf(err->msg, sizeof err->msg, "%s", msg);
	}
	return -1;
}

/*
 * Where the sweep over colour's leave goes on from `at': past the end of
 * every leave that holds `at' (*in set), or else to the next start after
 * `at' (INT64_MAX if none; *in clear).  Leaves may overlap: an edited
 * record's are read before they are checked.
 */
static int64_t
next_edge(
    const struct corr_leave *leaves, size_t n, int colour, int64_t at, bool *in)
{
	int64_t edge = INT64_MAX, end = at;
	size_t	i;
	bool	again = true;

	*in = false;
	while (again) {
		again = false;
		for (i = 0; i < n; i++)
			if (leaves[i].colour == colour &&
			    leaves[i].from <= end && end < leaves[i].to) {
				end = leaves[i].to;
				*in = again = true;
			}
	}
	if (*in)
		return end;
	for (i = 0; i < n; i++)
		if (leaves[i].colour == colour && leaves[i].from > at &&
		    leaves[i].from < edge)
			edge = leaves[i].from;
	return edge;
}

int64_t
corr_counted(const struct corr_leave *leaves, size_t n, int colour,
    int64_t from, int64_t to)
{
	int64_t counted = 0, at = from, edge;
	bool	in;

	while (at < to) {
		edge = next_edge(leaves, n, colour, at, &in);
		if (!in)
			counted += (edge < to ? edge : to) - at;
		at = edge;
	}
	return counted;
}

/* The moment at which colour's clock, running from `from', has counted
 * `need' seconds (from itself when need is 0). */
static int64_t
reach(const struct corr_leave *leaves, size_t n, int colour, int64_t from,
    int64_t need)
{
	int64_t at = from, edge;
	bool	in;

	/* Out of time already: leave taken now does not put it back. */
	if (need <= 0)
		return from;
	for (;;) {
		edge = next_edge(leaves, n, colour, at, &in);
		if (!in) {
			if (edge == INT64_MAX || edge - at >= need)
				return at + need;
			need -= edge - at;
		}
		at = edge;
	}
}

void
corr_clock_init(struct corr_clock *c, const struct corr_control *ctl,
    int64_t start, int first)
{
	c->left[0] = c->left[1] = ctl->base;
	c->used[0] = c->used[1] = 0;
	c->turns[0] = c->turns[1] = 0;
	c->to_move = first;
	c->since = start;
}

/* The seconds of its clock after which the player to move is out. */
static int64_t
allowance(const struct corr_clock *c, const struct corr_control *ctl)
{
	int64_t left, d, u;

	left = ctl->kind == CORR_PER_MOVE ? ctl->base : c->left[c->to_move];
	if (!ctl->whole)
		return left > 0 ? left : 0;
	/* Out at the first whole day u whose charge passes what is left. */
	if (left < 0)
		return 0;
	left /= CORR_DAY;
	d = ctl->dbl / CORR_DAY;
	u = ctl->dbl == 0 || left + 1 <= d ? left + 1 : (left + d) / 2 + 1;
	return u * CORR_DAY;
}

int64_t
corr_clock_deadline(const struct corr_clock *c, const struct corr_control *ctl,
    const struct corr_leave *leaves, size_t n)
{
	return reach(leaves, n, c->to_move, c->since, allowance(c, ctl));
}

int
corr_clock_play(struct corr_clock *c, const struct corr_control *ctl,
    const struct corr_leave *leaves, size_t n, int64_t t, bool *late,
    struct corr_error *err)
{
	int	p = c->to_move;
	int64_t charged;

	if (t < c->since)
		return fail(err, CORR_TIME_BACKWARDS,
		    "the time is before the last turn's");
	if (late != NULL)
		*late = t >= corr_clock_deadline(c, ctl, leaves, n);
	charged = corr_charge(ctl, corr_counted(leaves, n, p, c->since, t));
	c->used[p] += charged;
	c->turns[p]++;
	if (ctl->kind == CORR_BANK) {
		c->left[p] -= charged;
		if (c->turns[p] % ctl->every == 0)
			c->left[p] += ctl->inc;
		if (ctl->cap != 0 && c->left[p] > ctl->cap)
			c->left[p] = ctl->cap;
	}
	c->to_move = 1 - p;
	c->since = t;
	return 0;
}

void
corr_clock_at(const struct corr_clock *c, const struct corr_control *ctl,
    const struct corr_leave *leaves, size_t n, int64_t t,
    struct corr_standing *s)
{
	int	p = c->to_move, i;
	int64_t charged;
	size_t	k;

	for (i = 0; i < 2; i++) {
		s->used[i] = c->used[i];
		s->left[i] = ctl->kind == CORR_PER_MOVE ? ctl->base :
							  c->left[i];
		s->on_leave[i] = false;
		for (k = 0; k < n; k++)
			if (leaves[k].colour == i && leaves[k].from <= t &&
			    t < leaves[k].to)
				s->on_leave[i] = true;
	}
	charged = t > c->since ?
	    corr_charge(ctl, corr_counted(leaves, n, p, c->since, t)) :
	    0;
	s->used[p] += charged;
	s->left[p] -= charged;
	s->deadline = corr_clock_deadline(c, ctl, leaves, n);
	s->overdue = t >= s->deadline;
}

/* Seconds of [from, to) within [lo, hi). */
static int64_t
overlap(int64_t from, int64_t to, int64_t lo, int64_t hi)
{
	int64_t a = from > lo ? from : lo, b = to < hi ? to : hi;

	return b > a ? b - a : 0;
}

int
corr_leave_check(const struct corr_control *ctl,
    const struct corr_leave *leaves, size_t n, const struct corr_leave *l,
    int64_t now, struct corr_error *err)
{
	int64_t year, next, total;
	size_t	i;

	if (l->from < now)
		return fail(
		    err, CORR_BAD_LEAVE, "a leave cannot start in the past");
	if (l->to <= l->from)
		return fail(
		    err, CORR_BAD_LEAVE, "the leave ends before it starts");
	for (i = 0; i < n; i++)
		if (leaves[i].colour == l->colour &&
		    overlap(l->from, l->to, leaves[i].from, leaves[i].to) > 0)
			return fail(err, CORR_LEAVE_OVERLAP,
			    "the leave overlaps one already taken");
	if (ctl->leave == 0)
		return 0;
	/* Every calendar year the new leave touches, within the limit. */
	for (year = l->from; year < l->to; year = next) {
		corr_year_bounds(year, &year, &next);
		total = overlap(l->from, l->to, year, next);
		for (i = 0; i < n; i++)
			if (leaves[i].colour == l->colour)
				total += overlap(
				    leaves[i].from, leaves[i].to, year, next);
		if (total > ctl->leave)
			return fail(err, CORR_LEAVE_EXCEEDED,
			    "more leave in one year than the control allows");
	}
	return 0;
}
