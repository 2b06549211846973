/* SPDX-License-Identifier: MIT */
/*
 * The covers of a summary (stat.h, formats/summary.md, "Covers"): what
 * each run or partial counted, its shard and its inputs by name, size and
 * CRC-32, indexed by input so that a merge finds the covers that would
 * count a record twice, split a list another way, or leave a shard out.
 * The counts themselves are stat.c's; naming the inputs is the tool's.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "stat/stat.h"

struct stat_cover *
stat_cover_add(
    struct stat_summary *s, unsigned long k, unsigned long n, const char *from)
{
	struct stat_cover *c;

	if (array_grow(&s->cover, &s->covercap, s->ncovers + 1,
		sizeof *s->cover) == -1)
		return NULL;
	c = &s->cover[s->ncovers];
	*c = (struct stat_cover){ .k = k, .n = n, .head = s->ncovers };
	if (from != NULL && (c->from = strdup(from)) == NULL)
		return NULL;
	s->ncovers++;
	return c;
}

int
stat_cover_input(
    struct stat_cover *c, const char *name, uint64_t bytes, uint32_t crc)
{
	char *p;

	if (array_grow(&c->input, &c->inputcap, c->ninputs + 1,
		sizeof *c->input) == -1 ||
	    (p = strdup(name)) == NULL)
		return -1;
	c->input[c->ninputs++] = (struct stat_input){ p, bytes, crc };
	return 0;
}

void
stat_cover_fini(struct stat_cover *c)
{
	array_free_named(c->input, c->ninputs, sizeof *c->input,
	    offsetof(struct stat_input, name));
	free(c->from);
}

void
stat_covers_fini(struct stat_summary *s)
{
	size_t i;

	for (i = 0; i < s->ncovers; i++)
		stat_cover_fini(&s->cover[i]);
	free(s->cover);
	hashmap_fini(&s->inputs);
	hashmap_fini(&s->names);
	free(s->input_at);
}

void
stat_cover_drop(struct stat_summary *s)
{
	if (s->ncovers > 0)
		stat_cover_fini(&s->cover[--s->ncovers]);
}

/* An input's hash: its name, its size and its CRC-32. */
static uint64_t
input_hash(const struct stat_input *in)
{
	uint64_t h;

	h = hashmap_hash(HASHMAP_HASH_INIT, in->name, strlen(in->name) + 1);
	h = hashmap_hash(h, &in->bytes, sizeof in->bytes);
	return hashmap_hash(h, &in->crc, sizeof in->crc);
}

static bool
input_eq(const void *key, size_t value, const void *arg)
{
	const struct stat_input	   *a = key, *b;
	const struct stat_summary  *s = arg;
	const struct stat_input_at *at = &s->input_at[value];

	b = &s->cover[at->cover].input[at->input];
	return a->bytes == b->bytes && a->crc == b->crc &&
	    strcmp(a->name, b->name) == 0;
}

/* The head of the list that input in is in, or (size_t)-1. */
static size_t
input_head(const struct stat_summary *s, const struct stat_input *in)
{
	size_t v;

	v = hashmap_get(&s->inputs, input_hash(in), in, input_eq, s);
	return v == HASHMAP_ABSENT ? (size_t)-1 : s->input_at[v].head;
}

static bool
same_inputs(const struct stat_cover *a, const struct stat_cover *b)
{
	size_t i;

	if (a->ninputs != b->ninputs)
		return false;
	for (i = 0; i < a->ninputs; i++)
		if (a->input[i].bytes != b->input[i].bytes ||
		    a->input[i].crc != b->input[i].crc ||
		    strcmp(a->input[i].name, b->input[i].name) != 0)
			return false;
	return true;
}

/*
 * Whether c counted no record for certain: every record of inputs of 0
 * bytes (an empty split), which no other cover can count again.  Such a
 * cover is in no list of the index, so that any number of them merge.
 * A shard of them is not: its list tells when the shards are all there.
 */
