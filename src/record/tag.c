/* SPDX-License-Identifier: MIT */
/*
 * Tag lookup (record.h): a record's tags found by name, or by number
 * for the tags the referee reads of every record, and tag names
 * compared and hashed in any case, as the notation treats them.  Reading
 * tags is the readers'; what a tag means, their users'.
 */
#include <stdint.h>
#include <string.h>

#include "record/read.h"
#include "record/types.h"
#include "util/util.h"

/* tolower() in the C locale, which the tools keep, by hand. */
static inline unsigned char
fold(char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') :
				      (unsigned char)c;
}

/*
 * strcasecmp(a, b) == 0 in the C locale, with no call: bytes folded only
 * where they differ, as few do in names written as the notation spells
 * them.
 */
static inline bool
name_eq(const char *a, const char *b)
{
	for (;; a++, b++)
		if (*a == *b) {
			if (*a == '\0')
				return true;
		} else if (fold(*a) != fold(*b))
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
	 * strcasecmp: callers other than the replay (record_tag_known) ask
	 * for tags of every record too.
	 */
	for (i = 0; i < rec->ntags; i++)
		if (name_eq(rec->tags[i].name, name))
			return &rec->tags[i];
	return NULL;
}

const char *const record_known_names[RECORD_TAG_NKNOWN] = {
	[RECORD_TAG_ADJUDICATED] = "Adjudicated",
	[RECORD_TAG_ADJUDICATION_METHOD] = "AdjudicationMethod",
	[RECORD_TAG_ADJUDICATION_REASON] = "AdjudicationReason",
	[RECORD_TAG_BOARD] = "Board",
	[RECORD_TAG_CLAIMED] = "Claimed",
	[RECORD_TAG_GAME] = "Game",
	[RECORD_TAG_KOMI] = "Komi",
	[RECORD_TAG_RESIGNED] = "Resigned",
	[RECORD_TAG_RESULT] = "Result",
	[RECORD_TAG_SEED] = "Seed",
	[RECORD_TAG_SEED_COMMIT] = "SeedCommit",
	[RECORD_TAG_SEED_SALT] = "SeedSalt",
	[RECORD_TAG_SETUP] = "Setup",
	[RECORD_TAG_SIZE] = "Size",
	[RECORD_TAG_START] = "Start",
	[RECORD_TAG_TERMINATION] = "Termination",
	[RECORD_TAG_TIME_CONTROL] = "TimeControl",
	[RECORD_TAG_VARIANT] = "Variant",
	[RECORD_TAG_WINNER] = "Winner",
};

/*
 * The known tags by the first letter of their name, folded: those of
 * 'a' + i are record_known_names[by_letter[i][0]] up to, not including,
 * [by_letter[i][1]] (the names are in order).
 */
static const unsigned char by_letter[26][2] = {
	['a' - 'a'] = { RECORD_TAG_ADJUDICATED, RECORD_TAG_BOARD },
	['b' - 'a'] = { RECORD_TAG_BOARD, RECORD_TAG_CLAIMED },
	['c' - 'a'] = { RECORD_TAG_CLAIMED, RECORD_TAG_GAME },
	['g' - 'a'] = { RECORD_TAG_GAME, RECORD_TAG_KOMI },
	['k' - 'a'] = { RECORD_TAG_KOMI, RECORD_TAG_RESIGNED },
	['r' - 'a'] = { RECORD_TAG_RESIGNED, RECORD_TAG_SEED },
	['s' - 'a'] = { RECORD_TAG_SEED, RECORD_TAG_TERMINATION },
	['t' - 'a'] = { RECORD_TAG_TERMINATION, RECORD_TAG_VARIANT },
	['v' - 'a'] = { RECORD_TAG_VARIANT, RECORD_TAG_WINNER },
	['w' - 'a'] = { RECORD_TAG_WINNER, RECORD_TAG_NKNOWN },
};

/* record_known_names in lower case, their lengths apart (read.h). */
const struct reader_known_name reader_known_names[RECORD_TAG_NKNOWN] = {
	[RECORD_TAG_ADJUDICATED] = { "adjudicated", 11 },
	[RECORD_TAG_ADJUDICATION_METHOD] = { "adjudicationmethod", 18 },
	[RECORD_TAG_ADJUDICATION_REASON] = { "adjudicationreason", 18 },
	[RECORD_TAG_BOARD] = { "board", 5 },
	[RECORD_TAG_CLAIMED] = { "claimed", 7 },
	[RECORD_TAG_GAME] = { "game", 4 },
	[RECORD_TAG_KOMI] = { "komi", 4 },
	[RECORD_TAG_RESIGNED] = { "resigned", 8 },
	[RECORD_TAG_RESULT] = { "result", 6 },
	[RECORD_TAG_SEED] = { "seed", 4 },
	[RECORD_TAG_SEED_COMMIT] = { "seedcommit", 10 },
	[RECORD_TAG_SEED_SALT] = { "seedsalt", 8 },
	[RECORD_TAG_SETUP] = { "setup", 5 },
	[RECORD_TAG_SIZE] = { "size", 4 },
	[RECORD_TAG_START] = { "start", 5 },
	[RECORD_TAG_TERMINATION] = { "termination", 11 },
	[RECORD_TAG_TIME_CONTROL] = { "timecontrol", 11 },
	[RECORD_TAG_VARIANT] = { "variant", 7 },
	[RECORD_TAG_WINNER] = { "winner", 6 },
};

