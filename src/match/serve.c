/* SPDX-License-Identifier: MIT */
/*
 * The table of the protocols gameplay engine speaks (serve.h): finding
 * one by name and naming them all for a message.  Each protocol is its
 * own file.
 */
#include <string.h>

#include "match/proto.h"
#include "match/serve.h"

static const struct match_serve *const all[] = {
	&match_serve_arbiter,
	&match_serve_gtp,
	&match_serve_nboard,
};

#define NSERVE (sizeof all / sizeof all[0])

const struct match_serve *
match_serve_find(const char *name)
{
	size_t i;

	for (i = 0; i < NSERVE; i++)
		if (strcmp(all[i]->name, name) == 0)
			return all[i];
	return NULL;
}

void
match_serve_names(char *buf, size_t cap)
{
	const char *names[NSERVE];
	size_t	    i;

	for (i = 0; i < NSERVE; i++)
		names[i] = all[i]->name;
	match_words_join(names, NSERVE, buf, cap);
}
