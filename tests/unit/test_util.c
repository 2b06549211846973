/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the utility layer: growing arrays and buffers (growth,
 * zeroed spare elements, sizes that would overflow, memory that runs
 * out), reading a whole stream (what a failure keeps), the hash map
 * (many keys, keys that all collide, emptying), UTF-8 decoding and XML
 * escaping of any bytes.
 */
#define _GNU_SOURCE /* fopencookie(3) */
#include <check.h>
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/util.h"
#include "unit.h"

/*
 * A request too big for any allocator must come back as NULL, not stop
 * the test, under AddressSanitizer too.
 */
#if defined(__SANITIZE_ADDRESS__)
#define UNIT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNIT_ASAN 1
#endif
#endif
#ifdef UNIT_ASAN
const char *__asan_default_options(void);
const char *
__asan_default_options(void)
{
	return "allocator_may_return_null=1";
}
#endif

/* ---- Growing arrays ----------------------------------------------- */

START_TEST(array_grows_and_zeroes)
{
	int   *a = NULL;
	size_t cap = 0, i, n;

	ck_assert_int_eq(array_grow(&a, &cap, 1, sizeof *a), 0);
	ck_assert_ptr_nonnull(a);
	ck_assert_uint_ge(cap, 1);
	for (n = 0; n < 10000; n++) {
		ck_assert_int_eq(array_grow(&a, &cap, n + 1, sizeof *a), 0);
		ck_assert_uint_ge(cap, n + 1);
		/* What was added is zero; what was there is kept. */
		ck_assert_int_eq(a[n], 0);
		a[n] = (int)n + 1;
	}
	for (i = 0; i < n; i++)
		ck_assert_int_eq(a[i], (int)i + 1);
	/* Doubling: a few thousand elements take few capacities. */
	ck_assert_uint_lt(cap, 2 * n);
	free(a);
}
END_TEST

START_TEST(array_enough_is_a_no_op)
{
	char  *a = NULL, *was;
	size_t cap = 0;

	ck_assert_int_eq(array_grow(&a, &cap, 100, 1), 0);
	was = a;
	ck_assert_int_eq(array_grow(&a, &cap, 50, 1), 0);
	ck_assert_int_eq(array_grow(&a, &cap, cap, 1), 0);
	ck_assert_ptr_eq(a, was);
	free(a);
}
END_TEST

/* need * size beyond SIZE_MAX fails cleanly instead of wrapping round. */
START_TEST(array_size_overflow)
{
	uint64_t *a = NULL;
	size_t	  cap = 0, was_cap;
	uint64_t *was;

	ck_assert_int_eq(array_grow(&a, &cap, 4, sizeof *a), 0);
	a[3] = 7;
	was = a;
	was_cap = cap;
	errno = 0;
	ck_assert_int_eq(array_grow(&a, &cap, SIZE_MAX / 4, sizeof *a), -1);
	ck_assert_int_eq(errno, ENOMEM);
	ck_assert_int_eq(array_grow(&a, &cap, SIZE_MAX, sizeof *a), -1);
	/* The doubling itself must not wrap either. */
	ck_assert_int_eq(array_grow(&a, &cap, SIZE_MAX / 2 + 2, 1), -1);
	ck_assert_ptr_eq(a, was);
	ck_assert_uint_eq(cap, was_cap);
	ck_assert_uint_eq(a[3], 7);
	free(a);
}
END_TEST

/* A size that fits but no allocator gives: realloc's NULL, array kept. */
START_TEST(array_out_of_memory)
{
	char  *a = NULL;
	size_t cap = 0;

	ck_assert_int_eq(array_grow(&a, &cap, 3, 1), 0);
	memcpy(a, "ok", 3);
	errno = 0;
	ck_assert_int_eq(array_grow(&a, &cap, SIZE_MAX / 2 + 1, 1), -1);
	ck_assert_int_eq(errno, ENOMEM);
	ck_assert_uint_eq(cap, 8);
	ck_assert_str_eq(a, "ok");
	free(a);
}
END_TEST

START_TEST(buf_appends_with_nul)
{
	struct buf b;
	size_t	   i;

	buf_init(&b);
	ck_assert_int_eq(buf_add(&b, "", 0), 0);
	ck_assert_str_eq(b.s, "");
	for (i = 0; i < 1000; i++)
		ck_assert_int_eq(buf_add(&b, "abc", 3), 0);
	ck_assert_uint_eq(b.len, 3000);
	ck_assert_uint_eq(strlen(b.s), 3000);
	ck_assert_int_eq(memcmp(b.s + 2997, "abc", 4), 0);
	ck_assert_int_eq(buf_reserve(&b, 5000), 0);
	ck_assert_uint_gt(b.cap, b.len + 5000);
	buf_fini(&b);
	ck_assert_ptr_null(b.s);
	ck_assert_uint_eq(b.len, 0);
	buf_fini(&b);
}
END_TEST

