/* SPDX-License-Identifier: MIT */
/*
 * gameplay's table of commands (commands.def, table.c, cmd.c), which
 * the golden cases reach only one command line at a time: every entry
 * is whole (a summary for gameplay --help, a synopsis, --help's text, an
 * operand count and its error, an exec), its option string, made from
 * its long options, holds each short option once with ':' exactly when
 * it takes an argument, and no two commands share a name nor two options
 * of a command a long name, nor a short one with another meaning.
 */
#include <check.h>
#include <ctype.h>
#include <getopt.h>
#include <stdbool.h>
#include <string.h>

#include "play/play.h"
#include "unit.h"

/* The long option of cmd whose short name is c, or NULL. */
static const struct option *
short_option(const struct play_cmd *cmd, int c)
{
	const struct option *o;

	for (o = cmd->args.longopts; o->name != NULL; o++)
		if (o->val == c)
			return o;
	return NULL;
}

START_TEST(test_entries_whole)
{
	const struct play_cmd *cmd;
	size_t		       i;

	for (i = 0; (cmd = play_cmd_at(i)) != NULL; i++) {
		ck_assert_msg(cmd->name != NULL && cmd->name[0] != '\0',
		    "command %zu has no name", i);
		ck_assert_msg(cmd->summary != NULL && cmd->summary[0] != '\0',
		    "%s has no summary", cmd->name);
		ck_assert_msg(strchr(cmd->summary, '\n') == NULL,
		    "%s's summary is more than a line", cmd->name);
		ck_assert_msg(cmd->usage != NULL && cmd->help != NULL,
		    "%s has no synopsis or help", cmd->name);
		ck_assert_msg(cmd->exec != NULL, "%s has no exec", cmd->name);
		ck_assert_msg(cmd->args.longopts != NULL && cmd->args.wrong,
		    "%s has no options or operand error", cmd->name);
		ck_assert_msg(cmd->args.lower >= 0 &&
			(cmd->args.upper == -1 ||
			    cmd->args.upper >= cmd->args.lower),
		    "%s: operands %d to %d", cmd->name, cmd->args.lower,
		    cmd->args.upper);
		ck_assert_msg(short_option(cmd, 'h') != NULL &&
			short_option(cmd, 'V') != NULL,
		    "%s has no -h or -V", cmd->name);
		/* An option but -h and -V needs the command's function. */
		ck_assert_msg(
		    cmd->option != NULL || cmd->args.longopts[2].name == NULL,
		    "%s has options and no option function", cmd->name);
		ck_assert_msg(!cmd->select ||
			(short_option(cmd, 'g') != NULL &&
			    short_option(cmd, 'r') != NULL),
		    "%s's help lists -g and -r it does not take", cmd->name);
		ck_assert_ptr_eq(play_cmd_find(cmd->name), cmd);
	}
	ck_assert_uint_ge(i, 20);
	ck_assert_ptr_null(play_cmd_find("no-such-command"));
}
END_TEST

START_TEST(test_optstring_of_longopts)
{
	const struct play_cmd *cmd;
	const struct option   *o;
	char		       buf[PLAY_OPTSTRING_MAX];
	const char	      *s, *p;
	size_t		       i;

	for (i = 0; (cmd = play_cmd_at(i)) != NULL; i++) {
		s = play_optstring(cmd, buf, sizeof buf);
		ck_assert_ptr_eq(s, buf);
		p = cmd->in_order ? "+:" : ":";
		ck_assert_msg(strncmp(s, p, strlen(p)) == 0,
		    "%s: \"%s\" does not start \"%s\"", cmd->name, s, p);
		/* Each short option of the string is one long option's. */
		for (p = s + strlen(p); *p != '\0'; p++) {
			ck_assert_msg(isalnum((unsigned char)*p), "%s: \"%s\"",
			    cmd->name, s);
			ck_assert_msg(strchr(p + 1, *p) == NULL,
			    "%s: -%c twice in \"%s\"", cmd->name, *p, s);
			ck_assert_msg((o = short_option(cmd, *p)) != NULL,
			    "%s: -%c has no long option", cmd->name, *p);
			ck_assert_msg(
			    (o->has_arg == required_argument) == (p[1] == ':'),
			    "%s: -%c and its argument", cmd->name, *p);
			if (p[1] == ':')
				p++;
		}
		/* Each long option with a short name is in the string. */
		for (o = cmd->args.longopts; o->name != NULL; o++)
			if (o->val > 0 && o->val < 128 && isalnum(o->val))
				ck_assert_msg(strchr(s, o->val) != NULL,
				    "%s: --%s's -%c not in \"%s\"", cmd->name,
				    o->name, o->val, s);
	}
}
END_TEST

START_TEST(test_no_two_alike)
{
	const struct play_cmd *cmd, *other;
	const struct option   *o, *q;
	size_t		       i, j;

	for (i = 0; (cmd = play_cmd_at(i)) != NULL; i++) {
		for (j = i + 1; (other = play_cmd_at(j)) != NULL; j++)
			ck_assert_msg(strcmp(cmd->name, other->name) != 0,
			    "two commands called %s", cmd->name);
		for (o = cmd->args.longopts; o->name != NULL; o++)
			for (q = o + 1; q->name != NULL; q++) {
				ck_assert_msg(strcmp(o->name, q->name) != 0,
				    "%s: --%s twice", cmd->name, o->name);
				/* Two names of one option may share it. */
				ck_assert_msg(o->val != q->val ||
					o->has_arg == q->has_arg,
				    "%s: --%s and --%s share a value and "
				    "differ",
				    cmd->name, o->name, q->name);
			}
	}
}
END_TEST

UNIT_MAIN("play_cmd",
    unit_tcase("play_cmd", 0, test_entries_whole, test_optstring_of_longopts,
	test_no_two_alike, NULL))
