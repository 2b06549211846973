/* SPDX-License-Identifier: MIT */
/*
 * Unit tests of the notation: reading records (tags, movetext, comments,
 * move numbers, result tokens, line ends) from a stream or a buffer, the
 * imports, the turn-token codec, and writing (formats/record.md).  The
 * referee's tests are in test_referee.c.
 */
#include <ctype.h>
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "record/record.h"
#include "record/syntax.h"
#include "record/wthor.h"
#include "rules/rules.h"
#include "util/util.h"
#include "reading.h"
#include "unit.h"

/* Opens the test's reader over text[len], closing the one before. */
static void
reader_open(const char *text, size_t len, enum record_format fmt)
{
	reader_close();
	rd_fp = fmemopen((void *)(uintptr_t)text, len, "r");
	ck_assert_ptr_nonnull(rd_fp);
	rd = record_reader_new(syn, rd_fp, "test", fmt);
	ck_assert_ptr_nonnull(rd);
}

/* The next record of the test's reader; fails the test if there is none. */
static const struct record *
next_record(void)
{
	const struct record *rec;

	ck_assert_int_eq(record_reader_next(rd, &rec), 1);
	return rec;
}

/* Fails the test unless the test's reader has no record left. */
static void
assert_no_more(void)
{
	const struct record *rec;

	ck_assert_int_eq(record_reader_next(rd, &rec), 0);
}

static const char *
turn_text(const struct record *rec, size_t i)
{
	static char buf[64];

	snprintf(buf, sizeof buf, "%.*s", (int)rec->turns[i].len,
	    rec->turns[i].text);
	return buf;
}

/*
 * Fails the test unless rec, read from text, is malformed with the error
 * named code, or is not malformed where code is NULL.
 */
static void
assert_error_code(const struct record *rec, const char *text, const char *code)
{
	if (code == NULL)
		ck_assert_msg(!rec->malformed, "%s: %s", text, rec->error.msg);
	else {
		ck_assert_msg(rec->malformed, "%s", text);
		ck_assert_str_eq(diag_name(rec->error.code), code);
	}
}

/* The value of tag name in rec, or NULL. */
static const char *
tag_value(const struct record *rec, const char *name)
{
	const struct record_tag *t = record_tag_find(rec, name);

	return t != NULL ? t->value : NULL;
}

/*
 * Writes to buf (cap bytes) one of at's fields, which sub names ("line",
 * "col", "offset", each also after "at."); false if sub names none.
 */
static bool
pos_field(const struct diag_pos *at, const char *sub, char *buf, size_t cap)
{
	if (strncmp(sub, "at.", 3) == 0)
		sub += 3;
	if (at == NULL)
		return false;
	if (strcmp(sub, "line") == 0)
		snprintf(buf, cap, "%lu", at->line);
	else if (strcmp(sub, "col") == 0)
		snprintf(buf, cap, "%lu", at->col);
	else if (strcmp(sub, "offset") == 0)
		snprintf(buf, cap, "%llu", at->offset);
	else
		return false;
	return true;
}

/* Whether the first n bytes of key are name. */
static bool
is(const char *key, size_t n, const char *name)
{
	return n == strlen(name) && strncmp(key, name, n) == 0;
}

/* s, or "NULL" for none: a field's text as a spec writes it. */
static const char *
text_or_null(const char *s)
{
	return s != NULL ? s : "NULL";
}

/* How many elements the array of rec that key's first n bytes name has. */
static size_t
elements(const struct record *rec, const char *key, size_t n)
{
	if (is(key, n, "tags"))
		return rec->ntags;
	if (is(key, n, "turns"))
		return rec->nturns;
	if (is(key, n, "notes"))
		return rec->nnotes;
	if (is(key, n, "stamps"))
		return rec->nstamps;
	return 1;
}

/* The words for a claim's kind (struct record_claim). */
static const char *const claim_kinds[] = { "none", "result", "winner", "wof" };

/*
 * Writes to buf (cap bytes) the field of rec that key names, as C names
 * it ("nturns", "turns[2].at.col", "error.at.line"), with a few words of
 * the tests' own: "turns[i]" for a turn's text, "error" for the name of
 * the error's code, "format" for the format's name, "format_game" for
 * its game's, "sniffed" for the name of the format the test's reader
 * reads, "claim" for the text claimed, "tag Name" for the value of the
 * tag so named.  A string field that is NULL reads "NULL".  Fails the
 * test where key names no field it knows, or an element past the end.
 */
static const char *
record_field(const struct record *rec, const char *key, char *buf, size_t cap)
{
	const struct diag_pos *at = NULL;
	const char	      *sub;
	size_t		       n = strcspn(key, "[."), i = 0;

	if (strncmp(key, "tag ", 4) == 0) {
		snprintf(buf, cap, "%s", text_or_null(tag_value(rec, key + 4)));
		return buf;
	}
	sub = key + n;
	if (*sub == '[') {
		i = strtoul(sub + 1, NULL, 10);
		sub = strchr(sub, ']') + 1;
	}
	sub += *sub == '.';
	if (i >= elements(rec, key, n))
		ck_abort_msg("%s: past the end (record %lu)", key, rec->index);
#define FIELD(name, ...) \
	if (is(key, n, name) && *sub == '\0') { \
		snprintf(buf, cap, __VA_ARGS__); \
		return buf; \
	}
#define FIELD_OF(name, part, ...) \
	if (is(key, n, name) && strcmp(sub, part) == 0) { \
		snprintf(buf, cap, __VA_ARGS__); \
		return buf; \
	}
	FIELD("malformed", "%d", rec->malformed);
	FIELD("error", "%s", diag_name(rec->error.code));
	FIELD("index", "%lu", rec->index);
	FIELD("format", "%s", record_format_name(rec->format));
	FIELD("format_game", "%s",
	    rec->format_game != NULL ? rec->format_game->name : "NULL");
	FIELD("sniffed", "%s", record_format_name(record_reader_format(rd)));
	FIELD("implicit_passes", "%d", rec->implicit_passes);
	FIELD("ntags", "%zu", rec->ntags);
	FIELD("nturns", "%zu", rec->nturns);
	FIELD("has_result", "%d", rec->has_result);
	FIELD("result", "%s", text_or_null(rec->result.text));
	FIELD("nnotes", "%zu", rec->nnotes);
	FIELD("nstamps", "%zu", rec->nstamps);
	FIELD_OF("tags", "name", "%s", text_or_null(rec->tags[i].name));
	FIELD_OF("tags", "value", "%s", text_or_null(rec->tags[i].value));
	FIELD("turns", "%s", turn_text(rec, i));
	FIELD_OF("notes", "turn", "%zu", rec->notes[i].turn);
	FIELD_OF("notes", "eval_len", "%zu", rec->notes[i].eval_len);
	FIELD_OF("notes", "eval", "%s", text_or_null(rec->notes[i].eval));
	FIELD_OF("notes", "time", "%s", text_or_null(rec->notes[i].time));
	FIELD_OF("stamps", "turn", "%zu", rec->stamps[i].turn);
	FIELD_OF("stamps", "len", "%zu", rec->stamps[i].len);
	FIELD_OF("stamps", "text", "%.*s", (int)rec->stamps[i].len,
	    rec->stamps[i].text);
	FIELD("claim", "%.*s", (int)rec->claim.len,
	    rec->claim.text != NULL ? rec->claim.text : "");
	FIELD_OF("claim", "kind", "%s", claim_kinds[rec->claim.kind]);
	FIELD_OF("claim", "winner", "%d", rec->claim.winner);
#undef FIELD
#undef FIELD_OF
	if (is(key, n, "error"))
		at = &rec->error.at;
	else if (is(key, n, "start"))
		at = &rec->start;
	else if (is(key, n, "result"))
		at = &rec->result.at;
	else if (is(key, n, "claim"))
		at = &rec->claim.at;
	else if (is(key, n, "tags"))
		at = &rec->tags[i].at;
	else if (is(key, n, "turns"))
		at = &rec->turns[i].at;
	else if (is(key, n, "stamps"))
		at = &rec->stamps[i].at;
	if (!pos_field(at, sub, buf, cap))
		ck_abort_msg("no field %s (record %lu)", key, rec->index);
	return buf;
}

/*
 * Fails the test unless each field of rec that spec names has the value
 * spec gives: items "key=value" (record_field's keys) separated by '|'.
 */
static void
expect(const struct record *rec, const char *spec)
{
	char   item[256], got[256], *eq;
	size_t n;

	for (; *spec != '\0'; spec += n + (spec[n] == '|')) {
		n = strcspn(spec, "|");
		snprintf(item, sizeof item, "%.*s", (int)n, spec);
		eq = strchr(item, '=');
		ck_assert_msg(eq != NULL, "%s: no value", item);
		*eq = '\0';
		record_field(rec, item, got, sizeof got);
		ck_assert_msg(strcmp(got, eq + 1) == 0,
		    "record %lu, %s: %s, not %s (%s)", rec->index, item, got,
		    eq + 1, rec->malformed ? rec->error.msg : "well formed");
	}
}

/*
 * Inputs and what a reader of their format reads in them: each record in
 * turn, as expect's specs describe it, and no record after the last.
 */
