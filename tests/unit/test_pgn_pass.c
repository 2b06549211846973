/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the notation's pass (skip_pgn in read-pgn.c, what a -j
 * worker does to the records of the others): records passed over end
 * where reading them ends them, so that the records read between them
 * are the same, numbers, positions, errors and all, and an input ending
 * inside a record is told the same.  The inputs are hostile pieces
 * (comments holding braces, semicolons, '[' and results, % lines, records
 * of no tag, tags and results sharing lines with movetext, NULs, lines
 * far longer than a block) run together in random orders, with LF, CRLF,
 * CR and mixed line ends, and cut short at the end.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "record/record.h"
#include "reading.h"
#include "unit.h"

#define PIECE(s) \
	{ \
		s, sizeof s - 1 \
	}

/* Pieces of the notation, whole records or not: each ends a line. */
static const struct {
	const char *text;
	size_t	    len;
} pieces[] = {
	PIECE("[Event \"a\"]\n[Game \"reversi\"]\n\n"
	      "1. f5 d6 2. c3 d3 3. c4 f4 *\n\n"),
	PIECE("[Result \"33-31\"]\n1. f5 {a comment\n"
	      "[Event \"inside\"] 1-0 [%clk 0:01:00]\n"
	      "} d6 2. c3 [%clk 0:00:59] d3 *\n"),
	PIECE("[Event \"b\"] [Game \"reversi\"] f5 d6 c3 33-31\n"),
	PIECE("f5 d6 c3 * f5 f6 e6 0-1\n"),
	PIECE("%[Event \"escaped\"] 1-0\n"),
	PIECE("f5 ; 1-0 in a ; comment\nd6 1. 2.* } f5 *\n"),
	PIECE("[Event \"d\"]\nf5 d6\n"),
	PIECE("[Event x]\n[Event \"a \\\"q\\\" b\"]\n[Event \"unclosed]\n\n"),
	PIECE("{just a comment} {and [Event \"another\"]\none} f5 d6 "
	      "1/2-1/2\n"),
	PIECE("{between}\n"),
	PIECE("f5 {[%clk 1:00]} d6 c3 *\n"),
	PIECE("1. f5 d6 2. c3-d3 e6-f7 [x] y[z 1-0  \t\n"),
	PIECE("1.f5 2.d6 3.c3 31.46-18\n"),
	PIECE("  \t[Event \"sp\"]  \t\n\t1. f5\t d6 *  \t \n"),
	PIECE("[Event \"e\"]\n1. f5 d6 2. c3 d3\n[Event \"f\"]\n"),
	PIECE("f5 d6 *[Event \"g\"] f5 *\n"),
	PIECE("f5 d6 1-0 {after the result}\n"),
	PIECE("f5 d6 1-0 ; after the result\n"),
	PIECE("}stray f5 *\n"),
	PIECE("\x1b f5 \x1b-1 \x1b[ *\n"),
	PIECE("f5 \0 d6 \0-\0 *\n"),
	PIECE("[Event \"n\"]\n\n1. f5 d6 2. c3 d3 3. c4 f4 4. f3 e6 5. e7 f7 "
	      "6. c5 b6 7. g5 e3\n8. d7 c6 9. b4 f6 10. g6 h5 11. g4 b5 "
	      "12. a6 a5 13. a4 c7 14. f2 f1\n15. c8 d8 16. e8 b8 17. h4 g3 "
	      "18. e2 f8 19. g8 h3 20. h6 g7 21. h8 h7\n22. d1 c1 23. d2 e1 "
	      "24. c2 b1 25. b3 a3 26. a2 a1 27. b2 g1 28. g2 h1\n29. h2 b7 "
	      "30. a8 pass 31. a7 34-30\n\n"),
	PIECE("f5 d6 [Event \"on the line\"] d6 *\n"),
	PIECE("*\n1. *\n"),
	PIECE("[A \"1\"][B \"2\"]f5 *\n"),
	PIECE("[Event \"v\"] junk\nf5 *\n"),
	PIECE(" %x f5 *\n"),
	PIECE("[Event \"t\"]\n%f5 d6 *\n[Game \"reversi\"]\n"),
	PIECE("1. f5 {open\n%not an escape\n[Event \"no\"] *\n;} d6 *\n"),
	PIECE("[Event \"x\"]\n{\n}\n;f5\n[Event \"y\"]\nf5 -- - * -*- 1-\n"
	      "2-3-4 0-1\n"),
	PIECE("1. f5 d6\n\n\n2. c3 d3\n  \n3. 1-0\n"),
	PIECE("[Event \"\xef\xbb\xbf\"] f5 *\n"),
	PIECE("[Event \"q\" ]\n[ Game \"reversi\"]\n[Event \"y\"x]\nf5 *\n"),
	PIECE("[Event \"y\"x\n[Event \"z\"\n"),
	PIECE("[ \"nameless\"]\n"),
	PIECE("f5 d6\n1/2-1/2\nf5\n0-1\n"),
	PIECE("\xef\xbb\xbf"
	      "1. f5 *\n"),
	PIECE("\xef\xbb\xbf[Event \"bom\"]\nf5 *\n"),
	PIECE("[Event \"h\"]\n[event \"h\"]\n  [Round \"1\"]   \n\n"
	      "1. f5 d6 2. c3 } d3\n3... c4 1. f4 \v\f\n4. f3\0 e6 *\n"),
	PIECE("[Event \"i\"]\n%esc\n[Site \"a\\\\b\"]\n\t[Date \"d\"]\n"
	      "1.f5 d6 2.c3\n e6 } }f5 a10 I9 pa pass --\n \n0-1\n"),
	PIECE("[Event \"j\"]\n[Site \"s\"] [Round \"2\"]\n[Date\t\"x\"]\n"
	      "1. f5 d6 2. c3 d3}\n99999999999999999999. c4\n[Event \"k\"]\n"),
	/* Runs of numbers and squares (fast_movetext) and their edges. */
	PIECE("1. f5 d6 2. c3 d3 3. c4 f4 4. f3 e6 5. e7 f7 6. c5 b6 7. g5 "
	      "e3 8. d7 c6 9. b4 f6 10. g6 h5 11. g4 b5\n12.  a6  a5 13.\ta4 "
	      "c7 14.f2 f1 F5 p0 a0 a10 01. 15 . c8 2. d8 16... e8 pass 17. "
	      "d1 *\n"),
	PIECE("1. f5 d6 2.\n c3\nd3\n3. c4 2. f4 3... f3 e6}\n4. e7 f7\n"
	      "5. c5 2 6. b6 g5\f7. e3 d7\v8. c6 b4\r\n9. f6 g6 10 h5 *\n"),
	PIECE("1. f5 d6 2. c3 d3 f5} 3. c4\0 f4 4. f3 10. e6 5.. e7 1 f7 "
	      "6. c5{x} b6 7. g5 e3 *\n"),
	PIECE("3. f5 1... d6 1. c3 d3 2. c4 f4 3. f3 e6 4.e7 f7 5. c5 b6 "
	      "6. g5 e3 0-1\n"),
	/* Lines read whole as they are passed (plain_movetext). */
	PIECE("[Event \"p\"]\n1. f5 pass 2. PASS Pass 3. pasS passe pas 4. c3 "
	      "pass\n5. pass\tf4 6. pass{x} e6 pass;\nf3 *\n"),
	PIECE("[Event \"l\"]\n1. f5 d6 2.\n c3 d3 3.\r\nc4 f4 4.\rf3 e6 5. e7\r"
	      "pass\r\nf7 pass\rc5 \n6. b6 \r\n7. 1-0\n"),
	PIECE("[Event \"m\"]\n1. f5 d6 2. c3 d3 3. c4 f4 4. f3 e6 5. e7 f7 "
	      "6. c5 b6 7. g5 e3 8. d7 c6 9. b4 f6 10. g6 h5 11. g4\n"
	      "b5 12. a6 a5 13. a4 c7 14. f2 f1 15. c8 d8 16. e8 b8\n"
	      "17. h4 g3 1O. e2 f8 19 g8\n20. h3 pass 21 pass\n"
	      "22. h6 g7 22. h8 *\n"),
	/* Tags' names and values about 16 bytes long (plain_tag). */
	PIECE("[AVeryLongTagNameOf_Bytes09 \"a value longer than sixteen\"]\n"
	      "[Nam\xc3\xa9 \"x\"]\n[N@me \"x\"]\n[N`me \"x\"]\n"
	      "[Name{ \"x\"]\n[Nz_Z09az_AZ09az \"0123456789abcde\\\\f\"]\n"
	      "[Z2 \"0123456789abcdef\rg\"]\n[Z3 \"0123456789abcd\"]\n"
	      "[Z4 \"0123456789abcdefghij\"]  \t\n[Z5 \"\x80\xff\"]\nf5 *\n"),
	PIECE("[Event \"u\"]\n1. f5 d6 10-20\t\n[Event \"v\"]\n1. f5 46-18x\n"
	      "[Event \"w\"]\n1. f5 -5 6- 1--2 46-18 \r\n[Event \"x\"]\n"
	      "1. f5 46-18}\n[Event \"y\"]\n1. f5 3-4 *\n"),
	PIECE("[Event \"r\"]\n1. f5 d6 2. c3 d3 3. c4 2-0\n"
	      "[Event \"s\"]\n1. f5 d6 2. c3 d3 3. c4 f4 1/2-1/2 \n"
	      "[Event \"t\"]\n1. f5 d6 2. c3 d3 3. c4 f4 4.33-31\n"),
};

