/* SPDX-License-Identifier: MIT */
/*
 * One input (input.c): its name in messages, what the file system says
 * of it, a stream of its text, decompressed, or all of it at once, and
 * why a read from it failed.  Which inputs a tool reads is files.h's.
 */
#ifndef ARBITER_CLI_INPUT_H
#define ARBITER_CLI_INPUT_H

#include <sys/stat.h>

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * stat(2) of input path, or fstat(2) of standard input for "-": what the
 * checks that tell one file under two names compare.  0, or -1 (errno).
 */
int cli_input_stat(const char *path, struct stat *st);

/* The name of input path in messages: "<stdin>" for "-". */
const char *cli_input_name(const char *path);

/*
 * The inputs (input.c).  Opens input path for reading: standard input
 * for "-".  A gzip, bzip2, xz or zstd stream (told by its magic bytes,
 * not its name) is read decompressed, streamed in blocks (memory stays
 * flat whatever the ratio); concatenated gzip members are read whole.
 * Reading a compressed stream that is corrupt or cut short fails (ferror)
 * with errno CLI_EREPORTED, the diagnostic bad-compressed already said
 * (where the decompressed text stops); no input is ever silently short.
 * path must outlive the stream (messages name it).  NULL after saying
 * why.  cli_input_close closes it, unless it is standard input.
 */
FILE *cli_input_open(const char *path);
void  cli_input_close(FILE *in);

/*
 * Opens input path as cli_input_open does, passing each block of bytes
 * read from it to seen(arg, buf, n) as it is read (gamestat's covers:
 * the size and checksum of every input, standard input included): the
 * bytes as they are in the file, compressed or not.  NULL after saying
 * why; close it with cli_input_close.
 */
FILE *cli_input_open_seen(const char *path,
    void (*seen)(void *arg, const void *buf, size_t n), void *arg);

/*
 * Whether f, opened by cli_input_open(_seen), is read decompressed: a
 * read from it may say that its stream is corrupt (bad-compressed) as it
 * happens, so whoever reads ahead of what it puts out would put that
 * out of order.
 */
bool cli_input_decompressed(const FILE *f);

/*
 * errno after a read from an input failed for a reason already said (a
 * diagnostic).  cli_read_error(name) says why a read from input name
 * failed, errno set: "PROG: NAME: strerror", or nothing for this one.
 */
#define CLI_EREPORTED EBADMSG
void cli_read_error(const char *name);

/*
 * The compression the first len bytes at buf start (its magic number):
 * "gzip", "bzip2", "xz" or "zstd", or NULL for none of them.
 */
const char *cli_compression(const void *buf, size_t len);

/* The most a record file read whole (cli_read_file) may be: 256 MiB. */
#define CLI_WHOLE_MAX ((size_t)256 << 20)

/*
 * Replaces *text, len bytes of a compressed stream (malloc'd, the
 * caller's), with its decompressed bytes, NUL terminated, and their
 * length.  Returns 0, or -1 (errno; CLI_EREPORTED when the stream is
 * corrupt, said as cli_input_open says it; EFBIG past max bytes), *text
 * unchanged.
 */
int cli_decompress(const char *name, size_t max, char **text, size_t *len);

/*
 * Reads a whole file ("-": standard input) into *text, NUL terminated
 * (the caller frees it), its length in *len; a compressed one is
 * decompressed (cli_decompress).  Returns 0, or -1 (errno: tell it with
 * cli_read_error; EFBIG when the file, or what it decompresses to, is
 * over max bytes, so that no input read whole takes more memory:
 * CLI_WHOLE_MAX for a record file).
 */
int cli_read_file(const char *path, size_t max, char **text, size_t *len);

#endif
