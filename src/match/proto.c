/* SPDX-License-Identifier: MIT */
/*
 * What the protocols share (proto.h): the time control a match plays with
 * (--tc), reading BASE+INC, and an option line sent as it is.  The
 * protocols' table is protocols.c's; each protocol is its own file.
 */
#include <stdlib.h>
#include <string.h>

#include "match/proto.h"

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

int
match_proto_send_option(struct match_side *s, const char *line, double timeout)
{
	return engine_send_line(&s->e, line, engine_deadline(timeout));
}
