/* SPDX-License-Identifier: MIT */
/*
 * The pictures of the replay page, each line kept once (show.h): a
 * page of many games holds thousands of boards whose lines (the grid,
 * the coordinates, a stone on a cell) are mostly the same, so each
 * picture is written as references to a table of the page's distinct
 * lines, which the page's script joins into the picture shown when it is
 * shown.  A 200-game page had been 90 MB of SVG, every board drawn.
 * What the lines say is src/draw's; the page is page.c's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/show.h"
#include "util/util.h"

/* A line sought: its bytes. */
struct line_key {
	const char *s;
	size_t	    len;
};

void
show_lines_init(struct show_lines *l)
{
	memset(l, 0, sizeof *l);
	hashmap_init(&l->map);
}

void
show_lines_fini(struct show_lines *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->line[i].s);
	free(l->line);
	hashmap_fini(&l->map);
	memset(l, 0, sizeof *l);
}

static bool
line_eq(const void *key, size_t value, const void *arg)
{
	const struct line_key	*k = key;
	const struct show_lines *l = arg;

	return l->line[value].len == k->len &&
	    memcmp(l->line[value].s, k->s, k->len) == 0;
}

/* The number of the line k, added if it is new; -1 when out of memory. */
static long
line_number(struct show_lines *l, const struct line_key *k)
{
	uint64_t h = hashmap_hash(HASHMAP_HASH_INIT, k->s, k->len);
	size_t	 i = hashmap_get(&l->map, h, k, line_eq, l);
	char	*s;

	if (i != HASHMAP_ABSENT)
		return (long)i;
	if (array_grow(&l->line, &l->cap, l->n + 1, sizeof *l->line) == -1 ||
	    (s = malloc(k->len + 1)) == NULL)
		return -1;
	memcpy(s, k->s, k->len);
	s[k->len] = '\0';
	if (hashmap_put(&l->map, h, l->n) == -1) {
		free(s);
		return -1;
	}
	l->line[l->n].s = s;
	l->line[l->n].len = k->len;
	return (long)l->n++;
}

/* Writes n in base 36, digits then lower-case letters: "2s" for 100. */
static void
write_number(FILE *out, long n)
{
	char buf[16], *p = buf + sizeof buf;

	*--p = '\0';
	do
		*--p = "0123456789abcdefghijklmnopqrstuvwxyz"[n % 36];
	while ((n /= 36) > 0);
	fputs(p, out);
}

/* Writes the run of line numbers first..last: "7", or "7-c". */
static void
write_run(FILE *out, bool *sep, long first, long last)
{
	if (*sep)
		fputc(' ', out);
	write_number(out, first);
	if (last > first) {
		fputc('-', out);
		write_number(out, last);
	}
	*sep = true;
}

int
show_lines_refs(struct show_lines *l, const char *text, size_t len, FILE *out)
{
	struct line_key k;
	const char     *end = text + len, *nl;
	long		n, first = -1, last = -1;
	bool		sep = false;

	while (text < end) {
		nl = memchr(text, '\n', (size_t)(end - text));
		k.s = text;
		k.len = nl != NULL ? (size_t)(nl - text) : (size_t)(end - text);
		text += k.len + (nl != NULL);
		if ((n = line_number(l, &k)) == -1) {
			errno = ENOMEM;
			return -1;
		}
		/* Runs of lines in the table's order, as a grid's are. */
		if (first != -1 && n == last + 1) {
			last = n;
			continue;
		}
		if (first != -1)
			write_run(out, &sep, first, last);
		first = last = n;
	}
	if (first != -1)
		write_run(out, &sep, first, last);
	return 0;
}

void
show_lines_json(const struct show_lines *l, FILE *out)
{
	const unsigned char *p;
	size_t		     i, j;

	fputc('[', out);
	for (i = 0; i < l->n; i++) {
		fputs(i > 0 ? ",\n\"" : "\"", out);
		p = (const unsigned char *)l->line[i].s;
		/* XML-safe too: no < > & that would end the script. */
		for (j = 0; j < l->line[i].len; j++)
			if (p[j] == '"' || p[j] == '\\')
				fprintf(out, "\\%c", p[j]);
			else if (p[j] < 0x20 || p[j] == '<' || p[j] == '>' ||
			    p[j] == '&')
				fprintf(out, "\\u%04x", p[j]);
			else
				fputc(p[j], out);
		fputc('"', out);
	}
	fputs("]\n", out);
}