static const struct {
	const char	  *what;
	const char	  *text;
	enum record_format fmt;
	const char	  *want[5]; /* NULL after the last record */
} written[] = {
	{ "a result ends a record; so does a tag after movetext; movetext "
	  "after a result, with no tags, is a record of its own",
	    "[Game \"reversi\"]\nf5 *\n"
	    "[Game \"reversi\"]\nf5 d6\n"
	    "[Game \"reversi\"]\n[Round \"3\"]\nf5 d6\nc3 *\n"
	    "f5 *\n",
	    RECORD_PGN,
	    { "index=1|nturns=1", "nturns=2|has_result=0",
		"ntags=2|nturns=3|start.line=5", "ntags=0|index=4" } },
	{ "line ends of all kinds; columns start after the byte order mark",
	    "\xef\xbb\xbf[Game \"reversi\"]\r\nf5\r\nd6 *\r"
	    "[Game \"reversi\"]\rf5 d6\rc3 *",
	    RECORD_AUTO,
	    { "malformed=0|tags[0].name=Game|tags[0].at.col=1|"
	      "tags[0].at.offset=3|turns[1].at.line=3",
		"start.line=4|nturns=3|turns[2].at.line=6" } },
	{ "move numbers that follow the turns",
	    "[Game \"reversi\"]\n1. f5 {c} 1... d6 2.c3 d3 *\n", RECORD_PGN,
	    { "malformed=0|nturns=4|turns[2]=c3|turns[2].at.col=21" } },
	{ "a move number that does not",
	    "[Game \"reversi\"]\n1. f5 2... d6 *\n", RECORD_PGN,
	    { "malformed=1|error=bad-move-number|error.at.line=2|"
	      "error.at.col=7" } },
	{ "a malformed record does not stop the next",
	    "[Event \"open\n[Game \"reversi\"]\nf5 *\n"
	    "[Game \"reversi\"]\nf5 d6 *\n",
	    RECORD_PGN,
	    { "malformed=1|error=unterminated-tag", "malformed=0|nturns=2" } },
	{ "transcripts split into turns",
	    "f5d6C3--d3\n\n  e6f4\nf5pAd6\nf5z1\n", RECORD_AUTO,
	    { "sniffed=transcript|implicit_passes=1|nturns=5|turns[2]=C3|"
	      "turns[3]=--|turns[4].at.col=9",
		"start.line=3|turns[0].at.col=3", "nturns=3",
		"malformed=1|error=bad-transcript|error.at.col=3" } },
	{ "result tokens: scores by hand, the rest as the pattern says",
	    "f5 12-3\nf5 1/2-1/2\nf5 *\nf5 12- -1 1-2x 1-2-3 0-64\n",
	    RECORD_PGN,
	    { "result=12-3|result.at.col=4", "result=1/2-1/2", "result=*",
		"nturns=5|turns[1]=12-|turns[2]=-1|turns[3]=1-2x|"
		"turns[4]=1-2-3|result=0-64" } },
	{ "the claim: the result token before the Result tag, the tag "
	  "without a token",
	    "[Result \"1-0\"]\n\nf5 d6 36-28\n[Result \"*\"]\n\nf5\n",
	    RECORD_AUTO,
	    { "claim.kind=result|claim=36-28|claim.at.line=3|claim.at.col=7",
		"claim.kind=result|claim=*|claim.at.line=4|claim.at.col=1" } },
	{ "GGF's RE as the Result it gives",
	    "(;GM[Othello]RE[+2.000];B[f5];)\n", RECORD_AUTO,
	    { "format=ggf|format_game=reversi|claim.kind=result|claim=33-31|"
	      "claim.at.line=1|claim.at.col=16" } },
	{ "no claim in a transcript", "f5d6\nf5d6\nf5d6\n", RECORD_AUTO,
	    { "format=transcript|claim.kind=none",
		"format=transcript|claim.kind=none",
		"format=transcript|claim.kind=none" } },
	{ "CSV columns by name; the winner column is the claim: 1 is Black "
	  "(colour 0)",
	    "winner,game_moves,id\n1,f5d6,7\n-1,\"e6f4\",8\nx,f5,9\n",
	    RECORD_AUTO,
	    { "sniffed=csv|claim.kind=winner|claim.winner=0|nturns=2|"
	      "turns[1].at.col=5",
		"claim.winner=1|turns[0]=e6",
		"malformed=1|error=bad-csv-winner" } },
	{ "CSV rows with the moves last, plain or not: a quote in a field "
	  "before them, blanks around them, a field more or less",
	    "id,winner,moves\n\"7\",1,f5d6\n7\"x,-1, f5d6 \n8,0,f5d6,\n9,1\n",
	    RECORD_CSV,
	    { "malformed=0|tag GameId=7|claim.winner=0|nturns=2|"
	      "turns[1].at.col=9",
		"malformed=0|tag GameId=7\"x|claim.winner=1|nturns=2|"
		"turns[0].at.col=9|turns[1].at.offset=37",
		"malformed=1|error=bad-csv-row|error.at.col=10",
		"malformed=1|error=bad-csv-row|error.at.col=4" } },
	{ "CSV rows with the moves last that are no run of squares: a bad "
	  "winner, a pass, a quote or comma in the moves, none at all",
	    "id,winner,moves\n1,x,f5d6c4\n2,1,f5d6pa\n3,1,f5\"d6\n4,1,\n",
	    RECORD_CSV,
	    { "malformed=1|error=bad-csv-winner|error.at.col=3",
		"malformed=0|nturns=3|turns[2]=pa|tag GameId=2",
		"malformed=1|error=bad-transcript|error.at.col=7",
		"malformed=1|error=bad-transcript|error.at.col=5" } },
	{ "CSV moves last and quoted, a comma in them",
	    "id,winner,moves\n5,1,\"f5,d6\"\n", RECORD_CSV,
	    { "malformed=1|error=bad-transcript|error.at.col=8" } },
	{ "GGF games: +12 on 64 cells, empties to the winner, is 38-26",
	    "(;GM[Othello]PB[alpha]PW[be\\]ta]DT[2003]TY[s8r18]RE[+12.000]\n"
	    "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- "
	    "-------- -------- *]B[F5//1.5]W[d6/-2.25/3]B[PA];)\n"
	    "junk (;GM[Othello]RE[-2:r]BO[8 -------- -------- -------- "
	    "---OX--- ---XO--- -------- -------- -------- O]W[f4];)\n"
	    "(;GM[Othello]RE[+3.000]BO[8 x];)\n",
	    RECORD_AUTO,
	    { "malformed=0|format=ggf|tag Black=alpha|tag White=be]ta|"
	      "tag Type=s8r18|tag Result=38-26|tag Setup=NULL|nturns=3|"
	      "turns[0]=F5|turns[2]=PA|nnotes=2|notes[0].turn=0|"
	      "notes[0].eval_len=0|notes[0].time=1.5|notes[1].eval=-2.25|"
	      "implicit_passes=0",
		"malformed=0|tag Setup=---------------------------OX---"
		"---XO--------------------------- O|"
		"tag Termination=black resigned|tag Winner=white",
		"malformed=1|error=bad-setup-tag" } },
	{ "GGF's start board as GGS writes it and otherwise: no Setup, black "
	  "to move; the same cells with white to move are a Setup",
	    "(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*O--- "
	    "-------- -------- -------- *]B[f5];)\n"
	    "(;GM[Othello]BO[8  -------- -------- -------- ---o*--- "
	    "---*o--- -------- -------- -------- *]B[f5];)\n"
	    "(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*O--- "
	    "-------- -------- -------- O]W[f4];)\n"
	    "(;GM[Othello]BO[8 -------- -------- -------- ---O*--- ---*O--- "
	    "-------- -------- -------- *]W[f4];)\n",
	    RECORD_GGF,
	    { "malformed=0|tag Setup=NULL|tag Size=NULL|nturns=1",
		"malformed=0|tag Setup=NULL|tag Size=NULL|nturns=1",
		"malformed=0|tag Setup=---------------------------OX------"
		"XO--------------------------- O",
		"malformed=1|error=wrong-colour" } },
	{ "GGF property names read where they stand and otherwise: any case, "
	  "a blank before the '[', split, too long",
	    "(;GM[Othello]pb[ann]PW[bob];)\n(;GM[Othello]PB [ann];)\n"
	    "(;GM[Othello]P B[ann];)\n(;GM[Othello]ABCDEFGH[x];)\n",
	    RECORD_GGF,
	    { "malformed=0|tag Black=ann|tag White=bob",
		"malformed=0|tag Black=ann",
		"malformed=1|error=bad-property|error.at.col=14",
		"malformed=1|error=bad-property|error.at.col=21" } },
	{ "GGF property names: a line end before the '[', the longest, one "
	  "at the input's end",
	    "(;GM[Othello]PB\n[ann];)\n(;GM[Othello]ABCDEFG[x]B[f5];)\n"
	    "(;GM[Othello]PB",
	    RECORD_GGF,
	    { "malformed=0|tag Black=ann|start.line=1",
		"malformed=0|nturns=1|turns[0].at.col=26",
		"malformed=1|error=unterminated-property|error.at.line=4" } },
	{ "SGF results: digits as strtol reads them, past a long too, a draw "
	  "in any case, a resignation",
	    "(;GM[2]RE[B+00028];B[f5])\n"
	    "(;GM[2]RE[W+99999999999999999999999];B[f5])\n"
	    "(;GM[2]RE[draw];B[f5])\n(;GM[2]RE[W+Resign];B[f5])\n",
	    RECORD_SGF,
	    { "malformed=0|tag Result=46-18", "malformed=1|error=bad-re",
		"malformed=0|tag Result=32-32",
		"malformed=0|tag Termination=black resigned|"
		"tag Winner=white" } },
	{ "SGF games: the start position given as stones, no Setup; c3 is "
	  "cell 14 of 6x6, SGF's letter pairs name cells too",
	    "(;GM[2]FF[4]SZ[8]PB[Ada]RE[W+4]AB[e4][d5]AW[dd][ee]PL[B]\n"
	    ";B[f5];W[];B[pa])\n"
	    "(;GM[2]SZ[6]AB[c3]AW[c4][d3][d4]PL[W]RE[B+R];W[b2])\n"
	    "(;GM[2]RE[B+x];B[f5])\n",
	    RECORD_AUTO,
	    { "malformed=0|format=sgf|tag Black=Ada|tag Result=30-34|"
	      "tag Setup=NULL|nturns=3|turns[1]=pass|turns[2]=pa",
		"malformed=0|tag Size=6x6|"
		"tag Setup=--------------XO----OO-------------- O|"
		"tag Termination=white resigned",
		"malformed=1|error=bad-re" } },
	{ "the first variation at each branch is the game (SGF's main line)",
	    "(;GM[2]FF[4]SZ[8];B[f5];W[d6](;B[c3];W[d3])(;B[c5];W[f4]))\n"
	    "(;GM[2];B[f5](;W[d6](;B[c3])(;B[c5]))(;W[f4];B[e3]))\n",
	    RECORD_AUTO,
	    { "malformed=0|nturns=4|turns[2]=c3|turns[3]=d3",
		"malformed=0|nturns=3|turns[2]=c3" } },
	{ "SZ after AB and AW: the points are still cells of the 6x6 board",
	    "(;GM[2]FF[4]AB[c3][d4]AW[c4][dc]SZ[6];B[b4])\n"
	    "(;GM[2]FF[4]AB[g7]SZ[6];B[b4])\n",
	    RECORD_AUTO,
	    { "malformed=0|tag Size=6x6|"
	      "tag Setup=--------------XO----OX-------------- X",
		"malformed=1|error=bad-setup-tag" } },
	/*
	 * Moves read as a property's values (a note, a pass spelled out),
	 * each where its value starts; a property before them moves none.
	 */
	{ "moves read as values, where each starts",
	    "(;GM[Othello]PB[x]B[f5/1.5]W[pass]B[c3];)\n", RECORD_AUTO,
	    { "malformed=0|nturns=3|turns[0].at.col=21|turns[1].at.col=30|"
	      "turns[2].at.col=37" } },
	/* Points of two bytes, each placed alone (no rectangle). */
	{ "a point given twice, by AB and AW",
	    "(;GM[2]FF[4]SZ[8]AB[e4][d5]AW[d4][e4]PL[B];B[f5])\n", RECORD_AUTO,
	    { "malformed=1|error=bad-setup-tag|error.at.col=34" } },
	{ "a point of two bytes no board has",
	    "(;GM[2]FF[4]SZ[8]AB[e4][z9]AW[d4][e5];B[f5])\n", RECORD_AUTO,
	    { "malformed=1|error=bad-setup-tag|error.at.col=20" } },
	{ "a point of two bytes off the 8x8 board",
	    "(;GM[2]FF[4]SZ[8]AB[e4][d5]AW[d4][e5][i9];B[f5])\n", RECORD_AUTO,
	    { "malformed=1|error=bad-setup-tag|error.at.col=20" } },
	/* Tree formats: turns in the colours' order, or refused. */
	{ "white first", "(;GM[2]FF[4]SZ[8];W[f5];B[d6])\n", RECORD_AUTO,
	    { "malformed=1|error=wrong-colour|error.at.col=21" } },
	{ "black twice", "(;GM[2]FF[4]SZ[8];B[f5];B[d6])\n", RECORD_AUTO,
	    { "malformed=1|error=wrong-colour|error.at.col=27" } },
	{ "black twice later", "(;GM[2]FF[4]SZ[8];B[f5];W[d6];B[c3];B[pa])\n",
	    RECORD_AUTO, { "malformed=1|error=wrong-colour|error.at.col=39" } },
	{ "white first as PL says",
	    "(;GM[2]FF[4]SZ[8]AB[e4][d5]AW[d4][e5]PL[W];W[f4];B[f3])\n",
	    RECORD_AUTO, { "malformed=0" } },
	{ "a pass in between", "(;GM[2]FF[4]SZ[8];B[f5];W[];B[pa])\n",
	    RECORD_AUTO, { "malformed=0" } },
	{ "black first against BO's colour",
	    "(;GM[Othello]BO[8 -------- -------- -------- ---OX--- "
	    "---XO--- -------- -------- -------- O]B[f5];)\n",
	    RECORD_AUTO, { "malformed=1|error=wrong-colour|error.at.col=95" } },
	{ "white first as BO says",
	    "(;GM[Othello]BO[8 -------- -------- -------- ---OX--- "
	    "---XO--- -------- -------- -------- O]W[f4]B[f3];)\n",
	    RECORD_AUTO, { "malformed=0" } },
	{ "GGF, white twice", "(;GM[Othello]B[f5]W[d6]W[c3];)\n", RECORD_AUTO,
	    { "malformed=1|error=wrong-colour|error.at.col=26" } },
	/* The same after a tree, so that the arrays have room for runs. */
	{ "GGF, black first in a node of its own against BO's colour",
	    "(;GM[Othello]B[f5]W[d6];)\n"
	    "(;GM[Othello]BO[8 -------- -------- -------- ---OX--- "
	    "---XO--- -------- -------- -------- O];B[f5];)\n",
	    RECORD_AUTO,
	    { "malformed=0",
		"malformed=1|error=wrong-colour|error.at.col=96" } },
	{ "white first on a line of its own",
	    "(;GM[2]FF[4]SZ[8];B[f5];W[d6])\n"
	    "(;GM[2]FF[4]SZ[8]C[x]\n;W[f5];B[d6])\n",
	    RECORD_AUTO,
	    { "malformed=0",
		"malformed=1|error=wrong-colour|error.at.line=3|"
		"error.at.col=4" } },
	{ "GGF, white first",
	    "(;GM[Othello]B[f5]W[d6];)\n"
	    "(;GM[Othello]W[f5]B[d6];)\n",
	    RECORD_AUTO,
	    { "malformed=0",
		"malformed=1|error=wrong-colour|error.at.col=16" } },
	/*
	 * The other format's properties, and names that begin as one of
	 * them, say nothing: no tag, no set-up, no size.
	 */
	{ "GGF, SGF's set-up, size and clock",
	    "(;GM[Othello]AB[a1]SZ[6]PL[W]TM[5]AE[d4]B[f5];)\n", RECORD_AUTO,
	    { "malformed=0|ntags=0|nturns=1" } },
	{ "SGF, GGF's board and komi", "(;GM[2]FF[4]BO[8 x]KM[1.5]B[f5])\n",
	    RECORD_AUTO, { "malformed=0|ntags=0|nturns=1" } },
	{ "GGF, names of three letters",
	    "(;GM[Othello]REX[+12.000]XTA[a=b]GMM[x]B[f5];)\n", RECORD_AUTO,
	    { "malformed=0|ntags=0|nturns=1" } },
	/* GGF's RE values; its B[] is a pass, as SGF's. */
	{ "RE in hex", "(;GM[Othello]RE[0x10]B[f5]W[d6]B[];)\n", RECORD_AUTO,
	    { "malformed=1|error=bad-re" } },
	{ "RE signed in hex", "(;GM[Othello]RE[+0x10]B[f5]W[d6]B[];)\n",
	    RECORD_AUTO, { "malformed=1|error=bad-re" } },
	{ "RE after a blank", "(;GM[Othello]RE[ 12]B[f5]W[d6]B[];)\n",
	    RECORD_AUTO, { "malformed=1|error=bad-re" } },
	{ "RE unsigned", "(;GM[Othello]RE[12.5]B[f5]W[d6]B[];)\n", RECORD_AUTO,
	    { "malformed=1|error=bad-re" } },
	{ "RE infinite", "(;GM[Othello]RE[inf]B[f5]W[d6]B[];)\n", RECORD_AUTO,
	    { "malformed=1|error=bad-re" } },
	{ "RE with an exponent", "(;GM[Othello]RE[1e1]B[f5]W[d6]B[];)\n",
	    RECORD_AUTO, { "malformed=1|error=bad-re" } },
	{ "RE agreed, black ahead",
	    "(;GM[Othello]RE[+12.000:s]B[f5]W[d6]B[];)\n", RECORD_AUTO,
	    { "malformed=0|nturns=3|turns[2]=pass|"
	      "tag Termination=agreed score, black by 12" } },
	{ "RE agreed, white ahead", "(;GM[Othello]RE[-4:s]B[f5]W[d6]B[];)\n",
	    RECORD_AUTO,
	    { "malformed=0|nturns=3|turns[2]=pass|"
	      "tag Termination=agreed score, white by 4" } },
	{ "RE agreed, a draw", "(;GM[Othello]RE[0.000:s]B[f5]W[d6]B[];)\n",
	    RECORD_AUTO,
	    { "malformed=0|nturns=3|turns[2]=pass|"
	      "tag Termination=agreed score, a draw" } },
	{ "RE, black ahead", "(;GM[Othello]RE[+12.000]B[f5]W[d6]B[];)\n",
	    RECORD_AUTO,
	    { "malformed=0|nturns=3|turns[2]=pass|tag Result=38-26" } },
	{ "RE, white ahead", "(;GM[Othello]RE[-12]B[f5]W[d6]B[];)\n",
	    RECORD_AUTO,
	    { "malformed=0|nturns=3|turns[2]=pass|tag Result=26-38" } },
	/* Whole margins (+n.000) as nearly every GGS game writes them. */
	{ "RE, white ahead by a whole margin",
	    "(;GM[Othello]RE[-12.000]B[f5]W[d6]B[];)\n", RECORD_AUTO,
	    { "malformed=0|nturns=3|turns[2]=pass|tag Result=26-38" } },
	{ "RE, a draw with a minus", "(;GM[Othello]RE[-0.000]B[f5];)\n",
	    RECORD_AUTO, { "malformed=0|tag Result=32-32" } },
	{ "RE, a margin of three digits", "(;GM[Othello]RE[+100.000]B[f5];)\n",
	    RECORD_AUTO, { "malformed=1|error=bad-re" } },
	{ "RE, an odd margin", "(;GM[Othello]RE[+1.000]B[f5];)\n", RECORD_AUTO,
	    { "malformed=1|error=bad-re" } },
	{ "RE, no digit before .000", "(;GM[Othello]RE[+.000]B[f5];)\n",
	    RECORD_AUTO, { "malformed=1|error=bad-re" } },
	{ "RE, a letter among its digits", "(;GM[Othello]RE[+1a.000]B[f5];)\n",
	    RECORD_AUTO, { "malformed=1|error=bad-re" } },
	{ "RE, four places", "(;GM[Othello]RE[+12.0000]B[f5];)\n", RECORD_AUTO,
	    { "malformed=0|tag Result=38-26" } },
	{ "RE, a whole margin less the komi",
	    "(;GM[Othello]KM[-0.500]RE[+8.000]B[f5];)\n", RECORD_AUTO,
	    { "malformed=1|error=bad-re" } },
	/* XT[GameId=...], on every archive game, and names like it. */
	{ "XT, a game's id", "(;GM[Othello]XT[GameId=42]B[f5];)\n", RECORD_AUTO,
	    { "malformed=0|tag GameId=42" } },
	{ "XT, an empty game id", "(;GM[Othello]XT[GameId=]B[f5];)\n",
	    RECORD_AUTO, { "malformed=0|tag GameId=" } },
	{ "XT, a longer name", "(;GM[Othello]XT[GameIdx=1]B[f5];)\n",
	    RECORD_AUTO, { "malformed=0|tag GameIdx=1" } },
	{ "XT, a game's id with no '='", "(;GM[Othello]XT[GameId]B[f5];)\n",
	    RECORD_AUTO, { "malformed=1|error=bad-property" } },
	/* No record at all. */
	{ "nothing", "", RECORD_AUTO, { NULL } },
	{ "blank lines", "\n \n", RECORD_AUTO, { NULL } },
	{ "comments", "; nothing\n{ at all }\n", RECORD_AUTO, { NULL } },
	{ "bytes no UTF-8 holds, without a NUL: text",
	    "[Black \"Jos\xe9\"]\nf5 *\n", RECORD_AUTO, { "malformed=0" } },
	{ "moments read after their turn; \"[%at\\n2026]\" spans a line: "
	  "no moment",
	    "[Game \"reversi\"]\n\n{[%at 2026-01-01T00:00:00Z]} 1. f5 "
	    "{by post [%at 2026-01-02T10:00:00Z] ok} 1... d6 {[%at x] "
	    "[%at\n2026]} 2. c3 {[%at 2026-01-03T00:00:00Z]\n[%at y]} *\n",
	    RECORD_PGN,
	    { "malformed=0|nstamps=5|stamps[0].turn=0|stamps[1].turn=1|"
	      "stamps[1].len=20|stamps[1].text=2026-01-02T10:00:00Z|"
	      "stamps[1].at.line=3|stamps[1].at.col=50|stamps[2].turn=2|"
	      "stamps[2].text=x|stamps[3].turn=3|stamps[4].at.line=5|"
	      "stamps[4].text=y" } },
};

START_TEST(records_as_written)
{
	size_t k;

	reader_open(
	    written[_i].text, strlen(written[_i].text), written[_i].fmt);
	for (k = 0; written[_i].want[k] != NULL; k++)
		expect(next_record(), written[_i].want[k]);
	assert_no_more();
}
END_TEST

/*
 * A record held (record_reader_hold) is as it was read while its reader
 * reads the next ones into other storage, and those are as read too.
 */
START_TEST(records_held_as_written)
{
	struct record_hold  *hold = record_hold_new();
	const struct record *rec, *held = NULL;
	size_t		     k;

	ck_assert_ptr_nonnull(hold);
	reader_open(
	    written[_i].text, strlen(written[_i].text), written[_i].fmt);
	for (k = 0; written[_i].want[k] != NULL; k++) {
		rec = next_record();
		if (held != NULL)
			expect(held, written[_i].want[k - 1]);
		expect(rec, written[_i].want[k]);
		ck_assert(record_reader_hold(rd, rec, hold));
		held = record_held(hold);
		ck_assert_ptr_ne(held, rec);
	}
	assert_no_more();
	if (held != NULL)
		expect(held, written[_i].want[k - 1]);
	record_hold_free(hold);
}
END_TEST

START_TEST(reads_tags_turns_and_result)
{
	static const char    text[] = "[Event \"Club \\\"night\\\"\"]\n"
				      "[Game \"reversi\"]\n"
				      "\n"
				      "1. f5 d6 {a comment\n"
				      "over two lines} 2. c3 ; rest of line\n"
				      "d3 36-28\n";
	const struct record *rec;

	reader_open(text, sizeof text - 1, RECORD_AUTO);
	rec = next_record();
	expect(rec,
	    "malformed=0|ntags=2|tags[0].name=Event|"
	    "tags[0].value=Club \"night\"|tag Game=reversi|nturns=4|"
	    "turns[0]=f5|turns[2]=c3|turns[3]=d3|turns[2].at.line=5|"
	    "turns[2].at.col=20|has_result=1|result=36-28");
	ck_assert_ptr_eq(record_tag_find(rec, "game"), &rec->tags[1]);
	ck_assert_ptr_null(record_tag_find(rec, "Gam"));
	assert_no_more();
}
END_TEST

START_TEST(known_tags_near_misses)
{
	/*
	 * Names a byte or a case from a known one, shorter, longer, a byte
	 * past bit 5 ('@' for 'a'...), then the known ones: each found as
	 * the search by name finds it (record_tag_note_known's words).
	 */
	static const char text[] =
	    "[G \"v\"]\n[Ga \"v\"]\n[Gam \"v\"]\n[Games \"v\"]\n"
	    "[GameId \"v\"]\n[G_me \"v\"]\n[Gamf \"v\"]\n[S \"v\"]\n"
	    "[Siz \"v\"]\n[Sizes \"v\"]\n[Seeds \"v\"]\n[Resul \"v\"]\n"
	    "[Results \"v\"]\n[Resigne \"v\"]\n[Adjudicatio \"v\"]\n"
	    "[AdjudicationMethods \"v\"]\n[Adjudication \"v\"]\n"
	    "[Win \"v\"]\n[W1nner \"v\"]\n[Boar \"v\"]\n"
	    "[SeedCommi \"v\"]\n[Time \"v\"]\n"
	    "[size \"v\"]\n[RESULT \"v\"]\n[gAME \"v\"]\n"
	    "[SeedSalt \"v\"]\n[Seed \"v\"]\n"
	    "f5 *\n";
	const struct record *rec;
	unsigned	     k;

	reader_open(text, sizeof text - 1, RECORD_AUTO);
	rec = next_record();
	ck_assert_ptr_eq(rec->known_of, rec->tags);
	for (k = 0; k < RECORD_TAG_NKNOWN; k++)
		ck_assert_ptr_eq(record_tag_known(rec, k),
		    record_tag_find(rec, record_known_names[k]));
	ck_assert_ptr_nonnull(record_tag_known(rec, RECORD_TAG_SIZE));
	ck_assert_ptr_nonnull(record_tag_known(rec, RECORD_TAG_SEED));
	ck_assert_ptr_null(record_tag_known(rec, RECORD_TAG_WINNER));
	assert_no_more();
}
END_TEST

START_TEST(known_tags_as_searched)
{
	static const char    text[] = "[Event \"a\"]\n"
				      "[gAmE \"reversi\"]\n"
				      "[Setup \"x\"]\n"
				      "f5 *\n"
				      "[Result \"*\"]\n"
				      "f5 *\n"
				      "[winner \"v\"]\n"
				      "[VARIANT \"v\"]\n"
				      "[timecontrol \"v\"]\n"
				      "[TERMINATION \"v\"]\n"
				      "[start \"v\"]\n"
				      "[SIZE \"v\"]\n"
				      "[setup \"v\"]\n"
				      "[SEEDSALT \"v\"]\n"
				      "[seedcommit \"v\"]\n"
				      "[SEED \"v\"]\n"
				      "[result \"v\"]\n"
				      "[RESIGNED \"v\"]\n"
				      "[komi \"v\"]\n"
				      "[GAME \"v\"]\n"
				      "[claimed \"v\"]\n"
				      "[BOARD \"v\"]\n"
				      "[adjudicationreason \"v\"]\n"
				      "[ADJUDICATIONMETHOD \"v\"]\n"
				      "[adjudicated \"v\"]\n"
				      "f5 *\n";
	const struct record *rec;
	struct record	     copy;
	struct record_tag    tags[2];
	unsigned	     k;

	reader_open(text, sizeof text - 1, RECORD_AUTO);
	rec = next_record();
	/* Each known tag as the search by name finds it, in any case. */
	for (k = 0; k < RECORD_TAG_NKNOWN; k++)
		ck_assert_ptr_eq(record_tag_known(rec, k),
		    record_tag_find(rec, record_known_names[k]));
	ck_assert_ptr_eq(record_tag_known(rec, RECORD_TAG_GAME), &rec->tags[1]);
	ck_assert_ptr_eq(
	    record_tag_known(rec, RECORD_TAG_SETUP), &rec->tags[2]);
	/* A copy with its tags changed (cli/select.c's) is searched. */
	copy = *rec;
	tags[0] = rec->tags[0];
	tags[1] = (struct record_tag){
		.name = (char *)"RESULT", .value = (char *)"1-0", .value_len = 3
	};
	copy.tags = tags;
	copy.ntags = 2;
	ck_assert_ptr_eq(record_tag_known(&copy, RECORD_TAG_RESULT), &tags[1]);
	ck_assert_ptr_null(record_tag_known(&copy, RECORD_TAG_GAME));
	/* A record made by hand, its index zero, is searched too. */
	memset(&copy, 0, sizeof copy);
	copy.tags = tags;
	copy.ntags = 2;
	ck_assert_ptr_eq(record_tag_known(&copy, RECORD_TAG_RESULT), &tags[1]);
	/* The next record's own, fewer tags: none of the last one's. */
	rec = next_record();
	ck_assert_ptr_eq(
	    record_tag_known(rec, RECORD_TAG_RESULT), &rec->tags[0]);
	ck_assert_ptr_null(record_tag_known(rec, RECORD_TAG_GAME));
	ck_assert_ptr_null(record_tag_known(rec, RECORD_TAG_SETUP));
	/* Every known tag, in either case, found by the index. */
	rec = next_record();
	ck_assert_ptr_eq(rec->known_of, rec->tags);
	for (k = 0; k < RECORD_TAG_NKNOWN; k++)
		ck_assert_ptr_eq(record_tag_known(rec, k),
		    &rec->tags[RECORD_TAG_NKNOWN - 1 - k]);
	assert_no_more();
}
END_TEST

