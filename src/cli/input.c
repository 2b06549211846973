/* SPDX-License-Identifier: MIT */
/*
 * Opening the inputs the tools read, compressed or not (formats/record.md,
 * "Input"): a gzip, bzip2, xz or zstd stream, told by its magic bytes, is
 * decompressed as it is read, each with its reference library (zlib,
 * libbz2, liblzma, libzstd), so that every reader above gets the text
 * from a FILE of its own, or all of the text at once (cli_read_file).  The
 * only module that includes those libraries' headers.  What the text is
 * (records, reports, binary) is the readers'.
 */
/* fopencookie(3): an input read through a function of ours. */
#define _GNU_SOURCE
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include "cli/base.h"
#include "cli/input.h"
#include "util/util.h"

/* The longest magic number: xz's. */
#define MAGIC_MAX 6

enum kind {
	GZIP,
	BZIP2,
	XZ,
	ZSTD,
	PLAIN
};

static const struct {
	const char *name;
	const char *magic;
	size_t	    len;
} compressions[] = {
	[GZIP] = { "gzip", "\x1f\x8b", 2 },
	[BZIP2] = { "bzip2", "BZh", 3 },
	[XZ] = { "xz",
	    "\xfd"
	    "7zXZ\0",
	    6 },
	[ZSTD] = { "zstd", "\x28\xb5\x2f\xfd", 4 },
};

/* What one step of a decoder did. */
enum step {
	STEP_ON,
	STEP_END,
	STEP_FAIL
};

struct input {
	FILE	     *raw;  /* the file, or stdin */
	FILE	     *file;	/* the stream of ours that reads it */
	struct input *next_open; /* the next being decompressed */
	const char *name; /* in messages, borrowed */
	void (*seen)(void *, const void *, size_t);
	void *arg;

	/* The bytes sniffed, given back first. */
	unsigned char head[MAGIC_MAX];
	size_t	      headlen;
	size_t	      headpos;
	int	      raw_errno; /* reading raw failed */

	/* A compressed input. */
	enum kind      kind;
	bool	       live;	/* the decoder is set up */
	bool	       between; /* a member (frame) has ended */
	bool	       raw_eof;
	bool	       fresh;	     /* a new member, no text from it yet */
	bool	       fail_next;    /* failed after giving some text */
	bool	       failed;	     /* said why, once */
	const char    *why;	     /* why corrupt; NULL: cut short */
	unsigned char  block[65536]; /* compressed bytes */
	unsigned char *next;
	size_t	       avail;
	union {
		z_stream      z;
		bz_stream     bz;
		lzma_stream   xz;
		ZSTD_DStream *zstd;
	} d;

	/* Where the decompressed text stops, for a diagnostic. */
	struct diag_pos at;
};

/* The magic number buf starts with, or PLAIN. */
static enum kind
sniff(const void *buf, size_t len)
{
	enum kind k;

	for (k = GZIP; k < PLAIN; k++)
		if (len >= compressions[k].len &&
		    memcmp(buf, compressions[k].magic, compressions[k].len) ==
			0)
			break;
	return k;
}

const char *
cli_compression(const void *buf, size_t len)
{
	enum kind k = sniff(buf, len);

	return k == PLAIN ? NULL : compressions[k].name;
}

const char *
cli_input_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

/* Reads raw bytes: the sniffed ones first, each new block to seen. */
static size_t
raw_read(struct input *in, void *buf, size_t size)
{
	size_t n;

	if (in->headpos < in->headlen) {
		n = in->headlen - in->headpos < size ?
		    in->headlen - in->headpos :
		    size;
		memcpy(buf, in->head + in->headpos, n);
		in->headpos += n;
		return n;
	}
	n = fread(buf, 1, size, in->raw);
	if (n == 0 && ferror(in->raw)) {
		in->raw_errno = errno != 0 ? errno : EIO;
		return 0;
	}
	if (in->seen != NULL)
		in->seen(in->arg, buf, n);
	return n;
}

/* Sets the decoder up for a new stream (a gzip member, a bzip2 stream). */
static int
decoder_start(struct input *in)
{
	bool ok = false;

	memset(&in->d, 0, sizeof in->d);
	switch (in->kind) {
	case GZIP:
		/* 16: the gzip wrapper, its CRC-32 and length checked. */
		ok = inflateInit2(&in->d.z, 16 + MAX_WBITS) == Z_OK;
		break;
	case BZIP2: ok = BZ2_bzDecompressInit(&in->d.bz, 0, 0) == BZ_OK; break;
	case XZ:
		/* Concatenated streams are one input, as xz reads them. */
		ok = lzma_stream_decoder(
			 &in->d.xz, UINT64_MAX, LZMA_CONCATENATED) == LZMA_OK;
		break;
	case ZSTD:
		/* Frames follow one another in one stream of ours. */
		ok = (in->d.zstd = ZSTD_createDStream()) != NULL &&
		    !ZSTD_isError(ZSTD_initDStream(in->d.zstd));
		break;
	case PLAIN: break;
	}
	in->live = ok;
	return ok ? 0 : -1;
}