#define NPIECES (sizeof pieces / sizeof pieces[0])

/* A long line: n bytes of "f5 d6 ", or of a comment's look-alikes. */
static size_t
long_line(char *out, size_t n, int comment)
{
	static const char *fill[] = { "f5 d6 ", "x1-0 [y {z ;w * " };
	const char	  *f = fill[comment];
	size_t		   k = strlen(f), len = 0;

	if (comment)
		len += (size_t)sprintf(out, "f5 {");
	for (; len + k < n; len += k)
		memcpy(out + len, f, k);
	len += (size_t)sprintf(out + len, "%s", comment ? "} d6 *\n" : "*\n");
	return len;
}

/* The next of a small generator of pseudo-random numbers (xorshift). */
static uint32_t
next_rand(uint32_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 17;
	*x ^= *x << 5;
	return *x;
}

/*
 * An input of about n bytes in out: the pieces in a random order (seed),
 * now and then a long line (unless none is long), line ends by ends (0 LF,
 * 1 CRLF, 2 CR, 3 any of them), cut short at a random byte of its last
 * piece (cut).
 */
static size_t
make_input(char *out, size_t n, uint32_t seed, int ends, int cut, int long_ok)
{
	static char line[150000];
	size_t	    len = 0, k, i, last = 0;
	uint32_t    x = seed;
	const char *s;
	int	    e;

	while (len < n) {
		last = len;
		/* A long line about once in 25 kB. */
		k = next_rand(&x) % (NPIECES * 16 + 2);
		if (k < NPIECES * 16 || !long_ok) {
			s = pieces[k % NPIECES].text;
			k = pieces[k % NPIECES].len;
		} else {
			k = long_line(line,
			    40000 + next_rand(&x) % (sizeof line - 40000),
			    k % 2);
			s = line;
		}
		for (i = 0; i < k; i++) {
			if (s[i] != '\n') {
				out[len++] = s[i];
				continue;
			}
			e = ends < 3 ? ends : (int)(next_rand(&x) % 3);
			if (e != 0)
				out[len++] = '\r';
			if (e != 2)
				out[len++] = '\n';
		}
	}
	if (cut)
		len = last + next_rand(&x) % (len - last);
	return len;
}

