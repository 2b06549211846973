/* SPDX-License-Identifier: MIT */
/*
 * gameplay new: a fresh record for a game (gameplay(1)): its tags, no
 * moves, result "*"; for a game with dice, the Seed its dice come from.
 */
#include <sys/random.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "play/play.h"

static void	help(void);
static int	exec_new(int, char **);

enum { OPT_FORCE = PLAY_OPT_OWN };

const struct play_cmd play_cmd_new = {
	.name = "new",
	.args = "[--force] [-s spec] [-b name] [-w name] [-d date] [-e event]\n"
	    "       [-S seed] [-v variant] [-o file] game",
	.summary = "write a fresh record for a game",
	.help = help,
	.exec = exec_new,
};

static void
help(void)
{
	play_usage(stdout, &play_cmd_new);
	printf("Write a fresh record for GAME: its tags and no moves.\n"
	    "\n"
	    "  -s, --size=SPEC        the board (default: the game's)\n"
	    "  -b, --black=NAME       the Black player\n"
	    "  -w, --white=NAME       the White player\n"
	    "  -d, --date=DATE        YYYY.MM.DD (default: today, UTC)\n"
	    "  -e, --event=EVENT      the Event tag\n"
	    "  -S, --seed=N           the dice seed of a dice game (default:\n"
	    "                         drawn from the system's entropy)\n"
	    "  -v, --variant=VARIANT  rule options (pie, no-pie)\n"
	    "  -o, --output=FILE      write FILE instead of standard output\n"
	    "      --force            let --output replace an existing file\n");
	play_help_common(23);
}

/* A Date tag value: YYYY.MM.DD, ? for an unknown digit (PGN). */
static bool
date_ok(const char *s)
{
	int	 i;

	if (strlen(s) != 10 || s[4] != '.' || s[7] != '.')
		return false;
	for (i = 0; i < 10; i++)
		if (i != 4 && i != 7 && !(s[i] >= '0' && s[i] <= '9') &&
		    s[i] != '?')
			return false;
	return true;
}

