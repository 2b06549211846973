/* SPDX-License-Identifier: MIT */
/*
 * Diagnostics, exit statuses, --version, inputs and outputs, output checks
 * and progress for the tools.  The program name is the one piece of
 * process state here, set once by main() before anything else runs.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "cli/cli.h"

static const char *progname = "arbiter";
static struct {
	bool		shown;
	struct timespec start;
	struct timespec last;
} progress;

void
cli_init(const char *name)
{
	const char *slash = strrchr(name, '/');

	progname = slash != NULL ? slash + 1 : name;
}

const char *
cli_progname(void)
{
	return progname;
}

int
cli_version(const char *tool)
{
	printf("%s (%s) %s\n"
	       "Copyright (C) 2026 The arbiter authors.\n"
	       "License MIT: <https://opensource.org/licenses/MIT>.\n"
	       "This is free software: you are free to change and redistribute "
	       "it.\n"
	       "There is NO WARRANTY, to the extent permitted by law.\n",
	    tool, PACKAGE_NAME, PACKAGE_VERSION);
	return cli_output_ok(stdout, "stdout") ? CLI_OK : CLI_USAGE;
}

int
cli_help_done(void)
{
	/* The project has a tracker but no address yet: the README says. */
	printf("\nReport bugs as README.md says (Reporting bugs).\n");
	return cli_output_ok(stdout, "stdout") ? CLI_OK : CLI_USAGE;
}

/* An option as the user wrote it: "--name" without its "=value". */
static void
long_name(const char *arg, char *buf, size_t cap)
{
	snprintf(buf, cap, "%.*s", (int)strcspn(arg, "="), arg);
}

int
cli_option_error(char *const *argv, const char *optstring, int c, bool command)
{
	const char *arg = optind > 0 ? argv[optind - 1] : "";
	const char *who = command ? argv[0] : progname;
	char	    name[64], try[96];
	bool	    is_long = strncmp(arg, "--", 2) == 0;

	snprintf(try, sizeof try, "try %s%s--help", command ? argv[0] : "",
	    command ? " " : "");
	long_name(arg, name, sizeof name);
	cli_progress_done();
	if (c == ':' && is_long)
		fprintf(stderr, "%s: option '%s' requires an argument (%s)\n",
		    who, name, try);
	else if (c == ':')
		fprintf(stderr,
		    "%s: option requires an argument -- '%c' "
		    "(%s)\n",
		    who, optopt, try);
	else if (optopt > 0 && optopt < 256 && optopt != ':' &&
	    strchr(optstring, optopt) == NULL)
		fprintf(stderr, "%s: invalid option -- '%c' (%s)\n", who,
		    optopt, try);
	else if (optopt != 0 && is_long)
		fprintf(stderr,
		    "%s: option '%s' doesn't allow an argument "
		    "(%s)\n",
		    who, name, try);
	else
		fprintf(stderr, "%s: unrecognized option '%s' (%s)\n", who, arg,
		    try);
	return CLI_USAGE;
}