START_TEST(duplicate_tags_found_at_any_count)
{
	/*
	 * The reader scans a few tags for a duplicate and hashes many
	 * (reader.c): records of 1 to 40 tags, the duplicate of the first,
	 * the middle or the last one in another case, each followed by the
	 * same names once, which are no duplicates of the record before.
	 */
	static char	     text[8192];
	const struct record *rec;
	size_t		     n, len;
	int		     w;

	for (n = 1; n <= 40; n++) {
		size_t i, j, dup[3] = { 0, (n - 1) / 2, n - 1 };

		for (j = 0; j < 3; j++) {
			len = 0;
			for (i = 0; i < n; i++) {
				w = snprintf(text + len, sizeof text - len,
				    "[Tag%zu \"%zu\"]\n", i, i);
				len += (size_t)w;
			}
			w = snprintf(text + len, sizeof text - len,
			    "[tAG%zu \"again\"]\nf5 *\n\n", dup[j]);
			len += (size_t)w;
			for (i = 0; i < n; i++) {
				w = snprintf(text + len, sizeof text - len,
				    "[Tag%zu \"%zu\"]\n", i, i);
				len += (size_t)w;
			}
			w = snprintf(text + len, sizeof text - len, "f5 *\n");
			len += (size_t)w;
			ck_assert_uint_lt(len, sizeof text);

			reader_open(text, len, RECORD_PGN);
			rec = next_record();
			ck_assert_msg(rec->malformed, "%zu tags", n);
			ck_assert_str_eq(
			    diag_name(rec->error.code), "duplicate-tag");
			ck_assert_uint_eq(rec->error.at.line, n + 1);
			ck_assert_uint_eq(rec->ntags, n);
			ck_assert_str_eq(
			    record_tag_find(rec, "TAG0")->value, "0");
			rec = next_record();
			ck_assert_msg(
			    !rec->malformed, "%zu tags: %s", n, rec->error.msg);
			ck_assert_uint_eq(rec->ntags, n);
			assert_no_more();
		}
	}
}
END_TEST

/*
 * A GGF value's end, found sixteen and eight bytes at a time: a ']' and an
 * escape at each byte of a word, a value closed at the line's end and one that
 * runs on past it; the move after it where it stands.
 */
START_TEST(tree_values_at_any_byte)
{
	static const char *const escapes[] = { "\\]", "\\\\" };
	char			 text[192], want[96], x[48];
	const struct record	*rec;
	const struct record_tag *site;
	size_t			 k, j, e;

	/* Past two words of sixteen bytes, and the bytes after them. */
	for (k = 0; k < 40; k++) {
		memset(x, 'x', k);
		x[k] = '\0';
		snprintf(text, sizeof text, "(;GM[Othello]PC[%s]B[f5];)\n", x);
		reader_open(text, strlen(text), RECORD_GGF);
		rec = next_record();
		site = record_tag_find(rec, "Site");
		ck_assert_ptr_nonnull(site);
		ck_assert_str_eq(site->value, x);
		ck_assert_uint_eq(rec->turns[0].at.col, 20 + k);
		/* Closed at the line's end, and running on past it. */
		snprintf(text, sizeof text,
		    "(;GM[Othello]PC[%s]\nB[f5];)\n(;GM[Othello]PC[%s\ny]"
		    "B[f5];)\n",
		    x, x);
		reader_open(text, strlen(text), RECORD_GGF);
		rec = next_record();
		ck_assert_str_eq(record_tag_find(rec, "Site")->value, x);
		ck_assert_uint_eq(rec->turns[0].at.line, 2);
		ck_assert_uint_eq(rec->turns[0].at.col, 3);
		rec = next_record();
		snprintf(want, sizeof want, "%s\ny", x);
		ck_assert_str_eq(record_tag_find(rec, "Site")->value, want);
		ck_assert_uint_eq(rec->turns[0].at.col, 5);
		/* An escape at each byte: \] and \\. */
		for (j = 0; j <= k; j++)
			for (e = 0; e < 2; e++) {
				snprintf(text, sizeof text,
				    "(;GM[Othello]PC[%.*s%s%s]B[f5];)\n",
				    (int)j, x, escapes[e], x + j);
				reader_open(text, strlen(text), RECORD_GGF);
				rec = next_record();
				snprintf(want, sizeof want, "%.*s%c%s", (int)j,
				    x, escapes[e][1], x + j);
				ck_assert_str_eq(
				    record_tag_find(rec, "Site")->value, want);
				ck_assert_uint_eq(rec->turns[0].at.col, 22 + k);
			}
	}
}
END_TEST

/*
 * An SGF set-up's point of two bytes, read by hand (sgf_point), as
 * rules_cell_parse reads a cell on the widest board, else SGF's letter
 * pair: each pair of bytes from letters of either case, digits and their
 * neighbours, a NUL and bytes past ASCII, a bad point where neither
 * reads one.  And PL's colour: B, b, W, w and a NUL, nothing else.
 */
START_TEST(sgf_points_as_cells_read)
{
	static const char bytes[] = "aehijpqzAEHPQZ0189:@`{/ \x80\xc1";
	static const struct rules_board widest = { .geometry = RULES_SQUARE,
		.width = 16,
		.height = 16,
		.ncells = 256,
		.name = "16x16" };
	static const char *const pls[] = { "B", "b", "W", "w", "x", " ", "",
		"BW", "\x80" };
	char			 text[64], v[2];
	const struct record	*rec;
	size_t			 a, b, n = sizeof bytes; /* the NUL too */
	int			 cell;
	bool			 bad;

	for (a = 0; a < n; a++)
		for (b = 0; b < n; b++) {
			v[0] = bytes[a];
			v[1] = bytes[b];
			/* A NUL and a byte past ASCII: binary input. */
			if ((v[0] == '\0' || v[1] == '\0') &&
			    ((unsigned char)v[0] >= 0x80 ||
				(unsigned char)v[1] >= 0x80))
				continue;
			cell = rules_cell_parse(&widest, v, 2);
			if (cell < 0 && v[0] >= 'a' && v[0] <= 'p' &&
			    v[1] >= 'a' && v[1] <= 'p')
				cell = (v[1] - 'a') * 16 + (v[0] - 'a');
			bad = cell < 0;
			memcpy(text, "(;GM[2]SZ[16]AB[", 16);
			memcpy(text + 16, v, 2);
			memcpy(text + 18, "];B[a1])\n", 10);
			reader_open(text, 27, RECORD_SGF);
			rec = next_record();
			ck_assert_msg(bad ==
				(rec->malformed &&
				    rec->error.code == DIAG_BAD_SETUP_TAG),
			    "AB[%02x %02x]: %s", (unsigned char)v[0],
			    (unsigned char)v[1], rec->error.msg);
		}
	for (a = 0; a < sizeof pls / sizeof pls[0]; a++) {
		n = (size_t)snprintf(
		    text, sizeof text, "(;GM[2]PL[%s];W[f4])\n", pls[a]);
		reader_open(text, n, RECORD_SGF);
		rec = next_record();
		ck_assert_msg((a < 4) ==
			!(rec->malformed &&
			    rec->error.code == DIAG_BAD_SETUP_TAG),
		    "PL[%s]: %s", pls[a], rec->error.msg);
	}
	memcpy(text, "(;GM[2]PL[\0];B[f5])\n", 20);
	reader_open(text, 20, RECORD_SGF);
	rec = next_record();
	ck_assert_msg(
	    !(rec->malformed && rec->error.code == DIAG_BAD_SETUP_TAG),
	    "PL[NUL]: %s", rec->error.msg);
}
END_TEST

/*
 * A root's properties read where they stand on the line (tree_props) as
 * one by one: more values of a property after a gap or a line end, a
 * value that runs past the line or holds an escape (the first, or one
 * after plain ones), a long name, names in lower case, a name apart from
 * its value, and the input's end in a name.
 */
START_TEST(tree_roots_as_read_apart)
{
	static const struct {
		const char   *text;
		const char   *code; /* NULL: none */
		unsigned long line, col;
		const char   *black; /* NULL: not checked */
	} cases[] = {
		{ "(;GM[2]PB[a]\n[b]PW[c];B[f5])\n", "duplicate-tag", 2, 1,
		    "a" },
		{ "(;GM[2]PB[a] [b]PW[c];B[f5])\n", "duplicate-tag", 1, 14,
		    "a" },
		{ "(;GM[2]PB[a][b\n]PW[c];B[f5])\n", "duplicate-tag", 1, 13,
		    "a" },
		{ "(;GM[2]PB[a\\]b]PW[c];B[f5])\n", NULL, 0, 0, "a]b" },
		{ "(;GM[2]PW[c]PB[a\\]b];B[f5])\n", NULL, 0, 0, "a]b" },
		{ "(;GM[2]PW[c]PB[a\\\\]b];B[f5])\n", "bad-property", 1, 20,
		    "a\\" },
		{ "(;GM[2]PW[c]PB[a\nb];B[f5])\n", NULL, 0, 0, "a\nb" },
		{ "(;GM[2]PLAYERBLACK[x]PB[a];B[f5])\n", "bad-property", 1, 15,
		    "a" },
		{ "(;GM[2]pb[a]pw[b];B[f5])\n", NULL, 0, 0, "a" },
		{ "(;GM[2]PB[a]PW[b]", "unterminated-property", 1, 1, "a" },
		{ "(;GM[2]PW[c]PB[a]\n;B[f5])\n", NULL, 0, 0, "a" },
		{ "(;GM[2]PW[c]PB [a]EV[e];B[f5])\n", NULL, 0, 0, "a" },
		{ "(;GM[2]PW[c]PB[a]\tEV[e][f];B[f5])\n", "duplicate-tag", 1,
		    24, "a" },
		{ "(;GM[2]PW[c]EV[e][f\\]];B[f5])\n", "duplicate-tag", 1, 18,
		    NULL },
		{ "(;GM[2]PW[c]PB[a]EV", "unterminated-property", 1, 1, "a" },
	};
	const struct record	*rec;
	const struct record_tag *black;
	size_t			 k;

	for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		reader_open(cases[k].text, strlen(cases[k].text), RECORD_SGF);
		rec = next_record();
		assert_error_code(rec, cases[k].text, cases[k].code);
		if (cases[k].code != NULL) {
			ck_assert_uint_eq(rec->error.at.line, cases[k].line);
			ck_assert_uint_eq(rec->error.at.col, cases[k].col);
		}
		if (cases[k].black != NULL) {
			black = record_tag_find(rec, "Black");
			ck_assert_ptr_nonnull(black);
			ck_assert_str_eq(black->value, cases[k].black);
		}
	}
}
END_TEST

/*
 * A tree's turns point at their text (a run's as it is written), however
 * the record's text grows after them: a long tag value after a run,
 * between runs, or before the moves; a move read one by one (a note, a
 * pass word) among runs; and the records after it, on the same line and
 * on the next, reusing the text.  Each turn's text its own, NUL ended.
 */
START_TEST(tree_turns_point_into_their_text)
{
	static const char *const fmts[2][3] = {
		/* Before the moves, before a move, the end. */
		{ "(;GM[Othello]", "", ";)" },
		{ "(;GM[2]FF[4]", ";", ")" },
	};
	static const char *const moves[] = { "f5", "d6", "c3", "d3", "c4", "f4",
		"f6/1.5", "f3", "e6", "e7", "pass", "c5", "b4", "PA" };
	static const char *const want[] = { "f5", "d6", "c3", "d3", "c4", "f4",
		"f6", "f3", "e6", "e7", "pass", "c5", "b4", "PA" };
	static const enum record_format formats[] = { RECORD_GGF, RECORD_SGF };
	const size_t			n = sizeof moves / sizeof moves[0];
	char			       *text, *big;
	size_t				f, at, k, len, cap = 60000, r;
	const struct record	       *rec;

	text = malloc(cap);
	big = malloc(20000);
	ck_assert_ptr_nonnull(text);
	ck_assert_ptr_nonnull(big);
	memset(big, 'x', 19999);
	big[19999] = '\0';
	for (f = 0; f < 2; f++)
		for (at = 0; at <= n; at++) {
			len = 0;
			/* Two trees on a line, then one on the next. */
			for (r = 0; r < 3; r++) {
				len += (size_t)snprintf(
				    text + len, cap - len, "%s", fmts[f][0]);
				for (k = 0; k <= n; k++) {
					if (k == at && r != 1)
						len += (size_t)snprintf(
						    text + len, cap - len,
						    "%sPC[%s]",
						    f == 1 ? ";" : "", big);
					if (k < n)
						len += (size_t)snprintf(
						    text + len, cap - len,
						    "%s%s[%s]", fmts[f][1],
						    k % 2 ? "W" : "B",
						    moves[k]);
				}
				len += (size_t)snprintf(text + len, cap - len,
				    "%s%s", fmts[f][2], r == 1 ? "\n" : "");
			}
			ck_assert_uint_lt(len, cap);
			reader_open(text, len, formats[f]);
			for (r = 0; r < 3; r++) {
				rec = next_record();
				ck_assert_uint_eq(rec->nturns, n);
				for (k = 0; k < n; k++) {
					ck_assert_str_eq(
					    turn_text(rec, k), want[k]);
					ck_assert_int_eq(
					    rec->turns[k]
						.text[rec->turns[k].len],
					    '\0');
				}
			}
			assert_no_more();
		}
	free(big);
	free(text);
}
END_TEST

/*
 * Line ends as read_line finds them: lone CRs through a whole block (no
 * LF in it), a CR as the block's last byte, a line longer than a block,
 * and a last line with no end; each record's turns are its own line's.
 */
START_TEST(transcript_lines_across_blocks)
{
	char		    *text;
	size_t		     len = 0, cap = 3 * 65536, k, lines;
	const struct record *rec;

	text = malloc(cap);
	ck_assert_ptr_nonnull(text);
	/* Records of "f5d6\r", the first padded: the block ends in a CR. */
	len += (size_t)snprintf(text + len, cap - len, "f5d6 \r");
	while (len < 65536)
		len += (size_t)snprintf(text + len, cap - len, "f5d6\r");
	ck_assert_int_eq(text[65535], '\r');
	lines = len / 5;
	memset(text + len, ' ', 70000);
	len += 70000;
	len += (size_t)snprintf(text + len, cap - len, "c4e3\r\nd3");
	reader_open(text, len, RECORD_TRANSCRIPT);
	for (k = 0; k < lines; k++) {
		rec = next_record();
		ck_assert(!rec->malformed);
		ck_assert_int_eq(rec->start.line, k + 1);
		ck_assert_int_eq(rec->nturns, 2);
		ck_assert_str_eq(turn_text(rec, 1), "d6");
		ck_assert_int_eq(
		    rec->turns[1].at.offset, k == 0 ? 2 : 5 * k + 3);
	}
	lines = k;
	rec = next_record();
	ck_assert_int_eq(rec->start.line, lines + 1);
	ck_assert_int_eq(rec->turns[0].at.col, 70001);
	ck_assert_str_eq(turn_text(rec, 0), "c4");
	ck_assert_str_eq(turn_text(rec, 1), "e3");
	rec = next_record();
	ck_assert_int_eq(rec->start.line, lines + 2);
	ck_assert_int_eq(rec->nturns, 1);
	ck_assert_str_eq(turn_text(rec, 0), "d3");
	assert_no_more();
	free(text);
}
END_TEST

/*
 * Reads text (len bytes, a transcript a line) and checks each line's
 * record: malformed exactly where the SYN_TRANSCRIPT pattern refuses the
 * line (the reader checks by hand), an accepted one's turns all of it,
 * in order, each at its column and offset, each turn's square decoded as
 * record_square_byte decodes its text.  With a CSV header, each line is
 * read as the moves field of a row, between before and after.
 */
static void
check_transcript_rows(const char *text, size_t len, const char *header,
    const char *before, const char *after)
{
	const struct record *rec;
	const uint8_t	    *sq;
	const char	    *p;
	char		    *in = NULL;
	size_t		     i, n, k, g[2], at = 0, nb = 0, na = 0, cap;
	bool		     ok;

	if (header != NULL) {
		nb = strlen(before);
		na = strlen(after);
		cap = strlen(header) + len * (1 + nb + na);
		in = malloc(cap);
		ck_assert_ptr_nonnull(in);
		at = strlen(header);
		memcpy(in, header, at);
		for (p = text; p < text + len; p += k + 1) {
			k = strcspn(p, "\n");
			at += (size_t)sprintf(
			    in + at, "%s%.*s%s\n", before, (int)k, p, after);
		}
		reader_open(in, at, RECORD_CSV);
		at = strlen(header);
	} else
		reader_open(text, len, RECORD_TRANSCRIPT);
	for (p = text; p < text + len; p += k + 1) {
		k = strcspn(p, "\n");
		ok = syntax_match(syn, SYN_TRANSCRIPT, p, k, g, 1) >= 0;
		rec = next_record();
		ck_assert_msg(rec->malformed == !ok, "%.*s: %s", (int)k, p,
		    ok ? "refused" : "accepted");
		sq = record_squares(rec);
		ck_assert(rec->nturns == 0 || sq != NULL);
		for (i = 0, n = 0; i < rec->nturns; i++) {
			ck_assert(memcmp(rec->turns[i].text, p + n,
				      rec->turns[i].len) == 0);
			ck_assert_int_eq(rec->turns[i].at.col, nb + n + 1);
			ck_assert_int_eq(rec->turns[i].at.offset,
			    (header != NULL ? at : (size_t)(p - text)) + nb +
				n);
			ck_assert_int_eq(sq[i],
			    record_square_byte(
				rec->turns[i].text, rec->turns[i].len));
			n += rec->turns[i].len;
		}
		ck_assert_uint_eq(n, ok ? k : 0);
		at += nb + k + na + 1;
	}
	assert_no_more();
	reader_close();
	free(in);
}

static void
check_transcript_lines(const char *text, size_t len)
{
	check_transcript_rows(text, len, NULL, NULL, NULL);
}

/*
 * Every string of 1 to most bytes over the bytes of alpha, the shorter
 * first, each after before and before after: a text the caller frees,
 * *len bytes long.
 */
static char *
every_string(const char *alpha, size_t most, const char *before,
    const char *after, size_t *len)
{
	size_t k = strlen(alpha), nb = strlen(before), na = strlen(after);
	size_t n, i, l, w, x, cap = 0;
	char  *text, *p;

	for (l = 1, n = k; l <= most; l++, n *= k)
		cap += n * (nb + l + na);
	text = p = malloc(cap);
	ck_assert_ptr_nonnull(text);
	for (l = 1, n = k; l <= most; l++, n *= k)
		for (i = 0; i < n; i++) {
			memcpy(p, before, nb);
			p += nb;
			for (w = 0, x = i; w < l; w++, x /= k)
				*p++ = alpha[x % k];
			memcpy(p, after, na);
			p += na;
		}
	ck_assert_ptr_eq(p, text + cap);
	*len = cap;
	return text;
}

/*
 * Every string of up to four bytes over an alphabet that reaches each
 * edge of a transcript (letters a..p and beyond, PA, --, one digit or
 * three): a record is refused exactly where the SYN_TRANSCRIPT pattern
 * refuses it, which the reader checks by hand.
 */
START_TEST(transcripts_as_the_pattern_says)
{
	size_t len;
	char  *text = every_string("apPAq10-x", 4, "", "\n", &len);

	check_transcript_lines(text, len);
	free(text);
}
END_TEST

/*
 * Transcripts long enough to be read sixteen bytes at a time, twelve
 * squares with one byte changed to each edge of a transcript, cut at
 * every length from 14 bytes on, and one of 300 squares: refused
 * exactly where the SYN_TRANSCRIPT pattern refuses them, each turn's
 * text and column those of the squares in order.
 */
START_TEST(transcript_runs_as_the_pattern_says)
{
	static const char base[] = "a1P8p9A2h3b4c5d6e7f8g1h2";
	static const char alpha[] = "apPAq10-x`@{";
	char		 *text, *p;
	size_t		  cap, i, a, len, k;

	cap = (sizeof base - 1) * (sizeof alpha - 1) * (sizeof base) *
		(sizeof base) +
	    601;
	text = p = malloc(cap);
	ck_assert_ptr_nonnull(text);
	for (i = 0; i < sizeof base - 1; i++)
		for (a = 0; a < sizeof alpha - 1; a++)
			for (len = 14; len < sizeof base; len++) {
				if (i >= len)
					continue;
				memcpy(p, base, len);
				p[i] = alpha[a];
				p[len] = '\n';
				p += len + 1;
			}
	for (k = 0; k < 300; k++) {
		*p++ = (char)('a' + k % 8);
		*p++ = (char)('1' + k % 7);
	}
	*p++ = '\n';
	ck_assert(p <= text + cap);
	check_transcript_lines(text, (size_t)(p - text));
	free(text);
}
END_TEST

