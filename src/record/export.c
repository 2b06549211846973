/* SPDX-License-Identifier: MIT */
/*
 * Writing records in another format (gamecheck --write): the notation in
 * its canonical form (what gameplay writes), Othello transcripts, CSV, GGF
 * and Othello SGF (formats/ggf.md, formats/sgf.md), one entry of a table
 * per format.  What a record holds comes from the referee through struct
 * record_out; this file only spells it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "record/setup.h"
#include "record/wbuf.h"
#include "record/writer.h"
#include "util/util.h"

struct record_export {
	const struct record_export_format *f;
	FILE				  *out;
	unsigned long			   written;
	void				  *state; /* a format's own, or NULL */
};

/*
 * The tags of the canonical notation, in order; other tags follow in the
 * order read.  GGF and SGF carry these under their own property names.
 */
static const struct {
	const char *tag;
	const char *ggf; /* NULL: carried as XT[Tag=value] */
	const char *sgf;
} known[] = {
	{ "Event", "EV", "EV" },
	{ "Site", "PC", "PC" },
	{ "Date", "DT", "DT" },
	{ "Round", "RO", "RO" },
	{ "Game", NULL, NULL },
	{ "Size", NULL, NULL },
	{ "Board", NULL, NULL },
	{ "Black", "PB", "PB" },
	{ "White", "PW", "PW" },
	{ "BlackRating", "RB", "BR" },
	{ "WhiteRating", "RW", "WR" },
	{ "TimeControl", "TI", "TM" },
	{ "Type", "TY", NULL },
	{ "Komi", "KM", NULL },
	{ "Variant", NULL, NULL },
	{ "Seed", NULL, NULL },
	{ "Setup", NULL, NULL },
	{ "Result", NULL, NULL },
	{ "Termination", NULL, NULL },
	{ "Winner", NULL, NULL },
};
#define NKNOWN (sizeof known / sizeof known[0])

static bool
is_known(const char *name)
{
	size_t i;

	for (i = 0; i < NKNOWN; i++)
		if (strcasecmp(known[i].tag, name) == 0)
			return true;
	return false;
}

/* The result token of o: the replay's score, or as recorded. */
static const char *
result_of(const struct record_out *o, char *buf, size_t cap)
{
	const struct record_tag *t;

	if (o->valid) {
		if (!o->over)
			return "*";
		snprintf(buf, cap, "%d-%d", o->points[0], o->points[1]);
		return buf;
	}
	if ((t = record_tag_find(o->rec, "Result")) != NULL)
		return t->value;
	return "*";
}

/* The Setup value in canonical form (or as written, if it is none). */
static const char *
setup_of(const struct record_out *o, char *buf, size_t cap)
{
	const struct record_tag *t = record_tag_find(o->rec, "Setup");
	int			 pieces[RULES_MAX_CELLS], to_move;

	if (t == NULL)
		return NULL;
	if (o->board == NULL ||
	    record_setup_parse(o->board, t->value, t->value_len, pieces,
		&to_move, NULL) == -1 ||
	    record_setup_text(pieces, o->board->ncells, to_move, buf, cap) ==
		-1)
		return t->value;
	return buf;
}

/* Whether o's forfeit rides on RE (:r, :t; +R, +T): a resignation or time. */
static bool
forfeit_on_re(const struct record_out *o)
{
	return o->forfeit &&
	    (o->forfeit_cause == RECORD_OUT_RESIGN ||
		o->forfeit_cause == RECORD_OUT_TIMEOUT);
}

/* The texts of the tags a record implies but does not hold. */
struct implied {
	char			 result[32];
	char			 setup[RECORD_SETUP_MAX];
	char			 termination[64];
	struct record_wthor_tags wthor;
};

/*
 * The Termination and Winner of a resignation or time loss that no tag
 * gave (WTHOR's, formats/wthor.md), so that the record read back is
 * decided as this one was; NULL where the record's own tags stand.
 */
