/* SPDX-License-Identifier: MIT */
/*
 * --select, --ids, the ranges, --plies and --drop-plies (select.h;
 * gamecheck(1), SELECTION).
 * The expression is src/record's (formats/select.md); what a record shows
 * it, its view, is made here from the record and, when the expression
 * asks, its replay.  Ranges number the records the expression selects,
 * so that --first 10 --select 'player = Ada' is Ada's first ten games;
 * a record is numbered before it is replayed where the expression needs
 * no replay, and one out of range is then never replayed.
 */
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli/base.h"
#include "cli/input.h"
#include "cli/select.h"

/* The value of the tag called name, as the view asks (NULL: none). */
static const char *
tag_of(const void *ctx, const char *name)
{
	const struct record_tag *t = record_tag_find(ctx, name);

	return t != NULL ? t->value : NULL;
}

/* The record's view: rp NULL before the replay (nothing it tells). */
static void
view_of(const struct record *rec, const struct replay *rp,
    struct record_select_view *v, const char *words[2])
{
	*v = (struct record_select_view){ .tag = tag_of,
		.ctx = rec,
		.player = { tag_of(rec, "Black"), tag_of(rec, "White") },
		.tokens = rec->turns,
		.nturns = rec->nturns };
	if (rp == NULL)
		return;
	words[0] = replay_status_name(rp->status);
	words[1] = "forfeited";
	v->statuses = words;
	v->nstatuses = rp->forfeit ? 2 : 1;
	v->result = rp->has_recorded ? rp->recorded : NULL;
	if (rp->forfeit) {
		v->winner = rp->game->colour[rp->forfeit_winner];
		v->cause = replay_cause_name(rp->forfeit_cause);
	} else if (rp->agreed)
		v->winner = "draw";
	else if (rp->adjudged)
		v->winner = rp->adjudged_winner < 0 ?
		    "draw" :
		    rp->game->colour[rp->adjudged_winner];
	else if (rp->status == REPLAY_FINISHED)
		v->winner = rp->score.winner < 0 ?
		    "draw" :
		    rp->game->colour[rp->score.winner];
}

/* "N", "N-M" or "N-", min <= N <= M, into r; false if it is none. */
static bool
range_of(const char *s, size_t len, unsigned long min, struct cli_range *r)
{
	char item[48], *dash;

	if (len == 0 || len >= sizeof item)
		return false;
	memcpy(item, s, len);
	item[len] = '\0';
	if ((dash = strchr(item, '-')) != NULL)
		*dash = '\0';
	if (!cli_parse_count(item, &r->lo) || r->lo < min)
		return false;
	r->hi = r->lo;
	if (dash == NULL)
		return true;
	if (dash[1] == '\0') {
		r->hi = ULONG_MAX;
		return true;
	}
	return cli_parse_count(dash + 1, &r->hi) && r->hi >= r->lo;
}

/*
 * --records LIST (ids false) or --ids LIST (ids true): ranges separated
 * by commas, of record numbers from 1 or of ids from 0.
 */
static int
ranges_option(struct cli_select *cs, const char *arg, bool ids)
{
	struct cli_range **r = ids ? &cs->ids : &cs->ranges, *grown;
	size_t		  *n = ids ? &cs->nids : &cs->nranges, len;

	for (;;) {
		len = strcspn(arg, ",");
		if ((grown = realloc(*r, (*n + 1) * sizeof **r)) == NULL) {
			cli_error("out of memory");
			return -1;
		}
		*r = grown;
		if (!range_of(arg, len, ids ? 0 : 1, &(*r)[*n])) {
			cli_error("%s takes %s, N, N-M or N-, separated by "
				  "commas, not '%s'",
			    ids ? "--ids" : "--records",
			    ids ? "game ids from 0" : "record numbers from 1",
			    arg);
			return -1;
		}
		(*n)++;
		if (arg[len] == '\0')
			return 1;
		arg += len + 1;
	}
}

/* --select EXPR: a malformed expression is refused at its column. */
static int
select_option(struct cli_select *cs, const char *arg)
{
	struct diag d;

	if (cs->expr != NULL) {
		cli_error("--select is given once (join the expressions with "
			  "and)");
		return -1;
	}
	if ((cs->expr = record_select_new(arg, &d)) == NULL) {
		cli_error("--select: column %lu: %s", d.at.col, d.msg);
		return -1;
	}
	cs->replays = record_select_replays(cs->expr);
	return 1;
}

