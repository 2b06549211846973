/* SPDX-License-Identifier: MIT */
/*
 * The table of diagnostic codes, built from codes.def, and the fill
 * functions.  Owns nothing but static data; what a message says is the
 * caller's, how it is shown the tools'.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "diag/diag.h"

static const struct {
	const char	  *name;
	enum diag_severity severity;
} diag_table[DIAG_NCODES] = {
	[DIAG_NONE] = { NULL, DIAG_NOTE },
#define D(id, name, severity) [DIAG_##id] = { name, DIAG_##severity },
#include "diag/codes.def"
#undef D
};

static void
diag_vset(struct diag *d, enum diag_code code, struct diag_pos at, size_t len,
    const char *fmt, va_list ap)
{
	d->code = code;
	d->at = at;
	d->len = len;
	vsnprintf(d->msg, sizeof d->msg, fmt, ap);
}

int
diag_set(struct diag *d, enum diag_code code, const char *fmt, ...)
{
	va_list ap;

	if (d == NULL)
		return -1;
	va_start(ap, fmt);
	diag_vset(d, code, (struct diag_pos){ 0, 0, 0 }, 0, fmt, ap);
	va_end(ap);
	return -1;
}

int
diag_set_at(struct diag *d, enum diag_code code, struct diag_pos at, size_t len,
    const char *fmt, ...)
{
	va_list ap;

	if (d == NULL)
		return -1;
	va_start(ap, fmt);
	diag_vset(d, code, at, len, fmt, ap);
	va_end(ap);
	return -1;
}

const char *
diag_name(enum diag_code code)
{
	if ((unsigned)code >= DIAG_NCODES)
		return NULL;
	return diag_table[code].name;
}

enum diag_severity
diag_severity(enum diag_code code)
{
	if ((unsigned)code >= DIAG_NCODES)
		return DIAG_ERROR;
	return diag_table[code].severity;
}

const char *
diag_severity_name(enum diag_severity s)
{
	switch (s) {
	case DIAG_WARNING: return "warning";
	case DIAG_NOTE: return "note";
	case DIAG_ERROR: break;
	}
	return "error";
}
