/* SPDX-License-Identifier: MIT */
/*
 * The reading half of src/report's private YAML layer: a stream of YAML
 * documents read one at a time (one is held, so memory is bounded by the
 * largest document), each built from libyaml's parser events as libyaml's
 * loader would build it, into arrays kept from one document to the next
 * (the loader's allocations a node were half of gamestat's time); and
 * node helpers the schemas' readers are written in, instead of libyaml's
 * data.mapping.pairs expressions.  What a document means is each schema's
 * reader (read-report.c, read-partial.c).
 */
#ifndef ARBITER_REPORT_YAML_IN_H
#define ARBITER_REPORT_YAML_IN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <yaml.h>

#include "report/report.h"
#include "util/util.h"

/*
 * The deepest any document read nests (a partial summary nests six
 * levels, a report three): deeper is refused (yin_load).
 */
#define YIN_DEPTH 16

/* Slots of the root mapping's index: a root of half as many keys. */
#define YIN_ROOT_SLOTS 64

struct yin {
	yaml_parser_t  parser;
	FILE	      *in;
	char	      *name;
	unsigned char *prefix; /* bytes taken from `in' by a peek, or all */
	size_t	       plen;
	size_t	       ppos;
	int	       read_errno;
	bool	       done; /* the stream ended or failed */
	/*
	 * The document: nodes, pairs, items and scalar text in arrays that
	 * only grow; while it is built, the open collections' entries on
	 * a stack (open) and where each collection's begin (opened).
	 */
	yaml_document_t	  doc;
	yaml_node_t	 *nodes;
	size_t		  nnodes, nodecap;
	yaml_node_pair_t *pairs;
	size_t		  npairs, paircap;
	yaml_node_item_t *items;
	size_t		  nitems, itemcap;
	char		 *text;
	size_t		  ntext, textcap;
	struct yin_span {
		size_t first, n; /* a node's pairs, items or text */
	} * span;
	size_t	spancap;
	int    *open;
	size_t	nopen, opencap;
	size_t *opened;
	size_t	nopened, openedcap;
	/*
	 * The root mapping's keys by their slot (a pair's index + 1, the
	 * first of a key given twice), as every report is asked a dozen
	 * keys of its root: yin_get finds them without a scan.  root_dup
	 * is the pair (index + 1) of the first key given again, found on
	 * the way, or 0.
	 */
	int	    root_slot[YIN_ROOT_SLOTS];
	const char *root_key[YIN_ROOT_SLOTS]; /* each slot's key text */
	bool	    root_indexed;
	int	    root_dup;
	/* The keys of a big mapping, for yin_unique_keys; kept. */
	struct hashmap keys;
	/* What refuse() found no report holds (yin_load). */
	bool	    has_refused;
	struct diag refused;
	/* The input held whole (yin_hold): a line's offset, cached. */
	size_t at_line, at_off;
	/*
	 * Lists streamed (yin_stream): whether the sequence just opened
	 * is one, and what takes each of its items; the level of the one
	 * open + 1 (0: none) and the arrays' lengths where it began.
	 */
	bool (*stream_list)(struct yin *y, void *arg);
	int (*stream_item)(struct yin *y, int list, int item, void *arg);
	void  *stream_arg;
	size_t stream_level;
	size_t base_text, base_pairs, base_items;
};

/*
 * Sets y up to read from in (borrowed; not closed), name copied for
 * diagnostics, the first len bytes of the stream, already taken from in,
 * given in prefix (copied).  0, or -1 when memory runs out (y is then
 * as yin_fini leaves it).
 */
int yin_init(
    struct yin *y, FILE *in, const char *name, const void *prefix, size_t len);
void yin_fini(struct yin *y);

/*
 * Loads the next document: 1, 0 at the end of the stream (or a document
 * without a node), or -1 with d filled (invalid YAML, at its place; what
 * no report holds, report-bad-yaml: an alias, an anchor, a merge key,
 * nesting deeper than YIN_DEPTH, refused before it is built) or errno set
 * (memory, a read error: d->code is DIAG_NONE).  After 0 or -1 y->done
 * is set and nothing more is read.
 */
int yin_load(struct yin *y, struct diag *d);

/*
 * Streams lists instead of building them whole (partial summaries' rows,
 * issue 33): when a sequence opens, is_list(y, arg) says whether its
 * items are handed over one at a time (yin_open_node and yin_open_key
 * say where it stands); each item, once read, is built alone, given to
 * item(y, list, item, arg) (the list's and the item's node ids; the
 * item's subtree is the nodes from it to the last, their pointers set)
 * and dropped, so that the list is an empty sequence in the document and
 * memory is bounded by an item, not the list.  item returns 0, or -1 when
 * memory runs out.  A list holds no list streamed.
 */
void yin_stream(struct yin *y, bool (*is_list)(struct yin *, void *),
    int (*item)(struct yin *, int, int, void *), void *arg);
