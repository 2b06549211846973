/* SPDX-License-Identifier: MIT */
/*
 * Reading records from a stream or a buffer, one at a time, in the record
 * notation or an import format (formats/record.md).  The reader knows the
 * shape of a record (tags, turn tokens, comments, move numbers, the
 * result token) and where every token stands; what a turn means is left
 * to turn.c.  Memory is reused from record to record, so it is bounded by
 * the largest record, never by the size of the input.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "record/record.h"
#include "record/syntax.h"
#include "record/wthor.h"
#include "util/util.h"

struct record_reader {
	struct record_syntax *syn;
	FILE		     *fp;  /* NULL: reading mem */
	const char	     *mem; /* borrowed */
	size_t		      memlen;
	size_t		      mempos;
	char		     *name;
	enum record_format    format;

	/* Input, read in blocks. */
	char   inbuf[65536];
	size_t inpos;
	size_t inlen;
	size_t next_lf; /* in inbuf, or inlen; SIZE_MAX, or
					   < inpos: not looked for */

	/* The current line: no line end, NULs allowed. */
	char		  *line;
	size_t		   linecap;
	size_t		   linelen;
	size_t		   pos; /* next byte to look at */
	bool		   have_line;
	size_t		   line_start; /* past a byte order mark */
	bool		   eof;
	unsigned long	   lineno;
	unsigned long long line_offset;
	unsigned long long next_offset;

	/* A { comment still open at the end of the line. */
	bool		in_comment;
	struct diag_pos comment_at;

	/* CSV: which columns hold the moves and the winner. */
	bool	      csv_ready;
	long	      csv_moves;
	long	      csv_winner;
	long	      csv_cols;
	unsigned long csv_header_line; /* 0: none (headerless) */
	char	     *csv_spec;	       /* --csv-columns, or NULL */

	/* WTHOR: the header, once read, and the name files. */
	bool		    wthor_started;
	bool		    wthor_done; /* the rest is no game */
	struct wthor_header wthor;
	char		   *wthor_input;    /* the input's path, or NULL */
	char		   *wthor_paths[2]; /* JOU, TRN, or NULL: beside */
	struct wthor_names  wthor_names[2];

	/* The record being built; text holds its strings. */
	struct record rec;
	unsigned long index;
	struct record empty; /* for an input without records */
	/* Binary input: 0 not looked at, 1 text, 2 binary, 3 reported. */
	int	binary;
	char   *text;
	size_t	textlen;
	size_t	textcap;
	size_t	tagcap;
	size_t *tag_off; /* name and value offsets, by twos */
	size_t	tagoffcap;
	size_t	turncap;
	size_t *turn_off;
	size_t	turnoffcap;
	size_t	result_off;
	bool	has_movetext;
	bool	in_line; /* the record's tokens point into its line */
	size_t	notecap;
	size_t *note_off; /* eval and time offsets, by twos */
	size_t	noteoffcap;

	/* The record's tags by name (any case), to find duplicates. */
	struct hashmap tags;

	/* GGF and SGF: a property value, and the start position's text. */
	struct buf value;
	char	   start_setup[RECORD_SETUP_MAX];
	int	   start_size; /* of start_setup; 0: none yet */
};

const char *
record_format_name(enum record_format f)
{
	switch (f) {
	case RECORD_PGN: return "pgn";
	case RECORD_TRANSCRIPT: return "transcript";
	case RECORD_CSV: return "csv";
	case RECORD_GGF: return "ggf";
	case RECORD_SGF: return "sgf";
	case RECORD_WTHOR: return "wthor";
	default: return "auto";
	}
}

int
record_format_parse(const char *s)
{
	if (strcmp(s, "auto") == 0)
		return RECORD_AUTO;
	if (strcmp(s, "pgn") == 0 || strcmp(s, "record") == 0)
		return RECORD_PGN;
	if (strcmp(s, "transcript") == 0)
		return RECORD_TRANSCRIPT;
	if (strcmp(s, "csv") == 0)
		return RECORD_CSV;
	if (strcmp(s, "ggf") == 0)
		return RECORD_GGF;
	if (strcmp(s, "sgf") == 0)
		return RECORD_SGF;
	if (strcmp(s, "wthor") == 0)
		return RECORD_WTHOR;
	return -1;
}

/* tolower() in the C locale, which the tools keep, by hand. */
static inline unsigned char
fold(char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') :
				      (unsigned char)c;
}

/* strcasecmp(a, b) == 0 in the C locale, with no call. */
static inline bool
name_eq(const char *a, const char *b)
{
	for (; fold(*a) == fold(*b); a++, b++)
		if (*a == '\0')
			return true;
	return false;
}

bool
record_tag_name_eq(const char *a, const char *b)
{
	return name_eq(a, b);
}

const struct record_tag *
record_tag_find(const struct record *rec, const char *name)
{
	size_t i;

	/*
	 * PGN spells tags one way; a lookup forgives the case.  By hand, not
	 * strcasecmp: the replay asks for a dozen tags of every record, most
	 * of them absent.
	 */
	for (i = 0; i < rec->ntags; i++)
		if (name_eq(rec->tags[i].name, name))
			return &rec->tags[i];
	return NULL;
}

static inline bool
is_digit(char c)
{
	return (unsigned)((unsigned char)c - '0') < 10;
}

/*
 * Whether s (len bytes) is a score, digits, a dash and digits: the result
 * pattern's third form, by hand, since every record ends in one.  Returns
 * where the dash is, or 0 for no score (then the pattern judges).
 */
static size_t
score_dash(const char *s, size_t len)
{
	size_t i = 0, j;

	while (i < len && is_digit(s[i]))
		i++;
	if (i == 0 || i == len || s[i] != '-')
		return 0;
	for (j = i + 1; j < len && is_digit(s[j]); j++)
		continue;
	return j > i + 1 && j == len ? i : 0;
}

int
record_result_score(struct record_syntax *syn, const char *text, size_t len,
    unsigned long *a, unsigned long *b)
{
	size_t g[6], dash;

	/* A score: digits, a dash, digits (the result pattern). */
	if ((dash = score_dash(text, len)) != 0) {
		g[2] = 0;
		g[4] = dash + 1;
	} else if (syntax_match(syn, SYN_RESULT, text, len, g, 3) != (int)len ||
	    g[2] == SYNTAX_UNSET)
		return -1;
	errno = 0;
	*a = strtoul(text + g[2], NULL, 10);
	*b = strtoul(text + g[4], NULL, 10);
	return errno == 0 ? 1 : 0;
}

struct record_reader *
record_reader_new(struct record_syntax *syn, FILE *fp, const char *name,
    enum record_format format)
{
	struct record_reader *rd;

	rd = calloc(1, sizeof *rd);
	if (rd == NULL)
		return NULL;
	rd->name = strdup(name);
	if (rd->name == NULL) {
		free(rd);
		return NULL;
	}
	rd->syn = syn;
	rd->fp = fp;
	rd->format = format;
	rd->next_lf = SIZE_MAX;
	hashmap_init(&rd->tags);
	return rd;
}

struct record_reader *
record_reader_new_buffer(struct record_syntax *syn, const char *text,
    size_t len, const char *name, enum record_format format)
{
	struct record_reader *rd;

	if ((rd = record_reader_new(syn, NULL, name, format)) == NULL)
		return NULL;
	rd->mem = text;
	rd->memlen = len;
	return rd;
}

int
record_reader_prime(struct record_reader *rd, const void *buf, size_t len)
{
	if (len > sizeof rd->inbuf || rd->inlen != 0 || rd->lineno != 0)
		return -1;
	memcpy(rd->inbuf, buf, len);
	rd->inpos = 0;
	rd->inlen = len;
	rd->next_lf = SIZE_MAX;
	return 0;
}

void
record_reader_free(struct record_reader *rd)
{
	if (rd == NULL)
		return;
	free(rd->name);
	free(rd->csv_spec);
	free(rd->line);
	free(rd->text);
	free(rd->tag_off);
	free(rd->turn_off);
	free(rd->wthor_input);
	free(rd->wthor_paths[0]);
	free(rd->wthor_paths[1]);
	wthor_names_fini(&rd->wthor_names[0]);
	wthor_names_fini(&rd->wthor_names[1]);
	free(rd->rec.tags);
	free(rd->rec.turns);
	hashmap_fini(&rd->tags);
	free(rd->value.s);
	free(rd->rec.notes);
	free(rd->note_off);
	free(rd);
}

const char *
record_reader_name(const struct record_reader *rd)
{
	return rd->name;
}

enum record_format
record_reader_format(const struct record_reader *rd)
{
	return rd->format;
}

/* ---- Lines ------------------------------------------------------- */

/* Refills the input buffer; returns the bytes now in it, 0 at the end. */
static int
refill(struct record_reader *rd)
{
	rd->inpos = 0;
	rd->next_lf = SIZE_MAX;
	if (rd->fp == NULL) {
		/* A buffer goes through inbuf too: one way of reading lines. */
		rd->inlen = rd->memlen - rd->mempos;
		if (rd->inlen > sizeof rd->inbuf)
			rd->inlen = sizeof rd->inbuf;
		memcpy(rd->inbuf, rd->mem + rd->mempos, rd->inlen);
		rd->mempos += rd->inlen;
		return rd->inlen > 0;
	}
	rd->inlen = fread(rd->inbuf, 1, sizeof rd->inbuf, rd->fp);
	if (rd->inlen == 0 && ferror(rd->fp))
		return -1;
	return rd->inlen > 0;
}

/*
 * Appends n bytes to the line being read.  PCRE2's JIT reads whole words
 * past the end of a subject (within the block); array_grow's zeroed spare
 * bytes keep memcheck quiet.
 */
static int
line_add(struct record_reader *rd, size_t have, const char *p, size_t n)
{
	if (n >= SIZE_MAX - have ||
	    array_grow(&rd->line, &rd->linecap, have + n + 1, 1) == -1) {
		errno = ENOMEM;
		return -1;
	}
	memcpy(rd->line + have, p, n);
	return 0;
}

/*
 * Where the line from rd->inpos ends in the block: its LF or CR, or
 * rd->inlen.  memchr, not a loop over the bytes: every byte of the input
 * comes here.  The next LF is looked for once a block (as in pass_line),
 * so a file of lone CRs is no search over the block per line.
 */
static size_t
line_end(struct record_reader *rd)
{
	const char *p = rd->inbuf + rd->inpos, *lf, *cr;

	if (rd->next_lf == SIZE_MAX || rd->next_lf < rd->inpos) {
		lf = memchr(p, '\n', rd->inlen - rd->inpos);
		rd->next_lf = lf != NULL ? (size_t)(lf - rd->inbuf) : rd->inlen;
	}
	cr = memchr(p, '\r', rd->next_lf - rd->inpos);
	return cr != NULL ? (size_t)(cr - rd->inbuf) : rd->next_lf;
}

/*
 * Reads the next line into rd->line without its end (LF, CRLF or a lone
 * CR).  Returns 1, 0 at the end, -1 on a read error.
 */
static int
read_line(struct record_reader *rd)
{
	size_t n = 0, i;
	int    rc;
	bool   any = false;

	if (rd->eof)
		return 0;
	rd->line_offset = rd->next_offset;
	for (;;) {
		if (rd->inpos == rd->inlen) {
			if ((rc = refill(rd)) == -1)
				return -1;
			if (rc == 0) {
				rd->eof = true;
				if (!any)
					return 0;
				break;
			}
		}
		any = true;
		i = line_end(rd);
		if (line_add(rd, n, rd->inbuf + rd->inpos, i - rd->inpos) == -1)
			return -1;
		n += i - rd->inpos;
		rd->next_offset += i - rd->inpos;
		rd->inpos = i;
		if (i == rd->inlen)
			continue;
		/* A line end: LF, CR, or CR LF (which may straddle a refill). */
		rd->inpos++;
		rd->next_offset++;
		if (rd->inbuf[i] == '\r') {
			if (rd->inpos == rd->inlen && refill(rd) == -1)
				return -1;
			if (rd->inpos < rd->inlen &&
			    rd->inbuf[rd->inpos] == '\n') {
				rd->inpos++;
				rd->next_offset++;
			}
		}
		break;
	}
	if (line_add(rd, n, "", 0) == -1)
		return -1;
	rd->line[n] = '\0';
	rd->linelen = n;
	rd->lineno++;
	/* A UTF-8 byte order mark is allowed before the first line. */
	rd->line_start = rd->lineno == 1 && n >= 3 &&
		memcmp(rd->line, "\xef\xbb\xbf", 3) == 0 ?
	    3 :
	    0;
	rd->pos = rd->line_start;
	rd->have_line = true;
	return 1;
}

