/* SPDX-License-Identifier: MIT */
/*
 * Keys and commitments (src/secret): a key verifies against its own hash
 * and no other; an edited hash matches nothing; key files are read only
 * when they are their owner's alone, regular and reached without a link,
 * and never quoted in a message; a new key file is 0600 and never
 * replaces a file or follows a link; SHA-256 commitments are FIPS 180's.
 */
#include <sys/stat.h>

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sodium.h>

#include "secret/secret.h"
#include "unit.h"

static char dir[64];

static void
setup(void)
{
	struct diag d;

	strcpy(dir, "/tmp/test_secret.XXXXXX");
	ck_assert_msg(secret_init(&d) == 0, "%s", d.msg);
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void
teardown(void)
{
	char cmd[96];

	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	ck_assert_int_eq(system(cmd), 0);
}

static const char *
in_dir(const char *name)
{
	static char path[2][160];
	static int  k;

	k = 1 - k;
	snprintf(path[k], sizeof path[k], "%s/%s", dir, name);
	return path[k];
}

static void
write_file(const char *path, const char *text, mode_t mode)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fputs(text, f) >= 0, 1);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(chmod(path, mode), 0);
}

START_TEST(test_keys)
{
	char	    a[SECRET_KEY_LEN], b[SECRET_KEY_LEN];
	char	    ha[SECRET_HASH_LEN], hb[SECRET_HASH_LEN];
	struct diag d;
	size_t	    i;

	secret_key_new(a);
	secret_key_new(b);
	ck_assert_uint_eq(strlen(a), SECRET_KEY_LEN - 1);
	ck_assert_uint_eq(strspn(a, "0123456789abcdef"), SECRET_KEY_LEN - 1);
	ck_assert_str_ne(a, b);
	ck_assert_int_eq(secret_key_hash(a, ha, &d), 0);
	ck_assert_int_eq(secret_key_hash(b, hb, &d), 0);
	ck_assert_msg(strncmp(ha, "$argon2id$", 10) == 0, "%s", ha);
	ck_assert_ptr_null(strstr(ha, a)); /* the key is not in its hash */
	ck_assert(secret_key_verify(ha, a));
	ck_assert(secret_key_verify(hb, b));
	ck_assert(!secret_key_verify(ha, b)); /* the other player's key */
	ck_assert(!secret_key_verify(hb, a));
	ck_assert(!secret_key_verify(ha, ""));
	/* Salted: the same key hashes twice to different texts. */
	ck_assert_int_eq(secret_key_hash(a, hb, &d), 0);
	ck_assert_str_ne(ha, hb);
	ck_assert(secret_key_verify(hb, a));
	/* An edited hash matches nothing and breaks nothing. */
	for (i = 10; i < strlen(ha); i += 3) {
		char edited[SECRET_HASH_LEN];

		memcpy(edited, ha, sizeof edited);
		edited[i] = edited[i] == 'A' ? 'B' : 'A';
		ck_assert(!secret_key_verify(edited, a));
	}
	ck_assert(!secret_key_verify("", a));
	/* A true hash of the key at other limits (3 passes, not 2): the
	 * cost is the record's to edit, so it is refused unverified. */
	ck_assert_int_eq(crypto_pwhash_str(hb, a, strlen(a), 3,
			     crypto_pwhash_MEMLIMIT_INTERACTIVE),
	    0);
	ck_assert_int_eq(crypto_pwhash_str_verify(hb, a, strlen(a)), 0);
	ck_assert(!secret_key_verify(hb, a));
	ck_assert(!secret_key_verify("$argon2i$v=19$m=65536,t=2,p=1$x$y", a));
}
END_TEST

