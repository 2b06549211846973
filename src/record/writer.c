/* SPDX-License-Identifier: MIT */
/*
 * Writing records in the notation (formats/record.md): a whole record from
 * its tags and turns, a turn token from rules actions, and the edit a
 * referee makes to a record on disk: turns appended to the movetext (or the
 * turn in progress continued), the result set.  Edits keep every other byte
 * of the text, so tags, comments and layout stay as the user wrote them.
 * Reading is reader.c's; deciding what to append is the tool's.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record/wbuf.h"
#include "record/writer.h"
#include "util/util.h"

/* "{[%at " a moment's 63 bytes at most "]}" and NUL. */
#define STAMP_PIECE 80

/* Movetext lines are wrapped before this column, as PGN export does. */
#define WRAP 79

/* ---- Growing strings ---------------------------------------------- */

/* A tag value with " and \ escaped; line ends (never valid) as spaces. */
static void
wbuf_value(struct wbuf *b, const char *v)
{
	for (; *v != '\0'; v++) {
		if (*v == '"' || *v == '\\')
			wbuf_add(b, "\\", 1);
		wbuf_add(b, *v == '\n' || *v == '\r' ? " " : v, 1);
	}
}

/* ---- Whole records ------------------------------------------------- */

/*
 * Appends a movetext piece, wrapping before WRAP: a space or a line end
 * goes before it unless it starts a line.
 */
static void
movetext_add(struct wbuf *b, size_t *col, const char *piece, const char *nl)
{
	size_t n = strlen(piece);

	if (*col > 0) {
		if (*col + 1 + n > WRAP) {
			wbuf_str(b, nl);
			*col = 0;
		} else {
			wbuf_add(b, " ", 1);
			(*col)++;
		}
	}
	wbuf_add(b, piece, n);
	*col += n;
}

/* The number before turn index t (0-based), or "" where none is due. */
static const char *
turn_number(size_t t, bool after_comment, char *buf, size_t cap)
{
	if (t % 2 == 0)
		snprintf(buf, cap, "%zu. ", t / 2 + 1);
	else if (after_comment)
		snprintf(buf, cap, "%zu... ", t / 2 + 1);
	else
		buf[0] = '\0';
	return buf;
}

int
record_write(FILE *out, const struct record_tag_out *tags, size_t ntags,
    const char *const *turns, size_t nturns, bool numbers, const char *result)
{
	struct wbuf b = { 0 };
	char	    num[32], piece[128];
	size_t	    i, col = 0;
	int	    rc = 0;

	for (i = 0; i < ntags; i++) {
		wbuf_str(&b, "[");
		wbuf_str(&b, tags[i].name);
		wbuf_str(&b, " \"");
		wbuf_value(&b, tags[i].value);
		wbuf_str(&b, "\"]\n");
	}
	if (ntags > 0)
		wbuf_str(&b, "\n");
	for (i = 0; i < nturns; i++) {
		turn_number(i, false, num, sizeof num);
		if (!numbers)
			num[0] = '\0';
		/* A long token goes whole; only the number is kept with it. */
		if (strlen(num) + strlen(turns[i]) < sizeof piece) {
			snprintf(piece, sizeof piece, "%s%s", num, turns[i]);
			movetext_add(&b, &col, piece, "\n");
		} else {
			if (num[0] != '\0') {
				num[strlen(num) - 1] = '\0';
				movetext_add(&b, &col, num, "\n");
			}
			movetext_add(&b, &col, turns[i], "\n");
		}
	}
	if (result != NULL)
		movetext_add(&b, &col, result, "\n");
	if (col > 0)
		wbuf_str(&b, "\n");
	if (b.failed ||
	    fwrite(b.b.s != NULL ? b.b.s : "", 1, b.b.len, out) != b.b.len)
		rc = -1;
	free(b.b.s);
	return rc;
}

/* ---- Editing a record's text --------------------------------------- */