static void
decoder_end(struct input *in)
{
	if (!in->live)
		return;
	switch (in->kind) {
	case GZIP: inflateEnd(&in->d.z); break;
	case BZIP2: BZ2_bzDecompressEnd(&in->d.bz); break;
	case XZ: lzma_end(&in->d.xz); break;
	case ZSTD: ZSTD_freeDStream(in->d.zstd); break;
	case PLAIN: break;
	}
	in->live = false;
}

static const char *
lzma_why(lzma_ret rc)
{
	switch (rc) {
	case LZMA_MEM_ERROR:
	case LZMA_MEMLIMIT_ERROR: return "out of memory";
	case LZMA_FORMAT_ERROR: return "not an xz stream";
	case LZMA_OPTIONS_ERROR: return "options this liblzma does not support";
	default: return "a block fails its check or cannot be decoded";
	}
}

/*
 * One call of the decoder over in->next (in->avail bytes), out cap
 * bytes: *n bytes written.  STEP_END at the end of a member or frame
 * (zlib, libbz2, libzstd) or of all the input (liblzma).
 */
static enum step
decoder_step(struct input *in, char *out, size_t cap, size_t *n)
{
	const unsigned char *before = in->next;
	enum step	     st = STEP_ON;
	int		     rc;

	switch (in->kind) {
	case GZIP:
		in->d.z.next_in = in->next;
		in->d.z.avail_in = (uInt)in->avail;
		in->d.z.next_out = (unsigned char *)out;
		in->d.z.avail_out = (uInt)cap;
		rc = inflate(&in->d.z, Z_NO_FLUSH);
		in->next = in->d.z.next_in;
		*n = cap - in->d.z.avail_out;
		if (rc == Z_STREAM_END)
			st = STEP_END;
		else if (rc != Z_OK && rc != Z_BUF_ERROR) {
			in->why = in->d.z.msg != NULL ?
			    in->d.z.msg :
			    "the data cannot be decoded";
			st = STEP_FAIL;
		}
		break;
	case BZIP2:
		in->d.bz.next_in = (char *)in->next;
		in->d.bz.avail_in = (unsigned)in->avail;
		in->d.bz.next_out = out;
		in->d.bz.avail_out = (unsigned)cap;
		rc = BZ2_bzDecompress(&in->d.bz);
		in->next = (unsigned char *)in->d.bz.next_in;
		*n = cap - in->d.bz.avail_out;
		if (rc == BZ_STREAM_END)
			st = STEP_END;
		else if (rc != BZ_OK) {
			in->why = rc == BZ_MEM_ERROR ?
			    "out of memory" :
			    rc == BZ_DATA_ERROR_MAGIC ?
			    "no bzip2 magic" :
			    "a block fails its check or cannot be decoded";
			st = STEP_FAIL;
		}
		break;
	case XZ:
		in->d.xz.next_in = in->next;
		in->d.xz.avail_in = in->avail;
		in->d.xz.next_out = (uint8_t *)out;
		in->d.xz.avail_out = cap;
		rc = (int)lzma_code(&in->d.xz,
		    in->raw_eof && in->avail == 0 ? LZMA_FINISH : LZMA_RUN);
		in->next = in->block + (in->d.xz.next_in - in->block);
		*n = cap - in->d.xz.avail_out;
		if (rc == LZMA_STREAM_END)
			st = STEP_END;
		else if (rc == LZMA_BUF_ERROR && in->raw_eof)
			st = STEP_FAIL; /* cut short: why stays NULL */
		else if (rc != LZMA_OK && rc != LZMA_BUF_ERROR) {
			in->why = lzma_why((lzma_ret)rc);
			st = STEP_FAIL;
		}
		break;
	case ZSTD: {
		ZSTD_inBuffer  i = { in->next, in->avail, 0 };
		ZSTD_outBuffer o = { out, cap, 0 };
		size_t	       r = ZSTD_decompressStream(in->d.zstd, &o, &i);

		in->next += i.pos;
		*n = o.pos;
		if (ZSTD_isError(r)) {
			in->why = ZSTD_getErrorName(r);
			st = STEP_FAIL;
		} else if (r == 0)
			st = STEP_END;
		break;
	}
	case PLAIN: *n = 0; break;
	}
	in->avail -= (size_t)(in->next - before);
	return st;
}