START_TEST(test_key_files)
{
	char	    key[SECRET_KEY_LEN], got[SECRET_KEY_LEN];
	struct diag d;
	struct stat st;

	secret_key_new(key);
	ck_assert_int_eq(secret_key_write(in_dir("black.key"), key, &d), 0);
	ck_assert_int_eq(stat(in_dir("black.key"), &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0600);
	ck_assert_int_eq(secret_key_read(in_dir("black.key"), got, &d), 0);
	ck_assert_str_eq(got, key);
	/* Never over a file that is there, nor through a link. */
	ck_assert_int_eq(secret_key_write(in_dir("black.key"), key, &d), -1);
	ck_assert_int_eq(errno, EEXIST);
	ck_assert_int_eq(symlink(in_dir("elsewhere"), in_dir("link.key")), 0);
	ck_assert_int_eq(secret_key_write(in_dir("link.key"), key, &d), -1);
	ck_assert_int_eq(access(in_dir("elsewhere"), F_OK), -1);
	/* A link to a good key file is refused. */
	ck_assert_int_eq(unlink(in_dir("link.key")), 0);
	ck_assert_int_eq(symlink(in_dir("black.key"), in_dir("link.key")), 0);
	ck_assert_int_eq(secret_key_read(in_dir("link.key"), got, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "symbolic link"));
	/* Others may read it: refused, and the message has no key. */
	ck_assert_int_eq(chmod(in_dir("black.key"), 0640), 0);
	ck_assert_int_eq(secret_key_read(in_dir("black.key"), got, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "mode 0640"));
	ck_assert_ptr_null(strstr(d.msg, key));
	ck_assert_int_eq(chmod(in_dir("black.key"), 0400), 0);
	ck_assert_int_eq(secret_key_read(in_dir("black.key"), got, &d), 0);
	/* Another user's file (the tests may run as root: chown it). */
	if (geteuid() == 0) {
		ck_assert_int_eq(chown(in_dir("black.key"), 65534, 65534), 0);
		ck_assert_int_eq(
		    secret_key_read(in_dir("black.key"), got, &d), -1);
		ck_assert_ptr_nonnull(strstr(d.msg, "not yours"));
	}
}
END_TEST

START_TEST(test_key_file_contents)
{
	static const char *const bad[] = {
		"",
		"0123456789abcdef0123456789abcde\n",   /* one digit short */
		"0123456789abcdef0123456789abcdef0\n", /* one too many */
		"0123456789ABCDEF0123456789abcdef\n",  /* upper case */
		"0123456789abcdef0123456789abcdef\n\n",
		" 0123456789abcdef0123456789abcdef\n",
		"0123456789abcdef0123456789abcdef\r\n",
	};
	char	    got[SECRET_KEY_LEN];
	struct diag d;
	size_t	    i;
	int	    p[2];

	write_file(in_dir("k"), "0123456789abcdef0123456789abcdef", 0600);
	ck_assert_int_eq(secret_key_read(in_dir("k"), got, &d), 0);
	ck_assert_str_eq(got, "0123456789abcdef0123456789abcdef");
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_int_eq(unlink(in_dir("k")), 0);
		write_file(in_dir("k"), bad[i], 0600);
		ck_assert_msg(
		    secret_key_read(in_dir("k"), got, &d) == -1, "read %zu", i);
		ck_assert_ptr_nonnull(strstr(d.msg, "no key"));
		ck_assert_ptr_null(strstr(d.msg, "0123456789"));
	}
	/* A directory, a FIFO by name: refused; a pipe by descriptor: read. */
	ck_assert_int_eq(secret_key_read(dir, got, &d), -1);
	ck_assert_int_eq(mkfifo(in_dir("fifo"), 0600), 0);
	ck_assert_int_eq(secret_key_read(in_dir("fifo"), got, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "descriptor"));
	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(
	    write(p[1], "00112233445566778899aabbccddeeff\n", 33), 33);
	close(p[1]);
	ck_assert_int_eq(secret_key_read_fd(p[0], "pipe", got, &d), 0);
	ck_assert_str_eq(got, "00112233445566778899aabbccddeeff");
	close(p[0]);
}
END_TEST