/* Columns count from after a byte order mark; offsets count every byte. */
static struct diag_pos
pos_at(const struct record_reader *rd, size_t col)
{
	return (struct diag_pos){ rd->lineno, col + 1 - rd->line_start,
		rd->line_offset + col };
}

/* ---- Building a record ------------------------------------------- */

/* Copies len bytes into the record's text; returns the offset or -1. */
static inline long long
text_add(struct record_reader *rd, const char *s, size_t len)
{
	size_t off = rd->textlen;

	/* Every token of the notation comes here: grow only when full. */
	if (off + len + 1 > rd->textcap &&
	    array_grow(&rd->text, &rd->textcap, off + len + 1, 1) == -1)
		return -1;
	memcpy(rd->text + off, s, len);
	rd->text[off + len] = '\0';
	rd->textlen = off + len + 1;
	return (long long)off;
}

/*
 * Whether a record is one line whose tokens stay in it: transcripts, CSV
 * and a WTHOR game (its squares put in the line), which leave passes
 * unwritten too.
 */
static bool
line_tokens(const struct record_reader *rd)
{
	return rd->format == RECORD_TRANSCRIPT || rd->format == RECORD_CSV ||
	    rd->format == RECORD_WTHOR;
}

static void
reset_record(struct record_reader *rd)
{
	struct record_tag   *tags = rd->rec.tags;
	struct record_token *turns = rd->rec.turns;
	struct record_note  *notes = rd->rec.notes;

	memset(&rd->rec, 0, sizeof rd->rec);
	rd->rec.tags = tags;
	rd->rec.turns = turns;
	rd->rec.notes = notes;
	rd->rec.format = rd->format;
	rd->in_line = line_tokens(rd);
	rd->rec.implicit_passes = rd->in_line;
	rd->textlen = 0;
	rd->has_movetext = false;
	/* O(1) however many tags the last record had. */
	hashmap_clear(&rd->tags);
}

/*
 * The first error of a record makes it malformed; later ones are dropped:
 * the diagnostic to fill, or NULL (which diag_set_at() ignores).
 */
static struct diag *
first_error(struct record_reader *rd)
{
	if (rd->rec.malformed)
		return NULL;
	rd->rec.malformed = true;
	return &rd->rec.error;
}

static int
oom(struct record_reader *rd)
{
	diag_set_at(first_error(rd), DIAG_NO_MEMORY, pos_at(rd, rd->pos), 0,
	    "out of memory");
	return -1;
}

/*
 * Adds a turn token; the caller sets where it stands.  In the notation
 * its text is copied (a record spans lines), and pointed at once the text
 * stops moving (finish_record); an import's record is its line, which
 * stays put until the next record, so its tokens point into the line at
 * once.  Returns the token, or NULL when memory runs out (the record
 * told so).  The position is not an argument: a struct passed by value
 * was stores and a wider load per move, which stalled.
 */
static inline struct record_token *
add_turn(struct record_reader *rd, const char *s, size_t len)
{
	struct record_token *t;
	long long	     off;
	size_t		     n = rd->rec.nturns;

	/* Every move comes here: the common case stays out of libutil. */
	if (n >= rd->turncap &&
	    array_grow(&rd->rec.turns, &rd->turncap, n + 1,
		sizeof *rd->rec.turns) == -1) {
		oom(rd);
		return NULL;
	}
	t = &rd->rec.turns[n];
	if (rd->in_line)
		/* s is in the line: the same byte, writable, with no cast. */
		t->text = rd->line + (s - rd->line);
	else {
		if ((n >= rd->turnoffcap &&
			array_grow(&rd->turn_off, &rd->turnoffcap, n + 1,
			    sizeof *rd->turn_off) == -1) ||
		    (off = text_add(rd, s, len)) == -1) {
			oom(rd);
			return NULL;
		}
		rd->turn_off[n] = (size_t)off;
		t->text = NULL;
	}
	t->len = len;
	rd->rec.nturns++;
	rd->has_movetext = true;
	return t;
}

/* Pointers into the text are set once it has stopped moving. */
static void
finish_record(struct record_reader *rd)
{
	size_t i;

	for (i = 0; i < rd->rec.ntags; i++) {
		rd->rec.tags[i].name = rd->text + rd->tag_off[2 * i];
		rd->rec.tags[i].value = rd->text + rd->tag_off[2 * i + 1];
	}
	if (!rd->in_line)
		for (i = 0; i < rd->rec.nturns; i++)
			rd->rec.turns[i].text = rd->text + rd->turn_off[i];
	for (i = 0; i < rd->rec.nnotes; i++) {
		rd->rec.notes[i].eval = rd->text + rd->note_off[2 * i];
		rd->rec.notes[i].time = rd->text + rd->note_off[2 * i + 1];
	}
	if (rd->rec.has_result)
		rd->rec.result.text = rd->text + rd->result_off;
	rd->rec.index = ++rd->index;
}

/* ---- The record notation ------------------------------------------ */

static uint64_t
name_hash(const char *s)
{
	uint64_t h = HASHMAP_HASH_INIT;

	/* Folded: tags are one tag in any case (record_tag_find). */
	while (*s != '\0')
		h = (h ^ fold(*s++)) * HASHMAP_HASH_PRIME;
	return h;
}

/* The tag map's key: a name, as the name of tag value of the record. */
static bool
tag_eq(const void *key, size_t value, const void *arg)
{
	const struct record_reader *rd = arg;

	return strcasecmp(rd->text + rd->tag_off[2 * value], key) == 0;
}

/*
 * Whether the record already has a tag called like the name at text
 * offset name_off; if not, adds tag n (its name at name_off).  A hash
 * keeps a record of a million tags linear (a scan of the earlier names
 * made it quadratic).  Returns 1 for a duplicate, 0, or -1 when memory
 * runs out.
 */
static int
tag_seen(struct record_reader *rd, size_t n, size_t name_off)
{
	const char *name = rd->text + name_off;
	uint64_t    h = name_hash(name);

	if (hashmap_get(&rd->tags, h, name, tag_eq, rd) != HASHMAP_ABSENT)
		return 1;
	return hashmap_put(&rd->tags, h, n);
}

/* A byte of a tag name, [A-Za-z0-9_]. */
static inline bool
name_char(char c)
{
	return is_digit(c) || c == '_' || (fold(c) >= 'a' && fold(c) <= 'z');
}

static inline bool
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/*
 * The tag pattern on s (len bytes, s[0] the '['), by hand, for a tag
 * whose value has no backslash, as nearly every one is: returns the
 * bytes matched with the name and value in g[2..5] as syntax_match()
 * gives them, or -1, and then the pattern judges.
 */
static int
tag_by_hand(const char *s, size_t len, size_t *g)
{
	const char *q;
	size_t	    i = 1;

	while (i < len && is_blank(s[i]))
		i++;
	for (g[2] = i; i < len && name_char(s[i]); i++)
		continue;
	g[3] = i;
	if (g[3] == g[2] || i == len || !is_blank(s[i]))
		return -1;
	while (i < len && is_blank(s[i]))
		i++;
	if (i == len || s[i] != '"')
		return -1;
	g[4] = ++i;
	if ((q = memchr(s + i, '"', len - i)) == NULL ||
	    memchr(s + i, '\\', (size_t)(q - s) - i) != NULL)
		return -1;
	g[5] = i = (size_t)(q - s);
	for (i++; i < len && is_blank(s[i]); i++)
		continue;
	if (i == len || s[i] != ']' || i + 1 > INT_MAX)
		return -1;
	return (int)i + 1;
}

/* Reads [Name "value"] at rd->pos. */
static void
read_tag(struct record_reader *rd)
{
	const char *s = rd->line + rd->pos;
	size_t	    g[6], n = rd->rec.ntags, i, k, len = rd->linelen - rd->pos;
	long long   name_off, value_off;
	struct diag_pos at = pos_at(rd, rd->pos);
	int		m;

	if ((m = tag_by_hand(s, len, g)) < 0)
		m = syntax_match(rd->syn, SYN_TAG, s, len, g, 3);
	if (m < 0) {
		/* An opening quote never closed on this line is unterminated. */
		const char *q = memchr(s, '"', len);
		bool	    open = q != NULL &&
		    memchr(q + 1, '"', len - (size_t)(q + 1 - s)) == NULL;

		diag_set_at(first_error(rd),
		    open ? DIAG_UNTERMINATED_TAG : DIAG_BAD_TAG, at, len,
		    open ? "tag value not closed by '\"]' on its line" :
			   "a tag pair is [Name \"value\"]");
		rd->pos = rd->linelen;
		return;
	}
	if ((name_off = text_add(rd, s + g[2], g[3] - g[2])) == -1 ||
	    (value_off = text_add(rd, s + g[4], g[5] - g[4])) == -1) {
		oom(rd);
		rd->pos = rd->linelen;
		return;
	}
	/* Unescape \" and \\ in place. */
	for (i = k = 0; i < g[5] - g[4]; i++) {
		char c = rd->text[value_off + (long long)i];

		if (c == '\\')
			c = rd->text[value_off + (long long)++i];
		rd->text[value_off + (long long)k++] = c;
	}
	rd->text[value_off + (long long)k] = '\0';
	if (array_grow(&rd->rec.tags, &rd->tagcap, n + 1,
		sizeof *rd->rec.tags) == -1) {
		oom(rd);
		rd->pos = rd->linelen;
		return;
	}
	if (array_grow(&rd->tag_off, &rd->tagoffcap, 2 * n + 2,
		sizeof *rd->tag_off) == -1) {
		oom(rd);
		rd->pos = rd->linelen;
		return;
	}
	switch (tag_seen(rd, n, (size_t)name_off)) {
	case -1:
		oom(rd);
		rd->pos = rd->linelen;
		return;
	case 1:
		diag_set_at(first_error(rd), DIAG_DUPLICATE_TAG, at, (size_t)m,
		    "tag %s given twice", rd->text + name_off);
		rd->pos += (size_t)m;
		return;
	}
	rd->tag_off[2 * n] = (size_t)name_off;
	rd->tag_off[2 * n + 1] = (size_t)value_off;
	rd->rec.tags[n] = (struct record_tag){ NULL, NULL, k, at };
	rd->rec.ntags++;
	rd->pos += (size_t)m;
}

/*
 * One whitespace-free token of movetext.  Returns 1 when it ends the
 * record (a result token), 0 otherwise.
 */
/*
 * isspace() in the C locale, which the tools keep, by hand: the tokenizer
 * asks it of every byte of movetext.
 */
static inline bool
is_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/*
 * The bytes that end a token of movetext, white space (is_space) and
 * comments, as a table: the tokenizer looks up every byte of movetext.
 */
static const bool token_end[256] = {
	[' '] = true,
	['\t'] = true,
	['\n'] = true,
	['\v'] = true,
	['\f'] = true,
	['\r'] = true,
	['{'] = true,
	['}'] = true,
	[';'] = true,
};

/*
 * Where the white space from s[i] ends, and where the token from s[i]
 * ends (s is n bytes).  The index is a local, not rd->pos: a position in
 * memory was written back after every byte.
 */
static inline size_t
skip_space(const char *s, size_t i, size_t n)
{
	while (i < n && is_space(s[i]))
		i++;
	return i;
}

