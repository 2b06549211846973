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
#include "report/yaml-out.h"
#include "unit.h"
#include "../yaml-quote.h"

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

/*
 * Checks records the way gamecheck does and returns the YAML stream
 * (malloc'd, its length in *len), written by the direct writer or by
 * libyaml's emitter.
 */
static char *
stream_of(const char *text, bool libyaml, size_t *len)
{
	struct record_syntax *syn = record_syntax_new();
	struct replay_options opt = { .max_legal = 64 };
	struct report_writer *w;
	struct record_reader *rd;
	const struct record  *rec;
	struct replay	      rp;
	char		     *yaml = NULL;
	FILE		     *in, *out;

	in = fmemopen((void *)(uintptr_t)text, strlen(text), "r");
	out = open_memstream(&yaml, len);
	rd = record_reader_new(syn, in, "t.pgn", RECORD_AUTO);
	w = libyaml ? report_writer_new_libyaml(out) : report_writer_new(out);
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
	return yaml;
}

/* The flattened YAML of the direct writer's stream. */
static char *
report_of(const char *text)
{
	size_t len;
	char  *yaml = stream_of(text, false, &len), *flat;

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

/* Strings a report escapes: every escape, every style libyaml could pick. */
static const struct hard {
	const char *s;
	size_t	    len;
} hard[] = {
#define HARD(s) \
	{ \
		s, sizeof s - 1 \
	}
	HARD(""),
	HARD("plain"),
	HARD("\x01\x02\x07\x08\t\n\x0b\x0c\r\x1b\x1f\x7f"),
	HARD("a\0b"),
	HARD("\"quoted\" and \\ back\\slash\\"),
	HARD("'single' quotes"),
	HARD("  leading and trailing  "),
	HARD(" "),
	HARD("tab\tinside\t"),
	HARD("line\nbreak\r\nand\n\n"),
	HARD("123"),
	HARD("-12.5e3"),
	HARD("0x1F"),
	HARD("true"),
	HARD("No"),
	HARD("null"),
	HARD("~"),
	HARD(".inf"),
	HARD("---"),
	HARD("..."),
	HARD("key: value"),
	HARD("a # comment"),
	HARD("#hash"),
	HARD("- dash"),
	HARD("[flow], {map}, &anchor *alias !tag |lit >fold %dir @at `bt"),
	HARD("? question"),
	HARD("caf\xc3\xa9 \xe6\x97\xa5\xe6\x9c\xac \xd0\x96"),
	HARD("nbsp\xc2\xa0 nel\xc2\x85 c1\xc2\x80\xc2\x9f"),
	HARD("ls\xe2\x80\xa8 ps\xe2\x80\xa9"),
	HARD(
	    "bom\xef\xbb\xbf nonchars\xef\xbf\xbe\xef\xbf\xbf fffd\xef\xbf\xbd"),
	HARD("private\xee\x80\x80 d7ff\xed\x9f\xbf"),
	HARD("emoji \xf0\x9f\x98\x80 max \xf4\x8f\xbf\xbf"),
	HARD("bad \xff\xfe \xc3\x28 \xe2\x82 \xc0\xaf \xed\xa0\x80 "
	     "\xf4\x90\x80\x80 \xf8\x88\x80\x80\x80 end\xe2"),
#undef HARD
};

/* Where a and b (alen, blen bytes) first differ. */
static size_t
first_diff(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t i;

	for (i = 0; i < alen && i < blen && a[i] == b[i]; i++)
		;
	return i;
}

/* Compares report_yaml_quote with libyaml on len bytes of s. */
static void
assert_quotes_as_libyaml(const char *s, size_t len)
{
	char  *mine = quote_direct(s, len), *ref = quote_libyaml(s, len);
	char  *back, *clean = malloc(3 * len + 5);
	size_t n, backlen = 0;

	ck_assert_ptr_nonnull(mine);
	ck_assert_ptr_nonnull(ref);
	n = first_diff(mine, strlen(mine), ref, strlen(ref));
	ck_assert_msg(strcmp(mine, ref) == 0,
	    "at byte %zu quoted as\n%.40s\nnot as libyaml\n%.40s", n, mine + n,
	    ref + n);
	/* And libyaml's parser reads back the cleaned string. */
	n = report_utf8_clean(s, len, clean, 3 * len + 5);
	back = quote_parse(mine, &backlen);
	ck_assert_ptr_nonnull(back);
	ck_assert_uint_eq(backlen, n);
	ck_assert_mem_eq(back, clean, n);
	free(back);
	free(clean);
	free(mine);
	free(ref);
}

START_TEST(quote_hard_strings)
{
	size_t i;

	for (i = 0; i < sizeof hard / sizeof hard[0]; i++)
		assert_quotes_as_libyaml(hard[i].s, hard[i].len);
	/* A few written out, so the test does not only agree with itself. */
	{
		char *q = quote_direct(
		    "\x01\"\\\t\xc2\x85\xf0\x9f\x98\x80\xff", 11);

		ck_assert_str_eq(
		    q, "\"\\x01\\\"\\\\\\t\\N\\U0001F600\xef\xbf\xbd\"");
		free(q);
	}
}
END_TEST

/* Every code point, in strings of 65536, and long lines never folded. */
START_TEST(quote_every_code_point)
{
	struct buf b;
	uint32_t   cp, start;
	char	   c[4];
	size_t	   k;

	buf_init(&b);
	for (start = 1; start <= 0x10ffff; start += 65536) {
		b.len = 0;
		for (cp = start; cp < start + 65536 && cp <= 0x10ffff; cp++) {
			if (cp >= 0xd800 && cp <= 0xdfff)
				continue;
			k = cp < 0x80	 ? 1 :
			    cp < 0x800	 ? 2 :
			    cp < 0x10000 ? 3 :
					   4;
			c[0] = (char)(k == 1 ? cp :
				k == 2	     ? 0xc0 | cp >> 6 :
				k == 3	     ? 0xe0 | cp >> 12 :
					       0xf0 | cp >> 18);
			if (k >= 4)
				c[k - 3] = (char)(0x80 | ((cp >> 12) & 0x3f));
			if (k >= 3)
				c[k - 2] = (char)(0x80 | ((cp >> 6) & 0x3f));
			if (k >= 2)
				c[k - 1] = (char)(0x80 | (cp & 0x3f));
			ck_assert_int_eq(buf_add(&b, c, k), 0);
			/* Spaces, where a width would fold the line. */
			ck_assert_int_eq(
			    buf_add(&b, cp % 7 ? "" : "  ", cp % 7 ? 0 : 2), 0);
		}
		assert_quotes_as_libyaml(b.s, b.len);
	}
	/* Every pair of bytes: the invalid sequences among them. */
	b.len = 0;
	for (cp = 0; cp < 0x10000; cp++) {
		c[0] = (char)(cp >> 8);
		c[1] = (char)cp;
		ck_assert_int_eq(buf_add(&b, c, 2), 0);
		if (cp % 4096 == 4095) {
			assert_quotes_as_libyaml(b.s, b.len);
			b.len = 0;
		}
	}
	buf_fini(&b);
}
END_TEST

/*
 * The direct writer writes what libyaml's emitter wrote for whole reports:
 * long tag names (explicit keys), quoted ones, Herd's dice in the legal list
 * ('35:'), errors, warnings and notes.
 */
START_TEST(direct_writer_matches_libyaml)
{
	static const char text[] =
	    "[Game \"reversi\"]\n[Black \"\\\"Ada\\\" \x01\xff\"]\n"
	    "[AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
	    "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
	    " \"a long name\"]\n"
	    "[1111111111111111111111111111111111111111111111111111111111111111"
	    "11111111111111111111111111111111111111111111111111111111111111111"
	    " \"a long quoted name\"]\n"
	    "[yes \"y\"]\n[_x \"u\"]\n[Y2 \"\"]\n"
	    "f5 d6 a1 *\n"
	    "[Game \"herd\"]\n[Seed \"7\"]\nzz *\n"
	    "[Game \"herd\"]\n[Seed \"7\"]\n*\n"
	    "[Game \"oust\"]\n[Result \"1-0\"]\n*\n"
	    "[Game \"stones\"]\nswap *\n";
	size_t mine_len, ref_len, at;
	char  *mine = stream_of(text, false, &mine_len);
	char  *ref = stream_of(text, true, &ref_len);

	at = first_diff(mine, mine_len, ref, ref_len);
	ck_assert_msg(mine_len == ref_len && at == ref_len,
	    "at byte %zu the direct writer wrote\n%.60s\nlibyaml\n%.60s", at,
	    mine + at, ref + at);
	ck_assert_ptr_nonnull(strstr(ref, "\n  ? AAAA"));
	free(mine);
	free(ref);
}
END_TEST

/*
 * One writer, the source changing between reports and coming back (the
 * direct writer keeps a report's first lines for its source): each report
 * names its own, as libyaml's emitter writes it, long and quoted ones too.
 */
START_TEST(source_changes_between_reports)
{
	static const char *const source[] = { "a.pgn", "b \"x\".pgn",
		"b \"x\".pgn", "a.pgn", "", "a.pgn" };
	struct record_syntax	*syn = record_syntax_new();
	struct replay_options	 opt = { .max_legal = 64 };
	struct record_reader	*rd;
	const struct record	*rec;
	struct replay		 rp;
	struct report_writer	*w[2];
	char			*yaml[2] = { NULL, NULL }, *flat, want[300];
	char			 longsrc[201];
	size_t			 len[2], i;
	FILE			*in, *out[2];
	int			 k;

	memset(longsrc, 'L', sizeof longsrc - 1);
	longsrc[sizeof longsrc - 1] = '\0';
	in = fmemopen((void *)(uintptr_t) "e6 f4 *\n", 8, "r");
	rd = record_reader_new(syn, in, "t.pgn", RECORD_AUTO);
	ck_assert_int_eq(record_reader_next(rd, &rec), 1);
	replay_init(&rp);
	replay_record(syn, rec, &opt, &rp);
	for (k = 0; k < 2; k++) {
		out[k] = open_memstream(&yaml[k], &len[k]);
		w[k] = k == 0 ? report_writer_new(out[k]) :
				report_writer_new_libyaml(out[k]);
		for (i = 0; i < sizeof source / sizeof source[0]; i++)
			ck_assert_int_eq(
			    report_write(w[k], source[i], rec, &rp), 0);
		ck_assert_int_eq(report_write(w[k], longsrc, rec, &rp), 0);
		ck_assert_int_eq(report_write(w[k], longsrc, rec, &rp), 0);
		ck_assert_int_eq(report_writer_free(w[k]), 0);
		fclose(out[k]);
	}
	ck_assert_uint_eq(len[0], len[1]);
	ck_assert_mem_eq(yaml[0], yaml[1], len[0]);
	flat = flatten(yaml[0], len[0]);
	for (i = 0; i < sizeof source / sizeof source[0]; i++) {
		snprintf(want, sizeof want, "%zu.source=%s", i + 1, source[i]);
		assert_has(flat, want);
	}
	snprintf(want, sizeof want, "%zu.source=%s", i + 2, longsrc);
	assert_has(flat, want);
	free(flat);
	free(yaml[0]);
	free(yaml[1]);
	replay_fini(&rp);
	record_reader_free(rd);
	record_syntax_free(syn);
	fclose(in);
}
END_TEST

/*
 * The YAML layer's two backends (src/report/yaml-out.h) write the same
 * bytes for every helper and shape the direct writer takes: plain text
 * that YAML would read as something else, a key too long to be simple,
 * record text of any bytes, numbers at their ends, reals rounded to 0.
 */
static void
write_layer_document(struct yout *w)
{
	char longkey[140];

	memset(longkey, 'k', sizeof longkey - 1);
	longkey[sizeof longkey - 1] = '\0';
	yout_document_start(w);
	yout_open(w, YOUT_BLOCK_MAP);
	yout_kv_plain(w, "plain", "a: b");
	yout_kv_plain(w, "dash", "- x");
	yout_kv_plain(w, "quote", "it's");
	yout_kv_plain(w, "null", NULL);
	yout_kv_text(w, "text", "a\0b\xff\n\"", 6);
	yout_kv_int(w, "min", -9223372036854775807LL - 1);
	yout_kv_uint(w, "max", UINT64_MAX);
	yout_key(w, "reals");
	yout_open(w, YOUT_FLOW_SEQ);
	yout_real(w, -0.04, 1, true);
	yout_real(w, -1.0 / 0.0, 1, true);
	yout_real(w, 2.5, 3, false);
	yout_real(w, 2.25, 1, true);
	yout_close(w);
	yout_kv_pair(w, "interval", -0.00001, 0.99994, 4, true);
	yout_key(w, "flow");
	yout_open(w, YOUT_FLOW_MAP);
	yout_kv_plain(w, "k", "a,b");
	yout_kv_uints(w, "n", (const uint64_t[]){ 1, 2, 3 }, 3);
	yout_close(w);
	yout_kv_plain(w, longkey, "v");
	yout_key(w, "nested");
	yout_open(w, YOUT_BLOCK_MAP);
	yout_key(w, "deeper");
	yout_open(w, YOUT_BLOCK_MAP);
	yout_kv_plain(w, "x", "1");
	yout_close(w);
	yout_close(w);
	yout_close(w);
	yout_document_end(w);
}

START_TEST(yaml_layer_backends_agree)
{
	char  *yaml[2] = { NULL, NULL };
	size_t len[2];
	FILE  *out[2];
	int    k, n;

	for (k = 0; k < 2; k++) {
		struct yout *w;

		out[k] = open_memstream(&yaml[k], &len[k]);
		w = k == 0 ? yout_new_direct(out[k]) :
			     yout_new_emitter(out[k], NULL);
		ck_assert_ptr_nonnull(w);
		for (n = 0; n < 2; n++)
			write_layer_document(w);
		ck_assert_int_eq(yout_free(w), 0);
		fclose(out[k]);
	}
	ck_assert_uint_eq(len[0], len[1]);
	ck_assert_mem_eq(yaml[0], yaml[1], len[0]);
	ck_assert_ptr_nonnull(strstr(yaml[0], "\nreals: [0.0, -.inf, ~, 2.2]"));
	ck_assert_ptr_nonnull(strstr(yaml[0], "\ninterval: [0.0000, 0.9999]"));
	free(yaml[0]);
	free(yaml[1]);
}
END_TEST

UNIT_MAIN("report",
    unit_tcase("emit", 0, finished_game_report, illegal_move_report,
	any_bytes_stay_valid_yaml, utf8_clean, quote_hard_strings,
	direct_writer_matches_libyaml, source_changes_between_reports,
	yaml_layer_backends_agree, NULL),
    /* A million code points through libyaml: more than Check's 4 s. */
    unit_tcase("every code point", 60, quote_every_code_point, NULL))
