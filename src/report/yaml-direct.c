/* SPDX-License-Identifier: MIT */
/*
 * The direct writer: a backend of the YAML layer (yaml-out.h) that writes
 * exactly the bytes libyaml's emitter writes with the layer's settings
 * (width unlimited, unicode on, indent 2) for the shapes the schemas use:
 * block and flow mappings, flow sequences.  libyaml's emitter cost five
 * times the rest of gamecheck's report; it stays the reference this
 * writer is tested against (tests/report-bytes.sh, the unit tests, the
 * fuzz targets).  A document gathers in a buffer and is written whole at
 * its end.  Also the layer's one escaping function, report_yaml_quote.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/yaml-out.h"
#include "util/util.h"

/* Deeper than any document the writer writes: result.elo is at 3. */
#define LEVELS 8

/*
 * libyaml writes a key longer than this (value, no quotes) as an explicit
 * "? key" (yaml_emitter_check_simple_key).
 */
#define SIMPLE_KEY_MAX 128

struct direct {
	struct yout	  base;
	FILE		 *out;
	struct buf	  doc; /* the document so far */
	struct yout_level level[LEVELS];
	int		  depth;
};

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

/* add when the buffer must grow: out of line, as it is rare. */
static void
add_grow(struct direct *w, const char *s, size_t len)
{
	if (buf_add(&w->doc, s, len) == -1)
		w->base.failed = true;
}

static inline void
add(struct direct *w, const char *s, size_t len)
{
	/* A document's buffer is grown once and then reused. */
	if (w->doc.len + len < w->doc.cap) {
		memcpy(w->doc.s + w->doc.len, s, len);
		w->doc.len += len;
	} else
		add_grow(w, s, len);
}

/*
 * What libyaml writes before a node at this point of the open collection:
 * a key on its own line at the block mapping's indent, ": " before a
 * value (":" alone before a block mapping, whose keys start their own
 * lines), ", " between flow entries.  keylen is the node's length, for a
 * key that is too long to be a simple one.
 */
