/* SPDX-License-Identifier: MIT */
/*
 * gamecheck --table (report.h, gamecheck(1), "TABLES"): the reports as
 * one row per record for data tools, TSV or CSV (RFC 4180) with a header,
 * the columns chosen by --columns.  What a cell holds is what the YAML
 * report says, in the same words; the table only flattens it.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "record/setup.h"
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
};

void
report_table_free(struct report_table *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->ncells; i++)
		free(t->cells[i].tag);
	free(t->cells);
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
			    "unknown column '%.*s' (file, record, line, id, "
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

bool
report_table_format(const char *format)
{
	return strcmp(format, "tsv") == 0 || strcmp(format, "csv") == 0;
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
put_number(struct report_table *t, long long v)
{
	fprintf(t->out, "%lld", v);
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

/* Where a malformed record's board is not set up, no figure is written. */
static bool
played(const struct replay *rp)
{
	return rp->status != REPLAY_MALFORMED && rp->pos != NULL &&
	    rp->game != NULL;
}

/* The winner: a colour's name, draw, or nothing while there is none. */
static const char *
winner(const struct replay *rp)
{
	if (!played(rp))
		return "";
	if (rp->forfeit)
		return rp->game->colour[rp->forfeit_winner];
	if (!rp->score.over)
		return "";
	return rp->score.winner == -1 ? "draw" :
					rp->game->colour[rp->score.winner];
}

static void
put_cell(struct report_table *t, const struct cell *c, const char *source,
    const struct record *rec, const struct replay *rp)
{
	const struct record_tag *tag;
	char			 buf[RULES_MAX_CELLS * 4 + 64];

	switch (c->col) {
	case COL_FILE: put_text(t, source); break;
	case COL_RECORD: put_number(t, (long long)rec->index); break;
	case COL_LINE: put_number(t, (long long)rec->start.line); break;
	case COL_ID:
	case COL_TAG:
		tag = record_tag_find(
		    rec, c->col == COL_ID ? "GameId" : c->tag);
		if (tag != NULL)
			put_field(t, tag->value, tag->value_len);
		break;
	case COL_GAME:
		if (rp->game != NULL)
			put_text(t, rp->game->name);
		break;
	case COL_STATUS: put_text(t, replay_status_name(rp->status)); break;
	case COL_TURNS:
		if (played(rp))
			put_number(t, (long long)rp->turns);
		break;
	case COL_SCORE:
		if (played(rp))
			fprintf(t->out, "%d-%d", rp->score.points[0],
			    rp->score.points[1]);
		break;
	case COL_WINNER: put_text(t, winner(rp)); break;
	case COL_MARGIN:
		if (played(rp) && rp->score.over && !rp->forfeit)
			put_number(t,
			    (long long)rp->score.points[0] -
				rp->score.points[1]);
		break;
	case COL_TERMINATION:
		if (played(rp) && rp->forfeit)
			put_text(t, replay_cause_name(rp->forfeit_cause));
		break;
	case COL_CODE:
		if (rp->has_error)
			put_text(t, diag_name(rp->error.code));
		break;
	case COL_ERROR_LINE:
	case COL_ERROR_COLUMN:
		if (rp->has_error)
			put_number(t,
			    (long long)(c->col == COL_ERROR_LINE ?
				    rp->error.at.line :
				    rp->error.at.col));
		break;
	case COL_POSITION:
		if (played(rp) &&
		    record_setup_format(rp->pos, buf, sizeof buf) >= 0)
			put_text(t, buf);
		break;
	}
}

int
report_table_write(struct report_table *t, const char *source,
    const struct record *rec, const struct replay *rp)
{
	size_t i;

	for (i = 0; i < t->ncells; i++) {
		if (i > 0)
			putc(t->csv ? ',' : '\t', t->out);
		put_cell(t, &t->cells[i], source, rec, rp);
	}
	end_row(t);
	return ferror(t->out) ? -1 : 0;
}
