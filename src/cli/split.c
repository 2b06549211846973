/* SPDX-License-Identifier: MIT */
/*
 * gamecheck --split-by and --split (split.h): which file each record goes
 * to, and the name of that file, made from the tag's value or the
 * opening so that it stays a plain name in the directory whatever bytes
 * the record holds (gamecheck(1), SPLITTING, gives the mapping).  The
 * files are replace.c's, created exclusively and never through a link;
 * what is written into them is convert.c's.
 */
#include <sys/resource.h>
#include <sys/stat.h>

#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/base.h"
#include "cli/output.h"
#include "cli/split.h"
#include "util/util.h"

/*
 * A name longer than this many bytes is cut here and the hash of the
 * whole name added, so that with the temporary file's prefix and tail
 * it fits in NAME_MAX (255 on every system we build on).
 */
#define NAME_ROOM 160
/* The most --split-max and --split-by opening:N take. */
#define SPLIT_MAX_MOST	   1000000UL
#define SPLIT_OPENING_MOST 1000UL
/*
 * A file open takes two descriptors (its temporary and the lock on it);
 * the inputs, the outputs and the libraries need a few more.
 */
#define FDS_PER_FILE 2
#define FDS_SPARE    32

struct split_file {
	char		     *path; /* dir/name */
	const char	     *name; /* in path */
	struct cli_output     out;
	struct record_export *x;
	const char	     *format;
	unsigned long	      records; /* written */
};

struct cli_split {
	const struct cli_split_spec *spec;
	const char		    *format; /* NULL: each record's own */
	struct split_file	   **files;  /* each where out must stay */
	size_t			     nfiles, cap;
	struct hashmap		     map;  /* a name's file */
	struct buf		     name; /* the name being made */
};

static const char *
split_dir(const struct cli_split_spec *spec)
{
	return spec->dir != NULL ? spec->dir : ".";
}

static unsigned long
split_max(const struct cli_split_spec *spec)
{
	return spec->max != 0 ? spec->max : CLI_SPLIT_MAX_DEFAULT;
}

/* One way to split a run: a second is a usage error. */
static bool
split_given(struct cli_split_spec *spec, const char *opt)
{
	if (spec->by != CLI_SPLIT_NONE) {
		cli_error(
		    "%s and %s: give one of them, once", spec->given, opt);
		return false;
	}
	spec->given = opt;
	return true;
}

bool
cli_split_by_option(struct cli_split_spec *spec, const char *arg)
{
	if (!split_given(spec, "--split-by"))
		return false;
	if (strncmp(arg, "opening", 7) == 0 &&
	    (arg[7] == '\0' || arg[7] == ':')) {
		spec->by = CLI_SPLIT_OPENING;
		spec->n = CLI_SPLIT_OPENING_PLIES;
		if (arg[7] == ':' &&
		    (!cli_parse_count(arg + 8, &spec->n) || spec->n == 0 ||
			spec->n > SPLIT_OPENING_MOST)) {
			cli_error("--split-by opening:N takes a number of "
				  "turns from 1 to %lu, not '%s'",
			    SPLIT_OPENING_MOST, arg + 8);
			return false;
		}
		return true;
	}
	spec->by = CLI_SPLIT_TAG;
	spec->tag = strncmp(arg, "tag:", 4) == 0 ? arg + 4 : arg;
	if (*spec->tag == '\0') {
		cli_error("--split-by takes a tag's name (or tag:NAME), or "
			  "opening[:N]");
		return false;
	}
	return true;
}

bool
cli_split_count_option(struct cli_split_spec *spec, const char *arg)
{
	if (!split_given(spec, "--split"))
		return false;
	spec->by = CLI_SPLIT_COUNT;
	if (!cli_parse_count(arg, &spec->n) || spec->n == 0) {
		cli_error("--split takes a number of records a file (1 or "
			  "more), not '%s'",
		    arg);
		return false;
	}
	return true;
}

bool
cli_split_max_option(struct cli_split_spec *spec, const char *arg)
{
	if (!cli_parse_count(arg, &spec->max) || spec->max == 0 ||
	    spec->max > SPLIT_MAX_MOST) {
		cli_error("--split-max takes a number of files from 1 to %lu, "
			  "not '%s'",
		    SPLIT_MAX_MOST, arg);
		return false;
	}
	return true;
}

bool
cli_split_on(const struct cli_split_spec *spec)
{
	return spec->by != CLI_SPLIT_NONE;
}

/*
 * The files --split-max allows are all open until the end of the run
 * (none is put in place before all are complete): the soft limit of
 * descriptors is raised to hold them, within the hard limit.
 */
