/* SPDX-License-Identifier: MIT */
/*
 * Reading gamecheck's reports back (formats/report.md, arbiter-report/1)
 * for gamestat: what a report means to the statistics, put in a struct
 * stat_game, and what a report must hold, so that a stream cut short or
 * edited is refused rather than counted.  Counting is src/stat's.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "record/types.h"
#include "report/reader.h"
#include "report/report.h"
#include "report/yaml-in.h"

static int
status_of(const char *s)
{
	static const char *const names[] = { "finished", "unfinished",
		"illegal", "malformed" };
	int			 i;

	for (i = 0; s != NULL && i < 4; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

/*
 * The root's keys that gamestat reads, in root_names' order: their
 * values found in one pass over the root's pairs (root_read).
 */
enum root_key {
	RK_STATUS,
	RK_GAME,
	RK_BOARD,
	RK_PLAYERS,
	RK_TAGS,
	RK_OPENING,
	RK_ERROR,
	RK_FORFEIT,
	RK_RESULT,
	RK_TURNS,
	RK_ACTIONS,
	RK_PASSES,
	RK_SOURCE,
	RK_RECORD,
	RK_LINE,
	RK_FORMAT,
	RK_SWAPPED,
	RK_AGREEMENT,
	RK_ADJUDICATION,
	RK_KEYS
};

static const char *const root_names[RK_KEYS] = { "status", "game", "board",
	"players", "tags", "opening", "error", "forfeit", "result", "turns",
	"actions", "passes", "source", "record", "line", "format", "swapped",
	"agreement", "adjudication" };

#define RK_BIT(k) (1u << (k))
/* The names of root_names by their first byte. */
static const unsigned root_first[128] = {
	['a'] = RK_BIT(RK_ACTIONS) | RK_BIT(RK_AGREEMENT) |
	    RK_BIT(RK_ADJUDICATION),
	['b'] = RK_BIT(RK_BOARD),
	['e'] = RK_BIT(RK_ERROR),
	['f'] = RK_BIT(RK_FORFEIT) | RK_BIT(RK_FORMAT),
	['g'] = RK_BIT(RK_GAME),
	['l'] = RK_BIT(RK_LINE),
	['o'] = RK_BIT(RK_OPENING),
	['p'] = RK_BIT(RK_PLAYERS) | RK_BIT(RK_PASSES),
	['r'] = RK_BIT(RK_RESULT) | RK_BIT(RK_RECORD),
	['s'] = RK_BIT(RK_STATUS) | RK_BIT(RK_SOURCE) | RK_BIT(RK_SWAPPED),
	['t'] = RK_BIT(RK_TAGS) | RK_BIT(RK_TURNS),
};

/* A report's root and the values of its keys read (NULL: absent). */
struct report_root {
	const yaml_node_t *node;
	yaml_node_t	  *value[RK_KEYS];
};

/*
 * The values of root's keys that gamestat reads, each where yin_get finds
 * it, in one pass (the root's keys are unique: yin_unique_root) rather
 * than a lookup for each of the two dozen asked a report; a key's first
 * byte picks the few names it may be.
 */
static void
root_read(struct yin *y, const yaml_node_t *root, struct report_root *r)
{
	const char *k;
	size_t	    j, n = yin_count(root);
	unsigned    m;
	int	    i;

	memset(r, 0, sizeof *r);
	r->node = root;
	for (j = 0; j < n; j++) {
		if ((k = yin_text(yin_key(y, root, j))) == NULL ||
		    (unsigned char)k[0] >= 128)
			continue;
		for (m = root_first[(unsigned char)k[0]]; m != 0; m &= m - 1) {
			i = __builtin_ctz(m);
			if (strcmp(root_names[i], k) == 0) {
				r->value[i] = yin_value(y, root, j);
				break;
			}
		}
	}
}

/* Whether value v of the root is one of the maps that are no figures. */
static bool
reserved_value(const struct report_root *r, const yaml_node_t *v)
{
	return v == r->value[RK_TAGS] || v == r->value[RK_PLAYERS] ||
	    v == r->value[RK_RESULT] || v == r->value[RK_ERROR];
}

