/* SPDX-License-Identifier: MIT */
/*
 * gamecheck --table and gamestat --table (report.h, gamecheck(1),
 * "TABLES"): the reports as one row per record for data tools, TSV or CSV
 * (RFC 4180) with a header, the columns chosen by --columns.  What a cell
 * holds is what the YAML report says, in the same words; the table only
 * flattens it, from a record and its replay or from the report itself.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <yaml.h>

#include "record/setup.h"
#include "report/reader.h"
#include "report/report.h"

/* The columns, in the order of gamecheck(1). */
enum column {
	COL_FILE,
	COL_RECORD,
	COL_LINE,
	COL_ID,
	COL_GAME,
	COL_STATUS,
	COL_TURNS,
	COL_SCORE,
	COL_WINNER,
	COL_MARGIN,
	COL_TERMINATION,
	COL_CODE,
	COL_ERROR_LINE,
	COL_ERROR_COLUMN,
	COL_POSITION,
	COL_TAG, /* tag:NAME */
	NCOLUMNS = COL_TAG,
};

static const char *const names[NCOLUMNS] = { "file", "record", "line", "id",
	"game", "status", "turns", "score", "winner", "margin", "termination",
	"code", "error-line", "error-column", "position" };

#define DEFAULT_COLUMNS \
	"file,record,line,id,game,status,turns,score,winner,margin," \
	"termination,code"

struct cell {
	enum column col;
	char	   *tag; /* COL_TAG's name, owned */
};

struct report_table {
	FILE	    *out;
	bool	     csv;
	struct cell *cells;
	size_t	     ncells;
	char	    *clean; /* a record's text as its report says it */
	size_t	     cleancap;
};

void
report_table_free(struct report_table *t)
{
	if (t == NULL)
		return;
	array_free_named(
	    t->cells, t->ncells, sizeof *t->cells, offsetof(struct cell, tag));
	free(t->clean);
	free(t);
}

/* One column's name (len bytes at s) into c: 0, or -1 (unknown). */
static int
parse_column(const char *s, size_t len, struct cell *c)
{
	int i;

	c->tag = NULL;
	if (len > 4 && strncmp(s, "tag:", 4) == 0) {
		c->col = COL_TAG;
		return (c->tag = strndup(s + 4, len - 4)) == NULL ? -2 : 0;
	}
	for (i = 0; i < NCOLUMNS; i++)
		if (strlen(names[i]) == len && strncmp(s, names[i], len) == 0) {
			c->col = (enum column)i;
			return 0;
		}
	return -1;
}

struct report_table *
report_table_new(FILE *out, const char *format, const char *columns, char *err,
    size_t errlen)
{
	struct report_table *t;
	const char *s = columns != NULL ? columns : DEFAULT_COLUMNS, *e;
	size_t	    n = 1;
	int	    rc;

	*err = '\0';
	if (strcmp(format, "tsv") != 0 && strcmp(format, "csv") != 0) {
		snprintf(err, errlen, "--table: unknown format '%s' (tsv, csv)",
		    format);
		return NULL;
	}
	for (e = s; *e != '\0'; e++)
		n += *e == ',';
	if ((t = calloc(1, sizeof *t)) == NULL ||
	    (t->cells = calloc(n, sizeof *t->cells)) == NULL) {
		free(t);
		return NULL;
	}
	t->out = out;
	t->csv = strcmp(format, "csv") == 0;
	for (;; s = e + 1) {
		e = s + strcspn(s, ",");
		if ((rc = parse_column(
			 s, (size_t)(e - s), &t->cells[t->ncells])) == -2) {
			report_table_free(t);
			return NULL;
		}
		if (rc == -1) {
			snprintf(err, errlen,
			    "--columns: unknown column '%.*s' (file, record, "
			    "line, id, "
			    "game, status, turns, score, winner, margin, "
			    "termination, code, error-line, error-column, "
			    "position, tag:NAME)",
			    (int)(e - s), s);
			report_table_free(t);
			return NULL;
		}
		t->ncells++;
		if (*e == '\0')
			break;
	}
	return t;
}

