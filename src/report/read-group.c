/* SPDX-License-Identifier: MIT */
/*
 * A group of a partial summary (formats/summary.md) read and added to the
 * summary being merged: its counts, histograms, series' moments, pairs of
 * players and forfeits, each checked as it is read, and the group checked
 * whole against itself (design.md §6: inconsistent partials are refused).
 * The partial's document around it is read-partial.c's.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "report/read-partial.h"
#include "report/reader.h"
#include "report/report.h"
#include "report/yaml-in.h"

int
partial_overflow(struct diag *d, yaml_mark_t at, const char *what)
{
	return yin_fail(d, DIAG_PARTIAL_OVERFLOW, at,
	    "%s: the counts add up to more than a partial holds (2^63 - 1)",
	    what);
}

/* 0, or -1 with d filled: memory, or partial-overflow at `at'. */
static int
added(int rc, struct diag *d, yaml_mark_t at, const char *what)
{
	if (rc == 0)
		return 0;
	return errno == EOVERFLOW ? partial_overflow(d, at, what) :
				    report_reader_oom(d);
}

int
partial_counter(
    const yaml_node_t *n, const char *what, uint64_t *v, struct diag *d)
{
	const char *s = yin_text(n);
	long long   x;

	if (s != NULL && *s >= '0' && *s <= '9' &&
	    s[strspn(s, "0123456789")] == '\0' &&
	    (errno = 0, strtoll(s, NULL, 10), errno == ERANGE))
		return yin_fail(d, DIAG_PARTIAL_OVERFLOW, n->start_mark,
		    "%s: %s is beyond the largest count a partial holds "
		    "(2^63 - 1)",
		    what, s);
	if (yin_number(n, what, false, &x, d) == -1)
		return -1;
	*v = (uint64_t)x;
	return 0;
}

/* The mark of n, or the stream's start where there is no n. */
static yaml_mark_t
mark_of(const yaml_node_t *n)
{
	return n != NULL ? n->start_mark : (yaml_mark_t){ 0, 0, 0 };
}

/* The group's key k, a list of two counts, added to sum[2]. */
static int
add_two_counts(struct yin *y, const yaml_node_t *gn, const char *k,
    uint64_t sum[2], struct diag *d)
{
	const yaml_node_t *n = yin_get(y, gn, k);
	uint64_t	   v[2];
	size_t		   i;

	if (!yin_is_list(n, 2))
		return yin_fail(d, DIAG_BAD_VALUE, mark_of(n),
		    "%s: want a list of two counts", k);
	for (i = 0; i < 2; i++)
		if (partial_counter(yin_item(y, n, i), k, &v[i], d) == -1)
			return -1;
	if (!stat_count_add(&sum[0], v[0]) || !stat_count_add(&sum[1], v[1]))
		return partial_overflow(d, n->start_mark, k);
	return 0;
}

int
partial_add_hist(struct yin *y, const yaml_node_t *gn, const char *k,
    struct stat_hist *h, struct diag *d)
{
	const yaml_node_t *n = yin_get(y, gn, k);
	long long	   v;
	uint64_t	   c;
	size_t		   i;

	if (!yin_is(n, YAML_MAPPING_NODE))
		return yin_fail(
		    d, DIAG_BAD_VALUE, mark_of(n), "%s: want a histogram", k);
	for (i = 0; i < yin_count(n); i++) {
		if (yin_number(yin_key(y, n, i), k, true, &v, d) == -1 ||
		    partial_counter(yin_value(y, n, i), k, &c, d) == -1)
			return -1;
		if (added(stat_hist_add(h, v, c), d,
			yin_value(y, n, i)->start_mark, k) == -1)
			return -1;
	}
	return 0;
}

static int
read_moments(
    struct yin *y, const yaml_node_t *n, struct stat_moments *m, struct diag *d)
{
	long long sum;

	/*
	 * Zero on failure.  yin_fail() is variadic, so never inlined: -O2
	 * cannot see that it returns -1, and took m for maybe unset in the
	 * caller.
	 */
	*m = (struct stat_moments){ 0 };
	if (!yin_is_list(n, 3))
		return yin_fail(d, DIAG_BAD_VALUE, mark_of(n),
		    "series: want [count, sum, sum of squares]");
	if (partial_counter(yin_item(y, n, 0), "series", &m->n, d) == -1 ||
	    yin_number(yin_item(y, n, 1), "series", true, &sum, d) == -1 ||
	    partial_counter(yin_item(y, n, 2), "series", &m->sumsq, d) == -1)
		return -1;
	m->sum = sum;
	return 0;
}

