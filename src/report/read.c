/* SPDX-License-Identifier: MIT */
/*
 * Reading YAML streams back: gamecheck's reports, one document at a time
 * (one document is held, so memory is bounded by the largest record, not
 * by the archive), and gamestat's partial summaries.  libyaml's parser
 * reads the events; the document is built from them as libyaml's loader
 * would build it, into arrays kept from one document to the next (the
 * loader's allocations a node were half of gamestat's time).
 * What a report means to the statistics is put in a struct stat_game;
 * a replayed record is put in the same shape here too, so that an archive
 * and its reports count exactly alike.  Counting is src/stat's business.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "report/report.h"
#include "util/util.h"

struct report_reader {
	yaml_parser_t  parser;
	FILE	      *in;
	char	      *name;
	unsigned char *prefix; /* bytes taken from `in' by a peek */
	size_t	       plen;
	size_t	       ppos;
	int	       read_errno;
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
	struct span {
		size_t first, n; /* a node's pairs, items or text */
	} * span;
	size_t	spancap;
	int    *open;
	size_t	nopen, opencap;
	size_t *opened;
	size_t	nopened, openedcap;
	/*
	 * The root mapping's keys by key_slot (a pair's index + 1, the
	 * first of a key given twice), as every report is asked a dozen
	 * keys of its root: get() finds them without a scan.  root_dup is
	 * the pair (index + 1) of the first key given again, found on the
	 * way, or 0.
	 */
#define ROOT_SLOTS 64
	int	    root_slot[ROOT_SLOTS];
	const char *root_key[ROOT_SLOTS]; /* each slot's key text */
	bool	    root_indexed;
	int	    root_dup;
	/* The keys of a big mapping, for unique_keys; kept for the next. */
	struct hashmap keys;
	struct anchor {
		char	   *name; /* libyaml's, taken from the event */
		int	    node;
		yaml_mark_t at;
	} * anchors;
	size_t nanchors, anchorcap;
	bool   done;
	/*
	 * Partial summaries: the input is held whole and each document
	 * scanned by events before it is loaded (scan_partial).
	 */
	bool	      whole;
	bool	      scanning;
	yaml_parser_t scan;
	unsigned long ndocs;
	size_t	      body_line;       /* the document's lines after --- */
	size_t	      end_line;	       /* its end: line */
	size_t	      at_line, at_off; /* a line's offset, cached */
	bool	      has_end;	       /* the document has its trailer */
	yaml_mark_t   doc_end;
};

static int
read_input(void *data, unsigned char *buf, size_t size, size_t *got)
{
	struct report_reader *rd = data;
	size_t		      n;

	if (rd->ppos < rd->plen) {
		n = rd->plen - rd->ppos < size ? rd->plen - rd->ppos : size;
		memcpy(buf, rd->prefix + rd->ppos, n);
		rd->ppos += n;
		*got = n;
		return 1;
	}
	n = fread(buf, 1, size, rd->in);
	if (n == 0 && ferror(rd->in)) {
		rd->read_errno = errno != 0 ? errno : EIO;
		return 0;
	}
	*got = n;
	return 1;
}

struct report_reader *
report_reader_new(FILE *in, const char *name, const void *prefix, size_t len)
{
	struct report_reader *rd;

	if ((rd = calloc(1, sizeof *rd)) == NULL)
		return NULL;
	rd->in = in;
	rd->name = strdup(name);
	rd->prefix = malloc(len + 1);
	if (rd->name == NULL || rd->prefix == NULL)
		goto out_free;
	if (len > 0)
		memcpy(rd->prefix, prefix, len);
	rd->plen = len;
	if (!yaml_parser_initialize(&rd->parser))
		goto out_free;
	yaml_parser_set_input(&rd->parser, read_input, rd);
	hashmap_init(&rd->keys);
	return rd;

out_free:
	free(rd->prefix);
	free(rd->name);
	free(rd);
	return NULL;
}

static void
drop_anchors(struct report_reader *rd)
{
	size_t i;

	for (i = 0; i < rd->nanchors; i++)
		free(rd->anchors[i].name);
	rd->nanchors = 0;
}

void
report_reader_free(struct report_reader *rd)
{
	if (rd == NULL)
		return;
	drop_anchors(rd);
	hashmap_fini(&rd->keys);
	free(rd->anchors);
	free(rd->nodes);
	free(rd->pairs);
	free(rd->items);
	free(rd->text);
	free(rd->span);
	free(rd->open);
	free(rd->opened);
	if (rd->scanning)
		yaml_parser_delete(&rd->scan);
	yaml_parser_delete(&rd->parser);
	free(rd->prefix);
	free(rd->name);
	free(rd);
}

/* ---- Diagnostics and the document tree ----------------------------- */

static int fail(struct diag *d, enum diag_code code, yaml_mark_t at,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/*
 * diag_set_at() at a YAML mark (0-based), with the message made printable:
 * the values it quotes are the YAML's, unescaped by libyaml.
 */
static int
fail(struct diag *d, enum diag_code code, yaml_mark_t at, const char *fmt, ...)
{
	va_list ap;
	char	msg[sizeof d->msg], shown[sizeof d->msg];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	util_printable(msg, strlen(msg), shown, sizeof shown);
	diag_set_at(d, code,
	    (struct diag_pos){ (unsigned long)at.line + 1,
		(unsigned long)at.column + 1, at.index },
	    0, "%s", shown);
	return -1;
}

/* ---- Building the document from events ---------------------------- */

/*
 * A composer error as libyaml's loader sets it (loader.c): the only two
 * faults of a stream of valid events are anchors'.
 */
static int
composer_error(yaml_parser_t *p, const char *context, yaml_mark_t context_at,
    const char *problem, yaml_mark_t at)
{
	p->error = YAML_COMPOSER_ERROR;
	p->context = context;
	p->context_mark = context_at;
	p->problem = problem;
	p->problem_mark = at;
	return -1;
}

/* A new node of the event; its id (1-based), or -1. */
static int
add_node(
    struct report_reader *rd, yaml_node_type_t type, const yaml_event_t *ev)
{
	yaml_node_t *n;

	/* After the first documents the arrays are big enough. */
	if ((rd->nnodes >= rd->nodecap || rd->nnodes >= rd->spancap) &&
	    (rd->nnodes >= INT_MAX - 1 ||
		array_grow(&rd->nodes, &rd->nodecap, rd->nnodes + 1,
		    sizeof *rd->nodes) == -1 ||
		array_grow(&rd->span, &rd->spancap, rd->nnodes + 1,
		    sizeof *rd->span) == -1))
		return -1;
	n = &rd->nodes[rd->nnodes];
	memset(n, 0, sizeof *n);
	n->type = type;
	n->start_mark = ev->start_mark;
	n->end_mark = ev->end_mark;
	return (int)++rd->nnodes;
}

/* Puts node id in the open collection, if any: 0, or -1. */
static int
add_to_parent(struct report_reader *rd, int id)
{
	if (rd->nopened == 0)
		return 0;
	if (rd->nopen >= rd->opencap &&
	    array_grow(
		&rd->open, &rd->opencap, rd->nopen + 1, sizeof *rd->open) == -1)
		return -1;
	rd->open[rd->nopen++] = id;
	return 0;
}

/* Registers the node's anchor (taken from the event): 0, or -1. */
static int
add_anchor(struct report_reader *rd, yaml_char_t **name, int id)
{
	size_t i;

	if (*name == NULL)
		return 0;
	for (i = 0; i < rd->nanchors; i++)
		if (strcmp(rd->anchors[i].name, (char *)*name) == 0)
			return composer_error(&rd->parser,
			    "found duplicate anchor; first occurrence",
			    rd->anchors[i].at, "second occurrence",
			    rd->nodes[id - 1].start_mark);
	if (array_grow(&rd->anchors, &rd->anchorcap, rd->nanchors + 1,
		sizeof *rd->anchors) == -1)
		return -1;
	rd->anchors[rd->nanchors++] = (struct anchor){ (char *)*name, id,
		rd->nodes[id - 1].start_mark };
	*name = NULL;
	return 0;
}

/* The event's node, as yaml_parser_load_node would add it: 0, or -1. */
static int
add_event(struct report_reader *rd, yaml_event_t *ev)
{
	yaml_node_t *n;
	size_t	     i, len, from;
	int	     id;

	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		for (i = 0; i < rd->nanchors; i++)
			if (strcmp(rd->anchors[i].name,
				(char *)ev->data.alias.anchor) == 0)
				return add_to_parent(rd, rd->anchors[i].node);
		return composer_error(&rd->parser, NULL,
		    (yaml_mark_t){ 0, 0, 0 }, "found undefined alias",
		    ev->start_mark);
	case YAML_SCALAR_EVENT:
		if ((id = add_node(rd, YAML_SCALAR_NODE, ev)) == -1)
			return -1;
		len = ev->data.scalar.length;
		if (len >= SIZE_MAX - rd->ntext ||
		    (rd->ntext + len + 1 > rd->textcap &&
			array_grow(&rd->text, &rd->textcap, rd->ntext + len + 1,
			    1) == -1))
			return -1;
		memcpy(rd->text + rd->ntext, ev->data.scalar.value, len);
		rd->text[rd->ntext + len] = '\0';
		n = &rd->nodes[id - 1];
		n->data.scalar.length = len;
		n->data.scalar.style = ev->data.scalar.style;
		rd->span[id - 1] = (struct span){ rd->ntext, len };
		rd->ntext += len + 1;
		if (add_anchor(rd, &ev->data.scalar.anchor, id) == -1)
			return -1;
		return add_to_parent(rd, id);
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		id = add_node(rd,
		    ev->type == YAML_MAPPING_START_EVENT ? YAML_MAPPING_NODE :
							   YAML_SEQUENCE_NODE,
		    ev);
		if (id == -1)
			return -1;
		n = &rd->nodes[id - 1];
		if (ev->type == YAML_MAPPING_START_EVENT)
			n->data.mapping.style = ev->data.mapping_start.style;
		else
			n->data.sequence.style = ev->data.sequence_start.style;
		if (add_anchor(rd,
			ev->type == YAML_MAPPING_START_EVENT ?
			    &ev->data.mapping_start.anchor :
			    &ev->data.sequence_start.anchor,
			id) == -1 ||
		    add_to_parent(rd, id) == -1 ||
		    array_grow(&rd->opened, &rd->openedcap, rd->nopened + 1,
			sizeof *rd->opened) == -1 ||
		    array_grow(&rd->open, &rd->opencap, rd->nopen + 1,
			sizeof *rd->open) == -1)
			return -1;
		/* The collection's own id first, its entries after it. */
		rd->opened[rd->nopened++] = rd->nopen;
		rd->open[rd->nopen++] = id;
		return 0;
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		from = rd->opened[--rd->nopened];
		id = rd->open[from];
		n = &rd->nodes[id - 1];
		n->end_mark = ev->end_mark;
		len = rd->nopen - from - 1;
		if (n->type == YAML_MAPPING_NODE) {
			if (array_grow(&rd->pairs, &rd->paircap,
				rd->npairs + len / 2, sizeof *rd->pairs) == -1)
				return -1;
			rd->span[id - 1] = (struct span){ rd->npairs, len / 2 };
			for (i = 0; i + 1 < len; i += 2)
				rd->pairs[rd->npairs++] = (yaml_node_pair_t){
					rd->open[from + 1 + i],
					rd->open[from + 2 + i]
				};
		} else {
			if (array_grow(&rd->items, &rd->itemcap,
				rd->nitems + len, sizeof *rd->items) == -1)
				return -1;
			rd->span[id - 1] = (struct span){ rd->nitems, len };
			for (i = 0; i < len; i++)
				rd->items[rd->nitems++] =
				    rd->open[from + 1 + i];
		}
		rd->nopen = from;
		return 0;
	default: return 0;
	}
}

