/* SPDX-License-Identifier: MIT */
/*
 * Built-in players (gameplay(1), selfplay, match and engine): programs
 * that choose the next action of a position through the game interface
 * alone, so that every game of the registry, and any game added later, is
 * played by all of them.  A player chooses one action at a time, so a turn
 * of several actions is several choices.  Dice are never a player's
 * choice: the referee rolls them (rules_dice_roll) before asking.  One
 * file per kind of player (random.c, greedy.c, mcts.c); this module
 * depends on the rules core only and never prints.
 */
#ifndef ARBITER_PLAYER_H
#define ARBITER_PLAYER_H

#include <stdint.h>

#include "rules/rules.h"

/* mcts without a budget: playouts per action chosen. */
#define PLAYER_MCTS_BUDGET 1000
/* The largest budget accepted after "mcts:". */
#define PLAYER_MCTS_MAX 10000000

struct player;

/*
 * Makes a player from a spec: "random", "greedy", "mcts" or "mcts:N" (N
 * playouts per action, 1 .. PLAYER_MCTS_MAX).  Returns NULL with d filled
 * (code bad-player) for a spec that names no player, or (code no-memory)
 * when memory runs out.  Seeded with 0 until player_seed says otherwise.
 */
struct player *player_new(const char *spec, struct diag *d);
void	       player_free(struct player *);

/* The canonical spec ("mcts:1000"): owned by the player. */
const char *player_spec(const struct player *);

/*
 * Seeds the player's own random numbers (its tie-breaks and playouts): the
 * same seed and positions give the same choices on every machine.
 */
void player_seed(struct player *, uint64_t seed);

/*
 * Chooses the next action of pos for the player to move into *out.
 * Returns 0, or -1 with d filled: the game is over (game-over), the next
 * action is a roll of the dice, which is the referee's (dice), or memory
 * ran out (no-memory).  pos is borrowed and left as it was.
 */
int player_choose(struct player *, const struct rules_position *pos,
    struct rules_action *out, struct diag *d);

/*
 * The greedy player's evaluation of pos for colour `me', higher is better
 * (greedy.c says what it counts); exported for tests and for mcts.
 */
double player_evaluate(const struct rules_position *pos, int me);

#endif
