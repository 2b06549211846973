/* SPDX-License-Identifier: MIT */
/*
 * The record notation (formats/record.md, arbiter-record(5)), as the
 * layers above src/record see it: the record as read (types.h), reading
 * records one at a time from a stream or a buffer, in the notation or an
 * import (reader.h), the turn-token codec (turn.h) and the Setup tag's
 * (setup.h), and writing and editing records (writer.h).  Inside
 * src/record each file includes only the headers of what it uses, so
 * that reading and writing do not depend on each other.  PCRE2 is
 * included in src/record and nowhere else.  Judging a record against the
 * rules is the referee's (src/referee); printing diagnostics and writing
 * reports is left to the layers above.
 */
#ifndef ARBITER_RECORD_H
#define ARBITER_RECORD_H

#include "record/reader.h"
#include "record/setup.h"
#include "record/turn.h"
#include "record/types.h"
#include "record/writer.h"

#endif
