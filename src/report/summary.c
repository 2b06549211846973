/* SPDX-License-Identifier: MIT */
/*
 * Writing summaries (formats/summary.md, arbiter-summary/1) with libyaml's
 * emitter: either the partial state, all integers, that merges exactly, or
 * the figures derived from it.  Every list is written in a fixed order
 * (groups, histogram bins, series, players and pairs sorted), and every
 * float is computed here from the integers, so one state always gives the
 * same bytes however it was put together.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "report/report.h"

struct out {
	yaml_emitter_t	 emitter;
	bool		 failed;
};

static void
emit(struct out *o, yaml_event_t *ev)
{
	if (o->failed)
		return;
	if (!yaml_emitter_emit(&o->emitter, ev))
		o->failed = true;
}

static void
scalar_style(struct out *o, const char *s, yaml_scalar_style_t style)
{
	yaml_event_t ev;

	/* libyaml copies the value; its prototype just lacks the const. */
	yaml_scalar_event_initialize(&ev, NULL, NULL,
	    (yaml_char_t *)(uintptr_t)s, (int)strlen(s), 1, 1, style);
	emit(o, &ev);
}

static void
plain(struct out *o, const char *s)
{
	scalar_style(o, s != NULL ? s : "~", YAML_PLAIN_SCALAR_STYLE);
}

/* Text from records (tag values, player names): quoted, or ~ for none. */
static void
quoted(struct out *o, const char *s)
{
	if (s == NULL)
		plain(o, "~");
	else
		scalar_style(o, s, YAML_DOUBLE_QUOTED_SCALAR_STYLE);
}

static void
map_start(struct out *o, bool flow)
{
	yaml_event_t ev;

	yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, flow ?
	    YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE);
	emit(o, &ev);
}

static void
map_end(struct out *o)
{
	yaml_event_t ev;

	yaml_mapping_end_event_initialize(&ev);
	emit(o, &ev);
}

static void
seq_start(struct out *o, bool flow)
{
	yaml_event_t ev;

	yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, flow ?
	    YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE);
	emit(o, &ev);
}

static void
seq_end(struct out *o)
{
	yaml_event_t ev;

	yaml_sequence_end_event_initialize(&ev);
	emit(o, &ev);
}

static void
u64(struct out *o, uint64_t v)
{
	char	 buf[32];

	snprintf(buf, sizeof buf, "%" PRIu64, v);
	plain(o, buf);
}

static void
i64(struct out *o, long long v)
{
	char	 buf[32];

	snprintf(buf, sizeof buf, "%lld", v);
	plain(o, buf);
}

/* A float with a fixed number of decimals; never "-0.00". */
static void
real(struct out *o, double v, int decimals)
{
	char	 buf[64];

	if (isinf(v)) {
		plain(o, v > 0 ? ".inf" : "-.inf");
		return;
	}
	snprintf(buf, sizeof buf, "%.*f", decimals, v);
	if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
		memmove(buf, buf + 1, strlen(buf));
	plain(o, buf);
}

static void
kv_u64(struct out *o, const char *k, uint64_t v)
{
	plain(o, k);
	u64(o, v);
}

static void
kv_real(struct out *o, const char *k, double v, int decimals)
{
	plain(o, k);
	real(o, v, decimals);
}

/* ---- Both kinds ---------------------------------------------------- */

static void
hist(struct out *o, const char *k, const struct stat_hist *h)
{
	size_t	 i;

	plain(o, k);
	map_start(o, true);
	for (i = 0; i < h->n; i++) {
		i64(o, h->value[i]);
		u64(o, h->count[i]);
	}
	map_end(o);
}

static void
group_head(struct out *o, const struct stat_summary *s,
    const struct stat_group *g)
{
	if (s->by != NULL) {
		plain(o, "value");
		quoted(o, g->value);
	}
	plain(o, "game");
	plain(o, g->game);
	plain(o, "board");
	plain(o, g->board);
	plain(o, "colours");
	seq_start(o, true);
	plain(o, g->colour[0]);
	plain(o, g->colour[1]);
	seq_end(o);
	kv_u64(o, "records", g->records);
	kv_u64(o, "finished", g->finished);
	kv_u64(o, "unfinished", g->unfinished);
	kv_u64(o, "illegal", g->illegal);
	kv_u64(o, "malformed", g->malformed);
}