static bool
split_fds(const struct cli_split_spec *spec)
{
	struct rlimit rl;
	rlim_t	      need = (rlim_t)split_max(spec) * FDS_PER_FILE + FDS_SPARE;

	if (getrlimit(RLIMIT_NOFILE, &rl) == -1 ||
	    rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= need)
		return true;
	if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < need) {
		cli_error("--split-max %lu: its files open at once need %ju "
			  "descriptors, and the limit is %ju (ulimit -n): "
			  "give a smaller --split-max",
		    split_max(spec), (uintmax_t)need, (uintmax_t)rl.rlim_max);
		return false;
	}
	rl.rlim_cur = need;
	if (setrlimit(RLIMIT_NOFILE, &rl) == -1) {
		cli_error("--split-max %lu: cannot raise the limit of open "
			  "files to %ju: %s",
		    split_max(spec), (uintmax_t)need, strerror(errno));
		return false;
	}
	return true;
}

bool
cli_split_check(const struct cli_split_spec *spec)
{
	struct stat st;
	const char *dir = split_dir(spec);

	if (!cli_split_on(spec)) {
		if (spec->dir != NULL || spec->max != 0) {
			cli_error("--split-dir and --split-max are for "
				  "--split-by or --split");
			return false;
		}
		return true;
	}
	if (stat(dir, &st) == -1) {
		cli_error("--split-dir: %s: %s", dir, strerror(errno));
		return false;
	}
	if (!S_ISDIR(st.st_mode)) {
		cli_error("--split-dir: %s is not a directory", dir);
		return false;
	}
	/* Said now rather than at the first record (EROFS, EACCES). */
	if (access(dir, W_OK | X_OK) == -1) {
		cli_error("--split-dir: %s: cannot make files in it: %s", dir,
		    strerror(errno));
		return false;
	}
	return split_fds(spec);
}

struct cli_split *
cli_split_new(const struct cli_split_spec *spec, const char *format)
{
	struct cli_split *sp;

	if ((sp = calloc(1, sizeof *sp)) == NULL) {
		cli_error("out of memory");
		return NULL;
	}
	sp->spec = spec;
	sp->format = format;
	hashmap_init(&sp->map);
	buf_init(&sp->name);
	return sp;
}

/*
 * Whether a character stands for itself in a name: ASCII letters, digits
 * and -.+,=@; beyond ASCII, every character but the C1 controls and
 * those that hide or reorder text (soft hyphen, zero widths, line and
 * paragraph separators, bidirectional controls, the byte order mark).
 * Everything else (a slash, a blank, '%', '_', '~', a control, NUL, a
 * byte of invalid UTF-8) is written %HH, byte by byte.
 */
static bool
name_keeps(uint32_t cp)
{
	if (cp < 0x80)
		return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') ||
		    (cp >= '0' && cp <= '9') ||
		    (cp != 0 && strchr("-.+,=@", (int)cp) != NULL);
	return cp >= 0xa0 && cp != 0xad && !(cp >= 0x200b && cp <= 0x200f) &&
	    !(cp >= 0x2028 && cp <= 0x202e) &&
	    !(cp >= 0x2060 && cp <= 0x206f) && cp != 0xfeff;
}

/*
 * Appends len bytes at s to the name in b, each byte that does not stand
 * for itself (name_keeps) as %HH.  A name starts with neither '.' (a
 * hidden file, or . and ..) nor '-' (an option to the commands that will
 * read it): those are written %2E and %2D there.  Returns 0, or -1 when
 * memory runs out.
 */
static int
name_add(struct buf *b, const char *s, size_t len)
{
	char	 hex[4];
	size_t	 i = 0, k;
	uint32_t cp;

	while (i < len) {
		k = utf8_char(s + i, len - i, &cp);
		if (k > 0 && name_keeps(cp) &&
		    !(b->len == 0 && (cp == '.' || cp == '-'))) {
			if (buf_add(b, s + i, k) == -1)
				return -1;
			i += k;
			continue;
		}
		snprintf(hex, sizeof hex, "%%%02X", (unsigned char)s[i]);
		if (buf_add(b, hex, 3) == -1)
			return -1;
		i++;
	}
	return 0;
}

/*
 * A name longer than NAME_ROOM bytes is cut there, on a character's
 * start and outside a %HH, and "~" and the FNV-1a hash of the whole name
 * in 16 hex digits take the rest: '~' is written %7E in any value, so a
 * cut name is never another's whole one.
 */