static const char  *text_of(const yaml_node_t *);
static yaml_node_t *node_at(struct report_reader *, int);

/* Where a key of the root mapping starts its search in root_slot. */
static unsigned
key_slot(const char *k)
{
	return ((unsigned char)k[0] * 31u + (unsigned char)k[1]) % ROOT_SLOTS;
}

/* Fills root_slot, where the root is a mapping of not too many keys. */
static void
index_root(struct report_reader *rd)
{
	const yaml_node_t *root = rd->nodes;
	yaml_node_pair_t  *p;
	const char	  *k, *q;
	size_t		   n;
	unsigned	   h;

	rd->root_indexed = false;
	rd->root_dup = 0;
	if (root->type != YAML_MAPPING_NODE)
		return;
	n = (size_t)(root->data.mapping.pairs.top -
	    root->data.mapping.pairs.start);
	if (n > ROOT_SLOTS / 2)
		return;
	memset(rd->root_slot, 0, sizeof rd->root_slot);
	for (p = root->data.mapping.pairs.start;
	     p < root->data.mapping.pairs.top; p++) {
		if ((k = text_of(node_at(rd, p->key))) == NULL)
			continue;
		for (h = key_slot(k); rd->root_slot[h] != 0;
		     h = (h + 1) % ROOT_SLOTS) {
			q = rd->root_key[h];
			if (q[0] == k[0] && strcmp(q, k) == 0)
				break;
		}
		if (rd->root_slot[h] == 0) {
			rd->root_slot[h] = (int)(p -
					       root->data.mapping.pairs.start) +
			    1;
			rd->root_key[h] = k;
		} else if (rd->root_dup == 0)
			rd->root_dup = (int)(p -
					   root->data.mapping.pairs.start) +
			    1;
	}
	rd->root_indexed = true;
}

/*
 * Points the nodes at their text, pairs and items, now that the arrays
 * have stopped moving, and the document at its nodes.  An array not yet
 * made (a first document whose lists or mappings are all empty) is
 * NULL, and an offset of NULL, even of 0, is undefined behaviour: an
 * empty node's pairs or items are NULL to NULL, whatever the arrays.
 */
static void
fix_document(struct report_reader *rd)
{
	yaml_node_t *n;
	struct span *sp;
	size_t	     i;

	for (i = 0; i < rd->nnodes; i++) {
		n = &rd->nodes[i];
		sp = &rd->span[i];
		switch (n->type) {
		case YAML_SCALAR_NODE:
			n->data.scalar.value = (yaml_char_t *)rd->text +
			    sp->first;
			break;
		case YAML_MAPPING_NODE:
			n->data.mapping.pairs.start =
			    n->data.mapping.pairs.top = NULL;
			if (sp->n > 0) {
				n->data.mapping.pairs.start = rd->pairs +
				    sp->first;
				n->data.mapping.pairs.top =
				    n->data.mapping.pairs.start + sp->n;
			}
			n->data.mapping.pairs.end = n->data.mapping.pairs.top;
			break;
		case YAML_SEQUENCE_NODE:
			n->data.sequence.items.start =
			    n->data.sequence.items.top = NULL;
			if (sp->n > 0) {
				n->data.sequence.items.start = rd->items +
				    sp->first;
				n->data.sequence.items.top =
				    n->data.sequence.items.start + sp->n;
			}
			n->data.sequence.items.end = n->data.sequence.items.top;
			break;
		default: break;
		}
	}
	rd->doc.nodes.start = rd->nodes;
	rd->doc.nodes.top = rd->nodes + rd->nnodes;
	rd->doc.nodes.end = rd->doc.nodes.top;
	index_root(rd);
}

/*
 * Builds the next document from the parser's events, as yaml_parser_load
 * would: 1, 0 at the end of the stream, or -1 with the parser's error set
 * (errno ENOMEM where memory ran out).
 */
static int
build(struct report_reader *rd)
{
	yaml_parser_t *p = &rd->parser;
	yaml_event_t   ev;
	int	       rc = -1;

	rd->nnodes = rd->npairs = rd->nitems = rd->ntext = 0;
	rd->nopen = rd->nopened = 0;
	drop_anchors(rd);
	memset(&rd->doc, 0, sizeof rd->doc);
	if (!p->stream_start_produced) {
		if (!yaml_parser_parse(p, &ev))
			return -1;
		yaml_event_delete(&ev);
	}
	if (p->stream_end_produced)
		return 0;
	if (!yaml_parser_parse(p, &ev))
		return -1;
	if (ev.type == YAML_STREAM_END_EVENT) {
		yaml_event_delete(&ev);
		return 0;
	}
	rd->doc.start_mark = ev.start_mark;
	yaml_event_delete(&ev);
	for (;;) {
		if (!yaml_parser_parse(p, &ev))
			return -1;
		if (ev.type == YAML_DOCUMENT_END_EVENT) {
			rd->doc.end_mark = ev.end_mark;
			rc = 1;
			break;
		}
		if (add_event(rd, &ev) == -1) {
			if (p->error == YAML_NO_ERROR)
				p->error = YAML_MEMORY_ERROR;
			break;
		}
		yaml_event_delete(&ev);
	}
	yaml_event_delete(&ev);
	if (rc == 1)
		fix_document(rd);
	return rc;
}

/* Loads the next document: 1, 0 at the end of the stream, -1. */
static int
load(struct report_reader *rd, struct diag *d)
{
	yaml_parser_t *p = &rd->parser;
	int	       rc;

	if (rd->done)
		return 0;
	if ((rc = build(rd)) == -1) {
		rd->done = true;
		d->code = DIAG_NONE;
		if (p->error == YAML_MEMORY_ERROR) {
			errno = ENOMEM;
			return -1;
		}
		if (p->error == YAML_READER_ERROR && rd->read_errno != 0) {
			errno = rd->read_errno;
			return -1;
		}
		if (p->error == YAML_READER_ERROR)
			return fail(d, DIAG_YAML_SYNTAX,
			    (yaml_mark_t){ p->problem_offset, 0, 0 },
			    "invalid YAML: %s", p->problem);
		return fail(d, DIAG_YAML_SYNTAX, p->problem_mark,
		    "invalid YAML: %s%s%s", p->problem,
		    p->context != NULL ? " " : "",
		    p->context != NULL ? p->context : "");
	}
	/* A document without a node is no document: the end, as before. */
	if (rc == 0 || rd->nnodes == 0) {
		rd->done = true;
		return 0;
	}
	return 1;
}

static yaml_node_t *
node_at(struct report_reader *rd, int id)
{
	/* As yaml_document_get_node, without a call into libyaml a key. */
	return id > 0 && (size_t)id <= rd->nnodes ? &rd->nodes[id - 1] : NULL;
}

static bool
is_null(const yaml_node_t *n)
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
static const char *
text_of(const yaml_node_t *n)
{
	if (n == NULL || n->type != YAML_SCALAR_NODE || is_null(n))
		return NULL;
	return (const char *)n->data.scalar.value;
}

/* The value of key in a mapping node, or NULL. */
static yaml_node_t *
get(struct report_reader *rd, const yaml_node_t *map, const char *key)
{
	yaml_node_pair_t *p;
	const char	 *k;
	unsigned	  h;

	if (map == NULL || map->type != YAML_MAPPING_NODE)
		return NULL;
	if (map == rd->nodes && rd->root_indexed) {
		for (h = key_slot(key); rd->root_slot[h] != 0;
		     h = (h + 1) % ROOT_SLOTS) {
			k = rd->root_key[h];
			if (k[0] == key[0] && strcmp(k, key) == 0)
				return node_at(rd,
				    map->data.mapping.pairs
					.start[rd->root_slot[h] - 1]
					.value);
		}
		return NULL;
	}
	for (p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
	     p++) {
		k = text_of(node_at(rd, p->key));
		if (k != NULL && k[0] == key[0] && strcmp(k, key) == 0)
			return node_at(rd, p->value);
	}
	return NULL;
}

/* A key given again: bad-value at it. */
static int
dup_key(struct report_reader *rd, const yaml_node_pair_t *p, struct diag *d)
{
	const yaml_node_t *k = node_at(rd, p->key);

	return fail(d, DIAG_BAD_VALUE, k->start_mark,
	    "%s: a key given twice "
	    "in one mapping (YAML keys are unique)",
	    (const char *)k->data.scalar.value);
}

