/* SPDX-License-Identifier: MIT */
/*
 * Conditional moves (queue.h): a colour's queue file read and written
 * through src/secret's texts only the referee may read, where each line
 * stands on a record, and the reply move -i plays for the colour waiting.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "play/queue.h"
#include "record/turn.h"
#include "util/util.h"

void
play_queue_free(struct play_queue *q)
{
	size_t i, j;

	for (i = 0; i < q->n; i++) {
		for (j = 0; j < q->v[i].n; j++)
			free(q->v[i].tok[j]);
		free(q->v[i].tok);
	}
	free(q->v);
	free(q->path);
	memset(q, 0, sizeof *q);
}

int
play_queue_split(
    const char *s, size_t n, struct play_queue_line *l, size_t *bad)
{
	size_t i = 0, j, cap = 0;
	char  *t;

	*bad = (size_t)-1;
	while (i < n) {
		if (s[i] == ' ' || s[i] == '\t') {
			i++;
			continue;
		}
		for (j = i; j < n && s[j] != ' ' && s[j] != '\t'; j++)
			;
		if ((t = strndup(s + i, j - i)) == NULL ||
		    array_grow(&l->tok, &cap, l->n + 1, sizeof *l->tok) == -1) {
			free(t);
			return -1;
		}
		l->tok[l->n++] = t;
		if (*bad == (size_t)-1 && !play_token_safe(t))
			*bad = i;
		i = j;
	}
	return 0;
}

/* The most digits of a queued line's anchor. */
#define QUEUE_ANCHOR_DIGITS 9

/*
 * Reads one line of a queue file (n bytes at s, line lineno) into l:
 * the anchor, then an even number of turns.  Returns 0, or -1 with d.
 */
static int
parse_line(const char *s, size_t n, unsigned long lineno,
    struct play_queue_line *l, struct diag *d)
{
	struct diag_pos at = { lineno, 1, 0 };
	size_t		digits = strspn(s, "0123456789"), bad;
	char		num[24];

	if (digits == 0 || digits >= sizeof num || digits == n ||
	    (s[digits] != ' ' && s[digits] != '\t'))
		return diag_set_at(d, DIAG_QUEUE_FILE, at, 1,
		    "a queued line is the number of turns the record had, "
		    "their fingerprint, then its turns (formats/record.md, "
		    "\"Conditional moves\")");
	/* A count of turns no record reaches, read without wrapping. */
	if (digits > QUEUE_ANCHOR_DIGITS)
		return diag_set_at(d, DIAG_QUEUE_FILE, at, digits,
		    "a queued line's number of turns has at most %d digits",
		    QUEUE_ANCHOR_DIGITS);
	memcpy(num, s, digits);
	num[digits] = '\0';
	l->anchor = strtoul(num, NULL, 10);
	at.col = digits + 2;
	if (n < digits + 1 + SECRET_COMMIT_LEN ||
	    strspn(s + digits + 1, "0123456789abcdef") <
		SECRET_COMMIT_LEN - 1 ||
	    (s[digits + SECRET_COMMIT_LEN] != ' ' &&
		s[digits + SECRET_COMMIT_LEN] != '\t'))
		return diag_set_at(d, DIAG_QUEUE_FILE, at, 1,
		    "a queued line's fingerprint of the record's turns is "
		    "%d lower-case hex digits",
		    SECRET_COMMIT_LEN - 1);
	memcpy(l->fp, s + digits + 1, SECRET_COMMIT_LEN - 1);
	l->fp[SECRET_COMMIT_LEN - 1] = '\0';
	digits += SECRET_COMMIT_LEN;
	if (play_queue_split(s + digits, n - digits, l, &bad) == -1)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	at.col = digits + bad + 1;
	if (bad != (size_t)-1)
		return diag_set_at(d, DIAG_QUEUE_FILE, at, 1,
		    "a queued turn is a turn of the notation");
	if (l->n % 2 != 0) {
		at.col = 1;
		return diag_set_at(d, DIAG_QUEUE_FILE, at, 1,
		    "a queued line has an even number of turns: the "
		    "opponent's and the reply, in turn");
	}
	return 0;
}

int
play_queue_parse(
    struct play_queue *q, const char *text, size_t len, struct diag *d)
{
	const char   *s, *e;
	unsigned long lineno = 0;

	for (s = text; len > 0 && s < text + len; s = e + 1) {
		lineno++;
		if ((e = memchr(s, '\n', (size_t)(text + len - s))) == NULL)
			e = text + len;
		if (e == s || *s == '#')
			continue;
		if (array_grow(&q->v, &q->cap, q->n + 1, sizeof *q->v) == -1)
			return diag_set(d, DIAG_NO_MEMORY, "out of memory");
		memset(&q->v[q->n], 0, sizeof *q->v);
		q->n++;
		if (parse_line(
			s, (size_t)(e - s), lineno, &q->v[q->n - 1], d) == -1)
			return -1;
	}
	return 0;
}

