/* SPDX-License-Identifier: MIT */
/*
 * Keyed records in src/play (key-check.c, key-make.c, locked.c), where
 * the command-line tests cannot reach: a command that opens a record
 * without knowing keys (play_open_locked, as a command added later might)
 * cannot change a keyed one; a command whose entry names no actor is the
 * referee's alone; the files play_keys_make writes hold keys whose hashes
 * it gives, and play_keys_unmake removes them; an argument is taken for a
 * key only when it is one, never a file named by a digest.
 */
#include <sys/stat.h>

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play/play.h"
#include "unit.h"

static char		     dir[64], record[96], keys[96];
static struct play_keys_made km;

/* A key folder and a record holding its hashes, in a fresh folder. */
static void
setup(void)
{
	const struct rules_game *g = rules_game_find("reversi");
	FILE			*f;
	int			 i;

	cli_init("test_play_keys");
	strcpy(dir, "/tmp/test_play_keys.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(keys, sizeof keys, "%s/keys", dir);
	snprintf(record, sizeof record, "%s/g.pgn", dir);
	ck_assert_int_eq(play_keys_make(keys, g, 7, &km), CLI_OK);
	ck_assert_ptr_nonnull(f = fopen(record, "w"));
	fprintf(f, "[Game \"reversi\"]\n");
	for (i = 0; i < REPLAY_KEYS; i++)
		fprintf(f, "[%s \"%s\"]\n", km.tag[i], km.hash[i]);
	fprintf(f, "[Result \"*\"]\n\n*\n");
	ck_assert_int_eq(fclose(f), 0);
}

static void
teardown(void)
{
	char cmd[96];

	play_keys_free(&km);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	ck_assert_int_eq(system(cmd), 0);
}

START_TEST(test_open_locked_refuses)
{
	struct cli_locked  lf = { .fd = -1 };
	struct play_record pr;
	struct play_select sel = { 0 };

	memset(&pr, 0, sizeof pr);
	ck_assert_int_eq(
	    play_open_locked(true, record, &lf, &pr, &sel), CLI_USAGE);
	ck_assert(pr.rp.keyed);
	play_close(&pr);
	cli_locked_close(&lf);
}
END_TEST

START_TEST(test_new_command_is_referees)
{
	static const struct play_cmd future = { .name = "future" };
	struct cli_locked	     lf = { .fd = -1 };
	struct play_record	     pr;
	struct play_select	     sel = { 0 };
	struct play_key		     k = { .as = "black", .file = km.path[0] };

	memset(&pr, 0, sizeof pr);
	ck_assert_int_eq(
	    play_open_keyed(&future, &k, true, record, &lf, &pr, &sel, NULL, 0),
	    CLI_USAGE);
	play_close(&pr);
	cli_locked_close(&lf);
	memset(&pr, 0, sizeof pr);
	k = (struct play_key){ .as = "referee", .file = km.path[2] };
	ck_assert_int_eq(
	    play_open_keyed(&future, &k, true, record, &lf, &pr, &sel, NULL, 0),
	    CLI_OK);
	play_close(&pr);
	cli_locked_close(&lf);
}
END_TEST

START_TEST(test_keys_made)
{
	struct stat st;
	char	    black[128];
	int	    i;

	snprintf(black, sizeof black, "%s/black.key", keys);
	for (i = 0; i < REPLAY_KEYS; i++) {
		ck_assert_int_eq(stat(km.path[i], &st), 0);
		ck_assert_int_eq(st.st_mode & 07777, 0600);
		ck_assert_int_eq(st.st_size, SECRET_KEY_LEN);
	}
	ck_assert_str_eq(km.tag[0], "BlackKeyHash");
	ck_assert_str_eq(km.tag[2], "RefereeKeyHash");
	/* A second set into the same folder: refused, nothing removed. */
	{
		struct play_keys_made again;

		ck_assert_int_eq(
		    play_keys_make(
			keys, rules_game_find("reversi"), 1u << 1, &again),
		    CLI_USAGE);
		ck_assert_int_eq(stat(km.path[1], &st), 0);
	}
	play_keys_unmake(&km);
	ck_assert_int_eq(access(record, F_OK), 0);
	ck_assert_int_eq(stat(keys, &st), 0);
	ck_assert_ptr_null(km.path[0]);
	ck_assert_int_ne(access(black, F_OK), 0);
}
END_TEST

START_TEST(test_argv)
{
	char *key[] = { "gameplay", "move", "g.pgn",
		"0123456789abcdef0123456789abcdef" };
	char *opt[] = { "gameplay", "--as=0123456789abcdef0123456789abcdef" };
	char *digest[] = {
		"gameplay", "show",
		"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	};
	char *named[] = { "gameplay", "show",
		"0123456789abcdef0123456789abcdef.pgn" };
	char *upper[] = { "gameplay", "show",
		"0123456789ABCDEF0123456789ABCDEF" };

	ck_assert_int_eq(play_key_argv(4, key), CLI_USAGE);
	ck_assert_int_eq(play_key_argv(2, opt), CLI_USAGE);
	ck_assert_int_eq(play_key_argv(3, digest), CLI_OK);
	ck_assert_int_eq(play_key_argv(3, named), CLI_OK);
	ck_assert_int_eq(play_key_argv(3, upper), CLI_OK);
}
END_TEST

UNIT_MAIN("play_keys",
    unit_fixture(
	unit_tcase("play_keys", 60, test_open_locked_refuses,
	    test_new_command_is_referees, test_keys_made, test_argv, NULL),
	setup, teardown))
