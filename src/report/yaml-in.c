/* SPDX-License-Identifier: MIT */
/*
 * The YAML layer's reader (yaml-in.h): libyaml's parser reads the events,
 * and each document is built from them as libyaml's loader would build it
 * (composer errors and all), into arrays kept from one document to the
 * next; the root mapping's keys are indexed, as a report is asked a dozen
 * of them.  What a document must hold is the schemas' business.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "report/report.h"
#include "report/yaml-in.h"
#include "util/util.h"

static int
read_input(void *data, unsigned char *buf, size_t size, size_t *got)
{
	struct yin *y = data;
	size_t	    n;

	if (y->ppos < y->plen) {
		n = y->plen - y->ppos < size ? y->plen - y->ppos : size;
		memcpy(buf, y->prefix + y->ppos, n);
		y->ppos += n;
		*got = n;
		return 1;
	}
	n = fread(buf, 1, size, y->in);
	if (n == 0 && ferror(y->in)) {
		y->read_errno = errno != 0 ? errno : EIO;
		return 0;
	}
	*got = n;
	return 1;
}

int
yin_init(
    struct yin *y, FILE *in, const char *name, const void *prefix, size_t len)
{
	memset(y, 0, sizeof *y);
	y->in = in;
	y->name = strdup(name);
	y->prefix = malloc(len + 1);
	if (y->name == NULL || y->prefix == NULL)
		goto out_free;
	if (len > 0)
		memcpy(y->prefix, prefix, len);
	y->plen = len;
	if (!yaml_parser_initialize(&y->parser))
		goto out_free;
	yaml_parser_set_input(&y->parser, read_input, y);
	hashmap_init(&y->keys);
	return 0;

out_free:
	free(y->prefix);
	free(y->name);
	y->prefix = NULL;
	y->name = NULL;
	return -1;
}

void
yin_fini(struct yin *y)
{
	hashmap_fini(&y->keys);
	free(y->nodes);
	free(y->pairs);
	free(y->items);
	free(y->text);
	free(y->span);
	free(y->open);
	free(y->opened);
	yaml_parser_delete(&y->parser);
	free(y->prefix);
	free(y->name);
}

int
yin_fail(
    struct diag *d, enum diag_code code, yaml_mark_t at, const char *fmt, ...)
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

const char *
yin_event_anchor(const yaml_event_t *ev)
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
 * What no report or summary holds, refused on its event before anything
 * is built from it (formats/report.md, "Reading reports"): an alias or
 * an anchor, which would let a few bytes stand for a big tree, a merge
 * key (<<), which YAML 1.1 readers expand and libyaml does not, so that
 * two readers would count it two ways, and nesting deeper than
 * YIN_DEPTH, which every schema is well within and where libyaml's
 * scanner takes time growing with the square of the depth.  0, or -1
 * with y->refused filled.
 */
static int
refuse(struct yin *y, const yaml_event_t *ev)
{
	const yaml_node_t *parent;
	const char	  *a;
	size_t		   at;

	if (ev->type == YAML_ALIAS_EVENT)
		return yin_fail(&y->refused, DIAG_REPORT_BAD_YAML,
		    ev->start_mark, "an alias (*%s): no report holds one",
		    (const char *)ev->data.alias.anchor);
	if ((a = yin_event_anchor(ev)) != NULL)
		return yin_fail(&y->refused, DIAG_REPORT_BAD_YAML,
		    ev->start_mark, "an anchor (&%s): no report holds one", a);
	if ((ev->type == YAML_SEQUENCE_START_EVENT ||
		ev->type == YAML_MAPPING_START_EVENT) &&
	    y->nopened >= YIN_DEPTH)
		return yin_fail(&y->refused, DIAG_REPORT_BAD_YAML,
		    ev->start_mark,
		    "nested deeper than %d levels: no report or summary is",
		    YIN_DEPTH);
	if (ev->type != YAML_SCALAR_EVENT || y->nopened == 0 ||
	    ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE ||
	    strcmp((const char *)ev->data.scalar.value, "<<") != 0)
		return 0;
	/* A key: an even number of entries before it in a mapping. */
	at = y->opened[y->nopened - 1];
	parent = &y->nodes[y->open[at] - 1];
	if (parent->type == YAML_MAPPING_NODE && (y->nopen - at - 1) % 2 == 0)
		return yin_fail(&y->refused, DIAG_REPORT_BAD_YAML,
		    ev->start_mark,
		    "a merge key (<<): no report holds one, and YAML readers "
		    "differ on what it means");
	return 0;
}