/*
 * A pair's key as text, a null's text ("~") included, or NULL for a key
 * that is no scalar.
 */
static inline const char *
scalar_key(struct report_reader *rd, const yaml_node_pair_t *p)
{
	const yaml_node_t *k = node_at(rd, p->key);

	return k != NULL && k->type == YAML_SCALAR_NODE ?
	    (const char *)k->data.scalar.value :
	    NULL;
}

struct key_of {
	struct report_reader   *rd;
	const yaml_node_pair_t *pairs;
};

/* hashmap_eq_fn: whether pair value of a mapping has the key. */
static bool
key_eq(const void *key, size_t value, const void *arg)
{
	const struct key_of *ko = arg;

	return strcmp(scalar_key(ko->rd, &ko->pairs[value]), key) == 0;
}

/*
 * Whether a mapping (or NULL, or a node that is no mapping) has each key
 * once: 0, or -1 with bad-value at the second of a key given twice.  YAML
 * wants keys unique, and readers differ on which of two wins (PyYAML
 * takes the last, get() the first): a report that two readers count two
 * ways is refused.  A small mapping (every one a report holds but its
 * root, which index_root checks, and its tags) is compared pair by pair;
 * a big one through a hash, so that a mapping of many keys stays linear.
 */
#define SMALL_MAP 8
static int
unique_keys(struct report_reader *rd, const yaml_node_t *map, struct diag *d)
{
	yaml_node_pair_t *p, *q, *start, *top;
	struct key_of	  ko;
	const char	 *k, *o;
	uint64_t	  h, bit, seen = 0;

	if (map == NULL || map->type != YAML_MAPPING_NODE)
		return 0;
	start = map->data.mapping.pairs.start;
	top = map->data.mapping.pairs.top;
	if (top - start <= SMALL_MAP) {
		/*
		 * Every report asks this of a few maps: the keys before are
		 * compared only when one began with the same byte (a bit of
		 * seen each), as few do.
		 */
		for (p = start; p < top; p++) {
			if ((k = scalar_key(rd, p)) == NULL)
				continue;
			bit = (uint64_t)1 << ((unsigned char)k[0] & 63);
			for (q = start; (seen & bit) != 0 && q < p; q++)
				if ((o = scalar_key(rd, q)) != NULL &&
				    o[0] == k[0] && strcmp(o, k) == 0)
					return dup_key(rd, p, d);
			seen |= bit;
		}
		return 0;
	}
	ko = (struct key_of){ rd, start };
	hashmap_clear(&rd->keys);
	for (p = start; p < top; p++) {
		if ((k = scalar_key(rd, p)) == NULL)
			continue;
		h = hashmap_hash(HASHMAP_HASH_INIT, k, strlen(k));
		if (hashmap_get(&rd->keys, h, k, key_eq, &ko) != HASHMAP_ABSENT)
			return dup_key(rd, p, d);
		if (hashmap_put(&rd->keys, h, (size_t)(p - start)) == -1) {
			d->code = DIAG_NONE;
			return -1;
		}
	}
	return 0;
}

/* unique_keys for the root, from what index_root found when it could. */
static int
unique_root(struct report_reader *rd, const yaml_node_t *root, struct diag *d)
{
	if (!rd->root_indexed)
		return unique_keys(rd, root, d);
	if (rd->root_dup != 0)
		return dup_key(
		    rd, &root->data.mapping.pairs.start[rd->root_dup - 1], d);
	return 0;
}

/* A whole decimal number, signed when neg is allowed. */
static int
number(const yaml_node_t *n, const char *what, bool neg, long long *v,
    struct diag *d)
{
	const char *s = text_of(n);
	char	   *end;

	if (s == NULL || !((*s >= '0' && *s <= '9') || (neg && *s == '-')))
		goto out_bad;
	errno = 0;
	*v = strtoll(s, &end, 10);
	if (errno == 0 && *end == '\0')
		return 0;
out_bad:
	return fail(d, DIAG_BAD_VALUE, n->start_mark,
	    "%s: \"%s\" is not a "
	    "whole number%s",
	    what, s != NULL ? s : "", neg ? "" : " of zero or more");
}

/*
 * A count of a partial summary: a whole number up to STAT_COUNT_MAX, the
 * schema's range (a longer one is partial-overflow, not a typo).
 */
static int
counter(const yaml_node_t *n, const char *what, uint64_t *v, struct diag *d)
{
	const char *s = text_of(n);
	long long   x;

	if (s != NULL && *s >= '0' && *s <= '9' &&
	    s[strspn(s, "0123456789")] == '\0' &&
	    (errno = 0, strtoll(s, NULL, 10), errno == ERANGE))
		return fail(d, DIAG_PARTIAL_OVERFLOW, n->start_mark,
		    "%s: %s is "
		    "beyond the largest count a partial holds (2^63 - 1)",
		    what, s);
	if (number(n, what, false, &x, d) == -1)
		return -1;
	*v = (uint64_t)x;
	return 0;
}

/* The document's root mapping and its schema checked against want. */
static yaml_node_t *
root_of(struct report_reader *rd, const char *want, const char *other,
    const char *hint, struct diag *d)
{
	yaml_node_t *root = yaml_document_get_root_node(&rd->doc), *n;
	const char  *s;
	size_t	     base = strcspn(want, "/") + 1;

	if (root->type != YAML_MAPPING_NODE) {
		fail(d, DIAG_NOT_A_REPORT, root->start_mark,
		    "a YAML document "
		    "that is not a mapping is not %s",
		    other[0] == 'r' ? "a summary" : "a report");
		return NULL;
	}
	n = get(rd, root, "schema");
	if ((s = text_of(n)) == NULL) {
		fail(d, DIAG_NOT_A_REPORT, root->start_mark,
		    "a YAML document "
		    "without a schema key is not %s (%s)",
		    other[0] == 'r' ? "a summary" : "a report", want);
		return NULL;
	}
	if (strncmp(s, other, strlen(other)) == 0) {
		fail(d, DIAG_NOT_A_REPORT, n->start_mark, "%s", hint);
		return NULL;
	}
	if (strncmp(s, want, base) != 0) {
		fail(d, DIAG_NOT_A_REPORT, n->start_mark,
		    "schema \"%s\" is not "
		    "%s",
		    s, want);
		return NULL;
	}
	if (strcmp(s, want) != 0) {
		fail(d, DIAG_SCHEMA_VERSION, n->start_mark,
		    "schema \"%s\" is "
		    "not supported (this gamestat reads %s)",
		    s, want);
		return NULL;
	}
	return root;
}

/* ---- Reports ------------------------------------------------------- */

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

static bool
reserved_key(const char *k)
{
	return strcmp(k, "tags") == 0 || strcmp(k, "players") == 0 ||
	    strcmp(k, "result") == 0 || strcmp(k, "error") == 0;
}

/* Per-colour figures: top-level maps from the two colours to numbers. */
static int
read_series(struct report_reader *rd, const yaml_node_t *root,
    struct stat_game *g, struct diag *d)
{
	yaml_node_pair_t *p;
	yaml_node_t	 *v, *c;
	const char	 *k;
	long long	  x;
	int		  i;

	for (p = root->data.mapping.pairs.start;
	     p < root->data.mapping.pairs.top; p++) {
		k = text_of(node_at(rd, p->key));
		v = node_at(rd, p->value);
		/* Most keys hold a scalar: that test first. */
		if (v->type != YAML_MAPPING_NODE || k == NULL ||
		    reserved_key(k) ||
		    v->data.mapping.pairs.top - v->data.mapping.pairs.start !=
			2 ||
		    g->nseries == STAT_MAX_SERIES)
			continue;
		for (i = 0; i < 2; i++) {
			/*
			 * Both colours found in two pairs are two keys; else
			 * the map is no figure, unless a key is given twice.
			 */
			c = get(rd, v, g->colour[i]);
			if (c == NULL && unique_keys(rd, v, d) == -1)
				return -1;
			if (c == NULL)
				break;
			if (number(c, k, true, &x, d) == -1)
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
read_seats(
    struct report_reader *rd, const yaml_node_t *root, struct stat_game *g)
{
	yaml_node_t *pl;
	const char  *w;
	int	     i;

	g->swapped = (w = text_of(get(rd, root, "swapped"))) != NULL &&
	    strcmp(w, "true") == 0;
	if ((pl = get(rd, root, "players")) != NULL)
		for (i = 0; i < 2; i++)
			g->player[i] = text_of(get(rd, pl, g->colour[i]));
}

_Static_assert(REPLAY_CAUSES == STAT_CAUSES, "one list of causes");

/* A game decided off the board: forfeit's winner and cause, players. */
static int
read_forfeit(struct report_reader *rd, const yaml_node_t *root,
    const yaml_node_t *n, struct stat_game *g, struct diag *d)
{
	const char *w = text_of(get(rd, n, "winner"));
	const char *c = text_of(get(rd, n, "cause"));
	int	    i;

	if (n->type != YAML_MAPPING_NODE || w == NULL || c == NULL)
		return fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "forfeit: want a "
		    "winner and a cause");
	if (unique_keys(rd, n, d) == -1)
		return -1;
	for (i = 0;
	     i < 2 && (g->colour[i] == NULL || strcmp(w, g->colour[i]) != 0);
	     i++)
		continue;
	if (i == 2)
		return fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "forfeit: winner "
		    "\"%s\" is not a colour of %s",
		    w, g->game);
	g->winner = i;
	for (i = 0; i < REPLAY_CAUSES &&
	     strcmp(c, replay_cause_name((enum replay_cause)i)) != 0;
	     i++)
		continue;
	if (i == REPLAY_CAUSES)
		return fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "forfeit: cause "
		    "\"%s\" is not illegal, crash, timeout or resign",
		    c);
	g->cause = i;
	g->status = STAT_FORFEIT;
	read_seats(rd, root, g);
	return 0;
}

