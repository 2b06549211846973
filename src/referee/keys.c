/* SPDX-License-Identifier: MIT */
/*
 * The key hash tags of a keyed record (formats/keys.md): the referee
 * checks only their form here, as it checks a Start tag's, so that an
 * edited hash is found by gamecheck and a record keyed for one colour
 * only is refused; whether a key matches a hash is src/secret's, which
 * the referee never needs.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "referee/referee.h"

/* The text of a hash of secret_key_hash's limits, before its salt. */
#define HASH_HEAD "$argon2id$v=19$m=65536,t=2,p=1$"
/* A 16-byte salt and a 32-byte hash, in unpadded base64. */
#define SALT_LEN 22
#define SUM_LEN	 43

char *
replay_key_tag(const struct rules_game *g, int holder, char *buf, size_t cap)
{
	const char *who = holder == REPLAY_KEY_REFEREE ? "referee" :
							 g->colour[holder];

	snprintf(
	    buf, cap, "%c%sKeyHash", toupper((unsigned char)who[0]), who + 1);
	return buf;
}

/* Whether the n bytes at p are all of base64's alphabet. */
static bool
base64(const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!isalnum((unsigned char)p[i]) && p[i] != '+' && p[i] != '/')
			return false;
	return true;
}

/* Whether v (len bytes) is the text of a key's hash. */
static bool
hash_form(const char *v, size_t len)
{
	size_t head = sizeof HASH_HEAD - 1;

	return len == head + SALT_LEN + 1 + SUM_LEN &&
	    memcmp(v, HASH_HEAD, head) == 0 && base64(v + head, SALT_LEN) &&
	    v[head + SALT_LEN] == '$' &&
	    base64(v + head + SALT_LEN + 1, SUM_LEN);
}

/*
 * Whether one of rec's tags is named ...KeyHash, in any case as
 * record_tag_find forgives it: one pass over the tags, for a record its
 * reader did not note (has_key_tag).
 */
static __attribute__((noinline)) bool
key_tag_named(const struct record *rec)
{
	size_t i;

	for (i = 0; i < rec->ntags; i++)
		if (record_tag_name_key_hash(
			rec->tags[i].name, strlen(rec->tags[i].name)))
			return true;
	return false;
}

/*
 * Whether rec has a tag whose name ends in "KeyHash": as its reader
 * noted it with the known tags, else by its names, so that the records
 * without keys, nearly all, cost a test.
 */
static inline bool
has_key_tag(const struct record *rec)
{
	if (rec->known_of == rec->tags && rec->known_n == rec->ntags)
		return (rec->known >> RECORD_KEY_HASH_NAMED & 1) != 0;
	return rec->ntags != 0 && key_tag_named(rec);
}

/* replay_keys of a record with a tag named ...KeyHash. */
static __attribute__((noinline)) int
check_keys(const struct record *rec, struct replay *rp)
{
	const struct record_tag *t[REPLAY_KEYS], *first = NULL;
	char			 name[REPLAY_KEYS][32];
	int			 i;

	for (i = 0; i < REPLAY_KEYS; i++) {
		t[i] = record_tag_find(
		    rec, replay_key_tag(rp->game, i, name[i], sizeof name[i]));
		if (first == NULL)
			first = t[i];
	}
	if (first == NULL)
		return 0;
	for (i = 0; i < REPLAY_KEYS; i++) {
		if (t[i] != NULL && hash_form(t[i]->value, t[i]->value_len))
			continue;
		rp->status = REPLAY_MALFORMED;
		rp->has_error = true;
		if (t[i] == NULL)
			return diag_set_at(&rp->error, DIAG_BAD_KEY_HASH,
			    first->at, 0,
			    "a keyed record has a hash of each player's key "
			    "and of the referee's: the %s tag is missing",
			    name[i]);
		return diag_set_at(&rp->error, DIAG_BAD_KEY_HASH, t[i]->at, 0,
		    "the %s tag is no key's hash (\"" HASH_HEAD
		    "SALT$HASH\", formats/keys.md)",
		    name[i]);
	}
	rp->keyed = true;
	return 0;
}

int
replay_keys(const struct record *rec, struct replay *rp)
{
	return has_key_tag(rec) ? check_keys(rec, rp) : 0;
}
