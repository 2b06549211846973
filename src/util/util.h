/* SPDX-License-Identifier: MIT */
/*
 * The utility layer under every other module, the rules core included:
 * growing arrays and byte buffers, reading a whole stream into one, a
 * hash map of indices, the XML and UTF-8 text every writer of SVG needs,
 * text made safe for a terminal, and pipes to child processes.  No third-party headers, no mutable
 * globals, nothing printed but to a FILE the caller passes, no exit:
 * failures are return values, with errno set as the C library sets it.
 * Each facility has its own prefix: array_, buf_, hashmap_, utf8_, xml_,
 * util_ (text shown on a terminal, bytes compared), pipe_, clock_.
 */
#ifndef ARBITER_UTIL_H
#define ARBITER_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* ---- Growing arrays (grow.c) -------------------------------------- */

/*
 * Makes the array at *pp (pp is the address of a T *, the array owned by
 * the caller; NULL with *cap 0 for none yet) hold at least need elements
 * of size bytes, doubling its capacity *cap (in elements) so that adding
 * one at a time costs amortised O(1).  The elements added are zero bytes
 * (PCRE2's JIT reads a subject's spare bytes; defined bytes keep memcheck
 * quiet).  Returns 0, or -1 with errno ENOMEM when memory runs out or
 * need * size does not fit in a size_t; then *pp and *cap are as they
 * were, so the caller still owns (and frees) the old array.
 */
int array_grow(void *pp, size_t *cap, size_t need, size_t size);

/*
 * Arrays kept sorted by a name: n elements of size bytes at base, each
 * holding a string (a char *, never NULL) at byte offset off, ascending
 * by strcmp.  array_find_name: whether name (borrowed) is one of them,
 * with its index, or the index it would be inserted at, in *at.
 */
bool array_find_name(const void *base, size_t n, size_t size, size_t off,
    const char *name, size_t *at);
/*
 * The element of such an array at *pp (*n elements in capacity *cap, as
 * array_grow's) named name: found, or inserted in its place as zero bytes
 * but for its name, a copy of name the array owns.  NULL (errno ENOMEM)
 * when memory runs out, the elements as they were.
 */
void *array_get_name(void *pp, size_t *n, size_t *cap, size_t size, size_t off,
    const char *name);

/*
 * Frees the string (a char *, owned, NULL for none) at byte offset off of
 * each of the n elements of size bytes at base, as array_get_name makes
 * them, then base itself; NULL with n 0 is none.
 */
void array_free_named(void *base, size_t n, size_t size, size_t off);

/* Frees the n strings of v (owned), then v; NULL with n 0 is none. */
void array_free_strings(char **v, size_t n);

/*
 * A growing byte string: s holds len bytes and a NUL after them (when s
 * is not NULL), in cap bytes.  Caller-owned storage: buf_init before use
 * (or a zeroed struct), buf_fini to free s; the caller may take s
 * instead (then it frees it, and must not call buf_fini).
 */
struct buf {
	char  *s;
	size_t len;
	size_t cap;
};

void buf_init(struct buf *b);
void buf_fini(struct buf *b);

/*
 * Makes room for more bytes after len (and the NUL after them): then
 * len + more < cap.  Returns 0, or -1 (errno ENOMEM, also when the size
 * overflows) leaving the buffer as it was.
 */
int buf_reserve(struct buf *b, size_t more);

/* Appends n bytes from p (borrowed); 0, or -1 as buf_reserve. */
int buf_add(struct buf *b, const void *p, size_t n);

/*
 * Reading a whole stream (readall.c): appends to b every byte f (or fd)
 * holds until its end, in reads of 64 KiB or more into a buffer that
 * doubles; a read of fd interrupted by a signal (EINTR) is tried again.
 * Returns 0 at the end of the stream, or -1 with errno set: the stream's
 * error (EIO for a FILE whose error left errno 0), or ENOMEM when b
 * cannot grow.  Either way b keeps what it held and every byte read
 * before the failure, NUL terminated (b->s is not NULL after a success,
 * even for an empty stream; after a failure it is NULL only if it was
 * and the first reservation failed), and stays the caller's to use or
 * buf_fini.  The stream is neither closed nor rewound.
 */
int buf_read_file(struct buf *b, FILE *f);
int buf_read_fd(struct buf *b, int fd);
/*
 * The same, failing with EFBIG once b holds more than max bytes (within a
 * read's size of it: what was read stays in b).
 */
int buf_read_file_max(struct buf *b, FILE *f, size_t max);
int buf_read_fd_max(struct buf *b, int fd, size_t max);

/* ---- A hash map of indices (hashmap.c) ---------------------------- */

/*
 * Maps keys to indices (size_t values) without holding the keys: the
 * caller keeps its elements in an array and the map finds one by hash,
 * asking an equality function of the caller's whether element value is
 * the key.  So each key is stored once, where the caller has it anyway,
 * and a map can be emptied in O(1) (hashmap_clear) however big it grew.
 * Open addressing, at most half full.  Caller-owned storage: hashmap_init
 * before use, hashmap_fini to free.
 */
