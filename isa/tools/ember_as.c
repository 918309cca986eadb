/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * ember-as: assemble Ember ISA text (a file or stdin) into a shader binary
 * (ember-isa.rst, "Assembly"). Usage: ember-as [-o OUT] [IN]; stdout by
 * default. Errors name the line and the reason; exit status 1.
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
	char err[256];
	size_t size, bin_size;
	char *text;
	void *bin;
	int opt, ret;

	while ((opt = getopt(argc, argv, "o:h")) != -1) {
		if (opt == 'o') {
			out = optarg;
		} else {
			fprintf(stderr, "usage: ember-as [-o OUT] [IN]\n");
			return opt == 'h' ? 0 : 2;
		}
	}
	if (optind < argc)
		in = argv[optind];
	text = tool_read_all(in, &size, true);
	if (!text)
		return 1;
	ret = ember_isa_assemble(text, &bin, &bin_size, err, sizeof(err));
	free(text);
	if (ret) {
		fprintf(stderr, "ember-as: %s: %s\n", in ? in : "<stdin>", err);
		return 1;
	}
	ret = tool_write_all(out, bin, bin_size);
	free(bin);
	return ret ? 1 : 0;
}
