/* SPDX-License-Identifier: MIT */
/*
 * gameplay selfplay: games between two built-in players (src/player),
 * written as complete records to standard output, the same for the same
 * seed on every run and machine.  Game i of a run with --seed S is played
 * with the seed S + i - 1: its dice (the Seed tag of a dice game) and the
 * players' own random numbers come from it, so any one game can be played
 * again alone.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"
#include "player/player.h"

/* What the options say: the series, and the players' specs. */
struct selfplay_settings {
	struct match_series ps;
	const char	   *spec[2]; /* --black, --white */
};

int
play_option_selfplay(void *settings, int c, const char *arg)
{
	struct selfplay_settings *ss = settings;

	switch (c) {
	case 'b': ss->spec[0] = arg; break;
	case 'w': ss->spec[1] = arg; break;
	default: return match_series_option(&ss->ps, c, arg);
	}
	return 0;
}

/*
 * Plays game i of the series between the players pl, side start[c]
 * holding colour c at the start, and writes its record with the tags t.
 * Returns the exit status.
 */
static int
play_one(struct match_series *ps, unsigned long i, struct player *pl[2],
    const int start[RULES_COLOURS], struct match_game_tags *t)
{
	struct match_game   pg;
	struct rules_action a;
	struct diag	    d;
	struct rules_score  s;
	int		    c, r, status = CLI_OK;

	if (match_series_start(ps, i, &pg) == -1)
		return CLI_USAGE;
	for (c = 0; c < RULES_COLOURS; c++)
		player_seed(pl[start[c]], match_player_seed(pg.seed, c));
	while (match_series_going(ps, &pg)) {
		if ((r = match_game_roll(&pg)) == 1)
			continue;
		if (r == -1 ||
		    player_choose(
			pl[match_game_side(&pg, start, rules_to_move(pg.pos))],
			pg.pos, &a, &d) == -1 ||
		    match_game_play(&pg, &a, &d) == -1) {
			cli_error("game %lu: %s", i + 1,
			    r == -1 ? "out of memory" : d.msg);
			status = CLI_INTERNAL;
			break;
		}
	}
	if (status == CLI_OK) {
		rules_score(pg.pos, &s);
		t->round = i + 1;
		t->termination = s.over ? NULL : "aborted";
		if (!s.over)
			ps->m.aborted++;
		match_tally(&ps->m, &pg, start, s.winner, !s.over);
		status = match_finish(match_game_write(stdout, &pg, t));
		cli_progress_of(i + 1, ps->games, "games");
	}
	match_game_fini(&pg);
	return status;
}

int
play_exec_selfplay(int argc, char **argv)
{
	struct selfplay_settings ss = { .spec = { "random", "random" } };
	struct match_series	*ps = &ss.ps;
	const struct rules_game *g;
	struct player		*pl[2] = { NULL, NULL };
	struct match_game_tags	 t = { 0 };
	struct diag		 d;
	unsigned long		 i;
	int			 start[RULES_COLOURS], black, status;

	match_series_init(ps, "selfplay");
	if ((status = play_parse(&play_cmd_selfplay, argc, argv, &ss)) != -1)
		return status;
	if ((g = match_series_game(ps, argv[optind])) == NULL)
		return CLI_USAGE;
	status = CLI_OK;
	for (i = 0; i < 2; i++)
		if ((pl[i] = player_new(ss.spec[i], &d)) == NULL) {
			cli_error(
			    "--%s: %s", i == 0 ? "black" : "white", d.msg);
			status = d.code == DIAG_NO_MEMORY ? CLI_INTERNAL :
							    CLI_USAGE;
			goto out_free;
		}
	/* Side 0 (--black) starts with the colour named black. */
	black = match_colour(g, "black", 0);
	start[black] = 0;
	start[1 - black] = 1;
	ps->m.side[0].name = player_spec(pl[0]);
	ps->m.side[1].name = player_spec(pl[1]);
	t.event = "selfplay";
	t.black = player_spec(pl[0]);
	t.white = player_spec(pl[1]);
	cli_progress_of(0, ps->games, "games");
	for (i = 0; i < ps->games && status == CLI_OK; i++)
		status = play_one(ps, i, pl, start, &t);
	cli_progress_done();
	if (ps->summary != NULL && status == CLI_OK &&
	    !match_summary(&ps->m, ps->summary))
		status = CLI_USAGE;
out_free:
	player_free(pl[0]);
	player_free(pl[1]);
	return status;
}
