/* SPDX-License-Identifier: MIT */
/*
 * Writing reports: one document per record, keys in a fixed order
 * (formats/report.md), numbers in the C locale, every string from a record
 * made valid UTF-8 first so the stream is always valid YAML.  gamecheck's
 * reports go through a direct writer of this fixed schema, which writes
 * exactly the bytes libyaml's emitter wrote (width unlimited, unicode on,
 * indent 2): libyaml's emitter cost five times the rest of the report.
 * The emitter stays behind the same calls, as the reference the direct
 * writer is tested against, and for gameplay's documents, which are one
 * document a run.  libyaml's parser stays the judge: the tests and fuzz
 * targets read every stream back with it.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <yaml.h>

#include "report/report.h"
#include "util/util.h"

/* The collections the direct writer has open, innermost last. */
enum level_kind {
	LEVEL_BLOCK_MAP,
	LEVEL_FLOW_MAP,
	LEVEL_FLOW_SEQ,
};

struct level {
	enum level_kind kind;
	size_t		n;	 /* nodes in it so far: keys and values */
	bool		complex; /* the open entry's key is "? key" */
};

/* Deeper than any document the writer writes: result.elo is at 3. */
#define LEVELS 8

/*
 * libyaml writes a key longer than this (value, no quotes) as an explicit
 * "? key" (yaml_emitter_check_simple_key).
 */
#define SIMPLE_KEY_MAX 128

struct report_writer {
	yaml_emitter_t emitter;
	bool	       direct; /* the direct writer, not the emitter */
	FILE	      *out;
	bool	       started;
	bool	       failed;
	char	      *buf; /* scratch for cleaned strings */
	size_t	       bufcap;
	/* The direct writer: the document so far, and where it stands. */
	struct buf   doc;
	struct level level[LEVELS];
	int	     depth;
	/*
	 * A report's first lines, schema and source, as written for
	 * head_source (owned; NULL: none yet), and the root mapping after
	 * them: the same for every record of an input.
	 */
	char	    *head_source;
	struct buf   head;
	struct level head_level;
};

size_t
report_utf8_clean(const char *s, size_t len, char *buf, size_t cap)
{
	size_t	 i = 0, n = 0, k;
	uint32_t cp;

	while (i < len && n + 4 < cap) {
		k = utf8_char(s + i, len - i, &cp);
		/* Invalid bytes and NUL are replaced, one U+FFFD a byte. */
		if (k == 0 || cp == 0) {
			memcpy(buf + n, "\xef\xbf\xbd", 3);
			n += 3;
			i += 1;
			continue;
		}
		memcpy(buf + n, s + i, k);
		n += k;
		i += k;
	}
	buf[n] = '\0';
	return n;
}

/*
 * The escape libyaml's double-quoted style gives cp, or 0 when it writes
 * cp as it is (yaml_emitter_write_double_quoted_scalar with unicode on:
 * what is not IS_PRINTABLE, the byte order mark, line breaks, '"', '\').
 */
static char
quote_escape(uint32_t cp)
{
	switch (cp) {
	case 0x07: return 'a';
	case 0x08: return 'b';
	case 0x09: return 't';
	case 0x0a: return 'n';
	case 0x0b: return 'v';
	case 0x0c: return 'f';
	case 0x0d: return 'r';
	case 0x1b: return 'e';
	case '"': return '"';
	case '\\': return '\\';
	case 0x85: return 'N';
	case 0x2028: return 'L';
	case 0x2029: return 'P';
	}
	/* Printable: #x20-#x7E, #xA0-#xD7FF, #xE000-#xFFFD but the BOM. */
	if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xd7ff) ||
	    (cp >= 0xe000 && cp <= 0xfffd && cp != 0xfeff))
		return 0;
	/* libyaml's 4-byte test is no printable range: \U for all. */
	return cp <= 0xff ? 'x' : cp <= 0xffff ? 'u' : 'U';
}

int
report_yaml_quote(struct buf *b, const char *s, size_t len)
{
	static const char    hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)s;
	char		    *o;
	size_t		     i, k;
	uint32_t	     cp;
	char		     e;
	int		     digits;

	/* Each byte at most \xXX, or U+FFFD; \UXXXXXXXX takes 4 bytes. */
	if (len > (SIZE_MAX - 3) / 4 ||
	    (b->len + 4 * len + 3 > b->cap &&
		buf_reserve(b, 4 * len + 2) == -1)) {
		errno = ENOMEM;
		return -1;
	}
	o = b->s + b->len;
	*o++ = '"';
	for (i = 0; i < len; i += k) {
		/* Most record text is plain ASCII, written as it is. */
		if (p[i] >= 0x20 && p[i] <= 0x7e && p[i] != '"' &&
		    p[i] != '\\') {
			*o++ = (char)p[i];
			k = 1;
			continue;
		}
		k = utf8_char(s + i, len - i, &cp);
		/* As report_utf8_clean: one U+FFFD a bad byte or NUL. */
		if (k == 0 || cp == 0) {
			memcpy(o, "\xef\xbf\xbd", 3);
			o += 3;
			k = 1;
			continue;
		}
		if ((e = quote_escape(cp)) == 0) {
			memcpy(o, s + i, k);
			o += k;
			continue;
		}
		*o++ = '\\';
		*o++ = e;
		digits = e == 'x' ? 2 : e == 'u' ? 4 : e == 'U' ? 8 : 0;
		while (digits-- > 0)
			*o++ = hex[(cp >> (4 * digits)) & 0xf];
	}
	*o++ = '"';
	b->len = (size_t)(o - b->s);
	b->s[b->len] = '\0';
	return 0;
}