/* What a record read gives, to be compared. */
struct seen {
	unsigned long	index;
	struct diag_pos start;
	enum diag_code	code;
	struct diag_pos at;
	size_t		ntags;
	size_t		nturns;
	bool		has_result;
	bool		in_tags;
	struct diag_pos tags_at;
};

static void
assert_pos_eq(struct diag_pos a, struct diag_pos b)
{
	ck_assert_uint_eq(a.line, b.line);
	ck_assert_uint_eq(a.col, b.col);
	ck_assert_uint_eq(a.offset, b.offset);
}

/*
 * Reads text[len] whole, then again passing over every k-th record but
 * the r-th (for k 2 and 3): the records read are the same, and so are
 * where each ended in its tags and the count at the end.
 */
static void
check_passes(const char *text, size_t len)
{
	static struct seen   all[20000];
	const struct record *rec;
	struct diag_pos	     at;
	size_t		     n = 0, i, k, r;
	int		     rc;

	rd = record_reader_new_buffer(syn, text, len, "test", RECORD_PGN);
	ck_assert_ptr_nonnull(rd);
	while ((rc = record_reader_next(rd, &rec)) == 1) {
		ck_assert_uint_lt(n, sizeof all / sizeof all[0]);
		all[n] = (struct seen){ rec->index, rec->start, rec->error.code,
			rec->error.at, rec->ntags, rec->nturns, rec->has_result,
			false, { 0, 0, 0 } };
		all[n].in_tags = record_reader_ended_in_tags(
		    rd, &all[n].tags_at);
		n++;
	}
	ck_assert_int_eq(rc, 0);
	reader_close();
	for (k = 2; k <= 3; k++)
		for (r = 0; r < k; r++) {
			rd = record_reader_new_buffer(
			    syn, text, len, "test", RECORD_PGN);
			for (i = 0; i < n; i++) {
				if (i % k != r) {
					ck_assert_int_eq(
					    record_reader_skip(rd), 1);
				} else {
					ck_assert_int_eq(
					    record_reader_next(rd, &rec), 1);
					ck_assert_uint_eq(
					    rec->index, all[i].index);
					assert_pos_eq(rec->start, all[i].start);
					ck_assert_int_eq(
					    rec->error.code, all[i].code);
					assert_pos_eq(rec->error.at, all[i].at);
					ck_assert_uint_eq(
					    rec->ntags, all[i].ntags);
					ck_assert_uint_eq(
					    rec->nturns, all[i].nturns);
					ck_assert(rec->has_result ==
					    all[i].has_result);
				}
				ck_assert(record_reader_ended_in_tags(
					      rd, &at) == all[i].in_tags);
				if (all[i].in_tags)
					assert_pos_eq(at, all[i].tags_at);
			}
			/* Nothing more, read or passed over. */
			ck_assert_int_eq(record_reader_skip(rd), 0);
			reader_close();
		}
}

/*
 * What reading gives of text[len], every record in full, its turns,
 * tags, notes, stamps, squares and diagnostic (positions, message), in
 * a stream: the reader's lines held for --max-record-size max (0: the
 * default).
 */
static char *
describe_reading(const char *text, size_t len, size_t max)
{
	const struct record *rec;
	const uint8_t	    *sq;
	struct diag_pos	     at;
	char		    *out = NULL;
	size_t		     n = 0, i;
	FILE		    *f = open_memstream(&out, &n);
	int		     rc;

	ck_assert_ptr_nonnull(f);
	rd = record_reader_new_buffer(syn, text, len, "test", RECORD_PGN);
	ck_assert_ptr_nonnull(rd);
	record_reader_max_size(rd, max);
#define POS(p) (p).line, (p).col, (p).offset
	while ((rc = record_reader_next(rd, &rec)) == 1) {
		fprintf(f, "record %lu at %lu:%lu+%llu malformed %d\n",
		    rec->index, POS(rec->start), rec->malformed);
		if (rec->malformed)
			fprintf(f, " error %d at %lu:%lu+%llu len %zu: %s\n",
			    rec->error.code, POS(rec->error.at), rec->error.len,
			    rec->error.msg);
		for (i = 0; i < rec->ntags; i++) {
			fprintf(f, " tag %s at %lu:%lu+%llu =", rec->tags[i].name,
			    POS(rec->tags[i].at));
			fwrite(rec->tags[i].value, 1, rec->tags[i].value_len, f);
			fprintf(f, "\n");
		}
		sq = record_squares(rec);
		for (i = 0; i < rec->nturns; i++) {
			fprintf(f, " turn at %lu:%lu+%llu sq %d ",
			    POS(rec->turns[i].at), sq != NULL ? sq[i] : -1);
			fwrite(rec->turns[i].text, 1, rec->turns[i].len, f);
			fprintf(f, "\n");
		}
		for (i = 0; i < rec->nstamps; i++)
			fprintf(f, " stamp %d turn %zu at %lu:%lu+%llu %.*s\n",
			    rec->stamps[i].kind, rec->stamps[i].turn,
			    POS(rec->stamps[i].at), (int)rec->stamps[i].len,
			    rec->stamps[i].text);
		for (i = 0; i < rec->nnotes; i++)
			fprintf(f, " note %zu %s %s %s %s %s %s\n",
			    rec->notes[i].turn, rec->notes[i].eval,
			    rec->notes[i].time, rec->notes[i].depth,
			    rec->notes[i].nodes, rec->notes[i].best,
			    rec->notes[i].loss);
		if (rec->has_result)
			fprintf(f, " result at %lu:%lu+%llu %.*s\n",
			    POS(rec->result.at), (int)rec->result.len,
			    rec->result.text);
		if (rec->has_warning)
			fprintf(f, " warning %d at %lu:%lu+%llu: %s\n",
			    rec->warning.code, POS(rec->warning.at),
			    rec->warning.msg);
		if (record_reader_ended_in_tags(rd, &at))
			fprintf(f, " ended in tags at %lu:%lu+%llu\n", POS(at));
	}
#undef POS
	fprintf(f, "end %d\n", rc);
	reader_close();
	ck_assert_int_eq(fclose(f), 0);
	return out;
}

