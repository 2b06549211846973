/* SPDX-License-Identifier: MIT */
/*
 * Loading the one record of a file for a gameplay subcommand, and the
 * helpers they share (play.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"
#include "util/util.h"

void
play_forfeit_text(
    const struct record *rec, const struct replay *rp, char *buf, size_t cap)
{
	const struct record_tag *t = record_tag_find(rec, "Termination");
	char			 why[RECORD_SHOWN];

	util_printable(t->value, t->value_len, why, sizeof why);
	snprintf(buf, cap, "%s wins (%s)", rp->game->colour[rp->forfeit_winner],
	    why);
}

int
play_select_option(struct play_select *sel, int c, const char *arg)
{
	switch (c) {
	case 'g':
		sel->game = cli_find_game(arg);
		return sel->game != NULL ? 0 : -1;
	case 'r':
		if (!match_count("--record", arg, &sel->record))
			return -1;
		if (sel->record == 0) {
			cli_error("--record counts from 1");
			return -1;
		}
		/* Counting up to the record after it must not overflow. */
		if (sel->record > LONG_MAX) {
			cli_error("--record: at most %ld", LONG_MAX);
			return -1;
		}
		return 0;
	default: return 0;
	}
}

const struct option play_record_longopts[] = {
	PLAY_LONGOPTS_RECORD,
	PLAY_LONGOPTS_COMMON,
	{ NULL, 0, NULL, 0 },
};

int
play_record_option(void *sel, int c, const char *arg)
{
	return play_select_option(sel, c, arg);
}

/*
 * How many records text holds, up to the one after record want (1-based;
 * 0: up to the second), and where that one starts: the end of record
 * want, or of the first.  Returns the count, or -1 (errno).
 */
static long
count_records(struct record_syntax *syn, const char *text, size_t len,
    unsigned long want, struct diag_pos *next)
{
	struct record_reader *rd;
	const struct record  *rec;
	unsigned long	      stop = want > 0 ? want + 1 : 2;
	long		      n = 0;

	if (len == 0)
		return 0;
	if ((rd = record_reader_new_buffer(syn, text, len, "", RECORD_PGN)) ==
	    NULL)
		return -1;
	while ((unsigned long)n < stop && record_reader_next(rd, &rec) == 1)
		if ((unsigned long)++n == stop)
			*next = rec->start;
	record_reader_free(rd);
	return n;
}

/*
 * Says why record want is not in a file of n records of the notation:
 * the file is another format (a transcript, CSV, GGF or WTHOR file read
 * as the notation is one record at most), whose records gameplay does
 * not read, or it holds n.  Returns CLI_USAGE.
 */
static int
no_such_record(struct play_record *pr, unsigned long want, long n)
{
	struct record_reader *rd;
	const struct record  *rec;
	enum record_format    f = RECORD_PGN;
	unsigned long	      k = 0;

	rd = record_reader_new_buffer(
	    pr->syn, pr->text, pr->len, "", RECORD_AUTO);
	while (rd != NULL && k <= want && record_reader_next(rd, &rec) == 1)
		k++;
	if (rd != NULL)
		f = record_reader_format(rd);
	record_reader_free(rd);
	if (f == RECORD_PGN) {
		cli_error("%s: --record %lu: the file has %ld record%s",
		    pr->name, want, n, n == 1 ? "" : "s");
		return CLI_USAGE;
	}
	cli_error("%s: --record %lu: a %s file (of %s%lu record%s), but "
		  "gameplay reads records of the notation only: convert it "
		  "with gamecheck --write=pgn",
	    pr->name, want, record_format_name(f), k > want ? "more than " : "",
	    k > want ? want : k, k == 1 && k <= want ? "" : "s");
	return CLI_USAGE;
}