static bool
counts_nothing(const struct stat_cover *c)
{
	size_t i;

	for (i = 0; i < c->ninputs && c->n == 0; i++)
		if (c->input[i].bytes != 0)
			return false;
	return c->n == 0;
}

static unsigned long
gcd(unsigned long a, unsigned long b)
{
	unsigned long t;

	while (b != 0) {
		t = a % b;
		a = b;
		b = t;
	}
	return a;
}

enum stat_conflict
stat_cover_conflict(const struct stat_summary *s, size_t *other)
{
	const struct stat_cover *c = &s->cover[s->ncovers - 1], *o;
	size_t			 head = (size_t)-1, h, i;
	unsigned long		 g;

	if (counts_nothing(c))
		return STAT_CONFLICT_NONE;
	/* Every input of a list indexed is in that list's family only. */
	for (i = 0; i < c->ninputs; i++) {
		h = input_head(s, &c->input[i]);
		if (i > 0 && h != head) {
			*other = h != (size_t)-1 ? h : head;
			return STAT_CONFLICT_SHARED;
		}
		head = h;
	}
	if (head == (size_t)-1)
		return STAT_CONFLICT_NONE;
	if (!same_inputs(c, &s->cover[head])) {
		*other = head;
		return STAT_CONFLICT_SHARED;
	}
	for (i = head; i < s->ncovers - 1; i++) {
		o = &s->cover[i];
		if (o->head != head)
			continue;
		*other = i;
		if (c->n == o->n && c->k == o->k)
			return STAT_CONFLICT_SAME;
		if (c->n == 0 || o->n == 0)
			return STAT_CONFLICT_OVERLAP;
		g = gcd(c->n, o->n);
		if ((c->k - 1) % g == (o->k - 1) % g)
			return STAT_CONFLICT_OVERLAP;
		if (c->n != o->n)
			return STAT_CONFLICT_SPLIT;
	}
	return STAT_CONFLICT_NONE;
}

/* Whether name names one file, and not one of several (stat.h). */
static bool
names_one_file(const char *name)
{
	return strcmp(name, "-") != 0 && strstr(name, "\xef\xbf\xbd") == NULL;
}

static bool
name_eq(const void *key, size_t value, const void *arg)
{
	const struct stat_summary  *s = arg;
	const struct stat_input_at *at = &s->input_at[value];

	return strcmp(key, s->cover[at->cover].input[at->input].name) == 0;
}

int
stat_cover_version(
    const struct stat_summary *s, size_t *other, size_t *in, size_t *oin)
{
	const struct stat_cover	   *c = &s->cover[s->ncovers - 1];
	const struct stat_input	   *a, *b;
	const struct stat_input_at *at;
	size_t			    i, v;

	for (i = 0; i < c->ninputs; i++) {
		a = &c->input[i];
		/* A version of 0 bytes counted nothing of the other. */
		if (!names_one_file(a->name) || a->bytes == 0)
			continue;
		v = hashmap_get(
		    &s->names, hashmap_hash_name(a->name), a->name, name_eq, s);
		if (v == HASHMAP_ABSENT)
			continue;
		at = &s->input_at[v];
		b = &s->cover[at->cover].input[at->input];
		if (a->bytes != b->bytes || a->crc != b->crc) {
			*other = at->cover;
			*in = i;
			*oin = at->input;
			return 1;
		}
	}
	return 0;
}

/* c->input[value] is the input key: name, size and CRC-32 all agree. */
static bool
cover_input_eq(const void *key, size_t value, const void *arg)
{
	const struct stat_cover *c = arg;
	const struct stat_input *a = key, *b = &c->input[value];

	return a->bytes == b->bytes && a->crc == b->crc &&
	    strcmp(a->name, b->name) == 0;
}