/*
 * The value of key in a mapping of two pairs whose keys' text is pk, as
 * yin_get finds it (the first pair's when both match), or NULL.
 */
static yaml_node_t *
pair_value(struct yin *y, const yaml_node_t *map, const char *const pk[2],
    const char *key)
{
	int i;

	if (key == NULL)
		return NULL;
	for (i = 0; i < 2; i++)
		if (pk[i] != NULL && pk[i][0] == key[0] &&
		    strcmp(pk[i], key) == 0)
			return yin_value(y, map, (size_t)i);
	return NULL;
}

/* Per-colour figures: top-level maps from the two colours to numbers. */
static int
read_series(struct yin *y, const struct report_root *r, struct stat_game *g,
    struct diag *d)
{
	yaml_node_t *v, *c;
	const char  *k, *pk[2];
	long long    x;
	size_t	     j, n = yin_count(r->node);
	int	     i;

	for (j = 0; j < n; j++) {
		v = yin_value(y, r->node, j);
		/* Most keys hold a scalar: that test first. */
		if (v->type != YAML_MAPPING_NODE ||
		    (k = yin_text(yin_key(y, r->node, j))) == NULL ||
		    reserved_value(r, v) || yin_count(v) != 2 ||
		    g->nseries == STAT_MAX_SERIES)
			continue;
		/* The two keys read once, not looked up for each colour. */
		pk[0] = yin_text(yin_key(y, v, 0));
		pk[1] = yin_text(yin_key(y, v, 1));
		for (i = 0; i < 2; i++) {
			/*
			 * Both colours found in two pairs are two keys; else
			 * the map is no figure, unless a key is given twice.
			 */
			c = pair_value(y, v, pk, g->colour[i]);
			if (c == NULL && yin_unique_keys(y, v, d) == -1)
				return -1;
			if (c == NULL)
				break;
			if (yin_number(c, k, true, &x, d) == -1)
				return -1;
			g->series[g->nseries].value[i] = x;
		}
		if (i == 2)
			g->series[g->nseries++].name = k;
	}
	return 0;
}

/* Who played which colour, and whether they swapped. */
static void
read_seats(struct yin *y, const struct report_root *r, struct stat_game *g)
{
	yaml_node_t *pl;
	const char  *w;
	int	     i;

	g->swapped = (w = yin_text(r->value[RK_SWAPPED])) != NULL &&
	    strcmp(w, "true") == 0;
	if ((pl = r->value[RK_PLAYERS]) != NULL)
		for (i = 0; i < 2; i++)
			g->player[i] = yin_text(yin_get(y, pl, g->colour[i]));
}

_Static_assert(REPLAY_CAUSES == STAT_CAUSES, "one list of causes");

/*
 * The result's keys that gamestat reads, found in one pass over its pairs
 * (read_replayed; its keys are unique by then), each NULL when absent.
 */
struct result_keys {
	const yaml_node_t *map;
	yaml_node_t	  *winner;
	yaml_node_t	  *score;
	yaml_node_t	  *komi;
};

/* A game decided off the board: forfeit's winner and cause, players. */
static int
read_forfeit(struct yin *y, const struct report_root *r, const yaml_node_t *n,
    struct stat_game *g, struct diag *d)
{
	const char *w = yin_text(yin_get(y, n, "winner"));
	const char *c = yin_text(yin_get(y, n, "cause"));
	int	    i;

	if (n->type != YAML_MAPPING_NODE || w == NULL || c == NULL)
		return yin_fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "forfeit: want a winner and a cause");
	if (yin_unique_keys(y, n, d) == -1)
		return -1;
	for (i = 0;
	     i < 2 && (g->colour[i] == NULL || strcmp(w, g->colour[i]) != 0);
	     i++)
		continue;
	if (i == 2)
		return yin_fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "forfeit: winner \"%s\" is not a colour of %s", w, g->game);
	g->winner = i;
	for (i = 0; i < REPLAY_CAUSES &&
	     strcmp(c, replay_cause_name((enum replay_cause)i)) != 0;
	     i++)
		continue;
	if (i == REPLAY_CAUSES)
		return yin_fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "forfeit: cause \"%s\" is not illegal, crash, timeout, "
		    "resign or withdraw",
		    c);
	g->cause = i;
	g->status = STAT_FORFEIT;
	read_seats(y, r, g);
	return 0;
}

