/* SPDX-License-Identifier: MIT */
/*
 * Secret dice (formats/rng.md, "Secret dice"): a record whose seed the
 * referee keeps in a file and commits to in its SeedCommit tag.  roll
 * --secret-seed writes the dice of the turn due into the record, and only
 * those; move refuses dice a player types; reveal writes the seed and
 * its salt, which gamecheck checks against the commitment and every
 * roll.  No message here names the seed, the salt or a roll not yet due.
 */
#include <stdlib.h>
#include <string.h>

#include "play/dice.h"
#include "secret/secret.h"

int
play_dice_new(const char *path, char commit[SECRET_COMMIT_LEN])
{
	struct secret_seed s;
	struct diag	   d;
	int		   status = CLI_OK;

	if (secret_init(&d) == -1) {
		cli_error("%s", d.msg);
		return CLI_INTERNAL;
	}
	secret_seed_new(&s);
	if (secret_seed_write(path, &s, &d) == -1) {
		cli_error("--secret-seed %s (never over a file or through a "
			  "link)",
		    d.msg);
		status = CLI_USAGE;
	} else
		secret_seed_commit(&s, commit);
	secret_wipe(&s, sizeof s);
	return status;
}

bool
play_dice_secret(const struct play_record *pr)
{
	return !pr->rp.seeded && record_tag_find(pr->rec, "SeedCommit") != NULL;
}

/* Whether a turn of pr's game starts with dice now: one is due. */
static bool
dice_due(const struct play_record *pr)
{
	struct rules_action first;

	return rules_phase(pr->rp.pos) != RULES_GAME_OVER &&
	    rules_legal(pr->rp.pos, &first, 1) > 0 && first.kind == RULES_DICE;
}

/* Whether the move mv holds a roll of the dice. */
static bool
has_dice(const struct play_record *pr, const char *mv)
{
	struct rules_action *acts;
	struct diag	     d;
	size_t		    *offs, cap;
	bool		     dice = false;
	int		     n, k;

	cap = record_turn_bound(mv, strlen(mv));
	acts = calloc(cap, sizeof *acts);
	offs = calloc(cap, sizeof *offs);
	if (acts != NULL && offs != NULL) {
		n = record_turn_parse(pr->syn, &pr->rp.pos->board, mv,
		    strlen(mv), acts, offs, cap, &d);
		for (k = 0; k < n; k++)
			dice = dice || acts[k].kind == RULES_DICE;
	}
	free(acts);
	free(offs);
	return dice;
}

int
play_dice_move_ok(
    const struct play_record *pr, char **moves, int nmoves, struct diag_pos at)
{
	struct diag d;
	int	    i;

	if (!play_dice_secret(pr))
		return CLI_OK;
	for (i = 0; i < nmoves; i++)
		if (has_dice(pr, moves[i])) {
			diag_set_at(&d, DIAG_DICE_SECRET, at, 0,
			    "the dice of this game are secret: the referee "
			    "rolls them (gameplay roll --secret-seed), not "
			    "a move");
			cli_diag(pr->name, &d, NULL);
			return CLI_BAD;
		}
	if (!pr->rp.in_turn && dice_due(pr)) {
		diag_set_at(&d, DIAG_DICE_SECRET, at, 0,
		    "turn %d starts with the referee's roll of the dice: "
		    "gameplay roll --secret-seed writes it, then the move "
		    "continues that turn",
		    rules_turn(pr->rp.pos));
		cli_diag(pr->name, &d, NULL);
		return CLI_BAD;
	}
	return CLI_OK;
}

int
play_dice_seed(
    const struct play_record *pr, const char *path, struct secret_seed *s)
{
	const struct record_tag *ct = record_tag_find(pr->rec, "SeedCommit");
	struct diag		 d;
	char			 hash[SECRET_COMMIT_LEN];

	if (secret_init(&d) == -1 || secret_seed_read(path, s, &d) == -1) {
		cli_error("%s", d.msg);
		return CLI_USAGE;
	}
	secret_seed_commit(s, hash);
	if (ct == NULL || strlen(ct->value) != SECRET_COMMIT_LEN - 1 ||
	    !secret_equal(hash, ct->value, SECRET_COMMIT_LEN - 1)) {
		secret_wipe(s, sizeof *s);
		cli_error("%s: not the seed %s commits to (its SeedCommit): "
			  "give this game's seed file",
		    path, pr->name);
		return CLI_USAGE;
	}
	return CLI_OK;
}

/*
 * The dice due in pr's game from seed s into dice: the generator seeded
 * with s, one roll for each turn rolled so far, each checked against the
 * record's, then the next.  Returns CLI_OK, or CLI_BAD after saying that
 * a roll of the record is not the seed's (an edited record).
 */
