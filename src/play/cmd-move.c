/* SPDX-License-Identifier: MIT */
/*
 * gameplay move: apply moves to a record only if they are legal, keeping
 * the rest of the record as it was.  Each move is parsed once, by the
 * notation's turn codec, and its actions judged by the referee on the
 * replayed position (replay_turn) as the moves are grouped into turn
 * tokens; where one is wrong, the record writer says where its token
 * stands, so the diagnostic is gamecheck's without gameplay reading its
 * own output.  The text written is still read back once, as a safety
 * net: what gameplay writes is what gamecheck accepts.  With -i the file
 * is replaced in place under a lock (cli.h: cli_locked_*).
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "play/dice.h"
#include "play/play.h"
#include "play/queue.h"
#include "util/util.h"

/* What the options say: which record, where it goes, for which turn. */
struct move_settings {
	struct play_select sel;
	bool		   in_place;
	unsigned long	   want; /* --turn */
	bool		   has_turn;
	struct play_at	   at;
	struct play_key	   key;
	/* The moment written after each turn ({[%at ...]}), or "". */
	char stamp[CORR_TIME_LEN];
};

int
play_option_move(void *settings, int c, const char *arg)
{
	struct move_settings *ms = settings;

	switch (c) {
	case 'i': ms->in_place = true; break;
	case PLAY_OPT_TURN:
		if (!match_count("--turn", arg, &ms->want))
			return -1;
		ms->has_turn = true;
		break;
	case PLAY_OPT_AT: return play_at_option(arg, &ms->at);
	case PLAY_OPT_AS:
	case PLAY_OPT_KEY_FILE:
	case PLAY_OPT_KEY_FD: return play_key_option(&ms->key, c, arg);
	default: return play_select_option(&ms->sel, c, arg);
	}
	return 0;
}

/*
 * The new turn tokens, each as the player typed it (with the dice due and
 * the commas of a turn continued): the first may continue the turn in
 * progress.
 */
struct tokens {
	char **v;
	size_t n;
	size_t cap;
	bool   replace_last;
	/* A keyed record's holder (-1: none), and the first move that is
	 * another colour's turn (-1: none), which is refused. */
	int  holder;
	long foreign;
};

static void
tokens_free(struct tokens *t)
{
	array_free_strings(t->v, t->n);
}

/* Where a new turn would be written: for diagnostics about a move. */
static struct diag_pos
insertion_pos(const struct record *rec)
{
	if (rec->has_result)
		return rec->result.at;
	if (rec->nturns > 0)
		return rec->turns[rec->nturns - 1].at;
	return rec->start;
}

/* Adds s (owned from now on, NULL when memory ran out) to t. */
static int
push(struct tokens *t, char *s)
{
	if (s == NULL ||
	    array_grow(&t->v, &t->cap, t->n + 1, sizeof *t->v) == -1) {
		free(s);
		return -1;
	}
	t->v[t->n++] = s;
	return 0;
}

/*
 * Parses a move once into acts (at least record_turn_bound() of them, with
 * offs), as the replay would read it.  Returns the number of actions, or
 * -1 for a move that is no turn, with d saying why; *first is then the
 * number of actions before a cell off the board or badly written (0 if
 * none), so that the move's first action is still known where one parsed.
 */
static int
parse_move(const struct play_record *pr, const struct rules_position *pos,
    const char *mv, struct rules_action *acts, size_t *offs, size_t cap,
    int *first, struct diag *d)
{
	size_t cut;
	int    n;

	n = record_turn_parse(
	    pr->syn, &pos->board, mv, strlen(mv), acts, offs, cap, d);
	*first = n;
	/* The actions before the bad cell, as the replay judges them. */
	if (n == -1 &&
	    (*first = record_turn_parse_before(pr->syn, &pos->board, mv,
		 (size_t)d->at.offset, acts, offs, cap, &cut)) == -1)
		*first = 0;
	return n;
}