/*
 * Transcripts read 32, 16 and 2 bytes at a time, the rest as the last
 * sixteen: 36 squares with one byte changed to each edge of a transcript
 * at each place, cut at 16, 32 and 64 bytes and around them, as
 * transcript lines and as a CSV's moves field, last in its row or
 * quoted before another: refused exactly where the SYN_TRANSCRIPT
 * pattern refuses them, each turn's text, column and square those of
 * the squares in order.
 */
START_TEST(long_transcript_runs_as_the_pattern_says)
{
	static const char   base[] = "a1P8p9A2h3b4c5d6e7f8g1h2a3b5c7d8e2f4"
				     "g6h8A4B6C8D1E3F5G7H1p2o3n4m5l6k7j8i1";
	static const char   alpha[] = "apPAq10-x`@{";
	static const size_t cuts[] = { 14, 15, 16, 17, 18, 20, 24, 30, 31, 32,
		33, 34, 46, 47, 48, 49, 50, 62, 63, 64, 65, 66, 70, 71, 72 };
	char		   *text, *p;
	size_t		    cap, i, a, c, len;

	cap = (sizeof base) * (sizeof alpha) * (sizeof cuts / sizeof cuts[0]) *
	    (sizeof base);
	text = p = malloc(cap);
	ck_assert_ptr_nonnull(text);
	for (i = 0; i < sizeof base - 1; i++)
		for (a = 0; a < sizeof alpha - 1; a++)
			for (c = 0; c < sizeof cuts / sizeof cuts[0]; c++) {
				if (i >= (len = cuts[c]))
					continue;
				memcpy(p, base, len);
				p[i] = alpha[a];
				p[len] = '\n';
				p += len + 1;
			}
	for (c = 0; c < sizeof cuts / sizeof cuts[0]; c++) {
		memcpy(p, base, cuts[c]);
		p[cuts[c]] = '\n';
		p += cuts[c] + 1;
	}
	ck_assert(p <= text + cap);
	check_transcript_lines(text, (size_t)(p - text));
	check_transcript_rows(
	    text, (size_t)(p - text), "id,winner,moves\n", "7,1,", "");
	check_transcript_rows(
	    text, (size_t)(p - text), "id,moves,winner\n", "7,\"", "\",1");
	free(text);
}
END_TEST

/*
 * A transcript of 16, 32 and 64 bytes and one square more, its line
 * ended by LF, CR LF or CR, or not at all (the input's last), as a
 * transcript and as a CSV row: every square read, the last at its
 * column, each decoded.
 */
START_TEST(transcript_runs_at_line_ends)
{
	static const char	 base[] = "f5d6c3d3c4f4f6f3e6e7d7c6b6e3c5b5"
					  "a6a5b4a4d2c2e2f2g4f7g5h6g6h5e8h4";
	static const char *const ends[] = { "\n", "\r\n", "\r", "" };
	static const size_t	 lens[] = { 16, 18, 32, 34, 64 };
	const struct record	*rec;
	const uint8_t		*sq;
	char			 in[256];
	size_t			 l, e, csv, n, i, k;

	for (csv = 0; csv < 2; csv++)
		for (l = 0; l < sizeof lens / sizeof lens[0]; l++)
			for (e = 0; e < sizeof ends / sizeof ends[0]; e++) {
				n = (size_t)snprintf(in, sizeof in,
				    "%s%.*s%s%s", csv ? "id,moves\n1," : "",
				    (int)lens[l], base, ends[e],
				    csv ? "" : "e3\n");
				reader_open(in, n,
				    csv ? RECORD_CSV : RECORD_TRANSCRIPT);
				rec = next_record();
				/* A transcript with no line end runs on. */
				k = lens[l] / 2 + (!csv && *ends[e] == '\0');
				ck_assert_msg(!rec->malformed, "%s", in);
				ck_assert_uint_eq(rec->nturns, k);
				ck_assert_ptr_nonnull(sq = record_squares(rec));
				for (i = 0; i < k; i++)
					ck_assert_int_eq(sq[i],
					    record_square_byte(
						rec->turns[i].text, 2));
				ck_assert_int_eq(rec->turns[k - 1].at.col,
				    2 * k - 1 + (csv ? 2 : 0));
				ck_assert(
				    memcmp(rec->turns[lens[l] / 2 - 1].text,
					base + lens[l] - 2, 2) == 0);
				if (!csv && *ends[e] != '\0') {
					rec = next_record();
					ck_assert_uint_eq(rec->nturns, 1);
				}
				assert_no_more();
				reader_close();
			}
}
END_TEST

/*
 * Every tag line "[" and up to six bytes over an alphabet that reaches
 * each edge of a tag (blanks, quotes, escapes, the bracket): the reader
 * takes the tag, name and value, exactly where the SYN_TAG pattern
 * takes it, which the reader checks by hand first.
 */
START_TEST(tags_as_the_pattern_says)
{
	char		    *text, *p, value[16];
	size_t		     j, v, len, g[6], cap;
	const struct record *rec;
	int		     m;

	text = every_string("a1_ \t\"\\]", 6, "[", "\n*\n", &cap);
	reader_open(text, cap, RECORD_PGN);
	for (p = text; p < text + cap; p += len + 3) {
		len = strcspn(p, "\n");
		m = syntax_match(syn, SYN_TAG, p, len, g, 3);
		rec = next_record();
		ck_assert_msg(rec->ntags == (m >= 0), "%.*s: %s", (int)len, p,
		    m >= 0 ? "refused" : "accepted");
		if (m < 0) {
			ck_assert(rec->malformed);
			ck_assert_int_eq(rec->error.at.line, rec->start.line);
			continue;
		}
		for (j = g[4], v = 0; j < g[5]; j++)
			value[v++] = p[j] == '\\' ? p[++j] : p[j];
		value[v] = '\0';
		ck_assert_int_eq(strlen(rec->tags[0].name), g[3] - g[2]);
		ck_assert(
		    memcmp(rec->tags[0].name, p + g[2], g[3] - g[2]) == 0);
		ck_assert_str_eq(rec->tags[0].value, value);
		ck_assert_uint_eq(rec->tags[0].value_len, v);
	}
	assert_no_more();
	reader_close();
	free(text);
}
END_TEST

/*
 * The reading table: every format of formats.def named both ways, and the
 * notation's old name taken.
 */
