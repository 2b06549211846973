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
	size_t		   i;

	/* Every mapping of a partial is read. */
	for (i = 0; i < y->nnodes; i++)
		if (yin_unique_keys(y, &y->nodes[i], d) == -1)
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
	    check_trailer(rd, root, part, d) == -1)
		return -1;
	return 0;
}

/*
 * part merged into *s, in place, or, for the first partial (*s NULL),
 * into a new summary *s; its covers named for this input and checked
 * against those of *s: 0, or -1 with d filled.  Everything that can
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
	const yaml_node_t *n = yin_get(y, root, "covers");
	size_t		   i;

	for (i = 0; i < part->ncovers; i++) {
		if ((part->cover[i].from = strdup(y->name)) == NULL)
			return report_reader_oom(d);
		if (*s != NULL &&
		    partial_cover_check(
			&part->cover[i], *s, false, n->start_mark, d) == -1)
			return -1;
	}
	n = yin_get(y, root, "groups");
	if (*s != NULL && stat_merge_check(*s, part) == -1) {
		if (errno == EINVAL)
			return yin_fail(d, DIAG_PARTIAL_MISMATCH, n->start_mark,
			    "a group's colours differ from the same group's "
			    "elsewhere");
		return partial_overflow(
		    d, n->start_mark, "merged with the partials before");
	}
	if (*s == NULL && (*s = stat_summary_new(part->by)) == NULL)
		return report_reader_oom(d);
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

	if (rd->y.done)
		return 0;
	if ((rc = scan_partial(rd, d)) != 1) {
		if (rc == -1 && d->code == DIAG_NONE)
			errno = rd->y.read_errno;
		rd->y.done = true;
		return rc;
	}
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
	if (read_body(rd, root, part, d) == -1 ||
	    merge(&rd->y, root, part, s, d) == -1)
		goto out_stop;
	stat_summary_free(part);
	return 1;

out_stop:
	stat_summary_free(part);
	rd->y.done = true;
	return -1;
}