/*
 * What a finished game adds: its winner, players, per-colour figures.
 * Its result and score were read before (read_replayed).
 */
static int
read_finished(struct yin *y, const struct report_root *r,
    const struct result_keys *res, const struct rules_game *rg,
    struct stat_game *g, struct diag *d)
{
	yaml_node_t *n;
	const char  *w, *k;
	int	     by_score;
	long	     komi;
	long long    margin;

	n = res->winner;
	if ((w = yin_text(n)) == NULL)
		return yin_fail(d, DIAG_REPORT_INCOMPLETE, res->map->end_mark,
		    "the result has no winner");
	if (strcmp(w, "draw") == 0)
		g->winner = -1;
	else if (g->colour[0] != NULL && strcmp(w, g->colour[0]) == 0)
		g->winner = 0;
	else if (g->colour[1] != NULL && strcmp(w, g->colour[1]) == 0)
		g->winner = 1;
	else
		return yin_fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "winner: \"%s\" is neither a colour of %s nor draw", w,
		    g->game);
	/*
	 * In every game of the registry the score decides a finished game:
	 * more points win, equal is a draw (rules.md; Oust's score is 1-0
	 * or 0-1 once over).  A game this gamestat does not know is taken
	 * at its word.
	 */
	by_score = g->points[0] > g->points[1] ? 0 :
	    g->points[1] > g->points[0]	       ? 1 :
						 -1;
	/* A komi (a Komi tag: GGF's KM) decides with the score. */
	if ((k = yin_text(res->komi)) != NULL) {
		if (record_decimal_milli(k, strlen(k), &komi) == -1)
			return yin_fail(d, DIAG_BAD_VALUE, res->map->start_mark,
			    "komi: \"%s\" is no decimal", k);
		margin = (g->points[0] - g->points[1]) * 1000 - komi;
		by_score = margin > 0 ? 0 : margin < 0 ? 1 : -1;
	}
	if (rg != NULL && g->winner != by_score)
		return yin_fail(d, DIAG_REPORT_INCONSISTENT, n->start_mark,
		    "winner: %s, but the score %lld-%lld %s%s", w, g->points[0],
		    g->points[1],
		    by_score == -1 ? "is a draw" : "is a win for ",
		    by_score == -1 ? "" : g->colour[by_score]);
	read_seats(y, r, g);
	return read_series(y, r, g, d);
}

/*
 * What a game finished off the board adds (an agreed draw, an
 * adjudication: report.md): the decision's winner, the players, and no
 * score or figures, as report_game_of counts it.
 */
static int
read_decided(struct yin *y, const struct report_root *r,
    const struct result_keys *res, struct stat_game *g, struct diag *d)
{
	yaml_node_t *n = res->winner;
	const char  *w = yin_text(n);
	int	     i;

	if (w == NULL)
		return yin_fail(d, DIAG_REPORT_INCOMPLETE, res->map->end_mark,
		    "the result has no winner");
	for (i = 0; i < 2 && strcmp(w, g->colour[i]) != 0; i++)
		continue;
	g->winner = strcmp(w, "draw") == 0 ? -1 : i;
	if (g->winner == 2)
		return yin_fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "winner: \"%s\" is neither a colour of %s nor draw", w,
		    g->game);
	g->agreed = r->value[RK_AGREEMENT] != NULL;
	g->adjudged = !g->agreed;
	if (g->agreed && g->winner != -1)
		return yin_fail(d, DIAG_REPORT_INCONSISTENT, n->start_mark,
		    "winner: %s, but the game was drawn by agreement", w);
	g->has_score = false;
	read_seats(y, r, g);
	return 0;
}

