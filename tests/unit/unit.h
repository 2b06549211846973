/* SPDX-License-Identifier: MIT */
/*
 * What every Check binary in tests/unit shares: its suite built from
 * lists of test names (unit_tcase, unit_loops, unit_fixture) and run
 * (unit_main, UNIT_MAIN), so that a test file's main() is one statement
 * that reads as the list of what it tests.  The tests and what they
 * check are the test files'; boards as diagrams are diagram.h's, turns
 * played by their tokens turns.h's.
 */
#ifndef ARBITER_TEST_UNIT_H
#define ARBITER_TEST_UNIT_H

#include <check.h>
#include <stdarg.h>
#include <stdlib.h>

/*
 * A test case called name holding the tests that follow, a NULL-ended
 * list of START_TEST names, in that order, each run once.  timeout is in
 * seconds, 0 for Check's default (CK_DEFAULT_TIMEOUT, which make check
 * sets).  Returns the test case, for unit_loops and unit_fixture; the
 * suite unit_main builds takes it over.
 */
static inline TCase *
unit_tcase(const char *name, double timeout, ...)
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
	return tc;
}

/*
 * Adds to tc the loop tests that follow, a NULL-ended list of triples:
 * a START_TEST name, then the first and one past the last value of its
 * _i (two ints).  Returns tc.
 */
static inline TCase *
unit_loops(TCase *tc, ...)
{
	const TTest *t;
	va_list	     ap;
	int	     start, end;

	va_start(ap, tc);
	while ((t = va_arg(ap, const TTest *)) != NULL) {
		start = va_arg(ap, int);
		end = va_arg(ap, int);
		tcase_add_loop_test(tc, t, start, end);
	}
	va_end(ap);
	return tc;
}

/* Runs setup and teardown around each test of tc, in its process. */
static inline TCase *
unit_fixture(TCase *tc, SFun setup, SFun teardown)
{
	tcase_add_checked_fixture(tc, setup, teardown);
	return tc;
}

/*
 * Runs the suite called name of the test cases that follow (from
 * unit_tcase, NULL-ended), in Check's default (fork) mode; returns
 * main()'s exit status, success only if every test passed.
 */
static inline int
unit_main(const char *name, ...)
{
	Suite	*s = suite_create(name);
	SRunner *sr;
	TCase	*tc;
	va_list	 ap;
	int	 failed;

	va_start(ap, name);
	while ((tc = va_arg(ap, TCase *)) != NULL)
		suite_add_tcase(s, tc);
	va_end(ap);
	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/*
 * A test file's main(), when it has nothing to do before its tests: the
 * suite called name of the test cases given (unit_tcase's), run.
 */
#define UNIT_MAIN(name, ...) \
	int main(void) \
	{ \
		return unit_main(name, __VA_ARGS__, NULL); \
	}

#endif
