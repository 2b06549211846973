/* SPDX-License-Identifier: MIT */
/*
 * gameplay queue: a player's conditional moves (queue.h; gameplay(1),
 * "queue"): a line of replies registered once each of its turns was
 * found legal from the record's position, the player's lines listed, or
 * cancelled.  Always under the record's lock, so that a move -i that
 * plays a queued reply and a change of the queue take turns; on a keyed
 * record only with the key of the colour whose queue it is.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"
#include "play/queue.h"
#include "util/util.h"

struct queue_settings {
	struct play_edit ed;
	bool		 list;
	const char	*cancel; /* or NULL */
};

/* The edit's settings are play_edit_option's, --list and --cancel kept. */
const struct play_field play_fields_queue[] = {
	PLAY_FLAG(struct queue_settings, PLAY_OPT_LIST, list),
	PLAY_FIELD(struct queue_settings, PLAY_OPT_CANCEL, cancel),
	PLAY_FIELDS_END,
};

/* The index in q of its live line number n (1-based), or q->n. */
static size_t
live_line(const struct play_queue *q, const struct play_record *pr,
    unsigned long n, size_t *next)
{
	enum play_queue_state st;
	size_t		      i;

	for (i = 0; i < q->n; i++) {
		st = play_queue_state(pr, &q->v[i], next);
		if ((st == PLAY_QUEUE_WAITS || st == PLAY_QUEUE_DUE) &&
		    --n == 0)
			break;
	}
	return i;
}

/* Prints live line n of q, its turns to come: "2: e3 f4". */
static int
print_line(
    const struct play_queue *q, const struct play_record *pr, unsigned long n)
{
	size_t i, next;
	char  *s;

	if ((i = live_line(q, pr, n, &next)) == q->n)
		return 1;
	if ((s = play_queue_text(&q->v[i], next)) == NULL) {
		cli_error("out of memory");
		return -1;
	}
	printf("%lu: %s\n", n, s);
	free(s);
	return 0;
}

static int
list(const struct play_queue *q, const struct play_record *pr)
{
	unsigned long n;
	int	      rc;

	for (n = 1; (rc = print_line(q, pr, n)) == 0; n++)
		;
	if (rc == -1)
		return CLI_INTERNAL;
	return cli_output_ok(stdout, "stdout") ? CLI_OK : CLI_USAGE;
}

static int
cancel(struct play_queue *q, const struct play_record *pr, const char *arg)
{
	unsigned long n;
	size_t	      i, next, j;

	if (strcmp(arg, "all") == 0) {
		for (i = 0; i < q->n; i++)
			q->v[i].anchor = (unsigned long)-1;
		return play_queue_write(q, pr);
	}
	if (!cli_parse_count(arg, &n) || n == 0 ||
	    (i = live_line(q, pr, n, &next)) == q->n) {
		cli_error("queue: %s: --cancel %s: no such line (gameplay "
			  "queue --list numbers them)",
		    pr->name, cli_shown(arg));
		return CLI_USAGE;
	}
	for (j = 0; j < q->v[i].n; j++)
		free(q->v[i].tok[j]);
	q->v[i].n = 0;
	return play_queue_write(q, pr);
}

/* Says that turn i of line (l's tokens) is wrong: d at its column. */
static int
line_wrong(const char *line, const struct play_queue_line *l, size_t i,
    struct diag *d, const char *prefix)
{
	const char *p = line;
	size_t	    k;

	for (k = 0; k <= i; k++) {
		p += strspn(p, " \t");
		if (k < i)
			p += strcspn(p, " \t");
	}
	d->at = (struct diag_pos){ 1, (unsigned long)(p - line) + 1,
		(unsigned long long)(p - line) };
	d->len = strlen(l->tok[i]);
	cli_diag("<line>", d, prefix);
	return CLI_BAD;
}