/*
 * The colour names: the game's own, else the players map's keys.  The
 * game, or NULL for one this gamestat does not know.
 */
static const struct rules_game *
colours_of(struct yin *y, const struct report_root *r, struct stat_game *g)
{
	const struct rules_game *rg = g->game != NULL ?
	    rules_game_find(g->game) :
	    NULL;
	yaml_node_t		*pl = r->value[RK_PLAYERS];
	int			 i;

	if (rg != NULL) {
		g->colour[0] = rg->colour[0];
		g->colour[1] = rg->colour[1];
	} else if (yin_is(pl, YAML_MAPPING_NODE) && yin_count(pl) == 2)
		for (i = 0; i < 2; i++)
			g->colour[i] = yin_text(yin_key(y, pl, (size_t)i));
	return rg;
}

/*
 * The value of the tag called name in the report's tags, into *v (NULL
 * for none): the name in any case, as record_tag_find finds it in the
 * record, so that a report and its record group alike (gamestat(1)).  A
 * record holds a tag once in any case (duplicate-tag), so a second one
 * is bad-value.  0, or -1 with d filled.
 */
static int
tag_value(struct yin *y, const struct report_root *r, const char *name,
    const char **v, struct diag *d)
{
	const yaml_node_t *tags = r->value[RK_TAGS];
	const char	  *k, *f;
	size_t		   i, first = SIZE_MAX;

	*v = NULL;
	if (!yin_is(tags, YAML_MAPPING_NODE))
		return 0;
	for (i = 0; i < yin_count(tags); i++) {
		if ((k = yin_text(yin_key(y, tags, i))) == NULL ||
		    !record_tag_name_eq(k, name))
			continue;
		if (first == SIZE_MAX) {
			first = i;
			continue;
		}
		if (strcmp((f = yin_text(yin_key(y, tags, first))), k) == 0)
			return yin_dup_key(y, tags, i, d);
		return yin_fail(d, DIAG_BAD_VALUE,
		    yin_key(y, tags, i)->start_mark,
		    "%s: the tag %s again (a tag is one tag in any case)", k,
		    f);
	}
	if (first != SIZE_MAX)
		*v = yin_text(yin_value(y, tags, first));
	return 0;
}

/* A count the report must hold. */
static int
whole(const yaml_node_t *n, const yaml_node_t *map, const char *key,
    long long *v, struct diag *d)
{
	if (n == NULL)
		return yin_fail(d, DIAG_REPORT_INCOMPLETE, map->end_mark,
		    "the report has no %s", key);
	return yin_number(n, key, false, v, d);
}

/*
 * --by opening: the report's opening (formats/report.md) as gamestat
 * groups it (report_opening_group), its number's text in buf; NULL
 * without one.  0, or -1 with d filled.
 */
static int
opening_value(struct yin *y, const struct report_root *r, char *buf, size_t cap,
    const char **v, struct diag *d)
{
	const yaml_node_t *op = r->value[RK_OPENING];
	long long	   number;

	*v = NULL;
	if (op == NULL)
		return 0;
	if (!yin_is(op, YAML_MAPPING_NODE) || yin_unique_keys(y, op, d) == -1)
		return yin_fail(d, DIAG_BAD_VALUE, op->start_mark,
		    "opening: want {number: N, turns: N, name: TEXT}");
	if (whole(yin_get(y, op, "number"), op, "number", &number, d) == -1)
		return -1;
	if (number < 1)
		return yin_fail(d, DIAG_BAD_VALUE, op->start_mark,
		    "opening: number: want 1 or more");
	*v = report_opening_group(
	    yin_text(yin_get(y, op, "name")), (uint64_t)number, buf, cap);
	return 0;
}

/*
 * A score as report.md writes it, "A-B": A and B decimal digits, no sign,
 * blank or leading zero ("0" itself aside), into v.  0, or -1.
 */