static const char *
implied_forfeit(
    const struct record_out *o, const char *name, struct implied *im)
{
	const struct rules_game *g = o->game;
	int			 w = o->forfeit_winner;

	if (g == NULL || !forfeit_on_re(o) ||
	    record_tag_find(o->rec, "Termination") != NULL)
		return NULL;
	if (strcmp(name, "Winner") == 0)
		return g->colour[w];
	snprintf(im->termination, sizeof im->termination, "%s %s",
	    g->colour[1 - w],
	    o->forfeit_cause == RECORD_OUT_RESIGN ? "resigned" : "timed out");
	return im->termination;
}

/* Whether a tag tells how a game ended off the board. */
static bool
off_board_end(const char *name)
{
	return strcmp(name, "Termination") == 0 ||
	    strcmp(name, "Winner") == 0 || strcmp(name, "Claimed") == 0 ||
	    strcmp(name, "Resigned") == 0 || strncmp(name, "Adjudicat", 9) == 0;
}

/*
 * The tags of o in canonical order, with Game, the board and Result as
 * the replay found them, then a WTHOR game's numbers.  Returns their
 * number (at most ntags + NKNOWN + RECORD_WTHOR_TAGS are written into
 * out).
 */
static size_t
canonical_tags(
    const struct record_out *o, struct record_tag_out *out, struct implied *im)
{
	const struct record	*rec = o->rec;
	const struct record_tag *t;
	const char		*v;
	size_t			 i, n = 0, nw;

	for (i = 0; i < NKNOWN; i++) {
		const char *name = known[i].tag;

		t = record_tag_find(rec, name);
		v = t != NULL && !(o->cut && off_board_end(name)) ? t->value :
								    NULL;
		if (strcmp(name, "Game") == 0 && o->game != NULL)
			v = o->game->name;
		else if (strcmp(name, "Size") == 0 && o->board != NULL)
			v = o->board->geometry == RULES_SQUARE ?
			    o->board->name :
			    NULL;
		else if (strcmp(name, "Board") == 0 && o->board != NULL)
			v = o->board->geometry != RULES_SQUARE ?
			    o->board->name :
			    NULL;
		else if (strcmp(name, "Result") == 0)
			v = result_of(o, im->result, sizeof im->result);
		else if (strcmp(name, "Setup") == 0)
			v = setup_of(o, im->setup, sizeof im->setup);
		else if ((strcmp(name, "Termination") == 0 ||
			     strcmp(name, "Winner") == 0) &&
		    v == NULL)
			v = implied_forfeit(o, name, im);
		if (v != NULL)
			out[n++] = (struct record_tag_out){ name, v };
	}
	for (i = 0; i < rec->ntags; i++)
		if (!is_known(rec->tags[i].name) &&
		    !(o->cut && off_board_end(rec->tags[i].name)))
			out[n++] = (struct record_tag_out){ rec->tags[i].name,
				rec->tags[i].value };
	nw = record_wthor_tags(rec, &im->wthor);
	for (i = 0; i < nw; i++)
		out[n++] = im->wthor.tag[i];
	return n;
}

/* ---- The notation ---------------------------------------------------- */

static int
write_pgn(struct record_export *x, const struct record_out *o, struct diag *d)
{
	struct record_tag_out *tags;
	struct implied	       im;
	const char	     **turns = NULL;
	char		     **noted;
	size_t		       n, i;
	int		       rc = -1;

	if ((tags = calloc(o->rec->ntags + NKNOWN + RECORD_WTHOR_TAGS,
		 sizeof *tags)) == NULL)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	/* What the movers said goes back in the turns' comments. */
	if (record_noted_turns(o, &noted) == -1 ||
	    (noted != NULL &&
		(turns = calloc(o->nturns, sizeof *turns)) == NULL)) {
		free(tags);
		record_noted_free(noted, o->nturns);
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	}
	for (i = 0; turns != NULL && i < o->nturns; i++)
		turns[i] = noted[i] != NULL ? noted[i] : o->turns[i];
	n = canonical_tags(o, tags, &im);
	/* Records apart by a blank line, as gameplay writes a series. */
	if ((x->written == 0 || fputc('\n', x->out) != EOF) &&
	    record_write(x->out, tags, n, turns != NULL ? turns : o->turns,
		o->nturns, true, result_of(o, im.result, sizeof im.result)) == 0)
		rc = 0;
	else
		diag_set(d, DIAG_NO_MEMORY, "cannot write the record");
	free(tags);
	free(turns);
	record_noted_free(noted, o->nturns);
	return rc;
}

