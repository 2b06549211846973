/* SPDX-License-Identifier: MIT */
/*
 * gameplay roll: the dice of the next turn of a dice game, drawn from the
 * record's Seed with the project's generator, as a YAML document; with
 * --secret-seed, from the seed the record commits to, written into the
 * record as they are revealed (dice.c).
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "play/dice.h"
#include "play/play.h"
#include "report/report.h"

int
play_option_roll(void *settings, int c, const char *arg)
{
	struct play_roll *ro = settings;

	switch (c) {
	case PLAY_OPT_SECRET_SEED: ro->secret = arg; return 0;
	case PLAY_OPT_TURN:
		if (!match_count("--turn", arg, &ro->turn))
			return -1;
		ro->has_turn = true;
		return 0;
	case PLAY_OPT_AT: return play_at_option(arg, &ro->at);
	case PLAY_OPT_AS:
	case PLAY_OPT_KEY_FILE:
	case PLAY_OPT_KEY_FD: return play_key_option(&ro->key, c, arg);
	default: return play_select_option(&ro->sel, c, arg);
	}
}

/*
 * Whether pr's game has a roll due that its Seed gives (the turn want
 * if has_turn).  Returns CLI_OK, or the exit status after saying why not.
 */
static int
public_roll_due(const struct play_record *pr, const struct play_roll *ro)
{
	struct diag d;
	char	    how[RECORD_SHOWN + 32];

	if (!match_uses_dice(pr->rp.pos)) {
		cli_error("%s: %s throws no dice: there is nothing to roll",
		    pr->name, pr->rp.game->name);
		return CLI_USAGE;
	}
	if (play_dice_secret(pr)) {
		cli_error("%s: the dice of this game are secret (its "
			  "SeedCommit): the referee rolls them with "
			  "--secret-seed FILE",
		    pr->name);
		return CLI_USAGE;
	}
	/*
	 * The replay rolled every turn played so far from the Seed, exactly
	 * as gamecheck checks them; the next roll is the next turn's.
	 */
	if (!pr->rp.seeded) {
		diag_set_at(&d, DIAG_NO_SEED, pr->rec->start, 0,
		    "no Seed tag: the dice of this game cannot be rolled (gameplay new writes one)");
		cli_diag(pr->name, &d, NULL);
		return CLI_BAD;
	}
	if (pr->rp.forfeit) {
		play_forfeit_text(pr->rec, &pr->rp, how, sizeof how);
		cli_error(
		    "%s: the game was decided by forfeit, %s: there is nothing to roll",
		    pr->name, how);
		return CLI_BAD;
	}
	if (rules_phase(pr->rp.pos) == RULES_GAME_OVER) {
		cli_error(
		    "%s: the game is over: there is nothing to roll", pr->name);
		return CLI_BAD;
	}
	/* In a turn in progress, its dice are rolled: the next turn's are. */
	if (ro->has_turn &&
	    ro->turn !=
		(unsigned long)rules_turn(pr->rp.pos) + pr->rp.in_turn) {
		diag_set_at(&d, DIAG_DICE_NOT_DUE, pr->rec->start, 0,
		    "the dice of turn %lu are asked, but the turn due is %d",
		    ro->turn, rules_turn(pr->rp.pos) + pr->rp.in_turn);
		cli_diag(pr->name, &d, NULL);
		return CLI_BAD;
	}
	return CLI_OK;
}

int
play_exec_roll(int argc, char **argv)
{
	struct play_roll   ro = { 0 };
	struct play_record pr;
	struct report_play p = { 0 };
	struct rules_rng   rng;
	int		   status;

	memset(&pr, 0, sizeof pr);
	if ((status = play_parse(&play_cmd_roll, argc, argv, &ro)) != -1)
		return status;
	if (ro.secret != NULL)
		return play_roll_secret(&ro, argv[optind]);
	if (ro.at.given) {
		cli_error("roll: --at dates the dice --secret-seed writes");
		return CLI_USAGE;
	}
	if ((status = play_open(&pr, argv[optind], &ro.sel)) != CLI_OK ||
	    (status = public_roll_due(&pr, &ro)) != CLI_OK)
		goto out_close;
	play_report_of(&pr, &p);
	p.next_turn = pr.rp.in_turn;
	rng = pr.rp.rng;
	rules_dice_roll(&rng, &p.dice[0], &p.dice[1]);
	status = match_finish(report_write_play(stdout, REPORT_PLAY_ROLL, &p));
out_close:
	play_close(&pr);
	return status;
}
