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

/* What one input gave. */
struct side {
	const char   *path;
	unsigned long records;
	unsigned long games;  /* without an error */
	unsigned long shared; /* A's: in B */
};

/*
 * Reads side s's records, adding them to dd (b) or asking dd of them
 * (a).  Returns CLI_OK, or the exit status after saying why.
 */
static int
read_side(const struct cli_records *in, struct record_syntax *syn,
    struct cli_dedupe *dd, bool add, struct side *s)
{
	struct replay_options ro = cli_records_replay(in);
	const char	     *name = cli_input_name(s->path);
	struct record_reader *rd;
	const struct record  *rec;
	struct replay	      rp;
	FILE		     *f;
	int		      rc, seen, status = CLI_OK;
	bool		      nomem = false;

	if ((f = cli_input_open(s->path)) == NULL)
		return CLI_USAGE;
	if ((rd = cli_records_reader(in, syn, f, s->path, name)) == NULL) {
		cli_input_close(f);
		cli_error("out of memory");
		return CLI_INTERNAL;
	}
	replay_init(&rp);
	while ((rc = record_reader_next(rd, &rec)) == 1) {
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
    const char *a, const char *b, FILE *out)
{
	struct replay_options ro = cli_records_replay(in);
	struct side	      sa = { .path = a }, sb = { .path = b };
	struct record_syntax *syn;
	struct cli_dedupe    *dd;
	int		      status = CLI_INTERNAL;

	syn = record_syntax_new();
	dd = cli_dedupe_new(spec, &ro);
	if (syn == NULL || dd == NULL)
		cli_error("out of memory");
	else if ((status = read_side(in, syn, dd, true, &sb)) == CLI_OK &&
	    (status = read_side(in, syn, dd, false, &sa)) == CLI_OK) {
		cli_progress_done();
		fprintf(out, "---\nschema: arbiter-overlap/1\nby: %s",
		    mode_name(spec));
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
		status = CLI_OK;
	}
	cli_dedupe_free(dd);
	record_syntax_free(syn);
	return status;
}