static inline size_t
token_stop(const char *s, size_t i, size_t n)
{
	while (i < n && !token_end[(unsigned char)s[i]])
		i++;
	return i;
}

/*
 * A move number at the start of s (len bytes): digits, then "..." or ".".
 * Returns the bytes it takes (0 for none), with the number in *number
 * (ULONG_MAX when it does not fit, which no turn is) and whether it was
 * "..." in *dots.  By hand, not a pattern: one comes before every other
 * token of a record.
 */
static size_t
move_number(const char *s, size_t len, unsigned long *number, bool *dots)
{
	unsigned long n = 0, digit;
	size_t	      i;

	for (i = 0; i < len && (digit = (unsigned char)s[i] - '0') < 10; i++)
		n = n > (ULONG_MAX - digit) / 10 ? ULONG_MAX : n * 10 + digit;
	*number = n;
	*dots = i > 0 && len - i >= 3 && memcmp(s + i, "...", 3) == 0;
	if (*dots)
		return i + 3;
	return i > 0 && i < len && s[i] == '.' ? i + 1 : 0;
}

static int
read_token(struct record_reader *rd, size_t start, size_t end)
{
	const char	    *s = rd->line + start;
	size_t		     len = end - start, g[2];
	struct diag_pos	     at = pos_at(rd, start);
	unsigned long	     want, number;
	bool		     dots;
	int		     m;
	struct record_token *t;

	if ((m = (int)move_number(s, len, &number, &dots)) > 0) {
		/* N. comes before turn 2N-1, N... before turn 2N. */
		want = rd->rec.nturns / 2 + 1;
		if (number != want || dots != (rd->rec.nturns % 2 == 1))
			diag_set_at(first_error(rd), DIAG_BAD_MOVE_NUMBER, at,
			    (size_t)m, "move number %.*s where %lu%s was due",
			    m, s, want, rd->rec.nturns % 2 ? "..." : ".");
		rd->has_movetext = true;
		s += m;
		len -= (size_t)m;
		at.col += (unsigned long)m;
		at.offset += (unsigned long long)m;
		if (len == 0)
			return 0;
	}
	if ((s[0] == '*' || is_digit(s[0])) &&
	    (score_dash(s, len) != 0 ||
		syntax_match(rd->syn, SYN_RESULT, s, len, g, 1) > 0)) {
		long long off = text_add(rd, s, len);

		if (off == -1)
			return oom(rd), 1;
		rd->result_off = (size_t)off;
		rd->rec.has_result = true;
		rd->rec.result = (struct record_token){ NULL, len, at };
		return 1;
	}
	if ((t = add_turn(rd, s, len)) != NULL)
		t->at = at;
	return 0;
}

/*
 * Reads one record in the record notation.  A record ends at its result
 * token, before a tag that follows movetext, or at the end of the input.
 * Returns 1 with a record, 0 at the end, -1 on a read error.
 */
static int
next_pgn(struct record_reader *rd)
{
	bool   any = false;
	size_t start;
	char   c;
	int    rc;

	for (;;) {
		if (!rd->have_line || rd->pos >= rd->linelen) {
			rd->have_line = false;
			rc = read_line(rd);
			if (rc == -1)
				return -1;
			if (rc == 0)
				break;
			/* A % line is an escape, ignored as in PGN. */
			if (rd->line[rd->pos] == '%' && !rd->in_comment) {
				rd->pos = rd->linelen;
				continue;
			}
		}
		if (rd->in_comment) {
			char *close = memchr(
			    rd->line + rd->pos, '}', rd->linelen - rd->pos);

			if (close == NULL) {
				rd->pos = rd->linelen;
				continue;
			}
			rd->pos = (size_t)(close - rd->line) + 1;
			rd->in_comment = false;
			continue;
		}
		rd->pos = skip_space(rd->line, rd->pos, rd->linelen);
		if (rd->pos >= rd->linelen)
			continue;
		c = rd->line[rd->pos];
		if (!any) {
			reset_record(rd);
			any = true;
		}
		/* A record starts at its first tag or token, not a comment. */
		if (rd->rec.start.line == 0 && c != '{' && c != ';')
			rd->rec.start = pos_at(rd, rd->pos);
		if (c == '[') {
			if (rd->has_movetext)
				break;
			read_tag(rd);
			continue;
		}
		if (c == '{') {
			rd->in_comment = true;
			rd->comment_at = pos_at(rd, rd->pos);
			rd->pos++;
			continue;
		}
		if (c == ';') {
			rd->pos = rd->linelen;
			continue;
		}
		if (c == '}') {
			diag_set_at(first_error(rd), DIAG_STRAY_BRACE,
			    pos_at(rd, rd->pos), 1,
			    "'}' without an opening '{'");
			rd->pos++;
			continue;
		}
		start = rd->pos;
		rd->pos = token_stop(rd->line, rd->pos, rd->linelen);
		if (read_token(rd, start, rd->pos) == 1)
			break;
	}
	if (!any)
		return 0;
	if (rd->rec.start.line == 0) {
		/* Comments alone: no record follows them. */
		if (rd->in_comment && rd->eof)
			diag_set_at(first_error(rd), DIAG_UNTERMINATED_COMMENT,
			    rd->comment_at, 1,
			    "comment opened here is never closed");
		else if (!rd->rec.malformed)
			return 0;
		rd->rec.start = rd->comment_at;
	}
	if (rd->in_comment && rd->eof) {
		diag_set_at(first_error(rd), DIAG_UNTERMINATED_COMMENT,
		    rd->comment_at, 1, "comment opened here is never closed");
		rd->in_comment = false;
	}
	finish_record(rd);
	return 1;
}

/* ---- Imports: transcripts and CSV --------------------------------- */

/*
 * The length of the square or pass at s (len > 0 bytes): SYN_TRANSCRIPT's
 * language, by hand, since every move of a CSV archive or a transcript
 * file comes here.  A square is a letter a..p (either case) and one or
 * two digits, as many as there are; a pass is PA in either case, or --.
 * Returns 0 for neither.
 */
static size_t
transcript_square(const char *s, size_t len)
{
	unsigned char c = (unsigned char)s[0] | 0x20;

	if (c >= 'a' && c <= 'p' && len > 1 && is_digit(s[1]))
		return len > 2 && is_digit(s[2]) ? 3 : 2;
	if (len > 1 &&
	    ((c == 'p' && ((unsigned char)s[1] | 0x20) == 'a') ||
		(s[0] == '-' && s[1] == '-')))
		return 2;
	return 0;
}

/*
 * Splits a transcript (squares and passes run together) into turns, in
 * one pass: the turns of a transcript that turns out bad are dropped.
 */
static void
read_transcript(struct record_reader *rd, size_t start, size_t end)
{
	const char	    *s = rd->line;
	size_t		     i = start, j, k, n0 = rd->rec.nturns;
	struct record_token *t;

	while (i < end && is_space(s[i]))
		i++;
	while (end > i && is_space(s[end - 1]))
		end--;
	for (j = i; j < end; j += k) {
		if ((k = transcript_square(s + j, end - j)) == 0)
			break;
		if ((t = add_turn(rd, s + j, k)) == NULL)
			return;
		t->at = pos_at(rd, j);
	}
	if (j == end && j > i)
		return;
	/* At the first byte that is not part of a square, or an empty one. */
	rd->rec.nturns = n0;
	diag_set_at(first_error(rd), DIAG_BAD_TRANSCRIPT, pos_at(rd, j), 1,
	    "a transcript is squares run together (f5d6c3...)");
}

/*
 * The next comma-separated field of the line at *p.  A field in double
 * quotes may hold commas (and "" for a quote, which stays doubled: no
 * column this reader uses can hold one); the quotes are dropped.  *bad
 * is the offset of a byte that breaks RFC 4180's quoting, SIZE_MAX if
 * none: a quote never closed (the opening quote), or something other
 * than a comma after the closing one; the field then runs to the end of
 * the line or to the next comma.
 */
static bool
csv_field(const char *line, size_t len, size_t *p, size_t *fs, size_t *fe,
    size_t *bad)
{
	size_t i = *p;

	*bad = SIZE_MAX;
	if (i > len)
		return false;
	if (i < len && line[i] == '"') {
		*fs = ++i;
		while (i < len &&
		    !(line[i] == '"' && (i + 1 == len || line[i + 1] != '"')))
			i += line[i] == '"' ? 2 : 1;
		*fe = i < len ? i : len;
		if (i >= len)
			*bad = *fs - 1;
		else if (++i < len && line[i] != ',')
			*bad = i;
		while (i < len && line[i] != ',')
			i++;
	} else {
		/* memchr: the moves field is most of a row. */
		const char *comma = memchr(line + i, ',', len - i);

		*fs = i;
		i = comma != NULL ? (size_t)(comma - line) : len;
		*fe = i;
	}
	*p = i + 1;
	return true;
}

/* Whether the n bytes at f contain word, ignoring case. */
static bool
contains(const char *f, size_t n, const char *word)
{
	size_t k = strlen(word), i;

	for (i = 0; i + k <= n; i++)
		if (strncasecmp(f + i, word, k) == 0)
			return true;
	return false;
}

/* Finds the moves and winner columns in a header line. */
static void
csv_columns(struct record_reader *rd, const char *line, size_t len, size_t p)
{
	size_t fs, fe, bad;
	long   col = 0;

	rd->csv_moves = rd->csv_winner = -1;
	while (csv_field(line, len, &p, &fs, &fe, &bad)) {
		const char *f = line + fs;
		size_t	    n = fe - fs;

		if (rd->csv_moves == -1 &&
		    (contains(f, n, "move") || contains(f, n, "transcript")))
			rd->csv_moves = col;
		else if (rd->csv_winner == -1 && n == 6 &&
		    strncasecmp(f, "winner", 6) == 0)
			rd->csv_winner = col;
		col++;
	}
	rd->csv_cols = col;
	rd->csv_ready = true;
}

/*
 * A headerless CSV (formats/record.md, "CSV"): whether the line is a row,
 * one field an Othello transcript, and whether its columns can be told:
 * 1 (columns set: that field the moves, the one other field that is 1,
 * -1 or 0 the winner, if any), 0 a row whose columns cannot be told (two
 * transcripts, two fields that could be the winner), -1 no row.
 */
static int
csv_row_columns(
    struct record_reader *rd, const char *line, size_t len, size_t p)
{
	size_t fs, fe, bad, g[2];
	long   col = 0, moves = -1, winner = -1;
	int    transcripts = 0, winners = 0;

	/* Its quoting is next_import's to judge: the line is a row. */
	if (memchr(line + p, ',', len - p) == NULL)
		return -1;
	while (csv_field(line, len, &p, &fs, &fe, &bad)) {
		const char *f = line + fs;
		size_t	    n = fe - fs;

		if (n >= 4 &&
		    syntax_match(rd->syn, SYN_TRANSCRIPT, f, n, g, 1) >= 0) {
			transcripts++;
			moves = col;
		} else if ((n == 1 && (*f == '0' || *f == '1')) ||
		    (n == 2 && f[0] == '-' && f[1] == '1')) {
			winners++;
			winner = col;
		}
		col++;
	}
	if (transcripts == 0)
		return -1;
	if (transcripts > 1 || winners > 1)
		return 0;
	rd->csv_moves = moves;
	rd->csv_winner = winner;
	rd->csv_cols = col;
	rd->csv_ready = true;
	return 1;
}

bool
record_csv_columns_ok(const char *spec)
{
	struct record_reader rd;

	memset(&rd, 0, sizeof rd);
	csv_columns(&rd, spec, strlen(spec), 0);
	return rd.csv_moves != -1;
}

int
record_reader_csv_columns(struct record_reader *rd, const char *spec)
{
	if (rd->lineno != 0 || rd->csv_spec != NULL ||
	    (rd->csv_spec = strdup(spec)) == NULL)
		return -1;
	rd->format = RECORD_CSV;
	csv_columns(rd, spec, strlen(spec), 0);
	/* The first line is still to be told from a header. */
	rd->csv_ready = false;
	rd->csv_header_line = 0;
	return rd->csv_moves == -1 ? -1 : 0;
}