/* The group's series: each a name and two [count, sum, sum of squares]. */
static int
add_series(
    struct yin *y, const yaml_node_t *gn, struct stat_group *g, struct diag *d)
{
	const yaml_node_t  *n = yin_get(y, gn, "series");
	const yaml_node_t  *c;
	const char	   *name;
	struct stat_series *se;
	struct stat_moments m;
	size_t		    i, k;

	if (!yin_is(n, YAML_MAPPING_NODE))
		return 0;
	for (i = 0; i < yin_count(n); i++) {
		c = yin_value(y, n, i);
		if ((name = yin_text(yin_key(y, n, i))) == NULL ||
		    !yin_is_list(c, 2))
			return yin_fail(d, DIAG_BAD_VALUE, c->start_mark,
			    "series: want a name and two [count, sum, sum of "
			    "squares]");
		if ((se = stat_series_get(g, name)) == NULL)
			return report_reader_oom(d);
		for (k = 0; k < 2; k++) {
			if (read_moments(y, yin_item(y, c, k), &m, d) == -1)
				return -1;
			if (!stat_count_add(&se->by_colour[k].n, m.n) ||
			    !stat_sum_add(&se->by_colour[k].sum, m.sum) ||
			    !stat_count_add(&se->by_colour[k].sumsq, m.sumsq))
				return partial_overflow(
				    d, c->start_mark, "series");
		}
	}
	return 0;
}

/* The row of a pair: two names, different, and three counts. */
static int
read_pair(struct yin *y, const yaml_node_t *c, const char *name[2],
    uint64_t v[3], struct diag *d)
{
	size_t k;

	if (!yin_is_list(c, 5) ||
	    (name[0] = yin_text(yin_item(y, c, 0))) == NULL ||
	    (name[1] = yin_text(yin_item(y, c, 1))) == NULL ||
	    strcmp(name[0], name[1]) == 0)
		return yin_fail(d, DIAG_BAD_VALUE, c->start_mark,
		    "pairs: want [player, other player, wins, wins, "
		    "draws]");
	for (k = 0; k < 3; k++)
		if (partial_counter(yin_item(y, c, 2 + k), "pairs", &v[k], d) ==
		    -1)
			return -1;
	return 0;
}

/*
 * A list of counts by cause: [illegal, crash, timeout, resign], and
 * withdraw where a summary counts one (STAT_CAUSES_ALWAYS).
 */
static int
read_causes(struct yin *y, const yaml_node_t *n, size_t from,
    uint64_t v[STAT_CAUSES], struct diag *d)
{
	uint64_t x;
	size_t	 len;
	int	 i;

	if (!yin_is_list(n, from + STAT_CAUSES_ALWAYS) &&
	    !yin_is_list(n, from + STAT_CAUSES))
		return yin_fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "forfeits: want %scounts of illegal, crash, timeout, "
		    "resign (and withdraw)",
		    from > 0 ? "a player and " : "");
	len = yin_count(n) - from;
	for (i = 0; i < (int)len; i++) {
		if (partial_counter(yin_item(y, n, from + (size_t)i),
			"forfeits", &x, d) == -1)
			return -1;
		if (!stat_count_add(&v[i], x))
			return partial_overflow(d, n->start_mark, "forfeits");
	}
	return 0;
}

/* The row of a player's forfeits: a name and a forfeit at least. */
static int
read_forfeited(struct yin *y, const yaml_node_t *c, const char **name,
    uint64_t v[STAT_CAUSES], struct diag *d)
{
	int k;

	if (!yin_is(c, YAML_SEQUENCE_NODE) || yin_count(c) == 0 ||
	    (*name = yin_text(yin_item(y, c, 0))) == NULL)
		return yin_fail(d, DIAG_BAD_VALUE, c->start_mark,
		    "forfeited: want [player, illegal, crash, "
		    "timeout, resign (, withdraw)]");
	memset(v, 0, STAT_CAUSES * sizeof *v);
	if (read_causes(y, c, 1, v, d) == -1)
		return -1;
	for (k = 0; k < STAT_CAUSES && v[k] == 0; k++)
		continue;
	if (k == STAT_CAUSES)
		return yin_fail(d, DIAG_BAD_VALUE, c->start_mark,
		    "forfeited: a row of no forfeit");
	return 0;
}

