/* SPDX-License-Identifier: MIT */
/*
 * Writing records (writer.c, export.c, wthor.c): the notation whole, the
 * other formats (gamecheck --write), WTHOR files, and a referee's edit of
 * a record on disk.  Reading is reader.h's; what to write is the
 * caller's.
 */
#ifndef ARBITER_RECORD_WRITER_H
#define ARBITER_RECORD_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "record/types.h"

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
	/*
	 * The turns stop before the record's (--plies): its tags of an end
	 * off the board (Termination, Winner, Claimed, Resigned) are left
	 * out, since the game written did not end so.
	 */
	bool cut;
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
 * write-notes.c: the turns of o that have a note (o->rec's), each with
 * the notation's comment of it after its token, "f5 {[%eval 1.50,12]
 * [%emt 0:00:01.250]}" (formats/record.md, "Evaluations"), into *noted:
 * an array of o->nturns strings, NULL where a turn is written as it
 * is, or NULL for none; only where the turns written are the record's
 * own.  The caller frees it with record_noted_free.  Returns 0, or -1
 * when memory runs out.
 */
int  record_noted_turns(const struct record_out *o, char ***noted);
void record_noted_free(char **noted, size_t n);

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
 * the theoretical score to store (-1: a WthorTheoretical tag's, else
 * score).  The numbers stored come from rec's WTHOR fields when rec was
 * read from WTHOR, else from the tags record_wthor_tags names, else from
 * Black, White and Event tags that are numbers, else 0.  Returns 0, or -1 with
 * d set (DIAG_BAD_WTHOR_MOVE: a turn that is no square or pass, or more
 * than 60 squares; DIAG_NO_MEMORY).
 */
int record_wthor_add(struct record_wthor_writer *, const struct record *rec,
    int score, int theoretical, struct diag *d);
/* Writes the header and the games added to out: 0, or -1 (errno). */
int record_wthor_write(struct record_wthor_writer *, FILE *out);

/*
 * What a WTHOR game stores beyond its moves and names, as tags for the
 * formats that have tags (formats/wthor.md, "Round trips"): its numbers
 * (WthorTournament, WthorBlack, WthorWhite), so that the same name files
 * name it again once it is written back, its stored and theoretical
 * scores (WthorScore, WthorTheoretical: Black's discs).  Fills w (the
 * tags' strings point into it) when rec was read from WTHOR and returns
 * how many; 0 for any other record.
 */
#define RECORD_WTHOR_TAGS 5
struct record_wthor_tags {
	struct record_tag_out tag[RECORD_WTHOR_TAGS];
	char		      text[RECORD_WTHOR_TAGS][12];
};
size_t record_wthor_tags(const struct record *, struct record_wthor_tags *);
/*
 * The number, 0 to max, that rec's tag name holds in decimal digits (at
 * most 5), or -1 when rec has no such tag or it holds anything else.
 */
long record_wthor_tag_number(
    const struct record *, const char *name, unsigned long max);

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
 * stamp, unless NULL, is the moment (formats/record.md, "Moments") that
 * dates each new turn: written as a comment {[%at STAMP]} after it, and
 * for the turn in progress continued, in place of its moment (or after
 * it, where it had none).  tags (ntags of them, at most
 * RECORD_UPDATE_TAGS; borrowed) are set as result sets the Result tag:
 * a tag the record has gets the new value, the others are added after
 * its last tag pair, in order.  note, unless NULL, is a comment
 * ("{[%leave ...]}") written after the new turns, before the result.
 */
#define RECORD_UPDATE_TAGS 6

struct record_update {
	bool			     replace_last;
	const char *const	    *turns;
	size_t			     nturns;
	const char		    *result;
	struct diag_pos		    *at;
	const char		    *stamp;
	const struct record_tag_out *tags;
	size_t			     ntags;
	const char		    *note;
};

/*
 * Applies u to text, the whole input (len bytes) that rec, its one record,
 * was read from; every byte not edited is kept, and new line ends follow
 * the file's (LF or CR LF).  Returns the new text, NUL terminated, its
 * length in *outlen (the caller frees it), or NULL when memory runs out.
 */
char *record_update_text(const char *text, size_t len, const struct record *,
    const struct record_update *u, size_t *outlen);

/*
 * A takeback (formats/record.md, "Takebacks"): text (len bytes, the
 * input rec was read from) with the turns of rec after its first keep
 * removed, with everything that follows them up to the result token, and
 * note (a comment, "{[%offer undo ...]} ...", or NULL: none) written in
 * their place, after the comments of turn keep, which are kept.  Returns the new text,
 * NUL terminated, its length in *outlen (the caller frees it), or NULL
 * when memory runs out or keep is not below rec's turns.
 */
char *record_takeback_text(const char *text, size_t len, const struct record *,
    size_t keep, const char *note, size_t *outlen);

#endif
