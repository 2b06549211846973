/* SPDX-License-Identifier: MIT */
/*
 * gameplay solve: the perfect-play value of a record's position, its best
 * moves and with --all every move's value, as a YAML document
 * (arbiter-solve/1), from the exact solver (src/solve): the bitboard one
 * for 8x8 Reversi, the generic one (solve/game.h) for every other game
 * and board.  A budget that runs out, or a position the generic solver
 * cannot value, gives an honest "unknown" and exit status 1.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"
#include "record/turn.h"
#include "solve/game.h"
#include "solve/line.h"
#include "solve/solve.h"

struct solve_settings {
	struct play_select   sel;
	struct solve_options opt;
	unsigned long	     mb;
};

/* --seconds: decimal seconds, more than 0. */
static int
seconds_option(struct solve_settings *ss, const char *arg)
{
	char *endp;

	errno = 0;
	ss->opt.max_seconds = strtod(arg, &endp);
	if (arg[0] < '0' || arg[0] > '9' ||
	    arg[strspn(arg, "0123456789.")] != '\0' || *endp != '\0' ||
	    errno != 0 || !(ss->opt.max_seconds > 0) ||
	    ss->opt.max_seconds > 1e7)
		return cli_bad_value("--seconds", "seconds (more than 0)", arg);
	return 0;
}

int
play_option_solve(void *settings, int c, const char *arg)
{
	struct solve_settings *ss = settings;
	unsigned long	       n;

	switch (c) {
	case PLAY_OPT_ALL: ss->opt.all = true; return 0;
	case PLAY_OPT_NODES:
		if (!match_count("--nodes", arg, &n))
			return -1;
		if (n == 0) {
			cli_error("--nodes: 0: give a budget of 1 or more");
			return -1;
		}
		ss->opt.max_nodes = n;
		return 0;
	case PLAY_OPT_SECONDS: return seconds_option(ss, arg);
	case PLAY_OPT_HASH:
		if (!match_count("--hash", arg, &ss->mb))
			return -1;
		if (ss->mb < 1 || ss->mb > 65536) {
			cli_error("--hash: %s: not a size from 1 to 65536 "
				  "megabytes",
			    arg);
			return -1;
		}
		return 0;
	default: return play_select_option(&ss->sel, c, arg);
	}
}

/* The document of s for pr's position; exit status. */
static int
write_solved(struct play_record *pr, const struct report_solved *s)
{
	struct report_play p = { 0 };

	play_report_of(pr, &p);
	p.solved = s;
	if (match_finish(report_write_play(stdout, REPORT_PLAY_SOLVE, &p)) !=
	    CLI_OK)
		return CLI_USAGE;
	return s->exact ? CLI_OK : CLI_BAD;
}

/* The document of r for pr's position; exit status. */
static int
write_value(struct play_record *pr, const struct solve_result *r)
{
	struct report_solved s = { .exact = r->status == SOLVE_EXACT };
	int		     moves[SOLVE_MAX_MOVES], scores[SOLVE_MAX_MOVES], i;

	s.colour = rules_to_move(pr->rp.pos);
	s.score = r->score;
	s.empties = r->empties;
	s.best = r->best;
	s.nbest = r->nbest;
	for (i = 0; i < r->nmoves; i++) {
		moves[i] = r->moves[i].square;
		scores[i] = r->moves[i].score == SOLVE_SCORE_UNKNOWN ?
		    INT_MIN :
		    r->moves[i].score;
	}
	s.moves = moves;
	s.scores = scores;
	s.nmoves = r->nmoves;
	s.nodes = r->nodes;
	s.seconds = r->seconds;
	return write_solved(pr, &s);
}

/*
 * The document of the generic solver's r for pr's position: the best turn
 * and with --all every first action as notation tokens; exit status.
 */
static int
write_game_value(struct play_record *pr, const struct solve_game_result *r)
{
	const struct rules_board *b = &pr->rp.pos->board;
	struct report_solved	  s = { .exact = r->status == SOLVE_EXACT };
	char			  turn[1024], (*names)[32] = NULL;
	const char		 *best[1], **tokens = NULL;
	int			 *scores = NULL, status = CLI_INTERNAL;
	size_t			  i;

	if (r->nmoves > 0 &&
	    ((names = calloc(r->nmoves, sizeof *names)) == NULL ||
		(tokens = calloc(r->nmoves, sizeof *tokens)) == NULL ||
		(scores = calloc(r->nmoves, sizeof *scores)) == NULL)) {
		cli_error("out of memory");
		goto out;
	}
	s.colour = r->colour;
	s.score = r->value;
	s.empties = solve_empties(pr->rp.pos);
	s.why = r->why;
	if (r->nbest > 0 &&
	    record_turn_format(b, r->best, r->nbest, turn, sizeof turn) >= 0) {
		best[0] = turn;
		s.best_tokens = best;
		s.nbest = 1;
	}
	for (i = 0; i < r->nmoves; i++) {
		tokens[i] = record_action_format(
		    b, &r->moves[i].action, names[i], sizeof names[i]);
		scores[i] = r->moves[i].exact ? r->moves[i].value : INT_MIN;
	}
	s.move_tokens = tokens;
	s.scores = scores;
	s.nmoves = (int)r->nmoves;
	s.nodes = r->nodes;
	s.seconds = r->seconds;
	status = write_solved(pr, &s);
out:
	free(scores);
	free(tokens);
	free(names);
	return status;
}

/* gameplay solve by the generic solver; exit status. */
static int
solve_other(struct play_record *pr, const struct solve_settings *ss)
{
	struct solve_game_result r;
	struct diag		 d;
	int			 status;

	if (solve_game(pr->rp.pos, &ss->opt, (size_t)ss->mb << 20, &r, &d) ==
	    -1) {
		cli_error("%s: %s", pr->path, d.msg);
		return CLI_INTERNAL;
	}
	status = write_game_value(pr, &r);
	solve_game_result_free(&r);
	return status;
}

int
play_exec_solve(int argc, char **argv)
{
	struct solve_settings ss = { 0 };
	struct play_record    pr;
	struct solve_result   r;
	struct solve	     *sv = NULL;
	struct diag	      d;
	int		      status;

	if ((status = play_parse(&play_cmd_solve, argc, argv, &ss)) != -1)
		return status;
	if ((status = play_open(&pr, argv[optind], &ss.sel)) != CLI_OK)
		goto out;
	if (pr.rp.forfeit) {
		cli_error("%s: the game was decided by forfeit: nothing to "
			  "solve",
		    pr.path);
		status = CLI_USAGE;
		goto out;
	}
	if (!solve_serves(pr.rp.pos, &d)) {
		status = solve_other(&pr, &ss);
		goto out;
	}
	if ((sv = solve_new((size_t)ss.mb << 20)) == NULL) {
		cli_error("out of memory");
		status = CLI_INTERNAL;
		goto out;
	}
	switch (solve_position(sv, pr.rp.pos, &ss.opt, &r, &d)) {
	case -1:
		cli_error("%s: %s", pr.path, d.msg);
		status = CLI_USAGE;
		break;
	default: status = write_value(&pr, &r); break;
	}
out:
	solve_free(sv);
	play_close(&pr);
	return status;
}