static int
score_of(const char *s, long long v[2])
{
	const char *from;
	int	    i;

	for (i = 0; s != NULL && i < 2; i++, s++) {
		v[i] = 0;
		from = s;
		if (*s == '0')
			s++;
		else
			for (; *s >= '0' && *s <= '9'; s++) {
				if (v[i] > (LLONG_MAX - 9) / 10)
					return -1;
				v[i] = v[i] * 10 + (*s - '0');
			}
		if (s == from || *s != (i == 0 ? '-' : '\0'))
			return -1;
	}
	return s != NULL ? 0 : -1;
}

/* A key the report must hold, of any value. */
static int
present(const struct report_root *r, enum root_key k, struct diag *d)
{
	if (r->value[k] == NULL)
		return yin_fail(d, DIAG_REPORT_INCOMPLETE, r->node->end_mark,
		    "the report has no %s", root_names[k]);
	return 0;
}

/*
 * What every report holds whatever its status, after what its status
 * needs (formats/report.md, "Keys": present "always").
 */
static int
read_always(const struct report_root *r, struct diag *d)
{
	/* Only there: nothing is counted from them. */
	if (present(r, RK_SOURCE, d) == -1 || present(r, RK_RECORD, d) == -1 ||
	    present(r, RK_LINE, d) == -1 || present(r, RK_FORMAT, d) == -1)
		return -1;
	return 0;
}

/*
 * The keys a replayed record's report always holds (formats/report.md),
 * so that a stream cut at a line end is refused, not counted: the counts,
 * and a result with a winner and a score; an illegal record's error.
 * The result's keys into *rk: 0, or -1 with d filled.
 */
static int
read_replayed(struct yin *y, const struct report_root *r, struct stat_game *g,
    struct result_keys *rk, struct diag *d)
{
	yaml_node_t *res = r->value[RK_RESULT], *w, *n;
	const char  *k;
	long long    turns, actions, points[2];
	size_t	     i;

	if (whole(r->value[RK_TURNS], r->node, "turns", &turns, d) == -1 ||
	    whole(r->value[RK_ACTIONS], r->node, "actions", &actions, d) ==
		-1 ||
	    yin_unique_keys(y, res, d) == -1)
		return -1;
	if (res == NULL || res->type != YAML_MAPPING_NODE) {
		yin_fail(d, DIAG_REPORT_INCOMPLETE, r->node->end_mark,
		    "a%s game's report has no result",
		    g->status == STAT_FINISHED	  ? " finished" :
			g->status == STAT_ILLEGAL ? "n illegal" :
						    "n unfinished");
		return -1;
	}
	/* Its keys are unique: one pass finds those read, not a scan each. */
	*rk = (struct result_keys){ .map = res };
	for (i = 0; i < yin_count(res); i++) {
		if ((k = yin_text(yin_key(y, res, i))) == NULL)
			continue;
		if (strcmp(k, "winner") == 0)
			rk->winner = yin_value(y, res, i);
		else if (strcmp(k, "score") == 0)
			rk->score = yin_value(y, res, i);
		else if (strcmp(k, "komi") == 0)
			rk->komi = yin_value(y, res, i);
	}
	if ((w = rk->winner) == NULL || (n = rk->score) == NULL) {
		yin_fail(d, DIAG_REPORT_INCOMPLETE, res->end_mark,
		    "the result has no %s", w == NULL ? "winner" : "score");
		return -1;
	}
	if (score_of(yin_text(n), points) == -1) {
		yin_fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "score: \"%s\" is not A-B, two whole numbers of zero or "
		    "more",
		    yin_text(n) != NULL ? yin_text(n) : "");
		return -1;
	}
	if (present(r, RK_PASSES, d) == -1)
		return -1;
	/* Counted for finished games only, as report_game_of counts them. */
	if (g->status == STAT_FINISHED) {
		g->turns = turns;
		g->actions = actions;
		g->has_score = true;
		g->points[0] = points[0];
		g->points[1] = points[1];
	}
	if (g->status == STAT_ILLEGAL && r->value[RK_ERROR] == NULL) {
		yin_fail(d, DIAG_REPORT_INCOMPLETE, r->node->end_mark,
		    "the report of an illegal record has no error");
		return -1;
	}
	return 0;
}