/* ---- Othello transcripts and CSV -------------------------------------- */

/*
 * Whether o is what a transcript holds: Reversi on 8x8 from the start,
 * the only game an import names (formats/record.md).
 */
static int
check_plain(const struct record_out *o, const char *format, struct diag *d)
{
	if (o->game == NULL || strcmp(o->game->name, "reversi") != 0 ||
	    o->board == NULL || strcmp(o->board->name, "8x8") != 0 ||
	    record_tag_find(o->rec, "Setup") != NULL)
		return diag_set(d, DIAG_UNWRITABLE,
		    "%s holds reversi on 8x8 "
		    "from the start position only",
		    format);
	return 0;
}

/*
 * A game decided off the board (a forfeit: resigned, timed out, crashed,
 * an illegal answer) has a winner that its moves do not show: a format
 * with no word for it would turn it into an unfinished game, or worse.
 */
static int
check_decided(const struct record_out *o, const char *format, struct diag *d)
{
	if (o->forfeit)
		return diag_set(d, DIAG_UNWRITABLE,
		    "%s cannot say that a game "
		    "was decided off the board (a forfeit)",
		    format);
	return 0;
}

/* The moves run together, passes left out (the reader infers them). */
static int
put_transcript(FILE *out, const struct record_out *o)
{
	size_t i;

	for (i = 0; i < o->nturns; i++)
		if (strcmp(o->turns[i], "pass") != 0 &&
		    fputs(o->turns[i], out) == EOF)
			return -1;
	return 0;
}

static int
write_transcript(
    struct record_export *x, const struct record_out *o, struct diag *d)
{
	if (check_plain(o, "a transcript", d) == -1 ||
	    check_decided(o, "a transcript", d) == -1)
		return -1;
	if (put_transcript(x->out, o) == -1 || fputc('\n', x->out) == EOF)
		return diag_set(d, DIAG_NO_MEMORY, "cannot write the record");
	return 0;
}

/*
 * The winner column: 1 Black, -1 White, 0 a draw; an unfinished game's
 * winner is the forfeit's, or 0 (formats/record.md, "CSV").
 */
static int
csv_winner(const struct record_out *o)
{
	int w = o->over ? o->winner : o->forfeit ? o->forfeit_winner : -1;

	return w == 0 ? 1 : w == 1 ? -1 : 0;
}

/*
 * The id column: the source's game id (a GameId tag: a CSV's id column
 * read back), as an RFC 4180 field, else the record's number in the
 * output counting from 1.
 */
static int
put_csv_id(struct record_export *x, const struct record_out *o)
{
	const struct record_tag *t = record_tag_find(o->rec, "GameId");
	size_t			 i;

	if (t == NULL || t->value_len == 0)
		return fprintf(x->out, "%lu", x->written + 1) < 0 ? -1 : 0;
	if (strcspn(t->value, ",\"\r\n") >= t->value_len)
		return fwrite(t->value, 1, t->value_len, x->out) ==
			t->value_len ?
		    0 :
		    -1;
	putc('"', x->out);
	for (i = 0; i < t->value_len; i++) {
		if (t->value[i] == '"')
			putc('"', x->out);
		putc(t->value[i], x->out);
	}
	return putc('"', x->out) == EOF ? -1 : 0;
}

static int
write_csv(struct record_export *x, const struct record_out *o, struct diag *d)
{
	if (check_plain(o, "CSV", d) == -1)
		return -1;
	if ((x->written == 0 && fputs("id,winner,moves\n", x->out) == EOF) ||
	    put_csv_id(x, o) == -1 ||
	    fprintf(x->out, ",%d,", csv_winner(o)) < 0 ||
	    put_transcript(x->out, o) == -1 || fputc('\n', x->out) == EOF)
		return diag_set(d, DIAG_NO_MEMORY, "cannot write the record");
	return 0;
}

