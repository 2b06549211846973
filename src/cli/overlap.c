/* SPDX-License-Identifier: MIT */
/*
 * gamestat --overlap A B (dedupe.h): the games of B go into a set of
 * games up to symmetry (dedupe.c), then each record of A is asked of it.
 * The train/test leakage report: how much of a validation archive its
 * training archive holds already.
 */
#include <errno.h>
#include <string.h>

#include "cli/base.h"
#include "cli/dedupe.h"
#include "cli/input.h"
#include "cli/records.h"

/*
 * Enough of an input to see its first line past blank and comment lines,
 * and the block the record reader sniffs a format from (64 KiB), as
 * gamestat peeks at each input it reads.
 */
#define PEEK 65536

/* What one input gave. */
struct side {
	const char   *path;
	unsigned long records;
	unsigned long games;  /* without an error */
	unsigned long shared; /* A's: in B */
};

/*
 * Reads side s's records, adding them to dd (b) or asking dd of them
 * (a); an input that reports takes for reports is refused.  Returns
 * CLI_OK, CLI_BAD when the input was cut wrong or holds no records (its
 * records still read, as gamestat reads them), or the exit status of
 * what stopped the reading; each after saying why.
 */
static int
read_side(const struct cli_records *in, struct record_syntax *syn,
    struct cli_dedupe *dd, bool add, bool (*reports)(const char *, size_t),
    struct side *s)
{
	struct replay_options ro = cli_records_replay(in);
	const char	     *name = cli_input_name(s->path);
	struct record_reader *rd;
	const struct record  *rec;
	struct replay	      rp;
	struct diag	      d;
	FILE		     *f;
	char		      peek[PEEK];
	size_t		      len;
	int		      rc, seen, status = CLI_OK;
	bool		      nomem = false;

	if ((f = cli_input_open(s->path)) == NULL)
		return CLI_USAGE;
	len = fread(peek, 1, sizeof peek, f);
	if (len == 0 && ferror(f)) {
		cli_read_error(name);
		cli_input_close(f);
		return CLI_USAGE;
	}
	if (reports != NULL && reports(peek, len)) {
		cli_error("%s: --overlap replays records: reports have no "
			  "turns",
		    name);
		cli_input_close(f);
		return CLI_USAGE;
	}
	if ((rd = cli_records_reader(in, syn, f, s->path, name)) == NULL ||
	    record_reader_prime(rd, peek, len) == -1) {
		record_reader_free(rd);
		cli_input_close(f);
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	replay_init(&rp);
	while ((rc = record_reader_next(rd, &rec)) == 1) {
		/* An input cut wrong: said once, as gamestat says it. */
		if (rec->index == 1 && cli_records_cut_wrong(rec, &d)) {
			cli_records_diag(name, rd, &d, NULL);
			status = CLI_BAD;
		}
		replay_record(syn, rec, &ro, &rp);
		s->records++;
		s->games += !rp.has_error;
		if ((rp.has_error && rp.error.code == DIAG_NO_MEMORY) ||
		    (seen = cli_dedupe_seen(dd, syn, rec, &rp, add)) == -1) {
			nomem = true;
			break;
		}
		s->shared += seen == 1 && !add;
		cli_progress(s->records);
	}
	if (nomem || (rc == -1 && errno == ENOMEM)) {
		cli_error("out of memory");
		status = CLI_INTERNAL;
	} else if (rc == -1) {
		cli_read_error(name);
		status = CLI_USAGE;
	} else if (cli_records_cut_short(rd, &d)) {
		cli_diag(name, &d, NULL);
		status = CLI_BAD;
	}
	replay_fini(&rp);
	record_reader_free(rd);
	cli_input_close(f);
	return status;
}

/* A name as a YAML double-quoted scalar. */
static void
quoted(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s != '\0'; s++)
		if (*s == '"' || *s == '\\')
			fprintf(out, "\\%c", *s);
		else if ((unsigned char)*s < 0x20 || *s == 0x7f)
			fprintf(out, "\\x%02x", (unsigned char)*s);
		else
			fputc(*s, out);
	fputc('"', out);
}

static const char *
mode_name(const struct cli_dedupe_spec *spec)
{
	return spec->mode == CLI_DEDUPE_EXACT ? "exact" :
	    spec->mode == CLI_DEDUPE_PREFIX   ? "prefix" :
						"position";
}

int
cli_overlap(const struct cli_records *in, const struct cli_dedupe_spec *spec,
    const char *a, const char *b, bool (*reports)(const char *, size_t),
    FILE *out)
{
	struct replay_options ro = cli_records_replay(in);
	struct side	      sa = { .path = a }, sb = { .path = b };
	struct record_syntax *syn;
	struct cli_dedupe    *dd;
	int		      status = CLI_INTERNAL, sa_status;

	syn = record_syntax_new();
	dd = cli_dedupe_new(spec, &ro);
	if (syn == NULL || dd == NULL) {
		cli_error("out of memory");
		goto out_free;
	}
	/*
	 * An input cut wrong is said and counted, as gamestat counts it
	 * (exit 1, the overlap of what was read still written).
	 */
	if ((status = read_side(in, syn, dd, true, reports, &sb)) > CLI_BAD)
		goto out_free;
	if ((sa_status = read_side(in, syn, dd, false, reports, &sa)) > status)
		status = sa_status;
	if (status > CLI_BAD)
		goto out_free;
	cli_progress_done();
	fprintf(out, "---\nschema: arbiter-overlap/1\nby: %s", mode_name(spec));
	if (spec->at_turn)
		fprintf(out, ":%lu", spec->turn);
	fputs("\na: ", out);
	quoted(out, cli_input_name(a));
	fprintf(out, "\nb: ");
	quoted(out, cli_input_name(b));
	fprintf(out,
	    "\nrecords: {a: %lu, b: %lu}\ngames: {a: %lu, b: %lu}\n"
	    "a-in-b: %lu\n",
	    sa.records, sb.records, sa.games, sb.games, sa.shared);
out_free:
	cli_dedupe_free(dd);
	record_syntax_free(syn);
	return status;
}