START_TEST(format_names)
{
#define RECORD_FORMAT(id, name) \
	ck_assert_int_eq(record_format_parse(#name), RECORD_##id); \
	ck_assert_str_eq(record_format_name(RECORD_##id), #name);
#include "record/formats.def"
#undef RECORD_FORMAT
	ck_assert_int_eq(record_format_parse("record"), RECORD_PGN);
	ck_assert_int_eq(record_format_parse("auto"), RECORD_AUTO);
	ck_assert_str_eq(record_format_name(RECORD_AUTO), "auto");
	ck_assert_int_eq(record_format_parse("pgn2"), -1);
}
END_TEST

START_TEST(sniffing)
{
	static const struct reading_input cases[] = {
		{ "; a, comma\n[Game \"reversi\"]\n", RECORD_PGN },
		{ "f5 d6 *\n", RECORD_PGN },
		{ "\n\nf5d6\n", RECORD_TRANSCRIPT },
		{ "id,moves\n1,f5\n", RECORD_CSV },
		{ "id,score\n1,2\n", RECORD_PGN },
		{ " (;GM[Othello]PB[a];)\n", RECORD_GGF },
		{ "(;FF[4]GM[2]SZ[8];B[f5])\n", RECORD_SGF },
		{ "(;GM[1];B[dd])\n", RECORD_PGN },
	};
	const struct record *rec;

	reader_open(cases[_i].src, strlen(cases[_i].src), RECORD_AUTO);
	record_reader_next(rd, &rec);
	ck_assert_int_eq(record_reader_format(rd), cases[_i].fmt);
}
END_TEST

START_TEST(setup_values)
{
	static const struct {
		const char *text;
		int	    rc;
	} cases[] = {
		{ "---------------------------OX---"
		  "---XO--------------------------- O",
		    0 },
		{ "-------- -------- -------- ---OX"
		  "--- ---XO--- -------- -------- -------- X",
		    0 },
		{ "---------------------------OX---"
		  "---XO--------------------------- Z",
		    -1 },
		{ "---------------------------OX---"
		  "---XO---------------------------O",
		    -1 },
		{ "---------------------------OX---"
		  "---XO-------------------------- O",
		    -1 },
		{ "---------------------------OX---"
		  "---XO---------------------------- O",
		    -1 },
		{ "---------------------------OY---"
		  "---XO--------------------------- O",
		    -1 },
		{ "", -1 },
	};
	struct rules_board b;
	struct diag	   d;
	int		   pieces[RULES_MAX_CELLS], to_move = -1;
	char		   back[RECORD_SETUP_MAX];

	ck_assert_int_eq(rules_square_init(&b, 8, 8, NULL), 0);
	ck_assert_int_eq(record_setup_parse(&b, cases[_i].text,
			     strlen(cases[_i].text), pieces, &to_move, &d),
	    cases[_i].rc);
	if (cases[_i].rc == -1) {
		ck_assert_int_eq(d.code, DIAG_BAD_SETUP_TAG);
		return;
	}
	/* d4 is cell 27 (a1 = 0, row 1 first): White's, as FFO has it. */
	ck_assert_int_eq(pieces[27], RULES_PIECE(1));
	ck_assert_int_eq(pieces[28], RULES_PIECE(0));
	ck_assert_int_eq(
	    record_setup_text(pieces, 64, to_move, back, sizeof back), 66);
	ck_assert_str_eq(back + 65, _i == 0 ? "O" : "X");
	ck_assert_int_eq(record_setup_text(pieces, 64, to_move, back, 66), -1);
}
END_TEST

/*
 * Binary input (formats/record.md): a NUL and bytes no UTF-8 holds, in
 * the first block, make one binary-input record at the first of them;
 * either alone is text (the bytes alone: in the table `written').
 */
START_TEST(binary_input_is_one_record)
{
	static const char bin[] = "[Game \"reversi\"]\nf5 \xff\xfe\0d6 *\n";
	static const char nul[] = "[Game \"rever\0si\"]\nf5 *\n";

	reader_open(bin, sizeof bin - 1, RECORD_AUTO);
	expect(next_record(),
	    "malformed=1|error=binary-input|error.at.line=2|error.at.col=4");
	ck_assert_uint_eq(record_reader_count(rd), 1);
	assert_no_more();

	reader_open(bin, sizeof bin - 1, RECORD_AUTO);
	ck_assert_int_eq(record_reader_skip(rd), 1);
	ck_assert_int_eq(record_reader_skip(rd), 0);

	reader_open(nul, sizeof nul - 1, RECORD_AUTO);
	ck_assert_int_ne(next_record()->error.code, DIAG_BINARY_INPUT);
}
END_TEST

/*
 * A run of moves (tree_squares, two at a time) read as one by one: runs of
 * 0 to 17 moves, each broken at every move by one out of turn, a square
 * no board has, a note, a pass word, a lower-case id or the line's end,
 * the run last on its line or not: each turn's text, square, line,
 * column and offset where the move stands.
 */
START_TEST(tree_runs_stop_where_moves_do)
{
	static const char *const squares[] = { "f5", "d6", "c3", "D3", "c4",
		"f4", "PA", "f3", "e6", "e7", "pa", "c5", "b4", "a1", "h8",
		"b2", "g7", "a8" };
	static const char *const breaks[] = { "[d7]", "[i9]", "[d7/1]",
		"[pass]", "[a0]", "" };
	static const char *const ends[] = { ";)", ")", ")\n", "\n" };
	static const enum record_format formats[] = { RECORD_GGF, RECORD_SGF };
	char		     text[512], id[2];
	size_t		     col[24], f, n, b, e, k, len, want;
	const struct record *rec;
	const uint8_t	    *sq;

	for (f = 0; f < 2; f++)
		for (n = 0; n < 18; n++)
			for (b = 0; b < sizeof breaks / sizeof breaks[0]; b++)
				for (e = 0; e < 4; e++) {
					len = (size_t)snprintf(text, sizeof text,
					    "%s", f == 0 ? "(;GM[Othello]" :
							   "(;GM[2]FF[4]");
					for (k = 0; k < n; k++) {
						len += (size_t)snprintf(text + len,
						    sizeof text - len, "%s%s[",
						    f == 1 ? ";" : "",
						    k % 2 ? "W" : "B");
						col[k] = len;
						len += (size_t)snprintf(text + len,
						    sizeof text - len, "%s]",
						    squares[k]);
					}
					/* Out of turn: the colour just moved. */
					id[0] = b == 0 ? (n % 2 ? 'B' : 'W') :
							 (n % 2 ? 'W' : 'B');
					id[1] = '\0';
					if (b == 4)
						id[0] = (char)(id[0] | 0x20);
					if (*breaks[b] != '\0') {
						len += (size_t)snprintf(text + len,
						    sizeof text - len, "%s",
						    f == 1 ? ";" : "");
						col[n] = len + 2;
						len += (size_t)snprintf(text + len,
						    sizeof text - len, "%s%s", id,
						    breaks[b]);
					}
					len += (size_t)snprintf(text + len,
					    sizeof text - len, "%s", ends[e]);
					ck_assert_uint_lt(len, sizeof text);
					reader_open(text, len, formats[f]);
					rec = next_record();
					want = n + (*breaks[b] != '\0');
					ck_assert_msg(rec->nturns == want,
					    "%s: %zu turns", text, rec->nturns);
					sq = record_squares(rec);
					ck_assert_msg(sq != NULL || want == 0,
					    "%s: no squares", text);
					for (k = 0; k < n; k++) {
						ck_assert_str_eq(turn_text(rec, k),
						    squares[k]);
						ck_assert_int_eq(rec->turns[k].text[2],
						    '\0');
						ck_assert_uint_eq(sq[k],
						    record_square_byte(squares[k], 2));
						ck_assert_uint_eq(
						    rec->turns[k].at.line, 1);
						ck_assert_uint_eq(
						    rec->turns[k].at.col, col[k] + 1);
						ck_assert_uint_eq(
						    rec->turns[k].at.offset, col[k]);
					}
					if (want > n) {
						ck_assert_uint_eq(
						    rec->turns[n].at.col, col[n] + 1);
						ck_assert_uint_eq(sq[n],
						    record_square_byte(rec->turns[n].text,
							rec->turns[n].len));
					}
				}
}
END_TEST

/*
 * A run's moves checked sixteen bytes, two moves, at a time (tree_squares)
 * as one by one: every byte that leaves a value of two bytes (not '[',
 * ']', '\\', '/', a line end, nor white space last, which is dropped) as
 * the file and as the rank of each move of a run of 24 (so at each place
 * in a pair and from the line's start and end), in each format, after a
 * tree of 64 moves (so that the reader's arrays have room for a run):
 * each turn's text the two bytes, its square record_square_byte's, and
 * where it stands.
 */
START_TEST(tree_pairs_as_read_one_by_one)
{
	static const enum record_format formats[] = { RECORD_GGF, RECORD_SGF };
	char				text[1024];
	size_t				col[24], f, k, m, p, len, warm;
	unsigned			b;
	const struct record	       *rec;
	const uint8_t		       *sq;

	for (f = 0; f < 2; f++)
		for (b = 0; b < 256; b++) {
			if (b == '[' || b == ']' || b == '\\' || b == '/' ||
			    b == '\n' || b == '\r')
				continue;
			for (k = 0; k < 24; k++)
				for (p = 0; p < 2; p++) {
					if (p == 1 && isspace((int)b))
						continue;
					/*
					 * A tree of 64 moves first, so that the
					 * reader's arrays have room for runs.
					 */
					len = (size_t)snprintf(text,
					    sizeof text, "%s",
					    f == 0 ? "(;GM[Othello]" :
						     "(;GM[2]FF[4]");
					for (m = 0; m < 64; m++)
						len += (size_t)snprintf(
						    text + len,
						    sizeof text - len,
						    "%s%s[a1]",
						    f == 1 ? ";" : "",
						    m % 2 ? "W" : "B");
					len += (size_t)snprintf(text + len,
					    sizeof text - len, "%s",
					    f == 0 ? ";)\n" : ")\n");
					warm = len;
					len += (size_t)snprintf(text + len,
					    sizeof text - len, "%s",
					    f == 0 ? "(;GM[Othello]" :
						     "(;GM[2]FF[4]");
					for (m = 0; m < 24; m++) {
						len += (size_t)snprintf(
						    text + len,
						    sizeof text - len, "%s%s[",
						    f == 1 ? ";" : "",
						    m % 2 ? "W" : "B");
						col[m] = len;
						len += (size_t)snprintf(
						    text + len,
						    sizeof text - len, "%c%c]",
						    "abcdefghgfedcbahabcdefgh"
							[m],
						    "12345678876543211234567"
							[m % 23]);
					}
					text[col[k] + p] = (char)b;
					len += (size_t)snprintf(text + len,
					    sizeof text - len, "%s",
					    f == 0 ? ";)\n" : ")\n");
					reader_open(text, len, formats[f]);
					ck_assert_uint_eq(
					    next_record()->nturns, 64);
					rec = next_record();
					ck_assert_msg(rec->nturns == 24,
					    "byte %02x at %zu.%zu (%zu): %zu turns",
					    b, k, p, f, rec->nturns);
					sq = record_squares(rec);
					ck_assert_ptr_nonnull(sq);
					for (m = 0; m < 24; m++) {
						ck_assert_msg(
						    rec->turns[m].len == 2 &&
							memcmp(
							    rec->turns[m].text,
							    text + col[m],
							    2) == 0,
						    "byte %02x at %zu.%zu (%zu): "
						    "turn %zu",
						    b, k, p, f, m);
						ck_assert_uint_eq(sq[m],
						    record_square_byte(
							text + col[m], 2));
						ck_assert_uint_eq(
						    rec->turns[m].at.col,
						    col[m] - warm + 1);
						ck_assert_uint_eq(
						    rec->turns[m].at.offset,
						    col[m]);
						ck_assert_uint_eq(
						    rec->turns[m].at.line, 2);
					}
				}
		}
}
END_TEST

/*
 * A run of n moves (f: GGF or SGF) after a comment of lead bytes, with
 * passes (PA, or pa after an odd lead) at moves pass - 1 and pass + 8, or
 * none (pass 0), read as one by one: each turn's text a copy of the
 * move's two bytes and a NUL, its square and its place; warm: a tree of
 * 64 moves first, so that the arrays have room.
 */
static void
eights_case(size_t f, size_t n, size_t lead, size_t warm, size_t pass)
{
	static const enum record_format formats[] = { RECORD_GGF, RECORD_SGF };
	static const char		files[] = "abcdefghHGFEDCBA";
	char				text[2048], move[3];
	size_t				col[48], m, len = 0, start;
	const struct record	       *rec;
	const uint8_t		       *sq;

	if (warm) {
		len += (size_t)snprintf(text + len, sizeof text - len, "%s",
		    f == 0 ? "(;GM[Othello]" : "(;GM[2]FF[4]");
		for (m = 0; m < 64; m++)
			len += (size_t)snprintf(text + len, sizeof text - len,
			    "%s%s[a1]", f == 1 ? ";" : "", m % 2 ? "W" : "B");
		len += (size_t)snprintf(text + len, sizeof text - len, "%s",
		    f == 0 ? ";)\n" : ")\n");
	}
	start = len;
	len += (size_t)snprintf(text + len, sizeof text - len, "%sC[%.*s]",
	    f == 0 ? "(;GM[Othello]" : "(;GM[2]FF[4]", (int)lead, "xyz");
	for (m = 0; m < n; m++) {
		len += (size_t)snprintf(text + len, sizeof text - len, "%s%s[",
		    f == 1 ? ";" : "", m % 2 ? "W" : "B");
		col[m] = len;
		if (pass && (m == pass - 1 || m == pass + 8))
			len += (size_t)snprintf(text + len, sizeof text - len,
			    "%s]", lead % 2 ? "pa" : "PA");
		else
			len += (size_t)snprintf(text + len, sizeof text - len,
			    "%c%c]", files[(m * 5 + n) % 16],
			    (int)('1' + (m * 3 + lead) % 8));
	}
	len += (size_t)snprintf(
	    text + len, sizeof text - len, "%s", f == 0 ? ";)\n" : ")\n");
	ck_assert_uint_lt(len, sizeof text);
	reader_open(text, len, formats[f]);
	if (warm)
		ck_assert_uint_eq(next_record()->nturns, 64);
	rec = next_record();
	ck_assert_msg(rec->nturns == n, "%zu moves (%zu, %zu, %zu): %zu", n, f,
	    lead, pass, rec->nturns);
	sq = record_squares(rec);
	ck_assert(sq != NULL || n == 0);
	for (m = 0; m < n; m++) {
		memcpy(move, text + col[m], 2);
		move[2] = '\0';
		ck_assert_uint_eq(rec->turns[m].len, 2);
		ck_assert_str_eq(rec->turns[m].text, move);
		ck_assert_uint_eq(sq[m], record_square_byte(move, 2));
		ck_assert_uint_eq(rec->turns[m].at.line, 1 + warm);
		ck_assert_uint_eq(rec->turns[m].at.col, col[m] - start + 1);
		ck_assert_uint_eq(rec->turns[m].at.offset, col[m]);
	}
	assert_no_more();
}

/*
 * Runs of 0 to 40 moves, eight at a time where they can be (square_moves'
 * four pairs at once, passes among them or not), as read one by one
 * (eights_case): after a comment of 0 to 3 bytes (the runs' bytes and
 * text at each alignment), letters of either case among them, passes at
 * each move (and nine on) or none, the arrays sized by a tree before or
 * first grown by the run.
 */
START_TEST(tree_eights_as_read_one_by_one)
{
	size_t f, n, lead, warm, pass;

	for (f = 0; f < 2; f++)
		for (n = 0; n <= 40; n++)
			for (lead = 0; lead < 4; lead++)
				for (warm = 0; warm < 2; warm++)
					for (pass = 0; pass <= n; pass++)
						eights_case(
						    f, n, lead, warm, pass);
}
END_TEST

/*
 * A disc margin made a Result as "%d-%d" writes it (disc_count): each
 * margin of a board's parity, counts of one to four digits, SGF's
 * RE[B+n] and RE[W+n] on boards of each side, GGF's RE[+n.000] on 8x8.
 */
START_TEST(tree_results_as_printf_writes)
{
	static const int sides[] = { 4, 8, 9, 10, 16, 32, 99 };
	char		 text[96], want[32];
	const char	*result;
	size_t		 k, len;
	int		 n, m, f;

	for (k = 0; k < sizeof sides / sizeof sides[0]; k++) {
		n = sides[k] * sides[k];
		for (m = -n; m <= n; m++) {
			if ((n - m) % 2 != 0 || (sides[k] > 16 && m % 41 != 0))
				continue;
			snprintf(want, sizeof want, "%d-%d", (n + m) / 2,
			    (n - m) / 2);
			for (f = 0; f < 2; f++) {
				if (f == 0 && sides[k] != 8)
					continue;
				len = f == 0 ?
				    (size_t)snprintf(text, sizeof text,
					"(;GM[Othello]RE[%+d.000];)\n", m) :
				    (size_t)snprintf(text, sizeof text,
					"(;GM[2]SZ[%d]RE[%c+%d];B[a1])\n",
					sides[k], m < 0 ? 'W' : 'B',
					m < 0 ? -m : m);
				reader_open(text, len,
				    f == 0 ? RECORD_GGF : RECORD_SGF);
				result = tag_value(next_record(), "Result");
				ck_assert_msg(result != NULL, "%s", text);
				ck_assert_str_eq(result, want);
			}
		}
	}
}
END_TEST

/*
 * An SGF set-up that is the start of 8x8 (AB[e4][d5]AW[d4][e5], in any
 * order, as tree_placed_start takes it) gives no Setup tag; one cell
 * more, less, moved or of the other colour, another side, the other
 * colour to move or a cell named twice is read as tree_points reads it.
 */
START_TEST(sgf_start_set_ups_as_placed)
{
	static const struct {
		const char *text;
		bool	    setup;
		const char *code; /* NULL: none */
	} cases[] = {
		{ "(;GM[2]AB[e4][d5]AW[d4][e5];B[f5])\n", false, NULL },
		{ "(;GM[2]AW[e5][d4]AB[d5][e4];B[f5])\n", false, NULL },
		{ "(;GM[2]AB[E4][d5]AW[D4][e5]PL[B];B[f5])\n", false, NULL },
		{ "(;GM[2]AB[e4][d5]AW[d4][e5]AE[a1];B[f5])\n", false, NULL },
		{ "(;GM[2]AB[e4][d5]AW[d4][e5]PL[W];W[f4])\n", true, NULL },
		{ "(;GM[2]AB[e4][d5]AW[d4][e6];B[f5])\n", true, NULL },
		{ "(;GM[2]AB[e4][d5][e5]AW[d4];B[f5])\n", true, NULL },
		{ "(;GM[2]AB[e4][d5]AW[d4];B[f5])\n", true, NULL },
		{ "(;GM[2]AB[e4][d5]AW[d4][e5][a1];B[f5])\n", true, NULL },
		{ "(;GM[2]AB[e4][d4]AW[d5][e5];B[f5])\n", true, NULL },
		{ "(;GM[2]AB[e4][d5]AW[d4]AE[e5];B[f5])\n", true, NULL },
		{ "(;GM[2]SZ[10]AB[e4][d5]AW[d4][e5];B[f5])\n", true, NULL },
		{ "(;GM[2]AB[e4][d5]AW[d4][e5]AW[e4];B[f5])\n", true,
		    "bad-setup-tag" },
		{ "(;GM[2]AB[e4][d5]AW[d4][i9];B[f5])\n", false,
		    "bad-setup-tag" },
	};
	const struct record *rec;
	size_t		     k;

	for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		reader_open(cases[k].text, strlen(cases[k].text), RECORD_SGF);
		rec = next_record();
		ck_assert_msg((tag_value(rec, "Setup") != NULL) ==
			cases[k].setup,
		    "%s", cases[k].text);
		assert_error_code(rec, cases[k].text, cases[k].code);
	}
}
END_TEST

/*
 * Appends to out all a tree's record says: its start, error and warning
 * (code, place, message), tags (with their places), turns (with their
 * places) and squares.
 */
static void
tree_record_sig(const struct record *rec, char *out, size_t cap)
{
	const uint8_t *sq = record_squares(rec);
	size_t	       n = strlen(out), i;

	n += (size_t)snprintf(out + n, cap - n,
	    "@%lu:%lu:%llu e%d %lu:%lu:%llu %s w%d %d %lu:%lu %s |",
	    rec->start.line, rec->start.col, rec->start.offset,
	    rec->malformed ? (int)rec->error.code : -1, rec->error.at.line,
	    rec->error.at.col, rec->error.at.offset,
	    rec->malformed ? rec->error.msg : "", (int)rec->has_warning,
	    rec->has_warning ? (int)rec->warning.code : -1,
	    rec->warning.at.line, rec->warning.at.col,
	    rec->has_warning ? rec->warning.msg : "");
	for (i = 0; i < rec->ntags && n < cap; i++)
		n += (size_t)snprintf(out + n, cap - n,
		    "[%s=%.*s %lu:%lu:%llu]", rec->tags[i].name,
		    (int)rec->tags[i].value_len, rec->tags[i].value,
		    rec->tags[i].at.line, rec->tags[i].at.col,
		    rec->tags[i].at.offset);
	for (i = 0; i < rec->nturns && n < cap; i++)
		n += (size_t)snprintf(out + n, cap - n, " %s@%lu:%lu:%llu/%d",
		    turn_text(rec, i), rec->turns[i].at.line,
		    rec->turns[i].at.col, rec->turns[i].at.offset,
		    sq != NULL ? sq[i] : -1);
	if (n < cap)
		snprintf(out + n, cap - n, ";\n");
}

/* The records of text[len] in fmt, max bytes a record, into out. */
static void
tree_sigs(const char *text, size_t len, enum record_format fmt, size_t max,
    char *out, size_t cap)
{
	const struct record *rec;

	out[0] = '\0';
	reader_open(text, len, fmt);
	record_reader_max_size(rd, max);
	while (record_reader_next(rd, &rec) == 1)
		tree_record_sig(rec, out, cap);
}

/*
 * Replaces each '<' in form by head and each '>' by start, into out.
 */
static size_t
root_form(const char *form, const char *head, const char *start, char *out,
    size_t cap)
{
	size_t n = 0;

	for (; *form != '\0'; form++) {
		const char *w = *form == '<' ? head :
		    *form == '>'	     ? start :
					       NULL;
		size_t	    k = w != NULL ? strlen(w) : 1;

		ck_assert_uint_lt(n + k, cap);
		memcpy(out + n, w != NULL ? w : form, k);
		n += k;
	}
	out[n] = '\0';
	return n;
}

/*
 * The runs a root writes alike, read at once (SGF's GM[2]FF[4]SZ[8] and
 * AB[e4][d5]AW[d4][e5]PL[B], GGF's GM[Othello] and BO[8 ... *]), read
 * as the same properties in lower case are, one by one: alone and
 * together, either way round, with more values after them on the line
 * and on the next, after SZ, BO, AB or PL already, before AB, AW, AE or
 * SZ that change what they set, after a move, twice,
 * cut by the input's end, with CR LF and CR, in a variation, in the other
 * format, and with a record's most bytes below a value's.
 */
START_TEST(tree_root_runs_as_read_apart)
{
	static const char *const forms[] = {
		"(;<>;B[f5];W[d6])\n",
		"(;<>B[f5]W[d6];)\n",
		"(;<RE[B+2]>;B[f5])\n",
		"(;><;B[f5])\n",
		"(;<[9]>;B[f5])\n",
		"(;<\n[9]>;B[f5])\n",
		"(;<>[W];B[f5])\n",
		"(;<>\n[W];B[f5])\n",
		"(;<> \n [W];B[f5])\n",
		"(;SZ[10]<>;B[f5])\n",
		"(;BO[4 ---- ---- ---- ---- *]<>;B[f5])\n",
		"(;AB[a1]<>;B[f5])\n",
		"(;AE[e4]<>;B[f5])\n",
		"(;PL[W]<>;W[f5])\n",
		"(;<>AE[e4];B[f5])\n",
		"(;<>AW[e4];B[f5])\n",
		"(;<>AB[e4];B[f5])\n",
		"(;<>SZ[10];B[f5])\n",
		"(;>SZ[8];B[f5])\n",
		"(;<;B[f5]>;W[d6])\n",
		"(;<B[f5]>W[d6];)\n",
		"(;<;B[f5]<;W[d6])\n",
		"(;<>>;B[f5])\n",
		"(;<<;B[f5])\n",
		"(;<>",
		"(;<>\n",
		"(;<>[",
		"(;<>\r\n;B[f5])\r\n",
		"(;<>\r;B[f5])\r",
		"(;<>XT[GameId=1];B[f5])\n(;<>XT[GameId=2];B[d3])\n",
		"(;<>)(;<>)\n",
		"(;GM[2];B[f5](;<>)(;>))\n",
		"(;<>(;B[f5])(;W[f5]))\n",
		"(;GM[2]<>;B[f5])\n",
		"(;< >;B[f5])\n",
		"x(;<>;W[f5])\n",
	};
	/* Each format's runs, as read at once and in lower case. */
	static const char *const runs[2][4] = {
		{ "GM[2]FF[4]SZ[8]", "AB[e4][d5]AW[d4][e5]PL[B]",
		    "gm[2]ff[4]sz[8]", "ab[e4][d5]aw[d4][e5]pl[B]" },
		{ "GM[Othello]",
		    "BO[8 -------- -------- -------- ---O*--- ---*O--- "
		    "-------- -------- -------- *]",
		    "gm[Othello]",
		    "bo[8 -------- -------- -------- ---O*--- ---*O--- "
		    "-------- -------- -------- *]" },
	};
	static const enum record_format fmts[] = { RECORD_SGF, RECORD_GGF };
	static const size_t		maxes[] = { 0, 1, 2, 40, 74, 75 };
	char   text[512], ltext[512], got[4096], want[4096];
	size_t k, r, f, m, len;

	for (k = 0; k < sizeof forms / sizeof forms[0]; k++)
		for (r = 0; r < 2; r++)
			for (f = 0; f < 2; f++)
				for (m = 0; m < sizeof maxes / sizeof maxes[0];
				     m++) {
					len = root_form(forms[k], runs[r][0],
					    runs[r][1], text, sizeof text);
					root_form(forms[k], runs[r][2],
					    runs[r][3], ltext, sizeof ltext);
					tree_sigs(text, len, fmts[f], maxes[m],
					    got, sizeof got);
					tree_sigs(ltext, len, fmts[f], maxes[m],
					    want, sizeof want);
					ck_assert_msg(strcmp(got, want) == 0,
					    "%s (runs %zu, format %zu, most "
					    "%zu):\n%s\n%s",
					    text, r, f, maxes[m], got, want);
				}
}
END_TEST

/*
 * Where the records after the second tree start, and what they are, once
 * that tree is read (skip false) or skipped, from text[len] in fmt: into
 * out.
 */
static void
after_tree(const char *text, size_t len, enum record_format fmt, bool skip,
    char *out, size_t cap)
{
	const struct record *rec;
	int		     rc;

	reader_open(text, len, fmt);
	ck_assert_int_eq(record_reader_next(rd, &rec), 1);
	rc = skip ? record_reader_skip(rd) : record_reader_next(rd, &rec);
	ck_assert_int_eq(rc, 1);
	out[0] = '\0';
	while (record_reader_next(rd, &rec) == 1)
		tree_record_sig(rec, out, cap);
}

/*
 * A tree that is its line (not the first), skipped where it lies
 * (skip_line_tree: one scan for its first paren, escape or line end, 32,
 * 64 and 128 bytes at a time) as it is read: a comment of 0 to 300 bytes,
 * before the move or after it; in trees of comments of lengths about 32,
 * 64, 128, 192 and 256 bytes, each of '(', ')', '\\', CR, LF, '[' and ']' at each
 * byte after the tree's '(' (in a value and out of one); the tree's ')'
 * then LF, CR LF, CR CR LF, a lone CR, a byte, or the input's end.
 */
START_TEST(tree_lines_skipped_as_read)
{
	static const char	 specials[] = "()\\\r\n[]";
	static const char *const ends[] = { "\n", "\r\n", "\r\r\n", "\r", "x\n",
		"" };
	static const size_t some[] = { 0, 1, 14, 15, 16, 17, 30, 31, 32, 33, 62,
		63, 64, 65, 95, 96, 97, 110, 111, 112, 113, 126, 127, 128, 129,
		190, 191, 192, 193, 222, 223, 224, 225, 254, 255, 256, 257 };
	static char	    text[1024], got[4096], want[4096];
	size_t		    n, k, c, e, f, len, at, t, mark;

	for (n = 0; n <= 300; n++)
		for (f = 0; f < 2; f++) {
			/* Special bytes in trees of some lengths only. */
			for (t = 0;
			     t < sizeof some / sizeof some[0] && some[t] != n;
			     t++)
				continue;
			mark = t < sizeof some / sizeof some[0] ?
			    sizeof specials - 1 :
			    0;
			for (c = 0; c <= mark; c++)
				for (k = 1; k < (c == 0 ? 2 : n + 24); k++)
					for (e = 0;
					     e < sizeof ends / sizeof ends[0];
					     e++) {
						len = (size_t)snprintf(text,
						    sizeof text, "%s%s",
						    "(;GM[2];B[c4])\n",
						    f == 0 ? "(;GM[2]FF[4]C[" :
							     "(;GM[2];B[f5]C[");
						memset(text + len, 'x', n);
						len += n;
						len += (size_t)snprintf(
						    text + len,
						    sizeof text - len, "%s",
						    f == 0 ? "];B[f5])" : "])");
						/* The tree's byte k, not its '('. */
						at = 15 + k;
						if (c > 0 && at < len)
							text[at] =
							    specials[c - 1];
						else if (c > 0)
							continue;
						len += (size_t)snprintf(
						    text + len,
						    sizeof text - len,
						    "%s(;GM[2];B[d3])\n",
						    ends[e]);
						after_tree(text, len,
						    RECORD_SGF, false, want,
						    sizeof want);
						after_tree(text, len,
						    RECORD_SGF, true, got,
						    sizeof got);
						ck_assert_msg(
						    strcmp(got, want) == 0,
						    "comment %zu (%zu), byte %zu "
						    "at %zu, end %zu:\n%s\n%s",
						    n, f, c, k, e, got, want);
					}
		}
}
END_TEST

/*
 * The start that GGF's and SGF's readers know without asking the rules
 * (read-tree.c's tree_start_pieces: a BO or AB/AW/PL of it makes no
 * Setup tag) is reversi's 8x8 start: d4 and e5 white, e4 and d5 black,
 * the rest empty, Black to move.
 */
START_TEST(tree_start_pieces_are_reversis)
{
	struct rules_position *pos;
	int		       i, want;

	pos = rules_position_new(&rules_reversi, "8x8", NULL, NULL);
	ck_assert_ptr_nonnull(pos);
	ck_assert_int_eq(pos->board.ncells, 64);
	for (i = 0; i < 64; i++) {
		want = i == 27 || i == 36 ? RULES_PIECE(1) :
		    i == 28 || i == 35	  ? RULES_PIECE(0) :
					    RULES_EMPTY;
		ck_assert_int_eq(rules_piece(pos, i), want);
	}
	ck_assert_int_eq(rules_to_move(pos), 0);
	rules_position_free(pos);
}
END_TEST

/*
 * Skipping a GGF or SGF tree (-j) leaves the reader where reading it
 * would, whether the tree is a whole line passed over where it lies
 * (skip_line_tree) or not: the records after it have the same number,
 * start, error and turns, whatever ends the lines (LF, CR LF, a lone
 * CR), with a paren or an escape in a value, a ')' in a value at the
 * line's end, two trees on a line, a tree across lines, variations,
 * bytes after the ')', a GGS count before the tree, lines across the
 * reader's blocks, and a line longer than the most a record may take.
 */
START_TEST(tree_skip_is_read_unseen)
{
	static const char *const sgf[] = {
		"(;GM[2];B[f5];W[d6])",
		"(;GM[2]C[a)b];B[f5];W[d6])",
		"(;GM[2]C[a(b];B[f5])",
		"(;GM[2]C[a\\]b)];B[f5])",
		"(;GM[2];B[f5]C[x)",
		"];W[d6])",
		"(;GM[2];B[f5])(;GM[2];B[d3])",
		"(;GM[2];B[f5]\n;W[d6])",
		"(;GM[2];B[f5](;W[d6])(;W[f4]))",
		"(;GM[2];B[f5]) ",
		"(;GM[2]PB[\r];B[f5])",
		"(;GM[2];B[f5];W[d6];B[c3])",
		"(;GM[2]C[a[b)",
		"]B[f5])",
		"(;GM[2]C[]b)",
		"(;GM[2];B[f5]\0;W[d6])",
		"x(;GM[2];B[f5])",
	};
	static const char *const ggf[] = {
		"(;GM[Othello]B[f5]W[d6];)",
		"2 (;GM[Othello]B[f5];)",
		"(;GM[Othello]PC[)]B[f5];)",
		"(;GM[Othello]B[f5]W[d6]B[c3];)",
	};
	static const char *const ends[] = { "\n", "\r\n", "\r", "\n\n",
		"\n \t\n" };
	struct {
		unsigned long	   index, line, col;
		unsigned long long offset;
		int		   code;
		size_t		   nturns;
	} all[2500];
	const struct record *rec;
	const char *const   *forms;
	char		    *text;
	size_t len, i, n = sizeof all / sizeof all[0], cap = 200000, nforms, k,
		       w, most;
	int fmt, pass, c, rest = 0;

	text = malloc(cap);
	ck_assert_ptr_nonnull(text);
	for (fmt = 0; fmt < 2; fmt++)
		for (most = 0; most < 2; most++) {
			forms = fmt == 0 ? sgf : ggf;
			nforms = fmt == 0 ? sizeof sgf / sizeof sgf[0] :
					    sizeof ggf / sizeof ggf[0];
			len = 0;
			for (i = 0; i < n; i++) {
				/* Once, a line past the most a record takes. */
				if (i == 2001) {
					memcpy(text + len, "(;GM[2]C[", 9);
					len += 9;
					memset(text + len, 'x', 1100);
					len += 1100;
					memcpy(text + len, "])\n", 3);
					len += 3;
				}
				/* Lines of many lengths, to cross blocks. */
				k = i % 7 == 3 ? i / 7 % nforms : 0;
				w = strlen(forms[k]) + 1;
				memcpy(text + len, forms[k], w);
				len += w - 1;
				/* The NUL's form: its bytes past it too. */
				if (strcmp(forms[k], "(;GM[2];B[f5]") == 0) {
					memcpy(text + len, "\0;W[d6])", 8);
					len += 8;
				}
				if (i % 11 == 5)
					for (c = 0; c < (int)(i % 90); c++)
						text[len++] = c % 2 ? ']' : 'x';
				len += (size_t)snprintf(text + len, cap - len,
				    "%s", i % 13 == 0 ? "" : ends[i % 5]);
			}
			ck_assert_uint_lt(len, cap);
			for (pass = 0; pass < 3; pass++) {
				reader_open(text, len,
				    fmt == 0 ? RECORD_SGF : RECORD_GGF);
				if (most)
					record_reader_max_size(rd, 1024);
				for (i = 0; i < n; i++) {
					/* Pass 0 reads all; 1, 2 skip half. */
					if (pass > 0 &&
					    i % 2 == (size_t)pass - 1) {
						if (record_reader_skip(rd) != 1)
							break;
						continue;
					}
					if (record_reader_next(rd, &rec) != 1)
						break;
					if (pass == 0) {
						all[i].index = rec->index;
						all[i].line = rec->start.line;
						all[i].col = rec->start.col;
						all[i].offset =
						    rec->start.offset;
						all[i].code = rec->malformed ?
						    (int)rec->error.code :
						    -1;
						all[i].nturns = rec->nturns;
						continue;
					}
					ck_assert_uint_eq(
					    rec->index, all[i].index);
					ck_assert_uint_eq(
					    rec->start.line, all[i].line);
					ck_assert_uint_eq(
					    rec->start.col, all[i].col);
					ck_assert_uint_eq(
					    rec->start.offset, all[i].offset);
					ck_assert_int_eq(rec->malformed ?
						(int)rec->error.code :
						-1,
					    all[i].code);
					ck_assert_uint_eq(
					    rec->nturns, all[i].nturns);
				}
				/* Stopped where reading stopped. */
				if (pass == 0) {
					n = i;
					rest = record_reader_next(rd, &rec);
				} else {
					ck_assert_uint_eq(i, n);
					ck_assert_int_eq(
					    record_reader_next(rd, &rec), rest);
				}
			}
			n = sizeof all / sizeof all[0];
		}
	free(text);
}
END_TEST

/*
 * Skipping a record of a line format (-j, --shard) leaves the reader
 * where reading it would: the records after it have the same number,
 * line and offset, whatever ends the lines (LF, CR LF, a lone CR), with
 * blank lines between, and lines across the reader's 64 KiB blocks.
 */
START_TEST(skip_is_read_unseen)
{
	static const char *const ends[] = { "\n", "\r\n", "\r", "\n\n",
		"\n \t\n" };
	struct {
		unsigned long	   index, line;
		unsigned long long offset;
	} all[3000];
	const struct record *rec;
	char		    *text;
	size_t len = 0, i, n = sizeof all / sizeof all[0], cap = 200000;
	int    fmt, pass;

	text = malloc(cap);
	ck_assert_ptr_nonnull(text);
	for (fmt = 0; fmt < 2; fmt++) {
		len = 0;
		if (fmt == 0)
			len += (size_t)snprintf(text, cap, "id,winner,moves\n");
		for (i = 0; i < n; i++) {
			if (fmt == 0)
				len += (size_t)snprintf(
				    text + len, cap - len, "%zu,1,", i);
			/* Lines of different lengths, to cross blocks. */
			len += (size_t)snprintf(text + len, cap - len, "%s%s",
			    i % 3 == 0 ? "f5d6c3d3c4" : "f5d6", ends[i % 5]);
		}
		ck_assert_uint_lt(len, cap);
		for (pass = 0; pass < 3; pass++) {
			reader_open(text, len,
			    fmt == 0 ? RECORD_CSV : RECORD_TRANSCRIPT);
			for (i = 0; i < n; i++) {
				/* Pass 0 reads all; 1, 2 skip every other. */
				if (pass > 0 && i % 2 == (size_t)pass - 1) {
					ck_assert_int_eq(
					    record_reader_skip(rd), 1);
					continue;
				}
				rec = next_record();
				if (pass == 0) {
					all[i].index = rec->index;
					all[i].line = rec->start.line;
					all[i].offset = rec->start.offset;
					continue;
				}
				ck_assert_uint_eq(rec->index, all[i].index);
				ck_assert_uint_eq(rec->start.line, all[i].line);
				ck_assert_uint_eq(
				    rec->start.offset, all[i].offset);
			}
			assert_no_more();
		}
	}

	/* A lone CR ends the block: the next line starts the next one. */
	memset(text, 'x', 65535);
	memcpy(text, "f5\n", 3);
	text[65535] = '\r';
	memcpy(text + 65536, "f5d6\nf5\n", 8);
	reader_open(text, 65544, RECORD_TRANSCRIPT);
	ck_assert_int_eq(record_reader_skip(rd), 1);
	ck_assert_int_eq(record_reader_skip(rd), 1);
	ck_assert_int_eq(record_reader_skip(rd), 1);
	rec = next_record();
	ck_assert_uint_eq(rec->index, 4);
	ck_assert_uint_eq(rec->start.line, 4);
	ck_assert_uint_eq(rec->start.offset, 65541);
	assert_no_more();
	free(text);
}
END_TEST

/* ---- Turn tokens --------------------------------------------------- */

static int
parse(const struct rules_board *b, const char *tok, struct rules_action *a,
    size_t *offs, struct diag *d)
{
	return record_turn_parse(syn, b, tok, strlen(tok), a, offs, 16, d);
}

START_TEST(turn_tokens)
{
	struct rules_board  sq, hex, hex3, hex5;
	struct rules_action a[16];
	struct diag	    d;
	size_t		    offs[16];
	char		    buf[16];

	rules_square_init(&sq, 8, 8, NULL);
	rules_hexhex_init(&hex, 7, NULL);
	rules_hexhex_init(&hex3, 3, NULL);
	rules_hexhex_init(&hex5, 5, NULL);

	ck_assert_int_eq(parse(&sq, "f5", a, offs, &d), 1);
	ck_assert_int_eq(a[0].kind, RULES_PLACE);
	ck_assert_int_eq(a[0].to, 4 * 8 + 5);
	ck_assert_int_eq(parse(&sq, "pass", a, offs, &d), 1);
	ck_assert_int_eq(a[0].kind, RULES_PASS);
	ck_assert_int_eq(parse(&sq, "PA", a, offs, &d), 1);
	ck_assert_int_eq(a[0].kind, RULES_PASS);
	ck_assert_int_eq(parse(&sq, "--", a, offs, &d), 1);
	ck_assert_int_eq(parse(&sq, "pa", a, offs, &d), 1);
	ck_assert_int_eq(a[0].kind, RULES_PASS);
	/* Only PA and pa: formats/record.md, section 3. */
	ck_assert_int_eq(parse(&sq, "Pa", a, offs, &d), -1);
	ck_assert_str_eq(diag_name(d.code), "bad-move-syntax");
	ck_assert_int_eq(parse(&sq, "pA", a, offs, &d), -1);
	ck_assert(record_turn_is_pass("pass", 4));
	ck_assert(!record_turn_is_pass("PASS", 4));
	ck_assert(!record_turn_is_pass("Pa", 2));
	ck_assert(!record_turn_is_pass("pas", 3));
	ck_assert_int_eq(parse(&sq, "swap", a, offs, &d), 1);
	ck_assert_int_eq(a[0].kind, RULES_SWAP);

	/* Oust: a capture, then the compulsory next placement. */
	ck_assert_int_eq(parse(&hex, "c5*,g4", a, offs, &d), 2);
	ck_assert(a[0].capture);
	ck_assert(!a[1].capture);
	ck_assert_int_eq(offs[1], 4);
	ck_assert_str_eq(
	    record_action_format(&hex, &a[0], buf, sizeof buf), "c5*");
	/* Rive: place, remove, place. */
	ck_assert_int_eq(parse(&hex3, "b3xc3,c4", a, offs, &d), 3);
	ck_assert_int_eq(a[1].kind, RULES_REMOVE);
	ck_assert_int_eq(offs[1], 2);
	ck_assert_int_eq(offs[2], 6);
	/* Herd: dice, removals, placements. */
	ck_assert_int_eq(parse(&hex5, "35:xd2xc4,e5,f6,g1", a, offs, &d), 6);
	ck_assert_int_eq(a[0].kind, RULES_DICE);
	ck_assert_int_eq(a[0].from, 3);
	ck_assert_int_eq(a[0].to, 5);
	ck_assert_int_eq(a[1].kind, RULES_REMOVE);
	ck_assert_int_eq(a[2].kind, RULES_REMOVE);
	ck_assert_int_eq(a[5].kind, RULES_PLACE);
	ck_assert_str_eq(
	    record_action_format(&hex5, &a[0], buf, sizeof buf), "35:");
	/* Stones: a move. */
	ck_assert_int_eq(parse(&sq, "c1-f4", a, offs, &d), 1);
	ck_assert_int_eq(a[0].kind, RULES_MOVE);
	ck_assert_str_eq(
	    record_action_format(&sq, &a[0], buf, sizeof buf), "c1-f4");

	ck_assert_int_eq(parse(&sq, "f9", a, offs, &d), -1);
	ck_assert_str_eq(diag_name(d.code), "off-board");
	ck_assert_int_eq(parse(&sq, "c1-f4-g5", a, offs, &d), -1);
	ck_assert_str_eq(diag_name(d.code), "bad-move-syntax");
	ck_assert_int_eq(parse(&sq, "f5,,d6", a, offs, &d), -1);
	ck_assert_int_eq(parse(&sq, "x", a, offs, &d), -1);
	ck_assert_int_eq(parse(&hex3, "b3,c4,e9", a, offs, &d), -1);
	ck_assert_str_eq(diag_name(d.code), "off-board");
	ck_assert_int_eq(d.at.offset, 6);
}
END_TEST

/*
 * A buffer gives the records a stream of the same bytes gives, positions
 * and all: records that straddle the reader's 64 KiB blocks, a CR LF cut
 * between two blocks, and a last line without its end.
 */
START_TEST(buffer_reads_as_stream)
{
	static const char one[] = "[Game \"reversi\"]\r\n1. f5 d6 2. c3 *\r\n";
	struct record_reader *br;
	const struct record  *a, *b;
	char		     *text;
	size_t		      len = 0, i, k, cap = 70000 + sizeof one;
	int		      ra, rb;

	text = malloc(cap);
	ck_assert_ptr_nonnull(text);
	/* Padded: a CR ends the first 64 KiB block, its LF starts the next. */
	while (len + sizeof one - 1 < 65536 - 24)
		len += (size_t)snprintf(text + len, cap - len, "%s", one);
	memset(text + len, ' ', 65535 - len);
	len = 65535;
	len += (size_t)snprintf(text + len, cap - len, "\r\n%s", one);
	len += (size_t)snprintf(text + len, cap - len, "f5 d6");
	reader_open(text, len, RECORD_PGN);
	br = record_reader_new_buffer(syn, text, len, "test", RECORD_PGN);
	ck_assert_ptr_nonnull(br);
	for (k = 0;; k++) {
		ra = record_reader_next(rd, &a);
		rb = record_reader_next(br, &b);
		ck_assert_int_eq(ra, rb);
		if (ra != 1)
			break;
		ck_assert_int_eq(a->malformed, b->malformed);
		ck_assert_int_eq(a->start.offset, b->start.offset);
		ck_assert_int_eq(a->nturns, b->nturns);
		for (i = 0; i < a->nturns; i++) {
			ck_assert_int_eq(
			    a->turns[i].at.line, b->turns[i].at.line);
			ck_assert_int_eq(
			    a->turns[i].at.col, b->turns[i].at.col);
			ck_assert_int_eq(
			    a->turns[i].at.offset, b->turns[i].at.offset);
			ck_assert_int_eq(a->turns[i].len, b->turns[i].len);
		}
	}
	ck_assert_int_eq(ra, 0);
	ck_assert_uint_gt(k, 1000);
	record_reader_free(br);
	free(text);
}
END_TEST

/*
 * Record a as record b, read dline lines and doff bytes earlier: its
 * tags, turns, their places, and its diagnostic.
 */
static void
assert_same_tree(const struct record *a, const struct record *b,
    unsigned long dline, unsigned long long doff)
{
	size_t i;

	ck_assert_int_eq(a->malformed, b->malformed);
	if (a->malformed) {
		ck_assert_int_eq(a->error.code, b->error.code);
		ck_assert_uint_eq(a->error.at.line, b->error.at.line + dline);
		ck_assert_uint_eq(a->error.at.col, b->error.at.col);
	}
	ck_assert_uint_eq(a->start.line, b->start.line + dline);
	ck_assert_uint_eq(a->start.offset, b->start.offset + doff);
	ck_assert_uint_eq(a->ntags, b->ntags);
	for (i = 0; i < a->ntags; i++) {
		ck_assert_str_eq(a->tags[i].name, b->tags[i].name);
		ck_assert_uint_eq(a->tags[i].value_len, b->tags[i].value_len);
		ck_assert_mem_eq(a->tags[i].value, b->tags[i].value,
		    b->tags[i].value_len + 1);
		ck_assert_uint_eq(a->tags[i].at.col, b->tags[i].at.col);
		ck_assert_uint_eq(
		    a->tags[i].at.offset, b->tags[i].at.offset + doff);
	}
	ck_assert_uint_eq(a->nturns, b->nturns);
	for (i = 0; i < a->nturns; i++) {
		ck_assert_uint_eq(a->turns[i].len, b->turns[i].len);
		ck_assert_mem_eq(
		    a->turns[i].text, b->turns[i].text, b->turns[i].len);
		ck_assert_uint_eq(
		    a->turns[i].at.line, b->turns[i].at.line + dline);
		ck_assert_uint_eq(a->turns[i].at.col, b->turns[i].at.col);
		ck_assert_uint_eq(
		    a->turns[i].at.offset, b->turns[i].at.offset + doff);
	}
}

/*
 * A tree's line read where it stands in the reader's 64 KiB block, or
 * copied where the block does not hold it whole: a GGF and an SGF tree
 * (a NUL in a value) whose line crosses the block's end at each of its
 * bytes and around, so that its end (LF, CR or CR LF) is the block's
 * last byte or the next's first, a line then exactly filling the
 * block, and the last line with no end; each tree read as the same
 * tree alone, at the same column, its lines and offsets moved by the
 * pad before it.
 */
START_TEST(tree_lines_across_blocks)
{
	static const char ggf[] =
	    "(;GM[Othello]PC[a\0b]RE[+2.000]BO[8 "
	    "-------- -------- -------- ---O*--- ---*O--- "
	    "-------- -------- -------- *]B[f5]W[d6]"
	    "B[c3]W[PA]B[h8];)",
			  sgf[] = "(;GM[2]FF[4]SZ[8]RE[B+2]PC[a\0b]AB[e4][d5]"
				  "AW[d4][e5]PL[B];B[f5];W[d6];B[c3];W[d3])";
	static const struct {
		const char	  *s;
		size_t		   len;
		enum record_format fmt;
	} trees[] = { { ggf, sizeof ggf - 1, RECORD_GGF },
		{ sgf, sizeof sgf - 1, RECORD_SGF } };
	static const char *const ends[] = { "\n", "\r", "\r\n" };
	const struct record	*rec;
	struct record_reader	*alone;
	const struct record	*want;
	char			*text, one[256];
	size_t			 t, e, len, n, cap = 65536 + 1024;
	long			 b;

	text = malloc(cap);
	ck_assert_ptr_nonnull(text);
	for (t = 0; t < 2; t++)
		for (e = 0; e < 3; e++) {
			n = trees[t].len;
			memcpy(one, trees[t].s, n);
			memcpy(one + n, ends[e], strlen(ends[e]));
			n += strlen(ends[e]);
			alone = record_reader_new_buffer(
			    syn, one, n, "test", trees[t].fmt);
			ck_assert_ptr_nonnull(alone);
			ck_assert_int_eq(record_reader_next(alone, &want), 1);
			/* The block ends b bytes into the tree's line. */
			for (b = -4; b <= (long)n + 4; b++) {
				len = (size_t)(65536 - b);
				memset(text, ' ', len - 1);
				text[len - 1] = '\n';
				memcpy(text + len, one, n);
				/* Then the same, its end the input's. */
				memcpy(text + len + n, one, trees[t].len);
				reader_open(
				    text, len + n + trees[t].len, trees[t].fmt);
				rec = next_record();
				assert_same_tree(rec, want, 1, len);
				rec = next_record();
				assert_same_tree(rec, want, 2, len + n);
				assert_no_more();
			}
			record_reader_free(alone);
		}
	free(text);
}
END_TEST

/*
 * A tree's line exactly filling the reader's first 64 KiB block, its
 * end the block's last byte or bytes (LF, CR LF; a CR there and its LF
 * the next block's first), a byte longer, and longer than the block:
 * its long value and its moves read whole.
 */
START_TEST(tree_line_filling_a_block)
{
	static const char head[] = "(;GM[Othello]PC[", tail[] = "]B[f5]W[d6];)";
	static const char *const ends[] = { "\n", "\r\n", "\r" };
	const struct record	*rec;
	char			*text;
	size_t			 cap = 3 * 65536, len, e, v, k;
	const size_t		 sizes[] = { 0, 1, 2, 65536 };

	text = malloc(cap);
	ck_assert_ptr_nonnull(text);
	for (e = 0; e < 3; e++)
		for (k = 0; k < 4; k++) {
			/* The value's bytes, the line then 65536 + sizes[k]. */
			v = 65536 + sizes[k] - (sizeof head - 1) -
			    (sizeof tail - 1) - strlen(ends[e]);
			len = 0;
			memcpy(text, head, sizeof head - 1);
			len += sizeof head - 1;
			memset(text + len, 'x', v);
			len += v;
			memcpy(text + len, tail, sizeof tail - 1);
			len += sizeof tail - 1;
			memcpy(text + len, ends[e], strlen(ends[e]));
			len += strlen(ends[e]);
			len += (size_t)snprintf(
			    text + len, cap - len, "(;GM[Othello]B[c4];)");
			reader_open(text, len, RECORD_GGF);
			rec = next_record();
			ck_assert(!rec->malformed);
			ck_assert_uint_eq(
			    record_tag_find(rec, "Site")->value_len, v);
			ck_assert_uint_eq(rec->nturns, 2);
			ck_assert_str_eq(turn_text(rec, 1), "d6");
			ck_assert_uint_eq(rec->turns[1].at.line, 1);
			rec = next_record();
			ck_assert_uint_eq(rec->nturns, 1);
			ck_assert_str_eq(turn_text(rec, 0), "c4");
			ck_assert_uint_eq(rec->turns[0].at.line, 2);
			ck_assert_uint_eq(rec->turns[0].at.col, 16);
			ck_assert_uint_eq(
			    rec->turns[0].at.offset, 65536 + sizes[k] + 15);
			assert_no_more();
		}
	free(text);
}
END_TEST

/* The old rule of replay_keys: a tag named ...KeyHash, in any case. */
static bool
names_key_hash(const struct record *rec)
{
	size_t i, n;

	for (i = 0; i < rec->ntags; i++)
		if ((n = strlen(rec->tags[i].name)) >= 7 &&
		    strcasecmp(rec->tags[i].name + n - 7, "KeyHash") == 0)
			return true;
	return false;
}

/*
 * Bit RECORD_KEY_HASH_NAMED of a record's known tags as that rule says:
 * names of each case and near misses, as a record's first tag, among a
 * few and past the tags scanned (READER_TAG_SCAN), after a duplicate,
 * in the notation and a GGF's XT, and noted by record_tag_note_known in
 * a record made by hand.
 */
START_TEST(key_hash_names_noted)
{
	static const char *const names[] = { "KeyHash", "WhiteKeyHash",
		"blackkeyhash", "RefereeKEYHASH", "xKeYhAsH", "KeyHas",
		"eyHash", "KeyHashes", "KeyHasH", "Keyhash_", "Key", "KeyJash",
		"Result", "kEYHASh", "K\x80yHash" };
	static const size_t	 before[] = { 0, 1, 3, 15, 16, 20, 40 };
	static char		 text[8192];
	const struct record	*rec;
	struct record_tag	 tags[2];
	struct record		 made;
	size_t			 i, j, k, len;
	bool			 want;

	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		for (j = 0; j < sizeof before / sizeof before[0]; j++)
			for (k = 0; k < 2; k++) {
				len = 0;
				for (size_t t = 0; t < before[j]; t++)
					len += (size_t)snprintf(text + len,
					    sizeof text - len,
					    "[Tag%zu \"%zu\"]\n", t, t);
				/* Its duplicate first: the name dropped. */
				if (k == 1)
					len += (size_t)snprintf(text + len,
					    sizeof text - len,
					    "[Tag0 \"again\"]\n");
				len += (size_t)snprintf(text + len,
				    sizeof text - len, "[%s \"x\"]\n\nf5 *\n",
				    names[i]);
				reader_open(text, len, RECORD_PGN);
				rec = next_record();
				want = names_key_hash(rec);
				ck_assert_ptr_eq(rec->known_of, rec->tags);
				ck_assert_uint_eq(rec->known_n, rec->ntags);
				ck_assert_msg(
				    (rec->known >> RECORD_KEY_HASH_NAMED & 1) ==
					want,
				    "%s after %zu tags", names[i], before[j]);
			}
		len = (size_t)snprintf(text, sizeof text,
		    "(;GM[Othello]XT[%s=x]B[f5];)\n", names[i]);
		reader_open(text, len, RECORD_GGF);
		rec = next_record();
		ck_assert_ptr_eq(rec->known_of, rec->tags);
		ck_assert_uint_eq(rec->known_n, rec->ntags);
		ck_assert_int_eq(rec->known >> RECORD_KEY_HASH_NAMED & 1,
		    names_key_hash(rec));
		/* A record made by hand, noted whole. */
		memset(&made, 0, sizeof made);
		tags[0] = (struct record_tag){ (char *)"Result", (char *)"*", 1,
			{ 1, 1, 0 } };
		tags[1] = (struct record_tag){ (char *)(uintptr_t)names[i],
			(char *)"x", 1, { 1, 1, 0 } };
		made.tags = tags;
		made.ntags = 2;
		record_tag_note_known(&made);
		ck_assert_int_eq(made.known >> RECORD_KEY_HASH_NAMED & 1,
		    names_key_hash(&made));
		ck_assert_int_eq(made.known >> RECORD_TAG_RESULT & 1, 1);
	}
}
END_TEST

/*
 * Each reader notes its records' known tags as record_tag_note_known
 * notes the same tags from their names, whether it looks a name up or
 * says which known tag it is (reader_tag_named_known): a WTHOR game of
 * a year (Event, Date, Black, White, GameId), a GGF and an SGF game
 * (Result, GameId, Termination...) and a CSV row (GameId).
 */
START_TEST(readers_note_known_tags_as_named)
{
	static unsigned char wtb[16 + 68];
	static const struct {
		const char	  *text;
		enum record_format format;
	} texts[] = {
		{ "(;GM[Othello]PC[x]RE[+2.000]BO[8 -------- -------- "
		  "-------- ---O*--- ---*O--- -------- -------- -------- *]"
		  "XT[GameId=7]B[f5]W[d6];)\n",
		    RECORD_GGF },
		{ "(;GM[2]FF[4]SZ[8]RE[B+R]AB[e4][d5]AW[d4][e5]PL[B]"
		  "XT[GameId=7];B[f5];W[d6])\n",
		    RECORD_SGF },
		{ "Othello_game_id,winner,game_moves\n7,1,f5d6\n", RECORD_CSV },
	};
	struct wthor_header  h = { .games = 1, .board = 8, .game_year = 1999 };
	const struct record *rec;
	struct record	     made;
	size_t		     i, k;

	for (i = 0; i <= sizeof texts / sizeof texts[0]; i++) {
		if (i == sizeof texts / sizeof texts[0]) {
			memset(wtb, 0, sizeof wtb);
			wthor_header_encode(&h, wtb);
			wtb[16 + 6] = 33;
			memcpy(wtb + 16 + 8, (unsigned char[]){ 56, 64 }, 2);
			reader_open(
			    (const char *)wtb, sizeof wtb, RECORD_WTHOR);
		} else
			reader_open(texts[i].text, strlen(texts[i].text),
			    texts[i].format);
		rec = next_record();
		ck_assert_uint_ge(rec->ntags, i == 2 ? 1 : 2);
		ck_assert_ptr_eq(rec->known_of, rec->tags);
		ck_assert_uint_eq(rec->known_n, rec->ntags);
		made = (struct record){ .tags = rec->tags,
			.ntags = rec->ntags };
		record_tag_note_known(&made);
		ck_assert_uint_eq(rec->known, made.known);
		for (k = 0; k < RECORD_TAG_NKNOWN; k++)
			if (made.known >> k & 1)
				ck_assert_uint_eq(
				    rec->known_at[k], made.known_at[k]);
	}
}
END_TEST

/* The comma rule and where a token's text divides between actions. */
START_TEST(turn_commas)
{
	static const char   tok[] = "35:xd2xc4,e5";
	struct rules_action dice = { .kind = RULES_DICE, .from = 3, .to = 5 };
	struct rules_action rm = { .kind = RULES_REMOVE };
	struct rules_action place = { .kind = RULES_PLACE };

	ck_assert(!record_turn_comma(&dice, &place));
	ck_assert(!record_turn_comma(&place, &rm));
	ck_assert(!record_turn_comma(&dice, &rm));
	ck_assert(record_turn_comma(&rm, &place));
	ck_assert(record_turn_comma(&place, &place));
	/* e5's cell is at 10: the actions before it end at the comma. */
	ck_assert_uint_eq(record_turn_cut(tok, 10), 9);
	ck_assert_uint_eq(record_turn_tail(tok, strlen(tok), 9), 10);
	ck_assert_uint_eq(record_turn_head(tok, 10), 9);
	/* A removal's x is its own separator; the dice end at the colon. */
	ck_assert_uint_eq(record_turn_cut(tok, 7), 6);
	ck_assert_uint_eq(record_turn_head(tok, 6), 6);
	ck_assert_uint_eq(record_turn_cut(tok, 4), 3);
	ck_assert_uint_eq(record_turn_tail(tok, strlen(tok), 3), 3);
	ck_assert_uint_ge(record_turn_bound(tok, strlen(tok)), 4);
	ck_assert_uint_ge(record_turn_bound("d3", 2), 1);
}
END_TEST

/* A turn in progress continued as the player writes it. */
START_TEST(turn_joined)
{
	static const char *const cases[][3] = {
		{ "c5*", "g4", "c5*,g4" },
		{ "b3", "xc3", "b3xc3" },
		{ "35:", "xd2", "35:xd2" },
		{ "35:xd2xc4", "e5", "35:xd2xc4,e5" },
		{ "", "d3", "d3" },
	};
	size_t i;
	char  *s;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		s = record_turn_join(cases[i][0], cases[i][1]);
		ck_assert_ptr_nonnull(s);
		ck_assert_str_eq(s, cases[i][2]);
		free(s);
	}
}
END_TEST

START_TEST(result_scores)
{
	unsigned long a = 0, b = 0;

	ck_assert_int_eq(record_result_score(syn, "36-28", 5, &a, &b), 1);
	ck_assert_uint_eq(a, 36);
	ck_assert_uint_eq(b, 28);
	ck_assert_int_eq(record_result_score(syn, "*", 1, &a, &b), -1);
	ck_assert_int_eq(record_result_score(syn, "1/2-1/2", 7, &a, &b), -1);
	ck_assert_int_eq(record_result_score(syn, "36-28x", 6, &a, &b), -1);
	ck_assert_int_eq(record_result_score(syn, "36-28", 3, &a, &b), -1);
	ck_assert_int_eq(record_result_score(syn, "-28", 3, &a, &b), -1);
	ck_assert_int_eq(record_result_score(syn, "36-28\n", 6, &a, &b), -1);
	ck_assert_int_eq(record_result_score(syn, "0-64", 4, &a, &b), 1);
	ck_assert_uint_eq(a, 0);
	ck_assert_uint_eq(b, 64);
	ck_assert_int_eq(
	    record_result_score(syn, "99999999999999999999999-1", 25, &a, &b),
	    0);
}
END_TEST

/* ---- Writing ------------------------------------------------------- */

START_TEST(write_and_read_back)
{
	static const struct record_tag_out tags[] = {
		{ "Event", "Club \"night\" \\ 2" },
		{ "Game", "reversi" },
		{ "Black", "Ada" },
		{ "Result", "*" },
	};
	static const char *const turns[] = {
		"f5",
		"d6",
		"c3",
		"d3",
		"c4",
		"f4",
		"f6",
		"f3",
		"e6",
		"e7",
		"c6",
		"g6",
		"d8",
		"c5",
		"b4",
		"f7",
		"d2",
		"c7",
		"d7",
		"b6",
		"b5",
		"f8",
		"c8",
		"a3",
		"pass",
		"b3",
	};
	const size_t	     nt = sizeof turns / sizeof turns[0];
	const struct record *rec;
	char		    *text = NULL, *line;
	size_t		     len = 0, i;
	FILE		    *out;

	out = open_memstream(&text, &len);
	ck_assert_int_eq(
	    record_write(out, tags, 4, turns, nt, _i == 0, "*"), 0);
	fclose(out);
	/* Movetext lines stop before column 80. */
	for (line = text; (line = strchr(line, '\n')) != NULL; line++)
		ck_assert_uint_lt(strcspn(line + 1, "\n"), 80);
	ck_assert((strstr(text, "\n1. f5 d6 2. c3") != NULL) == (_i == 0));
	reader_open(text, len, RECORD_PGN);
	rec = next_record();
	ck_assert(!rec->malformed);
	ck_assert_uint_eq(rec->ntags, 4);
	for (i = 0; i < 4; i++) {
		ck_assert_str_eq(rec->tags[i].name, tags[i].name);
		ck_assert_str_eq(rec->tags[i].value, tags[i].value);
	}
	ck_assert_uint_eq(rec->nturns, nt);
	for (i = 0; i < nt; i++)
		ck_assert_str_eq(turn_text(rec, i), turns[i]);
	ck_assert(rec->has_result);
	assert_no_more();
	reader_close();
	free(text);
}
END_TEST

START_TEST(turn_tokens_formatted)
{
	struct rules_board	 b;
	struct rules_action	 a[8];
	size_t			 offs[8];
	struct diag		 d;
	char			 out[64];
	static const char *const tokens[] = {
		"c5*,g4",
		"e5xe4,f4",
		"35:xd2xc4,e5,f6,g1",
		"pass",
		"swap",
		"e1-g3",
		"d4",
	};
	int n;

	ck_assert_int_eq(rules_hexhex_init(&b, 5, NULL), 0);
	n = record_turn_parse(
	    syn, &b, tokens[_i], strlen(tokens[_i]), a, offs, 8, &d);
	ck_assert_int_gt(n, 0);
	ck_assert_int_eq(record_turn_format(&b, a, (size_t)n, out, sizeof out),
	    (int)strlen(tokens[_i]));
	ck_assert_str_eq(out, tokens[_i]);
	ck_assert_int_eq(record_turn_format(&b, a, (size_t)n, out, 2), -1);
}
END_TEST

/* The first record of text, read by the test's reader. */
static const struct record *
first_record(const char *text)
{
	reader_open(text, strlen(text), RECORD_PGN);
	return next_record();
}

/*
 * The text out, len bytes, that an edit of the test's record made:
 * copied (static), out freed and the reader closed.
 */
static const char *
edited(char *out, size_t len)
{
	static char buf[1024];

	ck_assert_ptr_nonnull(out);
	ck_assert_uint_eq(strlen(out), len);
	snprintf(buf, sizeof buf, "%s", out);
	free(out);
	reader_close();
	return buf;
}

/* Applies the update u to text and returns the new text (static). */
static const char *
update_of(const char *text, const struct record_update *u)
{
	size_t len;
	char  *out = record_update_text(
	     text, strlen(text), first_record(text), u, &len);

	return edited(out, len);
}

/* The text of an update of text by up to two turns and a result. */
static const char *
updated(const char *text, bool replace_last, const char *turn1,
    const char *turn2, const char *result)
{
	const char	    *turns[2] = { turn1, turn2 };
	struct record_update u = { replace_last, turns,
		turn2 != NULL	  ? 2 :
		    turn1 != NULL ? 1 :
				    0,
		result, NULL, NULL, NULL, 0, NULL };

	return update_of(text, &u);
}

START_TEST(update_appends_turns)
{
	/* Numbers follow the record; the result token stays last. */
	ck_assert_str_eq(updated("[Game \"reversi\"]\n\n1. f5 d6 *\n", false,
			     "c3", "d3", NULL),
	    "[Game \"reversi\"]\n\n1. f5 d6 2. c3 d3 *\n");
	ck_assert_str_eq(
	    updated("[Game \"reversi\"]\n\nf5 d6 *\n", false, "c3", NULL, NULL),
	    "[Game \"reversi\"]\n\nf5 d6 c3 *\n");
	/* A comment before the new turn: the second colour's N... */
	ck_assert_str_eq(updated("[Game \"reversi\"]\n1. f5 {fine} *\n", false,
			     "d6", NULL, NULL),
	    "[Game \"reversi\"]\n1. f5 {fine} 1... d6 *\n");
	/* No movetext yet: a blank line, then numbered turns. */
	ck_assert_str_eq(
	    updated("[Game \"reversi\"]\n", false, "f5", "d6", NULL),
	    "[Game \"reversi\"]\n\n1. f5 d6\n");
	ck_assert_str_eq(updated("[Game \"reversi\"]\r\n[Result \"*\"]\r\n"
				 "\r\n*\r\n",
			     false, "f5", NULL, NULL),
	    "[Game \"reversi\"]\r\n[Result \"*\"]\r\n\r\n1. f5 *\r\n");
	/* A ; comment ends the line: the turn goes on the next. */
	ck_assert_str_eq(updated("[Game \"reversi\"]\n1. f5 ; note", false,
			     "d6", NULL, NULL),
	    "[Game \"reversi\"]\n1. f5 ; note\n1... d6");
	/* A turn in progress is continued in place. */
	ck_assert_str_eq(updated("[Game \"oust\"]\n1. c3 c5* *\n", true,
			     "c5*,g4", "d4", NULL),
	    "[Game \"oust\"]\n1. c3 c5*,g4 2. d4 *\n");
}
END_TEST

START_TEST(update_sets_result)
{
	ck_assert_str_eq(updated("[Game \"reversi\"]\n[Result \"*\"]\n\n"
				 "1. f5 *\n",
			     false, "d6", NULL, "3-1"),
	    "[Game \"reversi\"]\n[Result \"3-1\"]\n\n1. f5 d6 3-1\n");
	/* No Result tag nor token: both are added. */
	ck_assert_str_eq(updated("[Game \"reversi\"] [Black \"A\"]\nf5\n",
			     false, "d6", NULL, "3-1"),
	    "[Game \"reversi\"] [Black \"A\"]\n[Result \"3-1\"]\nf5 d6 3-1\n");
}
END_TEST

START_TEST(update_wraps_long_lines)
{
	char	    text[512];
	const char *out, *p;

	snprintf(text, sizeof text, "[Game \"reversi\"]\n\n%s *\n",
	    "1. f5 d6 2. c3 d3 3. c4 f4 4. f6 f3 5. e6 e7 6. c6 g6 7. d8 c5 "
	    "8. b4 f7");
	out = updated(text, false, "d2", "c7", NULL);
	ck_assert_ptr_nonnull(strstr(out, "f7 9. d2\nc7 *\n"));
	for (p = out; (p = strchr(p, '\n')) != NULL; p++)
		ck_assert_uint_lt(strcspn(p + 1, "\n"), 80);
}
END_TEST

/*
 * Where the writer says the new turns stand is where the reader finds
 * them: line, column and offset, with comments, wrapping, a turn in
 * progress replaced, a Result tag added above, CR LF and CR line ends and
 * a byte order mark.
 */
START_TEST(update_places_turns)
{
	static const struct {
		const char *text;
		bool	    replace_last;
		const char *result;
	} cases[] = {
		{ "[Game \"reversi\"]\n1. f5 {fine} *\n", false, NULL },
		{ "[Game \"reversi\"]\n\n1. f5 d6 2. c3 d3 3. c4 f4 4. f6 f3 "
		  "5. e6 e7 6. c6 g6 7. d8 c5 8. b4 f7 *\n",
		    false, NULL },
		{ "[Game \"oust\"]\r\n\r\n1. c3 c5* *\r\n", true, NULL },
		{ "[Game \"reversi\"]\r\r1. f5\r", false, "3-1" },
		{ "\xef\xbb\xbf"
		  "f5 d6",
		    false, NULL },
		{ "[Game \"reversi\"] [Black \"A\"]\nf5\n", false, "3-1" },
	};
	const char	    *turns[2] = { "c5*,g4", "d2" };
	struct diag_pos	     at[2];
	struct record_update u = { cases[_i].replace_last, turns, 2,
		cases[_i].result, at, NULL, NULL, 0, NULL };
	const struct record *rec;
	size_t		     len, before, k;
	char		    *out;

	reader_open(cases[_i].text, strlen(cases[_i].text), RECORD_PGN);
	rec = next_record();
	before = rec->nturns - (cases[_i].replace_last ? 1 : 0);
	out = record_update_text(
	    cases[_i].text, strlen(cases[_i].text), rec, &u, &len);
	ck_assert_ptr_nonnull(out);
	reader_close();
	reader_open(out, len, RECORD_PGN);
	rec = next_record();
	ck_assert_uint_eq(rec->nturns, before + 2);
	for (k = 0; k < 2; k++) {
		ck_assert_uint_eq(at[k].line, rec->turns[before + k].at.line);
		ck_assert_uint_eq(at[k].col, rec->turns[before + k].at.col);
		ck_assert_uint_eq(
		    at[k].offset, rec->turns[before + k].at.offset);
	}
	reader_close();
	free(out);
}
END_TEST

/* The text of a takeback keeping keep turns, with the note N (static). */
static const char *
taken_back(const char *text, size_t keep)
{
	size_t len;
	char  *out = record_takeback_text(
	     text, strlen(text), first_record(text), keep, "{N}", &len);

	return out != NULL ? edited(out, len) : NULL;
}

/*
 * A takeback removes the last turns, their numbers and what follows them
 * to the result token, and keeps the comments of the turn it goes back to.
 */
START_TEST(takeback_removes_turns)
{
	ck_assert_str_eq(taken_back("[Game \"reversi\"]\n\n1. f5 {[%at 1]} d6 "
				    "2. c3 {c} d3 *\n",
			     2),
	    "[Game \"reversi\"]\n\n1. f5 {[%at 1]} d6 {N} *\n");
	ck_assert_str_eq(taken_back("[Game \"reversi\"]\n\n1. f5 {a}\n"
				    "{[%offer undo black 1]} 1... d6 *\n",
			     1),
	    "[Game \"reversi\"]\n\n1. f5 {a}\n{[%offer undo black 1]} {N} *\n");
	/* A comment between a number and its turn goes with the turn. */
	ck_assert_str_eq(
	    taken_back("[Game \"reversi\"]\n\n1. f5 d6 2. {c} c3 *\n", 2),
	    "[Game \"reversi\"]\n\n1. f5 d6 {N} *\n");
	/* A comment before the first turn stays. */
	ck_assert_str_eq(
	    taken_back("[Game \"reversi\"]\n\n{intro} 1. f5 *\n", 0),
	    "[Game \"reversi\"]\n\n{intro} {N} *\n");
	/* Back to the start: the note opens the movetext's line. */
	ck_assert_str_eq(taken_back("[Game \"reversi\"]\n\n1. f5 d6 *\n", 0),
	    "[Game \"reversi\"]\n\n{N} *\n");
	/* A ; comment ends its line: the note goes on the next. */
	ck_assert_str_eq(
	    taken_back("[Game \"reversi\"]\n1. f5 ; note\n1... d6 *\n", 1),
	    "[Game \"reversi\"]\n1. f5 ; note\n{N} *\n");
	/* No result token: the note ends the movetext. */
	ck_assert_str_eq(taken_back("[Game \"reversi\"]\n1.f5 d6\n", 1),
	    "[Game \"reversi\"]\n1.f5 {N}\n");
	/* Nothing to take back: no text. */
	ck_assert_ptr_null(taken_back("[Game \"reversi\"]\n1. f5 *\n", 1));
}
END_TEST

/*
 * Fails the test unless util_printable, with a buffer of RECORD_SHOWN,
 * shows n times 'a' then tail as m times 'a' then shown.
 */
static void
assert_shown(size_t n, const char *tail, size_t m, const char *shown)
{
	char in[2 * RECORD_SHOWN], want[2 * RECORD_SHOWN];
	char buf[RECORD_SHOWN];

	ck_assert_uint_lt(n + strlen(tail), sizeof in);
	ck_assert_uint_lt(m + strlen(shown), sizeof want);
	memset(in, 'a', n);
	strcpy(in + n, tail);
	memset(want, 'a', m);
	strcpy(want + m, shown);
	util_printable(in, strlen(in), buf, sizeof buf);
	ck_assert_str_eq(buf, want);
}

/*
 * Text shown (formats/record.md): what fits in RECORD_SHOWN - 1 bytes is
 * kept whole; anything longer is cut before a character or its escape and
 * ends in "...", in RECORD_SHOWN - 1 bytes at most.
 */
START_TEST(printable_cut_where_needed)
{
	static const struct {
		size_t	    n;	   /* times 'a' */
		const char *tail;  /* then this */
		size_t	    m;	   /* shown as times 'a' */
		const char *shown; /* then this */
	} cases[] = {
		/* 58 and 59 bytes fit; 60 and 61 are cut to 56 and the dots. */
		{ 58, "", 58, "" },
		{ 59, "", 59, "" },
		{ 60, "", 56, "..." },
		{ 61, "", 56, "..." },
		/* A two-byte character is kept whole or not at all. */
		{ 57, "\303\251", 57, "\303\251" },
		{ 56, "\303\251b", 56, "\303\251b" },
		{ 56, "\303\251bb", 56, "..." },
		{ 55, "\303\251bbb", 55, "..." },
		{ 54, "\303\251bbbb", 54, "\303\251..." },
		{ 58, "\303\251", 56, "..." },
		/* So is an escape (four bytes for an ESC, two for a backslash). */
		{ 55, "\033", 55, "\\x1b" },
		{ 56, "\033", 56, "..." },
		{ 52, "\033bbb", 52, "\\x1bbbb" },
		{ 53, "\033bbb", 53, "..." },
		{ 52, "\033bbbb", 52, "\\x1b..." },
		{ 57, "\\", 57, "\\\\" },
		{ 58, "\\", 56, "..." },
	};
	char   buf[8];
	size_t i;

	ck_assert_int_eq(RECORD_SHOWN, 60);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_shown(
		    cases[i].n, cases[i].tail, cases[i].m, cases[i].shown);

	/* Small buffers: nothing is written past cap, not even the NUL. */
	memset(buf, 'z', sizeof buf);
	util_printable("abc", 3, buf, 0);
	ck_assert_int_eq(buf[0], 'z');
	util_printable("abc", 3, buf, 1);
	ck_assert_str_eq(buf, "");
	util_printable("abc", 3, buf, 4);
	ck_assert_str_eq(buf, "abc");
	util_printable("abcd", 4, buf, 4);
	ck_assert_str_eq(buf, "...");
	memset(buf, 'z', sizeof buf);
	util_printable("abcd", 4, buf, 5);
	ck_assert_str_eq(buf, "abcd");
	ck_assert_int_eq(buf[5], 'z');
}
END_TEST

START_TEST(update_writes_stamps)
{
	static const char    text[] = "[Game \"oust\"]\n\n1. c3 "
				      "{[%at 2026-01-01T00:00:00Z]} 1... b4* *\n";
	const char	    *turns[2] = { "b4*,a1", "e1" };
	struct record_update u = { true, turns, 2, NULL, NULL,
		"2026-01-02T00:00:00Z", NULL, 0, NULL };

	/* The turn in progress without a moment gets one after it. */
	ck_assert_str_eq(update_of(text, &u),
	    "[Game \"oust\"]\n\n1. c3 {[%at 2026-01-01T00:00:00Z]} 1... "
	    "b4*,a1 {[%at 2026-01-02T00:00:00Z]} 2. e1\n"
	    "{[%at 2026-01-02T00:00:00Z]} *\n");
	/* A new turn, dated: no comment came before it, so no N... */
	u = (struct record_update){ false, turns + 1, 1, NULL, NULL,
		"2026-01-02T00:00:00Z", NULL, 0, NULL };
	ck_assert_str_eq(update_of("[Game \"reversi\"]\n\n1. f5 *\n", &u),
	    "[Game \"reversi\"]\n\n1. f5 e1 "
	    "{[%at 2026-01-02T00:00:00Z]} *\n");
}
END_TEST

START_TEST(update_sets_tags)
{
	const struct record_tag_out tags[2] = {
		{ "Termination", "white \"timed\" out" }, { "Winner", "black" }
	};
	struct record_update u = { .tags = tags, .ntags = 2 };

	/* A tag there gets its value; another goes after the last one. */
	ck_assert_str_eq(update_of("[Game \"reversi\"]\r\n[Winner \"x\"]"
				   "\r\n\r\n1. f5 *\r\n",
			     &u),
	    "[Game \"reversi\"]\r\n[Winner \"black\"]\r\n"
	    "[Termination \"white \\\"timed\\\" out\"]\r\n\r\n1. f5 *\r\n");
	/* No tags yet: each on a line of its own before the movetext. */
	ck_assert_str_eq(update_of("1. f5 *\n", &u),
	    "[Termination \"white \\\"timed\\\" out\"]\n"
	    "[Winner \"black\"]\n1. f5 *\n");
}
END_TEST

/*
 * Appends to out what tells rec apart: where it starts (the offset, which
 * a range keeps), its tags, turns and whether it is malformed.
 */
static void
record_sig(const struct record *rec, char *out, size_t cap)
{
	size_t n = strlen(out), i;

	n += (size_t)snprintf(out + n, cap - n, "@%llu%s",
	    (unsigned long long)rec->start.offset, rec->malformed ? "!" : "");
	for (i = 0; i < rec->ntags && n < cap; i++)
		n += (size_t)snprintf(out + n, cap - n, "[%s=%.*s]",
		    rec->tags[i].name, (int)rec->tags[i].value_len,
		    rec->tags[i].value);
	for (i = 0; i < rec->nturns && n < cap; i++)
		n += (size_t)snprintf(
		    out + n, cap - n, " %s", turn_text(rec, i));
	if (n < cap)
		snprintf(out + n, cap - n, ";\n");
}

/*
 * The records of text[len] in [start, end), their signatures appended to
 * out: 1 if the range meets the next one, 0 if the reader says it does
 * not (shard-boundary).
 */
static int
read_range(const char *text, size_t len, enum record_format fmt,
    unsigned long long start, unsigned long long end, char *out, size_t cap)
{
	const struct record *rec;
	struct diag	     d;
	int		     rc;

	reader_open(text, len, fmt);
	ck_assert_int_eq(record_reader_range(rd, start, end), 0);
	while ((rc = record_reader_next(rd, &rec)) == 1)
		record_sig(rec, out, cap);
	ck_assert_int_eq(rc, 0);
	rc = record_reader_range_check(rd, &d);
	ck_assert_int_ge(rc, 0);
	if (rc == 0)
		ck_assert_int_eq(d.code, DIAG_SHARD_BOUNDARY);
	return rc;
}

/*
 * Byte ranges (formats/record.md, "Shards"): cut anywhere, the two
 * ranges give every record once, in order, as one reader does; where
 * the format cannot tell a record's start from its line, the first
 * range says so, never a record lost or read twice.  Each task's range
 * depends only on its own start and end, so two ranges cut at every
 * byte are every split into N.
 */
static const struct {
	const char	  *text;
	enum record_format fmt;
	bool		   every_cut; /* no cut is refused */
} range_inputs[] = {
	/* Tag blocks, movetext over lines, a result on its own line. */
	{ "[Game \"reversi\"]\n[Event \"a\"]\n\n1. f5 d6 2. c3\nd3 *\n\n"
	  "[Game \"reversi\"]\n[Event \"b\"]\n\nf5 {a comment\n\n"
	  "over lines} d6 *\n\n\n[Game \"reversi\"]\n[Event \"c\"]\nf5\n"
	  "c3 d3 *\n; a note\n[Game \"reversi\"]\n[Event \"d\"]\nf5 *\n"
	  "[Game \"reversi\"]\n[Event \"e\"]\nf5\n%escape\n\n"
	  "[Game \"reversi\"]\n[Event \"f\"]\n\n{a long movetext line} "
	  "1. f5 d6 2. c3 d3 3. c4 f4 4. c5 b3 5. c2 e6 6. c6 b4 7. b5 "
	  "d2 8. e3 a6 9. c1 b6 10. f3 f6 11. e7 f7 12. d7 g5 13. f8 "
	  "e8 14. g6 g4 15. h5 h4 16. h3 g3 *\n[Game \"reversi\"]\nf5 *\n",
	    RECORD_PGN, true },
	/* CR LF line ends, a lone CR, no final line end. */
	{ "[Game \"reversi\"]\r\n[Event \"a\"]\r\n\r\nf5 d6 *\r\n\r\n"
	  "[Game \"reversi\"]\r\n[Event \"b\"]\r\nf5 *\r\r"
	  "[Game \"reversi\"]\r\n[Event \"c\"]\r\nf5 d6 c3",
	    RECORD_PGN, true },
	/* A comment before a record, '[' after a blank line in a comment. */
	{ "[Game \"reversi\"]\n\nf5 *\n\n{before}\n[Game \"reversi\"]\n\n"
	  "f5 d6 {\n\n[not a tag]} *\n\n[Game \"reversi\"]\nf5 *\n",
	    RECORD_PGN, false },
	/* A header, blank lines, CR LF, a quote never closed, no end. */
	{ "id,winner,moves\r\n1,1,f5d6c3\r\n\r\n2,-1,\"f5d6\r\n"
	  "3,0,\"f5,d6\"\n  \n4,1,f5d6c3d3\n5,1,f5",
	    RECORD_CSV, true },
	/* No header: the first row is a record. */
	{ "7,1,f5d6c3\n8,-1,f5d6\n9,0,f5\n", RECORD_CSV, true },
	{ "\nf5d6c3\n\nf5d6\r\nf5\rf5d6c3d3", RECORD_TRANSCRIPT, true },
};

START_TEST(ranges_give_each_record_once)
{
	const char *text = range_inputs[_i].text;
	size_t	    len = strlen(text), c;
	char	    whole[4096], split[4096];
	int	    refused = 0;

	whole[0] = '\0';
	ck_assert_int_eq(read_range(text, len, range_inputs[_i].fmt, 0, len,
			     whole, sizeof whole),
	    1);
	ck_assert_ptr_nonnull(strchr(whole, ';'));
	for (c = 0; c <= len; c++) {
		split[0] = '\0';
		if (read_range(text, len, range_inputs[_i].fmt, 0, c, split,
			sizeof split) == 0) {
			refused++;
			continue;
		}
		ck_assert_int_eq(read_range(text, len, range_inputs[_i].fmt, c,
				     len, split, sizeof split),
		    1);
		ck_assert_msg(strcmp(whole, split) == 0,
		    "cut at %zu:\n%s---\n%s", c, whole, split);
	}
	if (range_inputs[_i].every_cut)
		ck_assert_int_eq(refused, 0);
	else
		ck_assert_int_gt(refused, 0);
	reader_close();
}
END_TEST

/* Every move byte named as formats/wthor.md says: 10 * row + column. */
START_TEST(wthor_move_bytes_named)
{
	unsigned b;
	char	 name[3] = "xx";

	for (b = 0; b < 256; b++) {
		unsigned row = b / 10, col = b % 10;
		bool	 square = b < 100 && row >= 1 && row <= 8 && col >= 1 &&
		    col <= 8;

		memcpy(name, "xx", 2);
		ck_assert_int_eq(wthor_square(b, name), square);
		if (square) {
			ck_assert_int_eq(name[0], 'a' + (int)col - 1);
			ck_assert_int_eq(name[1], '0' + (int)row);
		} else
			ck_assert_str_eq(name, "xx");
	}
	ck_assert(wthor_square(56, name));
	ck_assert_str_eq(name, "f5");
}
END_TEST

/*
 * A WTHOR game's turns, one a move byte, each at its byte (line the game,
 * column and offset the byte's), named as wthor_square names it, with
 * its square byte; a 0 before a move a pass ("pa", no square); a byte
 * that names no square, at any place, the game's error at that byte and
 * no turn.  Games of every length, so that any run the reader takes
 * whole ends at each place.
 */
START_TEST(wthor_turns_at_their_bytes)
{
	static unsigned char file[16 + 68 * 200];
	const struct record *rec;
	const uint8_t	    *sq;
	struct wthor_header  h = { .games = 200, .board = 8 };
	size_t		     g, i, used, base;
	char		     name[2];

	for (g = 0; g < 200; g++) {
		unsigned char *m = file + 16 + 68 * g + 8;

		memset(file + 16 + 68 * g, 0, 68);
		used = g % 61;
		for (i = 0; i < used; i++)
			m[i] = (unsigned char)(11 + 10 * ((g + i) % 8) +
			    (g * 7 + i * 3) % 8);
		if (g >= 61 && g < 122 && used > 1)
			m[(g * 5) % (used - 1)] = 0; /* a pass */
		if (g >= 122 && used > 0) /* no square: 0..9, 89, 99, 255 */
			m[(g * 3) % used] = (unsigned char[]){ 9, 10, 19, 89,
				90, 99, 100, 255 }[g % 8];
	}
	wthor_header_encode(&h, file);
	reader_open((const char *)file, sizeof file, RECORD_WTHOR);
	for (g = 0; g < 200; g++) {
		const unsigned char *m = file + 16 + 68 * g + 8;
		size_t		     bad = SIZE_MAX;

		rec = next_record();
		base = 16 + 68 * g + 8;
		used = 60;
		while (used > 0 && m[used - 1] == 0)
			used--;
		for (i = 0; i < used && bad == SIZE_MAX; i++)
			if (m[i] != 0 && !wthor_square(m[i], name))
				bad = i;
		if (bad != SIZE_MAX) {
			ck_assert_msg(rec->malformed, "game %zu", g + 1);
			ck_assert_uint_eq(rec->error.at.offset, base + bad);
			ck_assert_uint_eq(rec->error.at.col, 8 + bad + 1);
			continue;
		}
		ck_assert_msg(!rec->malformed, "game %zu", g + 1);
		ck_assert_uint_eq(rec->nturns, used);
		sq = record_squares(rec);
		for (i = 0; i < used; i++) {
			const struct record_token *t = &rec->turns[i];

			ck_assert_uint_eq(t->len, 2);
			ck_assert_uint_eq(t->at.line, g + 1);
			ck_assert_uint_eq(t->at.col, 8 + i + 1);
			ck_assert_uint_eq(t->at.offset, base + i);
			if (m[i] == 0) {
				ck_assert_int_eq(memcmp(t->text, "pa", 2), 0);
				ck_assert_uint_eq(sq[i], RECORD_SQUARE_NONE);
				continue;
			}
			ck_assert(wthor_square(m[i], name));
			ck_assert_int_eq(memcmp(t->text, name, 2), 0);
			ck_assert_uint_eq(sq[i],
			    (unsigned)(name[0] - 'a') |
				(unsigned)(name[1] - '1') << 4);
		}
	}
	assert_no_more();
	reader_close();
}
END_TEST

/*
 * The exhaustive tests read a few hundred thousand records: a second
 * alone, several on a machine others load (Check's default is 4).
 */
UNIT_MAIN("record",
    unit_loops(
	unit_fixture(
	    unit_tcase("reader", 120, reads_tags_turns_and_result,
		known_tags_as_searched, known_tags_near_misses,
		duplicate_tags_found_at_any_count,
		transcripts_as_the_pattern_says,
		transcript_runs_as_the_pattern_says,
		long_transcript_runs_as_the_pattern_says,
		transcript_runs_at_line_ends, transcript_lines_across_blocks,
		tags_as_the_pattern_says, format_names,
		binary_input_is_one_record, skip_is_read_unseen,
		buffer_reads_as_stream, tree_values_at_any_byte,
		tree_turns_point_into_their_text, tree_roots_as_read_apart,
		tree_skip_is_read_unseen, tree_lines_skipped_as_read,
		tree_start_pieces_are_reversis, sgf_points_as_cells_read,
		tree_runs_stop_where_moves_do, tree_pairs_as_read_one_by_one,
		tree_eights_as_read_one_by_one, tree_results_as_printf_writes,
		sgf_start_set_ups_as_placed, tree_root_runs_as_read_apart,
		tree_lines_across_blocks, tree_line_filling_a_block,
		key_hash_names_noted, readers_note_known_tags_as_named, NULL),
	    syntax_setup, syntax_teardown),
	records_as_written, 0, (int)(sizeof written / sizeof written[0]),
	records_held_as_written, 0, (int)(sizeof written / sizeof written[0]),
	setup_values, 0, 8, sniffing, 0, 8, ranges_give_each_record_once, 0,
	(int)(sizeof range_inputs / sizeof range_inputs[0]), NULL),
    unit_fixture(unit_tcase("turns", 0, turn_tokens, printable_cut_where_needed,
		     turn_commas, turn_joined, result_scores,
		     wthor_move_bytes_named, wthor_turns_at_their_bytes, NULL),
	syntax_setup, syntax_teardown),
    unit_loops(unit_fixture(unit_tcase("writer", 0, update_appends_turns,
				update_sets_result, update_wraps_long_lines,
				update_writes_stamps, update_sets_tags,
				takeback_removes_turns, NULL),
		   syntax_setup, syntax_teardown),
	write_and_read_back, 0, 2, turn_tokens_formatted, 0, 7,
	update_places_turns, 0, 6, NULL))
