/* SPDX-License-Identifier: MIT */
/*
 * The record as read (formats/record.md), under every other part of
 * src/record and above the rules core: the input formats, a record's
 * tags, turn and result tokens, notes and claimed result with where each
 * stands, tag lookup (tag.c), and the compiled patterns of the notation
 * (syntax.c).  Reading, the codecs and writing have headers of their own.
 */
#ifndef ARBITER_RECORD_TYPES_H
#define ARBITER_RECORD_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/rules.h"
#include "util/util.h"

enum record_format {
	RECORD_AUTO, /* sniffed from the first block */
#define RECORD_FORMAT(id, name) RECORD_##id,
#include "record/formats.def"
#undef RECORD_FORMAT
};

/* The buffer of a value shown in a message: 59 bytes at most, and NUL. */
#define RECORD_SHOWN 60

struct record_tag {
	char	       *name;  /* points into the record's text */
	char	       *value; /* unescaped; may hold any bytes */
	size_t		value_len;
	struct diag_pos at;
};

/*
 * A turn or result token: len bytes at text, not NUL terminated (an
 * import's tokens stand in its line).
 */
struct record_token {
	char	       *text;
	size_t		len;
	struct diag_pos at;
};

/*
 * What a turn's mover said of it, for turn token turn (0-based): GGF and
 * SGF give it after the move's square, B[f5/1.23/4.5], the evaluation
 * and the time as written; the notation in its comment's commands,
 * {[%eval 1.23,12] [%nodes 4096] [%emt 0:00:04.5]} (formats/record.md,
 * "Evaluations"), the evaluation, depth and nodes as written and the
 * time in seconds ("4.5").  An analysis (gameplay analyze) adds the
 * analyser's best turn and the loss of the turn played, {[%best c4]
 * [%loss 6]}, as written.  Any may be empty.  Kept for the report,
 * never judged.
 */
struct record_note {
	size_t turn;
	char  *eval;
	size_t eval_len;
	char  *time;
	size_t time_len;
	char  *depth;
	size_t depth_len;
	char  *nodes;
	size_t nodes_len;
	char  *best;
	size_t best_len;
	char  *loss;
	size_t loss_len;
};
/* The parts of a note: eval, time, depth, nodes, best, loss. */
#define RECORD_NOTE_PARTS 6

/*
 * The notation: a command embedded in a comment (formats/record.md,
 * "Moments" and "Leave"), {[%at TIME]} after the turn it dates or
 * {[%leave ...]}: which, the text between "[%at " or "[%leave " and "]"
 * as written (len bytes, not NUL terminated; the referee reads it),
 * where that text stands, and how many turn tokens came before it (the
 * turn a moment dates is the one before, turn - 1).
 */
enum record_stamp_kind {
	RECORD_STAMP_AT,
	RECORD_STAMP_LEAVE,
	/* {[%offer draw C]}, {[%accept draw C]}, {[%decline draw C]} */
	RECORD_STAMP_OFFER,
	RECORD_STAMP_ACCEPT,
	RECORD_STAMP_DECLINE,
};

struct record_stamp {
	enum record_stamp_kind kind;
	size_t		       turn;
	char		      *text;
	size_t		       len;
	struct diag_pos	       at;
};

/*
 * The result a record claims (formats/record.md), as the reader found it,
 * so that a referee checks it without knowing the format: the result as
 * the notation writes it (its result token, else its Result tag; GGF and
 * SGF give their RE as a Result tag, and a game decided off the board as
 * Termination and Winner tags, which any record may hold), a winner alone
 * (CSV's winner column) or a score with the empties given to the winner
 * (WTHOR's stored score).  text is the claim as written (len bytes, not
 * NUL terminated; NULL for a score), at where it stands and at_len the
 * bytes a caret spans there.
 */
enum record_claim_kind {
	RECORD_CLAIM_NONE,
	RECORD_CLAIM_RESULT, /* "36-28", "1-0", "1/2-1/2", "*" */
	RECORD_CLAIM_WINNER, /* winner: a colour, -1 a draw */
	RECORD_CLAIM_WOF, /* wof: the first colour's, empties to the winner */
};

