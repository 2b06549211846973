/* SPDX-License-Identifier: MIT */
/*
 * Reading partial summaries back (formats/summary.md, arbiter-summary/1
 * with partial: true) and merging them: the input is held whole and each
 * document scanned by events before it is loaded (no alias, no anchor, no
 * nesting deeper than the schema, the trailer last), then read (its
 * groups in read-group.c, its covers in read-covers.c), its checksum
 * checked, and merged into the summary so far in place.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "report/read-partial.h"
#include "report/reader.h"
#include "report/report.h"
#include "report/yaml-in.h"

/*
 * The deepest a partial summary nests: root, groups, a group, series, a
 * series, its moments (formats/summary.md).
 */
#define PARTIAL_DEPTH 6

/*
 * Scans the next document by events, before anything is built from it
 * (design.md §6: partials that cannot lie): no alias or anchor, no
 * nesting deeper than the schema's, and the end: trailer its last key;
 * notes the lines its checksum covers.  Returns 1, 0 at the end of the
 * stream, or -1 with d filled.  A YAML error is left to the loader.
 */
/*
 * Holds the input whole and sets the scan's parser on it: 0, or -1 with
 * d filled.
 */
static int
scan_start(struct report_reader *rd, struct diag *d)
{
	rd->whole = true;
	if (yin_hold(&rd->y) == -1) {
		d->code = DIAG_NONE;
		rd->y.read_errno = errno;
		return -1;
	}
	if (!yaml_parser_initialize(&rd->scan))
		return report_reader_oom(d);
	rd->scanning = true;
	yaml_parser_set_input_string(&rd->scan, rd->y.prefix, rd->y.plen);
	return 0;
}