bool
record_uses_numbers(const char *text, size_t len, const struct record *rec)
{
	size_t j;

	/* A record without turns gets numbers, as PGN export writes them. */
	if (rec->nturns == 0)
		return true;
	j = (size_t)rec->turns[0].at.offset;
	if (j > len)
		return false;
	while (j > 0 && isspace((unsigned char)text[j - 1]))
		j--;
	return j > 0 && text[j - 1] == '.';
}

/* The file's line end: CR LF if its first line ends so, else LF. */
static const char *
line_end(const char *text, size_t len)
{
	const char *p = memchr(text, '\n', len);

	return p != NULL && p > text && p[-1] == '\r' ? "\r\n" : "\n";
}

/* The column (0-based, in bytes) of offset off. */
static size_t
column_of(const char *text, size_t off)
{
	size_t c = 0;

	while (off > 0 && text[off - 1] != '\n' && text[off - 1] != '\r') {
		off--;
		c++;
	}
	return c;
}

/* The end of a tag pair starting at off ('['): just past its ']'. */
static size_t
tag_end(const char *text, size_t len, size_t off, size_t *vstart, size_t *vend)
{
	size_t i = off;

	while (i < len && text[i] != '"')
		i++;
	*vstart = ++i;
	while (i < len && text[i] != '"') {
		if (text[i] == '\\')
			i++;
		i++;
	}
	*vend = i;
	while (i < len && text[i] != ']')
		i++;
	return i < len ? i + 1 : len;
}

struct edit {
	size_t off; /* bytes [off, off + len) are replaced */
	size_t len;
	char  *text;  /* owned */
	bool   turns; /* the movetext edit, the new turns in it */
	bool   last;  /* the turn in progress, replaced */
};

static int
edit_cmp(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;

	/* At one offset an insertion (len 0) goes before a replacement. */
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return x->len < y->len ? -1 : x->len > y->len;
}

/* The comment {[%at stamp]} that dates a turn, as a movetext piece. */
static void
stamp_add(struct wbuf *b, size_t *col, const char *stamp, const char *nl)
{
	char piece[STAMP_PIECE];

	snprintf(piece, sizeof piece, "{[%%at %s]}", stamp);
	movetext_add(b, col, piece, nl);
}

/*
 * The edit of the turn in progress continued: its token replaced by the
 * first new turn, and its moment by the new one (or one written after
 * the token, where it had none).  Into e[*n]; 0, or -1 when memory runs
 * out.
 */
/* The moment {[%at ...]} of rec's last turn, or NULL. */
static const struct record_stamp *
last_moment(const struct record *rec)
{
	size_t i;

	for (i = rec->nstamps; i > 0 && rec->stamps[i - 1].turn == rec->nturns;
	     i--)
		if (rec->stamps[i - 1].kind == RECORD_STAMP_AT)
			return &rec->stamps[i - 1];
	return NULL;
}

static int
last_edits(const struct record *rec, const struct record_update *u,
    struct edit *e, size_t *n)
{
	const struct record_token *last = &rec->turns[rec->nturns - 1];
	const struct record_stamp *st = last_moment(rec);
	size_t			   need;

	e[*n].off = (size_t)last->at.offset;
	e[*n].len = last->len;
	e[*n].last = true;
	need = strlen(u->turns[0]) + (u->stamp != NULL ? strlen(u->stamp) : 0) +
	    16;
	if ((e[*n].text = malloc(need)) == NULL)
		return -1;
	if (u->stamp != NULL && st == NULL)
		snprintf(
		    e[*n].text, need, "%s {[%%at %s]}", u->turns[0], u->stamp);
	else
		snprintf(e[*n].text, need, "%s", u->turns[0]);
	(*n)++;
	if (u->stamp == NULL || st == NULL)
		return 0;
	e[*n] = (struct edit){ .off = (size_t)st->at.offset, .len = st->len };
	if ((e[*n].text = strdup(u->stamp)) == NULL)
		return -1;
	(*n)++;
	return 0;
}

/*
 * The bytes last_edits writes after the turn in progress, on the line
 * that ends at ws: its moment, where it had none (else 0).
 */
