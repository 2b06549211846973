/* SPDX-License-Identifier: MIT */
/*
 * Growing arrays and byte buffers (util.h): the one place that computes a
 * new capacity, checks it for overflow and calls realloc.  What the
 * elements are and what running out of memory means is the callers'.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

/* The capacity an empty array starts with. */
#define ARRAY_FIRST 8

int
array_grow(void *pp, size_t *cap, size_t need, size_t size)
{
	void  *p, *q;
	size_t n;

	if (need <= *cap)
		return 0;
	n = *cap != 0 ? *cap : ARRAY_FIRST;
	while (n < need)
		n = n > SIZE_MAX / 2 ? need : 2 * n;
	if (size == 0 || n > SIZE_MAX / size) {
		errno = ENOMEM;
		return -1;
	}
	/*
	 * pp is the address of some T *, read and written as bytes: a T *
	 * and a void * have one representation on every POSIX system, but
	 * only memcpy may treat one as the other.
	 */
	memcpy(&p, pp, sizeof p);
	if ((q = realloc(p, n * size)) == NULL) {
		errno = ENOMEM;
		return -1;
	}
	memset((char *)q + *cap * size, 0, (n - *cap) * size);
	memcpy(pp, &q, sizeof q);
	*cap = n;
	return 0;
}

/* The name of element i of the array at base, as array_find_name's. */
static const char *
name_at(const void *base, size_t i, size_t size, size_t off)
{
	const char *s;

	memcpy(&s, (const char *)base + i * size + off, sizeof s);
	return s;
}

bool
array_find_name(const void *base, size_t n, size_t size, size_t off,
    const char *name, size_t *at)
{
	size_t lo = 0, hi = n, mid;
	int    c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((c = strcmp(name_at(base, mid, size, off), name)) == 0) {
			*at = mid;
			return true;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*at = lo;
	return false;
}

void *
array_get_name(
    void *pp, size_t *n, size_t *cap, size_t size, size_t off, const char *name)
{
	char  *p, *e, *copy;
	size_t at;

	memcpy(&p, pp, sizeof p);
	if (array_find_name(p, *n, size, off, name, &at))
		return p + at * size;
	if ((copy = strdup(name)) == NULL ||
	    array_grow(pp, cap, *n + 1, size) == -1) {
		free(copy);
		errno = ENOMEM;
		return NULL;
	}
	memcpy(&p, pp, sizeof p);
	e = p + at * size;
	memmove(e + size, e, (*n - at) * size);
	memset(e, 0, size);
	memcpy(e + off, &copy, sizeof copy);
	(*n)++;
	return e;
}

void
array_free_named(void *base, size_t n, size_t size, size_t off)
{
	size_t i;

	for (i = 0; i < n; i++)
		free((char *)(uintptr_t)name_at(base, i, size, off));
	free(base);
}

void
array_free_strings(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void
buf_init(struct buf *b)
{
	b->s = NULL;
	b->len = 0;
	b->cap = 0;
}

void
buf_fini(struct buf *b)
{
	free(b->s);
	buf_init(b);
}

int
buf_reserve(struct buf *b, size_t more)
{
	/* The NUL after the bytes needs one more. */
	if (more >= SIZE_MAX - b->len) {
		errno = ENOMEM;
		return -1;
	}
	return array_grow(&b->s, &b->cap, b->len + more + 1, 1);
}

int
buf_add(struct buf *b, const void *p, size_t n)
{
	if (buf_reserve(b, n) == -1)
		return -1;
	if (n > 0)
		memcpy(b->s + b->len, p, n);
	b->len += n;
	b->s[b->len] = '\0';
	return 0;
}
