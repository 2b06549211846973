/* SPDX-License-Identifier: MIT */
/*
 * Loading the one record of a file for a gameplay subcommand, and the
 * helpers they share (play.h).
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "play/play.h"

/* Legal moves listed in a diagnostic's note, as gamecheck's report does. */
#define MAX_LEGAL	64

void
play_usage(FILE *f, const struct play_cmd *c)
{
	fprintf(f, "usage: gameplay %s %s\n", c->name, c->args);
}

bool
play_count(const char *name, const char *arg, unsigned long *v)
{
	if (cli_parse_count(arg, v))
		return true;
	cli_error("%s takes a count, not '%s'", name, arg);
	return false;
}

void
play_forfeit_text(const struct record *rec, const struct replay *rp,
    char *buf, size_t cap)
{
	const struct record_tag *t = record_tag_find(rec, "Termination");
	char	 why[RECORD_SHOWN];

	record_printable(t->value, t->value_len, why, sizeof why);
	snprintf(buf, cap, "%s wins (%s)", rp->game->colour[rp->forfeit_winner],
	    why);
}

void
play_diag(const char *name, const struct replay *rp)
{
	struct record_diag note = rp->error;
	char	 prefix[96], buf[32];
	size_t	 i, n = 0;

	prefix[0] = '\0';
	if (rp->error_turn > 0)
		snprintf(prefix, sizeof prefix, "turn %lu (%s): ",
		    rp->error_turn, rp->error_move);
	cli_diag(name, &rp->error, "error", prefix);
	if (rp->status != REPLAY_ILLEGAL || rp->pos == NULL)
		return;
	note.code = NULL;
	snprintf(note.msg, sizeof note.msg, "legal:");
	for (i = 0; i < rp->nlegal; i++) {
		n = strlen(note.msg);
		record_action_format(&rp->pos->board, &rp->legal[i], buf,
		    sizeof buf);
		if (n + strlen(buf) + 6 >= sizeof note.msg) {
			snprintf(note.msg + n, sizeof note.msg - n, " ...");
			break;
		}
		snprintf(note.msg + n, sizeof note.msg - n, " %s", buf);
	}
	if (rp->nlegal == 0)
		snprintf(note.msg, sizeof note.msg, "no legal moves");
	cli_diag(name, &note, "note", NULL);
}

/* How many records text holds, and where the second one starts. */
static int
count_records(const struct record_syntax *syn, const char *text, size_t len,
    struct record_pos *second)
{
	struct record_reader *rd;
	const struct record *rec;
	FILE	*fp;
	int	 n = 0;

	if (len == 0)
		return 0;
	if ((fp = fmemopen((void *)(uintptr_t)text, len, "r")) == NULL)
		return -1;
	if ((rd = record_reader_new(syn, fp, "", RECORD_PGN)) == NULL) {
		fclose(fp);
		return -1;
	}
	while (n < 2 && record_reader_next(rd, &rec) == 1)
		if (++n == 2)
			*second = rec->start;
	record_reader_free(rd);
	fclose(fp);
	return n;
}

int
play_load(struct play_record *pr, const char *path, char *text, size_t len,
    bool quiet)
{
	struct replay_options ro = { .max_legal = MAX_LEGAL };
	struct record_diag d = { 0 };
	struct record_pos second;
	int	 n;

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
	n = count_records(pr->syn, text, len, &second);
	if (n == -1) {
		cli_error("%s: %s", pr->name, strerror(errno));
		return CLI_INTERNAL;
	}
	if (n != 1) {
		/* gameplay referees one game: one record in the file. */
		d.code = n == 0 ? "empty-input" : "extra-record";
		d.at = n == 0 ? (struct record_pos){ 1, 1, 0 } : second;
		snprintf(d.msg, sizeof d.msg, n == 0 ?
		    "no records in the input" : "a second record starts "
		    "here; gameplay referees one record per file");
		if (!quiet)
			cli_diag(pr->name, &d, "error", NULL);
		return CLI_BAD;
	}
	pr->fp = fmemopen(pr->text, pr->len, "r");
	if (pr->fp == NULL || (pr->rd = record_reader_new(pr->syn, pr->fp,
	    pr->name, RECORD_PGN)) == NULL ||
	    record_reader_next(pr->rd, &pr->rec) != 1 ||
	    record_replay(pr->syn, pr->rec, &ro, &pr->rp) == -1) {
		cli_error("%s: out of memory", pr->name);
		return CLI_INTERNAL;
	}
	/* A new record has no moves yet: not worth a warning here. */
	if (pr->rp.has_warning && !quiet &&
	    strcmp(pr->rp.warning.code, "no-moves") != 0)
		cli_diag(pr->name, &pr->rp.warning, "warning", NULL);
	if (pr->rp.has_error) {
		if (!quiet)
			play_diag(pr->name, &pr->rp);
		return CLI_BAD;
	}
	return CLI_OK;
}

