/* SPDX-License-Identifier: MIT */
/*
 * What every Check binary in tests/unit shares: its suite built from
 * lists of test names (unit_tcase), so that a test file's main() reads as
 * the list of what it tests, and run in Check's default (fork) mode with
 * success only if every test passed (unit_run).  The tests and what they
 * check are the test files'; boards as diagrams are diagram.h's, turns
 * played by their tokens turns.h's.
 */
#ifndef ARBITER_TEST_UNIT_H
#define ARBITER_TEST_UNIT_H

#include <check.h>
#include <stdarg.h>
#include <stdlib.h>

/*
 * Adds to s a test case called name holding the tests that follow, a
 * NULL-ended list of START_TEST names, in that order, each run once.
 * timeout is in seconds, 0 for Check's default (CK_DEFAULT_TIMEOUT, which
 * make check sets).  Returns the test case, owned by s, for what a list
 * cannot say: loop tests (tcase_add_loop_test) and fixtures.
 */
static inline TCase *
unit_tcase(Suite *s, const char *name, double timeout, ...)
{
	TCase	    *tc = tcase_create(name);
	const TTest *t;
	va_list	     ap;

	if (timeout > 0)
		tcase_set_timeout(tc, timeout);
	va_start(ap, timeout);
	while ((t = va_arg(ap, const TTest *)) != NULL)
		tcase_add_test(tc, t);
	va_end(ap);
	suite_add_tcase(s, tc);
	return tc;
}

/* Runs the suite s (taking ownership); returns main()'s exit status. */
static inline int
unit_run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#endif