int
cli_select_option(struct cli_select *cs, int c, const char *arg)
{
	static const struct {
		int	    c;
		const char *name;
	} counts[] = { { CLI_OPT_FIRST, "--first" }, { CLI_OPT_LAST, "--last" },
		{ CLI_OPT_EVERY, "--every" }, { CLI_OPT_PLIES, "--plies" },
		{ CLI_OPT_DROP_PLIES, "--drop-plies" } };
	unsigned long *to[] = { &cs->first, &cs->last, &cs->every, &cs->plies,
		&cs->drop };
	unsigned long  v;
	size_t	       i;

	if (c >= CLI_OPT_SELECT && c <= CLI_OPT_IDS)
		cs->given[c - CLI_OPT_SELECT] = arg;
	if (c == CLI_OPT_SELECT)
		return select_option(cs, arg);
	if (c == CLI_OPT_RECORDS || c == CLI_OPT_IDS)
		return ranges_option(cs, arg, c == CLI_OPT_IDS);
	for (i = 0; i < sizeof counts / sizeof counts[0]; i++) {
		if (counts[i].c != c)
			continue;
		/* --plies 0 keeps the start; a range of none is a mistake. */
		if (!cli_parse_count(arg, &v) ||
		    (v == 0 && c != CLI_OPT_PLIES)) {
			cli_error("%s takes a number, %s, not '%s'",
			    counts[i].name,
			    c == CLI_OPT_PLIES ? "0 or more" : "1 or more",
			    arg);
			return -1;
		}
		*to[i] = v;
		cs->has_plies = cs->has_plies || c == CLI_OPT_PLIES;
		return 1;
	}
	return 0;
}

int
cli_select_getopt(struct cli_select *cs, struct cli_records *in, int argc,
    char **argv, const char *optstring, const struct option *own)
{
	int c, rc;

	while ((c = cli_records_getopt(in, argc, argv, optstring, own)) != -1)
		if ((rc = cli_select_option(cs, c, optarg)) != 1)
			return rc == -1 ? CLI_OPT_FAILED : c;
	return -1;
}

void
cli_select_say(const struct cli_select *cs, FILE *f)
{
	static const char *const names[CLI_SELECT_NOPTS] = { "select",
		"records", "first", "last", "every", "plies", "drop-plies",
		"ids" };
	size_t			 i;

	for (i = 0; i < CLI_SELECT_NOPTS; i++)
		if (cs->given[i] != NULL)
			fprintf(f, " --%s=%s", names[i], cs->given[i]);
}

bool
cli_select_read(const char *read)
{
	static const char *const said[] = { " --select=", " --records=",
		" --first=", " --last=", " --every=", " --ids=" };
	size_t			 i;

	for (i = 0; read != NULL && i < sizeof said / sizeof said[0]; i++)
		if (strstr(read, said[i]) != NULL)
			return true;
	return false;
}

static bool
has_range(const struct cli_select *cs)
{
	return cs->nranges > 0 || cs->first > 0 || cs->last > 0 ||
	    cs->every > 0;
}

int
cli_select_check(const struct cli_select *cs, const struct cli_records *in)
{
	if (has_range(cs) && (in->jobs > 1 || in->shard.n != 0)) {
		cli_error("--records, --first, --last and --every number the "
			  "selected records of the whole run: not with %s",
		    in->jobs > 1 ? "-j" : "--shard");
		return -1;
	}
	return 0;
}

bool
cli_select_any(const struct cli_select *cs)
{
	return cs->expr != NULL || cs->nids > 0 || has_range(cs);
}

/*
 * --ids: whether rec's own game id (its GameId tag, a whole decimal
 * number) is in a range given; one without an id, or whose id is no
 * number, is not.  True without --ids.
 */
static bool
ids_match(const struct cli_select *cs, const struct record *rec)
{
	const struct record_tag *t;
	unsigned long		 id = 0;
	size_t			 i;

	if (cs->nids == 0)
		return true;
	if ((t = record_tag_find(rec, "GameId")) == NULL || t->value_len == 0)
		return false;
	for (i = 0; i < t->value_len; i++) {
		if (t->value[i] < '0' || t->value[i] > '9' ||
		    id > (ULONG_MAX - 9) / 10)
			return false;
		id = id * 10 + (unsigned long)(t->value[i] - '0');
	}
	for (i = 0; i < cs->nids; i++)
		if (id >= cs->ids[i].lo && id <= cs->ids[i].hi)
			return true;
	return false;
}

/* The replay's positions, shown to the selection (record_select.h). */
static void
each_position(void *arg, const struct rules_position *pos)
{
	record_select_position(arg, pos);
}

