/* SPDX-License-Identifier: MIT */
/*
 * The record notation (formats/record.md, arbiter-record(5)): reading
 * records one at a time from a stream or a buffer, with their tags, turn
 * tokens and result token and where each stands in the input; the imports
 * (Othello transcripts, CSV, WTHOR); the turn-token codec (a token's text <->
 * rules actions); and writing and editing records.  PCRE2 is included
 * here and nowhere else.  Judging a record against the rules is the
 * referee's (src/referee); printing diagnostics and writing reports is
 * left to the layers above.
 */
#ifndef ARBITER_RECORD_H
#define ARBITER_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "rules/rules.h"

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
 * GGF and SGF: what a move gives after its square, B[f5/1.23/4.5]: the
 * evaluation and the time as written (either may be empty), for turn
 * token turn (0-based).  Kept for the report, never judged.
 */
struct record_note {
	size_t turn;
	char  *eval;
	size_t eval_len;
	char  *time;
	size_t time_len;
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
	RECORD_CLAIM_WOF,    /* wof: the first colour's, empties to the winner */
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
 * One record as read, before any rule is applied.  The reader owns the
 * storage and reuses it for the next record: copy what must outlive the
 * next call to record_reader_next.
 */
struct record {
	unsigned long	   index; /* 1-based within its input */
	struct diag_pos	   start;
	enum record_format format;
	bool		   implicit_passes; /* transcripts: passes unwritten */

