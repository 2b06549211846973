/* SPDX-License-Identifier: MIT */
/*
 * Private to src/record: the reading table and the reader's core.  Each
 * input format is one entry (struct read_format) in its own file,
 * read-NAME.c, listed once in formats.def; the core (reader.c) owns the
 * reader object, the input's blocks and lines, the record being built and
 * its diagnostics, and picks the entry that reads an input.  What a
 * format's bytes mean is its entry's alone.
 */
#ifndef ARBITER_RECORD_READ_H
#define ARBITER_RECORD_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "record/reader.h"
#include "record/setup.h"
#include "record/wthor.h"
#include "util/util.h"

/*
 * One input format, its name and enum value given by its line in
 * formats.def.  sniff: whether the input's first block (s, len bytes,
 * past a byte order mark; rd->inbuf holds the block itself) is in format
 * self, this entry's; NULL for the format an input is when no other
 * claims it (the notation, last).  next: reads the next record into
 * rd->rec (the core's reader_reset and reader_finish around it): 1, 0 at
 * the end, -1 on a read error (errno).  skip: moves past the next record
 * without building it, as next would read it, with next's returns; NULL
 * when only reading it finds where it ends.  line_tokens: a record is one
 * line (or is put in one) whose tokens point into it, each turn's square
 * decoded in rd->squares (record_squares), and passes are left
 * unwritten.  binary: the format's bytes are no text, so never binary
 * input (formats/record.md, "Input").  game: the game every
 * record of the format is, NULL when a Game tag says.
 */
struct read_format {
	bool (*sniff)(enum record_format self, struct record_reader *,
	    const char *s, size_t len);
	int (*next)(struct record_reader *);
	int (*skip)(struct record_reader *);
	bool			 line_tokens;
	bool			 binary;
	const struct rules_game *game;
	/*
	 * Byte ranges (read-range.c): whether a line, blank or not, its
	 * first byte first (EOF: none), after a line blank or not whose
	 * first byte is prev_first, is where a record starts; NULL when no
	 * line tells it.
	 */
	bool (*boundary)(
	    bool prev_blank, int prev_first, bool blank, int first);
	/*
	 * Bytes besides white space that may stand before a record on its
	 * line and belong to no record (GGS's game count before a tree), or
	 * NULL: any other byte there may be the end of the record before
	 * it (read-range.c's lead_only).
	 */
	const char *lead;
	/*
	 * What a record looks like that starts where the boundary does not
	 * tell (shard-boundary's message), or NULL: no line but a boundary
	 * holds a record's start.
	 */
	const char *unbounded;
	/*
	 * Byte ranges of a format of fixed-size records (WTHOR), told by
	 * arithmetic, not lines: moves to the first record that starts at
	 * or past offset start (1), or says there is none (0); -1 on a
	 * read error.  NULL for the others.
	 */
	int (*seek)(struct record_reader *, unsigned long long start);
	/*
	 * Reads what every range needs first (a CSV's header) and gives
	 * the offset below which no record starts, or NULL for none.
	 */
	int (*floor)(struct record_reader *, unsigned long long *at);
};

#define RECORD_FORMAT(id, name) extern const struct read_format read_##name;
#include "record/formats.def"
#undef RECORD_FORMAT

struct record_reader {
	struct record_syntax	 *syn;
	FILE			 *fp;  /* NULL: reading mem */
	const char		 *mem; /* borrowed */
	size_t			  memlen;
	size_t			  mempos;
	char			 *name;
	enum record_format	  format;
	const struct read_format *entry; /* NULL until the format is known */

	/* Input, read in blocks. */
	char		   inbuf[65536];
	size_t		   inpos;
	size_t		   inlen;
	size_t		   next_lf;  /* in inbuf, or inlen; SIZE_MAX, or
					   < inpos: not looked for */
	unsigned long long block_at; /* where inbuf[0] is in the input */

	/*
	 * The most bytes a line and a record's strings may take
	 * (record_reader_max_size); cut: the current line was cut there, at
	 * column cut_col (the rest of it read, not kept); stopped: a line was
	 * cut (at stop_at), so no record is read after the one that holds it.
	 */
	size_t		  max_size;
	long long	  size; /* record_reader_size's, or -1 */
	bool		  cut;
	bool		  stopped;
	unsigned long	  cut_col;
	struct diag_pos	  stop_at;

