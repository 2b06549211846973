/* SPDX-License-Identifier: MIT */
/*
 * The reader's core (read.h): the reader object, the input read in blocks
 * and lines, the record being built and its diagnostics, and the reading
 * table, which picks the format of an input (sniffing its first block)
 * and hands each record to the format's entry.  What a format's bytes
 * mean is its own file's (read-*.c); what a turn means is turn.c's.
 * Memory is reused from record to record, so it is bounded by the largest
 * record, never by the size of the input.
 */
#include <errno.h>
#include <stddef.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "record/read.h"
#include "util/util.h"

/*
 * The reading table: every format, in the order formats.def sniffs them,
 * its name and enum value from the list and its entry from its file.
 */
static const struct {
	const char		 *name;
	enum record_format	  format;
	const struct read_format *entry;
} read_formats[] = {
#define RECORD_FORMAT(id, name) { #name, RECORD_##id, &read_##name },
#include "record/formats.def"
#undef RECORD_FORMAT
};
#define READ_FORMATS (sizeof read_formats / sizeof read_formats[0])

const char *
record_format_name(enum record_format f)
{
	size_t i;

	for (i = 0; i < READ_FORMATS; i++)
		if (read_formats[i].format == f)
			return read_formats[i].name;
	return "auto";
}

int
record_format_parse(const char *s)
{
	size_t i;

	if (strcmp(s, "auto") == 0)
		return RECORD_AUTO;
	/* The notation's old name, still taken. */
	if (strcmp(s, "record") == 0)
		return RECORD_PGN;
	for (i = 0; i < READ_FORMATS; i++)
		if (strcmp(s, read_formats[i].name) == 0)
			return (int)read_formats[i].format;
	return -1;
}

void
reader_set_format(struct record_reader *rd, enum record_format f)
{
	size_t i;

	rd->format = f;
	rd->entry = NULL;
	for (i = 0; i < READ_FORMATS; i++)
		if (read_formats[i].format == f)
			rd->entry = read_formats[i].entry;
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
	rd->max_size = RECORD_MAX_SIZE;
	rd->size = -1;
	reader_set_format(rd, format);
	rd->next_lf = SIZE_MAX;
	hashmap_init(&rd->tags);
	return rd;
}

void
record_reader_max_size(struct record_reader *rd, size_t bytes)
{
	rd->max_size = bytes > 0 ? bytes : RECORD_MAX_SIZE;
}

void
record_reader_size(struct record_reader *rd, unsigned long long size)
{
	rd->size = size <= LLONG_MAX ? (long long)size : -1;
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
	free(rd->squares);
	hashmap_fini(&rd->tags);
	free(rd->value.s);
	free(rd->rec.notes);
	free(rd->note_off);
	free(rd->rec.stamps);
	free(rd->stamp_off);
	free(rd);
}

/*
 * The storage a record points into, that record_reader_hold trades: the
 * record, its arrays' room, its text, its squares, and its line where its
 * turns point into it (line_tokens: a record is one line, none read
 * ahead).
 */
struct record_hold {
	struct record rec;
	size_t	      tagcap, turncap, notecap, stampcap;
	char	     *text;
	size_t	      textcap;
	uint8_t	     *squares;
	size_t	      squarecap;
	char	     *line;
	size_t	      linecap;
};

struct record_hold *
record_hold_new(void)
{
	return calloc(1, sizeof(struct record_hold));
}

void
record_hold_free(struct record_hold *h)
{
	if (h == NULL)
		return;
	free(h->rec.tags);
	free(h->rec.turns);
	free(h->rec.notes);
	free(h->rec.stamps);
	free(h->text);
	free(h->squares);
	free(h->line);
	free(h);
}

static void
swap_size(size_t *a, size_t *b)
{
	size_t t = *a;

	*a = *b;
	*b = t;
}

static void
swap_chars(char **a, char **b)
{
	char *t = *a;

	*a = *b;
	*b = t;
}