/*
 * text[len] read as it is and with lines held for a --max-record-size
 * below a block's (the lines copied one by one, none read in the block,
 * build_lines): the same records, byte for byte, the same diagnostics.
 * No line of text is as long as a block.
 */
static void
check_block_lines(const char *text, size_t len)
{
	char *a = describe_reading(text, len, 0);
	char *b = describe_reading(text, len, 65535);

	ck_assert_str_eq(a, b);
	free(a);
	free(b);
}

/* % lines of 100 bytes or fewer, n bytes in all: returns n. */
static size_t
escape_lines(char *text, size_t n)
{
	size_t len, k;

	for (len = 0; len < n; len += k) {
		k = n - len < 100 ? n - len : 100;
		memset(text + len, 'x', k);
		text[len] = '%';
		text[len + k - 1] = '\n';
	}
	return len;
}

/*
 * Each piece alone, and cut short at each of its bytes; at the input's
 * start, and after a line (the first line is read, not passed).
 */
START_TEST(pass_ends_pieces_where_reading_does)
{
	static char buf[400];
	size_t	    i, k, first;

	for (first = 0; first < 2; first++)
		for (i = 0; i < NPIECES; i++)
			for (k = 0; k <= pieces[i].len; k++) {
				buf[0] = '\n';
				memcpy(buf + first, pieces[i].text, k);
				check_passes(buf, first + k);
				check_block_lines(buf, first + k);
			}
}
END_TEST

/* The pieces run together over many blocks (_i: the line ends). */
START_TEST(pass_ends_runs_of_pieces_where_reading_does)
{
	static char text[1 << 20];
	size_t	    len;
	uint32_t    seed;

	for (seed = 1; seed <= 6; seed++) {
		len = make_input(text, 400000,
		    seed * 2654435761u + (uint32_t)_i, _i, (int)(seed % 2), 1);
		check_passes(text, len);
	}
}
END_TEST

/*
 * Read as by copied lines: the pieces run together over many blocks, no
 * line long; and records at every byte of a block's end after lines of
 * % escapes (_i: the line ends).
 */
START_TEST(reading_in_the_block_as_by_lines)
{
	static const char *recs[] = { "[Event \"a\"]\r\n1. f5 d6 *\r\n\r\n",
		"[Event \"b\"]\r[Round \"3\"]\r1. f5 d6\r2. c3 0-1\r\r",
		"[Event \"c\"]\n[Site \"x\"]\nf5 d6\nc3 }\n[Event \"d\"]\n",
		"[Event \"e\"]\r\n1. f5 pass 2. c3 d3\r\n3. c4 f4 4. f3\r\n"
		"e6 pass 33-31\r\n\r\n" };
	static char	   text[1 << 20];
	size_t		   len, pad, k;
	uint32_t	   seed;

	for (seed = 1; seed <= 3; seed++) {
		len = make_input(text, 300000,
		    seed * 2246822519u + (uint32_t)_i, _i, (int)(seed % 2), 0);
		check_block_lines(text, len);
	}
	for (pad = 0; pad < 120; pad += 1 + (size_t)_i) {
		/* % lines of 100 bytes or fewer to 100 - pad short of it. */
		len = escape_lines(text, 65536 - 100 + pad);
		for (k = 0; k < 12; k++)
			len += (size_t)sprintf(text + len, "%s", recs[k % 4]);
		check_block_lines(text, len);
	}
}
END_TEST

/*
 * Records of many short lines of moves (LF: plain_movetext reads on from
 * one to the next) at every byte of the first block's end, read as by
 * copied lines: a line the block holds part of after lines read whole.
 */
START_TEST(reading_lines_of_moves_across_the_block_end)
{
	static const char *recs[] = {
		"[Event \"f\"]\n1. f5 d6\n2. c3 d3\n3. c4 f4\n4. f3 pass\npass e6\n"
		"5. e7\nf7 6.\nc5 } b6\n7. g5 e3 *\n\n",
		"[Event \"g\"]\n1. f5 d6 2. c3\nd3 3. c4 f4\nF3 e6\n{x} e7\n"
		"5... f7 6. c5\n\n7. b6 1-0\n"
	};
	static char text[70000];
	size_t	    len, pad, k;

	for (pad = 0; pad < 200; pad++) {
		len = escape_lines(text, 65536 - 150 + pad);
		for (k = 0; k < 6; k++)
			len += (size_t)sprintf(text + len, "%s", recs[k % 2]);
		check_block_lines(text, len);
		check_passes(text, len);
	}
}
END_TEST