void
cli_error(const char *fmt, ...)
{
	va_list ap;

	cli_progress_done();
	fprintf(stderr, "%s: ", progname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static bool
colour(void)
{
	const char *nc = getenv("NO_COLOR");

	return (nc == NULL || *nc == '\0') && isatty(STDERR_FILENO);
}

void
cli_diag(const char *file, const struct diag *d, const char *prefix)
{
	enum diag_severity s = diag_severity(d->code);
	const char	  *name = diag_name(d->code);
	bool		   c = colour();

	cli_progress_done();
	fprintf(stderr, "%s: %s:%lu:%lu: %s%s:%s %s%s%s%s%s\n", progname, file,
	    d->at.line, d->at.col,
	    c ? (s == DIAG_ERROR ? "\033[1;31m" : "\033[1;35m") : "",
	    diag_severity_name(s), c ? "\033[0m" : "",
	    prefix != NULL ? prefix : "", d->msg, name != NULL ? " [" : "",
	    name != NULL ? name : "", name != NULL ? "]" : "");
}

bool
cli_output_ok(FILE *out, const char *what)
{
	if (!ferror(out))
		return true;
	if (errno == EPIPE)
		exit(CLI_USAGE);
	cli_error("%s: %s", what, strerror(errno));
	return false;
}

bool
cli_parse_count(const char *s, unsigned long *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	*v = strtoul(s, &end, 10);
	return errno == 0 && *end == '\0';
}

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

	if (cli_read_file(list, &text, &len) == -1) {
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

int
cli_input_stat(const char *path, struct stat *st)
{
	if (strcmp(path, "-") == 0)
		return fstat(STDIN_FILENO, st);
	return stat(path, st);
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

/* Reads "K/N" into sh; false if it is not one. */
static bool
parse_shard(const char *s, struct cli_shard *sh)
{
	unsigned long k, n;
	char	     *end;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	k = strtoul(s, &end, 10);
	if (errno != 0 || *end != '/' || end[1] < '0' || end[1] > '9')
		return false;
	n = strtoul(end + 1, &end, 10);
	if (errno != 0 || *end != '\0' || k == 0 || k > n)
		return false;
	sh->k = k;
	sh->n = n;
	sh->at = 0;
	return true;
}

bool
cli_shard_option(const char *arg, struct cli_shard *sh)
{
	if (sh->n == 0 && parse_shard(arg, sh))
		return true;
	cli_error("--shard takes K/N, 1 <= K <= N, once, not '%s'", arg);
	return false;
}

bool
cli_shard_take(struct cli_shard *sh)
{
	bool mine;

	if (sh->n == 0)
		return true;
	mine = sh->at == sh->k - 1;
	if (++sh->at == sh->n)
		sh->at = 0;
	return mine;
}

bool
cli_csv_columns_option(const char *arg)
{
	if (record_csv_columns_ok(arg))
		return true;
	cli_error("--csv-columns names no moves column (e.g. "
		  "id,winner,moves): '%s'",
	    arg);
	return false;
}

/*
 * A name file given is one the user means: one that cannot be read is an
 * error, not numbers for names (those beside an input may be absent).
 */
static bool
wthor_names_option(const char *opt, const char *arg)
{
	struct stat st;
	int	    fd, e;

	/* O_NONBLOCK: a FIFO is refused, not waited on. */
	if ((fd = open(arg, O_RDONLY | O_NONBLOCK)) == -1 ||
	    fstat(fd, &st) == -1) {
		e = errno;
		if (fd != -1)
			close(fd);
		cli_error("%s: %s: %s", opt, arg, strerror(e));
		return false;
	}
	close(fd);
	if (!S_ISREG(st.st_mode)) {
		cli_error("%s: %s: not a regular file", opt, arg);
		return false;
	}
	return true;
}

void
cli_records_init(struct cli_records *ro)
{
	memset(ro, 0, sizeof *ro);
	ro->jobs = 1;
}

int
cli_records_option(struct cli_records *ro, int c, const char *arg)
{
	switch (c) {
	case 'j': return cli_jobs_option(arg, &ro->jobs) ? 1 : -1;
	case CLI_OPT_SHARD: return cli_shard_option(arg, &ro->shard) ? 1 : -1;
	case CLI_OPT_FILES_FROM: ro->files_from = arg; return 1;
	case CLI_OPT_CSV_COLUMNS:
		if (!cli_csv_columns_option(arg))
			return -1;
		ro->csv_columns = arg;
		return 1;
	case CLI_OPT_WTHOR_PLAYERS:
		if (!wthor_names_option("--wthor-players", arg))
			return -1;
		ro->wthor_players = arg;
		return 1;
	case CLI_OPT_WTHOR_TOURNAMENTS:
		if (!wthor_names_option("--wthor-tournaments", arg))
			return -1;
		ro->wthor_tournaments = arg;
		return 1;
	default: return 0;
	}
}

struct record_reader *
cli_records_reader(const struct cli_records *ro, struct record_syntax *syn,
    FILE *in, const char *path, const char *name, enum record_format format)
{
	struct record_reader *rd;

	if ((rd = record_reader_new(syn, in, name, format)) == NULL)
		return NULL;
	if ((ro->csv_columns != NULL &&
		record_reader_csv_columns(rd, ro->csv_columns) == -1) ||
	    record_reader_wthor_names(rd, strcmp(path, "-") == 0 ? NULL : path,
		ro->wthor_players, ro->wthor_tournaments) == -1) {
		record_reader_free(rd);
		return NULL;
	}
	return rd;
}

bool
cli_shard_mine(const struct cli_shard *sh)
{
	return sh->n == 0 || sh->at == sh->k - 1;
}

const struct rules_game *
cli_find_game(const char *name, const char *hint)
{
	const struct rules_game *g;

	if ((g = rules_game_find(name)) == NULL)
		cli_error("unknown game '%s' (try %s)", name, hint);
	return g;
}

static double
seconds(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	    (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

void
cli_progress(unsigned long records)
{
	struct timespec now;
	double		t;

	if ((records & 1023) != 0 || !isatty(STDERR_FILENO))
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (progress.start.tv_sec == 0 && progress.start.tv_nsec == 0) {
		progress.start = progress.last = now;
		return;
	}
	if (seconds(&progress.last, &now) < 0.25)
		return;
	progress.last = now;
	t = seconds(&progress.start, &now);
	fprintf(stderr, "\r%s: %lu records (%.0f/s)\033[K", progname, records,
	    t > 0 ? (double)records / t : 0.0);
	progress.shown = true;
}

void
cli_progress_of(unsigned long done, unsigned long total, const char *unit)
{
	struct timespec now;
	unsigned long	left;
	double		t, rate;
	char		when[32], eta[64] = "";

	if (!isatty(STDERR_FILENO))
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (done == 0)
		progress.start = now;
	else if (progress.shown && seconds(&progress.last, &now) < 0.25)
		return;
	progress.last = now;
	t = seconds(&progress.start, &now);
	if (done > 0 && t > 0) {
		rate = (double)done / t;
		left = (unsigned long)((double)(total - done) / rate + 0.5);
		if (left >= 3600)
			snprintf(when, sizeof when, "%lu:%02lu:%02lu",
			    left / 3600, left / 60 % 60, left % 60);
		else if (left >= 60)
			snprintf(when, sizeof when, "%lu:%02lu", left / 60,
			    left % 60);
		else
			snprintf(when, sizeof when, "%lus", left);
		snprintf(eta, sizeof eta, " (%.*f/s, ETA %s)",
		    rate < 10 ? 1 : 0, rate, when);
	}
	fprintf(stderr, "\r%s: %lu/%lu %s%s\033[K", progname, done, total, unit,
	    eta);
	progress.shown = true;
}

void
cli_progress_done(void)
{
	if (progress.shown)
		fputs("\r\033[K", stderr);
	progress.shown = false;
}
