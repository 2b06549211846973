/* SPDX-License-Identifier: MIT */
/*
 * Reading a whole stream into a struct buf (util.h), the loop every
 * reader of a file, a list or a decompressed stream wants, with one
 * failure rule, git's strbuf_read's: the bytes read stay in the buffer,
 * errno says why, -1 says that it failed.  Where the stream comes from
 * and what a failure means to the user are the callers'.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "util/util.h"

/* Each read asks for at least this much: whole blocks, few calls. */
#define READ_CHUNK 65536

int
buf_read_file(struct buf *b, FILE *f)
{
	return buf_read_file_max(b, f, SIZE_MAX);
}

int
buf_read_file_max(struct buf *b, FILE *f, size_t max)
{
	size_t n;

	/* What a failure leaves in errno is this read's, not an older one. */
	errno = 0;
	do {
		if (b->len > max) {
			errno = EFBIG;
			return -1;
		}
		if (buf_reserve(b, READ_CHUNK) == -1)
			return -1;
		n = fread(b->s + b->len, 1, b->cap - b->len - 1, f);
		b->len += n;
		b->s[b->len] = '\0';
	} while (n > 0);
	if (b->len > max) {
		errno = EFBIG;
		return -1;
	}
	if (ferror(f)) {
		/* A stream's own read function may leave errno alone. */
		if (errno == 0)
			errno = EIO;
		return -1;
	}
	return 0;
}

int
buf_read_fd(struct buf *b, int fd)
{
	return buf_read_fd_max(b, fd, SIZE_MAX);
}

int
buf_read_fd_max(struct buf *b, int fd, size_t max)
{
	ssize_t r;

	for (;;) {
		if (b->len > max) {
			errno = EFBIG;
			return -1;
		}
		if (buf_reserve(b, READ_CHUNK) == -1)
			return -1;
		r = read(fd, b->s + b->len, b->cap - b->len - 1);
		if (r == -1 && errno == EINTR)
			continue;
		if (r == -1)
			return -1;
		if (r == 0)
			return 0;
		b->len += (size_t)r;
		b->s[b->len] = '\0';
	}
}