/*
 * One field: CSV quotes it where it holds a comma, a quote or a line end
 * (RFC 4180, a quote doubled); TSV, which has no quoting, escapes a tab,
 * a line end and a backslash as \t, \n, \r and \\.
 */
static void
put_field(struct report_table *t, const char *v, size_t len)
{
	size_t i;

	if (t->csv && strcspn(v, ",\"\r\n") < len) {
		putc('"', t->out);
		for (i = 0; i < len; i++) {
			if (v[i] == '"')
				putc('"', t->out);
			putc(v[i], t->out);
		}
		putc('"', t->out);
		return;
	}
	for (i = 0; i < len; i++)
		if (!t->csv && strchr("\t\n\r\\", v[i]) != NULL && v[i] != '\0')
			fprintf(t->out, "\\%c",
			    v[i] == '\t'     ? 't' :
				v[i] == '\n' ? 'n' :
				v[i] == '\r' ? 'r' :
					       '\\');
		else
			putc(v[i], t->out);
}

static void
put_text(struct report_table *t, const char *v)
{
	put_field(t, v, strlen(v));
}

static void
end_row(struct report_table *t)
{
	fputs(t->csv ? "\r\n" : "\n", t->out);
}

int
report_table_header(struct report_table *t)
{
	size_t i;

	for (i = 0; i < t->ncells; i++) {
		if (i > 0)
			putc(t->csv ? ',' : '\t', t->out);
		if (t->cells[i].col == COL_TAG) {
			fputs("tag:", t->out);
			put_text(t, t->cells[i].tag);
		} else
			put_text(t, names[t->cells[i].col]);
	}
	end_row(t);
	return ferror(t->out) ? -1 : 0;
}

/*
 * A cell's value, from a record or a report: text (len bytes), a number,
 * or nothing (an empty cell).
 */
struct value {
	enum {
		V_NONE,
		V_TEXT,
		V_NUMBER
	} kind;
	const char *s;
	size_t	    len;
	long long   n;
};

static void
text(struct value *v, const char *s)
{
	if (s == NULL)
		return;
	v->kind = V_TEXT;
	v->s = s;
	v->len = strlen(s);
}

static void
number(struct value *v, long long n)
{
	v->kind = V_NUMBER;
	v->n = n;
}

/* What a row's values come from: a record and its replay, or a report. */
typedef void value_fn(void *from, const struct cell *, struct value *);

/* One row: each cell's value as fn finds it in from.  0, or -1. */
static int
put_row(struct report_table *t, value_fn *fn, void *from)
{
	struct value v;
	size_t	     i;

	for (i = 0; i < t->ncells; i++) {
		if (i > 0)
			putc(t->csv ? ',' : '\t', t->out);
		memset(&v, 0, sizeof v);
		fn(from, &t->cells[i], &v);
		if (v.kind == V_TEXT)
			put_field(t, v.s, v.len);
		else if (v.kind == V_NUMBER)
			fprintf(t->out, "%lld", v.n);
	}
	end_row(t);
	return ferror(t->out) ? -1 : 0;
}

/* ---- From a record ---------------------------------------------------- */

struct from_record {
	struct report_table *t;
	const char	    *source;
	const struct record *rec;
	const struct replay *rp;
	bool		     nomem; /* a text could not be cleaned */
	char		     buf[RULES_MAX_CELLS * 4 + 64];
};

/*
 * Text of the record's (len bytes at s) as its report says it: cleaned
 * to UTF-8 as report_utf8_clean cleans it for the YAML (each bad byte
 * and NUL U+FFFD), so that a cell from a record is the cell from its
 * report, byte for byte (gamecheck(1), "TABLES").  Nothing, and
 * f->nomem, when memory runs out.
 */
