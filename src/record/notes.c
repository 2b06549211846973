/* SPDX-License-Identifier: MIT */
/*
 * What a turn's mover said of it (types.h, struct record_note), as the
 * readers keep it: GGF's and SGF's B[f5/eval/time] (read-tree.c), and
 * the notation's comment commands {[%eval SCORE,DEPTH] [%nodes N] [%emt
 * H:MM:SS.mmm]}, and an analysis's {[%best TURN] [%loss L]} checked
 * here (formats/record.md, "Evaluations" and "Analyses").  A note
 * is no part of the game: one that is not one is dropped with the
 * warning bad-eval, and the record reads on.
 */
#include <string.h>

#include "record/read.h"
#include "util/util.h"

long
reader_note_of(struct record_reader *rd, size_t turn)
{
	size_t	  n = rd->rec.nnotes, k;
	long long off;

	if (n > 0 && rd->rec.notes[n - 1].turn == turn)
		return (long)n - 1;
	if (array_grow(&rd->rec.notes, &rd->notecap, n + 1,
		sizeof *rd->rec.notes) == -1 ||
	    array_grow(&rd->note_off, &rd->noteoffcap,
		RECORD_NOTE_PARTS * (n + 1), sizeof *rd->note_off) == -1 ||
	    (off = text_add(rd, "", 0)) == -1) {
		reader_oom(rd);
		return -1;
	}
	for (k = 0; k < RECORD_NOTE_PARTS; k++)
		rd->note_off[RECORD_NOTE_PARTS * n + k] = (size_t)off;
	rd->rec.notes[n] = (struct record_note){ .turn = turn };
	rd->rec.nnotes++;
	return (long)n;
}

/* Whether s (len bytes) is 1 to max digits. */
static bool
digits(const char *s, size_t len, size_t max)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!is_digit(s[i]))
			return false;
	return len > 0 && len <= max;
}

/* The number the n digits at s write. */
static unsigned long
number(const char *s, size_t n)
{
	unsigned long v = 0;
	size_t	      i;

	for (i = 0; i < n; i++)
		v = v * 10 + (unsigned long)(s[i] - '0');
	return v;
}

/*
 * [%emt H:MM:SS] or H:MM:SS.f to .fff (len bytes at s): its seconds as
 * "4.5" into buf.  Returns the length, or 0 when it is not one.
 */
static size_t
emt_seconds(const char *s, size_t len, char *buf, size_t cap)
{
	const char   *c1 = memchr(s, ':', len), *end = s + len, *dot;
	unsigned long h, mm, ss, ms = 0;
	size_t	      i, n, w;
	char	      tmp[24];

	if (c1 == NULL || !digits(s, (size_t)(c1 - s), 6) || end - c1 < 6 ||
	    c1[3] != ':' || !digits(c1 + 1, 2, 2) || !digits(c1 + 4, 2, 2))
		return 0;
	dot = c1 + 6;
	if (dot < end &&
	    (*dot != '.' || !digits(dot + 1, (size_t)(end - dot - 1), 3)))
		return 0;
	/* By hand: a match record has one a turn, and sscanf was slow. */
	h = number(s, (size_t)(c1 - s));
	mm = number(c1 + 1, 2);
	ss = number(c1 + 4, 2);
	if (mm > 59 || ss > 59)
		return 0;
	for (i = 1; i <= 3; i++)
		ms = ms * 10 +
		    (dot + i < end ? (unsigned long)(dot[i] - '0') : 0);
	/* Seconds as GGF writes them: "4.5", "12.0". */
	h = (h * 60 + mm) * 60 + ss;
	for (w = 0; w == 0 || h > 0; h /= 10)
		tmp[w++] = (char)('0' + h % 10);
	for (n = 0; w > 0 && n < cap - 6;)
		buf[n++] = tmp[--w];
	buf[n++] = '.';
	buf[n++] = (char)('0' + ms / 100);
	if (ms % 100 != 0)
		buf[n++] = (char)('0' + ms / 10 % 10);
	if (ms % 10 != 0)
		buf[n++] = (char)('0' + ms % 10);
	buf[n] = '\0';
	return n;
}

/*
 * Whether s (len bytes) can be a turn token: 1 to RECORD_BEST_MAX
 * printable bytes, no blank, brace or bracket (not judged: a note is
 * no part of the game).
 */
#define RECORD_BEST_MAX 512
static bool
token_like(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (s[i] <= ' ' || s[i] > '~' || strchr("{}[]", s[i]) != NULL)
			return false;
	return len > 0 && len <= RECORD_BEST_MAX;
}

