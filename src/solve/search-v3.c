/* SPDX-License-Identifier: MIT */
/*
 * The exact search (search.c) compiled a second time for x86-64-v3
 * processors (population count, leading-zero count, BMI2, AVX2) as
 * search_ab_v3 and search_root_v3: built for the generic x86-64, every
 * population count of the search is a call to a library function, a
 * fifth of the solver's time.  solve.c runs this copy when
 * search_have_v3() says the processor has those instructions, so the
 * program still runs on any x86-64.
 */
#include "solve/search.h"

#if SEARCH_HAVE_V3
#pragma GCC target("arch=x86-64-v3")
#define SEARCH_V3
#include "solve/search.c"
#else
/*
 * No second copy with this compiler (clang, or another processor):
 * search_have_v3() is false, and the names, which solve.c and the tests
 * still link against, are the generic search.
 */
int
search_ab_v3(struct search *s, uint64_t P, uint64_t O, int alpha, int beta,
    int n, bool passed)
{
	return search_ab(s, P, O, alpha, beta, n, passed);
}

int
search_root_v3(struct search *s, uint64_t P, uint64_t O, int n, int *bm,
    struct search_value *all)
{
	return search_root(s, P, O, n, bm, all);
}
#endif