static void
before(struct direct *w, bool block, size_t keylen)
{
	static const char  spaces[] = "\n                ";
	struct yout_level *l;
	int		   indent;

	if (w->depth == 0)
		return;
	l = &w->level[w->depth - 1];
	indent = 2 * (w->depth - 1);
	switch (l->kind) {
	case YOUT_BLOCK_MAP:
		if (l->n % 2 == 0) {
			/* The line break and the indent in one piece. */
			add(w, spaces, 1 + (size_t)indent);
			l->complex = keylen > SIMPLE_KEY_MAX;
			if (l->complex)
				add(w, "? ", 2);
		} else {
			if (l->complex)
				add(w, spaces, 1 + (size_t)indent);
			add(w, block ? ":" : ": ", block ? 1 : 2);
		}
		break;
	case YOUT_FLOW_MAP:
		if (l->n % 2 == 1)
			add(w, ": ", 2);
		else if (l->n > 0)
			add(w, ", ", 2);
		break;
	case YOUT_FLOW_SEQ:
	case YOUT_BLOCK_SEQ:
		if (l->n > 0)
			add(w, ", ", 2);
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
plain_allowed(const char *s, size_t len, bool flow, bool key)
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

static void
quoted(struct direct *w, const char *s, size_t len)
{
	if (report_yaml_quote(&w->doc, s, len) == -1)
		w->base.failed = true;
}

/* A scalar not from a record: plain where libyaml leaves it plain. */
static void
plain(struct direct *w, const char *s, size_t len)
{
	size_t		   i;
	struct yout_level *l = w->depth > 0 ? &w->level[w->depth - 1] : NULL;
	bool		   flow = l != NULL && l->kind != YOUT_BLOCK_MAP;
	/* before() has counted this node: a key is an odd one. */
	bool key = l != NULL && l->n % 2 == 1 && l->kind != YOUT_FLOW_SEQ;

	for (i = 0; i < len; i++)
		if (s[i] < 0x20 || s[i] > 0x7e)
			break;
	/* Anything else would be special characters: double-quoted. */
	if (i < len)
		quoted(w, s, len);
	else if (plain_allowed(s, len, flow, key))
		add(w, s, len);
	else {
		add(w, "'", 1);
		for (i = 0; i < len; i++)
			add(w, s + i, 1 + (s[i] == '\''));
		add(w, "'", 1);
	}
}

static void
direct_scalar(struct yout *y, const char *s, size_t len, enum yout_style st)
{
	struct direct *w = (struct direct *)y;

	before(w, false, len);
	switch (st) {
	case YOUT_KEY: add(w, s, len); break;
	case YOUT_PLAIN: plain(w, s, len); break;
	case YOUT_QUOTED:
	case YOUT_TEXT: quoted(w, s, len); break;
	}
}

static void
direct_open(struct yout *y, enum yout_node kind)
{
	struct direct *w = (struct direct *)y;

	/* Only the match report has a block sequence: libyaml's. */
	if (kind == YOUT_BLOCK_SEQ) {
		w->base.failed = true;
		return;
	}
	before(w, kind == YOUT_BLOCK_MAP, 0);
	if (w->depth == LEVELS) {
		w->base.failed = true;
		return;
	}
	w->level[w->depth++] = (struct yout_level){ kind, 0, false };
	if (kind == YOUT_FLOW_MAP)
		add(w, "{", 1);
	else if (kind == YOUT_FLOW_SEQ)
		add(w, "[", 1);
}

static void
direct_close(struct yout *y)
{
	struct direct *w = (struct direct *)y;

	if (w->depth == 0) {
		w->base.failed = true;
		return;
	}
	switch (w->level[--w->depth].kind) {
	case YOUT_BLOCK_MAP: break;
	case YOUT_FLOW_MAP: add(w, "}", 1); break;
	case YOUT_BLOCK_SEQ:
	case YOUT_FLOW_SEQ: add(w, "]", 1); break;
	}
}

/* A document starts: "---", its root mapping's keys on the lines below. */
static void
direct_document_start(struct yout *y)
{
	add((struct direct *)y, "---", 3);
}

/* A document ends its last line; libyaml flushes it at the end. */
static void
direct_document_end(struct yout *y)
{
	struct direct *w = (struct direct *)y;

	add(w, "\n", 1);
	if (!w->base.failed && w->doc.len > 0 &&
	    fwrite(w->doc.s, 1, w->doc.len, w->out) != w->doc.len)
		w->base.failed = true;
	w->doc.len = 0;
	w->depth = 0;
}

static int
direct_free(struct yout *y)
{
	struct direct *w = (struct direct *)y;
	/* Each document was written whole at its end. */
	int rc = w->base.failed ? -1 : 0;

	buf_fini(&w->doc);
	free(w);
	return rc;
}

static size_t
direct_mark(struct yout *y)
{
	return ((struct direct *)y)->doc.len;
}

static int
direct_keep(struct yout *y, size_t mark, struct yout_piece *p)
{
	struct direct *w = (struct direct *)y;

	if (w->depth != 1)
		return -1;
	p->bytes.len = 0;
	if (buf_add(&p->bytes, w->doc.s + mark, w->doc.len - mark) == -1)
		return -1;
	p->top = w->level[0];
	return 0;
}

static int
direct_again(struct yout *y, const struct yout_piece *p)
{
	struct direct *w = (struct direct *)y;

	add(w, p->bytes.s, p->bytes.len);
	w->level[0] = p->top;
	w->depth = 1;
	return 0;
}

static const struct yout_backend direct_backend = {
	.document_start = direct_document_start,
	.document_end = direct_document_end,
	.scalar = direct_scalar,
	.open = direct_open,
	.close = direct_close,
	.free = direct_free,
	.mark = direct_mark,
	.keep = direct_keep,
	.again = direct_again,
};

struct yout *
yout_new_direct(FILE *out)
{
	struct direct *w;

	if ((w = calloc(1, sizeof *w)) == NULL)
		return NULL;
	w->base.be = &direct_backend;
	w->out = out;
	buf_init(&w->doc);
	return &w->base;
}