/*
 * A node's stack of libyaml's (start, top, end) over its entries of base
 * (the document's pairs or items) that sp says; the pairs and the items
 * are two types of one shape.  An array not yet made (a first document
 * whose lists or mappings are all empty) is NULL, and an offset of NULL,
 * even of 0, is undefined behaviour: an empty node's pairs or items are
 * NULL to NULL, whatever the arrays.
 */
#define SET_STACK(st, base, sp) \
	do { \
		(st).start = (st).top = NULL; \
		if ((sp)->n > 0) { \
			(st).start = (base) + (sp)->first; \
			(st).top = (st).start + (sp)->n; \
		} \
		(st).end = (st).top; \
	} while (0)

/*
 * Each node is pointed at its text, pairs or items as it is made (a
 * collection when it ends, empty while it is open), so that a document
 * is ready when its last event is read; when one of the arrays grows and
 * moves, which past the first documents it does not, every node made is
 * pointed again.
 */
static void
point_nodes(struct yin *y)
{
	yaml_node_t	*n;
	struct yin_span *sp;
	size_t		 i;

	for (i = 0; i < y->nnodes; i++) {
		n = &y->nodes[i];
		sp = &y->span[i];
		switch (n->type) {
		case YAML_SCALAR_NODE:
			n->data.scalar.value = (yaml_char_t *)y->text +
			    sp->first;
			break;
		case YAML_MAPPING_NODE:
			SET_STACK(n->data.mapping.pairs, y->pairs, sp);
			break;
		case YAML_SEQUENCE_NODE:
			SET_STACK(n->data.sequence.items, y->items, sp);
			break;
		default: break;
		}
	}
}

/* array_grow of the text, pairs or items, the nodes pointed again. */
static int
grow_data(struct yin *y, void *pp, size_t *cap, size_t need, size_t size)
{
	if (array_grow(pp, cap, need, size) == -1)
		return -1;
	point_nodes(y);
	return 0;
}

/*
 * Whether refuse() need look at the event: most are a plain scalar or a
 * collection without an anchor, within the depth, and not "<<".
 */
static inline bool
may_refuse(const struct yin *y, const yaml_event_t *ev)
{
	const yaml_char_t *v;

	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		v = ev->data.scalar.value;
		return ev->data.scalar.anchor != NULL ||
		    (v[0] == '<' && v[1] == '<' && v[2] == '\0');
	case YAML_SEQUENCE_START_EVENT:
		return ev->data.sequence_start.anchor != NULL ||
		    y->nopened >= YIN_DEPTH;
	case YAML_MAPPING_START_EVENT:
		return ev->data.mapping_start.anchor != NULL ||
		    y->nopened >= YIN_DEPTH;
	case YAML_ALIAS_EVENT: return true;
	default: return false;
	}
}

/*
 * Room for one more node and its span, the two arrays grown together:
 * 0, or -1.  Past the first documents it is never called.
 */
static int
grow_nodes(struct yin *y)
{
	size_t cap = y->nodecap;

	if (y->nnodes >= INT_MAX - 1 ||
	    array_grow(&y->nodes, &cap, y->nnodes + 1, sizeof *y->nodes) == -1)
		return -1;
	y->nodecap = cap;
	if (array_grow(&y->span, &y->spancap, cap, sizeof *y->span) == -1)
		return -1;
	return 0;
}