/* ---- The direct writer --------------------------------------------- */

/* direct_add when the buffer must grow: out of line, as it is rare. */
static void
direct_add_grow(struct report_writer *w, const char *s, size_t len)
{
	if (buf_add(&w->doc, s, len) == -1)
		w->failed = true;
}

static inline void
direct_add(struct report_writer *w, const char *s, size_t len)
{
	/* A document's buffer is grown once and then reused. */
	if (w->doc.len + len < w->doc.cap) {
		memcpy(w->doc.s + w->doc.len, s, len);
		w->doc.len += len;
	} else
		direct_add_grow(w, s, len);
}

/*
 * What libyaml writes before a node at this point of the open collection:
 * a key on its own line at the block mapping's indent, ": " before a
 * value (":" alone before a block mapping, whose keys start their own
 * lines), ", " between flow entries.  keylen is the node's length, for a
 * key that is too long to be a simple one.
 */
static void
direct_before(struct report_writer *w, bool block, size_t keylen)
{
	static const char spaces[] = "\n                ";
	struct level	 *l;
	int		  indent;

	if (w->depth == 0)
		return;
	l = &w->level[w->depth - 1];
	indent = 2 * (w->depth - 1);
	switch (l->kind) {
	case LEVEL_BLOCK_MAP:
		if (l->n % 2 == 0) {
			/* The line break and the indent in one piece. */
			direct_add(w, spaces, 1 + (size_t)indent);
			l->complex = keylen > SIMPLE_KEY_MAX;
			if (l->complex)
				direct_add(w, "? ", 2);
		} else {
			if (l->complex)
				direct_add(w, spaces, 1 + (size_t)indent);
			direct_add(w, block ? ":" : ": ", block ? 1 : 2);
		}
		break;
	case LEVEL_FLOW_MAP:
		if (l->n % 2 == 1)
			direct_add(w, ": ", 2);
		else if (l->n > 0)
			direct_add(w, ", ", 2);
		break;
	case LEVEL_FLOW_SEQ:
		if (l->n > 0)
			direct_add(w, ", ", 2);
		break;
	}
	l->n++;
}

/*
 * Whether libyaml keeps a plain scalar of printable ASCII plain here
 * (yaml_emitter_analyze_scalar, select_scalar_style): no indicator where
 * it would mean one, no space at either end; else it is single-quoted.
 * Names and numbers, the common case, are letters, digits, '-' and '.'.
 */
static bool
direct_plain_allowed(const char *s, size_t len, bool flow, bool key)
{
	size_t i;
	bool   blank_after, flow_ind = false, block_ind = false;

	if (len == 0)
		return !flow && !key;
	if (s[0] == ' ' || s[len - 1] == ' ')
		return false;
	if (len >= 3 &&
	    (strncmp(s, "---", 3) == 0 || strncmp(s, "...", 3) == 0))
		return false;
	for (i = 0; i < len; i++) {
		if ((s[i] >= 'a' && s[i] <= 'z') ||
		    (s[i] >= '0' && s[i] <= '9') ||
		    (s[i] >= 'A' && s[i] <= 'Z') || s[i] == '.' ||
		    (s[i] == '-' && i > 0))
			continue;
		blank_after = i + 1 == len || s[i + 1] == ' ';
		if (i == 0 && strchr("#,[]{}&*!|>'\"%@`", s[i]) != NULL)
			return false;
		if (i == 0 && s[i] == '-' && blank_after)
			return false;
		if (s[i] == '?' || s[i] == ':') {
			flow_ind = true;
			if (blank_after && (s[i] == ':' || i == 0))
				block_ind = true;
		}
		if (i > 0 && strchr(",[]{}", s[i]) != NULL)
			flow_ind = true;
		if (i > 0 && s[i] == '#' && s[i - 1] == ' ')
			return false;
	}
	return flow ? !flow_ind : !block_ind;
}

/* A scalar not from a record: plain where libyaml leaves it plain. */
static void
direct_plain(struct report_writer *w, const char *s, size_t len)
{
	size_t	      i;
	struct level *l = w->depth > 0 ? &w->level[w->depth - 1] : NULL;
	bool	      flow = l != NULL && l->kind != LEVEL_BLOCK_MAP;
	bool key = l != NULL && l->n % 2 == 0 && l->kind != LEVEL_FLOW_SEQ;

	for (i = 0; i < len; i++)
		if (s[i] < 0x20 || s[i] > 0x7e)
			break;
	direct_before(w, false, len);
	/* Anything else would be special characters: double-quoted. */
	if (i < len) {
		if (report_yaml_quote(&w->doc, s, len) == -1)
			w->failed = true;
	} else if (direct_plain_allowed(s, len, flow, key))
		direct_add(w, s, len);
	else {
		direct_add(w, "'", 1);
		for (i = 0; i < len; i++)
			direct_add(w, s + i, 1 + (s[i] == '\''));
		direct_add(w, "'", 1);
	}
}

