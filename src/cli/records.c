/* SPDX-License-Identifier: MIT */
/*
 * The options of the tools that read records (records.h): -g, -f,
 * --shard, --csv-columns, --wthor-players and --wthor-tournaments, -j,
 * checked as they are given and handed to the reader of each input; and which record
 * is both the task's and the worker's.  Reading the records is
 * src/record's; the workers are jobs.c's.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/base.h"
#include "cli/files.h"
#include "cli/input.h"
#include "cli/jobs.h"
#include "cli/output.h"
#include "cli/records.h"
#include "referee/referee.h"

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

/*
 * --max-record-size SIZE: bytes, or KiB, MiB, GiB with K, M, G after the
 * number; at least 1 KiB, so that a tag line fits.
 */
static bool
max_size_option(const char *arg, size_t *size)
{
	static const char units[] = "KMG";
	unsigned long long n;
	const char	  *u;
	char		  *end;

	errno = 0;
	n = *arg >= '0' && *arg <= '9' ? strtoull(arg, &end, 10) : 0;
	if (n > 0 && errno == 0) {
		if (*end != '\0' && end[1] == '\0' &&
		    (u = strchr(units, *end)) != NULL) {
			if (n > (SIZE_MAX >> 10 * (u - units + 1)))
				n = 0;
			else
				n <<= 10 * (u - units + 1);
		} else if (*end != '\0')
			n = 0;
	}
	if (n >= 1024 && n <= SIZE_MAX) {
		*size = (size_t)n;
		return true;
	}
	cli_error("--max-record-size takes bytes, at least 1024, or a "
		  "number with K, M or G (e.g. 256M), not '%s'",
	    arg);
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
cli_shard_mine(const struct cli_shard *sh)
{
	return sh->n == 0 || sh->at == sh->k - 1;
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
cli_records_init(struct cli_records *ro, bool reports_ok)
{
	memset(ro, 0, sizeof *ro);
	ro->format = RECORD_AUTO;
	ro->implicit_pass = REPLAY_IMPLICIT_AUTO;
	ro->reports_ok = reports_ok;
	ro->jobs = 1;
}

/*
 * -g and -f: the game of records without a Game tag, and the format of
 * records, or "report" for a tool that reads reports.
 */
static bool
read_as_option(struct cli_records *ro, int c, const char *arg)
{
	int f;

	if (c == 'g')
		return (ro->game = cli_find_game(arg)) != NULL;
	if (ro->reports_ok && strcmp(arg, "report") == 0) {
		ro->reports = true;
		return true;
	}
	if ((f = record_format_parse(arg)) == -1) {
		if (ro->reports_ok)
			cli_error("unknown format '%s' (auto, report, pgn, "
				  "transcript, csv, wthor, ggf, sgf)",
			    arg);
		else
			cli_error("unknown format '%s' (auto, pgn, "
				  "transcript, csv, wthor, ggf, sgf)",
			    arg);
		return false;
	}
	ro->format = (enum record_format)f;
	ro->reports = false;
	return true;
}

/* --implicit-pass[=WHEN]: auto, yes (alone too) or no (replay_implicit). */
static bool
implicit_pass_option(struct cli_records *ro, const char *arg)
{
	if (arg == NULL || strcmp(arg, "yes") == 0)
		ro->implicit_pass = REPLAY_IMPLICIT_YES;
	else if (strcmp(arg, "no") == 0)
		ro->implicit_pass = REPLAY_IMPLICIT_NO;
	else if (strcmp(arg, "auto") == 0)
		ro->implicit_pass = REPLAY_IMPLICIT_AUTO;
	else {
		cli_error("--implicit-pass: '%s' is not auto, yes or no", arg);
		return false;
	}
	return true;
}

/*
 * Takes option c with its argument arg if it is one of reading's.
 * Returns 1 if it was, 0 if it is another, -1 after saying what is wrong
 * with arg (the tool stops: what was set from it is never read).
 */
static int
records_option(struct cli_records *ro, int c, const char *arg)
{
	bool ok = true;

	switch (c) {
	case 'g':
	case 'f': ok = read_as_option(ro, c, arg); break;
	case 'j': ok = cli_jobs_option(arg, &ro->jobs); break;
	case CLI_OPT_SHARD: ok = cli_shard_option(arg, &ro->shard); break;
	case CLI_OPT_FILES_FROM: ro->files_from = arg; break;
	case CLI_OPT_CSV_COLUMNS:
		ok = cli_csv_columns_option(arg);
		ro->csv_columns = arg;
		break;
	case CLI_OPT_WTHOR_PLAYERS:
		ok = wthor_names_option("--wthor-players", arg);
		ro->wthor_players = arg;
		break;
	case CLI_OPT_WTHOR_TOURNAMENTS:
		ok = wthor_names_option("--wthor-tournaments", arg);
		ro->wthor_tournaments = arg;
		break;
	case CLI_OPT_COLOR: ok = cli_color_option(arg); break;
	case CLI_OPT_IMPLICIT_PASS: ok = implicit_pass_option(ro, arg); break;
	case CLI_OPT_MAX_RECORD_SIZE:
		ok = max_size_option(arg, &ro->max_size);
		break;
	default: return 0;
	}
	return ok ? 1 : -1;
}

/* The options of reading, and --help and --version, after a tool's own. */
static const struct option records_longopts[] = {
	{ "game", required_argument, NULL, 'g' },
	{ "format", required_argument, NULL, 'f' },
	{ "jobs", required_argument, NULL, 'j' },
	{ "shard", required_argument, NULL, CLI_OPT_SHARD },
	{ "files-from", required_argument, NULL, CLI_OPT_FILES_FROM },
	{ "csv-columns", required_argument, NULL, CLI_OPT_CSV_COLUMNS },
	{ "wthor-players", required_argument, NULL, CLI_OPT_WTHOR_PLAYERS },
	{ "wthor-tournaments", required_argument, NULL,
	    CLI_OPT_WTHOR_TOURNAMENTS },
	{ "color", required_argument, NULL, CLI_OPT_COLOR },
	{ "implicit-pass", optional_argument, NULL, CLI_OPT_IMPLICIT_PASS },
	{ "max-record-size", required_argument, NULL,
	    CLI_OPT_MAX_RECORD_SIZE },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
};
#define NRECORDS (sizeof records_longopts / sizeof records_longopts[0])

/* The whole table getopt_long reads: reachable until exit. */
static struct option *longopts;

/* The tool's own options, then reading's, then the end; NULL on ENOMEM. */
static const struct option *
all_longopts(const struct option *own)
{
	size_t n = 0;

	if (longopts != NULL)
		return longopts;
	while (own[n].name != NULL)
		n++;
	if ((longopts = calloc(n + NRECORDS + 1, sizeof *longopts)) == NULL)
		return NULL;
	memcpy(longopts, own, n * sizeof *own);
	memcpy(longopts + n, records_longopts, sizeof records_longopts);
	return longopts;
}

int
cli_records_getopt(struct cli_records *ro, int argc, char **argv,
    const char *optstring, const struct option *own)
{
	const struct option *all;
	int		     c, taken;

	if ((all = all_longopts(own)) == NULL) {
		cli_error("out of memory");
		return CLI_OPT_FAILED;
	}
	while ((c = getopt_long(argc, argv, optstring, all, NULL)) != -1)
		if ((taken = records_option(ro, c, optarg)) == 0)
			return c;
		else if (taken == -1)
			return CLI_OPT_FAILED;
	return -1;
}

char *const *
cli_records_inputs(const struct cli_records *ro, int argc, char **argv,
    const char *output, int *n)
{
	char *const *files;

	if ((files = cli_inputs(ro->files_from, argc, argv, n)) == NULL ||
	    !cli_output_distinct(output, (const char *const *)files, *n))
		return NULL;
	return files;
}

struct replay_options
cli_records_replay(const struct cli_records *in)
{
	return (struct replay_options){ .game = in->game,
		.implicit_pass = (enum replay_implicit)in->implicit_pass };
}

struct record_reader *
cli_records_reader(const struct cli_records *ro, struct record_syntax *syn,
    FILE *in, const char *path, const char *name)
{
	struct record_reader *rd;
	struct stat	      st;

	if ((rd = record_reader_new(syn, in, name, ro->format)) == NULL)
		return NULL;
	record_reader_max_size(rd, ro->max_size);
	/*
	 * A regular file read from its start through a stream of ours, one
	 * that counts its bytes (gamecheck's progress, gamestat --partial):
	 * its size, which the stream cannot tell, so that it is read as the
	 * file itself is (a WTHOR's game count, formats/wthor.md).
	 */
	if (fileno(in) == -1 && !cli_input_decompressed(in) &&
	    (strcmp(path, "-") != 0 || cli_stdin_from_start()) &&
	    cli_input_stat(path, &st) == 0 && S_ISREG(st.st_mode))
		record_reader_size(rd, (unsigned long long)st.st_size);
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
cli_records_rangeable(const struct cli_records *ro, struct record_syntax *syn,
    const char *path, bool (*refuse)(const char *head, size_t len))
{
	struct record_reader *rd;
	struct stat	      st;
	char		      head[CLI_RECORDS_HEAD];
	ssize_t		      got;
	FILE		     *f;
	bool		      ok;
	int		      fd;

	/*
	 * No other file than a regular one is opened (-j refuses it), and
	 * none waits: one made a FIFO since would wait for a writer.
	 */
	if (strcmp(path, "-") == 0 ||
	    (stat(path, &st) == 0 && !S_ISREG(st.st_mode)))
		return false;
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) == -1)
		return true;
	if ((f = fdopen(fd, "rb")) == NULL) {
		close(fd);
		return false;
	}
	ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
	if (ok && st.st_size > 0) {
		got = pread(fd, head, sizeof head, 0);
		ok = got > 0 && cli_compression(head, (size_t)got) == NULL &&
		    (refuse == NULL || !refuse(head, (size_t)got)) &&
		    (rd = cli_records_reader(
			 ro, syn, f, path, cli_input_name(path))) != NULL;
		if (ok) {
			ok = record_reader_range(rd, 0, 1) == 0;
			record_reader_free(rd);
		}
	}
	fclose(f);
	return ok;
}

void
cli_records_diag(const char *name, struct record_reader *rd,
    const struct diag *d, const char *prefix)
{
	struct diag   at;
	unsigned long lines;

	if (d->at.line > 0 && (lines = record_reader_range_lines(rd)) > 0) {
		at = *d;
		at.at.line += lines;
		d = &at;
	}
	cli_diag(name, d, prefix);
}

bool
cli_record_mine(const struct cli_shard *sh, struct cli_jobs *j, uint64_t seq)
{
	return cli_shard_mine(sh) && cli_jobs_mine(j, seq);
}

bool
cli_record_take(struct cli_shard *sh, struct cli_jobs *j, uint64_t *seq)
{
	/* The workers share out the task's records only. */
	return cli_shard_take(sh) && cli_jobs_take(j, seq);
}

bool
cli_records_cut_wrong(const struct record *rec, struct diag *d)
{
	if (!rec->malformed || rec->error.code == DIAG_NONE)
		return false;
	/* A whole input no record can be read from: its own code. */
	if (rec->error.code == DIAG_BAD_CSV_HEADER ||
	    rec->error.code == DIAG_BINARY_INPUT ||
	    rec->error.code == DIAG_LFS_POINTER) {
		*d = rec->error;
		return true;
	}
	if (rec->format != RECORD_PGN || rec->ntags != 0)
		return false;
	/* The reader's message says what the stray movetext is. */
	diag_set_at(d, DIAG_SPLIT_RECORD, rec->start, 0,
	    "the input starts inside a record, with movetext before any tag "
	    "(split at a line, not at a record? --shard splits at records): "
	    "%.120s",
	    rec->error.msg);
	return true;
}

bool
cli_records_cut_short(struct record_reader *rd, struct diag *d)
{
	struct diag_pos at;

	if (!record_reader_ended_in_tags(rd, &at))
		return false;
	diag_set_at(d, DIAG_SPLIT_RECORD, at, 0,
	    "the input ends inside a record, with tags and no movetext after "
	    "them (split at a line, not at a record? --shard splits at "
	    "records)");
	return true;
}

void
cli_records_usage(FILE *f)
{
	fprintf(f,
	    "      --files-from=LIST    read the files LIST names, one a line\n"
	    "                           (- standard input), after the others\n"
	    "      --csv-columns=SPEC   the inputs are CSV without a header\n"
	    "                           line; SPEC names the columns as it\n"
	    "                           would (id,winner,moves)\n"
	    "      --wthor-players=FILE WTHOR inputs name their players\n"
	    "                           from FILE (default: WTHOR.JOU beside\n"
	    "                           the input)\n"
	    "      --wthor-tournaments=FILE  and their tournaments (WTHOR.TRN)\n"
	    "      --implicit-pass[=WHEN]  imply the passes a record of the\n"
	    "                           notation leaves out: auto (a Reversi\n"
	    "                           record with none written), yes, no\n"
	    "      --max-record-size=SIZE  the most a line or a record may\n"
	    "                           take (default 64M): longer is too-large\n");
}

void
cli_records_usage_end(FILE *f)
{
	fprintf(f,
	    "      --color=WHEN         colour messages (auto, always, never)\n"
	    "  -h, --help               show this help and exit\n"
	    "  -V, --version            show the version and exit\n"
	    "\n"
	    "Files are read in order; - or none reads standard input.\n");
}