int
stat_cover_repeat(const struct stat_cover *c, size_t *first, size_t *again)
{
	struct hashmap names;
	uint64_t       h;
	size_t	       i, v;
	int	       rc = 0;

	hashmap_init(&names);
	for (i = 0; i < c->ninputs && rc == 0; i++) {
		h = input_hash(&c->input[i]);
		v = hashmap_get(&names, h, &c->input[i], cover_input_eq, c);
		if (v != HASHMAP_ABSENT) {
			*first = v;
			*again = i;
			rc = 1;
		} else if (hashmap_put(&names, h, i) == -1)
			rc = -1;
	}
	hashmap_fini(&names);
	return rc;
}

int
stat_cover_done(struct stat_summary *s)
{
	size_t		   at = s->ncovers - 1, i, h;
	struct stat_cover *c = &s->cover[at];

	if (counts_nothing(c))
		return 0;
	for (i = 0; i < c->ninputs; i++) {
		if ((h = input_head(s, &c->input[i])) != (size_t)-1) {
			c->head = h;
			continue;
		}
		if (array_grow(&s->input_at, &s->input_atcap, s->ninput_at + 1,
			sizeof *s->input_at) == -1 ||
		    hashmap_put(&s->inputs, input_hash(&c->input[i]),
			s->ninput_at) == -1)
			return -1;
		if (names_one_file(c->input[i].name) &&
		    c->input[i].bytes != 0 &&
		    hashmap_get(&s->names, hashmap_hash_name(c->input[i].name),
			c->input[i].name, name_eq, s) == HASHMAP_ABSENT &&
		    hashmap_put(&s->names, hashmap_hash_name(c->input[i].name),
			s->ninput_at) == -1)
			return -1;
		s->input_at[s->ninput_at++] = (struct stat_input_at){ at, i,
			c->head };
	}
	return 0;
}

static int
compare_ks(const void *pa, const void *pb)
{
	unsigned long a = *(const unsigned long *)pa;
	unsigned long b = *(const unsigned long *)pb;

	return a < b ? -1 : a > b;
}

size_t
stat_cover_missing(
    const struct stat_summary *s, size_t head, unsigned long *k, size_t max)
{
	unsigned long *have, want;
	size_t	       i, n = 0, missing = 0;

	if ((have = calloc(s->ncovers + 1, sizeof *have)) == NULL)
		return 0;
	for (i = head; i < s->ncovers; i++)
		if (s->cover[i].head == head)
			have[n++] = s->cover[i].k;
	qsort(have, n, sizeof *have, compare_ks);
	for (want = 1, i = 0; want <= s->cover[head].n; want++) {
		while (i < n && have[i] < want)
			i++;
		if (i < n && have[i] == want)
			continue;
		if (missing < max)
			k[missing] = want;
		missing++;
	}
	free(have);
	return missing;
}

static int
compare_covers(const void *pa, const void *pb)
{
	const struct stat_cover *a = *(const struct stat_cover *const *)pa;
	const struct stat_cover *b = *(const struct stat_cover *const *)pb;
	size_t			 i;
	int			 c;

	for (i = 0; i < a->ninputs && i < b->ninputs; i++) {
		if ((c = strcmp(a->input[i].name, b->input[i].name)) != 0)
			return c;
		if (a->input[i].bytes != b->input[i].bytes)
			return a->input[i].bytes < b->input[i].bytes ? -1 : 1;
		if (a->input[i].crc != b->input[i].crc)
			return a->input[i].crc < b->input[i].crc ? -1 : 1;
	}
	if (a->ninputs != b->ninputs)
		return a->ninputs < b->ninputs ? -1 : 1;
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	return a->k < b->k ? -1 : a->k > b->k;
}

const struct stat_cover **
stat_covers_sorted(const struct stat_summary *s)
{
	const struct stat_cover **v;
	size_t			  i;

	if ((v = malloc((s->ncovers + 1) * sizeof *v)) == NULL)
		return NULL;
	for (i = 0; i < s->ncovers; i++)
		v[i] = &s->cover[i];
	qsort(v, s->ncovers, sizeof *v, compare_covers);
	return v;
}