struct hashmap_slot {
	uint64_t      hash;
	size_t	      value;
	unsigned long epoch; /* in use when the map's epoch */
};

struct hashmap {
	struct hashmap_slot *slot;
	size_t		     n;
	size_t		     cap;   /* a power of two, or 0 */
	unsigned long	     epoch; /* never 0: the epoch of calloc */
};

/* hashmap_get's answer for a key not in the map. */
#define HASHMAP_ABSENT ((size_t)-1)

/* FNV-1a, 64 bits: short keys and no adversary worth a keyed hash. */
#define HASHMAP_HASH_INIT  0xcbf29ce484222325ULL
#define HASHMAP_HASH_PRIME 0x100000001b3ULL

/* Whether the element numbered value is key; arg is hashmap_get's. */
typedef bool hashmap_eq_fn(const void *key, size_t value, const void *arg);

void hashmap_init(struct hashmap *m);
void hashmap_fini(struct hashmap *m);

/* Empties the map, keeping its memory for the next keys. */
void hashmap_clear(struct hashmap *m);

/*
 * The hash h (HASHMAP_HASH_INIT to start) carried on over len bytes at p;
 * a key in several parts is hashed by calling this for each.
 */
uint64_t hashmap_hash(uint64_t h, const void *p, size_t len);

/*
 * The hash of the string name as a key of its own, its NUL included, so
 * that a name followed by more parts never hashes as a longer name.
 */
uint64_t hashmap_hash_name(const char *name);

/*
 * The value of key (borrowed, hashed to hash), or HASHMAP_ABSENT: the
 * first value of that hash for which eq(key, value, arg) is true.
 */
size_t hashmap_get(const struct hashmap *m, uint64_t hash, const void *key,
    hashmap_eq_fn *eq, const void *arg);

/*
 * Adds value under hash; the caller has made sure (hashmap_get) that its
 * key is not in the map yet.  value must not be HASHMAP_ABSENT.  Returns
 * 0, or -1 (errno ENOMEM) with the map as it was.
 */
int hashmap_put(struct hashmap *m, uint64_t hash, size_t value);

/* ---- Text (text.c) -------------------------------------------------- */

/*
 * The UTF-8 character at s (len > 0 bytes): its length (1 to 4) with its
 * code point in *cp (NUL included), or 0 when the bytes there are not one
 * (overlong, surrogate, beyond U+10FFFF, cut short by len).
 */
size_t utf8_char(const char *s, size_t len, uint32_t *cp);

/*
 * Writes s (borrowed; NULL as empty; any bytes) to out as XML 1.0
 * character data, good in an element and in an attribute quoted either
 * way: & < > " ' as entities; each character XML 1.0 cannot hold (C0
 * controls but tab and newline, U+FFFE, U+FFFF), a carriage return (which
 * a reader would turn into a newline) and each byte that is not UTF-8 as
 * U+FFFD, so any input makes a well-formed document.  Returns 0, or -1 if
 * out has an error (ferror).
 */
int xml_escape(FILE *out, const char *s);
/* The same for the len bytes at s. */
int xml_escape_n(FILE *out, const char *s, size_t len);

/* ---- Text shown (printable.c) ---------------------------------------- */

/*
 * The one way a byte from a record or a program reaches a terminal
 * (formats/record.md, "Text shown"): len bytes of s made safe into buf
 * (cap bytes, NUL terminated).  Valid printable UTF-8 is kept; control
 * characters (C0, DEL, C1), bytes of invalid UTF-8 and NUL become \xHH,
 * and `\' becomes `\\'.  Text that does not fit whole in cap - 1 bytes is
 * cut before a character (or its escape) and ends in "...", in cap - 1
 * bytes at most.  Nothing is written when cap is 0.
 */
void util_printable(const char *s, size_t len, char *buf, size_t cap);
/*
 * The string s (NUL terminated) made safe as util_printable makes it,
 * never cut: a new string the caller frees, or NULL if memory runs out.
 * For a file or engine name in a message, which must be shown whole.
 */
char *util_printable_dup(const char *s);

/* Whether the len bytes at v (any bytes) are exactly the string s. */
static inline bool
util_bytes_are(const char *v, size_t len, const char *s)
{
	return len == strlen(s) && memcmp(v, s, len) == 0;
}

/* ---- Clocks ---------------------------------------------------------- */

/* The time of clock id (CLOCK_MONOTONIC, CLOCK_PROCESS_CPUTIME_ID), in s. */
static inline double
clock_seconds(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- Pipes to child processes (pipe.c) ------------------------------- */

/*
 * pipe(2) with both ends closed on exec: 0, or -1 (errno), no descriptor
 * left open.
 */
int pipe_cloexec(int fd[2]);
/* Closes both ends of a pipe. */
void pipe_close(const int fd[2]);

#endif
