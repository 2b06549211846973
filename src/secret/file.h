/* SPDX-License-Identifier: MIT */
/*
 * The secret module's own: reading a file that holds a secret (a key, a
 * seed), shared by its kinds so that each is checked the same way.
 */
#ifndef ARBITER_SECRET_FILE_H
#define ARBITER_SECRET_FILE_H

#include <stdbool.h>
#include <stddef.h>

#include "diag/diag.h"

/*
 * Opens path for reading without following a link and without blocking,
 * and refuses what is no regular file.  what names the secret ("key",
 * "seed") in the messages.  Returns 0 with *fd open, or -1 with d filled.
 */
int
secret_file_open(const char *path, const char *what, int *fd, struct diag *d);

/*
 * Checks fd (a regular file: owned by the user running the tool, mode
 * 0600 or less; else a pipe or a socket) and reads at most cap bytes of
 * it into buf, *len of them.  Returns 0, or -1 with d filled saying what
 * is wrong with the file, never what it holds, and buf wiped.
 */
int secret_file_read_fd(int fd, const char *name, const char *what, char *buf,
    size_t cap, size_t *len, struct diag *d);

/* Whether the n bytes at s are lower-case hex digits. */
bool secret_is_hex(const char *s, size_t n);

#endif