/*
 * An unfinished game without a forfeit whose Termination tag names one:
 * the replay scored it as forfeited or refused it with an error
 * (formats/record.md, "Games stopped early"), so a report with neither
 * was cut before its forfeit.  The tag's value into *tp, as tag_value
 * gives it, for the caller that reads it too.
 */
static int
check_no_forfeit(struct yin *y, const struct report_root *r,
    const struct rules_game *rg, const char **tp, struct diag *d)
{
	const char *t;

	if (tag_value(y, r, "Termination", tp, d) == -1)
		return -1;
	t = *tp;
	if (rg != NULL && t != NULL && r->value[RK_ERROR] == NULL &&
	    replay_names_forfeit(rg, t, strlen(t)))
		return yin_fail(d, DIAG_REPORT_INCOMPLETE, r->node->end_mark,
		    "the Termination tag says \"%s\", but the report has no "
		    "forfeit and no error",
		    t);
	return 0;
}

/*
 * A forfeit's result names its winner (a finished forfeit) or none (an
 * older report's unfinished one): another winner is a report that
 * contradicts itself.  0, or -1 with d filled.
 */
static int
forfeit_winner_agrees(const struct result_keys *res, const struct stat_game *g,
    int st, struct diag *d)
{
	yaml_node_t *n = res->winner;
	const char  *w = yin_text(n);
	const char  *want = st == STAT_FINISHED ? g->colour[g->winner] : "none";

	if (w == NULL || strcmp(w, want) == 0)
		return 0;
	if (st == STAT_FINISHED)
		return yin_fail(d, DIAG_REPORT_INCONSISTENT, n->start_mark,
		    "winner: %s, but the forfeit's winner is %s", w, want);
	return yin_fail(d, DIAG_REPORT_INCONSISTENT, n->start_mark,
	    "winner: %s, but the forfeit's game is unfinished (winner none)",
	    w);
}

/* The report's status: a STAT_* value, or -1 (d filled in). */
static int
read_status(const struct report_root *r, struct diag *d)
{
	yaml_node_t *n = r->value[RK_STATUS];
	int	     st;

	if ((st = status_of(yin_text(n))) != -1)
		return st;
	if (n == NULL)
		yin_fail(d, DIAG_REPORT_INCOMPLETE, r->node->end_mark,
		    "the report has no status");
	else
		yin_fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "status: \"%s\" is not finished, unfinished, illegal or "
		    "malformed",
		    yin_text(n) != NULL ? yin_text(n) : "");
	return -1;
}

/*
 * The report of a malformed record, one for its error (report.md): 1,
 * 0 for an empty input's, which stands for no record (counted as
 * nothing, as gamestat counts the empty input itself, so that an empty
 * shard merges as nothing: formats/summary.md), or -1 (d filled in).
 */
static int
read_malformed(struct yin *y, const struct report_root *r, struct diag *d)
{
	yaml_node_t *n;

	if (yin_unique_keys(y, r->value[RK_ERROR], d) == -1)
		return -1;
	if ((n = yin_get(y, r->value[RK_ERROR], "code")) == NULL ||
	    yin_text(n) == NULL) {
		yin_fail(d, DIAG_REPORT_INCOMPLETE, r->node->end_mark,
		    "the report of a malformed record has no error code");
		return -1;
	}
	if (read_always(r, d) == -1)
		return -1;
	return strcmp(yin_text(n), diag_name(DIAG_EMPTY_INPUT)) == 0 ? 0 : 1;
}

/*
 * A finished game (no forfeit) of game rg, its result res: decided off
 * the board (an agreement, an adjudication) or on it, g->adjudicated
 * when a solver's Termination says it.  0, or -1 (d filled in).
 */
static int
read_finished_game(struct yin *y, const struct report_root *r,
    const struct result_keys *res, const struct rules_game *rg,
    struct stat_game *g, struct diag *d)
{
	const char *t = NULL; /* the Termination tag, once read */

