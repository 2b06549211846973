/* SPDX-License-Identifier: MIT */
/*
 * What the protocols of gameplay match share (proto.h): the table that
 * finds one by name and names them all, and the time control a match plays with.  Each
 * protocol is its own file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match/proto.h"

static const struct match_proto *const all[] = {
	&match_proto_arbiter,
	&match_proto_gtp,
	&match_proto_nboard,
};

#define NPROTO (sizeof all / sizeof all[0])

const struct match_proto *
match_proto_find(const char *name)
{
	size_t i;

	for (i = 0; i < NPROTO; i++)
		if (strcmp(all[i]->name, name) == 0)
			return all[i];
	return NULL;
}

void
match_proto_names(char *buf, size_t cap)
{
	const char *names[NPROTO];
	size_t	    i;

	for (i = 0; i < NPROTO; i++)
		names[i] = all[i]->name;
	match_words_join(names, NPROTO, buf, cap);
}

void
match_words_join(const char *const *w, size_t n, char *buf, size_t cap)
{
	size_t i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < n && len < cap; i++)
		len += (size_t)snprintf(buf + len, cap - len, "%s%s",
		    i == 0	   ? "" :
			i + 1 == n ? " or " :
				     ", ",
		    w[i]);
}

bool
match_tc_parse(const char *arg, struct match_tc *tc)
{
	char  *endp;
	double base, inc = 0;

	/* Decimal seconds only: strtod reads 0x1 and 1e3. */
	if (arg[0] < '0' || arg[0] > '9' ||
	    arg[strspn(arg, "0123456789.+")] != '\0' ||
	    strlen(arg) >= sizeof tc->text)
		return false;
	base = strtod(arg, &endp);
	if (*endp == '+') {
		if (endp[1] < '0' || endp[1] > '9')
			return false;
		inc = strtod(endp + 1, &endp);
	}
	if (*endp != '\0' || !(base > 0) || base > 1e6 || !(inc >= 0) ||
	    inc > 1e6)
		return false;
	tc->on = true;
	tc->base = base;
	tc->inc = inc;
	memcpy(tc->text, arg, strlen(arg) + 1);
	return true;
}
