/* SPDX-License-Identifier: MIT */
/*
 * The state of a summary: groups, their counters, exact histograms,
 * moments, players and the table of games between each pair of players.
 * Everything here is an integer, so adding games and merging states are
 * exact and commute; the floating-point figures are derived in derive.c
 * from the sorted state only when a summary is written, and what each
 * run counted (its cover) is cover.c's.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stat/figures.h"
#include "stat/stat.h"

/* ---- Small helpers ----------------------------------------------- */

/* strdup that keeps NULL as NULL; *ok turns false when memory runs out. */
static char *
dup_or_null(const char *s, bool *ok)
{
	char *d;

	if (s == NULL)
		return NULL;
	if ((d = strdup(s)) == NULL)
		*ok = false;
	return d;
}

static bool
same(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

/* NULL sorts first, then byte order. */
static int
compare_names(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

/* ---- Histograms and series ----------------------------------------- */

size_t
stat_hist_index(const struct stat_hist *h, long long v)
{
	size_t lo = 0, hi = h->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (h->value[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int
stat_hist_add(struct stat_hist *h, long long v, uint64_t count)
{
	size_t lo = stat_hist_index(h, v);

	if (lo < h->n && h->value[lo] == v) {
		if (!stat_count_add(&h->count[lo], count)) {
			errno = EOVERFLOW;
			return -1;
		}
		return 0;
	}
	if (count > STAT_COUNT_MAX) {
		errno = EOVERFLOW;
		return -1;
	}
	if (h->n == h->cap) {
		size_t cap = h->cap;

		if (array_grow(&h->value, &cap, h->n + 1, sizeof *h->value) ==
		    -1)
			return -1;
		cap = h->cap;
		if (array_grow(&h->count, &cap, h->n + 1, sizeof *h->count) ==
		    -1)
			return -1;
		h->cap = cap;
	}
	memmove(
	    h->value + lo + 1, h->value + lo, (h->n - lo) * sizeof *h->value);
	memmove(
	    h->count + lo + 1, h->count + lo, (h->n - lo) * sizeof *h->count);
	h->value[lo] = v;
	h->count[lo] = count;
	h->n++;
	return 0;
}

static void
hist_fini(struct stat_hist *h)
{
	free(h->value);
	free(h->count);
}

bool
stat_count_add(uint64_t *a, uint64_t b)
{
	if (*a > STAT_COUNT_MAX || b > STAT_COUNT_MAX - *a)
		return false;
	*a += b;
	return true;
}

bool
stat_counts_fit(const uint64_t *a, const uint64_t *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (a[i] > STAT_COUNT_MAX || b[i] > STAT_COUNT_MAX - a[i])
			return false;
	return true;
}

int
stat_counts_add(uint64_t *a, const uint64_t *b, size_t n)
{
	size_t i;

	if (!stat_counts_fit(a, b, n)) {
		errno = EOVERFLOW;
		return -1;
	}
	for (i = 0; i < n; i++)
		a[i] += b[i];
	return 0;
}

bool
stat_sum_add(int64_t *a, int64_t b)
{
	/* INT64_MIN stays out: |sum| is what a partial can carry. */
	if ((b > 0 && *a > INT64_MAX - b) || (b < 0 && *a < -INT64_MAX - b))
		return false;
	*a += b;
	return true;
}

static int
hist_merge(struct stat_hist *dst, const struct stat_hist *src)
{
	size_t i;

	for (i = 0; i < src->n; i++)
		if (stat_hist_add(dst, src->value[i], src->count[i]) == -1)
			return -1;
	return 0;
}

static void
moments_add(struct stat_moments *m, long long v)
{
	m->n++;
	m->sum += v;
	m->sumsq += (uint64_t)(v < 0 ? -v : v) * (uint64_t)(v < 0 ? -v : v);
}

struct stat_series *
stat_series_get(struct stat_group *g, const char *name)
{
	/* Few series per game: an exact fit keeps the code short. */
	size_t cap = g->nseries;

	return array_get_name(&g->series, &g->nseries, &cap, sizeof *g->series,
	    offsetof(struct stat_series, name), name);
}

/* ---- Players and pairs -------------------------------------------- */

/* The player tables' key: a name, the group's player[value] name. */
static bool
player_eq(const void *key, size_t value, const void *arg)
{
	const struct stat_group *g = arg;

	return strcmp(g->player[value], key) == 0;
}

bool
stat_player_named(const char *name)
{
	if (name == NULL || strcmp(name, "?") == 0)
		return false;
	return name[strspn(name, " \t")] != '\0';
}

const char *
stat_analysis_name(int i)
{
	static const char *const names[STAT_ANALYSIS] = { "analysed",
		"loss-milli", "inaccuracies", "mistakes", "blunders",
		"decisive" };

	return names[i];
}

/*
 * A finished game's analysis (its series of stat_analysis_name) added
 * to its players, a holding colour 0 and b colour 1; a figure that is
 * no count (below 0) is left out.
 */
static void
add_analysis(struct stat_group *g, const struct stat_game *gm, long a, long b)
{
	size_t i;
	int    k;

	for (i = 0; i < gm->nseries; i++)
		for (k = 0; k < STAT_ANALYSIS; k++) {
			if (strcmp(gm->series[i].name, stat_analysis_name(k)) !=
			    0)
				continue;
			if (gm->series[i].value[0] >= 0)
				stat_count_add(&g->analysis[a][k],
				    (uint64_t)gm->series[i].value[0]);
			if (gm->series[i].value[1] >= 0)
				stat_count_add(&g->analysis[b][k],
				    (uint64_t)gm->series[i].value[1]);
		}
}

long
stat_player(struct stat_group *g, const char *name)
{
	uint64_t h = hashmap_hash(HASHMAP_HASH_INIT, name, strlen(name));
	size_t	 v;

	if ((v = hashmap_get(&g->players, h, name, player_eq, g)) !=
	    HASHMAP_ABSENT)
		return (long)v;
	if (array_grow(&g->player, &g->playercap, g->nplayers + 1,
		sizeof *g->player) == -1)
		return -1;
	if (array_grow(&g->forfeited, &g->forfeitedcap, g->nplayers + 1,
		sizeof *g->forfeited) == -1)
		return -1;
	memset(g->forfeited[g->nplayers], 0, sizeof *g->forfeited);
	if (array_grow(&g->decided, &g->decidedcap, g->nplayers + 1,
		sizeof *g->decided) == -1)
		return -1;
	memset(g->decided[g->nplayers], 0, sizeof *g->decided);
	if (array_grow(&g->analysis, &g->analysiscap, g->nplayers + 1,
		sizeof *g->analysis) == -1)
		return -1;
	memset(g->analysis[g->nplayers], 0, sizeof *g->analysis);
	if ((g->player[g->nplayers] = strdup(name)) == NULL)
		return -1;
	if (hashmap_put(&g->players, h, g->nplayers) == -1) {
		free(g->player[g->nplayers]);
		return -1;
	}
	return (long)g->nplayers++;
}

long
stat_player_find(const struct stat_group *g, const char *name)
{
	size_t v = hashmap_get(&g->players,
	    hashmap_hash(HASHMAP_HASH_INIT, name, strlen(name)), name,
	    player_eq, g);

	return v == HASHMAP_ABSENT ? -1 : (long)v;
}

uint64_t
stat_player_losses(const struct stat_group *g, size_t a)
{
	uint64_t n = 0;
	size_t	 i;

	for (i = 0; i < g->npairs; i++)
		n += g->pair[i].a == a ? g->pair[i].wins_b :
		    g->pair[i].b == a  ? g->pair[i].wins_a :
					 0;
	return n;
}

bool
stat_has_forfeits(const struct stat_group *g)
{
	int k;

	for (k = 0; k < STAT_CAUSES; k++)
		if (g->forfeits[k] > 0)
			return true;
	return false;
}

/* The pair table's key: a < b, as the group's pair[value]. */
static bool
pair_eq(const void *key, size_t value, const void *arg)
{
	const struct stat_group *g = arg;
	const uint32_t		*k = key;

	return g->pair[value].a == k[0] && g->pair[value].b == k[1];
}

const struct stat_pair *
stat_pair_find(const struct stat_group *g, uint32_t a, uint32_t b)
{
	uint32_t key[2] = { a < b ? a : b, a < b ? b : a };
	size_t	 v = hashmap_get(&g->pairs,
	      hashmap_hash(HASHMAP_HASH_INIT, key, sizeof key), key, pair_eq, g);

	return v == HASHMAP_ABSENT ? NULL : &g->pair[v];
}

int
stat_pair_add(struct stat_group *g, uint32_t a, uint32_t b, uint64_t wins_a,
    uint64_t wins_b, uint64_t draws)
{
	struct stat_pair *p;
	uint32_t	  key[2];
	uint64_t	  t, h;
	size_t		  v;

	if (a > b) {
		key[0] = a, a = b, b = key[0];
		t = wins_a, wins_a = wins_b, wins_b = t;
	}
	key[0] = a;
	key[1] = b;
	h = hashmap_hash(HASHMAP_HASH_INIT, key, sizeof key);
	if ((v = hashmap_get(&g->pairs, h, key, pair_eq, g)) ==
	    HASHMAP_ABSENT) {
		if (array_grow(&g->pair, &g->paircap, g->npairs + 1,
			sizeof *g->pair) == -1 ||
		    hashmap_put(&g->pairs, h, g->npairs) == -1)
			return -1;
		v = g->npairs++;
		g->pair[v] = (struct stat_pair){ .a = a, .b = b };
	}
	p = &g->pair[v];
	if (wins_a > STAT_COUNT_MAX - p->wins_a ||
	    wins_b > STAT_COUNT_MAX - p->wins_b ||
	    draws > STAT_COUNT_MAX - p->draws) {
		errno = EOVERFLOW;
		return -1;
	}
	p->wins_a += wins_a;
	p->wins_b += wins_b;
	p->draws += draws;
	return 0;
}

/* ---- Consistency ------------------------------------------------- */

/* a + b, held at UINT64_MAX: a sum past any count can equal none. */
static uint64_t
sum_held(uint64_t a, uint64_t b)
{
	return b > UINT64_MAX - a ? UINT64_MAX : a + b;
}

/* The histogram's total count; false if a value is below least. */
static bool
hist_total(const struct stat_hist *h, long long least, uint64_t *total)
{
	size_t i;

	*total = 0;
	for (i = 0; i < h->n; i++) {
		if (h->value[i] < least)
			return false;
		*total = sum_held(*total, h->count[i]);
	}
	return true;
}

/* Turns or actions: one value, not negative, a finished game. */
static bool
lengths_consistent(const struct stat_hist *h, uint64_t finished,
    const char *what, char *why, size_t cap)
{
	uint64_t n;

	if (!hist_total(h, 0, &n)) {
		snprintf(why, cap, "a game of %lld %s", h->value[0], what);
		return false;
	}
	if (n != finished) {
		snprintf(why, cap,
		    "%" PRIu64 " games, but %" PRIu64 " finished", n, finished);
		return false;
	}
	return true;
}

static bool
series_consistent(
    const struct stat_series *se, uint64_t finished, char *why, size_t cap)
{
	const struct stat_moments *m = se->by_colour;
	int			   k;

	if (m[0].n != m[1].n || m[0].n > finished) {
		snprintf(why, cap,
		    "%s: %" PRIu64 " and %" PRIu64 " games by colour, "
		    "of %" PRIu64 " finished",
		    se->name, m[0].n, m[1].n, finished);
		return false;
	}
	/* Integers: |sum| <= sum of |v| <= sum of v squared. */
	for (k = 0; k < 2; k++)
		if ((m[k].sum < 0 ? (uint64_t)0 - (uint64_t)m[k].sum :
				    (uint64_t)m[k].sum) > m[k].sumsq ||
		    (m[k].n == 0 && m[k].sumsq != 0)) {
			snprintf(why, cap,
			    "%s: a sum of %" PRId64 " and of squares "
			    "%" PRIu64 " over %" PRIu64 " games",
			    se->name, m[k].sum, m[k].sumsq, m[k].n);
			return false;
		}
	return true;
}

/* name, after saying in why, by fmt, what is wrong with it. */
static const char *__attribute__((format(printf, 4, 5)))
said(char *why, size_t cap, const char *name, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, cap, fmt, ap);
	va_end(ap);
	return name;
}

const char *
stat_group_inconsistent(const struct stat_group *g, char *why, size_t cap)
{
	uint64_t forfeits = 0, statuses, decided, wins, n;
	uint64_t pair_wins = 0, pair_draws = 0;
	size_t	 i;
	int	 k;

	for (k = 0; k < STAT_CAUSES; k++)
		forfeits = sum_held(forfeits, g->forfeits[k]);
	statuses = sum_held(g->finished, g->unfinished);
	statuses = sum_held(statuses, g->illegal);
	statuses = sum_held(statuses, g->malformed);
	statuses = sum_held(statuses, forfeits);
	if (g->records != statuses)
		return said(why, cap, "records",
		    "%" PRIu64 ", but finished, unfinished, illegal, "
		    "malformed and forfeits add up to %" PRIu64,
		    g->records, statuses);
	if (g->adjudicated > g->finished)
		return said(why, cap, "adjudicated",
		    "%" PRIu64 ", more than the %" PRIu64 " finished games",
		    g->adjudicated, g->finished);
	/* A game is ended one way: by the board, agreement or a director. */
	if (sum_held(sum_held(g->adjudicated, g->agreed), g->adjudged) >
	    g->finished)
		return said(why, cap, "agreed",
		    "%" PRIu64 " agreed and %" PRIu64 " adjudged, with the "
		    "adjudicated, more than the %" PRIu64 " finished games",
		    g->agreed, g->adjudged, g->finished);
	if (g->agreed > g->draws)
		return said(why, cap, "agreed",
		    "%" PRIu64 " agreed draws, more than the %" PRIu64 " draws",
		    g->agreed, g->draws);
	decided = sum_held(g->finished, forfeits);
	wins = sum_held(g->colour_wins[0], g->colour_wins[1]);
	if (sum_held(wins, g->draws) != decided)
		return said(why, cap, "wins",
		    "%" PRIu64 " and %" PRIu64 ", draws %" PRIu64 ", but "
		    "%" PRIu64 " games decided (finished or forfeited)",
		    g->colour_wins[0], g->colour_wins[1], g->draws, decided);
	if (sum_held(g->seat_wins[0], g->seat_wins[1]) != wins)
		return said(why, cap, "seats",
		    "%" PRIu64 " and %" PRIu64 ", but %" PRIu64 " games "
		    "won",
		    g->seat_wins[0], g->seat_wins[1], wins);
	if (!lengths_consistent(&g->turns, g->finished, "turns", why, cap))
		return "turns";
	if (!lengths_consistent(&g->actions, g->finished, "actions", why, cap))
		return "actions";
	hist_total(&g->margin, LLONG_MIN, &n);
	if (n > g->finished)
		return said(why, cap, "margin",
		    "%" PRIu64 " games, but %" PRIu64 " finished", n,
		    g->finished);
	for (i = 0; i < g->nseries; i++)
		if (!series_consistent(&g->series[i], g->finished, why, cap))
			return "series";
	for (i = 0; i < g->npairs; i++) {
		pair_wins = sum_held(
		    pair_wins, sum_held(g->pair[i].wins_a, g->pair[i].wins_b));
		pair_draws = sum_held(pair_draws, g->pair[i].draws);
	}
	if (pair_wins > wins || pair_draws > g->draws)
		return said(why, cap, "pairs",
		    "%" PRIu64 " games won and %" PRIu64 " drawn, but the "
		    "group's wins are %" PRIu64 " and draws %" PRIu64,
		    pair_wins, pair_draws, wins, g->draws);
	return NULL;
}

/* ---- Groups and summaries ------------------------------------------ */

static void
group_free(struct stat_group *g)
{
	if (g == NULL)
		return;
	free(g->value);
	free(g->game);
	free(g->board);
	free(g->colour[0]);
	free(g->colour[1]);
	hist_fini(&g->margin);
	hist_fini(&g->turns);
	hist_fini(&g->actions);
	array_free_named(g->series, g->nseries, sizeof *g->series,
	    offsetof(struct stat_series, name));
	array_free_strings(g->player, g->nplayers);
	free(g->forfeited);
	free(g->decided);
	free(g->analysis);
	hashmap_fini(&g->players);
	free(g->pair);
	hashmap_fini(&g->pairs);
	stat_figures_free(g->figures);
	free(g);
}

struct stat_summary *
stat_summary_new(const char *by)
{
	struct stat_summary *s;
	bool		     ok = true;

	if ((s = calloc(1, sizeof *s)) == NULL)
		return NULL;
	s->by = dup_or_null(by, &ok);
	if (!ok) {
		free(s);
		return NULL;
	}
	hashmap_init(&s->groups);
	hashmap_init(&s->inputs);
	hashmap_init(&s->names);
	return s;
}

void
stat_summary_free(struct stat_summary *s)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->ngroups; i++)
		group_free(s->group[i]);
	free(s->group);
	hashmap_fini(&s->groups);
	stat_covers_fini(s);
	free(s->by);
	free(s->read);
	free(s);
}

/* A group's key: its value, game and board, each one NULL or a string. */
static bool
group_eq(const void *key, size_t value, const void *arg)
{
	const char *const	  *part = key;
	const struct stat_summary *s = arg;
	const struct stat_group	  *g = s->group[value];

	return same(g->value, part[0]) && same(g->game, part[1]) &&
	    same(g->board, part[2]);
}

/* Each part hashed as a presence byte and its bytes with their NUL. */
static uint64_t
group_hash(const char *const part[3])
{
	uint64_t      h = HASHMAP_HASH_INIT;
	unsigned char present;
	size_t	      i;

	for (i = 0; i < 3; i++) {
		present = part[i] != NULL;
		h = hashmap_hash(h, &present, 1);
		h = hashmap_hash(h, part[i] != NULL ? part[i] : "",
		    part[i] != NULL ? strlen(part[i]) + 1 : 1);
	}
	return h;
}

const struct stat_group *
stat_group_find(const struct stat_summary *s, const char *value,
    const char *game, const char *board)
{
	const char *part[3] = { value, game, board };
	size_t v = hashmap_get(&s->groups, group_hash(part), part, group_eq, s);

	return v == HASHMAP_ABSENT ? NULL : s->group[v];
}

struct stat_group *
stat_group_get(struct stat_summary *s, const char *value, const char *game,
    const char *board, const char *const colour[2])
{
	const char	  *part[3] = { value, game, board };
	struct stat_group *g = s->last;
	uint64_t	   h;
	size_t		   v;
	bool		   ok = true;

	if (g == NULL || !same(g->value, value) || !same(g->game, game) ||
	    !same(g->board, board)) {
		h = group_hash(part);
		v = hashmap_get(&s->groups, h, part, group_eq, s);
		g = v != HASHMAP_ABSENT ? s->group[v] : NULL;
		if (g == NULL) {
			g = calloc(1, sizeof *g);
			if (g == NULL)
				return NULL;
			hashmap_init(&g->players);
			hashmap_init(&g->pairs);
			if (array_grow(&s->group, &s->groupcap, s->ngroups + 1,
				sizeof *s->group) == -1)
				goto out_free_group;
			g->value = dup_or_null(value, &ok);
			g->game = dup_or_null(game, &ok);
			g->board = dup_or_null(board, &ok);
			g->colour[0] = dup_or_null(colour[0], &ok);
			g->colour[1] = dup_or_null(colour[1], &ok);
			if (!ok || hashmap_put(&s->groups, h, s->ngroups) == -1)
				goto out_free_group;
			s->group[s->ngroups++] = g;
		}
		s->last = g;
	}
	if (!same(g->colour[0], colour[0]) || !same(g->colour[1], colour[1])) {
		errno = EINVAL;
		return NULL;
	}
	return g;

out_free_group:
	group_free(g);
	return NULL;
}

int
stat_add(struct stat_summary *s, const struct stat_game *gm)
{
	struct stat_group  *g;
	struct stat_series *se;
	long		    a, b;
	size_t		    i;
	int		    w = gm->winner;

	g = stat_group_get(s, gm->value, gm->game, gm->board, gm->colour);
	if (g == NULL)
		return -1;
	s->records++;
	g->records++;
	switch (gm->status) {
	case STAT_FINISHED:
		g->finished++;
		g->adjudicated += gm->adjudicated;
		g->agreed += gm->agreed;
		g->adjudged += gm->adjudged;
		break;
	case STAT_UNFINISHED: g->unfinished++; return 0;
	case STAT_ILLEGAL: g->illegal++; return 0;
	case STAT_MALFORMED: g->malformed++; return 0;
	case STAT_FORFEIT: g->forfeits[gm->cause]++; break;
	}
	if (w < 0)
		g->draws++;
	else {
		g->colour_wins[w]++;
		/* After a swap the first mover holds the second colour. */
		g->seat_wins[gm->swapped ? 1 - w : w]++;
	}
	/* A forfeit has a winner but no score, length or figures. */
	if (gm->status == STAT_FORFEIT)
		goto players;
	if (gm->has_score &&
	    stat_hist_add(&g->margin, gm->points[0] - gm->points[1], 1) == -1)
		return -1;
	if (stat_hist_add(&g->turns, gm->turns, 1) == -1 ||
	    stat_hist_add(&g->actions, gm->actions, 1) == -1)
		return -1;
	for (i = 0; i < gm->nseries; i++) {
		if ((se = stat_series_get(g, gm->series[i].name)) == NULL)
			return -1;
		moments_add(&se->by_colour[0], gm->series[i].value[0]);
		moments_add(&se->by_colour[1], gm->series[i].value[1]);
	}
players:
	/*
	 * Ratings need two named, different players: "?" against "?" would
	 * rate a player made of everyone unknown.
	 */
	if (s->no_players || !stat_player_named(gm->player[0]) ||
	    !stat_player_named(gm->player[1]) ||
	    strcmp(gm->player[0], gm->player[1]) == 0)
		return 0;
	if ((a = stat_player(g, gm->player[0])) == -1 ||
	    (b = stat_player(g, gm->player[1])) == -1)
		return -1;
	if (gm->status == STAT_FORFEIT)
		g->forfeited[w == 0 ? b : a][gm->cause]++;
	if (gm->agreed || gm->adjudged) {
		g->decided[a][gm->agreed ? 0 : 1]++;
		g->decided[b][gm->agreed ? 0 : 1]++;
	}
	if (gm->status == STAT_FINISHED)
		add_analysis(g, gm, a, b);
	return stat_pair_add(
	    g, (uint32_t)a, (uint32_t)b, w == 0, w == 1, w < 0);
}

static int
group_merge(struct stat_summary *dst, const struct stat_group *src)
{
	const char	       *colour[2] = { src->colour[0], src->colour[1] };
	struct stat_group      *g;
	struct stat_series     *se;
	const struct stat_pair *p;
	const struct stat_moments *m;
	long			  *map;
	size_t			   i;
	int			   k, rc = -1;

	g = stat_group_get(dst, src->value, src->game, src->board, colour);
	if (g == NULL)
		return -1;
	if (!stat_count_add(&g->records, src->records) ||
	    !stat_count_add(&g->finished, src->finished) ||
	    !stat_count_add(&g->unfinished, src->unfinished) ||
	    !stat_count_add(&g->illegal, src->illegal) ||
	    !stat_count_add(&g->malformed, src->malformed) ||
	    !stat_count_add(&g->adjudicated, src->adjudicated) ||
	    !stat_count_add(&g->agreed, src->agreed) ||
	    !stat_count_add(&g->adjudged, src->adjudged) ||
	    !stat_count_add(&g->draws, src->draws))
		goto out_overflow;
	if (stat_counts_add(g->forfeits, src->forfeits, STAT_CAUSES) == -1 ||
	    stat_counts_add(g->colour_wins, src->colour_wins, 2) == -1 ||
	    stat_counts_add(g->seat_wins, src->seat_wins, 2) == -1)
		return -1;
	if (hist_merge(&g->margin, &src->margin) == -1 ||
	    hist_merge(&g->turns, &src->turns) == -1 ||
	    hist_merge(&g->actions, &src->actions) == -1)
		return -1;
	if (src->figures != NULL && (stat_figures_of(g) == NULL ||
					stat_figures_merge(g->figures,
					    src->figures) == -1))
		return -1;
	for (i = 0; i < src->nseries; i++) {
		if ((se = stat_series_get(g, src->series[i].name)) == NULL)
			return -1;
		for (k = 0; k < 2; k++) {
			m = &src->series[i].by_colour[k];
			if (!stat_count_add(&se->by_colour[k].n, m->n) ||
			    !stat_sum_add(&se->by_colour[k].sum, m->sum) ||
			    !stat_count_add(&se->by_colour[k].sumsq, m->sumsq))
				goto out_overflow;
		}
	}
	if ((map = calloc(src->nplayers + 1, sizeof *map)) == NULL)
		return -1;
	for (i = 0; i < src->nplayers; i++) {
		if ((map[i] = stat_player(g, src->player[i])) == -1 ||
		    stat_counts_add(g->forfeited[map[i]], src->forfeited[i],
			STAT_CAUSES) == -1 ||
		    stat_counts_add(g->decided[map[i]], src->decided[i], 2) ==
			-1 ||
		    stat_counts_add(g->analysis[map[i]], src->analysis[i],
			STAT_ANALYSIS) == -1)
			goto out_free_map;
	}
	for (i = 0; i < src->npairs; i++) {
		p = &src->pair[i];
		if (stat_pair_add(g, (uint32_t)map[p->a], (uint32_t)map[p->b],
			p->wins_a, p->wins_b, p->draws) == -1)
			goto out_free_map;
	}
	rc = 0;
out_free_map:
	free(map);
	return rc;

out_overflow:
	errno = EOVERFLOW;
	return -1;
}

int
stat_set_read(struct stat_summary *s, const char *read)
{
	bool  ok = true;
	char *p = dup_or_null(read, &ok);

	if (!ok)
		return -1;
	free(s->read);
	s->read = p;
	return 0;
}

int
stat_merge(struct stat_summary *dst, const struct stat_summary *src)
{
	const struct stat_cover *c;
	struct stat_cover	*to;
	size_t			 i, j;

	if (dst->read == NULL && src->read != NULL &&
	    stat_set_read(dst, src->read) == -1)
		return -1;
	dst->figures |= src->figures;
	for (i = 0; i < src->ngroups; i++)
		if (group_merge(dst, src->group[i]) == -1)
			return -1;
	for (i = 0; i < src->ncovers; i++) {
		c = &src->cover[i];
		if ((to = stat_cover_add(dst, c->k, c->n, c->from)) == NULL)
			return -1;
		for (j = 0; j < c->ninputs; j++)
			if (stat_cover_input(to, c->input[j].name,
				c->input[j].bytes, c->input[j].crc) == -1)
				return -1;
		if (stat_cover_done(dst) == -1)
			return -1;
	}
	dst->errors = dst->errors || src->errors;
	if (!stat_count_add(&dst->records, src->records)) {
		errno = EOVERFLOW;
		return -1;
	}
	return 0;
}

static int
compare_groups(const void *pa, const void *pb)
{
	const struct stat_group *a = *(struct stat_group *const *)pa;
	const struct stat_group *b = *(struct stat_group *const *)pb;
	int			 c;

	if ((c = compare_names(a->value, b->value)) != 0)
		return c;
	if ((c = compare_names(a->game, b->game)) != 0)
		return c;
	return compare_names(a->board, b->board);
}

struct stat_group **
stat_groups_sorted(const struct stat_summary *s)
{
	struct stat_group **v;

	if ((v = malloc((s->ngroups + 1) * sizeof *v)) == NULL)
		return NULL;
	if (s->ngroups > 0)
		memcpy(v, s->group, s->ngroups * sizeof *v);
	qsort(v, s->ngroups, sizeof *v, compare_groups);
	return v;
}