/* ---- GGF and SGF ------------------------------------------------------- */

/* A property value with ] and \ escaped, as SGF and GGF escape them. */
static void
put_value(struct wbuf *b, const char *v)
{
	for (; *v != '\0'; v++) {
		if (*v == ']' || *v == '\\')
			wbuf_add(b, "\\", 1);
		wbuf_add(b, v, 1);
	}
}

static void
put_prop(struct wbuf *b, const char *id, const char *v)
{
	wbuf_add(b, id, strlen(id));
	wbuf_add(b, "[", 1);
	put_value(b, v);
	wbuf_add(b, "]", 1);
}

/* The start position's pieces and colour to move (the Setup, or init). */
static int
start_of(const struct record_out *o, int *pieces, int *to_move)
{
	const struct record_tag *t = record_tag_find(o->rec, "Setup");
	struct rules_position	*pos;
	int			 i;

	if (t != NULL)
		return record_setup_parse(
		    o->board, t->value, t->value_len, pieces, to_move, NULL);
	if ((pos = rules_position_new(o->game, o->board->name, NULL, NULL)) ==
	    NULL)
		return -1;
	for (i = 0; i < o->board->ncells; i++)
		pieces[i] = rules_piece(pos, i);
	*to_move = rules_to_move(pos);
	rules_position_free(pos);
	return 0;
}

/* Whether s is decimal digits with at most one point among them. */
static bool
is_decimal(const char *s, size_t len)
{
	size_t i, digits = 0, points = 0;

	for (i = 0; i < len; i++)
		if (s[i] >= '0' && s[i] <= '9')
			digits++;
		else if (s[i] == '.' && points++ == 0 && digits > 0)
			continue;
		else
			return false;
	return digits > 0 && s[len - 1] != '.';
}

/*
 * SGF's TM of a TimeControl: the main time in seconds, which is all TM
 * holds (formats/sgf.md): the value itself when it is a number of
 * seconds (*plain set), else the seconds before its first '+' (the
 * notation's "60+0.5") or, written [[H:]M:]S, before its first '/'
 * (GGF's "05:00//02:00"), into buf.  False when the value gives no main
 * time TM could hold ("40/7200": moves, then seconds).
 */
static bool
sgf_tm(const char *v, char *buf, size_t cap, bool *plain)
{
	size_t len = strcspn(v, "+/"), i, start = 0;
	double secs = 0;
	int    fields = 0;

	*plain = v[len] == '\0' && is_decimal(v, len);
	if (*plain) {
		snprintf(buf, cap, "%s", v);
		return true;
	}
	/* The notation's "40/7200" is 40 moves: GGF's main time has ':'. */
	if (v[len] == '/' && memchr(v, ':', len) == NULL)
		return false;
	for (i = 0; i <= len; i++) {
		if (i < len && v[i] != ':')
			continue;
		/* Hours and minutes are whole; the seconds may not be. */
		if (!is_decimal(v + start, i - start) || ++fields > 3 ||
		    (i < len && memchr(v + start, '.', i - start) != NULL))
			return false;
		secs = secs * 60 + strtod(v + start, NULL);
		start = i + 1;
	}
	snprintf(buf, cap, "%.3f", secs);
	/* Trailing zeros of the fraction go, and then a bare point. */
	for (i = strlen(buf); buf[i - 1] == '0'; i--)
		buf[i - 1] = '\0';
	if (buf[i - 1] == '.')
		buf[i - 1] = '\0';
	return true;
}

/* A tag as GGF's and SGF's XT[Tag=value]. */
static void
put_xt(struct wbuf *b, const char *name, const char *value)
{
	wbuf_str(b, "XT[");
	put_value(b, name);
	wbuf_str(b, "=");
	put_value(b, value);
	wbuf_str(b, "]");
}

