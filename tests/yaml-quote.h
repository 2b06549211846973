/* SPDX-License-Identifier: MIT */
/*
 * libyaml as the judge of report_yaml_quote, the direct report writer's one
 * escaping function: what libyaml's emitter writes for a string with the
 * writer's settings, and what libyaml's parser reads back from a quoted
 * string.  Shared by tests/unit/test_report.c and the fuzz targets; each
 * helper returns NULL where the other side would fail, and the caller
 * asserts in its own way.
 */
#ifndef ARBITER_YAML_QUOTE_H
#define ARBITER_YAML_QUOTE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "report/report.h"
#include "util/util.h"

/* What report_yaml_quote writes for len bytes of s (malloc'd). */
static inline char *
quote_direct(const char *s, size_t len)
{
	struct buf b;

	buf_init(&b);
	if (report_yaml_quote(&b, s, len) == -1) {
		buf_fini(&b);
		return NULL;
	}
	return b.s;
}

/*
 * What libyaml's emitter writes for the same string, cleaned as reports
 * clean it, as the value of a block mapping's key "k" (malloc'd): the
 * bytes between "k: " and the end of the line.
 */
static inline char *
quote_libyaml(const char *s, size_t len)
{
	yaml_emitter_t e;
	yaml_event_t   ev;
	char	      *clean, *out = NULL, *q = NULL;
	size_t	       outlen = 0, n;
	FILE	      *f;
	int	       ok;

	if ((clean = malloc(3 * len + 5)) == NULL)
		return NULL;
	n = report_utf8_clean(s, len, clean, 3 * len + 5);
	if ((f = open_memstream(&out, &outlen)) == NULL ||
	    !yaml_emitter_initialize(&e)) {
		free(clean);
		return NULL;
	}
	yaml_emitter_set_output_file(&e, f);
	yaml_emitter_set_unicode(&e, 1);
	yaml_emitter_set_width(&e, -1);
	yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
	ok = yaml_emitter_emit(&e, &ev);
	yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 0);
	ok = ok && yaml_emitter_emit(&e, &ev);
	yaml_mapping_start_event_initialize(
	    &ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
	ok = ok && yaml_emitter_emit(&e, &ev);
	yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)"k", 1, 1,
	    1, YAML_PLAIN_SCALAR_STYLE);
	ok = ok && yaml_emitter_emit(&e, &ev);
	yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)clean,
	    (int)n, 1, 1, YAML_DOUBLE_QUOTED_SCALAR_STYLE);
	ok = ok && yaml_emitter_emit(&e, &ev);
	yaml_mapping_end_event_initialize(&ev);
	ok = ok && yaml_emitter_emit(&e, &ev);
	yaml_document_end_event_initialize(&ev, 1);
	ok = ok && yaml_emitter_emit(&e, &ev);
	yaml_stream_end_event_initialize(&ev);
	ok = ok && yaml_emitter_emit(&e, &ev);
	yaml_emitter_delete(&e);
	fclose(f);
	free(clean);
	if (ok && outlen >= 8 && memcmp(out, "---\nk: ", 7) == 0 &&
	    out[outlen - 1] == '\n' && (q = malloc(outlen - 7)) != NULL) {
		memcpy(q, out + 7, outlen - 8);
		q[outlen - 8] = '\0';
	}
	free(out);
	return q;
}

/*
 * The string libyaml's parser reads from the quoted scalar q, as the value
 * of "k: q" (malloc'd, its length in *len).
 */
static inline char *
quote_parse(const char *q, size_t *len)
{
	yaml_parser_t p;
	yaml_event_t  ev;
	char	     *doc, *v = NULL;
	size_t	      n = strlen(q);
	int	      scalars = 0, done = 0;

	if ((doc = malloc(n + 5)) == NULL)
		return NULL;
	memcpy(doc, "k: ", 3);
	memcpy(doc + 3, q, n);
	memcpy(doc + 3 + n, "\n", 2);
	if (!yaml_parser_initialize(&p)) {
		free(doc);
		return NULL;
	}
	yaml_parser_set_input_string(&p, (unsigned char *)doc, n + 4);
	while (!done) {
		if (!yaml_parser_parse(&p, &ev)) {
			free(v);
			v = NULL;
			break;
		}
		if (ev.type == YAML_SCALAR_EVENT && ++scalars == 2 &&
		    (v = malloc(ev.data.scalar.length + 1)) != NULL) {
			memcpy(
			    v, ev.data.scalar.value, ev.data.scalar.length + 1);
			*len = ev.data.scalar.length;
		}
		done = ev.type == YAML_STREAM_END_EVENT;
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	free(doc);
	return v;
}

#endif
