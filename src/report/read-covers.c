/* SPDX-License-Identifier: MIT */
/*
 * What a partial summary covers (formats/summary.md, "Covers"): the lists
 * of inputs, by shard, that its records were counted from, read and
 * checked against each other, so that an input counted twice, in one
 * partial or across the partials merged, is refused.
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
 * Whether the cover last added to s names a file that a cover of s names
 * in another version (stat_cover_version): -1 with d filled if so.
 */
static int
version_check(const struct stat_summary *s, yaml_mark_t at, struct diag *d)
{
	const struct stat_cover *c = &s->cover[s->ncovers - 1], *o;
	const struct stat_input *a, *b;
	size_t			 other, in, oin;

	if (stat_cover_version(s, &other, &in, &oin) == 0)
		return 0;
	o = &s->cover[other];
	a = &c->input[in];
	b = &o->input[oin];
	return yin_fail(d, DIAG_PARTIAL_DUPLICATE, at,
	    "%s of %" PRIu64 " bytes (CRC-32 %08" PRIx32 "), but %s counted "
	    "%s of %" PRIu64 " bytes (CRC-32 %08" PRIx32 "): two versions of "
	    "one file (it changed between the runs)",
	    a->name, a->bytes, a->crc,
	    o->from != NULL ? o->from : "this partial", b->name, b->bytes,
	    b->crc);
}

int
partial_cover_check(const struct stat_cover *c, struct stat_summary *s,
    bool keep, yaml_mark_t at, struct diag *d)
{
	const struct stat_cover *o;
	struct stat_cover	*to;
	enum stat_conflict	 why;
	char			 in[128], sh[64], osh[64];
	size_t			 i, other = 0, again = 0;
	int			 rc = 0;

	/* One input twice in a list counted its records twice. */
	if ((rc = stat_cover_repeat(c, &other, &again)) == -1)
		return report_reader_oom(d);
	if (rc == 1) {
		shard_text(c, sh, sizeof sh);
		return yin_fail(d, DIAG_PARTIAL_DUPLICATE, at,
		    "%s of a list that names %s twice (inputs %zu and %zu): "
		    "its records were counted twice",
		    sh, c->input[other].name, other + 1, again + 1);
	}
	if ((to = stat_cover_add(s, c->k, c->n, c->from)) == NULL)
		return report_reader_oom(d);
	for (i = 0; i < c->ninputs; i++)
		if (stat_cover_input(to, c->input[i].name, c->input[i].bytes,
			c->input[i].crc) == -1) {
			stat_cover_drop(s);
			return report_reader_oom(d);
		}
	if (version_check(s, at, d) == -1) {
		stat_cover_drop(s);
		return -1;
	}
	why = stat_cover_conflict(s, &other);
	o = &s->cover[other];
	inputs_text(c, in, sizeof in);
	shard_text(c, sh, sizeof sh);
	shard_text(o, osh, sizeof osh);
	switch (why) {
	case STAT_CONFLICT_NONE: break;
	case STAT_CONFLICT_SAME:
		rc = yin_fail(d, DIAG_PARTIAL_DUPLICATE, at,
		    "%s of %s again: %s holds it too", sh, in,
		    o->from != NULL ? o->from : "this partial");
		break;
	case STAT_CONFLICT_OVERLAP:
		rc = yin_fail(d, DIAG_PARTIAL_DUPLICATE, at,
		    "%s of %s overlaps %s in %s", sh, in, osh,
		    o->from != NULL ? o->from : "this partial");
		break;
	case STAT_CONFLICT_SHARED:
		rc = yin_fail(d, DIAG_PARTIAL_DUPLICATE, at,
		    "%s: %s counts records of these inputs in another list", in,
		    o->from != NULL ? o->from : "this partial");
		break;
	case STAT_CONFLICT_SPLIT:
		rc = yin_fail(d, DIAG_PARTIAL_MISMATCH, at,
		    "%s of %s, but %s splits them into %lu shards", sh, in,
		    o->from != NULL ? o->from : "this partial", o->n);
		break;
	}
	if (rc == -1 || !keep)
		stat_cover_drop(s);
	else if (stat_cover_done(s) == -1)
		return report_reader_oom(d);
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
 * One input of a cover, [name, bytes, "CRC-32"], added to cv: 0, or -1
 * with d filled.
 */
static int
read_input(
    struct yin *y, const yaml_node_t *c, struct stat_cover *cv, struct diag *d)
{
	const char *name, *hex;
	uint64_t    bytes;

	if (!yin_is_list(c, 3) ||
	    (name = yin_text(yin_item(y, c, 0))) == NULL ||
	    (hex = yin_text(yin_item(y, c, 2))) == NULL || strlen(hex) != 8 ||
	    hex[strspn(hex, "0123456789abcdef")] != '\0')
		return yin_fail(d, DIAG_BAD_VALUE, c->start_mark,
		    "covers: an input is [name, bytes, \"CRC-32\"]");
	if (partial_counter(yin_item(y, c, 1), "covers: bytes", &bytes, d) ==
	    -1)
		return -1;
	if (stat_cover_input(
		cv, name, bytes, (uint32_t)strtoul(hex, NULL, 16)) == -1)
		return report_reader_oom(d);
	return 0;
}

/*
 * One cover, {shard: K/N or ~, inputs: [...]}, read into cv (which the
 * caller frees with stat_cover_fini, whatever the result): 0, or -1.
 */
static int
read_cover(
    struct yin *y, const yaml_node_t *c, struct stat_cover *cv, struct diag *d)
{
	const yaml_node_t *shard = yin_get(y, c, "shard"), *in;
	size_t		   i;

	/* No from: told as "this partial" within it. */
	memset(cv, 0, sizeof *cv);
	if (c->type != YAML_MAPPING_NODE ||
	    (shard != NULL && !yin_is_null(shard) &&
		!shard_of(yin_text(shard), &cv->k, &cv->n)) ||
	    shard == NULL || (in = yin_get(y, c, "inputs")) == NULL ||
	    in->type != YAML_SEQUENCE_NODE)
		return yin_fail(d, DIAG_BAD_VALUE, c->start_mark,
		    "covers: want {shard: K/N or ~, inputs: [...]}");
	for (i = 0; i < yin_count(in); i++)
		if (read_input(y, yin_item(y, in, i), cv, d) == -1)
			return -1;
	return 0;
}

int
partial_read_covers(struct yin *y, const yaml_node_t *root,
    struct stat_summary *part, struct diag *d)
{
	const yaml_node_t *n = yin_get(y, root, "covers"), *c;
	struct stat_cover  cv;
	size_t		   i;
	int		   rc;

	if (n == NULL)
		return yin_fail(d, DIAG_REPORT_INCOMPLETE, root->end_mark,
		    "the partial summary has no covers: what it counted");
	if (n->type != YAML_SEQUENCE_NODE)
		return yin_fail(
		    d, DIAG_BAD_VALUE, n->start_mark, "covers: want a list");
	for (i = 0; i < yin_count(n); i++) {
		c = yin_item(y, n, i);
		rc = read_cover(y, c, &cv, d);
		if (rc == 0)
			rc = partial_cover_check(
			    &cv, part, true, c->start_mark, d);
		stat_cover_fini(&cv);
		if (rc == -1)
			return -1;
	}
	return 0;
}