/* Games lost by forfeit, by cause: [i, c, t, r] or {illegal: i, ...}. */
static void
causes(struct out *o, const char *k, const uint64_t v[STAT_CAUSES],
    bool partial)
{
	int	 i;

	plain(o, k);
	if (partial)
		seq_start(o, true);
	else
		map_start(o, true);
	for (i = 0; i < STAT_CAUSES; i++) {
		if (!partial)
			plain(o, replay_cause_name((enum replay_cause)i));
		u64(o, v[i]);
	}
	if (partial)
		seq_end(o);
	else
		map_end(o);
}

static bool
any_cause(const uint64_t v[STAT_CAUSES])
{
	int	 i;

	for (i = 0; i < STAT_CAUSES; i++)
		if (v[i] > 0)
			return true;
	return false;
}

/* ---- The partial state --------------------------------------------- */

struct named_pair {
	const char	*a, *b;		/* strcmp(a, b) < 0 */
	uint64_t	 wa, wb, draws;
};

static int
compare_named_pairs(const void *pa, const void *pb)
{
	const struct named_pair *x = pa, *y = pb;
	int	 c;

	if ((c = strcmp(x->a, y->a)) != 0)
		return c;
	return strcmp(x->b, y->b);
}

static int
compare_players(const void *pa, const void *pb)
{
	return strcmp(**(char **const *)pa, **(char **const *)pb);
}

/* The players who lost by forfeit, by name: ["name", i, c, t, r]. */
static int
forfeited(struct out *o, const struct stat_group *g)
{
	char	***sorted;
	size_t	 i, k;
	int	 c;

	if ((sorted = calloc(g->nplayers + 1, sizeof *sorted)) == NULL)
		return -1;
	for (i = 0; i < g->nplayers; i++)
		sorted[i] = &g->player[i];
	qsort(sorted, g->nplayers, sizeof *sorted, compare_players);
	plain(o, "forfeited");
	seq_start(o, false);
	for (i = 0; i < g->nplayers; i++) {
		k = (size_t)(sorted[i] - g->player);
		if (!any_cause(g->forfeited[k]))
			continue;
		seq_start(o, true);
		quoted(o, g->player[k]);
		for (c = 0; c < STAT_CAUSES; c++)
			u64(o, g->forfeited[k][c]);
		seq_end(o);
	}
	seq_end(o);
	free(sorted);
	return 0;
}

static int
partial_group(struct out *o, const struct stat_summary *s,
    const struct stat_group *g)
{
	struct named_pair *np;
	const struct stat_pair *p;
	size_t	 i;
	int	 k;

	map_start(o, false);
	group_head(o, s, g);
	if (stat_has_forfeits(g))
		causes(o, "forfeits", g->forfeits, true);
	kv_u64(o, "draws", g->draws);
	plain(o, "wins");
	seq_start(o, true);
	u64(o, g->colour_wins[0]);
	u64(o, g->colour_wins[1]);
	seq_end(o);
	plain(o, "seats");
	seq_start(o, true);
	u64(o, g->seat_wins[0]);
	u64(o, g->seat_wins[1]);
	seq_end(o);
	hist(o, "margin", &g->margin);
	hist(o, "turns", &g->turns);
	hist(o, "actions", &g->actions);
	plain(o, "series");
	map_start(o, false);
	for (i = 0; i < g->nseries; i++) {
		plain(o, g->series[i].name);
		seq_start(o, true);
		for (k = 0; k < 2; k++) {
			seq_start(o, true);
			u64(o, g->series[i].by_colour[k].n);
			i64(o, g->series[i].by_colour[k].sum);
			u64(o, g->series[i].by_colour[k].sumsq);
			seq_end(o);
		}
		seq_end(o);
	}
	map_end(o);
	if ((np = calloc(g->npairs + 1, sizeof *np)) == NULL)
		return -1;
	for (i = 0; i < g->npairs; i++) {
		p = &g->pair[i];
		if (strcmp(g->player[p->a], g->player[p->b]) < 0)
			np[i] = (struct named_pair){ g->player[p->a],
			    g->player[p->b], p->wins_a, p->wins_b, p->draws };
		else
			np[i] = (struct named_pair){ g->player[p->b],
			    g->player[p->a], p->wins_b, p->wins_a, p->draws };
	}
	qsort(np, g->npairs, sizeof *np, compare_named_pairs);
	plain(o, "pairs");
	seq_start(o, false);
	for (i = 0; i < g->npairs; i++) {
		seq_start(o, true);
		quoted(o, np[i].a);
		quoted(o, np[i].b);
		u64(o, np[i].wa);
		u64(o, np[i].wb);
		u64(o, np[i].draws);
		seq_end(o);
	}
	seq_end(o);
	free(np);
	if (stat_has_forfeits(g) && forfeited(o, g) == -1)
		return -1;
	map_end(o);
	return 0;
}

