/* SPDX-License-Identifier: MIT */
/*
 * A tournament's engines from --engines FILE (schedule.h): one command a
 * line, read whole, blank lines and comments left out.  What the engines
 * play is the schedule's and the runner's.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "match/schedule.h"
#include "util/util.h"

int
match_engines_read(
    const char *path, char **text, const char ***names, size_t *n, size_t *cap)
{
	struct buf b;
	char	   chunk[4096], *p, *nl;
	size_t	   got;
	FILE	  *fp;

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

		nl = p[len] == '\n' ? p + len + 1 : p + len;
		p[len] = '\0';
		/* CR LF, or a CR ending the last line. */
		if (len > 0 && p[len - 1] == '\r')
			p[len - 1] = '\0';
		if (p[strspn(p, " \t")] == '\0' || p[0] == '#')
			continue;
		if (array_grow(names, cap, *n + 1, sizeof **names) == -1) {
			cli_error("out of memory");
			return -1;
		}
		(*names)[(*n)++] = p;
	}
	return 0;
}
