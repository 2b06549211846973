/* SPDX-License-Identifier: MIT */
/*
 * Reading records (reader.c and a file per format, read-*.c): a reader
 * over a stream or a buffer gives records one at a time, in the notation
 * or an import format, sniffed or named; and the score a result states.
 * The reading table is private (read.h).
 */
#ifndef ARBITER_RECORD_READER_H
#define ARBITER_RECORD_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "record/types.h"

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
 * The most bytes a line of the input, and a record's strings, may take
 * (0: RECORD_MAX_SIZE): a longer line is cut there (its rest read, not
 * kept, and no record read after the one that holds it) and a longer
 * record is not built further, either one malformed as too-large, so
 * that no input, decompression bombs included, holds more memory than a
 * few times this.
 */
#define RECORD_MAX_SIZE ((size_t)64 << 20)
void record_reader_max_size(struct record_reader *, size_t bytes);
/*
 * The input's size in bytes, for a stream that cannot tell it, read from
 * the input's start: a caller's own stream over a regular file (gamestat
 * --partial counts the bytes it reads).  A format whose reading needs it
 * (a WTHOR file's game count against its size) reads the input as that
 * regular file, as it would read the file itself.
 */
void record_reader_size(struct record_reader *, unsigned long long size);

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
 * A record kept while its reader reads on, so that two can be worked on
 * at once (gamecheck replays two games interleaved): record_reader_hold
 * moves the record just read, *rec, into h with all the storage it
 * points into, and gives the reader h's storage (that of the record held
 * before, now let go) to read the next into.  False, and nothing moved,
 * for a record that is not the reader's own (the one an empty input
 * gives).  The record is record_held(h) until the next hold;
 * record_hold_free frees it.
 */
struct record_hold;
struct record_hold  *record_hold_new(void);
void		     record_hold_free(struct record_hold *);
bool		     record_reader_hold(struct record_reader *,
			 const struct record *rec, struct record_hold *h);
const struct record *record_held(const struct record_hold *);

/*
 * Moves past the next record without building it, as record_reader_next
 * would have read it (it counts in the numbering): 1, 0 at the end, -1 on
 * a read error.  Cheap where a record is a line (transcripts, CSV); in the
 * record notation the record is read whole.  For --shard and -j.
 */
int record_reader_skip(struct record_reader *);
/*
 * Byte ranges (formats/record.md, "Shards"): from now on the reader gives
 * only the records whose first byte is on a line that starts in [start,
 * end) of its input, a regular file's stream it may seek (start and end
 * from 0; (unsigned long long)-1 for end: to the end of the input, as
 * the last range must be, to hold a record that only the input's end
 * makes, as a WTHOR file shorter than its header says).  A range starts
 * at the first line at or past start where a record starts, told from
 * the line alone (the format's boundary: a CSV or transcript's next
 * record line; in the notation a line opening with '[' after a line that
 * does not; in GGF a line opening with '(' or a game count; a WTHOR game
 * by arithmetic); the ranges of one input, end to start, give each
 * record once.
 * Called before the first record; the format is sniffed now.  Returns
 * 0, 1 if the reader cannot (a buffer, a format without boundaries:
 * read it whole), or -1 on a read error.
 */
int record_reader_range(struct record_reader *, unsigned long long start,
    unsigned long long end);
/*
 * At the end of a range (record_reader_next gave 0): whether the next
 * range starts where the first record past this one does, so that no
 * record is lost or read twice.  If not (a record whose start the format
 * cannot tell from its line, e.g. after a comment), *d says where
 * (shard-boundary) and false.  -1 on a read error.
 */
int record_reader_range_check(struct record_reader *, struct diag *d);
/*
 * A range's line ends before where its reading started (0 without a
 * range, or where its places count from the input's start anyway, as
 * WTHOR's games do): the lines of its records' places count from there,
 * and this added to them gives the input's (a place's line 0 says no
 * line).
 * Counted once, at the first call; 0 on a read error.
 */
unsigned long record_reader_range_lines(struct record_reader *);

/*
 * At the end of a range (record_reader_next gave 0): the record read past
 * it (the first that starts at or past its end, the next range's), or
 * NULL where none was (the input ended first, or a range past the
 * input's start holds no record: only the one that starts the input
 * reads on to its first record).
 */
const struct record *record_reader_past(const struct record_reader *);

/* The records read or skipped so far. */
unsigned long record_reader_count(const struct record_reader *);
/*
 * About how far into the input the reader is, in bytes: it grows as
 * records are read or skipped (-j's shares).
 */
unsigned long long record_reader_offset(const struct record_reader *);
/*
 * Whether the input's last record, read or skipped, is tags in the
 * notation with nothing after them (no movetext, no result token): only
 * the end of the input ends such a record, so the input was cut inside
 * it, unless it is a whole file of one.  If so, *at is where it starts.
 * Asked once the reader gave 0, at the end.
 */
bool
record_reader_ended_in_tags(struct record_reader *, struct diag_pos *at);

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

#endif
