/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the built-in players (src/player): specs, the refusal to
 * roll dice, choices that are always legal, the same choices for the same
 * seed, and a win in one found by greedy and by mcts in a position set up
 * from a diagram.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "player/player.h"
#include "diagram.h"
#include "turns.h"
#include "unit.h"

static struct player *
new_player(const char *spec)
{
	struct diag    d;
	struct player *p = player_new(spec, &d);

	ck_assert_msg(p != NULL, "%s: %s", spec, d.msg);
	return p;
}

START_TEST(specs)
{
	static const char *const bad[] = { "", "rand", "random:3",
		"mcts:", "mcts:0", "mcts:x", "mcts:-1", "mcts:10000001",
		"greedy:1" };
	struct diag		 d;
	struct player		*p;
	size_t			 i;

	p = new_player("mcts");
	ck_assert_str_eq(player_spec(p), "mcts:1000");
	player_free(p);
	p = new_player("mcts:25");
	ck_assert_str_eq(player_spec(p), "mcts:25");
	player_free(p);
	p = new_player("greedy");
	ck_assert_str_eq(player_spec(p), "greedy");
	player_free(p);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_msg(player_new(bad[i], &d) == NULL, "%s", bad[i]);
		ck_assert_str_eq(diag_name(d.code), "bad-player");
	}
	player_free(NULL);
}
END_TEST

/* Dice are the referee's; a game over has nothing to choose. */
START_TEST(no_dice)
{
	struct rules_position *pos = turns_new("herd", "3");
	struct player	      *p = new_player("random");
	struct rules_action    a;
	struct diag	       d;

	ck_assert_int_eq(player_choose(p, pos, &a, &d), -1);
	ck_assert_str_eq(diag_name(d.code), "dice");
	player_free(p);
	rules_position_free(pos);
}
END_TEST

/*
 * Every player, every game: whole games of legal choices (dice rolled
 * as a referee rolls them), and the same game again for the same seed.
 */
static size_t
play_game(const char *game, const char *spec, const char *player, uint64_t seed,
    struct rules_action *log, size_t cap)
{
	struct rules_position *pos = turns_new(game, spec);
	struct player	      *p = new_player(player);
	struct rules_action    a, first[1];
	struct rules_rng       dice;
	struct diag	       d;
	size_t		       n = 0;
	int		       x, y;

	player_seed(p, seed);
	rules_rng_seed(&dice, seed);
	while (rules_phase(pos) != RULES_GAME_OVER && rules_turn(pos) <= 300) {
		if (rules_legal(pos, first, 1) > 0 &&
		    first[0].kind == RULES_DICE) {
			rules_dice_roll(&dice, &x, &y);
			a = (struct rules_action){ .kind = RULES_DICE,
				.from = (int16_t)x,
				.to = (int16_t)y };
		} else
			ck_assert_msg(
			    player_choose(p, pos, &a, &d) == 0, "%s", d.msg);
		ck_assert_msg(rules_play(pos, &a, &d) == 0, "%s %s: %s", game,
		    player, d.msg);
		if (n < cap)
			log[n] = a;
		n++;
	}
	player_free(p);
	rules_position_free(pos);
	return n;
}

START_TEST(legal_and_repeatable)
{
	static const char *const games[][2] = { { "reversi", "6x6" },
		{ "herd", "3" }, { "stones", NULL } };
	static const char *const players[] = { "random", "greedy", "mcts:20" };
	static struct rules_action a[4096], b[4096];
	size_t			   i, j, n, m;

	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++) {
			n = play_game(
			    games[i][0], games[i][1], players[j], 5, a, 4096);
			m = play_game(
			    games[i][0], games[i][1], players[j], 5, b, 4096);
			ck_assert_uint_eq(n, m);
			ck_assert(
			    memcmp(a, b, (n < 4096 ? n : 4096) * sizeof a[0]) ==
			    0);
		}
}
END_TEST

/*
 * Reversi, Black to move: d1 flips every White disc (west c1 b1, south d2
 * d3, south-west c2) and wins at once; e1 and e3 flip one disc each.
 * The centre is full, as in every game.
 */
static const char win_in_one[] = "X O O . . . . ."
				 ". . O O . . . ."
				 ". X X O . . . ."
				 ". . . X X . . ."
				 ". . . X X . . ."
				 ". . . . . . . ."
				 ". . . . . . . ."
				 ". . . . . . . .";

static void
check_finds_win(const char *spec, uint64_t seed)
{
	struct rules_position *pos = turns_new("reversi", "8x8"), *after;
	struct player	      *p = new_player(spec);
	struct rules_action    acts[64], a;
	struct rules_score     s;
	struct diag	       d;
	size_t		       n, i, wins = 0;

	diagram_setup(pos, win_in_one, 0);
	/* The position is what the comment says: one win among several. */
	n = rules_legal(pos, acts, 64);
	ck_assert_uint_ge(n, 3);
	for (i = 0; i < n; i++) {
		after = rules_position_dup(pos);
		ck_assert_int_eq(rules_play(after, &acts[i], NULL), 0);
		rules_score(after, &s);
		if (s.over && s.winner == 0) {
			wins++;
			ck_assert_int_eq(acts[i].to, turns_cell(pos, "d1"));
		}
		rules_position_free(after);
	}
	ck_assert_uint_eq(wins, 1);
	player_seed(p, seed);
	ck_assert_int_eq(player_choose(p, pos, &a, &d), 0);
	ck_assert_msg(a.kind == RULES_PLACE && a.to == turns_cell(pos, "d1"),
	    "%s chose cell %d", spec, a.to);
	player_free(p);
	rules_position_free(pos);
}

START_TEST(greedy_wins_in_one)
{
	check_finds_win("greedy", 1);
}
END_TEST

START_TEST(mcts_wins_in_one)
{
	uint64_t seed;

	for (seed = 1; seed <= 5; seed++)
		check_finds_win("mcts:200", seed);
}
END_TEST

/* The evaluation prefers being ahead, and a win above all. */
START_TEST(evaluation)
{
	struct rules_position *pos = turns_new("reversi", "8x8");

	/* At the start, Black to move: nothing counts for Black yet. */
	ck_assert(player_evaluate(pos, 0) == 0);
	/* White sees the four moves Black has. */
	ck_assert(player_evaluate(pos, 1) < 0);
	diagram_setup(pos,
	    "X X X X X X X X"
	    "X X X X X X X X"
	    "X X X X X X X X"
	    "X X X X X X X X"
	    "X X X X X X X X"
	    ". . . . . . . ."
	    ". . . . . . . ."
	    ". . . . . . . .",
	    1);
	ck_assert(player_evaluate(pos, 0) >= 1e6);
	ck_assert(player_evaluate(pos, 1) <= -1e6);
	rules_position_free(pos);
}
END_TEST

UNIT_MAIN("player",
    unit_tcase("player", 60, specs, no_dice, legal_and_repeatable,
	greedy_wins_in_one, mcts_wins_in_one, evaluation, NULL))