START_TEST(buf_overflow_keeps_the_bytes)
{
	struct buf b;

	buf_init(&b);
	ck_assert_int_eq(buf_add(&b, "kept", 4), 0);
	errno = 0;
	ck_assert_int_eq(buf_reserve(&b, SIZE_MAX), -1);
	ck_assert_int_eq(errno, ENOMEM);
	ck_assert_int_eq(buf_reserve(&b, SIZE_MAX - 4), -1);
	ck_assert_int_eq(buf_reserve(&b, SIZE_MAX / 2), -1);
	ck_assert_uint_eq(b.len, 4);
	ck_assert_str_eq(b.s, "kept");
	buf_fini(&b);
}
END_TEST

/* ---- Arrays sorted by name ----------------------------------------- */

/* An element with its name not first, as the match's series are. */
struct named {
	int   n;
	char *name;
};

#define NAME_AT offsetof(struct named, name)

START_TEST(array_name_sorted_and_found)
{
	static const char *names[] = { "mid", "a", "zz", "b", "mid", "a" };
	struct named	  *v = NULL, *e;
	size_t		   n = 0, cap = 0, at, i;
	int		   k = 0;

	for (i = 0; i < sizeof names / sizeof *names; i++) {
		e = array_get_name(&v, &n, &cap, sizeof *v, NAME_AT, names[i]);
		ck_assert_ptr_nonnull(e);
		ck_assert_str_eq(e->name, names[i]);
		/* A new one is zero but for its name, a copy. */
		ck_assert(e->name != names[i]);
		e->n += ++k;
	}
	/* Four names, ascending, each met once or twice. */
	ck_assert_uint_eq(n, 4);
	ck_assert_str_eq(v[0].name, "a");
	ck_assert_int_eq(v[0].n, 2 + 6);
	ck_assert_str_eq(v[1].name, "b");
	ck_assert_int_eq(v[1].n, 4);
	ck_assert_str_eq(v[2].name, "mid");
	ck_assert_int_eq(v[2].n, 1 + 5);
	ck_assert_str_eq(v[3].name, "zz");
	ck_assert_int_eq(v[3].n, 3);
	ck_assert(array_find_name(v, n, sizeof *v, NAME_AT, "b", &at));
	ck_assert_uint_eq(at, 1);
	/* Not there: where it would go, first, between, last. */
	ck_assert(!array_find_name(v, n, sizeof *v, NAME_AT, "", &at));
	ck_assert_uint_eq(at, 0);
	ck_assert(!array_find_name(v, n, sizeof *v, NAME_AT, "c", &at));
	ck_assert_uint_eq(at, 2);
	ck_assert(!array_find_name(v, n, sizeof *v, NAME_AT, "zzz", &at));
	ck_assert_uint_eq(at, 4);
	ck_assert(!array_find_name(NULL, 0, sizeof *v, NAME_AT, "a", &at));
	ck_assert_uint_eq(at, 0);
	array_free_named(v, n, sizeof *v, NAME_AT);
	array_free_named(NULL, 0, sizeof *v, NAME_AT);
}
END_TEST

START_TEST(array_free_strings_frees_each)
{
	char **v = calloc(3, sizeof *v);

	ck_assert_ptr_nonnull(v);
	v[0] = strdup("x");
	v[1] = strdup("y");
	v[2] = NULL; /* a slot never filled */
	array_free_strings(v, 3);
	array_free_strings(NULL, 0);
}
END_TEST

START_TEST(bytes_are_whole_strings)
{
	ck_assert(util_bytes_are("black", 5, "black"));
	ck_assert(!util_bytes_are("black", 4, "black"));
	ck_assert(!util_bytes_are("blackx", 6, "black"));
	ck_assert(util_bytes_are("x", 0, ""));
	ck_assert(!util_bytes_are("white", 5, "black"));
	/* Any bytes: a NUL inside is compared, not an end. */
	ck_assert(!util_bytes_are("bl\0ck", 5, "black"));
}
END_TEST

START_TEST(clock_seconds_moves_on)
{
	double a = clock_seconds(CLOCK_MONOTONIC), b;

	ck_assert(a > 0);
	b = clock_seconds(CLOCK_MONOTONIC);
	ck_assert(b >= a);
	ck_assert(clock_seconds(CLOCK_PROCESS_CPUTIME_ID) >= 0);
}
END_TEST