static void
direct_quoted(struct report_writer *w, const char *s, size_t len)
{
	direct_before(w, false, len);
	if (report_yaml_quote(&w->doc, s, len) == -1)
		w->failed = true;
}

static void
direct_open(struct report_writer *w, enum level_kind kind)
{
	direct_before(w, kind == LEVEL_BLOCK_MAP, 0);
	if (w->depth == LEVELS) {
		w->failed = true;
		return;
	}
	w->level[w->depth++] = (struct level){ kind, 0, false };
	if (kind == LEVEL_FLOW_MAP)
		direct_add(w, "{", 1);
	else if (kind == LEVEL_FLOW_SEQ)
		direct_add(w, "[", 1);
}

static void
direct_close(struct report_writer *w)
{
	if (w->depth == 0) {
		w->failed = true;
		return;
	}
	switch (w->level[--w->depth].kind) {
	case LEVEL_BLOCK_MAP: break;
	case LEVEL_FLOW_MAP: direct_add(w, "}", 1); break;
	case LEVEL_FLOW_SEQ: direct_add(w, "]", 1); break;
	}
}

/* A document ends its last line; libyaml flushes it at the end. */
static void
direct_document_end(struct report_writer *w)
{
	direct_add(w, "\n", 1);
	if (!w->failed && w->doc.len > 0 &&
	    fwrite(w->doc.s, 1, w->doc.len, w->out) != w->doc.len)
		w->failed = true;
	w->doc.len = 0;
	w->depth = 0;
}

/* ---- Both writers: the calls the documents are written in ---------- */

static int
emit(struct report_writer *w, yaml_event_t *ev)
{
	if (w->failed)
		return -1;
	if (!yaml_emitter_emit(&w->emitter, ev)) {
		w->failed = true;
		return -1;
	}
	return 0;
}

/* A scalar: plain for numbers and names, double-quoted for record text. */
static int
scalar(struct report_writer *w, const char *s, bool quoted)
{
	yaml_event_t ev;

	if (w->direct) {
		if (quoted)
			direct_quoted(w, s, strlen(s));
		else
			direct_plain(w, s, strlen(s));
		return w->failed ? -1 : 0;
	}
	/* libyaml copies the value; its prototype just lacks the const. */
	yaml_scalar_event_initialize(&ev, NULL, NULL,
	    (yaml_char_t *)(uintptr_t)s, (int)strlen(s), 1, 1,
	    quoted ? YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_PLAIN_SCALAR_STYLE);
	return emit(w, &ev);
}

/*
 * A key of the fixed schema, from this file or a game's table: letters,
 * digits and '-', so always plain and a simple key, and the direct writer
 * skips scalar's checks (a literal's strlen folds at compile time).
 */
static inline int
key(struct report_writer *w, const char *k)
{
	size_t len;

	if (!w->direct)
		return scalar(w, k, false);
	len = strlen(k);
	direct_before(w, false, len);
	direct_add(w, k, len);
	return w->failed ? -1 : 0;
}

/* Record text of any bytes, cleaned to UTF-8 and double-quoted. */
static int
text(struct report_writer *w, const char *s, size_t len)
{
	if (w->direct) {
		direct_quoted(w, s, len);
		return w->failed ? -1 : 0;
	}
	/* As big as report_utf8_clean may need: 3 * len + 5. */
	if (len > SIZE_MAX / 3 - 2 ||
	    array_grow(&w->buf, &w->bufcap, 3 * len + 5, 1) == -1) {
		w->failed = true;
		return -1;
	}
	report_utf8_clean(s, len, w->buf, w->bufcap);
	return scalar(w, w->buf, true);
}

/*
 * Writes v in decimal at p, as "%lld" would, and returns the end (no NUL):
 * snprintf was a tenth of a report's cost.
 */
static char *
decimal(char *p, long long v)
{
	char		   digits[24];
	unsigned long long u = v < 0 ? 0 - (unsigned long long)v :
				       (unsigned long long)v;
	int		   n = 0;

	do
		digits[n++] = (char)('0' + u % 10);
	while ((u /= 10) > 0);
	if (v < 0)
		*p++ = '-';
	while (n > 0)
		*p++ = digits[--n];
	return p;
}

static int
number(struct report_writer *w, long long v)
{
	char  buf[32];
	char *end = decimal(buf, v);

	/* Digits after an optional '-' are always plain: no checks. */
	if (w->direct) {
		direct_before(w, false, (size_t)(end - buf));
		direct_add(w, buf, (size_t)(end - buf));
		return w->failed ? -1 : 0;
	}
	*end = '\0';
	return scalar(w, buf, false);
}