	/*
	 * The current line: no line end, NULs allowed.  line_at, set by
	 * reader_line_here alone: its bytes, rd->line or, where the block
	 * holds the line whole, where it stands in inbuf (no NUL after it
	 * then).
	 */
	char		  *line;
	const char	  *line_at;
	size_t		   linecap;
	size_t		   linelen;
	size_t		   pos; /* next byte to look at */
	bool		   have_line;
	size_t		   line_start; /* past a byte order mark */
	bool		   eof;
	unsigned long	   lineno;
	unsigned long long line_offset;
	unsigned long long next_offset;

	/* The notation: a { comment still open at the end of the line. */
	bool		in_comment;
	struct diag_pos comment_at;
	/*
	 * Byte ranges (read-range.c): range 0 none, else a RANGE_* state;
	 * the records whose first line starts in [range_start, range_end);
	 * range_floor what no range goes below; line_base the offset where
	 * reading restarted (lines count from there); rec_line the offset
	 * of the line where the record being read starts; range_stop where
	 * the first record after the range starts (RANGE_NONE: none), and
	 * range_first the offset of its first byte (bytes before it on its
	 * line, but white space and the format's lead, may be the end of
	 * the record before it, which a range starting at that line would
	 * read as records).
	 */
	int		   range;
	unsigned long long range_start;
	unsigned long long range_end;
	unsigned long long range_floor;
	unsigned long long line_base;
	unsigned long	   range_lines;	      /* the line ends before it, */
	bool		   range_lines_known; /* once counted */
	unsigned long long rec_line;
	unsigned long long range_stop;
	bool		   range_past; /* rec: the record past the range */
	unsigned long long range_first;
	/* The last record, read or skipped, ended in its tags: at its start. */
	bool		ended_in_tags;
	struct diag_pos ended_at;

	/* CSV: which columns hold the moves and the winner. */
	bool	      csv_ready;
	long	      csv_moves;
	long	      csv_winner;
	long	      csv_id; /* the source's game id (GameId tag), or -1 */
	long	      csv_cols;
	unsigned long csv_header_line; /* 0: none (headerless) */
	char	     *csv_spec;	       /* --csv-columns, or NULL */
	char	      csv_apart;       /* a header of one field apart by this */

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
	/* A line's record: its turns' squares; as many as turncap or more. */
	uint8_t *squares;
	size_t	 squarecap;
	size_t *turn_off;
	size_t	turnoffcap;
	/*
	 * The first turns whose text points into text already (set as they
	 * were read: fast_movetext's), their offsets in turn_off maybe unset
	 * (reader_text_grow sets them before the text moves); reader_finish
	 * points the others by their offsets.  0 when text moves, and at
	 * each record.
	 */
	size_t	turns_at;
	size_t	result_off;
	bool	has_movetext;
	bool	in_line; /* the record's tokens point into its line */
	size_t	notecap;
	size_t	stampcap;
	size_t *stamp_off; /* each stamp's text offset */
	size_t	stampoffcap;
	size_t *note_off; /* each note's RECORD_NOTE_PARTS offsets */
	size_t	noteoffcap;

	/* The record's tags by name (any case), to find duplicates. */
	struct hashmap tags;
	/* Of its first 32 tags, those of a known name (reader_tag_len). */
	uint32_t tags_known;

	/*
	 * GGF and SGF: a property value, and the start position's text and
	 * pieces (start_cells of them, 0: none), with its colour to move.
	 */
	struct buf value;
	char	   start_setup[RECORD_SETUP_MAX];
	int	   start_size; /* of start_setup; 0: none yet */
	int	   start_pieces[RULES_MAX_CELLS];
	int	   start_cells;
	int	   start_to_move;
};

/* ---- Bytes (inlined: every byte of an input is asked these) -------- */

static inline bool
is_digit(char c)
{
	return (unsigned)((unsigned char)c - '0') < 10;
}

/* isspace() in the C locale, which the tools keep, by hand. */
static inline bool
is_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static inline bool
is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* A byte of a tag name, [A-Za-z0-9_]. */
static inline bool
name_char(char c)
{
	unsigned char l = (unsigned char)c | 0x20;

	return is_digit(c) || c == '_' || (l >= 'a' && l <= 'z');
}

