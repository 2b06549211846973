/* SPDX-License-Identifier: MIT */
/*
 * Checks on what replays and reports make of fuzzed input, shared by the
 * targets that go as far as reports (fuzz_gamecheck, fuzz_import): the
 * replay's facts hang together, and the report stream is valid YAML.
 */
#ifndef ARBITER_FUZZ_REPORT_H
#define ARBITER_FUZZ_REPORT_H

#include <stdbool.h>
#include <string.h>

#include <yaml.h>

#include "fuzz.h"
#include "report/report.h"

/* Parses the stream; returns the documents, or aborts if it is not YAML. */
static inline unsigned long
parse_reports(const char *buf, size_t len)
{
	yaml_parser_t parser;
	yaml_event_t  ev;
	unsigned long docs = 0;
	int	      depth = 0, done = 0;
	bool	      key = false, schema = false;

	FUZZ_CHECK(yaml_parser_initialize(&parser));
	yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
	while (!done) {
		if (!yaml_parser_parse(&parser, &ev)) {
			fprintf(stderr,
			    "invalid YAML: %s at line %zu, column "
			    "%zu\n%.*s\n",
			    parser.problem, parser.problem_mark.line + 1,
			    parser.problem_mark.column + 1, (int)len, buf);
			abort();
		}
		switch (ev.type) {
		case YAML_DOCUMENT_START_EVENT:
			docs++;
			schema = false;
			break;
		case YAML_DOCUMENT_END_EVENT: FUZZ_CHECK(schema); break;
		case YAML_MAPPING_START_EVENT:
		case YAML_SEQUENCE_START_EVENT:
			depth++;
			key = ev.type == YAML_MAPPING_START_EVENT;
			break;
		case YAML_MAPPING_END_EVENT:
		case YAML_SEQUENCE_END_EVENT: depth--; break;
		case YAML_SCALAR_EVENT:
			/* The first key of each document is the schema. */
			if (depth == 1 && key && !schema &&
			    strcmp((char *)ev.data.scalar.value, "schema") == 0)
				schema = true;
			key = false;
			break;
		case YAML_STREAM_END_EVENT: done = 1; break;
		default: break;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	return docs;
}

/*
 * Whether a tag whose value the replay reads holds a byte the value cannot
 * have: a NUL must not be cut off and the rest ignored (tag values may hold
 * any bytes, formats/record.md).  The set-up tags are read first, so such
 * a record is malformed; the Result is read last, so it is an error unless
 * an illegal move came first.
 */
static inline bool
tag_has_nul(const struct record *rec, const char *name)
{
	const struct record_tag *t = record_tag_find(rec, name);

	return t != NULL && strlen(t->value) != t->value_len;
}

static inline bool
setup_tag_has_nul(const struct record *rec)
{
	static const char *const read[] = { "Game", "Board", "Size", "Seed",
		"Variant" };
	size_t			 i;

	for (i = 0; i < sizeof read / sizeof read[0]; i++)
		if (tag_has_nul(rec, read[i]))
			return true;
	return false;
}

/* What a replay says about a record must hang together. */
static inline void
check_replay(const struct record *rec, const struct replay *rp,
    const struct replay_options *ro)
{
	if (setup_tag_has_nul(rec))
		FUZZ_CHECK(rp->status == REPLAY_MALFORMED);
	if (tag_has_nul(rec, "Result"))
		FUZZ_CHECK(rp->status == REPLAY_MALFORMED ||
		    rp->status == REPLAY_ILLEGAL);
	FUZZ_CHECK(rp->status <= REPLAY_MALFORMED);
	if (rp->status == REPLAY_ILLEGAL || rp->status == REPLAY_MALFORMED) {
		FUZZ_CHECK(rp->has_error);
	}
	if (rp->has_error) {
		FUZZ_CHECK(
		    rp->error.code != DIAG_NONE && rp->error.msg[0] != '\0');
		FUZZ_CHECK(rp->error.at.line >= 1 && rp->error.at.col >= 1);
		FUZZ_CHECK(rp->error.at.col <= rp->error.at.offset + 1);
		FUZZ_CHECK(rp->error_turn <= rec->nturns);
		FUZZ_CHECK(strlen(rp->error_move) < sizeof rp->error_move);
	}
	if (rp->has_warning)
		FUZZ_CHECK(rp->warning.code != DIAG_NONE);
	if (rec->malformed)
		FUZZ_CHECK(rp->status == REPLAY_MALFORMED);
	if (rp->has_legal)
		FUZZ_CHECK(rp->nlegal <= ro->max_legal);
	if (rp->status != REPLAY_MALFORMED) {
		FUZZ_CHECK(rp->game != NULL && rp->pos != NULL);
		FUZZ_CHECK(rp->turns >= rp->passes);
		FUZZ_CHECK(rp->score.over == (rp->status == REPLAY_FINISHED) ||
		    rp->status == REPLAY_ILLEGAL);
		/*
		 * Turns are tokens plus the passes a transcript implies; a
		 * last token that is a turn in progress is no turn yet.
		 */
		FUZZ_CHECK(rp->turns <= rec->nturns + rp->implied_passes);
		if (rp->status != REPLAY_ILLEGAL)
			FUZZ_CHECK(rp->turns + rp->in_turn ==
			    rec->nturns + rp->implied_passes);
	}
}

#endif