/* The row of a player's games decided off the board: one at least. */
static int
read_decided(struct yin *y, const yaml_node_t *c, const char **name,
    uint64_t v[2], struct diag *d)
{
	size_t i;

	if (!yin_is_list(c, 3) || (*name = yin_text(yin_item(y, c, 0))) == NULL)
		return yin_fail(d, DIAG_BAD_VALUE, c->start_mark,
		    "decided: want [player, agreed, adjudged]");
	for (i = 0; i < 2; i++)
		if (partial_counter(
			yin_item(y, c, i + 1), "decided", &v[i], d) == -1)
			return -1;
	if (v[0] == 0 && v[1] == 0)
		return yin_fail(d, DIAG_BAD_VALUE, c->start_mark,
		    "decided: a row of no game");
	return 0;
}

/* The row of a player's analysed turns: none more than its turns. */
static int
read_analysis(struct yin *y, const yaml_node_t *c, const char **name,
    uint64_t v[STAT_ANALYSIS], struct diag *d)
{
	int i;

	if (!yin_is_list(c, STAT_ANALYSIS + 1) ||
	    (*name = yin_text(yin_item(y, c, 0))) == NULL)
		return yin_fail(d, DIAG_BAD_VALUE, c->start_mark,
		    "analysis: want [player, turns, loss-milli, "
		    "inaccuracies, mistakes, blunders, decisive]");
	for (i = 0; i < STAT_ANALYSIS; i++)
		if (partial_counter(yin_item(y, c, (size_t)i + 1), "analysis",
			&v[i], d) == -1)
			return -1;
	if (v[0] == 0 || v[2] + v[3] + v[4] > v[0] || v[5] > v[0])
		return yin_fail(d, DIAG_PARTIAL_MISMATCH, c->start_mark,
		    "analysis: %s: counts beyond its %" PRIu64
		    " turns analysed",
		    *name, v[0]);
	return 0;
}

int
partial_kind_of(const char *k)
{
	static const char *const key[PARTIAL_KINDS] = {
		[PARTIAL_PAIRS] = "pairs",
		[PARTIAL_FORFEITED] = "forfeited",
		[PARTIAL_DECIDED] = "decided",
		[PARTIAL_ANALYSIS] = "analysis",
	};
	int i;

	for (i = 0; i < PARTIAL_KINDS; i++)
		if (strcmp(k, key[i]) == 0)
			return i;
	return -1;
}

int
partial_row_read(struct yin *y, int kind, const yaml_node_t *c,
    const char *name[2], uint64_t v[STAT_ANALYSIS], struct diag *d)
{
	switch (kind) {
	case PARTIAL_PAIRS: return read_pair(y, c, name, v, d);
	case PARTIAL_FORFEITED: return read_forfeited(y, c, name, v, d);
	case PARTIAL_DECIDED: return read_decided(y, c, name, v, d);
	default: return read_analysis(y, c, name, v, d);
	}
}

/*
 * The end of a list's rows: 0, or -1 with the row refused after those
 * added, as it was read (partial_row_read).
 */
static int
rows_end(const struct partial_list *l, struct diag *d)
{
	if (l == NULL || !l->has_err)
		return 0;
	*d = l->err;
	return -1;
}

/*
 * The group's pairs of players; *dropped set where a pair names no
 * player ("?"), as a gamestat before "?" was no player wrote them: they
 * rate nobody, and dropped, the merge says what the records would
 * (formats/summary.md, "players").
 */
static int
add_pairs(struct yin *y, const yaml_node_t *gn, struct stat_group *g,
    bool *dropped, struct diag *d)
{
	const yaml_node_t   *n = yin_get(y, gn, "pairs");
	struct partial_list *l = partial_rows(y, n);
	struct partial_row   r;
	long		     a, b;
	size_t		     i;

	if (!yin_is(n, YAML_SEQUENCE_NODE))
		return 0;
	for (i = 0; l != NULL && i < l->nrows; i++) {
		partial_row(y, l, i, &r);
		if (!stat_player_named(r.name[0]) ||
		    !stat_player_named(r.name[1])) {
			*dropped = true;
			continue;
		}
		if ((a = stat_player(g, r.name[0])) == -1 ||
		    (b = stat_player(g, r.name[1])) == -1)
			return report_reader_oom(d);
		if (added(stat_pair_add(g, (uint32_t)a, (uint32_t)b, r.v[0],
			      r.v[1], r.v[2]),
			d, r.at, "pairs") == -1)
			return -1;
	}
	return rows_end(l, d);
}