/*
 * The first non-blank line of a CSV: the header, and no record; or, in
 * a CSV without one, a row.  True if the line is a record.
 */
static bool
csv_first_line(struct record_reader *rd)
{
	size_t n = rd->linelen - rd->pos;

	while (n > 0 && isspace((unsigned char)rd->line[rd->pos + n - 1]))
		n--;
	if (rd->csv_spec != NULL) {
		/* The columns named: a header naming them is no record. */
		rd->csv_ready = true;
		return !(strlen(rd->csv_spec) == n &&
		    memcmp(rd->csv_spec, rd->line + rd->pos, n) == 0);
	}
	rd->csv_header_line = rd->lineno;
	csv_columns(rd, rd->line, rd->linelen, rd->pos);
	if (rd->csv_moves != -1)
		return false;
	switch (csv_row_columns(rd, rd->line, rd->linelen, rd->pos)) {
	case 1: rd->csv_header_line = 0; return true;
	case 0:
		/* Each row is told so (bad-csv-header), this one first. */
		rd->csv_header_line = 0;
		return true;
	default: return false;
	}
}

/*
 * Reads up to the next line holding a record of a transcript or CSV
 * input (not blank, not the CSV header): 1, 0 at the end, -1 (errno).
 */
static int
next_record_line(struct record_reader *rd)
{
	int rc;

	for (;;) {
		if ((rc = read_line(rd)) <= 0)
			return rc;
		while (rd->pos < rd->linelen &&
		    isspace((unsigned char)rd->line[rd->pos]))
			rd->pos++;
		if (rd->pos == rd->linelen)
			continue;
		/* The header is no record; a bad one spoils each row. */
		if (rd->format == RECORD_CSV && !rd->csv_ready &&
		    !csv_first_line(rd))
			continue;
		return 1;
	}
}

/*
 * Passes over the next line as read_line reads it, without copying it,
 * when it ends in the block with LF or CR LF: 1 (*blank: it holds only
 * white space), or 0: read_line must read it.  A worker of -j passes
 * over the records of the others, most of what it reads.
 */
static int
pass_line(struct record_reader *rd, bool *blank)
{
	const char *p = rd->inbuf + rd->inpos, *lf, *s;
	size_t	    n, eol = 1;

	/* Where the next LF is, once a block: lone CRs make no search long. */
	if (rd->next_lf == SIZE_MAX || rd->next_lf < rd->inpos) {
		lf = memchr(p, '\n', rd->inlen - rd->inpos);
		rd->next_lf = lf != NULL ? (size_t)(lf - rd->inbuf) : rd->inlen;
	}
	/* The first line may hold a byte order mark. */
	if (rd->lineno == 0 || rd->next_lf == rd->inlen)
		return 0;
	n = rd->next_lf - rd->inpos;
	if ((s = memchr(p, '\r', n)) != NULL) {
		if (s != p + n - 1)
			return 0;
		n--;
		eol++;
	}
	for (s = p; s < p + n && isspace((unsigned char)*s); s++)
		continue;
	*blank = s == p + n;
	rd->line_offset = rd->next_offset;
	rd->next_offset += n + eol;
	rd->inpos += n + eol;
	rd->lineno++;
	return 1;
}

/* As next_record_line, for a record passed over unread. */
static int
pass_record_line(struct record_reader *rd)
{
	bool blank;

	/* A CSV input's header is read (next_record_line). */
	while ((rd->format == RECORD_TRANSCRIPT || rd->csv_ready) &&
	    pass_line(rd, &blank))
		if (!blank)
			return 1;
	return next_record_line(rd);
}

static int
next_import(struct record_reader *rd)
{
	size_t	    p, fs, fe, bad, ms = 0, me = 0, extra = 0;
	long	    col;
	int	    rc;
	const char *than;

	if ((rc = next_record_line(rd)) <= 0)
		return rc;
	reset_record(rd);
	rd->rec.start = pos_at(rd, rd->pos);
	if (rd->format == RECORD_TRANSCRIPT) {
		read_transcript(rd, rd->pos, rd->linelen);
		finish_record(rd);
		return 1;
	}
	if (rd->csv_moves == -1 && rd->csv_header_line == 0) {
		diag_set_at(first_error(rd), DIAG_BAD_CSV_HEADER, rd->rec.start,
		    0,
		    "no header line, and the first row's columns cannot be "
		    "told apart: name them with --csv-columns (e.g. "
		    "id,winner,moves)");
		finish_record(rd);
		return 1;
	}
	if (rd->csv_moves == -1) {
		diag_set_at(first_error(rd), DIAG_BAD_CSV_HEADER, rd->rec.start,
		    0,
		    "the CSV header (line %lu) names no moves column (e.g. "
		    "game_moves)",
		    rd->csv_header_line);
		finish_record(rd);
		return 1;
	}
	p = rd->pos;
	for (col = 0; csv_field(rd->line, rd->linelen, &p, &fs, &fe, &bad);
	     col++) {
		if (bad != SIZE_MAX)
			break;
		if (col == rd->csv_cols)
			extra = fs;
		if (col == rd->csv_moves) {
			ms = fs;
			me = fe;
		} else if (col == rd->csv_winner) {
			const char *f = rd->line + fs;
			size_t	    n = fe - fs;

			/* Exactly 1, -1 or 0. */
			if ((n == 1 && (f[0] == '0' || f[0] == '1')) ||
			    (n == 2 && f[0] == '-' && f[1] == '1')) {
				rd->rec.has_winner = true;
				rd->rec.winner = n == 2 ? -1 : f[0] - '0';
				rd->rec.winner_at = pos_at(rd, fs);
			} else
				diag_set_at(first_error(rd),
				    DIAG_BAD_CSV_WINNER, pos_at(rd, fs),
				    fe - fs,
				    "the winner column holds 1, -1 or 0");
		}
	}
	/*
	 * RFC 4180: a quote closed, and a comma after it (no quote comes
	 * after a closing one: a quote at bad opened its field); as many
	 * fields as the header: a field more, an empty one after a trailing
	 * comma too, may be moves cut off at a stray comma, and a field less
	 * columns shifted.
	 */
	if (bad != SIZE_MAX)
		diag_set_at(first_error(rd), DIAG_BAD_CSV_ROW, pos_at(rd, bad),
		    1, "%s",
		    rd->line[bad] == '"' ?
			"the quote that opens this field is never closed" :
			"after a closing quote comes a comma or the end of "
			"the row");
	else if (col != rd->csv_cols) {
		if (rd->csv_spec != NULL)
			than = "--csv-columns names";
		else if (rd->csv_header_line != 0)
			than = "the header has";
		else
			than = "the first row has";
		diag_set_at(first_error(rd), DIAG_BAD_CSV_ROW,
		    pos_at(rd, col > rd->csv_cols ? extra : rd->linelen), 0,
		    "the row has %ld field%s; %s %ld", col, col == 1 ? "" : "s",
		    than, rd->csv_cols);
	} else
		read_transcript(rd, ms, me);
	finish_record(rd);
	return 1;
}

/* ---- Imports: GGF and Othello SGF game trees ----------------------- */

/*
 * Adds a tag of an import (its name a constant, its value len bytes); a
 * tag the record has already is duplicate-tag, as in the notation.
 */
static void
tree_tag(struct record_reader *rd, const char *name, const char *v, size_t len,
    struct diag_pos at)
{
	long long name_off, value_off;
	size_t	  n = rd->rec.ntags;

	if ((name_off = text_add(rd, name, strlen(name))) == -1 ||
	    (value_off = text_add(rd, v, len)) == -1 ||
	    array_grow(&rd->rec.tags, &rd->tagcap, n + 1,
		sizeof *rd->rec.tags) == -1 ||
	    array_grow(&rd->tag_off, &rd->tagoffcap, 2 * n + 2,
		sizeof *rd->tag_off) == -1) {
		oom(rd);
		return;
	}
	switch (tag_seen(rd, n, (size_t)name_off)) {
	case -1: oom(rd); return;
	case 1:
		diag_set_at(first_error(rd), DIAG_DUPLICATE_TAG, at, 1,
		    "tag %s given twice", name);
		return;
	}
	rd->tag_off[2 * n] = (size_t)name_off;
	rd->tag_off[2 * n + 1] = (size_t)value_off;
	rd->rec.tags[n] = (struct record_tag){ NULL, NULL, len, at };
	rd->rec.ntags++;
}

/* The Setup value of the start position on a board of side n. */
static const char *
start_setup(struct record_reader *rd, int n)
{
	struct rules_position *pos;
	char		       spec[16];

	if (rd->start_size == n)
		return rd->start_setup;
	snprintf(spec, sizeof spec, "%dx%d", n, n);
	rd->start_setup[0] = '\0';
	if ((pos = rules_position_new(&rules_reversi, spec, NULL, NULL)) !=
	    NULL) {
		record_setup_format(
		    pos, rd->start_setup, sizeof rd->start_setup);
		rules_position_free(pos);
	}
	rd->start_size = n;
	return rd->start_setup;
}

/* A set-up position given: a Setup tag, unless it is the start. */
static void
tree_setup(struct record_reader *rd, const int *pieces, int n, int to_move,
    struct diag_pos at)
{
	char text[RECORD_SETUP_MAX];
	int  len;

	len = record_setup_text(pieces, n * n, to_move, text, sizeof text);
	if (len > 0 && strcmp(text, start_setup(rd, n)) != 0)
		tree_tag(rd, "Setup", text, (size_t)len, at);
}

/*
 * GGF BO[8 <64 cells of * O -> <side>].  Returns the colour to move, or -1
 * with bad-setup-tag.
 */
static int
ggf_board(
    struct record_reader *rd, const char *v, size_t len, struct diag_pos at)
{
	int    pieces[RULES_MAX_CELLS], n, k = 0, side = -1;
	size_t i = 0;
	char   size[16];

	while (i < len && isspace((unsigned char)v[i]))
		i++;
	if (i < len && v[i] == '0')
		goto bad;
	for (n = 0; i < len && isdigit((unsigned char)v[i]) && n < 100; i++)
		n = n * 10 + v[i] - '0';
	if (n < 4 || n > 16 || i == len || !isspace((unsigned char)v[i]))
		goto bad;
	for (; i < len; i++) {
		char c = v[i];

		if (isspace((unsigned char)c))
			continue;
		if (k == n * n) {
			if ((c == '*' || c == 'O' || c == 'o' || c == 'X' ||
				c == 'x') &&
			    side == -1) {
				side = c == '*' || c == 'X' || c == 'x' ? 0 : 1;
				continue;
			}
			goto bad;
		}
		if (c == '-' || c == '.')
			pieces[k++] = RULES_EMPTY;
		else if (c == '*' || c == 'X' || c == 'x')
			pieces[k++] = RULES_PIECE(0);
		else if (c == 'O' || c == 'o')
			pieces[k++] = RULES_PIECE(1);
		else
			goto bad;
	}
	if (k != n * n || side == -1)
		goto bad;
	if (n != 8) {
		snprintf(size, sizeof size, "%dx%d", n, n);
		tree_tag(rd, "Size", size, strlen(size), at);
	}
	tree_setup(rd, pieces, n, side, at);
	return side;
bad:
	diag_set_at(first_error(rd), DIAG_BAD_SETUP_TAG, at, 0,
	    "BO[] is a board size, its cells row by row (* O -) and the "
	    "colour to move (* or O)");
	return -1;
}

/*
 * Result from a disc margin for Black (WOF: empties to the winner, so
 * the two scores fill the board), or a forfeit; ncells of the board.
 */
static void
tree_result(struct record_reader *rd, long margin, char flag, int ncells,
    struct diag_pos at, const char *shown)
{
	static const char *colour[] = { "black", "white" };
	char		   text[64];
	int		   loser;