static int
name_cut(struct buf *b)
{
	uint64_t h;
	size_t	 c = NAME_ROOM;
	char	 tail[24];

	if (b->len <= NAME_ROOM)
		return 0;
	h = hashmap_hash(HASHMAP_HASH_INIT, b->s, b->len);
	for (;;) {
		if ((b->s[c] & 0xc0) == 0x80)
			c--;
		else if (b->s[c - 1] == '%')
			c -= 1;
		else if (b->s[c - 2] == '%')
			c -= 2;
		else
			break;
	}
	b->len = c;
	snprintf(tail, sizeof tail, "~%016" PRIx64, h);
	return buf_add(b, tail, strlen(tail));
}

/* The extension of a file of format (a --write format). */
static const char *
format_ext(const char *format)
{
	if (strcmp(format, "transcript") == 0)
		return "txt";
	if (strcmp(format, "wthor") == 0)
		return "wtb";
	return format;
}

/* The opening's turns of rec: as the replay spelled them, if it kept them. */
static int
name_opening(
    struct cli_split *sp, const struct record *rec, const struct replay *rp)
{
	const char *t = rp->kept;
	size_t	    i, n, len;

	n = !rp->has_error && t != NULL ? rp->nkept : rec->nturns;
	if (n > sp->spec->n)
		n = sp->spec->n;
	if (n == 0)
		return buf_add(&sp->name, "%empty", 6);
	for (i = 0; i < n; i++) {
		if (i > 0 && buf_add(&sp->name, "_", 1) == -1)
			return -1;
		if (!rp->has_error && t != NULL) {
			len = strlen(t);
			if (name_add(&sp->name, t, len) == -1)
				return -1;
			t += len + 1;
		} else if (name_add(&sp->name, rec->turns[i].text,
			       rec->turns[i].len) == -1)
			return -1;
	}
	return 0;
}

/*
 * The name of rec's file, in sp->name: by its key, cut (name_cut), and
 * format's extension.  --split N goes on filling the last file while it
 * holds fewer than N records of format.  Returns 0, or -1 when memory
 * runs out.
 */
static int
file_name(struct cli_split *sp, const struct record *rec,
    const struct replay *rp, const char *format)
{
	const struct record_tag *tag;
	struct split_file	*last;
	char			 num[32];
	int			 rc;

	sp->name.len = 0;
	if (buf_reserve(&sp->name, 1) == -1)
		return -1;
	switch (sp->spec->by) {
	case CLI_SPLIT_TAG:
		tag = record_tag_find(rec, sp->spec->tag);
		rc = tag == NULL ?
		    buf_add(&sp->name, "%none", 5) :
		    tag->value_len == 0 ?
		    buf_add(&sp->name, "%empty", 6) :
		    name_add(&sp->name, tag->value, tag->value_len);
		break;
	case CLI_SPLIT_OPENING: rc = name_opening(sp, rec, rp); break;
	default:
		last = sp->nfiles > 0 ? sp->files[sp->nfiles - 1] : NULL;
		if (last != NULL && last->records < sp->spec->n &&
		    strcmp(last->format, format) == 0)
			return buf_add(
			    &sp->name, last->name, strlen(last->name));
		snprintf(num, sizeof num, "%06zu", sp->nfiles + 1);
		rc = buf_add(&sp->name, num, strlen(num));
		break;
	}
	if (rc == -1 || name_cut(&sp->name) == -1 ||
	    buf_add(&sp->name, ".", 1) == -1)
		return -1;
	return buf_add(
	    &sp->name, format_ext(format), strlen(format_ext(format)));
}

static bool
file_is(const void *key, size_t value, const void *arg)
{
	const struct cli_split *sp = arg;

	return strcmp(sp->files[value]->name, key) == 0;
}

/* Frees f, giving its file up. */
static void
file_free(struct split_file *f)
{
	record_export_free(f->x);
	cli_output_abort(&f->out);
	free(f->path);
	free(f);
}

/*
 * Refuses a name already taken in the directory, by a file or a link
 * (which would send the records wherever it points): false after saying
 * so.  A file that appears after this look is refused when the file is
 * put in place (cli_output_commit, CLI_OUTPUT_EXCL).
 */
static bool
file_free_to_make(const char *path)
{
	struct stat st;

	if (lstat(path, &st) == 0) {
		cli_error("--split: %s %s: refusing to %s it (remove it, or "
			  "give another --split-dir)",
		    path, S_ISLNK(st.st_mode) ? "is a symbolic link" : "exists",
		    S_ISLNK(st.st_mode) ? "write through" : "replace");
		return false;
	}
	if (errno != ENOENT) {
		cli_error("--split: %s: %s", path, strerror(errno));
		return false;
	}
	return true;
}

/*
 * Makes the file named sp->name for records of format, hashed to h.
 * Returns it, or NULL after saying why.
 */
