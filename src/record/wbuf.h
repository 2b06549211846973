/* SPDX-License-Identifier: MIT */
/*
 * src/record's own: a growing string (util.h's struct buf) that remembers
 * running out of memory, so that a run of appends is checked once, at its
 * end.  Shared by the writers of the notation (writer.c) and of the other
 * formats (export.c); nothing outside src/record includes it.
 */
#ifndef ARBITER_RECORD_WBUF_H
#define ARBITER_RECORD_WBUF_H

#include <stdbool.h>
#include <string.h>

#include "util/util.h"

struct wbuf {
	struct buf b;
	bool	   failed;
};

static inline void
wbuf_add(struct wbuf *w, const char *s, size_t n)
{
	if (!w->failed && buf_add(&w->b, s, n) == -1)
		w->failed = true;
}

static inline void
wbuf_str(struct wbuf *w, const char *s)
{
	wbuf_add(w, s, strlen(s));
}

#endif