	if (flag == 'r' || flag == 't') {
		loser = margin > 0 ? 1 : 0;
		snprintf(text, sizeof text, "%s %s", colour[loser],
		    flag == 'r' ? "resigned" : "timed out");
		tree_tag(rd, "Termination", text, strlen(text), at);
		tree_tag(
		    rd, "Winner", colour[!loser], strlen(colour[!loser]), at);
		return;
	}
	if (flag == 's') {
		/*
		 * An agreed score: decided off the board, never checked, but
		 * kept, so that a record written from it still says who won.
		 */
		if (margin == 0)
			snprintf(text, sizeof text, "agreed score, a draw");
		else
			snprintf(text, sizeof text, "agreed score, %s by %ld",
			    colour[margin < 0], margin < 0 ? -margin : margin);
		tree_tag(rd, "Termination", text, strlen(text), at);
		return;
	}
	if (margin > ncells || margin < -ncells || (ncells - margin) % 2) {
		diag_set_at(first_error(rd), DIAG_BAD_RE, at, 0,
		    "RE[%s] is no disc margin on a board of %d cells", shown,
		    ncells);
		return;
	}
	snprintf(text, sizeof text, "%ld-%ld", (ncells + margin) / 2,
	    (ncells - margin) / 2);
	tree_tag(rd, "Result", text, strlen(text), at);
}

/*
 * A GGF margin at s: decimal only ([+-]digits, then .000 or nothing; no
 * hex, exponent or blank, which strtod would take).  Returns the byte
 * after it, or NULL.
 */
static const char *
ggf_margin(const char *s, long *margin)
{
	bool neg = *s == '-';
	long m = 0;

	if (*s == '+' || *s == '-')
		s++;
	if (!isdigit((unsigned char)*s))
		return NULL;
	for (; isdigit((unsigned char)*s); s++)
		if ((m = m * 10 + (*s - '0')) > RULES_MAX_CELLS)
			return NULL;
	if (*s == '.')
		for (s++; *s == '0'; s++)
			continue;
	*margin = neg ? -m : m;
	return s;
}

/* GGF RE[+12.000], RE[-4:r]; SGF RE[B+12], RE[W+R], RE[0], RE[Draw]. */
static void
tree_re(struct record_reader *rd, const char *v, size_t len, struct diag_pos at,
    int ncells)
{
	char	    shown[RECORD_SHOWN], buf[64], *end, flag = 0;
	const char *rest;
	long	    margin;

	util_printable(v, len, shown, sizeof shown);
	if (len == 0 || len >= sizeof buf)
		goto bad;
	memcpy(buf, v, len);
	buf[len] = '\0';
	if (rd->format == RECORD_SGF) {
		if (strcmp(buf, "0") == 0 || strcasecmp(buf, "Draw") == 0) {
			tree_result(rd, 0, 0, ncells, at, shown);
			return;
		}
		if (strcmp(buf, "?") == 0 || strcasecmp(buf, "Void") == 0)
			return;
		if ((buf[0] != 'B' && buf[0] != 'W') || buf[1] != '+')
			goto bad;
		if (strcmp(buf + 2, "R") == 0 ||
		    strcmp(buf + 2, "Resign") == 0 ||
		    strcmp(buf + 2, "T") == 0 || strcmp(buf + 2, "Time") == 0) {
			tree_result(rd, buf[0] == 'B' ? 1 : -1,
			    buf[2] == 'R' ? 'r' : 't', ncells, at, shown);
			return;
		}
		if (!isdigit((unsigned char)buf[2]))
			goto bad;
		margin = strtol(buf + 2, &end, 10);
		if (*end != '\0')
			goto bad;
		tree_result(
		    rd, buf[0] == 'B' ? margin : -margin, 0, ncells, at, shown);
		return;
	}
	if ((rest = ggf_margin(buf, &margin)) == NULL ||
	    (*rest != '\0' && *rest != ':'))
		goto bad;
	if (*rest == ':') {
		flag = rest[1];
		if ((flag != 'r' && flag != 't' && flag != 's') ||
		    rest[2] != '\0')
			goto bad;
	}
	if (flag != 0 && flag != 's' && margin == 0)
		goto bad;
	tree_result(rd, margin, flag, ncells, at, shown);
	return;
bad:
	diag_set_at(first_error(rd), DIAG_BAD_RE, at, 0,
	    "RE[%s] is no result: %s", shown,
	    rd->format == RECORD_SGF ? "B+12, W+R, 0 or Draw" :
				       "a disc margin for black like +12.000, "
				       "with :r, :t or :s");
}

/* The widest board a set-up names cells of (a Size tag holds 4..16). */
#define TREE_SIDE_MAX 16

/*
 * An SGF point: a cell name (d5) or SGF's letter pair (dc), as row *
 * TREE_SIDE_MAX + column, or -1.  Read on the widest board, since SZ may
 * come after AB and AW; the board's own side is checked at the end.
 */
static int
sgf_point(const char *v, size_t len)
{
	struct rules_board b;
	int		   cell;

	if (rules_square_init(&b, TREE_SIDE_MAX, TREE_SIDE_MAX, NULL) == -1)
		return -1;
	/* Row-major: a square cell is already row * side + column. */
	if ((cell = rules_cell_parse(&b, v, len)) >= 0)
		return cell;
	if (len == 2 && v[0] >= 'a' && v[0] < 'a' + TREE_SIDE_MAX &&
	    v[1] >= 'a' && v[1] < 'a' + TREE_SIDE_MAX)
		return (v[1] - 'a') * TREE_SIDE_MAX + (v[0] - 'a');
	return -1;
}

/* Whether len bytes at s are a tag name of the notation: [A-Za-z0-9_]+. */
static bool
tag_name_ok(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!name_char(s[i]))
			return false;
	return len > 0;
}

/* What one game tree says besides its moves, gathered as it is read. */
struct tree {
	int		size; /* SZ or BO */
	bool		sized;
	struct diag_pos size_at;
	bool		has_re;
	struct diag_pos re_at;
	char		re[64];
	size_t		re_len;
	bool		setup; /* AB, AW or PL */
	bool		has_pl;
	struct diag_pos setup_at;
	int		to_move; /* PL or BO */
	/* AB, AW, AE by row and column, placed once SZ is known. */
	int		points[TREE_SIDE_MAX * TREE_SIDE_MAX];
	bool		placed[TREE_SIDE_MAX * TREE_SIDE_MAX];
	int		pieces[RULES_MAX_CELLS];
	bool		bad_point;
	bool		main_done;    /* a variation closed: the rest is not */
	int		first_colour; /* of the first move, -1 before it */
	struct diag_pos first_at;
	size_t		nmoves;
	int		bad_colour; /* of a move out of turn, -1 if none */
	struct diag_pos bad_colour_at;
};

/*
 * The tags of a GGF or SGF property (formats/ggf.md, formats/sgf.md):
 * ours, under the name kept, in the formats that name them.
 */
#define TREE_GGF (1 << RECORD_GGF)
#define TREE_SGF (1 << RECORD_SGF)
static const struct {
	const char *id;
	const char *tag;
	int	    formats;
} tree_tags[] = {
	{ "PB", "Black", TREE_GGF | TREE_SGF },
	{ "PW", "White", TREE_GGF | TREE_SGF },
	{ "DT", "Date", TREE_GGF | TREE_SGF },
	{ "EV", "Event", TREE_GGF | TREE_SGF },
	{ "RO", "Round", TREE_GGF | TREE_SGF },
	{ "PC", "Site", TREE_GGF | TREE_SGF },
	{ "TI", "TimeControl", TREE_GGF },
	{ "TM", "TimeControl", TREE_SGF },
	{ "TY", "Type", TREE_GGF },
	{ "RB", "BlackRating", TREE_GGF },
	{ "BR", "BlackRating", TREE_SGF },
	{ "RW", "WhiteRating", TREE_GGF },
	{ "WR", "WhiteRating", TREE_SGF },
};

/*
 * Whether an XT may carry the tag name: not one a property of the format
 * holds, nor one the tree says in its own way (its game, board, set-up
 * and result), or the two could disagree.
 */
static bool
xt_may_carry(const struct record_reader *rd, const char *name)
{
	static const char *const said[] = { "Game", "Size", "Board", "Setup",
		"Result" };
	size_t			 i;

	for (i = 0; i < sizeof tree_tags / sizeof tree_tags[0]; i++)
		if ((tree_tags[i].formats & (1 << rd->format)) &&
		    strcasecmp(tree_tags[i].tag, name) == 0)
			return false;
	for (i = 0; i < sizeof said / sizeof said[0]; i++)
		if (strcasecmp(said[i], name) == 0)
			return false;
	return true;
}

/*
 * XT[Name=value], arbiter's own property: a tag that no property of the
 * format holds.  Anything else is bad-property.
 */
static void
tree_xt(struct record_reader *rd, const char *v, size_t len, struct diag_pos at)
{
	const char *eq = memchr(v, '=', len);
	char	    shown[RECORD_SHOWN], *name;
	size_t	    n = eq != NULL ? (size_t)(eq - v) : 0;

	/* Of any length, as the notation's (the writer writes them all). */
	if (eq == NULL || !tag_name_ok(v, n)) {
		util_printable(v, len, shown, sizeof shown);
		diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, at, 1,
		    "XT[%s] is not XT[Name=value] with a name of letters, "
		    "digits and '_'",
		    shown);
		return;
	}
	if ((name = strndup(v, n)) == NULL) {
		oom(rd);
		return;
	}
	if (!xt_may_carry(rd, name))
		diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, at, 1,
		    "XT cannot carry the tag %.64s: %s gives it by a "
		    "property of its own",
		    name, rd->format == RECORD_GGF ? "GGF" : "SGF");
	else
		tree_tag(rd, name, eq + 1, len - n - 1, at);
	free(name);
}

/*
 * A set-up property (AB, AW, AE, PL; GGF's BO) before the first move: the
 * board a game starts from.  After it, the position would change under
 * the moves already read.
 */
static bool
tree_before_moves(struct record_reader *rd, const struct tree *tr,
    const char *id, struct diag_pos at)
{
	if (tr->nmoves > 0) {
		diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, at, 1,
		    "%s after the first move: a set-up comes before the moves",
		    id);
		return false;
	}
	return true;
}

/*
 * SGF's SZ[N]: the side of a square board, decimal with no leading zero;
 * -1 for anything else (FF[4]'s SZ[8:10] is a board arbiter has none of).
 */
static int
sgf_size(const char *v, size_t len)
{
	size_t i;
	int    n = 0;

	if (len == 0 || len > 2 || v[0] == '0')
		return -1;
	for (i = 0; i < len; i++) {
		if (!is_digit(v[i]))
			return -1;
		n = n * 10 + v[i] - '0';
	}
	return n;
}

/* A second RE, SZ, BO or PL, which would have to be chosen among. */
static bool
tree_once(
    struct record_reader *rd, bool *seen, const char *id, struct diag_pos at)
{
	if (*seen) {
		diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, at, 1,
		    "%s given twice", id);
		return false;
	}
	*seen = true;
	return true;
}

/*
 * Keeps what follows a move's square, "eval/time" (len bytes at s), as a
 * note of the turn about to be added.
 */
static void
tree_note(struct record_reader *rd, const char *s, size_t len)
{
	const char *slash = memchr(s, '/', len);
	size_t	    n = rd->rec.nnotes,
	       elen = slash != NULL ? (size_t)(slash - s) : len;
	long long eoff, toff;

	if ((eoff = text_add(rd, s, elen)) == -1 ||
	    (toff = text_add(rd, slash != NULL ? slash + 1 : "",
		 slash != NULL ? len - elen - 1 : 0)) == -1 ||
	    array_grow(&rd->rec.notes, &rd->notecap, n + 1,
		sizeof *rd->rec.notes) == -1 ||
	    array_grow(&rd->note_off, &rd->noteoffcap, 2 * n + 2,
		sizeof *rd->note_off) == -1) {
		oom(rd);
		return;
	}
	rd->note_off[2 * n] = (size_t)eoff;
	rd->note_off[2 * n + 1] = (size_t)toff;
	rd->rec.notes[n] = (struct record_note){ rd->rec.nturns, NULL, elen,
		NULL, slash != NULL ? len - elen - 1 : 0 };
	rd->rec.nnotes++;
}

