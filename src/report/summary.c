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
#include "util/util.h"

struct out {
	yaml_emitter_t emitter;
	bool	       failed;
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

	yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
	    flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE);
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

	yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
	    flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE);
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
	char buf[32];

	snprintf(buf, sizeof buf, "%" PRIu64, v);
	plain(o, buf);
}

static void
i64(struct out *o, long long v)
{
	char buf[32];

	snprintf(buf, sizeof buf, "%lld", v);
	plain(o, buf);
}

/* A float with a fixed number of decimals; never "-0.00". */
static void
real(struct out *o, double v, int decimals)
{
	char buf[64];

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
	size_t i;

	plain(o, k);
	map_start(o, true);
	for (i = 0; i < h->n; i++) {
		i64(o, h->value[i]);
		u64(o, h->count[i]);
	}
	map_end(o);
}

static void
group_head(
    struct out *o, const struct stat_summary *s, const struct stat_group *g)
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
causes(
    struct out *o, const char *k, const uint64_t v[STAT_CAUSES], bool partial)
{
	int i;

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
	int i;

	for (i = 0; i < STAT_CAUSES; i++)
		if (v[i] > 0)
			return true;
	return false;
}

/* ---- The partial state --------------------------------------------- */

struct named_pair {
	const char *a, *b; /* strcmp(a, b) < 0 */
	uint64_t    wa, wb, draws;
};