/* ---- The hash map --------------------------------------------------- */

/* Keys are numbers kept in an array; element value holds key[value]. */
struct keys {
	uint64_t *key;
	size_t	  n;
};

static bool
key_eq(const void *key, size_t value, const void *arg)
{
	const struct keys *k = arg;

	return k->key[value] == *(const uint64_t *)key;
}

static uint64_t
hash_of(uint64_t key)
{
	return hashmap_hash(HASHMAP_HASH_INIT, &key, sizeof key);
}

/* All keys one hash: only the equality tells them apart. */
static uint64_t
hash_collide(uint64_t key)
{
	(void)key;
	return 42;
}

static void
fill_and_find(uint64_t (*hash)(uint64_t), size_t n)
{
	struct hashmap m;
	struct keys    k = { calloc(n, sizeof *k.key), n };
	uint64_t       key;
	size_t	       i;

	ck_assert_ptr_nonnull(k.key);
	hashmap_init(&m);
	key = 5;
	ck_assert_uint_eq(
	    hashmap_get(&m, hash(key), &key, key_eq, &k), HASHMAP_ABSENT);
	for (i = 0; i < n; i++) {
		k.key[i] = i * 7919 + 3;
		ck_assert_uint_eq(
		    hashmap_get(&m, hash(k.key[i]), &k.key[i], key_eq, &k),
		    HASHMAP_ABSENT);
		ck_assert_int_eq(hashmap_put(&m, hash(k.key[i]), i), 0);
	}
	ck_assert_uint_eq(m.n, n);
	ck_assert_uint_ge(m.cap, 2 * n);
	for (i = 0; i < n; i++) {
		key = i * 7919 + 3;
		ck_assert_uint_eq(
		    hashmap_get(&m, hash(key), &key, key_eq, &k), i);
		key = i * 7919 + 4;
		ck_assert_uint_eq(hashmap_get(&m, hash(key), &key, key_eq, &k),
		    HASHMAP_ABSENT);
	}
	hashmap_fini(&m);
	free(k.key);
}

/* A stream of n bytes 'a' + i % 26, then a read error (EIO) if fail. */
struct flaky {
	size_t n, at;
	bool   fail;
};

static ssize_t
flaky_read(void *cookie, char *buf, size_t size)
{
	struct flaky *f = cookie;
	size_t	      i;

	if (f->at == f->n && f->fail) {
		errno = EIO;
		return -1;
	}
	for (i = 0; i < size && f->at < f->n; i++, f->at++)
		buf[i] = (char)('a' + f->at % 26);
	return (ssize_t)i;
}

static FILE *
flaky_open(struct flaky *f)
{
	cookie_io_functions_t io = { .read = flaky_read };

	return fopencookie(f, "r", io);
}

static void
check_flaky_bytes(const struct buf *b, size_t from, size_t n)
{
	size_t i;

	ck_assert_uint_eq(b->len, from + n);
	ck_assert_int_eq(b->s[b->len], '\0');
	for (i = 0; i < n; i++)
		ck_assert_int_eq(b->s[from + i], 'a' + i % 26);
}

START_TEST(read_file_appends_all)
{
	struct flaky f = { .n = 200000 };
	struct buf   b;
	FILE	    *fp;

	buf_init(&b);
	ck_assert_int_eq(buf_add(&b, "xy", 2), 0);
	ck_assert_ptr_nonnull(fp = flaky_open(&f));
	ck_assert_int_eq(buf_read_file(&b, fp), 0);
	ck_assert(memcmp(b.s, "xy", 2) == 0);
	check_flaky_bytes(&b, 2, 200000);
	fclose(fp);
	buf_fini(&b);
}
END_TEST

START_TEST(read_file_failure_keeps_bytes)
{
	struct flaky f = { .n = 100000, .fail = true };
	struct buf   b;
	FILE	    *fp;

	buf_init(&b);
	ck_assert_ptr_nonnull(fp = flaky_open(&f));
	ck_assert_int_eq(buf_read_file(&b, fp), -1);
	ck_assert_int_eq(errno, EIO);
	check_flaky_bytes(&b, 0, 100000);
	fclose(fp);
	buf_fini(&b);
}
END_TEST

