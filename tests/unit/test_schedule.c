/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of a match's schedule (src/match/schedule.c): who holds which
 * colour in game i, which opening starts it, and which pairing of a
 * round robin or a gauntlet plays it, from the settings and i alone.
 */
#include <check.h>
#include <stdbool.h>
#include <string.h>

#include "match/schedule.h"
#include "unit.h"

/* A schedule of a two-colour game whose colour 0 is Black. */
static void
setup(struct match_schedule *s, bool alternate, bool repeat, size_t nopenings,
    enum match_order order, unsigned long seed)
{
	memset(s, 0, sizeof *s);
	s->seed = seed;
	s->alternate = alternate;
	s->repeat = repeat;
	s->black = 0;
	ck_assert_int_eq(match_schedule_init(s, nopenings, order), 0);
}

START_TEST(two_programs_alternate)
{
	struct match_schedule s;
	struct match_slot     slot;
	unsigned long	      i;

	setup(&s, false, false, 0, MATCH_ORDER_SEQUENTIAL, 7);
	for (i = 0; i < 4; i++) {
		match_schedule_game(&s, i, &slot);
		/* The first program is Black in every game. */
		ck_assert_int_eq(slot.start[0], 0);
		ck_assert_int_eq(slot.start[1], 1);
		ck_assert_int_eq(slot.opening, -1);
		ck_assert_uint_eq(slot.seed, 7 + i);
		ck_assert_uint_eq(slot.engine[0], 0);
		ck_assert_uint_eq(slot.engine[1], 1);
	}
	match_schedule_fini(&s);
	setup(&s, true, false, 0, MATCH_ORDER_SEQUENTIAL, 1);
	match_schedule_game(&s, 1, &slot);
	ck_assert_int_eq(slot.start[0], 1); /* game 2: the second is Black */
	match_schedule_game(&s, 2, &slot);
	ck_assert_int_eq(slot.start[0], 0);
	match_schedule_fini(&s);
}
END_TEST

/*
 * Games 0 to n-1 of s start from openings want[0..n-1], the first
 * program Black in the even games and, if s alternates, White in the odd.
 */
static void
check_openings(
    const struct match_schedule *s, const long *want, unsigned long n)
{
	struct match_slot slot;
	unsigned long	  i;

	for (i = 0; i < n; i++) {
		match_schedule_game(s, i, &slot);
		ck_assert_int_eq(slot.opening, want[i]);
		ck_assert_int_eq(
		    slot.start[0], s->alternate ? (int)(i % 2) : 0);
	}
}

START_TEST(openings_in_order_and_repeated)
{
	static const long     seq[] = { 0, 1, 2, 0, 1 };
	static const long     rep[] = { 0, 0, 1, 1, 2, 2, 0, 0 };
	struct match_schedule s;

	setup(&s, false, false, 3, MATCH_ORDER_SEQUENTIAL, 1);
	check_openings(&s, seq, 5);
	match_schedule_fini(&s);
	/* --repeat: a pair from one opening, colours reversed. */
	setup(&s, false, true, 3, MATCH_ORDER_SEQUENTIAL, 1);
	ck_assert(s.alternate);
	check_openings(&s, rep, 8);
	match_schedule_fini(&s);
}
END_TEST

START_TEST(openings_shuffled_from_the_seed)
{
	struct match_schedule s, t;
	struct match_slot     a, b;
	bool		      seen[8], moved = false;
	unsigned long	      seed, i;

	for (seed = 1; seed <= 5; seed++) {
		setup(&s, false, false, 8, MATCH_ORDER_RANDOM, seed);
		setup(&t, false, false, 8, MATCH_ORDER_RANDOM, seed);
		memset(seen, 0, sizeof seen);
		for (i = 0; i < 8; i++) {
			match_schedule_game(&s, i, &a);
			match_schedule_game(&t, i, &b);
			/* The same seed, the same order. */
			ck_assert_int_eq(a.opening, b.opening);
			ck_assert(a.opening >= 0 && a.opening < 8);
			ck_assert(!seen[a.opening]);
			seen[a.opening] = true;
			moved |= a.opening != (long)i;
		}
		/* The order starts again after the last. */
		match_schedule_game(&s, 8, &b);
		match_schedule_game(&s, 0, &a);
		ck_assert_int_eq(a.opening, b.opening);
		match_schedule_fini(&s);
		match_schedule_fini(&t);
	}
	ck_assert(moved);
}
END_TEST

/* The engines of each pairing's first game, per games a pairing. */
static void
check_pairings(
    const struct match_schedule *s, const size_t (*want)[2], size_t n)
{
	struct match_slot slot;
	size_t		  p;
	unsigned long	  j;

	ck_assert_uint_eq(s->npairings, n);
	ck_assert_uint_eq(match_schedule_games(s), n * s->per_pairing);
	for (p = 0; p < n; p++)
		for (j = 0; j < s->per_pairing; j++) {
			match_schedule_game(s, p * s->per_pairing + j, &slot);
			ck_assert_uint_eq(slot.pairing, p);
			ck_assert_uint_eq(slot.engine[0], want[p][0]);
			ck_assert_uint_eq(slot.engine[1], want[p][1]);
			/* Colours alternate within the pairing. */
			ck_assert_int_eq(slot.start[0], (int)(j % 2));
		}
}

START_TEST(round_robin_and_gauntlet)
{
	static const size_t rr[][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 }, { 1, 2 },
		{ 1, 3 }, { 2, 3 } };
	static const size_t ga[][2] = { { 0, 1 }, { 0, 2 }, { 0, 3 } };
	struct match_schedule s;

	memset(&s, 0, sizeof s);
	s.alternate = true;
	s.kind = MATCH_TOURNAMENT_ROUND_ROBIN;
	s.nengines = 4;
	s.per_pairing = 3;
	ck_assert_int_eq(match_schedule_init(&s, 0, MATCH_ORDER_SEQUENTIAL), 0);
	check_pairings(&s, rr, 6);
	match_schedule_fini(&s);
	s.kind = MATCH_TOURNAMENT_GAUNTLET;
	ck_assert_int_eq(match_schedule_init(&s, 0, MATCH_ORDER_SEQUENTIAL), 0);
	check_pairings(&s, ga, 3);
	match_schedule_fini(&s);
}
END_TEST

UNIT_MAIN("schedule",
    unit_tcase("schedule", 0, two_programs_alternate,
	openings_in_order_and_repeated, openings_shuffled_from_the_seed,
	round_robin_and_gauntlet, NULL))
