/* SPDX-License-Identifier: MIT */
/*
 * Where gamestat --plot writes its charts (charts.h): the directory,
 * made if need be and refused unless it is ours, and a path for each
 * chart that is none of the inputs and not the summary.  Drawing the
 * charts is src/stat's; writing them whole is output.h's.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/base.h"
#include "cli/charts.h"
#include "cli/output.h"
#include "stat/stat.h"

/* DIR/NAME for a chart: a new string, or NULL after saying so. */
static char *
chart_path(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char  *p;

	if ((p = malloc(n)) == NULL)
		cli_error("out of memory");
	else
		snprintf(p, n, "%s/%s", dir, name);
	return p;
}

bool
cli_charts_paths(const char *dir, const char *output, char *const *files,
    int nfiles, char **paths)
{
	int i;

	for (i = 0; i < STAT_CHARTS; i++) {
		if ((paths[i] = chart_path(dir, stat_chart_name(i))) == NULL)
			return false;
		if (!cli_output_distinct(
			paths[i], (const char *const *)files, nfiles) ||
		    !cli_output_apart(output, paths[i]))
			return false;
	}
	return true;
}

bool
cli_charts_dir(const char *dir)
{
	struct stat st;

	if ((mkdir(dir, 0777) == -1 && errno != EEXIST) ||
	    stat(dir, &st) == -1) {
		cli_error("%s: %s", dir, strerror(errno));
		return false;
	}
	if (!S_ISDIR(st.st_mode) || st.st_uid != geteuid()) {
		cli_error("%s: %s: refusing to write charts into it", dir,
		    !S_ISDIR(st.st_mode) ? "not a directory" :
					   "owned by another user");
		return false;
	}
	return true;
}