struct record_claim {
	enum record_claim_kind kind;
	const char	      *text;
	size_t		       len;
	int		       winner;
	int		       wof;
	struct diag_pos	       at;
	size_t		       at_len;
};

/*
 * The tags the referee asks of every record (replay, its times, claims,
 * commitments and adjudications), by number: the reader notes which of
 * them a record holds as it finishes the record, so that asking for one
 * (record_tag_known) costs no search, and the absent, most of them, no
 * reading of any name.  record_known_names gives each one's name, in
 * this order.
 */
enum record_known {
	RECORD_TAG_ADJUDICATED,
	RECORD_TAG_ADJUDICATION_METHOD,
	RECORD_TAG_ADJUDICATION_REASON,
	RECORD_TAG_BOARD,
	RECORD_TAG_CLAIMED,
	RECORD_TAG_GAME,
	RECORD_TAG_KOMI,
	RECORD_TAG_RESIGNED,
	RECORD_TAG_RESULT,
	RECORD_TAG_SEED,
	RECORD_TAG_SEED_COMMIT,
	RECORD_TAG_SEED_SALT,
	RECORD_TAG_SETUP,
	RECORD_TAG_SIZE,
	RECORD_TAG_START,
	RECORD_TAG_TERMINATION,
	RECORD_TAG_TIME_CONTROL,
	RECORD_TAG_VARIANT,
	RECORD_TAG_WINNER,
	RECORD_TAG_NKNOWN
};
extern const char *const record_known_names[RECORD_TAG_NKNOWN];
/*
 * The bit of a record's known, past the known tags', set where one of
 * its tags is named ...KeyHash in any case (formats/keys.md), noted as
 * the known tags are: nearly no record has one, and the referee asks
 * every record (replay_keys).
 */
#define RECORD_KEY_HASH_NAMED 31
_Static_assert(RECORD_TAG_NKNOWN <= RECORD_KEY_HASH_NAMED,
    "a known tag's bit is RECORD_KEY_HASH_NAMED");

/*
 * Whether the name of len bytes ends in "KeyHash" in any case, as
 * strcasecmp would find it in the C locale the tools keep.
 */
static inline bool
record_tag_name_key_hash(const char *name, size_t len)
{
	static const char key_hash[] = "keyhash";
	size_t		  j;

	if (len < sizeof key_hash - 1)
		return false;
	name += len - (sizeof key_hash - 1);
	for (j = 0; j < sizeof key_hash - 1; j++)
		if (((unsigned char)name[j] | 0x20) != key_hash[j])
			return false;
	return true;
}

/*
 * One record as read, before any rule is applied.  The reader owns the
 * storage and reuses it for the next record: copy what must outlive the
 * next call to record_reader_next, or hold the record
 * (record_reader_hold).
 */
struct record {
	unsigned long	   index; /* 1-based within its input */
	struct diag_pos	   start;
	enum record_format format;
	bool		   implicit_passes; /* transcripts: passes unwritten */

	struct record_tag *tags;
	size_t		   ntags;
	/*
	 * The known tags among them (record_tag_note_known): bit k of known
	 * set if tag k of enum record_known is tags[known_at[k]], and bit
	 * RECORD_KEY_HASH_NAMED if a tag is named ...KeyHash.  Only of
	 * the tags array known_of with known_n tags: a record whose tags
	 * were built or changed elsewhere (a copy with a tag added, a
	 * record made by hand) is not this one, and is searched by name.
	 */
	const struct record_tag *known_of;
	size_t			 known_n;
	uint32_t		 known;
	uint32_t		 known_at[RECORD_TAG_NKNOWN];
	struct record_token	*turns;
	size_t			 nturns;

	/*
	 * The turns' squares as the reader decoded them, one byte a turn
	 * (record_square_byte), so that the referee reads no square twice;
	 * NULL where the reader gave none.  Only of the turns array
	 * squares_of with squares_n turns, as known_of: a record whose turns
	 * were built or changed elsewhere is read from its tokens
	 * (record_squares).
	 */
	const uint8_t		  *squares;
	const struct record_token *squares_of;
	size_t			   squares_n;