/* A score "a-b" in buf (32 bytes). */
static const char *
score_text(char *buf, int a, int b)
{
	char *p = decimal(buf, a);

	*p++ = '-';
	*decimal(p, b) = '\0';
	return buf;
}

static int
map_start(struct report_writer *w, bool flow)
{
	yaml_event_t ev;

	if (w->direct) {
		direct_open(w, flow ? LEVEL_FLOW_MAP : LEVEL_BLOCK_MAP);
		return w->failed ? -1 : 0;
	}
	yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
	    flow ? YAML_FLOW_MAPPING_STYLE : YAML_BLOCK_MAPPING_STYLE);
	return emit(w, &ev);
}

static int
map_end(struct report_writer *w)
{
	yaml_event_t ev;

	if (w->direct) {
		direct_close(w);
		return w->failed ? -1 : 0;
	}
	yaml_mapping_end_event_initialize(&ev);
	return emit(w, &ev);
}

static int
seq_start(struct report_writer *w, bool flow)
{
	yaml_event_t ev;

	if (w->direct) {
		/* Only the match report has a block sequence: libyaml's. */
		if (!flow)
			w->failed = true;
		else
			direct_open(w, LEVEL_FLOW_SEQ);
		return w->failed ? -1 : 0;
	}
	yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
	    flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE);
	return emit(w, &ev);
}

static int
seq_end(struct report_writer *w)
{
	yaml_event_t ev;

	if (w->direct) {
		direct_close(w);
		return w->failed ? -1 : 0;
	}
	yaml_sequence_end_event_initialize(&ev);
	return emit(w, &ev);
}

/* A document starts: "---", its root mapping's keys on the lines below. */
static int
document_start(struct report_writer *w)
{
	yaml_event_t ev;

	if (w->direct) {
		direct_add(w, "---", 3);
		w->started = true;
		return w->failed ? -1 : 0;
	}
	if (!w->started) {
		yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
		if (emit(w, &ev) == -1)
			return -1;
		w->started = true;
	}
	yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 0);
	return emit(w, &ev);
}

static int
document_end(struct report_writer *w)
{
	yaml_event_t ev;

	if (w->direct) {
		direct_document_end(w);
		return w->failed ? -1 : 0;
	}
	yaml_document_end_event_initialize(&ev, 1);
	return emit(w, &ev);
}

static void
kv_str(struct report_writer *w, const char *k, const char *v)
{
	key(w, k);
	scalar(w, v, false);
}

static void
kv_num(struct report_writer *w, const char *k, long long v)
{
	key(w, k);
	number(w, v);
}

/*
 * A real number with prec decimals; an infinite one as YAML writes it
 * (.inf, -.inf), an undefined one (defined false) as ~.
 */
static void
kv_real(
    struct report_writer *w, const char *k, double v, int prec, bool defined)
{
	char buf[64];

	if (k != NULL)
		scalar(w, k, false);
	if (!defined)
		snprintf(buf, sizeof buf, "~");
	else if (isinf(v))
		snprintf(buf, sizeof buf, "%s.inf", v < 0 ? "-" : "");
	else
		/* A tiny negative is 0, not "-0.0". */
		snprintf(buf, sizeof buf, "%.*f", prec,
		    fabs(v) < 0.5 * pow(10, -prec) ? 0.0 : v);
	scalar(w, buf, false);
}

/* A flow list of counts: [1, 2, 3]. */
static void
kv_counts(struct report_writer *w, const char *k, const unsigned long *v, int n)
{
	int i;

	scalar(w, k, false);
	seq_start(w, true);
	for (i = 0; i < n; i++)
		number(w, (long long)v[i]);
	seq_end(w);
}

/* The statistics of a match: Elo, LOS, the SPRT (gameplay(1)). */
static void
write_match_stats(struct report_writer *w, const struct report_match_stats *t)
{
	key(w, "elo");
	map_start(w, false);
	kv_real(w, "difference", t->elo, 1, t->elo_defined);
	key(w, "interval");
	seq_start(w, true);
	kv_real(w, NULL, t->lo, 1, t->elo_defined);
	kv_real(w, NULL, t->hi, 1, t->elo_defined);
	seq_end(w);
	kv_real(w, "los", t->los, 4, t->elo_defined);
	map_end(w);
	if (!t->sprt)
		return;
	key(w, "sprt");
	map_start(w, false);
	kv_real(w, "elo0", t->elo0, 2, true);
	kv_real(w, "elo1", t->elo1, 2, true);
	kv_real(w, "alpha", t->alpha, 4, true);
	kv_real(w, "beta", t->beta, 4, true);
	kv_str(w, "model", t->paired ? "pentanomial" : "trinomial");
	if (t->paired)
		kv_counts(w, "pairs", t->pairs, 5);
	else
		kv_counts(w, "games", t->ldw, 3);
	kv_real(w, "llr", t->llr, 3, true);
	key(w, "bounds");
	seq_start(w, true);
	kv_real(w, NULL, t->lower, 3, true);
	kv_real(w, NULL, t->upper, 3, true);
	seq_end(w);
	kv_str(w, "verdict", t->verdict);
	map_end(w);
}