/* ---- The figures --------------------------------------------------- */

static void
distribution(struct out *o, const char *k, const struct stat_hist *h)
{
	static const struct {
		const char	*name;
		unsigned	 permille;
	} q[] = { { "min", 0 }, { "p10", 100 }, { "p25", 250 },
	    { "median", 500 }, { "p75", 750 }, { "p90", 900 },
	    { "max", 1000 } };
	struct stat_moments m;
	double	 mean, sd;
	size_t	 i;

	stat_hist_moments(h, &m);
	plain(o, k);
	map_start(o, false);
	kv_u64(o, "games", m.n);
	if (stat_moments_mean_sd(&m, &mean, &sd)) {
		kv_real(o, "mean", mean, 3);
		kv_real(o, "sd", sd, 3);
		for (i = 0; i < sizeof q / sizeof q[0]; i++) {
			plain(o, q[i].name);
			i64(o, stat_hist_quantile(h, q[i].permille));
		}
	}
	hist(o, "histogram", h);
	map_end(o);
}

static void
colour_counts(struct out *o, const struct stat_group *g, const char *k,
    const uint64_t v[2])
{
	int	 i;

	plain(o, k);
	map_start(o, true);
	for (i = 0; i < 2 && g->colour[0] != NULL && g->colour[1] != NULL;
	    i++) {
		plain(o, g->colour[i]);
		u64(o, v[i]);
	}
	map_end(o);
}