static size_t
stamp_inserted(const char *text, const struct record *rec,
    const struct record_update *u, size_t ws)
{
	size_t off, i;

	if (!u->replace_last || u->stamp == NULL || rec->nturns == 0 ||
	    u->nturns == 0 || last_moment(rec) != NULL)
		return 0;
	off = (size_t)rec->turns[rec->nturns - 1].at.offset;
	for (i = off; i < ws; i++)
		if (text[i] == '\n' || text[i] == '\r')
			return 0;
	return strlen(" {[%at ]}") + strlen(u->stamp);
}

/*
 * The movetext edit: new turns inserted before the result token or at the
 * end.  Where each new turn starts in the edit's text goes into at[i]'s
 * offset unless at is NULL (the turn replace_last leaves to the other
 * edit excepted).
 */
static void
movetext_edit(const char *text, size_t len, const struct record *rec,
    const struct record_update *u, bool append_result, struct edit *e,
    struct diag_pos *at)
{
	const char *nl = line_end(text, len);
	struct wbuf b = { 0 };
	char	    num[32], *piece;
	size_t	    ins, ws, col, t, i, last_end, first;
	bool	    numbers, comment, line_start;

	numbers = record_uses_numbers(text, len, rec);
	first = u->replace_last ? 1 : 0;
	if (rec->has_result)
		ins = (size_t)rec->result.at.offset;
	else {
		ins = len;
		while (ins > 0 && isspace((unsigned char)text[ins - 1]))
			ins--;
	}
	ws = ins;
	while (ws > 0 && (text[ws - 1] == ' ' || text[ws - 1] == '\t'))
		ws--;
	line_start = ws == 0 || text[ws - 1] == '\n' || text[ws - 1] == '\r';
	col = column_of(text, ws);
	/* Anything but blanks between the last turn and here is a comment. */
	last_end = rec->nturns > 0 ?
	    (size_t)rec->turns[rec->nturns - 1].at.offset +
		rec->turns[rec->nturns - 1].len :
	    ws;
	comment = false;
	for (i = last_end; i < ws && i < len; i++)
		if (!isspace((unsigned char)text[i]))
			comment = true;
	if (!rec->has_result && ws > 0) {
		/*
		 * Appending at the end: start a line where the last one is a
		 * tag pair (no movetext yet), may end in a ; comment, or is a
		 * % escape line, which the reader skips whole.
		 */
		size_t ls = ws - col;

		if (rec->nturns == 0 && rec->ntags > 0) {
			wbuf_str(&b, nl);
			wbuf_str(&b, nl);
			col = 0;
		} else if (text[ls] == '%' ||
		    memchr(text + ls, ';', ws - ls) != NULL) {
			wbuf_str(&b, nl);
			col = 0;
		}
	} else if (line_start)
		col = 0;
	col += stamp_inserted(text, rec, u, ws);
	for (i = first; i < u->nturns; i++) {
		t = rec->nturns - first + i;
		turn_number(t, (i == first || u->stamp != NULL) && comment, num,
		    sizeof num);
		if (!numbers)
			num[0] = '\0';
		piece = malloc(strlen(num) + strlen(u->turns[i]) + 1);
		if (piece == NULL) {
			b.failed = true;
			break;
		}
		strcpy(piece, num);
		strcat(piece, u->turns[i]);
		movetext_add(&b, &col, piece, nl);
		if (at != NULL)
			at[i].offset = b.b.len - strlen(u->turns[i]);
		free(piece);
		if (u->stamp != NULL) {
			stamp_add(&b, &col, u->stamp, nl);
			comment = true;
		}
	}
	if (u->note != NULL)
		movetext_add(&b, &col, u->note, nl);
	if (append_result)
		movetext_add(&b, &col, u->result, nl);
	if (rec->has_result) {
		/* The result token follows on this line or the next. */
		if (col > 0)
			wbuf_str(
			    &b, col + 1 + rec->result.len > WRAP ? nl : " ");
	}
	e->off = ws;
	e->len = ins - ws;
	e->turns = true;
	e->last = false;
	if (b.failed) {
		free(b.b.s);
		e->text = NULL;
	} else
		e->text = b.b.s != NULL ? b.b.s : calloc(1, 1);
}