/*
 * What a finished game adds: its winner, players, per-colour figures.
 * Its result and score were read before (read_replayed).
 */
static int
read_finished(struct report_reader *rd, const yaml_node_t *root,
    const yaml_node_t *res, const struct rules_game *rg, struct stat_game *g,
    struct diag *d)
{
	yaml_node_t *n;
	const char  *w;
	int	     by_score;

	n = get(rd, res, "winner");
	if ((w = text_of(n)) == NULL)
		return fail(d, DIAG_REPORT_INCOMPLETE, res->end_mark,
		    "the "
		    "result has no winner");
	if (strcmp(w, "draw") == 0)
		g->winner = -1;
	else if (g->colour[0] != NULL && strcmp(w, g->colour[0]) == 0)
		g->winner = 0;
	else if (g->colour[1] != NULL && strcmp(w, g->colour[1]) == 0)
		g->winner = 1;
	else
		return fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "winner: \"%s\" is "
		    "neither a colour of %s nor draw",
		    w, g->game);
	/*
	 * In every game of the registry the score decides a finished game:
	 * more points win, equal is a draw (rules.md; Oust's score is 1-0
	 * or 0-1 once over).  A game this gamestat does not know is taken
	 * at its word.
	 */
	by_score = g->points[0] > g->points[1] ? 0 :
	    g->points[1] > g->points[0]	       ? 1 :
						 -1;
	if (rg != NULL && g->winner != by_score)
		return fail(d, DIAG_REPORT_INCONSISTENT, n->start_mark,
		    "winner: %s, but the score %lld-%lld %s%s", w, g->points[0],
		    g->points[1],
		    by_score == -1 ? "is a draw" : "is a win for ",
		    by_score == -1 ? "" : g->colour[by_score]);
	read_seats(rd, root, g);
	return read_series(rd, root, g, d);
}

/*
 * The colour names: the game's own, else the players map's keys.  The
 * game, or NULL for one this gamestat does not know.
 */
static const struct rules_game *
colours_of(
    struct report_reader *rd, const yaml_node_t *root, struct stat_game *g)
{
	const struct rules_game *rg = g->game != NULL ?
	    rules_game_find(g->game) :
	    NULL;
	yaml_node_t		*pl = get(rd, root, "players");
	int			 i;

	if (rg != NULL) {
		g->colour[0] = rg->colour[0];
		g->colour[1] = rg->colour[1];
	} else if (pl != NULL && pl->type == YAML_MAPPING_NODE &&
	    pl->data.mapping.pairs.top - pl->data.mapping.pairs.start == 2)
		for (i = 0; i < 2; i++)
			g->colour[i] = text_of(
			    node_at(rd, pl->data.mapping.pairs.start[i].key));
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
tag_value(struct report_reader *rd, const yaml_node_t *root, const char *name,
    const char **v, struct diag *d)
{
	const yaml_node_t *tags = get(rd, root, "tags");
	yaml_node_pair_t  *p, *first = NULL;
	const char	  *k;

	*v = NULL;
	if (tags == NULL || tags->type != YAML_MAPPING_NODE)
		return 0;
	for (p = tags->data.mapping.pairs.start;
	     p < tags->data.mapping.pairs.top; p++) {
		if ((k = text_of(node_at(rd, p->key))) == NULL ||
		    !record_tag_name_eq(k, name))
			continue;
		if (first == NULL) {
			first = p;
			continue;
		}
		if (strcmp(text_of(node_at(rd, first->key)), k) == 0)
			return dup_key(rd, p, d);
		return fail(d, DIAG_BAD_VALUE, node_at(rd, p->key)->start_mark,
		    "%s: the tag %s again (a tag is one tag in any case)", k,
		    text_of(node_at(rd, first->key)));
	}
	if (first != NULL)
		*v = text_of(node_at(rd, first->value));
	return 0;
}

/* A count the report must hold. */
static int
whole(struct report_reader *rd, const yaml_node_t *root, const char *key,
    long long *v, struct diag *d)
{
	yaml_node_t *n = get(rd, root, key);

	if (n == NULL)
		return fail(d, DIAG_REPORT_INCOMPLETE, root->end_mark,
		    "the "
		    "report has no %s",
		    key);
	return number(n, key, false, v, d);
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
present(struct report_reader *rd, const yaml_node_t *root, const char *key,
    struct diag *d)
{
	if (get(rd, root, key) == NULL)
		return fail(d, DIAG_REPORT_INCOMPLETE, root->end_mark,
		    "the "
		    "report has no %s",
		    key);
	return 0;
}

/*
 * What every report holds whatever its status, after what its status
 * needs (formats/report.md, "Keys": present "always").
 */
static int
read_always(struct report_reader *rd, const yaml_node_t *root, struct diag *d)
{
	/* Only there: nothing is counted from them. */
	if (present(rd, root, "source", d) == -1 ||
	    present(rd, root, "record", d) == -1 ||
	    present(rd, root, "line", d) == -1 ||
	    present(rd, root, "format", d) == -1)
		return -1;
	return 0;
}

/*
 * The keys a replayed record's report always holds (formats/report.md),
 * so that a stream cut at a line end is refused, not counted: the counts,
 * and a result with a winner and a score; an illegal record's error.
 * Returns the result, or NULL with d filled.
 */
static yaml_node_t *
read_replayed(struct report_reader *rd, const yaml_node_t *root,
    struct stat_game *g, struct diag *d)
{
	yaml_node_t *res = get(rd, root, "result"), *w, *n;
	long long    turns, actions, points[2];

	if (whole(rd, root, "turns", &turns, d) == -1 ||
	    whole(rd, root, "actions", &actions, d) == -1 ||
	    unique_keys(rd, res, d) == -1)
		return NULL;
	if (res == NULL || res->type != YAML_MAPPING_NODE) {
		fail(d, DIAG_REPORT_INCOMPLETE, root->end_mark,
		    "a%s game's report has no result",
		    g->status == STAT_FINISHED	  ? " finished" :
			g->status == STAT_ILLEGAL ? "n illegal" :
						    "n unfinished");
		return NULL;
	}
	if ((w = get(rd, res, "winner")) == NULL ||
	    (n = get(rd, res, "score")) == NULL) {
		fail(d, DIAG_REPORT_INCOMPLETE, res->end_mark,
		    "the result has no %s", w == NULL ? "winner" : "score");
		return NULL;
	}
	if (score_of(text_of(n), points) == -1) {
		fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "score: \"%s\" is "
		    "not A-B, two whole numbers of zero or more",
		    text_of(n) != NULL ? text_of(n) : "");
		return NULL;
	}
	if (present(rd, root, "passes", d) == -1)
		return NULL;
	/* Counted for finished games only, as report_game_of counts them. */
	if (g->status == STAT_FINISHED) {
		g->turns = turns;
		g->actions = actions;
		g->has_score = true;
		g->points[0] = points[0];
		g->points[1] = points[1];
	}
	if (g->status == STAT_ILLEGAL && get(rd, root, "error") == NULL) {
		fail(d, DIAG_REPORT_INCOMPLETE, root->end_mark,
		    "the report of an illegal record has no error");
		return NULL;
	}
	return res;
}

/*
 * An unfinished game without a forfeit whose Termination tag names one:
 * the replay scored it as forfeited or refused it with an error
 * (formats/record.md, "Games stopped early"), so a report with neither
 * was cut before its forfeit.
 */
static int
check_no_forfeit(struct report_reader *rd, const yaml_node_t *root,
    const struct rules_game *rg, struct diag *d)
{
	const char *t;

	if (tag_value(rd, root, "Termination", &t, d) == -1)
		return -1;
	if (rg != NULL && t != NULL && get(rd, root, "error") == NULL &&
	    replay_names_forfeit(rg, t, strlen(t)))
		return fail(d, DIAG_REPORT_INCOMPLETE, root->end_mark,
		    "the "
		    "Termination tag says \"%s\", but the report has no "
		    "forfeit and no error",
		    t);
	return 0;
}

int
report_read_game(struct report_reader *rd, const char *by, struct stat_game *g,
    struct diag *d)
{
	const struct rules_game *rg;
	yaml_node_t		*root, *res, *n;
	int			 rc, st;

again:
	if ((rc = load(rd, d)) != 1)
		return rc;
	root = root_of(rd, REPORT_SCHEMA, "arbiter-summary/",
	    "a summary, "
	    "not a report (partial summaries are read with --merge)",
	    d);
	if (root == NULL || unique_root(rd, root, d) == -1)
		goto out_stop;
	memset(g, 0, sizeof *g);
	n = get(rd, root, "status");
	if ((st = status_of(text_of(n))) == -1) {
		if (n == NULL)
			fail(d, DIAG_REPORT_INCOMPLETE, root->end_mark,
			    "the "
			    "report has no status");
		else
			fail(d, DIAG_BAD_VALUE, n->start_mark,
			    "status: \"%s\" is "
			    "not finished, unfinished, illegal or malformed",
			    text_of(n) != NULL ? text_of(n) : "");
		goto out_stop;
	}
	g->status = (enum stat_status)st;
	g->game = text_of(get(rd, root, "game"));
	g->board = text_of(get(rd, root, "board"));
	if ((by != NULL && tag_value(rd, root, by, &g->value, d) == -1) ||
	    unique_keys(rd, get(rd, root, "players"), d) == -1)
		goto out_stop;
	rg = colours_of(rd, root, g);
	if (g->status == STAT_MALFORMED) {
		/* A malformed record is one for its error (report.md). */
		if (unique_keys(rd, get(rd, root, "error"), d) == -1)
			goto out_stop;
		if ((n = get(rd, get(rd, root, "error"), "code")) == NULL ||
		    text_of(n) == NULL) {
			fail(d, DIAG_REPORT_INCOMPLETE, root->end_mark,
			    "the report of a malformed record has no error "
			    "code");
			goto out_stop;
		}
		if (read_always(rd, root, d) == -1)
			goto out_stop;
		/*
		 * The report of an empty input stands for no record: counted
		 * as nothing, as gamestat counts the empty input itself, so
		 * that an empty shard merges as nothing (formats/summary.md).
		 */
		if (strcmp(text_of(n), diag_name(DIAG_EMPTY_INPUT)) == 0)
			goto again;
		return 1;
	}
	if (g->game == NULL || g->board == NULL) {
		fail(d, DIAG_REPORT_INCOMPLETE, root->end_mark,
		    "the report of "
		    "a game that was replayed has no %s",
		    g->game == NULL ? "game" : "board");
		goto out_stop;
	}
	if ((res = read_replayed(rd, root, g, d)) == NULL)
		goto out_stop;
	/* status stays unfinished; the forfeit says who won (report.md). */
	n = get(rd, root, "forfeit");
	if (g->status == STAT_UNFINISHED && n != NULL) {
		if (read_forfeit(rd, root, n, g, d) == -1)
			goto out_stop;
	} else if (g->status == STAT_UNFINISHED) {
		if (check_no_forfeit(rd, root, rg, d) == -1)
			goto out_stop;
	} else if (g->status == STAT_FINISHED) {
		if (g->colour[0] == NULL || g->colour[1] == NULL) {
			fail(d, DIAG_BAD_VALUE, root->start_mark,
			    "the colours of game "
			    "\"%s\" are unknown",
			    g->game);
			goto out_stop;
		}
		if (read_finished(rd, root, res, rg, g, d) == -1)
			goto out_stop;
	}
	if (read_always(rd, root, d) == -1)
		goto out_stop;
	return 1;

out_stop:
	/* Past a bad document nothing is sure: stop reading this input. */
	rd->done = true;
	return -1;
}

/* ---- Records, counted as their reports would be -------------------- */

int
report_game_of(const struct record *rec, const struct replay *rp,
    const char *by, struct stat_game *g, char **buf, size_t *cap)
{
	const struct record_tag	 *src[3] = { NULL, NULL, NULL };
	const struct rules_score *s = &rp->score;
	size_t			  need = 0, off[3], i;
	int			  j;

	memset(g, 0, sizeof *g);
	g->status = (enum stat_status)rp->status;
	if (rp->game != NULL) {
		g->game = rp->game->name;
		g->colour[0] = rp->game->colour[0];
		g->colour[1] = rp->game->colour[1];
	}
	/* As emit.c writes it: no board for a malformed record. */
	if (rp->pos != NULL && rp->game != NULL &&
	    rp->status != REPLAY_MALFORMED)
		g->board = rp->pos->board.name;
	if (by != NULL)
		src[2] = record_tag_find(rec, by);
	if (rp->status == REPLAY_FINISHED) {
		g->turns = (long long)rp->turns;
		g->actions = (long long)rp->actions;
		g->winner = s->winner;
		g->swapped = rules_swapped(rp->pos);
		g->has_score = true;
		g->points[0] = s->points[0];
		g->points[1] = s->points[1];
		for (j = 0; j < s->nstats && j < STAT_MAX_SERIES; j++) {
			g->series[j].name = s->stats[j].name;
			g->series[j].value[0] = s->stats[j].value[0];
			g->series[j].value[1] = s->stats[j].value[1];
		}
		g->nseries = (size_t)j;
		report_players(rec, rp, src);
	} else if (rp->forfeit) {
		g->status = STAT_FORFEIT;
		g->cause = (int)rp->forfeit_cause;
		g->winner = rp->forfeit_winner;
		g->swapped = rules_swapped(rp->pos);
		report_players(rec, rp, src);
	}
	/* Cleaned strings, each as big as report_utf8_clean may need. */
	for (i = 0; i < 3; i++)
		if (src[i] != NULL)
			need += 3 * src[i]->value_len + 5;
	if (array_grow(buf, cap, need, 1) == -1)
		return -1;
	for (i = 0, need = 0; i < 3; i++) {
		if (src[i] == NULL)
			continue;
		off[i] = need;
		report_utf8_clean(src[i]->value, src[i]->value_len, *buf + need,
		    3 * src[i]->value_len + 5);
		need += 3 * src[i]->value_len + 5;
	}
	for (i = 0; i < 2; i++)
		g->player[i] = src[i] != NULL ? *buf + off[i] : NULL;
	g->value = src[2] != NULL ? *buf + off[2] : NULL;
	return 0;
}

/* ---- Partial summaries -------------------------------------------- */

static int
oom(struct diag *d)
{
	d->code = DIAG_NONE;
	errno = ENOMEM;
	return -1;
}

/* A sum that would pass STAT_COUNT_MAX (formats/summary.md). */
static int
overflow(struct diag *d, yaml_mark_t at, const char *what)
{
	return fail(d, DIAG_PARTIAL_OVERFLOW, at,
	    "%s: the counts add up to "
	    "more than a partial holds (2^63 - 1)",
	    what);
}

/* 0, or -1 with d filled: memory, or partial-overflow at `at'. */
static int
added(int rc, struct diag *d, yaml_mark_t at, const char *what)
{
	if (rc == 0)
		return 0;
	return errno == EOVERFLOW ? overflow(d, at, what) : oom(d);
}

static int
read_pair_of_counts(struct report_reader *rd, const yaml_node_t *n,
    const char *what, uint64_t v[2], struct diag *d)
{
	yaml_node_item_t *it;

	if (n == NULL || n->type != YAML_SEQUENCE_NODE ||
	    n->data.sequence.items.top - n->data.sequence.items.start != 2)
		return fail(d, DIAG_BAD_VALUE,
		    n != NULL ? n->start_mark : (yaml_mark_t){ 0, 0, 0 },
		    "%s: want a list of two counts", what);
	it = n->data.sequence.items.start;
	if (counter(node_at(rd, it[0]), what, &v[0], d) == -1 ||
	    counter(node_at(rd, it[1]), what, &v[1], d) == -1)
		return -1;
	return 0;
}

static int
read_hist(struct report_reader *rd, const yaml_node_t *n, const char *what,
    struct stat_hist *h, struct diag *d)
{
	yaml_node_pair_t *p;
	long long	  v;
	uint64_t	  c;

