/* SPDX-License-Identifier: MIT */
/*
 * The base of the tools (base.h): the program name, --version and --help's
 * end, usage errors, messages and diagnostics on stderr, the exit on a
 * closed pipe, counts and game names as options, and progress on a
 * terminal.  The program name and the progress line are the process state
 * here, the name set once by main() before anything else runs.
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "cli/base.h"
#include "util/util.h"

/* Names shown at once in one message, each in a buffer of its own. */
#define SHOWN_RING 4
#define SHOWN_CAP  (4 * 1024 + 1)

static const char *progname = "arbiter";
static bool	   stdin_from_start;
static struct {
	bool		   shown;
	int		   mode; /* -1 never, 0 on a terminal, 1 always */
	struct timespec	   start;
	struct timespec	   last;
	unsigned long long size; /* the inputs' bytes, 0 unknown */
	unsigned long long read; /* of them, read so far */
} progress;

void
cli_init(const char *name)
{
	const char *slash = strrchr(name, '/');

	progname = slash != NULL ? slash + 1 : name;
	stdin_from_start = lseek(STDIN_FILENO, 0, SEEK_CUR) == 0;
}

bool
cli_stdin_from_start(void)
{
	return stdin_from_start;
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

const char *
cli_shown(const char *s)
{
	static char buf[SHOWN_RING][SHOWN_CAP];
	static int  next;
	char	   *b = buf[next];

	next = (next + 1) % SHOWN_RING;
	util_printable(s, strlen(s), b, SHOWN_CAP);
	return b;
}

/*
 * A message made safe for a terminal before it is written: what reaches
 * stderr from a file name, an engine or a record cannot move the cursor
 * or start an escape, whether or not its caller passed it through
 * cli_shown.  Control characters and bytes of invalid UTF-8 become \xHH
 * as util_printable makes them; a backslash is kept, for the message may
 * hold text that util_printable has escaped already.
 */
static void
put_safe(const char *s, FILE *f)
{
	static const char hex[] = "0123456789abcdef";
	size_t		  len = strlen(s), i = 0, k;
	uint32_t	  cp = 0;

	while (i < len) {
		k = utf8_char(s + i, len - i, &cp);
		/* C0, DEL and C1 controls move the cursor or start escapes. */
		if (k > 0 && cp >= 0x20 && cp != 0x7f &&
		    (cp < 0x80 || cp >= 0xa0)) {
			fwrite(s + i, 1, k, f);
			i += k;
			continue;
		}
		fprintf(f, "\\x%c%c", hex[(unsigned char)s[i] >> 4],
		    hex[(unsigned char)s[i] & 15]);
		i++;
	}
}

/* "PROG: " and the message made safe (put_safe), on stderr. */
static void
message(const char *fmt, va_list ap)
{
	char	buf[1024], *msg = buf;
	va_list again;
	int	n;

	va_copy(again, ap);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	if (n >= (int)sizeof buf && (msg = malloc((size_t)n + 1)) != NULL)
		vsnprintf(msg, (size_t)n + 1, fmt, again);
	va_end(again);
	fprintf(stderr, "%s: ", progname);
	put_safe(msg != NULL ? msg : buf, stderr);
	fputc('\n', stderr);
	if (msg != buf)
		free(msg);
}

void
cli_error(const char *fmt, ...)
{
	va_list ap;

	cli_progress_done();
	va_start(ap, fmt);
	message(fmt, ap);
	va_end(ap);
}

int
cli_bad_value(const char *opt, const char *what, const char *arg)
{
	cli_error("%s takes %s, not '%s'", opt, what, arg);
	return -1;
}

/* --color: -1 never, 0 auto, 1 always. */
static int colour_mode;

bool
cli_color_option(const char *arg)
{
	if (strcmp(arg, "auto") == 0)
		colour_mode = 0;
	else if (strcmp(arg, "always") == 0)
		colour_mode = 1;
	else if (strcmp(arg, "never") == 0)
		colour_mode = -1;
	else {
		cli_error("--color: '%s' is not auto, always or never", arg);
		return false;
	}
	return true;
}

/*
 * A terminal that takes escapes: TERM=dumb (Emacs's shell, a plain
 * console) says it does not, and gets neither colour nor progress.
 */
static bool
escapes_ok(void)
{
	const char *term = getenv("TERM");

	return isatty(STDERR_FILENO) &&
	    (term == NULL || strcmp(term, "dumb") != 0);
}

static bool
colour(void)
{
	const char *nc = getenv("NO_COLOR");

	if (colour_mode != 0)
		return colour_mode > 0;
	return (nc == NULL || *nc == '\0') && escapes_ok();
}

void
cli_diag(const char *file, const struct diag *d, const char *prefix)
{
	enum diag_severity s = diag_severity(d->code);
	const char	  *name = diag_name(d->code);
	bool		   c = colour();

	cli_progress_done();
	fprintf(stderr, "%s: %s:%lu:%lu: %s%s:%s ", progname, cli_shown(file),
	    d->at.line, d->at.col,
	    c ? (s == DIAG_ERROR ? "\033[1;31m" : "\033[1;35m") : "",
	    diag_severity_name(s), c ? "\033[0m" : "");
	put_safe(prefix != NULL ? prefix : "", stderr);
	put_safe(d->msg, stderr);
	fprintf(stderr, "%s%s%s\n", name != NULL ? " [" : "",
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

const struct rules_game *
cli_find_game(const char *name)
{
	const struct rules_game *g;
	struct diag		 d;
	char			 shown[64];

	util_printable(name, strlen(name), shown, sizeof shown);
	if ((g = rules_game_lookup(name, shown, &d)) == NULL)
		cli_error("%s", d.msg);
	return g;
}

static double
seconds(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	    (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

void
cli_progress_mode(int mode)
{
	progress.mode = mode;
}

void
cli_progress_size(unsigned long long size)
{
	progress.size = size;
}

void
cli_progress_read(unsigned long long n)
{
	progress.read += n;
}

bool
cli_progress_wanted(void)
{
	return progress.mode > 0 || (progress.mode == 0 && escapes_ok());
}

/* The time left, "1:02:03", "4:05" or "6s", in when. */
static void
time_left(unsigned long left, char *when, size_t size)
{
	if (left >= 3600)
		snprintf(when, size, "%lu:%02lu:%02lu", left / 3600,
		    left / 60 % 60, left % 60);
	else if (left >= 60)
		snprintf(when, size, "%lu:%02lu", left / 60, left % 60);
	else
		snprintf(when, size, "%lus", left);
}

void
cli_progress(unsigned long records)
{
	struct timespec now;
	double		t, part;
	char		when[32];

	if ((records & 1023) != 0 || !cli_progress_wanted())
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
	/* The inputs' size known: the part of their bytes read. */
	if (progress.size > 0 && progress.read > 0 &&
	    progress.read <= progress.size) {
		part = (double)progress.read / (double)progress.size;
		time_left((unsigned long)(t / part * (1 - part) + 0.5), when,
		    sizeof when);
		fprintf(stderr,
		    "\r%s: %.0f%%, %lu records (%.0f/s, ETA %s)\033[K",
		    progname, 100 * part, records,
		    t > 0 ? (double)records / t : 0.0, when);
	} else
		fprintf(stderr, "\r%s: %lu records (%.0f/s)\033[K", progname,
		    records, t > 0 ? (double)records / t : 0.0);
	progress.shown = true;
}

void
cli_progress_of(unsigned long done, unsigned long total, const char *unit)
{
	struct timespec now;
	unsigned long	left;
	double		t, rate;
	char		when[32], eta[64] = "";

	if (!cli_progress_wanted())
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
		time_left(left, when, sizeof when);
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