/* Four bytes in their order in memory, as one uint32_t read there. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define BYTES4(a, b, c, d) \
	((uint32_t)(a) << 24 | (uint32_t)(b) << 16 | (uint32_t)(c) << 8 | \
	    (uint32_t)(d))
#else
#define BYTES4(a, b, c, d) \
	((uint32_t)(a) | (uint32_t)(b) << 8 | (uint32_t)(c) << 16 | \
	    (uint32_t)(d) << 24)
#endif
/* Eight bytes so, as one uint64_t. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define BYTES8(a, b, c, d, e, f, g, h) \
	((uint64_t)BYTES4(a, b, c, d) << 32 | (uint64_t)BYTES4(e, f, g, h))
#else
#define BYTES8(a, b, c, d, e, f, g, h) \
	((uint64_t)BYTES4(a, b, c, d) | (uint64_t)BYTES4(e, f, g, h) << 32)
#endif

/* ---- Input (reader.c) ---------------------------------------------- */

/* The format an input is read in from now on (its entry's). */
void reader_set_format(struct record_reader *, enum record_format);

/* Refills the input buffer: 1, 0 at the input's end, -1 on a read error. */
int reader_refill(struct record_reader *);
/*
 * The input's first block, whole (64 KiB, or all of a shorter input),
 * where none of it is read yet: sniffing and telling binary input look
 * at it.  A block primed shorter (record_reader_prime) is topped up, so
 * that a tool that peeked sees the format another tool sees (a read
 * error there is the next refill's).  1, 0 for an empty input, -1 on a
 * read error before any byte.
 */
int reader_first_block(struct record_reader *);
/*
 * Reads the next line into rd->line without its end (LF, CRLF or a lone
 * CR).  Returns 1, 0 at the end, -1 on a read error.
 */
int reader_line(struct record_reader *);
/*
 * As reader_line, but a line that lies whole in the input's block, its
 * end and all, is left there, uncopied: read it at rd->line_at, not
 * rd->line, and not past rd->linelen; it stays there until the next
 * line is read.  A reader that reads its lines so reads them all so.
 */
int reader_line_here(struct record_reader *);
/*
 * Up to n bytes of the input into out, through inbuf as lines are read:
 * the bytes read (fewer only at the end), or -1 on a read error.
 */
long reader_bytes(struct record_reader *, unsigned char *out, size_t n);
/*
 * The input's size if it can be known before reading it (a buffer, a
 * regular file read from its start, record_reader_size's), else -1.
 */
long long reader_input_size(const struct record_reader *);

/* Columns count from after a byte order mark; offsets count every byte. */
static inline struct diag_pos
reader_pos(const struct record_reader *rd, size_t col)
{
	return (struct diag_pos){ rd->lineno, col + 1 - rd->line_start,
		rd->line_offset + col };
}

/* ---- Byte ranges (read-range.c) ------------------------------------ */

/* The states of a range (rd->range; 0: no range). */
enum { RANGE_SEEK = 1, RANGE_IN, RANGE_DONE };
/* The format of an input from its first block (reader.c). */
void reader_sniff(struct record_reader *);
/*
 * record_reader_next's side of a range: before the first record, moves
 * to the range's first boundary (1, 0 when none, -1 on a read error).
 */
int reader_range_begin(struct record_reader *);
/* Reading restarts at offset at, as at an input's start (lines too). */
int reader_restart_at(struct record_reader *, unsigned long long at);
/* Whether rd->rec, just read, starts past the range: it ends there. */
bool reader_range_past(struct record_reader *);

/* ---- The record being built (reader.c) ----------------------------- */

/* Starts a new record in rd->rec, keeping the memory of the last. */
void reader_reset(struct record_reader *);
/* Ends it: its pointers into the text set, its index given. */
void reader_finish(struct record_reader *);

/*
 * The first error of a record makes it malformed; later ones are dropped:
 * the diagnostic to fill, or NULL (which diag_set_at() ignores).
 */
static inline struct diag *
first_error(struct record_reader *rd)
{
	if (rd->rec.malformed)
		return NULL;
	rd->rec.malformed = true;
	return &rd->rec.error;
}