/*
 * Up to cap decompressed bytes into out: how many, 0 at the end of the
 * input, -1 when it fails (in->why says why, NULL for an input cut
 * short; in->raw_errno for a read error).  Members (gzip members, bzip2
 * streams, zstd frames) follow one another until the input ends; it must
 * not end inside one.
 */
static ssize_t
decompress(struct input *in, char *out, size_t cap)
{
	const unsigned char *before;
	enum step	     st;
	size_t		     n;

	if (in->fail_next)
		return -1;
	for (;;) {
		if (in->avail == 0 && !in->raw_eof) {
			in->avail = raw_read(in, in->block, sizeof in->block);
			in->next = in->block;
			if (in->raw_errno != 0)
				return -1;
			in->raw_eof = in->avail == 0;
		}
		if (in->between) {
			if (in->avail == 0 && in->raw_eof)
				return 0;
			/* Another member: zstd's frames need no new start. */
			in->between = false;
			in->fresh = true;
			if (in->kind != ZSTD) {
				decoder_end(in);
				if (decoder_start(in) == -1) {
					in->why = "out of memory";
					return -1;
				}
			}
		}
		before = in->next;
		st = decoder_step(in, out, cap, &n);
		/* gzip's rule: what follows the members must be one. */
		if (st == STEP_FAIL && in->fresh && n == 0)
			in->why = "bytes after its end start no new member";
		if (st == STEP_FAIL && n == 0)
			return -1;
		/* The text before the fault first, the fault next time. */
		in->fail_next = st == STEP_FAIL;
		if (st == STEP_END)
			in->between = true;
		if (n > 0) {
			in->fresh = false;
			return (ssize_t)n;
		}
		/* No progress: the input ended inside a stream, or stuck. */
		if (st == STEP_ON && in->next == before && in->avail > 0) {
			in->why = "the decoder cannot go on";
			return -1;
		}
		if (st == STEP_ON && in->next == before && in->raw_eof)
			return -1; /* cut short */
		/* liblzma ends only where the input does. */
		if (st == STEP_END && in->kind == XZ)
			return 0;
	}
}

/* Moves in->at past the n bytes of text at s. */
static void
advance(struct input *in, const char *s, size_t n)
{
	const char *nl, *end = s + n;

	in->at.offset += n;
	while ((nl = memchr(s, '\n', (size_t)(end - s))) != NULL) {
		in->at.line++;
		in->at.col = 1;
		s = nl + 1;
	}
	in->at.col += (unsigned long)(end - s);
}

static ssize_t
input_read(void *cookie, char *buf, size_t size)
{
	struct input *in = cookie;
	struct diag   d;
	ssize_t	      n;

	if (in->kind == PLAIN) {
		n = (ssize_t)raw_read(in, buf, size);
		if (in->raw_errno != 0) {
			errno = in->raw_errno;
			return -1;
		}
		return n;
	}
	if (!in->failed && (n = decompress(in, buf, size)) >= 0) {
		advance(in, buf, (size_t)n);
		return n;
	}
	if (in->raw_errno != 0) {
		errno = in->raw_errno;
		return -1;
	}
	/* Said once, where the text stops: never a silently short input. */
	if (!in->failed) {
		if (in->why == NULL)
			diag_set_at(&d, DIAG_BAD_COMPRESSED, in->at, 0,
			    "the %s stream is cut short (the input ends "
			    "inside it)",
			    compressions[in->kind].name);
		else
			diag_set_at(&d, DIAG_BAD_COMPRESSED, in->at, 0,
			    "the %s stream is corrupt: %s",
			    compressions[in->kind].name, in->why);
		cli_diag(in->name, &d, NULL);
		in->failed = true;
	}
	errno = CLI_EREPORTED;
	return -1;
}

/* The inputs being decompressed, open now (cli_input_decompressed). */
static struct input *decompressing;

static void
input_free(struct input *in)
{
	struct input **p;

	for (p = &decompressing; *p != NULL; p = &(*p)->next_open)
		if (*p == in) {
			*p = in->next_open;
			break;
		}
	decoder_end(in);
	if (in->raw != stdin)
		fclose(in->raw);
	free(in);
}

static int
input_close(void *cookie)
{
	input_free(cookie);
	return 0;
}

/*
 * The input read from raw (owned from now on, unless it is stdin) and
 * called name in messages (borrowed): raw itself when it is plain and
 * seekable and seen is NULL, else a stream of ours.  NULL after saying
 * why (raw closed).
 */
