/* SPDX-License-Identifier: MIT */
/*
 * The catalogue of diagnostic codes and the fill functions (src/diag):
 * every code has one kebab-case name and a severity, DIAG_NONE has none,
 * and a fill sets the code, the message and the position it is given.
 */
#include <check.h>
#include <stdbool.h>
#include <string.h>

#include "diag/diag.h"
#include "unit.h"

static bool
kebab(const char *s)
{
	const char *p;

	if (s == NULL || *s < 'a' || *s > 'z')
		return false;
	for (p = s; *p != '\0'; p++)
		if (!((*p >= 'a' && *p <= 'z') ||
			(*p == '-' && p[1] >= 'a' && p[1] <= 'z')))
			return false;
	return true;
}

START_TEST(test_names)
{
	int i, j;

	ck_assert_ptr_null(diag_name(DIAG_NONE));
	ck_assert_ptr_null(diag_name(DIAG_NCODES));
	for (i = DIAG_NONE + 1; i < DIAG_NCODES; i++) {
		ck_assert_msg(kebab(diag_name(i)), "code %d: \"%s\"", i,
		    diag_name(i) != NULL ? diag_name(i) : "(null)");
		/* Codes are never reused: one name, one code. */
		for (j = DIAG_NONE + 1; j < i; j++)
			ck_assert_str_ne(diag_name(i), diag_name(j));
	}
	ck_assert_str_eq(diag_name(DIAG_OFF_BOARD), "off-board");
	ck_assert_str_eq(diag_name(DIAG_NO_MEMORY), "no-memory");
}
END_TEST

START_TEST(test_severities)
{
	ck_assert_int_eq(diag_severity(DIAG_OFF_BOARD), DIAG_ERROR);
	ck_assert_int_eq(diag_severity(DIAG_NO_MOVES), DIAG_WARNING);
	ck_assert_int_eq(diag_severity(DIAG_RESULT_UNVERIFIED), DIAG_WARNING);
	ck_assert_int_eq(diag_severity(DIAG_UNKNOWN_TERMINATION), DIAG_WARNING);
	ck_assert_int_eq(diag_severity(DIAG_NONE), DIAG_NOTE);
	ck_assert_str_eq(diag_severity_name(DIAG_ERROR), "error");
	ck_assert_str_eq(diag_severity_name(DIAG_WARNING), "warning");
	ck_assert_str_eq(diag_severity_name(DIAG_NOTE), "note");
}
END_TEST

/* d holds code and msg at line, col and offset, len bytes long. */
static void
assert_diag(const struct diag *d, enum diag_code code, const char *msg,
    struct diag_pos at, size_t len)
{
	ck_assert_int_eq(d->code, code);
	ck_assert_str_eq(d->msg, msg);
	ck_assert_uint_eq(d->at.line, at.line);
	ck_assert_uint_eq(d->at.col, at.col);
	ck_assert_uint_eq(d->at.offset, at.offset);
	ck_assert_uint_eq(d->len, len);
}

START_TEST(test_fill)
{
	struct diag d;
	char	    big[400];

	memset(&d, 0x55, sizeof d);
	ck_assert_int_eq(
	    diag_set(&d, DIAG_OCCUPIED, "%s is occupied", "d3"), -1);
	/* No position: the caller adds one. */
	assert_diag(&d, DIAG_OCCUPIED, "d3 is occupied",
	    (struct diag_pos){ 0, 0, 0 }, 0);
	ck_assert_int_eq(diag_set_at(&d, DIAG_BAD_TAG,
			     (struct diag_pos){ 3, 7, 42 }, 5, "tag %d", 1),
	    -1);
	assert_diag(
	    &d, DIAG_BAD_TAG, "tag 1", (struct diag_pos){ 3, 7, 42 }, 5);
	/* A long message is cut to fit, NUL terminated. */
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	diag_set(&d, DIAG_BAD_VALUE, "%s", big);
	ck_assert_uint_eq(strlen(d.msg), sizeof d.msg - 1);
	/* No diagnostic wanted: still -1. */
	ck_assert_int_eq(diag_set(NULL, DIAG_OCCUPIED, "x"), -1);
	ck_assert_int_eq(diag_set_at(NULL, DIAG_OCCUPIED,
			     (struct diag_pos){ 1, 1, 0 }, 0, "x"),
	    -1);
}
END_TEST

UNIT_MAIN(
    "diag", unit_tcase("core", 0, test_names, test_severities, test_fill, NULL))