/*
 * The line and column of each of the n offsets of at (ascending) in text,
 * counted as the reader counts them: a line ends in LF, CR or CR LF, and
 * columns on the first line start after a byte order mark.  Into out.
 */
static void
place(
    const char *text, const struct diag_pos *at, size_t n, struct diag_pos *out)
{
	size_t	      i, p = 0, start = 0;
	unsigned long line = 1;

	if (strncmp(text, "\xef\xbb\xbf", 3) == 0)
		start = 3;
	for (i = 0; i < n; i++) {
		for (; p < at[i].offset; p++)
			if (text[p] == '\n' ||
			    (text[p] == '\r' && text[p + 1] != '\n')) {
				line++;
				start = p + 1;
			}
		out[i] = (struct diag_pos){ line, at[i].offset - start + 1,
			at[i].offset };
	}
}

/*
 * The edits that set the n tags of pairs: each one's value replaced
 * where rec has the tag, the others added together after the last tag
 * pair, each on a line of its own.  Into e from e[*n] on; 0, or -1 when
 * memory runs out (the edits made so far in e, for the caller to free).
 */
static int
tag_edits(const char *text, size_t len, const struct record *rec,
    const struct record_tag_out *pairs, size_t npairs, struct edit *e,
    size_t *n)
{
	const struct record_tag *rt;
	struct wbuf		 v, t = { 0 };
	size_t			 vs, ve, end, i;

	for (i = 0; i < npairs; i++) {
		v = (struct wbuf){ 0 };
		wbuf_value(&v, pairs[i].value);
		if (v.failed || v.b.s == NULL) {
			free(v.b.s);
			free(t.b.s);
			return -1;
		}
		if ((rt = record_tag_find(rec, pairs[i].name)) != NULL) {
			tag_end(text, len, (size_t)rt->at.offset, &vs, &ve);
			e[(*n)++] = (struct edit){
				.off = vs, .len = ve - vs, .text = v.b.s
			};
			continue;
		}
		if (rec->ntags > 0 || t.b.len > 0)
			wbuf_str(&t, line_end(text, len));
		wbuf_str(&t, "[");
		wbuf_str(&t, pairs[i].name);
		wbuf_str(&t, " \"");
		wbuf_str(&t, v.b.s);
		wbuf_str(&t, "\"]");
		free(v.b.s);
	}
	if (t.b.len == 0 && !t.failed)
		return 0;
	/* After the last tag pair, on a line of its own. */
	if (rec->ntags > 0)
		end = tag_end(text, len,
		    (size_t)rec->tags[rec->ntags - 1].at.offset, &vs, &ve);
	else {
		end = (size_t)rec->start.offset;
		wbuf_str(&t, line_end(text, len));
	}
	if (t.failed) {
		free(t.b.s);
		return -1;
	}
	e[(*n)++] = (struct edit){ .off = end, .len = 0, .text = t.b.s };
	return 0;
}

/*
 * The edits that set the result (u->result): the result token replaced,
 * if the record has one, and the Result tag's value replaced, or the tag
 * added after the last tag pair, with the tags of u->tags.  Into e from
 * e[*n] on; 0, or -1 when memory runs out (the edits made so far in e,
 * for the caller to free).
 */
static int
result_edits(const char *text, size_t len, const struct record *rec,
    const struct record_update *u, struct edit *e, size_t *n)
{
	struct record_tag_out pairs[RECORD_UPDATE_TAGS + 1];
	size_t		      np = 0, i;

	if (u->result != NULL && rec->has_result) {
		e[*n].off = (size_t)rec->result.at.offset;
		e[*n].len = rec->result.len;
		if ((e[*n].text = strdup(u->result)) == NULL)
			return -1;
		(*n)++;
	}
	if (u->result != NULL)
		pairs[np++] = (struct record_tag_out){ "Result", u->result };
	for (i = 0; i < u->ntags && i < RECORD_UPDATE_TAGS; i++)
		pairs[np++] = u->tags[i];
	return tag_edits(text, len, rec, pairs, np, e, n);
}

