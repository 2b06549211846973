/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: gamecheck's path from bytes to reports, as
 * src/batch/check-*.c drive it: read each record, replay it, write its YAML
 * report.  The first byte holds the options (format, a forced game, the
 * legal list on or off); the rest is the input.  The whole report stream
 * is then parsed again with libyaml's parser and must be valid YAML with
 * one mapping document per record, each naming the schema; anything else
 * aborts.  The replay's own facts are checked on the way, and each record
 * is replayed a second time in a fresh struct replay: what the reused one
 * (its position, dice, lists) says must not depend on earlier records.
 * Secret dice (formats/rng.md): a committed seed that the replay takes as
 * revealed hashes to its commitment, recomputed here, and the rolls of a
 * seed not revealed are never judged against a seed.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-report.h"
#include "secret/secret.h"

/* Two replays of one record agree on everything a report shows. */
static void
same_replay(const struct replay *a, const struct replay *b)
{
	size_t i;

	FUZZ_CHECK(a->status == b->status && a->game == b->game);
	FUZZ_CHECK(a->turns == b->turns && a->actions == b->actions &&
	    a->passes == b->passes && a->implied_passes == b->implied_passes);
	FUZZ_CHECK(memcmp(&a->score, &b->score, sizeof a->score) == 0);
	FUZZ_CHECK(a->has_recorded == b->has_recorded &&
	    a->verified == b->verified && a->agrees == b->agrees);
	FUZZ_CHECK(strcmp(a->recorded, b->recorded) == 0 || !a->has_recorded);
	FUZZ_CHECK(
	    a->has_error == b->has_error && a->has_warning == b->has_warning);
	if (a->has_error) {
		FUZZ_CHECK(a->error.code == b->error.code);
		FUZZ_CHECK(strcmp(a->error.msg, b->error.msg) == 0);
		FUZZ_CHECK(memcmp(&a->error.at, &b->error.at,
			       sizeof a->error.at) == 0);
		FUZZ_CHECK(a->error_turn == b->error_turn);
		FUZZ_CHECK(strcmp(a->error_move, b->error_move) == 0);
	}
	FUZZ_CHECK(a->has_legal == b->has_legal && a->nlegal == b->nlegal);
	for (i = 0; a->has_legal && i < a->nlegal; i++)
		FUZZ_CHECK(memcmp(&a->legal[i], &b->legal[i],
			       sizeof a->legal[i]) == 0);
	/* A malformed record's report shows no position, dice or captures. */
	if (a->status == REPLAY_MALFORMED)
		return;
	FUZZ_CHECK(a->ndice == b->ndice &&
	    (a->ndice == 0 || memcmp(a->dice, b->dice, a->ndice) == 0));
	FUZZ_CHECK(a->counts_captures == b->counts_captures);
	for (i = 0; a->counts_captures && i < a->turns; i++)
		FUZZ_CHECK(a->turn_captures[i] == b->turn_captures[i]);
	FUZZ_CHECK(a->pos != NULL && b->pos != NULL);
	FUZZ_CHECK(a->pos->game == b->pos->game &&
	    rules_turn(a->pos) == rules_turn(b->pos) &&
	    memcmp(a->pos->state, b->pos->state, a->pos->game->state_size) ==
		0);
}

/*
 * The SeedCommit, SeedSalt and Seed tags of rec as the replay judged
 * them: a record it did not find malformed reveals a seed whose text
 * SALT:SEED hashes to the commitment, or reveals none and has no dice
 * judged against one; a SeedSalt without a SeedCommit is malformed.
 */
static void
check_commitment(const struct record *rec, const struct replay *rp)
{
	const struct record_tag *ct = record_tag_find(rec, "SeedCommit");
	const struct record_tag *st = record_tag_find(rec, "SeedSalt");
	const struct record_tag *seed = record_tag_find(rec, "Seed");
	char			 text[128], hash[SECRET_COMMIT_LEN];

	if (rec->malformed || (ct == NULL && st == NULL))
		return;
	if (ct == NULL) {
		FUZZ_CHECK(rp->status == REPLAY_MALFORMED);
		return;
	}
	if (rp->status == REPLAY_MALFORMED)
		return;
	FUZZ_CHECK(ct->value_len == SECRET_COMMIT_LEN - 1);
	if (seed == NULL) {
		FUZZ_CHECK(st == NULL && !rp->seeded);
		FUZZ_CHECK(
		    !rp->has_error || rp->error.code != DIAG_DICE_MISMATCH);
		return;
	}
	FUZZ_CHECK(st != NULL && rp->seeded);
	snprintf(text, sizeof text, "%s:%llu", st->value, rp->seed);
	secret_commit(text, strlen(text), hash);
	FUZZ_CHECK(strcmp(hash, ct->value) == 0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct record_syntax *syn;
	struct replay_options	     ro = { 0 };
	struct fuzz_pass	     ps;
	const struct record	    *rec;
	struct replay		     fresh;
	size_t			     ngames = 0;
	int			     rc;

	if (syn == NULL && (syn = record_syntax_new()) == NULL)
		abort();
	if (size < 1)
		return 0;
	while (rules_game_at(ngames) != NULL)
		ngames++;
	/* Bits 0-1 the format, 2 the legal list, 3-7 a forced game. */
	ro.max_legal = data[0] & 4 ? 64 : 0;
	if ((data[0] >> 3) % (ngames + 1) > 0)
		ro.game = rules_game_at((data[0] >> 3) % (ngames + 1) - 1);
	/* The input as one string from a record: escaped as libyaml would. */
	check_quote(data + 1, size - 1);
	if (!fuzz_pass_open(&ps, syn, data + 1, size - 1,
		fuzz_text_format(data[0])))
		return 0;
	while ((rc = record_reader_next(ps.rd, &rec)) == 1) {
		fuzz_check_record(data + 1, size - 1, rec, ++ps.n);
		replay_record(syn, rec, &ro, &ps.rp);
		check_replay(rec, &ps.rp, &ro);
		check_commitment(rec, &ps.rp);
		replay_init(&fresh);
		replay_record(syn, rec, &ro, &fresh);
		same_replay(&ps.rp, &fresh);
		replay_fini(&fresh);
		/* A source name that is not UTF-8 and holds quotes. */
		report_pair_write(&ps.pair, "fuzz \xff\"input\"", rec, &ps.rp);
	}
	fuzz_pass_close(&ps, rc);
	return 0;
}