START_TEST(read_fd_empty_and_whole)
{
	static const char text[] = "one\ntwo\n";
	struct buf	  b;
	int		  p[2];

	/* An empty stream is an empty string, not NULL. */
	buf_init(&b);
	ck_assert_int_eq(pipe(p), 0);
	close(p[1]);
	ck_assert_int_eq(buf_read_fd(&b, p[0]), 0);
	ck_assert_ptr_nonnull(b.s);
	ck_assert_str_eq(b.s, "");
	close(p[0]);
	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(
	    write(p[1], text, strlen(text)), (ssize_t)strlen(text));
	close(p[1]);
	ck_assert_int_eq(buf_read_fd(&b, p[0]), 0);
	ck_assert_str_eq(b.s, text);
	close(p[0]);
	buf_fini(&b);
}
END_TEST

START_TEST(read_fd_failure_keeps_bytes)
{
	struct buf b;

	buf_init(&b);
	ck_assert_int_eq(buf_add(&b, "kept", 4), 0);
	ck_assert_int_eq(buf_read_fd(&b, -1), -1);
	ck_assert_int_eq(errno, EBADF);
	ck_assert_str_eq(b.s, "kept");
	ck_assert_uint_eq(b.len, 4);
	buf_fini(&b);
}
END_TEST

START_TEST(hashmap_many_keys)
{
	fill_and_find(hash_of, 100000);
}
END_TEST

START_TEST(hashmap_collisions)
{
	fill_and_find(hash_collide, 1000);
}
END_TEST

/* None of the n keys of k is in m. */
static void
assert_none_found(struct hashmap *m, const struct keys *k)
{
	size_t i;

	for (i = 0; i < k->n; i++)
		ck_assert_uint_eq(
		    hashmap_get(m, hash_of(k->key[i]), &k->key[i], key_eq, k),
		    HASHMAP_ABSENT);
}

START_TEST(hashmap_clear_forgets)
{
	struct hashmap m;
	uint64_t       keys[3] = { 10, 20, 30 }, key;
	struct keys    k = { keys, 3 };
	size_t	       cap, i;

	hashmap_init(&m);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(hashmap_put(&m, hash_of(keys[i]), i), 0);
	cap = m.cap;
	hashmap_clear(&m);
	ck_assert_uint_eq(m.cap, cap);
	ck_assert_uint_eq(m.n, 0);
	assert_none_found(&m, &k);
	ck_assert_int_eq(hashmap_put(&m, hash_of(keys[1]), 1), 0);
	key = 20;
	ck_assert_uint_eq(hashmap_get(&m, hash_of(key), &key, key_eq, &k), 1);
	key = 10;
	ck_assert_uint_eq(
	    hashmap_get(&m, hash_of(key), &key, key_eq, &k), HASHMAP_ABSENT);
	/* The epoch wrapping round must not bring old slots back. */
	m.epoch = (unsigned long)-1;
	ck_assert_int_eq(hashmap_put(&m, hash_of(keys[2]), 2), 0);
	hashmap_clear(&m);
	ck_assert_uint_eq(m.epoch, 1);
	assert_none_found(&m, &k);
	ck_assert_int_eq(hashmap_put(&m, hash_of(keys[0]), 0), 0);
	ck_assert_uint_eq(m.n, 1);
	hashmap_fini(&m);
}
END_TEST

START_TEST(hashmap_hash_is_fnv1a)
{
	uint64_t h;

	/* FNV-1a's published values. */
	ck_assert_uint_eq(
	    hashmap_hash(HASHMAP_HASH_INIT, "", 0), 0xcbf29ce484222325ULL);
	ck_assert_uint_eq(
	    hashmap_hash(HASHMAP_HASH_INIT, "a", 1), 0xaf63dc4c8601ec8cULL);
	ck_assert_uint_eq(hashmap_hash(HASHMAP_HASH_INIT, "foobar", 6),
	    0x85944171f73967e8ULL);
	/* In parts as in one. */
	h = hashmap_hash(HASHMAP_HASH_INIT, "foo", 3);
	ck_assert_uint_eq(hashmap_hash(h, "bar", 3), 0x85944171f73967e8ULL);
}
END_TEST

START_TEST(hashmap_hash_name_ends_at_nul)
{
	/* The NUL hashed: "ab" is not "a" carried on by "b". */
	ck_assert_uint_eq(hashmap_hash_name("foo"),
	    hashmap_hash(HASHMAP_HASH_INIT, "foo", 4));
	ck_assert_uint_ne(hashmap_hash_name("ab"),
	    hashmap_hash(hashmap_hash_name("a"), "b", 1));
	ck_assert_uint_ne(
	    hashmap_hash_name(""), hashmap_hash(HASHMAP_HASH_INIT, "", 0));
}
END_TEST

/* ---- Text ------------------------------------------------------------ */