/* A figure per colour: {black: 36, white: 28}. */
static void
kv_colours(struct report_writer *w, const struct rules_game *g, const char *k,
    const int v[RULES_COLOURS])
{
	int i;

	key(w, k);
	map_start(w, true);
	for (i = 0; i < RULES_COLOURS; i++)
		kv_num(w, g->colour[i], v[i]);
	map_end(w);
}

/*
 * Tag names are letters, digits and _: plain unless YAML would read them
 * as something other than a string (true, null, 12).
 */
static void
tag_name(struct report_writer *w, const char *name)
{
	static const char *const special[] = { "y", "n", "yes", "no", "on",
		"off", "true", "false", "null" };
	size_t			 i;
	bool			 plain = (name[0] >= 'A' && name[0] <= 'Z') ||
	    (name[0] >= 'a' && name[0] <= 'z');

	/* Only a name that begins as one of them can be one. */
	if (plain && strchr("yYnNoOtTfF", name[0]) != NULL)
		for (i = 0; plain && i < sizeof special / sizeof special[0];
		     i++)
			if (strcasecmp(name, special[i]) == 0)
				plain = false;
	scalar(w, name, !plain);
}

static struct report_writer *
writer_new(FILE *out, bool direct)
{
	struct report_writer *w;

	w = calloc(1, sizeof *w);
	if (w == NULL)
		return NULL;
	w->out = out;
	w->direct = direct;
	if (direct) {
		buf_init(&w->doc);
		buf_init(&w->head);
		return w;
	}
	if (!yaml_emitter_initialize(&w->emitter)) {
		free(w);
		return NULL;
	}
	/* The settings the direct writer matches: change both or neither. */
	yaml_emitter_set_output_file(&w->emitter, out);
	yaml_emitter_set_unicode(&w->emitter, 1);
	yaml_emitter_set_width(&w->emitter, -1);
	return w;
}

struct report_writer *
report_writer_new(FILE *out)
{
	const char *e = getenv("ARBITER_TEST_YAML_EMITTER");

	return writer_new(out, e == NULL || strcmp(e, "libyaml") != 0);
}

struct report_writer *
report_writer_new_libyaml(FILE *out)
{
	return writer_new(out, false);
}

bool
report_players(const struct record *rec, const struct replay *rp,
    const struct record_tag *t[RULES_COLOURS])
{
	const struct record_tag *tag[RULES_COLOURS];
	static const char *const seat[RULES_COLOURS] = { "Black", "White" };
	int			 i;

	/* Stones! names White first: the tags follow the colours. */
	for (i = 0; i < RULES_COLOURS; i++) {
		const char *name = rp->game->colour[i];

		tag[i] = record_tag_find(rec,
		    strcmp(name, "white") == 0	   ? "White" :
			strcmp(name, "black") == 0 ? "Black" :
						     seat[i]);
	}
	/* After a swap each player has the other colour. */
	for (i = 0; i < RULES_COLOURS; i++)
		t[i] = tag[rules_swapped(rp->pos) ? 1 - i : i];
	return t[0] != NULL || t[1] != NULL;
}

static void
write_players(
    struct report_writer *w, const struct record *rec, const struct replay *rp)
{
	const struct record_tag *t[RULES_COLOURS];
	int			 i;

	if (!report_players(rec, rp, t))
		return;
	key(w, "players");
	map_start(w, false);
	for (i = 0; i < RULES_COLOURS; i++) {
		key(w, rp->game->colour[i]);
		if (t[i] != NULL)
			text(w, t[i]->value, t[i]->value_len);
		else
			scalar(w, "~", false);
	}
	map_end(w);
}

/* Herd's dice and the captures of each turn, where the game has them. */
static void
write_turn_lists(struct report_writer *w, const struct replay *rp)
{
	char   buf[8];
	size_t i;

	if (rp->ndice > 0) {
		key(w, "dice");
		seq_start(w, true);
		for (i = 0; i < rp->ndice; i++) {
			snprintf(buf, sizeof buf, "%d%d", rp->dice[i] / 10,
			    rp->dice[i] % 10);
			scalar(w, buf, true);
		}
		seq_end(w);
	}
	if (rp->counts_captures && rp->turns > 0) {
		key(w, "captures-by-turn");
		seq_start(w, true);
		for (i = 0; i < rp->turns; i++)
			number(w, rp->turn_captures[i]);
		seq_end(w);
	}
}

/*
 * GGF and SGF: the evaluation and time written after a move's square,
 * by turn (1-based, as an error's turn).
 */
static void
write_notes(struct report_writer *w, const struct record *rec)
{
	const struct record_note *n;
	size_t			  i;

	if (rec->nnotes == 0)
		return;
	key(w, "move-notes");
	seq_start(w, true);
	for (i = 0; i < rec->nnotes; i++) {
		n = &rec->notes[i];
		map_start(w, true);
		kv_num(w, "turn", (long long)n->turn + 1);
		if (n->eval_len > 0) {
			key(w, "eval");
			text(w, n->eval, n->eval_len);
		}
		if (n->time_len > 0) {
			key(w, "time");
			text(w, n->time, n->time_len);
		}
		map_end(w);
	}
	seq_end(w);
}