static void
record_text(struct from_record *f, struct value *v, const char *s, size_t len)
{
	struct report_table *t = f->t;

	if (len > (SIZE_MAX - 5) / 3 ||
	    array_grow(&t->clean, &t->cleancap, 3 * len + 5, 1) == -1) {
		f->nomem = true;
		return;
	}
	v->kind = V_TEXT;
	v->s = t->clean;
	v->len = report_utf8_clean(s, len, t->clean, t->cleancap);
}

/* Where a malformed record's board is not set up, no figure is written. */
static bool
played(const struct replay *rp)
{
	return rp->status != REPLAY_MALFORMED && rp->pos != NULL &&
	    rp->game != NULL;
}

/*
 * The winner, as the report's: a forfeit's, a decision's (an agreed
 * draw, an adjudication), the board's once over; nothing while none.
 */
static const char *
winner(const struct replay *rp)
{
	int w;

	if (!played(rp))
		return NULL;
	if (rp->forfeit)
		return rp->game->colour[rp->forfeit_winner];
	if (!rp->score.over && !rp->agreed && !rp->adjudged)
		return NULL;
	w = rp->agreed	 ? -1 :
	    rp->adjudged ? rp->adjudged_winner :
			   rp->score.winner;
	return w == -1 ? "draw" : rp->game->colour[w];
}

static void
record_value(void *arg, const struct cell *c, struct value *v)
{
	struct from_record	*f = arg;
	const struct replay	*rp = f->rp;
	const struct record_tag *tag;

	switch (c->col) {
	case COL_FILE: record_text(f, v, f->source, strlen(f->source)); break;
	case COL_RECORD: number(v, (long long)f->rec->index); break;
	case COL_LINE: number(v, (long long)f->rec->start.line); break;
	case COL_ID:
	case COL_TAG:
		tag = record_tag_find(
		    f->rec, c->col == COL_ID ? "GameId" : c->tag);
		if (tag != NULL)
			record_text(f, v, tag->value, tag->value_len);
		break;
	case COL_GAME:
		if (rp->game != NULL)
			text(v, rp->game->name);
		break;
	case COL_STATUS: text(v, replay_status_name(rp->status)); break;
	case COL_TURNS:
		if (played(rp))
			number(v, (long long)rp->turns);
		break;
	case COL_SCORE:
		if (played(rp)) {
			snprintf(f->buf, sizeof f->buf, "%d-%d",
			    rp->score.points[0], rp->score.points[1]);
			text(v, f->buf);
		}
		break;
	case COL_WINNER: text(v, winner(rp)); break;
	case COL_MARGIN:
		if (played(rp) && rp->score.over && !rp->forfeit)
			number(v,
			    (long long)rp->score.points[0] -
				rp->score.points[1]);
		break;
	case COL_TERMINATION:
		if (played(rp) && rp->forfeit)
			text(v, replay_cause_name(rp->forfeit_cause));
		break;
	case COL_CODE:
		if (rp->has_error)
			text(v, diag_name(rp->error.code));
		break;
	case COL_ERROR_LINE:
	case COL_ERROR_COLUMN:
		if (rp->has_error)
			number(v,
			    (long long)(c->col == COL_ERROR_LINE ?
				    rp->error.at.line :
				    rp->error.at.col));
		break;
	case COL_POSITION:
		if (played(rp) &&
		    record_setup_format(rp->pos, f->buf, sizeof f->buf) >= 0)
			text(v, f->buf);
		break;
	}
}

