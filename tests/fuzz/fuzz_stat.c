/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: gamestat's readers (src/report/read-*.c) on arbitrary
 * bytes.  The first byte picks what is read, as src/batch/stat-*.c read it:
 * a report stream (report_read_game, grouped by nothing or by the Event
 * tag, each game counted with stat_add) or partial summaries
 * (report_read_partial, as --merge and the -j workers' results); the rest
 * is the input.  An error must carry a code of the catalogue and point
 * inside the input.  The input is read twice and must give the same
 * games, the same summary and the same diagnostic.  A summary read
 * without error must be possible (stat_group_inconsistent), and written
 * as a partial and read back it must be the same summary: a partial
 * holds all a summary is computed from (formats/summary.md), and -j hands
 * its workers' counts back that way.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "report/report.h"

/* What one read of the input gave. */
struct outcome {
	uint64_t    games;   /* hash of the games read (reports) */
	char	   *summary; /* the summary as a partial, or NULL */
	size_t	    len;
	int	    rc; /* the last call's: 0 or -1 */
	struct diag d;
	bool	    refused; /* stat_add refused a game (colours differ) */
};

/* A string or its absence (NULL), told apart from "". */
static uint64_t
hash_str(uint64_t h, const char *s)
{
	return s == NULL ? fuzz_hash(h, "\1", 1) :
			   fuzz_hash(h, s, strlen(s) + 1);
}

/* What a game read from a report is: every field stat_add looks at. */
static uint64_t
hash_game(uint64_t h, const struct stat_game *g)
{
	size_t i;

	h = hash_str(h, g->value);
	h = hash_str(h, g->game);
	h = hash_str(h, g->board);
	for (i = 0; i < 2; i++) {
		h = hash_str(h, g->colour[i]);
		h = hash_str(h, g->player[i]);
	}
	h = fuzz_hash(h, &g->status, sizeof g->status);
	h = fuzz_hash(h, &g->cause, sizeof g->cause);
	h = fuzz_hash(h, &g->turns, sizeof g->turns);
	h = fuzz_hash(h, &g->actions, sizeof g->actions);
	h = fuzz_hash(h, &g->winner, sizeof g->winner);
	h = fuzz_hash(h, &g->swapped, sizeof g->swapped);
	h = fuzz_hash(h, &g->has_score, sizeof g->has_score);
	h = fuzz_hash(h, g->points, sizeof g->points);
	FUZZ_CHECK(g->nseries <= STAT_MAX_SERIES);
	for (i = 0; i < g->nseries; i++) {
		h = hash_str(h, g->series[i].name);
		h = fuzz_hash(h, g->series[i].value, sizeof g->series[i].value);
	}
	return h;
}

/*
 * The last line a diagnostic may point at: the input's lines, every line
 * break libyaml knows (LF, CR, CR LF once, and in UTF-8 NEL, LS and PS)
 * ending one, and one more, for the end of the input: libyaml ends an
 * unterminated last line itself, at the stream's end, so an error found
 * there is on the line after it.  An input with a UTF-16 byte order mark
 * is transcoded first: a byte a line bounds it.
 */
static size_t
max_lines(const uint8_t *data, size_t size)
{
	size_t i, n = 0;
	bool   open = false; /* the last line has no break yet */

	if (size >= 2 &&
	    ((data[0] == 0xfe && data[1] == 0xff) ||
		(data[0] == 0xff && data[1] == 0xfe)))
		return size + 1;
	for (i = 0; i < size; i++) {
		open = false;
		if (data[i] == '\n' ||
		    (data[i] == '\r' && (i + 1 == size || data[i + 1] != '\n')))
			n++;
		else if (i + 1 < size && data[i] == 0xc2 && data[i + 1] == 0x85)
			n++, i++;
		else if (i + 2 < size && data[i] == 0xe2 &&
		    data[i + 1] == 0x80 &&
		    (data[i + 2] == 0xa8 || data[i + 2] == 0xa9))
			n++, i += 2;
		else
			open = data[i] != '\r';
	}
	return n + open + 1;
}

/*
 * An error of a memory stream is a diagnostic (no read error can happen,
 * and running out of memory is libFuzzer's to report): a code of the
 * catalogue, a message, a position inside the input.
 */
static void
check_diag(const uint8_t *data, size_t size, const struct diag *d)
{
	FUZZ_CHECK(d->code != DIAG_NONE && d->code < DIAG_NCODES);
	FUZZ_CHECK(diag_name(d->code) != NULL);
	FUZZ_CHECK(d->msg[0] != '\0' && strlen(d->msg) < sizeof d->msg);
	FUZZ_CHECK(d->at.line >= 1 && d->at.line <= max_lines(data, size));
	FUZZ_CHECK(d->at.col >= 1 && d->at.col <= d->at.offset + 1);
	FUZZ_CHECK(d->at.offset <= size);
}

/* Every group is possible, as stat_add and the partial reader keep them. */
static void
check_consistent(const struct stat_summary *s)
{
	char   why[256];
	size_t i;

	for (i = 0; i < s->ngroups; i++)
		if (stat_group_inconsistent(s->group[i], why, sizeof why) !=
		    NULL) {
			fprintf(stderr, "group %zu inconsistent: %s\n", i, why);
			abort();
		}
}

/* s as a partial summary, in a buffer the caller frees. */
static char *
write_partial(const struct stat_summary *s, size_t *len)
{
	char *buf = NULL;
	FILE *f;

	FUZZ_CHECK((f = open_memstream(&buf, len)) != NULL);
	FUZZ_CHECK(report_summary_write(f, s, true) == 0);
	FUZZ_CHECK(fclose(f) == 0);
	return buf;
}

/*
 * Reads a partial written by report_summary_write, which must read
 * without error into a summary that writes back the same bytes.
 */
static void
round_trip(char *buf, size_t len)
{
	struct report_reader *rd;
	struct stat_summary  *s = NULL;
	struct diag	      d;
	char		     *again;
	size_t		      n;
	FILE		     *f;
	int		      rc;

	FUZZ_CHECK((f = fmemopen(buf, len, "r")) != NULL);
	FUZZ_CHECK((rd = report_reader_new(f, "again", NULL, 0)) != NULL);
	if ((rc = report_read_partial(rd, &s, &d)) != 1) {
		fprintf(stderr,
		    "a partial written does not read back: %s: %s\n%.*s\n",
		    diag_name(d.code) != NULL ? diag_name(d.code) : "?", d.msg,
		    (int)len, buf);
		abort();
	}
	FUZZ_CHECK(report_read_partial(rd, &s, &d) == 0);
	report_reader_free(rd);
	fclose(f);
	check_consistent(s);
	again = write_partial(s, &n);
	if (n != len || memcmp(again, buf, len) != 0) {
		fprintf(stderr,
		    "a partial read back writes otherwise:\n"
		    "%.*s\n----\n%.*s\n",
		    (int)len, buf, (int)n, again);
		abort();
	}
	free(again);
	stat_summary_free(s);
}

/* Reads the input as `what' says (0: partials, 1: reports, 2: by Event). */
static void
read_input(const uint8_t *data, size_t size, int what, struct outcome *o)
{
	const char	     *by = what == 2 ? "Event" : NULL;
	struct report_reader *rd;
	struct stat_summary  *s = NULL;
	struct stat_game      g;
	unsigned long	      n = 0;
	char		     *copy;
	FILE		     *fp;

	memset(o, 0, sizeof *o);
	o->games = FUZZ_HASH_START;
	if ((fp = fuzz_stream(data, size, &copy)) == NULL)
		abort();
	FUZZ_CHECK((rd = report_reader_new(fp, "fuzz", NULL, 0)) != NULL);
	if (what == 0)
		while ((o->rc = report_read_partial(rd, &s, &o->d)) == 1)
			FUZZ_CHECK(s != NULL && ++n <= size);
	else {
		FUZZ_CHECK((s = stat_summary_new(by)) != NULL);
		while ((o->rc = report_read_game(rd, by, &g, &o->d)) == 1) {
			/* A report is more than one byte of input. */
			FUZZ_CHECK(++n <= size);
			o->games = hash_game(o->games, &g);
			if (stat_add(s, &g) == -1) {
				/* gamestat stops there (exit 3). */
				FUZZ_CHECK(errno == EINVAL);
				o->refused = true;
				break;
			}
		}
	}
	/* Refused by stat_add, the loop left with a game read (rc 1). */
	FUZZ_CHECK(o->rc == 0 || o->rc == -1 || (o->refused && o->rc == 1));
	if (o->rc == -1) {
		check_diag(data, size, &o->d);
		/* After an error the reader goes no further. */
		FUZZ_CHECK(
		    (what == 0 ? report_read_partial(rd, &s, &o->d) :
				 report_read_game(rd, by, &g, &o->d)) == 0);
	}
	report_reader_free(rd);
	fclose(fp);
	free(copy);
	if (s != NULL) {
		FUZZ_CHECK(s->by == NULL ? by == NULL || what == 0 :
					   what == 0 || strcmp(s->by, by) == 0);
		check_consistent(s);
		o->summary = write_partial(s, &o->len);
		stat_summary_free(s);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct outcome a, b;
	int	       what;

	if (size < 1)
		return 0;
	what = data[0] % 3;
	read_input(data + 1, size - 1, what, &a);
	read_input(data + 1, size - 1, what, &b);
	FUZZ_CHECK(
	    a.games == b.games && a.rc == b.rc && a.refused == b.refused);
	FUZZ_CHECK((a.summary == NULL) == (b.summary == NULL));
	FUZZ_CHECK(a.summary == NULL ||
	    (a.len == b.len && memcmp(a.summary, b.summary, a.len) == 0));
	if (a.rc == -1) {
		FUZZ_CHECK(a.d.code == b.d.code);
		FUZZ_CHECK(strcmp(a.d.msg, b.d.msg) == 0);
		FUZZ_CHECK(memcmp(&a.d.at, &b.d.at, sizeof a.d.at) == 0);
	}
	/*
	 * What was counted before an error is counted too (gamestat writes
	 * it with the error), so every summary round-trips.
	 */
	if (a.summary != NULL)
		round_trip(a.summary, a.len);
	free(a.summary);
	free(b.summary);
	return 0;
}
