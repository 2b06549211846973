/* SPDX-License-Identifier: MIT */
/*
 * Secret dice in gameplay (dice.c; formats/rng.md, "Secret dice"): what
 * roll, move and reveal do with a record whose seed is committed to.
 */
#ifndef ARBITER_PLAY_DICE_H
#define ARBITER_PLAY_DICE_H

#include "play/play.h"
#include "secret/secret.h"

/*
 * new --secret-seed: draws a seed and its salt, writes them to a new file
 * path (mode 0600, never over a file or through a link) and their
 * commitment into commit.  Returns the exit status, after saying why not.
 */
int play_dice_new(const char *path, char commit[SECRET_COMMIT_LEN]);

/* Whether pr's record commits to a seed (SeedCommit) not yet revealed. */
bool play_dice_secret(const struct play_record *pr);

/*
 * move on a record with secret dice: moves that roll dice are refused,
 * and so is a move where a turn is to start with the referee's roll
 * (dice-secret, at at).  Returns CLI_OK (always, on another record), or
 * CLI_BAD after the diagnostic.
 */
int play_dice_move_ok(
    const struct play_record *pr, char **moves, int nmoves, struct diag_pos at);

/*
 * Reads the seed file path into s and checks it against pr's SeedCommit.
 * Returns CLI_OK, or CLI_USAGE after saying what is wrong with the file
 * (never what it holds).
 */
int play_dice_seed(
    const struct play_record *pr, const char *path, struct secret_seed *s);

/* roll's settings. */
struct play_roll {
	struct play_select sel;
	const char	  *secret; /* --secret-seed, or NULL */
	bool		   has_turn;
	unsigned long	   turn;
	struct play_at	   at;
	struct play_key	   key; /* on a keyed record: the referee's */
};

/*
 * roll --secret-seed on the record file path: the dice of the turn due,
 * from the seed file, appended to the record (a turn in progress) in
 * place under move's lock, then printed as roll prints them.  Returns the
 * exit status.
 */
int play_roll_secret(const struct play_roll *ro, const char *path);

#endif