/*
 * A new node of the event; its id (1-based), or -1.  Only what a reader
 * looks at is set (its data by the caller): a node is
 * made for every event, and clearing the whole of one cost more than
 * the rest of it.
 */
static inline int
add_node(struct yin *y, yaml_node_type_t type, const yaml_event_t *ev)
{
	yaml_node_t *n;

	if ((y->nnodes >= y->nodecap || y->nnodes >= y->spancap) &&
	    grow_nodes(y) == -1)
		return -1;
	n = &y->nodes[y->nnodes];
	n->type = type;
	n->tag = NULL;
	n->start_mark = ev->start_mark;
	n->end_mark = ev->end_mark;
	return (int)++y->nnodes;
}

/* Puts node id in the open collection, if any: 0, or -1. */
static inline int
add_to_parent(struct yin *y, int id)
{
	if (y->nopened == 0)
		return 0;
	if (y->nopen >= y->opencap &&
	    array_grow(&y->open, &y->opencap, y->nopen + 1, sizeof *y->open) ==
		-1)
		return -1;
	y->open[y->nopen++] = id;
	return 0;
}

/*
 * After a node is complete: where it is an item of the list streamed, it
 * is handed over and dropped with its subtree (yin_stream).  0, or -1.
 */
static int
hand_item(struct yin *y)
{
	int list, item, rc;

	list = y->open[y->opened[y->nopened - 1]];
	item = y->open[y->nopen - 1];
	rc = y->stream_item(y, list, item, y->stream_arg);
	y->nnodes = (size_t)item - 1;
	y->ntext = y->base_text;
	y->npairs = y->base_pairs;
	y->nitems = y->base_items;
	y->nopen--;
	return rc;
}

static inline int
item_done(struct yin *y)
{
	if (y->stream_level == 0 || y->nopened != y->stream_level)
		return 0;
	return hand_item(y);
}

void
yin_stream(struct yin *y, bool (*is_list)(struct yin *, void *),
    int (*item)(struct yin *, int, int, void *), void *arg)
{
	y->stream_list = is_list;
	y->stream_item = item;
	y->stream_arg = arg;
}

const yaml_node_t *
yin_open_node(const struct yin *y, size_t level)
{
	return level < y->nopened ? &y->nodes[y->open[y->opened[level]] - 1] :
				    NULL;
}

const char *
yin_open_key(const struct yin *y, size_t level)
{
	const yaml_node_t *parent = yin_open_node(y, level - 1);
	size_t		   at;
	int		   key;

	if (level == 0 || level >= y->nopened || parent == NULL ||
	    parent->type != YAML_MAPPING_NODE)
		return NULL;
	/*
	 * The collection is an entry of its parent (at), and its own id
	 * again heads its entries; in a mapping, keys and values alternate
	 * after the mapping's own id.
	 */
	at = y->opened[level] - 1;
	if ((at - y->opened[level - 1] - 1) % 2 != 1)
		return NULL;
	key = y->open[at - 1];
	if (y->nodes[key - 1].type != YAML_SCALAR_NODE)
		return NULL;
	return (const char *)y->nodes[key - 1].data.scalar.value;
}

/* A scalar's node, its text copied: 0, or -1. */
static int
add_scalar(struct yin *y, yaml_event_t *ev)
{
	yaml_node_t *n;
	size_t	     len = ev->data.scalar.length;
	int	     id;

	if (len >= y->textcap - y->ntext &&
	    (len >= SIZE_MAX - y->ntext ||
		grow_data(y, &y->text, &y->textcap, y->ntext + len + 1, 1) ==
		    -1))
		return -1;
	if ((id = add_node(y, YAML_SCALAR_NODE, ev)) == -1)
		return -1;
	memcpy(y->text + y->ntext, ev->data.scalar.value, len);
	y->text[y->ntext + len] = '\0';
	n = &y->nodes[id - 1];
	n->data.scalar.value = (yaml_char_t *)y->text + y->ntext;
	n->data.scalar.length = len;
	n->data.scalar.style = ev->data.scalar.style;
	y->span[id - 1] = (struct yin_span){ y->ntext, len };
	y->ntext += len + 1;
	if (add_to_parent(y, id) == -1)
		return -1;
	return item_done(y);
}