int
play_open(struct play_record *pr, const char *path)
{
	char	*text;
	size_t	 len;

	memset(pr, 0, sizeof *pr);
	replay_init(&pr->rp);
	/* What we print must not land in the record (`>> RECORD'). */
	if (!cli_output_distinct(NULL, &path, 1))
		return CLI_USAGE;
	if (cli_read_file(path, &text, &len) == -1) {
		cli_error("%s: %s", cli_input_name(path), strerror(errno));
		return CLI_USAGE;
	}
	return play_load(pr, path, text, len, false);
}

void
play_close(struct play_record *pr)
{
	replay_fini(&pr->rp);
	record_reader_free(pr->rd);
	if (pr->fp != NULL)
		fclose(pr->fp);
	record_syntax_free(pr->syn);
	free(pr->text);
	memset(pr, 0, sizeof *pr);
}

int
play_replay_upto(const struct play_record *pr, unsigned long upto,
    struct replay *rp)
{
	struct replay_options ro = { .max_legal = MAX_LEGAL, .limit = true,
	    .upto = upto };

	return record_replay(pr->syn, pr->rec, &ro, rp);
}

char *
play_token(const struct play_record *pr, size_t i)
{
	return strndup(pr->rec->turns[i].text, pr->rec->turns[i].len);
}

bool
play_uses_dice(const struct rules_position *pos)
{
	struct rules_position *start;
	struct rules_action *acts;
	size_t	 n, i;
	bool	 dice = false;

	/* At the start, where every dice game rolls first. */
	start = rules_position_dup(pos);
	if (start == NULL)
		return false;
	rules_position_reset(start);
	n = rules_legal(start, NULL, 0);
	if ((acts = calloc(n + 1, sizeof *acts)) != NULL) {
		n = rules_legal(start, acts, n);
		for (i = 0; i < n && !dice; i++)
			dice = acts[i].kind == RULES_DICE;
		free(acts);
	}
	rules_position_free(start);
	return dice;
}

/* ---- What several commands share ---------------------------------- */

/*
 * Options of the commands that take a record and nothing else.  Returns
 * -1 to go on, else the exit status.
 */
int
play_record_only(const struct play_cmd *cmd, int argc, char **argv,
    const char *what)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int	 c;

	while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (c) {
		case 'h':
			play_usage(stdout, cmd);
			printf("%s\n\n  -h, --help   show this help and exit\n",
			    what);
			return cli_output_ok(stdout, "stdout") ? CLI_OK :
			    CLI_USAGE;
		default:
			play_usage(stderr, cmd);
			return CLI_USAGE;
		}
	}
	if (argc - optind != 1) {
		cli_error("%s: name one record (try gameplay %s --help)",
		    cmd->name, cmd->name);
		return CLI_USAGE;
	}
	return -1;
}

int
play_finish(int rc)
{
	if (rc == -1 || fflush(stdout) == EOF)
		return cli_output_ok(stdout, "stdout") ? CLI_INTERNAL :
		    CLI_USAGE;
	return CLI_OK;
}

char *
play_so_far(const struct play_record *pr)
{
	if (!pr->rp.in_turn)
		return NULL;
	return play_token(pr, pr->rec->nturns - 1);
}