bool
record_reader_hold(struct record_reader *rd, const struct record *rec,
    struct record_hold *h)
{
	struct record_tag   *tags = h->rec.tags;
	struct record_token *turns = h->rec.turns;
	struct record_note  *notes = h->rec.notes;
	struct record_stamp *stamps = h->rec.stamps;
	uint8_t		    *sq;

	if (rec != &rd->rec)
		return false;
	/*
	 * The record, its messages' texts only where it has them (most of
	 * its bytes); the reader's takes h's arrays, empty: reader_reset
	 * clears the rest before the next record is read into it.
	 */
	memcpy(&h->rec, &rd->rec, offsetof(struct record, warning));
	if (rd->rec.has_warning)
		h->rec.warning = rd->rec.warning;
	h->rec.malformed = rd->rec.malformed;
	if (rd->rec.malformed)
		h->rec.error = rd->rec.error;
	rd->rec.tags = tags;
	rd->rec.ntags = 0;
	rd->rec.turns = turns;
	rd->rec.nturns = 0;
	rd->rec.notes = notes;
	rd->rec.nnotes = 0;
	rd->rec.stamps = stamps;
	rd->rec.nstamps = 0;
	rd->rec.squares = NULL;
	swap_size(&rd->tagcap, &h->tagcap);
	swap_size(&rd->turncap, &h->turncap);
	swap_size(&rd->notecap, &h->notecap);
	swap_size(&rd->stampcap, &h->stampcap);
	swap_chars(&rd->text, &h->text);
	swap_size(&rd->textcap, &h->textcap);
	sq = rd->squares;
	rd->squares = h->squares;
	h->squares = sq;
	swap_size(&rd->squarecap, &h->squarecap);
	if (rd->in_line) {
		swap_chars(&rd->line, &h->line);
		swap_size(&rd->linecap, &h->linecap);
	}
	return true;
}

