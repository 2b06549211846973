/* SPDX-License-Identifier: MIT */
/*
 * Keys and commitments on libsodium: random keys, their Argon2id hashes,
 * the files that carry keys to their players, and SHA-256 commitments.
 * The files are opened without following links and checked on the
 * descriptor opened (owner, mode, type), so that nothing can be swapped
 * between the check and the read.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "secret/file.h"
#include "secret/secret.h"

/* A key file: the key, a newline, and room to see that more follows. */
#define KEY_FILE_MAX (SECRET_KEY_LEN + 2)

int
secret_init(struct diag *d)
{
	if (sodium_init() < 0)
		return diag_set(d, DIAG_NONE,
		    "the cryptographic library (libsodium) cannot start");
	return 0;
}

void
secret_key_new(char key[SECRET_KEY_LEN])
{
	unsigned char bits[(SECRET_KEY_LEN - 1) / 2];

	randombytes_buf(bits, sizeof bits);
	sodium_bin2hex(key, SECRET_KEY_LEN, bits, sizeof bits);
	sodium_memzero(bits, sizeof bits);
}

int
secret_key_hash(const char *key, char hash[SECRET_HASH_LEN], struct diag *d)
{
	char out[crypto_pwhash_STRBYTES];

	if (crypto_pwhash_str(out, key, strlen(key),
		crypto_pwhash_OPSLIMIT_INTERACTIVE,
		crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
		return diag_set(
		    d, DIAG_NONE, "out of memory while hashing a key");
	if (strlen(out) >= SECRET_HASH_LEN)
		return diag_set(d, DIAG_NONE, "a key's hash is too long");
	memcpy(hash, out, strlen(out) + 1);
	return 0;
}

bool
secret_key_verify(const char *hash, const char *key)
{
	char   buf[crypto_pwhash_STRBYTES];
	size_t n = strnlen(hash, sizeof buf);

	/* The library reads a fixed-size buffer: copy the record's text. */
	if (n == sizeof buf || strncmp(hash, "$argon2id$", 10) != 0)
		return false;
	memset(buf, 0, sizeof buf);
	memcpy(buf, hash, n);
	/*
	 * The cost is written in the hash, which whoever can write the
	 * record can edit: only the limits secret_key_hash uses are
	 * verified, so that an edited hash cannot make the referee spend
	 * years or all memory on one check.
	 */
	if (crypto_pwhash_str_needs_rehash(buf,
		crypto_pwhash_OPSLIMIT_INTERACTIVE,
		crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
		return false;
	return crypto_pwhash_str_verify(buf, key, strlen(key)) == 0;
}

/* A key as a file holds it: exactly the hex digits, and a newline. */
static bool
is_key(const char *s, size_t n)
{
	if (n > 0 && s[n - 1] == '\n')
		n--;
	return n == SECRET_KEY_LEN - 1 && secret_is_hex(s, n);
}

bool
secret_is_hex(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') ||
			(s[i] >= 'a' && s[i] <= 'f')))
			return false;
	return true;
}

int
secret_file_read_fd(int fd, const char *name, const char *what, char *buf,
    size_t cap, size_t *len, struct diag *d)
{
	struct stat st;
	ssize_t	    r;

	*len = 0;
	if (fstat(fd, &st) == -1)
		return diag_set(d, DIAG_NONE, "%s: %s", name, strerror(errno));
	if (S_ISREG(st.st_mode)) {
		if (st.st_uid != geteuid())
			return diag_set(d, DIAG_NONE,
			    "%s: the %s file is not yours: a %s is read "
			    "only from its owner's file",
			    name, what, what);
		if ((st.st_mode & 077) != 0)
			return diag_set(d, DIAG_NONE,
			    "%s: others may read or write the %s file "
			    "(mode %04o): make it 0600",
			    name, what, (unsigned)(st.st_mode & 07777));
	} else if (!S_ISFIFO(st.st_mode) && !S_ISSOCK(st.st_mode))
		return diag_set(d, DIAG_NONE,
		    "%s: a %s is read from a regular file or a pipe", name,
		    what);
	while (*len < cap && (r = read(fd, buf + *len, cap - *len)) != 0) {
		if (r == -1) {
			if (errno == EINTR)
				continue;
			sodium_memzero(buf, cap);
			return diag_set(
			    d, DIAG_NONE, "%s: %s", name, strerror(errno));
		}
		*len += (size_t)r;
	}
	return 0;
}

int
secret_key_read_fd(
    int fd, const char *name, char key[SECRET_KEY_LEN], struct diag *d)
{
	char   buf[KEY_FILE_MAX];
	size_t len;
	int    rc = -1;

	if (secret_file_read_fd(fd, name, "key", buf, sizeof buf, &len, d) ==
	    -1)
		return -1;
	if (!is_key(buf, len)) {
		diag_set(d, DIAG_NONE,
		    "%s: no key: a key file holds the %d hex digits the "
		    "referee gave, and a newline",
		    name, SECRET_KEY_LEN - 1);
		goto out_zero;
	}
	memcpy(key, buf, SECRET_KEY_LEN - 1);
	key[SECRET_KEY_LEN - 1] = '\0';
	rc = 0;
out_zero:
	sodium_memzero(buf, sizeof buf);
	return rc;
}

int
secret_file_open(const char *path, const char *what, int *fd, struct diag *d)
{
	struct stat st;

	/* Not blocking on a FIFO put in the file's place. */
	*fd = open(
	    path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (*fd == -1)
		return diag_set(d, DIAG_NONE, "%s: %s%s%s", path,
		    errno == ELOOP ? "a " : strerror(errno),
		    errno == ELOOP ? what : "",
		    errno == ELOOP ? " file may not be a symbolic link" : "");
	if (fstat(*fd, &st) == 0 && !S_ISREG(st.st_mode)) {
		close(*fd);
		return diag_set(d, DIAG_NONE,
		    "%s: a %s file is a regular file (a pipe is given as a "
		    "descriptor)",
		    path, what);
	}
	return 0;
}

int
secret_key_read(const char *path, char key[SECRET_KEY_LEN], struct diag *d)
{
	int fd, rc;

	if (secret_file_open(path, "key", &fd, d) == -1)
		return -1;
	rc = secret_key_read_fd(fd, path, key, d);
	close(fd);
	return rc;
}

/* Writes all n bytes of s to fd; -1 with errno (EIO for a short write
 * that set none). */
static int
write_all(int fd, const char *s, size_t n)
{
	ssize_t w;

	while (n > 0) {
		errno = 0;
		if ((w = write(fd, s, n)) <= 0) {
			if (w == -1 && errno == EINTR)
				continue;
			if (errno == 0)
				errno = EIO;
			return -1;
		}
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Syncs the folder path is in, so that its new name lasts too. */
static int
sync_dir(const char *path)
{
	const char *slash = strrchr(path, '/');
	char	   *dir;
	int	    fd, rc;

	if (slash == NULL)
		dir = strdup(".");
	else
		dir = strndup(path, slash == path ? 1 : (size_t)(slash - path));
	if (dir == NULL)
		return -1;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	free(dir);
	if (fd == -1)
		return -1;
	rc = fsync(fd);
	close(fd);
	return rc;
}

int
secret_key_write(const char *path, const char *key, struct diag *d)
{
	size_t n = strlen(key);
	int    fd, saved;

	fd = open(
	    path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd == -1)
		return diag_set(d, DIAG_NONE, "%s: %s", path, strerror(errno));
	if (fchmod(fd, 0600) == -1 || write_all(fd, key, n) == -1 ||
	    write_all(fd, "\n", 1) == -1 || fsync(fd) == -1) {
		saved = errno;
		close(fd);
		unlink(path);
		errno = saved;
		return diag_set(d, DIAG_NONE, "%s: %s", path, strerror(saved));
	}
	if (close(fd) == -1 || sync_dir(path) == -1) {
		saved = errno;
		unlink(path);
		errno = saved;
		return diag_set(d, DIAG_NONE, "%s: %s", path, strerror(saved));
	}
	return 0;
}

void
secret_wipe(void *p, size_t n)
{
	sodium_memzero(p, n);
}

void
secret_commit(const void *s, size_t len, char out[SECRET_COMMIT_LEN])
{
	unsigned char h[crypto_hash_sha256_BYTES];

	crypto_hash_sha256(h, s, len);
	sodium_bin2hex(out, SECRET_COMMIT_LEN, h, sizeof h);
}