/* A sequence's or mapping's node, opened: 0, or -1. */
static int
open_collection(struct yin *y, yaml_event_t *ev)
{
	yaml_node_t *n;
	int	     id;

	id = add_node(y,
	    ev->type == YAML_MAPPING_START_EVENT ? YAML_MAPPING_NODE :
						   YAML_SEQUENCE_NODE,
	    ev);
	if (id == -1)
		return -1;
	n = &y->nodes[id - 1];
	/* Empty while it is open (point_nodes). */
	y->span[id - 1] = (struct yin_span){ 0, 0 };
	if (ev->type == YAML_MAPPING_START_EVENT) {
		n->data.mapping.style = ev->data.mapping_start.style;
		SET_STACK(n->data.mapping.pairs, y->pairs, &y->span[id - 1]);
	} else {
		n->data.sequence.style = ev->data.sequence_start.style;
		SET_STACK(n->data.sequence.items, y->items, &y->span[id - 1]);
	}
	if (add_to_parent(y, id) == -1 ||
	    (y->nopened >= y->openedcap &&
		array_grow(&y->opened, &y->openedcap, y->nopened + 1,
		    sizeof *y->opened) == -1) ||
	    (y->nopen >= y->opencap &&
		array_grow(&y->open, &y->opencap, y->nopen + 1,
		    sizeof *y->open) == -1))
		return -1;
	/* The collection's own id first, its entries after it. */
	y->opened[y->nopened++] = y->nopen;
	y->open[y->nopen++] = id;
	if (ev->type == YAML_SEQUENCE_START_EVENT && y->stream_list != NULL &&
	    y->stream_level == 0 && y->stream_list(y, y->stream_arg)) {
		y->stream_level = y->nopened;
		y->base_text = y->ntext;
		y->base_pairs = y->npairs;
		y->base_items = y->nitems;
	}
	return 0;
}

/* The innermost open collection closed, its entries in place: 0, or -1. */
static int
close_collection(struct yin *y, yaml_event_t *ev)
{
	yaml_node_t *n;
	size_t	     i, len, from;
	int	     id;

	from = y->opened[--y->nopened];
	id = y->open[from];
	n = &y->nodes[id - 1];
	n->end_mark = ev->end_mark;
	len = y->nopen - from - 1;
	if (n->type == YAML_MAPPING_NODE) {
		if (y->npairs + len / 2 > y->paircap &&
		    grow_data(y, &y->pairs, &y->paircap, y->npairs + len / 2,
			sizeof *y->pairs) == -1)
			return -1;
		y->span[id - 1] = (struct yin_span){ y->npairs, len / 2 };
		for (i = 0; i + 1 < len; i += 2)
			y->pairs[y->npairs++] = (yaml_node_pair_t){
				y->open[from + 1 + i], y->open[from + 2 + i]
			};
		SET_STACK(n->data.mapping.pairs, y->pairs, &y->span[id - 1]);
	} else {
		if (y->nitems + len > y->itemcap &&
		    grow_data(y, &y->items, &y->itemcap, y->nitems + len,
			sizeof *y->items) == -1)
			return -1;
		y->span[id - 1] = (struct yin_span){ y->nitems, len };
		for (i = 0; i < len; i++)
			y->items[y->nitems++] = y->open[from + 1 + i];
		SET_STACK(n->data.sequence.items, y->items, &y->span[id - 1]);
	}
	y->nopen = from;
	if (y->stream_level == y->nopened + 1)
		y->stream_level = 0; /* the list streamed ended */
	return item_done(y);
}

