/* SPDX-License-Identifier: MIT */
/*
 * gamestat's side of the covers (cover.h, formats/summary.md, "Covers"):
 * the name a run's cover gives each input (standard input's --name), how
 * it read them (read), and the check that a merge holds every shard of
 * the inputs it covers, said on stderr shard by shard, and those of
 * --expect-inputs (manifest.c).  Keeping and comparing covers is
 * src/stat's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "cli/base.h"
#include "cli/cover.h"
#include "cli/manifest.h"
#include "record/record.h"
#include "referee/referee.h"

void
cli_cover_name(char *s)
{
	char	   *w = s;
	const char *p = s;
	bool	    seg = true; /* at the start of a segment */

	while (*p != '\0') {
		if (seg && p[0] == '.' && p[1] == '/') {
			p += 2;
			continue;
		}
		if (seg && p[0] == '/' && p > s) {
			p++;
			continue;
		}
		seg = *p == '/';
		*w++ = *p++;
	}
	*w = '\0';
}

bool
cli_cover_set_read(struct stat_summary *sum, const struct cli_records *ro,
    const struct cli_select *cs)
{
	static const char *const pass[] = { [REPLAY_IMPLICIT_NO] = "no",
		[REPLAY_IMPLICIT_AUTO] = "auto",
		[REPLAY_IMPLICIT_YES] = "yes" };
	char			*s = NULL;
	size_t			 len = 0;
	FILE			*f;
	bool			 ok;

	if ((f = open_memstream(&s, &len)) == NULL)
		return false;
	fprintf(f, "gamestat %s --format=%s", PACKAGE_VERSION,
	    ro->reports ? "report" : record_format_name(ro->format));
	if (ro->game != NULL)
		fprintf(f, " --game=%s", ro->game->name);
	if (ro->csv_columns != NULL)
		fprintf(f, " --csv-columns=%s", ro->csv_columns);
	if (ro->wthor_players != NULL)
		fprintf(f, " --wthor-players=%s", ro->wthor_players);
	if (ro->wthor_tournaments != NULL)
		fprintf(f, " --wthor-tournaments=%s", ro->wthor_tournaments);
	fprintf(f, " --implicit-pass=%s", pass[ro->implicit_pass]);
	if (ro->max_size != 0)
		fprintf(f, " --max-record-size=%zu", ro->max_size);
	if (sum->no_players)
		fprintf(f, " --no-players");
	cli_select_say(cs, f);
	ok = fclose(f) != EOF && stat_set_read(sum, s) == 0;
	free(s);
	return ok;
}

bool
cli_cover_label_ok(
    const char *label, bool partial, bool merge, char *const *files, int nfiles)
{
	int i;

	if (label == NULL)
		return true;
	if (*label == '\0' || strcmp(label, "-") == 0) {
		cli_error(
		    "--name takes a name for standard input, not '%s'", label);
		return false;
	}
	for (i = 0; i < nfiles && strcmp(files[i], "-") != 0; i++)
		continue;
	if (!partial || merge || i == nfiles) {
		cli_error("--name names standard input in a partial summary's "
			  "cover: give --partial and - (or no file) as an "
			  "input");
		return false;
	}
	return true;
}

bool
cli_covers_complete(
    const struct stat_summary *s, unsigned long expect, bool partial)
{
	unsigned long		 k[8];
	const struct stat_cover *c;
	size_t			 i, j, missing, shown;
	bool			 ok = true;

	if (expect != 0 && s->ncovers != expect) {
		cli_error("--expect %lu, but the partial summaries hold %zu "
			  "shard%s",
		    expect, s->ncovers, s->ncovers == 1 ? "" : "s");
		ok = false;
	}
	for (i = 0; i < s->ncovers && !partial; i++) {
		c = &s->cover[i];
		if (c->head != i || c->n == 0)
			continue;
		missing = stat_cover_missing(s, i, k, 8);
		if (missing == 0)
			continue;
		shown = missing < 8 ? missing : 6;
		fprintf(stderr, "%s: shard%s ", cli_progname(),
		    missing == 1 ? "" : "s");
		for (j = 0; j < shown; j++)
			fprintf(stderr, "%s%lu/%lu",
			    j == 0		 ? "" :
				j + 1 == missing ? " and " :
						   ", ",
			    k[j], c->n);
		if (shown < missing)
			fprintf(stderr, " and %zu more", missing - shown);
		fprintf(stderr, " of %s%s missing\n",
		    cli_shown(c->input[0].name),
		    c->ninputs > 1 ? " (and the other inputs of its list)" :
				     "");
		ok = false;
	}
	/* --expect-inputs: the inputs, each with its size and CRC-32. */
	if (!cli_manifest_check(s))
		ok = false;
	return ok;
}