/*
 * With a Seed the referee knows the dice (rules.md §4): where pr's
 * position starts a turn with them, the roll due goes before a move whose
 * first action (of nfirst parsed, at a) is a placement, a removal or a
 * move: dice typed are the referee's to check, and a pass or a token that
 * is no turn is left for it to judge as the player wrote it.  Returns
 * whether *dice is due.
 */
static bool
due_dice(const struct play_record *pr, const struct rules_action *a, int nfirst,
    struct rules_action *dice)
{
	struct rules_action first;
	struct rules_rng    rng = pr->rp.rng;
	int		    one, two;

	if (!pr->rp.seeded || rules_phase(pr->rp.pos) == RULES_GAME_OVER ||
	    rules_legal(pr->rp.pos, &first, 1) == 0 || first.kind != RULES_DICE)
		return false;
	/* Not before dice, a pass, a swap or what is no turn at all. */
	if (nfirst < 1 ||
	    (a[0].kind != RULES_PLACE && a[0].kind != RULES_REMOVE &&
		a[0].kind != RULES_MOVE))
		return false;
	rules_dice_roll(&rng, &one, &two);
	*dice = (struct rules_action){
		.kind = RULES_DICE, .from = (int16_t)one, .to = (int16_t)two
	};
	return true;
}

/*
 * Fills rt for tok, whose last move (at byte base) did not read as
 * actions: the actions before d did (rt->n of them).  A cell off the
 * board (d) is judged after the actions before it.  Anything else makes
 * the whole token no turn, and the codec says why of the whole token, as
 * a replay would: this error path reads it again.  joinable: the move may
 * follow the token's text.
 */
static void
no_acts(const struct play_record *pr, const char *tok, size_t base, int n,
    const struct diag *d, bool joinable, struct replay_turn *rt)
{
	size_t		     bound = record_turn_bound(tok, strlen(tok)), *offs;
	struct rules_action *acts;
	struct diag	     whole;

	rt->bad = *d;
	if (n == -1 && d->code == DIAG_OFF_BOARD && joinable) {
		rt->off_board = true;
		rt->bad.at.offset += base;
		return;
	}
	rt->n = -1;
	acts = calloc(bound, sizeof *acts);
	offs = calloc(bound, sizeof *offs);
	if (acts != NULL && offs != NULL &&
	    record_turn_parse(pr->syn, &pr->rp.pos->board, tok, strlen(tok),
		acts, offs, bound, &whole) == -1)
		rt->bad = whole;
	free(acts);
	free(offs);
}

/*
 * Groups the moves into turn tokens and has the referee judge each move's
 * actions on pr's position as it goes (replay_turn), each move parsed
 * once: a move made while a turn is in progress continues it
 * (record_turn_join), and one that starts a turn gets the dice due
 * (due_dice), played as an action and written by the codec.  A move is
 * kept as the player wrote it ("--" stays "--").  The token a move goes
 * into is placed only once every move is in (a longer token may wrap to
 * the next line), so the referee judges it at the token's start of 0:0
 * and *fail is the index of the token at fault, the error's position to
 * be moved to where the writer puts it; -1 if none.  No move after the
 * first that fails matters.  Returns 0, or -1 when memory runs out.
 */