	bool		     has_result;
	struct record_token  result;
	struct record_note  *notes; /* GGF, SGF: by turn, in order */
	size_t		     nnotes;
	struct record_stamp *stamps; /* the notation: in order */
	size_t		     nstamps;

	/* The game every record of the format is, NULL: a Game tag says. */
	const struct rules_game *format_game;
	/* The result the record claims, however its format words it. */
	struct record_claim claim;

	/*
	 * WTHOR imports (formats/wthor.md): the numbers and scores the
	 * game's 68 bytes store; score_at is the real score's byte.
	 */
	struct record_wthor {
		unsigned	tournament;
		unsigned	black;
		unsigned	white;
		int		score;	     /* Black's discs, empties to
						   the winner */
		int		theoretical; /* the same, with perfect play */
		unsigned	depth;	     /* from the header */
		unsigned	year;	     /* the games' year, 0 unknown */
		struct diag_pos score_at;
	} wthor;

	/* A doubt the reader had that is no error (WTHOR's quirks). */
	bool	    has_warning;
	struct diag warning;

	/* A record that could not be read whole is malformed. */
	bool	    malformed;
	struct diag error;
};

/* Tag lookup (tag.c).  Looks a tag up by name, ignoring case; NULL if absent. */
const struct record_tag *
record_tag_find(const struct record *, const char *name);

/*
 * Whether tag t is there (not NULL) and its value is exactly v; inline,
 * so that the referee's checks of every record read a literal's length
 * at compile time.
 */
static inline bool
record_tag_value_is(const struct record_tag *t, const char *v)
{
	return t != NULL && util_bytes_are(t->value, t->value_len, v);
}

/*
 * Notes which of rec's tags are known tags (enum record_known), for
 * record_tag_known: a reader's, once its record's tag names are set.
 * The first of two tags of one name is the one noted, as
 * record_tag_find would find it.
 */
void record_tag_note_known(struct record *rec);

/*
 * Looks known tag k up: as record_tag_find(rec, record_known_names[k]),
 * with no search where the reader noted rec's known tags.
 */
static inline const struct record_tag *
record_tag_known(const struct record *rec, enum record_known k)
{
	if (rec->known_of != rec->tags || rec->known_n != rec->ntags)
		return record_tag_find(rec, record_known_names[k]);
	return (rec->known >> k & 1) != 0 ? &rec->tags[rec->known_at[k]] : NULL;
}

/*
 * The squares of rec's turns (rec->squares), or NULL where the reader gave
 * none or the turns are no longer the ones it read.
 */
static inline const uint8_t *
record_squares(const struct record *rec)
{
	if (rec->squares_of != rec->turns || rec->squares_n != rec->nturns)
		return NULL;
	return rec->squares;
}

/*
 * Whether two tag names are one tag: equal in any case (ASCII, as the C
 * locale folds it), as record_tag_find and the duplicate-tag check match
 * them.  For readers of tag names written elsewhere (reports).
 */
bool record_tag_name_eq(const char *a, const char *b);
/*
 * A hash of a tag name (NUL terminated) that two names which are one tag
 * (record_tag_name_eq) share: for maps of tags by name.
 */
uint64_t record_tag_name_hash(const char *name);

/*
 * A decimal as GGF writes its komi and results ("-0.500", "+8.5", "3"):
 * an optional sign, digits, then a '.' and digits, no blank, exponent or
 * hex (which strtod would take), at most RECORD_DECIMAL_MAX before the
 * point and no non-zero digit past the third after it.  Sets *milli to
 * its thousandths and returns 0, or -1.  len bytes, not NUL terminated.
 */
#define RECORD_DECIMAL_MAX 100000L
int record_decimal_milli(const char *s, size_t len, long *milli);

/*
 * The compiled patterns of the notation: built once (JIT where PCRE2 has
 * it) and shared by every reader, and the one match block every match
 * writes: so not const, and one thread at a time.  NULL if PCRE2 fails.
 */
struct record_syntax;
struct record_syntax *record_syntax_new(void);
void		      record_syntax_free(struct record_syntax *);

#endif