int
play_load(struct play_record *pr, const char *path, char *text, size_t len,
    const struct play_select *sel, bool quiet)
{
	/* Passes left out implied as gamecheck implies them (records.c). */
	struct replay_options ro = { .game = sel->game,
		.implicit_pass = REPLAY_IMPLICIT_AUTO,
		.max_legal = MATCH_MAX_LEGAL };
	struct diag	      d = { 0 };
	struct diag_pos	      next = { 0, 0, len };
	unsigned long	      want = sel->record > 0 ? sel->record : 1;
	long		      n;
	int		      rc;

	memset(pr, 0, sizeof *pr);
	replay_init(&pr->rp);
	pr->path = path;
	pr->name = cli_input_name(path);
	pr->text = text;
	pr->len = len;
	if ((pr->syn = record_syntax_new()) == NULL) {
		cli_error("cannot compile the notation's patterns");
		return CLI_INTERNAL;
	}
	n = count_records(pr->syn, text, len, sel->record, &next);
	if (n == -1) {
		cli_error("%s: %s", pr->name, strerror(errno));
		return CLI_INTERNAL;
	}
	if (n > 0 && sel->record > (unsigned long)n)
		return no_such_record(pr, sel->record, n);
	if (n == 0 || (sel->record == 0 && n > 1)) {
		/* gameplay referees one game: one record, or one picked. */
		if (n == 0)
			diag_set_at(&d, DIAG_EMPTY_INPUT,
			    (struct diag_pos){ 1, 1, 0 }, 0,
			    "no records in the input");
		else
			diag_set_at(&d, DIAG_EXTRA_RECORD, next, 0,
			    "a second record starts here; pick one with --record N");
		if (!quiet)
			cli_diag(pr->name, &d, NULL);
		return CLI_BAD;
	}
	pr->end = (size_t)next.offset;
	pr->more = (unsigned long)n > want;
	pr->game = sel->game;
	pr->rd = record_reader_new_buffer(
	    pr->syn, pr->text, pr->len, pr->name, RECORD_PGN);
	rc = pr->rd != NULL ? 1 : -1;
	while (rc == 1 && want-- > 0)
		rc = record_reader_next(pr->rd, &pr->rec);
	if (rc == 1)
		replay_record(pr->syn, pr->rec, &ro, &pr->rp);
	if (rc != 1 ||
	    (pr->rp.has_error && pr->rp.error.code == DIAG_NO_MEMORY)) {
		cli_error("%s: out of memory", pr->name);
		return CLI_INTERNAL;
	}
	/* A new record has no moves yet: not worth a warning here. */
	if (pr->rp.has_warning && !quiet &&
	    pr->rp.warning.code != DIAG_NO_MOVES)
		cli_diag(pr->name, &pr->rp.warning, NULL);
	if (pr->rp.has_error) {
		if (!quiet)
			match_diag(pr->name, &pr->rp);
		return CLI_BAD;
	}
	return CLI_OK;
}

int
play_open(
    struct play_record *pr, const char *path, const struct play_select *sel)
{
	char  *text;
	size_t len;

	memset(pr, 0, sizeof *pr);
	replay_init(&pr->rp);
	/* What we print must not land in the record (`>> RECORD'). */
	if (!cli_output_distinct(NULL, &path, 1))
		return CLI_USAGE;
	if (cli_read_file(path, CLI_WHOLE_MAX, &text, &len) == -1) {
		cli_read_error(cli_input_name(path));
		return CLI_USAGE;
	}
	return play_load(pr, path, text, len, sel, false);
}

int
play_open_args(const struct play_cmd *cmd, int argc, char **argv,
    struct play_record *pr, struct report_play *p)
{
	struct play_select sel = { 0 };

	return play_open_settings(cmd, argc, argv, &sel, &sel, pr, p);
}

int
play_open_settings(const struct play_cmd *cmd, int argc, char **argv,
    void *settings, const struct play_select *sel, struct play_record *pr,
    struct report_play *p)
{
	int status;

	memset(pr, 0, sizeof *pr);
	replay_init(&pr->rp);
	if ((status = play_parse(cmd, argc, argv, settings)) != -1)
		return status;
	if ((status = play_open(pr, argv[optind], sel)) != CLI_OK)
		return status;
	play_report_of(pr, p);
	return -1;
}

void
play_report_of(const struct play_record *pr, struct report_play *p)
{
	p->source = pr->path;
	p->rec = pr->rec;
	p->rp = &pr->rp;
}

void
play_close(struct play_record *pr)
{
	replay_fini(&pr->rp);
	record_reader_free(pr->rd);
	record_syntax_free(pr->syn);
	free(pr->text);
	memset(pr, 0, sizeof *pr);
}

int
play_replay_upto(
    const struct play_record *pr, unsigned long upto, struct replay *rp)
{
	struct replay_options ro = { .game = pr->game,
		.implicit_pass = REPLAY_IMPLICIT_AUTO,
		.max_legal = MATCH_MAX_LEGAL,
		.limit = true,
		.upto = upto };

	replay_record(pr->syn, pr->rec, &ro, rp);
	return rp->has_error && rp->error.code == DIAG_NO_MEMORY ? -1 : 0;
}

char *
play_token(const struct play_record *pr, size_t i)
{
	return strndup(pr->rec->turns[i].text, pr->rec->turns[i].len);
}

char *
play_so_far(const struct play_record *pr)
{
	if (!pr->rp.in_turn)
		return NULL;
	return play_token(pr, pr->rec->nturns - 1);
}

/*
 * Whether a move can stand in the movetext as one turn token and nothing
 * else: no blank, comment, tag, move number or result token in it.
 */
bool
play_token_safe(const char *s)
{
	size_t n = strlen(s), d;

	if (n == 0 ||
	    strspn(s,
		"abcdefghijklmnopqrstuvwxyz"
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:,*-") != n)
		return false;
	d = strspn(s, "0123456789");
	if (strcmp(s, "*") == 0 ||
	    (d > 0 && s[d] == '-' &&
		s[d + 1 + strspn(s + d + 1, "0123456789")] == '\0' && s[d + 1]))
		return false;
	return true;
}