/*
 * Whether line's turns l may be played from pr's position: each legal in
 * turn, each whole.  Returns CLI_OK, or CLI_BAD after a diagnostic at
 * the turn of line at fault.
 */
static int
line_legal(const struct play_record *pr, const struct play_select *sel,
    const char *line, const struct play_queue_line *l)
{
	struct record_update u = { .turns = (const char *const *)l->tok,
		.nturns = l->n };
	struct play_record   np;
	struct diag	     d;
	unsigned long	     at;
	int		     status;
	char		     prefix[48], stamp[CORR_TIME_LEN];

	/*
	 * A timed game dates every turn: the line's, for its check, at the
	 * record's last moment (a reply is dated with the move it answers).
	 */
	if (pr->rp.has_time)
		u.stamp = corr_time_format(pr->rp.last_time, stamp);
	memset(&np, 0, sizeof np);
	if ((status = play_update_load(pr, &u, sel, &np)) == -1)
		return CLI_INTERNAL;
	at = np.rp.error_turn;
	if (status != CLI_OK && at > pr->rec->nturns) {
		d = np.rp.error;
		snprintf(prefix, sizeof prefix,
		    "turn %lu of the line: ", at - pr->rec->nturns);
		status = line_wrong(
		    line, l, at - pr->rec->nturns - 1, &d, prefix);
	} else if (status == CLI_OK && np.rp.in_turn) {
		diag_set(&d, DIAG_TURN_INCOMPLETE,
		    "turn %zu of the line is not a whole turn: a queued turn "
		    "holds every action of it",
		    l->n);
		status = line_wrong(line, l, l->n - 1, &d, NULL);
	} else if (status != CLI_OK && !np.rp.score.over)
		status = play_unchecked(pr, "the record with the line");
	else
		status = CLI_OK;
	play_close(&np);
	return status;
}

/* Queues line for colour: checked, added to q, written, echoed. */
static int
enqueue(struct play_queue *q, const struct play_record *pr,
    const struct queue_settings *qs, int colour, const char *line)
{
	const char *const      *c = pr->rp.game->colour;
	struct play_queue_line *l;
	struct diag		d;
	size_t			bad, next;
	unsigned long		n;
	int			status;

	if ((status = play_decidable(pr, "queue")) != CLI_OK ||
	    (status = play_passes_written(pr, "queue keeps turns for")) !=
		CLI_OK)
		return status;
	/* colour: the player's first; now, after a swap, the other. */
	if (play_seat(pr, rules_to_move(pr->rp.pos)) == colour ||
	    pr->rp.in_turn) {
		cli_error("queue: %s: it is %s's turn%s: %s queues replies "
			  "while %s is to move",
		    pr->name, c[rules_to_move(pr->rp.pos)],
		    pr->rp.in_turn ? ", in progress" : "",
		    c[play_seat(pr, colour)], c[1 - play_seat(pr, colour)]);
		return CLI_USAGE;
	}
	if (array_grow(&q->v, &q->cap, q->n + 1, sizeof *q->v) == -1)
		goto out_memory;
	l = &q->v[q->n++];
	memset(l, 0, sizeof *l);
	l->anchor = pr->rec->nturns;
	play_queue_fingerprint(pr, l->anchor, l->fp);
	if (play_queue_split(line, strlen(line), l, &bad) == -1)
		goto out_memory;
	if (bad != (size_t)-1) {
		diag_set_at(&d, DIAG_BAD_MOVE_SYNTAX,
		    (struct diag_pos){ 1, bad + 1, bad }, 1,
		    "a queued line is turns of the notation separated by "
		    "blanks (\"c4 d3 e3 f4\"), no move number nor comment");
		cli_diag("<line>", &d, NULL);
		return CLI_BAD;
	}
	if (l->n == 0 || l->n % 2 != 0) {
		cli_error("queue: a line is pairs of turns, %s's and %s's "
			  "reply in turn (\"c4 d3 e3 f4\"): it has %zu",
		    c[1 - colour], c[colour], l->n);
		return CLI_USAGE;
	}
	if ((status = line_legal(pr, &qs->ed.sel, line, l)) != CLI_OK ||
	    (status = play_queue_write(q, pr)) != CLI_OK)
		return status;
	/* Its number in the list: the last of the lines live. */
	for (n = 1; live_line(q, pr, n + 1, &next) != q->n; n++)
		;
	return print_line(q, pr, n) == -1 ? CLI_INTERNAL : CLI_OK;
out_memory:
	cli_error("out of memory");
	return CLI_INTERNAL;
}