static FILE *
input_wrap(FILE *raw, const char		     *name,
    void (*seen)(void *, const void *, size_t), void *arg)
{
	static const cookie_io_functions_t io = { .read = input_read,
		.close = input_close };
	struct input			  *in;
	FILE				  *f;

	if ((in = calloc(1, sizeof *in)) == NULL) {
		cli_error("out of memory");
		if (raw != stdin)
			fclose(raw);
		return NULL;
	}
	in->raw = raw;
	in->name = name;
	in->seen = seen;
	in->arg = arg;
	in->at = (struct diag_pos){ 1, 1, 0 };
	in->headlen = fread(in->head, 1, sizeof in->head, in->raw);
	if (in->headlen == 0 && ferror(in->raw)) {
		cli_error("%s: %s", name, strerror(errno));
		input_free(in);
		return NULL;
	}
	if (seen != NULL)
		seen(arg, in->head, in->headlen);
	in->kind = sniff(in->head, in->headlen);
	/* A plain file read as it is: nothing between it and its reader. */
	if (in->kind == PLAIN && seen == NULL &&
	    fseeko(in->raw, -(off_t)in->headlen, SEEK_CUR) == 0) {
		f = in->raw;
		free(in);
		return f;
	}
	if (in->kind != PLAIN && decoder_start(in) == -1) {
		cli_error("out of memory");
		input_free(in);
		return NULL;
	}
	if ((f = fopencookie(in, "r", io)) == NULL) {
		cli_error("%s: %s", name, strerror(errno));
		input_free(in);
		return NULL;
	}
	in->file = f;
	if (in->kind != PLAIN) {
		in->next_open = decompressing;
		decompressing = in;
	}
	return f;
}

bool
cli_input_decompressed(const FILE *f)
{
	const struct input *in;

	for (in = decompressing; in != NULL; in = in->next_open)
		if (in->file == f)
			return true;
	return false;
}

FILE *
cli_input_open_seen(
    const char *path, void (*seen)(void *, const void *, size_t), void *arg)
{
	FILE *raw;

	if (strcmp(path, "-") == 0)
		raw = stdin;
	else if ((raw = fopen(path, "rb")) == NULL) {
		cli_error("%s: %s", path, strerror(errno));
		return NULL;
	}
	return input_wrap(raw, cli_input_name(path), seen, arg);
}

int
cli_decompress(const char *name, size_t max, char **text, size_t *len)
{
	struct buf b;
	FILE	  *raw, *in;
	int	   rc;

	/* errno for a failure said already, as cli_read_error expects. */
	if ((raw = fmemopen(*text, *len, "rb")) == NULL)
		return -1;
	if ((in = input_wrap(raw, name, NULL, NULL)) == NULL) {
		errno = CLI_EREPORTED;
		return -1;
	}
	buf_init(&b);
	if ((rc = buf_read_file_max(&b, in, max)) == 0) {
		free(*text);
		*text = b.s;
		*len = b.len;
	} else
		buf_fini(&b);
	cli_input_close(in);
	return rc;
}

int
cli_read_file(const char *path, size_t max, char **text, size_t *len)
{
	struct buf b;
	int	   fd = STDIN_FILENO, rc, saved;

	if (strcmp(path, "-") != 0 &&
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	buf_init(&b);
	rc = buf_read_fd_max(&b, fd, max);
	saved = errno;
	if (fd != STDIN_FILENO)
		close(fd);
	if (rc == 0 && cli_compression(b.s, b.len) != NULL &&
	    (rc = cli_decompress(cli_input_name(path), max, &b.s, &b.len)) ==
		-1)
		saved = errno;
	if (rc == -1) {
		buf_fini(&b);
		errno = saved;
		return -1;
	}
	*text = b.s;
	*len = b.len;
	return 0;
}

int
cli_input_stat(const char *path, struct stat *st)
{
	if (strcmp(path, "-") == 0)
		return fstat(STDIN_FILENO, st);
	return stat(path, st);
}

FILE *
cli_input_open(const char *path)
{
	return cli_input_open_seen(path, NULL, NULL);
}

void
cli_input_close(FILE *in)
{
	if (in != stdin)
		fclose(in);
}

void
cli_read_error(const char *name)
{
	if (errno == EFBIG)
		cli_error("%s: larger than %d MiB (decompressed): a record "
			  "file is read whole, and smaller; gamecheck and "
			  "gamestat stream archives of any size",
		    name, (int)(CLI_WHOLE_MAX >> 20));
	else if (errno != CLI_EREPORTED)
		cli_error("%s: %s", name, strerror(errno));
}