static struct split_file *
file_open(struct cli_split *sp, uint64_t h, const char *format)
{
	struct split_file *f;
	const char	  *dir = split_dir(sp->spec);
	size_t		   n;

	if (sp->nfiles == split_max(sp->spec)) {
		cli_error("--split: %s would be file %zu, past --split-max "
			  "%lu: no file is made (give a larger --split-max)",
		    sp->name.s, sp->nfiles + 1, split_max(sp->spec));
		return NULL;
	}
	n = strlen(dir) + sp->name.len + 2;
	if (array_grow(&sp->files, &sp->cap, sp->nfiles + 1,
		sizeof *sp->files) == -1 ||
	    (f = calloc(1, sizeof *f)) == NULL) {
		cli_error("out of memory");
		return NULL;
	}
	if ((f->path = malloc(n)) == NULL) {
		free(f);
		cli_error("out of memory");
		return NULL;
	}
	snprintf(f->path, n, "%s/%s", dir, sp->name.s);
	f->name = f->path + strlen(dir) + 1;
	f->format = format;
	if (!file_free_to_make(f->path) ||
	    cli_output_open(&f->out, f->path,
		CLI_OUTPUT_EXCL | CLI_OUTPUT_NOFOLLOW) == -1) {
		free(f->path);
		free(f);
		return NULL;
	}
	if ((f->x = record_export_new(format, f->out.fp)) == NULL ||
	    hashmap_put(&sp->map, h, sp->nfiles) == -1) {
		cli_error("out of memory");
		file_free(f);
		return NULL;
	}
	sp->files[sp->nfiles++] = f;
	return f;
}

enum cli_convert
cli_split_write(struct cli_split *sp, const char *name,
    const struct record *rec, const struct replay *rp, bool keep_illegal)
{
	struct split_file *f;
	const char	  *format;
	enum cli_convert   rc;
	uint64_t	   h;
	size_t		   i;

	/* Left out here, lest its file be made for nothing. */
	if (rp->has_error && !keep_illegal)
		return CLI_CONVERT_DONE;
	format = sp->format != NULL ? sp->format :
				      record_format_name(rec->format);
	if (file_name(sp, rec, rp, format) == -1)
		return CLI_CONVERT_NOMEM;
	h = hashmap_hash(HASHMAP_HASH_INIT, sp->name.s, sp->name.len);
	i = hashmap_get(&sp->map, h, sp->name.s, file_is, sp);
	if (i != HASHMAP_ABSENT)
		f = sp->files[i];
	else if ((f = file_open(sp, h, format)) == NULL)
		return CLI_CONVERT_FAILED;
	rc = cli_convert_write(f->x, name, rec, rp, keep_illegal);
	if (rc == CLI_CONVERT_DONE)
		f->records++;
	if (rc == CLI_CONVERT_FAILED && !ferror(f->out.fp))
		rc = CLI_CONVERT_NOMEM;
	else if (rc == CLI_CONVERT_FAILED)
		cli_error(
		    "--split: %s: cannot write: %s", f->path, strerror(errno));
	return rc;
}

/*
 * Completes every file that holds a record (its format's end written,
 * flushed and synced), so that none is put in place unless all can be.
 * Returns true, or false after saying which failed.
 */
static bool
split_complete(struct cli_split *sp)
{
	struct split_file *f;
	size_t		   i;

	for (i = 0; i < sp->nfiles; i++) {
		f = sp->files[i];
		if (f->records == 0)
			continue;
		errno = 0;
		if (record_export_finish(f->x) == -1 ||
		    fflush(f->out.fp) == EOF || ferror(f->out.fp) ||
		    fsync(fileno(f->out.fp)) == -1) {
			cli_error("--split: %s: %s", f->path,
			    strerror(errno != 0 ? errno : EIO));
			return false;
		}
	}
	return true;
}

bool
cli_split_finish(struct cli_split *sp, bool ok)
{
	struct split_file *f;
	size_t		   i, made = 0;

	if (sp == NULL)
		return ok;
	if (ok)
		ok = split_complete(sp);
	for (i = 0; i < sp->nfiles; i++) {
		f = sp->files[i];
		record_export_free(f->x);
		f->x = NULL;
		if (!ok || f->records == 0)
			cli_output_abort(&f->out);
		else if (cli_output_commit(&f->out))
			made++;
		else {
			/* Those already in place stay; the rest do not. */
			cli_error("--split: %zu file%s of the split %s in "
				  "place, the others are not made",
			    made, made == 1 ? "" : "s",
			    made == 1 ? "is" : "are");
			ok = false;
		}
		free(f->path);
		free(f);
	}
	free(sp->files);
	hashmap_fini(&sp->map);
	buf_fini(&sp->name);
	free(sp);
	return ok;
}
