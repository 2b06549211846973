/* SPDX-License-Identifier: MIT */
/*
 * What every gameplay command does by its entry (play.h, struct
 * play_cmd), as tmux's cmd.c does by cmd_entry: parsing its options into
 * the command's settings, counting its operands, the usage error of a
 * wrong count and its --help.  What an option means, and the work, is
 * the command's own file.
 */
#include <ctype.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "play/play.h"

const char *
play_optstring(const struct play_cmd *cmd, char *buf, size_t cap)
{
	const struct option *o;
	size_t		     n = 0;

	if (cmd->in_order && n + 1 < cap)
		buf[n++] = '+';
	if (n + 1 < cap)
		buf[n++] = ':';
	for (o = cmd->args.longopts; o->name != NULL; o++) {
		/* A short name once: "concurrency" is -j as "jobs" is. */
		if (o->val <= 0 || o->val > UCHAR_MAX || !isalnum(o->val))
			continue;
		buf[n] = '\0';
		if (memchr(buf, o->val, n) != NULL)
			continue;
		if (n + 3 >= cap)
			break;
		buf[n++] = (char)o->val;
		if (o->has_arg == required_argument)
			buf[n++] = ':';
		else if (o->has_arg == optional_argument) {
			buf[n++] = ':';
			buf[n++] = ':';
		}
	}
	buf[n] = '\0';
	return buf;
}

/* "usage: gameplay NAME SYNOPSIS", as the man page's SYNOPSIS. */
static void
usage_line(FILE *f, const struct play_cmd *cmd)
{
	fprintf(f, "usage: gameplay %s %s\n", cmd->name, cmd->usage);
}

/* The help lines of -g and -r, the text in column width + 2. */
static void
help_select(int width)
{
	printf("  %-*s%s\n  %-*s%s\n", width, "-g, --game=GAME",
	    "a record without a Game tag is GAME", width, "-r, --record=N",
	    "the Nth record of the file (default: its only one)");
}

/* The help lines of -h and -V, the text in column width + 2. */
static void
help_common(int width)
{
	printf("  %-*s%s\n  %-*s%s\n", width, "-h, --help",
	    "show this help and exit", width, "-V, --version",
	    "show the version and exit");
}

void
play_help(const struct play_cmd *cmd)
{
	usage_line(stdout, cmd);
	fputs(cmd->help, stdout);
	if (cmd->select)
		help_select(cmd->width);
	help_common(cmd->width);
	if (cmd->footer != NULL)
		printf("\n%s", cmd->footer);
}

/*
 * What an option the command has no case of is: -h (its help), -V, or a
 * usage error in one line.  Returns the exit status.
 */
static int
common_option(
    const struct play_cmd *cmd, const char *optstring, int c, char **argv)
{
	switch (c) {
	case 'h': play_help(cmd); return cli_help_done();
	case 'V': return cli_version("gameplay");
	default: return cli_option_error(argv, optstring, c, true);
	}
}

int
play_usage_error(const struct play_cmd *cmd)
{
	if (cmd->hint != NULL)
		cli_error(
		    "%s: %s (try %s)", cmd->name, cmd->args.wrong, cmd->hint);
	else
		cli_error("%s: %s (try gameplay %s --help)", cmd->name,
		    cmd->args.wrong, cmd->name);
	return CLI_USAGE;
}

/* Keeps option c's argument as cmd's fields say: false if none is c's. */
static bool
keep_field(const struct play_cmd *cmd, void *settings, int c, char *arg)
{
	const struct play_field *f;
	char			*at;

	for (f = cmd->fields; f != NULL && f->c != 0; f++)
		if (f->c == c) {
			at = (char *)settings + f->off;
			if (f->flag)
				*(bool *)(void *)at = true;
			else
				*(const char **)(void *)at = arg;
			return true;
		}
	return false;
}

int
play_parse(const struct play_cmd *cmd, int argc, char **argv, void *settings)
{
	char optstring[PLAY_OPTSTRING_MAX];
	int  c, n;

	play_optstring(cmd, optstring, sizeof optstring);
	while ((c = getopt_long(
		    argc, argv, optstring, cmd->args.longopts, NULL)) != -1) {
		/* ':' and '?' are getopt's errors, 'h' and 'V' ours. */
		if (c == ':' || c == '?' || c == 'h' || c == 'V')
			return common_option(cmd, optstring, c, argv);
		if (!keep_field(cmd, settings, c, optarg) &&
		    cmd->option(settings, c, optarg) == -1)
			return CLI_USAGE;
	}
	n = argc - optind;
	if (n < cmd->args.lower ||
	    (cmd->args.upper != -1 && n > cmd->args.upper))
		return play_usage_error(cmd);
	return -1;
}