/*
 * The first four bytes of name (its first folded in first), each but the
 * first with bit 5 set, to the NUL: a byte with bit 5 set is a lower-case
 * letter only if it is that letter in either case, and the known names
 * are letters alone.  A NUL (0x20) and the bytes past it (0) are no
 * letter, so a name of fewer bytes matches no known word, and no byte
 * past its NUL is read.
 */
static inline uint32_t
name_word(const char *name, unsigned char first)
{
	unsigned char b[4] = { first, (unsigned char)name[1] | 0x20, 0, 0 };
	uint32_t      w;

	if (name[1] != '\0') {
		b[2] = (unsigned char)name[2] | 0x20;
		if (name[2] != '\0')
			b[3] = (unsigned char)name[3] | 0x20;
	}
	memcpy(&w, b, sizeof w);
	return w;
}

/* The known names by their slot (read.h's READER_KNOWN_HASH). */
#define KNOWN_SLOT(a, b, c, d, len, k) \
	[READER_KNOWN_HASH(BYTES4(a, b, c, d), len)] = (k) + 1
const unsigned char reader_known_slot[32] = {
	KNOWN_SLOT('a', 'd', 'j', 'u', 11, RECORD_TAG_ADJUDICATED),
	KNOWN_SLOT('a', 'd', 'j', 'u', 18, RECORD_TAG_ADJUDICATION_METHOD),
	KNOWN_SLOT('b', 'o', 'a', 'r', 5, RECORD_TAG_BOARD),
	KNOWN_SLOT('c', 'l', 'a', 'i', 7, RECORD_TAG_CLAIMED),
	KNOWN_SLOT('g', 'a', 'm', 'e', 4, RECORD_TAG_GAME),
	KNOWN_SLOT('k', 'o', 'm', 'i', 4, RECORD_TAG_KOMI),
	KNOWN_SLOT('r', 'e', 's', 'i', 8, RECORD_TAG_RESIGNED),
	KNOWN_SLOT('r', 'e', 's', 'u', 6, RECORD_TAG_RESULT),
	KNOWN_SLOT('s', 'e', 'e', 'd', 4, RECORD_TAG_SEED),
	KNOWN_SLOT('s', 'e', 'e', 'd', 10, RECORD_TAG_SEED_COMMIT),
	KNOWN_SLOT('s', 'e', 'e', 'd', 8, RECORD_TAG_SEED_SALT),
	KNOWN_SLOT('s', 'e', 't', 'u', 5, RECORD_TAG_SETUP),
	KNOWN_SLOT('s', 'i', 'z', 'e', 4, RECORD_TAG_SIZE),
	KNOWN_SLOT('s', 't', 'a', 'r', 5, RECORD_TAG_START),
	KNOWN_SLOT('t', 'e', 'r', 'm', 11, RECORD_TAG_TERMINATION),
	KNOWN_SLOT('t', 'i', 'm', 'e', 11, RECORD_TAG_TIME_CONTROL),
	KNOWN_SLOT('v', 'a', 'r', 'i', 7, RECORD_TAG_VARIANT),
	KNOWN_SLOT('w', 'i', 'n', 'n', 6, RECORD_TAG_WINNER),
};
#undef KNOWN_SLOT

void
record_tag_note_known(struct record *rec)
{
	size_t	    i;
	unsigned    first, k;
	uint32_t    w;
	const char *name;

	/* Noted as they were added (reader_tag_len): nothing to do. */
	if (rec->known_of == rec->tags && rec->known_n == rec->ntags)
		return;
	/*
	 * Once a record, each tag against the known names of its first
	 * letter: none for most tags (GameId, Event...), one or two else.
	 * A name matches one known name at most: a tag of a name known
	 * already (a duplicate, in a record made by hand) is passed.
	 */
	rec->known = 0;
	for (i = 0; i < rec->ntags; i++) {
		name = rec->tags[i].name;
		if (record_tag_name_key_hash(name, strlen(name)))
			rec->known |= (uint32_t)1 << RECORD_KEY_HASH_NAMED;
		first = (unsigned)fold(name[0]) - 'a';
		if (first >= 26)
			continue;
		w = name_word(name, (unsigned char)('a' + first));
		for (k = by_letter[first][0]; k < by_letter[first][1]; k++)
			if (w == reader_known_word(k) &&
			    reader_known_eq(name, k)) {
				if ((rec->known >> k & 1) == 0) {
					rec->known |= (uint32_t)1 << k;
					rec->known_at[k] = (uint32_t)i;
				}
				break;
			}
	}
	rec->known_of = rec->tags;
	rec->known_n = rec->ntags;
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