/*
 * The leaves asked while the turn in progress went on (formats/clock.md,
 * "Leave": whoever is to move), written after it: where that turn goes on
 * with a new moment (replace_last), they move before it, so that its
 * moment, now later than theirs, keeps time's order.  Each moves where it
 * is a comment of its own, {[%leave ...]}, LEAVES_MOVED at most (the
 * record is read back and judged either way).  Edits into e[*n]: each
 * removed with the blanks before it, then inserted where a takeback of
 * the turn would cut.  0, or -1 when memory runs out.
 */
#define LEAVES_MOVED 4
static size_t takeback_cut(
    const char *text, const struct record *rec, size_t keep);

static int
leave_edits(const char *text, size_t len, const struct record *rec,
    const struct record_update *u, struct edit *e, size_t *n)
{
	static const char	   open[] = "{[%leave ";
	const size_t		   olen = sizeof open - 1;
	const struct record_stamp *st;
	struct wbuf		   b = { 0 };
	size_t			   i, a, z, moved = 0, keep;

	if (!u->replace_last || u->stamp == NULL || u->nturns == 0 ||
	    rec->nturns == 0)
		return 0;
	keep = rec->nturns - 1;
	for (i = 0; i < rec->nstamps && moved < LEAVES_MOVED; i++) {
		st = &rec->stamps[i];
		a = (size_t)st->at.offset;
		z = a + st->len;
		if (st->kind != RECORD_STAMP_LEAVE || st->turn != rec->nturns ||
		    a < olen || memcmp(text + a - olen, open, olen) != 0 ||
		    z + 2 > len || memcmp(text + z, "]}", 2) != 0)
			continue;
		for (a -= olen, z += 2;
		     a > 0 && isspace((unsigned char)text[a - 1]); a--)
			continue;
		e[*n] = (struct edit){ .off = a, .len = z - a };
		if ((e[*n].text = strdup("")) == NULL) {
			free(b.b.s);
			return -1;
		}
		(*n)++;
		if (keep > 0 || moved > 0)
			wbuf_str(&b, " ");
		wbuf_str(&b, open);
		wbuf_add(&b, st->text, st->len);
		wbuf_str(&b, "]}");
		moved++;
	}
	if (moved == 0)
		return 0;
	/* Before the first turn: a blank between them and its number. */
	if (keep == 0)
		wbuf_str(&b, " ");
	if (b.failed) {
		free(b.b.s);
		return -1;
	}
	e[*n] = (struct edit){ .off = takeback_cut(text, rec, keep),
		.text = b.b.s };
	(*n)++;
	return 0;
}

char *
record_update_text(const char *text, size_t len, const struct record *rec,
    const struct record_update *u, size_t *outlen)
{
	/* Movetext, last turn, its moment, result token, tags, leaves. */
	struct edit	 e[5 + RECORD_UPDATE_TAGS + 1 + LEAVES_MOVED + 1] = {
		 0 };
	struct wbuf	 b = { 0 };
	struct diag_pos *at = NULL;
	size_t		 n = 0, i, k, pos;
	bool		 append_result;

	append_result = u->result != NULL && !rec->has_result;
	if (u->at != NULL && u->nturns > 0 &&
	    (at = calloc(u->nturns, sizeof *at)) == NULL)
		return NULL;
	if (u->nturns > 0 || append_result || u->note != NULL) {
		movetext_edit(text, len, rec, u, append_result, &e[n], at);
		if (e[n].text == NULL)
			goto out_free_edits;
		n++;
	}
	if (u->replace_last && u->nturns > 0 && rec->nturns > 0 &&
	    (last_edits(rec, u, e, &n) == -1 ||
		leave_edits(text, len, rec, u, e, &n) == -1))
		goto out_free_edits;
	if ((u->result != NULL || u->ntags > 0) &&
	    result_edits(text, len, rec, u, e, &n) == -1)
		goto out_free_edits;
	qsort(e, n, sizeof e[0], edit_cmp);
	pos = 0;
	for (i = 0; i < n; i++) {
		wbuf_add(&b, text + pos, e[i].off - pos);
		/* The new turns' offsets: from their edit's to the text's. */
		for (k = u->replace_last ? 1 : 0;
		     at != NULL && e[i].turns && k < u->nturns; k++)
			at[k].offset += b.b.len;
		if (at != NULL && e[i].last)
			at[0].offset = b.b.len;
		wbuf_str(&b, e[i].text);
		pos = e[i].off + e[i].len;
	}
	wbuf_add(&b, text + pos, len - pos);
	if (b.b.s == NULL)
		wbuf_add(&b, "", 0);
	if (b.failed) {
		free(b.b.s);
		b.b.s = NULL;
	} else {
		*outlen = b.b.len;
		if (at != NULL)
			place(b.b.s, at, u->nturns, u->at);
	}
	free(at);
	for (i = 0; i < n; i++)
		free(e[i].text);
	return b.b.s;

out_free_edits:
	free(at);
	for (i = 0; i < n; i++)
		free(e[i].text);
	return NULL;
}

