/* SPDX-License-Identifier: MIT */
/*
 * The solver's transposition table (tt.h): allocation and the store with
 * its replacement rule.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "solve/tt.h"

#define TT_HUGE_PAGE ((size_t)2 << 20) /* x86-64's and arm64's usual */

/*
 * The table's memory, in huge pages where the system gives them on
 * request (Linux's transparent huge pages in madvise mode): every probe
 * is a random address, and with pages of 4 KiB most probes missed the
 * address translation cache as well as the data cache.
 */
static void *
table_alloc(size_t bytes)
{
	void *p;

#ifdef MADV_HUGEPAGE
	if (bytes >= TT_HUGE_PAGE) {
		if (posix_memalign(&p, TT_HUGE_PAGE, bytes) != 0)
			return NULL;
		(void)madvise(p, bytes, MADV_HUGEPAGE);
		return p;
	}
#endif
	p = malloc(bytes);
	return p;
}

int
tt_init(struct tt *t, size_t bytes)
{
	size_t n = 1024;

	while (n * 2 * sizeof *t->e <= bytes)
		n *= 2;
	if ((t->e = table_alloc(n * sizeof *t->e)) == NULL)
		return -1;
	t->mask = n - 1;
	tt_clear(t);
	return 0;
}

void
tt_free(struct tt *t)
{
	free(t->e);
	t->e = NULL;
}

void
tt_clear(struct tt *t)
{
	size_t i;

	/* No position has both sides on every square: never matched. */
	for (i = 0; i <= t->mask; i++)
		t->e[i] = (struct tt_entry){ ~UINT64_C(0), ~UINT64_C(0), -64,
			64, TT_NO_MOVE, 0, 0 };
	t->date = 1;
}

void
tt_store(struct tt *t, uint64_t P, uint64_t O, int empties, int alpha, int beta,
    int v, int move)
{
	struct tt_entry *e = t->e + tt_index(t, P, O);
	int		 lo = -64, hi = 64;

	if (!(e[0].P == P && e[0].O == O)) {
		if (e[1].P == P && e[1].O == O)
			e++;
		else {
			/* Keep the costlier of the two of this solve; the
			 * new one takes the other slot. */
			if (e[0].date == t->date &&
			    (e[1].date != t->date ||
				e[0].empties > e[1].empties))
				e[1] = e[0];
			e[0] = (struct tt_entry){ P, O, -64, 64, TT_NO_MOVE,
				(uint8_t)empties, t->date };
		}
	}
	if (v < beta)
		hi = v;
	if (v > alpha)
		lo = v;
	e->date = t->date;
	if (lo > e->lo)
		e->lo = (int8_t)lo;
	if (hi < e->hi)
		e->hi = (int8_t)hi;
	if (move >= 0 && (v > alpha || e->move == TT_NO_MOVE))
		e->move = (uint8_t)move;
}
