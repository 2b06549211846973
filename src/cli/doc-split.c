/* SPDX-License-Identifier: MIT */
/*
 * -j over a YAML stream of reports: each worker's parser is given only the
 * documents that are its own, the others skipped by a scan for the lines
 * that start a document; parsing every document in every worker (to count
 * one in N) cost N times the CPU of one process.  The scan need not be
 * sure of the split: the parser's count of documents, checked at the end,
 * is (doc-split.h).
 */
/* fopencookie(3). */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/doc-split.h"
#include "cli/jobs.h"

struct cli_docs {
	FILE		  *in;
	struct cli_jobs	  *j;
	uint64_t	  *seq;
	unsigned char	   buf[65536];
	unsigned long long base; /* where buf[0] is in the stream */
	size_t		   len;	 /* of buf, read */
	size_t		   at;	 /* of buf, scanned */
	bool		   eof;
	bool		   bol;	    /* at a line's start */
	bool		   first;   /* at the stream's start */
	bool		   started; /* a document began */
	bool		   own;	    /* the bytes now are this worker's */
	bool		   odd;	    /* a directive, another encoding */
	bool		   nl;	    /* the last byte scanned was \n */
	bool		   stopped; /* past this worker's share */
	uint64_t	   owned;   /* documents that are this worker's */
};

/* Keeps at least 4 bytes unscanned in the buffer, unless the input ends. */
static void
docs_fill(struct cli_docs *d)
{
	size_t n;

	if (d->len - d->at >= 4 || d->eof)
		return;
	memmove(d->buf, d->buf + d->at, d->len - d->at);
	d->base += d->at;
	d->len -= d->at;
	d->at = 0;
	while (d->len < 4 && !d->eof) {
		n = fread(d->buf + d->len, 1, sizeof d->buf - d->len, d->in);
		d->len += n;
		if (n == 0)
			d->eof = true;
	}
}

/* Whether the line at p (n bytes known, then the end if eof) is "---". */
static bool
docs_marker(const unsigned char *p, size_t n, bool eof)
{
	if (n < 3 || memcmp(p, "---", 3) != 0)
		return false;
	if (n == 3)
		return eof;
	return p[3] == ' ' || p[3] == '\t' || p[3] == '\r' || p[3] == '\n';
}

/* Whether the line at p is blank or a comment (before any document). */
static bool
docs_blank(const unsigned char *p, size_t n)
{
	size_t i = 0;

	while (i < n && (p[i] == ' ' || p[i] == '\t'))
		i++;
	return i == n || p[i] == '#' || p[i] == '\r' || p[i] == '\n';
}

/* A document begins: whose is it. */
static void
docs_begin(struct cli_docs *d)
{
	d->started = true;
	cli_jobs_at(d->j, d->base + d->at);
	d->own = cli_jobs_take(d->j, d->seq);
	if (d->own)
		d->owned++;
	/* -j: a worker past its share reads no further. */
	d->stopped = cli_jobs_done(d->j);
}

/* Looks at the start of a line: a document's start, a directive. */
static void
docs_line(struct cli_docs *d)
{
	const unsigned char *p = d->buf + d->at;
	size_t		     n = d->len - d->at;

	if (d->first) {
		d->first = false;
		/* Another encoding than UTF-8 has NULs, or starts FE FF. */
		if (n >= 2 && (p[0] == 0 || p[1] == 0 || p[0] >= 0xfe))
			d->odd = true;
		if (n >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0) {
			p += 3;
			n -= 3;
		}
	}
	if (docs_marker(p, n, d->eof))
		docs_begin(d);
	else if (n > 0 && p[0] == '%')
		d->odd = true;
	else if (!d->started && !docs_blank(p, n))
		docs_begin(d);
}

/*
 * How far the bytes at the buffer's d->at go before a line that is to be
 * looked at (one that starts "---"): the length, bol set when a line
 * starts there; a line that starts '%' on the way makes the split odd.  Whole stretches are searched, not lines, as most
 * lines are a few bytes long; the last 3 bytes of the buffer are left
 * to be searched again with what follows them.
 */
static size_t
docs_stretch(struct cli_docs *d)
{
	const unsigned char *p = d->buf + d->at, *q, *c;
	size_t		     n = d->len - d->at;

	if ((q = memmem(p, n, "\n---", 4)) != NULL)
		n = (size_t)(q - p) + 1;
	else if (!d->eof)
		n -= n > 3 ? 3 : n;
	/* Reports have no directives: '%' is rare, a line's first rarer. */
	for (c = p; (c = memchr(c, '%', n - (size_t)(c - p))) != NULL; c++)
		if (c > p ? c[-1] == '\n' : d->nl) {
			d->odd = true;
			break;
		}
	d->bol = q != NULL;
	return n;
}

static ssize_t
docs_read(void *cookie, char *out, size_t size)
{
	struct cli_docs *d = cookie;
	size_t		 done = 0, n;

	while (done < size && !d->stopped) {
		docs_fill(d);
		if (d->at == d->len)
			break;
		if (d->bol) {
			docs_line(d);
			d->bol = false;
			if (d->stopped)
				break;
		}
		if ((n = docs_stretch(d)) == 0)
			continue;
		if (d->own) {
			if (n > size - done) {
				n = size - done;
				d->bol = false;
			}
			memcpy(out + done, d->buf + d->at, n);
			done += n;
		}
		d->at += n;
		d->nl = d->buf[d->at - 1] == '\n';
	}
	return (ssize_t)done;
}

FILE *
cli_docs_open(FILE *in, const void *peek, size_t len, struct cli_jobs *j,
    uint64_t *seq, struct cli_docs **dp)
{
	static const cookie_io_functions_t io = { .read = docs_read };
	struct cli_docs			  *d;
	FILE				  *f;

	if ((d = calloc(1, sizeof *d)) == NULL)
		return NULL;
	if (len > sizeof d->buf)
		len = sizeof d->buf;
	memcpy(d->buf, peek, len);
	d->len = len;
	d->in = in;
	d->j = j;
	d->seq = seq;
	d->bol = d->first = d->own = true;
	if ((f = fopencookie(d, "r", io)) == NULL) {
		free(d);
		return NULL;
	}
	*dp = d;
	return f;
}

bool
cli_docs_close(FILE *f, struct cli_docs *d, uint64_t ndocs)
{
	bool sure = !d->odd && ((d->eof && d->at == d->len) || d->stopped) &&
	    ndocs == d->owned;

	fclose(f);
	free(d);
	return sure;
}