static void
write_result(
    struct report_writer *w, const struct record *rec, const struct replay *rp)
{
	const struct rules_score *s = &rp->score;
	const struct rules_game	 *g = rp->game;
	char			  buf[32];

	key(w, "result");
	map_start(w, false);
	kv_str(w, "winner",
	    !s->over		? "none" :
		s->winner == -1 ? "draw" :
				  g->colour[s->winner]);
	key(w, "score");
	scalar(w, score_text(buf, s->points[0], s->points[1]), true);
	if (s->alt_name != NULL && s->over) {
		key(w, s->alt_name);
		scalar(w, score_text(buf, s->alt[0], s->alt[1]), true);
	}
	if (rp->has_recorded) {
		key(w, "recorded");
		text(w, rp->recorded, strlen(rp->recorded));
		kv_str(w, "agrees",
		    !rp->verified  ? "~" :
			rp->agrees ? "true" :
				     "false");
	}
	/* WTHOR's theoretical score: as stored, never checked. */
	if (rec->format == RECORD_WTHOR) {
		if (rec->wthor.theoretical <= 64)
			snprintf(buf, sizeof buf, "%d-%d",
			    rec->wthor.theoretical,
			    64 - rec->wthor.theoretical);
		else
			snprintf(buf, sizeof buf, "%d", rec->wthor.theoretical);
		key(w, "theoretical");
		text(w, buf, strlen(buf));
	}
	map_end(w);
}

/* Who won a game decided off the board, and why (formats/report.md). */
static void
write_forfeit(struct report_writer *w, const struct replay *rp)
{
	key(w, "forfeit");
	map_start(w, false);
	kv_str(w, "winner", rp->game->colour[rp->forfeit_winner]);
	kv_str(w, "cause", replay_cause_name(rp->forfeit_cause));
	map_end(w);
}

static void
write_error(struct report_writer *w, const struct replay *rp)
{
	const struct diag *e = &rp->error;
	char		   buf[32];
	size_t		   i;

	key(w, "error");
	map_start(w, false);
	kv_str(w, "code", diag_name(e->code));
	kv_num(w, "line", (long long)e->at.line);
	kv_num(w, "column", (long long)e->at.col);
	if (rp->error_turn > 0) {
		kv_num(w, "turn", (long long)rp->error_turn);
		key(w, "move");
		text(w, rp->error_move, strlen(rp->error_move));
	}
	key(w, "reason");
	text(w, e->msg, strlen(e->msg));
	if (rp->has_legal && rp->pos != NULL) {
		key(w, "legal");
		seq_start(w, true);
		for (i = 0; i < rp->nlegal; i++)
			scalar(w,
			    record_action_format(&rp->pos->board, &rp->legal[i],
				buf, sizeof buf),
			    false);
		seq_end(w);
	}
	map_end(w);
}

/* A doubt that is not an error, as gamecheck prints it on stderr. */
static void
write_warning(struct report_writer *w, const struct diag *d)
{
	key(w, "warning");
	map_start(w, false);
	kv_str(w, "code", diag_name(d->code));
	kv_num(w, "line", (long long)d->at.line);
	kv_num(w, "column", (long long)d->at.col);
	key(w, "reason");
	text(w, d->msg, strlen(d->msg));
	map_end(w);
}

/*
 * A report's root mapping and its first keys, schema and source, right
 * after document_start.  The direct writer writes them once for a source
 * and copies them for the records after: quoting the source again for
 * every record was a tenth of a report's cost.  Without memory for the
 * copy it writes them every time.
 */
static void
write_head(struct report_writer *w, const char *source)
{
	size_t start = w->doc.len;

	if (w->direct && w->head_source != NULL &&
	    strcmp(w->head_source, source) == 0) {
		direct_add(w, w->head.s, w->head.len);
		w->level[0] = w->head_level;
		w->depth = 1;
		return;
	}
	map_start(w, false);
	kv_str(w, "schema", REPORT_SCHEMA);
	key(w, "source");
	text(w, source, strlen(source));
	if (!w->direct || w->failed || w->depth != 1)
		return;
	free(w->head_source);
	w->head_source = NULL;
	w->head.len = 0;
	if (buf_add(&w->head, w->doc.s + start, w->doc.len - start) == -1)
		return;
	w->head_source = strdup(source);
	w->head_level = w->level[0];
}

