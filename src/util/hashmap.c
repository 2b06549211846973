/* SPDX-License-Identifier: MIT */
/*
 * A hash map of indices (util.h): open addressing with linear probing, at
 * most half full, so a probe always ends at an empty slot.  The keys stay
 * the caller's; a slot holds a key's full hash (compared before the
 * caller's equality is asked) and its value.  Slots are empty unless of
 * the map's epoch, so emptying the map is a new epoch, not a memset.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

/* The slots a map first takes. */
#define HASHMAP_FIRST 16

void
hashmap_init(struct hashmap *m)
{
	m->slot = NULL;
	m->n = 0;
	m->cap = 0;
	m->epoch = 1;
}

void
hashmap_fini(struct hashmap *m)
{
	free(m->slot);
	hashmap_init(m);
}

void
hashmap_clear(struct hashmap *m)
{
	m->n = 0;
	if (++m->epoch == 0) {
		/* Wrapped round: old slots could look current. */
		if (m->slot != NULL)
			memset(m->slot, 0, m->cap * sizeof *m->slot);
		m->epoch = 1;
	}
}

uint64_t
hashmap_hash(uint64_t h, const void *p, size_t len)
{
	const unsigned char *s = p;
	size_t		     i;

	for (i = 0; i < len; i++)
		h = (h ^ s[i]) * HASHMAP_HASH_PRIME;
	return h;
}

uint64_t
hashmap_hash_name(const char *name)
{
	return hashmap_hash(HASHMAP_HASH_INIT, name, strlen(name) + 1);
}

size_t
hashmap_get(const struct hashmap *m, uint64_t hash, const void *key,
    hashmap_eq_fn *eq, const void *arg)
{
	const struct hashmap_slot *sl;
	size_t			   mask = m->cap - 1, i;

	if (m->n == 0)
		return HASHMAP_ABSENT;
	for (i = (size_t)hash & mask;; i = (i + 1) & mask) {
		sl = &m->slot[i];
		if (sl->epoch != m->epoch)
			return HASHMAP_ABSENT;
		if (sl->hash == hash && eq(key, sl->value, arg))
			return sl->value;
	}
}

/* The empty slot where hash goes. */
static struct hashmap_slot *
empty_slot(
    struct hashmap_slot *slot, size_t cap, unsigned long epoch, uint64_t hash)
{
	size_t mask = cap - 1, i = (size_t)hash & mask;

	while (slot[i].epoch == epoch)
		i = (i + 1) & mask;
	return &slot[i];
}

int
hashmap_put(struct hashmap *m, uint64_t hash, size_t value)
{
	struct hashmap_slot *slot, *sl;
	size_t		     cap, i;

	if (m->n + 1 > m->cap / 2) {
		if (m->cap > SIZE_MAX / 2 / sizeof *slot) {
			errno = ENOMEM;
			return -1;
		}
		cap = m->cap != 0 ? 2 * m->cap : HASHMAP_FIRST;
		/* calloc's slots are of epoch 0, which no map has. */
		if ((slot = calloc(cap, sizeof *slot)) == NULL) {
			errno = ENOMEM;
			return -1;
		}
		for (i = 0; i < m->cap; i++)
			if (m->slot[i].epoch == m->epoch)
				*empty_slot(slot, cap, m->epoch,
				    m->slot[i].hash) = m->slot[i];
		free(m->slot);
		m->slot = slot;
		m->cap = cap;
	}
	sl = empty_slot(m->slot, m->cap, m->epoch, hash);
	sl->hash = hash;
	sl->value = value;
	sl->epoch = m->epoch;
	m->n++;
	return 0;
}
