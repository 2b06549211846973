/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target: what a correspondence player sends gameplay (issue
 * 28): the key tags of a record, the arguments of the commands that take
 * keys and conditional moves, and queue files and lines.  The first byte
 * picks what the rest is:
 *   0: command arguments, NUL-separated: play_key_argv over them all, each
 *      as --key-fd's and --at's argument, and each as a queued line;
 *   1: a queue file's text, parsed, written again and parsed back the same;
 *   2: a record (read and replayed as gameplay loads it: its key and seed
 *      tags), then after a NUL a queued line, judged on that record.
 * A key tag the replay accepted is an Argon2id hash of the form keys.md
 * gives, and all three are there or the record is not keyed.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "play/play.h"
#include "play/queue.h"

/* Each NUL-separated argument, as gameplay's command line holds them. */
static void
arguments(const char *s, size_t n)
{
	struct play_queue_line l;
	struct play_key	       k;
	struct play_at	       at;
	char		     **argv;
	size_t		       argc = 1, i, bad, j;
	const char	      *p;

	for (i = 0; i < n; i++)
		argc += s[i] == '\0';
	if ((argv = calloc(argc + 2, sizeof *argv)) == NULL)
		abort();
	argv[0] = "gameplay";
	for (p = s, i = 1; i <= argc; i++, p += strlen(p) + 1)
		argv[i] = (char *)p;
	(void)play_key_argv((int)argc + 1, argv);
	for (i = 1; i <= argc; i++) {
		memset(&k, 0, sizeof k);
		if (play_key_option(&k, PLAY_OPT_KEY_FD, argv[i]) == 0)
			FUZZ_CHECK(k.has_fd && k.fd >= 0 && k.fd <= 1024);
		(void)play_at_option(argv[i], &at);
		memset(&l, 0, sizeof l);
		if (play_queue_split(argv[i], strlen(argv[i]), &l, &bad) == -1)
			abort();
		for (j = 0; j < l.n; j++) {
			FUZZ_CHECK(l.tok[j][0] != '\0' &&
			    strpbrk(l.tok[j], " \t") == NULL);
			FUZZ_CHECK(
			    bad != (size_t)-1 || play_token_safe(l.tok[j]));
			free(l.tok[j]);
		}
		free(l.tok);
	}
	free(argv);
}

/* A queue file's text: parsed, and what parsed written and read back. */
static void
queue_file(const char *s, size_t n)
{
	struct play_queue q = { 0 }, back = { 0 };
	struct diag	  d;
	char		 *text = NULL, *line;
	size_t		  len = 0, cap = 0, i, j;

	if (play_queue_parse(&q, s, n, &d) == 0) {
		for (i = 0; i < q.n; i++) {
			FUZZ_CHECK(q.v[i].n >= 2 && q.v[i].n % 2 == 0);
			for (j = 0; j < q.v[i].n; j++)
				FUZZ_CHECK(play_token_safe(q.v[i].tok[j]));
			if ((line = play_queue_text(&q.v[i], 0)) == NULL ||
			    array_grow(&text, &cap,
				len + strlen(line) + SECRET_COMMIT_LEN + 32,
				1) == -1)
				abort();
			len += (size_t)snprintf(text + len, cap - len,
			    "%lu %s %s\n", q.v[i].anchor, q.v[i].fp, line);
			free(line);
		}
		FUZZ_CHECK(play_queue_parse(&back, text, len, &d) == 0);
		FUZZ_CHECK(back.n == q.n);
		for (i = 0; i < q.n; i++) {
			FUZZ_CHECK(back.v[i].n == q.v[i].n);
			for (j = 0; j < q.v[i].n; j++)
				FUZZ_CHECK(strcmp(back.v[i].tok[j],
					       q.v[i].tok[j]) == 0);
			FUZZ_CHECK(back.v[i].anchor == q.v[i].anchor &&
			    strcmp(back.v[i].fp, q.v[i].fp) == 0);
		}
	} else
		FUZZ_CHECK(d.code == DIAG_QUEUE_FILE && d.at.line >= 1 &&
		    d.at.col >= 1);
	free(text);
	play_queue_free(&q);
	play_queue_free(&back);
}

/* The key tags of a record the replay accepted as keyed. */
static void
check_keys(const struct play_record *pr)
{
	const struct record_tag *t;
	char			 name[32];
	int			 who;

	if (!pr->rp.keyed)
		return;
	for (who = 0; who < REPLAY_KEYS; who++) {
		t = record_tag_find(pr->rec,
		    replay_key_tag(pr->rp.game, who, name, sizeof name));
		FUZZ_CHECK(t != NULL && t->value_len < SECRET_HASH_LEN &&
		    strncmp(t->value, "$argon2id$", 10) == 0);
	}
}

/* A record, then a queued line on it. */
static void
record_and_line(const char *s, size_t n)
{
	struct play_select     sel = { 0 };
	struct play_record     pr;
	struct play_queue_line l = { 0 };
	const char	      *nul = memchr(s, '\0', n);
	size_t rn = nul != NULL ? (size_t)(nul - s) : n, bad, i, next;
	char  *text;
	enum play_queue_state st;

	if ((text = malloc(rn + 1)) == NULL)
		abort();
	memcpy(text, s, rn);
	text[rn] = '\0';
	memset(&pr, 0, sizeof pr);
	if (play_load(&pr, "fuzz", text, rn, &sel, true) == CLI_OK) {
		check_keys(&pr);
		if (nul != NULL &&
		    play_queue_split(nul + 1, n - rn - 1, &l, &bad) == 0) {
			l.anchor = pr.rec->nturns > 0 ? pr.rec->nturns - 1 : 0;
			play_queue_fingerprint(&pr, l.anchor, l.fp);
			st = play_queue_state(&pr, &l, &next);
			FUZZ_CHECK(st == PLAY_QUEUE_OFF ||
			    st == PLAY_QUEUE_DONE || next < l.n);
		}
		for (i = 0; i < l.n; i++)
			free(l.tok[i]);
		free(l.tok);
	}
	play_close(&pr);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s;

	if (size < 1)
		return 0;
	/* A string of its own, NUL-terminated, as argv's are. */
	if ((s = malloc(size)) == NULL)
		abort();
	memcpy(s, data + 1, size - 1);
	s[size - 1] = '\0';
	switch (data[0] % 3) {
	case 0: arguments(s, size - 1); break;
	case 1: queue_file(s, size - 1); break;
	default: record_and_line(s, size - 1); break;
	}
	free(s);
	return 0;
}
