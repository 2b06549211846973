/* SPDX-License-Identifier: MIT */
/*
 * Secret seeds: the seed of a game's dice kept by the referee in a file
 * and committed to in the record with a salt, so that nobody can foresee
 * the dice and anybody can check them once the seed is revealed
 * (formats/rng.md, "Secret dice").
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "secret/file.h"
#include "secret/secret.h"

/* A seed file: the text, a newline, and room to see that more follows. */
#define SEED_FILE_MAX (SECRET_SEED_TEXT_LEN + 2)

void
secret_seed_new(struct secret_seed *s)
{
	unsigned char bits[(SECRET_SALT_LEN - 1) / 2];
	uint64_t      seed;

	randombytes_buf(bits, sizeof bits);
	sodium_bin2hex(s->salt, sizeof s->salt, bits, sizeof bits);
	randombytes_buf(&seed, sizeof seed);
	s->seed = seed;
	sodium_memzero(bits, sizeof bits);
}

void
secret_seed_text(const struct secret_seed *s, char out[SECRET_SEED_TEXT_LEN])
{
	snprintf(out, SECRET_SEED_TEXT_LEN, "%s:%llu", s->salt, s->seed);
}

void
secret_seed_commit(const struct secret_seed *s, char out[SECRET_COMMIT_LEN])
{
	char text[SECRET_SEED_TEXT_LEN];

	secret_seed_text(s, text);
	secret_commit(text, strlen(text), out);
	sodium_memzero(text, sizeof text);
}

bool
secret_salt_valid(const char *s, size_t len)
{
	return len == SECRET_SALT_LEN - 1 && secret_is_hex(s, len);
}

int
secret_seed_write(const char *path, const struct secret_seed *s, struct diag *d)
{
	char text[SECRET_SEED_TEXT_LEN];
	int  rc;

	secret_seed_text(s, text);
	rc = secret_key_write(path, text, d);
	sodium_memzero(text, sizeof text);
	return rc;
}

/*
 * Parses the n bytes of buf as "SALT:SEED" and a newline at most: the
 * seed in decimal without a sign, a leading zero or a space, so that one
 * seed has one text.  Returns 0 or -1.
 */
static int
parse_seed(const char *buf, size_t n, struct secret_seed *s)
{
	const char	  *digits = buf + SECRET_SALT_LEN;
	size_t		   i, nd;
	unsigned long long v = 0;

	if (n > 0 && buf[n - 1] == '\n')
		n--;
	if (n <= SECRET_SALT_LEN ||
	    !secret_salt_valid(buf, SECRET_SALT_LEN - 1) ||
	    buf[SECRET_SALT_LEN - 1] != ':')
		return -1;
	nd = n - SECRET_SALT_LEN;
	if (nd > 20 || (nd > 1 && digits[0] == '0'))
		return -1;
	for (i = 0; i < nd; i++) {
		if (digits[i] < '0' || digits[i] > '9' ||
		    v > (ULLONG_MAX - (unsigned)(digits[i] - '0')) / 10)
			return -1;
		v = v * 10 + (unsigned)(digits[i] - '0');
	}
	memcpy(s->salt, buf, SECRET_SALT_LEN - 1);
	s->salt[SECRET_SALT_LEN - 1] = '\0';
	s->seed = v;
	return 0;
}

int
secret_seed_read(const char *path, struct secret_seed *s, struct diag *d)
{
	char   buf[SEED_FILE_MAX];
	size_t len;
	int    fd, rc;

	if (secret_file_open(path, "seed", &fd, d) == -1)
		return -1;
	rc = secret_file_read_fd(fd, path, "seed", buf, sizeof buf, &len, d);
	close(fd);
	if (rc == 0 && parse_seed(buf, len, s) == -1)
		rc = diag_set(d, DIAG_NONE,
		    "%s: no seed: a seed file holds the text gameplay new "
		    "--secret-seed wrote (a salt of %d hex digits, a colon, "
		    "the seed), and a newline",
		    path, SECRET_SALT_LEN - 1);
	sodium_memzero(buf, sizeof buf);
	return rc;
}

bool
secret_equal(const void *a, const void *b, size_t n)
{
	return sodium_memcmp(a, b, n) == 0;
}