	if (n == NULL || n->type != YAML_MAPPING_NODE)
		return fail(d, DIAG_BAD_VALUE,
		    n != NULL ? n->start_mark : (yaml_mark_t){ 0, 0, 0 },
		    "%s: want a histogram", what);
	for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top;
	     p++) {
		if (number(node_at(rd, p->key), what, true, &v, d) == -1 ||
		    counter(node_at(rd, p->value), what, &c, d) == -1)
			return -1;
		if (added(stat_hist_add(h, v, c), d,
			node_at(rd, p->value)->start_mark, what) == -1)
			return -1;
	}
	return 0;
}

static int
read_moments(struct report_reader *rd, const yaml_node_t *n,
    struct stat_moments *m, struct diag *d)
{
	yaml_node_item_t *it;
	long long	  sum;

	/*
	 * Zero on failure.  fail() is variadic, so never inlined: -O2 cannot
	 * see that it returns -1, and took m for maybe unset in the caller.
	 */
	*m = (struct stat_moments){ 0 };
	if (n == NULL || n->type != YAML_SEQUENCE_NODE ||
	    n->data.sequence.items.top - n->data.sequence.items.start != 3)
		return fail(d, DIAG_BAD_VALUE,
		    n != NULL ? n->start_mark : (yaml_mark_t){ 0, 0, 0 },
		    "series: want [count, sum, "
		    "sum of squares]");
	it = n->data.sequence.items.start;
	if (counter(node_at(rd, it[0]), "series", &m->n, d) == -1 ||
	    number(node_at(rd, it[1]), "series", true, &sum, d) == -1 ||
	    counter(node_at(rd, it[2]), "series", &m->sumsq, d) == -1)
		return -1;
	m->sum = sum;
	return 0;
}

/* A list of counts by cause: [illegal, crash, timeout, resign]. */
static int
read_causes(struct report_reader *rd, const yaml_node_t *n, size_t from,
    uint64_t v[STAT_CAUSES], struct diag *d)
{
	yaml_node_item_t *it;
	uint64_t	  x;
	int		  i;

	if (n->type != YAML_SEQUENCE_NODE ||
	    n->data.sequence.items.top - n->data.sequence.items.start !=
		(ptrdiff_t)from + STAT_CAUSES)
		return fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "forfeits: want %s"
		    "counts of illegal, crash, timeout, resign",
		    from > 0 ? "a player and " : "");
	it = n->data.sequence.items.start + from;
	for (i = 0; i < STAT_CAUSES; i++) {
		if (counter(node_at(rd, it[i]), "forfeits", &x, d) == -1)
			return -1;
		if (!stat_count_add(&v[i], x))
			return overflow(d, n->start_mark, "forfeits");
	}
	return 0;
}

/*
 * The forfeits of a group and of its players; absent (a partial summary
 * of games none of which was forfeited) means none.  A player's row must
 * hold a forfeit, of a player of the group's games (pairs, read before),
 * who lost at least as many games; the players' forfeits of a cause are
 * at most the group's (design.md §6: inconsistent partials are refused).
 */
/*
 * Whether the group's pairs hold one of the player name against no player
 * ("?"), a pair an older gamestat wrote.
 */
static bool
played_no_player(
    struct report_reader *rd, const yaml_node_t *gn, const char *name)
{
	const yaml_node_t *n = get(rd, gn, "pairs");
	yaml_node_item_t  *it;
	const char	  *p[2];
	int		   i;

	for (it = n->data.sequence.items.start; it < n->data.sequence.items.top;
	     it++) {
		/* Each a sequence of five, two names first: read_group saw. */
		for (i = 0; i < 2; i++)
			p[i] = text_of(node_at(rd,
			    node_at(rd, *it)->data.sequence.items.start[i]));
		if ((strcmp(p[0], name) == 0 && !stat_player_named(p[1])) ||
		    (strcmp(p[1], name) == 0 && !stat_player_named(p[0])))
			return true;
	}
	return false;
}