	struct record_tag   *tags;
	size_t		     ntags;
	struct record_token *turns;
	size_t		     nturns;
	bool		     has_result;
	struct record_token  result;
	struct record_note  *notes; /* GGF, SGF: by turn, in order */
	size_t		     nnotes;

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
 * Whether two tag names are one tag: equal in any case (ASCII, as the C
 * locale folds it), as record_tag_find and the duplicate-tag check match
 * them.  For readers of tag names written elsewhere (reports).
 */
bool
record_tag_name_eq(const char *a, const char *b);
/*
 * A hash of a tag name (NUL terminated) that two names which are one tag
 * (record_tag_name_eq) share: for maps of tags by name.
 */
uint64_t record_tag_name_hash(const char *name);

/*
 * The compiled patterns of the notation: built once (JIT where PCRE2 has
 * it) and shared by every reader, and the one match block every match
 * writes: so not const, and one thread at a time.  NULL if PCRE2 fails.
 */
struct record_syntax;
struct record_syntax *record_syntax_new(void);
void		      record_syntax_free(struct record_syntax *);

/*
 * A reader over one input stream (borrowed; the caller closes it).  name is
 * copied and used in diagnostics.  With RECORD_AUTO the format is sniffed
 * from the first line.  NULL when memory runs out.
 */
struct record_reader;
struct record_reader *record_reader_new(
    struct record_syntax *, FILE *, const char *name, enum record_format);
/*
 * As record_reader_new, over the len bytes at text instead of a stream:
 * text is borrowed and must stay as it is until record_reader_free.  The
 * records read are those a stream of the same bytes gives, positions and
 * all.
 */
struct record_reader *record_reader_new_buffer(struct record_syntax *,
    const char *text, size_t len, const char *name, enum record_format);
void		      record_reader_free(struct record_reader *);
/*
 * Gives a new reader len bytes (at most 64 KiB) already taken from its
 * stream, to be read before the rest of it: a tool that peeked at an input
 * to tell records from reports hands them back this way.  Returns 0, or -1
 * if the reader has started reading or len is too large.
 */
int record_reader_prime(struct record_reader *, const void *buf, size_t len);
/*
 * Reads a new reader's input as a CSV whose columns spec names, as its
 * header line would (formats/record.md, "CSV": "id,winner,moves"): its
 * first line is a record unless it is spec itself.  spec is copied.
 * Returns 0, or -1 if spec names no moves column, memory runs out or the
 * reader has started.
 */
int record_reader_csv_columns(struct record_reader *, const char *spec);
/* Whether spec, as a CSV header, names a moves column (--csv-columns). */
bool		   record_csv_columns_ok(const char *spec);
const char	  *record_reader_name(const struct record_reader *);
enum record_format record_reader_format(const struct record_reader *);

/*
 * Reads the next record.  Returns 1 and fills *rec (a malformed record
 * comes back with rec->malformed set and rec->error saying why; the reader
 * has already moved on to where the next record may start), 0 at the end of
 * the input, -1 on a read error (errno set).  *rec points into the reader.
 */
int record_reader_next(struct record_reader *, const struct record **rec);

/*
 * Moves past the next record without building it, as record_reader_next
 * would have read it (it counts in the numbering): 1, 0 at the end, -1 on
 * a read error.  Cheap where a record is a line (transcripts, CSV); in the
 * record notation the record is read whole.  For --shard and -j.
 */
int record_reader_skip(struct record_reader *);
/* The records read or skipped so far. */
unsigned long record_reader_count(const struct record_reader *);

/*
 * As record_reader_next, except that an input without records gives one
 * record before its end: malformed, record 1 at 1:1 in the reader's
 * format, with the error empty-input.  So reports and summaries count an
 * empty input as a malformed record of its own (formats/report.md).
 */
int
record_reader_next_or_empty(struct record_reader *, const struct record **rec);

/*
 * Where a reader of WTHOR files finds the players' and tournaments'
 * names (formats/wthor.md, "Names"): players and tournaments name a
 * WTHOR.JOU and a WTHOR.TRN file, or are NULL for the file of that name
 * beside input (the input's path; NULL, as for standard input: none).
 * The strings are copied; the files are read when the reader meets its
 * first WTHOR game, and a file that cannot be read leaves numbers as the
 * names.  Returns 0, or -1 when memory runs out or the reader has
 * started.
 */
int record_reader_wthor_names(struct record_reader *, const char *input,
    const char *players, const char *tournaments);

/*
 * "pgn", "transcript", "csv", "wthor", "ggf", "sgf"; and back (-1 if
 * unknown).
 */
const char *record_format_name(enum record_format);
int	    record_format_parse(const char *);

/*
 * The score a result token or Result value states (text, len bytes, NULs
 * allowed): "36-28" gives 36 and 28 in *a and *b.  Returns 1, 0 for a
 * score whose numbers do not fit in an unsigned long (*a, *b then mean
 * nothing), or -1 for text that is no score ("*", "1/2-1/2", anything
 * else).
 */
int record_result_score(struct record_syntax *, const char *text, size_t len,
    unsigned long *a, unsigned long *b);

/*
 * The turn-token codec (turn.c): the one place that knows how a turn
 * token's text and a turn's actions map to each other, the comma rule
 * included.
 *
 * record_turn_parse turns one token (without its move number) into
 * actions for a game on board b: writes at most cap actions and each
 * one's byte offset in the token into offs, and returns the number of
 * actions, or -1 with d (code, message; d->at is left for the caller, its
 * offset set within the token) for a token that is not a turn or names a
 * cell off the board.  record_turn_bound(tok, len) actions always fit.
 */
int record_turn_parse(struct record_syntax *, const struct rules_board *,
    const char *tok, size_t len, struct rules_action *out, size_t *offs,
    size_t cap, struct diag *d);
/*
 * Whether the len bytes at tok are a pass token: exactly pass, PA, pa or
 * -- (formats/record.md, section 3; not Pa or pA).
 */
bool record_turn_is_pass(const char *tok, size_t len);
/*
 * The actions of tok before the one holding byte off (a bad cell that
 * record_turn_parse reported), as record_turn_parse writes them; the
 * text they stand in ends at *cut (record_turn_cut).  Returns their
 * number, 0 if none, or -1 if those bytes are no turn either.  So a
 * referee judges what a player wrote before the mistake first.
 */
int record_turn_parse_before(struct record_syntax *, const struct rules_board *,
    const char *tok, size_t off, struct rules_action *out, size_t *offs,
    size_t cap, size_t *cut);
/* An upper bound on the actions in a token of len bytes. */
size_t record_turn_bound(const char *tok, size_t len);

/* Writes one action as notation into buf (at least 16 bytes). */
const char *record_action_format(const struct rules_board *,
    const struct rules_action *, char *buf, size_t len);

/*
 * The comma rule: whether a comma goes between two actions of one turn,
 * prev then next.  None before a removal's x or after the dice: "c5*,g4",
 * "b3xc3,c4", "35:xd2xc4,e5" (design.md §2).
 */
bool record_turn_comma(
    const struct rules_action *prev, const struct rules_action *next);

/*
 * Writes n actions of one turn as one token into out (cap bytes), the
 * comma rule applied.  Returns its length, or -1 if cap is too small.
 */
int record_turn_format(const struct rules_board *, const struct rules_action *,
    size_t n, char *out, size_t cap);

/*
 * A turn token continued: head's text, the comma due (record_turn_comma,
 * read from the text: none after the dice or before a removal), then
 * next's, as a new string (the caller frees it), or NULL when memory
 * runs out.  So a referee appends a player's next actions to a turn in
 * progress as the player wrote them.
 */
char *record_turn_join(const char *head, const char *next);

/*
 * Where a token's text divides between actions, for a referee that judges
 * the actions before a bad one.  record_turn_cut: the end of the actions
 * before the one holding byte off, the separator excluded.
 * record_turn_head: the end of the actions before the one starting at
 * byte at, its comma excluded.  record_turn_tail: where the action after
 * a cut starts, past its comma (len is the token's).
 */
size_t record_turn_cut(const char *tok, size_t off);
size_t record_turn_head(const char *tok, size_t at);
size_t record_turn_tail(const char *tok, size_t len, size_t cut);

/*
 * The Setup tag (setup.c, formats/record.md "Set-up positions"): the
 * value's len bytes (any bytes) read as the ncells pieces of board b, into
 * pieces (b->ncells of them), and the colour to move into *to_move: each
 * cell in cell order is X (colour 0), O (colour 1) or - (empty), x or o a
 * pinned piece, blanks between them ignored; then a blank and X or O.
 * Returns 0, or -1 with d (DIAG_BAD_SETUP_TAG, its message; no position)
 * for text that is no Setup of that board.  Whether the game can reach
 * the position is rules_setup's to say.
 */
int record_setup_parse(const struct rules_board *b, const char *v, size_t len,
    int *pieces, int *to_move, struct diag *d);
/*
 * The Setup value of pos (borrowed) into buf (cap bytes, at least the
 * board's cells and 3): its length, or -1 if cap is too small.
 */
int
record_setup_format(const struct rules_position *pos, char *buf, size_t cap);
/* The same from n pieces and the colour to move. */
int
record_setup_text(const int *pieces, int n, int to_move, char *buf, size_t cap);
/* Room for any Setup value record_setup_format writes. */
#define RECORD_SETUP_MAX (RULES_MAX_CELLS + 3)

/* Writing (writer.c).  A tag pair to write: both strings borrowed. */
struct record_tag_out {
	const char *name;
	const char *value;
};

/*
 * Writes one record to out: the tag pairs one a line (values escaped), a
 * blank line, the turn tokens (each borrowed) with move numbers ("1. f5
 * d6 2. c3") when numbers is set, and the result token unless it is NULL;
 * movetext lines are wrapped before column 80.  Returns 0, or -1 when out
 * cannot be written or memory runs out.
 */
int record_write(FILE *out, const struct record_tag_out *, size_t ntags,
    const char *const *turns, size_t nturns, bool numbers, const char *result);

/*
 * Writing records in another format (export.c, gamecheck --write): a
 * record as the referee judged it.  All borrowed.  valid: the replay
 * found no error, so turns are the turns played (the codec's spelling,
 * implied passes written "pass") and over, points, alt and winner its
 * score; otherwise (--keep-illegal) turns are the record's tokens and
 * the result is the one recorded.  game and board are NULL where the
 * record named none that exists.
 */
enum record_out_cause {
	RECORD_OUT_OTHER,
	RECORD_OUT_RESIGN,
	RECORD_OUT_TIMEOUT,
};

struct record_out {
	const struct record	 *rec; /* its tags */
	const struct rules_game	 *game;
	const struct rules_board *board;
	const char *const	 *turns;
	size_t			  nturns;
	bool			  valid;
	bool			  over;
	int			  points[RULES_COLOURS];
	int			  alt[RULES_COLOURS];
	int			  winner;  /* a colour, or -1 */
	bool			  forfeit; /* an unfinished game decided */
	int			  forfeit_winner;
	enum record_out_cause	  forfeit_cause;
};

/*
 * A writer of one format over out (borrowed; the caller flushes and
 * closes it): name is one of pgn, transcript, csv, ggf, sgf, wthor.  NULL for
 * another name or when memory runs out (record_export_known tells).
 */
struct record_export;
bool		      record_export_known(const char *name);
struct record_export *record_export_new(const char *name, FILE *out);
/*
 * Writes one record.  Returns 0, or -1 with d filled: DIAG_UNWRITABLE
 * for a record the format cannot hold (another game, a set-up position
 * in a transcript), DIAG_NO_MEMORY when memory runs out or out cannot be
 * written.
 */
int record_export_write(
    struct record_export *, const struct record_out *, struct diag *d);
/*
 * Ends the output after the last record (a format whose header counts
 * its games writes it all here): 0, or -1 when out cannot be written.
 */
int record_export_finish(struct record_export *);
/* Frees a writer (NULL: nothing), without finishing it. */
void record_export_free(struct record_export *);
/*
 * One game as GGF text, "(;GM[Othello]...;)" without a newline, as
 * record_export_write writes it for ggf (the NBoard client's `set game').
 * A new string, the caller's to free; NULL with d filled as
 * record_export_write fills it.
 */
char *record_ggf_text(const struct record_out *, struct diag *d);

/*
 * Whether the movetext of rec (read from text, len bytes) numbers its
 * turns: its first turn follows "1." (a record without turns: yes).
 */
bool record_uses_numbers(const char *text, size_t len, const struct record *);

/*
 * Writing WTHOR files (wthor.c, formats/wthor.md): games are added one at
 * a time and kept (68 bytes each), since the 16-byte header that comes
 * first counts them; record_wthor_write writes the header and the games.
 */
struct record_wthor_writer;
/*
 * A writer of the games of year (0 unknown; the header's creation date is
 * written as zeros, so that the output is reproducible).  NULL when memory
 * runs out.
 */
struct record_wthor_writer *record_wthor_writer_new(unsigned year);
void record_wthor_writer_free(struct record_wthor_writer *);
/*
 * Adds rec (borrowed; its turn tokens are squares of the 8x8 board and
 * passes, which WTHOR leaves out), with score, Black's discs with the
 * empties given to the winner (the replay's wof score), and theoretical,
 * the theoretical score to store (-1: score).  The numbers stored come
 * from rec's WTHOR fields when rec was read from WTHOR, else from Black,
 * White and Event tags that are numbers, else 0.  Returns 0, or -1 with
 * d set (DIAG_BAD_WTHOR_MOVE: a turn that is no square or pass, or more
 * than 60 squares; DIAG_NO_MEMORY).
 */
int record_wthor_add(struct record_wthor_writer *, const struct record *rec,
    int score, int theoretical, struct diag *d);
/* Writes the header and the games added to out: 0, or -1 (errno). */
int record_wthor_write(struct record_wthor_writer *, FILE *out);

/*
 * A referee's edit of a record on disk.  turns (borrowed) are new turn
 * tokens appended to the movetext, numbered if the record numbers its
 * turns, before the result token if there is one; with replace_last the
 * first of them replaces the record's last turn token instead (a turn in
 * progress, continued: its whole new text).  result, unless NULL, becomes
 * the Result tag's value (the tag is added after the last tag if absent)
 * and the result token (appended if absent).  at, unless NULL, has room
 * for nturns positions: where each of turns stands in the new text, as
 * the reader will give it (its line, column and offset), so that a
 * referee can say where a new turn is wrong without reading the text.
 */
struct record_update {
	bool		   replace_last;
	const char *const *turns;
	size_t		   nturns;
	const char	  *result;
	struct diag_pos	  *at;
};

/*
 * Applies u to text, the whole input (len bytes) that rec, its one record,
 * was read from; every byte not edited is kept, and new line ends follow
 * the file's (LF or CR LF).  Returns the new text, NUL terminated, its
 * length in *outlen (the caller frees it), or NULL when memory runs out.
 */
char *record_update_text(const char *text, size_t len, const struct record *,
    const struct record_update *u, size_t *outlen);

#endif