	if (g->colour[0] == NULL || g->colour[1] == NULL) {
		yin_fail(d, DIAG_BAD_VALUE, r->node->start_mark,
		    "the colours of game \"%s\" are unknown", g->game);
		return -1;
	}
	if (r->value[RK_AGREEMENT] != NULL ||
	    r->value[RK_ADJUDICATION] != NULL) {
		if (read_decided(y, r, res, g, d) == -1)
			return -1;
	} else if (read_finished(y, r, res, rg, g, d) == -1 ||
	    check_no_forfeit(y, r, rg, &t, d) == -1)
		return -1;
	g->adjudicated = t != NULL &&
	    strncmp(t, STAT_SOLVED_TERMINATION,
		strlen(STAT_SOLVED_TERMINATION)) == 0;
	return 0;
}

int
report_read_game(struct report_reader *rd, const char *by, struct stat_game *g,
    struct diag *d)
{
	struct yin		 *y = &rd->y;
	const struct rules_game	 *rg;
	struct result_keys	  res;
	struct report_root	  rr;
	const struct report_root *r = &rr;
	yaml_node_t		 *root, *n;
	const char		 *t; /* the Termination tag */
	int			  rc, st;

again:
	if ((rc = yin_load(y, d)) != 1)
		return rc;
	root = report_reader_root(y, REPORT_SCHEMA, "arbiter-summary/",
	    "a summary, not a report (partial summaries are read with --merge)",
	    d);
	if (root == NULL || yin_unique_root(y, d) == -1)
		goto out_stop;
	root_read(y, root, &rr);
	memset(g, 0, sizeof *g);
	if ((st = read_status(r, d)) == -1)
		goto out_stop;
	g->status = (enum stat_status)st;
	g->game = yin_text(r->value[RK_GAME]);
	g->board = yin_text(r->value[RK_BOARD]);
	if (by == NULL)
		rc = 0;
	else if (strcmp(by, REPORT_BY_OPENING) == 0)
		rc = opening_value(
		    y, r, rd->opening, sizeof rd->opening, &g->value, d);
	else
		rc = tag_value(y, r, by, &g->value, d);
	if (rc == -1 || yin_unique_keys(y, r->value[RK_PLAYERS], d) == -1)
		goto out_stop;
	rg = colours_of(y, r, g);
	if (g->status == STAT_MALFORMED) {
		if ((rc = read_malformed(y, r, d)) == -1)
			goto out_stop;
		if (rc == 0)
			goto again;
		return 1;
	}
	if (g->game == NULL || g->board == NULL) {
		yin_fail(d, DIAG_REPORT_INCOMPLETE, r->node->end_mark,
		    "the report of a game that was replayed has no %s",
		    g->game == NULL ? "game" : "board");
		goto out_stop;
	}
	/*
	 * A forfeit is finished, its result's winner the forfeit's; an older
	 * report has it unfinished, its winner none (report.md): both count
	 * as the forfeit, by its cause, with no score.
	 */
	n = r->value[RK_FORFEIT];
	if (n != NULL && g->status == STAT_FINISHED)
		g->status = STAT_UNFINISHED;
	else
		n = g->status == STAT_UNFINISHED ? n : NULL;
	if (read_replayed(y, r, g, &res, d) == -1)
		goto out_stop;
	if (n != NULL) {
		if (read_forfeit(y, r, n, g, d) == -1 ||
		    forfeit_winner_agrees(&res, g, st, d) == -1)
			goto out_stop;
	} else if (g->status == STAT_UNFINISHED) {
		if (check_no_forfeit(y, r, rg, &t, d) == -1)
			goto out_stop;
	} else if (g->status == STAT_FINISHED &&
	    read_finished_game(y, r, &res, rg, g, d) == -1)
		goto out_stop;
	if (read_always(r, d) == -1)
		goto out_stop;
	return 1;

out_stop:
	/* Past a bad document nothing is sure: stop reading this input. */
	y->done = true;
	return -1;
}