static int
summary_group(struct out *o, const struct stat_summary *s,
    const struct stat_group *g)
{
	struct stat_rating *r;
	uint64_t decisive = g->seat_wins[0] + g->seat_wins[1];
	double	 lo, hi, mean, sd;
	size_t	 i;
	int	 k;

	map_start(o, false);
	group_head(o, s, g);
	if (stat_has_forfeits(g))
		causes(o, "forfeits", g->forfeits, false);
	colour_counts(o, g, "wins", g->colour_wins);
	kv_u64(o, "draws", g->draws);
	plain(o, "seats");
	map_start(o, true);
	kv_u64(o, "first", g->seat_wins[0]);
	kv_u64(o, "second", g->seat_wins[1]);
	map_end(o);
	plain(o, "first-player");
	map_start(o, false);
	kv_u64(o, "decisive", decisive);
	kv_u64(o, "wins", g->seat_wins[0]);
	if (stat_wilson(g->seat_wins[0], decisive, 1.959964, &lo, &hi)) {
		kv_real(o, "share", (double)g->seat_wins[0] /
		    (double)decisive, 4);
		plain(o, "interval");
		seq_start(o, true);
		real(o, lo, 4);
		real(o, hi, 4);
		seq_end(o);
	}
	map_end(o);
	distribution(o, "margin", &g->margin);
	distribution(o, "turns", &g->turns);
	distribution(o, "actions", &g->actions);
	plain(o, "series");
	map_start(o, false);
	for (i = 0; i < g->nseries; i++) {
		plain(o, g->series[i].name);
		map_start(o, false);
		for (k = 0; k < 2; k++) {
			plain(o, g->colour[k]);
			map_start(o, true);
			kv_u64(o, "games", g->series[i].by_colour[k].n);
			if (stat_moments_mean_sd(&g->series[i].by_colour[k],
			    &mean, &sd)) {
				kv_real(o, "mean", mean, 3);
				kv_real(o, "sd", sd, 3);
			}
			map_end(o);
		}
		map_end(o);
	}
	map_end(o);
	if (stat_ratings(g, 1, &r) == -1)
		return -1;
	plain(o, "players");
	seq_start(o, false);
	for (i = 0; i < g->nplayers; i++) {
		map_start(o, false);
		plain(o, "name");
		quoted(o, r[i].name);
		kv_u64(o, "games", r[i].games);
		kv_u64(o, "wins", r[i].wins);
		kv_u64(o, "draws", r[i].draws);
		kv_u64(o, "losses", r[i].losses);
		if (any_cause(r[i].forfeited))
			causes(o, "forfeits", r[i].forfeited, false);
		kv_real(o, "score", (double)r[i].wins +
		    (double)r[i].draws / 2, 1);
		kv_real(o, "rating", r[i].rating, 1);
		kv_real(o, "error", r[i].error, 1);
		map_end(o);
	}
	seq_end(o);
	free(r);
	map_end(o);
	return 0;
}

/* ---- The trailer -------------------------------------------------- */

uint32_t
report_crc32(uint32_t crc, const void *buf, size_t len)
{
	/* Four bits a step: whole inputs go through here too (covers). */
	static const uint32_t nibble[16] = {
		0x00000000, 0x1db71064, 0x3b6e20c8, 0x26d930ac,
		0x76dc4190, 0x6b6b51f4, 0x4db26158, 0x5005713c,
		0xedb88320, 0xf00f9344, 0xd6d6a3e8, 0xcb61b38c,
		0x9b64c2b0, 0x86d3d2d4, 0xa00ae278, 0xbdbdf21c,
	};
	const unsigned char *p = buf;
	size_t	 i;

	crc = ~crc;
	for (i = 0; i < len; i++) {
		crc ^= p[i];
		crc = (crc >> 4) ^ nibble[crc & 15];
		crc = (crc >> 4) ^ nibble[crc & 15];
	}
	return ~crc;
}

struct membuf {
	unsigned char	*p;
	size_t		 len, cap;
};

static int
write_mem(void *data, unsigned char *buf, size_t size)
{
	struct membuf *m = data;
	unsigned char *np;
	size_t	 cap;

	if (m->len + size > m->cap) {
		cap = (m->len + size) * 2 + 4096;
		if ((np = realloc(m->p, cap)) == NULL)
			return 0;
		m->p = np;
		m->cap = cap;
	}
	memcpy(m->p + m->len, buf, size);
	m->len += size;
	return 1;
}

/*
 * The partial's checksum (formats/summary.md, "The trailer"): CRC-32 of
 * the lines after the document's first (---) up to the end: line, filled
 * into the placeholder written there.  -1 if the text is not as written.
 */
static int
seal(struct membuf *m)
{
	unsigned char *first, *end = NULL, *q;
	char	 hex[9];
	size_t	 i;

	if ((first = memchr(m->p, '\n', m->len)) == NULL)
		return -1;
	first++;
	for (i = m->len; i-- > 0;)
		if ((i == 0 || m->p[i - 1] == '\n') && m->len - i > 5 &&
		    memcmp(m->p + i, "end: ", 5) == 0) {
			end = m->p + i;
			break;
		}
	if (end == NULL || end < first)
		return -1;
	for (q = end; (size_t)(q - m->p) + 11 + 8 <= m->len &&
	    memcmp(q, "checksum: \"", 11) != 0; q++)
		continue;
	if ((size_t)(q - m->p) + 11 + 8 > m->len)
		return -1;
	snprintf(hex, sizeof hex, "%08" PRIx32, report_crc32(0, first,
	    (size_t)(end - first)));
	memcpy(q + 11, hex, 8);
	return 0;
}

