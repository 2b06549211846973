/* SPDX-License-Identifier: MIT */
/*
 * The list of inputs a tool reads (files.c): its operands, or the paths a
 * --files-from list holds, no file named twice.  Reading each is
 * input.h's.
 */
#ifndef ARBITER_CLI_FILES_H
#define ARBITER_CLI_FILES_H

/*
 * The files a tool reads, in order: the operands after its options
 * (argv + optind, once getopt is done), or "-" alone when there are none.
 * Their count goes in *n.
 */
char *const *cli_operands(int argc, char **argv, int *n);

/*
 * --files-from LIST: the operands (none is none here, not "-"), then the
 * paths LIST holds ("-": standard input), one a line, a CR before the line
 * end dropped, blank lines ignored.  Returns an array that lives until
 * exit (or the next call), with its count in *n, or NULL after saying
 * why: LIST unreadable, or holding a NUL byte, or read from standard
 * input with "-" among the inputs.
 */
char **cli_files_from(const char *list, int argc, char **argv, int *n);
/*
 * The inputs: cli_operands, or cli_files_from where list is not NULL.
 * NULL after saying why, as cli_files_from, or when two inputs are the
 * same file (the same device and inode: "f" and "./f", a link to f, or
 * "-" with standard input f; "-" twice), which would be counted twice.
 */
char *const *cli_inputs(const char *list, int argc, char **argv, int *n);

#endif
