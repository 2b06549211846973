/* SPDX-License-Identifier: MIT */
/*
 * The writing half of src/report's private YAML layer: one writer of YAML
 * documents behind a table of backends, each in its own file (libyaml's
 * emitter, yaml-emitter.c; the direct writer of the fixed schemas,
 * yaml-direct.c, which writes the emitter's bytes five times faster), and
 * node helpers the schemas are written in (a key, a number, record text, a
 * key and its value).  What a document says is each schema's file; how a
 * scalar is quoted and where a line breaks is the backend's.
 */
#ifndef ARBITER_REPORT_YAML_OUT_H
#define ARBITER_REPORT_YAML_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "util/util.h"

/* How a scalar is written. */
enum yout_style {
	/*
	 * Letters, digits, '-' and '.', not beginning with '-' unless a
	 * number: always plain, written without checks (keys of the schema,
	 * numbers).
	 */
	YOUT_KEY,
	YOUT_PLAIN,  /* printable text not from a record: plain if it may */
	YOUT_QUOTED, /* valid UTF-8 without NUL: double-quoted */
	YOUT_TEXT,   /* any bytes from a record: cleaned, double-quoted */
};

enum yout_node {
	YOUT_BLOCK_MAP,
	YOUT_FLOW_MAP,
	YOUT_BLOCK_SEQ, /* libyaml's emitter only */
	YOUT_FLOW_SEQ,
};

/* Where the direct writer stands in one open collection. */
struct yout_level {
	enum yout_node kind;
	size_t	       n;	/* nodes in it so far: keys and values */
	bool	       complex; /* the open entry's key is "? key" */
};

/*
 * A piece of a document written once and copied into the documents after
 * (a report's head): its bytes and the collection it leaves open.
 */
struct yout_piece {
	struct buf	  bytes;
	struct yout_level top;
};

struct yout;

/*
 * A backend: each call writes one event of the document, and on failure
 * sets the writer's failed (the calls after it do nothing).  mark, keep
 * and again are NULL where the backend cannot copy a piece.
 */
struct yout_backend {
	void (*document_start)(struct yout *);
	void (*document_end)(struct yout *);
	void (*scalar)(struct yout *, const char *, size_t, enum yout_style);
	void (*open)(struct yout *, enum yout_node);
	void (*close)(struct yout *);
	/* Ends the stream, flushes and frees: 0, or -1. */
	int (*free)(struct yout *);
	size_t (*mark)(struct yout *);
	int (*keep)(struct yout *, size_t, struct yout_piece *);
	int (*again)(struct yout *, const struct yout_piece *);
};

/* What every backend's writer begins with. */
struct yout {
	const struct yout_backend *be;
	bool			   failed;
};

/*
 * A writer of one YAML stream to out (borrowed; flushed, not closed), or,
 * for libyaml's emitter, to mem (borrowed; appended to) when out is NULL.
 * Both write with unicode on, no line width and an indent of 2: the
 * settings the direct writer matches.  NULL when memory runs out.
 */
struct yout *yout_new_direct(FILE *out);
/*
 * The direct writer to out, or libyaml's emitter where the environment
 * says ARBITER_TEST_YAML_EMITTER=libyaml (tests/report-bytes.sh).
 */
struct yout *yout_new(FILE *out);
struct yout *yout_new_emitter(FILE *out, struct buf *mem);
/*
 * Ends the stream and frees w (NULL: nothing).  0, or -1 when anything
 * failed (errno as the output or the emitter left it, maybe 0).
 */
int yout_free(struct yout *w);

/*
 * Ends the open root mapping, the document and the stream, and frees w:
 * 0, or -1 with errno (EINVAL where nothing else set it).  For writers
 * of one document.
 */
int yout_finish(struct yout *w);

static inline void
yout_document_start(struct yout *w)
{
	w->be->document_start(w);
}

static inline void
yout_document_end(struct yout *w)
{
	w->be->document_end(w);
}

static inline void
yout_open(struct yout *w, enum yout_node kind)
{
	w->be->open(w, kind);
}

static inline void
yout_close(struct yout *w)
{
	w->be->close(w);
}

static inline void
yout_scalar(struct yout *w, const char *s, enum yout_style style)
{
	w->be->scalar(w, s, strlen(s), style);
}