/* The event's node, as yaml_parser_load_node would add it: 0, or -1. */
static int
add_event(struct yin *y, yaml_event_t *ev)
{
	switch (ev->type) {
	case YAML_SCALAR_EVENT: return add_scalar(y, ev);
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT: return open_collection(y, ev);
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT: return close_collection(y, ev);
	default: return 0;
	}
}

/* Where a key of the root mapping starts its search in root_slot. */
static unsigned
key_slot(const char *k)
{
	return ((unsigned char)k[0] * 31u + (unsigned char)k[1]) %
	    YIN_ROOT_SLOTS;
}

/* Fills root_slot, where the root is a mapping of not too many keys. */
static void
index_root(struct yin *y)
{
	const yaml_node_t *root = y->nodes;
	yaml_node_pair_t  *p;
	const char	  *k, *q;
	size_t		   n;
	unsigned	   h;

	y->root_indexed = false;
	y->root_dup = 0;
	if (root->type != YAML_MAPPING_NODE)
		return;
	n = (size_t)(root->data.mapping.pairs.top -
	    root->data.mapping.pairs.start);
	if (n > YIN_ROOT_SLOTS / 2)
		return;
	memset(y->root_slot, 0, sizeof y->root_slot);
	for (p = root->data.mapping.pairs.start;
	     p < root->data.mapping.pairs.top; p++) {
		if ((k = yin_text(yin_node(y, p->key))) == NULL)
			continue;
		for (h = key_slot(k); y->root_slot[h] != 0;
		     h = (h + 1) % YIN_ROOT_SLOTS) {
			q = y->root_key[h];
			if (q[0] == k[0] && strcmp(q, k) == 0)
				break;
		}
		if (y->root_slot[h] == 0) {
			y->root_slot[h] = (int)(p -
					      root->data.mapping.pairs.start) +
			    1;
			y->root_key[h] = k;
		} else if (y->root_dup == 0)
			y->root_dup = (int)(p -
					  root->data.mapping.pairs.start) +
			    1;
	}
	y->root_indexed = true;
}

static void
fix_document(struct yin *y)
{
	y->doc.nodes.start = y->nodes;
	y->doc.nodes.top = y->nodes + y->nnodes;
	y->doc.nodes.end = y->doc.nodes.top;
	index_root(y);
}

/*
 * Builds the next document from the parser's events, as yaml_parser_load
 * would: 1, 0 at the end of the stream, or -1 with the parser's error set
 * (errno ENOMEM where memory ran out).
 */
static int
build(struct yin *y)
{
	yaml_parser_t *p = &y->parser;
	yaml_event_t   ev;
	int	       rc = -1;

	y->nnodes = y->npairs = y->nitems = y->ntext = 0;
	y->nopen = y->nopened = 0;
	y->stream_level = 0;
	y->has_refused = false;
	memset(&y->doc, 0, sizeof y->doc);
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
	y->doc.start_mark = ev.start_mark;
	yaml_event_delete(&ev);
	for (;;) {
		if (!yaml_parser_parse(p, &ev))
			return -1;
		if (ev.type == YAML_DOCUMENT_END_EVENT) {
			y->doc.end_mark = ev.end_mark;
			rc = 1;
			break;
		}
		if (may_refuse(y, &ev) && refuse(y, &ev) == -1) {
			y->has_refused = true;
			break;
		}
		if (add_event(y, &ev) == -1) {
			if (p->error == YAML_NO_ERROR)
				p->error = YAML_MEMORY_ERROR;
			break;
		}
		yaml_event_delete(&ev);
	}
	yaml_event_delete(&ev);
	if (rc == 1)
		fix_document(y);
	return rc;
}