/* What the partial counted (formats/summary.md, "Covers"). */
static int
covers(struct out *o, const struct stat_summary *s)
{
	const struct stat_cover **v, *c;
	char	 buf[48];
	size_t	 i, j;

	if ((v = stat_covers_sorted(s)) == NULL)
		return -1;
	plain(o, "covers");
	seq_start(o, false);
	for (i = 0; i < s->ncovers; i++) {
		c = v[i];
		map_start(o, false);
		plain(o, "shard");
		snprintf(buf, sizeof buf, "%lu/%lu", c->k, c->n);
		plain(o, c->n > 0 ? buf : NULL);
		plain(o, "inputs");
		seq_start(o, false);
		for (j = 0; j < c->ninputs; j++) {
			seq_start(o, true);
			quoted(o, c->input[j].name);
			u64(o, c->input[j].bytes);
			snprintf(buf, sizeof buf, "%08" PRIx32,
			    c->input[j].crc);
			scalar_style(o, buf, YAML_DOUBLE_QUOTED_SCALAR_STYLE);
			seq_end(o);
		}
		seq_end(o);
		map_end(o);
	}
	seq_end(o);
	free(v);
	return 0;
}

int
report_summary_write(FILE *f, const struct stat_summary *s, bool partial)
{
	struct membuf mem = { NULL, 0, 0 };
	struct out o;
	struct stat_group **v;
	yaml_event_t ev;
	size_t	 i;
	int	 rc = -1;

	memset(&o, 0, sizeof o);
	if ((v = stat_groups_sorted(s)) == NULL)
		return -1;
	if (!yaml_emitter_initialize(&o.emitter)) {
		free(v);
		errno = ENOMEM;
		return -1;
	}
	yaml_emitter_set_output(&o.emitter, write_mem, &mem);
	yaml_emitter_set_unicode(&o.emitter, 1);
	yaml_emitter_set_width(&o.emitter, -1);
	yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
	emit(&o, &ev);
	yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 0);
	emit(&o, &ev);
	map_start(&o, false);
	plain(&o, "schema");
	plain(&o, REPORT_SUMMARY_SCHEMA);
	if (partial) {
		plain(&o, "partial");
		plain(&o, "true");
	}
	if (partial || s->by != NULL) {
		plain(&o, "by");
		quoted(&o, s->by);
	}
	if (partial && covers(&o, s) == -1) {
		errno = ENOMEM;
		goto out_delete;
	}
	kv_u64(&o, "records", s->records);
	plain(&o, "groups");
	seq_start(&o, false);
	for (i = 0; i < s->ngroups; i++)
		if ((partial ? partial_group(&o, s, v[i]) :
		    summary_group(&o, s, v[i])) == -1) {
			errno = ENOMEM;
			goto out_delete;
		}
	seq_end(&o);
	if (partial) {
		/* Last, so that a partial cut anywhere loses it. */
		plain(&o, "end");
		map_start(&o, true);
		kv_u64(&o, "records", s->records);
		plain(&o, "checksum");
		scalar_style(&o, "00000000", YAML_DOUBLE_QUOTED_SCALAR_STYLE);
		map_end(&o);
	}
	map_end(&o);
	yaml_document_end_event_initialize(&ev, 1);
	emit(&o, &ev);
	yaml_stream_end_event_initialize(&ev);
	emit(&o, &ev);
	if (o.failed || !yaml_emitter_flush(&o.emitter)) {
		if (errno == 0)
			errno = EINVAL;
		goto out_delete;
	}
	if (partial && seal(&mem) == -1) {
		errno = EINVAL;
		goto out_delete;
	}
	if (mem.len > 0 && fwrite(mem.p, 1, mem.len, f) != mem.len)
		goto out_delete;
	rc = 0;
out_delete:
	yaml_emitter_delete(&o.emitter);
	free(mem.p);
	free(v);
	return rc;
}
