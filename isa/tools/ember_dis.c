/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * ember-dis: disassemble an Ember shader binary (a file or stdin) into
 * text that ember-as assembles back into the same bytes. Usage:
 * ember-dis [-o OUT] [IN]. A bad binary is refused with the reason.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ember_isa.h"
#include "tool_io.h"

int main(int argc, char **argv)
{
	const char *in = NULL, *out = NULL;
	size_t size;
	char *text;
	void *bin;
	int opt, ret;

	while ((opt = getopt(argc, argv, "o:h")) != -1) {
		if (opt == 'o') {
			out = optarg;
		} else {
			fprintf(stderr, "usage: ember-dis [-o OUT] [IN]\n");
			return opt == 'h' ? 0 : 2;
		}
	}
	if (optind < argc)
		in = argv[optind];
	bin = tool_read_all(in, &size, false);
	if (!bin)
		return 1;
	ret = ember_isa_disassemble(bin, size, &text);
	free(bin);
	if (ret) {
		fprintf(stderr, "ember-dis: %s: %s\n", in ? in : "<stdin>",
			ember_isa_strerror(ret));
		return 1;
	}
	ret = tool_write_all(out, text, strlen(text));
	free(text);
	return ret ? 1 : 0;
}
