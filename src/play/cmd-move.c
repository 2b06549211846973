/* SPDX-License-Identifier: MIT */
/*
 * gameplay move: apply moves to a record only if they are legal, keeping
 * the rest of the record as it was.  The new text is built by the record
 * writer and then read and replayed exactly as gamecheck would, so what
 * gameplay writes is what gamecheck accepts, and an illegal move gets
 * gamecheck's diagnostic.  With -i the file is replaced in place under a
 * lock (cli.h: cli_locked_*).
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"

static void	help(void);
static int	exec_move(int, char **);

enum { OPT_TURN = PLAY_OPT_OWN };

const struct play_cmd play_cmd_move = {
	.name = "move",
	.args = "[-i] [-g game] [-r n] [--turn turn] record move ...",
	.summary = "apply moves if they are legal; write the new record",
	.help = help,
	.exec = exec_move,
};

static void
help(void)
{
	play_usage(stdout, &play_cmd_move);
	printf("Apply each MOVE (a turn, as the notation writes it, or the\n"
	    "next actions of a turn in progress) to RECORD if it is legal,\n"
	    "and write the new record to standard output (with -r, the whole\n"
	    "file, the other records as they were).\n"
	    "\n"
	    "  -i, --in-place   replace RECORD instead, under a lock\n"
	    "      --turn=TURN  only if the next turn of RECORD is TURN\n");
	play_help_select(17);
	play_help_common(17);
}

/* The new turn tokens: the first may continue the turn in progress. */
struct tokens {
	char		**v;
	size_t		 n;
	bool		 replace_last;
};

static void
tokens_free(struct tokens *t)
{
	size_t	 i;

	for (i = 0; i < t->n; i++)
		free(t->v[i]);
	free(t->v);
}

/*
 * Whether a move can stand in the movetext as one turn token and nothing
 * else: no blank, comment, tag, move number or result token in it.
 */