int
report_write(struct report_writer *w, const char *source,
    const struct record *rec, const struct replay *rp)
{
	const struct rules_score *s = &rp->score;
	size_t			  i;
	int			  j;

	if (document_start(w) == -1)
		return -1;
	write_head(w, source);
	kv_num(w, "record", (long long)rec->index);
	kv_num(w, "line", (long long)rec->start.line);
	kv_str(w, "format", record_format_name(rec->format));
	if (rp->game != NULL)
		kv_str(w, "game", rp->game->name);
	if (rp->pos != NULL && rp->game != NULL &&
	    rp->status != REPLAY_MALFORMED)
		kv_str(w, "board", rp->pos->board.name);
	if (rec->ntags > 0) {
		key(w, "tags");
		map_start(w, false);
		for (i = 0; i < rec->ntags; i++) {
			tag_name(w, rec->tags[i].name);
			text(w, rec->tags[i].value, rec->tags[i].value_len);
		}
		map_end(w);
	}
	if (rp->game != NULL && rp->status != REPLAY_MALFORMED)
		write_players(w, rec, rp);
	kv_str(w, "status", replay_status_name(rp->status));
	if (rp->status != REPLAY_MALFORMED) {
		kv_num(w, "turns", (long long)rp->turns);
		kv_num(w, "actions", (long long)rp->actions);
		kv_num(w, "passes", (long long)rp->passes);
		if (rules_swapped(rp->pos))
			kv_str(w, "swapped", "true");
		if (!s->over)
			kv_str(w, "to-move",
			    rp->game->colour[rules_to_move(rp->pos)]);
		for (j = 0; j < s->nstats; j++)
			kv_colours(
			    w, rp->game, s->stats[j].name, s->stats[j].value);
		write_turn_lists(w, rp);
		write_notes(w, rec);
		write_result(w, rec, rp);
		if (rp->forfeit)
			write_forfeit(w, rp);
	}
	if (rp->has_error)
		write_error(w, rp);
	if (rp->has_warning)
		write_warning(w, &rp->warning);
	map_end(w);
	document_end(w);
	if (w->failed) {
		if (errno == 0)
			errno = EINVAL;
		return -1;
	}
	return 0;
}

int
report_writer_free(struct report_writer *w)
{
	yaml_event_t ev;
	int	     rc = 0;

	if (w == NULL)
		return 0;
	if (w->direct) {
		/* Each document was written whole at its end. */
		rc = w->failed ? -1 : 0;
		buf_fini(&w->doc);
		buf_fini(&w->head);
		free(w->head_source);
		free(w);
		return rc;
	}
	if (w->started) {
		yaml_stream_end_event_initialize(&ev);
		rc = emit(w, &ev);
		if (!yaml_emitter_flush(&w->emitter))
			rc = -1;
	}
	if (w->failed)
		rc = -1;
	yaml_emitter_delete(&w->emitter);
	free(w->buf);
	free(w);
	return rc;
}

/* ---- gameplay's documents ------------------------------------------ */

enum play_doc {
	PLAY_STATUS,
	PLAY_LEGAL,
	PLAY_ROLL
};

static int
play_write(FILE *out, const struct report_play *p, enum play_doc kind)
{
	static const char *const  schema[] = { "arbiter-status/1",
		 "arbiter-legal/1", "arbiter-roll/1" };
	const struct replay	 *rp = p->rp;
	const struct rules_score *s = &rp->score;
	struct report_writer	 *w;
	char			  buf[32];
	size_t			  i;
	int			  j, rc;

	if ((w = report_writer_new(out)) == NULL)
		return -1;
	document_start(w);
	map_start(w, false);
	kv_str(w, "schema", schema[kind]);
	key(w, "source");
	text(w, p->source, strlen(p->source));
	kv_str(w, "game", rp->game->name);
	if (kind == PLAY_STATUS) {
		kv_str(w, "board", rp->pos->board.name);
		write_players(w, p->rec, rp);
		kv_str(w, "status", replay_status_name(rp->status));
		kv_num(w, "turns", (long long)rp->turns);
	}
	kv_num(w, "turn", (long long)rules_turn(rp->pos));
	kv_str(w, "to-move",
	    s->over || rp->forfeit ? "~" :
				     rp->game->colour[rules_to_move(rp->pos)]);
	kv_str(w, "in-turn", rp->in_turn ? "true" : "false");
	if (p->so_far != NULL) {
		key(w, "so-far");
		text(w, p->so_far, strlen(p->so_far));
	}
	switch (kind) {
	case PLAY_STATUS:
		for (j = 0; j < s->nstats; j++)
			kv_colours(
			    w, rp->game, s->stats[j].name, s->stats[j].value);
		if (s->over)
			write_result(w, p->rec, rp);
		if (rp->forfeit)
			write_forfeit(w, rp);
		break;
	case PLAY_LEGAL:
		kv_num(w, "count", (long long)p->nlegal);
		key(w, "legal");
		seq_start(w, true);
		for (i = 0; i < p->nlegal; i++)
			scalar(w,
			    record_action_format(
				&rp->pos->board, &p->legal[i], buf, sizeof buf),
			    false);
		seq_end(w);
		break;
	case PLAY_ROLL:
		key(w, "dice");
		seq_start(w, true);
		number(w, p->dice[0]);
		number(w, p->dice[1]);
		seq_end(w);
		snprintf(buf, sizeof buf, "%d%d:", p->dice[0], p->dice[1]);
		key(w, "token");
		scalar(w, buf, true);
		break;
	}
	map_end(w);
	document_end(w);
	rc = report_writer_free(w);
	if (rc == -1 && errno == 0)
		errno = EINVAL;
	return rc;
}

