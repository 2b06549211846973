/* SPDX-License-Identifier: MIT */
/*
 * Secrets: the players' keys of a keyed record and the commitments to a
 * secret seed (formats/keys.md).  A key is made from the system's random
 * source, handed to its player in a file only its owner may read, and the
 * record keeps only a salted, slow hash of it (Argon2id, libsodium's
 * crypto_pwhash_str), checked with the library's constant-time verify.  A
 * commitment is the SHA-256 of a secret in hex, revealed later.  The only
 * module that includes <sodium.h>; it knows no game and no record, and
 * prints nothing: failures come back as a struct diag without a position,
 * whose message names no secret.
 */
#ifndef ARBITER_SECRET_H
#define ARBITER_SECRET_H

#include <stdbool.h>
#include <stddef.h>

#include "diag/diag.h"

/* A key: 32 lower-case hex digits (128 random bits), and its NUL. */
#define SECRET_KEY_LEN 33
/* A key's hash as the record keeps it ("$argon2id$..."), NUL included. */
#define SECRET_HASH_LEN 128
/* A commitment: 64 lower-case hex digits of SHA-256, and its NUL. */
#define SECRET_COMMIT_LEN 65

/*
 * Readies the library (its random source); every other call needs it.
 * Returns 0, or -1 with d filled when the library cannot start.
 */
int secret_init(struct diag *d);

/* Writes a new random key into key.  Cannot fail once secret_init has. */
void secret_key_new(char key[SECRET_KEY_LEN]);

/*
 * Writes the salted Argon2id hash of key into hash.  Returns 0, or -1
 * with d filled (out of memory: the hash takes 64 MiB for a moment).
 */
int
secret_key_hash(const char *key, char hash[SECRET_HASH_LEN], struct diag *d);

/*
 * Whether key is the one hash was made from, in time that does not depend
 * on where they differ.  A hash that is no Argon2id hash of
 * secret_key_hash's limits (an edited record, whose cost could be any)
 * matches no key.
 */
bool secret_key_verify(const char *hash, const char *key);

/*
 * Reads a key from the file path: a regular file, itself no symbolic link
 * (the folders above it are the caller's to trust), owned by the user
 * running the tool, that no
 * one else may read or write (mode 0600 or less), holding a key and at
 * most one newline.  secret_key_read_fd does the same from an open
 * descriptor (a pipe or a file; the owner and mode are checked where fd
 * is a regular file).  Returns 0, or -1 with d filled saying what is
 * wrong with the file, never what it holds.
 */
int secret_key_read(const char *path, char key[SECRET_KEY_LEN], struct diag *d);
int secret_key_read_fd(
    int fd, const char *name, char key[SECRET_KEY_LEN], struct diag *d);

/*
 * Writes key and a newline to a new file path of mode 0600, refusing a
 * path that exists (a link included), and syncs it.  Returns 0, or -1
 * with d filled (errno kept) and no file left.
 */
int secret_key_write(const char *path, const char *key, struct diag *d);

/* Zeroes the n bytes of a secret at p, a write the compiler keeps. */
void secret_wipe(void *p, size_t n);

/* The SHA-256 of the len bytes of s, in hex: a commitment to them. */
void secret_commit(const void *s, size_t len, char out[SECRET_COMMIT_LEN]);

/*
 * A secret seed (formats/rng.md, "Secret dice"): the seed of a game's
 * dice and a salt of 128 random bits, 32 lower-case hex digits.  Its
 * text "SALT:SEED" (the seed in decimal) is what the seed file holds and
 * what the record reveals; the record's commitment is its SHA-256, which
 * the salt keeps from being found by trying every seed.
 */
#define SECRET_SALT_LEN 33
/* The text "SALT:SEED": 32 + 1 + 20 digits, and its NUL. */
#define SECRET_SEED_TEXT_LEN 54

struct secret_seed {
	char		   salt[SECRET_SALT_LEN];
	unsigned long long seed;
};

/* Draws a new seed and salt from the system's random source. */
void secret_seed_new(struct secret_seed *s);

/* Writes the text "SALT:SEED" of s into out. */
void
secret_seed_text(const struct secret_seed *s, char out[SECRET_SEED_TEXT_LEN]);

/* The commitment to s: the SHA-256 of its text, in hex. */
void
secret_seed_commit(const struct secret_seed *s, char out[SECRET_COMMIT_LEN]);

/* Whether the len bytes of s are a salt: 32 lower-case hex digits. */
bool secret_salt_valid(const char *s, size_t len);

/*
 * Writes s's text and a newline to a new file path of mode 0600, as
 * secret_key_write writes a key.  Returns 0, or -1 with d filled.
 */
int secret_seed_write(
    const char *path, const struct secret_seed *s, struct diag *d);

/*
 * Reads a seed file under the rules of a key file (secret_key_read): a
 * regular file reached without a link, its owner's, mode 0600 or less,
 * holding one "SALT:SEED" text and at most one newline.  Returns 0, or
 * -1 with d filled, never quoting the file.
 */
int secret_seed_read(const char *path, struct secret_seed *s, struct diag *d);

/* Whether the n bytes at a and b are equal, in time that does not depend
 * on where they differ. */
bool secret_equal(const void *a, const void *b, size_t n);

/*
 * A text only the referee may read (text.c): the file path, read as a
 * key file (secret_key_read: no link, the user's own, mode 0600 or less),
 * what naming it in messages ("queue").  Returns 0 with *text (owned by
 * the caller, NUL terminated, *len bytes), 1 when there is no such file
 * (*text NULL), or -1 with d filled, never quoting the file.
 */
int secret_text_read(const char *path, const char *what, char **text,
    size_t *len, struct diag *d);
/*
 * Replaces path with the len bytes of text through a new file of mode
 * 0600 in its folder and a rename (never writing through a link at
 * path); an empty text removes path.  Returns 0, or -1 with d filled
 * and path as it was.
 */
int secret_text_write(
    const char *path, const char *text, size_t len, struct diag *d);

#endif
