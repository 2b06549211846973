/* SPDX-License-Identifier: MIT */
/*
 * What the protocols of gameplay match share (proto.h): the table that
 * finds one by name, and the time control a match plays with.  Each
 * protocol is its own file.
 */
#include <stdlib.h>
#include <string.h>

#include "play/proto.h"

const struct play_proto *
play_proto_find(const char *name)
{
	static const struct play_proto *const all[] = {
		&play_proto_arbiter,
		&play_proto_gtp,
		&play_proto_nboard,
	};
	size_t i;

	for (i = 0; i < sizeof all / sizeof all[0]; i++)
		if (strcmp(all[i]->name, name) == 0)
			return all[i];
	return NULL;
}

bool
play_tc_parse(const char *arg, struct play_tc *tc)
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
