/* SPDX-License-Identifier: MIT */
/*
 * Tag lookup (record.h): a record's tags found by name, and tag names
 * compared and hashed in any case, as the notation treats them.  Reading
 * tags is the readers'; what a tag means, their users'.
 */
#include <stdint.h>

#include "record/types.h"
#include "util/util.h"

/* tolower() in the C locale, which the tools keep, by hand. */
static inline unsigned char
fold(char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') :
				      (unsigned char)c;
}

/* strcasecmp(a, b) == 0 in the C locale, with no call. */
static inline bool
name_eq(const char *a, const char *b)
{
	for (; fold(*a) == fold(*b); a++, b++)
		if (*a == '\0')
			return true;
	return false;
}

bool
record_tag_name_eq(const char *a, const char *b)
{
	return name_eq(a, b);
}

uint64_t
record_tag_name_hash(const char *s)
{
	uint64_t h = HASHMAP_HASH_INIT;

	/* Folded: tags are one tag in any case (record_tag_find). */
	while (*s != '\0')
		h = (h ^ fold(*s++)) * HASHMAP_HASH_PRIME;
	return h;
}

const struct record_tag *
record_tag_find(const struct record *rec, const char *name)
{
	size_t i;

	/*
	 * PGN spells tags one way; a lookup forgives the case.  By hand, not
	 * strcasecmp: the replay asks for a dozen tags of every record, most
	 * of them absent.
	 */
	for (i = 0; i < rec->ntags; i++)
		if (name_eq(rec->tags[i].name, name))
			return &rec->tags[i];
	return NULL;
}

int
record_decimal_milli(const char *s, size_t len, long *milli)
{
	const char *end = s + len;
	bool	    neg = false;
	long	    whole = 0, frac = 0;
	int	    places = 0;

	if (s < end && (*s == '+' || *s == '-'))
		neg = *s++ == '-';
	if (s == end || *s < '0' || *s > '9')
		return -1;
	for (; s < end && *s >= '0' && *s <= '9'; s++)
		if ((whole = whole * 10 + (*s - '0')) > RECORD_DECIMAL_MAX)
			return -1;
	if (s < end && *s == '.')
		for (s++; s < end && *s >= '0' && *s <= '9'; s++) {
			/* Past thousandths only zeros: GGS writes 3 places. */
			if (places == 3) {
				if (*s != '0')
					return -1;
				continue;
			}
			frac = frac * 10 + (*s - '0');
			places++;
		}
	if (s != end)
		return -1;
	for (; places < 3; places++)
		frac *= 10;
	*milli = (neg ? -1 : 1) * (whole * 1000 + frac);
	return 0;
}
