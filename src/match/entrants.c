/* SPDX-License-Identifier: MIT */
/*
 * The engines of a match as the user gives them (schedule.h): an engine
 * spec of -b, -w, --engine or a line of --engines, either a bare command
 * or settings `name=N,proto=P,option=LINE,...,cmd=CMD' (gameplay(1),
 * "Engines"), and the lines of --engines FILE, read whole, blank lines
 * and comments left out.  What the engines play is the schedule's and the
 * runner's; what an option line means, the engine's.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "match/schedule.h"
#include "util/util.h"

/* The settings a spec may give, cmd last: it takes the rest. */
static const char *const keys[] = { "name", "proto", "option", "cmd" };

/*
 * Whether spec is settings rather than a bare command: it starts with a
 * lower-case word and `=' (a command so written goes after cmd=).
 */
static bool
is_settings(const char *spec)
{
	size_t n = 0;

	while (islower((unsigned char)spec[n]))
		n++;
	return n > 0 && spec[n] == '=';
}

/* Whether text is a whole printable line: no control character. */
static bool
printable_line(const char *text)
{
	const unsigned char *p;

	for (p = (const unsigned char *)text; *p != '\0'; p++)
		if (*p < 0x20 || *p == 0x7f)
			return false;
	return true;
}

/*
 * Takes one setting key=value (value NUL-ended in en->text) into en.
 * 0, or -1 after saying what is wrong (where: the spec's place).
 */
static int
take_setting(
    struct match_entrant *en, const char *where, size_t key, const char *value)
{
	char names[128];

	if (value[0] == '\0' || !printable_line(value)) {
		cli_error("%s: %s= takes a line of text, not '%s'", where,
		    keys[key], value);
		return -1;
	}
	switch (key) {
	case 0:
		if (en->name != NULL)
			goto twice;
		en->name = value;
		break;
	case 1:
		if (en->proto != NULL)
			goto twice;
		if ((en->proto = match_proto_find(value)) == NULL) {
			match_protocol_names(names, sizeof names);
			cli_error("%s: proto= takes %s, not '%s'", where, names,
			    value);
			return -1;
		}
		break;
	case 2:
		if (array_grow(&en->options, &en->options_cap, en->noptions + 1,
			sizeof *en->options) == -1) {
			cli_error("out of memory");
			return -1;
		}
		en->options[en->noptions++] = value;
		break;
	default: en->cmd = value; break;
	}
	return 0;
twice:
	cli_error("%s: %s= given twice", where, keys[key]);
	return -1;
}

int
match_entrant_parse(
    struct match_entrant *en, const char *spec, const char *where)
{
	char  *p, *eq, *comma;
	size_t k;

	memset(en, 0, sizeof *en);
	en->spec = spec;
	if (!is_settings(spec)) {
		en->cmd = spec;
		return 0;
	}
	if ((en->text = strdup(spec)) == NULL) {
		cli_error("out of memory");
		return -1;
	}
	for (p = en->text; en->cmd == NULL; p = comma + 1) {
		eq = p + strcspn(p, "=,");
		for (k = 0; k < sizeof keys / sizeof *keys; k++)
			if (strlen(keys[k]) == (size_t)(eq - p) &&
			    strncmp(p, keys[k], (size_t)(eq - p)) == 0)
				break;
		if (*eq != '=' || k == sizeof keys / sizeof *keys) {
			cli_error(
			    "%s: '%.*s' is no setting of an engine (name=, proto=, option=, cmd=)",
			    where, (int)(eq - p), p);
			return -1;
		}
		/* cmd= is the last: the rest, commas and all. */
		comma = k == 3 ? eq + 1 + strlen(eq + 1) : strchr(eq + 1, ',');
		if (comma == NULL) {
			cli_error(
			    "%s: no cmd= at the end of '%s'", where, spec);
			return -1;
		}
		*comma = '\0';
		if (take_setting(en, where, k, eq + 1) == -1)
			return -1;
		if (k == 3)
			break;
	}
	return 0;
}

void
match_entrant_fini(struct match_entrant *en)
{
	free(en->text);
	free(en->options);
	memset(en, 0, sizeof *en);
}

int
match_engines_read(const char *path, char **text, const char ***names,
    size_t *n, size_t *cap, unsigned long **lines, size_t *lines_cap)
{
	struct buf    b;
	char	      chunk[4096], *p, *nl;
	size_t	      got;
	unsigned long line = 0;
	FILE	     *fp;

	*text = NULL;
	if ((fp = fopen(path, "r")) == NULL) {
		cli_error("--engines: %s: %s", path, strerror(errno));
		return -1;
	}
	buf_init(&b);
	while ((got = fread(chunk, 1, sizeof chunk, fp)) > 0)
		if (buf_add(&b, chunk, got) == -1)
			break;
	if (ferror(fp) || !feof(fp) || buf_reserve(&b, 1) == -1) {
		cli_error("--engines: %s: %s", path, strerror(errno));
		fclose(fp);
		buf_fini(&b);
		return -1;
	}
	fclose(fp);
	b.s[b.len] = '\0';
	*text = b.s;
	for (p = *text; *p != '\0'; p = nl) {
		size_t len = strcspn(p, "\n");

		line++;
		nl = p[len] == '\n' ? p + len + 1 : p + len;
		p[len] = '\0';
		/* CR LF, or a CR ending the last line. */
		if (len > 0 && p[len - 1] == '\r')
			p[len - 1] = '\0';
		if (p[strspn(p, " \t")] == '\0' || p[0] == '#')
			continue;
		if (array_grow(names, cap, *n + 1, sizeof **names) == -1 ||
		    array_grow(lines, lines_cap, *n + 1, sizeof **lines) ==
			-1) {
			cli_error("out of memory");
			return -1;
		}
		(*lines)[*n] = line;
		(*names)[(*n)++] = p;
	}
	return 0;
}
