/* SPDX-License-Identifier: MIT */
/*
 * The manifest of a merge (manifest.h): the inputs its covers must hold,
 * by name and, where given, size and CRC-32, so that a list of files
 * short of one, or with one too many, is told before a summary of the
 * wrong inputs is written.  The covers are src/stat's.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/base.h"
#include "cli/cover.h"
#include "cli/input.h"
#include "cli/manifest.h"
#include "diag/diag.h"
#include "util/util.h"

/* Differences said one a line, at most, then counted. */
#define SHOWN 10

struct entry {
	const char   *name; /* into text */
	unsigned long line;
	bool	      has_bytes, has_crc, seen;
	uint64_t      bytes;
	uint32_t      crc;
};

struct manifest {
	const char    *path; /* as shown */
	char	      *text;
	struct entry  *entry;
	size_t	       n, cap;
	struct hashmap names; /* name -> entry */
};

/* The manifest loaded: reachable until exit, as a --files-from list. */
static struct manifest *loaded;

static bool
name_eq(const void *key, size_t value, const void *arg)
{
	const struct manifest *m = arg;

	return strcmp(key, m->entry[value].name) == 0;
}

static size_t
find(const struct manifest *m, const char *name)
{
	return hashmap_get(
	    &m->names, hashmap_hash_name(name), name, name_eq, m);
}

/* Says what is wrong with line of m at col (1-based): false. */
static bool __attribute__((format(printf, 4, 5)))
bad_line(const struct manifest *m, unsigned long line, size_t col,
    const char *fmt, ...)
{
	struct diag	d;
	struct diag_pos at = { line, (unsigned long)col, 0 };
	char		msg[512];
	va_list		ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_set_at(&d, DIAG_BAD_MANIFEST, at, 0, "%s", msg);
	cli_diag(m->path, &d, NULL);
	return false;
}

/* The fields after e's name, at p (column col): true if good. */
static bool
read_fields(const struct manifest *m, struct entry *e, char *p, size_t col)
{
	char	     *tab;
	unsigned long v;

	if ((tab = strchr(p, '\t')) != NULL)
		*tab = '\0';
	if (!cli_parse_count(p, &v))
		return bad_line(m, e->line, col,
		    "bytes: '%s' is not a whole number of bytes", p);
	e->has_bytes = true;
	e->bytes = v;
	if (tab == NULL)
		return true;
	col += (size_t)(tab - p) + 1;
	p = tab + 1;
	if ((tab = strchr(p, '\t')) != NULL)
		return bad_line(m, e->line, col + (size_t)(tab - p),
		    "a line is a name, its bytes and its CRC-32, no more");
	if (strlen(p) != 8 || p[strspn(p, "0123456789abcdef")] != '\0')
		return bad_line(m, e->line, col,
		    "CRC-32: '%s' is not 8 lower-case hexadecimal digits", p);
	e->crc = (uint32_t)strtoul(p, NULL, 16);
	e->has_crc = true;
	return true;
}

/* Line lineno, at p (NUL terminated, no line end), into m: true if good. */
static bool
read_line(struct manifest *m, char *p, unsigned long lineno)
{
	struct entry *e = &m->entry[m->n];
	char	     *tab = strchr(p, '\t');
	size_t	      v;

	*e = (struct entry){ .name = p, .line = lineno };
	if (tab != NULL)
		*tab = '\0';
	if (*p == '\0')
		return bad_line(m, lineno, 1, "a line without a name");
	if (tab != NULL && !read_fields(m, e, tab + 1, (size_t)(tab - p) + 2))
		return false;
	cli_cover_name(p);
	if ((v = find(m, p)) != HASHMAP_ABSENT)
		return bad_line(m, lineno, 1,
		    "%s is in the manifest twice (line %lu first)", p,
		    m->entry[v].line);
	if (hashmap_put(&m->names, hashmap_hash_name(p), m->n) == -1) {
		cli_error("out of memory");
		return false;
	}
	m->n++;
	return true;
}

static void
manifest_free(struct manifest *m)
{
	hashmap_fini(&m->names);
	free(m->entry);
	free(m->text);
	free(m);
}