/*
 * Records of 120 numbered moves (every move number plain_tokens compares,
 * 1 to 99, and those past it), a number missed or doubled at each turn
 * of one of them: read as by copied lines, and passed over.
 */
START_TEST(reading_every_move_number)
{
	static char text[1 << 18];
	size_t	    len = 0, n, skip;

	for (skip = 0; skip < 245; skip += 2) {
		len += (size_t)sprintf(text + len, "[Event \"%zu\"]\n", skip);
		for (n = 0; n < 240; n++) {
			if (n % 2 == 0 && n != skip)
				len += (size_t)sprintf(text + len, "%zu. ",
				    n / 2 + 1 + (n == skip + 2));
			len += (size_t)sprintf(text + len, "%s%s",
			    n % 3 ? "f5" : "pass", n % 9 == 8 ? "\n" : " ");
		}
		len += (size_t)sprintf(text + len, "*\n\n");
	}
	check_block_lines(text, len);
	check_passes(text, len);
}
END_TEST

/*
 * Records with CRLF, CR and LF line ends at every byte of the first
 * block's end: a line end split across blocks (CR LF), a line the block
 * holds all but its end of, a result or a tag at the block's last byte.
 */
START_TEST(pass_ends_records_across_the_block_end)
{
	static const char *recs[] = { "[Event \"a\"]\r\n1. f5 d6 *\r\n\r\n",
		"[Event \"b\"]\r1. f5 d6 0-1\r\r", "f5 d6\n[Event \"c\"]\n" };
	static char	   text[70000];
	size_t		   len, pad, k;

	for (pad = 0; pad < 120; pad++) {
		/* A first line that ends pad bytes short of the window. */
		len = (size_t)sprintf(text, "%%");
		memset(text + len, 'x', 65536 - 100 + pad);
		len += 65536 - 100 + pad;
		text[len++] = '\n';
		for (k = 0; k < 12; k++)
			len += (size_t)sprintf(text + len, "%s", recs[k % 3]);
		check_passes(text, len);
	}
}
END_TEST

/*
 * Records of numbered pairs of squares, "N. f5 d6 " (plain_tokens takes
 * each in one step), with one byte changed at each byte of the movetext
 * (a line end, a blank, a brace, a NUL, a byte of no square, an upper
 * case file, a '-'), and lines wrapped at every width from 10 to 40 bytes
 * (lines of exactly 16 and 32 bytes among them): read as by copied lines
 * (one token at a time), and passed over.
 */
START_TEST(reading_pairs_of_squares_at_every_byte)
{
	static const char moves[] = "1. f5 d6 2. c3 d3 3. c4 f4 4. f3 e6 "
				    "5. e7 f7 6. c5 b6 7. g5 e3 8. d7 c6 "
				    "9. b4 f6 10. g6 h5 11. g4 b5 12. a6 a5 ";
	static const char bytes[] = "\n\r\t }{\0zP-9.a0";
	static char	  text[1 << 17];
	size_t		  len = 0, j, b, w, col, k;
	char		  m[sizeof moves];

	for (j = 0; j < sizeof moves - 1; j++)
		for (b = 0; b < sizeof bytes - 1; b++) {
			memcpy(m, moves, sizeof moves);
			m[j] = bytes[b];
			len += (size_t)sprintf(
			    text + len, "[Event \"%zu\"]\n", j);
			/* Wrapped at a space past width w (10 to 40). */
			w = 10 + (j + b) % 31;
			for (k = col = 0; k < sizeof moves - 1; k++, col++) {
				if (m[k] == ' ' && col >= w) {
					text[len++] = (j + b) % 3 ? '\n' : '\r';
					if ((j + b) % 3 == 0)
						text[len++] = '\n';
					col = 0;
					continue;
				}
				text[len++] = m[k];
			}
			len += (size_t)sprintf(text + len, "*\n\n");
			if (len > sizeof text - 400) {
				check_block_lines(text, len);
				check_passes(text, len);
				len = 0;
			}
		}
	check_block_lines(text, len);
	check_passes(text, len);
}
END_TEST

/*
 * A record's text moved (grown) after turns that point into it were read
 * in the block (plain_tokens leaves their offsets unset): a stamp, a
 * note or a result of every length to 600 bytes after one to three lines
 * of moves, in a reader whose arrays a record of 40 turns grew before
 * (so that plain_tokens reads the next record's from its first) and in a
 * new one; read as by copied lines (every offset set).
 */
START_TEST(reading_turns_as_the_text_moves)
{
	static const char *after[][2] = { { "{[%at ", "]}" },
		{ "{[%eval ", "]}" }, { "", "-1" },
		{ "{[%leave ", "]} pass" } };
	static char	   text[8192], fill[700], first[400];
	size_t		   len, n, lines, k, t;

	memset(fill, '1', sizeof fill - 1);
	len = (size_t)sprintf(first, "[Event \"warm\"]\n");
	for (t = 1; t <= 20; t++)
		len += (size_t)sprintf(
		    first + len, "%zu. f5 d6%s", t, t % 8 ? " " : "\n");
	(void)sprintf(first + len, "*\n\n");
	for (n = 0; n < 600; n += 1 + n / 64)
		for (lines = 1; lines <= 3; lines++)
			for (k = 0; k < 4; k++) {
				fill[n] = '\0';
				len = (size_t)sprintf(
				    text, "%s", n % 2 ? first : "");
				len += (size_t)sprintf(text + len,
				    "[Event \"a\"]\n1. f5 d6 2. c3 d3\n"
				    "%s%s3. c4 f4 4. f3 e6 ",
				    lines > 1 ? "3. c4 f4 4. f3 e6\n" : "",
				    lines > 2 ? "5. e7 f7 6. c5 b6\n" : "");
				len += (size_t)sprintf(text + len, "%s%s%s",
				    after[k][0], fill, after[k][1]);
				len += (size_t)sprintf(text + len,
				    " f5 d6 *\n\n[Event \"b\"]\n"
				    "1. f5 d6 2. c3 d3\n*\n");
				fill[n] = '1';
				check_block_lines(text, len);
			}
}
END_TEST