/*
 * A move: B[f5], W[F5//1.23], B[f5/eval/time], B[PA] or B[pass] (SGF:
 * B[] too).  The evaluation and time after the square are not moves.
 */
static void
tree_move(
    struct record_reader *rd, const char *v, size_t len, struct diag_pos at)
{
	const char	    *slash = memchr(v, '/', len);
	struct record_token *t;

	if (slash != NULL) {
		tree_note(rd, slash + 1, len - (size_t)(slash + 1 - v));
		len = (size_t)(slash - v);
	}
	while (len > 0 && isspace((unsigned char)v[len - 1]))
		len--;
	/*
	 * A move here is read in any case (formats/ggf.md), a pass too,
	 * though the codec takes only pass, PA and pa (kept as written);
	 * SGF's B[] is one.
	 */
	if (len == 0 || (len == 4 && strncasecmp(v, "pass", 4) == 0) ||
	    (len == 2 && strncasecmp(v, "pa", 2) == 0 &&
		!record_turn_is_pass(v, len))) {
		v = "pass";
		len = 4;
	}
	if ((t = add_turn(rd, v, len)) != NULL)
		t->at = at;
}

/*
 * An AB, AW or AE value (len bytes at v): one point, or FF[4]'s
 * compressed list of the points of a rectangle, "aa:cc" (two corners,
 * either way round), each given piece; a point no board has is a bad
 * point.
 */
static void
tree_rectangle(struct record_reader *rd, struct tree *tr, int piece,
    const char *v, size_t len, struct diag_pos at)
{
	const char *colon = memchr(v, ':', len);
	int	    a, b, r0, r1, c0, c1, r, c;

	a = sgf_point(v, colon != NULL ? (size_t)(colon - v) : len);
	b = colon != NULL ?
	    sgf_point(colon + 1, len - (size_t)(colon - v) - 1) :
	    a;
	if (a == -1 || b == -1) {
		tr->bad_point = true;
		return;
	}
	r0 = a / TREE_SIDE_MAX, r1 = b / TREE_SIDE_MAX;
	c0 = a % TREE_SIDE_MAX, c1 = b % TREE_SIDE_MAX;
	for (r = r0 < r1 ? r0 : r1; r <= (r0 < r1 ? r1 : r0); r++)
		for (c = c0 < c1 ? c0 : c1; c <= (c0 < c1 ? c1 : c0); c++) {
			/* Which of two would stand there?  FF[4] says neither. */
			if (tr->placed[r * TREE_SIDE_MAX + c])
				diag_set_at(first_error(rd), DIAG_BAD_SETUP_TAG,
				    at, 1,
				    "AB, AW and AE name a cell twice ([%.*s])",
				    (int)len, v);
			tr->points[r * TREE_SIDE_MAX + c] = piece;
			tr->placed[r * TREE_SIDE_MAX + c] = true;
		}
}

/*
 * One property of a node; id is NUL terminated, at is its value's '[' and
 * vat the value's first byte (where a move token stands).
 */
static void
tree_property(struct record_reader *rd, struct tree *tr, const char *id,
    const char *v, size_t len, struct diag_pos at, struct diag_pos vat)
{
	char   shown[RECORD_SHOWN];
	size_t i;
	int    colour;

	/* Moves first: nearly every property is one. */
	if ((id[0] == 'B' || id[0] == 'W') && id[1] == '\0') {
		/*
		 * Passes are written, so colours alternate from the first
		 * move; whether that one is the colour to move waits for
		 * the end of the tree (PL and BO may come after it).
		 */
		colour = id[0] == 'W';
		if (tr->first_colour == -1) {
			tr->first_colour = colour;
			tr->first_at = vat;
		} else if (tr->bad_colour == -1 &&
		    colour != (tr->first_colour ^ (int)(tr->nmoves & 1))) {
			tr->bad_colour = colour;
			tr->bad_colour_at = vat;
		}
		tr->nmoves++;
		tree_move(rd, v, len, vat);
		return;
	}
	for (i = 0; i < sizeof tree_tags / sizeof tree_tags[0]; i++)
		if ((tree_tags[i].formats & (1 << rd->format)) &&
		    strcmp(id, tree_tags[i].id) == 0) {
			tree_tag(rd, tree_tags[i].tag, v, len, at);
			return;
		}
	if (strcmp(id, "RE") == 0) {
		if (!tree_once(rd, &tr->has_re, id, at))
			return;
		/* Longer than any result: tree_re's bad-re. */
		tr->re_at = at;
		tr->re_len = len < sizeof tr->re ? len : sizeof tr->re;
		memcpy(tr->re, v, tr->re_len);
	} else if (strcmp(id, "BO") == 0 && rd->format == RECORD_GGF) {
		if (!tree_before_moves(rd, tr, id, at) ||
		    !tree_once(rd, &tr->sized, id, at))
			return;
		if ((colour = ggf_board(rd, v, len, at)) != -1) {
			tr->to_move = colour;
			tr->size = atoi(v);
		}
	} else if (strcmp(id, "SZ") == 0 && rd->format == RECORD_SGF) {
		if (!tree_once(rd, &tr->sized, id, at))
			return;
		if ((tr->size = sgf_size(v, len)) == -1) {
			util_printable(v, len, shown, sizeof shown);
			diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, at, 1,
			    "SZ[%s] is no board side: a number, as SZ[8]",
			    shown);
			tr->size = 8;
		}
		tr->size_at = at;
	} else if (strcmp(id, "XT") == 0) {
		tree_xt(rd, v, len, at);
	} else if ((strcmp(id, "AB") == 0 || strcmp(id, "AW") == 0 ||
		       strcmp(id, "AE") == 0) &&
	    rd->format == RECORD_SGF) {
		if (!tree_before_moves(rd, tr, id, at))
			return;
		if (!tr->setup) {
			tr->setup = true;
			tr->setup_at = at;
		}
		tree_rectangle(rd, tr,
		    id[1] == 'E' ? RULES_EMPTY : RULES_PIECE(id[1] == 'W'), v,
		    len, at);
	} else if (strcmp(id, "PL") == 0 && rd->format == RECORD_SGF) {
		if (!tree_before_moves(rd, tr, id, at) ||
		    !tree_once(rd, &tr->has_pl, id, at))
			return;
		if (!tr->setup) {
			tr->setup = true;
			tr->setup_at = at;
		}
		if (len != 1 || strchr("BbWw", v[0]) == NULL) {
			util_printable(v, len, shown, sizeof shown);
			diag_set_at(first_error(rd), DIAG_BAD_SETUP_TAG, at, 1,
			    "PL[%s] names no colour: PL[B] or PL[W]", shown);
		}
		tr->to_move = len > 0 && (v[0] == 'W' || v[0] == 'w');
	}
	/* Others (GM, FF, CA, AP, GN, C, ...) say nothing a referee reads. */
}

/*
 * Places the AB, AW and AE points on the board of side tr->size, now that
 * SZ is known, into tr->pieces; a point off it is a bad point.
 */
static void
tree_points(struct tree *tr)
{
	int r, c, n = tr->size;

	for (r = 0; r < TREE_SIDE_MAX; r++)
		for (c = 0; c < TREE_SIDE_MAX; c++) {
			if (!tr->placed[r * TREE_SIDE_MAX + c])
				continue;
			if (n < 1 || n > TREE_SIDE_MAX || r >= n || c >= n)
				tr->bad_point = true;
			else
				tr->pieces[r * n + c] =
				    tr->points[r * TREE_SIDE_MAX + c];
		}
}

/*
 * The colours of the moves: the first the colour to move (PL, BO, else
 * Black), then alternating, since passes are written (formats/ggf.md).
 */
static void
tree_colours(struct record_reader *rd, const struct tree *tr)
{
	static const char *colour[] = { "black", "white" };
	struct diag_pos	   at;
	int		   moved;

	if (tr->first_colour == -1)
		return;
	if (tr->first_colour != tr->to_move) {
		at = tr->first_at;
		moved = tr->first_colour;
	} else if (tr->bad_colour != -1) {
		at = tr->bad_colour_at;
		moved = tr->bad_colour;
	} else
		return;
	diag_set_at(first_error(rd), DIAG_WRONG_COLOUR, at, 0,
	    "a move by %s, but %s is to move (passes are written, as %s[PA])",
	    colour[moved], colour[!moved], moved ? "B" : "W");
}

/* Reads the next byte of the input, across lines: -1 at the end. */
static int
tree_byte(struct record_reader *rd, bool *newline)
{
	int rc;

	*newline = false;
	while (!rd->have_line || rd->pos >= rd->linelen) {
		if (rd->have_line && rd->pos == rd->linelen) {
			/* The line end, once, as a '\n'. */
			rd->pos++;
			*newline = true;
			return '\n';
		}
		rd->have_line = false;
		if ((rc = read_line(rd)) <= 0)
			return rc == 0 ? -1 : -2;
	}
	return (unsigned char)rd->line[rd->pos++];
}

/*
 * Reads one game tree: "(" then nodes of properties ID[value][value]...
 * up to its ")".  Of nested trees (variations) only the main line, the
 * first variation at each branch, is read (SGF's convention).  Returns 1 with a record, 0 at the end,
 * -1 on a read error.
 */