void
cli_select_replay_options(
    const struct cli_select *cs, struct replay_options *ro)
{
	if (cs->has_plies) {
		ro->limit = true;
		ro->upto = cs->plies;
	}
	if (cs->expr != NULL && record_select_positions(cs->expr)) {
		ro->each = each_position;
		ro->each_arg = cs->expr;
	}
}

/* Whether the nth selected record (from 1) is in every range given. */
static bool
in_ranges(const struct cli_select *cs, unsigned long n)
{
	size_t i;

	if (cs->first > 0 && n > cs->first)
		return false;
	if (cs->last > 0 &&
	    (cs->total < cs->last ? 0 : cs->total - cs->last) >= n)
		return false;
	if (cs->every > 0 && n % cs->every != 0)
		return false;
	for (i = 0; i < cs->nranges; i++)
		if (n >= cs->ranges[i].lo && n <= cs->ranges[i].hi)
			return true;
	return cs->nranges == 0;
}

/* Selected by the expression: numbered, and taken if in range. */
static bool
take(struct cli_select *cs, bool selected)
{
	if (selected && in_ranges(cs, ++cs->n)) {
		cs->taken++;
		return true;
	}
	cs->skipped++;
	return false;
}

bool
cli_select_early(struct cli_select *cs, const struct record *rec)
{
	struct record_select_view v;

	if (!cli_select_any(cs))
		return true;
	/* Left out before its replay, whatever the expression asks. */
	if (!ids_match(cs, rec))
		return take(cs, false);
	if (cs->replays)
		return true;
	view_of(rec, NULL, &v, NULL);
	return take(cs, cs->expr == NULL || record_select_match(cs->expr, &v));
}

bool
cli_select_keep(
    struct cli_select *cs, const struct record *rec, const struct replay *rp)
{
	struct record_select_view v;
	const char		 *words[2];

	if (!cs->replays)
		return true;
	view_of(rec, rp, &v, words);
	return take(cs, record_select_match(cs->expr, &v));
}

void
cli_select_start(struct cli_select *cs)
{
	if (cs->expr != NULL)
		record_select_reset(cs->expr);
}

bool
cli_select_done(const struct cli_select *cs)
{
	unsigned long bound = ULONG_MAX;
	size_t	      i;

	if (cs->first > 0)
		bound = cs->first;
	if (cs->last > 0 && cs->total < bound)
		bound = cs->total;
	if (cs->nranges > 0) {
		unsigned long hi = 0;

		for (i = 0; i < cs->nranges; i++)
			if (cs->ranges[i].hi > hi)
				hi = cs->ranges[i].hi;
		if (hi < bound)
			bound = hi;
	}
	return bound != ULONG_MAX && cs->n >= bound;
}

/* Counts the selected records of one input into cs->total. */
static int
count_input(struct cli_select *cs, const struct cli_records *in,
    struct record_syntax *syn, const char *path, struct replay *rp)
{
	struct replay_options	  ro = cli_records_replay(in);
	struct record_reader	 *rd;
	const struct record	 *rec;
	struct record_select_view v;
	const char		 *name = cli_input_name(path), *words[2];
	FILE			 *f;
	int			  rc;

	if ((f = cli_input_open(path)) == NULL)
		return -1;
	if ((rd = cli_records_reader(in, syn, f, path, name)) == NULL) {
		cli_error("out of memory");
		cli_input_close(f);
		return -1;
	}
	cli_select_replay_options(cs, &ro);
	while ((rc = record_reader_next(rd, &rec)) == 1) {
		if (!ids_match(cs, rec))
			continue;
		if (cs->expr == NULL) {
			cs->total++;
			continue;
		}
		if (cs->replays) {
			record_select_reset(cs->expr);
			(void)cli_select_replay(cs, syn, rec, &ro, rp);
		}
		view_of(rec, cs->replays ? rp : NULL, &v, words);
		cs->total += record_select_match(cs->expr, &v);
	}
	if (rc == -1)
		cli_read_error(name);
	record_reader_free(rd);
	cli_input_close(f);
	return rc == -1 ? -1 : 0;
}

int
cli_select_count(struct cli_select *cs, const struct cli_records *in,
    struct record_syntax *syn, char *const *files, int nfiles)
{
	struct replay rp;
	int	      i, rc = 0;

