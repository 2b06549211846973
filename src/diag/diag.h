/* SPDX-License-Identifier: MIT */
/*
 * Diagnostics: the catalogue of stable codes (codes.def, one enum and one
 * table built from it), and the one positioned diagnostic every module
 * fills.  The bottom module: it includes no other module and no
 * third-party header, so that the rules core, the notation, the reports and
 * the tools all report failures the same way.  Where a diagnostic points
 * (a line and column of an input) is the caller's: the rules core fills a
 * diagnostic without a position and the notation adds one.  Printing is
 * the tools' (src/cli).
 */
#ifndef ARBITER_DIAG_H
#define ARBITER_DIAG_H

#include <stddef.h>

enum diag_code {
	DIAG_NONE, /* no code: a note, or an I/O error in errno */
#define D(id, name, severity) DIAG_##id,
#include "diag/codes.def"
#undef D
	DIAG_NCODES
};

enum diag_severity {
	DIAG_ERROR,
	DIAG_WARNING,
	DIAG_NOTE, /* DIAG_NONE's: a line after another one */
};

/* Where a diagnostic points: 1-based line and column, 0-based byte offset. */
struct diag_pos {
	unsigned long	   line;
	unsigned long	   col;
	unsigned long long offset;
};

/*
 * One diagnostic: a code, a lower-case message without a trailing period,
 * and where it points: at, and len bytes from there for a caret (0: no
 * caret).  Plain data, caller-owned, safe to copy.
 */
struct diag {
	enum diag_code	code;
	char		msg[320];
	struct diag_pos at;
	size_t		len;
};

/*
 * Fills d, if not NULL, with code and the message fmt formats (truncated
 * to fit), and no position (zeroes: the caller adds one where it has one).
 * Returns -1 always, so that an action can `return diag_set(...)'.
 */
int diag_set(struct diag *d, enum diag_code code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* As diag_set, and sets the position to at and the caret to len bytes. */
int diag_set_at(struct diag *d, enum diag_code code, struct diag_pos at,
    size_t len, const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/*
 * The stable kebab-case name of a code ("off-board"), a static string; NULL
 * for DIAG_NONE or a value outside the enum.
 */
const char *diag_name(enum diag_code);
/* A code's severity: DIAG_NOTE for DIAG_NONE, DIAG_ERROR for unknown ones. */
enum diag_severity diag_severity(enum diag_code);
/* "error", "warning" or "note": the word the tools print. */
const char *diag_severity_name(enum diag_severity);

#endif