/*
 * A new reader's first records, of 1 to 400 turns on lines of 1 to 9
 * numbered pairs (plain_room grows the arrays for 128 turns more where
 * plain_movetext finds less room, the text moving as it reads): read in
 * the block as by copied lines.
 */
START_TEST(reading_first_records_as_room_grows)
{
	static char text[1 << 16];
	size_t	    len, n, t, w;

	for (n = 1; n <= 400; n += 1 + n / 32)
		for (w = 1; w <= 9; w += 4) {
			len = (size_t)sprintf(text, "[Event \"a\"]\n");
			for (t = 0; t < n; t++) {
				if (t % 2 == 0)
					len += (size_t)sprintf(
					    text + len, "%zu. ", t / 2 + 1);
				len += (size_t)sprintf(text + len, "%s%s",
				    t % 7 == 6 ? "pass" : "f5",
				    t % (2 * w) == 2 * w - 1 ? "\n" : " ");
			}
			len += (size_t)sprintf(text + len,
			    "*\n\n[Event \"b\"]\n1. f5 d6 2. c3 *\n");
			check_block_lines(text, len);
		}
}
END_TEST

/*
 * Records whose last line ends in a score or what is nearly one (digits,
 * a dash and digits: plain_score), after moves on its line, alone, after
 * a move number, then blanks or not and each line end: read in the block
 * as by copied lines, and passed over.
 */
START_TEST(reading_scores_ending_a_line)
{
	static const char *scores[] = { "46-18", "0-64", "1-2-3", "46-", "-18",
		"46--18", "046-018", "99999999999999999999-1", "46-18x",
		"46-18*", "4-6-", "4-6*", "*", "1-0", "31.46-18", "46-18}",
		"46-1\0", "64-0" };
	static const char *ends[] = { "\n", "\r", "\r\n", " \n", "\t \r\n" };
	static const char *before[] = { "1. f5 d6 2. c3 d3 ", "1. f5 d6\n",
		"1. f5 d6 2. c3 d3 3. " };
	static char	   text[1 << 16];
	size_t		   len = 0, k, e, b;

	for (k = 0; k < sizeof scores / sizeof scores[0]; k++)
		for (e = 0; e < sizeof ends / sizeof ends[0]; e++)
			for (b = 0; b < sizeof before / sizeof before[0]; b++) {
				len += (size_t)sprintf(text + len,
				    "[Event \"%zu\"]\n\n%s", k, before[b]);
				memcpy(
				    text + len, scores[k], strlen(scores[k]));
				len += strlen(scores[k]);
				if (k == 16)
					text[len++] = '\0';
				len += (size_t)sprintf(
				    text + len, "%s\n", ends[e]);
			}
	check_block_lines(text, len);
	check_passes(text, len);
}
END_TEST

/*
 * Tags of the names read_tag takes from a table (named_tag: Game, Size,
 * Result, GameId, ...), of near misses (another case, a byte more or
 * less, a tab, no blank) and of others, two to a record in every pair
 * (duplicates among them), after a tag whose value takes 0 to 23 bytes
 * (the record's text full at each byte of a name): read in the block as
 * by copied lines.
 */
START_TEST(reading_tags_of_the_names_table)
{
	static const char *names[] = { "Game", "GameId", "Size", "Result",
		"Event", "Site", "Date", "Round", "White", "Black", "Board",
		"Setup", "Komi", "Seed", "Winner", "Start", "game", "GAMEID",
		"Gam", "Games", "GameI", "GameIdx", "Sizes", "Results", "Resul",
		"Site\t", "Winne", "Winners", "Seeds", "Z", "KeyHash" };
	static char	   text[1 << 20];
	size_t		   len = 0, a, b, n;

	n = sizeof names / sizeof names[0];
	for (a = 0; a < n; a++)
		for (b = 0; b < n; b++) {
			len += (size_t)sprintf(text + len,
			    "[Event \"%.*s\"]\n[%s \"v%zu\"]\n[%s \"w\"]%s\n"
			    "1. f5 d6 *\n\n",
			    (int)((a + b) % 24), "abcdefghijklmnopqrstuvwx",
			    names[a], b, names[b], b % 3 ? "" : " \t");
		}
	check_block_lines(text, len);
	check_passes(text, len);
}
END_TEST

/*
 * Records as nearly all are written (pass_common_record: LF blank lines,
 * lines of one plain tag, movetext lines its score ends), three before
 * and after one changed: a byte of the one replaced, or inserted before,
 * at each of its bytes by each byte that may matter (a line end, a blank,
 * a NUL, a comment's, a tag's, an escape, a result's, a byte of a name,
 * a byte of no name).  The bytes after each vector's (32 and 64 at a
 * time) move with each, and each input is also cut short at each byte
 * of its last record.  Read in the block as by copied lines too (the
 * scan of movetext, pass_movetext, is reading's as well).
 */