/*
 * The tags GGF or SGF has no property of its own for, as XT[Tag=value],
 * then a WTHOR game's numbers.
 */
static void
put_extra(struct wbuf *b, const struct record_out *o, bool sgf)
{
	const struct record	*rec = o->rec;
	struct record_wthor_tags w;
	char			 tm[64];
	bool			 plain;
	size_t			 i, k, nw;

	for (i = 0; i < rec->ntags; i++) {
		const char *name = rec->tags[i].name;
		bool	    carried = false;

		for (k = 0; k < NKNOWN; k++)
			if (strcasecmp(known[k].tag, name) == 0)
				carried = (sgf ? known[k].sgf : known[k].ggf) !=
					NULL ||
				    strcmp(known[k].tag, "Game") == 0 ||
				    strcmp(known[k].tag, "Size") == 0 ||
				    strcmp(known[k].tag, "Board") == 0 ||
				    strcmp(known[k].tag, "Setup") == 0 ||
				    strcmp(known[k].tag, "Result") == 0;
		/* A resignation or time loss rides on RE. */
		if (forfeit_on_re(o) &&
		    (strcasecmp(name, "Termination") == 0 ||
			strcasecmp(name, "Winner") == 0))
			carried = true;
		/* TM holds seconds: any other clock goes whole beside it. */
		if (sgf && strcasecmp(name, "TimeControl") == 0)
			carried = sgf_tm(rec->tags[i].value, tm, sizeof tm,
				      &plain) &&
			    plain;
		if (carried)
			continue;
		put_xt(b, name, rec->tags[i].value);
	}
	nw = record_wthor_tags(rec, &w);
	for (i = 0; i < nw; i++)
		put_xt(b, w.tag[i].name, w.tag[i].value);
}

/* The properties of the known tags a format names. */
static void
put_known(struct wbuf *b, const struct record_out *o, bool sgf)
{
	const struct record_tag *t;
	char			 tm[64];
	bool			 plain;
	size_t			 i;

	for (i = 0; i < NKNOWN; i++) {
		const char *id = sgf ? known[i].sgf : known[i].ggf;

		if (id == NULL ||
		    (t = record_tag_find(o->rec, known[i].tag)) == NULL)
			continue;
		if (sgf && strcmp(id, "TM") == 0) {
			/* The rest of the clock: XT[TimeControl=], put_extra. */
			if (sgf_tm(t->value, tm, sizeof tm, &plain))
				put_prop(b, id, tm);
		} else
			put_prop(b, id, t->value);
	}
}

/* Black's margin, WOF (empties to the winner), for RE. */
static int
margin(const struct record_out *o)
{
	return o->alt[0] - o->alt[1];
}

/*
 * What a GGF or SGF game starts from: Reversi on a square board (anything
 * else is DIAG_UNWRITABLE in d), its pieces and colour to move.
 */
static int
tree_start(const struct record_out *o, const char *format, int *pieces,
    int *to_move, struct diag *d)
{
	if (o->board == NULL)
		return diag_set(d, DIAG_UNWRITABLE,
		    "%s needs the board, "
		    "which this malformed record does not give",
		    format);
	if (o->game == NULL || strcmp(o->game->name, "reversi") != 0 ||
	    o->board->geometry != RULES_SQUARE ||
	    o->board->width != o->board->height)
		return diag_set(d, DIAG_UNWRITABLE,
		    "%s holds reversi on a "
		    "square board only",
		    format);
	if (start_of(o, pieces, to_move) == -1)
		return diag_set(d, DIAG_UNWRITABLE,
		    "%s: no start position "
		    "(the Setup is none)",
		    format);
	return 0;
}

/*
 * GGF's move/eval/time: what the mover said of turn t, the record's
 * note of it, after the move's square ("/1.50/0.2", "//4.5").  Only
 * where the turns written are the record's own, one for one: passes a
 * replay implies would shift them.
 */