/* A seed from the system's entropy: getrandom(2), else /dev/urandom. */
static int
entropy_seed(uint64_t *seed)
{
	ssize_t	 n;
	int	 fd;

	do
		n = getrandom(seed, sizeof *seed, 0);
	while (n == -1 && errno == EINTR);
	if (n == (ssize_t)sizeof *seed)
		return 0;
	if ((fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	n = read(fd, seed, sizeof *seed);
	close(fd);
	return n == (ssize_t)sizeof *seed ? 0 : -1;
}

/* No line ends in a tag value: the notation has one tag pair a line. */
static bool
value_ok(const char *what, const char *v)
{
	if (strpbrk(v, "\r\n") == NULL)
		return true;
	cli_error("--%s may not hold a line end", what);
	return false;
}

static int
exec_new(int argc, char **argv)
{
	static const char opts[] = ":s:b:w:d:e:S:v:o:hV";
	static const struct option longopts[] = {
		{ "size", required_argument, NULL, 's' },
		{ "black", required_argument, NULL, 'b' },
		{ "white", required_argument, NULL, 'w' },
		{ "date", required_argument, NULL, 'd' },
		{ "event", required_argument, NULL, 'e' },
		{ "seed", required_argument, NULL, 'S' },
		{ "variant", required_argument, NULL, 'v' },
		{ "output", required_argument, NULL, 'o' },
		{ "force", no_argument, NULL, OPT_FORCE },
		PLAY_LONGOPTS_COMMON,
		{ NULL, 0, NULL, 0 },
	};
	const char *size = NULL, *black = "?", *white = "?", *date = NULL;
	const char *event = NULL, *seedarg = NULL, *variant = NULL;
	const char *output = NULL;
	const struct rules_game *g;
	struct rules_variant v;
	struct rules_position *pos;
	struct diag d;
	struct record_tag_out tags[10];
	char	 today[16], seedbuf[32];
	uint64_t seed = 0;
	unsigned long long sv;
	size_t	 n = 0;
	struct cli_locked lf = { .fd = -1 };
	struct cli_output out;
	struct stat st;
	bool	 force = false;
	char	*end;
	int	 c, status = CLI_OK;

	while ((c = getopt_long(argc, argv, opts, longopts,
	    NULL)) != -1) {
		switch (c) {
		case 's': size = optarg; break;
		case 'b': black = optarg; break;
		case 'w': white = optarg; break;
		case 'd': date = optarg; break;
		case 'e': event = optarg; break;
		case 'S': seedarg = optarg; break;
		case 'v': variant = optarg; break;
		case 'o': output = optarg; break;
		case OPT_FORCE: force = true; break;
		default:
			return play_option(&play_cmd_new, c, argv, opts);
		}
	}
	if (argc - optind != 1) {
		cli_error("new: name one game (try gameplay new --help)");
		return CLI_USAGE;
	}
	if ((g = cli_find_game(argv[optind], "gameplay --help")) == NULL)
		return CLI_USAGE;
	if (!value_ok("black", black) || !value_ok("white", white) ||
	    (event != NULL && !value_ok("event", event)))
		return CLI_USAGE;
	if (date != NULL && !date_ok(date)) {
		cli_error("--date takes YYYY.MM.DD, not '%s'", date);
		return CLI_USAGE;
	}
	if (variant != NULL) {
		if (rules_variant_parse(g, variant, &v, &d) == -1) {
			cli_error("%s [%s]", d.msg, diag_name(d.code));
			return CLI_USAGE;
		}
	} else
		rules_variant_default(g, &v);
	if ((pos = rules_position_new(g, size, &v, &d)) == NULL) {
		cli_error("%s [%s]", d.msg, diag_name(d.code));
		return CLI_USAGE;
	}
	if (seedarg != NULL) {
		errno = 0;
		sv = strtoull(seedarg, &end, 10);
		if (*seedarg < '0' || *seedarg > '9' || *end != '\0' ||
		    errno != 0) {
			cli_error("--seed takes a number from 0 to %" PRIu64
			    ", not '%s'", UINT64_MAX, seedarg);
			status = CLI_USAGE;
			goto out_free_pos;
		}
		seed = sv;
	}
	if (!play_uses_dice(pos) && seedarg != NULL) {
		cli_error("%s throws no dice: --seed is for dice games",
		    g->name);
		status = CLI_USAGE;
		goto out_free_pos;
	}
	if (date == NULL) {
		time_t	 now = time(NULL);
		struct tm tm;

		gmtime_r(&now, &tm);
		strftime(today, sizeof today, "%Y.%m.%d", &tm);
		date = today;
	}
	if (event != NULL)
		tags[n++] = (struct record_tag_out){ "Event", event };
	tags[n++] = (struct record_tag_out){ "Date", date };
	tags[n++] = (struct record_tag_out){ "Game", g->name };
	tags[n++] = (struct record_tag_out){ pos->board.geometry ==
	    RULES_SQUARE ? "Size" : "Board", pos->board.name };
	tags[n++] = (struct record_tag_out){ "Black", black };
	tags[n++] = (struct record_tag_out){ "White", white };
	if (variant != NULL)
		tags[n++] = (struct record_tag_out){ "Variant", variant };
	if (play_uses_dice(pos)) {
		if (seedarg == NULL && entropy_seed(&seed) == -1) {
			cli_error("cannot draw a seed: %s", strerror(errno));
			status = CLI_INTERNAL;
			goto out_free_pos;
		}
		snprintf(seedbuf, sizeof seedbuf, "%" PRIu64, seed);
		tags[n++] = (struct record_tag_out){ "Seed", seedbuf };
	}
	tags[n++] = (struct record_tag_out){ "Result", "*" };
	if (output != NULL && !force && lstat(output, &st) == 0) {
		cli_error("%s: %s (--force replaces it)", output,
		    strerror(EEXIST));
		status = CLI_USAGE;
		goto out_free_pos;
	}
	/* Replacing a record: under move -i's lock, so no move is lost. */
	if (output != NULL && force && stat(output, &st) == 0 &&
	    S_ISREG(st.st_mode)) {
		if (cli_locked_open(&lf, output) == -1 ||
		    cli_locked_output(&lf, &out) == -1) {
			status = CLI_USAGE;
			goto out_unlock;
		}
	} else if (cli_output_open(&out, output, force ? 0 :
	    CLI_OUTPUT_EXCL) == -1) {
		status = CLI_USAGE;
		goto out_free_pos;
	}
	if (record_write(out.fp, tags, n, NULL, 0, true, "*") == -1 ||
	    fflush(out.fp) == EOF) {
		status = cli_output_ok(out.fp, out.name) ? CLI_INTERNAL :
		    CLI_USAGE;
		cli_output_abort(&out);
	} else if (!cli_output_commit(&out))
		status = CLI_USAGE;
out_unlock:
	cli_locked_close(&lf);
out_free_pos:
	rules_position_free(pos);
	return status;
}