int
report_write_status(FILE *out, const struct report_play *p)
{
	return play_write(out, p, PLAY_STATUS);
}

int
report_write_legal(FILE *out, const struct report_play *p)
{
	return play_write(out, p, PLAY_LEGAL);
}

int
report_write_roll(FILE *out, const struct report_play *p)
{
	return play_write(out, p, PLAY_ROLL);
}

/* ---- A series of games: gameplay selfplay and match ------------------ */

static const char *const outcome_name[REPORT_OUTCOMES] = {
	"wins",
	"losses",
	"draws",
	"unfinished",
};

/* games, wins, losses, draws, unfinished of counts[REPORT_OUTCOMES]. */
static void
write_outcomes(struct report_writer *w, const unsigned long *counts)
{
	unsigned long n = 0;
	int	      k;

	for (k = 0; k < REPORT_OUTCOMES; k++)
		n += counts[k];
	kv_num(w, "games", (long long)n);
	for (k = 0; k < REPORT_OUTCOMES; k++)
		kv_num(w, outcome_name[k], (long long)counts[k]);
}

/* A player's figures, all and by colour, as a match's players have them. */
static void
write_side(struct report_writer *w, const struct rules_game *g,
    const struct report_side *sd)
{
	unsigned long all[REPORT_OUTCOMES];
	int	      c, k;

	key(w, "name");
	text(w, sd->name, strlen(sd->name));
	for (k = 0; k < REPORT_OUTCOMES; k++)
		all[k] = sd->as[0][k] + sd->as[1][k];
	write_outcomes(w, all);
	for (c = 0; c < RULES_COLOURS; c++) {
		key(w, g->colour[c]);
		map_start(w, true);
		write_outcomes(w, sd->as[c]);
		map_end(w);
	}
}

/* A tournament's players and its cross table (formats/summary.md). */
static void
write_tournament(struct report_writer *w, const struct rules_game *g,
    const struct report_tournament *t)
{
	const struct report_entrant *e;
	const struct report_pairing *p;
	size_t			     i;

	key(w, "players");
	seq_start(w, false);
	for (i = 0; i < t->nentrants; i++) {
		e = &t->entrant[i];
		map_start(w, false);
		write_side(w, g, &e->side);
		kv_real(w, "score", e->score, 1, true);
		kv_real(w, "rating", e->rating, 1, e->rated);
		kv_real(w, "error", e->error, 1, e->rated);
		map_end(w);
	}
	seq_end(w);
	key(w, "tournament");
	map_start(w, false);
	kv_str(w, "kind", t->kind);
	kv_num(w, "games-per-pairing", (long long)t->per_pairing);
	key(w, "pairings");
	seq_start(w, false);
	for (i = 0; i < t->npairings; i++) {
		p = &t->pairing[i];
		map_start(w, false);
		key(w, "first");
		text(w, p->first, strlen(p->first));
		key(w, "second");
		text(w, p->second, strlen(p->second));
		kv_num(w, "wins", (long long)p->ldw[2]);
		kv_num(w, "draws", (long long)p->ldw[1]);
		kv_num(w, "losses", (long long)p->ldw[0]);
		kv_real(w, "score", p->ldw[2] + p->ldw[1] / 2.0, 1, true);
		kv_real(w, "elo", p->elo, 1, p->elo_defined);
		key(w, "interval");
		seq_start(w, true);
		kv_real(w, NULL, p->lo, 1, p->elo_defined);
		kv_real(w, NULL, p->hi, 1, p->elo_defined);
		seq_end(w);
		map_end(w);
	}
	seq_end(w);
	map_end(w);
}

int
report_write_match(FILE *out, const struct report_match *m)
{
	const struct report_side *sd;
	struct report_writer	 *w;
	int			  i, rc;

	/* The players are a block sequence, which only libyaml writes. */
	if ((w = report_writer_new_libyaml(out)) == NULL)
		return -1;
	document_start(w);
	map_start(w, false);
	kv_str(w, "schema", "arbiter-match/1");
	kv_str(w, "event", m->event);
	kv_str(w, "game", m->game->name);
	kv_str(w, "board", m->board);
	kv_num(w, "games", (long long)m->games);
	kv_num(w, "adjudicated", (long long)m->adjudicated);
	kv_num(w, "aborted", (long long)m->aborted);
	if (m->tournament != NULL) {
		write_tournament(w, m->game, m->tournament);
		goto out_end;
	}
	key(w, "players");
	seq_start(w, false);
	for (i = 0; i < 2; i++) {
		sd = &m->side[i];
		map_start(w, false);
		write_side(w, m->game, sd);
		map_end(w);
	}
	seq_end(w);
	if (m->stats != NULL)
		write_match_stats(w, m->stats);
out_end:
	map_end(w);
	document_end(w);
	rc = report_writer_free(w);
	if (rc == -1 && errno == 0)
		errno = EINVAL;
	return rc;
}