static int
read_forfeits(struct report_reader *rd, const yaml_node_t *gn,
    struct stat_group *g, bool dropped, struct diag *d)
{
	yaml_node_item_t *it;
	yaml_node_t	 *n, *c;
	const char	 *name;
	uint64_t	  v[STAT_CAUSES], sum[STAT_CAUSES] = { 0 }, lost;
	size_t		  i;
	long		  a;
	int		  k;

	if ((n = get(rd, gn, "forfeits")) != NULL &&
	    read_causes(rd, n, 0, g->forfeits, d) == -1)
		return -1;
	n = get(rd, gn, "forfeited");
	for (it = n != NULL && n->type == YAML_SEQUENCE_NODE ?
		 n->data.sequence.items.start :
		 NULL;
	     it != NULL && it < n->data.sequence.items.top; it++) {
		c = node_at(rd, *it);
		if (c->type != YAML_SEQUENCE_NODE ||
		    c->data.sequence.items.top ==
			c->data.sequence.items.start ||
		    (name = text_of(
			 node_at(rd, c->data.sequence.items.start[0]))) == NULL)
			return fail(d, DIAG_BAD_VALUE, c->start_mark,
			    "forfeited: "
			    "want [player, illegal, crash, timeout, resign]");
		memset(v, 0, sizeof v);
		if (read_causes(rd, c, 1, v, d) == -1)
			return -1;
		for (k = 0; k < STAT_CAUSES && v[k] == 0; k++)
			continue;
		if (k == STAT_CAUSES)
			return fail(d, DIAG_BAD_VALUE, c->start_mark,
			    "forfeited: "
			    "a row of no forfeit");
		/*
		 * As in pairs: an older gamestat's row of no player.  A
		 * player's row that counts games against no player cannot be
		 * told apart into those that count now and those that do not.
		 */
		if (!stat_player_named(name))
			continue;
		if (dropped && played_no_player(rd, gn, name))
			return fail(d, DIAG_BAD_VALUE, c->start_mark,
			    "forfeited: %s played \"?\" or a player with no "
			    "name, whose games an older gamestat counted and "
			    "this one does not: summarize the inputs again",
			    name);
		if ((a = stat_player_find(g, name)) == -1)
			return fail(d, DIAG_PARTIAL_MISMATCH, c->start_mark,
			    "forfeited: %s plays no game of the group's pairs",
			    name);
		for (k = 0, lost = 0; k < STAT_CAUSES; k++)
			if (!stat_count_add(&g->forfeited[a][k], v[k]) ||
			    !stat_count_add(&lost, g->forfeited[a][k]))
				return overflow(d, c->start_mark, "forfeited");
		if (lost > stat_player_losses(g, (size_t)a))
			return fail(d, DIAG_PARTIAL_MISMATCH, c->start_mark,
			    "forfeited: %s lost %" PRIu64 " games by forfeit, "
			    "but %" PRIu64 " in the pairs",
			    name, lost, stat_player_losses(g, (size_t)a));
	}
	for (i = 0; i < g->nplayers; i++)
		for (k = 0; k < STAT_CAUSES; k++)
			if (!stat_count_add(&sum[k], g->forfeited[i][k]))
				return overflow(d,
				    n != NULL ? n->start_mark : gn->start_mark,
				    "forfeited");
	for (k = 0; k < STAT_CAUSES; k++)
		if (sum[k] > g->forfeits[k])
			return fail(d, DIAG_PARTIAL_MISMATCH,
			    n != NULL ? n->start_mark : gn->start_mark,
			    "forfeited: the "
			    "players lost %" PRIu64 " games by %s, the "
			    "group's forfeits say %" PRIu64,
			    sum[k], replay_cause_name((enum replay_cause)k),
			    g->forfeits[k]);
	return 0;
}

static int
read_group(struct report_reader *rd, const yaml_node_t *gn,
    struct stat_summary *s, struct diag *d)
{
	static const char *const counts[] = { "records", "finished",
		"unfinished", "illegal", "malformed", "draws" };
	yaml_node_t		*n, *c;
	yaml_node_pair_t	*p;
	yaml_node_item_t	*it;
	struct stat_group	*g;
	struct stat_series	*se;
	const char		*colour[2] = { NULL, NULL }, *name[2], *key;
	char			 why[192];
	uint64_t		*field[6], v[3], before;
	long			 a, b;
	size_t			 i;
	bool			 dropped = false;

	if (gn->type != YAML_MAPPING_NODE)
		return fail(d, DIAG_BAD_VALUE, gn->start_mark,
		    "a group must be "
		    "a mapping");
	n = get(rd, gn, "colours");
	if (n == NULL || n->type != YAML_SEQUENCE_NODE ||
	    n->data.sequence.items.top - n->data.sequence.items.start != 2)
		return fail(d, DIAG_BAD_VALUE, gn->start_mark,
		    "colours: want "
		    "a list of two names");
	for (i = 0; i < 2; i++)
		colour[i] = text_of(
		    node_at(rd, n->data.sequence.items.start[i]));
	g = stat_group_get(s, text_of(get(rd, gn, "value")),
	    text_of(get(rd, gn, "game")), text_of(get(rd, gn, "board")),
	    colour);
	if (g == NULL && errno == EINVAL)
		return fail(d, DIAG_PARTIAL_MISMATCH, gn->start_mark,
		    "the "
		    "group's colours differ from the same group's before");
	if (g == NULL)
		return oom(d);
	field[0] = &g->records;
	field[1] = &g->finished;
	field[2] = &g->unfinished;
	field[3] = &g->illegal;
	field[4] = &g->malformed;
	field[5] = &g->draws;
	before = g->records;
	for (i = 0; i < 6; i++) {
		if ((n = get(rd, gn, counts[i])) == NULL)
			return fail(d, DIAG_REPORT_INCOMPLETE, gn->end_mark,
			    "the group has no %s", counts[i]);
		if (counter(n, counts[i], &v[0], d) == -1)
			return -1;
		if (!stat_count_add(field[i], v[0]))
			return overflow(d, n->start_mark, counts[i]);
	}
	n = get(rd, gn, "wins");
	if (read_pair_of_counts(rd, n, "wins", v, d) == -1)
		return -1;
	if (!stat_count_add(&g->colour_wins[0], v[0]) ||
	    !stat_count_add(&g->colour_wins[1], v[1]))
		return overflow(d, n->start_mark, "wins");
	n = get(rd, gn, "seats");
	if (read_pair_of_counts(rd, n, "seats", v, d) == -1)
		return -1;
	if (!stat_count_add(&g->seat_wins[0], v[0]) ||
	    !stat_count_add(&g->seat_wins[1], v[1]))
		return overflow(d, n->start_mark, "seats");
	if (read_hist(rd, get(rd, gn, "margin"), "margin", &g->margin, d) ==
		-1 ||
	    read_hist(rd, get(rd, gn, "turns"), "turns", &g->turns, d) == -1 ||
	    read_hist(rd, get(rd, gn, "actions"), "actions", &g->actions, d) ==
		-1)
		return -1;
	n = get(rd, gn, "series");
	for (p = n != NULL && n->type == YAML_MAPPING_NODE ?
		 n->data.mapping.pairs.start :
		 NULL;
	     p != NULL && p < n->data.mapping.pairs.top; p++) {
		c = node_at(rd, p->value);
		if (text_of(node_at(rd, p->key)) == NULL ||
		    c->type != YAML_SEQUENCE_NODE ||
		    c->data.sequence.items.top - c->data.sequence.items.start !=
			2)
			return fail(d, DIAG_BAD_VALUE, c->start_mark,
			    "series: "
			    "want a name and two [count, sum, sum of squares]");
		if ((se = stat_series_get(g, text_of(node_at(rd, p->key)))) ==
		    NULL)
			return oom(d);
		for (i = 0; i < 2; i++) {
			struct stat_moments m;

			if (read_moments(rd,
				node_at(rd, c->data.sequence.items.start[i]),
				&m, d) == -1)
				return -1;
			if (!stat_count_add(&se->by_colour[i].n, m.n) ||
			    !stat_sum_add(&se->by_colour[i].sum, m.sum) ||
			    !stat_count_add(&se->by_colour[i].sumsq, m.sumsq))
				return overflow(d, c->start_mark, "series");
		}
	}
	n = get(rd, gn, "pairs");
	for (it = n != NULL && n->type == YAML_SEQUENCE_NODE ?
		 n->data.sequence.items.start :
		 NULL;
	     it != NULL && it < n->data.sequence.items.top; it++) {
		c = node_at(rd, *it);
		if (c->type != YAML_SEQUENCE_NODE ||
		    c->data.sequence.items.top - c->data.sequence.items.start !=
			5 ||
		    (name[0] = text_of(node_at(
			 rd, c->data.sequence.items.start[0]))) == NULL ||
		    (name[1] = text_of(node_at(
			 rd, c->data.sequence.items.start[1]))) == NULL ||
		    strcmp(name[0], name[1]) == 0)
			return fail(d, DIAG_BAD_VALUE, c->start_mark,
			    "pairs: "
			    "want [player, other player, wins, wins, draws]");
		for (i = 0; i < 3; i++)
			if (counter(node_at(rd,
					c->data.sequence.items.start[2 + i]),
				"pairs", &v[i], d) == -1)
				return -1;
		/*
		 * A gamestat before "?" was no player wrote such pairs: they
		 * rate nobody, and dropped, the merge says what the records
		 * would (formats/summary.md, "players").
		 */
		if (!stat_player_named(name[0]) ||
		    !stat_player_named(name[1])) {
			dropped = true;
			continue;
		}
		if ((a = stat_player(g, name[0])) == -1 ||
		    (b = stat_player(g, name[1])) == -1)
			return oom(d);
		if (added(stat_pair_add(
			      g, (uint32_t)a, (uint32_t)b, v[0], v[1], v[2]),
			d, c->start_mark, "pairs") == -1)
			return -1;
	}
	if (read_forfeits(rd, gn, g, dropped, d) == -1)
		return -1;
	/*
	 * Figures that cannot be true together are told as such, before the
	 * checksum is (formats/summary.md, "Consistency").  Of g as merged
	 * so far: a group listed twice is checked as its sum.
	 */
	if ((key = stat_group_inconsistent(g, why, sizeof why)) != NULL) {
		n = get(rd, gn, key);
		return fail(d, DIAG_PARTIAL_MISMATCH,
		    n != NULL ? n->start_mark : gn->start_mark, "%s: %s", key,
		    why);
	}
	/* The group's records were added to g's; the summary's follow. */
	if (!stat_count_add(&s->records, g->records - before))
		return overflow(d, gn->start_mark, "records");
	return 0;
}

