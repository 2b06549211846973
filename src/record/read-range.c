/* SPDX-License-Identifier: MIT */
/*
 * Byte ranges of an input (formats/record.md, "Shards"): a reader that
 * gives only the records starting in a range of a regular file's bytes,
 * seeking to the first line where a record starts, as a Hadoop input
 * split does; and the check that the next range starts where this one's
 * records end.  Which line starts a record is the format's entry's
 * (boundary); reading records is the core's (reader.c).
 */
#include <sys/types.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "record/read.h"

/* No line: the end of the input. */
#define RANGE_NONE ((unsigned long long)-1)
/*
 * Where the search for a boundary at or past target starts: a line's
 * start no later than that of the line before any line from target on,
 * the byte after the last LF before target - 1 (an LF always ends a
 * line, CR LF too), or 0.  Read back in blocks.  0, or -1 on a read
 * error.
 */
static int
search_start(struct record_reader *rd, unsigned long long target,
    unsigned long long *at)
{
	char		   buf[4096];
	unsigned long long end = target > 1 ? target - 1 : 0;
	size_t		   n, i;

	while (end > 0) {
		n = end < sizeof buf ? (size_t)end : sizeof buf;
		if (fseeko(rd->fp, (off_t)(end - n), SEEK_SET) == -1 ||
		    fread(buf, 1, n, rd->fp) != n)
			return -1;
		for (i = n; i > 0; i--)
			if (buf[i - 1] == '\n') {
				*at = end - n + i;
				return 0;
			}
		end -= n;
	}
	*at = 0;
	return 0;
}

/*
 * The first line at or past target where a record starts (the format's
 * boundary), into *at (RANGE_NONE: none); 0, or -1 on a read error.  The
 * offset 0 is always one: the input's start.
 */
static int
find_line(struct record_reader *rd, unsigned long long target,
    unsigned long long *at)
{
	unsigned long long s, pos, line;
	bool		   prev_blank = false, blank = true, cr = false;
	int		   c, first = EOF, prev_first = EOF;

	*at = target == 0 ? 0 : RANGE_NONE;
	if (target == 0)
		return 0;
	if (search_start(rd, target, &s) == -1 ||
	    fseeko(rd->fp, (off_t)s, SEEK_SET) == -1)
		return -1;
	line = s;
	for (pos = s; (c = getc_unlocked(rd->fp)) != EOF; pos++) {
		if (cr && (cr = false, c == '\n')) {
			line = pos + 1;
			continue;
		}
		if (c != '\n' && c != '\r') {
			if (pos == line)
				first = c;
			if (!is_space((char)c))
				blank = false;
			continue;
		}
		if (line >= target &&
		    rd->entry->boundary(prev_blank, prev_first, blank, first)) {
			*at = line;
			return 0;
		}
		prev_blank = blank;
		prev_first = first;
		blank = true;
		first = EOF;
		line = pos + 1;
		cr = c == '\r';
	}
	if (ferror(rd->fp))
		return -1;
	/* A last line without its end. */
	if (line >= target && pos > line &&
	    rd->entry->boundary(prev_blank, prev_first, blank, first))
		*at = line;
	return 0;
}

int
record_reader_range(struct record_reader *rd, unsigned long long start,
    unsigned long long end)
{
	if (rd->format == RECORD_AUTO) {
		/* As record_reader_next sniffs: the first block, peeked. */
		if (reader_first_block(rd) == -1)
			return -1;
		reader_sniff(rd);
	}
	if (rd->fp == NULL ||
	    (rd->entry->boundary == NULL && rd->entry->seek == NULL))
		return 1;
	/* An empty range (more tasks than bytes) holds no record. */
	rd->range = start < end ? RANGE_SEEK : RANGE_DONE;
	rd->range_start = start;
	rd->range_end = end;
	rd->range_stop = RANGE_NONE;
	rd->range_past = false;
	rd->range_first = RANGE_NONE;
	return 0;
}

