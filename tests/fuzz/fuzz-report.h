/* SPDX-License-Identifier: MIT */
/*
 * Checks on what replays and reports make of fuzzed input, shared by the
 * targets that go as far as reports (fuzz_gamecheck, fuzz_import): the
 * replay's facts hang together, the report stream is valid YAML, and the
 * direct writer wrote what libyaml's emitter writes, byte for byte.
 */
#ifndef ARBITER_FUZZ_REPORT_H
#define ARBITER_FUZZ_REPORT_H

#include <stdbool.h>
#include <string.h>

#include <yaml.h>

#include "fuzz.h"
#include "report/report.h"
#include "../yaml-quote.h"

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
 * The report stream written twice, into memory: [0] by the direct writer
 * gamecheck uses, [1] by libyaml's emitter, its reference.
 */
struct report_pair {
	struct report_writer *w[2];
	FILE		     *out[2];
	char		     *buf[2];
	size_t		      len[2];
};

static inline void
report_pair_open(struct report_pair *p)
{
	int i;

	for (i = 0; i < 2; i++) {
		p->buf[i] = NULL;
		p->len[i] = 0;
		p->out[i] = open_memstream(&p->buf[i], &p->len[i]);
		FUZZ_CHECK(p->out[i] != NULL);
		p->w[i] = i == 0 ? report_writer_new(p->out[i]) :
				   report_writer_new_libyaml(p->out[i]);
		FUZZ_CHECK(p->w[i] != NULL);
	}
}

static inline void
report_pair_write(struct report_pair *p, const char *source,
    const struct record *rec, const struct replay *rp)
{
	FUZZ_CHECK(report_write(p->w[0], source, rec, rp) == 0);
	FUZZ_CHECK(report_write(p->w[1], source, rec, rp) == 0);
}

/* Ends both streams: they must be the same bytes; the documents. */
static inline unsigned long parse_reports(const char *buf, size_t len);

static inline unsigned long
report_pair_close(struct report_pair *p)
{
	unsigned long docs;
	int	      i;

	for (i = 0; i < 2; i++) {
		FUZZ_CHECK(report_writer_free(p->w[i]) == 0);
		FUZZ_CHECK(fclose(p->out[i]) == 0);
	}
	if (p->len[0] != p->len[1] ||
	    memcmp(p->buf[0], p->buf[1], p->len[0]) != 0) {
		fprintf(stderr, "direct writer:\n%.*s\nlibyaml:\n%.*s\n",
		    (int)p->len[0], p->buf[0], (int)p->len[1], p->buf[1]);
		abort();
	}
	docs = parse_reports(p->buf[0], p->len[0]);
	free(p->buf[0]);
	free(p->buf[1]);
	return docs;
}

/*
 * A pass of the reader over the input, each record replayed into rp and
 * its report written twice (report_pair): what the gamecheck and import
 * targets share, n counting the records read.
 */
struct fuzz_pass {
	FILE		     *fp;
	char		     *copy;
	struct record_reader *rd;
	struct report_pair    pair;
	struct replay	      rp;
	unsigned long	      n;
};

/*
 * Starts a pass over data[size] read as fmt.  Returns false where the
 * input gives no stream (the target then returns 0).
 */
static inline bool
fuzz_pass_open(struct fuzz_pass *p, struct record_syntax *syn,
    const uint8_t *data, size_t size, enum record_format fmt)
{
	if ((p->fp = fuzz_stream(data, size, &p->copy)) == NULL)
		return false;
	report_pair_open(&p->pair);
	p->rd = record_reader_new(syn, p->fp, "fuzz", fmt);
	FUZZ_CHECK(p->rd != NULL);
	replay_init(&p->rp);
	p->n = 0;
	return true;
}

/*
 * Ends the pass whose reader last returned rc: the input must have ended
 * without an error, and the reports be one a record, the same both ways.
 */
static inline void
fuzz_pass_close(struct fuzz_pass *p, int rc)
{
	FUZZ_CHECK(rc == 0);
	replay_fini(&p->rp);
	record_reader_free(p->rd);
	FUZZ_CHECK(report_pair_close(&p->pair) == p->n);
	fclose(p->fp);
	free(p->copy);
}

/*
 * The escaping function on any bytes: what libyaml's emitter writes for
 * them, and libyaml's parser reads back the cleaned string.
 */
static inline void
check_quote(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	char	   *mine = quote_direct(s, size), *ref = quote_libyaml(s, size);
	char	   *back, *clean = malloc(3 * size + 5);
	size_t	    n, backlen = 0;

	FUZZ_CHECK(mine != NULL && ref != NULL && clean != NULL);
	FUZZ_CHECK(strcmp(mine, ref) == 0);
	n = report_utf8_clean(s, size, clean, 3 * size + 5);
	back = quote_parse(mine, &backlen);
	FUZZ_CHECK(back != NULL);
	FUZZ_CHECK(backlen == n && memcmp(back, clean, n) == 0);
	free(back);
	free(clean);
	free(mine);
	free(ref);
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
		/*
		 * A game over is finished (or illegal); a game not over is
		 * finished only when decided off the board: a forfeit, an
		 * agreed draw, an adjudication (issue 27, item 11).
		 */
		FUZZ_CHECK(rp->score.over ?
			rp->status == REPLAY_FINISHED ||
			    rp->status == REPLAY_ILLEGAL :
			rp->status != REPLAY_FINISHED || rp->forfeit ||
			    rp->agreed || rp->adjudged);
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