bool
play_queue_kept(const char *path, const struct rules_game *g, int colour)
{
	const char *base = strrchr(path, '/');

	base = base != NULL ? base + 1 : path;
	/* BASE.COLOUR.queue and its temporary file's suffix, .XXXXXX. */
	return strlen(base) + strlen(g->colour[colour]) + 7 + 7 <= NAME_MAX;
}

int
play_queue_read(struct play_queue *q, const char *path,
    const struct rules_game *g, int colour)
{
	struct diag d;
	char	   *text;
	size_t	    len, n;
	int	    rc;

	memset(q, 0, sizeof *q);
	if (!play_queue_kept(path, g, colour))
		return CLI_OK;
	n = strlen(path) + strlen(g->colour[colour]) + 16;
	if ((q->path = malloc(n)) == NULL) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	snprintf(q->path, n, "%s.%s.queue", path, g->colour[colour]);
	if ((rc = secret_text_read(q->path, "queue", &text, &len, &d)) == 1)
		return CLI_OK;
	if (rc == -1) {
		cli_error("%s; nothing was written", d.msg);
		return d.code == DIAG_NO_MEMORY ? CLI_INTERNAL : CLI_USAGE;
	}
	rc = play_queue_parse(q, text, len, &d);
	secret_wipe(text, len);
	free(text);
	if (rc == 0)
		return CLI_OK;
	if (d.code == DIAG_NO_MEMORY) {
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	cli_diag(q->path, &d, NULL);
	return CLI_USAGE;
}

char *
play_queue_text(const struct play_queue_line *l, size_t first)
{
	size_t i, len = 0;
	char  *s;

	for (i = first; i < l->n; i++)
		len += strlen(l->tok[i]) + 1;
	if ((s = malloc(len + 1)) == NULL)
		return NULL;
	s[0] = '\0';
	for (i = first; i < l->n; i++) {
		if (i > first)
			strcat(s, " ");
		strcat(s, l->tok[i]);
	}
	return s;
}

int
play_queue_write(const struct play_queue *q, const struct play_record *pr)
{
	struct diag	      d;
	char		     *text = NULL, *line;
	size_t		      len = 0, cap = 0, i, next, n;
	int		      status = CLI_OK;
	enum play_queue_state st;

	for (i = 0; i < q->n; i++) {
		st = play_queue_state(pr, &q->v[i], &next);
		if (st != PLAY_QUEUE_WAITS && st != PLAY_QUEUE_DUE)
			continue;
		if ((line = play_queue_text(&q->v[i], 0)) == NULL ||
		    array_grow(&text, &cap,
			len + strlen(line) + SECRET_COMMIT_LEN + 32, 1) == -1) {
			free(line);
			free(text);
			cli_error("out of memory");
			return CLI_INTERNAL;
		}
		n = (size_t)snprintf(text + len, cap - len, "%lu %s %s\n",
		    q->v[i].anchor, q->v[i].fp, line);
		len += n;
		free(line);
	}
	if (secret_text_write(q->path, text, len, &d) == -1) {
		cli_error("%s", d.msg);
		status = CLI_USAGE;
	}
	free(text);
	return status;
}

/* Whether turn tokens a and b (of a, b bytes) are the same turn on pr. */
static bool
same_turn(const struct play_record *pr, const char *a, size_t na, const char *b,
    size_t nb)
{
	const struct rules_board *bd = &pr->rp.pos->board;
	size_t			  ca = record_turn_bound(a, na);
	size_t			  cb = record_turn_bound(b, nb);
	struct rules_action	 *x, *y;
	size_t			 *ox, *oy;
	struct diag		  d;
	int			  n, m, i;
	bool			  same = false;

	x = calloc(ca, sizeof *x);
	y = calloc(cb, sizeof *y);
	ox = calloc(ca, sizeof *ox);
	oy = calloc(cb, sizeof *oy);
	if (x == NULL || y == NULL || ox == NULL || oy == NULL)
		goto out_free;
	n = record_turn_parse(pr->syn, bd, a, na, x, ox, ca, &d);
	m = record_turn_parse(pr->syn, bd, b, nb, y, oy, cb, &d);
	if (n == -1 || n != m)
		goto out_free;
	/* The same actions; a capture's `*' is optional (design.md §2). */
	for (i = 0; i < n; i++)
		if (x[i].kind != y[i].kind || x[i].from != y[i].from ||
		    x[i].to != y[i].to)
			goto out_free;
	same = true;
out_free:
	free(x);
	free(y);
	free(ox);
	free(oy);
	return same;
}

void
play_queue_fingerprint(
    const struct play_record *pr, unsigned long n, char fp[SECRET_COMMIT_LEN])
{
	const struct record_token *t = pr->rec->turns;
	char			  *s = NULL;
	size_t			   len = 0, cap = 0, i;

	for (i = 0; i < n && i < pr->rec->nturns; i++) {
		if (array_grow(&s, &cap, len + t[i].len + 2, 1) == -1) {
			/* No memory: a fingerprint that matches no line. */
			memset(fp, 'x', SECRET_COMMIT_LEN - 1);
			fp[SECRET_COMMIT_LEN - 1] = '\0';
			free(s);
			return;
		}
		memcpy(s + len, t[i].text, t[i].len);
		len += t[i].len;
		s[len++] = '\n';
	}
	secret_commit(s != NULL ? s : "", len, fp);
	free(s);
}

enum play_queue_state
play_queue_state(
    const struct play_record *pr, const struct play_queue_line *l, size_t *next)
{
	const struct record_token *t = pr->rec->turns;
	size_t whole = pr->rec->nturns - (pr->rp.in_turn ? 1 : 0), k, i;
	char   fp[SECRET_COMMIT_LEN];

	*next = 0;
	if (whole < l->anchor)
		return PLAY_QUEUE_OFF;
	play_queue_fingerprint(pr, l->anchor, fp);
	if (!secret_equal(fp, l->fp, SECRET_COMMIT_LEN))
		return PLAY_QUEUE_OFF;
	k = whole - l->anchor;
	for (i = 0; i < k && i < l->n; i++)
		if (!same_turn(pr, t[l->anchor + i].text, t[l->anchor + i].len,
			l->tok[i], strlen(l->tok[i])))
			return PLAY_QUEUE_OFF;
	if (k >= l->n)
		return PLAY_QUEUE_DONE;
	if (pr->rp.score.over || pr->rp.forfeit || pr->rp.adjudged ||
	    pr->rp.agreed)
		return PLAY_QUEUE_OFF;
	*next = k;
	/* Odd: the opponent played the turn the reply answers. */
	return k % 2 == 1 && !pr->rp.in_turn ? PLAY_QUEUE_DUE :
					       PLAY_QUEUE_WAITS;
}

/*
 * np with reply, the next turn, dated stamp, into nq: read back, the
 * result written if it ends the game.  Returns whether it is legal.
 */
static bool
answered(const struct play_record *np, const struct play_select *sel,
    const char *reply, const char *stamp, struct play_record *nq)
{
	const char *const    turns[1] = { reply };
	struct record_update u = { .turns = turns,
		.nturns = 1,
		.stamp = stamp[0] != '\0' ? stamp : NULL };
	char		     result[32];

	int status;

	memset(nq, 0, sizeof *nq);
	status = play_update_load(np, &u, sel, nq);
	/* A reply that ends the game reads back only with its result. */
	if (status == -1 || nq->rec == NULL || nq->rp.in_turn ||
	    nq->rec->nturns != np->rec->nturns + 1)
		return false;
	if (!nq->rp.score.over)
		return status == CLI_OK;
	snprintf(result, sizeof result, "%d-%d", nq->rp.score.points[0],
	    nq->rp.score.points[1]);
	play_close(nq);
	u.result = result;
	memset(nq, 0, sizeof *nq);
	return play_update_load(np, &u, sel, nq) == CLI_OK && nq->rp.agrees;
}

int
play_queue_answer(const char *path, const struct play_select *sel,
    const char *stamp, struct play_record *np, struct play_queue *q,
    struct play_queue_said *said)
{
	struct play_record nq;
	size_t		   i, j, next;
	int		   status;

	memset(said, 0, sizeof *said);
	memset(q, 0, sizeof *q);
	/* A queue is kept for a file of one record, a dice-free game. */
	if (np->more || sel->record > 1 || np->rp.game->has_dice ||
	    np->rp.in_turn || np->rp.score.over)
		return CLI_OK;
	/* The queue of the player to move, named by their first colour. */
	said->colour = play_seat(np, rules_to_move(np->rp.pos));
	if ((status = play_queue_read(q, path, np->rp.game, said->colour)) !=
	    CLI_OK)
		return status;
	for (i = 0; i < q->n && said->played == NULL; i++) {
		if (play_queue_state(np, &q->v[i], &next) != PLAY_QUEUE_DUE)
			continue;
		if (answered(np, sel, q->v[i].tok[next], stamp, &nq)) {
			if ((said->played = strdup(q->v[i].tok[next])) ==
			    NULL) {
				play_close(&nq);
				cli_error("out of memory");
				return CLI_INTERNAL;
			}
			play_close(np);
			*np = nq;
			break;
		}
		/* Legal when queued, not now: the line is dropped. */
		play_close(&nq);
		for (j = 0; j < q->v[i].n; j++)
			free(q->v[i].tok[j]);
		q->v[i].n = 0;
		said->dropped++;
	}
	for (i = 0; i < q->n; i++)
		if (q->v[i].n > 0 &&
		    play_queue_state(np, &q->v[i], &next) == PLAY_QUEUE_OFF)
			said->dropped++;
	return CLI_OK;
}

void
play_queue_say(
    const char *cmd, const struct play_record *np, struct play_queue_said *said)
{
	const char *whose = np->rp.game->colour[said->colour];

	if (said->played != NULL)
		cli_error("%s: %s: %s's queued reply %s was played", cmd,
		    np->name, whose, said->played);
	if (said->dropped > 0)
		cli_error("%s: %s: %zu queued line%s of %s's no longer "
			  "match%s the game: dropped",
		    cmd, np->name, said->dropped, said->dropped == 1 ? "" : "s",
		    whose, said->dropped == 1 ? "es" : "");
	free(said->played);
	said->played = NULL;
}
