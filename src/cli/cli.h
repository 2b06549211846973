/* SPDX-License-Identifier: MIT */
/*
 * What the tools share, the headers of src/cli every tool uses in one:
 * the base (exit statuses, messages, diagnostics, progress), one input,
 * the list of inputs, the outputs, the workers of -j and the options of
 * the tools that read records.  For the tools and the modules above
 * src/cli; the files inside it include only the headers they use, so that
 * their dependencies run one way (base; input on it; files and output on
 * input; jobs on base; records on them all).  What one tool alone uses is included by name: replayed.h
 * (gamecheck), cover.h and charts.h (gamestat).
 */
#ifndef ARBITER_CLI_H
#define ARBITER_CLI_H

#include "cli/base.h"
#include "cli/files.h"
#include "cli/input.h"
#include "cli/jobs.h"
#include "cli/output.h"
#include "cli/records.h"

#endif