/* A key of the schema (a literal's strlen folds at compile time). */
static inline void
yout_key(struct yout *w, const char *k)
{
	w->be->scalar(w, k, strlen(k), YOUT_KEY);
}

/* Plain text not from a record; NULL writes ~. */
static inline void
yout_plain(struct yout *w, const char *s)
{
	yout_scalar(w, s != NULL ? s : "~", YOUT_PLAIN);
}

/* Valid UTF-8 double-quoted; NULL writes ~. */
static inline void
yout_quoted(struct yout *w, const char *s)
{
	if (s == NULL)
		yout_plain(w, "~");
	else
		yout_scalar(w, s, YOUT_QUOTED);
}

/* len bytes of record text, cleaned to UTF-8 and double-quoted. */
static inline void
yout_text(struct yout *w, const char *s, size_t len)
{
	w->be->scalar(w, s, len, YOUT_TEXT);
}

/* Whole numbers in decimal, as "%lld" and "%" PRIu64 write them. */
void yout_int(struct yout *w, long long v);
void yout_uint(struct yout *w, uint64_t v);
/*
 * A real number with prec decimals, never "-0.0"; an infinite one as YAML
 * writes it (.inf, -.inf), an undefined one (defined false) as ~.
 */
void yout_real(struct yout *w, double v, int prec, bool defined);
/*
 * v written as "A-B" (a score) into buf (32 bytes), NUL-terminated; the
 * end of the decimal digits is returned by yout_decimal.
 */
const char *yout_score(char *buf, long long a, long long b);
char	   *yout_decimal(char *p, long long v);

/* A key and its value. */
static inline void
yout_kv_plain(struct yout *w, const char *k, const char *v)
{
	yout_key(w, k);
	yout_plain(w, v);
}

/* A key and its value, double-quoted (NULL: ~). */
static inline void
yout_kv_quoted(struct yout *w, const char *k, const char *v)
{
	yout_key(w, k);
	yout_quoted(w, v);
}

/* A key and, as its value, a collection of kind opened (yout_close ends it). */
static inline void
yout_kv_open(struct yout *w, const char *k, enum yout_node kind)
{
	yout_key(w, k);
	yout_open(w, kind);
}

/*
 * Starts a document of schema: the document, its root block mapping and
 * the mapping's first key, schema: (borrowed, written at once).
 */
static inline void
yout_start(struct yout *w, const char *schema)
{
	yout_document_start(w);
	yout_open(w, YOUT_BLOCK_MAP);
	yout_kv_plain(w, "schema", schema);
}

static inline void
yout_kv_int(struct yout *w, const char *k, long long v)
{
	yout_key(w, k);
	yout_int(w, v);
}

static inline void
yout_kv_uint(struct yout *w, const char *k, uint64_t v)
{
	yout_key(w, k);
	yout_uint(w, v);
}

static inline void
yout_kv_text(struct yout *w, const char *k, const char *s, size_t len)
{
	yout_key(w, k);
	yout_text(w, s, len);
}

static inline void
yout_kv_real(struct yout *w, const char *k, double v, int prec, bool defined)
{
	yout_key(w, k);
	yout_real(w, v, prec, defined);
}

/* k: [1, 2, 3], a flow list of n counts. */
void yout_kv_uints(struct yout *w, const char *k, const uint64_t *v, size_t n);
/* k: [a, b], two reals as yout_real writes them (an interval). */
void yout_kv_pair(
    struct yout *w, const char *k, double a, double b, int prec, bool defined);

/*
 * Copying a piece: yout_mark says where it begins (SIZE_MAX: the backend
 * cannot copy); yout_keep copies what was written since into p (0, or -1
 * when it cannot: memory, or more than one collection open), and
 * yout_again writes p again (0, or -1: write it anew).
 */
static inline size_t
yout_mark(struct yout *w)
{
	return w->be->mark != NULL ? w->be->mark(w) : SIZE_MAX;
}

static inline int
yout_keep(struct yout *w, size_t mark, struct yout_piece *p)
{
	return mark != SIZE_MAX && !w->failed ? w->be->keep(w, mark, p) : -1;
}

static inline int
yout_again(struct yout *w, const struct yout_piece *p)
{
	return w->be->again != NULL ? w->be->again(w, p) : -1;
}

#endif