static int
group(struct play_record *pr, char **moves, int nmoves, struct tokens *t,
    long *fail)
{
	struct replay_options ro = { .max_legal = MATCH_MAX_LEGAL };
	struct replay_turn    rt;
	struct record_token   tok;
	struct rules_action  *acts = NULL;
	size_t		     *offs = NULL, cap = 0, ocap = 0, need, base, k;
	char		     *s, *mv, text[16];
	bool		      join, dice, joinable;
	int		      i, n, nfirst, holder, rc = -1;

	holder = t->holder;
	memset(t, 0, sizeof *t);
	t->holder = holder;
	t->foreign = -1;
	*fail = -1;
	if (pr->rp.in_turn) {
		if (push(t, play_token(pr, pr->rec->nturns - 1)) == -1)
			goto out_free;
		t->replace_last = true;
	}
	for (i = 0; *fail == -1 && i < nmoves; i++) {
		mv = moves[i];
		/*
		 * A player moves for their own colour alone (keys.md), the
		 * holder named by the colour they started with.
		 */
		if (holder >= 0 && rules_phase(pr->rp.pos) != RULES_GAME_OVER &&
		    play_seat(pr, rules_to_move(pr->rp.pos)) != holder) {
			t->foreign = i;
			break;
		}
		/* Room for the dice due before the move's actions. */
		need = record_turn_bound(mv, strlen(mv)) + 1;
		if (array_grow(&acts, &cap, need, sizeof *acts) == -1 ||
		    array_grow(&offs, &ocap, need, sizeof *offs) == -1)
			goto out_free;
		/* rt.bad is read only where a move fails (no_acts). */
		rt.off_board = false;
		n = parse_move(pr, pr->rp.pos, mv, acts + 1, offs + 1, need - 1,
		    &nfirst, &rt.bad);
		join = t->n > 0 && rules_phase(pr->rp.pos) == RULES_TURN_MIDDLE;
		dice = !join && due_dice(pr, acts + 1, nfirst, &acts[0]);
		if (join) {
			if ((s = record_turn_join(t->v[t->n - 1], mv)) == NULL)
				goto out_free;
			free(t->v[t->n - 1]);
			t->v[t->n - 1] = s;
		} else if (dice) {
			record_action_format(
			    &pr->rp.pos->board, &acts[0], text, sizeof text);
			if (push(t, record_turn_join(text, mv)) == -1)
				goto out_free;
			offs[0] = 0;
		} else if (push(t, strdup(mv)) == -1)
			goto out_free;
		/* The move's actions, placed in its token. */
		base = strlen(t->v[t->n - 1]) - strlen(mv);
		for (k = 0; nfirst > 0 && k < (size_t)nfirst; k++)
			offs[k + 1] += base;
		rt.acts = dice ? acts : acts + 1;
		rt.offs = dice ? offs : offs + 1;
		rt.n = (nfirst > 0 ? nfirst : 0) + (dice ? 1 : 0);
		rt.continues = join;
		/* Only actions continue a turn: "b3,pass" is no turn. */
		joinable = !join || nfirst < 1 ||
		    (acts[1].kind != RULES_PASS && acts[1].kind != RULES_SWAP &&
			acts[1].kind != RULES_DICE);
		if (n == -1 || !joinable)
			no_acts(pr, t->v[t->n - 1], base, n, &rt.bad, joinable,
			    &rt);
		tok = (struct record_token){ t->v[t->n - 1],
			strlen(t->v[t->n - 1]), { 0, 0, 0 } };
		if (replay_turn(&tok, &rt, true, &ro, &pr->rp) == -1)
			*fail = (long)t->n - 1;
	}
	rc = 0;
out_free:
	free(acts);
	free(offs);
	if (rc == -1)
		tokens_free(t);
	return rc;
}

/*
 * The text of pr's file with the tokens and result applied to its record:
 * the text up to the record's end is edited, the records after it are
 * kept byte for byte.  Where each token stands goes into at, unless NULL.
 */
static char *
rewrite(const struct play_record *pr, const struct tokens *t,
    const char *result, const char *stamp, size_t *len, struct diag_pos *at)
{
	struct record_update u = { .replace_last = t->replace_last,
		.turns = (const char *const *)t->v,
		.nturns = t->n,
		.result = result,
		.at = at,
		.stamp = stamp[0] != '\0' ? stamp : NULL };

	return play_update_text(pr, &u, len);
}

/*
 * What the operands may not be: an option after the record, or -i on
 * standard input.  Returns whether they are fine, after saying why not.
 */