const struct record *
record_held(const struct record_hold *h)
{
	return &h->rec;
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

/*
 * A line cut at max_size makes the record that reads it too-large, at
 * the first byte dropped; so does a record over max_size.
 */
int
reader_too_large_at(struct record_reader *rd, struct diag_pos at)
{
	static const char *const units[] = { "bytes", "KiB", "MiB", "GiB" };
	size_t			 n = rd->max_size, u = 0;

	/* The size as it was most likely given: 64 MiB, 1 KiB. */
	while (u + 1 < sizeof units / sizeof units[0] && n % 1024 == 0) {
		n /= 1024;
		u++;
	}
	diag_set_at(first_error(rd), DIAG_TOO_LARGE, at, 1,
	    "%s %zu %s, the most a record may take (--max-record-size)%s",
	    rd->cut ? "a line longer than" : "a record larger in memory than",
	    n, units[u], rd->cut ? ": the rest of the input is not read" : "");
	return -1;
}

/* Whether a cut line is read and not yet taken by any record. */
static bool
line_unread(const struct record_reader *rd)
{
	return rd->have_line && rd->cut && rd->pos < rd->linelen;
}

/*
 * A line cut: what its dropped bytes held (a quote's end, a record's) is
 * lost, so no record after this one could be trusted: none is read.
 */
static void
line_cut(struct record_reader *rd)
{
	rd->stop_at = reader_pos(rd, rd->cut_col - 1);
	reader_too_large_at(rd, rd->stop_at);
	rd->stopped = true;
}

/*
 * Up to room bytes of the input at to: how many (0 at its end), or -1
 * on a read error.
 */
static long
input_read(struct record_reader *rd, char *to, size_t room)
{
	size_t n;

	if (rd->fp == NULL) {
		/* A buffer goes through inbuf too: one way of reading lines. */
		n = rd->memlen - rd->mempos;
		if (n > room)
			n = room;
		memcpy(to, rd->mem + rd->mempos, n);
		rd->mempos += n;
		return (long)n;
	}
	n = fread(to, 1, room, rd->fp);
	return n == 0 && ferror(rd->fp) ? -1 : (long)n;
}

int
reader_refill(struct record_reader *rd)
{
	long n;

	rd->block_at += rd->inlen;
	rd->inpos = 0;
	rd->next_lf = SIZE_MAX;
	n = input_read(rd, rd->inbuf, sizeof rd->inbuf);
	rd->inlen = n > 0 ? (size_t)n : 0;
	return n > 0 ? 1 : (int)n;
}

int
reader_first_block(struct record_reader *rd)
{
	long n;

	if (rd->inlen == 0)
		return reader_refill(rd);
	/*
	 * A block primed shorter than a block (a tool peeked at fewer
	 * bytes) topped up, as long as none of it is read: every tool then
	 * sniffs the same bytes.  A read error after some bytes is the next
	 * refill's to say, as reader_refill leaves it (ferror stays set).
	 */
	while (rd->block_at == 0 && rd->inpos == 0 && rd->lineno == 0 &&
	    rd->inlen < sizeof rd->inbuf &&
	    (n = input_read(rd, rd->inbuf + rd->inlen,
		 sizeof rd->inbuf - rd->inlen)) > 0)
		rd->inlen += (size_t)n;
	return 1;
}

/*
 * Appends n bytes to the line being read.  PCRE2's JIT reads whole words
 * past the end of a subject (within the block); array_grow's zeroed spare
 * bytes keep memcheck quiet.
 */
static int
line_add(struct record_reader *rd, size_t have, const char *p, size_t n)
{
	/* A line that fits is no call: every line of an input comes here. */
	if (n >= rd->linecap - have &&
	    (n >= SIZE_MAX - have ||
		array_grow(&rd->line, &rd->linecap, have + n + 1, 1) == -1)) {
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
 * so a file of lone CRs is no search over the block per line.  Inline
 * in both its callers: every line of every input comes here.
 */
static inline __attribute__((always_inline)) size_t
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
 * Keeps the k bytes at rd->inpos after the n of the line read so far, or
 * as many as max_size leaves room for: a longer line is cut there, its
 * rest read and dropped, so that no input holds more memory than that.
 */
static long
line_keep(struct record_reader *rd, size_t n, size_t k)
{
	if (rd->cut)
		return 0;
	if (k > rd->max_size - n) {
		k = rd->max_size - n;
		rd->cut = true;
		rd->cut_col = (unsigned long)(n + k) + 1;
	}
	return line_add(rd, n, rd->inbuf + rd->inpos, k) == -1 ? -1 : (long)k;
}

/*
 * The line of n bytes at s (rd->line_at) taken as the current line,
 * counted, its first byte after a byte order mark the next to look at.
 */
static inline void
line_taken(struct record_reader *rd, const char *s, size_t n)
{
	rd->linelen = n;
	rd->lineno++;
	/*
	 * A UTF-8 byte order mark is allowed before the input's first line
	 * (not a byte range's: its lines count from 1 too).
	 */
	rd->line_start = rd->line_offset == 0 && n >= 3 &&
		memcmp(s, "\xef\xbb\xbf", 3) == 0 ?
	    3 :
	    0;
	rd->pos = rd->line_start;
	rd->have_line = true;
}

int
reader_line(struct record_reader *rd)
{
	size_t n = 0, i;
	long   kept;
	int    rc;
	bool   any = false;

	if (rd->eof)
		return 0;
	rd->cut = false;
	rd->line_offset = rd->next_offset;
	for (;;) {
		if (rd->inpos == rd->inlen) {
			if ((rc = reader_refill(rd)) == -1)
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
		if ((kept = line_keep(rd, n, i - rd->inpos)) == -1)
			return -1;
		n += (size_t)kept;
		rd->next_offset += i - rd->inpos;
		rd->inpos = i;
		if (i == rd->inlen)
			continue;
		/* A line end: LF, CR, or CR LF (which may straddle a refill). */
		rd->inpos++;
		rd->next_offset++;
		if (rd->inbuf[i] == '\r') {
			if (rd->inpos == rd->inlen && reader_refill(rd) == -1)
				return -1;
			if (rd->inpos < rd->inlen &&
			    rd->inbuf[rd->inpos] == '\n') {
				rd->inpos++;
				rd->next_offset++;
			}
		}
		break;
	}
	/* Room for the NUL, most often there already. */
	if (n >= rd->linecap && line_add(rd, n, "", 0) == -1)
		return -1;
	rd->line[n] = '\0';
	line_taken(rd, rd->line, n);
	if (rd->cut)
		line_cut(rd);
	return 1;
}

/*
 * The line from rd->inpos left where it stands when the block holds it
 * whole, its end and all, and it is no longer than max_size: a CR the
 * block's last byte may be a CR LF's first, which only a refill (over
 * the line) would tell.  False, nothing done, for any other line.
 */
static bool
line_here(struct record_reader *rd)
{
	size_t i, end;

	if (rd->eof || rd->inpos == rd->inlen)
		return false;
	i = line_end(rd);
	if (i == rd->inlen || i - rd->inpos > rd->max_size ||
	    (rd->inbuf[i] == '\r' && i + 1 == rd->inlen))
		return false;
	end = i + 1 + (rd->inbuf[i] == '\r' && rd->inbuf[i + 1] == '\n');
	rd->cut = false;
	rd->line_offset = rd->next_offset;
	rd->next_offset += end - rd->inpos;
	rd->line_at = rd->inbuf + rd->inpos;
	line_taken(rd, rd->line_at, i - rd->inpos);
	rd->inpos = end;
	return true;
}

int
reader_line_here(struct record_reader *rd)
{
	int rc;

	/* A block's first line is read there too. */
	if (!rd->eof && rd->inpos == rd->inlen) {
		if ((rc = reader_refill(rd)) == -1)
			return -1;
		if (rc == 0) {
			/* As reader_line leaves the end. */
			rd->cut = false;
			rd->line_offset = rd->next_offset;
			rd->eof = true;
			return 0;
		}
	}
	if (line_here(rd))
		return 1;
	rc = reader_line(rd);
	rd->line_at = rd->line;
	return rc;
}

/* ---- Building a record ------------------------------------------- */

/* d as if it were all zero bytes, but for its message's first. */
static void
reader_diag_clear(struct diag *d)
{
	d->code = DIAG_NONE;
	d->msg[0] = '\0';
	d->at = (struct diag_pos){ 0, 0, 0 };
	d->len = 0;
}

void
reader_reset(struct record_reader *rd)
{
	struct record_tag   *tags = rd->rec.tags;
	struct record_token *turns = rd->rec.turns;
	struct record_note  *notes = rd->rec.notes;
	struct record_stamp *stamps = rd->rec.stamps;

	/*
	 * All but the two messages' texts (most of the record's bytes),
	 * read only when the record says it has one.
	 */
	memset(&rd->rec, 0, offsetof(struct record, warning));
	reader_diag_clear(&rd->rec.warning);
	rd->rec.malformed = false;
	reader_diag_clear(&rd->rec.error);
	rd->rec.stamps = stamps;
	rd->rec.tags = tags;
	rd->rec.turns = turns;
	rd->rec.notes = notes;
	rd->rec.format = rd->format;
	rd->rec.format_game = rd->entry->game;
	rd->in_line = rd->entry->line_tokens;
	rd->rec.implicit_passes = rd->in_line;
	rd->textlen = 0;
	rd->turns_at = 0;
	rd->has_movetext = false;
	rd->rec_line = rd->line_offset;
	/* O(1) however many tags the last record had; none for a few. */
	if (rd->tags.n != 0)
		hashmap_clear(&rd->tags);
	/* A cut line read ahead (a sniff, a tag) is this record's too. */
	if (line_unread(rd))
		reader_too_large_at(rd, reader_pos(rd, rd->cut_col - 1));
}

int
reader_oom(struct record_reader *rd)
{
	diag_set_at(first_error(rd), DIAG_NO_MEMORY, reader_pos(rd, rd->pos), 0,
	    "out of memory");
	return -1;
}

int
reader_too_large(struct record_reader *rd)
{
	return reader_too_large_at(rd, reader_pos(rd, rd->pos));
}

int
reader_text_grow(struct record_reader *rd, size_t need)
{
	size_t i,
	    n = rd->turns_at < rd->rec.nturns ? rd->turns_at : rd->rec.nturns;

	for (i = 0; i < n; i++)
		rd->turn_off[i] = (size_t)(rd->rec.turns[i].text - rd->text);
	if (array_grow(&rd->text, &rd->textcap, need, 1) == -1)
		return -1;
	rd->turns_at = 0;
	return 0;
}

int
reader_turn_room(struct record_reader *rd, size_t n)
{
	size_t cap = rd->turncap;

	if (n > rd->max_size / sizeof *rd->rec.turns)
		return reader_too_large(rd);
	/* The squares have room for as many: turncap counts both. */
	if (array_grow(&rd->rec.turns, &cap, n,
		sizeof *rd->rec.turns) == -1 ||
	    array_grow(&rd->squares, &rd->squarecap, cap, 1) == -1)
		return reader_oom(rd);
	rd->turncap = cap;
	return 0;
}

/*
 * The result the notation's words claim (record_claim): the result
 * token, else the Result tag, unless the format claimed another.
 */
static void
claim_result(struct record *rec)
{
	const struct record_tag *rt;

	if (rec->claim.kind != RECORD_CLAIM_NONE)
		return;
	if (rec->has_result)
		rec->claim = (struct record_claim){ .kind = RECORD_CLAIM_RESULT,
			.text = rec->result.text,
			.len = rec->result.len,
			.at = rec->result.at };
	else if ((rt = record_tag_known(rec, RECORD_TAG_RESULT)) != NULL)
		rec->claim = (struct record_claim){ .kind = RECORD_CLAIM_RESULT,
			.text = rt->value,
			.len = rt->value_len,
			.at = rt->at };
}

void
reader_finish(struct record_reader *rd)
{
	size_t i;

	for (i = 0; i < rd->rec.ntags; i++) {
		rd->rec.tags[i].name = rd->text + rd->tag_off[2 * i];
		rd->rec.tags[i].value = rd->text + rd->tag_off[2 * i + 1];
	}
	record_tag_note_known(&rd->rec);
	if (!rd->in_line)
		/* Those read by fast_movetext point into the text already. */
		for (i = rd->turns_at <= rd->rec.nturns ? rd->turns_at : 0;
		     i < rd->rec.nturns; i++)
			rd->rec.turns[i].text = rd->text + rd->turn_off[i];
	else {
		rd->rec.squares = rd->squares;
		rd->rec.squares_of = rd->rec.turns;
		rd->rec.squares_n = rd->rec.nturns;
	}
	for (i = 0; i < rd->rec.nnotes; i++) {
		const size_t *o = rd->note_off + RECORD_NOTE_PARTS * i;

		rd->rec.notes[i].eval = rd->text + o[0];
		rd->rec.notes[i].time = rd->text + o[1];
		rd->rec.notes[i].depth = rd->text + o[2];
		rd->rec.notes[i].nodes = rd->text + o[3];
		rd->rec.notes[i].best = rd->text + o[4];
		rd->rec.notes[i].loss = rd->text + o[5];
	}
	for (i = 0; i < rd->rec.nstamps; i++)
		rd->rec.stamps[i].text = rd->text + rd->stamp_off[i];
	if (rd->rec.has_result)
		rd->rec.result.text = rd->text + rd->result_off;
	claim_result(&rd->rec);
	rd->rec.index = ++rd->index;
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
 * offset name_off; if not, adds tag n (its name at name_off).  Past
 * READER_TAG_SCAN tags a hash keeps a record of a million tags linear (a
 * scan of the earlier names made it quadratic).  Returns 1 for a
 * duplicate, 0, or -1 when memory runs out.
 */
static int
tag_seen(struct record_reader *rd, size_t n, size_t name_off, uint32_t skip)
{
	const char *name = rd->text + name_off;
	uint64_t    h;
	size_t	    i;

	if (n < READER_TAG_SCAN)
		return reader_tag_scan(rd, n, name, skip) ? 1 : 0;
	/* The map takes over: first the names the scan kept. */
	if (rd->tags.n == 0)
		for (i = 0; i < n; i++)
			if (hashmap_put(&rd->tags,
				record_tag_name_hash(
				    rd->text + rd->tag_off[2 * i]),
				i) == -1)
				return -1;
	h = record_tag_name_hash(name);
	if (hashmap_get(&rd->tags, h, name, tag_eq, rd) != HASHMAP_ABSENT)
		return 1;
	return hashmap_put(&rd->tags, h, n);
}

int
reader_tag(struct record_reader *rd, size_t name_off, size_t value_off,
    size_t value_len, struct diag_pos at)
{
	return reader_tag_len(rd, name_off, strlen(rd->text + name_off),
	    value_off, value_len, at);
}

int
reader_tag_rest(struct record_reader *rd, size_t name_off, size_t name_len,
    size_t value_off, size_t value_len, const struct diag_pos *at)
{
	struct record *rec = &rd->rec;
	size_t	       n = rec->ntags;
	int	       rc, k = -1;
	/* The earlier tags noted as known or not (none after reader_reset). */
	bool noted = n == 0 ||
	    (rec->known_of == rec->tags && rec->known_n == n);

	if (n == 0) {
		rec->known = 0;
		rd->tags_known = 0;
	}
	/* Every tag of every record comes here: grow only when full. */
	if ((n >= rd->tagcap &&
		array_grow(&rec->tags, &rd->tagcap, n + 1, sizeof *rec->tags) ==
		    -1) ||
	    (2 * n + 2 > rd->tagoffcap &&
		array_grow(&rd->tag_off, &rd->tagoffcap, 2 * n + 2,
		    sizeof *rd->tag_off) == -1))
		return reader_oom(rd);
	if (noted)
		k = reader_known_tag(rd->text + name_off, name_len);
	/*
	 * A known name is a duplicate just when a tag of it was noted (any
	 * case: one known name); another is none of the known ones.
	 */
	if (k >= 0 && n < READER_TAG_SCAN)
		rc = (int)(rec->known >> k & 1);
	else if ((rc = tag_seen(rd, n, name_off,
		      noted && n < READER_TAG_SCAN ? rd->tags_known : 0)) == -1)
		return reader_oom(rd);
	if (rc == 1)
		return 1;
	rd->tag_off[2 * n] = name_off;
	rd->tag_off[2 * n + 1] = value_off;
	rec->tags[n] = (struct record_tag){ NULL, NULL, value_len, *at };
	rec->ntags++;
	if (noted) {
		if (record_tag_name_key_hash(rd->text + name_off, name_len))
			rec->known |= (uint32_t)1 << RECORD_KEY_HASH_NAMED;
		if (k >= 0) {
			rec->known |= (uint32_t)1 << k;
			rec->known_at[k] = (uint32_t)n;
			if (n < 32)
				rd->tags_known |= (uint32_t)1 << n;
		}
		rec->known_of = rec->tags;
		rec->known_n = n + 1;
	}
	return 0;
}

void
reader_tag_named_known(struct record_reader *rd, const char *name,
    size_t namelen, const char *v, size_t len, struct diag_pos at, int known)
{
	long long name_off, value_off;

	if ((name_off = text_add(rd, name, namelen)) == -1 ||
	    (value_off = text_add(rd, v, len)) == -1) {
		reader_oom(rd);
		return;
	}
	if (reader_tag_known(rd, (size_t)name_off, namelen, (size_t)value_off,
		len, at, known) == 1)
		diag_set_at(first_error(rd), DIAG_DUPLICATE_TAG, at, 1,
		    "tag %s given twice", name);
}

void
reader_tag_named(struct record_reader *rd, const char *name, size_t namelen,
    const char *v, size_t len, struct diag_pos at)
{
	reader_tag_named_known(rd, name, namelen, v, len, at, READER_KNOWN_ASK);
}

int
reader_tag_revalue(
    struct record_reader *rd, size_t k, const char *v, size_t len)
{
	long long off;

	if ((off = text_add(rd, v, len)) == -1)
		return reader_oom(rd);
	rd->tag_off[2 * k + 1] = (size_t)off;
	rd->rec.tags[k].value_len = len;
	return 0;
}

long
reader_bytes(struct record_reader *rd, unsigned char *out, size_t n)
{
	size_t got = 0, k;
	int    rc;

	while (got < n) {
		if (rd->inpos == rd->inlen) {
			if ((rc = reader_refill(rd)) == -1)
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

long long
reader_input_size(const struct record_reader *rd)
{
	struct stat st;

	if (rd->fp == NULL)
		return (long long)rd->memlen;
	if (rd->size >= 0)
		return rd->size;
	if (fstat(fileno(rd->fp), &st) == 0 && S_ISREG(st.st_mode) &&
	    ftell(rd->fp) == (long)rd->inlen)
		return (long long)st.st_size;
	return -1;
}

/* ---- Sniffing and the entry point --------------------------------- */

/*
 * The format of an input, from its first block: the first entry of the
 * table whose sniff claims it, else the notation (formats/record.md,
 * "Input").
 */
void
reader_sniff(struct record_reader *rd)
{
	const char *s = rd->inbuf;
	size_t	    i, len;

	/* Look at the first block without consuming it. */
	reader_set_format(rd, RECORD_PGN);
	if (reader_first_block(rd) <= 0)
		return;
	len = rd->inlen;
	if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0)
		s += 3, len -= 3;
	for (i = 0; i < READ_FORMATS; i++)
		if (read_formats[i].entry->sniff != NULL &&
		    read_formats[i].entry->sniff(
			read_formats[i].format, rd, s, len)) {
			reader_set_format(rd, read_formats[i].format);
			return;
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
 * The one malformed record of an input that has none of its own (binary
 * input, an empty input): record 1 at 1:1 in the input's format, in
 * rd->empty, with the error code at at (len bytes) saying msg.
 */
static void
lone_record(struct record_reader *rd, enum diag_code code, struct diag_pos at,
    size_t len, const char *msg)
{
	struct record *e = &rd->empty;

	memset(e, 0, sizeof *e);
	e->index = rd->index = 1;
	e->start = (struct diag_pos){ 1, 1, 0 };
	e->format = rd->format;
	e->format_game = rd->entry->game;
	e->malformed = true;
	diag_set_at(&e->error, code, at, len, "%s", msg);
}

/*
 * A Git LFS pointer (formats/record.md, "Input"): the text Git LFS leaves
 * in a checkout that never fetched the file, which no reader would name
 * (a .wtb of it said "no Game tag").
 */
#define LFS_POINTER "version https://git-lfs.github.com/spec/v1"

static bool
lfs_pointer(const char *s, size_t len)
{
	return len >= sizeof LFS_POINTER - 1 &&
	    memcmp(s, LFS_POINTER, sizeof LFS_POINTER - 1) == 0;
}

/*
 * Looks at the first block once; 1 and *rec for a binary input's or a Git
 * LFS pointer's one malformed record (binary-input, lfs-pointer), 0 at
 * the end after it, or -1 for a text input, which is read as it is.
 */
static int
binary_input(struct record_reader *rd, const struct record **rec)
{
	struct diag_pos at;

	if (rd->binary == 0) {
		rd->binary = 1;
		/* Whatever the format named: a .wtb may be a pointer too. */
		if (reader_first_block(rd) <= 0)
			return -1;
		if (lfs_pointer(rd->inbuf + rd->inpos, rd->inlen - rd->inpos)) {
			rd->binary = 2;
			lone_record(rd, DIAG_LFS_POINTER,
			    (struct diag_pos){ 1, 1, 0 }, 7,
			    "a Git LFS pointer, not the file's data: fetch "
			    "the data (git lfs pull) and read that");
		} else if (rd->entry->binary)
			return -1;
		else if (binary_block(rd->inbuf + rd->inpos,
			     rd->inlen - rd->inpos, &at)) {
			rd->binary = 2;
			lone_record(rd, DIAG_BINARY_INPUT, at, 1,
			    "binary data, not text: no record format and no "
			    "compression arbiter reads");
		}
	}
	if (rd->binary == 1)
		return -1;
	if (rd->binary == 2) {
		rd->binary = 3;
		*rec = &rd->empty;
		return 1;
	}
	return 0;
}

int
record_reader_next_or_empty(struct record_reader *rd, const struct record **rec)
{
	int rc;

	if ((rc = record_reader_next(rd, rec)) != 0 || rd->index > 0)
		return rc;
	lone_record(rd, DIAG_EMPTY_INPUT, (struct diag_pos){ 1, 1, 0 }, 0,
	    "no records in the input");
	*rec = &rd->empty;
	return 1;
}

int
record_reader_skip(struct record_reader *rd)
{
	const struct record *rec;
	int		     rc;

	if (rd->stopped && !line_unread(rd))
		return 0;
	if (rd->format == RECORD_AUTO)
		reader_sniff(rd);
	if ((rc = binary_input(rd, &rec)) >= 0)
		return rc;
	/* A range's end is told by reading the record past it. */
	if (rd->entry->skip == NULL || rd->range != 0)
		return record_reader_next(rd, &rec);
	if ((rc = rd->entry->skip(rd)) == 1)
		rd->index++;
	return rc;
}

unsigned long
record_reader_count(const struct record_reader *rd)
{
	return rd->index;
}

unsigned long long
record_reader_offset(const struct record_reader *rd)
{
	return rd->block_at + rd->inpos;
}

bool
record_reader_ended_in_tags(struct record_reader *rd, struct diag_pos *at)
{
	if (!rd->ended_in_tags || rd->format != RECORD_PGN)
		return false;
	*at = rd->ended_at;
	at->line += record_reader_range_lines(rd);
	return true;
}

int
record_reader_next(struct record_reader *rd, const struct record **rec)
{
	int rc;

	if (rd->stopped && !line_unread(rd))
		return 0;
	if (rd->format == RECORD_AUTO)
		reader_sniff(rd);
	/* Binary input is one record, the range's that holds byte 0. */
	if ((rc = binary_input(rd, rec)) >= 0)
		return rd->range != 0 &&
			(rd->range_start > 0 || rd->range_end == 0) ?
		    0 :
		    rc;
	if (rd->range == RANGE_SEEK && (rc = reader_range_begin(rd)) != 1)
		return rc;
	if (rd->range == RANGE_DONE)
		return 0;
	rc = rd->entry->next(rd);
	if (rc == 0 && rd->range != 0)
		rd->range = RANGE_DONE;
	if (rc == 1 && rd->range != 0 && reader_range_past(rd))
		return 0;
	if (rc == 1)
		*rec = &rd->rec;
	return rc;
}