bool
cli_manifest_load(const char *path, char *const *files, int nfiles)
{
	struct manifest *m;
	char		*p, *end, *nl;
	size_t		 len;
	unsigned long	 lineno = 0;
	int		 i;

	if (path == NULL)
		return true;
	for (i = 0; i < nfiles && strcmp(path, "-") == 0; i++)
		if (strcmp(files[i], "-") == 0) {
			cli_error("--expect-inputs -: standard input holds "
				  "the manifest, so - cannot be an input too");
			return false;
		}
	if ((m = calloc(1, sizeof *m)) == NULL) {
		cli_error("out of memory");
		return false;
	}
	hashmap_init(&m->names);
	m->path = cli_input_name(path);
	if (cli_read_file(path, SIZE_MAX, &m->text, &len) == -1) {
		cli_read_error(m->path);
		goto fail;
	}
	/* At most a line a byte. */
	m->cap = len / 2 + 1;
	if ((m->entry = calloc(m->cap, sizeof *m->entry)) == NULL) {
		cli_error("out of memory");
		goto fail;
	}
	if (memchr(m->text, '\0', len) != NULL) {
		cli_error("%s: a NUL byte in the manifest", m->path);
		goto fail;
	}
	for (p = m->text, end = m->text + len; p < end; p = nl + 1) {
		lineno++;
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		*nl = '\0';
		if (nl > p && nl[-1] == '\r')
			nl[-1] = '\0';
		if (*p != '\0' && !read_line(m, p, lineno))
			goto fail;
	}
	loaded = m;
	return true;
fail:
	manifest_free(m);
	return false;
}

/* Says one difference, the first SHOWN of them; counts them all. */
static void __attribute__((format(printf, 2, 3)))
differ(size_t *n, const char *fmt, ...)
{
	va_list ap;

	if ((*n)++ >= SHOWN)
		return;
	fprintf(stderr, "%s: ", cli_progname());
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/*
 * Checks input in of the covers against m, once an input: an input is in
 * the cover of every shard of its list.  An input m does not name is
 * added to it, as told.
 */
static void
check_input(struct manifest *m, const struct stat_input *in, size_t *n)
{
	struct entry *e;
	size_t	      v;

	if ((v = find(m, in->name)) == HASHMAP_ABSENT) {
		differ(n, "%s is in the partial summaries but not in %s",
		    cli_shown(in->name), m->path);
		if (array_grow(
			&m->entry, &m->cap, m->n + 1, sizeof *m->entry) == -1 ||
		    hashmap_put(&m->names, hashmap_hash_name(in->name), m->n) ==
			-1) {
			cli_error("out of memory");
			exit(CLI_INTERNAL);
		}
		m->entry[m->n++] = (struct entry){ .name = in->name,
			.seen = true };
		return;
	}
	e = &m->entry[v];
	if (e->seen)
		return;
	if (e->has_bytes && e->bytes != in->bytes)
		differ(n,
		    "%s: %s gives %" PRIu64 " bytes, but the partial "
		    "summaries counted %" PRIu64,
		    cli_shown(in->name), m->path, e->bytes, in->bytes);
	else if (e->has_crc && e->crc != in->crc)
		differ(n,
		    "%s: %s gives CRC-32 %08" PRIx32 ", but the partial "
		    "summaries counted %08" PRIx32,
		    cli_shown(in->name), m->path, e->crc, in->crc);
	e->seen = true;
}

bool
cli_manifest_check(const struct stat_summary *s)
{
	struct manifest *m = loaded;
	size_t		 i, j, n = 0;

	if (m == NULL)
		return true;
	for (i = 0; i < s->ncovers; i++)
		for (j = 0; j < s->cover[i].ninputs; j++)
			check_input(m, &s->cover[i].input[j], &n);
	for (i = 0; i < m->n; i++)
		if (!m->entry[i].seen)
			differ(&n, "%s of %s is in no partial summary",
			    cli_shown(m->entry[i].name), m->path);
	if (n > SHOWN)
		fprintf(stderr, "%s: and %zu more differences from %s\n",
		    cli_progname(), n - SHOWN, m->path);
	return n == 0;
}