static const char common_rec[] =
    "[Event \"ab\"]\n[Game \"reversi\"]\n[Result \"33-31\"]\n\n"
    "1. f5 d6 2. c3 d3 3. c4 f4 4. f3 e6 5. e7 f7 6. c5 b6\n"
    "7. g5 e3 8. d7 c6 9. b4 f6 10. g6 h5 33-31\n\n";

static size_t
common_records(char *text, size_t n)
{
	size_t len = 0, k;

	for (k = 0; k < n; k++) {
		memcpy(text + len, common_rec, sizeof common_rec - 1);
		len += sizeof common_rec - 1;
	}
	return len;
}

START_TEST(pass_common_records_changed_at_every_byte)
{
	static const char bytes[] = "\n\r\t \0[{};%\"\\-*\x1b(A_9.\x80@`/:zZ0 ";
	static char	  text[4096];
	size_t		  len, j, b, ins, at;

	for (j = 0; j < sizeof common_rec - 1; j++)
		for (b = 0; b < sizeof bytes - 1; b++)
			for (ins = 0; ins < 2; ins++) {
				len = common_records(text, 3);
				at = len + j;
				len += common_records(text + len, 4);
				if (ins)
					memmove(text + at + 1, text + at,
					    len++ - at);
				text[at] = bytes[b];
				check_passes(text, len);
				check_block_lines(text, len);
			}
	len = common_records(text, 4);
	for (j = 0; j < sizeof common_rec - 1; j++)
		check_passes(text, len - j);
}
END_TEST

/*
 * A record's movetext of every length from none to 150 bytes, on one
 * line and wrapped, its score alone or after others, so that its end
 * falls at each byte of a vector; tags' names and values of every
 * length about the 32 bytes plain_tag_lines looked at in one (96 now:
 * pass_tag_lines_across_each_look); read in the block as by copied
 * lines too.
 */
START_TEST(pass_common_records_of_every_length)
{
	static const char moves[] = "1. f5 d6 2. c3 d3 3. c4 f4 4. f3 e6 "
				    "5. e7 f7 6. c5 b6 7. g5 e3 8. d7 c6 "
				    "9. b4 f6 10. g6 h5 11. g4 b5 12. a6 a5 "
				    "13. a4 c7 14. f2 f1 15. c8 d8";
	static const char *ends[] = { " 33-31\n", "33-31\n", " 1-0 \n",
		" 5-\n", " -5\n", "\n33-31\n", " 33-31\r\n", " x3-1\n",
		" 3-1x\n", " 3-1-2\n", " 3-1 0-1\n", "\n\n3-1\n", " *\n",
		/* Tokens like a score, then more movetext and a result. */
		" x3-1\n9. e6 0-1\n", " 3-1x\n9. e6 0-1\n",
		" .3-1\n9. e6 0-1\n", " 3-\n9. e6 0-1\n", " -3\n9. e6 0-1\n",
		" 3-1\n9. e6 0-1\n", "\n3-1\n9. e6 0-1\n", " 3-1 \n9. e6 0-1\n",
		" 3-1\t\n9. e6 0-1\n", " 3-1\r\n9. e6 0-1\n", "\t3-1\n9. 0-1\n" };
	const size_t	   nends = sizeof ends / sizeof ends[0];
	static char	   text[8192];
	size_t		   len, w, e, k;

	for (w = 0; w < sizeof moves; w++)
		for (e = 0; e < nends; e++) {
			len = common_records(text, 2);
			for (k = 0; k < 3; k++) {
				len += (size_t)sprintf(text + len,
				    "[Event%.*s \"%.*s\"]\n[Site \"s\"]\n\n"
				    "%.*s%s\n",
				    (int)(w % 30), "abcdefghijklmnopqrstuvwxyz0123",
				    (int)((w + k) % 40),
				    "0123456789012345678901234567890123456789",
				    (int)w, moves, ends[(e + k) % nends]);
				/* The first line wrapped at byte w / 2. */
				if (k == 1 && w > 10 && moves[w / 2] == ' ')
					text[len - strlen(ends[(e + k) % nends]) -
					    1 - (w - w / 2)] = '\n';
			}
			len += common_records(text + len, 2);
			check_passes(text, len);
			check_block_lines(text, len);
		}
}
END_TEST

/*
 * Records as nearly all are written at every byte of the first block's
 * end (pass_common_record goes only as far as the block): a record, a
 * tag, a line of movetext, a score across it.
 */
START_TEST(pass_common_records_across_the_block_end)
{
	static char text[70000];
	size_t	    len, pad;

	for (pad = 0; pad < sizeof common_rec + 40; pad++) {
		len = (size_t)sprintf(text, "%%");
		memset(text + len, 'x', 65536 - 200 + pad);
		len += 65536 - 200 + pad;
		text[len++] = '\n';
		len += common_records(text + len, 6);
		check_passes(text, len);
	}
}
END_TEST

/*
 * Lines of plain tags of many lengths (names of 1 to 9 bytes, values of
 * 0 to 49), so that their ends, and their '"', ']' and LF, fall at each
 * byte of the 96 that plain_tag_lines looks at first and of the next
 * look, each tag block changed at each byte by a byte that makes a line
 * other than plain (a line end, a blank, a quote, a backslash, a ']', a
 * '[', a byte of no name), among records as nearly all are written
 * (_i: the lengths' pattern).
 */