/* "a.pgn" or "a.pgn and 3 more", for messages. */
static void
inputs_text(const struct stat_cover *c, char *buf, size_t cap)
{
	if (c->ninputs == 0)
		snprintf(buf, cap, "no input");
	else if (c->ninputs == 1)
		snprintf(buf, cap, "%s", c->input[0].name);
	else
		snprintf(buf, cap, "%s and %zu more", c->input[0].name,
		    c->ninputs - 1);
}

static void
shard_text(const struct stat_cover *c, char *buf, size_t cap)
{
	if (c->n == 0)
		snprintf(buf, cap, "every record");
	else
		snprintf(buf, cap, "shard %lu/%lu", c->k, c->n);
}

/*
 * Adds a copy of c to s and says whether it lists an input twice or
 * conflicts with a cover of s (formats/summary.md, "Covers"); the copy
 * is indexed when keep, else dropped.  0, or -1 with d filled:
 * partial-duplicate, partial-mismatch.
 */
static int
cover_check(const struct stat_cover *c, struct stat_summary *s, bool keep,
    yaml_mark_t at, struct diag *d)
{
	const struct stat_cover *o;
	struct stat_cover	*to;
	enum stat_conflict	 why;
	char			 in[128], sh[64], osh[64];
	size_t			 i, other = 0, again = 0;
	int			 rc = 0;

	/* One input twice in a list counted its records twice. */
	if ((rc = stat_cover_repeat(c, &other, &again)) == -1)
		return oom(d);
	if (rc == 1) {
		shard_text(c, sh, sizeof sh);
		return fail(d, DIAG_PARTIAL_DUPLICATE, at,
		    "%s of a list that names %s twice (inputs %zu and %zu): "
		    "its records were counted twice",
		    sh, c->input[other].name, other + 1, again + 1);
	}
	if ((to = stat_cover_add(s, c->k, c->n, c->from)) == NULL)
		return oom(d);
	for (i = 0; i < c->ninputs; i++)
		if (stat_cover_input(to, c->input[i].name, c->input[i].bytes,
			c->input[i].crc) == -1) {
			stat_cover_drop(s);
			return oom(d);
		}
	why = stat_cover_conflict(s, &other);
	o = &s->cover[other];
	inputs_text(c, in, sizeof in);
	shard_text(c, sh, sizeof sh);
	shard_text(o, osh, sizeof osh);
	switch (why) {
	case STAT_CONFLICT_NONE: break;
	case STAT_CONFLICT_SAME:
		rc = fail(d, DIAG_PARTIAL_DUPLICATE, at,
		    "%s of %s again: %s "
		    "holds it too",
		    sh, in, o->from != NULL ? o->from : "this partial");
		break;
	case STAT_CONFLICT_OVERLAP:
		rc = fail(d, DIAG_PARTIAL_DUPLICATE, at,
		    "%s of %s overlaps %s "
		    "in %s",
		    sh, in, osh, o->from != NULL ? o->from : "this partial");
		break;
	case STAT_CONFLICT_SHARED:
		rc = fail(d, DIAG_PARTIAL_DUPLICATE, at,
		    "%s: %s counts records "
		    "of these inputs in another list",
		    in, o->from != NULL ? o->from : "this partial");
		break;
	case STAT_CONFLICT_SPLIT:
		rc = fail(d, DIAG_PARTIAL_MISMATCH, at,
		    "%s of %s, but %s splits "
		    "them into %lu shards",
		    sh, in, o->from != NULL ? o->from : "this partial", o->n);
		break;
	}
	if (rc == -1 || !keep)
		stat_cover_drop(s);
	else if (stat_cover_done(s) == -1)
		return oom(d);
	return rc;
}

/* "K/N" of a cover's shard: false unless 1 <= K <= N. */
static bool
shard_of(const char *t, unsigned long *k, unsigned long *n)
{
	char *end;

	if (t == NULL || *t < '1' || *t > '9')
		return false;
	errno = 0;
	*k = strtoul(t, &end, 10);
	if (errno != 0 || *end != '/' || end[1] < '1' || end[1] > '9')
		return false;
	*n = strtoul(end + 1, &end, 10);
	return errno == 0 && *end == '\0' && *k <= *n;
}

/*
 * The partial's covers, into part, each checked against those before it
 * in the same partial.
 */
static int
read_covers(struct report_reader *rd, const yaml_node_t *root,
    struct stat_summary *part, struct diag *d)
{
	yaml_node_t	 *n = get(rd, root, "covers"), *c, *in, *f[3];
	yaml_node_item_t *it, *jt;
	struct stat_cover cv;
	uint64_t	  bytes;
	unsigned long	  crc;
	const char	 *name, *hex;
	char		 *end;
	int		  i;

	if (n == NULL)
		return fail(d, DIAG_REPORT_INCOMPLETE, root->end_mark,
		    "the "
		    "partial summary has no covers: what it counted");
	if (n->type != YAML_SEQUENCE_NODE)
		return fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "covers: want a "
		    "list");
	for (it = n->data.sequence.items.start; it < n->data.sequence.items.top;
	     it++) {
		c = node_at(rd, *it);
		memset(&cv, 0, sizeof cv);
		cv.from = rd->name;
		if (c->type != YAML_MAPPING_NODE ||
		    (get(rd, c, "shard") != NULL &&
			!is_null(get(rd, c, "shard")) &&
			!shard_of(
			    text_of(get(rd, c, "shard")), &cv.k, &cv.n)) ||
		    get(rd, c, "shard") == NULL ||
		    (in = get(rd, c, "inputs")) == NULL ||
		    in->type != YAML_SEQUENCE_NODE)
			return fail(d, DIAG_BAD_VALUE, c->start_mark,
			    "covers: "
			    "want {shard: K/N or ~, inputs: [...]}");
		for (jt = in->data.sequence.items.start;
		     jt < in->data.sequence.items.top; jt++) {
			c = node_at(rd, *jt);
			if (c->type != YAML_SEQUENCE_NODE ||
			    c->data.sequence.items.top -
				    c->data.sequence.items.start !=
				3)
				goto out_bad_input;
			for (i = 0; i < 3; i++)
				f[i] = node_at(
				    rd, c->data.sequence.items.start[i]);
			if ((name = text_of(f[0])) == NULL ||
			    (hex = text_of(f[2])) == NULL || strlen(hex) != 8 ||
			    hex[strspn(hex, "0123456789abcdef")] != '\0')
				goto out_bad_input;
			if (counter(f[1], "covers: bytes", &bytes, d) == -1)
				goto out_free;
			crc = strtoul(hex, &end, 16);
			if (stat_cover_input(&cv, name, bytes, (uint32_t)crc) ==
			    -1) {
				oom(d);
				goto out_free;
			}
		}
		cv.from = NULL; /* told as "this partial" within it */
		if (cover_check(
			&cv, part, true, node_at(rd, *it)->start_mark, d) == -1)
			goto out_free;
		for (i = 0; i < (int)cv.ninputs; i++)
			free(cv.input[i].name);
		free(cv.input);
	}
	return 0;

out_bad_input:
	fail(d, DIAG_BAD_VALUE, c->start_mark,
	    "covers: an input is [name, "
	    "bytes, \"CRC-32\"]");
out_free:
	for (i = 0; i < (int)cv.ninputs; i++)
		free(cv.input[i].name);
	free(cv.input);
	return -1;
}

/*
 * The deepest a partial summary nests: root, groups, a group, series, a
 * series, its moments (formats/summary.md).
 */
#define PARTIAL_DEPTH 6

/* Takes the rest of the input into the prefix: 0, or -1 (errno). */
static int
slurp(struct report_reader *rd)
{
	size_t cap = rd->plen + 1, n; /* as report_reader_new took */

	for (;;) {
		if (array_grow(&rd->prefix, &cap, rd->plen + 4096, 1) == -1)
			return -1;
		n = fread(rd->prefix + rd->plen, 1, cap - rd->plen, rd->in);
		rd->plen += n;
		if (n == 0) {
			if (ferror(rd->in)) {
				errno = errno != 0 ? errno : EIO;
				return -1;
			}
			return 0;
		}
	}
}

/* The byte offset of a line (0-based) of the held input, or plen. */
static size_t
line_offset(struct report_reader *rd, size_t line)
{
	const unsigned char *nl;

	if (line < rd->at_line)
		rd->at_line = rd->at_off = 0;
	while (rd->at_line < line && rd->at_off < rd->plen) {
		nl = memchr(
		    rd->prefix + rd->at_off, '\n', rd->plen - rd->at_off);
		rd->at_off = nl != NULL ? (size_t)(nl - rd->prefix) + 1 :
					  rd->plen;
		rd->at_line++;
	}
	return rd->at_line == line ? rd->at_off : rd->plen;
}

static const char *
anchor_of(const yaml_event_t *ev)
{
	switch (ev->type) {
	case YAML_SCALAR_EVENT: return (const char *)ev->data.scalar.anchor;
	case YAML_SEQUENCE_START_EVENT:
		return (const char *)ev->data.sequence_start.anchor;
	case YAML_MAPPING_START_EVENT:
		return (const char *)ev->data.mapping_start.anchor;
	default: return NULL;
	}
}

/*
 * Scans the next document by events, before anything is built from it
 * (design.md §6: partials that cannot lie): no alias or anchor, no
 * nesting deeper than the schema's, and the end: trailer its last key;
 * notes the lines its checksum covers.  Returns 1, 0 at the end of the
 * stream, or -1 with d filled.  A YAML error is left to the loader.
 */
