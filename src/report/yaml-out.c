/* SPDX-License-Identifier: MIT */
/*
 * The YAML layer's writer (yaml-out.h), whichever the backend: numbers in
 * the C locale, written without snprintf where a report writes many (it
 * was a tenth of a report's cost), and record text made valid UTF-8, so
 * that every stream is valid YAML.  How the bytes are laid out is each
 * backend's (yaml-direct.c, yaml-emitter.c).
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/yaml-out.h"
#include "util/util.h"

struct yout *
yout_new(FILE *out)
{
	const char *e = getenv("ARBITER_TEST_YAML_EMITTER");

	if (e != NULL && strcmp(e, "libyaml") == 0)
		return yout_new_emitter(out, NULL);
	return yout_new_direct(out);
}

int
yout_free(struct yout *w)
{
	return w != NULL ? w->be->free(w) : 0;
}

int
yout_finish(struct yout *w)
{
	int rc;

	yout_close(w);
	yout_document_end(w);
	if ((rc = yout_free(w)) == -1 && errno == 0)
		errno = EINVAL;
	return rc;
}

size_t
report_utf8_clean(const char *s, size_t len, char *buf, size_t cap)
{
	size_t	 i = 0, n = 0, k;
	uint32_t cp;

	while (i < len && n + 4 < cap) {
		k = utf8_char(s + i, len - i, &cp);
		/* Invalid bytes and NUL are replaced, one U+FFFD a byte. */
		if (k == 0 || cp == 0) {
			memcpy(buf + n, "\xef\xbf\xbd", 3);
			n += 3;
			i += 1;
			continue;
		}
		memcpy(buf + n, s + i, k);
		n += k;
		i += k;
	}
	buf[n] = '\0';
	return n;
}

/* The digits of u at p, most significant first; the end (no NUL). */
static char *
digits(char *p, unsigned long long u)
{
	char buf[24];
	int  n = 0;

	do
		buf[n++] = (char)('0' + u % 10);
	while ((u /= 10) > 0);
	while (n > 0)
		*p++ = buf[--n];
	return p;
}

char *
yout_decimal(char *p, long long v)
{
	if (v < 0)
		*p++ = '-';
	return digits(
	    p, v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v);
}

const char *
yout_score(char *buf, long long a, long long b)
{
	char *p = yout_decimal(buf, a);

	*p++ = '-';
	*yout_decimal(p, b) = '\0';
	return buf;
}

void
yout_int(struct yout *w, long long v)
{
	char  buf[32];
	char *end = yout_decimal(buf, v);

	/* Digits after an optional '-' are always plain: no checks. */
	w->be->scalar(w, buf, (size_t)(end - buf), YOUT_KEY);
}

void
yout_uint(struct yout *w, uint64_t v)
{
	char  buf[32];
	char *end = digits(buf, v);

	w->be->scalar(w, buf, (size_t)(end - buf), YOUT_KEY);
}

void
yout_real(struct yout *w, double v, int prec, bool defined)
{
	char buf[64];

	if (!defined)
		snprintf(buf, sizeof buf, "~");
	else if (isinf(v))
		snprintf(buf, sizeof buf, "%s.inf", v < 0 ? "-" : "");
	else {
		/* A tiny negative is 0, not "-0.0". */
		snprintf(buf, sizeof buf, "%.*f", prec,
		    fabs(v) < 0.5 * pow(10, -prec) ? 0.0 : v);
		if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
			memmove(buf, buf + 1, strlen(buf));
	}
	yout_scalar(w, buf, YOUT_PLAIN);
}

void
yout_kv_uints(struct yout *w, const char *k, const uint64_t *v, size_t n)
{
	size_t i;

	yout_kv_open(w, k, YOUT_FLOW_SEQ);
	for (i = 0; i < n; i++)
		yout_uint(w, v[i]);
	yout_close(w);
}

void
yout_kv_pair(
    struct yout *w, const char *k, double a, double b, int prec, bool defined)
{
	yout_kv_open(w, k, YOUT_FLOW_SEQ);
	yout_real(w, a, prec, defined);
	yout_real(w, b, prec, defined);
	yout_close(w);
}