/* Loads the next document: 1, 0 at the end of the stream, -1. */
int
yin_load(struct yin *y, struct diag *d)
{
	yaml_parser_t *p = &y->parser;
	int	       rc;

	if (y->done)
		return 0;
	if ((rc = build(y)) == -1) {
		y->done = true;
		if (y->has_refused) {
			*d = y->refused;
			return -1;
		}
		d->code = DIAG_NONE;
		if (p->error == YAML_MEMORY_ERROR) {
			errno = ENOMEM;
			return -1;
		}
		if (p->error == YAML_READER_ERROR && y->read_errno != 0) {
			errno = y->read_errno;
			return -1;
		}
		if (p->error == YAML_READER_ERROR)
			return yin_fail(d, DIAG_YAML_SYNTAX,
			    (yaml_mark_t){ p->problem_offset, 0, 0 },
			    "invalid YAML: %s", p->problem);
		return yin_fail(d, DIAG_YAML_SYNTAX, p->problem_mark,
		    "invalid YAML: %s%s%s", p->problem,
		    p->context != NULL ? " " : "",
		    p->context != NULL ? p->context : "");
	}
	/* A document without a node is no document: the end, as before. */
	if (rc == 0 || y->nnodes == 0) {
		y->done = true;
		return 0;
	}
	return 1;
}

yaml_node_t *
yin_get(struct yin *y, const yaml_node_t *map, const char *key)
{
	yaml_node_pair_t *p;
	const char	 *k;
	unsigned	  h;

	if (map == NULL || map->type != YAML_MAPPING_NODE)
		return NULL;
	if (map == y->nodes && y->root_indexed) {
		for (h = key_slot(key); y->root_slot[h] != 0;
		     h = (h + 1) % YIN_ROOT_SLOTS) {
			k = y->root_key[h];
			if (k[0] == key[0] && strcmp(k, key) == 0)
				return yin_node(y,
				    map->data.mapping.pairs
					.start[y->root_slot[h] - 1]
					.value);
		}
		return NULL;
	}
	for (p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top;
	     p++) {
		k = yin_text(yin_node(y, p->key));
		if (k != NULL && k[0] == key[0] && strcmp(k, key) == 0)
			return yin_node(y, p->value);
	}
	return NULL;
}

/* A key given again: bad-value at it. */
static int
dup_pair(struct yin *y, const yaml_node_pair_t *p, struct diag *d)
{
	const yaml_node_t *k = yin_node(y, p->key);

	return yin_fail(d, DIAG_BAD_VALUE, k->start_mark,
	    "%s: a key given twice in one mapping (YAML keys are unique)",
	    (const char *)k->data.scalar.value);
}

/*
 * A pair's key as text, a null's text ("~") included, or NULL for a key
 * that is no scalar.
 */
static inline const char *
scalar_key(struct yin *y, const yaml_node_pair_t *p)
{
	const yaml_node_t *k = yin_node(y, p->key);

	return k != NULL && k->type == YAML_SCALAR_NODE ?
	    (const char *)k->data.scalar.value :
	    NULL;
}

struct key_of {
	struct yin	       *y;
	const yaml_node_pair_t *pairs;
};

/* hashmap_eq_fn: whether pair value of a mapping has the key. */
static bool
key_eq(const void *key, size_t value, const void *arg)
{
	const struct key_of *ko = arg;

	return strcmp(scalar_key(ko->y, &ko->pairs[value]), key) == 0;
}

/*
 * Whether a mapping (or NULL, or a node that is no mapping) has each key
 * once: 0, or -1 with bad-value at the second of a key given twice.  YAML
 * wants keys unique, and readers differ on which of two wins (PyYAML
 * takes the last, yin_get() the first): a report that two readers count two
 * ways is refused.  A small mapping (every one a report holds but its
 * root, which index_root checks, and its tags) is compared pair by pair;
 * a big one through a hash, so that a mapping of many keys stays linear.
 */