static bool
operands_ok(const struct move_settings *ms, int argc, char **argv)
{
	int i;

	for (i = optind + 1; i < argc; i++)
		if (argv[i][0] == '-' && strcmp(argv[i], "--") != 0) {
			cli_error("move: %s: options come before the record",
			    argv[i]);
			return false;
		}
	if (ms->in_place && strcmp(argv[optind], "-") == 0) {
		cli_error("move: --in-place needs a file, not standard input");
		return false;
	}
	return true;
}

/*
 * Whether moves may go into pr's record at all: the game was not decided
 * by forfeit or adjudication nor aborted, --turn is its next turn, each
 * move is one turn token.
 * Returns CLI_OK, or CLI_BAD after gamecheck's kind of diagnostic.
 */
static int
moves_ok(const struct play_record *pr, const struct move_settings *ms,
    char **moves, int nmoves)
{
	const struct record_tag *tt;
	struct diag		 d;
	struct diag_pos		 at = insertion_pos(pr->rec);
	char			 shown[40], how[RECORD_SHOWN + 32];
	int			 i;

	if (pr->rp.forfeit) {
		/* The board goes on, but the game was decided off it. */
		play_forfeit_text(pr->rec, &pr->rp, how, sizeof how);
		diag_set_at(&d, DIAG_GAME_OVER, at, 0,
		    "the game was decided by forfeit, %s: no turn may follow",
		    how);
		cli_diag(pr->name, &d, NULL);
		return CLI_BAD;
	}
	if (pr->rp.adjudged) {
		diag_set_at(&d, DIAG_GAME_OVER, at, 0,
		    "the game was adjudicated: no turn may follow");
		cli_diag(pr->name, &d, NULL);
		return CLI_BAD;
	}
	/*
	 * A game stopped by the turn cap is unfinished, and a move that
	 * ended it would leave a record whose tags contradict the board
	 * (forfeit-mismatch): the tag goes first, by hand.
	 */
	tt = record_tag_find(pr->rec, "Termination");
	if (record_tag_value_is(tt, "aborted")) {
		diag_set_at(&d, DIAG_GAME_OVER, tt->at, 0,
		    "the game was aborted (the Termination tag): no turn may follow; remove the tag to play it on");
		cli_diag(pr->name, &d, NULL);
		return CLI_BAD;
	}
	if (ms->has_turn && ms->want != (unsigned long)rules_turn(pr->rp.pos)) {
		diag_set_at(&d, DIAG_STALE_TURN, at, 0,
		    "the move is for turn %lu but the record is at turn %d",
		    ms->want, rules_turn(pr->rp.pos));
		cli_diag(pr->name, &d, NULL);
		return CLI_BAD;
	}
	for (i = 0; i < nmoves; i++)
		if (!play_token_safe(moves[i])) {
			util_printable(
			    moves[i], strlen(moves[i]), shown, sizeof shown);
			diag_set_at(&d, DIAG_BAD_MOVE_SYNTAX, at, 0,
			    "\"%s\" is not a turn (a square like d3, a list like c5*,g4 or b3xc3,c4, a move like c1-f4, pass or swap)",
			    shown);
			cli_diag(pr->name, &d, NULL);
			return CLI_BAD;
		}
	return CLI_OK;
}

/*
 * Says what the referee found wrong with the new token fail of t, where
 * the new text will have it: the writer says where, and the error moves
 * there from the token's start of 0:0 (group).  Returns the exit status.
 */
