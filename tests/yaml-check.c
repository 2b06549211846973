/* SPDX-License-Identifier: MIT */
/*
 * yaml-check: reads a YAML stream on standard input with libyaml's parser
 * and exits 0 if it is valid, 1 (saying where) if it is not.  With a count
 * argument, the stream must also hold exactly that many documents.  The
 * adversarial tests pipe gamecheck's reports through it.
 *   yaml-check [DOCUMENTS]
 */
#include <stdio.h>
#include <stdlib.h>

#include <yaml.h>

int
main(int argc, char **argv)
{
	yaml_parser_t parser;
	yaml_event_t  ev;
	long	      docs = 0;
	int	      done = 0, status = 0;

	if (!yaml_parser_initialize(&parser))
		return 2;
	yaml_parser_set_input_file(&parser, stdin);
	while (!done) {
		if (!yaml_parser_parse(&parser, &ev)) {
			fprintf(stderr,
			    "yaml-check: invalid YAML: %s at line "
			    "%zu, column %zu\n",
			    parser.problem != NULL ? parser.problem : "?",
			    parser.problem_mark.line + 1,
			    parser.problem_mark.column + 1);
			status = 1;
			break;
		}
		if (ev.type == YAML_DOCUMENT_START_EVENT)
			docs++;
		done = ev.type == YAML_STREAM_END_EVENT;
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&parser);
	if (status == 0 && argc > 1 && docs != atol(argv[1])) {
		fprintf(stderr, "yaml-check: %ld documents, want %s\n", docs,
		    argv[1]);
		status = 1;
	}
	return status;
}
