/* SPDX-License-Identifier: MIT */
/*
 * The tables of the protocols (protocols.def): the referee's side
 * (proto.h) and the engine's (serve.h) of each protocol, found by its
 * name, and the names listed for a message.  Each side of each protocol
 * is its own file.
 */
#include <stdio.h>
#include <string.h>

#include "match/proto.h"
#include "match/serve.h"

#define PROTOCOL(x) #x,
static const char *const names[] = {
#include "match/protocols.def"
};
#undef PROTOCOL

#define PROTOCOL(x) &match_proto_##x,
static const struct match_proto *const referee[] = {
#include "match/protocols.def"
};
#undef PROTOCOL

#define PROTOCOL(x) &match_serve_##x,
static const struct match_serve *const engine[] = {
#include "match/protocols.def"
};
#undef PROTOCOL

#define NPROTOCOLS (sizeof names / sizeof names[0])

/* The index of the protocol called name, or NPROTOCOLS: none. */
static size_t
find(const char *name)
{
	size_t i;

	for (i = 0; i < NPROTOCOLS; i++)
		if (strcmp(names[i], name) == 0)
			break;
	return i;
}

const struct match_proto *
match_proto_find(const char *name)
{
	size_t i = find(name);

	return i < NPROTOCOLS ? referee[i] : NULL;
}

const struct match_serve *
match_serve_find(const char *name)
{
	size_t i = find(name);

	return i < NPROTOCOLS ? engine[i] : NULL;
}

void
match_protocol_names(char *buf, size_t cap)
{
	size_t i, len = 0;

	buf[0] = '\0';
	for (i = 0; i < NPROTOCOLS && len < cap; i++)
		len += (size_t)snprintf(buf + len, cap - len, "%s%s",
		    i == 0		    ? "" :
			i + 1 == NPROTOCOLS ? " or " :
					      ", ",
		    names[i]);
}
