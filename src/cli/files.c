/* SPDX-License-Identifier: MIT */
/*
 * The list of inputs a tool reads (files.h): the operands, or the paths
 * of a --files-from list after them, refused when two name one file.
 * Opening and reading each input is input.c's.
 */
#include <sys/stat.h>

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/base.h"
#include "cli/files.h"
#include "cli/input.h"

char *const *
cli_operands(int argc, char **argv, int *n)
{
	static char	   stdin_path[] = "-";
	static char *const stdin_only[] = { stdin_path };

	if (optind >= argc) {
		*n = 1;
		return stdin_only;
	}
	*n = argc - optind;
	return argv + optind;
}

/* The last list read, and its text: reachable until exit. */
static char **files_from;
static char  *files_from_text;

char **
cli_files_from(const char *list, int argc, char **argv, int *n)
{
	char **files, *text, *p, *end, *nl;
	size_t len, cap, i;
	int    k;

	/* A list of a huge archive's files may be large: no limit. */
	if (cli_read_file(list, SIZE_MAX, &text, &len) == -1) {
		cli_read_error(cli_input_name(list));
		return NULL;
	}
	if (memchr(text, '\0', len) != NULL) {
		cli_error("%s: a NUL byte in the list of files",
		    cli_input_name(list));
		free(text);
		return NULL;
	}
	/* At most one path a byte, and the operands. */
	cap = (size_t)(argc - optind) + len / 2 + 1;
	if ((files = calloc(cap, sizeof *files)) == NULL) {
		cli_error("out of memory");
		free(text);
		return NULL;
	}
	i = 0;
	for (k = optind; k < argc; k++)
		files[i++] = argv[k];
	for (p = text, end = text + len; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		*nl = '\0';
		if (nl > p && nl[-1] == '\r')
			nl[-1] = '\0';
		if (*p != '\0')
			files[i++] = p;
	}
	for (k = 0; k < (int)i; k++)
		if (strcmp(list, "-") == 0 && strcmp(files[k], "-") == 0) {
			cli_error("--files-from -: standard input holds the "
				  "list, so - cannot be an input too");
			free(files);
			free(text);
			return NULL;
		}
	if (i > INT_MAX) {
		cli_error("%s: too many files", cli_input_name(list));
		free(files);
		free(text);
		return NULL;
	}
	free(files_from);
	free(files_from_text);
	files_from = files;
	files_from_text = text;
	*n = (int)i;
	return files;
}

/* An input as the file system knows it, and where it is in the list. */
struct input_id {
	dev_t dev;
	ino_t ino;
	int   i;
};

static int
compare_input_ids(const void *pa, const void *pb)
{
	const struct input_id *a = pa, *b = pb;

	if (a->dev != b->dev)
		return a->dev < b->dev ? -1 : 1;
	if (a->ino != b->ino)
		return a->ino < b->ino ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i);
}

/*
 * No file is to be read twice in one run: a summary, or the reports piped
 * into one, would count its records twice (design.md §6).  The same file
 * is the same device and inode, so "f", "./f", a hard link, a symbolic
 * link and standard input redirected from f are all f.  An input that
 * cannot be looked at is left to its reader to say so.  Sorting keeps
 * this O(n log n) for a --files-from list of any length; the pair told
 * is the one whose second name comes first in the list.  False after
 * saying which two names are the same file.
 */
static bool
inputs_distinct(char *const *files, int n)
{
	struct input_id *id;
	struct stat	 st;
	size_t		 m = 0, k, run = 0, first = 0, again = 0;
	bool		 found = false;
	int		 i, rc;

	if (n < 2)
		return true;
	if ((id = calloc((size_t)n, sizeof *id)) == NULL) {
		cli_error("out of memory");
		return false;
	}
	for (i = 0; i < n; i++) {
		rc = cli_input_stat(files[i], &st);
		/* Standard input twice is twice, whatever it is. */
		if (rc == -1 && strcmp(files[i], "-") == 0)
			st.st_dev = 0, st.st_ino = 0, rc = 0;
		if (rc == 0)
			id[m++] = (struct input_id){ st.st_dev, st.st_ino, i };
	}
	qsort(id, m, sizeof *id, compare_input_ids);
	for (k = 1; k < m; k++) {
		if (id[k].dev != id[run].dev || id[k].ino != id[run].ino) {
			run = k;
			continue;
		}
		if (!found || id[k].i < id[again].i) {
			first = run;
			again = k;
			found = true;
		}
	}
	if (found)
		cli_error("%s and %s are the same file: an input is read once",
		    files[id[first].i], files[id[again].i]);
	free(id);
	return !found;
}

char *const *
cli_inputs(const char *list, int argc, char **argv, int *n)
{
	char *const *files;

	if (list == NULL)
		files = cli_operands(argc, argv, n);
	else
		files = cli_files_from(list, argc, argv, n);
	if (files != NULL && !inputs_distinct(files, *n))
		return NULL;
	return files;
}