/*
 * Checks the text of a note command (len bytes at s) of kind: 0 with the
 * parts to keep in *keep (up to 3: eval, depth for [%eval]; an emt's
 * seconds are in sec), or -1 with why in why.
 */
static int
note_check(enum reader_note_kind kind, const char *s, size_t len,
    const char *keep[3], size_t klen[3], char *sec, const char **why)
{
	const char *comma = memchr(s, ',', len);
	long	    milli;
	size_t	    slen = comma != NULL ? (size_t)(comma - s) : len;

	switch (kind) {
	case READER_NOTE_EVAL:
		*why = "an evaluation is [%eval SCORE] or [%eval SCORE,DEPTH]:"
		       " a decimal up to 100000, and 0 to 9999";
		if (record_decimal_milli(s, slen, &milli) == -1 ||
		    (comma != NULL && !digits(comma + 1, len - slen - 1, 4)))
			return -1;
		keep[0] = s, klen[0] = slen;
		keep[2] = comma != NULL ? comma + 1 : "";
		klen[2] = comma != NULL ? len - slen - 1 : 0;
		return 0;
	case READER_NOTE_EMT:
		*why = "a move's time is [%emt H:MM:SS] or [%emt H:MM:SS.fff]";
		if ((klen[1] = emt_seconds(s, len, sec, 32)) == 0)
			return -1;
		keep[1] = sec;
		return 0;
	case READER_NOTE_NODES:
		*why = "a search's nodes are [%nodes N], 1 to 18 digits";
		if (!digits(s, len, 18))
			return -1;
		keep[2] = s, klen[2] = len;
		return 0;
	case READER_NOTE_BEST:
		*why = "an analyser's best turn is [%best TURN], a turn token";
		if (!token_like(s, len))
			return -1;
		keep[2] = s, klen[2] = len;
		return 0;
	case READER_NOTE_LOSS:
		*why = "a loss is [%loss L], a decimal from 0 to 100000";
		if (record_decimal_milli(s, len, &milli) == -1 || milli < 0 ||
		    s[0] == '-')
			return -1;
		keep[2] = s, klen[2] = len;
		return 0;
	}
	return -1;
}

/* The length of a note's part i (reader_finish's order) to len. */
static void
set_len(struct record_note *nt, size_t i, size_t len)
{
	switch (i) {
	case 0: nt->eval_len = len; break;
	case 1: nt->time_len = len; break;
	case 2: nt->depth_len = len; break;
	case 3: nt->nodes_len = len; break;
	case 4: nt->best_len = len; break;
	default: nt->loss_len = len; break;
	}
}

void
reader_note(
    struct record_reader *rd, enum reader_note_kind kind, size_t at, size_t len)
{
	const char *s = rd->line + at, *keep[3] = { NULL, NULL, NULL },
		   *why = "a note of no kind we know";
	size_t	    klen[3] = { 0, 0, 0 }, slot[3], k, *offs;
	char	    sec[32], shown[RECORD_SHOWN];
	long long   off;
	long	    n;

	/* Where each part goes in the note's offsets: eval, time, other. */
	slot[0] = 0;
	slot[1] = 1;
	slot[2] = kind == READER_NOTE_NODES ? 3 :
	    kind == READER_NOTE_BEST	    ? 4 :
	    kind == READER_NOTE_LOSS	    ? 5 :
					      2;
	if (rd->rec.nturns == 0)
		why = "a note follows the turn it is about, and none came "
		      "before it";
	else if (note_check(kind, s, len, keep, klen, sec, &why) == 0) {
		if ((n = reader_note_of(rd, rd->rec.nturns - 1)) == -1)
			return;
		offs = rd->note_off + RECORD_NOTE_PARTS * n;
		for (k = 0; k < 3; k++) {
			if (keep[k] == NULL || klen[k] == 0)
				continue;
			/* A second of one kind for one turn: which holds? */
			if (rd->text[offs[slot[k]]] != '\0') {
				why = "a turn has one note of each kind";
				goto out_drop;
			}
			if ((off = text_add(rd, keep[k], klen[k])) == -1) {
				reader_oom(rd);
				return;
			}
			offs[slot[k]] = (size_t)off;
			set_len(&rd->rec.notes[n], slot[k], klen[k]);
		}
		return;
	}
out_drop:
	if (rd->rec.has_warning)
		return;
	rd->rec.has_warning = true;
	util_printable(s, len, shown, sizeof shown);
	diag_set_at(&rd->rec.warning, DIAG_BAD_EVAL, reader_pos(rd, at), len,
	    "\"%s\" dropped: %s", shown, why);
}
