/* SPDX-License-Identifier: MIT */
/*
 * The referee's reading of secret dice (formats/rng.md, "Secret dice"):
 * a record's SeedCommit tag commits to a seed the referee keeps, and the
 * Seed and SeedSalt tags, written when it is revealed, must hash to it.
 * Once revealed the Seed is checked against every roll as any Seed is;
 * before, the rolls are the referee's word and a finished game says so.
 */
#include <stdio.h>
#include <string.h>

#include "referee/referee.h"
#include "secret/secret.h"
#include "util/util.h"

static void
bad(struct replay *rp, enum diag_code code, const struct record_tag *t,
    const char *msg)
{
	diag_set_at(replay_mark_malformed(rp), code, t->at, 0, "%s", msg);
}

/* Whether t's value is n lower-case hex digits (a salt or a hash). */
static bool
is_hex(const struct record_tag *t, size_t n)
{
	return t->value_len == n && strspn(t->value, "0123456789abcdef") == n;
}

int
replay_check_commitment(const struct record *rec, struct replay *rp)
{
	const struct record_tag *ct = record_tag_known(
	    rec, RECORD_TAG_SEED_COMMIT);
	const struct record_tag *st = record_tag_known(
	    rec, RECORD_TAG_SEED_SALT);
	const struct record_tag *seed = record_tag_known(rec, RECORD_TAG_SEED);
	struct secret_seed	 s;
	char			 hash[SECRET_COMMIT_LEN], msg[256];

	if (ct != NULL && !is_hex(ct, SECRET_COMMIT_LEN - 1)) {
		bad(rp, DIAG_BAD_SEED_COMMITMENT, ct,
		    "a SeedCommit is the SHA-256 of the secret seed, 64 "
		    "lower-case hex digits");
		return -1;
	}
	if (st != NULL && (ct == NULL || !is_hex(st, SECRET_SALT_LEN - 1))) {
		bad(rp, DIAG_BAD_SEED_COMMITMENT, st,
		    ct == NULL ? "a SeedSalt reveals a committed seed, and the "
				 "record has no SeedCommit" :
				 "a SeedSalt is 32 lower-case hex digits");
		return -1;
	}
	if (ct == NULL || (st == NULL && seed == NULL))
		return 0;
	if (st == NULL || seed == NULL) {
		bad(rp, DIAG_BAD_SEED_COMMITMENT, st == NULL ? seed : st,
		    "a committed seed is revealed by a Seed and a SeedSalt "
		    "together: give both");
		return -1;
	}
	memcpy(s.salt, st->value, SECRET_SALT_LEN);
	s.seed = rp->seed;
	secret_seed_commit(&s, hash);
	if (strcmp(hash, ct->value) != 0) {
		snprintf(msg, sizeof msg,
		    "the SHA-256 of \"%s:%llu\" (the SeedSalt and the Seed) "
		    "is %s, not the SeedCommit: the seed revealed is not the "
		    "one committed to",
		    s.salt, s.seed, hash);
		bad(rp, DIAG_SEED_COMMITMENT_MISMATCH, ct, msg);
		return -1;
	}
	return 0;
}

void
replay_check_unrevealed(const struct record *rec, struct replay *rp)
{
	const struct record_tag *ct = record_tag_known(
	    rec, RECORD_TAG_SEED_COMMIT);

	if (ct == NULL || rp->seeded || rp->has_warning ||
	    (rp->status != REPLAY_FINISHED && !rp->forfeit && !rp->agreed))
		return;
	rp->has_warning = true;
	diag_set_at(&rp->warning, DIAG_SEED_UNREVEALED, ct->at, 0,
	    "the game is over and its committed seed is not revealed, so "
	    "its dice cannot be checked (gameplay reveal writes it)");
}