static int
next_dice(
    const struct play_record *pr, const struct secret_seed *s, int dice[2])
{
	struct rules_rng rng;
	size_t		 i;

	rules_rng_seed(&rng, s->seed);
	for (i = 0; i < pr->rp.ndice; i++) {
		rules_dice_roll(&rng, &dice[0], &dice[1]);
		if (pr->rp.dice[i] != dice[0] * 10 + dice[1]) {
			secret_wipe(&rng, sizeof rng);
			cli_error("%s: the dice of roll %zu in the record are "
				  "not the seed's: the record was edited",
			    pr->name, i + 1);
			return CLI_BAD;
		}
	}
	rules_dice_roll(&rng, &dice[0], &dice[1]);
	secret_wipe(&rng, sizeof rng);
	return CLI_OK;
}

/*
 * Whether pr's game has a roll due now that roll may reveal: a game with
 * secret dice, neither decided nor over, no turn in progress, and at
 * turn want if has_turn.  Returns CLI_OK, or the exit status after
 * saying why not.
 */
static int
roll_due(const struct play_record *pr, bool has_turn, unsigned long want)
{
	struct diag d;

	if (!match_uses_dice(pr->rp.pos) || !play_dice_secret(pr)) {
		cli_error("%s: --secret-seed rolls the secret dice of a record "
			  "with a SeedCommit and no Seed",
		    pr->name);
		return CLI_USAGE;
	}
	if (pr->rp.forfeit || rules_phase(pr->rp.pos) == RULES_GAME_OVER) {
		cli_error("%s: the game is over: there is nothing to roll "
			  "(gameplay reveal writes the seed)",
		    pr->name);
		return CLI_BAD;
	}
	if (pr->rp.in_turn || !dice_due(pr)) {
		diag_set_at(&d, DIAG_DICE_NOT_DUE, pr->rec->start, 0,
		    "turn %d is in progress: its dice are in the record, and "
		    "the next are rolled when it is over",
		    rules_turn(pr->rp.pos));
		cli_diag(pr->name, &d, NULL);
		return CLI_BAD;
	}
	if (has_turn && want != (unsigned long)rules_turn(pr->rp.pos)) {
		diag_set_at(&d, DIAG_DICE_NOT_DUE, pr->rec->start, 0,
		    "the dice of turn %lu are asked, but the turn due is %d: "
		    "dice are rolled only when their turn is due",
		    want, rules_turn(pr->rp.pos));
		cli_diag(pr->name, &d, NULL);
		return CLI_BAD;
	}
	return CLI_OK;
}

/*
 * The record of pr with the turn token of dice appended (dated in a
 * timed game by at), read back into np, which must be a turn in
 * progress.  Returns the exit status.
 */
static int
write_dice(const struct play_record *pr, const struct play_roll *ro,
    const int dice[2], struct play_record *np)
{
	const char	    *token[1];
	char		     text[8], when[CORR_TIME_LEN];
	struct record_update u = { .turns = token, .nturns = 1 };
	int64_t		     t;
	int		     status;

	snprintf(text, sizeof text, "%d%d:", dice[0], dice[1]);
	token[0] = text;
	if (pr->rp.timed) {
		if ((status = play_at_now(pr, &ro->at, pr->rec->start, &t)) !=
		    CLI_OK)
			return status;
		u.stamp = corr_time_format(t, when);
	}
	if ((status = play_update_load(pr, &u, &ro->sel, np)) == -1)
		return CLI_INTERNAL;
	if (status != CLI_OK || !np->rp.in_turn)
		return play_unchecked(pr, "the record with the dice");
	return CLI_OK;
}

int
play_roll_secret(const struct play_roll *ro, const char *path)
{
	struct cli_locked  lf = { .fd = -1 };
	struct play_record pr, np;
	struct report_play p = { 0 };
	struct secret_seed s;
	int		   status;

	memset(&pr, 0, sizeof pr);
	memset(&np, 0, sizeof np);
	memset(&s, 0, sizeof s);
	if (strcmp(path, "-") == 0) {
		cli_error("roll: --secret-seed writes the dice into the "
			  "record: name its file, not standard input");
		return CLI_USAGE;
	}
	if ((status = play_open_keyed(&play_cmd_roll, &ro->key, true, path, &lf,
		 &pr, &ro->sel, NULL, 0)) != CLI_OK ||
	    (status = roll_due(&pr, ro->has_turn, ro->turn)) != CLI_OK ||
	    (status = play_dice_seed(&pr, ro->secret, &s)) != CLI_OK ||
	    (status = next_dice(&pr, &s, p.dice)) != CLI_OK ||
	    (status = write_dice(&pr, ro, p.dice, &np)) != CLI_OK ||
	    (status = play_write_locked(true, &lf, pr.name, &np)) != CLI_OK)
		goto out_close;
	/* Said only once written: no roll is shown that is not kept. */
	play_report_of(&pr, &p);
	status = match_finish(report_write_play(stdout, REPORT_PLAY_ROLL, &p));
out_close:
	secret_wipe(&s, sizeof s);
	return play_edit_close(&pr, &np, &lf, status);
}