static bool
token_safe(const char *s)
{
	size_t	 n = strlen(s), d;

	if (n == 0 || strspn(s, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:,*-") != n)
		return false;
	d = strspn(s, "0123456789");
	if (strcmp(s, "*") == 0 || (d > 0 && s[d] == '-' &&
	    s[d + 1 + strspn(s + d + 1, "0123456789")] == '\0' && s[d + 1]))
		return false;
	return true;
}

/* Where a new turn would be written: for diagnostics about a move. */
static struct record_pos
insertion_pos(const struct record *rec)
{
	if (rec->has_result)
		return rec->result.at;
	if (rec->nturns > 0)
		return rec->turns[rec->nturns - 1].at;
	return rec->start;
}

static int
push(struct tokens *t, char *s)
{
	char	**v;

	if (s == NULL || (v = realloc(t->v, (t->n + 1) * sizeof *v)) == NULL) {
		free(s);
		return -1;
	}
	t->v = v;
	t->v[t->n++] = s;
	return 0;
}

/*
 * cur + "," + op, a new string; as record_turn_format() writes turns, no
 * comma after the dice ("35:") or before a removal ("b3xc3").
 */
static char *
join(char *cur, const char *op)
{
	size_t	 n = strlen(cur);
	char	*s = malloc(n + strlen(op) + 2);
	bool	 sep;

	sep = n > 0 && cur[n - 1] != ':' && op[0] != 'x' && op[0] != 'X';
	if (s != NULL)
		snprintf(s, n + strlen(op) + 2, "%s%s%s", cur, sep ? "," : "",
		    op);
	free(cur);
	return s;
}

/*
 * With a Seed the referee knows the dice (rules.md §4): where pos starts a
 * turn with them, the roll due (from rng, which it uses up) goes before
 * move when move starts with a placement, a removal or a move: dice typed
 * are the replay's to check, and a pass or a token that is no turn is left
 * for the replay to judge as the player wrote it.
 * Returns move itself, a new string, or NULL when memory runs out.
 */
static char *
due_dice(const struct play_record *pr, const struct rules_position *pos,
    struct rules_rng *rng, char *move)
{
	struct rules_action a[1];
	struct record_diag d;
	size_t	 off;
	char	 dice[16], *s;
	int	 first, second;

	if (!pr->rp.seeded || rules_phase(pos) == RULES_GAME_OVER ||
	    rules_legal(pos, a, 1) == 0 || a[0].kind != RULES_DICE)
		return move;
	rules_dice_roll(rng, &first, &second);
	/* Not before dice, a pass, a swap or what is no turn at all. */
	if (record_turn_parse(pr->syn, &pos->board, move, strlen(move), a,
	    &off, 1, &d) < 1 || (a[0].kind != RULES_PLACE &&
	    a[0].kind != RULES_REMOVE && a[0].kind != RULES_MOVE))
		return move;
	a[0] = (struct rules_action){ .kind = RULES_DICE,
	    .from = (int16_t)first, .to = (int16_t)second };
	if (record_turn_format(&pos->board, a, 1, dice, sizeof dice) == -1 ||
	    (s = malloc(strlen(dice) + strlen(move) + 1)) == NULL)
		return NULL;
	return strcat(strcpy(s, dice), move);
}

/*
 * Groups the moves into turn tokens by playing them on a copy of the
 * position: a move made while a turn is in progress continues it, and one
 * that starts a turn gets the dice due (due_dice).  Once a move fails the
 * rest are tokens of their own; the replay will say why.  Returns 0, or
 * -1 when memory runs out.
 */
static int
group(const struct play_record *pr, char **moves, int nmoves,
    struct tokens *t)
{
	struct rules_position *pos;
	struct record_diag d;
	struct rules_action *acts = NULL;
	struct rules_rng rng = pr->rp.rng;
	size_t	*offs = NULL, cap;
	char	*cur = NULL, *mv, *rolled = NULL;
	bool	 live = true;
	int	 i, k, n, rc = -1;

	memset(t, 0, sizeof *t);
	if ((pos = rules_position_dup(pr->rp.pos)) == NULL)
		return -1;
	if (pr->rp.in_turn) {
		if ((cur = play_token(pr, pr->rec->nturns - 1)) == NULL)
			goto out_free;
		t->replace_last = true;
	}
	for (i = 0; i < nmoves; i++) {
		free(rolled);
		rolled = NULL;
		mv = moves[i];
		if (live && (mv = due_dice(pr, pos, &rng, moves[i])) == NULL)
			goto out_free;
		if (mv != moves[i])
			rolled = mv;
		if (live && cur != NULL &&
		    rules_phase(pos) == RULES_TURN_MIDDLE) {
			if ((cur = join(cur, mv)) == NULL)
				goto out_free;
		} else {
			if (cur != NULL && push(t, cur) == -1) {
				cur = NULL;
				goto out_free;
			}
			if ((cur = strdup(mv)) == NULL)
				goto out_free;
		}
		if (!live)
			continue;
		/* At most one action a byte, and the dice. */
		cap = strlen(mv) + 2;
		free(acts);
		free(offs);
		acts = calloc(cap, sizeof *acts);
		offs = calloc(cap, sizeof *offs);
		if (acts == NULL || offs == NULL)
			goto out_free;
		n = record_turn_parse(pr->syn, &pos->board, mv, strlen(mv),
		    acts, offs, cap, &d);
		for (k = 0; live && k < n; k++)
			live = rules_play(pos, &acts[k], NULL) == 0;
		live = live && n > 0;
	}
	if (cur != NULL && push(t, cur) == -1)
		goto out_free;
	cur = NULL;
	rc = 0;
out_free:
	free(rolled);
	free(cur);
	free(acts);
	free(offs);
	rules_position_free(pos);
	if (rc == -1)
		tokens_free(t);
	return rc;
}

/*
 * The text of pr's file with the tokens and result applied to its record:
 * the text up to the record's end is edited, the records after it are
 * kept byte for byte.
 */
static char *
rewrite(const struct play_record *pr, const struct tokens *t,
    const char *result, size_t *len)
{
	struct record_update u = { t->replace_last,
	    (const char *const *)t->v, t->n, result };
	size_t	 rest = pr->len - pr->end;
	char	*s, *grown;

	s = record_update_text(pr->text, pr->end, pr->rec, &u, len);
	if (s == NULL || rest == 0)
		return s;
	if ((grown = realloc(s, *len + rest + 1)) == NULL) {
		free(s);
		return NULL;
	}
	memcpy(grown + *len, pr->text + pr->end, rest);
	*len += rest;
	grown[*len] = '\0';
	return grown;
}

static int
exec_move(int argc, char **argv)
{
	static const char opts[] = "+:ig:r:hV";
	static const struct option longopts[] = {
		{ "in-place", no_argument, NULL, 'i' },
		{ "turn", required_argument, NULL, OPT_TURN },
		PLAY_LONGOPTS_RECORD,
		PLAY_LONGOPTS_COMMON,
		{ NULL, 0, NULL, 0 },
	};
	struct cli_locked lf = { .fd = -1 };
	struct cli_output out;
	struct play_record pr, np;
	struct play_select sel = { 0 };
	struct tokens t = { 0 };
	struct record_diag d = { 0 };
	unsigned long want = 0;
	bool	 in_place = false, has_turn = false;
	char	*text, *newtext = NULL, result[32], shown[40];
	char	 how[RECORD_SHOWN + 32];
	size_t	 len, newlen;
	int	 c, i, r, status;

	/*
	 * Options end at the record ("+"): every word after it is a move,
	 * the pass token "--" included.
	 */
	while ((c = getopt_long(argc, argv, opts, longopts, NULL)) != -1) {
		if ((r = play_select_option(&sel, c, optarg)) == -1)
			return CLI_USAGE;
		if (r == 1)
			continue;
		switch (c) {
		case 'i': in_place = true; break;
		case OPT_TURN:
			if (!play_count("--turn", optarg, &want))
				return CLI_USAGE;
			has_turn = true;
			break;
		default:
			return play_option(&play_cmd_move, c, argv, opts);
		}
	}
	if (argc - optind < 2) {
		cli_error("move: name a record and a move (try gameplay move "
		    "--help)");
		return CLI_USAGE;
	}
	for (i = optind + 1; i < argc; i++)
		if (argv[i][0] == '-' && strcmp(argv[i], "--") != 0) {
			cli_error("move: %s: options come before the record",
			    argv[i]);
			return CLI_USAGE;
		}
	if (in_place && strcmp(argv[optind], "-") == 0) {
		cli_error("move: --in-place needs a file, not standard input");
		return CLI_USAGE;
	}
	memset(&pr, 0, sizeof pr);
	memset(&np, 0, sizeof np);
	/* With -i, the lock is held from this read to the rename. */
	if (in_place) {
		if (cli_locked_open(&lf, argv[optind]) == -1)
			return CLI_USAGE;
		text = lf.text;
		len = lf.len;
		lf.text = NULL;
		status = play_load(&pr, argv[optind], text, len, &sel, false);
	} else
		status = play_open(&pr, argv[optind], &sel);
	if (status != CLI_OK)
		goto out_close;
	d.at = insertion_pos(pr.rec);
	if (pr.rp.forfeit) {
		/* The board goes on, but the game was decided off it. */
		play_forfeit_text(pr.rec, &pr.rp, how, sizeof how);
		d.code = "game-over";
		snprintf(d.msg, sizeof d.msg, "the game was decided by "
		    "forfeit, %s: no turn may follow", how);
		cli_diag(pr.name, &d, "error", NULL);
		status = CLI_BAD;
		goto out_close;
	}
	if (has_turn && want != (unsigned long)rules_turn(pr.rp.pos)) {
		d.code = "stale-turn";
		snprintf(d.msg, sizeof d.msg, "the move is for turn %lu but "
		    "the record is at turn %d", want, rules_turn(pr.rp.pos));
		cli_diag(pr.name, &d, "error", NULL);
		status = CLI_BAD;
		goto out_close;
	}
	for (i = optind + 1; i < argc; i++)
		if (!token_safe(argv[i])) {
			record_printable(argv[i], strlen(argv[i]), shown,
			    sizeof shown);
			d.code = "bad-move-syntax";
			snprintf(d.msg, sizeof d.msg, "\"%s\" is not a turn (a "
			    "square like d3, a list like c5*,g4 or b3xc3,c4, "
			    "a move like c1-f4, pass or swap)", shown);
			cli_diag(pr.name, &d, "error", NULL);
			status = CLI_BAD;
			goto out_close;
		}
	if (group(&pr, argv + optind + 1, argc - optind - 1, &t) == -1 ||
	    (newtext = rewrite(&pr, &t, NULL, &newlen)) == NULL)
		goto out_oom;
	/*
	 * Read back and replay as gamecheck does: its verdict is ours.  A
	 * game that ends here still says "*" (result-mismatch): the result
	 * is set, and the record read back once more.
	 */
	status = play_load(&np, argv[optind], newtext, newlen, &sel,
	    true);
	newtext = NULL;
	if (np.rp.pos != NULL && np.rp.score.over && (status == CLI_OK ||
	    (np.rp.has_error && strcmp(np.rp.error.code,
	    "result-mismatch") == 0))) {
		snprintf(result, sizeof result, "%d-%d",
		    np.rp.score.points[0], np.rp.score.points[1]);
		if ((newtext = rewrite(&pr, &t, result, &newlen)) == NULL)
			goto out_oom;
		play_close(&np);
		status = play_load(&np, argv[optind], newtext, newlen, &sel,
		    true);
		newtext = NULL;
		if (status != CLI_OK || !np.rp.agrees) {
			cli_error("%s: the finished record does not check; "
			    "please report this", pr.name);
			status = CLI_INTERNAL;
			goto out_close;
		}
	} else if (status != CLI_OK) {
		play_diag(np.name, &np.rp);
		goto out_close;
	}
	/* Every move went in where the reader sees it, or nothing is kept. */
	if (np.rec->nturns != pr.rec->nturns - (t.replace_last ? 1 : 0) +
	    t.n) {
		cli_error("%s: the new record does not hold the moves; please "
		    "report this", pr.name);
		status = CLI_INTERNAL;
		goto out_close;
	}
	if (in_place) {
		if (cli_locked_output(&lf, &out) == -1)
			status = CLI_USAGE;
		else if (fwrite(np.text, 1, np.len, out.fp) != np.len) {
			cli_error("%s: %s", pr.name, strerror(errno));
			cli_output_abort(&out);
			status = CLI_USAGE;
		} else if (!cli_output_commit(&out))
			status = CLI_USAGE;
	} else if (fwrite(np.text, 1, np.len, stdout) != np.len ||
	    fflush(stdout) == EOF)
		status = cli_output_ok(stdout, "stdout") ? CLI_INTERNAL :
		    CLI_USAGE;
	goto out_close;

out_oom:
	cli_error("out of memory");
	status = CLI_INTERNAL;
out_close:
	free(newtext);
	tokens_free(&t);
	play_close(&np);
	play_close(&pr);
	cli_locked_close(&lf);
	return status;
}