START_TEST(test_commit)
{
	char out[SECRET_COMMIT_LEN];

	/* FIPS 180-2's examples. */
	secret_commit("abc", 3, out);
	ck_assert_str_eq(out,
	    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	secret_commit("", 0, out);
	ck_assert_str_eq(out,
	    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}
END_TEST

/* The vectors of formats/rng.md ("Secret dice"), also computed there with
 * sha256sum by tests/gameplay-dice.sh. */
START_TEST(test_seed_commit)
{
	static const struct {
		const char	  *salt;
		unsigned long long seed;
		const char	  *commit;
	} v[] = {
		{ "00112233445566778899aabbccddeeff", 42,
		    "7b3b098f58012e7d32d1b88bb5c8c546"
		    "db559a7456e83c682c425606378d844d" },
		{ "00112233445566778899aabbccddeeff", 0,
		    "4c1b85a42e1a1b46afb5d2406d3a43b8"
		    "a9438d5f5944b6c5f60e85014516a02f" },
		{ "ffffffffffffffffffffffffffffffff", 18446744073709551615ULL,
		    "1c7e9cb984692b757845dd8f71cc5e24"
		    "ee016f5aa6c8eae0aae721c22a5fcebb" },
	};
	struct secret_seed s, t;
	char		   out[SECRET_COMMIT_LEN], other[SECRET_COMMIT_LEN];
	char		   text[SECRET_SEED_TEXT_LEN];
	size_t		   i;

	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		memcpy(s.salt, v[i].salt, SECRET_SALT_LEN);
		s.seed = v[i].seed;
		secret_seed_commit(&s, out);
		ck_assert_str_eq(out, v[i].commit);
	}
	secret_seed_text(&s, text);
	ck_assert_str_eq(
	    text, "ffffffffffffffffffffffffffffffff:18446744073709551615");
	/* New seeds: a fresh salt each time, so the same seed commits to
	 * another hash. */
	secret_seed_new(&s);
	secret_seed_new(&t);
	ck_assert_uint_eq(strspn(s.salt, "0123456789abcdef"), 32);
	ck_assert_str_ne(s.salt, t.salt);
	t.seed = s.seed;
	secret_seed_commit(&s, out);
	secret_seed_commit(&t, other);
	ck_assert_str_ne(out, other);
	ck_assert(secret_salt_valid(s.salt, 32));
	ck_assert(!secret_salt_valid(s.salt, 31));
	ck_assert(!secret_salt_valid("0011223344556677889AABBCCDDEEFF0", 32));
	/* A commitment compared, a secret wiped. */
	ck_assert(secret_equal(out, out, SECRET_COMMIT_LEN - 1));
	ck_assert(!secret_equal(out, other, SECRET_COMMIT_LEN - 1));
	secret_wipe(&s, sizeof s);
	ck_assert(s.seed == 0 && s.salt[0] == '\0' && s.salt[31] == '\0');
}
END_TEST

START_TEST(test_seed_files)
{
	static const char *const bad[] = {
		"",
		"00112233445566778899aabbccddeeff\n",
		"00112233445566778899aabbccddeeff:\n",
		"00112233445566778899aabbccddeeff:042\n",
		"00112233445566778899aabbccddeeff:-1\n",
		"00112233445566778899aabbccddeeff:18446744073709551616\n",
		"00112233445566778899aabbccddeef:42\n",
		"00112233445566778899AABBCCDDEEFF:42\n",
		"00112233445566778899aabbccddeeff 42\n",
		"00112233445566778899aabbccddeeff:42\n\n",
		"00112233445566778899aabbccddeeff:4 2\n",
	};
	struct secret_seed s, got;
	struct diag	   d;
	struct stat	   st;
	size_t		   i;

	secret_seed_new(&s);
	ck_assert_int_eq(secret_seed_write(in_dir("seed"), &s, &d), 0);
	ck_assert_int_eq(stat(in_dir("seed"), &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0600);
	ck_assert_int_eq(secret_seed_read(in_dir("seed"), &got, &d), 0);
	ck_assert_str_eq(got.salt, s.salt);
	ck_assert(got.seed == s.seed);
	/* Never over a file, nor through a link; a link is not read. */
	ck_assert_int_eq(secret_seed_write(in_dir("seed"), &s, &d), -1);
	ck_assert_int_eq(symlink(in_dir("seed"), in_dir("link")), 0);
	ck_assert_int_eq(secret_seed_read(in_dir("link"), &got, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "seed file may not be a symbolic"));
	ck_assert_int_eq(chmod(in_dir("seed"), 0644), 0);
	ck_assert_int_eq(secret_seed_read(in_dir("seed"), &got, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "mode 0644"));
	ck_assert_ptr_null(strstr(d.msg, s.salt));
	ck_assert_int_eq(chmod(in_dir("seed"), 0600), 0);
	if (geteuid() == 0) {
		ck_assert_int_eq(chown(in_dir("seed"), 65534, 65534), 0);
		ck_assert_int_eq(
		    secret_seed_read(in_dir("seed"), &got, &d), -1);
		ck_assert_ptr_nonnull(strstr(d.msg, "not yours"));
	}
	write_file(in_dir("s"), "00112233445566778899aabbccddeeff:42", 0600);
	ck_assert_int_eq(secret_seed_read(in_dir("s"), &got, &d), 0);
	ck_assert(got.seed == 42);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_int_eq(unlink(in_dir("s")), 0);
		write_file(in_dir("s"), bad[i], 0600);
		ck_assert_msg(secret_seed_read(in_dir("s"), &got, &d) == -1,
		    "read %zu", i);
		ck_assert_ptr_nonnull(strstr(d.msg, "no seed"));
		ck_assert_ptr_null(strstr(d.msg, "00112233"));
	}
}
END_TEST

/* A text only the referee may read: a queue file (text.c). */
START_TEST(test_text_files)
{
	char	    q[160];
	struct diag d;
	struct stat st;
	char	   *text;
	size_t	    len;

	snprintf(q, sizeof q, "%s", in_dir("g.pgn.black.queue"));
	/* No file: no text, and no error. */
	ck_assert_int_eq(secret_text_read(q, "queue", &text, &len, &d), 1);
	ck_assert_ptr_null(text);
	ck_assert_int_eq(secret_text_write(q, "1 f4 e3\n", 8, &d), 0);
	ck_assert_int_eq(stat(q, &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0600);
	ck_assert_int_eq(secret_text_read(q, "queue", &text, &len, &d), 0);
	ck_assert_int_eq(len, 8);
	ck_assert_str_eq(text, "1 f4 e3\n");
	free(text);
	/* Others may read it: refused, the text not quoted. */
	ck_assert_int_eq(chmod(q, 0644), 0);
	ck_assert_int_eq(secret_text_read(q, "queue", &text, &len, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "mode 0644"));
	ck_assert_ptr_null(strstr(d.msg, "f4"));
	/* Replaced whole, mode 0600 again; empty: removed. */
	ck_assert_int_eq(secret_text_write(q, "2 d6 c3\n", 8, &d), 0);
	ck_assert_int_eq(stat(q, &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0600);
	ck_assert_int_eq(secret_text_write(q, "", 0, &d), 0);
	ck_assert_int_eq(access(q, F_OK), -1);
	/* A link is never read, and a write replaces it, not its target. */
	write_file(in_dir("elsewhere"), "3 f6 d3\n", 0600);
	ck_assert_int_eq(symlink(in_dir("elsewhere"), q), 0);
	ck_assert_int_eq(secret_text_read(q, "queue", &text, &len, &d), -1);
	ck_assert_ptr_nonnull(strstr(d.msg, "symbolic link"));
	ck_assert_int_eq(secret_text_write(q, "1 f4 e3\n", 8, &d), 0);
	ck_assert_int_eq(lstat(q, &st), 0);
	ck_assert_int_eq(S_ISREG(st.st_mode), 1);
	ck_assert_int_eq(
	    secret_text_read(in_dir("elsewhere"), "queue", &text, &len, &d), 0);
	ck_assert_str_eq(text, "3 f6 d3\n");
	free(text);
	if (geteuid() == 0) {
		ck_assert_int_eq(chown(q, 65534, 65534), 0);
		ck_assert_int_eq(
		    secret_text_read(q, "queue", &text, &len, &d), -1);
		ck_assert_ptr_nonnull(strstr(d.msg, "not yours"));
	}
}
END_TEST

UNIT_MAIN("secret",
    unit_fixture(unit_tcase("secret", 60, test_keys, test_key_files,
		     test_key_file_contents, test_commit, test_seed_commit,
		     test_seed_files, test_text_files, NULL),
	setup, teardown))