static int
next_tree(struct record_reader *rd)
{
	struct tree	tr;
	struct diag_pos at, pat = { 0 }, vat = { 0 };
	char		id[8];
	size_t		idlen = 0, ncells;
	int		c, depth = 0;
	struct diag_pos nat = { 0 };
	bool		nl, in_value = false, esc = false, any = false;
	/*
	 * after_value: a value closed, so a letter starts a new property;
	 * gap: a blank after a name, so a letter there leaves the name
	 * with no value; after_variation: a variation closed, so only
	 * another variation or the end of the tree may follow (SGF's
	 * GameTree is a sequence, then its variations).
	 */
	bool	    after_value = false, gap = false;
	bool	    after_variation = false;
	const char *start;
	size_t	    n;

	for (;;) {
		c = tree_byte(rd, &nl);
		if (c == -2)
			return -1;
		if (c == -1)
			break;
		if (in_value) {
			if (esc) {
				esc = false;
				if (!nl &&
				    buf_add(&rd->value, (char[]){ (char)c },
					1) == -1) {
					oom(rd);
					break;
				}
				continue;
			}
			if (c == '\\') {
				esc = true;
				continue;
			}
			if (c == ']') {
				in_value = false;
				after_value = true;
				id[idlen] = '\0';
				/* The main line only: the first variation. */
				if (!tr.main_done)
					tree_property(rd, &tr, id,
					    rd->value.s != NULL ? rd->value.s :
								  "",
					    rd->value.len, pat, vat);
				continue;
			}
			/* The bytes up to the next ] or \ of the line at once. */
			start = nl ? NULL : rd->line + rd->pos - 1;
			for (n = 1; !nl && rd->pos < rd->linelen &&
			     rd->line[rd->pos] != ']' &&
			     rd->line[rd->pos] != '\\';
			     n++)
				rd->pos++;
			if (buf_add(&rd->value, nl ? "\n" : start, n) == -1) {
				oom(rd);
				break;
			}
			continue;
		}
		if (isspace(c)) {
			gap = idlen > 0;
			continue;
		}
		at = pos_at(rd, rd->pos - 1);
		if (!any) {
			if (c != '(') {
				/* Junk before a tree: skipped, as SGF allows. */
				continue;
			}
			reset_record(rd);
			memset(&tr, 0, sizeof tr);
			tr.size = 8;
			tr.first_colour = tr.bad_colour = -1;
			rd->rec.start = at;
			any = true;
			depth = 1;
			continue;
		}
		if (idlen > 0 && !after_value && c != '[' &&
		    (gap || !(isupper(c) || islower(c)))) {
			id[idlen] = '\0';
			diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, nat,
			    idlen, "the property %s has no value (%s[...])", id,
			    id);
			idlen = 0;
		}
		gap = false;
		/* An empty node (GGS's ";)") says nothing: no move of a line. */
		if (after_variation && c != '(' && c != ')' && c != ';')
			diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, at, 1,
			    "'%c' after a variation: the variations of a game "
			    "tree come after its nodes",
			    isprint(c) ? c : '?');
		if (c == '(') {
			after_variation = false;
			depth++;
			continue;
		}
		if (c == ')') {
			if (--depth == 0)
				break;
			after_variation = true;
			/*
			 * A variation closed: the main line, the first one at
			 * each branch (formats/ggf.md), ends with it; the other
			 * variations are read for their syntax only.
			 */
			tr.main_done = true;
			continue;
		}
		if (c == ';') {
			idlen = 0;
			after_value = false;
			continue;
		}
		if (c == '[') {
			if (idlen == 0) {
				diag_set_at(first_error(rd), DIAG_BAD_PROPERTY,
				    at, 1,
				    "a value with no property name "
				    "before it");
			}
			in_value = true;
			pat = at;
			vat = pos_at(rd, rd->pos);
			/* Empty until its bytes come: BO[] is no stale board. */
			rd->value.len = 0;
			if (rd->value.s != NULL)
				rd->value.s[0] = '\0';
			continue;
		}
		if (isupper(c) || islower(c)) {
			/* A name after a value starts a new property. */
			if (after_value)
				idlen = 0;
			after_value = false;
			if (idlen == 0)
				nat = at;
			if (idlen < sizeof id - 1)
				id[idlen++] = (char)toupper(c);
			else
				diag_set_at(first_error(rd), DIAG_BAD_PROPERTY,
				    at, 1, "a property name is a few letters");
			continue;
		}
		diag_set_at(first_error(rd), DIAG_BAD_PROPERTY, at, 1,
		    "'%c' where a property (ID[value]) was due",
		    isprint(c) ? c : '?');
	}
	if (!any)
		return 0;
	if (in_value || depth > 0)
		diag_set_at(first_error(rd), DIAG_UNTERMINATED_PROPERTY,
		    in_value ? pat : rd->rec.start, 1,
		    in_value ?
			"a value opened here is never closed by ']'" :
			"the game tree opened here is never closed by ')'");
	ncells = (size_t)tr.size * (size_t)tr.size;
	/* Any other size is the referee's to judge (bad-board), not 8x8. */
	if (rd->format == RECORD_SGF && tr.size != 8) {
		char size[16];

		snprintf(size, sizeof size, "%dx%d", tr.size, tr.size);
		tree_tag(rd, "Size", size, strlen(size), tr.size_at);
	}
	tree_points(&tr);
	if (tr.bad_point)
		diag_set_at(first_error(rd), DIAG_BAD_SETUP_TAG, tr.setup_at, 0,
		    "AB, AW and AE name cells of the board (d5, or SGF's "
		    "dc)");
	else if (tr.setup && tr.size >= 4 && tr.size <= 16)
		tree_setup(rd, tr.pieces, tr.size, tr.to_move, tr.setup_at);
	tree_colours(rd, &tr);
	if (tr.has_re)
		tree_re(rd, tr.re, tr.re_len, tr.re_at, (int)ncells);
	finish_record(rd);
	return 1;
}

/* ---- Imports: WTHOR ----------------------------------------------- */

int
record_reader_wthor_names(struct record_reader *rd, const char *input,
    const char *players, const char *tournaments)
{
	const char *in[3] = { input, players, tournaments };
	char	  **out[3] = { &rd->wthor_input, &rd->wthor_paths[0],
		     &rd->wthor_paths[1] };
	int	    i;

	if (rd->wthor_started)
		return -1;
	for (i = 0; i < 3; i++) {
		free(*out[i]);
		*out[i] = NULL;
		if (in[i] != NULL && (*out[i] = strdup(in[i])) == NULL)
			return -1;
	}
	return 0;
}

/*
 * Up to n bytes of the input into out, through inbuf as lines are read:
 * the bytes read (fewer only at the end), or -1 on a read error.
 */
static long
read_bytes(struct record_reader *rd, unsigned char *out, size_t n)
{
	size_t got = 0, k;
	int    rc;

	while (got < n) {
		if (rd->inpos == rd->inlen) {
			if ((rc = refill(rd)) == -1)
				return -1;
			if (rc == 0)
				break;
		}
		k = rd->inlen - rd->inpos;
		if (k > n - got)
			k = n - got;
		memcpy(out + got, rd->inbuf + rd->inpos, k);
		rd->inpos += k;
		got += k;
	}
	rd->next_offset += got;
	return (long)got;
}

/*
 * The input's size if it can be known before reading it (a buffer, a
 * regular file read from its start), else -1.
 */
static long long
input_size(const struct record_reader *rd)
{
	struct stat st;

	if (rd->fp == NULL)
		return (long long)rd->memlen;
	if (fstat(fileno(rd->fp), &st) == 0 && S_ISREG(st.st_mode) &&
	    ftell(rd->fp) == (long)rd->inlen)
		return (long long)st.st_size;
	return -1;
}

/*
 * Whether the first block (inbuf) starts with a WTHOR header whose fields
 * agree with the input's size (formats/wthor.md, "Telling WTHOR"): the
 * board byte 0 or 8 (no text has those), a date that can be one, no
 * names count, and 16 + 68 * N bytes, or at least the block when the
 * size cannot be known.
 */
static bool
wthor_sniff(const struct record_reader *rd)
{
	struct wthor_header h;
	long long	    size = input_size(rd), want;

	if (rd->inlen < WTHOR_HEADER)
		return false;
	wthor_header_decode((const unsigned char *)rd->inbuf, &h);
	if ((h.board != 0 && h.board != 8) || h.month > 12 || h.day > 31 ||
	    h.names != 0)
		return false;
	want = WTHOR_HEADER + (long long)WTHOR_GAME * h.games;
	return size != -1 ? size == want : want >= (long long)rd->inlen;
}

/*
 * Position of byte col (0-based) of game k (1-based), or of the header
 * (k 0): lines are 1-based, so the header's faults, which the first
 * record carries, stand on line 1 (formats/wthor.md, "Positions").
 */
static struct diag_pos
wthor_pos(unsigned long k, size_t col)
{
	return (struct diag_pos){ k == 0 ? 1 : k, col + 1,
		k == 0 ? col :
			 WTHOR_HEADER +
			(unsigned long long)WTHOR_GAME * (k - 1) + col };
}

/* Adds the tag name: value, from the game's byte col. */
static int
wthor_tag(struct record_reader *rd, const char *name, const char *value,
    struct diag_pos at)
{
	long long name_off, value_off;
	size_t	  n = rd->rec.ntags;

	if ((name_off = text_add(rd, name, strlen(name))) == -1 ||
	    (value_off = text_add(rd, value, strlen(value))) == -1 ||
	    array_grow(&rd->rec.tags, &rd->tagcap, n + 1,
		sizeof *rd->rec.tags) == -1 ||
	    array_grow(&rd->tag_off, &rd->tagoffcap, 2 * n + 2,
		sizeof *rd->tag_off) == -1)
		return oom(rd);
	rd->tag_off[2 * n] = (size_t)name_off;
	rd->tag_off[2 * n + 1] = (size_t)value_off;
	rd->rec.tags[n] = (struct record_tag){ NULL, NULL, strlen(value), at };
	rd->rec.ntags++;
	return 0;
}

/* A doubt about the game that is no error: the first one is kept. */
static struct diag *
wthor_warning(struct record_reader *rd)
{
	if (rd->rec.has_warning)
		return NULL;
	rd->rec.has_warning = true;
	return &rd->rec.warning;
}

/*
 * The moves of a game: its 60 move bytes at m as a transcript in the
 * line, one turn token a byte (formats/wthor.md, "Moves"): the unused
 * bytes at the end are 0 (or one writer's 92: a warning); a 0 before a
 * move is a pass written out (a warning), any other byte no move.
 */
static void
wthor_moves(struct record_reader *rd, const unsigned char *m)
{
	unsigned long	     k = rd->index + 1;
	size_t		     end = WTHOR_MOVES, used, i;
	char		     sq[2];
	struct record_token *t;

	while (end > 0 && m[end - 1] == 0)
		end--;
	used = end;
	while (used > 0 && m[used - 1] == WTHOR_PAD)
		used--;
	if (used < end)
		diag_set_at(wthor_warning(rd), DIAG_WTHOR_PADDING,
		    wthor_pos(k, 8 + used), end - used,
		    "unused move bytes %zu-%zu hold 92, not 0", used + 1, end);
	while (used > 0 && m[used - 1] == 0)
		used--;
	rd->linelen = 0;
	if (array_grow(&rd->line, &rd->linecap, 2 * used + 1, 1) == -1) {
		oom(rd);
		return;
	}
	for (i = 0; i < used; i++) {
		if (m[i] == 0) {
			diag_set_at(wthor_warning(rd), DIAG_WTHOR_PASS_BYTE,
			    wthor_pos(k, 8 + i), 1,
			    "move byte %zu is 0 before a move: read as a "
			    "pass, which WTHOR leaves unwritten",
			    i + 1);
			memcpy(rd->line + 2 * i, "pa", 2);
		} else if (wthor_square(m[i], sq))
			memcpy(rd->line + 2 * i, sq, 2);
		else {
			diag_set_at(first_error(rd), DIAG_BAD_WTHOR_MOVE,
			    wthor_pos(k, 8 + i), 1,
			    "move byte %zu is %u: no square (10 * row + "
			    "column, 11 to 88) and no 0",
			    i + 1, m[i]);
			return;
		}
	}
	rd->linelen = 2 * used;
	rd->line[rd->linelen] = '\0';
	for (i = 0; i < used; i++) {
		if ((t = add_turn(rd, rd->line + 2 * i, 2)) == NULL)
			return;
		t->at = wthor_pos(k, 8 + i);
	}
}

/* The name file of kind i (0 JOU, 1 TRN): named, or beside the input. */
static void
wthor_load_names(struct record_reader *rd, int i)
{
	static const char *const file[2][2] = { { "WTHOR.JOU", "wthor.jou" },
		{ "WTHOR.TRN", "wthor.trn" } };
	static const size_t	 size[2] = { WTHOR_JOU, WTHOR_TRN };
	const char		*slash;
	char			*path;
	size_t			 dir;
	int			 j;

	if (rd->wthor_paths[i] != NULL) {
		wthor_names_load(
		    &rd->wthor_names[i], rd->wthor_paths[i], size[i]);
		return;
	}
	if (rd->wthor_input == NULL)
		return;
	slash = strrchr(rd->wthor_input, '/');
	dir = slash == NULL ? 0 : (size_t)(slash - rd->wthor_input) + 1;
	if ((path = malloc(dir + 10)) == NULL)
		return;
	for (j = 0; j < 2; j++) {
		memcpy(path, rd->wthor_input, dir);
		memcpy(path + dir, file[i][j], 10);
		if (wthor_names_load(&rd->wthor_names[i], path, size[i]) == 0)
			break;
	}
	free(path);
}

/*
 * The header, at the start: 0 with the games to read, or a malformed
 * record (1) when the header is none.  -1 on a read error.
 */
