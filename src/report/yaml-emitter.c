/* SPDX-License-Identifier: MIT */
/*
 * libyaml's emitter as a backend of the YAML layer (yaml-out.h): the
 * reference the direct writer must match byte for byte, and the writer of
 * what the direct writer does not write (summaries, the match report's
 * block sequences).  Events in, bytes out to a file or a buffer.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "report/report.h"
#include "report/yaml-out.h"
#include "util/util.h"

/* Deeper than any document written through the emitter. */
#define LEVELS 16

struct emitter {
	struct yout    base;
	yaml_emitter_t emitter;
	bool	       started;
	bool	       seq[LEVELS]; /* the open collections: a sequence? */
	int	       depth;
	char	      *buf; /* scratch for cleaned strings */
	size_t	       bufcap;
};

static void
emit(struct emitter *w, yaml_event_t *ev)
{
	if (w->base.failed)
		return;
	if (!yaml_emitter_emit(&w->emitter, ev))
		w->base.failed = true;
}

static void
emitter_scalar(struct yout *y, const char *s, size_t len, enum yout_style st)
{
	struct emitter *w = (struct emitter *)y;
	yaml_event_t	ev;

	if (st == YOUT_TEXT) {
		/* As big as report_utf8_clean may need: 3 * len + 5. */
		if (len > SIZE_MAX / 3 - 2 ||
		    array_grow(&w->buf, &w->bufcap, 3 * len + 5, 1) == -1) {
			w->base.failed = true;
			return;
		}
		len = report_utf8_clean(s, len, w->buf, w->bufcap);
		s = w->buf;
	}
	/* libyaml copies the value; its prototype just lacks the const. */
	yaml_scalar_event_initialize(&ev, NULL, NULL,
	    (yaml_char_t *)(uintptr_t)s, (int)len, 1, 1,
	    st == YOUT_QUOTED || st == YOUT_TEXT ?
		YAML_DOUBLE_QUOTED_SCALAR_STYLE :
		YAML_PLAIN_SCALAR_STYLE);
	emit(w, &ev);
}

static void
emitter_open(struct yout *y, enum yout_node kind)
{
	struct emitter *w = (struct emitter *)y;
	yaml_event_t	ev;

	if (w->depth == LEVELS) {
		w->base.failed = true;
		return;
	}
	w->seq[w->depth++] = kind == YOUT_BLOCK_SEQ || kind == YOUT_FLOW_SEQ;
	if (kind == YOUT_BLOCK_MAP || kind == YOUT_FLOW_MAP)
		yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
		    kind == YOUT_FLOW_MAP ? YAML_FLOW_MAPPING_STYLE :
					    YAML_BLOCK_MAPPING_STYLE);
	else
		yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
		    kind == YOUT_FLOW_SEQ ? YAML_FLOW_SEQUENCE_STYLE :
					    YAML_BLOCK_SEQUENCE_STYLE);
	emit(w, &ev);
}

static void
emitter_close(struct yout *y)
{
	struct emitter *w = (struct emitter *)y;
	yaml_event_t	ev;

	if (w->depth == 0) {
		w->base.failed = true;
		return;
	}
	if (w->seq[--w->depth])
		yaml_sequence_end_event_initialize(&ev);
	else
		yaml_mapping_end_event_initialize(&ev);
	emit(w, &ev);
}

static void
emitter_document_start(struct yout *y)
{
	struct emitter *w = (struct emitter *)y;
	yaml_event_t	ev;

	if (!w->started) {
		yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
		emit(w, &ev);
		w->started = true;
	}
	yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 0);
	emit(w, &ev);
}

static void
emitter_document_end(struct yout *y)
{
	yaml_event_t ev;

	yaml_document_end_event_initialize(&ev, 1);
	emit((struct emitter *)y, &ev);
}

static int
emitter_free(struct yout *y)
{
	struct emitter *w = (struct emitter *)y;
	yaml_event_t	ev;
	int		rc;

	if (w->started) {
		yaml_stream_end_event_initialize(&ev);
		emit(w, &ev);
		if (!yaml_emitter_flush(&w->emitter))
			w->base.failed = true;
	}
	rc = w->base.failed ? -1 : 0;
	yaml_emitter_delete(&w->emitter);
	free(w->buf);
	free(w);
	return rc;
}

static const struct yout_backend emitter_backend = {
	.document_start = emitter_document_start,
	.document_end = emitter_document_end,
	.scalar = emitter_scalar,
	.open = emitter_open,
	.close = emitter_close,
	.free = emitter_free,
};

/* libyaml's output handler: the stream gathers in a buffer. */
static int
write_mem(void *data, unsigned char *buf, size_t size)
{
	return buf_add(data, buf, size) == 0;
}

struct yout *
yout_new_emitter(FILE *out, struct buf *mem)
{
	struct emitter *w;

	if ((w = calloc(1, sizeof *w)) == NULL)
		return NULL;
	w->base.be = &emitter_backend;
	if (!yaml_emitter_initialize(&w->emitter)) {
		free(w);
		return NULL;
	}
	/* The settings the direct writer matches: change both or neither. */
	if (out != NULL)
		yaml_emitter_set_output_file(&w->emitter, out);
	else
		yaml_emitter_set_output(&w->emitter, write_mem, mem);
	yaml_emitter_set_unicode(&w->emitter, 1);
	yaml_emitter_set_width(&w->emitter, -1);
	return &w->base;
}