/*
 * Whose queue, and whether it may be kept for pr (the file lf_path): a
 * colour (--as), a file of one record whose name leaves room for the
 * queue's, a game without dice.  Returns CLI_OK, or CLI_USAGE after
 * saying why.
 */
static int
queue_owner(const struct queue_settings *qs, const struct play_record *pr,
    const char *lf_path, int *colour)
{
	if ((*colour = play_key_holder(
		 "queue", "--as", pr->rp.game, qs->ed.key.as)) == -1)
		return CLI_USAGE;
	if (*colour == REPLAY_KEY_REFEREE) {
		cli_error("queue: %s: --as names the colour whose queue it is",
		    pr->name);
		return CLI_USAGE;
	}
	if (pr->more || qs->ed.sel.record > 1) {
		cli_error("queue: %s: a queue is kept for a file of one record",
		    pr->name);
		return CLI_USAGE;
	}
	if (!play_queue_kept(lf_path, pr->rp.game, *colour)) {
		cli_error("queue: %s: the record's name leaves no room for "
			  "its queue file's beside it",
		    pr->name);
		return CLI_USAGE;
	}
	if (pr->rp.game->has_dice) {
		cli_error("queue: %s: no reply can be queued in a game with "
			  "dice (%s): nobody knows the dice it would answer",
		    pr->name, pr->rp.game->name);
		return CLI_USAGE;
	}
	return CLI_OK;
}

int
play_exec_queue(int argc, char **argv)
{
	struct queue_settings qs = { 0 };
	struct cli_locked     lf = { .fd = -1 };
	struct play_record    pr;
	struct play_queue     q = { 0 };
	int		      status, colour, want;

	memset(&pr, 0, sizeof pr);
	if ((status = play_parse(&play_cmd_queue, argc, argv, &qs)) != -1)
		return status;
	want = qs.list || qs.cancel != NULL ? 1 : 2;
	if (argc - optind != want || (qs.list && qs.cancel != NULL)) {
		cli_error("queue: %s",
		    qs.list || qs.cancel != NULL ?
			"--list and --cancel take the record alone, one of them" :
			"name a record and a line");
		return CLI_USAGE;
	}
	if (strcmp(argv[optind], "-") == 0) {
		cli_error("queue: a queue is kept beside a file, not standard "
			  "input");
		return CLI_USAGE;
	}
	if (qs.ed.key.as == NULL) {
		cli_error("queue: name the colour whose queue it is (--as "
			  "COLOUR)");
		return CLI_USAGE;
	}
	/* Under the lock move -i takes: one of them at a time. */
	if ((status = play_open_keyed(&play_cmd_queue, &qs.ed.key, true,
		 argv[optind], &lf, &pr, &qs.ed.sel, NULL, 0)) != CLI_OK ||
	    (status = queue_owner(&qs, &pr, lf.path, &colour)) != CLI_OK ||
	    (status = play_queue_read(&q, lf.path, pr.rp.game, colour)) !=
		CLI_OK)
		goto out_close;
	if (qs.list)
		status = list(&q, &pr);
	else if (qs.cancel != NULL)
		status = cancel(&q, &pr, qs.cancel);
	else
		status = enqueue(&q, &pr, &qs, colour, argv[optind + 1]);
out_close:
	play_queue_free(&q);
	play_close(&pr);
	cli_locked_close(&lf);
	return status;
}