static int
scan_partial(struct report_reader *rd, struct diag *d)
{
	yaml_event_t ev;
	bool	     key[PARTIAL_DEPTH + 2], ismap[PARTIAL_DEPTH + 2];
	bool	     seen_end = false, node;
	const char  *a;
	int	     depth = 0, rc = 1;

	if (!rd->whole && scan_start(rd, d) == -1)
		return -1;
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
			    yin_fail(d, DIAG_PARTIAL_EMPTY, ev.start_mark,
				"no partial summary: the input is empty");
			goto out_event;
		}
		if (ev.type == YAML_DOCUMENT_START_EVENT) {
			rd->body_line = ev.start_mark.line +
			    (ev.data.document_start.implicit ? 0 : 1);
			rd->end_line = 0;
		} else if (ev.type == YAML_ALIAS_EVENT) {
			rc = yin_fail(d, DIAG_PARTIAL_BAD_YAML, ev.start_mark,
			    "an alias (*%s): a partial summary holds none",
			    (const char *)ev.data.alias.anchor);
			goto out_event;
		} else if ((a = yin_event_anchor(&ev)) != NULL) {
			rc = yin_fail(d, DIAG_PARTIAL_BAD_YAML, ev.start_mark,
			    "an anchor (&%s): a partial summary holds none", a);
			goto out_event;
		}
		if (node && depth == 1 && key[1]) {
			if (seen_end) {
				rc = yin_fail(d, DIAG_PARTIAL_BAD_YAML,
				    ev.start_mark,
				    "a key after end: the trailer is a "
				    "partial summary's last key");
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
				rc = yin_fail(d, DIAG_PARTIAL_BAD_YAML,
				    ev.start_mark,
				    "nested deeper than a partial summary "
				    "(%d levels)",
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

/* ---- The rows of a group's lists, read from events ----------------- */

/* How many names and counts a row of each kind holds. */
static const struct {
	unsigned names, counts;
} row_shape[PARTIAL_KINDS] = {
	[PARTIAL_PAIRS] = { 2, 3 },
	[PARTIAL_FORFEITED] = { 1, STAT_CAUSES },
	[PARTIAL_DECIDED] = { 1, 2 },
	[PARTIAL_ANALYSIS] = { 1, STAT_ANALYSIS },
};

static size_t
row_stride(int kind)
{
	return PARTIAL_ROW_AT + row_shape[kind].names + row_shape[kind].counts;
}

void
partial_rows_clear(struct report_reader *rd)
{
	size_t i;

	for (i = 0; i < rd->nlists; i++)
		free(rd->list[i].cell);
	rd->nlists = 0;
	free(rd->names);
	rd->names = NULL;
	rd->nnames = rd->namecap = 0;
	hashmap_fini(&rd->name_at);
	rd->has_item_dup = false;
}

/*
 * yin_stream's is_list: a sequence under pairs, forfeited, decided or
 * analysis of a group (root, groups, a group, the list), the lists that
 * grow with the players (formats/summary.md).
 */
static bool
is_row_list(struct yin *y, void *arg)
{
	(void)arg;
	return y->nopened == 4 &&
	    yin_is(yin_open_node(y, 0), YAML_MAPPING_NODE) &&
	    yin_is(yin_open_node(y, 2), YAML_MAPPING_NODE) &&
	    yin_open_key(y, 1) != NULL &&
	    strcmp(yin_open_key(y, 1), "groups") == 0 &&
	    yin_open_key(y, 3) != NULL &&
	    partial_kind_of(yin_open_key(y, 3)) != -1;
}

/* hashmap_eq_fn: whether the name at offset at of rd->names is key. */
static bool
name_eq(const void *key, size_t at, const void *arg)
{
	const struct report_reader *rd = arg;

	return strcmp(rd->names + at, key) == 0;
}

/*
 * The offset of a name in rd->names, copied there the first time (a
 * player has many rows): 0, or -1.
 */
static int
keep_name(struct report_reader *rd, const char *name, uint64_t *at)
{
	size_t	 len = strlen(name) + 1, v;
	uint64_t h = hashmap_hash(HASHMAP_HASH_INIT, name, len);

	if ((v = hashmap_get(&rd->name_at, h, name, name_eq, rd)) !=
	    HASHMAP_ABSENT) {
		*at = v;
		return 0;
	}
	if (array_grow(&rd->names, &rd->namecap, rd->nnames + len, 1) == -1 ||
	    hashmap_put(&rd->name_at, h, rd->nnames) == -1)
		return -1;
	memcpy(rd->names + rd->nnames, name, len);
	*at = rd->nnames;
	rd->nnames += len;
	return 0;
}

/* A mark in a row's two cells, line and column at most 2^32 - 1. */
static void
put_mark(uint64_t *cell, yaml_mark_t m)
{
	cell[0] = m.index;
	cell[1] = (uint64_t)(m.line < UINT32_MAX ? m.line : UINT32_MAX) << 32 |
	    (m.column < UINT32_MAX ? m.column : UINT32_MAX);
}

/* The list of node id, made (empty, of kind) if new: NULL, or the list. */
static struct partial_list *
list_of(struct report_reader *rd, int id, int kind)
{
	struct partial_list *l;

	if (rd->nlists > 0 && rd->list[rd->nlists - 1].id == id)
		return &rd->list[rd->nlists - 1];
	if (array_grow(&rd->list, &rd->listcap, rd->nlists + 1,
		sizeof *rd->list) == -1)
		return NULL;
	l = &rd->list[rd->nlists++];
	memset(l, 0, sizeof *l);
	l->id = id;
	l->kind = kind;
	return l;
}

int
partial_note_dup(
    struct yin *y, size_t first, bool *has, struct diag *dup, size_t *at)
{
	struct diag d;
	size_t	    i;

	for (i = first; i < y->nnodes && !*has; i++)
		if (yin_unique_keys(y, &y->nodes[i], &d) == -1) {
			if (d.code == DIAG_NONE)
				return -1;
			*has = true;
			*dup = d;
			*at = y->nodes[i].start_mark.index;
		}
	return 0;
}

int
partial_unique_keys(
    struct yin *y, bool has, const struct diag *dup, size_t at, struct diag *d)
{
	size_t i;

	for (i = 0; i < y->nnodes; i++) {
		if (has && y->nodes[i].start_mark.index > at)
			break;
		if (yin_unique_keys(y, &y->nodes[i], d) == -1)
			return -1;
	}
	if (has) {
		*d = *dup;
		return -1;
	}
	return 0;
}

/* yin_stream's item: the item checked and kept as a row. */
static int
take_row(struct yin *y, int list, int item, void *arg)
{
	struct report_reader *rd = arg;
	struct partial_list  *l;
	const yaml_node_t    *c = yin_node(y, item);
	const char	     *name[2];
	uint64_t	      v[STAT_ANALYSIS], *row;
	struct diag	      d;
	unsigned	      i;
	int		      kind;

	kind = partial_kind_of(yin_open_key(y, y->nopened - 1));
	if (partial_note_dup(y, (size_t)item - 1, &rd->has_item_dup,
		&rd->item_dup, &rd->item_dup_at) == -1 ||
	    (l = list_of(rd, list, kind)) == NULL)
		return -1;
	if (l->has_err)
		return 0; /* nothing after a row refused is read */
	if (partial_row_read(y, kind, c, name, v, &d) == -1) {
		if (d.code == DIAG_NONE)
			return -1;
		l->has_err = true;
		l->err = d;
		return 0;
	}
	if (array_grow(&l->cell, &l->cellcap, l->ncells + row_stride(kind),
		sizeof *l->cell) == -1)
		return -1;
	row = l->cell + l->ncells;
	put_mark(row, c->start_mark);
	for (i = 0; i < row_shape[kind].names; i++)
		if (keep_name(rd, name[i], &row[PARTIAL_ROW_AT + i]) == -1)
			return -1;
	memcpy(row + PARTIAL_ROW_AT + i, v, row_shape[kind].counts * sizeof *v);
	l->ncells += row_stride(kind);
	l->nrows++;
	return 0;
}

struct partial_list *
partial_rows(struct yin *y, const yaml_node_t *n)
{
	struct report_reader *rd = y->stream_arg;
	int		      id;
	size_t		      i;

	if (n == NULL || rd == NULL)
		return NULL;
	id = (int)(n - y->nodes) + 1;
	for (i = 0; i < rd->nlists; i++)
		if (rd->list[i].id == id)
			return &rd->list[i];
	return NULL;
}

void
partial_row(struct yin *y, const struct partial_list *l, size_t r,
    struct partial_row *row)
{
	struct report_reader *rd = y->stream_arg;
	const uint64_t	     *c = l->cell + r * row_stride(l->kind);
	unsigned	      i, names = row_shape[l->kind].names;

	row->at = (yaml_mark_t){ (size_t)c[0], (size_t)(c[1] >> 32),
		(size_t)(c[1] & UINT32_MAX) };
	row->name[1] = NULL;
	for (i = 0; i < names; i++)
		row->name[i] = rd->names + c[PARTIAL_ROW_AT + i];
	row->v = c + PARTIAL_ROW_AT + names;
}

/*
 * The trailer (formats/summary.md): its records agree with the header's
 * and the groups', its checksum with the lines it covers.
 */
static int
check_trailer(struct report_reader *rd, const yaml_node_t *root,
    const struct stat_summary *part, struct diag *d)
{
	yaml_node_t *end = yin_get(&rd->y, root, "end"), *n, *c;
	uint64_t     head, tail;
	uint32_t     crc;
	size_t	     from, to;
	const char  *want;
	char	     got[9];

	n = yin_get(&rd->y, root, "records");
	if (n == NULL)
		return yin_fail(d, DIAG_REPORT_INCOMPLETE, root->end_mark,
		    "the partial summary has no records");
	if (partial_counter(n, "records", &head, d) == -1)
		return -1;
	if (end == NULL || end->type != YAML_MAPPING_NODE ||
	    (c = yin_get(&rd->y, end, "records")) == NULL ||
	    yin_get(&rd->y, end, "checksum") == NULL)
		return yin_fail(d, DIAG_BAD_VALUE,
		    end != NULL ? end->start_mark : root->end_mark,
		    "end: want {records: N, checksum: \"CRC-32\"}");
	if (partial_counter(c, "end: records", &tail, d) == -1)
		return -1;
	if (head != part->records || tail != part->records)
		return yin_fail(d, DIAG_PARTIAL_MISMATCH,
		    head != part->records ? n->start_mark : c->start_mark,
		    "records: %" PRIu64 ", "
		    "but the groups hold %" PRIu64,
		    head != part->records ? head : tail, part->records);
	c = yin_get(&rd->y, end, "checksum");
	from = yin_line_offset(&rd->y, rd->body_line);
	to = yin_line_offset(&rd->y, rd->end_line);
	crc = report_crc32(0, rd->y.prefix + from, to > from ? to - from : 0);
	snprintf(got, sizeof got, "%08" PRIx32, crc);
	if ((want = yin_text(c)) == NULL || strcmp(want, got) != 0)
		return yin_fail(d, DIAG_PARTIAL_CHECKSUM, c->start_mark,
		    "checksum: \"%s\", but the lines before sum to \"%s\" "
		    "(changed since written)",
		    want != NULL ? want : "", got);
	return 0;
}

/*
 * The partial's read (how its records were read; NULL: not said) into
 * *read, against that of the partials before (s, or NULL for the first):
 * partials read another way, or by another gamestat, count other things
 * (formats/summary.md, "Covers").  0, or -1 with d filled.
 */
static int
check_read(struct yin *y, const yaml_node_t *root, const struct stat_summary *s,
    const char **read, struct diag *d)
{
	const yaml_node_t *n = yin_get(y, root, "read");
	const char	  *p = n != NULL ? yin_text(n) : NULL;

	if (n != NULL && p == NULL)
		return yin_fail(
		    d, DIAG_BAD_VALUE, n->start_mark, "read: want a string");
	*read = p;
	if (s == NULL ||
	    (s->read == NULL ? p == NULL :
			       p != NULL && strcmp(s->read, p) == 0))
		return 0;
	return yin_fail(d, DIAG_PARTIAL_MISMATCH,
	    n != NULL ? n->start_mark : root->start_mark,
	    "read by %s, but the partials before by %s",
	    p != NULL ? p : "a gamestat that did not say how",
	    s->read != NULL ? s->read : "a gamestat that did not say how");
}

/*
 * What a partial must be before its groups are read: a summary, each key
 * of each mapping once, partial: true, its trailer there, grouped by what
 * the partials before were (s, or NULL for the first); its by into *by.
 * 0, or -1 with d filled.
 */
static int
check_head(struct report_reader *rd, const yaml_node_t *root,
    const struct stat_summary *s, const char **by, struct diag *d)
{
	struct yin	  *y = &rd->y;
	const yaml_node_t *n;
	const char	  *p;

	/*
	 * Every mapping of a partial is read; those of rows were checked as
	 * they were read (take_row), and the first in the document is told.
	 */
	if (partial_unique_keys(
		y, rd->has_item_dup, &rd->item_dup, rd->item_dup_at, d) == -1)
		return -1;
	n = yin_get(y, root, "partial");
	if ((p = yin_text(n)) == NULL || strcmp(p, "true") != 0)
		return yin_fail(d, DIAG_NOT_PARTIAL, root->start_mark,
		    "a summary without its state cannot be merged (write "
		    "summaries to merge with --partial)");
	if (!rd->has_end)
		return yin_fail(d, DIAG_PARTIAL_TRUNCATED, rd->doc_end,
		    "the partial summary has no end: trailer: it was cut short");
	n = yin_get(y, root, "by");
	*by = p = yin_text(n);
	if (s != NULL &&
	    (s->by == NULL ? p != NULL : p == NULL || strcmp(s->by, p) != 0))
		return yin_fail(d, DIAG_PARTIAL_MISMATCH,
		    n != NULL ? n->start_mark : root->start_mark,
		    "this partial summary groups by %s, the first one by %s",
		    p != NULL ? p : "nothing",
		    s->by != NULL ? s->by : "nothing");
	return 0;
}

int
partial_read_errors(struct yin *y, const yaml_node_t *root,
    struct stat_summary *part, struct diag *d)
{
	const yaml_node_t *n = yin_get(y, root, "errors");
	const char	  *p = n != NULL ? yin_text(n) : "false";

	if (p == NULL || (strcmp(p, "true") != 0 && strcmp(p, "false") != 0))
		return yin_fail(d, DIAG_BAD_VALUE, n->start_mark,
		    "errors: want true or false");
	part->errors = strcmp(p, "true") == 0;
	return 0;
}

void
partial_errors_said(struct yin *y, const yaml_node_t *root, struct diag *d)
{
	yin_fail(d, DIAG_PARTIAL_ERRORS, yin_get(y, root, "errors")->start_mark,
	    "errors: true: the run that wrote this partial said errors (it "
	    "exited 1), so its figures count only what it could read; mend "
	    "its input and count it again");
}

/* The partial's groups, covers and trailer, read into part. */
static int
read_body(struct report_reader *rd, const yaml_node_t *root,
    struct stat_summary *part, struct diag *d)
{
	struct yin	  *y = &rd->y;
	const yaml_node_t *n = yin_get(y, root, "groups");
	size_t		   i;

	if (!yin_is(n, YAML_SEQUENCE_NODE))
		return yin_fail(d, DIAG_REPORT_INCOMPLETE, root->end_mark,
		    "the partial summary has no list of groups");
	for (i = 0; i < yin_count(n); i++)
		if (partial_read_group(y, yin_item(y, n, i), part, d) == -1)
			return -1;
	if (partial_read_covers(y, root, part, d) == -1 ||
	    partial_read_errors(y, root, part, d) == -1 ||
	    check_trailer(rd, root, part, d) == -1)
		return -1;
	return 0;
}

int
partial_covers_from(struct yin *y, const yaml_node_t *covers,
    struct stat_summary *part, struct stat_summary *s, struct diag *d)
{
	size_t i;

	for (i = 0; i < part->ncovers; i++) {
		if ((part->cover[i].from = strdup(y->name)) == NULL)
			return report_reader_oom(d);
		if (s != NULL &&
		    partial_cover_check(
			&part->cover[i], s, false, covers->start_mark, d) == -1)
			return -1;
	}
	return 0;
}

/*
 * part merged into *s, in place (the first partial, *s NULL, becomes
 * the summary: its caller's); its covers named for this input and
 * checked against those of *s: 0, or -1 with d filled.  Everything that can
 * refuse part (its covers, colours, sums that overflow) is checked before
 * anything of it is added, so that a partial refused adds nothing, and a
 * merge of N partials takes time in their size, not N times the state's;
 * only memory can fail the addition, and a run out of memory writes
 * nothing (gamestat: no summary after a partial it could not read).
 */
static int
merge(struct yin *y, const yaml_node_t *root, struct stat_summary *part,
    struct stat_summary **s, struct diag *d)
{
	const yaml_node_t *n;

	if (partial_covers_from(y, yin_get(y, root, "covers"), part, *s, d) ==
	    -1)
		return -1;
	n = yin_get(y, root, "groups");
	if (*s != NULL && stat_merge_check(*s, part) == -1) {
		if (errno == EINVAL)
			return yin_fail(d, DIAG_PARTIAL_MISMATCH, n->start_mark,
			    "a group's colours differ from the same group's "
			    "elsewhere");
		return partial_overflow(
		    d, n->start_mark, "merged with the partials before");
	}
	if (*s == NULL)
		return 0; /* the first partial is the summary so far */
	if (stat_merge(*s, part) == -1)
		return report_reader_oom(d);
	return 0;
}

int
report_read_partial(
    struct report_reader *rd, struct stat_summary **s, struct diag *d)
{
	struct stat_summary *part = NULL;
	const yaml_node_t   *root;
	const char	    *by = NULL, *read = NULL;
	unsigned	     asked;
	int		     rc;

	d->code = DIAG_NONE;
	if (rd->y.done)
		return 0;
	if ((rc = scan_partial(rd, d)) != 1) {
		if (rc == -1 && d->code == DIAG_NONE)
			errno = rd->y.read_errno;
		rd->y.done = true;
		return rc;
	}
	partial_rows_clear(rd);
	yin_stream(&rd->y, is_row_list, take_row, rd);
	if ((rc = yin_load(&rd->y, d)) != 1)
		return rc;
	root = report_reader_root(&rd->y, REPORT_SUMMARY_SCHEMA,
	    "arbiter-report/",
	    "a report, not a partial summary (reports are read without "
	    "--merge)",
	    d);
	if (root == NULL || check_head(rd, root, *s, &by, d) == -1 ||
	    check_read(&rd->y, root, *s, &read, d) == -1 ||
	    partial_read_asked(&rd->y, root, *s, &asked, d) == -1)
		goto out_stop;
	if ((part = stat_summary_new(by)) == NULL ||
	    stat_set_read(part, read) == -1) {
		report_reader_oom(d);
		goto out_stop;
	}
	part->figures = asked;
	if (read_body(rd, root, part, d) == -1)
		goto out_stop;
	/* The rows were added: what merge keeps is of part's size. */
	partial_rows_clear(rd);
	if (merge(&rd->y, root, part, s, d) == -1)
		goto out_stop;
	/* Merged, and said: the merge fails as the run did. */
	if (part->errors)
		partial_errors_said(&rd->y, root, d);
	if (*s == NULL)
		*s = part;
	else
		stat_summary_free(part);
	return 1;

out_stop:
	stat_summary_free(part);
	rd->y.done = true;
	return -1;
}
