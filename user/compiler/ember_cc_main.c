/* SPDX-License-Identifier: MIT */
/* Copyright 2026 The Ember Authors */

/*
 * DOC: ember-cc, the command-line compiler
 *
 *   ember-cc [--entry NAME] [--stage STAGE] [-DID=VALUE]... [--dump-ir]
 *            [--no-opt] [--disassemble] in.spv [-o out.bin]
 *
 * --stage (vert, tesc, tese, geom, frag, comp: glslang's names) picks the
 * entry point of that stage when a module has several of the same name;
 * without it the name must be unique.
 * Compiles a SPIR-V compute, vertex or fragment module to an Ember
 * shader binary. With --disassemble the binary is printed with the isa
 * library's disassembler (its .stage line names the stage); --dump-ir
 * prints the IR after every pass (stderr). A refusal or error is printed
 * as "ember-cc: in.spv: message" and the exit status is 1.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember_cc.h"
#include "ember_isa.h"

static void usage(FILE *out)
{
	fprintf(out, "usage: ember-cc [--entry NAME] [--stage vert|frag|comp|...] [-DID=VALUE]...\n"
		     "                [--dump-ir] [--no-opt] [--disassemble] in.spv [-o out.bin]\n");
}

/* EMBER_CC_STAGE_* of a glslang stage name, 0 if unknown. */
static uint32_t parse_stage(const char *name)
{
	static const struct {
		const char *name;
		uint32_t stage;
	} stages[] = {
		{ "vert", EMBER_CC_STAGE_VERTEX },
		{ "tesc", EMBER_CC_STAGE_TESSELLATION_CONTROL },
		{ "tese", EMBER_CC_STAGE_TESSELLATION_EVALUATION },
		{ "geom", EMBER_CC_STAGE_GEOMETRY },
		{ "frag", EMBER_CC_STAGE_FRAGMENT },
		{ "comp", EMBER_CC_STAGE_COMPUTE },
	};

	for (size_t i = 0; i < sizeof(stages) / sizeof(stages[0]); i++)
		if (!strcmp(name, stages[i].name))
			return stages[i].stage;
	return 0;
}

static void *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	size_t capacity = 1 << 16, used = 0;
	char *data = NULL;

	if (!f)
		return NULL;
	for (;;) {
		char *grown = realloc(data, capacity);
		size_t n;

		if (!grown) {
			free(data);
			fclose(f);
			return NULL;
		}
		data = grown;
		n = fread(data + used, 1, capacity - used, f);
		used += n;
		if (used < capacity)
			break;
		capacity *= 2;
	}
	fclose(f);
	*size = used;
	return data;
}

static int parse_define(const char *arg, struct ember_cc_spec_constant *sc)
{
	char *end;
	const char *eq = strchr(arg, '=');

	if (!eq)
		return -EINVAL;
	sc->id = strtoul(arg, &end, 0);
	if (end != eq)
		return -EINVAL;
	sc->pad = 0;
	/* A value with a '.' is a float: its bits are what the module stores. */
	if (strchr(eq + 1, '.')) {
		union { float f; uint32_t u; } bits = { .f = strtof(eq + 1, &end) };

		sc->value = bits.u;
	} else {
		sc->value = strtoull(eq + 1, &end, 0);
	}
	return *end ? -EINVAL : 0;
}

int main(int argc, char **argv)
{
	struct ember_cc_spec_constant specs[64];
	struct ember_cc_options opts = { .spec_constants = specs };
	const char *input = NULL, *output = NULL;
	bool disassemble = false;
	void *spirv, *binary = NULL;
	size_t spirv_size, binary_size;
	char *error = NULL;
	int ret;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-o") && i + 1 < argc) {
			output = argv[++i];
		} else if (!strcmp(a, "--entry") && i + 1 < argc) {
			opts.entry_point = argv[++i];
		} else if (!strcmp(a, "--stage") && i + 1 < argc) {
			opts.stage = parse_stage(argv[++i]);
			if (!opts.stage) {
				fprintf(stderr, "ember-cc: unknown stage '%s'\n", argv[i]);
				return 2;
			}
		} else if (!strcmp(a, "--dump-ir")) {
			opts.flags |= EMBER_CC_DUMP_IR;
		} else if (!strcmp(a, "--no-opt")) {
			opts.flags |= EMBER_CC_NO_OPT;
		} else if (!strcmp(a, "--disassemble")) {
			disassemble = true;
		} else if (!strncmp(a, "-D", 2)) {
			if (opts.spec_constant_count == sizeof(specs) / sizeof(specs[0]) ||
			    parse_define(a + 2, &specs[opts.spec_constant_count])) {
				fprintf(stderr, "ember-cc: bad specialization constant '%s'\n", a);
				return 2;
			}
			opts.spec_constant_count++;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 0;
		} else if (a[0] == '-' || input) {
			usage(stderr);
			return 2;
		} else {
			input = a;
		}
	}
	if (!input || (!output && !disassemble)) {
		usage(stderr);
		return 2;
	}
	spirv = read_file(input, &spirv_size);
	if (!spirv) {
		fprintf(stderr, "ember-cc: %s: %s\n", input, strerror(errno ? errno : ENOMEM));
		return 1;
	}
	if (spirv_size % 4) {
		fprintf(stderr, "ember-cc: %s: not a SPIR-V binary (size not a multiple of 4)\n", input);
		free(spirv);
		return 1;
	}
	ret = ember_cc_compile(spirv, spirv_size / 4, &opts, &binary, &binary_size, &error);
	free(spirv);
	if (ret) {
		fprintf(stderr, "ember-cc: %s: %s\n", input, error ? error : strerror(-ret));
		free(error);
		return 1;
	}
	if (output) {
		FILE *f = fopen(output, "wb");

		if (!f || fwrite(binary, 1, binary_size, f) != binary_size || fclose(f)) {
			fprintf(stderr, "ember-cc: %s: %s\n", output, strerror(errno));
			free(binary);
			return 1;
		}
	}
	if (disassemble) {
		char *text;

		ret = ember_isa_disassemble(binary, binary_size, &text);
		if (ret) {
			fprintf(stderr, "ember-cc: cannot disassemble: %s\n", ember_isa_strerror(ret));
			free(binary);
			return 1;
		}
		fputs(text, stdout);
		free(text);
	}
	free(binary);
	return 0;
}