/*
 * Whether the group's pairs hold one of the player name against no player
 * ("?"), a pair an older gamestat wrote.
 */
static bool
played_no_player(struct yin *y, const yaml_node_t *gn, const char *name)
{
	struct partial_list *l = partial_rows(y, yin_get(y, gn, "pairs"));
	struct partial_row   r;
	size_t		     i;

	for (i = 0; l != NULL && i < l->nrows; i++) {
		partial_row(y, l, i, &r);
		if ((strcmp(r.name[0], name) == 0 &&
			!stat_player_named(r.name[1])) ||
		    (strcmp(r.name[1], name) == 0 &&
			!stat_player_named(r.name[0])))
			return true;
	}
	return false;
}

/*
 * A player's row of forfeits added: of a player of the group's games
 * (pairs, read before), who lost at least as many games.
 */
static int
add_forfeited_row(struct yin *y, const yaml_node_t *gn, struct stat_group *g,
    bool dropped, const struct partial_row *r, struct diag *d)
{
	uint64_t lost;
	long	 a;
	int	 k;

	/*
	 * As in pairs: an older gamestat's row of no player.  A player's
	 * row that counts games against no player cannot be told apart into
	 * those that count now and those that do not.
	 */
	if (!stat_player_named(r->name[0]))
		return 0;
	if (dropped && played_no_player(y, gn, r->name[0]))
		return yin_fail(d, DIAG_BAD_VALUE, r->at,
		    "forfeited: %s played \"?\" or a player with no "
		    "name, whose games an older gamestat counted and "
		    "this one does not: summarize the inputs again",
		    r->name[0]);
	if ((a = stat_player_find(g, r->name[0])) == -1)
		return yin_fail(d, DIAG_PARTIAL_MISMATCH, r->at,
		    "forfeited: %s plays no game of the group's pairs",
		    r->name[0]);
	for (k = 0, lost = 0; k < STAT_CAUSES; k++)
		if (!stat_count_add(&g->forfeited[a][k], r->v[k]) ||
		    !stat_count_add(&lost, g->forfeited[a][k]))
			return partial_overflow(d, r->at, "forfeited");
	if (lost > stat_player_losses(g, (size_t)a))
		return yin_fail(d, DIAG_PARTIAL_MISMATCH, r->at,
		    "forfeited: %s lost %" PRIu64 " games by forfeit, "
		    "but %" PRIu64 " in the pairs",
		    r->name[0], lost, stat_player_losses(g, (size_t)a));
	return 0;
}

/*
 * The forfeits of a group and of its players; absent (a partial summary
 * of games none of which was forfeited) means none.  The players'
 * forfeits of a cause are at most the group's (design.md §6:
 * inconsistent partials are refused).
 */
static int
add_forfeits(struct yin *y, const yaml_node_t *gn, struct stat_group *g,
    bool dropped, struct diag *d)
{
	yaml_node_t	    *n;
	struct partial_list *l;
	struct partial_row   r;
	uint64_t	     sum[STAT_CAUSES] = { 0 };
	size_t		     i, j;
	int		     k;

	if ((n = yin_get(y, gn, "forfeits")) != NULL &&
	    read_causes(y, n, 0, g->forfeits, d) == -1)
		return -1;
	n = yin_get(y, gn, "forfeited");
	l = yin_is(n, YAML_SEQUENCE_NODE) ? partial_rows(y, n) : NULL;
	for (j = 0; l != NULL && j < l->nrows; j++) {
		partial_row(y, l, j, &r);
		if (add_forfeited_row(y, gn, g, dropped, &r, d) == -1)
			return -1;
	}
	if (rows_end(l, d) == -1)
		return -1;
	for (i = 0; i < g->nplayers; i++)
		for (k = 0; k < STAT_CAUSES; k++)
			if (!stat_count_add(&sum[k], g->forfeited[i][k]))
				return partial_overflow(d,
				    n != NULL ? n->start_mark : gn->start_mark,
				    "forfeited");
	for (k = 0; k < STAT_CAUSES; k++)
		if (sum[k] > g->forfeits[k])
			return yin_fail(d, DIAG_PARTIAL_MISMATCH,
			    n != NULL ? n->start_mark : gn->start_mark,
			    "forfeited: the players lost %" PRIu64
			    " games by %s, the group's forfeits say %" PRIu64,
			    sum[k], replay_cause_name((enum replay_cause)k),
			    g->forfeits[k]);
	return 0;
}