static void
put_note(struct wbuf *b, const struct record_out *o, size_t t, size_t *k)
{
	const struct record_note *n;

	if (o->nturns != o->rec->nturns)
		return;
	while (*k < o->rec->nnotes && o->rec->notes[*k].turn < t)
		(*k)++;
	if (*k == o->rec->nnotes || (n = &o->rec->notes[*k])->turn != t ||
	    (n->eval_len == 0 && n->time_len == 0))
		return;
	wbuf_add(b, "/", 1);
	wbuf_add(b, n->eval, n->eval_len);
	if (n->time_len > 0) {
		wbuf_add(b, "/", 1);
		wbuf_add(b, n->time, n->time_len);
	}
}

/*
 * The moves, each sep then B[..] or W[..], PA for a pass; with notes
 * (GGF), what the movers said of them.
 */
static void
put_moves(struct wbuf *b, const struct record_out *o, int to_move,
    const char *sep, bool notes)
{
	size_t t, k = 0;

	for (t = 0; t < o->nturns; t++) {
		wbuf_str(b, sep);
		wbuf_str(b, (to_move + (int)t) % 2 == 0 ? "B[" : "W[");
		put_value(
		    b, strcmp(o->turns[t], "pass") == 0 ? "PA" : o->turns[t]);
		if (notes)
			put_note(b, o, t, &k);
		wbuf_str(b, "]");
	}
}

static int
flush_buf(struct record_export *x, struct wbuf *b, struct diag *d)
{
	int rc = 0;

	if (b->failed || fwrite(b->b.s, 1, b->b.len, x->out) != b->b.len)
		rc = diag_set(d, DIAG_NO_MEMORY, "cannot write the record");
	free(b->b.s);
	return rc;
}

/*
 * GGF's RE of a game over: Black's margin less the komi (a Komi tag,
 * which the game's KM writes), as GGS writes it: "+12.000", "+8.500".
 */
static const char *
ggf_re(const struct record_out *o, char *buf, size_t cap)
{
	const struct record_tag *kt = record_tag_find(o->rec, "Komi");
	long			 komi = 0, m;

	if (kt != NULL &&
	    record_decimal_milli(kt->value, kt->value_len, &komi) == -1)
		komi = 0;
	m = (long)margin(o) * 1000 - komi;
	snprintf(buf, cap, "%c%ld.%03ld", m < 0 ? '-' : '+', labs(m) / 1000,
	    labs(m) % 1000);
	return buf;
}

/* One game's GGF tree, "(;GM[Othello]...;)", into b; -1 as tree_start. */
static int
put_ggf(struct wbuf *b, const struct record_out *o, struct diag *d)
{
	char num[64], cell[2] = { 0, 0 };
	int  pieces[RULES_MAX_CELLS], to_move, i, n;

	if (tree_start(o, "GGF", pieces, &to_move, d) == -1)
		return -1;
	wbuf_add(b, "(;GM[Othello]", 13);
	put_known(b, o, false);
	n = o->board->width;
	if (o->valid && o->over) {
		put_prop(b, "RE", ggf_re(o, num, sizeof num));
	} else if (forfeit_on_re(o)) {
		snprintf(num, sizeof num, "%c%d.000:%c",
		    o->forfeit_winner == 0 ? '+' : '-', o->board->ncells,
		    o->forfeit_cause == RECORD_OUT_RESIGN ? 'r' : 't');
		put_prop(b, "RE", num);
	}
	snprintf(num, sizeof num, "BO[%d", n);
	wbuf_add(b, num, strlen(num));
	for (i = 0; i < o->board->ncells; i++) {
		if (i % n == 0)
			wbuf_add(b, " ", 1);
		cell[0] = pieces[i] == RULES_EMPTY  ? '-' :
		    RULES_COLOUR_OF(pieces[i]) == 0 ? '*' :
						      'O';
		wbuf_add(b, cell, 1);
	}
	wbuf_add(b, to_move == 0 ? " *]" : " O]", 3);
	put_extra(b, o, false);
	put_moves(b, o, to_move, "", true);
	wbuf_add(b, ";)", 2);
	return 0;
}