int
reader_restart_at(struct record_reader *rd, unsigned long long at)
{
	if (fseeko(rd->fp, (off_t)at, SEEK_SET) == -1)
		return -1;
	rd->inpos = rd->inlen = 0;
	rd->block_at = at;
	rd->next_lf = SIZE_MAX;
	rd->eof = false;
	rd->have_line = false;
	rd->in_comment = false;
	rd->next_offset = rd->line_offset = at;
	rd->line_base = at;
	rd->range_lines_known = false;
	rd->lineno = 0;
	return 0;
}

int
reader_range_begin(struct record_reader *rd)
{
	unsigned long long at;
	int		   rc;

	rd->range = RANGE_IN;
	rd->range_floor = 0;
	if (rd->entry->seek != NULL) {
		if ((rc = rd->entry->seek(rd, rd->range_start)) == 0)
			rd->range = RANGE_DONE;
		return rc;
	}
	if (rd->entry->floor != NULL &&
	    rd->entry->floor(rd, &rd->range_floor) == -1)
		return -1;
	if (find_line(rd, rd->range_start > rd->range_floor ?
			  rd->range_start :
			  rd->range_floor,
		&at) == -1)
		return -1;
	/*
	 * No record of the range's own; but the range that starts the input
	 * reads the input's first record all the same, past it (a header
	 * longer than the range), for what it says of the input
	 * (record_reader_past).
	 */
	if (at == RANGE_NONE || (at >= rd->range_end && rd->range_start > 0)) {
		rd->range = RANGE_DONE;
		rd->range_stop = at;
		return 0;
	}
	if (reader_restart_at(rd, at) == -1)
		return -1;
	return 1;
}

bool
reader_range_past(struct record_reader *rd)
{
	if (rd->rec_line < rd->range_end)
		return false;
	rd->range = RANGE_DONE;
	rd->range_stop = rd->rec_line;
	rd->range_past = true;
	rd->range_first = rd->rec.start.offset;
	/* That record is the next range's, to tell if it ends in tags. */
	rd->ended_in_tags = false;
	return true;
}

/*
 * Up to want bytes of the input at offset off into buf by pread(2), so
 * that where the stream stands is left as it is: how many (0 at the
 * input's end), or -1 on a read error.
 */
static ssize_t
read_at(
    struct record_reader *rd, char *buf, size_t want, unsigned long long off)
{
	ssize_t got;

	while ((got = pread(fileno(rd->fp), buf, want, (off_t)off)) == -1 &&
	    errno == EINTR)
		continue;
	return got;
}

/*
 * The line ends in the input before offset off, counted as the reader
 * counts them (an LF, a CR, a CR LF once), read by read_at.  0 on a
 * read error.
 */
static unsigned long
lines_before(struct record_reader *rd, unsigned long long off)
{
	char		   buf[65536];
	const char	  *p;
	unsigned long long pos = 0;
	unsigned long	   n = 0;
	size_t		   i, want;
	ssize_t		   got;
	char		   last = '\0';

	while (pos < off) {
		want = off - pos < sizeof buf ? (size_t)(off - pos) : sizeof buf;
		if ((got = read_at(rd, buf, want, pos)) <= 0)
			return 0;
		if (last != '\r' && memchr(buf, '\r', (size_t)got) == NULL) {
			/* No CR: the LFs, found by memchr(3). */
			for (p = buf; (p = memchr(p, '\n', (size_t)(buf + got -
							 p))) != NULL;
			     p++)
				n++;
			last = buf[got - 1];
		} else
			for (i = 0; i < (size_t)got; last = buf[i++])
				if (buf[i] == '\r' ||
				    (buf[i] == '\n' && last != '\r'))
					n++;
		pos += (unsigned long long)got;
	}
	return n;
}

/*
 * The line at offset off, a line's start (1-based), counted from the
 * input's start: asked only to name a place.  0 on a read error.
 */
static unsigned long
line_at(struct record_reader *rd, unsigned long long off)
{
	unsigned long n = lines_before(rd, off);

	return off == 0 || n > 0 ? n + 1 : 0;
}

unsigned long
record_reader_range_lines(struct record_reader *rd)
{
	/* A seek's places count games from the input's start (WTHOR). */
	if (rd->range == 0 || rd->line_base == 0 || rd->entry->seek != NULL)
		return 0;
	/* Counted once, where a message first asks. */
	if (!rd->range_lines_known) {
		rd->range_lines = lines_before(rd, rd->line_base);
		rd->range_lines_known = true;
	}
	return rd->range_lines;
}

