/* SPDX-License-Identifier: MIT */
/*
 * gameplay match --resume (resume.h): reading back the records a match
 * wrote to its output file before it was stopped, checking that each is
 * a whole, legal record of game 1, 2, ... of this same match (its
 * MatchId tag; or of any games, as --order completion writes them), and
 * cutting off what a kill left half written, so that the match plays
 * only the games missing; and replaying a record just played, for the
 * same count (-j).  What a game counted for is the caller's, from the
 * replay; writing records is write.c's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match/game.h"
#include "match/resume.h"

/*
 * Whether rec's result token is there and is its Result tag, *at where
 * the token ends: a kill in the middle of a write leaves a record without
 * one of them, or without what follows the token (whole, whole_text).
 */
static bool
result_whole(const struct record *rec, off_t *at)
{
	const struct record_tag *t = record_tag_find(rec, "Result");

	if (rec->malformed || !rec->has_result || t == NULL ||
	    t->value_len != rec->result.len ||
	    memcmp(t->value, rec->result.text, rec->result.len) != 0)
		return false;
	*at = (off_t)rec->result.at.offset + (off_t)rec->result.len;
	return true;
}

/*
 * Whether rec, read from fp, is whole (result_whole), its token followed
 * in the file by the line end and the blank line that end every record a
 * match writes (blank; else by the line end alone: gameplay analyze
 * writes no blank line between its records); *end where it ends.
 */
static bool
whole(const struct record *rec, FILE *fp, bool blank, off_t *end)
{
	size_t n = blank ? 2 : 1;
	char   after[2];
	off_t  at;

	if (!result_whole(rec, &at) ||
	    pread(fileno(fp), after, n, at) != (ssize_t)n ||
	    memcmp(after, "\n\n", n) != 0)
		return false;
	*end = at + (off_t)n;
	return true;
}

/* The same of rec read from the len bytes at text, a match's record. */
static bool
whole_text(const struct record *rec, const char *text, size_t len)
{
	off_t at;

	return result_whole(rec, &at) && (size_t)at + 2 <= len &&
	    memcmp(text + at, "\n\n", 2) == 0;
}

/* Whether rec's tag name has exactly the value v. */
static bool
tag_is(const struct record *rec, const char *name, const char *v)
{
	return record_tag_value_is(record_tag_find(rec, name), v);
}

/* The game rec is of by its Round tag, from 0, into *i; false if none. */
static bool
round_of(const struct record *rec, unsigned long *i)
{
	const struct record_tag *t = record_tag_find(rec, "Round");
	char			 v[32];

	if (t == NULL || t->value_len >= sizeof v)
		return false;
	memcpy(v, t->value, t->value_len);
	v[t->value_len] = '\0';
	if (!cli_parse_count(v, i) || *i == 0)
		return false;
	(*i)--;
	return true;
}

int
match_resume_read(FILE *fp, const char *path, struct record_syntax *syn,
    const char *match_id, unsigned long first, unsigned long last,
    bool any_order, match_resume_fn each, void *arg, unsigned long *games)
{
	struct record_reader *rd;
	const struct record  *rec;
	struct replay	      rp;
	struct replay_options ro = { .max_legal = 0 };
	char		      round[32];
	off_t		      end = 0;
	unsigned long	      i;
	int		      r, rc = -1;

	*games = 0;
	replay_init(&rp);
	/* Streamed: memory bounded by a record, whatever the file's size. */
	if ((rd = record_reader_new(syn, fp, path, RECORD_PGN)) == NULL)
		goto out_nomem;
	while ((r = record_reader_next(rd, &rec)) == 1) {
		snprintf(round, sizeof round, "%lu", first + *games + 1);
		if (!whole(rec, fp, match_id != NULL, &end)) {
			/* Only the last record can be cut short. */
			if (record_reader_next(rd, &rec) == 0)
				break;
			goto out_not_ours;
		}
		i = first + *games;
		if (match_id != NULL && !tag_is(rec, "MatchId", match_id))
			goto out_not_ours;
		if (match_id != NULL && !any_order &&
		    !tag_is(rec, "Round", round) && round_of(rec, &i) &&
		    i >= first && i < last) {
			cli_error(
			    "%s: record %lu is game %lu of this match, out of turn (a file of --order completion is resumed with --order completion): not resumed",
			    path, *games + 1, i + 1);
			goto out_free;
		}
		if (match_id != NULL &&
		    (any_order || !tag_is(rec, "Round", round)) &&
		    !round_of(rec, &i))
			goto out_not_ours;
		replay_record(syn, rec, &ro, &rp);
		if (rp.status == REPLAY_ILLEGAL ||
		    rp.status == REPLAY_MALFORMED) {
			if (rp.error.code == DIAG_NO_MEMORY)
				goto out_nomem;
			goto out_not_ours;
		}
		if (i < first || i >= last) {
			cli_error(
			    "%s: record %lu is game %lu of the match, not one of games %lu to %lu played here: not resumed",
			    path, *games + 1, i + 1, first + 1, last);
			goto out_free;
		}
		if (each(arg, i, rec, &rp) == -1)
			goto out_free;
		(*games)++;
	}
	if (r == -1) {
		cli_error("%s: %s", path, strerror(errno));
		goto out_free;
	}
	/* The records kept, and nothing of the one a kill cut short. */
	if (*games == 0)
		end = 0;
	if (fflush(fp) == EOF || ftruncate(fileno(fp), end) == -1 ||
	    fseeko(fp, end, SEEK_SET) == -1) {
		cli_error("%s: %s", path, strerror(errno));
		goto out_free;
	}
	rc = 0;
	goto out_free;
out_not_ours:
	cli_error(
	    "%s: record %lu is not game %lu of this match, whole and legal: not resumed",
	    path, *games + 1, first + *games + 1);
	goto out_free;
out_nomem:
	cli_error("%s: %s", path, strerror(ENOMEM));
out_free:
	record_reader_free(rd);
	replay_fini(&rp);
	return rc;
}

int
match_resume_record(struct record_syntax *syn, const char *text, size_t len,
    unsigned long i, match_resume_fn each, void *arg)
{
	struct record_reader *rd;
	const struct record  *rec;
	struct replay	      rp;
	struct replay_options ro = { .max_legal = 0 };
	int		      rc = -1;

	replay_init(&rp);
	if ((rd = record_reader_new_buffer(
		 syn, text, len, "a game played", RECORD_PGN)) == NULL) {
		cli_error("match: %s", strerror(ENOMEM));
		goto out_free;
	}
	if (record_reader_next(rd, &rec) != 1 || !whole_text(rec, text, len)) {
		cli_error("match: game %lu: no whole record came back", i + 1);
		goto out_free;
	}
	replay_record(syn, rec, &ro, &rp);
	if (rp.status == REPLAY_ILLEGAL || rp.status == REPLAY_MALFORMED)
		cli_error("match: game %lu: its record is not legal", i + 1);
	else
		rc = each(arg, i, rec, &rp);
out_free:
	record_reader_free(rd);
	replay_fini(&rp);
	return rc;
}