START_TEST(utf8_decodes_and_refuses)
{
	uint32_t cp = 0;

	ck_assert_uint_eq(utf8_char("A", 1, &cp), 1);
	ck_assert_uint_eq(cp, 'A');
	ck_assert_uint_eq(utf8_char("\xc3\xa9", 2, &cp), 2);
	ck_assert_uint_eq(cp, 0xe9);
	ck_assert_uint_eq(utf8_char("\xe2\x80\x94", 3, &cp), 3);
	ck_assert_uint_eq(cp, 0x2014);
	ck_assert_uint_eq(utf8_char("\xf0\x9f\x82\xa1", 4, &cp), 4);
	ck_assert_uint_eq(cp, 0x1f0a1);
	/* Cut short, a lone continuation, overlong, a surrogate, too big. */
	ck_assert_uint_eq(utf8_char("\xc3\xa9", 1, &cp), 0);
	ck_assert_uint_eq(utf8_char("\xa9", 1, &cp), 0);
	ck_assert_uint_eq(utf8_char("\xc0\xaf", 2, &cp), 0);
	ck_assert_uint_eq(utf8_char("\xe0\x80\xaf", 3, &cp), 0);
	ck_assert_uint_eq(utf8_char("\xed\xa0\x80", 3, &cp), 0);
	ck_assert_uint_eq(utf8_char("\xf4\x90\x80\x80", 4, &cp), 0);
	ck_assert_uint_eq(utf8_char("\xff", 1, &cp), 0);
	ck_assert_uint_eq(utf8_char("\xc3(", 2, &cp), 0);
}
END_TEST

/* s escaped, as a string the caller frees. */
static char *
escaped(const char *s)
{
	char  *out = NULL;
	size_t len = 0;
	FILE  *f = open_memstream(&out, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(xml_escape(f, s), 0);
	ck_assert_int_eq(fclose(f), 0);
	return out;
}

static void
check_escape(const char *s, const char *want)
{
	char *got = escaped(s);

	ck_assert_str_eq(got, want);
	free(got);
}

#define FFFD "\xef\xbf\xbd"

START_TEST(xml_escapes_markup)
{
	check_escape("", "");
	check_escape(NULL, "");
	check_escape("plain text", "plain text");
	check_escape("<a href=\"x\">&'</a>",
	    "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;");
	check_escape("&amp;", "&amp;amp;");
	/* UTF-8 passes, DEL and C1 controls too (XML 1.0 holds them). */
	check_escape("Stones! \xe2\x80\x94 caf\xc3\xa9 \x7f\xc2\x85",
	    "Stones! \xe2\x80\x94 caf\xc3\xa9 \x7f\xc2\x85");
}
END_TEST

START_TEST(xml_replaces_controls)
{
	check_escape("a\tb\nc", "a\tb\nc");
	check_escape("\x01x\x1b[31m\x1f", FFFD "x" FFFD "[31m" FFFD);
	check_escape("cr\r\n", "cr" FFFD "\n");
	check_escape("\xef\xbf\xbe\xef\xbf\xbf", FFFD FFFD);
}
END_TEST

START_TEST(xml_replaces_invalid_utf8)
{
	/* One U+FFFD a byte that is not UTF-8, the rest kept. */
	check_escape("\xff", FFFD);
	check_escape("a\xc3(b", "a" FFFD "(b");
	check_escape("\xed\xa0\x80", FFFD FFFD FFFD);
	check_escape("\xe2\x80", FFFD FFFD);
	check_escape("<\xc0\xbc>", "&lt;" FFFD FFFD "&gt;");
}
END_TEST

UNIT_MAIN("util",
    unit_tcase("grow", 0, array_grows_and_zeroes, array_enough_is_a_no_op,
	array_size_overflow, array_out_of_memory, buf_appends_with_nul,
	buf_overflow_keeps_the_bytes, NULL),
    unit_tcase("named", 0, array_name_sorted_and_found,
	array_free_strings_frees_each, bytes_are_whole_strings,
	clock_seconds_moves_on, NULL),
    unit_tcase("readall", 0, read_file_appends_all,
	read_file_failure_keeps_bytes, read_fd_empty_and_whole,
	read_fd_failure_keeps_bytes, NULL),
    unit_tcase("hashmap", 0, hashmap_many_keys, hashmap_collisions,
	hashmap_clear_forgets, hashmap_hash_is_fnv1a,
	hashmap_hash_name_ends_at_nul, NULL),
    unit_tcase("text", 0, utf8_decodes_and_refuses, xml_escapes_markup,
	xml_replaces_controls, xml_replaces_invalid_utf8, NULL))