static int
compare_named_pairs(const void *pa, const void *pb)
{
	const struct named_pair *x = pa, *y = pb;
	int			 c;

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
	char ***sorted;
	size_t	i, k;
	int	c;

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
partial_group(
    struct out *o, const struct stat_summary *s, const struct stat_group *g)
{
	struct named_pair      *np;
	const struct stat_pair *p;
	size_t			i;
	int			k;

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
				g->player[p->b], p->wins_a, p->wins_b,
				p->draws };
		else
			np[i] = (struct named_pair){ g->player[p->b],
				g->player[p->a], p->wins_b, p->wins_a,
				p->draws };
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
		const char *name;
		unsigned    permille;
	} q[] = { { "min", 0 }, { "p10", 100 }, { "p25", 250 },
		{ "median", 500 }, { "p75", 750 }, { "p90", 900 },
		{ "max", 1000 } };
	struct stat_moments m;
	double		    mean, sd;
	size_t		    i;

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
	int i;

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
summary_group(
    struct out *o, const struct stat_summary *s, const struct stat_group *g)
{
	struct stat_rating *r;
	uint64_t	    decisive = g->seat_wins[0] + g->seat_wins[1];
	double		    lo, hi, mean, sd;
	size_t		    i;
	int		    k;

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
		kv_real(
		    o, "share", (double)g->seat_wins[0] / (double)decisive, 4);
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
			if (stat_moments_mean_sd(
				&g->series[i].by_colour[k], &mean, &sd)) {
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
		kv_real(
		    o, "score", (double)r[i].wins + (double)r[i].draws / 2, 1);
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
	/* A byte a step: whole inputs go through here too (covers). */
	static const uint32_t table[256] = {
		0x00000000,
		0x77073096,
		0xee0e612c,
		0x990951ba,
		0x076dc419,
		0x706af48f,
		0xe963a535,
		0x9e6495a3,
		0x0edb8832,
		0x79dcb8a4,
		0xe0d5e91e,
		0x97d2d988,
		0x09b64c2b,
		0x7eb17cbd,
		0xe7b82d07,
		0x90bf1d91,
		0x1db71064,
		0x6ab020f2,
		0xf3b97148,
		0x84be41de,
		0x1adad47d,
		0x6ddde4eb,
		0xf4d4b551,
		0x83d385c7,
		0x136c9856,
		0x646ba8c0,
		0xfd62f97a,
		0x8a65c9ec,
		0x14015c4f,
		0x63066cd9,
		0xfa0f3d63,
		0x8d080df5,
		0x3b6e20c8,
		0x4c69105e,
		0xd56041e4,
		0xa2677172,
		0x3c03e4d1,
		0x4b04d447,
		0xd20d85fd,
		0xa50ab56b,
		0x35b5a8fa,
		0x42b2986c,
		0xdbbbc9d6,
		0xacbcf940,
		0x32d86ce3,
		0x45df5c75,
		0xdcd60dcf,
		0xabd13d59,
		0x26d930ac,
		0x51de003a,
		0xc8d75180,
		0xbfd06116,
		0x21b4f4b5,
		0x56b3c423,
		0xcfba9599,
		0xb8bda50f,
		0x2802b89e,
		0x5f058808,
		0xc60cd9b2,
		0xb10be924,
		0x2f6f7c87,
		0x58684c11,
		0xc1611dab,
		0xb6662d3d,
		0x76dc4190,
		0x01db7106,
		0x98d220bc,
		0xefd5102a,
		0x71b18589,
		0x06b6b51f,
		0x9fbfe4a5,
		0xe8b8d433,
		0x7807c9a2,
		0x0f00f934,
		0x9609a88e,
		0xe10e9818,
		0x7f6a0dbb,
		0x086d3d2d,
		0x91646c97,
		0xe6635c01,
		0x6b6b51f4,
		0x1c6c6162,
		0x856530d8,
		0xf262004e,
		0x6c0695ed,
		0x1b01a57b,
		0x8208f4c1,
		0xf50fc457,
		0x65b0d9c6,
		0x12b7e950,
		0x8bbeb8ea,
		0xfcb9887c,
		0x62dd1ddf,
		0x15da2d49,
		0x8cd37cf3,
		0xfbd44c65,
		0x4db26158,
		0x3ab551ce,
		0xa3bc0074,
		0xd4bb30e2,
		0x4adfa541,
		0x3dd895d7,
		0xa4d1c46d,
		0xd3d6f4fb,
		0x4369e96a,
		0x346ed9fc,
		0xad678846,
		0xda60b8d0,
		0x44042d73,
		0x33031de5,
		0xaa0a4c5f,
		0xdd0d7cc9,
		0x5005713c,
		0x270241aa,
		0xbe0b1010,
		0xc90c2086,
		0x5768b525,
		0x206f85b3,
		0xb966d409,
		0xce61e49f,
		0x5edef90e,
		0x29d9c998,
		0xb0d09822,
		0xc7d7a8b4,
		0x59b33d17,
		0x2eb40d81,
		0xb7bd5c3b,
		0xc0ba6cad,
		0xedb88320,
		0x9abfb3b6,
		0x03b6e20c,
		0x74b1d29a,
		0xead54739,
		0x9dd277af,
		0x04db2615,
		0x73dc1683,
		0xe3630b12,
		0x94643b84,
		0x0d6d6a3e,
		0x7a6a5aa8,
		0xe40ecf0b,
		0x9309ff9d,
		0x0a00ae27,
		0x7d079eb1,
		0xf00f9344,
		0x8708a3d2,
		0x1e01f268,
		0x6906c2fe,
		0xf762575d,
		0x806567cb,
		0x196c3671,
		0x6e6b06e7,
		0xfed41b76,
		0x89d32be0,
		0x10da7a5a,
		0x67dd4acc,
		0xf9b9df6f,
		0x8ebeeff9,
		0x17b7be43,
		0x60b08ed5,
		0xd6d6a3e8,
		0xa1d1937e,
		0x38d8c2c4,
		0x4fdff252,
		0xd1bb67f1,
		0xa6bc5767,
		0x3fb506dd,
		0x48b2364b,
		0xd80d2bda,
		0xaf0a1b4c,
		0x36034af6,
		0x41047a60,
		0xdf60efc3,
		0xa867df55,
		0x316e8eef,
		0x4669be79,
		0xcb61b38c,
		0xbc66831a,
		0x256fd2a0,
		0x5268e236,
		0xcc0c7795,
		0xbb0b4703,
		0x220216b9,
		0x5505262f,
		0xc5ba3bbe,
		0xb2bd0b28,
		0x2bb45a92,
		0x5cb36a04,
		0xc2d7ffa7,
		0xb5d0cf31,
		0x2cd99e8b,
		0x5bdeae1d,
		0x9b64c2b0,
		0xec63f226,
		0x756aa39c,
		0x026d930a,
		0x9c0906a9,
		0xeb0e363f,
		0x72076785,
		0x05005713,
		0x95bf4a82,
		0xe2b87a14,
		0x7bb12bae,
		0x0cb61b38,
		0x92d28e9b,
		0xe5d5be0d,
		0x7cdcefb7,
		0x0bdbdf21,
		0x86d3d2d4,
		0xf1d4e242,
		0x68ddb3f8,
		0x1fda836e,
		0x81be16cd,
		0xf6b9265b,
		0x6fb077e1,
		0x18b74777,
		0x88085ae6,
		0xff0f6a70,
		0x66063bca,
		0x11010b5c,
		0x8f659eff,
		0xf862ae69,
		0x616bffd3,
		0x166ccf45,
		0xa00ae278,
		0xd70dd2ee,
		0x4e048354,
		0x3903b3c2,
		0xa7672661,
		0xd06016f7,
		0x4969474d,
		0x3e6e77db,
		0xaed16a4a,
		0xd9d65adc,
		0x40df0b66,
		0x37d83bf0,
		0xa9bcae53,
		0xdebb9ec5,
		0x47b2cf7f,
		0x30b5ffe9,
		0xbdbdf21c,
		0xcabac28a,
		0x53b39330,
		0x24b4a3a6,
		0xbad03605,
		0xcdd70693,
		0x54de5729,
		0x23d967bf,
		0xb3667a2e,
		0xc4614ab8,
		0x5d681b02,
		0x2a6f2b94,
		0xb40bbe37,
		0xc30c8ea1,
		0x5a05df1b,
		0x2d02ef8d,
	};
	const unsigned char *p = buf;
	size_t		     i;

	crc = ~crc;
	for (i = 0; i < len; i++)
		crc = table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
	return ~crc;
}

/* libyaml's output handler: the document gathers in a buffer. */
static int
write_mem(void *data, unsigned char *buf, size_t size)
{
	return buf_add(data, buf, size) == 0;
}

/*
 * The partial's checksum (formats/summary.md, "The trailer"): CRC-32 of
 * the lines after the document's first (---) up to the end: line, filled
 * into the placeholder written there.  -1 if the text is not as written.
 */
static int
seal(struct buf *m)
{
	char  *first, *end = NULL, *q;
	char   hex[9];
	size_t i;

	if ((first = memchr(m->s, '\n', m->len)) == NULL)
		return -1;
	first++;
	for (i = m->len; i-- > 0;)
		if ((i == 0 || m->s[i - 1] == '\n') && m->len - i > 5 &&
		    memcmp(m->s + i, "end: ", 5) == 0) {
			end = m->s + i;
			break;
		}
	if (end == NULL || end < first)
		return -1;
	for (q = end; (size_t)(q - m->s) + 11 + 8 <= m->len &&
	     memcmp(q, "checksum: \"", 11) != 0;
	     q++)
		continue;
	if ((size_t)(q - m->s) + 11 + 8 > m->len)
		return -1;
	snprintf(hex, sizeof hex, "%08" PRIx32,
	    report_crc32(0, first, (size_t)(end - first)));
	memcpy(q + 11, hex, 8);
	return 0;
}

/* What the partial counted (formats/summary.md, "Covers"). */
static int
covers(struct out *o, const struct stat_summary *s)
{
	const struct stat_cover **v, *c;
	char			  buf[48];
	size_t			  i, j;

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
			snprintf(
			    buf, sizeof buf, "%08" PRIx32, c->input[j].crc);
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
	struct buf	    mem;
	struct out	    o;
	struct stat_group **v;
	yaml_event_t	    ev;
	size_t		    i;
	int		    rc = -1;

	memset(&o, 0, sizeof o);
	buf_init(&mem);
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
	if (mem.len > 0 && fwrite(mem.s, 1, mem.len, f) != mem.len)
		goto out_delete;
	rc = 0;
out_delete:
	yaml_emitter_delete(&o.emitter);
	buf_fini(&mem);
	free(v);
	return rc;
}