/*
 * Adds the rows of the list n (["name", width counts]), each of a player
 * of g, to that player's counts: the width counts at counts + a * width
 * for player a (g's array of a count array a player, from its first).
 * key names the list in messages; n absent or no list: nothing.  A row
 * of no player ("?") is passed over; one of a player of none of the
 * group's pairs is refused, and so is a count that overflows.  0, or -1
 * with d filled.
 */
static int
add_player_rows(struct yin *y, const yaml_node_t *n, struct stat_group *g,
    const char *key, uint64_t *counts, size_t width, struct diag *d)
{
	struct partial_list *l;
	struct partial_row   r;
	size_t		     i, j;
	long		     a;

	l = yin_is(n, YAML_SEQUENCE_NODE) ? partial_rows(y, n) : NULL;
	for (j = 0; l != NULL && j < l->nrows; j++) {
		partial_row(y, l, j, &r);
		if (!stat_player_named(r.name[0]))
			continue;
		if ((a = stat_player_find(g, r.name[0])) == -1)
			return yin_fail(d, DIAG_PARTIAL_MISMATCH, r.at,
			    "%s: %s plays no game of the group's pairs", key,
			    r.name[0]);
		for (i = 0; i < width; i++)
			if (!stat_count_add(
				&counts[(size_t)a * width + i], r.v[i]))
				return partial_overflow(d, r.at, key);
	}
	return rows_end(l, d);
}

/*
 * The players of games ended off the board (decided: ["name", agreed,
 * adjudged]); absent: none.  Each row names a player of the group's
 * pairs and counts a game, and the players' games of a kind are at most
 * two for each of the group's (two players a game).
 */
static int
add_decided(
    struct yin *y, const yaml_node_t *gn, struct stat_group *g, struct diag *d)
{
	static const char *const kind[] = { "agreed", "adjudged" };
	const uint64_t		 group[] = { g->agreed, g->adjudged };
	yaml_node_t		*n = yin_get(y, gn, "decided");
	uint64_t		 sum[2] = { 0, 0 };
	size_t			 i;
	long			 a;

	if (add_player_rows(y, n, g, "decided",
		g->decided != NULL ? g->decided[0] : NULL, 2, d) == -1)
		return -1;
	for (a = 0; (size_t)a < g->nplayers; a++)
		for (i = 0; i < 2; i++)
			if (!stat_count_add(&sum[i], g->decided[a][i]))
				return partial_overflow(
				    d, gn->start_mark, "decided");
	for (i = 0; i < 2; i++)
		if (sum[i] / 2 > group[i] ||
		    (sum[i] / 2 == group[i] && sum[i] % 2 == 1))
			return yin_fail(d, DIAG_PARTIAL_MISMATCH,
			    n != NULL ? n->start_mark : gn->start_mark,
			    "decided: the players played %" PRIu64
			    " games %s, more than two a game of the group's "
			    "%" PRIu64,
			    sum[i], kind[i], group[i]);
	return 0;
}

/*
 * The players' analysed turns (analysis: ["name", turns, loss-milli,
 * inaccuracies, mistakes, blunders, decisive]); absent: none.  Each row
 * names a player of the group's pairs, counts a turn, and no count of a
 * kind is more than its turns.
 */
static int
add_analysis(
    struct yin *y, const yaml_node_t *gn, struct stat_group *g, struct diag *d)
{
	return add_player_rows(y, yin_get(y, gn, "analysis"), g, "analysis",
	    g->analysis != NULL ? g->analysis[0] : NULL, STAT_ANALYSIS, d);
}

/*
 * The group's counts by status and its draws, and the finished games
 * ended otherwise than by the board, each absent when none.
 */
static int
add_counts(
    struct yin *y, const yaml_node_t *gn, struct stat_group *g, struct diag *d)
{
	static const char *const counts[] = { "records", "finished",
		"unfinished", "illegal", "malformed", "draws" };
	uint64_t *const field[] = { &g->records, &g->finished, &g->unfinished,
		&g->illegal, &g->malformed, &g->draws };
	static const char *const optional[] = { "adjudicated", "agreed",
		"adjudged" };
	uint64_t *const		 ofield[] = { &g->adjudicated, &g->agreed,
			 &g->adjudged };
	const yaml_node_t	*n;
	uint64_t		 v;
	size_t			 i;