START_TEST(pass_tag_lines_across_each_look)
{
	static const char bytes[] = "\n\r \"\\][\x80";
	static const char name[] = "Abcdefghi",
			  value[] = "01234567890123456789012345678901234567890"
				    "123456789";
	static char	  text[4096], tags[512];
	size_t		  len, tl = 0, w = (size_t)_i, j, b, k, at;

	for (k = 0; k < 5; k++)
		tl += (size_t)sprintf(tags + tl, "[%.*s \"%.*s\"]\n",
		    (int)(1 + (w + k) % 9), name,
		    (int)(w < 70 ? (w * (k + 1) + k) % 50 :
				   ((w - 70) * (k + 2) + k * 13) % 47),
		    value);
	for (j = 0; j <= tl; j++)
		for (b = 0; b < sizeof bytes - 1; b++) {
			if (j == tl && b > 0)
				break;
			len = common_records(text, 1);
			at = len + j;
			memcpy(text + len, tags, tl);
			len += tl;
			len += (size_t)sprintf(
			    text + len, "\n1. f5 d6 2. c3 d3 33-31\n\n");
			len += common_records(text + len, 1);
			if (j < tl)
				text[at] = bytes[b];
			check_passes(text, len);
		}
}
END_TEST

/*
 * Tags of known names in any case (reader_known_tag: a hash of their
 * first four bytes and length), names that share those with one
 * (AdjudicationMethod and AdjudicationReason share both), near misses,
 * duplicates, in random orders and more than 16 to a record (the scan
 * of names gives way to the map): each record's tags as a search by
 * name finds them, duplicates told as by comparing every pair, each
 * name and value (0 to 20 bytes: text_add's every way) as written.
 */
START_TEST(known_tags_by_their_hash)
{
	static const char *names[] = { "Game", "GAME", "gAmE", "GameId", "Gamf",
		"Size", "size", "Sizf", "Seed", "SEED", "SeedSalt", "seedsalt",
		"SeedCommit", "SeedSalx", "Setup", "Start", "Starts", "Board",
		"Komi", "Resigned", "Result", "RESULT", "Resulx", "Winner",
		"Variant", "Claimed", "Termination", "TimeControl",
		"Adjudicated", "AdjudicationMethod", "AdjudicationReason",
		"adjudicationreason", "AdjudicationMethoX",
		"AdjudicationReasoX", "AdjudicationReasons", "Adjudicatio_",
		"Event", "Site", "Round", "Date", "White", "Black", "x_1",
		"Time", "Gam", "Sz", "G", "Adjudicationmethod", "Zzzz" };
	const size_t	   nnames = sizeof names / sizeof names[0];
	static const char  digits[] = "0123456789abcdefghij";
	static char	   text[1 << 16];
	const struct record *rec;
	const char	    *order[64];
	size_t		     len, i, j, n, distinct, kept[64];
	uint32_t	     x = 7;
	bool		     dup;
	unsigned	     k;

	for (n = 1; n <= 40; n++) {
		len = 0;
		for (i = 0; i < n; i++) {
			order[i] = names[next_rand(&x) % nnames];
			len += (size_t)sprintf(text + len, "[%s \"%.*s\"]\n",
			    order[i], (int)(i * 7 % 21), digits);
		}
		len += (size_t)sprintf(text + len, "f5 *\n");
		distinct = 0;
		dup = false;
		for (i = 0; i < n; i++) {
			for (j = 0; j < i && strcasecmp(order[i], order[j]);
			     j++)
				continue;
			if (j < i)
				dup = true;
			else
				kept[distinct++] = i;
		}
		rd = record_reader_new_buffer(
		    syn, text, len, "test", RECORD_PGN);
		ck_assert_ptr_nonnull(rd);
		ck_assert_int_eq(record_reader_next(rd, &rec), 1);
		ck_assert_uint_eq(rec->ntags, distinct);
		ck_assert_int_eq(rec->malformed, dup);
		if (dup)
			ck_assert_int_eq(rec->error.code, DIAG_DUPLICATE_TAG);
		for (k = 0; k < RECORD_TAG_NKNOWN; k++)
			ck_assert_ptr_eq(record_tag_known(rec, k),
			    record_tag_find(rec, record_known_names[k]));
		for (i = 0; i < distinct; i++) {
			ck_assert_str_eq(rec->tags[i].name, order[kept[i]]);
			ck_assert_uint_eq(
			    rec->tags[i].value_len, kept[i] * 7 % 21);
			ck_assert_int_eq(memcmp(rec->tags[i].value, digits,
					     kept[i] * 7 % 21),
			    0);
			ck_assert_int_eq(
			    rec->tags[i].value[rec->tags[i].value_len], '\0');
		}
		reader_close();
	}
}
END_TEST

UNIT_MAIN("pgn_pass",
    unit_loops(
	unit_fixture(unit_tcase("pass", 60, pass_ends_pieces_where_reading_does,
			 pass_ends_records_across_the_block_end,
			 reading_lines_of_moves_across_the_block_end,
			 reading_every_move_number,
			 reading_pairs_of_squares_at_every_byte,
			 reading_turns_as_the_text_moves,
			 reading_tags_of_the_names_table,
			 reading_first_records_as_room_grows,
			 reading_scores_ending_a_line, known_tags_by_their_hash,
			 pass_common_records_changed_at_every_byte,
			 pass_common_records_of_every_length,
			 pass_common_records_across_the_block_end, NULL),
	    syntax_setup, syntax_teardown),
	pass_ends_runs_of_pieces_where_reading_does, 0, 4,
	reading_in_the_block_as_by_lines, 0, 4, pass_tag_lines_across_each_look,
	0, 160, NULL))