static int
judged_wrong(struct play_record *pr, const struct tokens *t, size_t fail,
    const char *stamp)
{
	struct diag_pos *at, *e = &pr->rp.error.at;
	struct diag	 d;
	char		*text;
	size_t		 len;

	if (pr->rp.error.code == DIAG_NO_MEMORY) {
		cli_error("%s: out of memory", pr->name);
		return CLI_INTERNAL;
	}
	if ((at = calloc(t->n, sizeof *at)) == NULL ||
	    (text = rewrite(pr, t, NULL, stamp, &len, at)) == NULL) {
		free(at);
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	free(text);
	*e = (struct diag_pos){ at[fail].line, at[fail].col + e->col,
		at[fail].offset + e->offset };
	free(at);
	/* The token's index in the new record, as gamecheck counts. */
	pr->rp.error_turn = pr->rec->nturns - (t->replace_last ? 1 : 0) + fail +
	    1;
	/*
	 * Secret dice: a move that goes on into a turn whose roll is due is
	 * refused as play_dice_move_ok refuses one that starts there, the
	 * roll being the referee's, no dice for the player to type.
	 */
	if (pr->rp.error.code == DIAG_DICE_MISSING && play_dice_secret(pr)) {
		diag_set_at(&d, DIAG_DICE_SECRET, *e, 0,
		    "turn %lu starts with the referee's roll of the dice: "
		    "gameplay roll --secret-seed writes it, then the move "
		    "continues that turn",
		    pr->rp.error_turn);
		cli_diag(pr->name, &d, NULL);
		return CLI_BAD;
	}
	match_diag(pr->name, &pr->rp);
	return CLI_BAD;
}

/*
 * The new text (owned from now on: len bytes, the turns judged, the
 * result set if the game is over) read back from path into np and
 * replayed as gamecheck does.  This is a safety net, not the referee's
 * judgement: it holds what no one turn shows, that the writer put every
 * turn where the reader finds it and that the tags agree with the game
 * as it now stands (a Termination of "aborted" on a game this move
 * finished).  A finished game whose record had a result fails here only
 * through such a contradiction, which is reported as before.  Returns
 * CLI_OK, or the exit status after saying why.
 */
static int
read_back(const struct play_record *pr, const struct tokens *t, bool over,
    char *text, size_t len, const struct play_select *sel,
    struct play_record *np)
{
	int status;

	status = play_load(np, pr->path, text, len, sel, true);
	if (status != CLI_OK || (over && !np->rp.agrees)) {
		if (over &&
		    (pr->rec->has_result ||
			record_tag_find(pr->rec, "Result") != NULL)) {
			cli_error(
			    "%s: the finished record does not check; please report this",
			    pr->name);
			return CLI_INTERNAL;
		}
		match_diag(np->name, &np->rp);
		return status != CLI_OK ? status : CLI_INTERNAL;
	}
	/* Every move went in where the reader sees it, or nothing is kept. */
	if (np->rec->nturns !=
	    pr->rec->nturns - (t->replace_last ? 1 : 0) + t->n) {
		cli_error(
		    "%s: the new record does not hold the moves; please report this",
		    pr->name);
		return CLI_INTERNAL;
	}
	return CLI_OK;
}

/*
 * The new record of pr with the tokens t (judged) into np: written with
 * the result if the game is over, then read back (read_back).  Returns
 * the exit status.
 */
static int
apply(const struct play_record *pr, const struct tokens *t,
    const struct move_settings *ms, struct play_record *np)
{
	struct rules_score score;
	char		  *text, result[32];
	size_t		   len;

	rules_score(pr->rp.pos, &score);
	if (score.over)
		snprintf(result, sizeof result, "%d-%d", score.points[0],
		    score.points[1]);
	if ((text = rewrite(pr, t, score.over ? result : NULL, ms->stamp, &len,
		 NULL)) == NULL) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	return read_back(pr, t, score.over, text, len, &ms->sel, np);
}

/*
 * The moment that dates the new turns into ms->stamp: --at's, or now in
 * a timed game (a Start tag); none in an untimed game without --at, so
 * that such a record is written as it always was.  Returns the exit
 * status: a moment before the record's last is refused.
 */
static int
stamp_due(const struct play_record *pr, struct move_settings *ms)
{
	int64_t t;
	int	status;

	ms->stamp[0] = '\0';
	if (!ms->at.given && !pr->rp.timed)
		return CLI_OK;
	if ((status = play_at_now(pr, &ms->at, insertion_pos(pr->rec), &t)) !=
	    CLI_OK)
		return status;
	corr_time_format(t, ms->stamp);
	return CLI_OK;
}

/*
 * Writes np, the record moved, in place with the reply queued to the
 * move, if any (queue.h), in the one update under the lock lf; or to
 * standard output as it is.  The queue goes first, its lines the new
 * record left dropped, while the lock still holds the record: once the
 * record is renamed another referee may lock the new one, and must find
 * the queue that goes with it.  Should the record not be written, the
 * queue is written again with the lines the old record holds.  Returns
 * the exit status.
 */
static int
write_answered(const struct move_settings *ms, struct cli_locked *lf,
    const struct play_record *pr, struct play_record *np)
{
	struct play_queue      q;
	struct play_queue_said said;
	int		       status;

	if (!ms->in_place)
		return play_write_locked(false, lf, pr->name, np);
	if ((status = play_queue_answer(
		 lf->path, &ms->sel, ms->stamp, np, &q, &said)) == CLI_OK &&
	    (q.path == NULL || (status = play_queue_write(&q, np)) == CLI_OK)) {
		if ((status = play_write_locked(true, lf, pr->name, np)) ==
		    CLI_OK)
			play_queue_say("move", np, &said);
		else if (q.path != NULL)
			play_queue_write(&q, pr);
	}
	free(said.played);
	play_queue_free(&q);
	return status;
}

int
play_exec_move(int argc, char **argv)
{
	struct move_settings ms = { 0 };
	struct cli_locked    lf = { .fd = -1 };
	struct play_record   pr, np;
	struct tokens	     t = { 0 };
	char		   **moves;
	long		     fail;
	int		     nmoves, status;

	if ((status = play_parse(&play_cmd_move, argc, argv, &ms)) != -1)
		return status;
	if (!operands_ok(&ms, argc, argv))
		return CLI_USAGE;
	moves = argv + optind + 1;
	nmoves = argc - optind - 1;
	/* A "--" right after the record ends the options, as anywhere. */
	if (strcmp(moves[0], "--") == 0 && (moves++, --nmoves == 0)) {
		cli_error("move: name a move after --");
		return CLI_USAGE;
	}
	memset(&pr, 0, sizeof pr);
	memset(&np, 0, sizeof np);
	if ((status = play_open_keyed(&play_cmd_move, &ms.key, ms.in_place,
		 argv[optind], &lf, &pr, &ms.sel, moves, nmoves)) != CLI_OK ||
	    (status = play_passes_written(&pr, "move adds turns to")) !=
		CLI_OK ||
	    (status = moves_ok(&pr, &ms, moves, nmoves)) != CLI_OK ||
	    (status = play_dice_move_ok(
		 &pr, moves, nmoves, insertion_pos(pr.rec))) != CLI_OK ||
	    (status = stamp_due(&pr, &ms)) != CLI_OK)
		goto out_close;
	t.holder = pr.rp.keyed ?
	    play_key_holder("move", "--as", pr.rp.game, ms.key.as) :
	    -1;
	if (group(&pr, moves, nmoves, &t, &fail) == -1) {
		cli_error("out of memory");
		status = CLI_INTERNAL;
		goto out_close;
	}
	if (t.foreign != -1) {
		cli_error("move: %s: %s may not: %s is %s's turn; nothing was "
			  "written",
		    pr.name, pr.rp.game->colour[t.holder], moves[t.foreign],
		    pr.rp.game->colour[play_seat(&pr, 1 - t.holder)]);
		status = CLI_USAGE;
	} else if (fail != -1)
		status = judged_wrong(&pr, &t, (size_t)fail, ms.stamp);
	else if ((status = apply(&pr, &t, &ms, &np)) == CLI_OK)
		status = write_answered(&ms, &lf, &pr, &np);
out_close:
	tokens_free(&t);
	return play_edit_close(&pr, &np, &lf, status);
}