	for (i = 0; i < sizeof counts / sizeof counts[0]; i++) {
		if ((n = yin_get(y, gn, counts[i])) == NULL)
			return yin_fail(d, DIAG_REPORT_INCOMPLETE, gn->end_mark,
			    "the group has no %s", counts[i]);
		if (partial_counter(n, counts[i], &v, d) == -1)
			return -1;
		if (!stat_count_add(field[i], v))
			return partial_overflow(d, n->start_mark, counts[i]);
	}
	/* Absent: none (formats/summary.md). */
	for (i = 0; i < sizeof optional / sizeof optional[0]; i++) {
		if ((n = yin_get(y, gn, optional[i])) == NULL)
			continue;
		if (partial_counter(n, optional[i], &v, d) == -1)
			return -1;
		if (!stat_count_add(ofield[i], v))
			return partial_overflow(d, n->start_mark, optional[i]);
	}
	return 0;
}

/* The group of gn in s, made if new: NULL with d filled. */
static struct stat_group *
group_of(struct yin *y, const yaml_node_t *gn, struct stat_summary *s,
    struct diag *d)
{
	const yaml_node_t *n;
	struct stat_group *g;
	const char	  *colour[2];

	if (gn->type != YAML_MAPPING_NODE) {
		yin_fail(d, DIAG_BAD_VALUE, gn->start_mark,
		    "a group must be a mapping");
		return NULL;
	}
	n = yin_get(y, gn, "colours");
	if (!yin_is_list(n, 2)) {
		yin_fail(d, DIAG_BAD_VALUE, gn->start_mark,
		    "colours: want a list of two names");
		return NULL;
	}
	colour[0] = yin_text(yin_item(y, n, 0));
	colour[1] = yin_text(yin_item(y, n, 1));
	g = stat_group_get(s, yin_text(yin_get(y, gn, "value")),
	    yin_text(yin_get(y, gn, "game")), yin_text(yin_get(y, gn, "board")),
	    colour);
	if (g == NULL && errno == EINVAL)
		yin_fail(d, DIAG_PARTIAL_MISMATCH, gn->start_mark,
		    "the group's colours differ from the same group's before");
	else if (g == NULL)
		report_reader_oom(d);
	return g;
}

int
partial_read_group(struct yin *y, const yaml_node_t *gn, struct stat_summary *s,
    struct diag *d)
{
	const yaml_node_t *n;
	struct stat_group *g;
	const char	  *key;
	char		   why[192];
	uint64_t	   before;
	bool		   dropped = false;

	if ((g = group_of(y, gn, s, d)) == NULL)
		return -1;
	before = g->records;
	if (add_counts(y, gn, g, d) == -1 ||
	    add_two_counts(y, gn, "wins", g->colour_wins, d) == -1 ||
	    add_two_counts(y, gn, "seats", g->seat_wins, d) == -1 ||
	    partial_add_hist(y, gn, "margin", &g->margin, d) == -1 ||
	    partial_add_hist(y, gn, "turns", &g->turns, d) == -1 ||
	    partial_add_hist(y, gn, "actions", &g->actions, d) == -1 ||
	    add_series(y, gn, g, d) == -1 ||
	    add_pairs(y, gn, g, &dropped, d) == -1 ||
	    add_forfeits(y, gn, g, dropped, d) == -1 ||
	    add_decided(y, gn, g, d) == -1 ||
	    add_analysis(y, gn, g, d) == -1 ||
	    partial_read_design(y, gn, g, d) == -1)
		return -1;
	/*
	 * Figures that cannot be true together are told as such, before the
	 * checksum is (formats/summary.md, "Consistency").  Of g as merged
	 * so far: a group listed twice is checked as its sum.
	 */
	if ((key = stat_group_inconsistent(g, why, sizeof why)) != NULL) {
		n = yin_get(y, gn, key);
		return yin_fail(d, DIAG_PARTIAL_MISMATCH,
		    n != NULL ? n->start_mark : gn->start_mark, "%s: %s", key,
		    why);
	}
	/* The group's records were added to g's; the summary's follow. */
	if (!stat_count_add(&s->records, g->records - before))
		return partial_overflow(d, gn->start_mark, "records");
	return 0;
}
