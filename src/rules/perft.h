/* SPDX-License-Identifier: MIT */
/*
 * Inside the rules core: the perft transposition table and the generic
 * counting walk, shared by perft.c and a game's own perft_count entry
 * (reversi.c).  Not for code above the rules core, which goes through
 * rules_perft_count() (rules.h).
 */
#ifndef ARBITER_RULES_PERFT_H
#define ARBITER_RULES_PERFT_H

#include "rules/rules.h"

/*
 * The subtree counts of the position with the given key and depth, added
 * to *c: true on a hit.  t NULL: always false.
 */
bool perft_table_probe(const struct rules_perft_table *t, uint64_t key,
    int depth, struct rules_perft_count *c);
/* Keeps the counts of a subtree; the replacement scheme is perft.c's. */
void perft_table_store(struct rules_perft_table *t, uint64_t key, int depth,
    const struct rules_perft_count *c);
/* A 64-bit mix (splitmix64's finalizer): keys from bitboards. */
uint64_t perft_mix(uint64_t);
/*
 * The generic walk of rules_perft_count from st, a turn start or a game
 * over, depth >= 0: the counts added to *c.  For a perft_count entry
 * that leaves some boards to it; it calls perft_count only on the
 * children of st.  Returns 0, or -1 if memory ran out.
 */
int perft_walk(const struct rules_game *g, const struct rules_board *b,
    const void *st, int depth, struct rules_perft_table *t,
    struct rules_perft_count *c);
/* Adds b's counts to a's. */
void
perft_count_add(struct rules_perft_count *a, const struct rules_perft_count *b);

#endif