static int
scan_partial(struct report_reader *rd, struct diag *d)
{
	yaml_event_t ev;
	bool	     key[PARTIAL_DEPTH + 2], ismap[PARTIAL_DEPTH + 2];
	bool	     seen_end = false, node;
	const char  *a;
	int	     depth = 0, rc = 1;

	if (!rd->whole) {
		rd->whole = true;
		if (slurp(rd) == -1) {
			d->code = DIAG_NONE;
			rd->read_errno = errno;
			return -1;
		}
		if (!yaml_parser_initialize(&rd->scan))
			return oom(d);
		rd->scanning = true;
		yaml_parser_set_input_string(&rd->scan, rd->prefix, rd->plen);
	}
	memset(key, 0, sizeof key);
	memset(ismap, 0, sizeof ismap);
	for (;;) {
		if (!yaml_parser_parse(&rd->scan, &ev))
			return 1; /* the loader says what is wrong */
		node = ev.type == YAML_SCALAR_EVENT ||
		    ev.type == YAML_SEQUENCE_START_EVENT ||
		    ev.type == YAML_MAPPING_START_EVENT;
		if (ev.type == YAML_STREAM_END_EVENT) {
			rc = rd->ndocs > 0 ?
			    0 :
			    fail(d, DIAG_PARTIAL_EMPTY, ev.start_mark,
				"no partial summary: the input "
				"is empty");
			goto out_event;
		}
		if (ev.type == YAML_DOCUMENT_START_EVENT) {
			rd->body_line = ev.start_mark.line +
			    (ev.data.document_start.implicit ? 0 : 1);
			rd->end_line = 0;
		} else if (ev.type == YAML_ALIAS_EVENT) {
			rc = fail(d, DIAG_PARTIAL_BAD_YAML, ev.start_mark,
			    "an "
			    "alias (*%s): a partial summary holds none",
			    (const char *)ev.data.alias.anchor);
			goto out_event;
		} else if ((a = anchor_of(&ev)) != NULL) {
			rc = fail(d, DIAG_PARTIAL_BAD_YAML, ev.start_mark,
			    "an "
			    "anchor (&%s): a partial summary holds none",
			    a);
			goto out_event;
		}
		if (node && depth == 1 && key[1]) {
			if (seen_end) {
				rc = fail(d, DIAG_PARTIAL_BAD_YAML,
				    ev.start_mark,
				    "a key after end: the "
				    "trailer is a partial summary's last key");
				goto out_event;
			}
			if (ev.type == YAML_SCALAR_EVENT &&
			    strcmp((const char *)ev.data.scalar.value, "end") ==
				0) {
				seen_end = true;
				rd->end_line = ev.start_mark.line;
			}
		}
		if (node && depth >= 1 && ismap[depth])
			key[depth] = !key[depth];
		if (ev.type == YAML_SEQUENCE_START_EVENT ||
		    ev.type == YAML_MAPPING_START_EVENT) {
			if (++depth > PARTIAL_DEPTH) {
				rc = fail(d, DIAG_PARTIAL_BAD_YAML,
				    ev.start_mark,
				    "nested deeper than a "
				    "partial summary (%d levels)",
				    PARTIAL_DEPTH);
				goto out_event;
			}
			/* In a mapping, keys and values alternate. */
			ismap[depth] = ev.type == YAML_MAPPING_START_EVENT;
			key[depth] = ismap[depth];
		} else if (ev.type == YAML_SEQUENCE_END_EVENT ||
		    ev.type == YAML_MAPPING_END_EVENT)
			depth--;
		if (ev.type == YAML_DOCUMENT_END_EVENT) {
			/* Told once the document is known to be a partial. */
			rd->ndocs++;
			rd->has_end = seen_end;
			rd->doc_end = ev.start_mark;
			goto out_event;
		}
		yaml_event_delete(&ev);
	}
out_event:
	yaml_event_delete(&ev);
	return rc;
}

/*
 * The trailer (formats/summary.md): its records agree with the header's
 * and the groups', its checksum with the lines it covers.
 */
static int
check_trailer(struct report_reader *rd, const yaml_node_t *root,
    const struct stat_summary *part, struct diag *d)
{
	yaml_node_t *end = get(rd, root, "end"), *n, *c;
	uint64_t     head, tail;
	uint32_t     crc;
	size_t	     from, to;
	const char  *want;
	char	     got[9];

	n = get(rd, root, "records");
	if (n == NULL)
		return fail(d, DIAG_REPORT_INCOMPLETE, root->end_mark,
		    "the "
		    "partial summary has no records");
	if (counter(n, "records", &head, d) == -1)
		return -1;
	if (end == NULL || end->type != YAML_MAPPING_NODE ||
	    (c = get(rd, end, "records")) == NULL ||
	    get(rd, end, "checksum") == NULL)
		return fail(d, DIAG_BAD_VALUE,
		    end != NULL ? end->start_mark : root->end_mark,
		    "end: want {records: N, checksum: "
		    "\"CRC-32\"}");
	if (counter(c, "end: records", &tail, d) == -1)
		return -1;
	if (head != part->records || tail != part->records)
		return fail(d, DIAG_PARTIAL_MISMATCH,
		    head != part->records ? n->start_mark : c->start_mark,
		    "records: %" PRIu64 ", "
		    "but the groups hold %" PRIu64,
		    head != part->records ? head : tail, part->records);
	c = get(rd, end, "checksum");
	from = line_offset(rd, rd->body_line);
	to = line_offset(rd, rd->end_line);
	crc = report_crc32(0, rd->prefix + from, to > from ? to - from : 0);
	snprintf(got, sizeof got, "%08" PRIx32, crc);
	if ((want = text_of(c)) == NULL || strcmp(want, got) != 0)
		return fail(d, DIAG_PARTIAL_CHECKSUM, c->start_mark,
		    "checksum: "
		    "\"%s\", but the lines before sum to \"%s\" (changed "
		    "since written)",
		    want != NULL ? want : "", got);
	return 0;
}

int
report_read_partial(
    struct report_reader *rd, struct stat_summary **s, struct diag *d)
{
	struct stat_summary *part = NULL, *sum = NULL;
	yaml_node_t	    *root, *n, *by;
	yaml_node_item_t    *it;
	const char	    *p;
	size_t		     i;
	int		     rc;

	if (rd->done)
		return 0;
	if ((rc = scan_partial(rd, d)) != 1) {
		if (rc == -1 && d->code == DIAG_NONE)
			errno = rd->read_errno;
		rd->done = true;
		return rc;
	}
	if ((rc = load(rd, d)) != 1)
		return rc;
	rc = -1;
	root = root_of(rd, REPORT_SUMMARY_SCHEMA, "arbiter-report/",
	    "a report, not a partial summary (reports are read without "
	    "--merge)",
	    d);
	if (root == NULL)
		goto out_stop;
	/* Every mapping of a partial is read. */
	for (i = 0; i < rd->nnodes; i++)
		if (unique_keys(rd, &rd->nodes[i], d) == -1)
			goto out_stop;
	n = get(rd, root, "partial");
	if ((p = text_of(n)) == NULL || strcmp(p, "true") != 0) {
		fail(d, DIAG_NOT_PARTIAL, root->start_mark,
		    "a summary without "
		    "its state cannot be merged (write summaries to merge "
		    "with --partial)");
		goto out_stop;
	}
	if (!rd->has_end) {
		fail(d, DIAG_PARTIAL_TRUNCATED, rd->doc_end,
		    "the partial "
		    "summary has no end: trailer: it was cut short");
		goto out_stop;
	}
	by = get(rd, root, "by");
	p = text_of(by);
	if (*s != NULL &&
	    ((*s)->by == NULL ? p != NULL :
				p == NULL || strcmp((*s)->by, p) != 0)) {
		fail(d, DIAG_PARTIAL_MISMATCH,
		    by != NULL ? by->start_mark : root->start_mark,
		    "this partial summary groups by %s, "
		    "the first one by %s",
		    p != NULL ? p : "nothing",
		    (*s)->by != NULL ? (*s)->by : "nothing");
		goto out_stop;
	}
	if ((part = stat_summary_new(p)) == NULL) {
		oom(d);
		goto out_stop;
	}
	n = get(rd, root, "groups");
	if (n == NULL || n->type != YAML_SEQUENCE_NODE) {
		fail(d, DIAG_REPORT_INCOMPLETE, root->end_mark,
		    "the partial "
		    "summary has no list of groups");
		goto out_stop;
	}
	for (it = n->data.sequence.items.start; it < n->data.sequence.items.top;
	     it++)
		if (read_group(rd, node_at(rd, *it), part, d) == -1)
			goto out_stop;
	if (read_covers(rd, root, part, d) == -1 ||
	    check_trailer(rd, root, part, d) == -1)
		goto out_stop;
	n = get(rd, root, "covers");
	for (i = 0; i < part->ncovers; i++) {
		if ((part->cover[i].from = strdup(rd->name)) == NULL) {
			oom(d);
			goto out_stop;
		}
		if (*s != NULL &&
		    cover_check(&part->cover[i], *s, false, n->start_mark, d) ==
			-1)
			goto out_stop;
	}
	n = get(rd, root, "groups");
	/*
	 * Merged into a copy, so that a partial refused here (its sums
	 * overflow) adds nothing either.
	 */
	if ((sum = stat_summary_new(p)) == NULL ||
	    (*s != NULL && stat_merge(sum, *s) == -1) ||
	    stat_merge(sum, part) == -1) {
		if (sum != NULL && errno == EINVAL)
			fail(d, DIAG_PARTIAL_MISMATCH, n->start_mark,
			    "a group's "
			    "colours differ from the same group's elsewhere");
		else if (sum != NULL && errno == EOVERFLOW)
			overflow(d, n->start_mark,
			    "merged with the partials "
			    "before");
		else
			oom(d);
		goto out_stop;
	}
	stat_summary_free(*s);
	*s = sum;
	stat_summary_free(part);
	return 1;

out_stop:
	stat_summary_free(sum);
	stat_summary_free(part);
	rd->done = true;
	return rc;
}