/*
 * While a document is built: the open collection at level (0: the root;
 * the one just opened: y->nopened - 1), or NULL; and the text of the
 * key it is the value of, or NULL (not in a mapping, or a key that is no
 * scalar).
 */
const yaml_node_t *yin_open_node(const struct yin *y, size_t level);
const char	  *yin_open_key(const struct yin *y, size_t level);

/* The anchor an event gives its node, or NULL. */
const char *yin_event_anchor(const yaml_event_t *ev);

/*
 * Takes the rest of the input into y->prefix (the whole stream is then
 * y->prefix, y->plen bytes): 0, or -1 with errno.
 */
int yin_hold(struct yin *y);
/* The byte offset of a line (0-based) of the held input, or plen. */
size_t yin_line_offset(struct yin *y, size_t line);

/*
 * diag_set_at() at a YAML mark (0-based), with the message made printable:
 * the values it quotes are the YAML's, unescaped by libyaml.  Returns -1.
 */
int yin_fail(struct diag *d, enum diag_code code, yaml_mark_t at,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* The document's root node (a document holds one). */
static inline yaml_node_t *
yin_root(struct yin *y)
{
	return y->nodes;
}

/* The node of an id (1-based), or NULL. */
static inline yaml_node_t *
yin_node(const struct yin *y, int id)
{
	/* As yaml_document_get_node, without a call into libyaml a key. */
	return id > 0 && (size_t)id <= y->nnodes ? &y->nodes[id - 1] : NULL;
}

static inline bool
yin_is(const yaml_node_t *n, yaml_node_type_t type)
{
	return n != NULL && n->type == type;
}

/* A mapping's pairs or a sequence's items; 0 for anything else. */
static inline size_t
yin_count(const yaml_node_t *n)
{
	if (n == NULL)
		return 0;
	if (n->type == YAML_MAPPING_NODE)
		return (size_t)(n->data.mapping.pairs.top -
		    n->data.mapping.pairs.start);
	if (n->type == YAML_SEQUENCE_NODE)
		return (size_t)(n->data.sequence.items.top -
		    n->data.sequence.items.start);
	return 0;
}

/* Whether n is a sequence of len items. */
static inline bool
yin_is_list(const yaml_node_t *n, size_t len)
{
	return yin_is(n, YAML_SEQUENCE_NODE) && yin_count(n) == len;
}

/* Item i of a sequence (i < yin_count). */
static inline yaml_node_t *
yin_item(const struct yin *y, const yaml_node_t *seq, size_t i)
{
	return yin_node(y, seq->data.sequence.items.start[i]);
}

/* The key and the value of pair i of a mapping (i < yin_count). */
static inline yaml_node_t *
yin_key(const struct yin *y, const yaml_node_t *map, size_t i)
{
	return yin_node(y, map->data.mapping.pairs.start[i].key);
}

static inline yaml_node_t *
yin_value(const struct yin *y, const yaml_node_t *map, size_t i)
{
	return yin_node(y, map->data.mapping.pairs.start[i].value);
}

/* A plain ~, null or empty scalar, or no node. */
static inline bool
yin_is_null(const yaml_node_t *n)
{
	const char *v;

	if (n == NULL)
		return true;
	if (n->type != YAML_SCALAR_NODE ||
	    n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return false;
	v = (const char *)n->data.scalar.value;
	/* Every key is asked: the first byte settles most. */
	return *v == '\0' || (v[0] == '~' && v[1] == '\0') ||
	    (v[0] == 'n' && strcmp(v, "null") == 0);
}

/* A scalar's text, NULL for a null or a node that is no scalar. */
static inline const char *
yin_text(const yaml_node_t *n)
{
	if (n == NULL || n->type != YAML_SCALAR_NODE || yin_is_null(n))
		return NULL;
	return (const char *)n->data.scalar.value;
}

/* The value of key in a mapping node (or NULL, or no mapping), or NULL. */
yaml_node_t *yin_get(struct yin *y, const yaml_node_t *map, const char *key);

/*
 * Whether a mapping (or NULL, or a node that is no mapping) has each key
 * once: 0, or -1 with bad-value at the second of a key given twice (d's
 * code DIAG_NONE and errno set when memory runs out).  yin_unique_root
 * is the same for the root, from what its index found.
 */
int yin_unique_keys(struct yin *y, const yaml_node_t *map, struct diag *d);
int yin_unique_root(struct yin *y, struct diag *d);
/* Bad-value at the key of pair i of map, given twice: -1. */
int
yin_dup_key(struct yin *y, const yaml_node_t *map, size_t i, struct diag *d);

/*
 * A whole decimal number, signed when neg is allowed, into *v: 0, or -1
 * with bad-value naming what.
 */
int yin_number(const yaml_node_t *n, const char *what, bool neg, long long *v,
    struct diag *d);

#endif