static int
write_ggf(struct record_export *x, const struct record_out *o, struct diag *d)
{
	struct wbuf b = { 0 };

	if (put_ggf(&b, o, d) == -1) {
		free(b.b.s);
		return -1;
	}
	wbuf_add(&b, "\n", 1);
	return flush_buf(x, &b, d);
}

char *
record_ggf_text(const struct record_out *o, struct diag *d)
{
	struct wbuf b = { 0 };

	if (put_ggf(&b, o, d) == -1) {
		free(b.b.s);
		return NULL;
	}
	if (b.failed || b.b.s == NULL) {
		free(b.b.s);
		diag_set(d, DIAG_NO_MEMORY, "out of memory");
		return NULL;
	}
	return b.b.s;
}

static int
write_sgf(struct record_export *x, const struct record_out *o, struct diag *d)
{
	struct wbuf b = { 0 };
	char	    num[64], name[RULES_CELL_NAME];
	int	    pieces[RULES_MAX_CELLS], to_move, i, c;

	if (tree_start(o, "SGF", pieces, &to_move, d) == -1)
		return -1;
	wbuf_add(&b, "(;GM[2]FF[4]", 12);
	snprintf(num, sizeof num, "%d", o->board->width);
	put_prop(&b, "SZ", num);
	put_known(&b, o, true);
	if (o->valid && o->over) {
		if (margin(o) == 0)
			snprintf(num, sizeof num, "0");
		else
			snprintf(num, sizeof num, "%c+%d",
			    margin(o) > 0 ? 'B' : 'W', abs(margin(o)));
		put_prop(&b, "RE", num);
	} else if (forfeit_on_re(o)) {
		snprintf(num, sizeof num, "%c+%c",
		    o->forfeit_winner == 0 ? 'B' : 'W',
		    o->forfeit_cause == RECORD_OUT_RESIGN ? 'R' : 'T');
		put_prop(&b, "RE", num);
	}
	for (c = 0; c < 2; c++) {
		bool any = false;

		for (i = 0; i < o->board->ncells; i++) {
			if (pieces[i] == RULES_EMPTY ||
			    RULES_COLOUR_OF(pieces[i]) != c)
				continue;
			if (!any)
				wbuf_add(&b, c == 0 ? "AB" : "AW", 2);
			any = true;
			wbuf_add(&b, "[", 1);
			rules_cell_name(o->board, i, name);
			wbuf_add(&b, name, strlen(name));
			wbuf_add(&b, "]", 1);
		}
	}
	put_prop(&b, "PL", to_move == 0 ? "B" : "W");
	put_extra(&b, o, true);
	put_moves(&b, o, to_move, ";", false);
	wbuf_add(&b, ")\n", 2);
	return flush_buf(x, &b, d);
}

/* ---- WTHOR (wthor.c, formats/wthor.md) ---------------------------------- */

/*
 * WTHOR stores Black's discs with the empties given to the winner: the
 * replay's wof score (alt) of a game that is over; of one that is not,
 * every disc to the winner of a resignation, a WTHOR game's own score
 * (its own or the WthorScore tag that carries it), else Black's discs as
 * they stand.  The games are kept until finish_wthor, since the header
 * that comes first counts them.
 */
static int
wthor_score(const struct record_out *o)
{
	const struct record *rec = o->rec;
	long		     v;

	if (o->over)
		return o->alt[0];
	/* PlayOK's resignation: every disc to the winner. */
	if (o->forfeit)
		return o->forfeit_winner == 0 ? o->board->ncells : 0;
	if (rec->format == RECORD_WTHOR)
		return rec->wthor.score;
	if ((v = record_wthor_tag_number(rec, "WthorScore", 64)) != -1)
		return (int)v;
	return o->points[0];
}

