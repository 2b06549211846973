/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the reports: every document parses back with libyaml, keys
 * and values are the ones formats/report.md lists, and any bytes a record
 * holds come out as valid UTF-8.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "report/report.h"
#include "unit.h"

/*
 * Parses a YAML stream into "path=value" lines, one per scalar, paths
 * joined with '.' (sequence items by index), documents by number:
 * "1.error.code=no-flips".  Fails the test if the YAML is invalid.
 */
static char *
flatten(const char *yaml, size_t len)
{
	yaml_parser_t p;
	yaml_event_t  ev;
	char	     *out = NULL, path[16][64];
	size_t	      outlen = 0;
	FILE	     *f = open_memstream(&out, &outlen);
	int	      depth = -1, doc = 0, index[16];
	bool	      is_seq[16], want_key[16], done = false;
	char	      key[16][64];

	ck_assert(yaml_parser_initialize(&p));
	yaml_parser_set_input_string(&p, (const unsigned char *)yaml, len);
	while (!done) {
		ck_assert_msg(
		    yaml_parser_parse(&p, &ev), "invalid YAML: %s", p.problem);
		switch (ev.type) {
		case YAML_DOCUMENT_START_EVENT: doc++; break;
		case YAML_MAPPING_START_EVENT:
		case YAML_SEQUENCE_START_EVENT:
			if (depth >= 0 && is_seq[depth])
				snprintf(key[depth], sizeof key[depth], "%d",
				    index[depth]++);
			if (depth >= 0)
				want_key[depth] = true;
			depth++;
			is_seq[depth] = ev.type == YAML_SEQUENCE_START_EVENT;
			want_key[depth] = true;
			index[depth] = 0;
			snprintf(path[depth], sizeof path[depth], "%s",
			    depth == 0 ? "" : key[depth - 1]);
			break;
		case YAML_MAPPING_END_EVENT:
		case YAML_SEQUENCE_END_EVENT: depth--; break;
		case YAML_SCALAR_EVENT:
			if (!is_seq[depth] && want_key[depth]) {
				snprintf(key[depth], sizeof key[depth], "%s",
				    (char *)ev.data.scalar.value);
				want_key[depth] = false;
				break;
			}
			if (is_seq[depth])
				snprintf(key[depth], sizeof key[depth], "%d",
				    index[depth]++);
			fprintf(f, "%d", doc);
			for (int i = 1; i <= depth; i++)
				fprintf(f, ".%s", path[i]);
			fprintf(f, ".%s=%s\n", key[depth],
			    (char *)ev.data.scalar.value);
			want_key[depth] = true;
			break;
		case YAML_STREAM_END_EVENT: done = true; break;
		default: break;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	fclose(f);
	return out;
}

/* Checks records the way gamecheck does and returns the flattened YAML. */
static char *
report_of(const char *text)
{
	struct record_syntax *syn = record_syntax_new();
	struct replay_options opt = { .max_legal = 64 };
	struct report_writer *w;
	struct record_reader *rd;
	const struct record  *rec;
	struct replay	      rp;
	char		     *yaml = NULL, *flat;
	size_t		      len = 0;
	FILE		     *in, *out;

	in = fmemopen((void *)(uintptr_t)text, strlen(text), "r");
	out = open_memstream(&yaml, &len);
	rd = record_reader_new(syn, in, "t.pgn", RECORD_AUTO);
	w = report_writer_new(out);
	replay_init(&rp);
	while (record_reader_next(rd, &rec) == 1) {
		replay_record(syn, rec, &opt, &rp);
		ck_assert_int_eq(report_write(w, "t.pgn", rec, &rp), 0);
	}
	ck_assert_int_eq(report_writer_free(w), 0);
	replay_fini(&rp);
	record_reader_free(rd);
	record_syntax_free(syn);
	fclose(in);
	fclose(out);
	flat = flatten(yaml, len);
	free(yaml);
	return flat;
}

static void
assert_has(const char *flat, const char *line)
{
	char want[256];

	snprintf(want, sizeof want, "%s\n", line);
	ck_assert_msg(
	    strstr(flat, want) != NULL, "no \"%s\" in\n%s", line, flat);
}

START_TEST(finished_game_report)
{
	char *flat = report_of(
	    "[Game \"reversi\"]\n[Black \"Ada\"]\n"
	    "[White \"Brian\"]\ne6 f4 e3 f6 g5 d6 e7 f5 c5 13-0\n");

	assert_has(flat, "1.schema=arbiter-report/1");
	assert_has(flat, "1.source=t.pgn");
	assert_has(flat, "1.record=1");
	assert_has(flat, "1.game=reversi");
	assert_has(flat, "1.board=8x8");
	assert_has(flat, "1.tags.Black=Ada");
	assert_has(flat, "1.players.black=Ada");
	assert_has(flat, "1.players.white=Brian");
	assert_has(flat, "1.status=finished");
	assert_has(flat, "1.turns=9");
	assert_has(flat, "1.discs.black=13");
	assert_has(flat, "1.result.winner=black");
	assert_has(flat, "1.result.score=13-0");
	assert_has(flat, "1.result.wof=64-0");
	assert_has(flat, "1.result.recorded=13-0");
	assert_has(flat, "1.result.agrees=true");
	ck_assert_ptr_null(strstr(flat, "error"));
	free(flat);
}
END_TEST

START_TEST(illegal_move_report)
{
	char *flat = report_of("[Game \"reversi\"]\nf5 d6 a1 *\n"
			       "[Game \"reversi\"]\nf5 *\n");

	assert_has(flat, "1.status=illegal");
	assert_has(flat, "1.error.code=no-flips");
	assert_has(flat, "1.error.line=2");
	assert_has(flat, "1.error.column=7");
	assert_has(flat, "1.error.turn=3");
	assert_has(flat, "1.error.move=a1");
	assert_has(flat, "1.error.legal.0=c3");
	assert_has(flat, "1.error.legal.4=c7");
	assert_has(flat, "1.to-move=black");
	/* The second document is independent of the first. */
	assert_has(flat, "2.status=unfinished");
	assert_has(flat, "2.record=2");
	free(flat);
}
END_TEST

START_TEST(any_bytes_stay_valid_yaml)
{
	char *flat = report_of(
	    "[Game \"reversi\"]\n"
	    "[Event \"\xff\xfe bad \xc3\x28 \xe2\x82 ok \xc3\xa9\"]\n"
	    "\x01\x02 *\n");

	/* Each invalid sequence is one U+FFFD; é survives. */
	assert_has(flat,
	    "1.tags.Event=\xef\xbf\xbd\xef\xbf\xbd bad "
	    "\xef\xbf\xbd( \xef\xbf\xbd\xef\xbf\xbd ok \xc3\xa9");
	assert_has(flat, "1.status=malformed");
	assert_has(flat, "1.error.move=\\x01\\x02");
	free(flat);
}
END_TEST

START_TEST(utf8_clean)
{
	char buf[64];

	ck_assert_uint_eq(report_utf8_clean("abc", 3, buf, sizeof buf), 3);
	ck_assert_str_eq(buf, "abc");
	/* NUL, an overlong '/', a surrogate: all replaced. */
	report_utf8_clean("a\0b", 3, buf, sizeof buf);
	ck_assert_str_eq(buf,
	    "a\xef\xbf\xbd"
	    "b");
	report_utf8_clean("\xc0\xaf", 2, buf, sizeof buf);
	ck_assert_str_eq(buf, "\xef\xbf\xbd\xef\xbf\xbd");
	report_utf8_clean("\xed\xa0\x80", 3, buf, sizeof buf);
	ck_assert_str_eq(buf, "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
	report_utf8_clean("\xf0\x9f\x98\x80", 4, buf, sizeof buf);
	ck_assert_str_eq(buf, "\xf0\x9f\x98\x80");
	/* A small buffer truncates, never overflows. */
	ck_assert_uint_le(report_utf8_clean("abcdefgh", 8, buf, 6), 5);
}
END_TEST

static Suite *
report_suite(void)
{
	Suite *s = suite_create("report");
	TCase *tc = tcase_create("emit");

	tcase_add_test(tc, finished_game_report);
	tcase_add_test(tc, illegal_move_report);
	tcase_add_test(tc, any_bytes_stay_valid_yaml);
	tcase_add_test(tc, utf8_clean);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	return unit_run(report_suite());
}