/* Out of memory, at rd->pos: the record malformed.  Returns -1. */
int reader_oom(struct record_reader *);

/*
 * The record is larger than the reader may hold: too-large, at rd->pos
 * (reader_too_large) or at (a binary format's byte).  Returns -1.
 */
int reader_too_large(struct record_reader *);
int reader_too_large_at(struct record_reader *, struct diag_pos at);

/*
 * The record's text grown to need bytes or more: the turns that pointed
 * into it (rd->turns_at) have their offsets (rd->turn_off) set from their
 * pointers first, which their readers leave unset, and reader_finish
 * points them all again.  0, or -1 when memory runs out.
 */
int reader_text_grow(struct record_reader *, size_t need);

/* Copies len bytes into the record's text; returns the offset or -1. */
static inline __attribute__((always_inline)) long long
text_add(struct record_reader *rd, const char *s, size_t len)
{
	size_t off = rd->textlen;
	char  *d;

	/* Every token of the notation comes here: grow only when full. */
	if (off + len + 1 > rd->textcap) {
		if (len >= rd->max_size || off + len + 1 > rd->max_size)
			return reader_too_large(rd);
		if (reader_text_grow(rd, off + len + 1) == -1)
			return -1;
	}
	/*
	 * Most tokens are a square, two bytes, and a tag's name or value a
	 * few: copied with no call (1 to 3 bytes as three that may be one,
	 * 4 to 16 as two words that may overlap, no byte read past
	 * s[len - 1]).
	 */
	d = rd->text + off;
	if (len == 2)
		memcpy(d, s, 2);
	else if (len - 1 < 3) {
		d[0] = s[0];
		d[len / 2] = s[len / 2];
		d[len - 1] = s[len - 1];
	} else if (len - 4 <= 4) {
		memcpy(d, s, 4);
		memcpy(d + len - 4, s + len - 4, 4);
	} else if (len - 9 <= 7) {
		memcpy(d, s, 8);
		memcpy(d + len - 8, s + len - 8, 8);
	} else
		memcpy(d, s, len);
	rd->text[off + len] = '\0';
	rd->textlen = off + len + 1;
	return (long long)off;
}

/*
 * The notation's note commands (notes.c), after the stamps' kinds:
 * {[%eval S,D]}, {[%emt T]}, {[%nodes N]}, and an analysis's
 * {[%best TURN]}, {[%loss L]}.
 */
enum reader_note_kind {
	READER_NOTE_EVAL = 64,
	READER_NOTE_EMT,
	READER_NOTE_NODES,
	READER_NOTE_BEST,
	READER_NOTE_LOSS,
};
/*
 * A note command of kind whose text is line[at, at + len): checked and
 * kept in the note of the last turn (one made for it if need be); one
 * that is not one is dropped with the warning bad-eval.
 */
void reader_note(struct record_reader *, enum reader_note_kind kind,
    size_t at, size_t len);
/*
 * A note of turn (0-based), the turn's own if it is the last note, else
 * a new one with nothing in it: its index, or -1 (the record told).
 */
long reader_note_of(struct record_reader *, size_t turn);

/*
 * The turns' storage (and the squares') for n in all; 0, or -1 with the
 * record told (too large, or out of memory).
 */
int reader_turn_room(struct record_reader *, size_t n);

/*
 * Adds a turn token; the caller sets where it stands.  In the notation
 * its text is copied (a record spans lines), and pointed at once the text
 * stops moving (reader_finish); a line's record stays put until the next
 * record, so its tokens point into the line at once (the caller sets
 * the turn's square in rd->squares, record_squares).  Returns the token,
 * or NULL when memory runs out (the record told so).  The position is not
 * an argument: a struct passed by value was stores and a wider load per
 * move, which stalled.
 */