#define SMALL_MAP 8
int
yin_unique_keys(struct yin *y, const yaml_node_t *map, struct diag *d)
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
			if ((k = scalar_key(y, p)) == NULL)
				continue;
			bit = (uint64_t)1 << ((unsigned char)k[0] & 63);
			for (q = start; (seen & bit) != 0 && q < p; q++)
				if ((o = scalar_key(y, q)) != NULL &&
				    o[0] == k[0] && strcmp(o, k) == 0)
					return dup_pair(y, p, d);
			seen |= bit;
		}
		return 0;
	}
	ko = (struct key_of){ y, start };
	hashmap_clear(&y->keys);
	for (p = start; p < top; p++) {
		if ((k = scalar_key(y, p)) == NULL)
			continue;
		h = hashmap_hash(HASHMAP_HASH_INIT, k, strlen(k));
		if (hashmap_get(&y->keys, h, k, key_eq, &ko) != HASHMAP_ABSENT)
			return dup_pair(y, p, d);
		if (hashmap_put(&y->keys, h, (size_t)(p - start)) == -1) {
			d->code = DIAG_NONE;
			return -1;
		}
	}
	return 0;
}

/* unique_keys for the root, from what index_root found when it could. */
int
yin_unique_root(struct yin *y, struct diag *d)
{
	if (!y->root_indexed)
		return yin_unique_keys(y, yin_root(y), d);
	if (y->root_dup != 0)
		return yin_dup_key(y, yin_root(y), (size_t)y->root_dup - 1, d);
	return 0;
}

int
yin_dup_key(struct yin *y, const yaml_node_t *map, size_t i, struct diag *d)
{
	return dup_pair(y, &map->data.mapping.pairs.start[i], d);
}

/* A whole decimal number, signed when neg is allowed. */
int
yin_number(const yaml_node_t *n, const char *what, bool neg, long long *v,
    struct diag *d)
{
	const char *s = yin_text(n);
	char	   *end;
	long long   x;
	size_t	    i;

	if (s == NULL || !((*s >= '0' && *s <= '9') || (neg && *s == '-')))
		goto out_bad;
	/*
	 * Most are a few digits: added up here, as strtoll would, where
	 * they cannot overflow (18 digits); the rest are strtoll's.
	 */
	for (i = 0, x = 0; i < 18 && s[i] >= '0' && s[i] <= '9'; i++)
		x = x * 10 + (s[i] - '0');
	if (i > 0 && s[i] == '\0') {
		*v = x;
		return 0;
	}
	errno = 0;
	*v = strtoll(s, &end, 10);
	if (errno == 0 && *end == '\0')
		return 0;
out_bad:
	return yin_fail(d, DIAG_BAD_VALUE, n->start_mark,
	    "%s: \"%s\" is not a whole number%s", what, s != NULL ? s : "",
	    neg ? "" : " of zero or more");
}

/*
 * A count of a partial summary: a whole number up to STAT_COUNT_MAX, the
 * schema's range (a longer one is partial-overflow, not a typo).
 */
int
yin_hold(struct yin *y)
{
	size_t cap = y->plen + 1, n; /* as yin_init took */

	for (;;) {
		if (array_grow(&y->prefix, &cap, y->plen + 4096, 1) == -1)
			return -1;
		n = fread(y->prefix + y->plen, 1, cap - y->plen, y->in);
		y->plen += n;
		if (n == 0) {
			if (ferror(y->in)) {
				errno = errno != 0 ? errno : EIO;
				return -1;
			}
			return 0;
		}
	}
}

size_t
yin_line_offset(struct yin *y, size_t line)
{
	const unsigned char *nl;

	if (line < y->at_line)
		y->at_line = y->at_off = 0;
	while (y->at_line < line && y->at_off < y->plen) {
		nl = memchr(y->prefix + y->at_off, '\n', y->plen - y->at_off);
		y->at_off = nl != NULL ? (size_t)(nl - y->prefix) + 1 : y->plen;
		y->at_line++;
	}
	return y->at_line == line ? y->at_off : y->plen;
}