const struct record *
record_reader_past(const struct record_reader *rd)
{
	return rd->range != 0 && rd->range_past ? &rd->rec : NULL;
}

/*
 * Whether the bytes from offset line (a line's start) up to offset at
 * are white space and the format's lead alone (1, else 0), read by
 * read_at; -1 on a read error.
 */
static int
lead_only(
    struct record_reader *rd, unsigned long long line, unsigned long long at)
{
	const char *lead = rd->entry->lead != NULL ? rd->entry->lead : "";
	char	    buf[4096];
	size_t	    want, i;
	ssize_t	    got;

	while (line < at) {
		want = at - line < sizeof buf ? (size_t)(at - line) : sizeof buf;
		if ((got = read_at(rd, buf, want, line)) <= 0)
			return -1;
		for (i = 0; i < (size_t)got; i++)
			if (!is_space(buf[i]) &&
			    (buf[i] == '\0' || strchr(lead, buf[i]) == NULL))
				return 0;
		line += (unsigned long long)got;
	}
	return 1;
}

int
record_reader_range_check(struct record_reader *rd, struct diag *d)
{
	unsigned long long next, at, end = rd->range_end;
	char		   after[96];
	int		   rc;

	/*
	 * An empty range ends nothing; binary input is one record, of the
	 * range that holds its start.
	 */
	if (rd->range == 0 || rd->range_start >= rd->range_end ||
	    rd->binary != 1 || rd->entry->seek != NULL ||
	    rd->range_end == RANGE_NONE)
		return 1;
	/*
	 * A line cut (--max-record-size): one run reads nothing after it,
	 * but the ranges after this one know nothing of it.
	 */
	if (rd->stopped) {
		diag_set_at(d, DIAG_SHARD_BOUNDARY,
		    (struct diag_pos){ line_at(rd, rd->stop_at.offset -
					   (rd->stop_at.col - 1)),
			rd->stop_at.col, rd->stop_at.offset },
		    1,
		    "a line longer than --max-record-size in this shard: "
		    "the rest of the input is not read, which the next shards "
		    "cannot tell; shard by records (--shard-by records)");
		return 0;
	}
	if (end < rd->range_floor)
		end = rd->range_floor;
	if (find_line(rd, end, &next) == -1)
		return -1;
	/*
	 * The first record past this range not first on its line: the
	 * record before it may end there, on a line its format takes for a
	 * record's start (a comment's line opening with '[', a variation's
	 * with '('), so that the next range would start there and read
	 * that record's end as records.
	 */
	if (next == rd->range_stop && rd->range_first != RANGE_NONE &&
	    rd->range_first > rd->range_stop &&
	    (rc = lead_only(rd, rd->range_stop, rd->range_first)) != 1) {
		if (rc == -1)
			return -1;
		diag_set_at(d, DIAG_SHARD_BOUNDARY,
		    (struct diag_pos){ line_at(rd, next), 1, next }, 1,
		    "the next shard starts at byte %llu, on a line where the "
		    "first record after this shard's starts after the end of "
		    "another, which that shard would read from its middle; "
		    "shard by records (--shard-by records)",
		    next);
		return 0;
	}
	if (next == rd->range_stop || (next == RANGE_NONE && rd->range_stop ==
					     RANGE_NONE))
		return 1;
	at = next < rd->range_stop ? next : rd->range_stop;
	if (rd->range_stop == RANGE_NONE)
		snprintf(after, sizeof after, "no record starts after this "
					      "shard's");
	else
		snprintf(after, sizeof after,
		    "the first record after this shard's starts at byte %llu",
		    rd->range_stop);
	diag_set_at(d, DIAG_SHARD_BOUNDARY,
	    (struct diag_pos){ line_at(rd, at), 1, at }, 1,
	    "the next shard starts at byte %llu, but %s: %s; shard by records "
	    "(--shard-by records)",
	    next == RANGE_NONE ? end : next, after,
	    rd->entry->unbounded != NULL ? rd->entry->unbounded :
					   "a record not on a line of its own");
	return 0;
}
