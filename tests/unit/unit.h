/* SPDX-License-Identifier: MIT */
/*
 * The main() of every Check binary in tests/unit: runs the binary's one
 * suite in Check's default (fork) mode and exits with success only if
 * every test passed.  The suites and what they check are the test files'.
 */
#ifndef ARBITER_TEST_UNIT_H
#define ARBITER_TEST_UNIT_H

#include <check.h>
#include <stdlib.h>

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