/* The year of a Date tag, "2019.??.??" (0 when it gives none). */
static unsigned
date_year(const struct record *rec)
{
	const struct record_tag *t = record_tag_find(rec, "Date");
	unsigned		 y = 0;
	size_t			 i;

	if (t == NULL || t->value_len < 4 ||
	    (t->value_len > 4 && t->value[4] != '.'))
		return 0;
	for (i = 0; i < 4; i++) {
		if (t->value[i] < '0' || t->value[i] > '9')
			return 0;
		y = y * 10 + (unsigned)(t->value[i] - '0');
	}
	return y;
}

static int
write_wthor(struct record_export *x, const struct record_out *o, struct diag *d)
{
	const struct record *rec = o->rec;
	bool		     wthor = rec->format == RECORD_WTHOR;

	if (check_plain(o, "WTHOR", d) == -1)
		return -1;
	/* A resignation is PlayOK's 64-0; WTHOR has no word for the rest. */
	if (o->forfeit && o->forfeit_cause != RECORD_OUT_RESIGN)
		return diag_set(d, DIAG_UNWRITABLE,
		    "WTHOR says no more of a game decided off the board than "
		    "that it was resigned (all discs to the winner)");
	if (!o->valid)
		return diag_set(d, DIAG_UNWRITABLE,
		    "WTHOR holds legal games "
		    "only");
	if (x->state == NULL &&
	    (x->state = record_wthor_writer_new(
		 wthor ? rec->wthor.year : date_year(rec))) == NULL)
		return diag_set(d, DIAG_NO_MEMORY, "out of memory");
	return record_wthor_add(x->state, rec, wthor_score(o),
	    wthor ? rec->wthor.theoretical : -1, d);
}

/* The header and the games; a run that wrote none writes a header. */
static int
finish_wthor(struct record_export *x)
{
	if (x->state == NULL && (x->state = record_wthor_writer_new(0)) == NULL)
		return -1;
	return record_wthor_write(x->state, x->out);
}

static void
free_wthor(void *state)
{
	record_wthor_writer_free(state);
}

/* ---- The table --------------------------------------------------------- */

struct record_export_format {
	const char *name;
	int (*write)(
	    struct record_export *, const struct record_out *, struct diag *);
	/*
	 * Optional: what follows the last record (a format whose header
	 * counts the games keeps them in x->state until then); 0, or -1
	 * when out cannot be written.
	 */
	int (*finish)(struct record_export *);
	/* Optional: frees x->state. */
	void (*free)(void *);
};

/* One line a format: --write=NAME. */
static const struct record_export_format formats[] = {
	{ "pgn", write_pgn, NULL, NULL },
	{ "transcript", write_transcript, NULL, NULL },
	{ "csv", write_csv, NULL, NULL },
	{ "ggf", write_ggf, NULL, NULL },
	{ "sgf", write_sgf, NULL, NULL },
	{ "wthor", write_wthor, finish_wthor, free_wthor },
};

bool
record_export_known(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (strcmp(formats[i].name, name) == 0)
			return true;
	return false;
}

struct record_export *
record_export_new(const char *name, FILE *out)
{
	struct record_export *x;
	size_t		      i;

	for (i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (strcmp(formats[i].name, name) == 0)
			break;
	if (i == sizeof formats / sizeof formats[0] ||
	    (x = calloc(1, sizeof *x)) == NULL)
		return NULL;
	x->f = &formats[i];
	x->out = out;
	return x;
}

int
record_export_write(
    struct record_export *x, const struct record_out *o, struct diag *d)
{
	/*
	 * A timed record's moments and leave stand in its comments, which
	 * no writer keeps yet: written without them it would not stand.
	 */
	if (record_tag_find(o->rec, "Start") != NULL)
		return diag_set(d, DIAG_UNWRITABLE,
		    "a timed record (Start) keeps its moments in its comments, "
		    "which --write does not write yet");
	if (x->f->write(x, o, d) == -1)
		return -1;
	x->written++;
	return 0;
}

int
record_export_finish(struct record_export *x)
{
	return x->f->finish != NULL ? x->f->finish(x) : 0;
}

void
record_export_free(struct record_export *x)
{
	if (x == NULL)
		return;
	if (x->f->free != NULL)
		x->f->free(x->state);
	free(x);
}