static inline struct record_token *
add_turn(struct record_reader *rd, const char *s, size_t len)
{
	struct record_token *t;
	long long	     off;
	size_t		     n = rd->rec.nturns;

	/* Every move comes here: the common case stays out of libutil. */
	if (n >= rd->turncap && reader_turn_room(rd, n + 1) == -1)
		return NULL;
	t = &rd->rec.turns[n];
	if (rd->in_line)
		/* s is in the line: the same byte, writable, with no cast. */
		t->text = rd->line + (s - rd->line);
	else {
		if ((n >= rd->turnoffcap &&
			array_grow(&rd->turn_off, &rd->turnoffcap, n + 1,
			    sizeof *rd->turn_off) == -1) ||
		    (off = text_add(rd, s, len)) == -1) {
			reader_oom(rd);
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

/*
 * Adds a tag whose name and value (value_len bytes, after unescaping) are
 * at those offsets of the record's text.  Returns 0, 1 if the record has
 * a tag of that name already (nothing added: the caller says so), or -1
 * when memory runs out (the record told so).
 */
int reader_tag(struct record_reader *, size_t name_off, size_t value_off,
    size_t value_len, struct diag_pos at);
/*
 * The known names (record_known_names) in lower case, their lengths
 * apart: a name matches by its bytes with bit 5 set, no fold and no NUL
 * test a byte (tag.c).
 */
struct reader_known_name {
	char	      lower[sizeof "adjudicationmethod"];
	unsigned char len;
};
extern const struct reader_known_name reader_known_names[RECORD_TAG_NKNOWN];
/*
 * The known names by a hash of their first four bytes, each with bit 5
 * set (a byte so is a lower-case letter only if it is that letter in
 * either case), and their length: reader_known_slot holds k + 1 for
 * known name k, 0 for none (tag.c).  AdjudicationMethod and
 * AdjudicationReason share theirs (four bytes and a length alike); the
 * multiplier puts each other name in a slot of its own (a slot given
 * twice stops the build: -Woverride-init).
 */
#define READER_KNOWN_HASH(w, len) \
	((uint32_t)(((w) + (uint32_t)(len)) * 0xe4a3473du) >> 27)
extern const unsigned char reader_known_slot[32];

/* The first four bytes of known name k (four or more) as one word. */
static inline uint32_t
reader_known_word(unsigned k)
{
	uint32_t w;

	memcpy(&w, reader_known_names[k].lower, sizeof w);
	return w;
}

/*
 * Whether name, its first four bytes known name k's in any case, is known
 * name k in any case: its bytes past the fourth with bit 5 set, then its
 * NUL.
 */
static inline bool
reader_known_eq(const char *name, unsigned k)
{
	const char *lower = reader_known_names[k].lower;
	size_t	    j, len = reader_known_names[k].len;

	for (j = 4; j < len; j++)
		if (((unsigned char)name[j] | 0x20) != (unsigned char)lower[j])
			return false;
	return name[len] == '\0';
}

/*
 * Which known tag (enum record_known) the name of len bytes, NUL
 * terminated, is in any case, or -1 for none: as record_tag_note_known
 * matches, one candidate by its slot.  Every tag a reader adds asks.
 */
static inline int
reader_known_tag(const char *name, size_t len)
{
	uint32_t w;
	unsigned k;

	if (len < 4 || len > 18)
		return -1;
	memcpy(&w, name, sizeof w);
	w |= BYTES4(0x20, 0x20, 0x20, 0x20);
	k = reader_known_slot[READER_KNOWN_HASH(w, len)];
	if (k-- == 0 || reader_known_names[k].len != len ||
	    w != reader_known_word(k))
		return -1;
	if (reader_known_eq(name, k))
		return (int)k;
	if (k == RECORD_TAG_ADJUDICATION_METHOD &&
	    reader_known_eq(name, RECORD_TAG_ADJUDICATION_REASON))
		return RECORD_TAG_ADJUDICATION_REASON;
	return -1;
}
/*
 * Up to this many tags a record's names are checked against the earlier
 * ones by a scan: a record of the notation has seven to a dozen, and
 * comparing their first bytes costs less than hashing each name.
 */
#define READER_TAG_SCAN 16
/*
 * Whether one of the record's first n tags (fewer than READER_TAG_SCAN)
 * but those of skip's bits (known names, which name is not) is called
 * name in any case.
 */
static inline bool
reader_tag_scan(
    const struct record_reader *rd, size_t n, const char *name, uint32_t skip)
{
	const char *other;
	size_t	    i;

	for (i = 0; i < n; i++) {
		if (skip >> i & 1)
			continue;
		other = rd->text + rd->tag_off[2 * i];
		/* Names one in any case have first bytes equal but bit 5. */
		if (((other[0] ^ name[0]) & ~0x20) == 0 &&
		    record_tag_name_eq(other, name))
			return true;
	}
	return false;
}

/* reader_tag_len but for its common case (reader.c). */
int reader_tag_rest(struct record_reader *, size_t name_off, size_t name_len,
    size_t value_off, size_t value_len, const struct diag_pos *at);

/* reader_tag_known's known for a name to be looked up. */
#define READER_KNOWN_ASK (-2)
/* reader_tag_known's known for a name that is no known tag's. */
#define READER_KNOWN_NONE (-1)
/*
 * reader_tag, the name's length name_len known, and which known tag it is
 * (reader_known_tag's answer, -1 for none) where its reader knows, else
 * READER_KNOWN_ASK.  Each tag added so is noted as known or not as it
 * comes, so that a duplicate of a known name needs no search, an unknown
 * name's search passes the known ones, and reader_finish's
 * record_tag_note_known has nothing left to do.  Inline for its common
 * case, every tag of a record of a few: room in the arrays, the earlier
 * tags noted and fewer than READER_TAG_SCAN.
 */
static inline __attribute__((always_inline)) int
reader_tag_known(struct record_reader *rd, size_t name_off, size_t name_len,
    size_t value_off, size_t value_len, struct diag_pos at, int known)
{
	struct record *rec = &rd->rec;
	const char    *name = rd->text + name_off;
	size_t	       n = rec->ntags;
	int	       k;

	if (n >= READER_TAG_SCAN || n >= rd->tagcap ||
	    2 * n + 2 > rd->tagoffcap ||
	    (n != 0 && (rec->known_of != rec->tags || rec->known_n != n)))
		return reader_tag_rest(
		    rd, name_off, name_len, value_off, value_len, &at);
	if (n == 0) {
		rec->known = 0;
		rd->tags_known = 0;
	}
	/* A known name is a duplicate just when a tag of it was noted. */
	k = known == READER_KNOWN_ASK ? reader_known_tag(name, name_len) :
					known;
	if (k >= 0) {
		if (rec->known >> k & 1)
			return 1;
		rec->known |= (uint32_t)1 << k;
		rec->known_at[k] = (uint32_t)n;
		rd->tags_known |= (uint32_t)1 << n;
	} else if (reader_tag_scan(rd, n, name, rd->tags_known))
		return 1;
	rd->tag_off[2 * n] = name_off;
	rd->tag_off[2 * n + 1] = value_off;
	rec->tags[n] = (struct record_tag){ NULL, NULL, value_len, at };
	rec->ntags = n + 1;
	if (record_tag_name_key_hash(name, name_len))
		rec->known |= (uint32_t)1 << RECORD_KEY_HASH_NAMED;
	rec->known_of = rec->tags;
	rec->known_n = n + 1;
	return 0;
}
/* The same, the name looked up. */
static inline __attribute__((always_inline)) int
reader_tag_len(struct record_reader *rd, size_t name_off, size_t name_len,
    size_t value_off, size_t value_len, struct diag_pos at)
{
	return reader_tag_known(
	    rd, name_off, name_len, value_off, value_len, at, READER_KNOWN_ASK);
}
/* The same from a name, its length namelen, and len bytes at v, copied. */
void reader_tag_named(struct record_reader *, const char *name,
    size_t namelen, const char *v, size_t len, struct diag_pos at);
/*
 * The same, the name's known tag given (reader_known_tag's answer for it,
 * READER_KNOWN_NONE for none), as a reader knows it of a literal name:
 * no look-up.
 */
void reader_tag_named_known(struct record_reader *, const char *name,
    size_t namelen, const char *v, size_t len, struct diag_pos at, int known);
/*
 * The same, the name NUL terminated; a tag given twice is duplicate-tag at
 * at.  Inline: most names are a literal, whose length the compiler knows.
 */
static inline void
reader_tag_text(struct record_reader *rd, const char *name, const char *v,
    size_t len, struct diag_pos at)
{
	reader_tag_named(rd, name, strlen(name), v, len, at);
}
/*
 * Gives tag k of the record (added by this reader) the value of len bytes
 * at v, copied.  Returns 0, or -1 when memory runs out (the record told
 * so).
 */
int
reader_tag_revalue(struct record_reader *, size_t k, const char *v, size_t len);

#endif