	if (cs->last == 0)
		return 0;
	for (i = 0; i < nfiles; i++)
		if (strcmp(files[i], "-") == 0) {
			cli_error("--last reads its inputs twice: not "
				  "standard input");
			return -1;
		}
	replay_init(&rp);
	for (i = 0; i < nfiles && rc == 0; i++)
		rc = count_input(cs, in, syn, files[i], &rp);
	replay_fini(&rp);
	return rc;
}

void
cli_select_empty(const struct cli_select *cs)
{
	if (cli_select_any(cs) && cs->taken == 0)
		cli_error("no record selected (%lu skipped): check the "
			  "expression and the ranges",
		    cs->skipped);
}

/*
 * The record rec would be from the position pos on, without its first n
 * turns, into cs->dropped: rec's tags but its Setup, then a Setup of
 * pos.  -1 when memory runs out.
 */
static int
drop_turns(struct cli_select *cs, const struct record *rec, size_t n,
    const struct rules_position *pos)
{
	struct record_tag *grown;
	size_t		   i, k = 0;
	int		   len;

	if (rec->ntags + 1 > cs->tags_cap) {
		grown = realloc(cs->tags, (rec->ntags + 1) * sizeof *grown);
		if (grown == NULL)
			return -1;
		cs->tags = grown;
		cs->tags_cap = rec->ntags + 1;
	}
	for (i = 0; i < rec->ntags; i++)
		if (!record_tag_name_eq(rec->tags[i].name, "Setup"))
			cs->tags[k++] = rec->tags[i];
	if ((len = record_setup_format(pos, cs->setup, sizeof cs->setup)) < 0)
		return -1;
	cs->tags[k++] = (struct record_tag){ .name = (char *)"Setup",
		.value = cs->setup,
		.value_len = (size_t)len,
		.at = rec->start };
	cs->dropped = *rec;
	cs->dropped.tags = cs->tags;
	cs->dropped.ntags = k;
	cs->dropped.turns = rec->turns + n;
	cs->dropped.nturns = rec->nturns - n;
	return 0;
}

const struct record *
cli_select_replay(struct cli_select *cs, struct record_syntax *syn,
    const struct record *rec, const struct replay_options *ro,
    struct replay *rp)
{
	struct replay_options first = *ro;
	size_t		      n;

	if (cs->drop == 0 || rec->malformed) {
		replay_record(syn, rec, ro, rp);
		return rec;
	}
	/* The position after turn n, shown to no selection. */
	first.limit = true;
	first.upto = cs->drop;
	first.keep_turns = false;
	first.each = NULL;
	replay_record(syn, rec, &first, rp);
	/*
	 * The tokens it played: its turns but the passes it implied, so
	 * that a cut at a pass implied before a token leaves that token to
	 * the rest, which the position after the pass starts.
	 */
	n = rp->turns - rp->implied_passes;
	/*
	 * Kept whole: what a Setup cannot say.  Herd's dice follow the Seed
	 * from the start; the pie rule's swap exchanges the players' colours
	 * (the tags name people) or is still to come; a timed record's
	 * moments count turns from its start.
	 */
	if (rp->has_error || rp->in_turn || rp->game->has_dice ||
	    rp->game->has_pie || rec->nstamps > 0 ||
	    record_tag_find(rec, "Start") != NULL) {
		replay_record(syn, rec, ro, rp);
		return rec;
	}
	if (drop_turns(cs, rec, n, rp->pos) == -1) {
		/* As the referee says it runs out: in the record. */
		replay_record(syn, rec, ro, rp);
		rp->status = REPLAY_MALFORMED;
		rp->has_error = true;
		diag_set_at(
		    &rp->error, DIAG_NO_MEMORY, rec->start, 0, "out of memory");
		return rec;
	}
	replay_record(syn, &cs->dropped, ro, rp);
	return &cs->dropped;
}

void
cli_select_free(struct cli_select *cs)
{
	record_select_free(cs->expr);
	free(cs->ranges);
	free(cs->ids);
	free(cs->tags);
	cs->tags = NULL;
	cs->expr = NULL;
	cs->ranges = NULL;
	cs->ids = NULL;
}

void
cli_select_usage(FILE *f, const char *verb)
{
	fprintf(f,
	    "      --select=EXPR        %s only the records EXPR selects\n"
	    "                           (gamecheck(1), SELECTION)\n"
	    "      --records=LIST       only the selected records N, N-M, N-\n"
	    "      --ids=LIST           only the records whose own id (GameId)\n"
	    "                           is N, N-M, N- (from 0)\n"
	    "      --first=N, --last=N  only the first (last) N selected\n"
	    "      --every=K            only every Kth selected record\n",
	    verb);
}