static int
wthor_start(struct record_reader *rd)
{
	unsigned char b[WTHOR_HEADER];
	long	      n;

	rd->wthor_started = true;
	if ((n = read_bytes(rd, b, sizeof b)) == -1)
		return -1;
	if (n == 0) {
		rd->wthor_done = true;
		return 0;
	}
	reset_record(rd);
	rd->rec.start = wthor_pos(0, 0);
	if (n < WTHOR_HEADER)
		diag_set_at(first_error(rd), DIAG_BAD_WTHOR_SIZE,
		    wthor_pos(0, 0), (size_t)n,
		    "the input has %ld bytes: a WTHOR header has 16", n);
	else {
		wthor_header_decode(b, &rd->wthor);
		if (rd->wthor.board != 0 && rd->wthor.board != 8)
			diag_set_at(first_error(rd), DIAG_BAD_WTHOR_HEADER,
			    wthor_pos(0, 12), 1,
			    "header byte 13 gives a board of %u: WTHOR games "
			    "here are 8x8 (0 or 8)",
			    rd->wthor.board);
	}
	if (rd->rec.malformed) {
		rd->wthor_done = true;
		finish_record(rd);
		return 1;
	}
	wthor_load_names(rd, 0);
	wthor_load_names(rd, 1);
	return 0;
}

/*
 * Reads one WTHOR game: 68 bytes, made a record (formats/wthor.md).  The
 * end of the input where the header's count says, or a short game or
 * games the header does not count, is told once, as a malformed record
 * of its own.
 */
static int
next_wthor(struct record_reader *rd)
{
	unsigned char g[WTHOR_GAME];
	unsigned long k;
	char	      name[3 * WTHOR_TRN + 1];
	long	      n;
	int	      rc;

	if (!rd->wthor_started && (rc = wthor_start(rd)) != 0)
		return rc;
	if (rd->wthor_done)
		return 0;
	if ((n = read_bytes(rd, g, sizeof g)) == -1)
		return -1;
	k = rd->index + 1;
	if (n == 0 && rd->index == rd->wthor.games)
		return 0;
	reset_record(rd);
	rd->rec.start = wthor_pos(k, 0);
	if (n < WTHOR_GAME || rd->index >= rd->wthor.games) {
		if (n == WTHOR_GAME || n == 0)
			diag_set_at(first_error(rd), DIAG_BAD_WTHOR_SIZE,
			    wthor_pos(k, 0), (size_t)n,
			    "the header counts %lu games, but the input %s",
			    (unsigned long)rd->wthor.games,
			    n == 0 ? "ends before this one" : "holds more");
		else
			diag_set_at(first_error(rd), DIAG_BAD_WTHOR_SIZE,
			    wthor_pos(k, 0), (size_t)n,
			    "game %lu has %ld of its 68 bytes", k, n);
		rd->wthor_done = true;
		finish_record(rd);
		return 1;
	}
	rd->rec.wthor = (struct record_wthor){
		.tournament = (unsigned)g[0] | (unsigned)g[1] << 8,
		.black = (unsigned)g[2] | (unsigned)g[3] << 8,
		.white = (unsigned)g[4] | (unsigned)g[5] << 8,
		.score = g[6],
		.theoretical = g[7],
		.depth = rd->wthor.depth,
		.year = rd->wthor.game_year,
		.score_at = wthor_pos(k, 6),
	};
	wthor_name(
	    &rd->wthor_names[1], rd->rec.wthor.tournament, name, sizeof name);
	if (wthor_tag(rd, "Event", name, wthor_pos(k, 0)) == -1)
		goto out;
	if (rd->wthor.game_year != 0) {
		snprintf(name, sizeof name, "%04u.??.??", rd->wthor.game_year);
		if (wthor_tag(rd, "Date", name, wthor_pos(k, 0)) == -1)
			goto out;
	}
	wthor_name(&rd->wthor_names[0], rd->rec.wthor.black, name, sizeof name);
	if (wthor_tag(rd, "Black", name, wthor_pos(k, 2)) == -1)
		goto out;
	wthor_name(&rd->wthor_names[0], rd->rec.wthor.white, name, sizeof name);
	if (wthor_tag(rd, "White", name, wthor_pos(k, 4)) == -1)
		goto out;
	wthor_moves(rd, g + 8);
out:
	finish_record(rd);
	return 1;
}

/* ---- Sniffing and the entry point --------------------------------- */

/*
 * The format of the game tree at s (len bytes, from its "(;"): GGF if
 * the root node's GM property is Othello, SGF if it is 2, else the
 * notation's (RECORD_PGN).  The root node ends at the next node or tree,
 * wherever in the block that is; values are skipped, escapes and all.
 */
static enum record_format
tree_sniff(const char *s, size_t len)
{
	size_t i, v, id = 0, idlen = 0;

	for (i = 2; i < len && s[i] != ';' && s[i] != '(' && s[i] != ')'; i++) {
		if (s[i] >= 'A' && s[i] <= 'Z') {
			if (s[i - 1] < 'A' || s[i - 1] > 'Z')
				id = i, idlen = 0;
			idlen++;
			continue;
		}
		if (s[i] != '[')
			continue;
		for (v = ++i; i < len && s[i] != ']'; i++)
			if (s[i] == '\\')
				i++;
		if (i >= len)
			break;
		if (idlen == 2 && memcmp(s + id, "GM", 2) == 0)
			return i - v == 7 && memcmp(s + v, "Othello", 7) == 0 ?
			    RECORD_GGF :
			    i - v == 1 && s[v] == '2' ? RECORD_SGF :
							RECORD_PGN;
	}
	return RECORD_PGN;
}

/*
 * The format of an input, from its first block: WTHOR if it starts with a
 * WTHOR header that agrees with its size, CSV if the first non-blank
 * line is a header naming a moves column, transcripts if each of the first
 * three non-blank lines is one, and the record notation otherwise.
 */
static void
sniff(struct record_reader *rd)
{
	const char *s, *end, *eol;
	size_t	    n, g[2];
	int	    lines = 0;

	/* Look at the first block without consuming it. */
	rd->format = RECORD_PGN;
	if (rd->inlen == 0 && refill(rd) <= 0)
		return;
	if (wthor_sniff(rd)) {
		rd->format = RECORD_WTHOR;
		return;
	}
	s = rd->inbuf;
	end = rd->inbuf + rd->inlen;
	if (end - s >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		s += 3;
	/* GGF and SGF: a game tree, told apart by its game property. */
	for (n = 0; s + n < end && isspace((unsigned char)s[n]); n++)
		;
	if (end - (s + n) >= 2 && memcmp(s + n, "(;", 2) == 0 &&
	    (rd->format = tree_sniff(s + n, (size_t)(end - s - n))) !=
		RECORD_PGN)
		return;
	for (; s < end && lines < 3; s = eol + 1) {
		for (eol = s; eol < end && *eol != '\n' && *eol != '\r'; eol++)
			;
		while (s < eol && isspace((unsigned char)*s))
			s++;
		if ((n = (size_t)(eol - s)) == 0)
			continue;
		if (lines++ == 0 && isalpha((unsigned char)*s) &&
		    memchr(s, ',', n) != NULL &&
		    (contains(s, n, "move") || contains(s, n, "transcript"))) {
			rd->format = RECORD_CSV;
			return;
		}
		/* A CSV without its header (split -l): rows of transcripts. */
		if (lines == 1 && csv_row_columns(rd, s, n, 0) >= 0) {
			rd->csv_ready = false;
			rd->format = RECORD_CSV;
			return;
		}
		/*
		 * A transcript only if its first lines all are: "f5" alone
		 * could start movetext as well.
		 */
		if (*s == '[' || *s == '{' || *s == ';' ||
		    syntax_match(rd->syn, SYN_TRANSCRIPT, s, n, g, 1) < 0) {
			rd->format = RECORD_PGN;
			return;
		}
		rd->format = RECORD_TRANSCRIPT;
	}
}

/*
 * Binary input (formats/record.md, "Input"): the first block holds both a
 * NUL byte and bytes that are no UTF-8, which text never does (a stray NUL
 * in a tag value, or Latin-1 names, alone are text, read as such).  *at
 * is the first of them.  The one place binary input is told from text,
 * after sniffing: a binary format of our own (WTHOR) is never binary
 * input.
 */
static bool
binary_block(const char *s, size_t len, struct diag_pos *at)
{
	const char *nul, *bad = NULL, *p, *first, *nl;
	uint32_t    cp;
	size_t	    n;

	if ((nul = memchr(s, '\0', len)) == NULL)
		return false;
	/* A character cut by the end of the block is no fault. */
	for (p = s; p < s + len && bad == NULL; p += n)
		if ((n = utf8_char(p, (size_t)(s + len - p), &cp)) == 0) {
			if (s + len - p >= 4)
				bad = p;
			n = 1;
		}
	if (bad == NULL)
		return false;
	first = bad < nul ? bad : nul;
	*at = (struct diag_pos){ 1, 1, (unsigned long long)(first - s) };
	for (p = s; (nl = memchr(p, '\n', (size_t)(first - p))) != NULL;
	     p = nl + 1)
		at->line++;
	at->col = (unsigned long)(first - p) + 1;
	return true;
}

/*
 * Looks at the first block once; 1 and *rec for a binary input's one
 * malformed record (binary-input), 0 at the end after it, or -1 for a text
 * input, which is read as it is.
 */
static int
binary_input(struct record_reader *rd, const struct record **rec)
{
	struct record  *e = &rd->empty;
	struct diag_pos at;

	if (rd->binary == 0) {
		rd->binary = 1;
		if (rd->format == RECORD_WTHOR)
			return -1;
		if (rd->inlen == 0 && refill(rd) <= 0)
			return -1;
		if (binary_block(
			rd->inbuf + rd->inpos, rd->inlen - rd->inpos, &at)) {
			rd->binary = 2;
			memset(e, 0, sizeof *e);
			e->index = rd->index = 1;
			e->start = (struct diag_pos){ 1, 1, 0 };
			e->format = rd->format == RECORD_AUTO ? RECORD_PGN :
								rd->format;
			e->malformed = true;
			diag_set_at(&e->error, DIAG_BINARY_INPUT, at, 1,
			    "binary data, not text: no record format and no "
			    "compression arbiter reads");
		}
	}
	if (rd->binary == 1)
		return -1;
	if (rd->binary == 2) {
		rd->binary = 3;
		*rec = e;
		return 1;
	}
	return 0;
}

int
record_reader_next_or_empty(struct record_reader *rd, const struct record **rec)
{
	struct record *e = &rd->empty;
	int	       rc;

	if ((rc = record_reader_next(rd, rec)) != 0 || rd->index > 0)
		return rc;
	rd->index = 1;
	memset(e, 0, sizeof *e);
	e->index = 1;
	e->start = (struct diag_pos){ 1, 1, 0 };
	e->format = rd->format == RECORD_AUTO ? RECORD_PGN : rd->format;
	e->malformed = true;
	diag_set_at(&e->error, DIAG_EMPTY_INPUT, e->start, 0,
	    "no records in the input");
	*rec = e;
	return 1;
}

int
record_reader_skip(struct record_reader *rd)
{
	const struct record *rec;
	int		     rc;

	if (rd->format == RECORD_AUTO)
		sniff(rd);
	if ((rc = binary_input(rd, &rec)) >= 0)
		return rc;
	/* WTHOR's games are fixed blocks, but read whole for their names. */
	if (!line_tokens(rd) || rd->format == RECORD_WTHOR)
		return record_reader_next(rd, &rec);
	/* One record a line: where it ends is all there is to find. */
	if ((rc = pass_record_line(rd)) == 1)
		rd->index++;
	return rc;
}

unsigned long
record_reader_count(const struct record_reader *rd)
{
	return rd->index;
}

int
record_reader_next(struct record_reader *rd, const struct record **rec)
{
	int rc;

	if (rd->format == RECORD_AUTO)
		sniff(rd);
	if ((rc = binary_input(rd, rec)) >= 0)
		return rc;
	rc = rd->format == RECORD_PGN  ? next_pgn(rd) :
	    rd->format == RECORD_WTHOR ? next_wthor(rd) :
	    rd->format == RECORD_GGF || rd->format == RECORD_SGF ?
					 next_tree(rd) :
					 next_import(rd);
	if (rc == 1)
		*rec = &rd->rec;
	return rc;
}