/*
 * Where the movetext of rec after its first keep turns starts: past the
 * comments that follow turn keep (or stand before the first turn), which
 * stay, and before the number of turn keep + 1 and any comment between
 * it and its token, which go.  With nothing kept before the first turn,
 * at the start of its line's movetext, so that nothing lands on a tag
 * pair's line.
 */
static size_t
takeback_cut(const char *text, const struct record *rec, size_t keep)
{
	size_t end = (size_t)rec->turns[keep].at.offset, i, cut, q;
	bool   brace, line;

	if (keep > 0)
		i = (size_t)rec->turns[keep - 1].at.offset +
		    rec->turns[keep - 1].len;
	else if (rec->ntags > 0)
		i = tag_end(text, end,
		    (size_t)rec->tags[rec->ntags - 1].at.offset, &q, &q);
	else
		i = (size_t)rec->start.offset;
	cut = keep > 0 ? i : SIZE_MAX;
	while (i < end) {
		line = i == 0 || text[i - 1] == '\n' || text[i - 1] == '\r';
		brace = text[i] == '{';
		if (brace || text[i] == ';' || (text[i] == '%' && line)) {
			while (i < end &&
			    (brace ? text[i] != '}' :
				     text[i] != '\n' && text[i] != '\r'))
				i++;
			if (brace && i < end)
				i++;
			cut = i;
		} else if (isspace((unsigned char)text[i]))
			i++;
		else
			break;
	}
	if (cut != SIZE_MAX)
		return cut;
	while (i > 0 && (text[i - 1] == ' ' || text[i - 1] == '\t'))
		i--;
	return i;
}

char *
record_takeback_text(const char *text, size_t len, const struct record *rec,
    size_t keep, const char *note, size_t *outlen)
{
	const char *nl = line_end(text, len);
	struct wbuf b = { 0 };
	size_t	    cut, end, col, ls;

	if (keep >= rec->nturns)
		return NULL;
	cut = takeback_cut(text, rec, keep);
	if (rec->has_result)
		end = (size_t)rec->result.at.offset;
	else {
		end = len;
		while (end > cut && isspace((unsigned char)text[end - 1]))
			end--;
	}
	wbuf_add(&b, text, cut);
	col = column_of(text, cut);
	ls = cut - col;
	/* A ; comment or a % escape line would swallow the note. */
	if (col > 0 &&
	    (text[ls] == '%' || memchr(text + ls, ';', cut - ls) != NULL)) {
		wbuf_str(&b, nl);
		col = 0;
	}
	if (note != NULL)
		movetext_add(&b, &col, note, nl);
	if (rec->has_result && col > 0)
		wbuf_str(&b, col + 1 + rec->result.len > WRAP ? nl : " ");
	wbuf_add(&b, text + end, len - end);
	if (b.failed) {
		free(b.b.s);
		return NULL;
	}
	*outlen = b.b.len;
	return b.b.s;
}