int
report_table_write(struct report_table *t, const char *source,
    const struct record *rec, const struct replay *rp)
{
	struct from_record f = {
		.t = t, .source = source, .rec = rec, .rp = rp
	};

	if (put_row(t, record_value, &f) == -1)
		return -1;
	if (f.nomem) {
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

/* ---- From a report ---------------------------------------------------- */

bool
report_table_needs_records(const struct report_table *t)
{
	size_t i;

	for (i = 0; i < t->ncells; i++)
		if (t->cells[i].col == COL_POSITION)
			return true;
	return false;
}

struct from_report {
	struct yin	  *y;
	const yaml_node_t *root;
};

/* The value of root's key, or of key in root's mapping map (NULL: root). */
static const char *
report_text(struct from_report *f, const char *map, const char *key)
{
	const yaml_node_t *m = map == NULL ? f->root :
					     yin_get(f->y, f->root, map);

	return yin_is(m, YAML_MAPPING_NODE) ? yin_text(yin_get(f->y, m, key)) :
					      NULL;
}

/* A tag of the report's tags, its name in any case as record_tag_find. */
static const char *
report_tag(struct from_report *f, const char *name)
{
	const yaml_node_t *tags = yin_get(f->y, f->root, "tags");
	const char	  *k;
	size_t		   i;

	for (i = 0; yin_is(tags, YAML_MAPPING_NODE) && i < yin_count(tags); i++)
		if ((k = yin_text(yin_key(f->y, tags, i))) != NULL &&
		    record_tag_name_eq(k, name))
			return yin_text(yin_value(f->y, tags, i));
	return NULL;
}

/*
 * The first colour's points less the second's, for a game over on the
 * board: one whose report has a result, no to-move and no forfeit.
 */
static void
report_margin(struct from_report *f, struct value *v)
{
	const char *s = report_text(f, "result", "score");
	char	   *e;
	long long   a, b;

	if (s == NULL || report_text(f, NULL, "to-move") != NULL ||
	    yin_get(f->y, f->root, "forfeit") != NULL ||
	    yin_get(f->y, f->root, "agreement") != NULL ||
	    yin_get(f->y, f->root, "adjudication") != NULL)
		return;
	a = strtoll(s, &e, 10);
	if (*e != '-')
		return;
	b = strtoll(e + 1, NULL, 10);
	number(v, a - b);
}

static void
report_value(void *arg, const struct cell *c, struct value *v)
{
	struct from_report *f = arg;
	const char	   *w;

	switch (c->col) {
	case COL_FILE: text(v, report_text(f, NULL, "source")); break;
	case COL_RECORD: text(v, report_text(f, NULL, "record")); break;
	case COL_LINE: text(v, report_text(f, NULL, "line")); break;
	case COL_ID: text(v, report_tag(f, "GameId")); break;
	case COL_TAG: text(v, report_tag(f, c->tag)); break;
	case COL_GAME: text(v, report_text(f, NULL, "game")); break;
	case COL_STATUS: text(v, report_text(f, NULL, "status")); break;
	case COL_TURNS: text(v, report_text(f, NULL, "turns")); break;
	case COL_SCORE: text(v, report_text(f, "result", "score")); break;
	case COL_WINNER:
		if ((w = report_text(f, "forfeit", "winner")) == NULL)
			w = report_text(f, "result", "winner");
		if (w != NULL && strcmp(w, "none") != 0)
			text(v, w);
		break;
	case COL_MARGIN: report_margin(f, v); break;
	case COL_TERMINATION:
		text(v, report_text(f, "forfeit", "cause"));
		break;
	case COL_CODE: text(v, report_text(f, "error", "code")); break;
	case COL_ERROR_LINE: text(v, report_text(f, "error", "line")); break;
	case COL_ERROR_COLUMN:
		text(v, report_text(f, "error", "column"));
		break;
	case COL_POSITION: break; /* no report holds one */
	}
}

int
report_table_write_read(struct report_table *t, struct report_reader *rd)
{
	struct from_report f = { .y = &rd->y, .root = yin_root(&rd->y) };

	return put_row(t, report_value, &f);
}

int
report_table_check(
    const char *format, const char *columns, char *err, size_t errlen)
{
	struct report_table *t;

	if (format == NULL) {
		snprintf(err, errlen, "%s",
		    columns != NULL ? "--columns is for --table" : "");
		return columns != NULL ? -1 : 0;
	}
	if ((t = report_table_new(stdout, format, columns, err, errlen)) ==
	    NULL)
		return -1;
	report_table_free(t);
	return 0;
}
